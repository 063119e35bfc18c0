"""The kernel's vocabulary: verbs, selectors, values and conditions, each with a schema.

The rules language names these; the checker validates every call against the
schemas here, and the docs list them, so the grammar, the spec and the engine
cannot drift apart. Engine modules register their implementations with the
decorators below; nothing here knows any card.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from dataclasses import dataclass, field

# Kinds a parameter may have; the checker converts AST values accordingly.
#   int       a whole number or a number-valued expression
#   selector  one seat (a selector, or a seat-valued expression)
#   seats     one or several seats (any selector)
#   card_ref  a card-valued expression (the card under this one, the card drawn...)
#   cards     a cards-valued expression (the cards picked with the play...)
#   zone      the name of a pile: pile, discard, neutral, or one the ruleset declares
PARAM_KINDS = ("int", "selector", "seats", "color", "name", "names", "card", "cards",
               "card_ref", "bool", "string", "zone", "cond")


@dataclass(frozen=True)
class Param:
    kind: str
    default: object = None
    required: bool = False
    doc: str = ""


@dataclass(frozen=True)
class Entry:
    name: str
    fn: Callable
    params: dict[str, Param]
    doc: str
    example: str
    needs: frozenset[str] = frozenset()
    kind: str = "verb"
    returns: str = ""  # for selectors and values: seat, seats, int, card, cards
    asks: bool = False  # a verb that may stop to ask a player (a coroutine)
    # a verb that changes nothing ``engine.express.is_open`` reads (the rules in force, the
    # cards in play that change them, a free turn, another card or pile to play on, a card
    # played as a number, the tempo draw): the express lane stays open after it runs
    keeps_lane: bool = False
    seeds: tuple[str, ...] = ()  # example cards of the seeds that need it


VERBS: dict[str, Entry] = {}
SELECTORS: dict[str, Entry] = {}
VALUES: dict[str, Entry] = {}
CONDITIONS: dict[str, Entry] = {}


def _register(table: dict[str, Entry], kind: str, name: str, doc: str, example: str,
              params: dict[str, Param] | None, needs: tuple[str, ...], returns: str = "",
              keeps_lane: bool = False):
    def wrap(fn: Callable) -> Callable:
        table[name] = Entry(name, fn, dict(params or {}), doc, example, frozenset(needs), kind,
                            returns, inspect.isgeneratorfunction(fn), keeps_lane=keeps_lane)
        return fn

    return wrap


def verb(name: str, doc: str, example: str, params: dict[str, Param] | None = None,
         needs: tuple[str, ...] = (), keeps_lane: bool = False):
    """Register a statement usable in effect bodies (a generator function may ask)."""
    return _register(VERBS, "verb", name, doc, example, params, needs, keeps_lane=keeps_lane)


def selector(name: str, doc: str, example: str, needs: tuple[str, ...] = (),
             returns: str = "seat"):
    """Register a way of naming a seat (or several), computed when the effect runs."""
    return _register(SELECTORS, "selector", name, doc, example, None, needs, returns)


def value(name: str, doc: str, example: str, params: dict[str, Param] | None = None,
          returns: str = "int", needs: tuple[str, ...] = ()):
    """Register an expression: a number, card or cards computed from the table."""
    return _register(VALUES, "value", name, doc, example, params, needs, returns)


def condition(name: str, doc: str, example: str, params: dict[str, Param] | None = None):
    """Register a predicate usable in guards and ``if`` statements."""
    return _register(CONDITIONS, "condition", name, doc, example, params, ())


@dataclass
class Vocabulary:
    """The whole registry, loaded once the engine modules have registered."""

    verbs: dict[str, Entry] = field(default_factory=dict)
    selectors: dict[str, Entry] = field(default_factory=dict)
    values: dict[str, Entry] = field(default_factory=dict)
    conditions: dict[str, Entry] = field(default_factory=dict)

    def tables(self) -> tuple[tuple[str, dict[str, Entry]], ...]:
        return (("verbs", self.verbs), ("selectors", self.selectors), ("values", self.values),
                ("conditions", self.conditions))


def load() -> Vocabulary:
    """The vocabulary the engine's modules have registered.

    The registry imports no engine module (the arrow would run back up, and
    put the registry and every verb module in one import circle): importing
    the ``hotdeath.engine`` package registers every word, so whoever needs
    the full vocabulary imports the engine first.
    """
    if not VERBS:
        raise RuntimeError("the kernel's vocabulary is empty: import hotdeath.engine first")
    return Vocabulary(VERBS, SELECTORS, VALUES, CONDITIONS)
