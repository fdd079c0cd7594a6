"""The lobby and the how-to-play pages (static/lobby.js, rules.js, pages.css) in a real
Chromium against ``sushigo serve``.

The lobby lists public tables apart, while a person sits at them: one waiting for players
(Join, Watch) under "Waiting for players", a game begun with "Play against bots" under
"Games in progress" (Watch only); a private table (the default) is not listed, and the
create form's "List in the lobby" is off.
"Play against bots" opens a table where it is the player's turn, the seat's token kept.
Each how-to-play page (/rules/sushi-go, /rules/sushi-go-party, /rules/sushi-roll) draws
every card of every group of GET /api/rules/{game} with the group's rule beside it (Party:
under its category, with the suggested menus), the rulings, and no console error; a card
opens its rule. /rules/nope says there is no such game and links the three. A phone's
width (390 px) scrolls no page sideways.
"""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from test_web_e2e import WAIT, no_horizontal_scroll, seat_context, watch_errors

GAMES = ["sushi-go", "sushi-go-party", "sushi-roll"]
PARTY_CATEGORIES = ["Nigiri", "Roll", "Appetizer", "Special", "Dessert"]


def post(base: str, path: str, body: dict[str, Any]) -> dict[str, Any]:
    r = httpx.post(f"{base}{path}", json=body)
    assert r.status_code == 201, r.text
    return dict(r.json())


def group_cards(group: dict[str, Any]) -> list[str]:
    """A group's card ids: a list, or {id: copies} (Party)."""
    cards = group["cards"]
    return list(cards) if isinstance(cards, dict) else list(cards)


# ---------------------------------------------------------------------------
# The lobby


def test_lobby_lists_waiting_tables_and_games_in_progress_apart(
    browser: Browser, base: str, errors: list[str]
) -> None:
    waiting = post(
        base,
        "/api/tables",
        {
            "game": "sushi-go",
            "players": 3,
            "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "greedy"}],
            "name": "Ann",
            "public": True,
        },
    )
    playing = post(
        base, "/api/quick", {"game": "sushi-go-party", "players": 3, "name": "Bo", "public": True}
    )
    private = post(base, "/api/quick", {"game": "sushi-go", "players": 2, "name": "Cy"})
    with (
        seat_context(browser, waiting) as a_ctx,
        seat_context(browser, playing) as b_ctx,
        seat_context(browser, private) as c_ctx,
        browser.new_context() as ctx,
    ):
        # a person sits at each table (a table nobody is at is not listed)
        for seat_ctx, table in ((a_ctx, waiting), (b_ctx, playing), (c_ctx, private)):
            seat_page = watch_errors(seat_ctx.new_page(), errors)
            seat_page.goto(f"{base}/t/{table['id']}")
            expect(seat_page.locator("#seats li.you")).to_have_count(1, timeout=WAIT)
        page = watch_errors(ctx.new_page(), errors)
        page.goto(f"{base}/")
        row = page.locator(f"#waiting li[data-table='{waiting['id']}']")
        expect(row).to_be_visible(timeout=WAIT)
        expect(row).to_contain_text("Sushi Go!")
        expect(row).to_contain_text("Ann")
        expect(row.locator("a.join")).to_have_attribute("href", f"/t/{waiting['id']}?join=1")
        expect(row.locator("a.watch")).to_be_visible()
        # The hooks of before: every open table is under #tables.
        expect(page.locator(f"#tables li[data-table='{waiting['id']}'] a.join")).to_have_count(1)

        game = page.locator(f"#playing li[data-table='{playing['id']}']")
        expect(game).to_be_visible(timeout=WAIT)
        expect(game).to_contain_text("Sushi Go Party!")
        expect(game).to_contain_text("Bo")
        expect(game.locator("a.watch")).to_have_attribute("href", f"/t/{playing['id']}?watch=1")
        expect(game.locator("a.join")).to_have_count(0)
        expect(page.locator(f"#waiting li[data-table='{playing['id']}']")).to_have_count(0)
        expect(page.locator(f"#playing li[data-table='{waiting['id']}']")).to_have_count(0)
        expect(page.locator(f"li[data-table='{private['id']}']")).to_have_count(0)
        # a table made in the form is private unless listed
        expect(page.locator("#create-form input[name=public]")).not_to_be_checked()
        expect(page.locator("#c-public-note")).to_contain_text("invite link")

        # Each game's how-to-play page is linked from its tile.
        for name in GAMES:
            expect(page.locator(f"#quick a[href='/rules/{name}']")).to_have_count(1)
        expect(page.locator(".site-header a[href^='/rules/']")).to_have_text("How to play")


@pytest.mark.parametrize("game", ["sushi-go", "sushi-go-party"])
def test_play_against_bots_opens_a_table_where_it_is_your_turn(
    browser: Browser, base: str, errors: list[str], game: str
) -> None:
    with browser.new_context() as ctx:
        page = watch_errors(ctx.new_page(), errors)
        page.goto(f"{base}/")
        page.locator("#quick-name").fill("Cy")
        page.locator(f"select.quick-players[data-game='{game}']").select_option("2")
        page.locator(f"button.quick[data-game='{game}']").click()
        page.wait_for_url(re.compile(r"/t/[^/?#]+$"), timeout=WAIT)
        table_id = page.url.rsplit("/", 1)[1]
        expect(page.locator("#hand")).to_be_visible(timeout=WAIT)
        expect(page.locator("#status")).to_contain_text("Your turn", timeout=WAIT)
        expect(page.locator("#seats li.you")).to_have_attribute("data-seat", "0")
        token = page.evaluate(f"localStorage.getItem('sushigo.token.{table_id}')")
        assert token
        summary = httpx.get(f"{base}/api/tables/{table_id}").json()
        assert summary["game"] == game and summary["status"] == "playing"
        assert summary["seats"][0]["name"] == "Cy"
        assert [s["kind"] for s in summary["seats"]] == ["human", "bot"]
        # The header's How to play opens this game's rules, there and after it.
        nav = page.locator("#nav-rules")
        expect(nav).to_have_attribute("href", f"/rules/{game}")
        page.goto(f"{base}/score")
        expect(nav).to_have_attribute("href", f"/rules/{game}")


def test_play_against_bots_refused_says_why(browser: Browser, base: str, errors: list[str]) -> None:
    with browser.new_context() as ctx:
        page = watch_errors(ctx.new_page(), errors)
        # The server refuses the name: the page stays and says so in a sentence.
        page.goto(f"{base}/")
        page.locator("#quick-name").fill("Ann\u202e")
        page.locator("button.quick[data-game='sushi-go']").click()
        expect(page.locator("#quick-error")).to_contain_text("A name cannot be used", timeout=WAIT)
        assert page.url.rstrip("/") == base
        expect(page.locator("button.quick[data-game='sushi-go']")).to_be_enabled()


# ---------------------------------------------------------------------------
# How to play


@pytest.mark.parametrize("game", GAMES)
def test_how_to_play_shows_every_group_of_cards_with_its_rule(
    browser: Browser, base: str, errors: list[str], game: str
) -> None:
    data = httpx.get(f"{base}/api/rules/{game}").json()
    with browser.new_context() as ctx:
        page = watch_errors(ctx.new_page(), errors)
        page.goto(f"{base}/rules/{game}")
        expect(page.locator("#rules h1")).to_have_text(data["title"], timeout=WAIT)
        expect(page).to_have_title(re.compile(re.escape(data["title"])))
        expect(page.locator(f".rl-switch a[href='/rules/{game}']")).to_have_attribute(
            "aria-current", "page"
        )
        assert page.locator("#rules-summary").inner_text().strip()
        groups = page.locator("#rules-cards .rl-group")
        expect(groups).to_have_count(len(data["groups"]))
        for i, group in enumerate(data["groups"]):
            row = groups.nth(i)
            expect(row).to_have_attribute("data-group", group["title"])
            expect(row.locator("h3")).to_have_text(group["title"])
            expect(row.locator(".rl-rule")).to_have_text(group["rule"])
            ids = group_cards(group)
            cards = row.locator(".rl-cards .sg-card")
            expect(cards).to_have_count(len(ids))
            assert [cards.nth(j).get_attribute("data-rule") for j in range(len(ids))] == ids
            for j, card_id in enumerate(ids):
                name = data["catalog"]["cards"][card_id]["name"]
                expect(cards.nth(j)).to_have_attribute("aria-label", name)
        expect(page.locator("#rulings li")).to_have_count(len(data["rulings"]))
        if game == "sushi-go-party":
            for category in PARTY_CATEGORIES:
                section = page.locator(f"#category-{category.lower()}")
                expect(section.locator(".rl-group")).to_have_count(
                    sum(g["category"] == category for g in data["groups"])
                )
            menus = page.locator("#rules-menus .rl-menu")
            expect(menus).to_have_count(len(data["menus"]))
            for i, menu in enumerate(data["menus"]):
                expect(menus.nth(i)).to_have_attribute("data-menu", menu["key"])
                expect(menus.nth(i).locator("h3")).to_have_text(menu["name"])
                expect(menus.nth(i).locator(".rl-kind")).to_have_count(len(menu["kinds"]))
        if game == "sushi-roll":
            dice = data["catalog"]["dice"]
            expect(page.locator(".rl-die")).to_have_count(len(dice))
        # A card opens its rule, close up.
        first = data["groups"][0]
        page.locator("#rules-cards .rl-group").first.locator(".sg-card").first.click()
        dialog = page.locator("#sg-rule-dialog")
        expect(dialog).to_be_visible()
        expect(dialog).to_contain_text(data["catalog"]["cards"][group_cards(first)[0]]["name"])
        page.keyboard.press("Escape")
        expect(dialog).to_be_hidden()


def test_how_to_play_of_no_such_game(browser: Browser, base: str, errors: list[str]) -> None:
    with browser.new_context() as ctx:
        page = watch_errors(ctx.new_page(), errors)
        page.goto(f"{base}/rules/nope")
        missing = page.locator("#rules-missing")
        expect(missing).to_contain_text("No such game", timeout=WAIT)
        expect(missing).to_contain_text("nope")
        for game in GAMES:
            expect(missing.locator(f"a[href='/rules/{game}']")).to_have_count(1)
        missing.locator("a[href='/rules/sushi-roll']").click()
        expect(page.locator("#rules h1")).to_have_text("Sushi Roll", timeout=WAIT)


# ---------------------------------------------------------------------------
# A phone


def test_phone_width_scrolls_no_page_sideways(
    browser: Browser, base: str, errors: list[str]
) -> None:
    width = 390
    ready = {
        "/": "#create-form",
        "/rules/sushi-go": "#rules-cards .rl-group",
        "/rules/sushi-go-party": "#rules-menus .rl-menu",
        "/rules/sushi-roll": "#rules-cards .rl-group",
        "/rules/nope": "#rules-missing",
        "/score": "#score-form",
    }
    long_name = "A rather long name of a player"
    post(base, "/api/quick", {"game": "sushi-roll", "players": 5, "name": long_name})
    with browser.new_context(viewport={"width": width, "height": 844}) as ctx:
        page: Page = watch_errors(ctx.new_page(), errors)
        for path, selector in ready.items():
            page.goto(f"{base}{path}")
            expect(page.locator(selector).first).to_be_visible(timeout=WAIT)
            no_horizontal_scroll(page, width)
