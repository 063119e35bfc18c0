"""The reference implementation speaking the conformance protocol (conformance/PROTOCOL.md).

``hotdeath serve`` reads one JSON request per line on stdin and writes one JSON
response per line on stdout, exactly as any other implementation must. Bad
input of any kind becomes an ``errored`` answer; the server never dies of it.
"""

from __future__ import annotations

import json
from typing import IO

from .adapter import ReferenceImplementation, SetupError, Unsupported
from .model import Ruleset


class Server:
    """One protocol session: requests in, responses out, as dictionaries."""

    def __init__(self, rulesets: dict[str, Ruleset] | None = None):
        self.impl = ReferenceImplementation(rulesets)
        self.loaded = False

    def handle(self, request: object) -> dict | None:
        """The response to one request; None for ``stop``, which has none."""
        if not isinstance(request, dict):
            return {"seq": None, **_errored("a request must be a JSON object")}
        cmd = request.get("cmd")
        if cmd == "stop":
            return None
        handler = {"hello": self._hello, "load": self._load, "step": self._step}.get(
            cmd if isinstance(cmd, str) else "")
        if handler is None:
            response = _errored(f"unknown command {cmd!r}")
        else:
            try:
                response = handler(request)
            except Exception as err:  # noqa: BLE001 - a malformed request must not kill us
                response = _errored(f"malformed {cmd} request: {type(err).__name__}: {err}")
        return {"seq": request.get("seq"), **response}

    def _hello(self, request: dict) -> dict:
        return self.impl.hello()

    def _load(self, request: dict) -> dict:
        self.loaded = False
        try:
            observation = self.impl.load(request)
        except Unsupported as err:
            return {"outcome": "skipped", "reason": str(err)}
        except SetupError as err:
            return _errored(f"cannot lay out the table: {err}")
        self.loaded = True
        return {"outcome": "loaded", "observation": observation}

    def _step(self, request: dict) -> dict:
        if not self.loaded:
            return _errored("no table is loaded")
        answer = self.impl.step(request["step"])
        if answer.get("outcome") == "rejected" and not answer.get("rule"):
            answer.pop("rule", None)
        return answer


def _errored(message: str) -> dict:
    return {"outcome": "errored", "message": message}


def serve(stdin: IO[str], stdout: IO[str], rulesets: dict[str, Ruleset] | None = None) -> None:
    """Answer requests until ``stop`` or end of input."""
    server = Server(rulesets)
    for line in stdin:
        if not line.strip():
            continue
        try:
            request = json.loads(line)
        except json.JSONDecodeError as err:
            response: dict | None = {"seq": None, **_errored(f"not JSON: {err}")}
        else:
            response = server.handle(request)
        if response is None:
            return
        stdout.write(json.dumps(response, separators=(",", ":")) + "\n")
        stdout.flush()


class InProcessClient:
    """The reference server without a pipe, for speed; messages still round-trip through JSON.

    tests/test_protocol.py proves it gives the same results as ``hotdeath serve``
    on the whole corpus, which is the condition for using it.
    """

    def __init__(self, rulesets: dict[str, Ruleset] | None = None):
        self.server = Server(rulesets)

    def request(self, message: dict, timeout: float) -> object:
        response = self.server.handle(json.loads(json.dumps(message)))
        return json.loads(json.dumps(response))

    def close(self) -> None:
        pass
