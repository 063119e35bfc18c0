"""The table: every piece of state the kernel keeps, in one place, and the records it holds.

Nothing here decides anything. The rule modules (turns, matching, draws,
pending, zones, triggers, checks, legality) are functions over a ``State``;
``game.Game`` is the one dispatcher that calls them. No engine module imports
``game``, so the kernel has no import circles.
"""

from __future__ import annotations

import weakref
from collections.abc import Generator, Iterable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field, fields, is_dataclass
from types import MappingProxyType
from typing import NamedTuple

from ..model import CardKind, Effect, Face, Op, Ruleset
from ..scenario.format import REJECTION_CODES

IN_GAME, OUT, ELIMINATED = "in", "out", "eliminated"


NO_COUNTERS: Mapping[str, int] = MappingProxyType({})


class Card:
    """One physical card: a face (its rules) plus what belongs to this copy alone."""

    __slots__ = ("face", "counters", "attached", "owner")

    def __init__(self, face: Face):
        self.face = face
        # Its counters (a clock) and the cards placed with it (captured armies): most cards
        # never have any, so every card starts with the same empty, unchangeable ones, and a
        # verb that sets one gives the card its own (a simulated game deals a new deck of a
        # hundred cards each time).
        self.counters: Mapping[str, int] = NO_COUNTERS
        self.attached: Sequence[Card] = ()
        self.owner: int | None = None  # who released it into play, when that matters

    @staticmethod
    def copies(faces: Iterable[Face]) -> list[Card]:
        """A new card of each face, as ``Card(face)`` makes it, made without running
        ``__init__`` once per card: a simulated game makes a deck of a hundred each time."""
        new = object.__new__
        out = []
        for face in faces:
            card = new(Card)
            card.face = face
            card.counters = NO_COUNTERS
            card.attached = ()
            card.owner = None
            out.append(card)
        return out

    @property
    def notation(self) -> str:
        return self.face.notation

    def __repr__(self) -> str:
        return self.face.notation


class Action(NamedTuple):
    """One step of one player. Only the fields its act uses are set.

    A named tuple rather than a dataclass: random play creates one per legal
    move, and a tuple is the cheapest immutable record Python has.
    """

    player: int
    act: str
    card: Card | None = None
    color: str | None = None
    target: int | None = None
    cards: tuple[Card, ...] = ()
    players: tuple[int, ...] = ()
    number: int | None = None
    answer: str | None = None
    counts: tuple[tuple[int, int], ...] = ()
    flex: bool = False  # a two-sided card played on its flex side
    # a combined play's further cards, each with the operator joining it (see combine.py)
    combine: tuple[tuple[str, Card], ...] = ()


NEW_TUPLE = tuple.__new__
AFTER_CARD = Action(0, "")[3:]  # the defaults of every field after the card
AFTER_CHOICES = Action(0, "")[6:]  # ... after the card, colour, target and cards
"""``NEW_TUPLE(Action, (player, act, card) + AFTER_CARD)`` is ``Action(player, act, card)``
made without the named tuple's argument handling, at half the cost: listing legal moves
makes one per move. The defaults come from ``Action`` itself, so a new field stays right."""


class Illegal(Exception):
    """An action the rules forbid; carries a closed-list code and the forbidding rule."""

    def __init__(self, code: str, message: str, role: str = ""):
        assert code in REJECTION_CODES, code
        self.code = code
        self.message = message
        self.role = role
        super().__init__(f"{code}: {message}")


class Unscripted(Exception):
    """The game needs a random outcome or decision that its inputs did not provide."""


@dataclass
class Contribution:
    player: int
    card: Card | None
    amount: int
    group: str | None
    tags: frozenset[str]
    draw_class: str
    held_color: bool = False


@dataclass
class Batch:
    """The pending effects one play created (one per target) and how play goes on after them."""

    origin: int
    resume: str  # target: after the last victim, who loses a turn | origin: after the origin |
    #              again: the origin plays again | last_sender: after the player it last
    #              came from (its player, or whoever passed it on), the victim losing no turn
    source: Card | None = None
    continue_after: int | None = None  # set by an answer: play goes on after this seat
    continue_at: int | None = None  # set by an answer: this seat plays next
    events: list[str] = field(default_factory=list)  # how it was answered: blocked, reflected


@dataclass
class Pending:
    """An effect waiting at its target, who must answer or accept it (a *would* event).

    A draw's amount is the sum of its contributions; any other payload is a
    named effect of the attacking card, run against whoever finally suffers it.
    """

    target: int
    origin: int
    sender: int
    batch: Batch
    contributions: list[Contribution] = field(default_factory=list)
    payload: Effect | None = None
    kind: str = "draw"
    held: list[Card] = field(default_factory=list)  # cards in transit to whoever suffers it
    asked: Face | None = None  # the card a request names (see verbs/requests.py)

    @property
    def amount(self) -> int:
        total = 0
        for c in self.contributions:  # (a loop, not sum() over a generator: cheaper)
            total += c.amount
        return total

    @property
    def top(self) -> Contribution:
        return self.contributions[-1]

    @property
    def last_stacker(self) -> int:
        return self.top.player

    @property
    def group(self) -> str | None:
        for c in reversed(self.contributions):
            if c.group:
                return c.group
        return None


@dataclass
class Request:
    """A decision the rules hand to a player in the middle of an effect.

    ``kind`` is one of the protocol's choice kinds; ``options`` lists what may
    be chosen (colours, seats or cards), ``count`` how many, ``total`` what
    counts must add up to. The suspended effect resumes with the answer.
    """

    chooser: int
    kind: str
    owner: str
    prompt: str
    options: tuple = ()
    count: int = 1
    total: int = 0
    low: int = 0
    high: int = 0
    caps: tuple = ()  # for counts: the most each option may take (a hand's size), if capped
    gen: Generator | None = field(default=None, repr=False)


@dataclass
class Window:
    """A chance for a player other than the one to act to do something (a follow-up stack)."""

    kind: str
    seat: int
    group: str | None = None
    to: int | None = None  # the one player it is offered to, if any (a player just skipped)
    card: Card | None = None  # the card the act that opened it played, if any
    before: str | None = None  # the colour in play before that act (restored if it is undone)


class Derived:
    """What the engine derives from a ruleset alone, kept for all the games it runs.

    Random play deals thousands of games with one ruleset: a table such as
    'which faces may be played on a red 7' (``matching.fits``) is the same in
    all of them, so it is computed once. Entries are keyed only by what they
    depend on besides the ruleset, and never hold a table's cards.
    """

    __slots__ = ("accept_act", "answering", "attacks_rule", "fits", "forcing", "keeps_lane",
                 "lane_fits", "lane_plays", "must_play", "plain", "play_drawn", "quiet",
                 "stand_ins", "until_playable", "uno_to_win", "using")

    def __init__(self, rs: Ruleset) -> None:
        # (own face of the card in play, colour) -> face -> how it plays on it (matching.Fits)
        self.fits: dict[tuple, dict] = {}
        # the same as plain dicts, which Python reads faster, filled face by face (express)
        self.lane_fits: dict[tuple, dict] = {}
        # own face -> what the express lane needs to play it (express._how_played)
        self.lane_plays: dict[Face, tuple] = {}
        # no triggers, grants, overrides for every card, turns of several cards or act that a
        # draw may be (replaces draw): a plain draw or play can be applied in one call
        # (acts.quick)
        self.plain = not (rs.reacts or rs.grants or rs.general_overrides or rs.extras
                          or any(a.replaces for a in rs.acts.values()))
        # own face -> its play has no effect and no override of its own (acts.quick)
        self.quiet: dict[Face, bool] = {}
        kinds = rs.kinds.values()
        # what may answer a pending effect at all (listing._answers asks only if something can):
        # a card that answers or stacks from the hand, one used from a field or held up, one
        # that must answer
        # card name -> the names it may not be played as, for a card played as another
        # (its play effect is 'play_as'): it may answer as any card it may be named as
        self.stand_ins = {k.name: got for k in kinds if (got := stand_in_exclusions(k))
                          is not None}
        self.answering = any(k.answers or k.stack is not None for k in kinds) \
            or bool(self.stand_ins)
        self.using = any(k.answer_from in ("field", "shown") for k in kinds)
        self.forcing = any(k.must_answer is not None for k in kinds)
        # settings the express lane reads at most steps (no card in play changes them there)
        self.must_play = bool(rs.setting("must_play"))
        self.accept_act = "draw" if rs.setting("draw_accepts") else "accept"
        self.play_drawn = bool(rs.setting("play_drawn", 1))
        self.until_playable = rs.setting("turn_draw") == "until_playable"
        self.uno_to_win = bool(rs.setting("uno_to_win"))
        self.attacks_rule = rs.role_rule("attacks") or "attack"  # who owns an accepted draw
        # every verb these rules can run leaves the express lane open (registry.Entry):
        # after an action the lane completed, ``Game`` need not ask ``is_open`` again
        self.keeps_lane = self.plain and all(op.keeps_lane for op in verb_calls(rs))


def stand_in_exclusions(kind: CardKind) -> tuple[str, ...] | None:
    """The card names a card played as another ('play_as' in its own play effect) may not be
    named as; None for a card that is only itself. Read from the play effect itself, so that
    what the card may answer as and what its play may name are one list."""
    for effect in kind.triggers.get("play", ()):
        for op in effect.body:
            if isinstance(op, Op) and op.call.name == "play_as":
                return tuple(op.kwargs.get("exclude", ()))
    return None


def verb_calls(rs: Ruleset) -> list[Op]:
    """Every verb call in the ruleset's bodies: its cards', rules', overrides', acts' (found
    by walking its parts, so a part added to the model later is not missed)."""
    found: list[Op] = []
    seen: set[int] = set()
    todo: list[object] = [rs]
    while todo:
        obj = todo.pop()
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        if isinstance(obj, Op):
            found.append(obj)
        elif isinstance(obj, dict):
            todo.extend(obj.values())
        elif isinstance(obj, list | tuple):
            todo.extend(obj)
        elif is_dataclass(obj):
            todo.extend(getattr(obj, f.name) for f in fields(obj) if f.name != "variants")
    return found


_DERIVED: dict[int, Derived] = {}


def derived(rs: Ruleset) -> Derived:
    """The ruleset's derived values (dropped when the ruleset is: keyed by its id)."""
    got = _DERIVED.get(id(rs))
    if got is None:
        got = _DERIVED[id(rs)] = Derived(rs)
        weakref.finalize(rs, _DERIVED.pop, id(rs), None)
    return got


class State:
    """Everything on the table. Zones keep their top card at the end of the list."""

    # Slots: the engine reads the table's fields at every step, and Python reads a slot
    # faster than an entry of an instance's dict (which it cannot share beyond 30 names).
    __slots__ = ("_derived", "active", "answered", "boosts", "cache", "carried_skips", "chance",
                 "color", "counts_as", "dealer", "departed", "direction", "discard", "drawing",
                 "drawn", "drawn_set", "echoing", "fields", "forgotten", "free_turn",
                 "hand_ended", "hand_scores", "hands", "index", "knowledge", "links", "loser",
                 "made", "marks", "match_top", "mini", "neutral", "over", "pending", "periods",
                 "pile", "play_zone", "plays_in_hand", "power", "request", "revealed",
                 "round_winner", "rs", "rulesets", "rulesets_base", "scores", "seats",
                 "sizes_before", "skipped", "stall", "status", "tallies", "teams", "tempo",
                 "tempo_draw", "tempo_factor", "trace", "tracing", "triggered", "turn", "turn_last",
                 "turn_last_action", "turn_number", "turn_plays", "uno_called", "uno_pending",
                 "windows", "winner", "zones")

    def __init__(self, rs: Ruleset, seats: list[str], chance, rulesets: dict[str, Ruleset],
                 tracing: bool = True):
        n = len(seats)
        self.rs = rs
        self.rulesets_base = rs  # the rules a new hand starts with (a switch lasts one hand)
        self.rulesets = rulesets
        self.seats = list(seats)
        self.index = {name: i for i, name in enumerate(self.seats)}
        self.status = [IN_GAME] * n
        self.departed: list[int] = []  # seats in the order they left the game
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        self.fields: list[list[Card]] = [[] for _ in range(n)]
        self.neutral: list[Card] = []
        self.pile: list[Card] = []
        self.discard: list[Card] = []
        self.zones: dict[str, list[Card]] = {z: [] for z in rs.zones}
        self.play_zone = "discard"
        self.color: str | None = None
        self.match_top: Card | None = None
        self.turn = 0
        self.direction = 1
        self.dealer = n - 1
        self.over = False
        self.pending: list[Pending] = []
        self.drawn: Card | None = None
        self.request: Request | None = None
        self.windows: list[Window] = []
        # the windows open when the action now resolving began (``windows`` is emptied then):
        # what the act answers, for the verbs that undo what the window was about
        self.answered: list[Window] = []
        # periods that last until a rule ends them (a silence): name -> the seat that began it
        self.periods: dict[str, int] = {}
        self.plays_in_hand = 0  # cards played this hand, answers and jump-ins included
        self.carried_skips = 0  # players a play skipped, carried to a card added to it at once
        self.skipped: AbstractSet[int] = frozenset()  # replaced, never changed in place
        self.uno_pending: set[int] = set()
        self.uno_called: set[int] = set()
        self.revealed: list[set[int]] = [set() for _ in range(n)]  # ids of face-up hand cards
        # what a player has seen of another's hand, privately: viewer -> holder -> notations
        self.knowledge: dict[int, dict[int, list[str]]] = {}
        self.forgotten: dict[tuple, int] = {}  # (viewer, holder, card): 'I don't remember's
        self.turn_number = 0  # turns started so far: marks last for one turn
        self.marks: dict[tuple[int, str], int] = {}  # (seat, mark) -> turn it was made
        self.scores = [0] * n
        # marks a player carries from hand to hand (a lasting penalty): (seat, name) -> count
        self.tallies: dict[tuple[int, str], int] = {}
        self.hand_scores: dict[int, int] = {}  # the scores of the hand being (or last) scored
        self.hand_ended = False  # the 'hand_end' rules have run for this hand
        # the last turn whose draw gave nothing and left no other move (stall.py):
        # (turn number, the table's layout, how many such turns in a row)
        self.stall: tuple[int, tuple, int] | None = None
        # an extra the player's next attack this turn carries: seat -> (turn, boost)
        self.boosts: dict[int, tuple[int, Contribution]] = {}
        self.free_turn: tuple[int, int] | None = None  # (seat, turn): any card plays then
        self.teams: dict[int, int] = {}  # a player who joined another's seat -> that seat
        self.drawing: Pending | None = None  # the pending effect whose draw is being made
        self.round_winner: int | None = None
        self.winner: int | None = None
        self.loser: int | None = None
        self.chance = chance
        self.tracing = tracing
        self.trace: list[dict] = []
        # events waiting for triggers: (event, seat it is about, card, details)
        self.triggered: list[tuple[str, int, Card | None, dict | None]] = []
        self.active: list[Card] = []  # cards in play whose 'while_active' settings apply
        self.cache: dict = {}  # derived values keyed by what they depend on (see matching)
        # the bare actions already made for each seat: a card -> its play ``Action(p, "play",
        # card)``, an act's name -> ``Action(p, act)``. A card stays in a hand for several
        # turns and is listed on each; actions are immutable, so one object serves every
        # listing of legal moves (see listing._plays)
        self.made: list[dict] = [{} for _ in range(n)]
        self.tempo = 1  # cards a turn must play, where the ruleset has a tempo (see tempo.py)
        self.turn_plays = 0  # cards played so far toward the tempo this turn
        self.tempo_draw: int | None = None  # after the tempo draw: drawn cards still playable
        self.tempo_factor = 1  # a tempo draw is multiplied by this for the turn (Team Play)
        self.turn_last: Card | None = None  # the latest card of the turn, its actions held back
        self.turn_last_action: Action | None = None  # the play that put it down
        self.drawn_set: list[Card] = []  # the cards of the tempo draw, any of which may follow
        self.power = [True] * n  # each player's Power Card: green (True) or red
        self.counts_as: tuple[Card, int] | None = None  # a card on top counting as a number
        self.links: tuple[int, int] | None = None  # two players whose draws echo each other
        self.echoing = False  # a linked player's echo draw is being made (it echoes no further)
        self.mini: tuple[str, str, str | None] | None = None  # (pile, colour, colour before)
        self.sizes_before: list[int] | None = None  # hand sizes before the action (uno_any_hand)
        self._derived = (rs, derived(rs))  # the rules in force and what is derived from them

    # -- small lookups every rule module needs -------------------------------------

    def log(self, event: str, owner: str, text: str) -> None:
        if self.tracing:
            self.trace.append({"event": event, "owner": owner, "text": text})

    def name(self, seat: int) -> str:
        return self.seats[seat]

    def in_game(self, seat: int) -> bool:
        return self.status[seat] == IN_GAME

    def living(self) -> int:
        return self.status.count(IN_GAME)

    def face(self, card: Card) -> Face:
        """The face a card acts as under the rules now in force."""
        face = card.face
        return face if face.ruleset is self.rs.ident else self.rs.translate(face)

    def kind(self, card: Card) -> CardKind:
        face = card.face
        return (face if face.ruleset is self.rs.ident else self.rs.translate(face)).kind

    # ``rs`` (the rules in force, replaced when they change in mid-game) is a plain
    # attribute, read on every step: what depends on it is looked up from it, never kept.

    def derived(self) -> Derived:
        """What is derived from the rules in force: looked up again only after they change
        (the lookup by the ruleset's id is a third of the cost of a listing of legal moves)."""
        pair = self._derived
        if pair[0] is not self.rs:
            pair = self._derived = (self.rs, derived(self.rs))
        return pair[1]

    @property
    def ident(self) -> str:
        return self.rs.ident

    def setting(self, name: str, default=None):
        """A ruleset setting, as changed by any card in play that changes it."""
        if self.active:
            for card in reversed(self.active):
                values = self.kind(card).while_active.get(name)
                if values:
                    return values[0] if len(values) == 1 else values
        return self.rs._values.get(name, default)

    def setting_list(self, name: str) -> tuple:
        for card in reversed(self.active):
            values = self.kind(card).while_active.get(name)
            if values:
                return tuple(values)
        return self.rs.setting_list(name)

    def zone(self, name: str) -> list[Card]:
        if name == "pile":
            return self.pile
        if name == "discard":
            return self.discard
        if name == "neutral":
            return self.neutral
        return self.zones.setdefault(name, [])

    def top(self) -> Card | None:
        """The card the next play must match: a field card just played, else the top of play."""
        if self.match_top is not None:
            return self.match_top
        pile = self.discard if self.play_zone == "discard" else self.zone(self.play_zone)
        if pile:
            return pile[-1]
        return self.discard[-1] if self.discard else None

    @property
    def phase(self) -> str:
        if self.over:
            return "over"
        if self.request is not None:
            return "choose"
        if self.pending:
            return "respond"
        if self.drawn is not None:
            return "drawn"
        return "turn"

    @property
    def current_player(self) -> int:
        if self.request is not None:
            return self.request.chooser
        if self.pending:
            return self.pending[0].target
        return self.turn
