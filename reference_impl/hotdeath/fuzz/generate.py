"""Random games played by the reference, written down as closed-world scenarios.

Why: a fixed corpus checks what its writers thought of; a seeded random game
checks what nobody did. Each game is dealt from a shuffled deck of the ruleset
and laid out as a table (so the implementation receives a position, not a
shuffle to reproduce), then played by a policy that picks among every kind of
legal action the implementation can express, and now and then a move the
rules forbid or only tolerate (a bluff), to check rejections too.

The reference plays through its own protocol door (``ReferenceImplementation``):
every move is sent as the very ``do`` the scenario will hold, so what it
observed is what the scenario expects. Chance is scripted: a ``RecordingChance``
draws from the game's generator and each outcome becomes a ``chance`` step
before the move that needed it.
"""

from __future__ import annotations

import functools
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from hotdeath_harness.corpus import requirements

from ..adapter import ReferenceImplementation, SetupError
from ..engine.state import Action, Card
from ..model import Ruleset, clashing_options
from .facts import facts_of

NAMES = ("alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi")


@dataclass
class Move:
    """One step of a game: chance outcomes it needed, the action, and whether it was taken."""

    do: dict | None = None
    chance: list[dict] = field(default_factory=list)  # chance steps, as the scenario holds them
    accepted: bool = True
    procedure: str | None = None


@dataclass
class Game:
    """A game as data: enough to replay it (the table and moves) and to name it."""

    ident: str
    ruleset: str
    options: list[str]
    table: dict
    moves: list[Move]
    seed: str = ""


class RecordingChance:
    """Chance drawn from a generator, each outcome kept so it can be scripted later.

    ``hints`` are the outcomes of an earlier play of the same game: used while
    they still fit (a shrunk game shuffles other cards), so a replay follows
    the original wherever it can.
    """

    def __init__(self, rng: random.Random, hints: list[dict] | None = None):
        self.rng = rng
        self.hints = list(hints or [])
        self.events: list[dict] = []

    def _hint(self, kind: str, fits) -> object | None:
        for i, hint in enumerate(self.hints):
            if kind in hint:
                self.hints.pop(i)
                return hint[kind] if fits(hint[kind]) else None
        return None

    def shuffle(self, cards: list[Card]) -> list[Card]:
        names = Counter(c.notation for c in cards)
        order = self._hint("shuffle", lambda o: Counter(o) == names)
        if order is None:
            out = list(cards)
            self.rng.shuffle(out)
        else:
            pool: dict[str, list[Card]] = {}
            for card in cards:
                pool.setdefault(card.notation, []).append(card)
            out = [pool[n].pop(0) for n in order]  # type: ignore[union-attr]
        self.events.append({"shuffle": [c.notation for c in out]})
        return out

    def coin(self) -> str:
        side = self._hint("coin", lambda s: s in ("up", "down")) or self.rng.choice(("up", "down"))
        self.events.append({"coin": side})
        return str(side)

    def race(self, players: list[str]) -> list[str]:
        order = self._hint("race", lambda o: sorted(o) == sorted(players))
        if order is None:
            order = list(players)
            self.rng.shuffle(order)
        self.events.append({"race": list(order)})  # type: ignore[arg-type]
        return list(order)  # type: ignore[arg-type]

    def take(self) -> list[dict]:
        out, self.events = self.events, []
        return out


# -- a game's start ------------------------------------------------------------------------


def pick_options(rs: Ruleset, allowed: list[str], rng: random.Random,
                 forced: tuple[str, ...] = ()) -> list[str]:
    """Some of the options the ruleset declares (and the implementation supports), none
    clashing; defaults stay as the ruleset has them."""
    chosen = set(forced)
    for name in sorted(allowed):
        if name not in chosen and not rs.options[name].default and rng.random() < 0.25:
            chosen.add(name)
            if clashing_options(rs, frozenset(chosen | {o for o, d in rs.options.items()
                                                        if d.default})):
                chosen.discard(name)
    return sorted(chosen)


def deal_table(rs: Ruleset, rng: random.Random, seats: int) -> dict:
    """The position after a deal from a shuffled deck: hands, the first card turned, the
    rest as the pile (top first). A wild first card gets a colour, as if chosen."""
    deck = [face.notation for face in rs.deck]
    rng.shuffle(deck)
    size = int(rs.setting("hand_size", 7))
    names = list(NAMES[:seats])
    hands: dict[str, list[str]] = {n: [] for n in names}
    for _ in range(size):
        for n in names:
            hands[n].append(deck.pop())
    top = deck.pop()
    table = {"players": names, "dealer": names[-1], "turn": names[0],
             "discard": [top], "pile": list(reversed(deck)), "hands": hands}
    face = rs.face(top)
    if face is not None and face.is_wild:
        table["color"] = rng.choice(list(rs.colors))
    return table


def seat_count(rs: Ruleset, rng: random.Random, seats: tuple[int, ...] = ()) -> int:
    """Two to six players, as many as the deck deals to; only numbers in ``seats`` (those
    the implementation declares it can seat), if it names any."""
    most = most_seats(rs)
    if seats:
        return rng.choice(sorted(n for n in seats if 2 <= n <= most) or [min(seats)])
    return rng.randint(2, most)


def most_seats(rs: Ruleset) -> int:
    size = int(rs.setting("hand_size", 7))
    return min(6, max(2, min(len(NAMES), (len(rs.deck) - 10) // max(size, 1))))


# -- moves -------------------------------------------------------------------------------------


def action_do(names: list[str], action: Action) -> dict:
    """The protocol ``do`` of an engine action: the inverse of the adapter's reading."""
    do: dict = {"player": names[action.player], "act": action.act}
    if action.card is not None:
        do["card"] = action.card.notation
    if action.combine:
        do["combine"] = [{"op": op, "card": card.notation} for op, card in action.combine]
    if action.color is not None:
        do["color"] = action.color
    if action.target is not None:
        do["target"] = names[action.target]
    if action.cards:
        do["cards"] = [c.notation for c in action.cards]
    if action.players:
        do["players"] = [names[p] for p in action.players]
    if action.number is not None:
        do["number"] = action.number
    if action.answer is not None:
        do["answer"] = action.answer
    if action.counts:
        do["counts"] = {names[p]: n for p, n in action.counts}
    if action.flex:
        do["flex"] = True
    return do


def expressible(step: dict, features: set[str]) -> bool:
    """Whether the implementation, by the features it declared, can receive this step."""
    do = step.get("do")
    if do is None:
        return requirements({"table": {}, "steps": [step]}) <= features
    return _needs(do["act"], frozenset(do)) <= features


@functools.cache
def _needs(act: str, keys: frozenset[str]) -> frozenset[str]:
    """What a ``do`` of this act with these fields needs (it depends on nothing else; this
    runs for every legal move of every step)."""
    do = {k: ([None] if k in ("cards", "combine") else True) for k in keys}
    do["act"] = act
    return frozenset(requirements({"table": {}, "steps": [{"do": do}]}))


@dataclass
class Policy:
    """How a random player chooses: a kind of act first (so rare acts such as catches and
    challenges come up), then one action of it; sometimes a move outside the list."""

    by_kind: float = 0.6
    probe: float = 0.06

    def choose(self, rng: random.Random, legal: list[dict],
               probes: Callable[[], list[dict]]) -> dict | None:
        """A move, or None when there is none to make; ``probes`` is asked only when a
        probe is wanted (listing them costs as much as the rest of a step)."""
        if not legal or rng.random() < self.probe:
            outside = probes()
            if outside:
                return rng.choice(outside)
            if not legal:
                return None
        if rng.random() < self.by_kind:
            kinds = sorted({do["act"] for do in legal})
            kind = rng.choice(kinds)
            return rng.choice([do for do in legal if do["act"] == kind])
        return rng.choice(legal)


def _probes(ref: ReferenceImplementation, legal: list[dict], features: set[str]) -> list[dict]:
    """Plays the list does not hold: a card that does not match, out of turn, a bluff."""
    state = ref.game.state  # type: ignore[union-attr]
    listed = {(d["player"], d.get("card")) for d in legal if d["act"] == "play"}
    out = []
    for seat, hand in enumerate(state.hands):
        name = state.seats[seat]
        for notation in sorted({c.notation for c in hand}):
            if (name, notation) in listed:
                continue
            do = {"player": name, "act": "play", "card": notation}
            face = state.rs.face(notation)
            if face is not None and face.is_wild:
                do["color"] = state.rs.colors[0]
            if expressible({"do": do}, features):
                out.append(do)
    return out


# -- a game, move by move ---------------------------------------------------------------


class Table:
    """The reference with a loaded game, stepped through its protocol door."""

    def __init__(self, rulesets: dict[str, Ruleset], game: Game, rng: random.Random,
                 hints: list[dict] | None = None):
        self.ref = ReferenceImplementation(rulesets)
        self.scenario = {"id": game.ident, "ruleset": game.ruleset, "options": game.options,
                         "table": game.table}
        self.first = self.ref.load(self.scenario)
        self._first_facts: list[dict] | None = None
        self.chance = RecordingChance(rng, hints)
        self.ref.chance = self.chance  # type: ignore[assignment]
        state = self.ref.game.state  # type: ignore[union-attr]
        state.chance = self.chance
        # untraced: the engine's express lane plays the game (and a fuzz run against
        # ``hotdeath serve``, which traces, checks the one against the other)
        state.tracing = False

    def legal(self, features: set[str]) -> list[dict]:
        game = self.ref.game
        assert game is not None
        names = game.state.seats
        out = []
        declared = game.state.rs.acts
        for action in game.legal_actions(out_of_turn=True):
            do = action_do(names, action)
            if do["act"] in declared and "acts" not in features \
                    and f"act:{do['act']}" not in features:
                continue  # an act of the ruleset the implementation does not support
            if expressible({"do": do}, features) and do not in out:
                out.append(do)
        return out

    def listing(self, features: set[str]) -> list[dict]:
        """Protocol 2.0: each seat's legal moves now, for an implementation that lists them
        (``legal_moves``), so that a move it offers wrongly is a divergence too."""
        if "legal_moves" not in features or self.ref.game is None:
            return []
        moves = self.ref.legal()
        return [{"path": f"legal.{who}", "set": [m for m in moves if m["player"] == who
                                                 and m != {"player": who, "act": "choose"}]}
                for who in self.ref.game.state.seats]

    def first_facts(self, features: set[str]) -> list[dict]:
        """The expectations of the table as laid out (its listing included): asked before
        the first move, and kept."""
        if self._first_facts is None:
            self._first_facts = facts_of(self.first, features) + self.listing(features)
        return self._first_facts

    def step(self, step: dict) -> dict:
        """The reference's answer to one step (chance it drew is in ``self.chance``)."""
        return self.ref.step(step)

    @property
    def over(self) -> bool:
        return self.ref.game is None or self.ref.game.is_terminal()


def game_seed(seed: int, index: int) -> str:
    return f"{seed}:{index}"


def new_game(rulesets: dict[str, Ruleset], ruleset: str, allowed_options: list[str],
             forced: tuple[str, ...], seed: int, index: int, seats: tuple[int, ...] = ()
             ) -> tuple[Game, random.Random]:
    rng = random.Random(game_seed(seed, index))
    base = rulesets[ruleset]
    options = pick_options(base, allowed_options, rng, forced)
    on = frozenset(options) | {o for o, d in base.options.items() if d.default}
    rs = base.with_options(on)
    table = deal_table(rs, rng, seat_count(rs, rng, seats))
    return Game(f"fuzz-{seed}-{index}", ruleset, options, table, [], game_seed(seed, index)), rng


def move_key(do: dict) -> str:
    """What a declined move was: its act and card (``play wild draw4``), so the next try of
    the game leaves such moves out."""
    return " ".join(str(x) for x in (do.get("act"), do.get("card")) if x)


def play(rulesets: dict[str, Ruleset], game: Game, rng: random.Random, features: set[str],
         max_steps: int, policy: Policy | None = None,
         avoid: frozenset[str] = frozenset()) -> tuple[Game, dict]:
    """Play the game to its end or ``max_steps``; returns it and its scenario (expectations
    included). Moves ``avoid`` names (``move_key``) are never chosen: the implementation
    declined them in an earlier try of this game."""
    policy = policy or Policy()
    try:
        table = Table(rulesets, game, rng)
    except SetupError as err:
        raise AssertionError(f"the reference cannot lay out its own deal: {err}") from None
    steps: list[dict] = []
    obs = table.first
    table.first_facts(features)
    while len(game.moves) < max_steps and not table.over:
        legal = table.legal(features)
        if avoid:
            legal = [d for d in legal if move_key(d) not in avoid]
        do = policy.choose(rng, legal, lambda legal=legal: [
            d for d in _probes(table.ref, legal, features) if move_key(d) not in avoid])
        if do is None:
            break
        answer = table.step({"do": do})
        drawn = [{"chance": e} for e in table.chance.take()]
        if answer["outcome"] == "errored" or not all(expressible(c, features) for c in drawn):
            break  # the implementation could not be told this chance: the game ends here
        accepted = answer["outcome"] == "accepted"
        game.moves.append(Move(do, drawn, accepted))
        steps += [dict(c) for c in drawn]
        step: dict = {"do": do}
        if not accepted:
            step["reject"] = answer["code"]
        obs = answer["observation"]
        step["expect"] = facts_of(obs, features) + table.listing(features)
        steps.append(step)
    return game, scenario_of(game, steps, table.first_facts(features))


def scenario_of(game: Game, steps: list[dict], first: list[dict] | None = None) -> dict:
    """The scenario JSON of a played game (see ``format.FORMAT_VERSION``)."""
    from ..scenario.format import FORMAT_VERSION

    out_steps = ([{"expect": first}] if first else []) + steps
    return {"format": FORMAT_VERSION, "id": game.ident,
            "title": f"A random {game.ruleset} game (fuzz {game.seed})",
            "ruleset": game.ruleset, "options": list(game.options), "cites": [], "pins": [],
            "notes": [], "table": game.table, "steps": out_steps}


def replay(rulesets: dict[str, Ruleset], game: Game, features: set[str],
           positions: list[dict] | None = None) -> dict | None:
    """The scenario of a (shrunk) game, expectations re-derived from the reference; None
    when the reference does not play it as the original did (a move it took is now refused,
    or the reverse, or chance the implementation cannot be told)."""
    rng = random.Random(game.seed + ":replay")
    hints = [c["chance"] for m in game.moves for c in m.chance]
    try:
        table = Table(rulesets, game, rng, hints)
    except SetupError:
        return None
    steps: list[dict] = []
    obs = table.first
    table.first_facts(features)
    for move in game.moves:
        if table.over:
            return None
        if positions is not None:
            positions.append(obs)
        answer = table.step({"do": move.do})
        obs = answer["observation"]
        drawn = [{"chance": e} for e in table.chance.take()]
        if answer["outcome"] == "errored" or (answer["outcome"] == "accepted") != move.accepted:
            return None
        if not all(expressible(c, features) for c in drawn):
            return None
        steps += drawn
        step: dict = {"do": move.do}
        if not move.accepted:
            step["reject"] = answer["code"]
        step["expect"] = facts_of(answer["observation"], features) + table.listing(features)
        steps.append(step)
    return scenario_of(game, steps, table.first_facts(features))


_QUIET = {"phase": "turn", "pending": None, "queue": [], "choice": None, "windows": [],
          "uno_pending": [], "counters": [], "attached": [], "round_winner": None,
          "winner": None, "loser": None}
"""What an observation shows of a position a table cannot lay out when it is not so."""


def table_at(obs: dict, dealer: str) -> dict | None:
    """A position in mid-game as a closed-world table, where a table can say all of it (a
    turn with nothing pending, asked or open); else None."""
    if any(obs.get(k, v) != v for k, v in _QUIET.items()):
        return None
    if any(obs.get("revealed", {}).values()) or obs.get("knowledge"):
        return None
    table: dict = {"players": list(obs["players"]), "dealer": dealer, "turn": obs["turn"],
                   "direction": obs["direction"], "discard": list(obs["discard"]),
                   "pile": list(obs["pile"]), "hands": {p: list(c) for p, c in
                                                        obs["hands"].items()}}
    if obs.get("color") is not None:
        table["color"] = obs["color"]
    fields = {p: list(c) for p, c in obs["field"].items() if c}
    if fields:
        table["fields"] = fields
    if obs.get("neutral"):
        table["neutral"] = list(obs["neutral"])
    zones = {z: list(c) for z, c in obs.get("zones", {}).items() if c}
    if zones:
        table["zones"] = zones
    for key in ("eliminated", "out"):
        if obs.get(key):
            table[key] = list(obs[key])
    if any(obs.get("scores", {}).values()):
        table["scores"] = dict(obs["scores"])
    if obs.get("tempo"):
        table["tempo"] = obs["tempo"]["tempo"]
    if obs.get("power"):
        table["power"] = dict(obs["power"])
    return table
