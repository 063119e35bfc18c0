"""The suite's figures can only go up: seed coverage, interaction matrices, mutation kill rate.

The engine mutants' gate (``engine``) is checked by tests/test_engine_mutate.py.

``conformance/gates.json`` records the level each ruleset has reached; raising a
figure there is how progress is locked in, and CI fails if one drops.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hotdeath.resources import mutants_dir, scenarios_dir
from hotdeath.suite.coverage import coverage, percent
from hotdeath.suite.matrix import matrix
from hotdeath.suite.mutate import equivalents, run, summary
from hotdeath_harness.corpus import load_corpus

GATES = json.loads((Path(__file__).resolve().parent.parent / "conformance" / "gates.json")
                   .read_text(encoding="utf-8"))
RULESETS = sorted(k for k in GATES if not k.startswith("_") and k != "engine")


@pytest.fixture(scope="module")
def corpus():
    return load_corpus(scenarios_dir())


@pytest.mark.parametrize("ident", [r for r in RULESETS if "coverage" in GATES[r]])
def test_seed_coverage_does_not_drop(rulesets, corpus, ident):
    assert percent(coverage(rulesets[ident], corpus)) >= GATES[ident]["coverage"]


@pytest.mark.parametrize("ident", RULESETS)
def test_matrix_empty_cells_do_not_grow(rulesets, corpus, ident):
    cells = matrix(rulesets[ident], corpus, rulesets)
    empty = [key for key, cell in cells.items() if not cell.pinned]
    assert len(empty) <= GATES[ident]["matrix_empty"], empty


@pytest.mark.slow
@pytest.mark.parametrize("ident", [r for r in RULESETS if "kill_rate" in GATES[r]])
def test_mutation_kill_rate_does_not_drop(rulesets, corpus, ident):
    result = summary(run(ident, rulesets, corpus, jobs=2),
                     equivalents(mutants_dir() / f"{ident}.equivalent"))
    survivors = [f"{o.mutant.ident} {o.mutant.what}" for o in result["survivors"]]
    assert result["kill_rate"] >= GATES[ident]["kill_rate"], survivors
