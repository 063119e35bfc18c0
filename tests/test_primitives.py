"""Every kernel primitive is proven: used by a card of the bundled spec (and so run by the
corpus), or exercised here by a small house-rules card written for the purpose."""

from __future__ import annotations

from dataclasses import fields, is_dataclass
from pathlib import Path

import pytest

from hotdeath.adapter import ReferenceImplementation
from hotdeath.lang import ast
from hotdeath.lang.check import check_text
from hotdeath.lang.parse import parse_rules_file
from hotdeath.registry import load

SPEC = Path(__file__).resolve().parent.parent / "spec"

# Primitives no bundled card needs yet (the seeds that will: see docs/design/kernel.md).
# Each has a test below.
PROVEN_HERE = {"return_to_game", "attack_answered"}


def _names_used() -> set[str]:
    used: set[str] = set()

    def walk(node) -> None:
        if isinstance(node, ast.Call):
            used.add(node.name)
        elif isinstance(node, ast.Name):
            used.add(node.text)
        if is_dataclass(node):
            for f in fields(node):
                walk(getattr(node, f.name))
        elif isinstance(node, tuple | list):
            for item in node:
                walk(item)

    for path in SPEC.glob("*.hd"):
        walk(parse_rules_file(path).entries)
    return used


def test_every_primitive_is_used_by_the_spec_or_tested_here():
    used = _names_used()
    registry = {name for _, table in load().tables() for name in table}
    assert registry - used - PROVEN_HERE == set(), "primitives no card uses and no test proves"
    assert registry >= PROVEN_HERE
    assert not PROVEN_HERE & used, "now used by the spec: drop it from PROVEN_HERE"


HOUSE = '''ruleset house "House rules" extends hot-death-v3
card "Comeback" {
  cites 000 "Elimination Mode Rules" "Communism will not bring back players who are out"
  key comeback
  color red
  on play { return_to_game(dealer) }
}
card "Tax" {
  cites 000 "Global" "Global cards affect all players."
  key tax
  color blue
  on play { draw(half(times(plus(1, 3), 2)), target=everyone) }
}
card "Echo" {
  cites 000 "Fuck You" "Returns all attacks to where they started."
  key echo
  color green
  answers attack if attack_answered(reflected) { block_attack }
}
'''


@pytest.fixture(scope="module")
def house(rulesets):
    house = check_text(HOUSE, "house.hd", rulesets["hot-death-v3"])
    return ReferenceImplementation({**rulesets, "house": house})


def _play(impl, table: dict, steps: list[dict]) -> dict:
    obs = impl.load({"ruleset": "house", "options": [], "table": table})
    for step in steps:
        answer = impl.step({"do": step})
        assert answer["outcome"] == "accepted", answer
        obs = answer["observation"]
    return obs


def test_return_to_game_brings_a_player_back(house):
    obs = _play(house, {"players": ["a", "b", "c"], "eliminated": ["b"], "dealer": "b",
                        "turn": "a", "discard": ["red 5"],
                        "hands": {"a": ["red comeback", "red 1"], "b": ["red 2"], "c": ["red 3"]},
                        "pile": ["blue 1"]},
                [{"player": "a", "act": "play", "card": "red comeback"}])
    assert obs["eliminated"] == []
    assert obs["turn"] == "b"


def test_everyone_and_arithmetic_values(house):
    """half(times(plus(1, 3), 2)) is 4; everyone draws it, the player last."""
    obs = _play(house, {"players": ["a", "b"], "discard": ["blue 5"],
                        "hands": {"a": ["blue tax", "blue 9"], "b": ["red 2"]},
                        "pile": [f"green {n}" for n in range(1, 9)]},
                [{"player": "a", "act": "play", "card": "blue tax"}])
    assert obs["hands"]["b"] == ["red 2", "green 1", "green 2", "green 3", "green 4"]
    assert len(obs["hands"]["a"]) == 5


def test_attack_answered_sees_how_an_attack_was_answered(house):
    table = {"players": ["a", "b", "c"], "discard": ["red 5"],
             "hands": {"a": ["red draw2", "green echo", "red 1"], "b": ["blue fuck_you", "red 9"],
                       "c": ["red 3"]},
             "pile": ["blue 1", "blue 2", "blue 3"]}
    obs = _play(house, table, [{"player": "a", "act": "play", "card": "red draw2"},
                               {"player": "b", "act": "play", "card": "blue fuck_you"}])
    assert obs["pending"]["target"] == "a"
    answer = house.step({"do": {"player": "a", "act": "play", "card": "green echo"}})
    assert answer["outcome"] == "accepted"
    assert answer["observation"]["pending"] is None
    assert len(answer["observation"]["hands"]["a"]) == 1


def _calls(node, name: str) -> list[ast.Call]:
    found = []
    if isinstance(node, ast.Call) and node.name == name:
        found.append(node)
    if is_dataclass(node):
        for f in fields(node):
            found += _calls(getattr(node, f.name), name)
    elif isinstance(node, tuple | list):
        for item in node:
            found += _calls(item, name)
    return found


def test_showdown_ranks_every_card_without_a_number(rulesets):
    """A showdown's value table (a verb parameter, in the spec) names real cards, and names
    every card without a number that the ruleset can deal, every option on."""
    from hotdeath.model import clashing_options

    for path in SPEC.glob("*.hd"):
        entries = parse_rules_file(path).entries
        for call in _calls(entries, "showdown"):
            base = rulesets[path.stem]
            options = set(base.options)
            for a, b in clashing_options(base, options):
                options.discard(b if a in options else a)
            rs = base.with_options(frozenset(options))
            tiers = dict(call.kwargs)["ranks"]
            listed = {n.strip() for tier in tiers for n in tier.split(",")}
            assert listed <= set(rs.kinds), listed - set(rs.kinds)
            unnumbered = {f.kind.name for f in rs.faces.values() if f.number is None}
            assert unnumbered <= listed, unnumbered - listed
