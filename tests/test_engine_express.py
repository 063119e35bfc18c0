"""The express lane (``engine/express.py``) decides every step as the general code does.

With the trace on, games take the general path; with it off, plain rules take the lane.
So the same seeded game played both ways must list the same moves and reach the same
table, and at every position the lane lists exactly what ``listing.legal_actions`` lists.
"""

from __future__ import annotations

import inspect
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hotdeath.engine import chance, express, listing
from hotdeath.engine.game import Game
from hotdeath.engine.state import Card, derived
from hotdeath.registry import VERBS
from hotdeath.sim import fingerprint, new_game


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_the_lane_plays_the_games_the_general_code_plays(classic, rulesets, players):
    """Traced (general code) and untraced (express lane): the same lists, moves and tables,
    with both policies and with moves out of turn listed or not."""
    for seed in range(40):
        kw = {"eager": seed % 2 == 0, "out_of_turn": seed % 4 < 2, "rulesets": rulesets}
        general = fingerprint(classic, players, seed, tracing=True, **kw)[0]
        assert fingerprint(classic, players, seed, tracing=False, **kw)[0] == general, seed


def _random_positions(rs, games: int, players: int = 4):
    """Every position of some seeded random games, untraced, as (game, rng) before a move."""
    for seed in range(games):
        rng = random.Random(seed)
        game = new_game(rs, players, rng)
        while not game.is_terminal():
            yield game
            actions = game.legal_actions(out_of_turn=False)
            game.apply_action(rng.choice(actions))


def test_the_lane_lists_what_legality_lists(classic):
    """Position by position, where the lane is open and lists the moves at all."""
    listed = 0
    for game in _random_positions(classic, 60):
        state = game.state
        if express.is_open(state):
            mine = express.listing(state)
            if mine is not None:
                listed += 1
                assert mine == listing.legal_actions(state, out_of_turn=False)
    assert listed > 1000  # the comparison means something only if the lane lists


def test_an_action_the_lane_applies_leaves_it_open(classic, monkeypatch):
    """``Game`` skips ``is_open`` after an action the lane applied (``Game._open_at``): that
    holds only if such an action never closes it, nor empties a hand. Plays with effects
    and answers to a draw count too where every verb of the rules keeps the lane
    (``registry.Entry.keeps_lane``), as classic's do."""
    assert derived(classic).keeps_lane
    applied = []
    for name in ("apply", "play", "respond"):
        real = getattr(express, name)

        def checked(state, action, *rest, real=real):
            done = real(state, action, *rest)
            if done is True:
                applied.append(action.act)
                assert express.is_open(state)
                assert all(state.hands) and state.living() >= 2  # what Game passes as filled
            return done

        monkeypatch.setattr(express, name, checked)
    for seed in range(30):
        rng = random.Random(seed)
        game = new_game(classic, 2 + seed % 4, rng)
        while not game.is_terminal():
            game.apply_action(rng.choice(game.legal_actions(out_of_turn=seed % 2 == 0)))
    assert {"play", "draw", "pass", "accept", "challenge"} <= set(applied)


def test_only_verbs_that_keep_the_lane_say_so():
    """A verb marked ``keeps_lane`` writes none of the fields ``express.is_open`` reads
    (read from its own source, not the helpers it calls: the games above check those)."""
    read = re.findall(r"state\.(\w+)", inspect.getsource(express.is_open))
    fields = set(read) - {"_derived", "request", "over", "tracing"}  # _finish sees those
    assert {"active", "free_turn", "match_top", "play_zone", "mini", "tempo_draw"} <= fields
    for entry in VERBS.values():
        if entry.keeps_lane:
            source = inspect.getsource(entry.fn)
            for name in fields | {"rs"}:
                assert not re.search(rf"\.{name}\b\s*(=|\+=|\.append)", source), \
                    (entry.name, name)


def test_rules_with_another_verb_do_not_keep_the_lane(rulesets):
    assert not any(derived(rs).keeps_lane for name, rs in rulesets.items() if name != "classic")


def test_each_part_of_the_lane_is_taken(classic, monkeypatch):
    """Plays with effects, answers to a draw and plain moves all go by the lane in classic."""
    taken: dict[str, int] = {}
    for name in ("apply", "play", "respond"):
        real = getattr(express, name)

        def spy(state, action, *rest, real=real, name=name):
            done = real(state, action, *rest)
            if done is True:
                taken[name] = taken.get(name, 0) + 1
            return done

        monkeypatch.setattr(express, name, spy)
    for seed in range(20):
        rng = random.Random(seed)
        game = new_game(classic, 4, rng)
        while not game.is_terminal():
            game.apply_action(rng.choice(game.legal_actions(out_of_turn=False)))
    assert set(taken) == {"apply", "play", "respond"}


def test_the_lane_is_closed_with_the_trace_on_and_to_other_rules(classic, rulesets):
    traced = Game(classic, ["a", "b"], chance.RandomChance(random.Random(1)))
    assert not express.is_open(traced.state)
    for name, rs in rulesets.items():
        if name != "classic":
            game = new_game(rs, 3, random.Random(1))
            assert not express.is_open(game.state), name


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**64), size=st.integers(0, 200))
def test_the_quick_shuffle_is_the_standard_librarys(seed, size):
    """The same order, and the generator left in the same state."""
    ours, theirs = random.Random(seed), random.Random(seed)
    a, b = list(range(size)), list(range(size))
    chance.shuffle(ours, a)
    theirs.shuffle(b)
    assert a == b
    assert ours.getstate() == theirs.getstate()


def test_another_generator_shuffles_its_own_way():
    class Loaded(random.Random):
        def shuffle(self, x):  # type: ignore[override]
            x.reverse()

    items = list(range(10))
    chance.shuffle(Loaded(1), items)
    assert items == list(range(9, -1, -1))


def test_cards_made_in_bulk_are_made_as_one_is(classic):
    """``Card.copies`` (the simulator's deck) sets every slot as ``Card.__init__`` does."""
    for face in classic.deck[:8]:
        one, = Card.copies([face])
        alone = Card(face)
        assert [getattr(one, s) for s in Card.__slots__] \
            == [getattr(alone, s) for s in Card.__slots__]
