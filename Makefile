# Two commands matter: `make run` and `make test`; `make demo GAME=njet PLAYERS=3` plays a game without Discord.
# Each creates .venv when it is missing.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
TEST_STAMP := $(VENV)/.installed-test

SOAK_KILLS ?= 100

.PHONY: run test soak lint typecheck demo bench shots clean chromium

# setuptools installs this flat layout (bot/, cogs/, renders/ at the top) in editable mode through an import finder
# that exposes only those packages, and says so in a notice on every install ("Editable installation... folders
# with the same name as your package"): informational only, so it is filtered out, and nothing else is.
PIP := PYTHONWARNINGS="ignore:Editable installation" $(BIN)/python -m pip

$(BIN)/python:
	$(PY) -m venv $(VENV)
	$(PIP) install --quiet --upgrade pip

# Le Chat vert's engine core is compiled by mypyc at install (setup.py): installing again compiles its modules again.
COMPILED := setup.py bot/games/chat_vert/cards.py bot/games/chat_vert/state.py bot/games/chat_vert/core.py

$(STAMP): pyproject.toml $(COMPILED) | $(BIN)/python
	$(PIP) install --quiet -e .
	touch $@

$(TEST_STAMP): pyproject.toml $(COMPILED) | $(BIN)/python
	$(PIP) install --quiet -e ".[test]"
	touch $@ $(STAMP)

# The Activity's page script: Discord's Embedded App SDK and the page's own code, bundled by esbuild (both pinned in
# web/activity_client/package-lock.json), built with npm when it is missing or older than what it is made of.
ACTIVITY_DIR := web/activity_client
ACTIVITY_JS := $(ACTIVITY_DIR)/dist/activity.js

$(ACTIVITY_JS): $(ACTIVITY_DIR)/package.json $(ACTIVITY_DIR)/package-lock.json $(wildcard $(ACTIVITY_DIR)/src/*.js)
	cd $(ACTIVITY_DIR) && npm ci --no-audit --no-fund --loglevel=error && npm run --silent build

# The bot runs without Node.js: the Activity's script is built when npm is at hand (the Activity needs it).
run: $(STAMP) $(if $(shell command -v npm),$(ACTIVITY_JS))
	$(BIN)/python -m bot

lint: $(TEST_STAMP)
	$(BIN)/ruff check bot cogs renders web bench tests
	$(BIN)/ruff format --check bot cogs renders web bench tests

typecheck: $(TEST_STAMP)
	$(BIN)/mypy

# The browser tests (the pages, the Activity) and the shots drive Debian's Chromium. Installing it takes root: as root
# make installs it; as anyone else make test goes on (the browser tests skip, and fail in CI) and make shots says what
# to run.
CHROMIUM := /usr/bin/chromium

chromium:
	@if [ ! -x $(CHROMIUM) ] && [ "$$(id -u)" = 0 ]; then \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	fi

test: lint typecheck $(ACTIVITY_JS) chromium
	$(BIN)/pytest -q

# The kill test at length: the child process is killed SOAK_KILLS times (make soak SOAK_KILLS=500).
soak: $(TEST_STAMP)
	TABLEE_SOAK_KILLS=$(SOAK_KILLS) $(BIN)/pytest -q -s -m soak tests/reliability

# The demo's game (nain_jaune, triominos, neurotrio, njet or chat_vert, or the slash command's name: nainjaune,
# chatvert) and its number of players.
GAME ?= nain_jaune
PLAYERS ?= 4

demo: $(STAMP)
	$(BIN)/python -m bot demo --game $(GAME) --players $(PLAYERS) --out demo-out

# BENCH_ARGS="--game njet --quick --json bench.json": one game, fewer samples, the figures also as JSON.
BENCH_ARGS ?=

BENCH_STAMP := $(VENV)/.installed-bench

$(BENCH_STAMP): pyproject.toml $(COMPILED) | $(BIN)/python
	$(PIP) install --quiet -e ".[bench]"
	touch $@ $(STAMP)

bench: $(BENCH_STAMP)
	$(BIN)/python -m bot bench $(BENCH_ARGS)

# Screenshots of every game's table message and private panel as Discord shows them (simcord's preview page), at
# desktop and phone widths, into shots/; with the system's Chromium. SHOTS_ARGS="--lang en --docs" for more.
SHOTS_STAMP := $(VENV)/.installed-shots
SHOTS_ARGS ?=

$(SHOTS_STAMP): pyproject.toml $(COMPILED) | $(BIN)/python
	$(PIP) install --quiet -e ".[test,shots]"
	touch $@

shots: $(SHOTS_STAMP) chromium
	@if [ ! -x $(CHROMIUM) ]; then \
	  echo "make shots: Chromium is missing ($(CHROMIUM)) and installing it takes root:" \
	    "run sudo apt-get install chromium, then make shots again." >&2; \
	  exit 1; \
	fi
	$(BIN)/python -m tests.e2e.shots --out shots $(SHOTS_ARGS)

clean:
	rm -rf $(VENV) $(ACTIVITY_DIR)/node_modules $(ACTIVITY_DIR)/dist demo-out .mypy_cache .ruff_cache .pytest_cache .hypothesis build *.so bot/games/chat_vert/*.so
