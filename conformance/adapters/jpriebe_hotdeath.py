#!/usr/bin/env python3
"""Conformance adapter for John Priebe's "Hot Death" for Android (its Java game engine).

It speaks the hotdeath conformance protocol (conformance/PROTOCOL.md) on stdin and stdout
for ruleset ``hot-death-1989``, the seed the peer is closest to. It imports only the
standard library. The peer is GPL and is not part of this project: on first use the adapter
compiles the peer's engine classes from their own directory (``JPRIEBE_HOTDEATH_SRC``,
default ``../shared/peers/jpriebe-hotdeath`` beside the repository) together with our Java
side in ``conformance/adapters/jpriebe/`` (stand-ins for ``android.*``, ``org.json``, ``R``
and the UI classes, and ``Driver.java``), into a cache directory keyed by a hash of all those
sources. It then runs ``Driver`` as a child process.

Its whole job is translation. The driver restores the peer's ``Game`` from a saved-game
object, as the app resumes a game, and applies each move through ``Game.advanceRound``
with the decision a player would make on the app's screen. Which card may be played is
``Game.checkCard``'s answer, and what it does is the peer's own code. It speaks protocol 2.0
so that the peer is judged on the rules alone: it declares the peer's attack model
(``"attacks": "immediate"``: an attack its victim cannot answer is applied as it is played,
so the harness sends no ``accept``), it answers ``legal`` from the peer's own checks
(``Game.checkCard`` and the app's Draw and Pass buttons), and its refusals carry no code
(``"codes": false``): the peer only knows whether a move is allowed. Where the peer differs
from the suite in the rules, the observation shows what it really did, so the harness
reports the difference. See conformance/adapters/README.md and conformance/COOKBOOK.md.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

PROTOCOL = "2.0"
RULESET = "hot-death-1989"
FEATURES = ["setup", "shuffle", "scores", "zones", "out", "use", "legal_moves"]
# Acts the peer makes by itself: its Penn State is held up against a Spreader without anyone
# asking (Game.checkForShield, in Game.handleSpecialCards), which the suite writes as the
# holder's "use" (the seed's holder "holds it up", and must: ruling HD89-11).
AUTOMATIC = ["use"]
# The peer is a later version of the game: it ends at 1,000 points (Game.finishRound) and has
# no Vacuum (CardDeck.reset). Both are options of the ruleset, so it declares them. It does
# not declare them "always" (PROTOCOL.md 3.1): that would skip every scenario without both
# on, nearly the whole 1989 corpus, though neither matters to most of it. Instead a table
# with a Vacuum is skipped at the load (the peer has no such card), and a scenario without
# ends_at_1000 is skipped at the step where the peer ends the game at 1,000 (Table._ask).
OPTIONS = ["ends_at_1000", "no_vacuum"]
SEED = 20240601  # the seed of the peer's shuffles, the same on every load
HAND_SIZE = 7  # the peer's dealer chooses 5 to 15 cards (Player.getNumCardsToDeal); we say 7

HERE = Path(__file__).resolve().parent
JAVA_SIDE = HERE / "jpriebe"
PEER = Path(os.environ.get("JPRIEBE_HOTDEATH_SRC")
            or HERE.parents[2] / "shared" / "peers" / "jpriebe-hotdeath")
ENGINE = ["Game", "Card", "CardDeck", "CardPile", "Hand", "Player", "ComputerPlayer", "Penalty",
          "GameOptions"]  # the peer's classes we compile; its UI classes have stand-ins
PEER_VERSION = "1.0.5"  # CHANGELOG.txt, commit b324a6a04f7f27ec0148662333cb15463e044b64

# Acts the peer has no notion of: no Uno call or catch, no Wild Draw Four challenge, no
# out-of-turn play (Game.advanceRound only ever asks the current player), no cards used
# from the table. The features are not declared, so these come only by mistake.
UNSUPPORTED_ACTS = {
    "uno": "the peer has no Uno call",
    "catch": "the peer has no Uno call, so nobody can be caught",
    "challenge": "the peer has no Wild Draw Four challenge",
    "jump_in": "the peer has no out-of-turn play: Game.advanceRound asks the current player",
    "use": "the peer has no card that answers from the table",
}
# Why the driver refused a move (Driver.java: play/draw/pass), for people: the peer only
# knows whether a move is allowed, so refusals carry no protocol code ("codes": false).
WHY = {
    "not_current": "it is not this player's turn (Game.getCurrPlayer)",
    "card_not_in_hand": "the player holds no {card}",
    "checkCard_under_attack": "Game.checkCard does not allow {card} against this attack",
    "checkCard": "Game.checkCard does not allow {card} on {top}",
    "checkCard_shitter": "Game.checkCard takes the Shitter only as the last card in hand, or on "
                         "the Holy Defender or the Magic Red 5",
    "missing_color": "a wild card needs a colour",
    "bad_color": "not one of the peer's four colours",
    "missing_victim": "the peer asks for a victim (Player.chooseVictim)",
    "bad_victim": "not a victim the peer offers",
    "under_attack": "the app disables Draw under attack (GameActivity.showMenuButtons)",
    "already_drawn": "the app disables Draw after drawing (GameActivity.showMenuButtons)",
    "not_drawn": "the app enables Pass only after drawing, or under attack "
                 "(GameActivity.showMenuButtons)",
}
KINDS = {"card": "draw", "eject": "quit", "faceup": "exposed"}  # Penalty.PENTYPE_*
COLOURS = ("red", "green", "blue", "yellow")


class Skip(Exception):
    """The scenario asks for something the peer cannot express; answered ``skipped``."""


class Reject(Exception):
    """The peer does not allow the move; answered ``rejected``, without a code."""


# ---------------------------------------------------------------- building the Java side


def cache_root() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "hotdeath" / "jpriebe-hotdeath"


def sources() -> list[Path]:
    peer = [PEER / f"{name}.java" for name in ENGINE]
    missing = [str(p) for p in peer if not p.is_file()]
    if missing:
        raise RuntimeError(f"the peer's sources are not there: {', '.join(missing)} "
                           "(set JPRIEBE_HOTDEATH_SRC)")
    return peer + sorted(JAVA_SIDE.rglob("*.java"))


def build() -> Path:
    """Compile the peer's engine and our Java side once per version of the sources."""
    files = sources()
    digest = hashlib.sha256()
    for path in files:
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    out = cache_root() / digest.hexdigest()[:20]
    if (out / "built").exists():
        return out
    if shutil.which("javac") is None:
        raise RuntimeError("javac is not on PATH: a JDK (17 or later) is needed")
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(dir=out.parent, prefix="build-"))
    done = subprocess.run(["javac", "-nowarn", "-encoding", "UTF-8", "-d", str(tmp),
                           *map(str, files)], capture_output=True, text=True)
    if done.returncode:
        shutil.rmtree(tmp, ignore_errors=True)
        raise RuntimeError(f"javac failed:\n{done.stdout}{done.stderr}")
    (tmp / "built").touch()
    try:
        tmp.rename(out)
    except OSError:  # another process built the same sources first
        shutil.rmtree(tmp, ignore_errors=True)
    return out


class Peer:
    """The Java driver as a child process: one JSON request line, one JSON answer line."""

    def __init__(self) -> None:
        classes = build()
        self.proc = subprocess.Popen(
            ["java", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Xss4m",
             "-cp", str(classes), "com.smorgasbork.hotdeath.Driver"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, encoding="utf-8")

    def ask(self, **request: Any) -> dict[str, Any]:
        assert self.proc.stdin and self.proc.stdout
        self.proc.stdin.write(json.dumps(request) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError(f"the Java driver exited (status {self.proc.wait()})")
        answer = json.loads(line)
        if "unknown" in answer:
            raise Skip(f"the peer has no card '{answer['unknown']}'")
        if "error" in answer:
            raise RuntimeError(f"the peer failed: {answer['error']}")
        return answer

    def close(self) -> None:
        if self.proc.stdin:
            self.proc.stdin.close()
        try:
            self.proc.wait(timeout=1)
        except subprocess.TimeoutExpired:
            self.proc.kill()


# ---------------------------------------------------------------- one scenario


class Table:
    """One loaded scenario: the peer's state, and what the adapter keeps beside it.

    The peer always has four seats (SOUTH, WEST, NORTH, EAST; its clockwise is
    ``Player.getLeftOpp``). Four players sit in them in the table's order. With fewer, the
    empty seats sit out, as seats the Quitter has sent out do (``Player.setActive(false)``),
    and they are put just before the dealer's seat: the peer starts a hand left of the dealer
    without looking whether that seat plays (``Game.postDealHands``).
    """

    def __init__(self, peer: Peer, table: dict[str, Any], options: list[str]):
        self.peer = peer
        self.options = set(options)
        self.players: list[str] = list(table["players"])
        self.names: list[str | None] = []  # the player in each of the peer's seats
        self.state: dict[str, Any] = {}
        self.sat_out: list[int] | None = None  # the seats sitting out as the hand ended
        self.chain: dict[str, Any] | None = None  # origin and cards of the pending attack
        self._load(table)

    def _load(self, table: dict[str, Any]) -> None:
        players, n = self.players, len(self.players)
        if n > 4:
            raise Skip("the peer's Game seats exactly four players (SOUTH, WEST, NORTH, EAST)")
        for key in ("fields", "neutral", "zones", "eliminated"):
            if any(_values(table.get(key) or [])):
                raise Skip(f"the peer has nothing like table.{key}")
        setup = table.get("setup", [])
        if "choose_dealer" in setup:
            raise Skip("the peer picks the first dealer at random (Game.resetGame)")
        if "deal" in setup and n != 4:
            raise Skip("the peer deals to its four seats, playing or not (Game.dealHands)")
        if "deal" in setup and (table.get("discard") or any(table.get("hands", {}).values())):
            raise Skip("the peer deals the whole deck (Game.dealHands); this table already has "
                       "cards in hand or in play")
        if not table.get("discard") and "flip" not in setup:
            raise Skip("the peer always has a card in play (Game.checkCard reads m_currCard)")
        for key in ("dealer", "turn"):
            if key in table and table[key] not in players:
                raise Skip(f"table.{key} '{table[key]}' is not one of the players")
        dealer = players.index(table.get("dealer", players[-1]))
        self.names = list(players) if n == 4 else \
            [players[(dealer + k) % n] for k in range(1, n)] + [None] * (4 - n) + [players[dealer]]
        clockwise = table.get("direction", "clockwise") == "clockwise"
        turn = table.get("turn", players[(dealer + (1 if clockwise else -1)) % n])
        top = (table.get("discard") or [None])[0]
        colour = table.get("color", None if top is None or top.startswith("wild") else
                           top.split()[0])
        hands, scores = table.get("hands", {}), table.get("scores", {})
        self.state = self.peer.ask(
            cmd="load", seed=SEED, deal="deal" in setup,
            hands=[None if p is None else hands.get(p, []) for p in self.names],
            pile=table.get("pile", []), discard=table.get("discard", []), color=colour,
            turn=self._seat(turn), dealer=self._seat(players[dealer]),
            direction="clockwise" if clockwise else "counterclockwise",
            scores=[scores.get(p, 0) for p in self.names],
        )["state"]  # table.shuffles are not passed: the peer's set-up never shuffles
        if "deal" in setup:
            self.state = self.peer.ask(cmd="deal", count=HAND_SIZE)["state"]
        if "flip" in setup:
            self.state = self.peer.ask(cmd="flip")["state"]

    def _seat(self, name: str) -> int:
        return self.names.index(name)

    def _name(self, seat: int) -> str:
        name = self.names[seat] if 0 <= seat < 4 else None
        if name is None:
            raise Skip(f"the peer names its empty seat {seat + 1}, which is not a player")
        return name

    # -------------------------------------------------------------- steps

    def apply(self, step: dict[str, Any]) -> None:
        """Play one step through the peer; raises Reject or Skip when it cannot be played."""
        chance = step.get("chance")
        if chance:
            if set(chance) != {"shuffle"}:
                raise Skip(f"the peer has no chance events but shuffles: {sorted(chance)}")
            self.state = self.peer.ask(cmd="shuffle", cards=chance["shuffle"])["state"]
        elif "procedure" in step:
            raise Skip("the peer's adapter does not play on into the next hand")
        elif step.get("do"):
            self._move(step["do"])

    def _move(self, do: dict[str, Any]) -> None:
        act, who = do["act"], do["player"]
        if act in UNSUPPORTED_ACTS:
            raise Skip(UNSUPPORTED_ACTS[act])
        moves = {"play": self._play, "draw": self._draw, "pass": self._pass,
                 "accept": self._accept, "choose": self._choose}
        if act not in moves:
            raise Reject(f"the peer has no act '{act}'")
        if self.state["round_over"]:
            raise Reject("the hand is over (Game.finishRound)")
        if who not in self.players or not self.state["active"][self._seat(who)]:
            raise Reject(f"{who} is not playing this hand")
        moves[act](self._seat(who), do)

    def _require_turn(self, seat: int) -> None:
        if seat != self.state["turn"]:
            raise Reject(f"it is {self._name(self.state['turn'])}'s turn (Game.getCurrPlayer)")

    def _ask(self, seat: int, cmd: str, **fields: Any) -> None:
        """A decision through the driver; on success, follow the attack it builds."""
        answer = self.peer.ask(cmd=cmd, seat=seat, **fields)
        refused = answer.get("refused")
        if refused:
            why = WHY.get(refused, refused).format(top=self.state["top"], card=fields.get("card"))
            raise Reject(f"{why} (peer: {refused})")
        before, self.state = self.state, answer["state"]
        self._follow_attack(before, seat, fields.get("card"))
        if self.state["round_over"] and not before["round_over"]:
            # Game.finishRound deals everyone in again at once; the protocol's 'out' holds
            # them until the next hand (PROTOCOL.md 4), so the adapter remembers who sat out
            self.sat_out = [s for s in range(4) if not before["active"][s]]
        if self.state["winner"] >= 0 > before["winner"] and "ends_at_1000" not in self.options:
            raise Skip("the peer always ends the game when a total reaches 1,000 "
                       "(Game.finishRound), as option ends_at_1000 does, and this scenario "
                       "has the option off: its players over 1,000 are put out and play goes on")

    def _follow_attack(self, before: dict[str, Any], seat: int, card: str | None) -> None:
        """The protocol's ``origin`` and ``cards`` of a pending attack. The peer's Penalty
        keeps only the last card and thrower, so they are read off the moves that built it."""
        old, new = before["penalty"], self.state["penalty"]
        if new is None:
            self.chain = None
        elif old is None or self.chain is None:
            self.chain = {"origin": seat, "cards": [card] if card else []}
        elif card and new["amount"] > old["amount"]:
            self.chain["cards"].append(card)

    def _play(self, seat: int, do: dict[str, Any]) -> None:
        self._require_turn(seat)
        target = do.get("target")
        victim = -1 if target is None else \
            self._seat(target) if target in self.players else 99
        self._ask(seat, "play", card=do.get("card", ""), color=do.get("color"), victim=victim)

    def _draw(self, seat: int, do: dict[str, Any]) -> None:
        self._require_turn(seat)
        self._ask(seat, "draw")

    def _pass(self, seat: int, do: dict[str, Any]) -> None:
        self._require_turn(seat)
        if self.state["penalty"] is not None:
            raise Reject("under attack the app's Pass takes the attack: that is an accept here")
        self._ask(seat, "pass")

    def _accept(self, seat: int, do: dict[str, Any]) -> None:
        """An attack the peer leaves waiting (its victim holds an answer,
        Game.checkForDefender) is taken with the app's Pass. One its victim cannot answer the
        peer applies as it is played (Game.advanceRound: assessPenalty; a Draw Two or a
        Spreader always, in Game.handleSpecialCards): the adapter declares that attack model
        (``"attacks": "immediate"``), so the harness sends no ``accept`` for it."""
        self._require_turn(seat)
        if self.state["penalty"] is None:
            raise Reject(f"no attack is waiting for {self._name(seat)}")
        self._ask(seat, "pass")

    def _choose(self, seat: int, do: dict[str, Any]) -> None:
        raise Reject("the peer never waits for a choice: a colour or a victim comes with the "
                     "card played")

    # -------------------------------------------------------------- legal moves

    def legal_moves(self) -> list[dict[str, Any]]:
        """What the peer lets the current player do now (PROTOCOL.md 3.7), from its own checks
        (Driver.legal: Game.checkCard on each card in hand, the app's Draw and Pass buttons).
        A wild card is one move per colour; a card whose dialog asks for a victim (Glasnost,
        M.A.D. with more than three playing) one move per victim the dialog offers; Pass under
        attack takes the attack, so it is an ``accept``. Nobody else may act: the peer has no
        out-of-turn play."""
        offer = self.peer.ask(cmd="legal")
        if self.state["round_over"]:
            return []
        who = self._name(self.state["turn"])
        victims = [self._name(v) for v in offer["victims"]]
        moves: list[dict[str, Any]] = []
        for card in offer["cards"]:
            base = {"player": who, "act": "play", "card": card}
            if card.startswith("wild"):
                moves += [{**base, "color": c} for c in COLOURS]
            elif card == "red glasnost" or card == "yellow mad" and offer["mad_asks"]:
                moves += [{**base, "target": v} for v in victims]
            else:
                moves.append(base)
        if offer["draw"]:
            moves.append({"player": who, "act": "draw"})
        if offer["pass"]:
            moves.append({"player": who, "act": "accept" if offer["attacked"] else "pass"})
        return moves

    # -------------------------------------------------------------- observation

    def observe(self) -> dict[str, Any]:
        st, players = self.state, self.players
        seat = {p: self._seat(p) for p in players}
        over = st["round_over"]
        pen = st["penalty"]
        phase = "over" if over else "respond" if pen else "drawn" if st["drawn"] else "turn"
        pending = None
        if pen and not over:
            chain = self.chain or {"origin": pen["generator"], "cards": [pen["card"]]}
            pending = {"amount": pen["amount"] if pen["type"] == "card" else 0,
                       "target": self._name(pen["victim"]), "origin": self._name(chain["origin"]),
                       "cards": chain["cards"], "kind": KINDS[pen["type"]]}
        turn = players[0] if over and self.names[st["turn"]] is None else self._name(st["turn"])
        return {
            "players": players,
            "eliminated": [],  # the peer puts nobody out of the game: it ends (finishRound)
            "phase": phase,
            "turn": turn,  # once over any name will do
            "direction": st["direction"],
            "color": st["color"],
            "top": st["top"],
            "hands": {p: st["hands"][seat[p]] for p in players},
            "field": {p: [] for p in players},
            "pile_count": len(st["pile"]),
            "discard_count": len(st["discard"]),
            "pending": pending,
            "uno_pending": [],
            "scores": {p: st["scores"][seat[p]] for p in players},
            "round_winner": self._name(st["round_winner"]) if over else None,
            "winner": self._name(st["winner"]) if st["winner"] >= 0 else None,
            "out": [p for p in players  # sitting the hand out (as it ended, once over)
                    if (seat[p] in self.sat_out if over and self.sat_out is not None
                        else not st["active"][seat[p]])],
            "loser": None,
            "ruleset": RULESET,
            "queue": [],
            "neutral": [],
            "pile": st["pile"],
            "discard": st["discard"],
            "zones": {},
        }


def _values(value: Any) -> list[Any]:
    return list(value.values()) if isinstance(value, dict) else list(value)


# ---------------------------------------------------------------- the protocol


def hello() -> dict[str, Any]:
    return {
        "protocol": PROTOCOL,
        "implementation": {
            "name": "jpriebe-hotdeath-adapter", "version": PEER_VERSION, "language": "java",
            "homepage": "https://github.com/jpriebe/hotdeath",
            "notes": "John Priebe's Hot Death for Android, engine classes "
                     f"({', '.join(ENGINE)}) driven headless through "
                     "conformance/adapters/jpriebe_hotdeath.py",
        },
        "rulesets": {RULESET: {"options": OPTIONS, "features": FEATURES,
                               "automatic": AUTOMATIC}},
        "features": FEATURES,
        # The peer's Game has four seats (SOUTH, WEST, NORTH, EAST; fewer players leave some
        # sitting out, see Table); it applies an attack its victim cannot answer as it is
        # played, and knows only whether a move is allowed (PROTOCOL.md 3.1).
        "players": [2, 3, 4],
        "attacks": "immediate",
        "codes": False,
    }


class Server:
    """One process's conversation: the Java driver, the current table, each answer."""

    def __init__(self) -> None:
        self.peer: Peer | None = None
        self.table: Table | None = None

    def answer(self, req: dict[str, Any]) -> dict[str, Any]:
        try:
            return self._dispatch(req)
        except Skip as skip:
            return {"outcome": "skipped", "reason": str(skip)}
        except Exception as exc:  # never crash: the harness reports it as an error
            return {"outcome": "errored", "message": f"{type(exc).__name__}: {exc}"}

    def _dispatch(self, req: dict[str, Any]) -> dict[str, Any]:
        cmd = req.get("cmd")
        if cmd == "hello":
            return hello()
        if cmd == "load":
            self.table = None
            if req.get("ruleset") != RULESET or set(req.get("options", [])) - set(OPTIONS):
                raise Skip(f"the peer plays {RULESET} with options {OPTIONS} at most")
            if self.peer is None or self.peer.proc.poll() is not None:
                self.peer = Peer()  # (again, if the Java driver died in the last scenario)
            self.table = Table(self.peer, req["table"], req.get("options", []))
            return {"outcome": "loaded", "observation": self.table.observe()}
        if cmd == "step":
            return self._step(req["step"])
        if cmd == "legal":
            if self.table is None:
                raise RuntimeError("legal before a table was loaded")
            return {"outcome": "listed", "moves": self.table.legal_moves()}
        raise ValueError(req.get("error") or f"unknown command {cmd!r}")

    def _step(self, step: dict[str, Any]) -> dict[str, Any]:
        if self.table is None:
            raise RuntimeError("step before a table was loaded")
        try:
            self.table.apply(step)
        except Reject as rej:
            return {"outcome": "rejected", "message": str(rej),
                    "observation": self.table.observe()}
        return {"outcome": "accepted", "observation": self.table.observe()}

    def start(self) -> bool:
        """Build and start the Java side at the hello, whose time limit allows for javac."""
        try:
            self.peer = self.peer or Peer()
        except Exception as exc:  # a hello cannot be refused: exit, and say why on stderr
            print(f"jpriebe_hotdeath: cannot start the peer: {exc}", file=sys.stderr)
            return False
        return True

    def close(self) -> None:
        if self.peer is not None:
            self.peer.close()


def main() -> int:
    if sys.argv[1:2] == ["--build"]:  # compile only, print the class directory
        print(build())
        return 0
    server = Server()
    try:
        for line in sys.stdin:
            if not line.strip():
                continue
            try:
                req = json.loads(line)
            except json.JSONDecodeError as err:
                req = {"cmd": None, "error": f"not JSON: {err}"}
            if not isinstance(req, dict):
                req = {"cmd": None, "error": "a request must be a JSON object"}
            if req.get("cmd") == "stop":
                break
            if req.get("cmd") == "hello" and not server.start():
                return 1
            answer = server.answer(req)
            if isinstance(req.get("seq"), int):
                answer = {"seq": req["seq"], **answer}  # the schema requires the echo
            sys.stdout.write(json.dumps(answer) + "\n")
            sys.stdout.flush()
    finally:
        server.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
