# Podium's two entry points: `make demo` (set up and run the sample sports day) and
# `make test` (set up and run the test suite). Both create .venv on first use.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test bench i18n lint clean screenshots

LOG := $(VENV)/setup.log
QUIETLY := ./scripts/quietly $(LOG)

# Set-up is quiet: apt, pip and setuptools write to .venv/setup.log, shown only when a step fails.
$(STAMP): pyproject.toml
	@echo "Setting up Podium in $(VENV) (system libraries if missing, Python packages; the first time takes a few minutes)…"
	@$(QUIETLY) ./scripts/system-deps
	@$(QUIETLY) $(PYTHON) -m venv $(VENV)
	@$(QUIETLY) $(BIN)/pip install --upgrade pip
	@$(QUIETLY) $(BIN)/pip install -e ".[test]"
	@$(QUIETLY) $(BIN)/python -m compileall -q core plugins   # bytecode once, so every command starts fast (even with PYTHONDONTWRITEBYTECODE)
	@$(QUIETLY) $(BIN)/python tools/startup_caches.py   # and the methods attrs compiles for each class, the plugins installed (podium/code_cache.py, entry_points.py)
	@touch $(STAMP)
	@echo "Set-up done (details in $(LOG))."

demo: $(STAMP)
	@$(BIN)/podium demo

test: $(STAMP)
	$(BIN)/ruff check core plugins tests tools benchmarks examples
	$(BIN)/python tools/i18n.py check
	$(BIN)/pytest -n auto

bench: $(STAMP)
	for script in benchmarks/bench_*.py; do $(BIN)/python $$script || exit 1; done

screenshots: $(STAMP)   # the pictures of docs/web.md, taken by the browser tests
	PODIUM_SCREENSHOTS=docs $(BIN)/pytest -q -p no:randomly tests/web/test_browser.py

i18n: $(STAMP)
	$(BIN)/python tools/i18n.py compile

clean:
	rm -rf $(VENV) podium-demo build *.egg-info
