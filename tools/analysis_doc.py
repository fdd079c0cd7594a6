"""docs/analysis.md and its plots, from the batch engine (``make analysis``).

For Sushi Go! and Sushi Roll at 2 to 5 players, and the eight suggested Sushi Go
Party! menus at 4 players, it runs ``sushigo analyze`` with the quick heuristic in
every seat (card and face values, seat effects, a menu's balance), and the heuristic
in seat 0 against random seats (how much a plan is worth), then writes the page: its
tables, the plots under docs/analysis/, and the findings read from the figures (the
sentences are built from the numbers, so they stay true when the page is made
again).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from statistics import NormalDist
from typing import Any

from sushigo.fast import analyze
from sushigo.games.party.cards import SUGGESTED_MENUS
from sushigo.tui.analyze import plus_minus as pm

HERE = Path(__file__).resolve().parent.parent
PLAYERS = (2, 3, 4, 5)
TITLES = {"sushi-go": "Sushi Go!", "sushi-roll": "Sushi Roll", "sushi-go-party": "Sushi Go Party!"}
PARTY_PLAYERS = 4
"""The table every suggested menu is analysed at (each allows 4 players)."""


def run(
    game: str,
    players: int,
    agents: list[str],
    games: int,
    seed: int,
    options: dict[str, Any] | None = None,
) -> dict[str, Any]:
    start = time.perf_counter()
    jobs = analyze.jobs(game, players, options or {}, agents, games, seed)
    sums = analyze.run(jobs)
    report = analyze.summarize(sums, players, agents, game)
    name = TITLES[game]
    if options and "menu" in options:
        name = f"{SUGGESTED_MENUS[options['menu']].name} (Sushi Go Party!)"
    report["title"] = f"{name}, {players} players, " + (
        "the heuristic in every seat" if len(set(agents)) == 1 else ", ".join(agents)
    )
    report["seconds"] = time.perf_counter() - start
    return report


def cards_table(report: dict[str, Any]) -> list[str]:
    unit = report["unit"]
    lines = [
        f"| {unit} | taken a game | points a {unit} | won taking it | won passing it | lift "
        "(% points) | chosen most often over |",
        "| --- | ---: | ---: | ---: | ---: | ---: | --- |",
    ]
    for c in sorted(report["cards"], key=lambda c: -(c["points_per_card"] or -99)):
        if not c["offered"]:
            continue
        lift = "" if c["lift"] is None else pm(c["lift"], c["lift_ci95"], 100, sign=True)
        points = (
            "— (used up)"  # a menu, takeout box, spoon or chopsticks in use leaves the table
            if c["points_per_card"] is None
            else pm(c["points_per_card"], c["points_per_card_ci95"], digits=2)
        )
        lines.append(
            f"| {c['card']} | {c['taken_per_game']:.2f} | "
            f"{points} | "
            f"{100 * c['win_when_taken']['rate']:.1f}% | "
            f"{100 * c['win_when_passed']['rate']:.1f}% | {lift} | "
            + ", ".join(f"{o['card']} ({100 * o['share']:.0f}%)" for o in c["chosen_over"][:2])
            + " |"
        )
    return lines


def findings(report: dict[str, Any], players: int) -> list[str]:
    """Sentences read from the figures."""
    cards = [c for c in report["cards"] if c["offered"] and c["points_per_card"] is not None]
    by_points = sorted(cards, key=lambda c: -c["points_per_card"])
    by_lift = sorted((c for c in cards if c["lift"] is not None), key=lambda c: -c["lift"])
    top, second = by_points[0], by_points[1]
    best, worst = by_lift[0], by_lift[-1]
    even = 1 / players
    seats = report["seats"]
    # every seat at once: each interval widened from 95% to hold jointly (Bonferroni),
    # so that one seat in five a little off by chance is not called a seat effect
    widen = NormalDist().inv_cdf(1 - 0.025 / players) / NormalDist().inv_cdf(0.975)

    def holds(share: dict[str, Any]) -> bool:
        rate, (lo, hi) = share["rate"], share["ci95"]
        return rate - widen * (rate - lo) <= even <= rate + widen * (hi - rate)

    off = [s for s in seats if not holds(s["win_share"])]
    unit = report["unit"]
    out = [
        f"- The {unit} that earns most is **{top['card']}** "
        f"({top['points_per_card']:.2f} points a {unit}), then {second['card']} "
        f"({second['points_per_card']:.2f}).",
        f"- Taking **{best['card']}** when it is offered goes with the biggest rise in the "
        f"win rate ({100 * best['lift']:+.1f} points of %); taking **{worst['card']}** with "
        f"the biggest fall ({100 * worst['lift']:+.1f}).",
    ]
    if off:
        shares = ", ".join(
            f"seat {s['seat']} {pm(s['win_share']['rate'], s['win_share']['ci95'], 100)}%"
            for s in seats
        )
        out.append(f"- The seats are not even: {shares} (an even share is {100 * even:.1f}%).")
    else:
        out.append(
            f"- No seat is favoured: an even {100 * even:.1f}% lies within every seat's "
            f"interval of its win share (the {players} intervals holding together)."
        )
    scores = report["scores"]
    out.append(
        f"- Scores average {scores['mean']:.1f} (sd {scores['sd']:.1f}); the winner leads by "
        f"{scores['winning_margin']:.1f} points on average, and "
        f"{100 * scores['shared_wins']:.1f}% of the games end in a shared win."
    )
    return out


def sections(game: str, games: int, seed: int, pictures: Path) -> tuple[list[str], list[str]]:
    """A game's section at each player count, and its rows of the plan-against-none
    table."""
    page: list[str] = []
    rows: list[str] = []
    name = TITLES[game]
    for players in PLAYERS:
        print(f"{name}, {players} players ...", file=sys.stderr)
        report = run(game, players, ["heuristic"] * players, games, seed)
        folder = f"{game}-{players}p"
        analyze.plot(report, pictures / folder)
        page += [f"## {name}, {players} players", ""]
        page += findings(report, players)
        page += [""]
        page += cards_table(report)
        unit = report["unit"]
        page += [
            "",
            f"![Points a {unit} and lift, {players} players](analysis/{folder}/cards.png)",
            f"![Win share by seat and final scores, {players} players]"
            f"(analysis/{folder}/seats.png)",
            "",
        ]
        mixed = run(game, players, ["heuristic"] + ["random"] * (players - 1), games, seed)
        h, r = mixed["agents"]
        rows.append(
            f"| {players} | {pm(h['win_share']['rate'], h['win_share']['ci95'], 100)}% | "
            f"{100 / players:.1f}% | {h['mean_score']:.1f} | {r['mean_score']:.1f} |"
        )
    return page, rows


def party_sections(games: int, seed: int, pictures: Path) -> tuple[list[str], list[str]]:
    """Each suggested menu's section at 4 players, and the rows of the table of menus."""
    page: list[str] = []
    rows: list[str] = []
    players = PARTY_PLAYERS
    for key, menu in SUGGESTED_MENUS.items():
        print(f"{menu.name}, {players} players ...", file=sys.stderr)
        options = {"menu": key}
        report = run("sushi-go-party", players, ["heuristic"] * players, games, seed, options)
        folder = f"party-{key}-{players}p"
        analyze.plot(report, pictures / folder)
        page += [f"### {menu.name}", "", f"{menu.describe()}.", ""]
        page += findings(report, players)
        page += [""]
        page += cards_table(report)
        page += [
            "",
            f"![Points a card and lift, {menu.name}](analysis/{folder}/cards.png)",
            f"![Win share by seat and final scores, {menu.name}](analysis/{folder}/seats.png)",
            "",
        ]
        mixed = run(
            "sushi-go-party", players, ["heuristic"] + ["random"] * (players - 1), games, seed,
            options,
        )  # fmt: skip
        h = mixed["agents"][0]
        scores = report["scores"]
        cards = [c for c in report["cards"] if c["offered"] and c["points_per_card"] is not None]
        top = max(cards, key=lambda c: c["points_per_card"])
        rows.append(
            f"| {menu.name} | {pm(scores['mean'], scores['mean_ci95'], digits=1)} | "
            f"{scores['sd']:.1f} | {scores['winning_margin']:.1f} | "
            f"{100 * scores['shared_wins']:.1f}% | "
            f"{pm(h['win_share']['rate'], h['win_share']['ci95'], 100)}% | "
            f"{top['card']} ({top['points_per_card']:.2f}) |"
        )
    return page, rows


def menu_table(rows: list[str]) -> list[str]:
    return [
        "| menu | mean score | sd | winner's lead | shared wins | heuristic against three "
        "random | the card that earns most |",
        "| --- | ---: | ---: | ---: | ---: | ---: | --- |",
        *rows,
    ]


def plan_table(rows: list[str]) -> list[str]:
    return [
        "| players | heuristic's win share | an even share | heuristic's mean score "
        "| random's mean score |",
        "| ---: | ---: | ---: | ---: | ---: |",
        *rows,
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1_000_000, help="Sushi Go! games a table")
    parser.add_argument("--roll-games", type=int, default=500_000, help="Sushi Roll games a table")
    parser.add_argument(
        "--party-games", type=int, default=200_000, help="Sushi Go Party! games a menu's table"
    )
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--out", default=str(HERE / "docs"), help="the docs folder")
    args = parser.parse_args()
    docs = Path(args.out)
    pictures = docs / "analysis"
    pictures.mkdir(parents=True, exist_ok=True)
    given = []
    if args.games != 1_000_000:
        given.append(f"--games {args.games}")
    if args.roll_games != 500_000:
        given.append(f"--roll-games {args.roll_games}")
    if args.party_games != 200_000:
        given.append(f"--party-games {args.party_games}")
    command = "make analysis" + (f" ARGS='{' '.join(given)}'" if given else "")
    start = time.perf_counter()
    classic_page, classic_rows = sections("sushi-go", args.games, args.seed, pictures)
    roll_page, roll_rows = sections("sushi-roll", args.roll_games, args.seed, pictures)
    party_page, party_rows = party_sections(args.party_games, args.seed, pictures)
    minutes = (time.perf_counter() - start) / 60
    page = [
        "# What the games teach",
        "",
        "Figures from millions of games played by the batch engine (`sushigo.fast`,",
        "[fast.md](fast.md)) with `sushigo analyze`; this page, its tables and its plots",
        f"are made by `{command}` (tools/analysis_doc.py, {minutes:.0f} minutes on the",
        f"2-core machine): seed {args.seed}, {args.games:,} games a Sushi Go! table,",
        f"{args.roll_games:,} a Sushi Roll table, {args.party_games:,} a Sushi Go Party!",
        "menu's table.",
        "",
        "How to read them:",
        "",
        "- **points a card**: what the cards of a type earned, divided among them: a",
        "  family's points go to its cards (maki by icons; each nigiri its printed value,",
        "  and what a wasabi tripled to the wasabi; puddings the dessert points, which",
        "  sum to about nothing over a table as the fewest lose what the most win).",
        "  Chopsticks earn nothing themselves.",
        "- **won taking it / won passing it**: the win rate of the decisions at which the",
        "  card was in the hand and was taken, and at which it was passed up; **lift** is",
        "  the difference, in points of percent. It measures association under the",
        "  policy that played, not cause: a card taken late, when little else is left,",
        "  carries the state of that game with it.",
        "- **chosen most often over**: the cards most often in the hand when this one was",
        "  taken, with the share of those decisions.",
        "- Every figure has its 95% interval (±). Rates per decision count decisions as",
        "  independent, which the decisions of one game are not: those intervals are a",
        "  little narrow.",
        "",
        "The policy is the batch engine's quick heuristic (the search's playout policy:",
        "nine times in ten the card worth most to its tableau now, else any legal card).",
        "It plays far better than random (the last table) and far worse than a person or",
        "the `mcts` bot, so these are the values of cards in fast, plain play.",
        "",
        *classic_page,
        "## A plan against none",
        "",
        "The heuristic in seat 0, random players in every other seat:",
        "",
        *plan_table(classic_rows),
        "",
        "## Sushi Roll",
        "",
        "The same figures for Sushi Roll with the printed dice, face by face:",
        "",
        "- **points a face**: what the dice showing a face earned on the trays, as for",
        "  the cards (maki by icons, a nigiri its printed value and what a wasabi tripled",
        "  to the wasabi, the dumplings, tempura and sashimi their sets). The pudding",
        "  dice share the end's pudding points by icons; a player who took no pudding",
        "  die and loses points for the fewest has no die to charge them to, so those",
        "  are left out. Menu and chopsticks dice earn nothing themselves.",
        "- **won taking it / won passing it** count the takes: the decisions at which a",
        "  die showing the face was on the player's belt (after the swaps and re-rolls of",
        "  the turn), and was taken, or was not. Spending a token is no take.",
        "",
        "Sushi Roll's heuristic (the search's playout policy there) takes the die worth",
        "most to its tray now four times in five, else any die of the belt, and never",
        "spends a menu or chopsticks token: the token dice are worth little to it, and",
        "their lifts say what they are worth to a player who does not use them.",
        "",
        *roll_page,
        "## A plan against none, Sushi Roll",
        "",
        "The heuristic in seat 0, random players in every other seat:",
        "",
        *plan_table(roll_rows),
        "",
        "## Sushi Go Party!: the eight suggested menus",
        "",
        f"Each suggested menu at {PARTY_PLAYERS} players (every one of them allows four), the",
        "heuristic in every seat, then in seat 0 against three random players:",
        "",
        *menu_table(party_rows),
        "",
        "- **mean score**, **sd**, **winner's lead** and **shared wins** say how a menu",
        "  plays: how many points it gives, how spread they are, how close the games end.",
        "- **points a card**: every point goes to the card lying in front that scored it,",
        "  by its printed card: a family's points shared among its cards (maki and",
        "  uramaki by icons, the uramaki scored during the round included; each nigiri",
        "  its printed value and what a wasabi tripled to the wasabi under it; the rest",
        "  equally); a special order earns what its copy scores; a card flipped by a",
        "  takeout box earns its 2; the dessert's points at the end are shared among the",
        "  desserts kept. Points with no card to go to (the fewest temaki or puddings,",
        "  with none) go to the family's first card. Chopsticks, spoons, menus and takeout",
        "  boxes leave the table when used and earn nothing themselves: their worth shows",
        "  in their lift, and in the cards they brought.",
        "- **won taking it / won passing it** count the picks with a choice (not a",
        "  round's last card); a special order is taken as itself, whatever it copies.",
        "",
        "Sushi Go Party!'s heuristic (the search's playout policy there) decides at random",
        "one time in two, else takes the card worth most to its tableau now: it is a",
        "weaker player than Sushi Go!'s, and the lifts of the specials are what they are",
        "worth to a player that uses them as it does.",
        "",
        *party_page,
        "## Not here",
        "",
        "`sushigo analyze` reads every game: Sushi Go! (2-5 players, and the variants but",
        "the dummy, with `--variant`), Sushi Roll (2-5 players, and your own dice with",
        "`--dice`) and Sushi Go Party! (any menu, `--menu`, 2-8 players); this page shows",
        "the suggested menus at four players only.",
        "",
    ]
    (docs / "analysis.md").write_text("\n".join(page))
    print(f"wrote {docs / 'analysis.md'} and {pictures}/", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
