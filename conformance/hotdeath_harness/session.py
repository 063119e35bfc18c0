"""A handshaken conversation with one implementation, where every answer is schema-checked."""

from __future__ import annotations

import time

from . import protocol
from .traits import expand, traits_for
from .transport import Client, Failure


class Session:
    """One implementation process (or in-process server) after a valid ``hello``."""

    def __init__(self, client: Client, hello: dict):
        self.client = client
        self.hello = hello
        self.seq = 0
        self.features: set[str] = set(expand(hello.get("features", [])))
        self.codes = True  # rejections carry a code (2.0: unless the hello says "codes": false)

    def _loading(self, message: dict) -> None:
        """The features declared for the ruleset being loaded decide which fields are owed."""
        traits = traits_for(self.hello, str(message.get("ruleset")))
        self.features, self.codes = set(traits.features), traits.codes

    @classmethod
    def open(cls, client: Client, timeout: float) -> Session:
        """Shake hands; a bad or incompatible answer is a ``Failure`` of kind ``start``."""
        try:
            answer = client.request({"cmd": "hello", "seq": 0, **protocol.hello()}, timeout)
            problems = _out_of_turn(answer, 0) or protocol.violations("hello_response", answer)
        except Failure as err:
            client.close()
            raise Failure("start", f"handshake failed: {err.kind}: {err.message}",
                          err.stderr, err.details) from None
        if problems:
            client.close()
            raise Failure("start", "the hello answer does not follow the protocol",
                          details=problems)
        assert isinstance(answer, dict)
        if not protocol.compatible(answer["protocol"]):
            client.close()
            raise Failure("start", f"speaks protocol {answer['protocol']}, the harness "
                          f"speaks {protocol.PROTOCOL_VERSION}")
        return cls(client, answer)

    def ask(self, message: dict, kind: str, deadline: float) -> dict:
        """Send a request and return the answer, if it is a valid ``kind`` before the deadline."""
        self.seq += 1
        if message["cmd"] == "load":
            self._loading(message)
        stamped = {"cmd": message["cmd"], "seq": self.seq, **message}
        answer = self.client.request(stamped, deadline - time.monotonic())
        problems = _out_of_turn(answer, self.seq) or protocol.violations(kind, answer)
        if not problems and isinstance(answer, dict) and "observation" in answer:
            problems = protocol.incoherent(answer["observation"], self.features)
        if not problems and self.codes and isinstance(answer, dict) \
                and answer.get("outcome") == "rejected" and "code" not in answer:
            problems = ["code: a rejection needs a code from the closed list (PROTOCOL.md 3.4) "
                        "unless the hello declares \"codes\": false"]
        if problems:
            raise Failure("violation", f"the {message['cmd']} answer does not follow the "
                          "protocol", details=problems + [f"answer: {_short(answer)}"])
        assert isinstance(answer, dict)
        return answer

    def expect_silence(self) -> None:
        """After a scenario's last answer: a line already waiting answers nothing."""
        pending = getattr(self.client, "unsolicited", None)
        if pending is not None:
            pending()

    def close(self) -> None:
        self.client.close()

    def kill(self) -> None:
        kill = getattr(self.client, "kill", None)
        (kill or self.client.close)()

    def abort(self) -> None:
        """Kill the process from another thread (see ``ProcessClient.abort``)."""
        abort = getattr(self.client, "abort", None)
        if abort is not None:
            abort()


def _out_of_turn(answer: object, seq: int) -> list[str]:
    """A mismatched seq: the line answers another request (a duplicate or stray answer)."""
    if isinstance(answer, dict) and "seq" in answer and answer["seq"] != seq:
        return [f"seq: answered request {answer['seq']!r} while request {seq} was waiting"]
    return []


def _short(value: object, limit: int = 300) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "..."
