"""The card pages' plain words (hotdeath.site.plain) say what the rules say.

Each check reads the number, the target or the condition it expects from the card's
checked rules (the call's own arguments), not from a copy of the sentence; and a card
whose rules are edited (a copy of its rules file with one number or one condition
changed) gets words that change with them, so a generator that ignored its input fails.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from hotdeath.lang.check import load_rulesets
from hotdeath.model import CardKind, IfOp, Op
from hotdeath.resources import spec_dir
from hotdeath.site.plain import condition, plain_words


@pytest.fixture(scope="module")
def rulesets():
    return load_rulesets()


def _kind(rulesets, ruleset: str, name: str) -> CardKind:
    return rulesets[ruleset].kinds[name]


def _calls(body: tuple) -> list[Op]:
    out = []
    for op in body:
        if isinstance(op, IfOp):
            out += _calls(op.then) + _calls(op.orelse)
        elif isinstance(op, Op):
            out.append(op)
    return out


def _first(kind: CardKind, event: str, verb: str) -> Op:
    return next(op for e in kind.triggers[event] for op in _calls(e.body)
                if op.call.name == verb)


def _sentence(words: list[str], start: str) -> str:
    got = [s for s in words if s.startswith(start)]
    assert len(got) == 1, (start, words)
    return got[0]


def test_classic_wild_draw_four_names_the_colour_attacks_and_is_a_bluff_when_held(rulesets):
    kind = _kind(rulesets, "classic", "Wild Draw Four")
    words = plain_words(kind)
    amount = _first(kind, "play", "attack").call.args[0]
    played = _sentence(words, "When it is played")
    assert played == ("When it is played, its player names the colour to play, then the next "
                      f"player is hit with a draw of {amount}.")
    # the bluff: the guard's own words, from the condition the rules file gives it
    assert _sentence(words, "Played when") == (
        f"Played when {condition(kind.bluff.hd_source)}, it is a bluff: the play stands "
        "unless it is challenged.")
    assert "holds another card of the colour in play" in condition(kind.bluff.hd_source)
    # the challenge: guilty, its player draws the penalty; else the challenger draws more
    penalty = _first(kind, "challenge", "draw").call.args[0]
    raised = _first(kind, "challenge", "raise_attack").call.args[0]
    challenged = _sentence(words, "When its play is challenged")
    assert re.fullmatch(
        rf"When its play is challenged, if its player held another card of the colour in "
        rf"play when they played it, the player who started the attack draws {penalty} cards, "
        rf"then the attack is cancelled; otherwise the attack grows by {raised}, then the "
        rf"player under attack draws the cards and loses their turn\.", challenged)
    assert _sentence(words, "When it is turned up").endswith("a new card is turned up.")


def test_an_answer_says_who_may_answer_and_when(rulesets):
    # 1989's Holy Defender passes a defensible attack on; v3's blocks what can be blocked.
    old = plain_words(_kind(rulesets, "hot-death-1989", "Holy Defender"))
    assert old[0] == ("When an attack is aimed at its holder, they may play it to answer, if "
                      "the attack may be defended against: the attack moves on to the next "
                      "player, who may answer it in turn.")
    assert old[1] == "When the hand is scored, its holder's score becomes half the score."
    new = plain_words(_kind(rulesets, "hot-death-v3", "Holy Defender"))
    assert new == ["When an attack is aimed at its holder, they may play it to answer, unless "
                   "the attack cannot be blocked: the attack is stopped, and play goes on "
                   "after its holder."]


def test_a_named_effect_is_said_for_the_player_it_hits(rulesets):
    kind = _kind(rulesets, "uber-uno", "Über")
    words = plain_words(kind)
    need = kind.playable.hd_source
    assert words[0] == f"It may be played only if {condition(need)}."
    assert f"is at least {need.right}" in words[0]
    assert "a chosen player is hit with its effect 'exchange'" in words[1]
    assert words[2] == ("Its effect 'exchange': the player it hits and the player who started "
                        "the attack exchange hands.")


def test_blender_cards_with_a_modifier_and_a_shield(rulesets):
    shield = plain_words(_kind(rulesets, "uno-blender", "Shield"))
    assert shield[0].startswith("When an attack is aimed at its holder, they may play it to "
                                "answer: ")
    speed = plain_words(_kind(rulesets, "uno-blender", "Number with Speed Up"))
    assert speed[0].startswith("When it is played to modify a draw, ")


def test_no_word_is_left_as_a_placeholder(rulesets):
    """Every condition is said in words: none falls back to 'a condition holds', and no
    sentence names the engine's "actor" (its player, its holder or the player hit)."""
    for ident, rs in rulesets.items():
        for kind in rs.kinds.values():
            for s in plain_words(kind):
                assert "a condition holds" not in s, (ident, kind.name, s)
                assert " the actor" not in s, (ident, kind.name, s)


def _edited(tmp_path: Path, old: str, new: str) -> dict:
    """The bundled rulesets with classic's file edited (one substitution, which must hit)."""
    text = (spec_dir() / "classic.hd").read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path = tmp_path / "classic.hd"
    path.write_text(text.replace(old, new), encoding="utf-8")
    return load_rulesets(path)


def test_the_words_follow_an_edited_rule(tmp_path, rulesets):
    before = plain_words(_kind(rulesets, "classic", "Draw Two"))
    assert "the next player is hit with a draw of 2" in before[0]
    edited = _edited(tmp_path, "on play { attack(2) }", "on play { attack(3, target=previous) }")
    after = plain_words(edited["classic"].kinds["Draw Two"])
    assert after[0] == "When it is played, the previous player is hit with a draw of 3."


def test_the_words_follow_an_edited_condition(tmp_path):
    edited = _edited(tmp_path, "bluff if holds_color_in_play", "bluff unless holds_color_in_play")
    words = plain_words(edited["classic"].kinds["Wild Draw Four"])
    assert words[0].startswith("Played unless its player holds another card of the colour in "
                               "play, it is a bluff")


def test_a_let_is_said_as_the_value_it_kept(rulesets):
    """v3's I Don't Like These counts the hand, discards it, then draws that many: the
    count is the hand before the discard, and the words say so, in the rules' order."""
    kind = _kind(rulesets, "hot-death-v3", "I Don't Like These")
    (played,) = [s for s in plain_words(kind) if s.startswith("When it is played")]
    discard, draw = played.index("whole hand"), played.index("draws as many cards as they held")
    assert discard < draw


def test_a_negated_either_is_said_side_by_side(rulesets):
    """v3's Dodge answers 'unless' an attack is undodgeable or directed: both sides said in
    the negative, each from its tag."""
    kind = _kind(rulesets, "hot-death-v3", "Dodge")
    guard = kind.answers[0].guard.hd_source
    tags = [part.args[0].text for part in (guard.operand.left, guard.operand.right)]
    assert tags == ["undodgeable", "directed"]
    words = plain_words(kind)[0]
    assert "if the attack can be dodged and the attack is not aimed at one player:" in words
