"""The reference interpreter behind the conformance protocol's door.

It receives exactly what any implementation receives (a scenario's table,
then one step at a time) and answers with an outcome and the canonical
observation. The harness never reaches past this interface.
"""

from __future__ import annotations

import json
from importlib.metadata import PackageNotFoundError, version

from .engine import combine, tempo, validation
from .engine.chance import ScriptedChance
from .engine.game import Game
from .engine.state import Action, Card, Illegal, State, Unscripted
from .engine.turns import next_seat
from .grounds import grounds
from .lang.check import load_rulesets
from .model import CardKind, Face, Ruleset, clashing_options
from .scenario.format import FEATURES, PROTOCOL_VERSION

IMPL_NAME = "hotdeath-reference"


def impl_version() -> str:
    try:
        return version("hotdeath")
    except PackageNotFoundError:  # running from a checkout without installing
        return "0+unknown"


class SetupError(Exception):
    """The table cannot be laid out (unknown card, option, ruleset...)."""


class Unsupported(SetupError):
    """The scenario needs a ruleset or option this implementation does not have."""


class ReferenceImplementation:
    """The reference behind the protocol.

    ``express`` plays as random play does, untraced, listing the legal moves before
    every move and then applies the one listed: the engine takes its express lane
    (``engine/express.py``) wherever it is open, which the traced path never does.
    ``hotdeath conform --differential --impl "hotdeath serve --express"`` compares the
    two, so the lane is judged by the corpus like any other implementation.
    """

    def __init__(self, rulesets: dict[str, Ruleset] | None = None, *, express: bool = False):
        self.rulesets = rulesets if rulesets is not None else load_rulesets()
        self.express = express
        self.game: Game | None = None
        self.chance: ScriptedChance | None = None
        self._played: tuple[dict, list[dict]] = ({}, [])  # the table loaded, steps accepted

    def hello(self) -> dict:
        """The handshake's description of this implementation: it supports everything."""
        return {
            "protocol": PROTOCOL_VERSION,
            "implementation": {"name": IMPL_NAME, "version": impl_version(),
                               "language": "python",
                               "notes": "the executable spec; rules from spec/*.hd"},
            "rulesets": {k: {"options": sorted(rs.options), "features": list(FEATURES)}
                         for k, rs in sorted(self.rulesets.items())},
            "features": list(FEATURES),
        }

    # -- loading a table ---------------------------------------------------------

    def load(self, scenario: dict) -> dict:
        ident = scenario.get("ruleset", "")
        base = self.rulesets.get(ident)
        if base is None:
            raise Unsupported(f"unknown ruleset '{ident}'")
        options = frozenset(scenario.get("options", []))
        for opt in sorted(options):
            if opt not in base.options:
                raise Unsupported(f"ruleset '{ident}' has no option '{opt}'")
        options |= {o for o, decl in base.options.items() if decl.default}
        for a, b in clashing_options(base, options):
            raise SetupError(f"options {a} and {b} cannot both be on (one excludes the other)")
        rs = base.with_options(frozenset(options))
        table = scenario["table"]
        players = table["players"]
        self.chance = ScriptedChance(list(table.get("shuffles", [])))
        game = Game(rs, players, self.chance, self.rulesets, tracing=not self.express)
        s = game.state
        s.dealer = self._seat(s, table.get("dealer", players[-1]))
        s.direction = -1 if table.get("direction") == "counterclockwise" else 1
        s.pile = list(reversed(self._cards(rs, table.get("pile", []))))
        s.discard = list(reversed(self._cards(rs, table.get("discard", []))))
        for who, cards in table.get("hands", {}).items():
            s.hands[self._seat(s, who)] = self._cards(rs, cards)
        for who, cards in table.get("fields", {}).items():
            seat = self._seat(s, who)
            for card in self._cards(rs, cards):
                card.owner = seat
                s.fields[seat].append(card)
        for card in self._cards(rs, table.get("neutral", [])):
            s.neutral.append(card)
        for name, cards in table.get("zones", {}).items():
            if name not in rs.zones:
                raise SetupError(f"ruleset '{ident}' has no pile '{name}'")
            s.zones[name] = list(reversed(self._cards(rs, cards)))
        s.active = [c for zone in [*s.fields, s.neutral] for c in zone if s.kind(c).while_active]
        for who, pts in table.get("scores", {}).items():
            s.scores[self._seat(s, who)] = pts
        for who in table.get("eliminated", []):
            s.status[self._seat(s, who)] = "eliminated"
        for who in table.get("out", []):  # sitting the hand out, in the order they left it
            seat = self._seat(s, who)
            s.status[seat] = "out"
            s.departed.append(seat)
        self._turn_state(s, table)
        top = s.discard[-1] if s.discard else None
        s.color = table.get("color") or (top.face.color if top and not top.face.is_wild
                                         else None)
        s.turn = self._first(s, table)
        self.game = game
        try:
            for procedure in table.get("setup", []):
                {"deal": game.deal, "flip": game.start,
                 "choose_dealer": game.choose_dealer}[procedure]()
        except Unscripted as err:
            raise SetupError(str(err)) from None
        except IndexError:
            raise SetupError("the draw pile is too small for the set-up") from None
        self._played = (scenario, [])  # what step() replays to undo an errored step
        return game.observation()

    @staticmethod
    def _turn_state(s: State, table: dict) -> None:
        """The tempo and the Power Cards a table lays out (protocol 1.2), where the ruleset
        has them: a table cannot give a ruleset a tempo it does not have."""
        if "tempo" in table:
            if not tempo.on(s):
                raise SetupError(f"ruleset '{s.rs.ident}' has no tempo")
            s.tempo = table["tempo"]
        if table.get("power"):
            if not s.setting("power_cards"):
                raise SetupError(f"ruleset '{s.rs.ident}' has no Power Cards")
            for who, side in table["power"].items():
                s.power[ReferenceImplementation._seat(s, who)] = side == "green"

    def _first(self, s: State, table: dict) -> int:
        if "turn" in table:
            return self._seat(s, table["turn"])
        return next_seat(s, s.dealer)

    @staticmethod
    def _seat(s: State, name: str) -> int:
        if name not in s.index:
            raise SetupError(f"unknown player '{name}'")
        return s.index[name]

    @staticmethod
    def _cards(rs: Ruleset, notations: list[str]) -> list[Card]:
        out = []
        for n in notations:
            face = rs.face(n)
            if face is None:
                raise SetupError(f"ruleset '{rs.ident}' has no card '{n}'")
            out.append(Card(face))
        return out

    # -- stepping --------------------------------------------------------------------

    def step(self, step: dict) -> dict:
        """Apply one step; one that is rejected or errored leaves the table as it was.

        The engine refuses an illegal action before changing anything, but an
        effect can fail in mid-resolution (a reshuffle or a coin the scenario
        did not script, or any error): the cards it had moved were lost. The
        table is then laid out again and every step accepted since replayed
        (everything random is scripted, so the replay is exact), which costs
        nothing on the steps that succeed.
        """
        try:
            answer = self._step(step)
        except Exception:
            self._undo()
            raise
        if answer["outcome"] == "errored":
            self._undo()
        elif answer["outcome"] == "accepted":
            self._played[1].append(step)
        return answer

    def _undo(self) -> None:
        """The table as it was after the last accepted step (the failed step's events are
        kept for ``trace``, which shows how far it got)."""
        assert self.game is not None
        events = self.game.state.trace
        scenario, accepted = self._played
        self.load(scenario)
        for done in accepted:
            self._step(done)
        self._played = (scenario, accepted)
        self.game.state.trace = events

    def _step(self, step: dict) -> dict:
        game = self.game
        assert game is not None and self.chance is not None
        game.state.trace = []
        if "chance" in step:
            return self._chance(step["chance"])
        if step.get("procedure") == "next_hand":
            try:
                game.next_hand()
            except Illegal as err:
                return self._answer("rejected", err.code, err.message, err.role)
            except (Unscripted, IndexError) as err:
                return {"outcome": "errored", "message": f"cannot start the next hand: {err}"}
            return self._answer("accepted")
        if "do" not in step:
            return self._answer("accepted")
        try:
            action = self._action(game.state, step["do"])
            if self.express:
                action = self._listed(action)
            game.apply_action(action)
        except Illegal as err:
            return self._answer("rejected", err.code, err.message, err.role)
        except Unscripted as err:
            return {"outcome": "errored", "message": str(err)}
        return self._answer("accepted")

    # -- listing the legal moves (protocol 2.0, feature legal_moves) ----------------------

    def legal(self) -> list[dict]:
        """Every move the rules allow now without a penalty, each seat's, as protocol moves.

        A pending choice is one bare ``choose`` move (its answers are the observation's
        ``choice``), and combined plays are left out (they are judged by acceptance only):
        both would list thousands of moves. Copies of a card make one move.
        """
        assert self.game is not None
        out: dict[str, dict] = {}
        for action in self.game.legal_actions(out_of_turn=True):
            if action.combine:
                continue
            move = protocol_move(self.game.state, action)
            if move["act"] == "choose":
                move = {"player": move["player"], "act": "choose"}
            out.setdefault(json.dumps(move, sort_keys=True), move)
        return list(out.values())

    def check(self, do: dict) -> dict:
        """Whether a move is allowed now, without making it (protocol 2.0's ``check``), and by
        which rule either way: the differential mode asks it to say why a move another
        program offers is not listed, and why one it does not offer is."""
        assert self.game is not None
        state = self.game.state
        action = self._action(state, do)
        try:
            validation.validate(state, action)
        except Illegal as err:
            return {"outcome": "refused", "code": err.code, "message": err.message,
                    **({"rule": err.role} if err.role else {})}
        rule = grounds(state, action)
        return {"outcome": "allowed", **({"rule": rule} if rule else {})}

    def _listed(self, action: Action) -> Action:
        """The listed move equal to ``action``, so that the engine applies it as listed (on
        its express lane where that is open); ``action`` itself where none is (an illegal
        move, a penalised one, a bluff, a combined play), to be validated as usual."""
        assert self.game is not None
        state = self.game.state
        want = protocol_move(state, action)
        for listed in self.game.legal_actions(out_of_turn=True):
            if listed.act == action.act and listed.player == action.player \
                    and protocol_move(state, listed) == want:
                return listed
        return action

    def _chance(self, chance: dict) -> dict:
        assert self.game is not None and self.chance is not None
        for kind in ("shuffle", "coin", "race"):
            if kind in chance:
                self.chance.add(kind, chance[kind])
        return self._answer("accepted")

    def _action(self, s: State, do: dict) -> Action:
        if (problem := combine.too_many(1 + len(do.get("combine", [])))) is not None:
            raise Illegal("bad_combination", problem, s.rs.role_rule("combine") or "")
        player = s.index.get(do.get("player", ""), -1)
        seat = lambda name: s.index.get(name, -1)  # noqa: E731  (unknown: refused later)
        hand = s.hands[player] if player >= 0 else []
        drawn = [s.drawn] if s.drawn is not None and s.drawn in hand else []
        pool = [*drawn, *hand, *(s.fields[player] if player >= 0 else [])]
        if s.request is not None and s.request.kind in ("cards", "order"):
            pool = list(s.request.options)
        card = self._card(s, pool, do.get("card"))
        rest = pool if "card" not in do else [c for c in pool if c is not card]
        cards = self._pick(s, rest, do.get("cards", []))
        combined = self._pick(s, [c for c in rest if c not in cards],
                              [str(part.get("card")) for part in do.get("combine", [])])
        ops = tuple(str(part.get("op")) for part in do.get("combine", []))
        target = seat(do["target"]) if do.get("target") is not None else None
        counts = tuple((seat(k), v) for k, v in sorted(do.get("counts", {}).items()))
        return Action(player, do.get("act", ""), card, do.get("color"), target, cards,
                      tuple(seat(p) for p in do.get("players", [])), do.get("number"),
                      do.get("answer"), counts, flex=bool(do.get("flex")),
                      combine=tuple(zip(ops, combined, strict=True)))

    @staticmethod
    def _card(s: State, pool: list[Card], notation: str | None) -> Card | None:
        """The first card of that name where the player has it, else a stray copy."""
        if notation is None:
            return None
        for card in pool:
            if card.notation == notation:
                return card
        face = s.rs.face(notation)
        return Card(face or Face(notation, CardKind(notation), "", frozenset(), "", None, 0))

    def _pick(self, s: State, pool: list[Card], notations: list[str]) -> tuple[Card, ...]:
        left = list(pool)
        out = []
        for n in notations:
            card = self._card(s, left, n)
            if card in left:
                left.remove(card)
            out.append(card)
        return tuple(out)

    def _answer(self, outcome: str, code: str = "", message: str = "", rule: str = "") -> dict:
        assert self.game is not None
        out: dict = {"outcome": outcome, "observation": self.game.observation()}
        if outcome == "rejected":
            out.update(code=code, message=message, rule=rule)
        return out

    def trace(self) -> list[dict]:
        return list(self.game.state.trace) if self.game else []


def protocol_move(s: State, a: Action) -> dict:
    """An action as the protocol writes a move: exactly the fields its act uses."""
    move: dict = {"player": s.seats[a.player] if 0 <= a.player < len(s.seats) else "",
                  "act": a.act}
    if a.card is not None:
        move["card"] = a.card.notation
    if a.color is not None:
        move["color"] = a.color
    if a.target is not None and 0 <= a.target < len(s.seats):
        move["target"] = s.seats[a.target]
    if a.cards:
        move["cards"] = [c.notation for c in a.cards]
    if a.players:
        move["players"] = [s.seats[p] for p in a.players]
    if a.number is not None:
        move["number"] = a.number
    if a.answer is not None:
        move["answer"] = a.answer
    if a.counts:
        move["counts"] = {s.seats[p]: n for p, n in a.counts}
    if a.flex:
        move["flex"] = True
    if a.combine:
        move["combine"] = [{"op": op, "card": c.notation} for op, c in a.combine]
    return move
