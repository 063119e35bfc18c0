"""Kernel primitives in isolation: seats, matching, the draw hierarchy, overrides."""

from __future__ import annotations

import pytest

from hotdeath.engine.chance import ScriptedChance
from hotdeath.engine.draws import modified_amount
from hotdeath.engine.game import Game
from hotdeath.engine.interp import Ctx
from hotdeath.engine.matching import matches
from hotdeath.engine.selectors import sel_previous
from hotdeath.engine.state import Action, Card, Illegal, Unscripted
from hotdeath.engine.turns import next_seat


def table(rs, n=3):
    return Game(rs, [f"p{i}" for i in range(n)], ScriptedChance())


def cards(rs, *notations):
    return [Card(rs.faces[n]) for n in notations]


def test_next_seat_skips_the_eliminated(classic):
    s = table(classic, 4).state
    s.status[1] = "eliminated"
    assert next_seat(s, 0) == 2
    s.direction = -1
    assert next_seat(s, 2) == 0
    assert next_seat(s, 0, 2) == 2


def test_matching_by_colour_and_suit(classic):
    s = table(classic).state
    s.discard = cards(classic, "red 5")
    s.color = "red"
    red9, blue5, blue9, wild = cards(classic, "red 9", "blue 5", "blue 9", "wild")
    assert matches(s, red9)
    assert matches(s, blue5)
    assert not matches(s, blue9)
    assert matches(s, wild)


def test_text_matching_is_ruleset_data(rulesets):
    v3 = rulesets["hot-death-v3"]
    s = table(v3).state
    s.discard = cards(v3, "yellow dodge")
    s.color = "yellow"
    assert matches(s, cards(v3, "red dodge")[0])  # same text and suit
    s.discard = cards(v3, "blue ping")
    s.color = "blue"
    assert matches(s, cards(v3, "red 1")[0])  # Ping's suit is 1


def test_draw_hierarchy_is_layer_data(rulesets):
    v3 = rulesets["hot-death-v3"]
    s = table(v3).state
    s.fields[0] = cards(v3, "green luck")
    s.fields[1] = cards(v3, "green virus", "green virus")
    assert modified_amount(s, 0, 4, "attack") == 3
    assert modified_amount(s, 0, 1, "immune") == 1
    assert modified_amount(s, 0, 2, "split") == 1
    assert modified_amount(s, 0, 1, "turn") == 0
    assert modified_amount(s, 1, 4, "attack") == 6
    assert modified_amount(s, 1, 1, "immune") == 1


def test_override_applies_only_under_its_condition(classic):
    g = table(classic, 2)
    s = g.state
    s.discard = cards(classic, "red 5")
    s.color = "red"
    rev, red1 = cards(classic, "red reverse", "red 1")
    s.hands = [[rev, red1], cards(classic, "red 2")]
    g.apply_action(Action(0, "play", rev))
    assert (s.turn, s.direction) == (0, 1)


def test_illegal_leaves_state_and_names_rule(classic):
    g = table(classic)
    s = g.state
    s.discard = cards(classic, "red 5")
    s.color = "red"
    s.hands[0] = cards(classic, "blue 3")
    before = g.observation()
    with pytest.raises(Illegal) as info:
        g.apply_action(Action(0, "play", s.hands[0][0]))
    assert info.value.code == "does_not_match"
    assert info.value.role == "Matching"
    assert g.observation() == before


def test_unscripted_shuffle_is_an_error(classic):
    g = table(classic)
    s = g.state
    s.discard = cards(classic, "red 5", "red 6")
    s.color = "red"
    s.hands[0] = cards(classic, "blue 3")
    with pytest.raises(Unscripted, match="scripts none"):
        g.apply_action(Action(0, "draw"))


def test_scripted_shuffle_must_be_a_permutation(classic):
    chance = ScriptedChance([["blue 9"]])
    with pytest.raises(Unscripted, match="not an ordering"):
        chance.shuffle(cards(classic, "red 5"))


def test_scripted_shuffle_keeps_each_copy(classic):
    """Copies are interchangeable by name, but the shuffle returns the very cards it was given."""
    pool = cards(classic, "red 5", "red 5", "blue 1")
    out = ScriptedChance([["red 5", "blue 1", "red 5"]]).shuffle(pool)
    assert [c.notation for c in out] == ["red 5", "blue 1", "red 5"]
    assert {id(c) for c in out} == {id(c) for c in pool}


def test_previous_seat_leaves_direction_alone(classic):
    s = table(classic, 4).state
    s.status[3] = "eliminated"
    assert sel_previous(Ctx(s, 0)) == 2
    assert s.direction == 1


def test_combined_numbers_are_reckoned_left_to_right_and_whole():
    """The player's expression, as stated: no precedence; divisions and averages whole."""
    from hotdeath.engine.combine import BadCombination, evaluate

    assert evaluate([4, 2, 3], ["-", "*"]) == 6  # (4 - 2) * 3, not 4 - 6
    assert evaluate([2, 2, 3], ["+", "*"]) == 12
    assert evaluate([2, 5, 6], ["-", "+"]) == 3  # below zero along the way
    assert evaluate([8, 2], ["/"]) == 4
    assert evaluate([2, 6, 7], ["avg", "avg"]) == 5
    for numbers, ops in (([9, 6, 2], ["/", "*"]), ([3, 4], ["avg"]), ([4, 2, 3], ["avg", "+"]),
                         ([5, 0], ["/"])):
        with pytest.raises(BadCombination):
            evaluate(numbers, ops)


COMBINING = '''ruleset combining "Classic, with every number combined" extends classic
combine add subtract multiply divide
uno_to_win 1
'''


def test_any_ruleset_may_combine_numbers_and_a_zero_divisor_is_refused(classic):
    """Combined plays are the kernel's, not one ruleset's: classic with 'combine' and no
    ranks combines zeros too, and dividing by one is a bad combination, not a crash."""
    from hotdeath.adapter import ReferenceImplementation
    from hotdeath.lang.check import check_text

    rs = check_text(COMBINING, "combining.hd", classic)
    impl = ReferenceImplementation({"classic": classic, "combining": rs})
    impl.load({"ruleset": "combining", "options": [], "table": {
        "players": ["a", "b"], "discard": ["blue 5"],
        "hands": {"a": ["red 5", "red 0", "red 9", "red 4"], "b": ["green 2"]},
        "pile": ["yellow 3"]}})

    def play(card: str, *rest: tuple[str, str]) -> dict:
        return impl.step({"do": {"player": "a", "act": "play", "card": card,
                                 "combine": [{"op": op, "card": c} for op, c in rest]}})

    assert play("red 5", ("/", "red 0"))["code"] == "bad_combination"
    assert play("red 9", ("-", "red 4"), ("+", "red 0"))["outcome"] == "accepted"


def test_combined_last_cards_need_the_uno_call_where_the_ruleset_says(classic):
    """Where going out needs an Uno call first (uno_to_win), it counts every card combined."""
    from hotdeath.adapter import ReferenceImplementation
    from hotdeath.lang.check import check_text

    rs = check_text(COMBINING, "combining.hd", classic)
    impl = ReferenceImplementation({"classic": classic, "combining": rs})
    impl.load({"ruleset": "combining", "options": [], "table": {
        "players": ["a", "b"], "discard": ["blue 7"],
        "hands": {"a": ["red 3", "red 4"], "b": ["green 2"]}, "pile": ["yellow 3"]}})
    step = {"do": {"player": "a", "act": "play", "card": "red 3",
                   "combine": [{"op": "+", "card": "red 4"}]}}
    assert impl.step(step)["code"] == "must_call_uno"
    assert impl.step({"do": {"player": "a", "act": "uno"}})["outcome"] == "accepted"
    assert impl.step(step)["observation"]["hands"]["a"] == []


def _blender_table(rs, hands: dict[str, list[str]]):
    from hotdeath.adapter import ReferenceImplementation

    impl = ReferenceImplementation({"uno-blender": rs})
    impl.load({"ruleset": "uno-blender", "options": [], "table": {
        "players": ["a", "b", "c"], "discard": ["red 2"], "hands": hands,
        "pile": [f"yellow {n}" for n in range(1, 9)]}})
    return impl


def _listed(impl, player: int) -> set[tuple[str, bool]]:
    return {(a.card.notation, a.flex) for a in impl.game.legal_actions(out_of_turn=False)
            if a.act == "play" and a.player == player}


def test_a_flex_side_the_stack_does_not_allow_is_not_listed(rulesets):
    """BL-20: facing a Draw stack, a card whose regular side is a Draw card is listed on that
    side only: its flex side (Everyone Draw, Targeted Draw) is no Draw card."""
    impl = _blender_table(rulesets["uno-blender"], {
        "a": ["red draw2", "blue 9"],
        "b": ["red draw2__everyone_draw1", "wild draw4__targeted_draw4", "red skip__skip_everyone",
              "green 4"],
        "c": ["green 1", "green 2"]})
    impl.step({"do": {"player": "a", "act": "play", "card": "red draw2"}})
    assert _listed(impl, 1) == {("red draw2__everyone_draw1", False),
                                ("wild draw4__targeted_draw4", False)}


FLEX_SIDES_THAT_STACK = (
    ("  key skip_everyone_side\n  suit skip_everyone\n  color each\n  category action\n"
     "  on play { play_again }",
     "  key skip_everyone_side\n  suit draw\n  color each\n  category action attack\n"
     "  stack draw\n  on play { attack(3) }"),
    ("  key everyone_draw1_side\n  suit everyone_draw\n  color each\n  category action\n"
     "  on play { draw(1, target=others) }",
     "  key everyone_draw1_side\n  suit draw\n  color each\n  category action attack\n"
     "  stack draw\n  on play { attack(1) }"),
)


def test_a_flex_side_that_is_a_draw_card_answers_a_stack_by_that_side():
    """The kernel reads a flexed play's right to answer from its side, not from a card's
    name: in a Blender whose Skip Everyone and Everyone Draw 1 sides were Draw cards, they
    would join a Draw stack flexed (the Skip's regular side still could not)."""
    from hotdeath.lang.check import check_text
    from hotdeath.resources import spec_dir

    text = (spec_dir() / "uno-blender.hd").read_text()
    for old, new in FLEX_SIDES_THAT_STACK:
        assert old in text
        text = text.replace(old, new)
    rs = check_text(text, "uno-blender.hd")
    hands = {"a": ["red draw2", "blue 9"],
             "b": ["red draw2__everyone_draw1", "red skip__skip_everyone", "green 4"],
             "c": ["green 1", "green 2"]}
    impl = _blender_table(rs, hands)
    impl.step({"do": {"player": "a", "act": "play", "card": "red draw2"}})
    assert _listed(impl, 1) == {("red draw2__everyone_draw1", False),
                                ("red draw2__everyone_draw1", True),
                                ("red skip__skip_everyone", True)}
    refused = impl.step({"do": {"player": "b", "act": "play", "card": "red skip__skip_everyone"}})
    assert refused["code"] == "cannot_answer"
    done = impl.step({"do": {"player": "b", "act": "play", "card": "red skip__skip_everyone",
                             "flex": True}})
    assert done["outcome"] == "accepted"
    assert done["observation"]["pending"]["amount"] == 5
    assert done["observation"]["pending"]["target"] == "c"
    impl = _blender_table(rs, hands)
    impl.step({"do": {"player": "a", "act": "play", "card": "red draw2"}})
    done = impl.step({"do": {"player": "b", "act": "play", "card": "red draw2__everyone_draw1",
                             "flex": True}})
    assert done["observation"]["pending"]["amount"] == 3
    assert done["observation"]["hands"]["a"] == ["blue 9"]


def test_a_bluff_is_accepted_but_never_listed(rulesets):
    """HD89-17: a 9 on a green 6 without the 69 is a cheat the rules let stand until caught, so
    apply_action takes it, but no list of legal moves offers it (a random player never cheats)."""
    from hotdeath.adapter import ReferenceImplementation

    impl = ReferenceImplementation({"hot-death-1989": rulesets["hot-death-1989"]})
    impl.load({"ruleset": "hot-death-1989", "options": [], "table": {
        "players": ["a", "b", "c"], "discard": ["green 6"],
        "hands": {"a": ["blue 9", "red 3"], "b": ["yellow 2", "blue 7"], "c": ["red 8", "blue 1"]},
        "pile": ["yellow 4", "yellow 5"]}})
    listed = {a.card.notation for a in impl.game.legal_actions() if a.act == "play"}
    assert "blue 9" not in listed
    impl.step({"do": {"player": "a", "act": "play", "card": "blue 9"}})
    assert impl.game.state.top().notation == "blue 9"
    assert any(a.act == "disputes" and a.player == 2 for a in impl.game.legal_actions())


def test_refused_jump_ins_say_why(rulesets):
    """A wild card refused as a jump-in (Deluxe: 'May not use on wild cards') is refused for
    being wild, not for being different from the identical wild in play."""
    from hotdeath.adapter import ReferenceImplementation

    impl = ReferenceImplementation({"hot-death-deluxe": rulesets["hot-death-deluxe"]})
    impl.load({"ruleset": "hot-death-deluxe", "options": ["jump_in"], "table": {
        "players": ["a", "b", "c"], "discard": ["red 5"],
        "hands": {"a": ["wild", "yellow 4"], "b": ["blue 9", "blue 5"], "c": ["wild", "yellow 4"]},
        "pile": ["blue 1", "blue 2", "blue 3"]}})
    impl.step({"do": {"player": "a", "act": "play", "card": "wild", "color": "green"}})
    answer = impl.step({"do": {"player": "c", "act": "jump_in", "card": "wild", "color": "green"}})
    assert (answer["outcome"], answer["code"]) == ("rejected", "does_not_match")
    assert answer["message"] == "a wild card may not jump in"


def test_a_refused_catch_says_why(rulesets):
    """'Not open to a catch' left scenario writers guessing: the refusal names the reason."""
    from hotdeath.adapter import ReferenceImplementation

    impl = ReferenceImplementation({"classic": rulesets["classic"]})
    impl.load({"ruleset": "classic", "options": [], "table": {
        "players": ["a", "b", "c"], "discard": ["red 5"],
        "hands": {"a": ["red 7", "red 8"], "b": ["blue 3", "red 2"], "c": ["green 1", "red 1"]},
        "pile": ["yellow 1", "yellow 2"]}})

    def catch(target: str) -> str:
        return impl.step({"do": {"player": "c", "act": "catch", "target": target}})["message"]

    assert "they hold 2 cards, not one" in catch("b")
    impl.step({"do": {"player": "a", "act": "play", "card": "red 7"}})
    impl.step({"do": {"player": "b", "act": "play", "card": "red 2"}})
    assert "the chance closed when the next action was taken" in catch("a")


def test_using_a_card_that_is_not_used_says_so(rulesets):
    """A held-up Luck works by itself: 'uses green luck' is refused, and the refusal must not
    claim the card is not held."""
    from hotdeath.adapter import ReferenceImplementation

    impl = ReferenceImplementation({"hot-death-1989": rulesets["hot-death-1989"]})
    impl.load({"ruleset": "hot-death-1989", "options": [], "table": {
        "players": ["a", "b", "c"], "discard": ["red 5"],
        "hands": {"a": ["red draw2", "red 3"], "b": ["green luck", "blue 9"], "c": ["red 8"]},
        "pile": ["yellow 1", "yellow 2", "yellow 3"]}})
    impl.step({"do": {"player": "a", "act": "play", "card": "red draw2"}})
    answer = impl.step({"do": {"player": "b", "act": "use", "card": "green luck"}})
    assert answer["code"] == "card_not_in_hand"
    assert answer["message"].startswith("green luck is not a card one uses")
