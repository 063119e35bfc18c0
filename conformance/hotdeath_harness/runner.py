"""Driving one implementation through one scenario, step by step, to the first divergence."""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from hotdeath.scenario import step_line

from . import protocol
from .judge import check_facts
from .session import Session
from .transport import Failure

STATUSES = ("pass", "fail", "error", "skip", "xfail", "xpass")


@dataclass
class Result:
    ident: str
    status: str  # one of STATUSES
    message: str = ""
    step: int | None = None  # 1-based, as in the scenario file and the text report
    details: list[str] = field(default_factory=list)
    seconds: float = 0.0
    broken: bool = False  # the implementation misbehaved; its process must be replaced
    reason: str = ""  # why a failure was expected (xfail / xpass)


describe = step_line
"""A step as it would be written in a scenario file (the scenario writer's own words)."""


def run_scenario(session: Session, scenario: dict, timeout: float = 10.0) -> Result:
    """Play the scenario; the result names the first step where the implementation diverged."""
    started = time.monotonic()
    result = _play(session, scenario, started + timeout)
    result.seconds = round(time.monotonic() - started, 4)
    return result


def _play(session: Session, scenario: dict, deadline: float) -> Result:
    ident = scenario["id"]
    where, number = "loading the table", None
    try:
        answer = session.ask(protocol.load(scenario), "load_response", deadline)
        if answer["outcome"] != "loaded":
            return _unfinished(ident, answer, where, None)
        before = answer["observation"]
        for i, step in enumerate(scenario["steps"]):
            where, number = f"step {i + 1} ({describe(step)})", i + 1
            answer = session.ask(protocol.step(i, step), "step_response", deadline)
            if answer["outcome"] in ("skipped", "errored"):
                return _unfinished(ident, answer, where, number)
            verdict = judge_step(step, answer, before)
            if verdict is not None:
                status, message, details = verdict
                return Result(ident, status, f"{where}: {message}", number, details)
            before = answer["observation"]
        session.expect_silence()
    except Failure as err:
        details = list(err.details)
        if err.stderr:
            details += ["stderr:"] + ["  " + line for line in err.stderr.splitlines()[-8:]]
        return Result(ident, "error", f"{where}: {err.kind}: {err.message}", number, details,
                      broken=True)
    return Result(ident, "pass")


def _unfinished(ident: str, answer: dict, where: str, step: int | None) -> Result:
    if answer["outcome"] == "skipped":
        return Result(ident, "skip", f"{where}: {answer['reason']}", step)
    return Result(ident, "error", f"{where}: the implementation errored", step,
                  [answer["message"]])


def judge_step(step: dict, answer: dict, before: dict) -> tuple[str, str, list[str]] | None:
    """None when the answer agrees with the step's expectations, else (status, message, details)."""
    outcome, obs = answer["outcome"], answer["observation"]
    want_reject = step.get("reject")
    if want_reject:
        if outcome != "rejected":
            return "fail", f"expected rejection '{want_reject}', but the step was accepted", []
        if answer["code"] != want_reject:
            return "fail", f"expected rejection '{want_reject}', got '{answer['code']}'", \
                [m for m in (answer.get("message"), answer.get("rule")) if m]
        changed = table_changes(before, obs)
        if changed:
            return "fail", "the step was rejected but the table changed", changed
    elif outcome == "rejected":
        return "fail", f"the step was rejected ({answer['code']})", \
            [m for m in (answer.get("message"), answer.get("rule")) if m]
    problems = check_facts(step.get("expect", []), obs)
    if problems:
        return "fail", "observation differs from expectation", problems
    return None


def table_changes(before: dict, after: dict) -> list[str]:
    """What differs between two observations, as the protocol defines them.

    Only the canonical fields count (an implementation may add its own), and
    hands and fields are compared as multisets: their order is not part of the
    table (PROTOCOL.md section 4).
    """
    out = []
    for key in (*protocol.OBSERVATION_FIELDS, *protocol.OBSERVATION_FIELDS_1_1,
                *protocol.OBSERVATION_FIELDS_1_2, *protocol.OBSERVATION_FIELDS_1_3):
        if key not in before and key not in after:
            continue
        was, now = before.get(key), after.get(key)
        if key in ("hands", "field", "revealed") and isinstance(was, dict) \
                and isinstance(now, dict):
            was, now = _as_multisets(was), _as_multisets(now)
        if was != now:
            out.append(f"{key}: {before.get(key)!r} -> {after.get(key)!r}")
    return out


def _as_multisets(zones: dict) -> dict:
    return {who: sorted(map(str, cards)) if isinstance(cards, list) else cards
            for who, cards in zones.items()}
