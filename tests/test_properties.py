"""Hypothesis properties of the engine and the parsers."""

from __future__ import annotations

import contextlib
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from hotdeath.engine.allowed import _ctx, needs_of
from hotdeath.engine.combine import cards_of, target, value_of
from hotdeath.engine.state import Action, Illegal
from hotdeath.engine.validation import validate
from hotdeath.errors import HotDeathError
from hotdeath.lang.parse import parse_rules
from hotdeath.model import clashing_options
from hotdeath.scenario import compile_scenario
from hotdeath.sim import new_game, play_random


def all_cards(game) -> Counter:
    """Every physical card on the table, wherever it is (each copy counted once)."""
    s = game.state
    zones = [*s.hands, *s.fields, s.neutral, s.pile, s.discard, *s.zones.values()]
    loose = [c for p in s.pending for c in p.held]
    attached = [a for zone in zones for c in zone for a in c.attached]
    return Counter(id(c) for c in [*(c for zone in zones for c in zone), *loose, *attached])


def play_checked(rs, seed: int, players: int, out_of_turn: bool, rulesets=None,
                 eager: bool = False, wins_by_act: bool = False, steps: int = 1500) -> bool:
    """Play one random hand of at most ``steps`` steps, checking every card is kept; returns
    whether it ended.

    ``eager`` plays a card whenever one can be played (small decks run dry
    when random players draw at will); ``wins_by_act`` allows a hand won by
    an act (laying down a set of cards) with cards still in the winner's hand.
    """
    rng = random.Random(seed)
    game = new_game(rs, players, rng, rulesets=rulesets)
    deck = all_cards(game)
    assert sum(deck.values()) == len(rs.deck) and max(deck.values()) == 1
    for _ in range(steps):
        if game.is_terminal():
            break
        actions = game.legal_actions(out_of_turn=out_of_turn)
        assert actions, "a live game always offers an action"
        if eager:  # play if possible, else act on one's turn rather than make optional acts
            actions = [a for a in actions if a.act == "play"] or [
                a for a in actions if a.act in ("draw", "pass", "accept", "use", "challenge",
                                                "choose")] or actions
        game.apply_action(rng.choice(actions))
        assert all_cards(game) == deck
        assert game.is_terminal() or game.state.in_game(game.current_player)
    if game.is_terminal():
        s = game.state
        assert s.round_winner is not None or s.loser is not None or s.winner is not None \
            or s.living() == 0 or s.hand_ended
        if s.round_winner is not None and s.living() > 1 and not wins_by_act:
            assert not s.hands[s.round_winner]
    return game.is_terminal()


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 6), oot=st.booleans())
def test_random_classic_games_keep_every_card(classic, seed, players, oot):
    play_checked(classic, seed, players, oot)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 8),
       options=st.sets(st.sampled_from(["elimination"])))
def test_random_v3_games_keep_every_card(rulesets, seed, players, options):
    """Every card of the v3 deck, every option: no card is lost or duplicated, ever."""
    play_checked(rulesets["hot-death-v3"].with_options(frozenset(options)), seed, players, True,
                 rulesets)


HD89_OPTIONS = ["ends_at_1000", "no_vacuum"]


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 8),
       options=st.sets(st.sampled_from(HD89_OPTIONS)))
@example(seed=10000001, players=8, options=set())  # a hand of 1,572 steps
def test_random_1989_hands_keep_every_card(rulesets, seed, players, options):
    """Every card of the 1989 deck, with every option on and off, is kept; the hand ends.
    Players who draw at will make long hands: of 300 seeded hands of 2 to 8 players the
    longest took 1,271 steps, and hypothesis found one of 1,572, so the cap is well above."""
    assert play_checked(rulesets["hot-death-1989"].with_options(frozenset(options)), seed,
                        players, True, rulesets, wins_by_act=True, steps=10_000)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 8), data=st.data())
def test_random_uber_hands_keep_every_card(rulesets, seed, players, data):
    """Every card of the Über Uno deck, with every option on and off, is kept; a hand played
    eagerly ends (random players who draw at will run a 114-card deck dry, as in Deluxe)."""
    base = rulesets["uber-uno"]
    options = data.draw(st.sets(st.sampled_from(sorted(base.options))))
    assert play_checked(base.with_options(frozenset(options)), seed, players, True, rulesets,
                        eager=True)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 8), oot=st.booleans(),
       eager=st.booleans())
def test_random_blender_games_keep_every_card(rulesets, seed, players, oot, eager):
    """Every card of the 720-card UNO Blender deck is kept through tempo, stacks, flex sides
    and eliminations; a game played eagerly ends."""
    ended = play_checked(rulesets["uno-blender"], seed, players, oot, rulesets, eager=eager)
    assert ended or not eager


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 6),
       option=st.sampled_from(["math", "math_average"]))
def test_listed_combinations_are_legal_and_make_the_card_in_play(rulesets, seed, players,
                                                                 option):
    """Über's Math rules: every combined play listed passes validation and makes the number in
    play (its colour too, as a jump-in); applied, every card leaves the hand, the last on top.
    A listed combination with its first operator changed to one making another value is
    refused, the table untouched."""
    rs = rulesets["uber-uno"].with_options(frozenset([option]))
    rng = random.Random(seed)
    game = new_game(rs, players, rng, rulesets=rulesets)
    for _ in range(400):
        if game.is_terminal():
            break
        actions = game.legal_actions()
        combos = [a for a in actions if a.combine]
        for a in combos:
            validate(game.state, a)
            color, value = value_of(game.state, a)
            goal = target(game.state)
            assert goal is not None and goal[1] == value and (a.act == "play" or goal[0] == color)
        if combos and rng.random() < 0.6:
            a = rng.choice(combos)
            _refused_when_changed(game, a)
            hand = game.state.hands[a.player]
            size, cards = len(hand), cards_of(a)
            game.apply_action(a)
            assert len(game.state.hands[a.player]) == size - len(cards)
            assert game.state.discard[-len(cards):] == cards
        else:
            plays = [a for a in actions if a.act == "play"] or actions
            game.apply_action(rng.choice(plays))


def _refused_when_changed(game, a: Action) -> None:
    (op, card), *rest = a.combine
    for other in ("+", "-", "*"):
        changed = a._replace(combine=((other, card), *rest))
        try:
            value = value_of(game.state, changed)[1]
        except Illegal:
            continue
        if value != value_of(game.state, a)[1]:
            before = game.observation()
            with pytest.raises(Illegal):
                game.apply_action(changed)
            assert game.observation() == before
            return


def _deluxe_options(rulesets) -> list[str]:
    return sorted(rulesets["hot-death-deluxe"].options)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 7), data=st.data())
def test_random_deluxe_hands_keep_every_card(rulesets, seed, players, data):
    """Every Deluxe option (bonus cards, add-ons, ideas) on and off: every card is kept, and a
    hand played eagerly ends."""
    base = rulesets["hot-death-deluxe"]
    options = data.draw(st.sets(st.sampled_from(_deluxe_options(rulesets))))
    for a, b in clashing_options(base, options):  # the seed forbids them together
        options.discard(b if a in options else a)
    rs = base.with_options(frozenset(options))
    assert play_checked(rs, seed, players, True, rulesets, eager=True, wins_by_act=True)


@pytest.mark.parametrize("name", ["hot-death-1989", "hot-death-deluxe"])
def test_random_matches_end_with_a_winner_or_a_tie(rulesets, name):
    """Whole matches, hand after hand, end: someone is out over the limit or reaches it."""
    rs = rulesets[name]
    for seed in range(6):
        rng = random.Random(seed)
        game = new_game(rs, 3 + seed % 3, rng, rulesets=rulesets)
        for _ in range(60):
            play_random(game, rng, eager=True, out_of_turn=True)
            assert game.is_terminal()
            if game.state.winner is not None or game.state.loser is not None:
                break
            game.next_hand()
            while game.state.request is not None:  # the dealer's choice of hand size
                game.apply_action(rng.choice(game.legal_actions()))
        assert game.state.winner is not None or game.state.loser is not None \
            or max(game.state.scores) >= 1000


def test_random_games_mostly_finish(classic):
    finished = sum(play_random(new_game(classic, 4, random.Random(s)), random.Random(s)).finished
                   for s in range(40))
    assert finished >= 30


def key(a: Action) -> tuple:
    """An action as a player states it: copies of a card are interchangeable."""
    return (a.player, a.act, a.card.notation if a.card else None, a.color, a.target)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_legal_actions_are_exactly_the_accepted_ones(classic, seed):
    """Every listed action applies; a sample of unlisted plays is refused untouched, but for
    bluffs, which are accepted and never listed."""
    rng = random.Random(seed)
    game = new_game(classic, 3, rng)
    for _ in range(60):
        if game.is_terminal():
            break
        legal = game.legal_actions()
        listed = {key(a) for a in legal}
        p = game.current_player
        for card in game.state.hands[p]:
            colors = ("red", None) if "color" in needs_of(game.state, card, p) else (None,)
            for color in colors:
                action = Action(p, "play", card, color)
                if key(action) in listed:
                    continue
                kind = game.state.kind(card)
                if kind.bluff is not None and kind.bluff(_ctx(game.state, p, card, action)):
                    continue  # a bluff: accepted but never listed (ruling CL9)
                before = game.observation()
                try:
                    game.apply_action(action)
                except Illegal:
                    assert game.observation() == before
                else:
                    raise AssertionError(f"unlisted {action} was accepted")
        game.apply_action(rng.choice(legal))


@settings(max_examples=300, deadline=None)
@given(st.text())
def test_rules_parser_raises_only_its_own_error(text):
    with contextlib.suppress(HotDeathError):
        parse_rules(text, "fuzz.hd")


RULES_WORDS = ['ruleset', 'x', '"t"', 'extends', 'card', '"C"', '{', '}', 'on', 'play', 'skip',
               '(', ')', '1', '=', ',', 'if', 'unless', 'not', 'and', 'or', 'answers', 'attack',
               'cites', '000', '"h"', '\n', 'modifies', 'at', 'override', 'ruling', 'R1', '[', ']']


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(RULES_WORDS), max_size=40))
def test_rules_parser_on_token_soup(words):
    with contextlib.suppress(HotDeathError):
        parse_rules(" ".join(words), "fuzz.hd")


SCN_WORDS = ['scenario', '"t"', 'id', 'a-1', 'ruleset', 'classic', 'table', 'players', 'alice',
             'bob', 'steps', 'plays', 'red', '5', 'expect', 'turn', 'count', 'hand', ':', ',',
             'rejected', 'draws', '\n', 'pile', 'discard', 'shuffle', 'choosing', 'at', 'wild']


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(), st.lists(st.sampled_from(SCN_WORDS), max_size=40).map(" ".join)))
def test_scenario_parser_raises_only_its_own_error(text):
    with contextlib.suppress(HotDeathError):
        compile_scenario(text, "fuzz.scn")


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 6), data=st.data())
def test_random_deluxe_acts_out_of_turn_keep_every_card(rulesets, seed, players, data):
    """Uniformly random legal actions, out of turn too (wagers, steals, sounds at any moment):
    every action offered can be taken, and no card is lost; the hand need not end."""
    base = rulesets["hot-death-deluxe"]
    options = data.draw(st.sets(st.sampled_from(_deluxe_options(rulesets)), min_size=4))
    for a, b in clashing_options(base, options):
        options.discard(b if a in options else a)
    play_checked(base.with_options(frozenset(options)), seed, players, True, rulesets,
                 wins_by_act=True)
