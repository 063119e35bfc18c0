"""The checked ruleset: what the engine executes and the docs describe.

Everything here is plain data built by the checker. Card faces are interned
(one object per distinct face of a ruleset); the physical cards on a table
are ``engine.state.Card`` instances that point at a face, so two copies of a
card can carry different counters while sharing their rules.
"""

from __future__ import annotations

from collections.abc import Callable
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
    """A trigger, answer, modifier or named payload body with its guard, ready to run.

    ``asks`` is true when some statement of the body may stop to ask a player
    for a choice; the engine then runs it as a coroutine.
    """

    event: str
    guard: Callable | None
    body: tuple
    owner: str
    layer: str = ""
    asks: bool = False


@dataclass
class CardKind:
    name: str
    key: str = ""
    colors: tuple[str, ...] = ("each",)
    suits: tuple[str, ...] = ()
    text: str = ""
    number: int | None = None
    ranks: tuple[int, ...] = ()
    copies: int = 1
    points: int | str | Callable = 0
    points_relative: bool = False  # worth 'the highest card': not counted by such cards
    categories: frozenset[str] = frozenset()
    stack: str | None = None
    playable_anywhere: bool = False
    playable_anytime: bool = False  # also out of turn, whenever no one is choosing
    anytime_guard: Callable | None = None  # when it may be played out of turn, if not always
    called: str = ""  # the name this ruleset gives the card, when it renames an inherited one
    playable: Callable | None = None  # a guard that must hold for the card to be played
    # where this guard holds, a play of the card is a bluff: accepted, never listed
    bluff: Callable | None = None
    must_answer: Callable | None = None  # when it holds, a holder may not accept but must answer
    answer_from: str = "hand"  # where it answers from: hand (played), field or shown (used)
    modifies_from: str = "field"  # where its draw modifiers work: field, or hand (shown)
    grants_match: tuple[str, ...] = ()  # suits its holder may play on one another
    plays_on: tuple[str, ...] = ()  # cards it may be played on whatever their colour
    jumps_as: tuple[str, ...] = ()  # suits it counts as for a jump-in, beyond its own
    jump_in_by: tuple[str, ...] = ()  # what it must share to jump in, instead of 'jump_in'
    while_active: dict[str, tuple] = field(default_factory=dict)  # settings while in play
    replaces: str | None = None
    modifier: str = ""  # a modifier printed on the card (its own property, never matched)
    side: str = ""  # the card name of its flex side, for a two-sided card
    counts_as: tuple[int, ...] = ()  # numbers it may be played as (chosen with the play)
    stacks_on: tuple[str, ...] = ()  # stacking families it may be added onto, beyond its own
    triggers: dict[str, list[Effect]] = field(default_factory=dict)
    answers: list[Effect] = field(default_factory=list)
    modifiers: list[Effect] = field(default_factory=list)
    effects: dict[str, Effect] = field(default_factory=dict)  # named payloads of attacks
    citations: list[Citation] = field(default_factory=list)
    needs: dict[str, frozenset[str]] = field(default_factory=dict)
    pos: tuple[int, int] = (1, 1)
    path: str = ""

    @property
    def color(self) -> str:
        return self.colors[0]


@dataclass(eq=False)
class Face:
    """One distinct card face of a ruleset (e.g. 'red 5'); every copy points at it."""

    notation: str
    kind: CardKind
    color: str
    suits: frozenset[str]
    text: str
    number: int | None
    points: int | str
    ruleset: str = ""
    base: str | None = None  # the notation of the plain face it replaces, if any

    def __repr__(self) -> str:
        return self.notation

    @property
    def is_wild(self) -> bool:
        return self.color == COLORS_WILD


@dataclass(frozen=True)
class Override:
    """A conditional replacement of card triggers (duel rules, start conditions, endings).

    It applies to one card by name, to every card of a category, or to any card.
    """

    card: str | None
    category: str | None
    guard: Callable | None
    triggers: dict[str, Effect]
    rule: str

    def covers(self, kind: CardKind) -> bool:
        if self.card is not None:
            return kind.name == self.card
        if self.category is not None:
            return self.category in kind.categories
        return True


@dataclass
class Rule:
    name: str
    citations: list[Citation]
    triggers: dict[str, list[Effect]]
    overrides: list[Override]
    properties: dict[str, tuple]
    path: str = ""
    pos: tuple[int, int] = (1, 1)
    effects: dict[str, Effect] = field(default_factory=dict)  # payloads of the rule's attacks


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
    cells: tuple[tuple[str, str], ...] = ()  # matrix cells it says cannot occur (row, column)


@dataclass
class Option:
    """A variant switched on by a scenario or a game set-up; its entries amend the ruleset."""

    ident: str
    title: str
    default: bool
    citations: list[Citation]
    entries: tuple = ()
    path: str = ""
    excludes: tuple[str, ...] = ()  # options that cannot be on at the same time as this one


def clashing_options(rs: Ruleset, options) -> list[tuple[str, str]]:
    """Pairs of switched-on options one of which excludes the other (the seed forbids both)."""
    on = sorted(o for o in options if o in rs.options)
    return [(a, b) for i, a in enumerate(on) for b in on[i + 1:]
            if b in rs.options[a].excludes or a in rs.options[b].excludes]


@dataclass
class ActDecl:
    """An act a ruleset adds to the protocol's own (an accusation, say), declared in the spec."""

    name: str
    title: str
    by: str  # anyone | turn
    needs: frozenset[str]
    trigger: Effect | None
    guard: Callable | None
    citations: list[Citation]
    # 'draw': whenever the act is allowed, a draw is this act (the Doos upperdecker)
    replaces: str | None = None


@dataclass(frozen=True)
class Aside:
    """Seed sentences that carry no executable rule, with the reason."""

    reason: str
    citations: tuple[Citation, ...]
    path: str = ""


@dataclass
class ZoneDecl:
    """A shared pile a ruleset adds beside the draw and discard piles."""

    name: str
    title: str
    citations: list[Citation]


@dataclass(frozen=True)
class Holding:
    """One line of a pack's contents: N copies of these faces (a deck built from packs)."""

    pack: str
    count: int
    color: str  # a colour, 'wild', or 'each'
    keys: tuple[str, ...]  # ranks (as text) or card keys
    pos: tuple[int, int] = (1, 1)


@dataclass
class Pack:
    """A deck or add-on pack the ruleset's deck is assembled from, with its stated size."""

    ident: str
    title: str
    size: int
    holdings: list[Holding] = field(default_factory=list)
    citations: list[Citation] = field(default_factory=list)


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
    general_overrides: list[Override] = field(default_factory=list)
    rule_triggers: dict[str, list[Effect]] = field(default_factory=dict)
    reacts: frozenset[str] = frozenset()  # events some card or rule has a trigger for
    grants: bool = False  # some card grants its holder extra matches
    hand_modifiers: bool = False  # some card modifies draws from its holder's hand
    global_modifiers: bool = False  # some global card modifies draws (from any field too)
    attack_modifiers: bool = False  # some card in play changes the attacks its holder makes
    anytime: bool = False  # some card may be played out of turn at any moment
    # some turn is more than one card by one player (tempo, combined cards, flex sides, cards
    # played as a number, modifiers, mini-piles...): the engine's plain-turn fast paths are off
    extras: bool = False
    acts: dict[str, ActDecl] = field(default_factory=dict)
    zones: dict[str, ZoneDecl] = field(default_factory=dict)
    asides: list[Aside] = field(default_factory=list)
    packs: dict[str, Pack] = field(default_factory=dict)  # the deck's sources, when it has them
    active_options: frozenset[str] = frozenset()
    files: tuple[str, ...] = ()  # its own spec file, then its parent's, and so on up
    variants: dict[frozenset[str], Ruleset] = field(default_factory=dict, repr=False)
    variant_builder: Callable | None = field(default=None, repr=False)
    _translated: dict[int, Face] = field(default_factory=dict, repr=False)
    _values: dict = field(default_factory=dict, repr=False)
    _roles: dict[str, tuple[int, str]] = field(default_factory=dict, repr=False, compare=False)

    def freeze_settings(self) -> None:
        """Index settings by name (one value as itself, several as a tuple) once they are final."""
        self._values = {k: v[0] if len(v) == 1 else v for k, v in self.settings.items() if v}

    def setting(self, name: str, default=None):
        if not self._values and self.settings:
            self.freeze_settings()
        return self._values.get(name, default)

    def face(self, notation: str) -> Face | None:
        return self.faces.get(" ".join(notation.split()))

    def setting_list(self, name: str) -> tuple:
        return tuple(self.settings.get(name, ()))

    def role_rule(self, role: str) -> str:
        """The rule with this role; a ruleset's own rule wins over one it inherits.

        Kept once found (the engine asks on every accepted attack and every deal), and
        found again if a rule has been added since (only the checker adds rules).
        """
        got = self._roles.get(role)
        if got is None or got[0] != len(self.rules):
            name = next((rule.name for rule in reversed(self.rules.values())
                         if role in rule.properties.get("role", ())), "")
            got = self._roles[role] = (len(self.rules), name)
        return got[1]

    def rank(self, draw_class: str) -> int | None:
        return self.layers.index(draw_class) if draw_class in self.layers else None

    def overrides_for(self, kind: CardKind) -> list[Override]:
        named = self.override_index.get(kind.name, [])
        if not self.general_overrides:
            return named
        return named + [o for o in self.general_overrides if o.covers(kind)]

    def translate(self, face: Face) -> Face:
        """The face of this ruleset that a card of another ruleset acts as.

        A card keeps its identity when the rules change mid-game (the verb
        switch_ruleset); what it does is looked up here: the same notation if this
        ruleset has it, else the plain face it replaces.
        """
        if face.ruleset == self.ident:
            return face
        got = self._translated.get(id(face))
        if got is None:
            got = self.faces.get(face.notation) or self.faces.get(face.base or "") or face
            self._translated[id(face)] = got
        return got

    def with_options(self, options: frozenset[str]) -> Ruleset:
        """This ruleset with the given options' entries applied (built once, then cached)."""
        if not options:
            return self
        if options not in self.variants:
            assert self.variant_builder is not None
            self.variants[options] = self.variant_builder(self, options)
        return self.variants[options]


@dataclass(frozen=True)
class Op:
    """A checked verb call: the engine function, its constant and its computed arguments."""

    fn: Callable
    kwargs: dict
    call: ast.Call
    dynamic: tuple = ()  # (name, value function) pairs evaluated when the statement runs
    asks: bool = False
    keeps_lane: bool = False  # its verb leaves the express lane open (registry.Entry)


@dataclass(frozen=True)
class IfOp:
    cond: Callable
    then: tuple
    orelse: tuple


@dataclass(frozen=True)
class LetOp:
    name: str
    value: Callable
    source: object = field(default=None, compare=False, repr=False)  # the value as written
