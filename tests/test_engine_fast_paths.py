"""The engine's fast paths do what the general ones do, and its caches hold nothing too long.

``tests/test_sim_fingerprints.py`` shows that whole recorded games are unchanged; these
tests pin each fast path against the general code on the same tables.
"""

from __future__ import annotations

import gc
import random
import weakref

import pytest

from hotdeath.engine import acts
from hotdeath.engine.matching import NO_MATCH, fits, matcher
from hotdeath.engine.state import _DERIVED, Action, Illegal
from hotdeath.sim import fingerprint, new_game

RULESETS = ["classic", "hot-death-v3", "hot-death-1989", "hot-death-deluxe", "uber-uno"]


@pytest.mark.parametrize("name", RULESETS)
def test_quick_actions_play_the_games_process_plays(rulesets, name, monkeypatch):
    """``acts.quick`` (one call for a draw, a pass or a play without effects) against
    ``acts.process`` alone: the same lists of legal moves, tables and traces, game by game."""
    rs = rulesets[name]

    def games() -> list[tuple[str, str]]:
        return [fingerprint(rs, 2 + seed % 3, seed, eager=seed % 2 == 0,
                            out_of_turn=seed % 4 < 2, rulesets=rulesets) for seed in range(12)]

    quick = games()
    monkeypatch.setattr(acts, "quick", lambda state, action: False)
    assert games() == quick


def test_quick_actions_are_taken_in_classic(classic, monkeypatch):
    """The comparison above means something only if the fast path is used."""
    taken = []
    real = acts.quick

    def spy(state, action):
        done = real(state, action)
        taken.append(done)
        return done

    monkeypatch.setattr(acts, "quick", spy)
    fingerprint(classic, 4, 1, eager=True, out_of_turn=False)
    assert any(taken) and not all(taken)


def test_the_face_table_answers_for_cards_of_another_ruleset(rulesets):
    """After the rules change in mid-game (v3's Apocalypse reverts to classic), a card
    matches as the face it stands for: the table, keyed by the card's own face, agrees with
    the matching test built for the translated faces."""
    v3, classic = rulesets["hot-death-v3"], rulesets["classic"]
    rng = random.Random(5)
    game = new_game(v3, 4, rng, rulesets=rulesets)
    state = game.state
    state.rs = classic
    table, test = fits(state), matcher(state)
    held = [c for hand in state.hands for c in hand]
    assert any(c.face.ruleset != classic.ident for c in held)
    for card in held:
        assert (table[card.face] != NO_MATCH) == test(state.face(card)), card


def test_an_action_equal_to_a_listed_one_is_that_action(classic):
    """A listed action is not validated again; an equal one (the same fields, the same card
    objects) is the same move, and any other is still validated."""
    game = new_game(classic, 3, random.Random(2))
    listed = game.legal_actions()
    again = Action(*listed[0])
    assert again == listed[0] and again is not listed[0]
    game.apply_action(again)
    game.legal_actions()
    p = game.current_player
    other = next(q for q in range(3) if q != p)
    with pytest.raises(Illegal):
        game.apply_action(Action(other, "draw"))


def test_ruleset_tables_are_dropped_with_their_ruleset(rulesets):
    """The tables kept per ruleset (``state.Derived``) must not keep a ruleset alive: mutation
    testing and option variants build many."""
    base = rulesets["hot-death-v3"]
    variant = base.with_options(frozenset({"elimination"}))
    rng = random.Random(1)
    game = new_game(variant, 3, rng, rulesets=rulesets)
    game.legal_actions()
    ident = id(variant)
    assert ident in _DERIVED
    alive = weakref.ref(variant)
    base.variants.pop(frozenset({"elimination"}))
    del game, variant
    gc.collect()
    assert alive() is None
    assert ident not in _DERIVED
