"""Additions to format and protocol 1.2: UNO Blender's tempo and Power Cards (feature
``tempo``), cards attached, no round winner yet, the bottom of the discard pile.

A scenario lays them out (``tempo 2``, ``power bob red``) and expects them
(``expect tempo``, ``expect owed``, ``expect power``); an implementation that
does not declare the feature is never sent such a scenario, and one that
declares it owes the observation's ``tempo`` and ``power``.
"""

from __future__ import annotations

import pytest

from hotdeath.adapter import ReferenceImplementation, SetupError
from hotdeath.errors import HotDeathError
from hotdeath.lang.check import load_rulesets
from hotdeath.scenario import compile_scenario
from hotdeath.suite.lint import lint_scenario
from hotdeath_harness import protocol
from hotdeath_harness.corpus import requirements, support_gap
from hotdeath_harness.judge import check_fact
from hotdeath_harness.runner import table_changes

HEAD = ('scenario "t"\nid blender-9999\nruleset {ruleset}\n'
        'cites 003 "Tempo" "The tempo starts at 1 and may increase from Speed Up effects."\n')
TABLE = ("table\n  players alice bob\n{extra}  discard red 2\n  hand alice: red 6, red 7\n"
         "  hand bob: blue 1\nsteps\n  alice plays red 6\n")


def scenario(extra: str = "", ruleset: str = "uno-blender", steps: str = "") -> str:
    return HEAD.format(ruleset=ruleset) + TABLE.format(extra=extra) + steps


def test_a_table_tempo_and_power_compile_to_the_table_and_need_the_feature():
    scn = compile_scenario(scenario("  tempo 2\n  power bob red\n",
                                    steps="  expect owed 1\n  expect power bob red\n"))
    table = scn.data["table"]
    assert table["tempo"] == 2 and table["power"] == {"bob": "red"}
    assert scn.data["steps"][0]["expect"] == [
        {"path": "tempo", "matches": {"owed": 1}}, {"path": "power.bob", "equals": "red"}]
    assert "tempo" in requirements(scn.data)
    hello = {"rulesets": {"uno-blender": {"options": [], "features": ["flex"]}}}
    assert "tempo" in (support_gap(hello, scn.data) or "")


def test_expectations_alone_need_the_feature():
    scn = compile_scenario(scenario(steps="  expect tempo 1\n"))
    assert "tempo" in requirements(scn.data)


@pytest.mark.parametrize(("text", "where"), [
    (scenario("  power bob blue\n"), "7:13: a Power Card is green or red, not 'blue'"),
    (scenario("  tempo 0\n"), "7:9: the tempo is a number of cards: 1 or more"),
])
def test_bad_values_are_placed_at_the_value(text, where):
    with pytest.raises(HotDeathError) as err:
        compile_scenario(text, "t.scn")
    assert f"t.scn:{where}" in str(err.value)


def test_a_ruleset_without_a_tempo_cannot_lay_one_out():
    """Placed at the line by the checker, refused by the reference's load too."""
    scn = compile_scenario(scenario("  tempo 2\n  power bob red\n", ruleset="classic"), "t.scn")
    found = [(d.line, d.col, d.message) for d in lint_scenario(scn, load_rulesets())]
    assert (7, 3, "ruleset 'classic' has no tempo: a table cannot lay out its 'tempo'") in found
    assert (8, 3, "ruleset 'classic' has no Power Cards: a table cannot lay out its 'power'") \
        in found
    with pytest.raises(SetupError, match="has no tempo"):
        ReferenceImplementation().load(scn.data)


def test_the_observation_shows_the_tempo_owed_and_every_power_card():
    impl = ReferenceImplementation()
    scn = compile_scenario(scenario("  tempo 2\n  power bob red\n"))
    seen = impl.load(scn.data)
    assert seen["tempo"] == {"tempo": 2, "owed": 2}
    assert seen["power"] == {"alice": "green", "bob": "red"}
    assert protocol.violations("load_response", {"seq": 1, "outcome": "loaded",
                                                  "observation": seen}) == []
    after = impl.step(scn.data["steps"][0])["observation"]
    assert after["tempo"] == {"tempo": 2, "owed": 1}
    assert table_changes(seen, after)  # the tempo owed is part of the table


def test_rulesets_without_them_observe_null():
    impl = ReferenceImplementation()
    seen = impl.load(compile_scenario(scenario(ruleset="classic")).data)
    assert seen["tempo"] is None and seen["power"] is None


def test_declaring_the_feature_owes_both_fields():
    impl = ReferenceImplementation()
    seen = impl.load(compile_scenario(scenario()).data)
    del seen["power"]
    assert protocol.incoherent(seen, {"tempo"}) == [
        "declares feature 'tempo' but the observation lacks power"]


def test_attached_cards_are_compared_as_a_multiset():
    seen = {"attached": [{"card": "red conquest", "holder": "alice",
                          "cards": ["red 7", "green 3"]}]}
    fact = {"path": "attached", "contains": [{"card": "red conquest",
                                              "cards": ["green 3", "red 7"]}]}
    assert check_fact(fact, seen) is None
    fact["contains"][0]["cards"] = ["green 3", "green 3"]
    assert check_fact(fact, seen) is not None


def test_no_round_winner_and_the_discard_bottom_compile_to_facts():
    scn = compile_scenario(scenario(ruleset="classic", steps="  expect no round winner\n"
                                    "  expect discard bottom: red 2\n"))
    assert scn.data["steps"][0]["expect"] == [
        {"path": "round_winner", "equals": None}, {"path": "discard", "suffix": ["red 2"]}]
    assert "zones" in requirements(scn.data)


def test_a_table_lays_out_players_sitting_the_hand_out():
    """'out bob' (format 1.2): Booted or Quitted, with their cards, to be dealt in again."""
    scn = compile_scenario(scenario("  out bob\n", ruleset="hot-death-deluxe"))
    assert scn.data["table"]["out"] == ["bob"]
    assert "out" in requirements(scn.data)  # 2.0's own feature; 1.x's 'elimination' implies it
    hello = {"rulesets": {"hot-death-deluxe": {"options": []}}}
    assert support_gap({**hello, "features": ["elimination"]}, scn.data) is None
    assert "out" in str(support_gap({**hello, "features": ["zones"]}, scn.data))
    seen = ReferenceImplementation().load(scn.data)
    assert seen["out"] == ["bob"] and seen["eliminated"] == []
