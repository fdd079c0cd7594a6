"""The board (static/board.js and its modules) in a real headless Chromium, against
``sushigo serve`` in its own process (issue 14: "the browser table plays like a card
game").

Moves of several parts built by clicking and sent as the legal action's text: a Sushi
Go Party! chopsticks call and a spoon call (on tables stored with a seed the test
chooses, where seat 0 is dealt the bonus card), a Sushi Roll re-roll and a swap. Only
the parts of a legal move are enabled. Sushi Roll belts die by die; the Roll log; the
"+N" a card of the hand would score (``frame.gains``); each player's points by family
(``players[i].points``); the final result ranked best first (``final.ranking``).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, WebSocket, expect

from sushigo.web.tables import Table
from test_web_e2e import WAIT, seat_context, stored_table, wait_turn, watch_errors
from web_client import free_port, serve

BANQUET = {
    "game": "sushi-go-party",
    "players": 3,
    "options": {"menu": "big-banquet"},
    "seats": [
        {"kind": "human"},
        {"kind": "bot", "bot": "greedy"},
        {"kind": "bot", "bot": "greedy"},
    ],
    "name": "Ann",
}
"""A Party table with chopsticks and spoon on the menu: Ann and two bots."""


# ---------------------------------------------------------------------------
# The server (tables stored with chosen seeds first), the browser


def dealt(seed: int) -> list[str]:
    """Seat 0's first hand at :data:`BANQUET` dealt from ``seed``."""
    table, _ = Table.create(BANQUET, "Ann", seed=seed)
    table.start()
    assert table.state is not None
    return list(table.state.observe(0).hand)


def seed_with(bonus: str) -> int:
    """A seed where seat 0's first hand holds a ``bonus`` card (chopsticks, spoon)."""
    for seed in range(500):
        if any(c.startswith(f"{bonus}-") for c in dealt(seed)):
            return seed
    raise AssertionError(f"no seed deals a {bonus}")


def store_table(db: Path, seed: int) -> dict[str, Any]:
    """Store :data:`BANQUET` dealt from ``seed`` as a running game (the server resumes it
    on start): ``{"id", "seat", "token"}``."""
    return stored_table(db, seed, BANQUET)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    """A server shared by this module's tests: its URL and the stored Party tables."""
    tmp = tmp_path_factory.mktemp("web-board")
    db, port = tmp / "web.db", free_port()
    tables = {bonus: store_table(db, seed_with(bonus)) for bonus in ("chopsticks", "spoon")}
    with serve(db, port, tmp / "server.log"):
        yield {"base": f"http://127.0.0.1:{port}", "tables": tables}


@pytest.fixture(scope="module")
def base(server: dict[str, Any]) -> str:
    return str(server["base"])


# ---------------------------------------------------------------------------
# Helpers


def create(base: str, game: str, bots: list[str], **options: Any) -> dict[str, Any]:
    body = {
        "game": game,
        "players": 1 + len(bots),
        "seats": [{"kind": "human"}] + [{"kind": "bot", "bot": b} for b in bots],
        "name": "Ann",
        "options": options,
    }
    r = httpx.post(f"{base}/api/tables", json=body, headers={"Origin": base})
    assert r.status_code == 201, r.text
    return dict(r.json())


def messages(page: Page) -> list[dict[str, Any]]:
    """Every message the page's table socket receives from now on."""
    got: list[dict[str, Any]] = []

    def on_socket(ws: WebSocket) -> None:
        ws.on("framereceived", lambda payload: got.append(json.loads(payload)))

    page.on("websocket", on_socket)
    return got


def frame(got: list[dict[str, Any]]) -> dict[str, Any]:
    """The latest frame received."""
    return next(m["frame"] for m in reversed(got) if m["type"] == "state" and m["frame"])


def open_table(
    browser: Browser, base: str, table: dict[str, Any], errors: list[str], **kwargs: Any
) -> tuple[Page, list[dict[str, Any]]]:
    ctx = seat_context(browser, table, **kwargs)
    page = watch_errors(ctx.new_page(), errors)
    got = messages(page)
    page.goto(f"{base}/t/{table['id']}")
    return page, got


def my_frame(page: Page, got: list[dict[str, Any]], after: int = -1) -> dict[str, Any]:
    """Wait for this seat's turn after step ``after``; the frame the board shows."""
    for _ in range(300):
        states = [m for m in got if m["type"] == "state" and m["frame"]]
        if states and states[-1]["step"] > after and states[-1]["frame"]["legal"]:
            break
        page.wait_for_timeout(100)
    else:
        raise AssertionError(f"no decision for this seat after step {after}")
    assert wait_turn(page)
    expect(page.locator("#decision.sg-yours")).to_have_count(1, timeout=WAIT)
    f = frame(got)
    assert f["legal"], f["decision"]
    expect(page.locator("#hand .sg-tile")).to_have_count(
        len(f["hand"]) if f["game"] == "sushi-roll" else len(set(f["hand"]))
    )
    return f


def ack(page: Page, got: list[dict[str, Any]], action: str) -> int:
    """The step of the server's ack of ``action``."""
    for _ in range(300):
        found = [m for m in got if m["type"] == "ack" and m["action"] == action]
        if found:
            return int(found[-1]["step"])
        page.wait_for_timeout(100)
    raise AssertionError(
        f"no ack of {action!r}: {[m for m in got if m['type'] in ('ack', 'error')]}"
    )


def cards_of(page: Page, selector: str = "#hand .sg-pair-card:not([disabled])") -> list[str]:
    """The data-card of the elements ``selector`` finds (by default: the enabled parts)."""
    found = page.locator(selector).evaluate_all("bs => bs.map((b) => b.dataset.card)")
    return [str(c) for c in found]


# ---------------------------------------------------------------------------
# Sushi Go Party!: a bonus card called, built by clicking


def build_call(page: Page, got: list[dict[str, Any]], bonus: str) -> tuple[dict[str, Any], int]:
    """Play the dealt ``bonus`` card on turn 1, then on turn 2 build a call of it: the
    toggle, a card of the hand (only those with a legal call enabled), the move in
    words, confirm. The turn-2 frame and the step of the ack."""
    f = my_frame(page, got)
    card = next(c for c in f["hand"] if c.startswith(f"{bonus}-"))
    page.locator(f"#hand .act[data-action='{card}']").click()
    step = ack(page, got, card)
    expect(page.locator(".sg-progress")).to_contain_text("turn 2 of", timeout=WAIT)
    f = my_frame(page, got, step)
    calls = [e for e in f["legal"] if e.get("call") == card]
    assert calls, f["legal"]
    # No list of every combination: the calls are built.
    expect(page.locator("details.sg-all")).to_have_count(0)
    expect(page.locator("#board .act[data-action*=' call:']")).to_have_count(0)

    toggle = page.locator(f".sg-mode[data-way='call:{card}']")
    expect(toggle).to_have_attribute("aria-pressed", "false")
    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "true")
    status = page.locator("#pair-status")
    expect(status).to_contain_text("choose the card to play with it")
    confirm = page.locator("#pair-confirm")
    expect(confirm).to_be_disabled()
    assert sorted(cards_of(page)) == sorted({e["card"] for e in calls})
    # The bonus card in the tableau is marked as called.
    expect(page.locator(".sg-player.sg-me .sg-tableau .sg-calling")).to_have_count(1)

    entry = next(e for e in calls if not e.get("copy"))
    page.locator(f"#hand .sg-pair-card[data-card='{entry['card']}']").click()
    expect(page.locator(f"#hand .sg-pair-card[data-card='{entry['card']}']")).to_have_attribute(
        "aria-pressed", "true"
    )
    bonus_name = entry["group"].removeprefix("Calling ")
    name = page.locator(f"#hand [data-card='{entry['card']}'] .sg-tile-name").evaluate(
        "n => n.textContent.replace(/×\\d+$/, '').trim()"
    )
    expect(status).to_have_text(
        re.compile(rf"^{re.escape(name)}, then call {re.escape(bonus_name)}")
    )
    expect(confirm).to_have_attribute("data-action", entry["text"])
    expect(confirm).to_be_enabled()

    # Cancel forgets the card, then stops the call; build it again and confirm.
    page.locator("#pair-cancel").click()
    expect(confirm).to_be_disabled()
    expect(page.locator("#hand .sg-pair-card[aria-pressed=true]")).to_have_count(0)
    page.locator(f"#hand .sg-pair-card[data-card='{entry['card']}']").click()
    confirm.click()
    return f, ack(page, got, entry["text"])


def test_party_chopsticks_call_built_by_clicking(
    browser: Browser, server: dict[str, Any], errors: list[str]
) -> None:
    page, got = open_table(browser, server["base"], server["tables"]["chopsticks"], errors)
    _, step = build_call(page, got, "chopsticks")
    # At the reveal the chopsticks are called: Ann plays a second card from her hand.
    expect(page.locator("#decision .sg-prompt")).to_contain_text("second card", timeout=WAIT)
    f = my_frame(page, got, step)
    assert f["decision"]["kind"] == "take"
    assert all(e["text"].startswith("take:") for e in f["legal"])
    take = page.locator("#hand .act[data-action^='take:']:not([disabled])").first
    action = take.get_attribute("data-action") or ""
    take.click()
    ack(page, got, action)
    expect(page.locator(".sg-progress")).to_contain_text("turn 3 of", timeout=WAIT)
    page.context.close()


def test_party_spoon_call_built_by_clicking(
    browser: Browser, server: dict[str, Any], errors: list[str]
) -> None:
    page, got = open_table(browser, server["base"], server["tables"]["spoon"], errors)
    _, step = build_call(page, got, "spoon")
    # At the reveal the spoon is called: Ann names what she asks for.
    f = my_frame(page, got, step)
    assert f["decision"]["kind"] == "ask"
    # Not a wall of buttons: a row per kind whose cards differ ("Any" first), the kinds
    # of one card together; every request is there once, named in full for a reader.
    asks = [e for e in f["legal"] if e["kind"] == "ask"]
    rows = page.locator("#board .sg-ask .sg-ask-row")
    expect(rows.first).to_be_visible(timeout=WAIT)
    nigiri = page.locator("#board .sg-ask-row[aria-label='Nigiri']")
    expect(nigiri.locator(".act")).to_have_count(4)
    expect(nigiri.locator(".act").first).to_have_text("Any")
    expect(nigiri.locator(".act").first).to_have_attribute("aria-label", "Ask for Nigiri (any)")
    shown = page.locator("#board .sg-ask .act").evaluate_all(
        "bs => bs.map((b) => b.dataset.action)"
    )
    assert sorted(shown) == sorted(e["text"] for e in asks)
    assert rows.count() < len(asks)
    ask = page.locator("#board .act[data-action^='ask:']:not([disabled])").first
    action = ask.get_attribute("data-action") or ""
    ask.click()
    ack(page, got, action)
    page.context.close()


def test_gains_and_points_by_family(browser: Browser, base: str, errors: list[str]) -> None:
    """Each card of the hand shows what it would add now (frame.gains), each player
    their points this round by family (players[i].points)."""
    table = create(base, "sushi-go", ["greedy", "greedy"])
    page, got = open_table(browser, base, table, errors)
    step = -1
    for turn in range(1, 5):
        f = my_frame(page, got, step)
        expect(page.locator(".sg-progress")).to_contain_text(f"turn {turn} of")
        cards = page.locator("#hand [data-card]")
        expect(cards).to_have_count(len(set(f["hand"])))
        shown = {
            c["card"]: c["gain"]
            for c in cards.evaluate_all(
                """bs => bs.map((b) => ({card: b.dataset.card,
                    gain: Number(b.querySelector('.sg-gain').dataset.gain),
                    text: b.querySelector('.sg-gain').textContent}))"""
            )
        }
        assert shown == {c: f["gains"][c] for c in set(f["hand"])}
        badge = cards.first.locator(".sg-gain")
        gain = f["gains"][cards.first.get_attribute("data-card") or ""]
        expect(badge).to_have_text(f"+{gain}" if gain >= 0 else f"−{-gain}")
        # the badge is the card's description for a screen reader, not its name
        described = (cards.first.get_attribute("aria-describedby") or "").split()
        words = page.locator(f"#{next(d for d in described if d.startswith('sg-gain-'))}")
        expect(words).to_have_text(re.compile(r"(adds|loses) (no|\d+) points? now"))
        for p in f["players"]:
            pts = page.locator(f".sg-player[data-seat='{p['seat']}'] .sg-points .sg-pt")
            got_points = {
                x["k"]: x["n"]
                for x in pts.evaluate_all(
                    "ps => ps.map((p) => ({k: p.dataset.family, n: Number(p.dataset.points)}))"
                )
            }
            assert got_points == {k: v for k, v in p["points"].items() if v}, p
            assert sum(got_points.values()) == p["now"]
        play = page.locator("#hand .act:not([disabled])").first
        action = play.get_attribute("data-action") or ""
        play.click()
        step = ack(page, got, action)
        expect(page.locator(".sg-progress")).to_contain_text(f"turn {turn + 1} of", timeout=WAIT)
    # the standings name who leads the maki race
    race = page.locator(".sg-race[data-race='maki']")
    expect(race).to_contain_text("Maki:")
    page.context.close()


# ---------------------------------------------------------------------------
# Sushi Roll: dice one by one, a re-roll and a swap built on them, the log


def roll_turn(
    page: Page, got: list[dict[str, Any]], kind: str, after: int = -1
) -> tuple[dict[str, Any], int]:
    """Take dice until this seat may spend a token of ``kind`` (menu, chopsticks): the
    frame and the step before it."""
    for _ in range(30):
        f = my_frame(page, got, after)
        if any(e["kind"] == kind for e in f["legal"]):
            return f, after
        take = page.locator("#hand .act:not([disabled])").first
        action = take.get_attribute("data-action") or ""
        take.click()
        after = ack(page, got, action)
    raise AssertionError(f"no {kind} token to spend")


def check_belts(page: Page, f: dict[str, Any]) -> None:
    """Every belt is drawn die by die: one element per die."""
    expect(page.locator("#hand .sg-tile")).to_have_count(len(f["hand"]))
    assert Counter(cards_of(page, "#hand [data-card]")) == Counter(f["hand"])
    for p in f["players"]:
        if p["seat"] == f["viewer"]:
            continue
        dice = page.locator(f".sg-player[data-seat='{p['seat']}'] .sg-belt .sg-tile")
        expect(dice).to_have_count(len(p["belt"]))
        faces = dice.evaluate_all("ds => ds.map((d) => d.dataset.card)")
        assert Counter(faces) == Counter(p["belt"])


def test_roll_reroll_and_swap_built_on_the_dice(
    browser: Browser, base: str, errors: list[str]
) -> None:
    table = create(base, "sushi-roll", ["greedy", "greedy"])
    page, got = open_table(browser, base, table, errors)
    f, _ = roll_turn(page, got, "menu")
    check_belts(page, f)
    # No list of every combination.
    expect(page.locator("details.sg-all")).to_have_count(0)
    expect(page.locator("#board .act[data-action^='menu:']")).to_have_count(0)
    expect(page.locator("#board .act[data-action^='chopsticks:']")).to_have_count(0)
    # gains on the dice
    for die in page.locator("#hand [data-card]").all():
        face = die.get_attribute("data-card") or ""
        expect(die.locator(".sg-gain")).to_have_attribute("data-gain", str(f["gains"][face]))

    # A re-roll: the menu token, two dice, the move in words, confirm.
    page.locator(".sg-mode[data-way='menu']").click()
    dice = page.locator("#hand .sg-pair-card:not([disabled])")
    expect(dice).to_have_count(len(f["hand"]))
    dice.nth(0).click()
    dice.nth(1).click()
    chosen = cards_of(page, "#hand .sg-pair-card[aria-pressed=true]")
    assert len(chosen) == 2
    entry = next(
        e for e in f["legal"] if e["kind"] == "menu" and sorted(e["faces"]) == sorted(chosen)
    )
    expect(page.locator("#pair-status")).to_contain_text("Re-roll ")
    confirm = page.locator("#pair-confirm")
    expect(confirm).to_have_attribute("data-action", entry["text"])
    confirm.click()
    step = ack(page, got, entry["text"])
    log = page.locator(".sg-log li[data-what='reroll'][data-seat='0']")
    expect(log.last).to_contain_text("Ann used a menu token to re-roll", timeout=WAIT)
    expect(page.locator(".sg-log li[data-what='rolled']").last).to_contain_text("came up")

    # A swap: the chopsticks token, a die of the belt, a die of another belt, confirm.
    f, step = roll_turn(page, got, "chopsticks", step)
    check_belts(page, f)
    swaps = [e for e in f["legal"] if e["kind"] == "chopsticks"]
    page.locator(".sg-mode[data-way='swap']").click()
    assert sorted(set(cards_of(page))) == sorted({e["faces"][0] for e in swaps})
    mine = page.locator("#hand .sg-pair-card:not([disabled])").first
    face = mine.get_attribute("data-card") or ""
    mine.click()
    targets = page.locator(".sg-swap-die:not([disabled])")
    offered = targets.evaluate_all("bs => bs.map((b) => [Number(b.dataset.seat), b.dataset.card])")
    legal = {(e["seat"], e["faces"][1]) for e in swaps if e["faces"][0] == face}
    assert {(s, c) for s, c in offered} == legal and offered
    target = targets.first
    seat, theirs = int(target.get_attribute("data-seat") or 0), target.get_attribute("data-card")
    target.click()
    entry = next(e for e in swaps if e["faces"] == [face, theirs] and e["seat"] == seat)
    expect(page.locator("#pair-status")).to_contain_text("Swap your ")
    expect(confirm).to_have_attribute("data-action", entry["text"])
    confirm.click()
    step = ack(page, got, entry["text"])
    expect(page.locator(".sg-log li[data-what='swap'][data-seat='0']").last).to_contain_text(
        "Ann used a chopsticks token", timeout=WAIT
    )
    # Ann's belt now holds the die she took: it is marked as just changed.
    expect(page.locator(f"#hand .sg-changed[data-card='{theirs}']")).not_to_have_count(0)

    # Take a die: the bots take theirs, and the log says so.
    f = my_frame(page, got, step)
    take = page.locator("#hand .act:not([disabled])").first
    action = take.get_attribute("data-action") or ""
    take.click()
    step = ack(page, got, action)
    bot = page.locator(".sg-log li[data-what='take'][data-seat='1']")
    expect(bot.first).to_contain_text("Greedy bot 1 took ", timeout=WAIT)
    f = my_frame(page, got, step)
    check_belts(page, f)
    expect(page.locator(".sg-log h4").first).to_contain_text("Cycle")
    page.context.close()


# ---------------------------------------------------------------------------
# The end: best first


def test_final_rows_in_ranking_order(browser: Browser, base: str, errors: list[str]) -> None:
    table = create(base, "sushi-go", ["greedy"])
    page, got = open_table(browser, base, table, errors, reduced_motion="reduce")
    for _ in range(60):
        if not wait_turn(page):
            break
        page.locator("#board .act:not([disabled]):visible").first.click()
    # the last round's summary (issue 25), then the end
    expect(page.locator("#round-summary")).to_have_attribute("data-round", "3", timeout=WAIT)
    page.click("#round-continue")
    final = page.locator("#board #final")
    expect(final).to_be_visible(timeout=WAIT)
    result = frame(got)["final"]
    rows = final.locator("tbody tr")
    seats = [int(s) for s in rows.evaluate_all("rs => rs.map((r) => r.dataset.seat)")]
    assert seats == result["ranking"]
    places = rows.locator("td.sg-place").all_inner_texts()
    ordinal = {1: "1st", 2: "2nd"}
    assert places == [ordinal[result["places"][s]] for s in seats]
    expect(final).to_have_attribute("data-winners", ",".join(map(str, result["winners"])))
    # the winner is named once on the page: the final screen says it, not the board
    winner = "Ann" if result["winners"] == [0] else "Greedy bot"
    text = page.locator("main").inner_text()
    assert len(re.findall(r"\bwins?\b", text)) == 1, text
    assert winner in page.locator("#final-screen").inner_text()
    assert page.locator("#final .sg-winner").count() == 0
    page.context.close()
