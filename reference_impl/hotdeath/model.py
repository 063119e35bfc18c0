"""The checked ruleset: what the engine executes and the docs describe.

Everything here is plain data built by the checker. Card faces are interned
(one object per distinct face), so zones hold references and the engine's hot
path compares by identity instead of re-reading strings.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .lang import ast

COLORS_WILD = "wild"


@dataclass(frozen=True)
class Citation:
    source: str
    heading: str
    quote: str


@dataclass(frozen=True)
class Effect:
    """A trigger, answer or modifier body with its guard, ready to run."""

    event: str
    guard: ast.Guard | None
    body: tuple[ast.Stmt, ...]
    owner: str
    layer: str = ""


@dataclass
class CardKind:
    name: str
    key: str = ""
    color: str = "each"
    suits: tuple[str, ...] = ()
    text: str = ""
    number: int | None = None
    ranks: tuple[int, ...] = ()
    copies: int = 1
    points: int | str = 0
    categories: frozenset[str] = frozenset()
    stack: str | None = None
    playable_anywhere: bool = False
    replaces: str | None = None
    triggers: dict[str, list[Effect]] = field(default_factory=dict)
    answers: list[Effect] = field(default_factory=list)
    modifiers: list[Effect] = field(default_factory=list)
    citations: list[Citation] = field(default_factory=list)
    needs: dict[str, frozenset[str]] = field(default_factory=dict)
    pos: tuple[int, int] = (1, 1)
    path: str = ""


@dataclass(eq=False)
class Face:
    """One distinct card face (e.g. 'red 5'); physical copies share the object."""

    notation: str
    kind: CardKind
    color: str
    suits: frozenset[str]
    text: str
    number: int | None
    points: int | str

    def __repr__(self) -> str:
        return self.notation

    @property
    def is_wild(self) -> bool:
        return self.color == COLORS_WILD


@dataclass(frozen=True)
class Override:
    """A conditional replacement of a card's trigger (duel rules, The Apocalypse)."""

    card: str
    guard: ast.Guard
    triggers: dict[str, Effect]
    rule: str


@dataclass
class Rule:
    name: str
    citations: list[Citation]
    triggers: dict[str, list[Effect]]
    overrides: list[Override]
    properties: dict[str, tuple]
    path: str = ""
    pos: tuple[int, int] = (1, 1)


@dataclass
class Ruling:
    ident: str
    title: str
    question: str
    answer: str
    rationale: str
    alternatives: tuple[str, ...]
    citations: list[Citation]
    path: str = ""


@dataclass
class Option:
    ident: str
    title: str
    default: bool
    citations: list[Citation]


@dataclass
class Ruleset:
    ident: str
    title: str
    extends: str | None
    settings: dict[str, tuple]
    kinds: dict[str, CardKind]
    rules: dict[str, Rule]
    rulings: dict[str, Ruling]
    options: dict[str, Option]
    citations: list[Citation]
    faces: dict[str, Face] = field(default_factory=dict)
    deck: list[Face] = field(default_factory=list)
    colors: tuple[str, ...] = ("red", "yellow", "green", "blue")
    layers: tuple[str, ...] = ()
    match: tuple[str, ...] = ("color", "suit")
    override_index: dict[str, list[Override]] = field(default_factory=dict)

    def setting(self, name: str, default=None):
        values = self.settings.get(name)
        if not values:
            return default
        return values[0] if len(values) == 1 else values

    def face(self, notation: str) -> Face | None:
        return self.faces.get(" ".join(notation.split()))

    def setting_list(self, name: str) -> tuple:
        return tuple(self.settings.get(name, ()))

    def role_rule(self, role: str) -> str:
        for rule in self.rules.values():
            if role in rule.properties.get("role", ()):
                return rule.name
        return ""

    def rank(self, draw_class: str) -> int | None:
        return self.layers.index(draw_class) if draw_class in self.layers else None


@dataclass(frozen=True)
class Op:
    """A checked verb call: the engine function and its bound arguments."""

    fn: object
    kwargs: dict
    call: ast.Call


@dataclass(frozen=True)
class IfOp:
    cond: object
    then: tuple
    orelse: tuple
