# Two entry points for a fresh machine: `make conform` and `make test`.
# Both bootstrap a virtual environment in .venv and install the project into it.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: conform test lint bench rlcard-report jpriebe-report clean

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

conform: $(STAMP)
	$(BIN)/hotdeath check
	$(BIN)/hotdeath conform

test: $(STAMP)
	$(BIN)/ruff check reference_impl tests benchmarks conformance
	$(BIN)/python -m pytest

bench: $(STAMP)
	$(BIN)/python benchmarks/bench_random_games.py
	$(BIN)/python benchmarks/bench_protocol.py
	$(BIN)/python benchmarks/bench_vs_rlcard.py

# The published check of RLCard's UNO (docs/conformance/rlcard-uno.md); a test keeps it current.
rlcard-report: $(STAMP)
	mkdir -p docs/conformance
	cd $(CURDIR) && PATH="$(CURDIR)/$(BIN):$$PATH" hotdeath conform --no-progress \
	    --impl "python conformance/adapters/rlcard_uno.py" --ruleset classic \
	    --expected-failures conformance/adapters/rlcard_uno.expected \
	    --format markdown > docs/conformance/rlcard-uno.md

# The published check of John Priebe's Hot Death engine (docs/conformance/jpriebe-hotdeath.md).
# Needs a JDK (javac, java) and the peer's sources (JPRIEBE_HOTDEATH_SRC, default
# ../shared/peers/jpriebe-hotdeath); the adapter compiles them into ~/.cache/hotdeath.
jpriebe-report: $(STAMP)
	mkdir -p docs/conformance
	cd $(CURDIR) && PATH="$(CURDIR)/$(BIN):$$PATH" hotdeath conform --no-progress \
	    --impl "python conformance/adapters/jpriebe_hotdeath.py" --ruleset hot-death-1989 \
	    --expected-failures conformance/adapters/jpriebe_hotdeath.expected \
	    --format markdown > docs/conformance/jpriebe-hotdeath.md

clean:
	rm -rf $(VENV)
