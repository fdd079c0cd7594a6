#!/usr/bin/env bash
# Machine instructions per random 4-player classic game, counted by callgrind.
#
#   bash benchmarks/instructions_per_game.sh [GAMES]      (default 100)
#
# Wall-clock figures on shared machines move by 30% or more from one minute to
# the next; an instruction count does not. It runs the same play_game loop as
# `sushigo bench` (random agents), with PYTHONHASHSEED fixed, once with 0
# games and once with GAMES, and prints the difference per game.
# Needs valgrind (Debian package `valgrind`).
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-100}
python=${PYTHON:-.venv/bin/python}
export PYTHONHASHSEED=0
script='
import sys, sushigo
from sushigo.agents import make_agent
from sushigo.play import play_game
rules = sushigo.make("sushi-go", players=4)
agents = [make_agent("random", seat) for seat in range(4)]
for seed in range(int(sys.argv[1])):
    play_game(rules, agents, seed)
'
count() {
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$python" -c "$script" "$1" 2>&1 \
    | awk '/Collected/ {print $4}'
}
base=$(count 0)
total=$(count "$games")
engine=$("$python" -c 'import sushigo.games.classic as c; print("source" if c.__file__.endswith(".py") else "compiled")')
echo "instructions per 4-player random game ($engine engine): $(( (total - base) / games ))"
