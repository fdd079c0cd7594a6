#!/usr/bin/env bash
# Machine instructions per random game, counted by callgrind.
#
#   bash benchmarks/instructions_per_game.sh [GAMES] [GAME] [PLAYERS] [MENU]
#
#   bash benchmarks/instructions_per_game.sh                          # 100 classic 4-player games
#   bash benchmarks/instructions_per_game.sh 200 sushi-go-party 4 master-menu
#   bash benchmarks/instructions_per_game.sh 100 sushi-go-party 8 big-banquet
#
# Wall-clock figures on shared machines move by 30% or more from one minute to
# the next; an instruction count does not. It runs the same play_game loop as
# `sushigo bench` (random agents), with PYTHONHASHSEED fixed, once with 0
# games and once with GAMES, and prints the difference per game.
# Needs valgrind (Debian package `valgrind`).
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-100}
game=${2:-sushi-go}
players=${3:-4}
menu=${4:-}
python=${PYTHON:-.venv/bin/python}
export PYTHONHASHSEED=0
script='
import sys, sushigo
from sushigo.agents import make_agent
from sushigo.play import play_game
games, game, players, menu = int(sys.argv[1]), sys.argv[2], int(sys.argv[3]), sys.argv[4]
options = {"menu": menu} if menu else {}
rules = sushigo.make(game, players=players, **options)
agents = [make_agent("random", seat) for seat in range(players)]
for seed in range(games):
    play_game(rules, agents, seed)
'
count() {
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$python" -c "$script" "$1" "$game" "$players" "$menu" 2>&1 \
    | awk '/Collected/ {print $4}'
}
base=$(count 0)
total=$(count "$games")
engine=$("$python" -c 'import sushigo.games as g; print("compiled" if g.COMPILED else "source")')
echo "instructions per random $game game, $players players${menu:+, $menu} ($engine engine): $(( (total - base) / games ))"
