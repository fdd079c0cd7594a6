"""End to end (issue 25): the table page in a real headless Chromium against
``sushigo serve``. A pick changed by clicking before the reveal is the one played; a
choice made while not connected says it is not sent, is sent on reconnection and only
the server's ack marks it stored; one persistent polite live region announces your
turn, the reveal, the round's end and the winner; the action buttons name a maki's
rolls; the mute switch is remembered across a reload; round 3 gets its summary before
the final screen.

The server, the browser and the page errors are tests/conftest.py's fixtures;
tests/test_web_e2e.py's and tests/test_web_table.py's helpers are used as they are.
"""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Browser, Page, WebSocketRoute, expect

from test_web_e2e import ENABLED_ACT, WAIT, seat_context, wait_turn, watch_errors
from test_web_table import create_table, join, quick, server_messages

HAND_ACT = "#hand .act:not([disabled])"


def _names(page: Page, catalog: dict[str, Any] | None = None) -> dict[str, str]:
    """Each card of the hand that is an action: its text -> the card's name (the
    catalog's, as the page names a choice)."""
    out: dict[str, str] = {}
    for b in page.locator(HAND_ACT).all():
        text = b.get_attribute("data-action") or ""
        out[text] = catalog["cards"][text]["name"] if catalog else text
    return out


def _announcer_text(page: Page) -> str:
    return str(page.evaluate("document.getElementById('announcer').textContent"))


def test_a_pick_changed_by_clicking_is_the_one_played_and_it_is_announced(
    browser: Browser, base: str, errors: list[str]
) -> None:
    ann = create_table(base, ["human", "human"], "Ann")
    bob = join(base, ann, "Bob")
    with (
        seat_context(browser, ann) as a_ctx,
        seat_context(browser, bob, reduced_motion="reduce") as b_ctx,
    ):
        a = watch_errors(a_ctx.new_page(), errors)
        b = watch_errors(b_ctx.new_page(), errors)
        states = server_messages(a, "state")
        acks = server_messages(a, "ack")
        welcome = server_messages(a, "welcome")
        bob_states = server_messages(b, "state")
        a.goto(f"{base}/t/{ann['id']}")
        b.goto(f"{base}/t/{bob['id']}")
        assert wait_turn(a) and wait_turn(b)
        # one polite live region, outside the redrawn parts; it says it is your turn
        region = a.locator("#announcer")
        expect(region).to_have_attribute("aria-live", "polite")
        expect(region).to_contain_text("Your turn", timeout=WAIT)
        expect(a.locator("#status")).to_be_visible()  # not hidden during play

        names = _names(a, welcome[0]["table"]["catalog"])
        assert len(names) >= 2, names
        first, second = list(names)[:2]
        a.locator(f"#hand .act[data-action='{first}']").click()
        prompt = a.locator("#decision .sg-prompt")
        expect(prompt).to_have_text(
            f"You chose {names[first]} — tap another card to change it until the reveal; "
            "waiting for Bob.",
            timeout=WAIT,
        )
        expect(a.locator("#status")).to_have_text(
            "Choice stored: you can change it until everyone has chosen."
        )
        expect(a.locator("#hand [data-chosen='true']")).to_have_attribute("data-card", first)
        # Ann changes her mind by tapping another card
        a.locator(f"#hand .act[data-action='{second}']").click()
        expect(prompt).to_contain_text(f"You chose {names[second]} — tap another card")
        expect(a.locator("#hand [data-chosen='true']")).to_have_attribute("data-card", second)
        expect(region).to_have_text(re.compile(r"^Changed: Keep "), timeout=WAIT)
        assert [m["changed"] for m in acks] == [False, True]
        assert region.text_content() == f"Changed: {acks[1]['label']}."
        # Bob's page learns only that Ann has chosen
        expect(b.locator(".sg-player[data-seat='0'] .sg-chose")).to_have_text("✓ chosen")
        assert all(m["chosen"] is None for m in bob_states)
        # a reload: the server names Ann's standing choice, still open to change
        a.reload()
        expect(prompt).to_contain_text(
            f"You chose {names[second]} — tap another card", timeout=WAIT
        )
        expect(a.locator("#hand [data-chosen='true']")).to_have_attribute("data-card", second)
        a.evaluate("document.getElementById('announcer').dataset.kept = 'yes'")

        # Bob chooses: the reveal locks Ann's latest pick, and says who took what
        b.locator(ENABLED_ACT).first.click()
        expect(a.locator(".sg-progress")).to_contain_text("turn 2 of", timeout=WAIT)
        revealed = next(m for m in reversed(states) if m["step"] == 1)
        assert revealed["frame"]["players"][0]["played"] == [second]
        bob_card = revealed["frame"]["players"][1]["played"][0]
        expect(region).to_contain_text(f"You took {names[second]}; Bob took", timeout=WAIT)
        expect(region).to_contain_text("Your turn, round 1 turn 2")
        assert bob_card
        # the card Ann played travelled from her hand to her place; Bob asked for
        # less motion: nothing moved on his page
        expect(a.locator(".sg-player[data-seat='0'] .sg-travelled")).to_have_count(1)
        expect(b.locator(".sg-progress")).to_contain_text("turn 2 of", timeout=WAIT)
        expect(b.locator(".sg-travelled")).to_have_count(0)
        expect(b.locator("#announcer")).to_contain_text("You took")
        # the same element all along: never replaced by a redraw
        assert a.evaluate("document.getElementById('announcer').dataset.kept") == "yes"
        assert a.locator("#announcer").count() == 1
        # the accessibility tree holds it, with what it said
        snapshot = region.aria_snapshot()
        assert "You took" in snapshot, snapshot


def _route_offline(page: Page) -> dict[str, Any]:
    """The page's table socket goes through the test: while ``switch["off"]`` every
    new connection is closed at once (the page is not connected); ``switch["drop"]()``
    closes the open one."""
    switch: dict[str, Any] = {"off": False, "open": []}

    def handler(ws: WebSocketRoute) -> None:
        if switch["off"]:
            ws.close()
            return
        ws.connect_to_server()
        switch["open"].append(ws)

    def drop() -> None:
        switch["off"] = True
        for ws in switch["open"]:
            ws.close()
        switch["open"].clear()

    switch["drop"] = drop
    page.route_web_socket(re.compile(r"/ws/"), handler)
    return switch


def test_a_choice_while_not_connected_waits_and_is_sent_on_reconnection(
    browser: Browser, base: str, errors: list[str]
) -> None:
    table = quick(base, 2)
    with seat_context(browser, table) as ctx:
        page = watch_errors(ctx.new_page(), errors)
        switch = _route_offline(page)
        sent: list[str] = []
        page.on(
            "websocket",
            lambda ws: ws.on("framesent", lambda p: sent.append(p) if '"act"' in str(p) else None),
        )
        acks = server_messages(page, "ack")
        page.goto(f"{base}/t/{table['id']}")
        assert wait_turn(page)
        names = _names(page)
        text = next(iter(names))
        switch["drop"]()
        expect(page.locator("#status")).to_contain_text("Reconnecting", timeout=WAIT)
        page.locator(f"#hand .act[data-action='{text}']").click()
        # never shown as sent: the card says "not sent yet", the prompt and status say so
        card = page.locator("#hand [data-chosen]")
        expect(card).to_have_attribute("data-chosen", "queued")
        expect(card).to_contain_text("unsent")
        expect(page.locator("#hand .sg-chosen-tag")).not_to_have_text("✓ chosen")
        expect(page.locator("#decision .sg-prompt")).to_contain_text(
            "not connected, it will be sent when the connection is back"
        )
        expect(page.locator("#status")).to_contain_text("not sent yet")
        expect(page.locator("#announcer")).to_contain_text("will be sent when the connection")
        assert acks == []
        # the connection comes back: the choice is sent for its step, then stored
        switch["off"] = False
        expect(page.locator(".sg-progress")).to_contain_text("turn 2 of", timeout=WAIT)
        assert len(acks) == 1 and acks[0]["action"] == text and acks[0]["step"] == 0
        assert any(f'"action": "{text}"' in s or f'"action":"{text}"' in s for s in sent)


def test_a_choice_queued_for_a_step_that_passed_is_refused_and_said(
    browser: Browser, base: str, errors: list[str]
) -> None:
    """Ann queues a choice while not connected; a turn timer plays for her meanwhile:
    on reconnection the queued choice is not sent, and the page says so."""
    ann = create_table(base, ["human", "greedy"], "Ann", timer=15)
    with seat_context(browser, ann) as ctx:
        page = watch_errors(ctx.new_page(), errors)
        switch = _route_offline(page)
        acts: list[str] = []
        page.on(
            "websocket",
            lambda ws: ws.on("framesent", lambda p: acts.append(p) if '"act"' in str(p) else None),
        )
        page.goto(f"{base}/t/{ann['id']}")
        assert wait_turn(page)
        text = next(iter(_names(page)))
        switch["drop"]()
        expect(page.locator("#status")).to_contain_text("Reconnecting", timeout=WAIT)
        page.locator(f"#hand .act[data-action='{text}']").click()
        expect(page.locator("#hand [data-chosen]")).to_have_attribute("data-chosen", "queued")
        page.wait_for_timeout(16_000)  # the turn timer plays for Ann on the server
        switch["off"] = False
        expect(page.locator("#error")).to_contain_text(
            "was not sent: the game moved on while you were not connected", timeout=WAIT
        )
        expect(page.locator(".sg-progress")).to_contain_text("turn 2 of")
        assert acts == []  # never sent


def test_maki_buttons_name_their_rolls(browser: Browser, base: str, errors: list[str]) -> None:
    table = quick(base, 2)
    with seat_context(browser, table) as ctx:
        page = watch_errors(ctx.new_page(), errors)
        welcome = server_messages(page, "welcome")
        page.goto(f"{base}/t/{table['id']}")
        assert wait_turn(page)
        catalog = welcome[0]["table"]["catalog"]
        words = page.evaluate(
            """async (catalog) => {
              const kit = await import('/static/board-kit.js');
              const ctx = { catalog, frame: { players: [] } };
              return ['maki-1', 'maki-2', 'maki-3', 'tempura', 'egg-nigiri'].map(
                (c) => kit.countWords(ctx, { card: c, cards: [c], kind: 'pick' }));
            }""",
            catalog,
        )
        assert words == [", 1 roll", ", 2 rolls", ", 3 rolls", "", ""]
        for b in page.locator("#hand .act[data-action^='maki-']").all():
            n = (b.get_attribute("data-action") or "")[-1]
            rolls = "roll" if n == "1" else "rolls"
            expect(b).to_have_attribute("aria-label", f"Keep Maki {n}, {n} {rolls}")


def test_the_mute_switch_is_remembered_and_sounds_follow_a_gesture(
    browser: Browser, base: str, errors: list[str]
) -> None:
    table = quick(base, 2)
    with seat_context(browser, table) as ctx:
        page = watch_errors(ctx.new_page(), errors)
        page.add_init_script(
            "window.__sounds = [];"
            "addEventListener('sushigo-sound', (e) => __sounds.push(e.detail));"
        )
        page.goto(f"{base}/t/{table['id']}")
        assert wait_turn(page)
        button = page.locator("#sound")
        expect(button).to_have_attribute("aria-pressed", "true")
        assert page.evaluate("__sounds") == []  # nothing before a gesture
        page.locator(HAND_ACT).first.click()  # a gesture: the next turn sounds
        expect(page.locator(".sg-progress")).to_contain_text("turn 2 of", timeout=WAIT)
        page.wait_for_function("__sounds.includes('turn') && __sounds.includes('reveal')")
        button.click()
        expect(button).to_have_attribute("aria-pressed", "false")
        page.reload()
        assert wait_turn(page)
        expect(page.locator("#sound")).to_have_attribute("aria-pressed", "false")
        assert page.evaluate("localStorage.getItem('sushigo.sound')") == "off"
        page.locator(HAND_ACT).first.click()
        expect(page.locator(".sg-progress")).to_contain_text("turn 3 of", timeout=WAIT)
        page.wait_for_timeout(300)
        assert page.evaluate("__sounds") == []  # muted


def test_round_three_has_its_summary_before_the_final_screen(
    browser: Browser, base: str, errors: list[str]
) -> None:
    table = quick(base, 2)
    with seat_context(browser, table, reduced_motion="reduce") as ctx:
        page = watch_errors(ctx.new_page(), errors)
        page.goto(f"{base}/t/{table['id']}")
        summary = page.locator("#round-summary")
        region = page.locator("#announcer")
        seen: list[int] = []
        for _ in range(40):
            if not wait_turn(page):
                break
            if summary.is_visible():
                seen.append(int(summary.get_attribute("data-round") or 0))
                expect(region).to_contain_text(f"Round {seen[-1]} of 3 is over", timeout=WAIT)
                # the round's last reveal is said too, before the round's end
                expect(region).to_contain_text(re.compile(r"^You took .+; Greedy bot took "))
                page.click("#round-continue")
            page.locator(ENABLED_ACT).first.click()
        # the last round's summary, then the final screen once it is closed
        expect(summary).to_be_visible(timeout=WAIT)
        expect(summary).to_have_attribute("data-round", "3")
        expect(page.locator("#round-continue")).to_have_text("See the result")
        expect(page.locator("#final-screen")).to_be_hidden()
        expect(region).to_contain_text("Round 3 of 3 is over", timeout=WAIT)
        expect(region).to_contain_text("Game over:")
        page.click("#round-continue")
        expect(summary).to_be_hidden()
        expect(page.locator("#final-screen")).to_be_visible()
        expect(page.locator("#final-screen")).to_be_focused()
        assert seen == [1, 2], seen
