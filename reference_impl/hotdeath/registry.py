"""The kernel's vocabulary: verbs, selectors and conditions, each with a schema.

The rules language names these; the checker validates every call against the
schemas here, and the docs list them, so the grammar, the spec and the engine
cannot drift apart. Engine modules register their implementations with the
decorators below; nothing here knows any card.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

# Kinds a parameter may have; the checker converts AST values accordingly.
PARAM_KINDS = ("int", "selector", "color", "name", "names", "card", "bool", "string")


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


VERBS: dict[str, Entry] = {}
SELECTORS: dict[str, Entry] = {}
CONDITIONS: dict[str, Entry] = {}


def _register(table: dict[str, Entry], kind: str, name: str, doc: str, example: str,
              params: dict[str, Param] | None, needs: tuple[str, ...]):
    def wrap(fn: Callable) -> Callable:
        table[name] = Entry(name, fn, dict(params or {}), doc, example, frozenset(needs), kind)
        return fn

    return wrap


def verb(name: str, doc: str, example: str, params: dict[str, Param] | None = None,
         needs: tuple[str, ...] = ()):
    """Register a statement usable in effect bodies."""
    return _register(VERBS, "verb", name, doc, example, params, needs)


def selector(name: str, doc: str, example: str, needs: tuple[str, ...] = ()):
    """Register a way of naming a seat, computed when the effect runs."""
    return _register(SELECTORS, "selector", name, doc, example, None, needs)


def condition(name: str, doc: str, example: str, params: dict[str, Param] | None = None):
    """Register a predicate usable in guards and ``if`` statements."""
    return _register(CONDITIONS, "condition", name, doc, example, params, ())


@dataclass
class Vocabulary:
    """The whole registry, loaded once the engine modules have registered."""

    verbs: dict[str, Entry] = field(default_factory=dict)
    selectors: dict[str, Entry] = field(default_factory=dict)
    conditions: dict[str, Entry] = field(default_factory=dict)


def load() -> Vocabulary:
    from .engine import conditions, selectors, verbs  # noqa: F401  (registers entries)

    return Vocabulary(VERBS, SELECTORS, CONDITIONS)
