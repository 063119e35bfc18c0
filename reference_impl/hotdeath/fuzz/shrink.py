"""Reducing a diverging game to the smallest one that diverges the same way.

Why hand-written rather than hypothesis's shrinker: a candidate is only valid
if the reference plays it as it played the original (each move it took still
taken, each it refused still refused), which is a property of the whole game
and not of a generated value; and the reductions that make an example easy to
read are domain ones (fewer moves, fewer players, shorter hands and pile,
plain cards in place of ones the moves never touch). Each candidate's
expectations are derived again from the reference (``generate.replay``) and
it is run through the harness; it is kept when the implementation still
fails with the same signature.
"""

from __future__ import annotations

import copy
import time
from collections.abc import Callable
from dataclasses import dataclass

from hotdeath_harness.corpus import requirements

from ..model import Ruleset
from .generate import Game, Move, replay, table_at
from .run import Lane, signature


@dataclass
class Shrunk:
    game: Game
    scenario: dict
    checks: int  # candidates run against the implementation
    seconds: float


class Shrinker:
    def __init__(self, rulesets: dict[str, Ruleset], features: set[str], lane: Lane,
                 target: str, budget: int = 400, seconds: float = 120.0):
        self.rulesets = rulesets
        self.features = features
        self.lane = lane
        self.target = target
        self.budget = budget
        self.deadline = time.monotonic() + seconds
        self.checks = 0
        self.best_scenario: dict | None = None

    def exhausted(self) -> bool:
        return self.checks >= self.budget or time.monotonic() > self.deadline

    def holds(self, game: Game) -> bool:
        """The candidate is valid for the reference and fails the same way."""
        if self.exhausted():
            return False
        scenario = replay(self.rulesets, game, self.features)
        if scenario is None:
            return False
        self.checks += 1
        result = self.lane.run(scenario)
        if signature(scenario, result) != self.target:
            return False
        self.best_scenario = scenario
        self.failing = result
        return True

    def shrink(self, game: Game, scenario: dict, result) -> Shrunk:
        started = time.monotonic()
        self.best_scenario, self.failing = scenario, result
        best = truncate(game, scenario, result.step)
        if not self.holds(best):
            best = game
            self.best_scenario, self.failing = scenario, result
        changed = True
        while changed and not self.exhausted():
            changed = False
            for reduce in (retable, drop_moves, drop_players, shorten_hands, shorten_pile,
                           shorten_discard, plainer_cards):
                smaller = reduce(best, self)
                if smaller is not None:
                    best, changed = smaller, True
        return Shrunk(best, self.best_scenario or scenario, self.checks,
                      round(time.monotonic() - started, 3))


def move_index(scenario: dict, number: int | None) -> int:
    """How many moves of the game the scenario's steps up to ``number`` hold (the diverging
    one included): steps are the observation of the table, chance, and the moves."""
    if number is None:
        return 0
    return sum(1 for step in scenario["steps"][:number] if "do" in step) + (
        0 if "do" in scenario["steps"][number - 1] else 1)


def truncate(game: Game, scenario: dict, number: int | None) -> Game:
    out = copy.deepcopy(game)
    out.moves = out.moves[:max(move_index(scenario, number), 1)]
    return out


def _first_that(candidates, shrinker: Shrinker) -> Game | None:
    for candidate in candidates:
        if shrinker.exhausted():
            return None
        if shrinker.holds(candidate):
            return candidate
    return None


def _with_moves(game: Game, moves: list[Move]) -> Game:
    out = copy.deepcopy(game)
    out.moves = copy.deepcopy(moves)
    return out


def retable(game: Game, shrinker: Shrinker) -> Game | None:
    """Start the game later: the position before a move, laid out as the table, and the
    moves from there (the latest such position first, so the shortest game is tried first)."""
    positions: list[dict] = []
    if replay(shrinker.rulesets, game, shrinker.features, positions) is None:
        return None

    def later(k: int) -> Game | None:
        table = table_at(positions[k], game.table.get("dealer", game.table["players"][-1]))
        if table is None or not requirements({"table": table, "steps": []}) \
                <= shrinker.features:
            return None
        out = _with_moves(game, game.moves[k:])
        out.table = table
        return out

    candidates = (later(k) for k in range(len(game.moves) - 1, 0, -1))
    return _first_that((c for c in candidates if c is not None), shrinker)


def drop_moves(game: Game, shrinker: Shrinker) -> Game | None:
    """Remove runs of moves, halving the run length down to one (as ddmin does)."""
    best, found = game, False
    size = max(len(game.moves) // 2, 1)
    while size >= 1 and not shrinker.exhausted():
        start = len(best.moves) - 1 - size  # the last move (where it diverges) stays
        progressed = False
        while start >= 0:
            moves = best.moves[:start] + best.moves[start + size:]
            candidate = _with_moves(best, moves)
            if moves and shrinker.holds(candidate):
                best, found, progressed = candidate, True, True
            start -= size
        if not progressed:
            size //= 2
    return best if found else None


def drop_players(game: Game, shrinker: Shrinker) -> Game | None:
    def without(name: str) -> Game | None:
        table = copy.deepcopy(game.table)
        players = table["players"]
        if len(players) <= 2:
            return None
        at = players.index(name)
        players.remove(name)
        table["hands"].pop(name, None)
        for key, step in (("dealer", -1), ("turn", 0)):
            if table.get(key) == name:
                table[key] = players[(at + step) % len(players)]
        moves = [m for m in game.moves if m.do is None or name not in (
            m.do.get("player"), m.do.get("target"), *m.do.get("players", []),
            *m.do.get("counts", {}))]
        if not moves:
            return None
        out = _with_moves(game, moves)
        out.table = table
        return out

    candidates = (without(p) for p in reversed(game.table["players"]))
    return _first_that((c for c in candidates if c is not None), shrinker)


def _with_table(game: Game, change: Callable[[dict], bool]) -> Game | None:
    out = copy.deepcopy(game)
    return out if change(out.table) else None


def shorten_hands(game: Game, shrinker: Shrinker) -> Game | None:
    """Half a hand at a time, then one card at a time from its end; never the last card (a
    table where someone has already gone out is no position of a game)."""
    best, found = game, False
    for name in list(game.table["players"]):
        size = len(best.table["hands"][name]) // 2
        while size >= 1 and not shrinker.exhausted():
            hand = best.table["hands"][name]
            if len(hand) - size < 1:  # a hand keeps a card: an empty one has gone out
                size //= 2
                continue

            def cut(table: dict, at: int = len(hand) - size, n: int = size,
                    who: str = name) -> bool:
                cards = table["hands"][who]
                del cards[at:at + n]
                return True

            candidates = [_with_table(best, lambda t, a=a: cut(t, a))
                          for a in range(len(hand) - size, -1, -size)]
            kept = _first_that((c for c in candidates if c is not None), shrinker)
            if kept is not None:
                best, found = kept, True
            else:
                size //= 2
    return best if found else None


def shorten_pile(game: Game, shrinker: Shrinker) -> Game | None:
    """Keep the top of the pile only (the moves draw from the top): its bottom half goes,
    then smaller and smaller parts of it, leaving a card (an empty pile is a case of its
    own, kept only where the game came to it)."""
    best, found = game, False
    size = len(game.table.get("pile", [])) // 2
    while size >= 1 and not shrinker.exhausted():
        pile = best.table["pile"]

        def cut(table: dict, n: int = size) -> bool:
            table["pile"] = table["pile"][:len(table["pile"]) - n]
            return True

        candidate = _with_table(best, cut) if len(pile) - size >= 1 else None
        if candidate is not None and shrinker.holds(candidate):
            best, found = candidate, True
        else:
            size //= 2
    return best if found else None


def shorten_discard(game: Game, shrinker: Shrinker) -> Game | None:
    """Only the top card of the discard pile (the cards under it rarely matter)."""
    if len(game.table.get("discard", [])) <= 1:
        return None

    def cut(table: dict) -> bool:
        table["discard"] = table["discard"][:1]
        return True

    candidate = _with_table(game, cut)
    return candidate if candidate is not None and shrinker.holds(candidate) else None


def plain_face(rs: Ruleset, color: str) -> str | None:
    """The simplest card of a colour: a number card that does nothing when played."""
    plain = [f for f in rs.deck if f.number is not None and f.color == color and
             not (f.kind.triggers or f.kind.answers or f.kind.modifiers or f.kind.effects
                  or f.kind.playable_anywhere or f.kind.playable_anytime)]
    return min(plain, key=lambda f: (f.number, f.notation)).notation if plain else None


def plainer_cards(game: Game, shrinker: Shrinker) -> Game | None:
    """A card no move names, replaced everywhere by a plain number card of its colour."""
    rs = shrinker.rulesets[game.ruleset]
    named = {str(v) for m in game.moves if m.do for v in _cards_of(m.do)}
    table = game.table
    held = [c for cards in [*table["hands"].values(), table.get("pile", [])] for c in cards]
    best, found = game, False
    for notation in sorted(set(held) - named):
        face = rs.face(notation)
        simple = plain_face(rs, face.color) if face is not None else None
        if simple is None or simple == notation:
            continue

        def replace_card(t: dict, old: str = notation, new: str = simple) -> bool:
            for cards in [*t["hands"].values(), t.get("pile", [])]:
                cards[:] = [new if c == old else c for c in cards]
            return True

        candidate = _with_table(best, replace_card)
        if candidate is not None and shrinker.holds(candidate):
            best, found = candidate, True
    return best if found else None


def _cards_of(do: dict) -> list[str]:
    out = [do["card"]] if do.get("card") else []
    out += list(do.get("cards", []))
    out += [part["card"] for part in do.get("combine", [])]
    return out
