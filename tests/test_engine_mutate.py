"""`hotdeath mutate --engine`: engine mutants, planted in place, killed by the corpus."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from hotdeath.resources import mutants_dir, scenarios_dir
from hotdeath.suite import engine_drive as drive
from hotdeath.suite import engine_mutate as em
from hotdeath.suite.engine_mutants import PACKAGE, all_mutants, mutants, mutated_tree
from hotdeath_harness.corpus import load_corpus

SOURCE = '''"""A module."""


def f(state, n):
    """Not mutated."""
    assert n >= 0
    if state.tracing:
        state.log("event", "rule", f"{n + 1} cards")
    state.log("event", "rule", "text")
    if n < 3 and state.ok:
        return True
    x = n + 1 if n else 0
    return x in state.seen


class C:
    def m(self, k=5):
        while k > 0:
            k -= 1
        return k
'''

GATES = json.loads((Path(__file__).resolve().parent.parent / "conformance" / "gates.json")
                   .read_text(encoding="utf-8"))


def _made(tmp_path):
    path = PACKAGE / "engine" / "_made_for_a_test.py"
    return path, mutants(path, SOURCE)


def test_every_kind_of_mutant_is_made_and_the_trace_is_left_alone(tmp_path):
    _, made = _made(tmp_path)
    kinds = {m.kind for m in made}
    assert kinds == {"delete", "compare", "boolop", "number", "negate", "bool"}
    assert not [m for m in made if "log" in m.before or "assert" in m.before
                or "Not mutated" in m.before or m.line < 9]
    assert {m.qualname for m in made} == {"f", "C.m"}
    numbers = [m.what for m in made if m.kind == "number"]
    assert numbers == ["3 becomes 4", "3 becomes 2", "1 becomes 2", "1 becomes 0",
                       "0 becomes 1", "0 becomes -1", "0 becomes 1", "0 becomes -1",
                       "1 becomes 2", "1 becomes 0"]
    assert "k=5" not in " ".join(m.before for m in made if m.kind == "number"), \
        "a default value is evaluated at import: not mutated"
    compare = next(m for m in made if m.kind == "compare")
    assert compare.diff == "- if n < 3 and state.ok:  + if n <= 3 and state.ok:"


def test_a_mutant_changes_exactly_its_node(tmp_path):
    path, made = _made(tmp_path)
    for m in made:
        tree = mutated_tree(path, m, SOURCE)
        assert ast.unparse(tree) != ast.unparse(ast.parse(SOURCE)), m.ident
        compile(tree, "x.py", "exec")


def test_keys_do_not_depend_on_line_numbers(tmp_path):
    path, made = _made(tmp_path)
    moved = mutants(path, "\n\n\n" + SOURCE)
    assert [m.key for m in made] == [m.key for m in moved]
    assert [m.line + 3 for m in made] == [m.line for m in moved]


def test_the_sample_is_drawn_by_what_a_mutant_is():
    population = all_mutants()
    assert len({m.key for m in population}) == len(population)
    size = em.sample_size(len(population))
    low, high = em.wilson(size // 2, size, len(population))
    assert high - low <= 2 * em.MARGIN
    drawn = em.sample(population, size)
    assert len(drawn) == size
    again = em.sample(population[::-1], size)  # another order: the same mutants
    assert {m.key for m in drawn} == {m.key for m in again}


def test_planting_replaces_the_code_every_reference_runs():
    from types import SimpleNamespace

    from hotdeath.engine.verbs import passing  # imports in_order by name

    m = next(m for m in mutants(PACKAGE / "engine" / "turns.py") if m.qualname == "in_order"
             and m.kind == "compare" and "'=='" in m.what)
    table = SimpleNamespace(seats=["a", "b", "c"], direction=1, status=["in", "out", "in"])
    assert passing.in_order(table, 0) == [2]
    swapped = em.plant(m, em.live_functions())
    try:
        assert passing.in_order(table, 0) == [1]
    finally:
        for fn, code in swapped:
            fn.__code__ = code
    assert passing.in_order(table, 0) == [2]


@pytest.fixture(scope="module")
def corpus():
    return load_corpus(scenarios_dir())


def test_a_run_kills_survives_and_times_out(rulesets, corpus):
    classic = [s for s in corpus if s.data["ruleset"] == "classic"][:40]
    plan = em.collect(rulesets, classic)
    assert not plan.failing
    turns = mutants(PACKAGE / "engine" / "turns.py")
    deleted = next(m for m in turns if m.qualname == "next_seat" and m.kind == "delete"
                   and m.before.startswith("seat = (frm + step)"))
    unreached = next(m for m in all_mutants() if m.file == "engine/verbs/wagers.py")
    out = em.run([deleted, unreached], plan, rulesets, jobs=2, per_ruleset=True)
    assert [o.status for o in out] == ["killed", "unreached"]
    assert out[0].rulesets == {"classic": "killed"} and not out[0].timed_out
    original = em.Plan.limit
    em.Plan.limit = lambda self, run: 1e-3
    try:
        hung = em.run([deleted], plan, rulesets, jobs=1)[0]
    finally:
        em.Plan.limit = original
    assert hung.status == "killed" and hung.timed_out


@pytest.mark.slow
def test_engine_mutants_killed_do_not_drop(rulesets, corpus):
    """The gate: the share of sampled engine mutants the corpus kills (gates.json 'engine');
    the equivalent list names only mutants that exist and survive. (The per-ruleset figures,
    slower to work out, are reported by `hotdeath power`, not gated.)"""
    known = em.equivalents(mutants_dir() / "engine.equivalent")
    assert all(known.values()), "every equivalent mutant says why"
    result = em.measure(rulesets, corpus, jobs=2, known=known)
    survivors = [f"{o.mutant.ident} {o.mutant.what}" for o in result["survivors"]]
    assert result["kill_rate"] >= GATES["engine"]["kill_rate"], survivors
    assert not result["now_killed"], "an 'equivalent' engine mutant is now killed: drop it"
    assert not result["stale"], "engine.equivalent names a mutant the engine no longer has"


def test_a_slip_in_the_listing_only_the_differential_judge_sees(rulesets, corpus):
    """Leaving 'draw' out of a turn's legal moves changes no observation any written
    expectation of these scenarios checks; the recorded reference beside the mutant (the
    differential mode) sees the list of moves differ."""
    chosen = [s for s in corpus if s.ident in ("classic-0001", "classic-0002")]
    listing = mutants(PACKAGE / "engine" / "listing.py")
    slip = next(m for m in listing if m.qualname == "_turn_actions" and m.kind == "delete"
                and m.before.startswith("out.append(_bare(state, p"))
    drive._RECORDED.clear()
    written = em.run([slip], em.collect(rulesets, chosen), rulesets, jobs=1)[0]
    drive.record(rulesets, chosen)
    try:
        judged = em.run([slip], em.collect(rulesets, chosen), rulesets, jobs=1)[0]
    finally:
        drive._RECORDED.clear()
    assert written.status in ("survived", "unreached")  # not even run without a listing
    assert judged.status == "killed"
