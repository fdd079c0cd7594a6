"""The board's cards drawn as cards (static/cards.js, cards.svg, cards.css).

Every card, die face and Party menu kind that a catalog names is drawn with a symbol
of the shipped sprite (not the blank plate), and every card on a table in a real
Chromium has an accessible name, a visible name and art whose every ``<use>`` names a
symbol of the sprite: a Sushi Go! game, Party games on menus that between them cover
every kind, and a Sushi Roll game. A card's rule (the catalog's ``rule``) shows in a
tooltip on hover and keyboard focus, in a dialog on a click of a card that is not an
action, on the "?" beside a card of the hand (which does not play it) and on a long
press; Escape closes it. The Party menu panel lists every kind of the table with its
rule. Screenshots go to /tmp/shots-cards/.
"""

from __future__ import annotations

import re
import time
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from sushigo.core.ruleset import make
from sushigo.games.party.cards import SUGGESTED_MENUS
from sushigo.present.frames import catalog
from test_web_e2e import (
    ENABLED_ACT,
    WAIT,
    click_first,
    click_party,
    no_horizontal_scroll,
    seat_context,
    wait_turn,
    watch_errors,
)

STATIC = Path(__file__).resolve().parents[1] / "src" / "sushigo" / "web" / "static"
SVG = "{http://www.w3.org/2000/svg}"
XLINK = "{http://www.w3.org/1999/xlink}href"
SHOTS = Path("/tmp/shots-cards")
PARTY_MENUS = ["master-menu", "points-platter", "cutthroat-combo", "big-banquet", "party-sampler"]
"""Menus that between them put every Party kind on a table (checked below)."""


def sprite() -> ET.Element:
    return ET.parse(STATIC / "cards.svg").getroot()


def symbols() -> set[str]:
    return {s.get("id") or "" for s in sprite().iter(f"{SVG}symbol")}


def catalogs() -> list[tuple[str, dict[str, Any]]]:
    """Every catalog a table may send: Sushi Go!, each suggested Party menu, Sushi Roll."""
    out: list[tuple[str, dict[str, Any]]] = [("sushi-go", dict(catalog(make("sushi-go", 4))))]
    for menu in SUGGESTED_MENUS:
        out.append((f"party/{menu}", dict(catalog(make("sushi-go-party", 4, menu=menu)))))
    out.append(("sushi-roll", dict(catalog(make("sushi-roll", 4)))))
    return out


def create(base: str, game: str, players: int, **options: Any) -> dict[str, Any]:
    """A table of Ann (seat 0) and greedy bots: ``{"id", "seat", "token"}``."""
    body = {"game": game, "players": players, "bot": "greedy", "name": "Ann", "options": options}
    r = httpx.post(f"{base}/api/quick", json=body)
    assert r.status_code == 201, r.text
    return dict(r.json())


def open_table(
    browser: Browser, base: str, table: dict[str, Any], errors: list[str], **kw: Any
) -> Page:
    ctx = seat_context(browser, table, **kw)
    page = watch_errors(ctx.new_page(), errors)
    page.goto(f"{base}/t/{table['id']}")
    return page


# ---------------------------------------------------------------------------
# The sprite, in plain Python


def test_sprite_is_small_self_contained_and_names_what_cards_js_draws() -> None:
    text = (STATIC / "cards.svg").read_text()
    assert len(text.encode()) < 40_000
    assert not re.search(r"<(script|image|foreignObject)\b", text)
    ids = symbols()
    # every <use> inside the sprite names one of its own symbols
    for use in sprite().iter(f"{SVG}use"):
        ref = use.get("href") or use.get(XLINK) or ""
        assert ref.startswith("#") and ref[1:] in ids, ref
    # every symbol cards.js may name is in the sprite
    js = (STATIC / "cards.js").read_text()
    block = re.search(r"SYMBOLS = new Set\(\[(.*?)\]\)", js, re.S)
    assert block
    named = set(re.findall(r"'([a-z0-9-]+)'", block.group(1)))
    assert named and named <= ids, named - ids
    # the board links the styles; the package ships the static files
    assert '<link rel="stylesheet" href="/static/cards.css">' in (STATIC / "index.html").read_text()
    pyproject = (STATIC.parents[3] / "pyproject.toml").read_text()
    assert '"web/static/*"' in pyproject


def test_the_menus_cover_every_party_kind() -> None:
    from sushigo.games.party.cards import KINDS

    covered = {k for m in PARTY_MENUS for k in SUGGESTED_MENUS[m].kinds}
    assert covered == set(KINDS)


# ---------------------------------------------------------------------------
# Every catalog id has its own art (cards.js's iconOf, in the browser)


def test_every_catalog_card_face_and_kind_has_art(
    browser: Browser, base: str, errors: list[str]
) -> None:
    ids = symbols()
    with browser.new_context() as ctx:
        page = watch_errors(ctx.new_page(), errors)
        page.goto(f"{base}/")
        for name, cat in catalogs():
            items = [
                {
                    "id": c["id"],
                    "family": c.get("family"),
                    "label": c["short"],
                    "name": c["name"],
                    "colour": c["colour"],
                    "die": cat["game"] == "sushi-roll",
                }
                for c in cat["cards"].values()
            ]
            items += [
                {
                    "id": k["kind"],
                    "family": k["kind"],
                    "label": k["name"],
                    "name": k["name"],
                    "colour": k["colour"],
                    "die": False,
                }
                for k in (cat.get("menu") or {}).get("kinds", [])
            ]
            for faces in (cat.get("dice") or {}).values():
                assert set(faces) <= set(cat["cards"]), name  # every face is a card of the catalog
            drawn = page.evaluate(
                """async (items) => {
                  const m = await import('/static/cards.js');
                  return items.map((it) => {
                    const node = m.drawCard({ ...it, size: 'table' }, { tag: 'button' });
                    return {
                      id: it.id,
                      icon: m.iconOf(it.id, it.family),
                      uses: [...node.querySelectorAll('use')].map((u) => u.getAttribute('href')),
                      label: node.getAttribute('aria-label'),
                      text: node.querySelector('.sg-tile-name').textContent,
                    };
                  });
                }""",
                items,
            )
            for d in drawn:
                assert d["icon"] in ids and d["icon"] != "blank", (name, d)
                assert d["uses"] and all(u.startswith("/static/cards.svg#") for u in d["uses"]), d
                assert {u.split("#", 1)[1] for u in d["uses"]} <= ids, d
                assert d["label"] and d["text"], d


# ---------------------------------------------------------------------------
# Real tables


def check_cards(page: Page, ids: set[str], where: str) -> int:
    """Every card on the board: art from the sprite (not blank), a name, an accessible name."""
    for _ in range(50):  # until the sprite has loaded and every symbol has a shape
        tiles = page.evaluate(
            """() => [...document.querySelectorAll('#board .sg-tile')].map((t) => ({
              uses: [...t.querySelectorAll('use')].map((u) => u.getAttribute('href')),
              label: t.getAttribute('aria-label') || '',
              text: (t.querySelector('.sg-tile-name') || {}).textContent || '',
              drawn: [...t.querySelectorAll('use')].every((u) => u.getBBox().width > 0),
            }))"""
        )
        if tiles and all(t["drawn"] for t in tiles):
            break
        time.sleep(0.1)
    assert tiles, where
    for t in tiles:
        assert t["uses"], (where, t)
        refs = {u.split("#", 1)[1] for u in t["uses"] if u.startswith("/static/cards.svg#")}
        assert len(refs) == len(set(t["uses"])) and refs <= ids and "blank" not in refs, (where, t)
        assert t["label"].strip() and t["text"].strip(), (where, t)
        assert t["drawn"], (where, t)  # the sprite loaded and the symbol has a shape
    return len(tiles)


@pytest.mark.parametrize(
    ("game", "players", "options"),
    [("sushi-go", 4, {})]
    + [("sushi-go-party", 4, {"menu": m}) for m in PARTY_MENUS]
    + [("sushi-roll", 3, {})],
)
def test_every_card_on_a_table_is_drawn_with_art_and_named(
    browser: Browser, base: str, errors: list[str], game: str, players: int, options: dict[str, Any]
) -> None:
    ids = symbols()
    table = create(base, game, players, **options)
    page = open_table(browser, base, table, errors, viewport={"width": 1280, "height": 800})
    choose = click_party if game == "sushi-go-party" else click_first
    seen = 0
    for _ in range(5):
        if not wait_turn(page):
            break
        expect(page.locator("#hand .sg-tile").first).to_be_visible(timeout=WAIT)
        seen += check_cards(page, ids, f"{game} {options}")
        choose(page)
    assert seen
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{game}-{options.get('menu', 'table')}.png"), full_page=True)
    page.context.close()


def test_hand_of_ten_wraps_on_a_phone(browser: Browser, base: str, errors: list[str]) -> None:
    table = create(base, "sushi-go", 2)
    page = open_table(browser, base, table, errors, viewport={"width": 390, "height": 844})
    assert wait_turn(page)
    cards = page.locator("#hand .sg-tile")
    expect(cards.first).to_be_visible()
    assert cards.count() >= 5  # ten cards, the same ones grouped
    boxes = [c.bounding_box() for c in cards.all()]
    assert all(b and b["x"] >= 0 and b["x"] + b["width"] <= 390 for b in boxes), boxes
    rows = {round(b["y"]) for b in boxes if b}
    assert len(rows) >= 2 or len(boxes) <= 4, rows
    assert min(b["width"] for b in boxes if b) >= 70  # a finger's width and a legible name
    no_horizontal_scroll(page, 390)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "phone-hand.png"))
    page.context.close()


# ---------------------------------------------------------------------------
# Rules


def rule_of(cat: dict[str, Any], card: str) -> str | None:
    rule = cat["cards"].get(card, {}).get("rule")
    return rule if isinstance(rule, str) and rule.strip() else None


def test_a_cards_rule_on_click_hover_focus_and_the_hand_info_button(
    browser: Browser, base: str, errors: list[str]
) -> None:
    cat = dict(catalog(make("sushi-go", 2)))
    if not any(rule_of(cat, c) for c in cat["cards"]):
        pytest.skip("the server's catalog has no card rules yet")
    table = create(base, "sushi-go", 2)
    page = open_table(browser, base, table, errors, viewport={"width": 1280, "height": 800})
    assert wait_turn(page)
    click_first(page)
    assert wait_turn(page)
    progress = page.locator(".sg-progress")
    expect(progress).to_contain_text("turn 2 of 10")
    dialog = page.locator("#sg-rule-dialog")
    tip = page.locator("#sg-rule-tip")

    # A click on a card in front of a player: a dialog with its name, art and rule.
    played = page.locator("#board .sg-player.sg-me .sg-tableau .sg-tile").first
    label = played.get_attribute("aria-label") or ""
    card = (played.get_attribute("data-rule") or "").split()[-1]
    played.click()
    expect(dialog).to_be_visible()
    expect(dialog.locator("#sg-rule-title")).to_have_text(label)
    expect(dialog.locator(".sg-tile use")).not_to_have_count(0)
    rule = rule_of(cat, card)
    assert rule
    expect(dialog).to_contain_text(rule)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "rule-dialog.png"))
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(page.locator("#board .sg-player.sg-me .sg-tableau .sg-tile:focus")).to_have_count(1)

    # The "?" beside a card of the hand shows its rule and does not play it.
    hand_card = page.locator(f"#hand {ENABLED_ACT.removeprefix('#board ')}").first
    action = hand_card.get_attribute("data-action") or ""
    info = page.locator(
        "#hand .sg-slot", has=page.locator(f".act[data-action='{action}']")
    ).locator(".sg-info")
    info.click()
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text(rule_of(cat, action) or "")
    dialog.locator(".sg-rule-close").click()
    expect(dialog).to_be_hidden()
    expect(progress).to_contain_text("turn 2 of 10")
    expect(page.locator("#decision.sg-yours")).to_have_count(1)

    # Hovering a card of the hand: a tooltip with its rule (the card still plays on click).
    box = hand_card.bounding_box()
    assert box
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.move(box["x"] + box["width"] / 2 + 3, box["y"] + box["height"] / 2 + 3)
    expect(tip).to_be_visible(timeout=WAIT)
    expect(tip).to_have_attribute("role", "tooltip")
    expect(tip).to_contain_text(rule_of(cat, action) or "")
    page.keyboard.press("Escape")
    expect(tip).to_be_hidden()
    page.mouse.move(1, 1)

    # Tab to a card in front of a player: the tooltip describes it; "?" opens the dialog.
    page.locator("#hand .act").first.focus()
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("!!document.activeElement.closest('.sg-tableau')"):
            break
    focused = page.locator("#board .sg-tableau .sg-tile:focus")
    expect(focused).to_have_count(1)
    expect(tip).to_be_visible()
    expect(focused).to_have_attribute("aria-describedby", re.compile(r"\bsg-rule-tip\b"))
    page.keyboard.press("Enter")
    expect(dialog).to_be_visible()
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()

    # Clicking a card of the hand still plays it.
    hand_card.click()
    expect(progress).to_contain_text("turn 3 of 10", timeout=WAIT)
    page.context.close()


def test_a_long_press_on_a_hand_card_shows_its_rule_without_playing_it(
    browser: Browser, base: str, errors: list[str]
) -> None:
    cat = dict(catalog(make("sushi-go", 2)))
    table = create(base, "sushi-go", 2)
    page = open_table(
        browser,
        base,
        table,
        errors,
        viewport={"width": 390, "height": 844},
        has_touch=True,
        is_mobile=True,
    )
    assert wait_turn(page)
    card = page.locator("#hand .act").first
    action = card.get_attribute("data-action") or ""
    card.scroll_into_view_if_needed()
    box = card.bounding_box()
    assert box
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    cdp = page.context.new_cdp_session(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    time.sleep(0.8)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    dialog = page.locator("#sg-rule-dialog")
    expect(dialog).to_be_visible()
    if rule_of(cat, action):
        expect(dialog).to_contain_text(rule_of(cat, action) or "")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "phone-long-press.png"))
    dialog.locator(".sg-rule-close").tap()
    expect(dialog).to_be_hidden()
    expect(page.locator(".sg-progress")).to_contain_text("turn 1 of 10")
    expect(page.locator("#decision.sg-yours")).to_have_count(1)
    page.context.close()


def test_party_menu_panel_lists_every_kind_with_its_rule(
    browser: Browser, base: str, errors: list[str]
) -> None:
    cat = dict(catalog(make("sushi-go-party", 4, menu="points-platter")))
    kinds = cat["menu"]["kinds"]
    table = create(base, "sushi-go-party", 4, menu="points-platter")
    page = open_table(browser, base, table, errors, viewport={"width": 1280, "height": 800})
    assert wait_turn(page)
    # A desk: the menu is a row of small cards, each opening its rule; the panel that
    # lists every rule starts folded (the table fits one screen) and opens on a click.
    panel = page.locator("#board .sg-menu details.sg-menu-panel")
    expect(panel).not_to_have_attribute("open", "")
    expect(panel.locator("summary")).to_contain_text("Points Platter")
    icons = page.locator("#board .sg-menu .sg-menu-icons .sg-tile")
    expect(icons).to_have_count(len(kinds))
    for i, k in enumerate(kinds):
        expect(icons.nth(i)).to_have_attribute("data-rule", f"kind:{k['kind']}")
        expect(icons.nth(i)).to_have_attribute("aria-label", k["name"])
    icons.nth(2).click()
    dialog = page.locator("#sg-rule-dialog")
    expect(dialog.locator("#sg-rule-title")).to_have_text(kinds[2]["name"])
    if kinds[2].get("rule"):
        expect(dialog).to_contain_text(kinds[2]["rule"])
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    panel.locator("summary").click()
    expect(panel).to_have_attribute("open", "")
    items = panel.locator(".sg-menu-item")
    expect(items).to_have_count(len(kinds))
    for i, k in enumerate(kinds):
        item = items.nth(i)
        expect(item.locator(".sg-tile")).to_have_attribute("data-rule", f"kind:{k['kind']}")
        expect(item.locator(".sg-tile-name")).to_have_text(k["name"])
        expect(item).to_contain_text(k["category"])
        if k.get("rule"):
            expect(item.locator(".sg-menu-rule")).to_have_text(k["rule"])
    items.nth(1).locator(".sg-tile").click()
    expect(dialog.locator("#sg-rule-title")).to_have_text(kinds[1]["name"])
    if kinds[1].get("rule"):
        expect(dialog).to_contain_text(kinds[1]["rule"])
    page.keyboard.press("Escape")
    page.context.close()

    # A phone: the panel starts closed, a line of icons (a tap opens a rule); the
    # panel opens with a tap.
    page = open_table(
        browser, base, table, errors, viewport={"width": 390, "height": 844}, has_touch=True
    )
    assert wait_turn(page)
    panel = page.locator("#board .sg-menu details.sg-menu-panel")
    expect(panel).not_to_have_attribute("open", "")
    icons = page.locator("#board .sg-menu .sg-menu-icons .sg-tile")
    expect(icons).to_have_count(len(kinds))
    icons.first.tap()
    dialog = page.locator("#sg-rule-dialog")
    expect(dialog.locator("#sg-rule-title")).to_have_text(kinds[0]["name"])
    dialog.locator(".sg-rule-close").tap()
    expect(dialog).to_be_hidden()
    panel.locator("summary").click()
    expect(panel.locator(".sg-menu-item").first).to_be_visible()
    no_horizontal_scroll(page, 390)
    page.context.close()


def test_a_custom_menu_is_named_so(browser: Browser, base: str, errors: list[str]) -> None:
    kinds = ["temaki", "eel", "tofu", "edamame", "spoon", "tea", "fruit"]
    table = create(base, "sushi-go-party", 3, menu=kinds)
    page = open_table(browser, base, table, errors)
    assert wait_turn(page)
    expect(page.locator("#board .sg-menu summary")).to_contain_text("Custom menu")
    expect(page.locator("#board .sg-menu .sg-menu-item")).to_have_count(len(kinds) + 1)
    page.context.close()
