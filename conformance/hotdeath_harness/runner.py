"""Driving one implementation through one scenario, step by step, to the first divergence."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Protocol

from .judge import check_facts


class Implementation(Protocol):
    def load(self, scenario: dict) -> dict: ...

    def step(self, step: dict) -> dict: ...


@dataclass
class Result:
    ident: str
    status: str  # pass | fail | error | skip
    message: str = ""
    step: int | None = None
    details: list[str] = field(default_factory=list)


def for_implementation(scenario: dict) -> dict:
    """The scenario as an implementation receives it: expectations removed."""
    out = copy.deepcopy(scenario)
    for step in out["steps"]:
        step.pop("expect", None)
        step.pop("reject", None)
    return out


_VERBS = {"draw": "draws", "pass": "passes", "accept": "accepts", "challenge": "challenges",
          "uno": "calls uno"}


def describe(step: dict) -> str:
    """A step as it would be written in a scenario file."""
    if "chance" in step:
        return "shuffle " + ", ".join(step["chance"].get("shuffle", []))
    do = step.get("do")
    if not do:
        return "(observe)"
    who, act = do.get("player", "?"), do.get("act", "?")
    if act in ("play", "jump_in"):
        text = f"{who} {'plays' if act == 'play' else 'jumps in with'} {do.get('card')}"
        if do.get("color"):
            text += f" choosing {do['color']}"
        if do.get("target"):
            text += f" at {do['target']}"
        return text
    if act == "catch":
        return f"{who} catches {do.get('target')}"
    if act == "choose":
        return f"{who} chooses {do.get('color')}"
    return f"{who} {_VERBS.get(act, act)}"


def run_scenario(impl: Implementation, scenario: dict) -> Result:
    ident = scenario["id"]
    sent = for_implementation(scenario)
    try:
        before = impl.load(sent)
    except Exception as err:  # an implementation's failure to load is reported, never raised
        return Result(ident, "error", f"could not load the table: {err}")
    for i, (step, bare) in enumerate(zip(scenario["steps"], sent["steps"], strict=True)):
        answer = impl.step(bare)
        verdict = judge_step(step, answer, before)
        if verdict is not None:
            status, message, details = verdict
            return Result(ident, status, f"step {i + 1} ({describe(step)}): {message}", i,
                          details)
        before = answer.get("observation", before)
    return Result(ident, "pass")


def judge_step(step: dict, answer: dict, before: dict) -> tuple[str, str, list[str]] | None:
    outcome = answer.get("outcome")
    obs = answer.get("observation")
    if outcome == "errored":
        return "error", "the implementation could not run this step", [answer.get("message", "")]
    if outcome not in ("accepted", "rejected") or not isinstance(obs, dict):
        return "error", "malformed answer", [repr(answer)[:300]]
    want_reject = step.get("reject")
    if want_reject:
        if outcome != "rejected":
            return "fail", f"expected rejection '{want_reject}', but the step was accepted", []
        if answer.get("code") != want_reject:
            return "fail", (f"expected rejection '{want_reject}', got '{answer.get('code')}'"), \
                [answer.get("message", "")]
        if obs != before:
            return "fail", "the step was rejected but the table changed", []
    elif outcome == "rejected":
        return "fail", f"the step was rejected ({answer.get('code')})", \
            [answer.get("message", "")]
    problems = check_facts(step.get("expect", []), obs)
    if problems:
        return "fail", "observation differs from expectation", problems
    return None
