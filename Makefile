# Two commands on a fresh machine with only Python:
#   make play   - a terminal game of Sushi Go! against bots
#   make test   - lint, type-check and run every test
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-dev
RUNSTAMP := $(VENV)/.installed

.PHONY: play test lint typecheck unit bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(RUNSTAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[cli]"
	touch $@

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[dev]"
	touch $@ $(RUNSTAMP)

play: $(RUNSTAMP)
	$(BIN)/sushigo play $(ARGS)

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks

typecheck: $(STAMP)
	$(BIN)/mypy

unit: $(STAMP)
	$(BIN)/pytest

test: lint typecheck unit

bench: $(RUNSTAMP)
	$(BIN)/sushigo bench

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache
