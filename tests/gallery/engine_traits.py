"""The reference dressed as a real engine of another make, for proving protocol 2.0's traits.

    python tests/gallery/engine_traits.py TRAIT [TRAIT...]

Each trait changes the bookkeeping, never the rules, as real engines do (RLCard, the Java
Hot Death): ``immediate`` resolves at once an attack its victim can only accept (and
declares ``"attacks": "immediate"``); ``no-codes`` refuses without a code (``"codes":
false``); ``auto-uno`` calls Uno for its players (``"automatic": ["uno"]``); ``no-legal``
does not list moves (no ``legal_moves``). Two are faults, for the differential mode and
the listing checks: ``hides-draw`` leaves drawing out of its list of legal moves;
``phantom-move`` lists a move nobody may make.
"""

from __future__ import annotations

import json
import sys

from hotdeath.serve import Server

TRAITS = ("immediate", "no-codes", "auto-uno", "no-legal", "hides-draw", "phantom-move")


class Engine:
    def __init__(self, traits: set[str]):
        self.traits = traits
        self.inner = Server()
        self.seq = 10 ** 6  # the inner server's own requests, never shown

    def _inner(self, cmd: str, **fields) -> dict:
        self.seq += 1
        answer = self.inner.handle({"cmd": cmd, "seq": self.seq, **fields})
        assert answer is not None
        return answer

    def handle(self, request: dict) -> dict | None:
        answer = self.inner.handle(request)
        if answer is None:
            return None
        cmd = request.get("cmd")
        if cmd == "hello":
            return self._hello(answer)
        if cmd == "legal":
            return self._legal(answer)
        if cmd == "step" and answer.get("outcome") == "accepted":
            answer["observation"] = self._settle(answer["observation"])
        if answer.get("outcome") == "rejected" and "no-codes" in self.traits:
            answer.pop("code", None)
        return answer

    def _hello(self, answer: dict) -> dict:
        answer["implementation"] = {"name": "engine-traits", "version": "1",
                                    "notes": " ".join(sorted(self.traits))}
        for entry in answer["rulesets"].values():
            features = [f for f in entry["features"]
                        if not ("no-legal" in self.traits and f == "legal_moves")]
            entry["features"] = features
        if "immediate" in self.traits:
            answer["attacks"] = "immediate"
        if "no-codes" in self.traits:
            answer["codes"] = False
        if "auto-uno" in self.traits:
            answer["automatic"] = ["uno"]
        if "no-legal" in self.traits:
            answer["features"] = [f for f in answer["features"] if f != "legal_moves"]
        return answer

    def _legal(self, answer: dict) -> dict:
        moves = answer.get("moves", [])
        if "hides-draw" in self.traits:
            moves = [m for m in moves if m["act"] != "draw"]
        if "phantom-move" in self.traits and moves:
            moves = [*moves, {"player": moves[0]["player"], "act": "pass"}]
        answer["moves"] = moves
        return answer

    def _settle(self, observation: dict) -> dict:
        """What this engine does by itself after a move: take an attack nobody can answer,
        call Uno for whoever may."""
        for _ in range(64):
            moves = self._inner("legal").get("moves", [])
            act = self._own_act(observation, moves)
            if act is None:
                return observation
            answer = self._inner("step", index=0, step={"do": act})
            if answer.get("outcome") != "accepted":
                return observation
            observation = answer["observation"]
        return observation

    def _own_act(self, observation: dict, moves: list[dict]) -> dict | None:
        if "auto-uno" in self.traits:  # whoever may call Uno now does
            call = next((m for m in moves if m["act"] == "uno"), None)
            if call is not None:
                return call
        pending = observation.get("pending")
        if "immediate" in self.traits and isinstance(pending, dict):
            victim = pending["target"]
            theirs = [m for m in moves if m["player"] == victim and m["act"] != "uno"]
            if theirs == [{"player": victim, "act": "accept"}]:
                return theirs[0]
        return None


def main() -> None:
    traits = set(sys.argv[1:])
    assert traits <= set(TRAITS), traits
    engine = Engine(traits)
    for line in sys.stdin:
        answer = engine.handle(json.loads(line))
        if answer is None:
            return
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
