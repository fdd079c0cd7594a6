# Two commands on a fresh machine with only Python:
#   make play   - a terminal game of Sushi Go! against bots
#   make test   - lint, type-check and run every test
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-dev
RUNSTAMP := $(VENV)/.installed
# The compiled (mypyc) engine; see src/sushigo/games/__init__.py.
ACCEL_SRC := $(wildcard src/sushigo/games/*.py) tools/build_accel.py
ACCEL  := $(VENV)/.accel-built

.PHONY: play test lint typecheck unit unit-pure unit-compiled accel bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(RUNSTAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[cli]"
	touch $@

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[dev]"
	touch $@ $(RUNSTAMP)

# Compile the engines with mypyc, in place. If the compiler is missing or
# fails, the pure-Python engine is used and the reason is in build/accel.log.
$(ACCEL): $(ACCEL_SRC) $(wildcard src/sushigo/core/*.py) $(STAMP)
	@mkdir -p build
	@find src -name '*.so' -delete
	@cd src && ../$(BIN)/python ../tools/build_accel.py > ../build/accel.log 2>&1 \
	  && echo "compiled the engines with mypyc" \
	  || { find . -name '*.so' -delete; \
	       echo "note: could not compile the engines (see build/accel.log); the pure-Python ones are used"; }
	@rm -rf src/build
	@touch $@

accel: $(ACCEL)

play: $(RUNSTAMP)
	$(BIN)/sushigo play $(ARGS)

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks tools

typecheck: $(STAMP)
	$(BIN)/mypy

# The suite runs twice: against the compiled engine and against the source.
unit-compiled: $(ACCEL)
	$(BIN)/pytest -W error::RuntimeWarning tests README.md docs

unit-pure: $(STAMP)
	SUSHIGO_PURE=1 $(BIN)/pytest

unit: unit-compiled unit-pure

test: lint typecheck unit

bench: $(ACCEL)
	$(BIN)/sushigo bench

clean:
	rm -rf $(VENV) build .mypy_cache .pytest_cache .ruff_cache
	find src -name '*.so' -delete
