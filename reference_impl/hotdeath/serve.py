"""The reference implementation speaking the conformance protocol (conformance/PROTOCOL.md).

``hotdeath serve`` reads one JSON request per line on stdin and writes one JSON
response per line on stdout, exactly as any other implementation must. Bad
input of any kind becomes an ``errored`` answer; the server never dies of it.
That includes lines that are not UTF-8, JSON nested too deeply for the parser,
integers longer than Python converts (4,300 digits), ``NaN``/``Infinity``,
which Python's json accepts but JSON does not, and numbers too large for a float
(``1e999``, which Python reads as infinity): they are refused on the way in, and
nothing but strict JSON is ever written out. An ``errored`` answer echoes the
request's seq whenever the line holds a valid one, so the harness can still tell
which request it answers.
"""

from __future__ import annotations

import json
import math
import sys
from typing import IO

from . import limits
from .adapter import ReferenceImplementation, SetupError, Unsupported
from .model import Ruleset


class Server:
    """One protocol session: requests in, responses out, as dictionaries."""

    def __init__(self, rulesets: dict[str, Ruleset] | None = None, *, express: bool = False):
        self.impl = ReferenceImplementation(rulesets, express=express)
        self.loaded = False

    def handle(self, request: object) -> dict | None:
        """The response to one request; None for ``stop``, which has none."""
        if not isinstance(request, dict):
            return {"seq": None, **_errored("a request must be a JSON object")}
        cmd = request.get("cmd")
        if cmd == "stop":
            return None
        handler = {"hello": self._hello, "load": self._load, "step": self._step,
                   "legal": self._legal, "check": self._check}.get(
            cmd if isinstance(cmd, str) else "")
        if handler is None:
            response = _errored(f"unknown command {cmd!r}")
        else:
            try:
                response = handler(request)
            except Exception as err:  # noqa: BLE001 - a malformed request must not kill us
                response = _errored(f"malformed {cmd} request: {type(err).__name__}: {err}")
        return {"seq": _seq(request), **response}

    def _hello(self, request: dict) -> dict:
        return self.impl.hello()

    def _load(self, request: dict) -> dict:
        self.loaded = False
        if (too_large := limits.table_problem(request.get("table"))) is not None:
            return _errored(f"table too large: {too_large}")
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


    def _legal(self, request: dict) -> dict:
        """Protocol 2.0: every legal move of every seat (feature ``legal_moves``)."""
        if not self.loaded:
            return _errored("no table is loaded")
        return {"outcome": "listed", "moves": self.impl.legal()}


    def _check(self, request: dict) -> dict:
        """Protocol 2.0 (optional): is this move allowed now? Nothing is changed."""
        if not self.loaded:
            return _errored("no table is loaded")
        do = request.get("step", {}).get("do")
        if not isinstance(do, dict):
            return _errored("a check request carries a step with a 'do' object")
        return self.impl.check(do)


def _errored(message: str) -> dict:
    return {"outcome": "errored", "message": message}


def _seq(request: dict) -> int | None:
    """The request's seq to echo; only an integer is one (anything else could be unwritable)."""
    seq = request.get("seq")
    return seq if isinstance(seq, int) and not isinstance(seq, bool) else None


class _NotJson(ValueError):
    """``NaN``, ``Infinity`` or ``-Infinity`` (Python's extensions, not JSON), or a number
    too large for a float."""


class _Refused:
    """A line parse_request refused, keeping the request's seq when it had a valid one."""

    def __init__(self, seq: int | None):
        self.seq = seq


def _refuse_constant(name: str) -> object:
    raise _NotJson(f"{name} is not JSON")


def _finite(text: str) -> float:
    """A JSON number with a fraction or exponent; one no float can hold is refused."""
    value = float(text)
    if not math.isfinite(value):
        raise _NotJson(f"the number {text[:40]} is too large for a float")
    return value


def _seq_of(text: str) -> int | None:
    """The seq of a line refused for one of its numbers: read again with numbers as text."""
    try:
        request = json.loads(text, parse_float=str, parse_constant=str)
    except (ValueError, RecursionError):
        return None
    return _seq(request) if isinstance(request, dict) else None


def parse_request(raw: bytes | str) -> tuple[object, str | None]:
    """The decoded request, or None and why the line is not one (for an ``errored`` answer)."""
    try:
        text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
    except UnicodeDecodeError as err:
        return None, f"not UTF-8: byte {err.object[err.start]:#04x} at offset {err.start}"
    try:
        return json.loads(text, parse_constant=_refuse_constant, parse_float=_finite), None
    except RecursionError:
        return None, "not accepted: JSON nested too deeply"
    except json.JSONDecodeError as err:
        return None, f"not JSON: {err}"
    except _NotJson as err:
        return _Refused(_seq_of(text)), f"not accepted: {err}"
    except ValueError:  # the only other: an integer past the conversion limit
        return None, (f"not accepted: an integer of more than {sys.get_int_max_str_digits()} "
                      "digits")


def encode(response: dict) -> str:
    """One strict-JSON line; an answer that cannot be one becomes an ``errored`` answer."""
    try:
        return json.dumps(response, separators=(",", ":"), allow_nan=False)
    except (ValueError, TypeError, RecursionError) as err:
        return json.dumps({"seq": _seq(response), **_errored(
            f"cannot write the answer as JSON: {type(err).__name__}")}, separators=(",", ":"))


def serve(stdin: IO[bytes], stdout: IO[str], rulesets: dict[str, Ruleset] | None = None,
          *, express: bool = False) -> None:
    """Answer requests until ``stop`` or end of input (``stdin`` is binary: bytes are checked)."""
    server = Server(rulesets, express=express)
    for line in _lines(stdin):
        if line is None:
            response: dict | None = {"seq": None, **_errored(
                f"not accepted: a line longer than {limits.MAX_LINE} bytes")}
            stdout.write(encode(response) + "\n")
            stdout.flush()
            continue
        if not line.strip():
            continue
        request, problem = parse_request(line)
        if problem is not None:
            seq = request.seq if isinstance(request, _Refused) else None
            response = {"seq": seq, **_errored(problem)}
        else:
            try:
                response = server.handle(request)
            except RecursionError:  # a request deep enough to exhaust the stack when walked
                response = {"seq": None, **_errored("not accepted: JSON nested too deeply")}
        if response is None:
            return
        try:
            stdout.write(encode(response) + "\n")
            stdout.flush()
        except BrokenPipeError:  # nobody is listening any more: nothing left to do
            return


def _lines(stdin: IO[bytes]):
    """The request lines; None for one past ``limits.MAX_LINE`` (skipped, never held whole)."""
    while True:
        line = stdin.readline(limits.MAX_LINE + 1)
        if not line:
            return
        if len(line) > limits.MAX_LINE:
            while line and not line.endswith(b"\n"):  # the rest of it, a piece at a time
                line = stdin.readline(limits.MAX_LINE)
            yield None
            continue
        yield line


class InProcessClient:
    """The reference server without a pipe, for speed; messages still round-trip through JSON.

    tests/test_protocol.py proves it gives the same results as ``hotdeath serve``
    on the whole corpus, which is the condition for using it.
    """

    def __init__(self, rulesets: dict[str, Ruleset] | None = None, *, express: bool = False):
        self.server = Server(rulesets, express=express)

    def request(self, message: dict, timeout: float) -> object:
        response = self.server.handle(json.loads(json.dumps(message)))
        return json.loads(json.dumps(response))

    def close(self) -> None:
        pass
