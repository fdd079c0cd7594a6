"""Screenshots of the web front end's main screens at a desk's and a phone's size,
for docs/screenshots/ (``make screenshots``; the README shows one).

Starts ``sushigo serve`` on a throwaway database, opens Debian's Chromium through
Playwright, and photographs: the lobby; a Sushi Go!, a Sushi Go Party! and a Sushi
Roll table in play (games against bots, well into the first round); a round summary;
a final screen; a replay; the score calculator; a how-to-play page. Each at 1366x768
and 390x844 (``NAME-desktop.png``, ``NAME-phone.png``). ``--big DIR`` also
photographs the largest tables (Sushi Go! 5, Sushi Go Party! 8 and Sushi Roll 5
players) into DIR. Games are played by clicking
the first enabled action, so the pictures change when the page does, not at random
(the deals are seeded by the server: they differ from run to run).
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

import httpx
from playwright.sync_api import Page, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from web_client import free_port, serve  # noqa: E402

SIZES = {"desktop": (1366, 768), "phone": (390, 844)}
ACT = "#board .act:not([disabled]):visible"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run"]


def quick(base: str, game: str, players: int, **options: object) -> tuple[str, str]:
    """A game against bots, begun at once: its id and the seat's token."""
    body = {"game": game, "players": players, "name": "You", "options": options}
    answer = httpx.post(f"{base}/api/quick", json=body, headers={"Origin": base}).json()
    return answer["id"], answer["token"]


def sit(page: Page, base: str, table: str, token: str) -> None:
    """Open the table as its seat-0 player (the token the lobby would have kept)."""
    page.goto(f"{base}/")
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [f"sushigo.token.{table}", token])
    page.goto(f"{base}/t/{table}")
    page.wait_for_selector("#board", timeout=30_000)


def play(page: Page, turns: int, until: Callable[[Page], bool] | None = None) -> None:
    """Click the first enabled action ``turns`` times (or until ``until`` holds)."""
    for _ in range(turns):
        if until is not None and until(page):
            return
        try:
            page.wait_for_selector(ACT, timeout=15_000)
        except Exception:  # noqa: BLE001 - the game may have ended
            return
        buttons = page.locator(ACT)
        if buttons.count() == 0:
            return
        buttons.first.click()
        page.wait_for_timeout(150)


def late(page: Page) -> bool:
    """The viewer chooses at one of the round's last turns (cycles): the tableaux are
    near their fullest, the hardest case for the layout."""
    if page.locator("#round-continue").is_visible():
        page.locator("#round-continue").click()
    try:
        page.wait_for_selector(ACT, timeout=15_000)
    except Exception:  # noqa: BLE001 - the game may have ended
        return False
    found = re.search(r"(?:turn|cycle) (\d+) of (\d+)", page.locator(".sg-progress").inner_text())
    return bool(found) and int(found[1]) >= int(found[2]) - 2


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default="docs/screenshots", help="where to write the PNGs")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--big", help="also photograph the largest tables into this directory")
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        with serve(Path(tmp) / "shots.db", port, Path(tmp) / "server.log"), sync_playwright() as p:
            browser = p.chromium.launch(
                executable_path=args.chromium, headless=True, args=CHROMIUM_ARGS
            )
            for size, (width, height) in SIZES.items():
                context = browser.new_context(viewport={"width": width, "height": height})
                page = context.new_page()

                def shot(name: str, page: Page = page, size: str = size) -> None:
                    page.evaluate("window.scrollTo(0, 0)")  # the first screen, as one lands
                    page.wait_for_timeout(400)
                    path = out / f"{name}-{size}.png"
                    page.screenshot(path=str(path))
                    print(path)

                for game, players, options in (
                    ("sushi-go", 4, {}),
                    ("sushi-go-party", 5, {"menu": "master-menu"}),
                    ("sushi-roll", 3, {}),
                ):
                    table, token = quick(base, game, players, **options)
                    sit(page, base, table, token)
                    play(page, 60, until=late)
                    shot(f"table-{game}")
                if args.big:
                    big = Path(args.big)
                    big.mkdir(parents=True, exist_ok=True)
                    for game, players, options in (
                        ("sushi-go", 5, {}),
                        ("sushi-go-party", 8, {"menu": "master-menu"}),
                        ("sushi-roll", 5, {}),
                    ):
                        table, token = quick(base, game, players, **options)
                        sit(page, base, table, token)
                        play(page, 60, until=late)
                        page.evaluate("window.scrollTo(0, 0)")
                        page.wait_for_timeout(400)
                        path = big / f"table-{game}-{players}-{size}.png"
                        page.screenshot(path=str(path))
                        print(path)
                # a two-player game played to its end: a round summary, the final
                table, token = quick(base, "sushi-go", 2)
                sit(page, base, table, token)
                play(page, 60, until=lambda pg: pg.locator("#round-continue").is_visible())
                if page.locator("#round-continue").is_visible():
                    shot("round-summary")
                    page.locator("#round-continue").click()
                for _ in range(3):
                    play(page, 60, until=lambda pg: pg.locator("#round-continue").is_visible())
                    if page.locator("#round-continue").is_visible():
                        page.locator("#round-continue").click()
                page.wait_for_selector("#final", timeout=30_000)
                shot("final")
                page.goto(f"{base}/replay/{table}")
                page.wait_for_selector("#board", timeout=30_000)
                shot("replay")
                page.goto(f"{base}/")
                page.wait_for_selector("#create-form", timeout=30_000)
                shot("lobby")
                page.goto(f"{base}/score")
                page.wait_for_selector("#score-form", timeout=30_000)
                shot("score")
                page.goto(f"{base}/rules/sushi-go-party")
                page.wait_for_load_state("networkidle")
                shot("rules")
                context.close()
            browser.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
