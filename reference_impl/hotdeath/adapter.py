"""The reference interpreter behind the conformance protocol's door.

It receives exactly what any implementation receives (a scenario's table,
then one step at a time) and answers with an outcome and the canonical
observation. The harness never reaches past this interface.
"""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

from .engine.chance import ScriptedChance
from .engine.game import Game
from .engine.state import Action, Illegal, Unscripted
from .lang.check import load_rulesets
from .model import Face, Ruleset

IMPL_NAME = "hotdeath-reference"


def impl_version() -> str:
    try:
        return version("hotdeath")
    except PackageNotFoundError:  # running from a checkout without installing
        return "0+unknown"


PROTOCOL_VERSION = "1.0"
FEATURES = ("setup", "shuffle", "uno", "challenge", "jump_in", "scores")


class SetupError(Exception):
    """The table cannot be laid out (unknown card, option, ruleset...)."""


class Unsupported(SetupError):
    """The scenario needs a ruleset or option this implementation does not have."""


class ReferenceImplementation:
    def __init__(self, rulesets: dict[str, Ruleset] | None = None):
        self.rulesets = rulesets if rulesets is not None else load_rulesets()
        self.game: Game | None = None
        self.chance: ScriptedChance | None = None

    def hello(self) -> dict:
        """The handshake's description of this implementation: it supports everything."""
        return {
            "protocol": PROTOCOL_VERSION,
            "implementation": {"name": IMPL_NAME, "version": impl_version(),
                               "language": "python",
                               "notes": "the executable spec; rules from spec/*.hd"},
            "rulesets": {k: {"options": sorted(rs.options)}
                         for k, rs in sorted(self.rulesets.items())},
            "features": list(FEATURES),
        }

    # -- loading a table ---------------------------------------------------------

    def load(self, scenario: dict) -> dict:
        ident = scenario.get("ruleset", "")
        rs = self.rulesets.get(ident)
        if rs is None:
            raise Unsupported(f"unknown ruleset '{ident}'")
        table = scenario["table"]
        players = table["players"]
        self.chance = ScriptedChance([self._cards(rs, order)
                                      for order in table.get("shuffles", [])])
        game = Game(rs, players, self.chance)
        for opt in scenario.get("options", []):
            if opt not in rs.options:
                raise Unsupported(f"ruleset '{ident}' has no option '{opt}'")
            game.options.add(opt)
        game.dealer = self._seat(game, table.get("dealer", players[-1]))
        game.direction = -1 if table.get("direction") == "counterclockwise" else 1
        game.pile = list(reversed(self._cards(rs, table.get("pile", []))))
        game.discard = list(reversed(self._cards(rs, table.get("discard", []))))
        for who, cards in table.get("hands", {}).items():
            game.hands[self._seat(game, who)] = self._cards(rs, cards)
        for who, cards in table.get("fields", {}).items():
            game.field[self._seat(game, who)] = self._cards(rs, cards)
        for who, pts in table.get("scores", {}).items():
            game.scores[self._seat(game, who)] = pts
        top = game.discard[-1] if game.discard else None
        game.color = table.get("color") or (top.color if top and not top.is_wild else None)
        game.turn = game.next_seat(game.dealer)
        if "turn" in table:
            game.turn = self._seat(game, table["turn"])
        self.game = game
        try:
            for procedure in table.get("setup", []):
                game.deal() if procedure == "deal" else game.start()
        except Unscripted as err:
            raise SetupError(str(err)) from None
        except IndexError:
            raise SetupError("the draw pile is too small for the set-up") from None
        return game.observation()

    @staticmethod
    def _seat(game: Game, name: str) -> int:
        if name not in game.index:
            raise SetupError(f"unknown player '{name}'")
        return game.index[name]

    @staticmethod
    def _cards(rs: Ruleset, notations: list[str]) -> list[Face]:
        out = []
        for n in notations:
            face = rs.face(n)
            if face is None:
                raise SetupError(f"ruleset '{rs.ident}' has no card '{n}'")
            out.append(face)
        return out

    # -- stepping --------------------------------------------------------------------

    def step(self, step: dict) -> dict:
        game = self.game
        assert game is not None and self.chance is not None
        game.trace = []
        if "chance" in step:
            order = self._cards(game.rs, step["chance"].get("shuffle", []))
            self.chance.add(order)
            return self._answer("accepted")
        if "do" not in step:
            return self._answer("accepted")
        try:
            action = self._action(game, step["do"])
        except SetupError as err:
            return self._answer("rejected", "unknown_action", str(err))
        except Illegal as err:
            return self._answer("rejected", err.code, err.message)
        try:
            game.apply_action(action)
        except Illegal as err:
            return self._answer("rejected", err.code, err.message, err.role)
        except Unscripted as err:
            return {"outcome": "errored", "message": str(err)}
        return self._answer("accepted")

    def _action(self, game: Game, do: dict) -> Action:
        player = game.index.get(do.get("player", ""))
        if player is None:
            raise Illegal("no_such_player", f"unknown player '{do.get('player')}'")
        card = None
        if do.get("card") is not None:
            card = game.rs.face(do["card"])
            if card is None:
                raise Illegal("card_not_in_hand", f"there is no card '{do['card']}'")
        target = None
        if do.get("target") is not None:
            target = game.index.get(do["target"])
            if target is None:
                raise Illegal("bad_choice", f"unknown player '{do['target']}'")
        return Action(player, do.get("act", ""), card, do.get("color"), target)

    def _answer(self, outcome: str, code: str = "", message: str = "", rule: str = "") -> dict:
        assert self.game is not None
        out: dict = {"outcome": outcome, "observation": self.game.observation()}
        if outcome == "rejected":
            out.update(code=code, message=message, rule=rule)
        return out

    def trace(self) -> list[dict]:
        return list(self.game.trace) if self.game else []
