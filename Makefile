# The two commands of the README: `make serve` and `make test`. Both set up
# everything they need on a fresh machine (Python 3.11+, make and git).

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
HOST ?= localhost
PORT ?= 5006
ORIGIN ?= $(HOST):$(PORT)
# A table password for a server on a shared network: `make serve PASSWORD=...` (the app's own
# login page, companion/ui/password_hooks.py: every device logs in once). The password and
# the key that signs session ids reach the server through its environment: make never
# prints them.
PASSWORD ?=
# Server processes (`make serve PROCS=4`): they share the saved games, and each follows the
# others' changes (docs/shared_table.md).
PROCS ?= 1
# Where the saved games are (`make serve DB=postgresql://companion@db.local/companion`, or a
# SQLite file's path): passed to the server as COMPANION_DB. Empty: COMPANION_DB as the
# environment has it, else the SQLite file in the user's data folder. (`panel serve` takes
# no option of ours, so there is no --db.)
DB ?=
ifneq ($(DB),)
export COMPANION_DB := $(DB)
endif
AUTH = $(if $(PASSWORD),--auth-module companion/ui/password_hooks.py)
serve: export COMPANION_PASSWORD = $(PASSWORD)
serve: export BOKEH_SIGN_SESSIONS = true
# (make 4.3's $(shell) does not see make's own exports: the key's store is named again.)
serve: export BOKEH_SECRET_KEY = $(shell test -x $(BIN)/python && $(if $(DB),COMPANION_DB='$(DB)') \
	$(BIN)/python -m companion.ui.serve_key 2>/dev/null)

.PHONY: serve tablet test bench lint clean

serve: $(VENV)/.installed-run
	@test -n "$$BOKEH_SECRET_KEY" || $(BIN)/python -m companion.ui.serve_key >/dev/null
	@echo ""
	@echo "  companion is at http://$(HOST):$(PORT)/  (Ctrl-C stops it)"
	@echo ""
	$(BIN)/panel serve apps/*.py --setup companion/ui/serve_setup.py --index index --address $(HOST) --port $(PORT) \
		--allow-websocket-origin $(ORIGIN) --num-procs $(PROCS) $(shell $(BIN)/python -m companion.ui.serve_args) $(AUTH)

# A game's tablet lost (cleared cookies, a new device): a one-use link that makes a new one.
tablet: $(VENV)/.installed-run
	@$(BIN)/python -m companion.ui.tablet_link "$(CODE)" http://$(HOST):$(PORT)

test: $(VENV)/.installed-test
	@bash scripts/ensure-chromium.sh
	@bash scripts/ensure-postgres.sh
	$(BIN)/ruff check .
	$(BIN)/pytest

bench: $(VENV)/.installed-test
	@bash scripts/ensure-chromium.sh
	cd benchmarks && ../$(BIN)/python run.py

lint: $(VENV)/.installed-test
	$(BIN)/ruff check .

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis

$(BIN)/python:
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' || \
		{ echo "companion needs Python 3.11 or newer (found: $$($(PYTHON) --version))"; exit 1; }
	$(PYTHON) -m venv $(VENV)

$(VENV)/.installed-run: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e .
	@touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[test]'
	@touch $@ $(VENV)/.installed-run
