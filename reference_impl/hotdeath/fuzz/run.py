"""A fuzzed scenario run against the implementation through the ordinary harness.

Why a thin wrapper over ``runner.run_scenario`` and nothing more: whatever the
harness learns to compare (protocol 2.0's legal-move listings, say) a fuzzed
game is compared on too, and a divergence found here is reported in the very
words ``hotdeath conform`` uses for the written example.

The divergence's *signature* is what makes two failures the same fault: the
kind of step (its act, or chance / procedure), and the first differing field
(with player names taken out: ``hands.bob`` and ``hands.carol`` are one
field), or the rejection codes involved, or the kind of breakage (a crash, a
hang, a protocol violation).
"""

from __future__ import annotations

import fnmatch
import re
import shlex
import threading

from hotdeath_harness.corpus import support_gap
from hotdeath_harness.runner import Result, run_scenario
from hotdeath_harness.session import Session
from hotdeath_harness.transport import Failure, ProcessClient


class Lane:
    """One implementation process, restarted whenever a scenario left it broken."""

    def __init__(self, command: str, timeout: float = 10.0):
        self.argv = shlex.split(command)
        self.timeout = timeout
        self.session: Session | None = None

    def open(self) -> Session:
        if self.session is None:
            self.session = Session.open(ProcessClient(self.argv), self.timeout)
        return self.session

    def hello(self) -> dict:
        return self.open().hello

    def run(self, scenario: dict) -> Result:
        """The harness's verdict; a scenario's time grows with its length."""
        try:
            session = self.open()
        except Failure as err:
            return Result(scenario["id"], "error", f"could not start the implementation: "
                          f"{err.kind}: {err.message}", details=err.details, broken=True)
        gap = support_gap(session.hello, scenario)
        if gap is not None:  # as hotdeath conform would: a table it cannot play is a skip
            return Result(scenario["id"], "skip", gap, reason=gap)
        limit = self.timeout + 0.05 * len(scenario["steps"])
        result = run_scenario(session, scenario, limit)
        if result.broken:
            session.kill()
            self.session = None
        return result

    def close(self) -> None:
        if self.session is not None:
            self.session.close()
            self.session = None


_LANES = threading.local()


def lane(command: str, timeout: float) -> Lane:
    """This thread's lane for the command (a process pool or a Dask worker keeps it between
    games, so an implementation starts once per worker, not once per game)."""
    lanes = getattr(_LANES, "lanes", None)
    if lanes is None:
        lanes = _LANES.lanes = {}
    key = (command, timeout)
    if key not in lanes:
        lanes[key] = Lane(command, timeout)
    return lanes[key]


def forget_lanes() -> None:
    """Drop this thread's lanes without closing them (they belong to another process)."""
    _LANES.lanes = {}


def close_lanes(kill: bool = False) -> None:
    """End this thread's implementation processes (``kill``: after an interrupt, when one
    may be in the middle of an answer)."""
    for each in getattr(_LANES, "lanes", {}).values():
        if kill and each.session is not None:
            each.session.kill()
            each.session = None
        each.close()
    _LANES.lanes = {}


def step_kind(scenario: dict, number: int | None) -> str:
    """The kind of the step a result names: its act, or chance/procedure/table."""
    if number is None:
        return "table"
    step = scenario["steps"][number - 1]
    if "do" in step:
        return str(step["do"].get("act"))
    if "chance" in step:
        return "chance:" + next(iter(step["chance"]))
    return "procedure" if "procedure" in step else "observe"


def _card_of(step: dict) -> str:
    """The card a move is about, without its colour: which card is played is what tells one
    fault from another (`` (wild draw4)``, `` (reverse)``)."""
    card = step.get("do", {}).get("card")
    return f" ({_COLOURED.sub('', card)})" if isinstance(card, str) else ""


_COLOURED = re.compile(r"^(red|green|blue|yellow) ")
_COLOUR_WORD = re.compile(r"\b(red|green|blue|yellow) ")
_ERROR = re.compile(r"(?:^|: )(start|timeout|crash|violation|garbage|flood): ")


def signature(scenario: dict, result: Result) -> str | None:
    """The fault a failing result shows, as a short stable text; None for a pass."""
    if result.status in ("pass", "skip"):
        return None
    kind = step_kind(scenario, result.step)
    if result.step is not None:
        kind += _card_of(scenario["steps"][result.step - 1])
    message = result.message.split(": ", 1)[-1] if result.step is not None else result.message
    if result.status == "error":
        found = _ERROR.search(result.message)
        what = found.group(1) if found else ("errored" if "errored" in message else "error")
        return f"{kind}: {what}"
    got = re.search(r"expected rejection '(\w+)', got '(\w+)'", message)
    if got:
        return f"{kind}: rejected with {got.group(2)} instead of {got.group(1)}"
    if "expected rejection" in message:
        want = re.search(r"'(\w+)'", message)
        return f"{kind}: accepted, the reference rejects ({want.group(1) if want else '?'})"
    refused = re.search(r"the step was rejected \(([\w ]+)\)", message)
    if refused:
        code = refused.group(1)
        return f"{kind}: rejected" + ("" if code == "no code" else f" ({code})") + \
            ", the reference accepts"
    if "table changed" in message:
        return f"{kind}: rejected but the table changed"
    first = result.details[0] if result.details else message
    field = field_of(first)
    # a difference of listings is about the moves offered, whatever step came before it
    return field if field.startswith("moves: ") else f"{kind}: {field}"


_LISTING = re.compile(r"moves of \S+: (not offered|offered but not allowed): \S+ ([^;(]*)")


def field_of(problem: str) -> str:
    """The field a judge's line is about, without player names: ``hands.bob: ...`` -> hands;
    for a difference of listings, the first move's act and card (``moves: not offered:
    draws``), so that distinct listing faults stay distinct."""
    listing = _LISTING.match(problem)
    if listing:
        move = listing.group(2).split(" choosing ")[0].split(" targeting ")[0].strip()
        move = _COLOUR_WORD.sub("", move)
        return f"moves: {listing.group(1)}: {move}"
    path = problem.split(":", 1)[0].strip()
    return path.split(".", 1)[0]


def known_reason(sig: str | None, known) -> str | None:
    """Why a fault is already accounted for: the reason of the first ``(pattern, why)`` of
    ``known`` whose glob pattern matches its signature (``plays *`` covers every card)."""
    if sig is None:
        return None
    return next((why for pattern, why in known if fnmatch.fnmatchcase(sig, pattern)), None)


def listing_signature(sig: str | None) -> bool:
    """A fault in the moves offered (not in the table): it can be set aside and the game
    judged on the rest."""
    return sig is not None and sig.startswith("moves: ")
