"""Everything random is an input: scripted for scenarios, seeded for simulations."""

from __future__ import annotations

import random
from collections import Counter

from ..model import Face
from .state import Unscripted


class ScriptedChance:
    """Shuffles come from the scenario, in order; running out is an error, not a guess."""

    def __init__(self, shuffles: list[list[Face]] | None = None):
        self.shuffles = list(shuffles or [])

    def add(self, order: list[Face]) -> None:
        self.shuffles.append(order)

    def shuffle(self, cards: list[Face]) -> list[Face]:
        if not self.shuffles:
            raise Unscripted(
                f"a shuffle of {len(cards)} cards is needed but the scenario scripts none "
                "(add a 'random shuffle ...' step before this one)"
            )
        order = self.shuffles.pop(0)
        if Counter(id(c) for c in order) != Counter(id(c) for c in cards):
            raise Unscripted(
                "the scripted shuffle is not an ordering of the cards being shuffled: "
                f"expected {sorted(c.notation for c in cards)}, "
                f"got {sorted(c.notation for c in order)}"
            )
        return list(order)


class RandomChance:
    def __init__(self, rng: random.Random):
        self.rng = rng

    def shuffle(self, cards: list[Face]) -> list[Face]:
        out = list(cards)
        self.rng.shuffle(out)
        return out
