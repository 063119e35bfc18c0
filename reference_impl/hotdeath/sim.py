"""Random legal games: the engine's own self-test and benchmark workload.

A simulated game deals from the ruleset's full deck with a seeded shuffle and
picks uniformly among legal actions, so any rules file can be exercised
without a single scenario.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from .engine.chance import RandomChance
from .engine.game import Game
from .engine.state import Card
from .model import Ruleset


@dataclass
class GameStats:
    steps: int
    finished: bool


def new_game(rs: Ruleset, players: int, rng: random.Random, tracing: bool = False,
             rulesets: dict[str, Ruleset] | None = None) -> Game:
    game = Game(rs, [f"p{i}" for i in range(players)], RandomChance(rng), rulesets,
                tracing=tracing)
    deck = [Card(face) for face in rs.deck]
    rng.shuffle(deck)
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
        actions = game.legal_actions(out_of_turn=out_of_turn)
        if eager:
            plays = [a for a in actions if a.act == "play"]
            actions = plays or actions
        game.apply_action(rng.choice(actions))
        steps += 1
    return GameStats(steps, game.is_terminal())
