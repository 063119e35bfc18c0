"""`hotdeath mutate`: mutants are made from the parse tree, and the corpus kills them."""

from __future__ import annotations

import pytest

from hotdeath.resources import mutants_dir, scenarios_dir
from hotdeath.suite.mutate import Mutant, equivalents, mutants, run, summary
from hotdeath_harness.corpus import load_corpus

SPEC = '''ruleset tiny "Tiny"
layers a b
cites classic "Contents" "108 cards"
card "Ping" {
  cites classic "Contents" "108 cards: 19 Blue cards"
  key ping
  stack draw2
  points 20
  on play if not living(2) { attack(2, target=next) }
  answers attack if attack_top(["Ping", "Pong"]) { pass_attack(to=next) }
}
option big "Big" {
  default off
  cites classic "Contents" "108 cards"
}
'''


def _kinds(text: str) -> dict[str, list[Mutant]]:
    out: dict[str, list[Mutant]] = {}
    for m in mutants(text):
        out.setdefault(m.kind, []).append(m)
    return out


def test_every_kind_of_mutant_is_made():
    kinds = _kinds(SPEC)
    assert set(kinds) == {"drop", "number", "selector", "member", "guard", "not", "stack",
                          "layers", "points", "default"}
    assert [("living(3)" in m.apply(SPEC), "attack(3" in m.apply(SPEC))
            for m in kinds["number"]] == [(True, False), (False, True)]
    assert {m.new for m in kinds["selector"]} == {"previous"}
    assert sorted(m.apply(SPEC).split("attack_top(")[1].split(")")[0]
                  for m in kinds["member"]) == ['["Ping"]', '["Pong"]']
    assert kinds["layers"][0].apply(SPEC).startswith('ruleset tiny "Tiny"\nlayers b a\n')


def test_citations_strings_and_rulings_are_never_mutated():
    for m in mutants(SPEC):
        assert "cites" not in SPEC[m.start:m.end]
        assert '"' not in SPEC[m.start:m.end] or m.kind in ("drop", "member")


def test_a_dropped_answer_leaves_a_spec_that_still_parses():
    drop = [m for m in mutants(SPEC) if m.kind == "drop" and "answers" in SPEC[m.start:m.end]]
    assert len(drop) == 1 and "answers" not in drop[0].apply(SPEC)


@pytest.mark.slow
def test_classic_kills_every_mutant_but_the_equivalent_ones(rulesets):
    """The gate: classic's corpus kills every mutant not listed as equivalent (with its reason)."""
    corpus = load_corpus(scenarios_dir())
    outcomes = run("classic", rulesets, corpus, jobs=1)
    known = equivalents(mutants_dir() / "classic.equivalent")
    result = summary(outcomes, known)
    assert result["survivors"] == [], [o.mutant.what for o in result["survivors"]]
    assert result["killed"] >= 25 and all(known.values())
    survived = {o.mutant.key for o in outcomes if o.status == "survived"}
    assert set(known) <= survived, "an 'equivalent' mutant is now killed: drop it from the list"


def test_the_power_page_has_a_row_per_ruleset(rulesets):
    from hotdeath.suite.power import measure, render

    corpus = load_corpus(scenarios_dir())
    rows = [measure(rs, rulesets, corpus, mutants=False) for rs in rulesets.values()]
    page = render(rows, markdown=True)
    assert page.startswith("# The suite's power")
    v3 = next(p for p in rows if p.ident == "hot-death-v3")
    assert v3.coverage == 100.0 and v3.pinned == v3.cells
    assert next(p for p in rows if p.ident == "classic").coverage is None
    assert all(f"| {ident} |" in page for ident in rulesets)


QUOTE = "Match the top card on the discard pile either by number, color or symbol."
WRONG = f"""scenario "a scenario the spec itself fails"
id classic-9998
ruleset classic
cites classic "Game play" "{QUOTE}"
table
  players alice bob
  discard red 5
  hand alice: red 9, blue 1
  hand bob: blue 2
  pile blue 3
steps
  alice plays red 9
  expect turn alice
"""

LISTED = WRONG.replace("  alice plays red 9\n  expect turn alice\n",
                       "  expect legal alice plays red 9\n  expect not legal alice plays blue 1\n")


def test_mutants_are_judged_as_conform_judges_so_the_clean_spec_passes(rulesets):
    """A judge that fails the unmutated spec would count every mutant killed: so a scenario the
    clean spec fails stops the run, and the listing facts of format 1.4 are judged, not
    taken for failures."""
    from hotdeath.scenario import compile_scenario
    from hotdeath.suite.mutate import CleanFailure, clean_failures

    listed = compile_scenario(LISTED, "listed.scn")
    assert clean_failures("classic", rulesets, [listed]) == []
    with pytest.raises(CleanFailure, match="fails 1 of its scenarios \\(classic-9998\\)"):
        run("classic", rulesets, [compile_scenario(WRONG, "wrong.scn")], jobs=1, limit=1)


@pytest.mark.parametrize("ident,every", [("classic", 1), ("hot-death-v3", 40)])
def test_a_mutant_parsed_one_block_at_a_time_is_the_mutated_file_parsed_whole(ident, every):
    """The splicer re-parses only the block a mutant edits; the tree must be the one a whole
    parse of the mutated file gives, positions included (a dropped rule leaves blank lines)."""
    from hotdeath.lang.parse import parse_rules
    from hotdeath.suite.mutate import spec_file
    from hotdeath.suite.splice import Splicer, padded

    path = spec_file(ident)
    text = path.read_text(encoding="utf-8")
    splicer = Splicer(text, str(path))
    chosen = mutants(text)[::every]
    assert any(m.kind == "drop" for m in chosen)
    for m in chosen:
        whole = text[:m.start] + padded(text[m.start:m.end], m.new) + text[m.end:]
        assert splicer.rules(m.start, m.end, m.new) == parse_rules(whole, str(path)), m.ident


def test_a_mutant_whose_option_variant_does_not_check_is_stillborn(rulesets):
    """An option's variant is checked when a scenario first plays it: a mutant that breaks
    only the variant (an act of an option needing 'self') is stillborn, not a crash."""
    from hotdeath.suite.mutate import spec_file

    text = spec_file("hot-death-deluxe").read_text(encoding="utf-8")
    line = next(i for i, s in enumerate(text.splitlines(), 1)
                if s.strip() == "needs target" and "catches_signal" in text.splitlines()[i - 3])
    corpus = [s for s in load_corpus(scenarios_dir()) if s.data["ruleset"] == "hot-death-deluxe"]
    outcomes = run("hot-death-deluxe", rulesets, corpus, jobs=1, lines=(line,))
    assert any(o.status == "stillborn" and "'needs' has no value" in o.by for o in outcomes)
