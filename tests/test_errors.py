"""Malformed rules and scenarios: each yields one pinned ``path:line:col: message``.

The messages are part of the product (users read them), so their exact text
is pinned here; a change to any of them must be deliberate.
"""

from __future__ import annotations

import pytest

from hotdeath.errors import HotDeathError
from hotdeath.lang.check import check_text
from hotdeath.scenario import compile_scenario
from hotdeath.suite.lint import lint_scenario

HEAD = 'ruleset t "T" extends classic\n'


def card(body: str) -> str:
    return HEAD + 'card "X" {\n  key x\n' + body + "}\n"


CITED = '  cites classic "A" "b"\n'

SPEC_CASES = [
    (card(CITED + "  on play { skipp(1) }\n"),
     "5:13: unknown verb 'skipp' (did you mean 'skip'?)"),
    (card(CITED + "  on play { attack(2, target=nxt) }\n"),
     "5:30: unknown selector 'nxt' (did you mean 'next'?)"),
    (card(CITED + "  on play { draw(target=next) }\n"), "5:13: 'draw' needs 'amount'"),
    (card(CITED + '  on play { skip("two") }\n'),
     "5:13: 'skip' parameter 'count' must be a whole number or a number-valued expression"),
    (card(CITED + "  on play { draw(hand_sise(self)) }\n"),
     "5:13: 'draw' parameter 'amount' must be a whole number or a number-valued expression"),
    (card(CITED + "  on play { draw(2, target=others) }\n"
          "  on play { skip(1) }\n  on play { attack(1, target=everyone) }\n"
          "  on play { eliminate(others) }\n"),
     "8:23: 'others' names several players; one is needed here"),
    (card(CITED + "  playable if hand_size(self) >= nope\n"),
     "5:34: unknown value 'nope'"),
    (card(CITED + "  on play { let n = hand_size(self)\n  draw(n) }\n  copies 500\n"),
     "7:3: 'copies' must be between 0 and 64"),
    (card(CITED + "  on play { move(this, to=attic) }\n"),
     "5:27: unknown pile 'attic' (piles: pile, discard, neutral)"),
    (card(CITED + "  stack draw4 if living(2)\n"),
     "5:3: 'stack' cannot take an 'if' or 'unless'"),
    (HEAD + 'rule "R" {\n  cites classic "A" "b"\n  override category spell {\n'
     '    on play { skip }\n  }\n}\n',
     "4:3: override of unknown category 'spell' (categories: action, attack, defense, "
     "directed, field, global, number, special, technical, wild)"),
    (card(CITED + "  on play { skip(1, times=2) }\n"), "5:13: 'skip' has no parameter 'times'"),
    (card("  colour red\n" + CITED), "4:3: unknown card property 'colour' (did you mean 'color'?)"),
    (card(""), '2:1: card "X" cites no source'),
    (card('  cites 000 "Dodge" "Dodge makes you invincible."\n'),
     "4:21: quoted words do not occur verbatim in seed 000: 'Dodge makes you invincible.'"),
    (card('  cites 000 "Teleport" ""\n'), "4:13: heading 'Teleport' does not occur in seed 000"),
    (card(CITED + "  answers attack if attak_tagged(x) { block_attack }\n"),
     "5:21: unknown condition 'attak_tagged' (did you mean 'attack_tagged'?)"),
    (card(CITED + '  answers attack if attack_contains("Hot Deth") { block_attack }\n'),
     "5:21: 'attack_contains' parameter 'card': unknown card \"Hot Deth\""),
    (HEAD + 'amend "Skipp" {\n  stack x\n}\n',
     "2:1: cannot amend unknown card \"Skipp\" (did you mean 'Skip'?)"),
    (HEAD + 'card "X" {\n  key x\n',
     "3:8: unexpected end of file; expected '}', 'act', 'amend', 'answers', 'aside', 'card', "
     "'cites', 'effect', 'modifies', 'on', 'option', 'override', ..."),
    (HEAD + 'card "X" @ {\n}\n', "2:10: unexpected character '@'"),
    (card(CITED + "  on discard { skip(1) }\n"),
     "5:3: unknown event 'on discard' (expected activated, any_play, blocked, challenge, check, "
     "drawn, entered, modify, play, start, turn_end, turn_start)"),
    (card(CITED + "  modifies draw at luck { adjust(-1) }\n"),
     "5:3: unknown draw layer 'luck' (declared with 'layers': immune, modifier, split)"),
    (card("  color purple\n" + CITED),
     "4:3: 'color' has no value 'purple' (expected one of blue, each, green, red, wild, yellow)"),
    (card("  category spell\n" + CITED),
     "4:3: 'category' has no value 'spell' (expected one of action, attack, defense, directed, "
     "field, global, number, special, technical, wild)"),
    (card(CITED + "  color red\n  replaces 7\n  copies 3\n"),
     '2:1: card "X" replaces more \'red 7\' cards than the deck holds'),
    (HEAD + 'ruling R1 "t" {\n  question "q"\n  answer "a"\n  cites classic "A" "b"\n}\n',
     "2:1: ruling R1 has no 'rationale'"),
    ('ruleset x\n', "1:10: unexpected end of line; expected a quoted string"),
    (HEAD + 'act peeks "Peek" {\n  by anyone\n  replaces draw\n  cites classic "A" "b"\n}\n',
     "2:1: act peeks replaces the draw, so it is 'by turn' and needs no target or card"),
]


@pytest.mark.parametrize(("text", "message"), SPEC_CASES, ids=[m.split(": ", 1)[1][:40]
                                                              for _, m in SPEC_CASES])
def test_spec_error_text(classic, text, message):
    with pytest.raises(HotDeathError) as info:
        check_text(text, "bad.hd", classic)
    assert info.value.diagnostics[0].render().splitlines()[0] == "bad.hd:" + message


def test_error_shows_line_and_caret(classic):
    with pytest.raises(HotDeathError) as info:
        check_text(card(CITED + "  on play { skipp(1) }\n"), "bad.hd", classic)
    lines = info.value.render().splitlines()
    assert lines[1] == "      on play { skipp(1) }"
    assert lines[2] == "                ^"


def test_all_errors_reported_together(classic):
    text = card("  colour red\n  category spell\n" + CITED + "  on play { skipp(1) }\n")
    with pytest.raises(HotDeathError) as info:
        check_text(text, "bad.hd", classic)
    assert [d.line for d in info.value.diagnostics] == [4, 5, 7]


SCN = 'scenario "t"\nid t-1\nruleset classic\ncites classic "A" "b"\ntable\n  players alice bob\n'

SCENARIO_CASES = [
    (SCN + "  hand carol: red 5\nsteps\n", "7:8: unknown player 'carol' (players: alice, bob)"),
    (SCN + "steps\n  alice draws\n  expect rejected nope\n",
     "9:19: unknown rejection code 'nope' (known: game_over, unknown_action, no_such_player, "
     "not_your_turn, card_not_in_hand, does_not_match, must_answer_attack, cannot_answer, "
     "no_attack, not_challengeable, missing_choice, bad_choice, nothing_drawn, not_drawn_card, "
     "uno_not_allowed, "
     "nothing_to_catch, no_pending_choice, cannot_jump_in, must_call_uno, not_playable, "
     "must_play, answer_required, act_not_allowed, round_not_over, bad_combination)"),
    (SCN + "steps\n  alice plays\n", "8:14: unexpected end of line; expected a card"),
    (SCN + "steps\n  alice chooses number x\n", "8:24: unexpected 'x'; expected a number"),
    (SCN + "steps\n  coin sideways\n", "8:8: a coin lands 'up' or 'down', not 'sideways'"),
    ('scenario "t"\nruleset classic\ntable\n  players alice bob\nsteps\n',
     "1:1: the scenario has no 'id' line"),
    (SCN + "steps\n  expect rejected not_your_turn\n",
     "8:3: 'expect rejected' must follow an action"),
    ('scenario "t"\nid t-1\nruleset classic\ntable\n  players alice\nsteps\n',
     "5:3: a table needs at least 2 players"),
    (SCN + "  hand alice: red 5\n  hand alice: red 6\nsteps\n",
     "8:8: hand of alice is given twice"),
]


@pytest.mark.parametrize(("text", "message"), SCENARIO_CASES,
                         ids=[m.split(": ", 1)[1][:40] for _, m in SCENARIO_CASES])
def test_scenario_error_text(text, message):
    with pytest.raises(HotDeathError) as info:
        compile_scenario(text, "bad.scn")
    assert info.value.diagnostics[0].render().splitlines()[0] == "bad.scn:" + message


def test_unknown_cards_are_located(rulesets):
    scn = compile_scenario(SCN + "  hand alice: red 55, purple 5\nsteps\n", "cards.scn")
    rendered = [d.render().splitlines()[0] for d in lint_scenario(scn, rulesets)]
    assert rendered == ["cards.scn:7:15: ruleset 'classic' has no card 'red 55' (did you mean "
                        "'red 5'?)", "cards.scn:7:23: ruleset 'classic' has no card 'purple 5' "
                        "(did you mean 'red 5'?)"]


def test_an_unknown_pending_kind_is_located_with_the_known_ones(rulesets):
    """A scenario writer cannot guess that a Gift pending is 'present': name them all."""
    scn = compile_scenario(SCN + "  hand alice: red 5\nsteps\n  alice draws\n"
                           "  expect pending drw at bob\n", "kind.scn")
    rendered = [d.render().splitlines()[0] for d in lint_scenario(scn, rulesets)]
    assert rendered == ["kind.scn:10:18: ruleset 'classic' has no pending effect of kind 'drw' "
                        "(did you mean 'draw'?) (kinds: draw)"]


def test_a_table_beyond_the_deck_is_refused(rulesets):
    """Classic has one red 0: a table with two could never be dealt, so it is located."""
    scn = compile_scenario(SCN + "  hand alice: red 0, blue 2\n  hand bob: red 0\nsteps\n",
                           "twice.scn")
    rendered = [d.render().splitlines()[0] for d in lint_scenario(scn, rulesets)]
    assert rendered == ["twice.scn:8:13: the table holds 2 copies of 'red 0', but the deck of "
                        "'classic' has 1"]


def test_extra_copies_must_be_declared_and_needed(rulesets):
    """A table beyond the deck passes only when it says so, and saying so needs such a table."""
    beyond = "  hand alice: red 0, blue 2\n  hand bob: red 0\nsteps\n"
    head = SCN.replace("ruleset classic\n", "ruleset classic\nextra copies\n")
    assert lint_scenario(compile_scenario(head + beyond, "ok.scn"), rulesets) == []
    scn = compile_scenario(head + "  hand alice: red 0\nsteps\n", "idle.scn")
    rendered = [d.render().splitlines()[0] for d in lint_scenario(scn, rulesets)]
    assert rendered == ["idle.scn:4:1: 'extra copies' is declared, but the table holds no "
                        "more copies than the deck has"]


def test_options_the_seed_forbids_together_are_refused(rulesets):
    """NACB and Silent Two's 'cannot be used at the same time': lint and the adapter say so."""
    from hotdeath.adapter import ReferenceImplementation, SetupError

    text = ('scenario "t"\nid t-1\nruleset hot-death-deluxe\noption nacb\noption silent_twos\n'
            'cites 002 "Various Add-on Rules (Indicate before game play)" "Obviously cannot '
            'use \\"Silent 2\'s\\" at the same time."\ntable\n  players alice bob\nsteps\n')
    scn = compile_scenario(text, "both.scn")
    rendered = [d.render().splitlines()[0] for d in lint_scenario(scn, rulesets)]
    assert "both.scn:5:8: options nacb and silent_twos cannot both be on (one excludes the " \
           "other)" in rendered
    with pytest.raises(SetupError, match="nacb and silent_twos cannot both be on"):
        ReferenceImplementation(rulesets).load(scn.data)


def test_a_scenario_repeating_another_is_reported():
    from hotdeath.suite.lint import duplicate_scenarios

    body = "table\n  players alice bob\n  hand alice: red 5\n  discard red 3\nsteps\n" \
           "  alice plays red 5\n"
    one = compile_scenario(SCN.split("table")[0] + body + "  expect turn bob\n", "one.scn")
    two = compile_scenario(SCN.split("table")[0].replace("t-1", "t-2") + body, "two.scn")
    other = compile_scenario(SCN.split("table")[0].replace("t-1", "t-3") + body.replace(
        "red 5\n", "red 6\n"), "three.scn")
    found = [d.render().splitlines()[0] for d in duplicate_scenarios([one, two, other])]
    assert found == ["two.scn:1:1: scenario t-2 has the same table and steps as t-1: "
                     "merge them"]
