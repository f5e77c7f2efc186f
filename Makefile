# The two commands: `make play` (the parlour server: lobby and tables in the browser) and `make test` (everything).
# Each creates and fills its own virtual environment in .venv when missing.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play test lint typecheck compile unit bench clean chromium messages docs wheel-check

# The server tests that need PostgreSQL or Redis start their own (initdb and pg_ctl, redis-server) on free ports and
# use no service of this machine; they are skipped, saying why, only where those programs are not installed.

$(STAMP): pyproject.toml setup.py
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev,server,report,cluster,rl,openspiel,learn,docs,jax]'
	touch $(STAMP)

play: $(STAMP)
	$(BIN)/parlour serve

test: $(STAMP) lint typecheck docs wheel-check unit

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks tools examples setup.py

typecheck: $(STAMP)
	$(BIN)/mypy

# The documentation site (mkdocs.yml) into site/, strict: a broken link or API reference fails the build
# (not --quiet: it hides the warnings that strict counts).
docs: $(STAMP)
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict

# The engine's hot modules compiled by mypyc beside their source (setup.py): nothing to do when the build (pip's
# included) matches every source, else rebuilt, in a few seconds from mypyc's cache under build/ once it exists.
# Without a C compiler the package stays pure Python. A compiled module whose source changed is never run: parlour
# runs the source instead, with a warning (parlour/__init__.py).
compile: $(STAMP)
	@$(BIN)/python -W ignore -c "import sys, parlour; sys.exit(0 if parlour.compiled() else 1)" 2>/dev/null || \
		$(BIN)/python setup.py -q build_ext --inplace

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# The wheel a first `pip install .` builds, from a clean copy of HEAD in an isolated environment holding only the build
# requirements: it must be compiled, install in a fresh environment and play (tools/wheel_check.py; about 2 min of CPU,
# mostly the C compiler). It needs only a Python with pip; tests/test_install.py installs the wheel it keeps in build/.
wheel-check: $(BIN)/python
	$(BIN)/python tools/wheel_check.py

# The whole suite as built (compiled where a compiler is), then the engine's own tests again on pure Python.
PURE_TESTS := tests/games tests/core tests/test_conformance.py tests/test_positions.py tests/test_plugin_game.py \
	tests/test_estimate.py tests/test_compiled.py

unit: $(STAMP) chromium compile
	$(BIN)/pytest -n 2 -q
	PARLOUR_PURE_PYTHON=1 $(BIN)/pytest -n 2 -q $(PURE_TESTS)

# Debian's Chromium for the browser tests: installed when missing and this user may; they skip without it.
chromium:
	@command -v chromium >/dev/null 2>&1 || { [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1 && \
		apt-get update -qq && apt-get install -y -qq chromium >/dev/null; } || \
		echo "no Chromium: the browser tests will be skipped"

# After adding or changing a message: update the catalogs from the code, then translate what they list.
messages: $(STAMP)
	$(BIN)/python tools/messages.py

bench: $(STAMP)
	$(BIN)/python -m benchmarks speed

clean:
	rm -rf $(VENV) site .mypy_cache .ruff_cache .pytest_cache .hypothesis build src/*.so src/parlour/_compiled.json
	find src -name '*.so' -delete
