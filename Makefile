# Two entry points for a fresh machine: `make conform` and `make test`.
# Both bootstrap a virtual environment in .venv and install the project into it:
# `make conform` the project alone (what checking the corpus needs), `make test` with the
# development extras (pytest, hypothesis, ruff, RLCard, the docs toolchain).
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
BASE_STAMP := $(VENV)/.installed-base

.PHONY: conform test lint bench rlcard-report jpriebe-report suite-power fuzz-reports clean docs web

$(BIN)/python:
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP) $(BASE_STAMP)

$(BASE_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $(BASE_STAMP)

conform: $(BASE_STAMP)
	$(BIN)/hotdeath check
	$(BIN)/hotdeath conform

# `make test`: the fast suite (the tests marked slow left out). HOTDEATH_SLOW=1 make test (CI,
# .ci/run) then runs the slow ones too, one line each as it starts (-v), so the long part shows.
test: $(STAMP)
	$(BIN)/ruff check reference_impl tests benchmarks conformance
	$(BIN)/python -m pytest
	@if [ -n "$$HOTDEATH_SLOW" ]; then $(BIN)/python -m pytest -m slow -v; fi

# The rules site, generated from spec/ and the corpus, into docs/_build/html; warnings are
# errors. Needs graphviz's `dot` (Debian: apt-get install graphviz). Browse: hotdeath docs --serve
docs: $(STAMP) web
	$(BIN)/python -m sphinx -b html -W --keep-going -q -d docs/_build/doctrees docs docs/_build/html

# The rules site's in-page reference (docs/web): Pyodide and CodeMirror from npm, pinned by
# package-lock.json, and the page's app bundled by esbuild into docs/web/dist. The Sphinx
# build copies them, with a zip of the reference's Python, into _static/hd. Needs Node and npm.
web:
	cd docs/web && npm ci --no-audit --no-fund --loglevel=error && npm run --silent build

bench: $(STAMP)
	$(BIN)/python benchmarks/bench_random_games.py
	$(BIN)/python benchmarks/bench_protocol.py
	$(BIN)/python benchmarks/bench_corpus_scale.py
	$(BIN)/python benchmarks/bench_vs_rlcard.py

# The suite's power per ruleset: coverage, matrices, mutation kill rate (a few minutes).
suite-power: $(STAMP)
	mkdir -p docs/conformance
	$(BIN)/hotdeath power --markdown > docs/conformance/suite-power.md

# The published check of RLCard's UNO (docs/conformance/rlcard-uno.md): the corpus, then the
# differential run's distinct differences (conformance/tools/differences.py); a test keeps it
# current.
rlcard-report: $(STAMP)
	mkdir -p docs/conformance
	cd $(CURDIR) && PATH="$(CURDIR)/$(BIN):$$PATH" hotdeath conform --no-progress \
	    --impl "python conformance/adapters/rlcard_uno.py" --ruleset classic \
	    --expected-failures conformance/adapters/rlcard_uno.expected \
	    --format markdown > docs/conformance/rlcard-uno.md
	cd $(CURDIR) && PATH="$(CURDIR)/$(BIN):$$PATH" hotdeath conform --no-progress \
	    --impl "python conformance/adapters/rlcard_uno.py" --ruleset classic --differential \
	    --format ndjson | $(BIN)/python conformance/tools/differences.py \
	    --notes conformance/adapters/rlcard_uno.differences \
	    --expected-failures conformance/adapters/rlcard_uno.expected \
	    >> docs/conformance/rlcard-uno.md

# The published check of John Priebe's Hot Death engine (docs/conformance/jpriebe-hotdeath.md).
# Needs a JDK (javac, java) and the peer's sources (JPRIEBE_HOTDEATH_SRC, default
# ../shared/peers/jpriebe-hotdeath); the adapter compiles them into ~/.cache/hotdeath.
jpriebe-report: $(STAMP)
	mkdir -p docs/conformance
	cd $(CURDIR) && PATH="$(CURDIR)/$(BIN):$$PATH" hotdeath conform --no-progress \
	    --impl "python conformance/adapters/jpriebe_hotdeath.py" --ruleset hot-death-1989 \
	    --expected-failures conformance/adapters/jpriebe_hotdeath.expected \
	    --format markdown > docs/conformance/jpriebe-hotdeath.md
	cd $(CURDIR) && PATH="$(CURDIR)/$(BIN):$$PATH" hotdeath conform --no-progress \
	    --impl "python conformance/adapters/jpriebe_hotdeath.py" --ruleset hot-death-1989 \
	    --differential --format ndjson | $(BIN)/python conformance/tools/differences.py \
	    --notes conformance/adapters/jpriebe_hotdeath.differences \
	    --expected-failures conformance/adapters/jpriebe_hotdeath.expected \
	    >> docs/conformance/jpriebe-hotdeath.md

# hotdeath fuzz against the test gallery's tiny_uno.js, the RLCard adapter and the jpriebe
# adapter: the distinct faults found, each with its smallest scenario (docs/conformance/fuzz-*/);
# faults the corpus already pins are listed in the adapters' .fuzz-known files, reported with
# the reason and played past. Exit status 1 means new faults were found (that is the report),
# not that the run failed. The jpriebe engine has no Vacuum (its games are played without).
FUZZ = PATH="$(CURDIR)/$(BIN):$$PATH" hotdeath fuzz --no-progress --games 300 --seed 0 -j 2
fuzz-reports: $(STAMP)
	cd $(CURDIR) && $(FUZZ) --impl "node tests/gallery/tiny_uno.js" \
	    --out docs/conformance/fuzz-tiny-uno || [ $$? -eq 1 ]
	cd $(CURDIR) && $(FUZZ) --impl "python conformance/adapters/rlcard_uno.py" \
	    --ruleset classic --known conformance/adapters/rlcard_uno.fuzz-known \
	    --out docs/conformance/fuzz-rlcard-uno || [ $$? -eq 1 ]
	cd $(CURDIR) && $(FUZZ) --impl "python conformance/adapters/jpriebe_hotdeath.py" \
	    --ruleset hot-death-1989 --option no_vacuum \
	    --known conformance/adapters/jpriebe_hotdeath.fuzz-known \
	    --out docs/conformance/fuzz-jpriebe-hotdeath || [ $$? -eq 1 ]

clean:
	rm -rf $(VENV)
