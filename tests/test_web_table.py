"""End to end: the table page (table.js) as a person uses it, in a real headless
Chromium against ``sushigo serve`` (issue 14: "the browser table plays like a card
game, on a phone as well as a desk").

Table talk shown as text (names and messages holding HTML among them) to both players
and a spectator, who cannot write; too fast a talker told next to the input; a folded
talk counting what came. Hints said in words. A round summary when a round ends,
closed by Continue or Escape; the ranked end with the viewer's place first and
Rematch and Replay above the rounds. On a phone, the hand on the first screen and no
sideways scroll. A seat whose player left handed to a bot, and taken back.

The server, the browser and the page errors are tests/conftest.py's fixtures;
tests/test_web_e2e.py's helpers are used as they are.
"""

from __future__ import annotations

import json
import re
from typing import Any

import httpx
from playwright.sync_api import (
    Browser,
    Page,
    ViewportSize,
    WebSocket,
    expect,
)

from test_web_e2e import (
    ENABLED_ACT,
    RAW_ID,
    SHOTS,
    WAIT,
    final_scores,
    no_horizontal_scroll,
    seat_context,
    wait_turn,
    watch_errors,
)

PHONE: ViewportSize = {"width": 390, "height": 844}
DESK: ViewportSize = {"width": 1280, "height": 800}


# ---------------------------------------------------------------------------
# Helpers


def create_table(base: str, seats: list[str], name: str, **extra: Any) -> dict[str, Any]:
    """A Sushi Go! table, ``seats`` each "human" or a bot's name, the creator at seat 0."""
    body = {
        "game": "sushi-go",
        "players": len(seats),
        "seats": [{"kind": "human"} if s == "human" else {"kind": "bot", "bot": s} for s in seats],
        "name": name,
        **extra,
    }
    r = httpx.post(f"{base}/api/tables", json=body)
    assert r.status_code == 201, r.text
    return dict(r.json())


def join(base: str, table: dict[str, Any], name: str) -> dict[str, Any]:
    r = httpx.post(f"{base}/api/tables/{table['id']}/join", json={"name": name})
    assert r.status_code == 200, r.text
    return {"id": table["id"], **r.json()}


def quick(base: str, players: int, name: str = "Ann") -> dict[str, Any]:
    r = httpx.post(f"{base}/api/quick", json={"game": "sushi-go", "players": players, "name": name})
    assert r.status_code in (200, 201), r.text
    return dict(r.json())


def server_messages(page: Page, kind: str) -> list[dict[str, Any]]:
    """The messages of type ``kind`` the page's table socket receives from now on."""
    got: list[dict[str, Any]] = []

    def on_socket(ws: WebSocket) -> None:
        def frame(payload: str | bytes) -> None:
            msg = json.loads(payload)
            if msg.get("type") == kind:
                got.append(msg)

        ws.on("framereceived", frame)

    page.on("websocket", on_socket)
    return got


def shot(page: Page, name: str) -> None:
    """A screenshot of the page as it is, under /tmp/shots14/ (to look at, not compared)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def send_talk(page: Page, text: str) -> None:
    page.fill("#talk-input", text)
    page.click("#talk-send")


# ---------------------------------------------------------------------------
# Table talk


def test_table_talk_is_text_for_players_and_spectators(
    browser: Browser, base: str, errors: list[str]
) -> None:
    ann_name, bob_name = "<b>Ann</b>", "<img src=x>Bob"
    ann = create_table(base, ["human", "human", "greedy"], ann_name)
    bob = join(base, ann, bob_name)
    message = "<b>HTML</b> & <script>alert(1)</script>"
    with (
        seat_context(browser, ann, viewport=DESK) as a_ctx,
        seat_context(browser, bob, viewport=PHONE) as b_ctx,
        browser.new_context(viewport=DESK) as c_ctx,
    ):
        a = watch_errors(a_ctx.new_page(), errors)
        b = watch_errors(b_ctx.new_page(), errors)
        c = watch_errors(c_ctx.new_page(), errors)
        for page in (a, b, c):
            page.goto(f"{base}/t/{ann['id']}")
        assert wait_turn(a) and wait_turn(b)
        expect(c.locator("#status")).to_contain_text("you are watching", timeout=WAIT)

        # On a desk the talk is open; on a phone it is one folded line.
        expect(a.locator("#talk")).to_have_attribute("open", "")
        expect(b.locator("#talk")).not_to_have_attribute("open", "")
        expect(b.locator("#talk-unread")).to_be_hidden()

        # The spectator reads, and is told why there is nothing to write with.
        expect(c.locator("#talk-readonly")).to_be_visible()
        expect(c.locator("#talk-form")).to_be_hidden()
        expect(c.locator("#talk-input:visible, .talk-emote:visible")).to_have_count(0)

        send_talk(a, message)
        expect(a.locator("#talk-input")).to_have_value("")
        for page, who in ((a, "You"), (b, ann_name), (c, ann_name)):
            last = page.locator("#talk-list li").last
            expect(last.locator(".talk-text")).to_have_text(message, timeout=WAIT)
            expect(last.locator(".talk-who")).to_have_text(who)
            expect(page.locator("#talk-list b, #talk-list script, #talk-list img")).to_have_count(0)

        # The folded talk on Bob's phone counts what came, and forgets once opened.
        expect(b.locator("#talk-unread")).to_have_text("1 new")
        expect(b.locator("#talk-live")).to_have_text(f"{ann_name} says: {message}")
        b.locator("#talk > summary").click()
        expect(b.locator("#talk-unread")).to_be_hidden()
        expect(b.locator("#talk-list li").last.locator(".talk-text")).to_be_visible()

        # Bob's emote and name, as text everywhere.
        emote = b.locator(".talk-emote").first
        sent = emote.get_attribute("data-emote")
        emote.click()
        for page, who in ((a, bob_name), (b, "You"), (c, bob_name)):
            last = page.locator("#talk-list li.emote").last
            expect(last.locator(".talk-text")).to_have_text(sent or "", timeout=WAIT)
            expect(last.locator(".talk-who")).to_have_text(who)
        expect(a.locator("#talk-list img")).to_have_count(0)

        # The seats and the board name the players as text too.
        for page in (a, b, c):
            expect(page.locator("#seats li[data-seat='0'] .seat-name")).to_contain_text(ann_name)
            expect(page.locator("#board .sg-player[data-seat='1'] .sg-name")).to_have_text(bob_name)
            expect(page.locator("#board img[src='x'], #seats b, #seats img")).to_have_count(0)

        # Too fast: the refusal is told next to the input, the text kept, the game's
        # error line left alone.
        answered = (
            "(n) => document.querySelectorAll('#talk-list li').length > n"
            " || document.querySelector('#talk-error').textContent !== ''"
        )
        for i in range(8):
            shown = a.locator("#talk-list li").count()
            send_talk(a, f"message {i}")
            a.wait_for_function(answered, arg=shown, timeout=WAIT)
            if a.locator("#talk-error").inner_text():
                break
        expect(a.locator("#talk-error")).to_contain_text("wait a moment")
        expect(a.locator("#talk-input")).to_have_value(f"message {i}")
        expect(a.locator("#error")).to_have_text("")

        # The talk so far survives a reload.
        c.reload()
        expect(c.locator("#talk-list li .talk-text", has_text=message)).to_have_count(
            1, timeout=WAIT
        )


# ---------------------------------------------------------------------------
# Hints


def test_hints_say_the_summary_in_words(browser: Browser, base: str, errors: list[str]) -> None:
    table = quick(base, 3)
    with seat_context(browser, table, viewport=DESK) as ctx:
        page = watch_errors(ctx.new_page(), errors)
        hints = server_messages(page, "hints")
        page.goto(f"{base}/t/{table['id']}")
        assert wait_turn(page)
        page.click("#decision #hint")
        summary = page.locator("#hint-summary")
        expect(summary).not_to_have_text(re.compile(r"^(Thinking…)?$"), timeout=WAIT)
        assert hints, "no hints message"
        msg = hints[-1]
        expect(summary).to_have_text(msg["summary"])
        expect(page.locator("#hint-note")).to_have_text(msg["note"])
        items = page.locator("#hints li")
        expect(items).to_have_count(len(msg["hints"]))
        seats = httpx.get(f"{base}/api/tables/{table['id']}").json()["seats"]

        def named(text: str) -> str:  # the page puts the players' names for {N}
            return re.sub(r"\{(\d+)\}", lambda m: seats[int(m.group(1))]["name"], text)

        for i, hint in enumerate(msg["hints"]):
            expect(items.nth(i).locator("strong")).to_have_text(named(hint["label"]))
            expect(items.nth(i)).to_contain_text(named(hint["plain"]))
            if hint["effect"]:
                expect(items.nth(i)).to_contain_text(named(hint["effect"]))
        text = page.locator("#hints-box").inner_text()
        assert not re.search(r"\(\d\.\d\d\)", text), text  # no bare numbers
        assert not RAW_ID.search(text), text  # card names, not ids


# ---------------------------------------------------------------------------
# The end of a round, and of the game; a phone's first screen


def test_round_summary_waits_for_continue_and_the_end_is_ranked(
    browser: Browser, base: str, errors: list[str]
) -> None:
    table = quick(base, 3)
    with seat_context(browser, table, viewport=PHONE, reduced_motion="reduce") as ctx:
        page = watch_errors(ctx.new_page(), errors)
        states = server_messages(page, "state")
        page.goto(f"{base}/t/{table['id']}")
        assert wait_turn(page)

        # A phone's first screen: the table folded to a line, the hand in view, no
        # sideways scroll.
        expect(page.locator("#table-info")).not_to_have_attribute("open", "")
        expect(page.locator("#table-info > summary")).to_have_text("Table: 3 players · invite link")
        expect(page.locator("#how-to-play")).to_have_attribute("href", "/rules/sushi-go")
        top = page.evaluate("document.querySelector('#hand').getBoundingClientRect().top + scrollY")
        assert top < PHONE["height"] - 100, top
        no_horizontal_scroll(page, PHONE["width"])

        summary = page.locator("#round-summary")
        closed_by = ["Escape", "Continue"]
        seen: list[int] = []
        for _ in range(100):
            if not wait_turn(page):
                break
            if summary.is_visible():
                rnd = int(summary.get_attribute("data-round") or 0)
                seen.append(rnd)
                frame = next(
                    m["frame"] for m in reversed(states) if m["frame"] and m["frame"]["results"]
                )
                result = frame["results"][rnd - 1]
                expect(summary.locator("h2")).to_have_text(f"Round {rnd} of 3 is over")
                expect(page.locator("#round-continue")).to_be_focused()
                # no motion for those who asked for less
                assert summary.evaluate("(d) => getComputedStyle(d).animationName") == "none"
                # every player's points: the round, the total, the families scored
                rows = summary.locator("tbody tr")
                expect(rows).to_have_count(3)
                scored = [
                    t for k, t in result["columns"] if any(b.get(k) for b in result["breakdown"])
                ]
                heads = summary.locator("thead th").all_inner_texts()
                assert (
                    heads[:3] == ["Player", "Round", "Total"]
                    and heads[3 : 3 + len(scored)] == scored
                )
                totals = sorted(
                    (int(rows.nth(i).locator("td").nth(1).inner_text()) for i in range(3)),
                    reverse=True,
                )
                assert totals == sorted(result["totals"], reverse=True)
                if any(b.get("maki") for b in result["breakdown"]):
                    expect(summary.locator(".rs-race")).to_contain_text("Maki")
                expect(summary).to_contain_text(re.compile(r"You scored -?\d+ points? this round"))
                no_horizontal_scroll(page, PHONE["width"])
                shot(page, f"phone-round-{rnd}")
                how = closed_by.pop(0) if closed_by else "Continue"
                if how == "Escape":
                    page.keyboard.press("Escape")
                else:
                    page.click("#round-continue")
                expect(summary).to_be_hidden()
                assert wait_turn(page)
                expect(page.locator("#hand button:focus")).to_have_count(1, timeout=WAIT)
            page.locator(ENABLED_ACT).first.click()
        assert seen == [1, 2], seen
        # the third round ends the game: its summary first, then the final screen
        expect(summary).to_have_attribute("data-round", "3", timeout=WAIT)
        expect(page.locator("#final-screen")).to_be_hidden()
        page.click("#round-continue")

        end = page.locator("#final-screen")
        expect(end).to_be_visible(timeout=WAIT)
        expect(summary).to_be_hidden()
        final = next(
            m["frame"]["final"] for m in reversed(states) if m["frame"] and m["frame"]["final"]
        )
        place = final["places"][table["seat"]]
        ordinal = {1: "1st", 2: "2nd", 3: "3rd"}[place]
        expect(page.locator("#final-title")).to_have_text(re.compile(rf"^You came {ordinal} of 3"))
        # the players best first, with place, total and the tie-break count
        ranking = page.locator("#final-ranking li")
        assert [
            int(s) for s in ranking.evaluate_all("ls => ls.map((l) => l.dataset.seat)")
        ] == final["ranking"]
        scores = final_scores(page)
        for i, seat in enumerate(final["ranking"]):
            item = ranking.nth(i)
            expect(item).to_have_attribute("data-place", str(final["places"][seat]))
            unit = "point" if abs(scores[seat]) == 1 else "points"
            expect(item.locator(".fr-total")).to_have_text(f"{scores[seat]} {unit}")
            expect(item.locator(".fr-tie")).to_have_text(
                f"{final['kept_label']}: {final['kept'][seat]}"
            )
        # Rematch and Replay at the top, above the ranking and every round's table
        buttons = [
            page.locator("#final-screen #rematch"),
            page.locator("#final-screen #replay-link"),
        ]
        for button in buttons:
            expect(button).to_be_visible()
        lowest = max((b.bounding_box() or {"y": 1e9})["y"] for b in buttons)
        assert lowest < (ranking.first.bounding_box() or {"y": 0})["y"]
        rounds = page.locator("#board .round-result")
        expect(rounds).to_have_count(3)
        assert lowest < min((rounds.nth(i).bounding_box() or {"y": 0})["y"] for i in range(3))
        expect(page.locator("#board #final")).to_be_visible()  # the board's table stays
        no_horizontal_scroll(page, PHONE["width"])
        shot(page, "phone-final")


def test_the_invite_folds_once_play_starts(browser: Browser, base: str, errors: list[str]) -> None:
    ann = create_table(base, ["human", "human"], "Ann")
    with seat_context(browser, ann, viewport=PHONE) as ctx:
        page = watch_errors(ctx.new_page(), errors)
        page.goto(f"{base}/t/{ann['id']}")
        expect(page.locator("#status")).to_contain_text("Waiting for players", timeout=WAIT)
        info = page.locator("#table-info")
        expect(info).to_have_attribute("open", "")
        expect(page.locator("#share-url")).to_be_visible()
        expect(info.locator("summary")).to_have_text("Table: 1 of 2 seats taken · invite link")
        no_horizontal_scroll(page, PHONE["width"])
        join(base, ann, "Bob")
        assert wait_turn(page)
        expect(info).not_to_have_attribute("open", "")
        expect(page.locator("#share-url")).to_be_hidden()
        top = page.evaluate("document.querySelector('#hand').getBoundingClientRect().top + scrollY")
        assert top < PHONE["height"] - 100, top
        no_horizontal_scroll(page, PHONE["width"])
        # opened by hand, it stays open
        info.locator("summary").click()
        expect(page.locator("#share-url")).to_be_visible()
        page.locator(ENABLED_ACT).first.click()
        expect(page.locator("#decision .sg-prompt")).to_contain_text(
            "waiting for Bob", timeout=WAIT
        )
        expect(info).to_have_attribute("open", "")


# ---------------------------------------------------------------------------
# Seats that go away


def test_a_seat_handed_to_a_bot_and_taken_back(
    browser: Browser, base: str, errors: list[str]
) -> None:
    # a grace long enough for both pages to open before a bot takes a seat not yet joined
    ann = create_table(base, ["human", "human", "greedy"], "Ann", grace=5)
    bob = join(base, ann, "Bob")
    with (
        seat_context(browser, ann, viewport=DESK) as a_ctx,
        seat_context(browser, bob, viewport=PHONE) as b_ctx,
    ):
        a = watch_errors(a_ctx.new_page(), errors)
        b = watch_errors(b_ctx.new_page(), errors)
        a.goto(f"{base}/t/{ann['id']}")
        b.goto(f"{base}/t/{bob['id']}")
        assert wait_turn(a) and wait_turn(b)
        expect(a.locator("#away")).to_be_hidden()

        b.close()  # Bob's browser is gone: past the grace (5 s), a bot takes his seat
        note = a.locator("#away .away-note[data-seat='1']")
        expect(note).to_have_text(
            "Bob is away (a bot plays for them until they return).", timeout=WAIT
        )
        expect(a.locator("#reclaimed")).to_have_text(
            "Bob has been disconnected for 5 s: Greedy bot plays for them until they come back."
        )
        expect(a.locator("#away button.hand-to-bot")).to_have_count(0)
        expect(a.locator("#seats li[data-seat='1']")).to_contain_text("plays for them")
        expect(a.locator("#away-error")).to_have_text("")

        # The bot plays Bob's turns: Ann's pick moves the game on.
        a.locator(ENABLED_ACT).first.click()
        expect(a.locator(".sg-progress")).to_contain_text("turn 2 of 9", timeout=WAIT)
        shot(a, "desktop-seat-away")

        # Bob comes back: the seat is his again, and he is told what the bot chose.
        b = watch_errors(b_ctx.new_page(), errors)
        b.goto(f"{base}/t/{bob['id']}")
        expect(b.locator("#reclaimed")).to_contain_text(
            re.compile(r"^While you were away, a bot played for you: Keep [^.]+\. Your seat"),
            timeout=WAIT,
        )
        expect(a.locator("#reclaimed")).to_have_text("Bob is back and plays again.", timeout=WAIT)
        expect(b.locator("#seats li.you")).to_have_attribute("data-seat", "1")
        expect(a.locator("#away")).to_be_hidden(timeout=WAIT)
        expect(a.locator("#seats li[data-seat='1']")).to_contain_text("connected")
        # The bot may have chosen for this turn already; from the next, Bob decides.
        assert wait_turn(a)
        a.locator(ENABLED_ACT).first.click()
        expect(b.locator("#status")).to_contain_text("Your turn", timeout=WAIT)
        expect(b.locator("#hand button:focus")).to_have_count(1, timeout=WAIT)
        shot(b, "phone-seat-back")


def test_the_away_countdown_runs_on_the_server_s_clock(
    browser: Browser, base: str, errors: list[str]
) -> None:
    """Ann's clock runs an hour ahead: her page still counts Bob's absence on the
    server's clock (each state's ``now``), so it offers no hand-over before the
    table's grace is over and says how long is left."""
    ann = create_table(base, ["human", "human"], "Ann", grace=600)
    bob = join(base, ann, "Bob")
    with (
        seat_context(browser, ann) as a_ctx,
        seat_context(browser, bob) as b_ctx,
    ):
        a_ctx.add_init_script("{ const now = Date.now; Date.now = () => now() + 3600e3; }")
        a = watch_errors(a_ctx.new_page(), errors)
        b = watch_errors(b_ctx.new_page(), errors)
        a.goto(f"{base}/t/{ann['id']}")
        b.goto(f"{base}/t/{bob['id']}")
        assert wait_turn(a) and wait_turn(b)
        b.close()
        note = a.locator("#away .away-note[data-seat='1']")
        expect(note).to_contain_text("Bob is not connected.", timeout=WAIT)
        expect(note).to_contain_text(re.compile(r"a bot takes their seat in (9|10) min"))
        expect(a.locator("#away button.hand-to-bot")).to_have_count(0)
        expect(a.locator("#error")).to_have_text("")
