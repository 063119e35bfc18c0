"""Random legal games: the engine's own self-test and benchmark workload.

A simulated game deals from the ruleset's full deck with a seeded shuffle and
picks uniformly among legal actions, so any rules file can be exercised
without a single scenario.
"""

from __future__ import annotations

import hashlib
import json
import random
from dataclasses import dataclass

from .engine.chance import RandomChance, shuffle
from .engine.game import Game
from .engine.state import Action, Card
from .model import Ruleset


@dataclass
class GameStats:
    steps: int
    finished: bool


def new_game(rs: Ruleset, players: int, rng: random.Random, tracing: bool = False,
             rulesets: dict[str, Ruleset] | None = None) -> Game:
    game = Game(rs, [f"p{i}" for i in range(players)], RandomChance(rng), rulesets,
                tracing=tracing)
    deck = Card.copies(rs.deck)
    shuffle(rng, deck)  # rng.shuffle's order, made faster
    game.state.pile = deck
    game.deal()
    game.start()
    return game


def play_random(game: Game, rng: random.Random, max_steps: int = 3000,
                out_of_turn: bool = False, eager: bool = False) -> GameStats:
    """Play random legal actions until the round ends or the cap is hit.

    ``eager`` draws only when no card can be played, like RLCard's UNO action
    space; otherwise every legal action (drawing included) is equally likely.
    """
    steps = 0
    while not game.is_terminal() and steps < max_steps:
        actions = game.legal_actions(out_of_turn)  # (by position: a faster call in CPython)
        if eager:
            plays = [a for a in actions if a.act == "play"]
            actions = plays or actions
        game.apply_action(rng.choice(actions))
        steps += 1
    return GameStats(steps, game.is_terminal())


# -- fingerprints: proof that a change to the engine plays the very same games -----------


def _card_ref(game: Game, player: int, card: Card | None) -> tuple:
    """A card as notation plus where the acting player holds it: copies are told apart."""
    if card is None:
        return ()
    hand = game.state.hands[player] if 0 <= player < len(game.state.hands) else []
    at = next((i for i, c in enumerate(hand) if c is card), -1)
    return (card.notation, at)


def _describe(game: Game, a: Action) -> str:
    return repr((a.player, a.act, _card_ref(game, a.player, a.card), a.color, a.target,
                 tuple(c.notation for c in a.cards), a.players, a.number, a.answer, a.counts))


class _Recorder:
    """Stands in for a Game inside ``play_random``: every listed and applied action is hashed."""

    def __init__(self, game: Game, sink):
        self.game = game
        self.sink = sink

    def is_terminal(self) -> bool:
        return self.game.is_terminal()

    def legal_actions(self, out_of_turn: bool = True) -> list[Action]:
        actions = self.game.legal_actions(out_of_turn=out_of_turn)
        self.sink.update(("L" + "|".join(_describe(self.game, a) for a in actions)).encode())
        return actions

    def apply_action(self, action: Action) -> None:
        self.sink.update(("A" + _describe(self.game, action)).encode())
        self.game.apply_action(action)


def fingerprint(rs: Ruleset, players: int, seed: int, *, eager: bool, out_of_turn: bool,
                rulesets: dict[str, Ruleset] | None = None, tracing: bool = True,
                max_steps: int = 3000) -> tuple[str, str]:
    """Hashes of one seeded random game as ``play_random`` plays it: (play, trace).

    ``play`` covers every list of legal actions in order (the random choice
    picks by position), every applied action, the step count and the final
    observation; ``trace`` covers the engine's trace (empty without tracing).
    Recorded before a change to the engine and compared after, they show that
    it plays identical games; a run without tracing must give the same
    ``play`` hash, which guards the trace-off fast paths.
    """
    rng = random.Random(seed)
    game = new_game(rs, players, rng, tracing=tracing, rulesets=rulesets)
    play = hashlib.sha256()
    stats = play_random(_Recorder(game, play), rng, max_steps=max_steps,  # type: ignore[arg-type]
                        out_of_turn=out_of_turn, eager=eager)
    play.update(repr((stats.steps, stats.finished)).encode())
    play.update(json.dumps(game.observation(), sort_keys=True).encode())
    trace = hashlib.sha256(json.dumps(game.state.trace).encode())
    return play.hexdigest()[:16], trace.hexdigest()[:16]
