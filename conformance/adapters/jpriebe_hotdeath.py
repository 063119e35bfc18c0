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
``Game.checkCard``'s answer, and what it does is the peer's own code. Where the peer's model
differs from the suite's (it applies most attacks as soon as they are played, it has no Uno
call), the observation shows what the peer really did, so the harness reports the
difference. See conformance/adapters/README.md.
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

PROTOCOL = "1.1"
RULESET = "hot-death-1989"
FEATURES = ["setup", "shuffle", "scores", "zones", "elimination"]
# The peer is a later version of the game: it ends at 1,000 points (Game.finishRound) and has
# no Vacuum (CardDeck.reset). Both are options of the ruleset, so it declares them.
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
# The driver's refusals (Driver.java: play/draw/pass) as protocol codes.
REFUSALS = {
    "not_current": "not_your_turn",
    "card_not_in_hand": "card_not_in_hand",
    "checkCard_under_attack": "cannot_answer",
    "checkCard": "does_not_match",
    "checkCard_shitter": "not_playable",
    "missing_color": "missing_choice",
    "bad_color": "bad_choice",
    "missing_victim": "missing_choice",
    "bad_victim": "bad_choice",
    "under_attack": "must_answer_attack",
    "already_drawn": "nothing_drawn",
    "not_drawn": "nothing_drawn",
}
WHY = {
    "does_not_match": "Game.checkCard does not allow {card} on {top}",
    "cannot_answer": "Game.checkCard does not allow {card} against this attack",
    "not_playable": "Game.checkCard takes the Shitter only as the last card in hand, or on the "
                    "Holy Defender or the Magic Red 5",
    "must_answer_attack": "the app disables Draw under attack (GameActivity.showMenuButtons)",
    "nothing_drawn": "the app enables Draw only before drawing and Pass only after it, or "
                     "under attack (GameActivity.showMenuButtons)",
}
KINDS = {"card": "draw", "eject": "quit", "faceup": "exposed"}  # Penalty.PENTYPE_*


class Skip(Exception):
    """The scenario asks for something the peer cannot express; answered ``skipped``."""


class Reject(Exception):
    """The peer does not allow the move; answered ``rejected`` with a protocol code."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code
        self.message = message


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

    def __init__(self, peer: Peer, table: dict[str, Any]):
        self.peer = peer
        self.players: list[str] = list(table["players"])
        self.names: list[str | None] = []  # the player in each of the peer's seats
        self.state: dict[str, Any] = {}
        self.owed: list[int] = []  # victims of attacks the peer applied at once (see _accept)
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
            raise Reject("unknown_action", f"the peer has no act '{act}'")
        if act == "accept" and who in self.players and self._seat(who) in self.owed:
            self.owed.remove(self._seat(who))  # see _accept
            return
        if self.state["round_over"]:
            raise Reject("game_over", "the hand is over (Game.finishRound)")
        if who not in self.players or not self.state["active"][self._seat(who)]:
            raise Reject("no_such_player", f"{who} is not playing this hand")
        moves[act](self._seat(who), do)

    def _require_turn(self, seat: int) -> None:
        if seat != self.state["turn"]:
            raise Reject("not_your_turn", f"it is {self._name(self.state['turn'])}'s turn "
                                          "(Game.getCurrPlayer)")

    def _ask(self, seat: int, cmd: str, **fields: Any) -> None:
        """A decision through the driver; on success, note what the peer did to whom."""
        answer = self.peer.ask(cmd=cmd, seat=seat, **fields)
        refused = answer.get("refused")
        if refused:
            code = REFUSALS[refused]
            why = WHY.get(code, refused).format(top=self.state["top"], **fields)
            raise Reject(code, f"{why} (peer: {refused})")
        before, self.state = self.state, answer["state"]
        self.owed = [s for s in self._hits() if s != seat]
        self._follow_attack(before, seat, fields.get("card"))

    def _hits(self) -> list[int]:
        """Seats the peer made draw, sent out or exposed in the last step, from its messages
        (Game.forceDraw, Game.assessPenalty; texts in jpriebe/.../R.java)."""
        hits = []
        for line in self.state["log"]:
            word, _, rest = line.partition(" ")
            if word in ("forced", "ejected", "exposed") and rest.startswith("seat"):
                seat = int(rest[4]) - 1
                if seat not in hits:
                    hits.append(seat)
        return hits

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
            raise Reject("must_answer_attack", "under attack the app's Pass takes the attack: "
                                               "that is an accept here")
        self._ask(seat, "pass")

    def _accept(self, seat: int, do: dict[str, Any]) -> None:
        """Translation: the peer applies an attack at once when its victim holds nothing to
        answer it with (Game.advanceRound: checkForDefender, then assessPenalty; a Draw Two or
        a Spreader always, in Game.handleSpecialCards). The suite's victim then answers with
        ``accept``, taken as a no-op (in _move, before the checks for a hand that is over
        or a victim sent out), so the rest of the scenario can still be compared with what
        the peer did. An attack the peer does leave waiting is taken with the app's Pass.
        """
        self._require_turn(seat)
        if self.state["penalty"] is None:
            raise Reject("no_attack", f"no attack is waiting for {self._name(seat)}")
        self._ask(seat, "pass")

    def _choose(self, seat: int, do: dict[str, Any]) -> None:
        raise Reject("no_pending_choice", "the peer never waits for a choice: a colour or a "
                                          "victim comes with the card played")

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
            "out": [p for p in players if not st["active"][seat[p]]],  # sitting the hand out
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
        "rulesets": {RULESET: {"options": OPTIONS, "features": FEATURES}},
        "features": FEATURES,
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
            self.table = Table(self.peer, req["table"])
            return {"outcome": "loaded", "observation": self.table.observe()}
        if cmd == "step":
            return self._step(req["step"])
        raise ValueError(req.get("error") or f"unknown command {cmd!r}")

    def _step(self, step: dict[str, Any]) -> dict[str, Any]:
        if self.table is None:
            raise RuntimeError("step before a table was loaded")
        try:
            self.table.apply(step)
        except Reject as rej:
            return {"outcome": "rejected", "code": rej.code, "message": rej.message,
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
