"""End to end: the web front end in a real headless Chromium (Debian's, driven by
Playwright) against ``sushigo serve`` in its own process.

Whole games are played by clicking in the page, as a person would: the lobby's
create form, every decision of Sushi Go! and Sushi Go Party! (mid-turn ones
included), the final result, the replay and the record (which re-plays to the
scores the page shows). Also: a reload, a new tab and a server killed mid-game
(the page reconnects by itself); a spectator who sees the board but no hand and
no choices; a turn taken with the keyboard only; a pair built with chopsticks by
clicking (and by keys) in either order; a phone-sized screen with no horizontal
scroll; and the score calculator. The table's status (issue 14): one status line,
the seats that have chosen marked, your pick named and marked in your hand, card
names and never ids, the focus on the hand at each decision, the "new" badge unlike
the focus ring, and the turn timer's bar, warning and notice (screenshots of the
table at a desktop's and a phone's size go to /tmp/shots14/).
"""

from __future__ import annotations

import json
import os
import re
import signal
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, BrowserContext, Locator, Page, expect

from sushigo.core.records import replay
from sushigo.games.classic import CLASSIC_CARDS
from sushigo.play.positions import positions
from sushigo.present.classic import card_name
from sushigo.web.store import Store
from sushigo.web.tables import Table
from web_client import free_port, serve

WAIT = 30_000
"""Milliseconds to wait for the page (a decision, a reconnection) before failing."""
YOUR_TURN_OR_OVER = re.compile(r"Your turn|Game over")
ENABLED_ACT = "#board .act:not([disabled]):visible"
RAW_ID = re.compile(r"\b[a-z]+(?:-[a-z0-9]+)+\b")
"""A card id (``salmon-nigiri``, ``takeout-box-10``): the page shows names instead."""
SHOTS = Path("/tmp/shots14")
MID_TURN = re.compile(r"^(take|ask|give|order|copy|flip):")
"""The text of a Sushi Go Party! mid-turn decision (sushigo.games.party.actions)."""


# ---------------------------------------------------------------------------
# The server and the browser


def watch_errors(page: Page, errors: list[str]) -> Page:
    """Collect the page's uncaught exceptions and the errors app.js logs itself."""
    page.on("pageerror", lambda exc: errors.append(f"{page.url}: {exc}"))

    def console(msg: Any) -> None:
        # The browser's own network messages (a WebSocket refused while the server
        # is down) are expected; what the scripts report is not.
        text = msg.text
        if msg.type == "error" and not re.match(r"(Failed to load resource|WebSocket)", text):
            errors.append(f"{page.url}: console: {text}")

    page.on("console", console)
    return page


# ---------------------------------------------------------------------------
# Helpers


def create_in_lobby(
    page: Page,
    base: str,
    *,
    game: str,
    players: int,
    bots: list[str],
    name: str,
    menu: str | None = None,
    public: bool = False,
) -> str:
    """Fill the lobby's create form and submit it (``public``: "List in the lobby"
    checked); the table's id once its page is open."""
    page.goto(f"{base}/")
    form = page.locator("#create-form")
    expect(form).to_be_visible(timeout=WAIT)
    form.locator("select[name=game]").select_option(game)
    form.locator("select[name=players]").select_option(str(players))
    if menu is not None:
        form.locator("select[name=menu]").select_option(menu)
    for i, bot in enumerate(bots, start=1):
        form.locator(f'select[name="seat-{i}"]').select_option(bot)
    form.locator("input[name=name]").fill(name)
    if public:
        form.locator("input[name=public]").check()
    page.click("#create")
    page.wait_for_url(re.compile(r"/t/[^/?#]+$"), timeout=WAIT)
    return page.url.rsplit("/", 1)[1]


def create_by_api(base: str, game: str, bots: list[str], name: str) -> dict[str, Any]:
    """A table with a human at seat 0 and bots at the others: ``{"id", "seat", "token"}``."""
    body = {
        "game": game,
        "players": 1 + len(bots),
        "seats": [{"kind": "human"}] + [{"kind": "bot", "bot": b} for b in bots],
        "name": name,
    }
    r = httpx.post(f"{base}/api/tables", json=body)
    assert r.status_code == 201, r.text
    return dict(r.json())


def seat_context(browser: Browser, table: dict[str, Any], **kwargs: Any) -> BrowserContext:
    """A browser context holding the seat's token, as the create form would have left it."""
    ctx = browser.new_context(**kwargs)
    key = json.dumps(f"sushigo.token.{table['id']}")
    ctx.add_init_script(f"localStorage.setItem({key}, {json.dumps(table['token'])})")
    return ctx


def wait_turn(page: Page) -> bool:
    """Wait until the seat must decide (True) or the game is over (False)."""
    status = page.locator("#status")
    expect(status).to_contain_text(YOUR_TURN_OR_OVER, timeout=WAIT)
    return "Game over" not in status.inner_text()


def click_first(page: Page) -> str:
    """Click the first legal action the page shows; its text."""
    button = page.locator(ENABLED_ACT).first
    action = button.get_attribute("data-action")
    assert action
    button.click()
    return action


def click_party(page: Page) -> str:
    """A Sushi Go Party! decision by clicking, seeking the specials' mid-turn decisions:
    call a spoon when one lies in front of the seat, else play a spoon or takeout box
    from the hand, else the first choice shown (a mid-turn decision's list included)."""
    board = page.locator("#board")
    spoon = board.locator(".sg-mode[aria-pressed=false]:not([disabled])", has_text="Spoon")
    if spoon.count():
        # The call is built: the spoon, then a card of the hand, then confirm.
        spoon.first.click()
        expect(board.locator(".sg-mode[aria-pressed=true]")).to_have_count(1)
        board.locator("#hand .sg-pair-card:not([disabled])").first.click()
        confirm = board.locator("#pair-confirm.act:not([disabled])")
        action = confirm.get_attribute("data-action")
        assert action and " call:" in action
        confirm.click()
        return action
    for card in ("spoon", "takeout-box"):
        special = board.locator(f"#hand .act[data-action^='{card}']:not([disabled])")
        if special.count():
            action = special.first.get_attribute("data-action")
            assert action
            special.first.click()
            return action
    if not page.locator(ENABLED_ACT).count():
        board.locator("details.sg-all > summary").click()  # every other choice
    return click_first(page)


def play_to_end(page: Page, choose: Callable[[Page], str] = click_first) -> list[str]:
    """Decide every time the page says it is this seat's turn, until the game is over."""
    taken: list[str] = []
    for _ in range(200):
        if not wait_turn(page):
            return taken
        taken.append(choose(page))
    raise AssertionError(f"the game did not end after {len(taken)} decisions")


def final_scores(page: Page) -> list[int]:
    """The totals of the final result's table (its rows best first), in seat order."""
    rows = page.locator("#final tbody tr")
    totals = {
        int(rows.nth(i).get_attribute("data-seat") or 0): int(
            rows.nth(i).locator("td.sg-total").inner_text()
        )
        for i in range(rows.count())
    }
    return [totals[s] for s in sorted(totals)]


def check_finished(page: Page, base: str, table_id: str, rounds: int = 3) -> dict[str, Any]:
    """The end of a game on its page: the result, the rounds, the record (downloaded from
    the page's link, re-played to the same scores) and the replay. The record."""
    expect(page.locator("#status")).to_contain_text("Game over", timeout=WAIT)
    if page.locator("#round-summary").is_visible():  # the last round's, before the end
        page.click("#round-continue")
    final = page.locator("#board #final")
    expect(final).to_be_visible()
    expect(page.locator("#board .round-result")).to_have_count(rounds)
    assert sorted(
        int(page.locator("#board .round-result").nth(i).get_attribute("data-round") or 0)
        for i in range(rounds)
    ) == list(range(1, rounds + 1))
    scores = final_scores(page)
    winners = [int(s) for s in (final.get_attribute("data-winners") or "").split(",")]
    assert winners and all(scores[w] == max(scores) for w in winners)
    expect(page.locator("#hand")).to_have_count(0)
    expect(page.locator("#board .act")).to_have_count(0)

    record_link = page.locator("#record-link")
    expect(record_link).to_be_visible()
    with page.expect_download(timeout=WAIT) as download:
        record_link.click()
    record = json.loads(Path(download.value.path()).read_text())
    assert record["final_scores"] == scores and record["winners"] == winners
    assert replay(record).returns() == scores
    assert page.request.get(f"{base}/api/tables/{table_id}/record").json() == record

    page.locator("#replay-link").click()
    page.wait_for_url(f"**/replay/{table_id}*", timeout=WAIT)
    step = page.locator("#step")
    expect(step).to_have_text(re.compile(r"Step 1 of \d+"), timeout=WAIT)
    decisions = page.locator("#step-actions").inner_text()
    assert decisions.strip() and not RAW_ID.findall(decisions), decisions  # names, not ids
    total = int((step.inner_text()).rsplit(" ", 1)[1])
    assert total > 20
    page.keyboard.press("End")
    expect(step).to_have_text(f"Step {total} of {total}")
    expect(page.locator("#board #final")).to_have_attribute(
        "data-winners", ",".join(map(str, winners))
    )
    return dict(record)


def asked(record: dict[str, Any], seat: int) -> list[str]:
    """What ``seat`` decided in a game, less what it could not help (a single legal
    action is taken by the server at once): every decision its page had to offer."""
    out = []
    for pos in positions(record):
        legal = dict(pos.state.decisions()).get(seat)
        if legal is not None and len(legal) > 1:
            out.append(str(pos.actions[seat]))
    return out


CHOPSTICKS_TABLE = {
    "game": "sushi-go",
    "players": 2,
    "seats": [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}],
    "name": "Ann",
}


def _nigiri(card: str) -> bool:
    return CLASSIC_CARDS.by_id[card].family == "nigiri"


def chopsticks_seed() -> tuple[int, list[tuple[str, str]], list[str]]:
    """A seed for :data:`CHOPSTICKS_TABLE` where seat 0 holds chopsticks on turn 1
    and, having taken them, holds a wasabi, a nigiri and two cards of another pair
    on turn 2: the seed, seat 0's legal pairs on turn 2 and its hand there. Found by
    playing the table as the server does (the bot is seeded from the table's seed)."""
    for seed in range(2000):
        table, _ = Table.create(CHOPSTICKS_TABLE, "Ann", seed=seed)
        table.start()
        assert table.state is not None
        if "chopsticks" not in table.state.observe(0).hand or table.step:
            continue
        bot = table.agents[1].act(table.state.observe(1), table.legal(1))
        table.submit(1, bot)
        table.submit(0, table.choose(0, "chopsticks"))
        if table.step != 1:  # a forced step (cannot happen on turn 2 of 10)
            continue
        hand = list(table.state.observe(0).hand)
        pairs = [a.cards for a in table.legal(0) if len(a.cards) == 2]
        single = [(a, b) for a, b in pairs if a != b and (b, a) not in pairs]
        if "wasabi" in hand and any(map(_nigiri, hand)) and single:
            return seed, [(a, b) for a, b in pairs], hand
    raise AssertionError("no seed gives chopsticks and a wasabi with a nigiri")


def stored_table(db: Path, seed: int, config: dict[str, Any] | None = None) -> dict[str, Any]:
    """Store a table (``config``, by default :data:`CHOPSTICKS_TABLE`) dealt from
    ``seed`` as a running game, as the server itself does (it resumes it on start):
    ``{"id", "seat", "token"}``."""
    table, token = Table.create(config or CHOPSTICKS_TABLE, "Ann", seed=seed)
    table.start()
    store = Store(str(db))
    try:
        store.create_table(table.id, table.config, table.seed, table.seat_rows())
        store.save_play(
            table.id, 0, table.steps, {s: str(a) for s, a in table.pending.items()}, table.status
        )
    finally:
        store.close()
    return {"id": table.id, "seat": 0, "token": token}


def no_horizontal_scroll(page: Page, width: int) -> None:
    scroll = page.evaluate("document.documentElement.scrollWidth")
    assert scroll <= width, f"{page.url} scrolls sideways: {scroll} px wide in {width}"


# ---------------------------------------------------------------------------
# The tests


def test_classic_game_created_in_the_lobby_and_played_by_clicks(
    browser: Browser, base: str, errors: list[str]
) -> None:
    with browser.new_context() as ctx:
        page = watch_errors(ctx.new_page(), errors)
        table_id = create_in_lobby(
            page,
            base,
            game="sushi-go",
            players=3,
            bots=["greedy", "random"],
            name="Ann",
            public=True,
        )
        assert httpx.get(f"{base}/api/tables/{table_id}").json()["public"] is True
        expect(page.locator("#table-title")).to_contain_text("Sushi Go!", timeout=WAIT)
        expect(page.locator("#seats li.you")).to_have_attribute("data-seat", "0", timeout=WAIT)
        assert wait_turn(page)
        expect(page.locator("#hand .act")).not_to_have_count(0)
        taken = play_to_end(page)
        # 3 rounds of 9 cards (3 players), less the last card of each round (placed
        # alone) and any hand of one card kind (no choice)
        assert 18 <= len(taken) <= 24
        record = check_finished(page, base, table_id)
        # The lobby lists the finished game, with its scores and a link to its replay.
        page.goto(f"{base}/")
        row = page.locator("#games li", has=page.locator(f"a[href='/replay/{table_id}']"))
        expect(row).to_contain_text(f"Ann {record['final_scores'][0]}", timeout=WAIT)
    assert record["game"] == "sushi-go" and record["names"][0] == "Ann"
    assert asked(record, 0) == taken


def test_party_game_with_mid_turn_decisions(browser: Browser, base: str, errors: list[str]) -> None:
    with browser.new_context() as ctx:
        page = watch_errors(ctx.new_page(), errors)
        table_id = create_in_lobby(
            page,
            base,
            game="sushi-go-party",
            players=4,
            bots=["random", "greedy", "random"],
            name="Ann",
            menu="master-menu",
        )
        expect(page.locator("#board .sg-menu")).to_contain_text("Spoon", timeout=WAIT)
        taken = play_to_end(page, click_party)
        record = check_finished(page, base, table_id)
    assert record["game"] == "sushi-go-party" and record["options"]["menu"] == "master-menu"
    mid = [a for a in taken if MID_TURN.match(a)]
    assert mid, f"no mid-turn decision came up: {taken}"
    assert asked(record, 0) == taken


def test_reload_new_tab_and_server_restart_resume_the_seat(
    browser: Browser, tmp_path: Path, errors: list[str]
) -> None:
    db, log, port = tmp_path / "web.db", tmp_path / "server.log", free_port()
    url = f"http://127.0.0.1:{port}"
    with browser.new_context() as ctx:
        page = watch_errors(ctx.new_page(), errors)
        with serve(db, port, log) as proc:
            table_id = create_in_lobby(
                page, url, game="sushi-go", players=2, bots=["greedy"], name="Ann"
            )
            for _ in range(2):
                assert wait_turn(page)
                click_first(page)
            assert wait_turn(page)
            hand = page.locator("#hand").inner_text()
            progress = page.locator(".sg-progress").inner_text()
            assert "turn 3 of 10" in progress

            page.reload()
            assert wait_turn(page)
            expect(page.locator("#seats li.you")).to_have_attribute("data-seat", "0")
            assert page.locator("#hand").inner_text() == hand
            assert page.locator(".sg-progress").inner_text() == progress
            click_first(page)
            assert wait_turn(page)
            expect(page.locator(".sg-progress")).to_contain_text("turn 4 of 10")

            page.close()  # the token stays in the context's localStorage
            page = watch_errors(ctx.new_page(), errors)
            page.goto(f"{url}/t/{table_id}")
            assert wait_turn(page)
            expect(page.locator("#seats li.you")).to_have_attribute("data-seat", "0")
            expect(page.locator(".sg-progress")).to_contain_text("turn 4 of 10")
            click_first(page)
            assert wait_turn(page)
            hand = page.locator("#hand").inner_text()

            os.kill(proc.pid, signal.SIGKILL)
            proc.wait(10)
            expect(page.locator("#status")).to_contain_text("Reconnecting", timeout=WAIT)
        with serve(db, port, log):
            expect(page.locator("#status")).to_contain_text("Your turn", timeout=WAIT)
            expect(page.locator(".sg-progress")).to_contain_text("turn 5 of 10")
            assert page.locator("#hand").inner_text() == hand
            play_to_end(page)
            check_finished(page, url, table_id)


def test_spectator_sees_the_board_but_no_hand_and_no_choices(
    browser: Browser, base: str, errors: list[str]
) -> None:
    table = create_by_api(base, "sushi-go", ["greedy", "random"], "Ann")
    with seat_context(browser, table) as player_ctx, browser.new_context() as watch_ctx:
        player = watch_errors(player_ctx.new_page(), errors)
        player.goto(f"{base}/t/{table['id']}")
        assert wait_turn(player)

        spectator = watch_errors(watch_ctx.new_page(), errors)
        spectator.goto(f"{base}/t/{table['id']}?watch=1")
        expect(spectator.locator("#status")).to_contain_text("you are watching", timeout=WAIT)
        board = spectator.locator("#board .sg-board")
        expect(board).to_be_visible()
        expect(board.locator(".sg-player")).to_have_count(3)
        expect(board.locator(".sg-player[data-seat='0'] .sg-name")).to_have_text("Ann")
        expect(board.locator(".sg-progress")).to_contain_text("turn 1 of 9")
        expect(spectator.locator("#board .act")).to_have_count(0)
        expect(spectator.locator("#hand")).to_have_count(0)
        expect(spectator.locator("#take-seat")).to_be_hidden()
        expect(spectator.locator("#seats li.you")).to_have_count(0)

        click_first(player)  # the spectator's board follows the game
        expect(board.locator(".sg-progress")).to_contain_text("turn 2 of 9", timeout=WAIT)
        expect(board.locator(".sg-player[data-seat='0'] .sg-tableau .sg-card")).to_have_count(1)
        expect(board.locator(".sg-known")).to_have_count(0)  # no hand seen earlier, either
        expect(spectator.locator("#board .act")).to_have_count(0)
        expect(spectator.locator("#hand")).to_have_count(0)


def card_of(label: str) -> str:
    """The card a pick's button names: ``Keep Maki 3, 3 rolls`` is ``Maki 3``."""
    return label.removeprefix("Keep ").split(",")[0]


def test_a_turn_taken_with_the_keyboard_only(
    browser: Browser, base: str, errors: list[str]
) -> None:
    table = create_by_api(base, "sushi-go", ["greedy"], "Ann")
    with seat_context(browser, table) as ctx:
        page = watch_errors(ctx.new_page(), errors)
        page.goto(f"{base}/t/{table['id']}")
        assert wait_turn(page)
        on_action = "document.activeElement.matches('#board .act:not([disabled])')"
        for _ in range(100):
            page.keyboard.press("Tab")
            if page.evaluate(on_action):
                break
        else:
            raise AssertionError("Tab never reached an action")
        focused = page.locator("#board .act:focus")
        action = focused.get_attribute("data-action")
        label = focused.get_attribute("aria-label") or ""
        assert action and label.startswith("Keep ")
        page.keyboard.press("Enter")

        me = page.locator("#board .sg-player.sg-me")
        expect(page.locator(".sg-progress")).to_contain_text("turn 2 of 10", timeout=WAIT)
        # the button's name may add the card's count ("Keep Maki 3, 3 rolls")
        expect(me.locator(".sg-tableau")).to_have_text(card_of(label))
        summary = httpx.get(f"{base}/api/tables/{table['id']}").json()
        assert summary["step"] >= 1

        # Again, focusing the last card of the hand and pressing Space this time.
        assert wait_turn(page)
        button = page.locator(ENABLED_ACT).last
        label = button.get_attribute("aria-label") or ""
        assert label.startswith("Keep ")
        button.focus()
        page.keyboard.press("Space")
        expect(page.locator(".sg-progress")).to_contain_text("turn 3 of 10", timeout=WAIT)
        expect(me.locator(".sg-tableau")).to_contain_text(card_of(label))


def test_chopsticks_pair_built_by_clicking_in_either_order(
    browser: Browser, tmp_path: Path, errors: list[str]
) -> None:
    """Issue 14: a pair is two clicks, in either order, then confirm or cancel; the
    second click offers exactly the cards that pair with the first; the action sent
    is the legal pair for that order (or the only order the engine offers)."""
    seed, pairs, hand = chopsticks_seed()
    nigiri = next(c for c in hand if _nigiri(c))
    assert ("wasabi", nigiri) in pairs and (nigiri, "wasabi") in pairs  # order matters
    first, second = next((a, b) for a, b in pairs if a != b and (b, a) not in pairs)

    def partners(card: str) -> set[str]:
        return {b for a, b in pairs if a == card} | {a for a, b in pairs if b == card}

    name = card_name  # as the page shows a card: "Maki 1", "Squid nigiri"

    db, log, port = tmp_path / "web.db", tmp_path / "server.log", free_port()
    url = f"http://127.0.0.1:{port}"
    table = stored_table(db, seed)
    with serve(db, port, log), seat_context(browser, table) as ctx:
        page = watch_errors(ctx.new_page(), errors)
        page.goto(f"{url}/t/{table['id']}")
        assert wait_turn(page)
        page.locator("#hand .act[data-action='chopsticks']").click()
        expect(page.locator(".sg-progress")).to_contain_text("turn 2 of 10", timeout=WAIT)
        assert wait_turn(page)
        me = page.locator("#board .sg-player.sg-me")
        expect(me.locator(".sg-tableau")).to_have_text("Chopsticks")

        mode = page.locator("#board .sg-mode", has_text="Use chopsticks")
        mode.click()
        expect(mode).to_have_attribute("aria-pressed", "true")
        cards = page.locator("#hand .sg-pair-card")
        status = page.locator("#pair-status")
        confirm = page.locator("#pair-confirm")
        cancel = page.locator("#pair-cancel")
        card = lambda c: page.locator(f"#hand .sg-pair-card[data-card='{c}']")  # noqa: E731
        enabled = "#hand .sg-pair-card:not([disabled])"
        expect(cards).to_have_count(len(set(hand)))
        expect(status).to_have_text("Chopsticks: choose the first card.")
        expect(confirm).to_be_disabled()

        # The engine offers only first+second: clicking second, then first, sends it.
        card(second).click()
        expect(card(second)).to_have_attribute("aria-pressed", "true")
        expect(status).to_contain_text(f"First: {name(second)}")
        wanted = sorted(partners(second))
        expect(page.locator(enabled)).to_have_count(len(wanted))
        got = page.locator(enabled).evaluate_all("bs => bs.map((b) => b.dataset.card)")
        assert sorted(got) == wanted
        card(first).click()
        expect(status).to_contain_text(f"Your pair: {name(second)} then {name(first)}.")
        expect(status).to_contain_text(f"played as {name(first)} then {name(second)}")
        expect(confirm).to_have_attribute("data-action", f"{first}+{second}")
        expect(confirm).to_be_enabled()
        expect(page.locator(enabled)).to_have_count(0)
        cancel.click()
        expect(status).to_have_text("Chopsticks: choose the first card.")
        expect(page.locator("#hand .sg-pair-card[aria-pressed=true]")).to_have_count(0)
        expect(confirm).to_be_disabled()

        # Both orders of a nigiri and a wasabi are legal: by keys, nigiri first, then
        # Escape cancels.
        card(nigiri).focus()
        page.keyboard.press("Enter")
        expect(status).to_contain_text(f"First: {name(nigiri)}")
        card("wasabi").focus()
        page.keyboard.press("Space")
        expect(status).to_have_text(f"Your pair: {name(nigiri)} then Wasabi.")
        expect(confirm).to_have_attribute("data-action", f"{nigiri}+wasabi")
        expect(confirm).to_be_focused()
        page.keyboard.press("Escape")
        expect(status).to_have_text("Chopsticks: choose the first card.")
        expect(page.locator("#hand .sg-pair-card[aria-pressed=true]")).to_have_count(0)

        # Wasabi, then the nigiri (on it): confirmed.
        card("wasabi").click()
        card(nigiri).click()
        expect(status).to_have_text(f"Your pair: Wasabi then {name(nigiri)}.")
        expect(confirm).to_have_attribute("data-action", f"wasabi+{nigiri}")
        confirm.click()
        expect(page.locator(".sg-progress")).to_contain_text("turn 3 of 10", timeout=WAIT)
        expect(me.locator(".sg-tableau")).to_contain_text(f"Wasabi+{name(nigiri)}")

        taken = ["chopsticks", f"wasabi+{nigiri}", *play_to_end(page)]
        record = check_finished(page, url, table["id"])
    assert asked(record, 0) == taken
    # The record's second step: seat 0 took the wasabi, then the nigiri on it.
    sent = [str(pos.actions[0]) for pos in positions(record)]
    assert sent[:2] == ["chopsticks", f"wasabi+{nigiri}"]


@pytest.mark.matrix  # test_web_layout measures every game's table at a phone's size
def test_phone_screen_has_no_horizontal_scroll(
    browser: Browser, base: str, errors: list[str]
) -> None:
    width = 360
    with browser.new_context(viewport={"width": width, "height": 740}) as ctx:
        page = watch_errors(ctx.new_page(), errors)
        page.goto(f"{base}/")
        expect(page.locator("#create-form")).to_be_visible(timeout=WAIT)
        no_horizontal_scroll(page, width)
        table_id = create_in_lobby(
            page, base, game="sushi-go", players=2, bots=["random"], name="Ann"
        )
        assert wait_turn(page)
        expect(page.locator("#board .sg-board")).to_be_visible()
        expect(page.locator("#hand .act")).not_to_have_count(0)
        no_horizontal_scroll(page, width)
        hand = page.locator("#hand").bounding_box()
        assert hand and hand["x"] >= 0 and hand["x"] + hand["width"] <= width
        play_to_end(page)
        expect(page.locator("#board #final")).to_be_visible(timeout=WAIT)
        no_horizontal_scroll(page, width)
        check_finished(page, base, table_id)
        no_horizontal_scroll(page, width)  # the replay


def score_form(page: Page, base: str, game: str, players: int) -> Locator:
    """The score calculator's form, opened for ``game`` and ``players``."""
    page.goto(f"{base}/score")
    form = page.locator("#score-form")
    expect(form).to_be_visible(timeout=WAIT)
    form.locator("select[name=game]").select_option(game)
    form.locator("select[name=players]").select_option(str(players))
    return form


def test_score_page_totals(browser: Browser, base: str, errors: list[str]) -> None:
    """A Sushi Go! sheet of 2 players and 3 rounds, on a phone-sized screen."""
    # Rulebook: tempura x2 = 5, sashimi x3 = 10, dumplings 3 = 6, egg 1, salmon 2,
    # squid on wasabi 3 x 3 = 9, most maki 6 and second 3, 2 dumplings 3, a single
    # tempura and 2 sashimi 0; most puddings +6 and, with 2 players, no penalty.
    rounds = [
        ("tempura x2, sashimi x3", "dumpling x3, egg nigiri, salmon nigiri"),  # 15, 9
        ("wasabi, squid, maki 3, pudding", "maki 2, dumpling x2, chopsticks"),  # 15, 6
        ("pudding, egg nigiri", "sashimi x2, tempura"),  # 1, 0
    ]
    with browser.new_context(viewport={"width": 360, "height": 740}) as ctx:
        page = watch_errors(ctx.new_page(), errors)
        form = score_form(page, base, "sushi-go", 2)
        form.locator("input[name=name-0]").fill("Ann")
        form.locator("input[name=name-1]").fill("Ben")
        for r, cards in enumerate(rounds, start=1):
            for seat, text in enumerate(cards):
                form.locator(f"input[name=r{r}-p{seat}]").fill(text)
        page.click("#score-submit")

        result = page.locator("#score-result")
        totals = result.locator("#score-totals")
        expect(totals).to_be_visible(timeout=WAIT)
        expect(page.locator("#score-error")).to_have_text("")
        expect(result.locator("h2")).to_have_text("Final scores")
        rows = totals.locator("tbody tr")
        expect(rows).to_have_count(2)
        table = [
            [rows.nth(i).locator("th").inner_text()] + rows.nth(i).locator("td").all_inner_texts()
            for i in range(2)
        ]
        # Player, Total (first: it stays in view), R1, R2, R3, Puddings, Pts
        assert table == [
            ["Ann", "37", "15", "15", "1", "2", "+6"],
            ["Ben", "15", "9", "6", "0", "0", "0"],
        ]
        expect(result.locator("#score-winners")).to_have_text("Winner: Ann with 37 points.")
        for r in (1, 2, 3):
            expect(result.locator(f"#score-round-{r}")).to_have_count(1)
        no_horizontal_scroll(page, 360)


def test_score_page_marks_every_field_with_a_mistake(
    browser: Browser, base: str, errors: list[str]
) -> None:
    """Two mistakes in two players' fields: both are listed, both fields marked invalid
    and the first focused; plurals are read as the cards; mended, the sheet scores and
    the marks go."""
    with browser.new_context(viewport={"width": 390, "height": 844}) as ctx:
        page = watch_errors(ctx.new_page(), errors)
        form = score_form(page, base, "sushi-go", 2)
        form.locator("input[name=r1-p0]").fill("tempuras x2, sashimmi")
        form.locator("input[name=r1-p1]").fill("2 dumplings, wasabii")
        page.click("#score-submit")
        error = page.locator("#score-error")
        expect(error.locator("li")).to_have_count(2, timeout=WAIT)
        expect(error).to_contain_text("unknown card 'sashimmi'")
        expect(error).to_contain_text("unknown card 'wasabii'")
        for name in ("r1-p0", "r1-p1"):
            expect(form.locator(f"input[name={name}]")).to_have_attribute("aria-invalid", "true")
        expect(form.locator("input[name=r1-p0]")).to_be_focused()
        form.locator("input[name=r1-p0]").fill("tempuras x2, sashimi")
        form.locator("input[name=r1-p1]").fill("2 dumplings, wasabi")
        page.click("#score-submit")
        expect(page.locator("#score-totals")).to_be_visible(timeout=WAIT)
        expect(error).to_have_text("")
        expect(form.locator("input[aria-invalid]")).to_have_count(0)


# ---------------------------------------------------------------------------
# The table's status, the timer and the focus (issue 14)


def create_two_humans(base: str, **extra: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    """A Sushi Go! table of Ann (seat 0), Bob (seat 1) and a greedy bot: both seats."""
    body = {
        "game": "sushi-go",
        "players": 3,
        "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "greedy"}],
        "name": "Ann",
        **extra,
    }
    r = httpx.post(f"{base}/api/tables", json=body)
    assert r.status_code == 201, r.text
    ann = dict(r.json())
    r = httpx.post(f"{base}/api/tables/{ann['id']}/join", json={"name": "Bob"})
    assert r.status_code == 200, r.text
    return ann, {"id": ann["id"], **r.json()}


def status_lines(page: Page) -> list[str]:
    """The visible lines that say whose turn it is: the status line (shown during play
    since issue 25: whether it is your turn, whether your choice is stored) and the
    board's prompt (what to choose, what you chose)."""
    lines = page.locator("#status:visible, #decision .sg-prompt:visible")
    return [t for t in lines.all_inner_texts() if t.strip()]


def no_raw_ids(page: Page) -> None:
    """The status, the prompt, the notice, the hints and the log name cards, never by id."""
    texts = page.locator("#status, #decision, #notice, #hints, .sg-log, #hand").all_inner_texts()
    found = [t for t in texts if RAW_ID.search(t)]
    assert not found, found


def hand_focused(page: Page) -> bool:
    return bool(page.evaluate("!!document.activeElement?.closest('#hand')"))


def test_one_status_line_choices_marked_and_names_not_ids(
    browser: Browser, base: str, errors: list[str]
) -> None:
    ann, bob = create_two_humans(base)
    SHOTS.mkdir(parents=True, exist_ok=True)
    sizes = [({"width": 1280, "height": 800}, "desktop"), ({"width": 390, "height": 844}, "phone")]
    with (
        seat_context(browser, ann, viewport=sizes[0][0]) as a_ctx,
        seat_context(browser, bob, viewport=sizes[1][0]) as b_ctx,
    ):
        a = watch_errors(a_ctx.new_page(), errors)
        b = watch_errors(b_ctx.new_page(), errors)
        a.goto(f"{base}/t/{ann['id']}")
        b.goto(f"{base}/t/{bob['id']}")
        for page, (_, size) in zip((a, b), sizes, strict=True):
            assert wait_turn(page)
            expect(page.locator("#decision .sg-prompt")).to_have_text("Choose a card to keep.")
            assert len(status_lines(page)) == 2, status_lines(page)
            # the focus is on the hand, with nothing pressed
            expect(page.locator("#hand button:focus")).to_have_count(1, timeout=WAIT)
            page.screenshot(path=str(SHOTS / f"{size}-deciding.png"), full_page=False)

        # Hints name the cards (labels), not their ids.
        a.click("#hint")
        expect(a.locator("#hints li strong").first).to_be_visible(timeout=WAIT)
        assert all(t.startswith("Keep ") for t in a.locator("#hints li strong").all_inner_texts())
        no_raw_ids(a)

        # Ann chooses: her pick is named and marked, and Bob is waited for.
        card = a.locator(f"#hand {ENABLED_ACT.removeprefix('#board ')}").first
        name = (card.get_attribute("aria-label") or "").removeprefix("Keep ")
        card.click()
        prompt = a.locator("#decision .sg-prompt")
        expect(prompt).to_have_text(
            f"You chose {name} — tap another card to change it until the reveal; waiting for Bob.",
            timeout=WAIT,
        )
        chosen = a.locator("#hand .sg-chosen")
        expect(chosen).to_have_count(1)
        expect(chosen).to_contain_text(name)
        expect(chosen).to_contain_text("chosen")
        assert len(status_lines(a)) == 2, status_lines(a)
        no_raw_ids(a)
        # Everyone but Bob is marked as having chosen, on both pages; Bob is to play.
        for page in (a, b):
            for seat in (0, 2):
                expect(page.locator(f".sg-player[data-seat='{seat}'] .sg-chose")).to_have_text(
                    "✓ chosen", timeout=WAIT
                )
            expect(page.locator(".sg-player[data-seat='1'] .sg-now")).to_have_text("to play")
            expect(page.locator(".sg-player[data-seat='1'] .sg-chose")).to_have_count(0)
        expect(b.locator("#decision .sg-prompt")).to_have_text("Choose a card to keep.")
        assert len(status_lines(b)) == 2, status_lines(b)
        a.screenshot(path=str(SHOTS / "desktop-chosen.png"))
        a.set_viewport_size(sizes[1][0])
        a.screenshot(path=str(SHOTS / "phone-chosen.png"))
        a.set_viewport_size(sizes[0][0])

        # Bob chooses too: the next turn, and the focus is on the hand again.
        b.locator(f"#hand {ENABLED_ACT.removeprefix('#board ')}").first.click()
        for page in (a, b):
            expect(page.locator(".sg-progress")).to_contain_text("turn 2 of 9", timeout=WAIT)
            assert wait_turn(page)
            expect(page.locator("#decision .sg-prompt")).to_have_text("Choose a card to keep.")
            expect(page.locator("#hand button:focus")).to_have_count(1, timeout=WAIT)
            expect(page.locator(".sg-player:not([data-seat='2']) .sg-chose")).to_have_count(0)
            no_raw_ids(page)


def test_keyboard_focus_follows_the_decisions_and_new_is_not_the_focus_ring(
    browser: Browser, base: str, errors: list[str]
) -> None:
    table = create_by_api(base, "sushi-go", ["greedy"], "Ann")
    with seat_context(browser, table) as ctx:
        page = watch_errors(ctx.new_page(), errors)
        page.goto(f"{base}/t/{table['id']}")
        for turn in range(1, 4):
            assert wait_turn(page)
            expect(page.locator(".sg-progress")).to_contain_text(f"turn {turn} of 10")
            expect(page.locator("#hand button:focus")).to_have_count(1, timeout=WAIT)
            assert hand_focused(page)
            page.keyboard.press("Enter")  # no Tab needed: the hand has the focus
        # The cards just played are marked "new", not with the focus ring.
        new = page.locator("#board .sg-new").first
        expect(new).to_be_visible(timeout=WAIT)
        assert wait_turn(page)
        styles = page.evaluate(
            """() => {
              const css = (el, pseudo) => { const s = getComputedStyle(el, pseudo);
                return {outline: s.outlineStyle, shadow: s.boxShadow, content: s.content}; };
              const focused = document.activeElement;
              return {
                newCard: css(document.querySelector('#board .sg-new')),
                newBadge: css(document.querySelector('#board .sg-new'), '::after'),
                focus: css(focused),
                focusVisible: focused.matches(':focus-visible'),
              };
            }"""
        )
        assert styles["focusVisible"], styles  # keys were pressed: the ring shows
        assert styles["focus"]["outline"] == "solid"
        assert styles["newCard"]["outline"] == "none" and styles["newCard"]["shadow"] == "none"
        assert styles["newBadge"]["content"] == '"new"'


def test_turn_timer_bar_warning_and_notice_of_what_was_played(
    browser: Browser, base: str, errors: list[str]
) -> None:
    timers = httpx.get(f"{base}/api/options").json()["timers"]
    shortest = min(t for t in timers if t)
    body = {
        "game": "sushi-go",
        "players": 2,
        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}],
        "name": "Ann",
        "timer": shortest,
    }
    r = httpx.post(f"{base}/api/tables", json=body)
    assert r.status_code == 201, r.text
    table = r.json()
    with seat_context(browser, table) as ctx:
        page = watch_errors(ctx.new_page(), errors)
        page.goto(f"{base}/t/{table['id']}")
        assert wait_turn(page)
        timer = page.locator("#decision #timer")
        expect(timer).to_be_visible(timeout=WAIT)
        expect(timer).to_contain_text(re.compile(r"\d+ s left"))
        expect(timer).not_to_have_class(re.compile(r"\bwarn\b"))
        expect(timer).to_have_class(re.compile(r"\bwarn\b"), timeout=(shortest + 5) * 1000)
        expect(timer).to_contain_text("choose now")
        page.screenshot(path=str(SHOTS / "desktop-timer-warning.png"))
        notice = page.locator("#decision #notice")
        expect(notice).to_contain_text(
            re.compile(r"Time ran out: Keep .+ was played for you\."), timeout=WAIT
        )
        assert not RAW_ID.search(notice.inner_text())
        expect(page.locator(".sg-progress")).to_contain_text("turn 2 of 10", timeout=WAIT)
        played = notice.inner_text().split("Keep ", 1)[1].split(" was played")[0]
        me = page.locator("#board .sg-player.sg-me")
        expect(me.locator(".sg-tableau")).to_contain_text(played)
        page.screenshot(path=str(SHOTS / "desktop-timed-out.png"))
        # A new decision, a new bar; the notice stays until Ann chooses again.
        assert wait_turn(page)
        expect(timer).to_be_visible()
        expect(notice).to_be_visible()
        page.locator(ENABLED_ACT).first.click()
        expect(notice).to_be_hidden()
