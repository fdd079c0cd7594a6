# Two commands on a fresh machine with only Python:
#   make run    - the web server: play Sushi Go! at http://127.0.0.1:8000
#   make test   - lint, type-check and run every test (installs Debian's
#                 chromium and postgresql if missing, and starts a private
#                 PostgreSQL server under var/pg-test/)
# (make play is the terminal game against bots.)
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-dev
RUNSTAMP := $(VENV)/.installed
# The compiled (mypyc) engine; see src/sushigo/games/__init__.py.
ACCEL_SRC := $(wildcard src/sushigo/games/*.py src/sushigo/games/*/*.py) tools/build_accel.py
ACCEL  := $(VENV)/.accel-built
# The browser and database the tests use; see test-services below.
PG_URL := build/postgres-url
TEST_ENV = SUSHIGO_TEST_CHROMIUM=/usr/bin/chromium SUSHIGO_TEST_POSTGRES=$(file <$(PG_URL))

.PHONY: run play test test-matrix analysis train learning-curves lint typecheck unit unit-pure unit-compiled test-services accel bench rl-smoke screenshots clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(RUNSTAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[cli,web]"
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

# numba's disk cache of a batch-engine kernel is not renewed when a function or a
# constant it takes from another file changes (the kernels share fast/rng.py, copy
# the games' card and dice tables, and Party's statistics and observations read its
# row layout): a change to the batch engine's sources, or to the games' and core's
# it reads, clears the whole cache, which the next use compiles again.
NUMBA_FRESH := $(VENV)/.numba-fresh
$(NUMBA_FRESH): $(wildcard src/sushigo/fast/*.py src/sushigo/games/*/*.py src/sushigo/core/*.py) | $(BIN)/python
	@find src/sushigo/fast -name '*.nbi' -delete -o -name '*.nbc' -delete
	@touch $@

run: $(RUNSTAMP)
	$(BIN)/sushigo serve $(ARGS)

play: $(RUNSTAMP)
	$(BIN)/sushigo play $(ARGS)

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks tools

typecheck: $(STAMP)
	$(BIN)/mypy

# Debian's chromium (driven by Playwright) and a throwaway PostgreSQL server,
# installed if missing and started once per make; the server is left running
# for the next run (tools/ensure-postgres.sh --stop stops it).
test-services:
	@bash tools/ensure-chromium.sh
	@mkdir -p build
	@bash tools/ensure-postgres.sh > $(PG_URL)

# The suite runs twice: against the compiled engine and against the source.
unit-compiled: $(ACCEL) $(NUMBA_FRESH) test-services
	$(TEST_ENV) $(BIN)/pytest -W error::RuntimeWarning -m "not matrix" tests README.md docs

# (the browser tests exercise the pages, and the batch engine's its numba kernels,
# not the engine build: they run once, above)
unit-pure: $(STAMP) $(NUMBA_FRESH) test-services
	SUSHIGO_PURE=1 $(TEST_ENV) $(BIN)/pytest -m "not browser and not matrix and not batch"

unit: unit-compiled unit-pure

test: lint typecheck unit

# The whole configuration matrices of the environments and the batch engine
# (marker matrix: every variant, Party menu, player count and dice file), with the
# compiled engine. make test runs one configuration of each game; CI runs this after
# it (.ci/run), as it takes longer than make test may.
test-matrix: $(ACCEL) $(NUMBA_FRESH) test-services
	$(TEST_ENV) $(BIN)/pytest -W error::RuntimeWarning -m matrix tests

bench: $(ACCEL) $(NUMBA_FRESH)
	$(BIN)/sushigo bench

# torch, stable-baselines3 and sb3-contrib (the train extra). torch is the CPU build
# this machine keeps on disk (a bare 'torch' may fetch CUDA).
TRAINSTAMP := $(VENV)/.installed-train
$(TRAINSTAMP): pyproject.toml $(STAMP)
	$(BIN)/python -m pip install --quiet "torch==2.13.0"
	$(BIN)/python -m pip install --quiet -e ".[train]"
	touch $@

# A learning smoke test of the environments (docs/rl.md), not part of make test:
# MaskablePPO must beat random in more than 80% of 400 games after 3 minutes.
rl-smoke: $(ACCEL) $(TRAINSTAMP)
	$(BIN)/python benchmarks/rl_smoke.py $(ARGS)

# Learn a 2-player Sushi Go! bot in 30 minutes (sushigo train; docs/rl.md, "Train a
# bot"): checkpoints in trained/ at 5, 10, 20 and 30 minutes. ARGS="--seed 1" etc.
train: $(ACCEL) $(NUMBA_FRESH) $(TRAINSTAMP)
	$(BIN)/sushigo train $(ARGS)

# docs/rl.md's learning curves and docs/learning/: three seeds of make train, each
# checkpoint against random and greedy (tools/learning_curves.py; about 2 hours)
learning-curves: $(ACCEL) $(NUMBA_FRESH) $(TRAINSTAMP)
	$(BIN)/python tools/learning_curves.py $(ARGS)

# docs/analysis.md and docs/analysis/: what millions of batch games teach (tools/analysis_doc.py)
analysis: $(STAMP) $(NUMBA_FRESH)
	$(BIN)/python tools/analysis_doc.py $(ARGS)

# docs/screenshots/: the web pages at a desk's and a phone's size (tools/screenshots.py)
screenshots: $(STAMP) test-services
	$(BIN)/python tools/screenshots.py --out docs/screenshots

clean:
	-bash tools/ensure-postgres.sh --stop
	rm -rf $(VENV) build .mypy_cache .pytest_cache .ruff_cache var/pg-test
	find src -name '*.so' -delete
	find src -name '*.nbi' -delete -o -name '*.nbc' -delete
