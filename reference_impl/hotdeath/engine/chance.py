"""Everything random or physical is an input: scripted for scenarios, seeded for simulations.

Kinds of input: a shuffle (an order of cards), a coin (a card flipped up or
down) and a race (who is first, second... at a physical grab). A scenario
scripts each before the step that needs it; running out is an error, never a
guess.
"""

from __future__ import annotations

import functools
import random
from collections import Counter

from .state import Card, Unscripted

HINTS = {"shuffle": "a line 'shuffle {}'", "coin": "a line 'coin up' or 'coin down'",
         "race": "a line 'race {}'"}
"""How a scenario scripts each kind: the exact syntax of grammar/scenario.lark, filled in."""


class ScriptedChance:
    """Outcomes come from the scenario, in order, one queue per kind."""

    def __init__(self, shuffles: list[list[str]] | None = None):
        self.queues: dict[str, list] = {"shuffle": list(shuffles or []), "coin": [], "race": []}

    def add(self, kind: str, outcome) -> None:
        self.queues[kind].append(outcome)

    def _next(self, kind: str, what: str, example: str = ""):
        queue = self.queues[kind]
        if not queue:
            raise Unscripted(f"{what} is needed but the scenario scripts none (add "
                             f"{HINTS[kind].format(example)} before this step, or among the "
                             "table's lines if the set-up needs it)")
        return queue.pop(0)

    def shuffle(self, cards: list[Card]) -> list[Card]:
        example = ", ".join(c.notation for c in cards)  # one order of them, top first
        order = self._next("shuffle", f"a shuffle of {len(cards)} cards", example)
        if Counter(order) != Counter(c.notation for c in cards):
            raise Unscripted(
                "the scripted shuffle is not an ordering of the cards being shuffled: "
                f"expected {sorted(c.notation for c in cards)}, got {sorted(order)}"
            )
        pool: dict[str, list[Card]] = {}
        for card in cards:
            pool.setdefault(card.notation, []).append(card)
        return [pool[n].pop(0) for n in order]

    def coin(self) -> str:
        return self._next("coin", "a coin flip")

    def race(self, players: list[str]) -> list[str]:
        order = self._next("race", "the order of a race", ", ".join(players))
        unknown = [p for p in order if p not in players]
        if unknown:
            raise Unscripted(f"the scripted race names {', '.join(unknown)}, who are not in it "
                             f"(racing: {', '.join(players)})")
        return order


def shuffle(rng: random.Random, items: list) -> None:
    """``rng.shuffle(items)``: the very same order, and the generator left in the very same
    state, at about half the cost.

    Why: a simulated game shuffles its deck of a hundred cards before its first
    move, and the standard library makes a call of its own for each random index
    (``_randbelow``), a sixth of the cost of setting up a game. That helper is
    inlined here for the generator whose ``shuffle`` uses it (a plain
    ``random.Random``); any other generator shuffles its own way.
    ``tests/test_engine_express.py`` holds the two to the same orders.
    """
    if type(rng) is not random.Random or random.Random._randbelow is not _RANDBELOW:
        rng.shuffle(items)
        return
    getrandbits = rng.getrandbits
    for i, n, k in _steps(len(items)):
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]


@functools.cache
def _steps(size: int) -> tuple[tuple[int, int, int], ...]:
    """For each index ``shuffle`` swaps, from the last: the index, how many items it draws
    from, and the bits of a draw (a deck has the same size every game)."""
    return tuple((i, i + 1, (i + 1).bit_length()) for i in range(size - 1, 0, -1))


_RANDBELOW = getattr(random.Random, "_randbelow_with_getrandbits", None)


class RandomChance:
    def __init__(self, rng: random.Random):
        self.rng = rng

    def shuffle(self, cards: list[Card]) -> list[Card]:
        out = list(cards)
        shuffle(self.rng, out)
        return out

    def coin(self) -> str:
        return self.rng.choice(("up", "down"))

    def race(self, players: list[str]) -> list[str]:
        out = list(players)
        self.rng.shuffle(out)
        return out
