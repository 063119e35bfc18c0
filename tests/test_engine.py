"""Kernel primitives in isolation: seats, matching, the draw hierarchy, overrides."""

from __future__ import annotations

import pytest

from hotdeath.engine.chance import ScriptedChance
from hotdeath.engine.draws import modified_amount
from hotdeath.engine.game import Game
from hotdeath.engine.state import Action, Illegal, Unscripted


def table(rs, n=3):
    return Game(rs, [f"p{i}" for i in range(n)], ScriptedChance())


def test_next_seat_skips_the_eliminated(classic):
    g = table(classic, 4)
    g.alive[1] = False
    assert g.next_seat(0) == 2
    g.direction = -1
    assert g.next_seat(2) == 0
    assert g.next_seat(0, 2) == 2


def test_matching_by_colour_and_suit(classic):
    g = table(classic)
    g.discard = [classic.faces["red 5"]]
    g.color = "red"
    assert g.matches(classic.faces["red 9"])
    assert g.matches(classic.faces["blue 5"])
    assert not g.matches(classic.faces["blue 9"])
    assert g.matches(classic.faces["wild"])


def test_text_matching_is_ruleset_data(rulesets):
    v3 = rulesets["hot-death-v3"]
    g = table(v3)
    g.discard = [v3.faces["yellow dodge"]]
    g.color = "yellow"
    assert g.matches(v3.faces["red dodge"])  # same text and suit
    g.discard = [v3.faces["blue ping"]]
    g.color = "blue"
    assert g.matches(v3.faces["red 1"])  # Ping's suit is 1


def test_draw_hierarchy_is_layer_data(rulesets):
    v3 = rulesets["hot-death-v3"]
    g = table(v3)
    g.field[0] = [v3.faces["green luck"]]
    g.field[1] = [v3.faces["green virus"], v3.faces["green virus"]]
    assert modified_amount(g, 0, 4, "attack") == 3
    assert modified_amount(g, 0, 1, "immune") == 1
    assert modified_amount(g, 0, 2, "split") == 1
    assert modified_amount(g, 0, 1, "turn") == 0
    assert modified_amount(g, 1, 4, "attack") == 6
    assert modified_amount(g, 1, 1, "immune") == 1


def test_override_applies_only_under_its_condition(classic):
    g = table(classic, 2)
    g.discard = [classic.faces["red 5"]]
    g.color = "red"
    g.hands = [[classic.faces["red reverse"], classic.faces["red 1"]], [classic.faces["red 2"]]]
    g.apply_action(Action(0, "play", classic.faces["red reverse"]))
    assert (g.turn, g.direction) == (0, 1)


def test_illegal_leaves_state_and_names_rule(classic):
    g = table(classic)
    g.discard = [classic.faces["red 5"]]
    g.color = "red"
    g.hands[0] = [classic.faces["blue 3"]]
    before = g.observation()
    with pytest.raises(Illegal) as info:
        g.apply_action(Action(0, "play", classic.faces["blue 3"]))
    assert info.value.code == "does_not_match"
    assert info.value.role == "Matching"
    assert g.observation() == before


def test_unscripted_shuffle_is_an_error(classic):
    g = table(classic)
    g.discard = [classic.faces["red 5"], classic.faces["red 6"]]
    g.color = "red"
    g.hands[0] = [classic.faces["blue 3"]]
    with pytest.raises(Unscripted, match="scripts none"):
        g.apply_action(Action(0, "draw"))


def test_scripted_shuffle_must_be_a_permutation(classic):
    chance = ScriptedChance([[classic.faces["blue 9"]]])
    with pytest.raises(Unscripted, match="not an ordering"):
        chance.shuffle([classic.faces["red 5"]])


def test_previous_seat_leaves_direction_alone(classic):
    from hotdeath.engine.interp import Ctx
    from hotdeath.engine.selectors import sel_previous

    g = table(classic, 4)
    g.alive[3] = False
    assert sel_previous(Ctx(g, 0)) == 2
    assert g.direction == 1
