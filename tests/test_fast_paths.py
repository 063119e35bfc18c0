"""The fast paths of a corpus run give exactly what the slow ones gave.

A compiled validator decides answers, but never accepts one that jsonschema
refuses, and every rejection is still worded by jsonschema; the disk cache of
parsers, rules trees and compiled scenarios returns what compiling returns, and
a damaged, foreign or stale entry is rebuilt, never used; ``hotdeath serve``
and a clean corpus run do without the harness and jsonschema imports.
"""

from __future__ import annotations

import copy
import json
import pickle
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from referencing import Registry, Resource

from hotdeath import cache
from hotdeath.errors import HotDeathError
from hotdeath.lang import parse as rules_parse
from hotdeath.resources import scenarios_dir, schema_dir, spec_dir
from hotdeath.scenario import parse as scenario_parse
from hotdeath.serve import InProcessClient
from hotdeath_harness import protocol
from hotdeath_harness.corpus import load_corpus
from hotdeath_harness.session import Session

CORPUS = load_corpus(scenarios_dir())
SAMPLE = CORPUS[:: max(len(CORPUS) // 40, 1)]


def _answers(rulesets) -> list[tuple[str, dict]]:
    """Real answers of the reference to a spread of the corpus, with the kind each must be."""
    client = InProcessClient(rulesets)
    out = [("hello_response", client.request({"cmd": "hello", "seq": 0, **protocol.hello()}, 5))]
    for scn in SAMPLE:
        out.append(("load_response", client.request({**protocol.load(scn.data), "seq": 1}, 5)))
        for i, step in enumerate(scn.data["steps"]):
            out.append(("step_response",
                        client.request({**protocol.step(i, step), "seq": i + 2}, 5)))
    return out


class _Answers(list):
    """The answers, shown by their number: hypothesis prints its arguments on a failure."""

    def __repr__(self) -> str:
        return f"<{len(self)} answers of the reference>"


@pytest.fixture(scope="module")
def answers(rulesets):
    return _Answers(_answers(rulesets))


def _jsonschema_alone(kind: str, message: object) -> list[str]:
    """What the harness said of an answer before the compiled validator, written out again."""
    registry = Registry().with_resources(
        (c["$id"], Resource.from_contents(c))
        for c in (json.loads(p.read_text()) for p in sorted(schema_dir().glob("*.schema.json"))))
    if kind in protocol._OUTCOMES:
        outcome = message.get("outcome") if isinstance(message, dict) else None
        if outcome not in protocol._OUTCOMES[kind]:
            return [f"outcome: expected one of {', '.join(protocol._OUTCOMES[kind])}, "
                    f"got {outcome!r}"]
        kind = outcome
    validator = jsonschema.Draft202012Validator(
        {"$ref": f"https://hotdeath.invalid/schema/protocol.schema.json#/$defs/{kind}"},
        registry=registry)
    errors = sorted(validator.iter_errors(message), key=lambda e: list(e.absolute_path))
    return [f"{'/'.join(str(p) for p in e.absolute_path) or '(top level)'}: "
            f"{(jsonschema.exceptions.best_match([e]) if e.context else e).message}"
            for e in errors]


ODD_VALUES = [None, True, False, 0, -1, 1.0, 1.5, 2**70, -(2**70), 10**400, float("nan"),
              float("inf"), "", "x", "red\n", "Red", "\ud800", "é", [], [1, 1.0], [1, True],
              {}, {"x": 1}]


def _paths(value: object, at: tuple = ()) -> list[tuple]:
    out = [at]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*at, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, (*at, i))
    return out


def _mutate(message: dict, path: tuple, how: str, odd: object) -> dict:
    """A copy of ``message`` with the value at ``path`` replaced, dropped, or given a new key."""
    out = copy.deepcopy(message)
    if not path:
        return out
    parent = out
    for key in path[:-1]:
        parent = parent[key]
    last = path[-1]
    if how == "drop" and isinstance(parent, dict):
        del parent[last]
    elif how == "extra" and isinstance(parent[last], dict):
        parent[last]["zz_extra"] = odd
    else:
        parent[last] = odd
    return out


@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_the_compiled_validator_never_accepts_what_jsonschema_refuses(answers, data):
    kind, answer = data.draw(st.sampled_from(answers))
    path = data.draw(st.sampled_from(_paths(answer)))
    how = data.draw(st.sampled_from(["replace", "drop", "extra"]))
    odd = data.draw(st.sampled_from(ODD_VALUES))
    message = _mutate(answer, path, how, odd)
    assert protocol.violations(kind, message) == _jsonschema_alone(kind, message)


FIXED_PLACES = [("hello_response", ("protocol",)), ("load_response", ("observation", "color")),
                ("load_response", ("observation", "pile_count")),
                ("load_response", ("observation", "players", 0)),
                ("load_response", ("observation", "pending")),
                ("load_response", ("observation", "uno_pending")), ("step_response", ("seq",)),
                ("step_response", ("observation", "scores"))]


@pytest.mark.parametrize("odd", ODD_VALUES, ids=repr)
def test_odd_values_get_the_verdict_and_words_of_jsonschema(answers, odd):
    """Each odd value at fixed places, so the known traps never depend on hypothesis's draw:
    jsonschema-rs before 0.49 took NaN and Infinity for null, for one."""
    for kind, path in FIXED_PLACES:
        answer = next(a for k, a in answers if k == kind)
        message = _mutate(answer, path, "replace", odd)
        assert protocol.violations(kind, message) == _jsonschema_alone(kind, message), path


def test_every_real_answer_passes_the_compiled_validator_alone(answers):
    """The fast path is the path taken: jsonschema is not consulted for a valid answer."""
    for kind, answer in answers:
        ref = f"protocol.schema.json#/$defs/{answer.get('outcome', kind)}"
        assert protocol._accepted(ref, answer), (kind, answer)


def test_a_rejected_answer_is_worded_by_jsonschema(answers):
    kind, answer = next((k, a) for k, a in answers if k == "step_response")
    broken = {k: v for k, v in answer.items() if k != "observation"}
    assert protocol.violations(kind, broken) == ["(top level): 'observation' is a required "
                                                 "property"]


def test_a_session_refuses_a_wrong_shaped_answer(rulesets):
    """Validation is never skipped: a bad answer from the in-process reference is caught."""

    class Liar(InProcessClient):
        def request(self, message, timeout):
            answer = super().request(message, timeout)
            if message["cmd"] == "load":
                answer["observation"]["turn"] = 7
            return answer

    session = Session.open(Liar(rulesets), 5)
    from hotdeath_harness.transport import Failure

    with pytest.raises(Failure) as err:
        session.ask(protocol.load(CORPUS[0].data), "load_response", 1e12)
    assert "observation/turn: 7 is not of type 'string'" in err.value.details


# -- the disk cache ----------------------------------------------------------------------


@pytest.fixture
def cache_dir(tmp_path, monkeypatch):
    """A private, empty cache, and the module-level caches of cache handles forgotten."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("HOTDEATH_CACHE_DIR", str(folder))
    monkeypatch.delenv("HOTDEATH_CACHE", raising=False)
    for fn in (scenario_parse._cache, rules_parse._ast_cache):
        fn.cache_clear()
    yield folder
    for fn in (scenario_parse._cache, rules_parse._ast_cache):
        fn.cache_clear()


def _fields(scn) -> tuple:
    return (scn.data, scn.path, scn.source.path, scn.source.text, scn.card_positions,
            scn.step_positions, scn.header_positions)


def _copy(scn, folder: Path, name: str) -> Path:
    path = folder / name
    path.write_text(Path(scn.path).read_text(encoding="utf-8"), encoding="utf-8")
    return path


def test_a_cached_scenario_is_what_compiling_gives(cache_dir, tmp_path):
    for scn in SAMPLE[:10]:
        path = _copy(scn, tmp_path, "s.scn")
        fresh = scenario_parse.compile_scenario(path.read_text(encoding="utf-8"), str(path))
        first = scenario_parse.compile_scenario_file(path)   # compiled, then stored
        second = scenario_parse.compile_scenario_file(path)  # read back
        assert _fields(first) == _fields(fresh) == _fields(second)
    assert len(list((cache_dir / "scenarios").glob("*.entry"))) == 10


def test_a_cached_scenario_takes_the_path_it_is_read_from(cache_dir, tmp_path):
    scn = SAMPLE[0]
    one, two = _copy(scn, tmp_path, "one.scn"), _copy(scn, tmp_path, "two.scn")
    scenario_parse.compile_scenario_file(one)
    again = scenario_parse.compile_scenario_file(two)
    assert again.path == again.source.path == str(two)


@pytest.mark.parametrize("damage", ["garbage", "truncated", "empty", "another-key", "not-4"])
def test_a_damaged_cache_entry_is_rebuilt_never_used(cache_dir, tmp_path, damage):
    a, b = SAMPLE[0], SAMPLE[1]
    path_a, path_b = _copy(a, tmp_path, "a.scn"), _copy(b, tmp_path, "b.scn")
    scenario_parse.compile_scenario_file(path_a)
    scenario_parse.compile_scenario_file(path_b)
    store = scenario_parse._cache()
    entry = cache_dir / "scenarios" / f"{store.key(path_a.read_text(encoding='utf-8'))}.entry"
    entry_b = cache_dir / "scenarios" / f"{store.key(path_b.read_text(encoding='utf-8'))}.entry"
    good = entry.read_bytes()
    entry.write_bytes({"garbage": b"\x80\x05not a pickle at all",
                       "truncated": good[:len(good) // 2], "empty": b"",
                       "another-key": entry_b.read_bytes(),
                       "not-4": pickle.dumps((store.key(path_a.read_text(encoding="utf-8")),
                                              ("data", "only")))}[damage])
    again = scenario_parse.compile_scenario_file(path_a)
    assert again.data == a.data and again.ident == a.ident
    assert scenario_parse.compile_scenario_file(path_a).data == a.data
    assert entry.read_bytes() == good  # rewritten


def test_another_salt_never_reads_an_entry(cache_dir):
    old = cache.DiskCache("scenarios", "salt of an older compiler")
    old.put("text", "stale")
    assert old.get("text") == "stale"
    assert cache.DiskCache("scenarios", "salt of this compiler").get("text") is None


def test_the_salt_covers_the_compiler_the_grammar_and_the_versions(monkeypatch):
    grammar = rules_parse.grammar_dir() / "scenario.lark"
    base = cache.salt(scenario_parse._SOURCES, [grammar])
    assert cache.salt(scenario_parse._SOURCES, [grammar]) == base
    assert cache.salt(scenario_parse._SOURCES[:-1], [grammar]) != base
    assert cache.salt(scenario_parse._SOURCES, [grammar, "edited"]) != base
    monkeypatch.setattr(sys, "version", sys.version + " (another build)")
    assert cache.salt(scenario_parse._SOURCES, [grammar]) != base


def test_the_cache_keeps_to_its_size_oldest_out_first(cache_dir):
    import os

    store = cache.DiskCache("rules", "salt")
    for i in range(10):
        store.put(f"text {i}", "x" * 1000)
        os.utime(cache_dir / "rules" / f"{store.key(f'text {i}')}.entry", (i, i))
    store.prune(limit=5000)
    kept = [i for i in range(10) if store.get(f"text {i}") is not None]
    assert kept and kept == list(range(10 - len(kept), 10))
    assert sum(p.stat().st_size for p in (cache_dir / "rules").iterdir()) <= 2500


def test_a_scenario_with_errors_is_never_cached(cache_dir, tmp_path):
    path = tmp_path / "bad.scn"
    path.write_text("id x-0001\nruleset classic\ntitle \"t\"\n\nfoo\n", encoding="utf-8")
    for _ in range(2):
        with pytest.raises(HotDeathError):
            scenario_parse.compile_scenario_file(path)
    assert not list(cache_dir.rglob("*.entry"))


def test_a_cache_that_cannot_be_written_only_costs_speed(tmp_path, monkeypatch):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a directory")
    monkeypatch.setenv("HOTDEATH_CACHE_DIR", str(blocker))
    scenario_parse._cache.cache_clear()
    try:
        scn = SAMPLE[0]
        assert scenario_parse.compile_scenario_file(_copy(scn, tmp_path, "s.scn")).data == scn.data
    finally:
        scenario_parse._cache.cache_clear()


def test_the_cache_can_be_turned_off(cache_dir, tmp_path, monkeypatch):
    monkeypatch.setenv("HOTDEATH_CACHE", "off")
    scenario_parse.compile_scenario_file(_copy(SAMPLE[0], tmp_path, "s.scn"))
    assert not cache_dir.exists()


def test_a_cached_rules_tree_is_what_parsing_gives(cache_dir, tmp_path):
    for path in sorted(spec_dir().glob("*.hd")):
        copy_path = tmp_path / path.name
        copy_path.write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
        fresh = rules_parse.parse_rules(path.read_text(encoding="utf-8"), str(copy_path))
        assert rules_parse.parse_rules_file(copy_path) == fresh  # parsed, then stored
        assert rules_parse.parse_rules_file(copy_path) == fresh  # read back
    assert len(list((cache_dir / "rules").glob("*.entry"))) == len(list(spec_dir().glob("*.hd")))


BAD_SCENARIOS = ["id classic-0001\nruleset classic\ntitle \"x\"\ntable\n  players alice bob\n"
                 "  hand alice: red 5 (\n", "id\n", "table\n  players\n", "ruleset classic\n}\n"]
BAD_RULES = ["ruleset x \"X\"\ncard \"A\" x4 on {\n", "ruleset\n", "ruleset x \"X\"\n  ]\n"]


def test_a_parser_read_from_the_cache_parses_and_fails_as_a_built_one(cache_dir):
    from lark import Lark

    for grammar, samples in (("scenario.lark", [Path(s.path).read_text() for s in SAMPLE[:5]]
                              + BAD_SCENARIOS),
                             ("hotdeath.lark", [p.read_text() for p in spec_dir().glob("*.hd")]
                              + BAD_RULES)):
        text = (rules_parse.grammar_dir() / grammar).read_text(encoding="utf-8")
        built = Lark(text, **rules_parse._LARK_OPTIONS)
        rules_parse.lark_parser.__wrapped__(grammar)  # builds and stores
        cached = rules_parse.lark_parser.__wrapped__(grammar)  # reads back
        assert list((cache_dir / "lark").glob("*.entry"))
        for sample in samples:
            assert _outcome(cached, sample) == _outcome(built, sample)


def _outcome(parser, text: str) -> str:
    from lark.exceptions import UnexpectedInput

    from hotdeath.errors import SourceText

    try:
        return parser.parse(text if text.endswith("\n") else text + "\n").pretty()
    except UnexpectedInput as err:
        return rules_parse.syntax_error(SourceText("f", text), err, parser).render()


# -- imports -----------------------------------------------------------------------------


def _modules_after(code: str) -> set[str]:
    probe = (code + "\nimport sys, json\nprint(json.dumps(sorted(sys.modules)))")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                         timeout=120, check=True)
    return set(json.loads(out.stdout.splitlines()[-1]))


def test_hotdeath_serve_does_not_import_the_harness_or_jsonschema():
    loaded = _modules_after("import hotdeath.cli, hotdeath.serve")
    assert not {m for m in loaded if m.startswith(("hotdeath_harness", "jsonschema"))}


def test_a_clean_corpus_run_does_not_import_jsonschema():
    loaded = _modules_after(
        "from click.testing import CliRunner\nfrom hotdeath.cli import main\n"
        "r = CliRunner().invoke(main, ['conform', '--in-process', '--ruleset', 'classic'])\n"
        "assert r.exit_code == 0, r.output")
    assert "hotdeath_harness.cli" in loaded
    assert "jsonschema" not in loaded
