"""The rules language's syntax tree: frozen, with source positions, free of meaning.

Meaning is given later by the checker; keeping the tree dumb lets error
messages point at any node and lets tools (docs, linters) walk it safely.
"""

from __future__ import annotations

from dataclasses import dataclass, field

Pos = tuple[int, int]


@dataclass(frozen=True)
class Name:
    text: str
    pos: Pos


@dataclass(frozen=True)
class Range:
    low: int
    high: int


@dataclass(frozen=True)
class CallValue:
    """An expression in value position: a registry value applied to arguments."""

    call: Call


Value = int | str | Name | Range | tuple | CallValue


@dataclass(frozen=True)
class Call:
    name: str
    args: tuple[Value, ...]
    kwargs: tuple[tuple[str, Value], ...]
    pos: Pos


@dataclass(frozen=True)
class Compare:
    left: Call | int
    op: str
    right: Call | int
    pos: Pos


@dataclass(frozen=True)
class Not:
    operand: Cond


@dataclass(frozen=True)
class And:
    left: Cond
    right: Cond


@dataclass(frozen=True)
class Or:
    left: Cond
    right: Cond


Cond = Call | Not | And | Or | Compare


@dataclass(frozen=True)
class Guard:
    negate: bool
    cond: Cond


@dataclass(frozen=True)
class If:
    cond: Cond
    then: tuple[Stmt, ...]
    orelse: tuple[Stmt, ...]
    pos: Pos


@dataclass(frozen=True)
class Let:
    name: str
    value: Value
    pos: Pos


Stmt = Call | If | Let


@dataclass(frozen=True)
class Property:
    name: str
    values: tuple[Value, ...]
    pos: Pos
    guard: Guard | None = None


@dataclass(frozen=True)
class Citation:
    source: str
    heading: str
    quote: str
    pos: Pos
    spots: tuple[Pos, ...] = ()  # where the source, heading and quote are written

    def at(self, field: str) -> Pos:
        """Where one of the citation's strings is written ('source', 'heading', 'quote');
        a missing quote is placed after the heading, and an unknown spot at the citation."""
        index = ("source", "heading", "quote").index(field)
        return self.spots[min(index, len(self.spots) - 1)] if self.spots else self.pos


@dataclass(frozen=True)
class Trigger:
    event: str
    guard: Guard | None
    body: tuple[Stmt, ...]
    pos: Pos


@dataclass(frozen=True)
class Answer:
    what: str
    guard: Guard | None
    body: tuple[Stmt, ...]
    pos: Pos


@dataclass(frozen=True)
class Modifier:
    what: str
    layer: str
    guard: Guard | None
    body: tuple[Stmt, ...]
    pos: Pos


@dataclass(frozen=True)
class EffectDef:
    """A named payload: ``effect NAME { ... }``."""

    name: str
    body: tuple[Stmt, ...]
    pos: Pos


@dataclass(frozen=True)
class Block:
    """A named braced block: card, amend, rule, ruling, option, act, zone, override, section.

    For an override, ``target`` says what it covers: ('card', name),
    ('category', name) or ('any', '').
    """

    kind: str
    name: str
    entries: tuple[Entry, ...]
    pos: Pos
    ident: str = ""
    guard: Guard | None = None
    target: tuple[str, str] = ("", "")


Entry = Property | Citation | Trigger | Answer | Modifier | Block | EffectDef


@dataclass(frozen=True)
class RulesFile:
    path: str
    ident: str
    title: str
    extends: str | None
    entries: tuple[Entry, ...]
    pos: Pos = (1, 1)
    text: str = field(default="", repr=False)
