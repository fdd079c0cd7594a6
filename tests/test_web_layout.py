"""The table on one screen (issue 25): the geometry of the page in a real Chromium.

At a desk's size (1366x768) every player's board, the hand (a Sushi Roll belt), the
scores, the menu and this turn's log lie inside the first screen, and the page does
not scroll at all. At a phone's size (390x844) the hand is docked at the bottom of the
screen wherever the page is scrolled, every player's entry of the strip lies above it,
a tap opens a player's board, a Sushi Roll swap shows the other belts' dice together
with the belt, and nothing is wider than the screen. On the final screen and in the
score calculator each player's total is in view at both sizes.

Each game is measured at its smallest and largest table, late in the first round (the
tableaux at their fullest before the round is scored), played by clicking against
bots that answer at once (``POST /api/quick``; the module's server has no bot delay).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from test_web_e2e import WAIT, score_form, watch_errors

DESK = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
ACT = "#board .act:not([disabled]):visible"
PROGRESS = re.compile(r"(?:turn|cycle) (\d+) of (\d+)")
LONG = "Alexandrina Featherstonehaugh"
"""A long name (24 characters are allowed): the boards and tables must still fit."""

TABLES = [
    ("sushi-go", 2),
    ("sushi-go", 5),
    ("sushi-go-party", 2),
    ("sushi-go-party", 8),
    ("sushi-roll", 2),
    ("sushi-roll", 5),
]


# ---------------------------------------------------------------------------
# Helpers


def quick(base: str, game: str, players: int, name: str = "Ann") -> tuple[str, str]:
    """A table against greedy bots, begun at once: its id and seat 0's token."""
    body: dict[str, Any] = {"game": game, "players": players, "name": name[:24]}
    if game == "sushi-go-party" and players >= 3:
        body["options"] = {"menu": "master-menu"}  # eight kinds, spoon among them
    answer = httpx.post(f"{base}/api/quick", json=body, headers={"Origin": base}, timeout=30)
    assert answer.status_code == 201, answer.text
    data = answer.json()
    return data["id"], data["token"]


@pytest.fixture
def contexts(browser: Browser) -> Iterator[list[BrowserContext]]:
    """Browser contexts a test opens (closed at its end, failed or not)."""
    opened: list[BrowserContext] = []
    yield opened
    for ctx in opened:
        ctx.close()


def sit(
    browser: Browser,
    contexts: list[BrowserContext],
    base: str,
    table: str,
    token: str,
    viewport: dict[str, int],
    errors: list[str],
) -> Page:
    """The table's page as seat 0 (its token stored as the lobby stores it)."""
    ctx = browser.new_context(viewport=viewport, reduced_motion="reduce")
    contexts.append(ctx)
    ctx.add_init_script(f"localStorage.setItem('sushigo.token.{table}', '{token}')")
    page = watch_errors(ctx.new_page(), errors)
    page.goto(f"{base}/t/{table}")
    expect(page.locator("#board .sg-board")).to_be_visible(timeout=WAIT)
    return page


def progress(page: Page) -> tuple[int, int]:
    text = page.locator("#board .sg-progress").inner_text()
    found = PROGRESS.search(text)
    assert found, text
    return int(found[1]), int(found[2])


def play_until_late(page: Page) -> None:
    """Click the first enabled action until the viewer chooses at one of a round's last
    turns (cycles): the tableaux near their fullest before the round is scored. (When
    the rules play those turns, a hand of one kind of card, the next round's.)"""
    for _ in range(200):
        cont = page.locator("#round-continue")
        if cont.is_visible():
            cont.click()
        page.wait_for_selector(ACT, timeout=WAIT)
        turn, turns = progress(page)
        if turn >= turns - 2 and page.locator("#hand .act:not([disabled])").count():
            expect(page.locator("#round-summary")).to_be_hidden()
            return
        page.locator(ACT).first.click()
    raise AssertionError("the round did not come to its late turns")


def play_to_end(page: Page) -> None:
    """Click the first enabled action (and each round summary's Continue) to the end."""
    for _ in range(400):
        if page.locator("#final-screen").is_visible():
            return
        cont = page.locator("#round-continue")
        if cont.is_visible():
            cont.click()
            continue
        acts = page.locator(ACT)
        if acts.count():
            acts.first.click()
        else:
            page.wait_for_timeout(50)
    raise AssertionError("the game did not end")


def box(page: Page, selector: str) -> dict[str, float]:
    found = page.locator(selector).bounding_box()
    assert found is not None, f"{selector} is not drawn"
    return found


def boxes(page: Page, selector: str) -> list[dict[str, float]]:
    found: list[dict[str, float]] = page.locator(selector).evaluate_all(
        """els => els.map((e) => { const r = e.getBoundingClientRect();
             return {x: r.x, y: r.y, width: r.width, height: r.height,
                     what: e.dataset.seat ?? e.getAttribute('aria-label') ?? e.className}; })"""
    )
    return found


def inside(b: dict[str, Any], width: float, height: float, top: float = 0.0) -> bool:
    """The box lies in the window's rectangle (a pixel's rounding allowed)."""
    return (
        b["x"] >= -0.5
        and b["y"] >= top - 0.5
        and b["x"] + b["width"] <= width + 0.5
        and b["y"] + b["height"] <= height + 0.5
    )


def nothing_wider_than_the_screen(page: Page) -> None:
    width = page.evaluate("innerWidth")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    # (inside a box that scrolls sideways on its own, a wide table or the hand, may be
    # wider: that box is not)
    wide = page.evaluate(
        """() => {
          const scrolled = (e) => {
            for (let p = e.parentElement; p && p !== document.body; p = p.parentElement) {
              if (getComputedStyle(p).overflowX !== 'visible') return true;
            }
            return false;
          };
          return [...document.querySelectorAll('body *')]
            .filter((e) => e.getBoundingClientRect().width > innerWidth + 0.5 && !scrolled(e))
            .map((e) => `${e.tagName}.${e.className}: ${e.getBoundingClientRect().width}`);
        }"""
    )
    assert wide == [], wide


# ---------------------------------------------------------------------------
# A table in play


def check_desk(page: Page, game: str, players: int) -> None:
    """1366x768: the boards, the hand, the scores, the menu and the log on one screen."""
    page.evaluate("window.scrollTo(0, 0)")
    width, height = DESK["width"], DESK["height"]
    assert page.evaluate("document.documentElement.scrollHeight") <= height, "the page scrolls"
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    boards = boxes(page, "#board .sg-player")
    assert len(boards) == players
    for b in boards:
        assert inside(b, width, height), b
    for b in boxes(page, "#board .sg-player .sg-score"):
        assert inside(b, width, height), b
    # late in the round every tableau holds cards (the viewer's at least turn - 1)
    turn, _ = progress(page)
    mine = page.locator("#board .sg-player.sg-me .sg-tableau .sg-tile")
    assert mine.count() >= 1
    for b in boxes(page, "#board .sg-player .sg-tableau .sg-tile"):
        assert inside(b, width, height), b
    hand = box(page, "#hand")
    assert inside(hand, width, height), hand
    cards = boxes(page, "#hand .sg-tile")
    assert cards and all(inside(c, width, height) for c in cards), cards
    # The hand is prominent: its cards are larger than the boards' chips.
    chip = box(page, "#board .sg-player .sg-tableau .sg-tile >> nth=0")
    assert cards[0]["height"] > 2 * chip["height"]
    assert inside(box(page, "#decision"), width, height)
    if game == "sushi-go-party":
        icons = boxes(page, "#board .sg-menu-icons .sg-tile")
        assert len(icons) >= 8 and all(inside(i, width, height) for i in icons), icons
    if game != "sushi-go":
        # What happened this turn: the log's newest turn, in view beside the boards.
        newest = box(page, "#board .sg-log .sg-turn >> nth=0")
        assert newest["y"] + 20 <= height and newest["x"] + newest["width"] <= width, newest
        # (the last turn's reveal; in Sushi Roll, where the players take their dice one
        # after another, this cycle's dice taken before the viewer's turn)
        word = "Cycle" if game == "sushi-roll" else "Turn"
        assert page.locator("#board .sg-log .sg-h4").first.inner_text() in (
            f"{word} {turn - 1}",
            f"{word} {turn}",
        )


def check_phone(page: Page, game: str, players: int) -> None:
    """390x844: the hand docked, the strip above it, a board opened by a tap."""
    width, height = PHONE["width"], PHONE["height"]
    page.evaluate("window.scrollTo(0, 0)")
    nothing_wider_than_the_screen(page)
    dock = box(page, "#board .sg-dock")
    hand = box(page, "#hand")
    assert inside(hand, width, height), hand
    assert hand["height"] >= 80, hand  # the cards themselves, not a sliver
    entries = boxes(page, "#board .sg-players-area.sg-strip .sg-player")
    assert len(entries) == players
    for e in entries:
        # in the window and above the dock, not under it
        assert inside(e, width, dock["y"]), (e, dock)
    # Scrolled to the end of the page, the hand is still there.
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    page.wait_for_timeout(50)
    assert inside(box(page, "#hand"), width, height)
    page.evaluate("window.scrollTo(0, 0)")
    # A tap on another player's entry opens that board (its cards and points); a
    # second tap folds it.
    other = page.locator("#board .sg-player:not(.sg-me)").last
    seat = other.get_attribute("data-seat")
    toggle = other.locator(".sg-player-toggle")
    expect(toggle).to_have_attribute("aria-expanded", "false")
    expect(other.locator(".sg-points")).to_be_hidden()
    toggle.click()
    opened = page.locator(f"#board .sg-player[data-seat='{seat}']")
    expect(opened).to_have_class(re.compile(r"\bsg-open\b"))
    expect(opened.locator(".sg-player-toggle")).to_have_attribute("aria-expanded", "true")
    expect(opened.locator(".sg-points")).to_be_visible()
    assert box(page, f"#board .sg-player[data-seat='{seat}']")["width"] > width * 0.8
    nothing_wider_than_the_screen(page)
    opened.locator(".sg-player-toggle").click()
    expect(opened.locator(".sg-player-toggle")).to_have_attribute("aria-expanded", "false")


def check_phone_swap(page: Page) -> None:
    """Sushi Roll's swap on a phone: the other belts' dice and the viewer's belt are on
    the screen together, with no scrolling."""
    swap = page.locator(".sg-mode[data-way='swap']")
    if not swap.count() or swap.is_disabled():
        pytest.fail("no chopsticks token to swap with (every seat starts with some)")
    swap.click()
    page.evaluate("window.scrollTo(0, 0)")
    targets = page.locator(".sg-swap-die")
    expect(targets.first).to_be_visible()
    width, height = PHONE["width"], PHONE["height"]
    dock = box(page, "#board .sg-dock")
    for b in boxes(page, ".sg-swap-die"):
        assert inside(b, width, dock["y"]), (b, dock)
    assert inside(box(page, "#hand"), width, height)
    nothing_wider_than_the_screen(page)
    page.locator("#pair-cancel").click()


@pytest.mark.parametrize(("game", "players"), TABLES)
def test_the_table_on_one_screen(
    browser: Browser,
    base: str,
    errors: list[str],
    contexts: list[BrowserContext],
    game: str,
    players: int,
) -> None:
    table, token = quick(base, game, players, name=LONG)
    page = sit(browser, contexts, base, table, token, DESK, errors)
    play_until_late(page)
    check_desk(page, game, players)
    # The same seat on a phone (the desk's tab closed first: one tab holds a seat).
    contexts.pop().close()
    page = sit(browser, contexts, base, table, token, PHONE, errors)
    page.wait_for_selector(ACT, timeout=WAIT)
    check_phone(page, game, players)
    if game == "sushi-roll":
        check_phone_swap(page)


# ---------------------------------------------------------------------------
# Totals first


def check_totals(page: Page, table: str, total: str, size: dict[str, int]) -> None:
    """The column headed Total and every cell of it lie inside the window (the table
    scrolled into view, the page never sideways)."""
    page.locator(table).scroll_into_view_if_needed()
    heads = page.locator(f"{table} thead th")
    names = heads.all_inner_texts()
    assert names.index("Total") <= 2, names  # first after the place and the name
    cells = [
        box(page, f"{table} thead th:text-is('Total')"),
        *boxes(page, f"{table} tbody {total}"),
    ]
    assert len(cells) == page.locator(f"{table} tbody tr").count() + 1
    for c in cells:
        assert c["x"] >= 0 and c["x"] + c["width"] <= size["width"], c
        assert c["y"] >= 0 and c["y"] + c["height"] <= size["height"], c
    nothing_wider_than_the_screen(page)


@pytest.mark.parametrize("viewport", [DESK, PHONE], ids=["desk", "phone"])
def test_final_screen_shows_the_totals_first(
    browser: Browser,
    base: str,
    errors: list[str],
    contexts: list[BrowserContext],
    viewport: dict[str, int],
) -> None:
    """A five-player Sushi Roll game (the widest final table: tokens too), long names."""
    table, token = quick(base, "sushi-roll", 5, name=LONG)
    page = sit(browser, contexts, base, table, token, viewport, errors)
    play_to_end(page)
    expect(page.locator("#board #final")).to_be_visible(timeout=WAIT)
    # the ranking at the top: every total in view on the first screen
    page.evaluate("window.scrollTo(0, 0)")
    ranking = boxes(page, "#final-ranking .fr-total")
    assert len(ranking) == 5
    for b in ranking:
        assert inside(b, viewport["width"], viewport["height"]), b
    check_totals(page, "#final table", "td.sg-total", viewport)
    # the totals are the game's: the ranking's and the table's agree
    ranked = [int(t.split()[0]) for t in page.locator("#final-ranking .fr-total").all_inner_texts()]
    table_totals = [int(t) for t in page.locator("#final td.sg-total").all_inner_texts()]
    assert ranked == table_totals


@pytest.mark.parametrize("viewport", [DESK, PHONE], ids=["desk", "phone"])
def test_score_calculator_shows_the_totals_first(
    browser: Browser,
    base: str,
    errors: list[str],
    contexts: list[BrowserContext],
    viewport: dict[str, int],
) -> None:
    """A five-player Sushi Roll sheet (the widest result: token columns), long names."""
    ctx = browser.new_context(viewport=viewport)
    contexts.append(ctx)
    page = watch_errors(ctx.new_page(), errors)
    form = score_form(page, base, "sushi-roll", 5)
    trays = ["tempura x2, maki 3", "sashimi x3", "dumpling x2, pudding 1", "maki 2", "egg nigiri"]
    for seat in range(5):
        form.locator(f"input[name=name-{seat}]").fill(f"{LONG[:20]} {seat + 1}")
        for r in (1, 2, 3):
            form.locator(f"input[name=r{r}-p{seat}]").fill(trays[(seat + r) % 5])
        for key in ("puddings", "menus", "chopsticks"):
            form.locator(f"input[name={key}-{seat}]").fill(str(seat % 3))
    page.click("#score-submit")
    totals = page.locator("#score-totals")
    expect(totals).to_be_visible(timeout=WAIT)
    expect(page.locator("#score-result h2")).to_have_text("Final scores")
    check_totals(page, "#score-totals", "td.total", viewport)
