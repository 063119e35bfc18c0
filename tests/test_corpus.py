"""The whole scenario corpus: well-formed, schema-valid, consistent with the spec, passing."""

from __future__ import annotations

import json
import time

import jsonschema
import pytest

from hotdeath.resources import scenarios_dir, schema_dir
from hotdeath.serve import InProcessClient
from hotdeath.suite.lint import duplicate_scenarios, lint_scenario, unpinned_rulings
from hotdeath_harness import protocol
from hotdeath_harness.corpus import load_corpus
from hotdeath_harness.runner import run_scenario
from hotdeath_harness.session import Session

CORPUS = load_corpus(scenarios_dir())


def _validator(name: str) -> jsonschema.Draft202012Validator:
    schema = json.loads((schema_dir() / name).read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


@pytest.fixture(scope="module")
def session(rulesets):
    return Session.open(InProcessClient(rulesets), timeout=10)


@pytest.mark.parametrize("scn", CORPUS, ids=[s.ident for s in CORPUS])
def test_scenario_passes_on_reference(session, scn):
    result = run_scenario(session, scn.data)
    assert result.status == "pass", f"{result.message}\n" + "\n".join(result.details)


def test_corpus_size():
    rulesets = [s.data["ruleset"] for s in CORPUS]
    assert rulesets.count("classic") >= 60
    assert rulesets.count("hot-death-v3") >= 30


def test_scenarios_are_schema_valid():
    validator = _validator("scenario.schema.json")
    for scn in CORPUS:
        errors = [e.message for e in validator.iter_errors(scn.data)]
        assert not errors, f"{scn.ident}: {errors}"


def test_load_answers_are_schema_valid(session):
    """Every loaded table's observation follows observation.schema.json (via the protocol)."""
    for scn in CORPUS:
        answer = session.ask(protocol.load(scn.data), "load_response", time.monotonic() + 10)
        assert answer["outcome"] == "loaded", scn.ident


def test_scenarios_agree_with_spec(rulesets):
    problems = [d.render() for scn in CORPUS for d in lint_scenario(scn, rulesets)]
    assert not problems, "\n".join(problems)


def test_no_scenario_repeats_another():
    """Two scenarios with the same table and acts are one clarification written twice."""
    assert [d.render() for d in duplicate_scenarios(CORPUS)] == []


def test_every_ruling_has_a_scenario(rulesets):
    assert unpinned_rulings(rulesets, CORPUS) == []


def test_every_v3_card_has_three_scenarios(rulesets):
    """Each card of v3's own file appears (in a hand, a field or a step) in three scenarios."""
    v3 = rulesets["hot-death-v3"]
    own = [k for k in v3.kinds.values() if k.path.endswith("hot-death-v3.hd")
           and k.name not in rulesets["classic"].kinds]
    text = {s.ident: json.dumps(s.data) for s in CORPUS if s.data["ruleset"] == v3.ident}
    for kind in own:
        notations = [f.notation for f in v3.faces.values() if f.kind is kind]
        used = [i for i, t in text.items() if any(f'"{n}"' in t for n in notations)]
        assert len(used) >= 3, f"{kind.name} appears only in {used}"


def test_ids_are_unique_and_stable_shaped():
    ids = [s.ident for s in CORPUS]
    assert len(ids) == len(set(ids))
