"""Driving one implementation through one scenario, step by step, to the first divergence."""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from hotdeath.scenario import step_line

from . import protocol
from .corpus import _ACT_FEATURES, _CORE_ACTS
from .judge import canonical_move, check_facts, check_listing, is_listing
from .session import Session
from .traits import Traits, traits_for
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
    unchecked: int = 0  # expectations its declared traits left unjudged (protocol 2.0)


describe = step_line
"""A step as it would be written in a scenario file (the scenario writer's own words)."""


def run_scenario(session: Session, scenario: dict, timeout: float = 10.0,
                 reference: Session | None = None) -> Result:
    """Play the scenario; the result names the first step where the implementation diverged.

    With ``reference`` (the differential mode), every step is also played by the reference
    and the two are compared after each: outcome, observation and, where both list them,
    the legal moves.
    """
    started = time.monotonic()
    result = Play(session, scenario, started + timeout, reference).run()
    result.seconds = round(time.monotonic() - started, 4)
    return result


class Play:
    """One scenario against one implementation (and, in differential mode, the reference)."""

    def __init__(self, session: Session, scenario: dict, deadline: float,
                 reference: Session | None = None):
        self.session, self.scenario, self.deadline = session, scenario, deadline
        self.reference = reference
        self.traits = traits_for(session.hello, scenario["ruleset"])
        self.listing = self.traits.has("legal_moves")
        self.unchecked = 0  # expectations the implementation's traits leave unjudged
        self.sent_early: set[int] = set()  # chance steps sent before the attack they serve
        self.lenient_until = -1  # steps before it answer an attack resolved at once
        self.where, self.number = "loading the table", None

    def run(self) -> Result:
        ident = self.scenario["id"]
        try:
            result = self._steps()
            if result is None:
                self.session.expect_silence()
                result = Result(ident, "pass")
        except Failure as err:
            details = list(err.details)
            if err.stderr:
                details += ["stderr:"] + ["  " + line for line in err.stderr.splitlines()[-8:]]
            who = "the reference: " if err.kind.startswith("reference") else ""
            return Result(ident, "error", f"{self.where}: {who}{err.kind}: {err.message}",
                          self.number, details, broken=True)
        result.unchecked = self.unchecked
        return result

    def _ask(self, message: dict, kind: str) -> dict:
        return self.session.ask(message, kind, self.deadline)

    def _ask_reference(self, message: dict, kind: str) -> dict:
        assert self.reference is not None
        try:
            return self.reference.ask(message, kind, self.deadline)
        except Failure as err:
            raise Failure("reference " + err.kind, err.message, err.stderr, err.details) \
                from None

    def _steps(self) -> Result | None:
        ident, steps = self.scenario["id"], self.scenario["steps"]
        answer = self._ask(protocol.load(self.scenario), "load_response")
        if answer["outcome"] != "loaded":
            return _unfinished(ident, answer, self.where, None)
        before = answer["observation"]
        if self.reference is not None:
            ref = self._ask_reference(protocol.load(self.scenario), "load_response")
            if ref["outcome"] != "loaded":
                return Result(ident, "error", "the reference could not lay out the table",
                              None, [ref.get("message", ref.get("reason", ""))])
            verdict = self._differ(answer, ref)
            if verdict is not None:
                return Result(ident, verdict[0], f"{self.where}: {verdict[1]}", None,
                              verdict[2])
        for i, step in enumerate(steps):
            self.where, self.number = f"step {i + 1} ({describe(step)})", i + 1
            answer, folded = self._answer(step, before)
            if answer["outcome"] in ("skipped", "errored"):
                return _unfinished(ident, answer, self.where, self.number)
            ref_answer = self._reference_step(i, step)
            fold_at = folds_after(self.traits, steps, i, answer["observation"])
            deferred = fold_at is not None or i < self.lenient_until \
                or resolved_at_once(self.traits, step, answer["observation"])
            verdict = self._judge(step, answer, before, folded, deferred)
            if verdict is None and ref_answer is not None and not deferred:
                # a step not sent (an act taken by itself) has no outcome of its own
                verdict = self._differ(answer, ref_answer, outcome=not folded)
            if verdict is not None:
                status, message, details = verdict
                return Result(ident, status, f"{self.where}: {message}", self.number, details)
            if fold_at is not None:
                self.lenient_until = max(self.lenient_until, fold_at)
            before = answer["observation"]
        return None

    def _answer(self, step: dict, before: dict) -> tuple[dict, bool]:
        """The implementation's answer, or (for a step it takes by itself or has already
        resolved: an automatic act, an accept under the immediate model) the table as it is."""
        assert self.number is not None
        index = self.number - 1
        if folded_step(self.traits, step, before) or index in self.sent_early \
                or self._moment_gone(step, before, index):
            return {"outcome": "accepted", "observation": before}, True
        for j in chance_before_accept(self.traits, self.scenario["steps"], index):
            # an engine that resolves the attack at once needs its shuffle now, not after
            self._ask(protocol.step(j, self.scenario["steps"][j]), "step_response")
            self.sent_early.add(j)
        return self._ask(protocol.step(index, step), "step_response"), False

    def _moment_gone(self, step: dict, before: dict, index: int) -> bool:
        """A refusal written for the moment an attack waits at its victim, which this
        implementation (attack model 'immediate') never has: it is not sent, since in its
        game the move may be legal (the next player's play, now in turn)."""
        return bool(step.get("reject")) and (
            index < self.lenient_until or resolved_at_once(self.traits, step, before))

    def _reference_step(self, index: int, step: dict) -> dict | None:
        if self.reference is None:
            return None
        return self._ask_reference(protocol.step(index, step), "step_response")

    def _judge(self, step: dict, answer: dict, before: dict, folded: bool, deferred: bool
               ) -> tuple[str, str, list[str]] | None:
        facts = step.get("expect", [])
        if folded and step.get("reject"):  # a refusal it is never asked: nothing to judge
            self.unchecked += 1 + len(facts)
            return None
        if deferred:  # the moment described never exists here: the attack is resolved
            self.unchecked += len(facts)
            step = {k: v for k, v in step.items() if k != "expect"}
            facts = []
        kept = [f for f in facts if self._checkable(f)]
        self.unchecked += len(facts) - len(kept)
        observed = [f for f in kept if not is_listing(f)]
        verdict = judge_step({**step, "expect": observed}, answer, before, self.traits.codes)
        if verdict is not None or not any(is_listing(f) for f in kept):
            return verdict
        moves = [m for m in self._moves() if not self._by_itself(m)]
        problems = [m for f in kept if is_listing(f)
                    if (m := check_listing(f, moves, _move_text)) is not None]
        return ("fail", "the legal moves differ from expectation", problems) if problems \
            else None

    def _checkable(self, fact: dict) -> bool:
        if is_listing(fact):
            return self.listing and not any(self._by_itself(m) or self._outside(m)
                                            for m in _moves_of(fact))
        return not ("uno" in self.traits.automatic and fact["path"].startswith("uno_pending"))

    def _by_itself(self, move: dict) -> bool:
        """A move this implementation makes by itself (or, calling Uno for its players, one
        that can never be open: a catch), which it therefore never lists."""
        act = move.get("act")
        return act in self.traits.automatic or (act == "catch"
                                                and "uno" in self.traits.automatic)

    def _outside(self, move: dict) -> bool:
        """A move of a part of the game the implementation does not declare (an Uno call
        without 'uno', a challenge without 'challenge', an act of the ruleset it lacks): it
        cannot list it, so neither side's listing is judged on it."""
        act = move.get("act")
        if act in _CORE_ACTS:
            return any(not self.traits.has(f) for f in _ACT_FEATURES.get(act, ()))
        return not self.traits.supports_act(act)

    def _moves(self, session: Session | None = None) -> list[dict]:
        ask = self._ask if session is None else self._ask_reference
        answer = ask(protocol.legal(), "legal_response")
        if answer["outcome"] != "listed":
            raise Failure("errored", f"the legal request was answered 'errored': "
                          f"{answer.get('message', '')}")
        return answer["moves"]

    def _differ(self, answer: dict, ref: dict, outcome: bool = True
                ) -> tuple[str, str, list[str]] | None:
        """How the implementation differs from the reference after the same step (without
        ``outcome``, only the tables and the moves: the step was not sent)."""
        if outcome and answer["outcome"] != ref["outcome"]:
            why = [m for m in (ref.get("message"), ref.get("rule")) if m]
            return "fail", f"the reference answered {_outcome(ref)}, the implementation " \
                           f"{_outcome(answer)}", why
        if outcome and answer["outcome"] == "rejected" and self.traits.codes \
                and answer.get("code") != ref.get("code"):
            return "fail", f"rejected with '{answer.get('code')}', the reference " \
                           f"'{ref.get('code')}'", [m for m in (ref.get("rule"),) if m]
        changed = observation_differences(ref["observation"], answer["observation"],
                                          self.traits)
        if changed:
            return "fail", "the observation differs from the reference's", changed
        if self.listing and self.reference is not None \
                and "legal_moves" in traits_for(self.reference.hello,
                                                self.scenario["ruleset"]).features:
            return self._differ_moves()
        return None

    def _why_not(self, move: dict, listed: bool = False) -> str:
        """Why the reference does not list a move, or does (its ``check``), or nothing if it
        cannot say: the request is optional."""
        answer = self._ask_reference(protocol.check(move), "check_response")
        return "" if answer["outcome"] == "errored" else _explained(answer, listed)

    def _differ_moves(self) -> tuple[str, str, list[str]] | None:
        def within(moves: list[dict]) -> list[dict]:
            return [canonical_move(m) for m in moves
                    if not (self._by_itself(m) or self._outside(m))]

        mine, theirs = within(self._moves()), within(self._moves(self.reference))
        extra = [m for m in mine if m not in theirs]
        missing = [m for m in theirs if m not in mine]
        if not extra and not missing:
            return None
        details = [f"offered, the reference does not: {_move_text(m)}{self._why_not(m)}"
                   for m in extra] + \
            [f"not offered, the reference does: {_move_text(m)}{self._why_not(m, True)}"
             for m in missing]
        return "fail", "the legal moves differ from the reference's", details


def _explained(answer: dict, listed: bool = False) -> str:
    """The reference's word on a move, for the report: the rule that forbids a move it does
    not list, or allows one it does (``listed``)."""
    by = f" by rule '{answer['rule']}'" if answer.get("rule") else ""
    if answer["outcome"] == "allowed":
        return f" (the reference allows it{by})" if listed else \
            f" (the reference accepts it{by}, but as a move with a penalty or a bluff)"
    why = answer.get("message") or (f"rule '{answer['rule']}'" if answer.get("rule") else "")
    return f" (refused with {answer.get('code')}" + (f": {why})" if why else ")")


def folded_step(traits: Traits, step: dict, before: dict) -> bool:
    """A step the implementation takes by itself, so the harness does not send it: an act it
    declares automatic, or (attack model 'immediate') the accept of an attack it resolved."""
    do = step.get("do")
    if not do:
        return False
    if do.get("act") in traits.automatic:
        return True
    return traits.attacks == "immediate" and _resolved_accept(step, before)


def _resolved_accept(step: dict, observation: dict) -> bool:
    do = step.get("do", {})
    if do.get("act") != "accept" or step.get("reject"):
        return False
    pending = observation.get("pending")
    return not (isinstance(pending, dict) and pending.get("target") == do.get("player"))


def chance_before_accept(traits: Traits, steps: list[dict], index: int) -> list[int]:
    """Under the immediate model, the chance steps between a move and the accept after it
    (a reshuffle the victim's draw needs): sent before the move, since such an engine
    draws as the move is made. Sending them early changes nothing for the other kind: a
    chance step scripts the next event of its kind, whenever it comes."""
    if traits.attacks != "immediate" or "do" not in steps[index]:
        return []
    j = index + 1
    while j < len(steps) and "chance" in steps[j]:
        j += 1
    if j == index + 1 or j == len(steps):
        return []
    do = steps[j].get("do", {})
    return list(range(index + 1, j)) if do.get("act") == "accept" and not steps[j].get(
        "reject") else []


def folds_after(traits: Traits, steps: list[dict], index: int, observation: dict) -> int | None:
    """Under the immediate model: the index of a coming accept the implementation has already
    resolved (so the expectations until then describe a moment it never shows), or None.
    Only refusals and automatic acts may come between."""
    if traits.attacks != "immediate":
        return None
    for j in range(index + 1, len(steps)):
        step = steps[j]
        if _resolved_accept(step, observation):
            return j
        do = step.get("do")
        if not (step.get("reject") or "chance" in step
                or (do and do.get("act") in traits.automatic)):
            return None
    return None


def resolved_at_once(traits: Traits, step: dict, observation: dict) -> bool:
    """Under the immediate model: the step expects an attack to wait at a player, and this
    implementation, having resolved it, shows none there. What the step expects of that
    moment cannot be judged (and a refusal then has another reason)."""
    if traits.attacks != "immediate":
        return False
    pending = observation.get("pending")
    at = pending.get("target") if isinstance(pending, dict) else None
    for fact in step.get("expect", []):
        target = fact.get("matches", {}).get("target") if fact["path"] == "pending" else None
        if target is not None and target != at:
            return True
    return False


def _moves_of(fact: dict) -> list[dict]:
    return [*fact.get("contains", []), *fact.get("lacks", []), *fact.get("set", [])]


def _outcome(answer: dict) -> str:
    code = answer.get("code")
    return f"{answer['outcome']} ({code})" if code else answer["outcome"]


def _move_text(move: dict) -> str:
    return describe({"do": move})


def _unfinished(ident: str, answer: dict, where: str, step: int | None) -> Result:
    if answer["outcome"] == "skipped":
        return Result(ident, "skip", f"{where}: {answer['reason']}", step)
    return Result(ident, "error", f"{where}: the implementation errored", step,
                  [answer["message"]])


def judge_step(step: dict, answer: dict, before: dict, codes: bool = True
               ) -> tuple[str, str, list[str]] | None:
    """None when the answer agrees with the step's expectations, else (status, message, details).

    ``codes`` False: the implementation gives no rejection codes (protocol 2.0), so a
    refusal is judged as a refusal only.
    """
    outcome, obs = answer["outcome"], answer["observation"]
    want_reject = step.get("reject")
    if want_reject:
        wanted = "a rejection" if want_reject is True or not codes \
            else f"rejection '{want_reject}'"
        if outcome != "rejected":
            return "fail", f"expected {wanted}, but the step was accepted", []
        if want_reject is not True and codes and answer.get("code") != want_reject:
            return "fail", f"expected rejection '{want_reject}', got '{answer.get('code')}'", \
                [m for m in (answer.get("message"), answer.get("rule")) if m]
        changed = table_changes(before, obs)
        if changed:
            return "fail", "the step was rejected but the table changed", changed
    elif outcome == "rejected":
        return "fail", f"the step was rejected ({answer.get('code', 'no code')})", \
            [m for m in (answer.get("message"), answer.get("rule")) if m]
    problems = check_facts(step.get("expect", []), obs)
    if problems:
        return "fail", "observation differs from expectation", problems
    return None


def observation_differences(ref: dict, obs: dict, traits: Traits) -> list[str]:
    """The canonical fields, within the implementation's features, that differ from the
    reference's (hands and fields as multisets; a choice without its prompt, which is for
    people)."""
    keys = [k for k in protocol.OBSERVATION_FIELDS
            if not (k == "uno_pending" and ("uno" not in traits.features
                                            or "uno" in traits.automatic))
            and not (k == "scores" and "scores" not in traits.features)]
    for feature, fields in protocol.FEATURE_FIELDS.items():
        if feature in traits.features:
            keys += [f for f in fields if f not in keys]
    over = ref.get("phase") == obs.get("phase") == "over"
    out = []
    for key in keys:
        if key in ("out", "loser") and key not in traits.features:
            continue
        if key == "turn" and over:  # once over, 'turn' means nothing (PROTOCOL.md 4)
            continue
        was, now = _comparable(key, ref.get(key)), _comparable(key, obs.get(key))
        if was != now:
            out.append(f"{key}: the reference has {ref.get(key)!r}, the implementation "
                       f"{obs.get(key)!r}")
    return out


def _comparable(key: str, value):
    if key in ("hands", "field", "revealed") and isinstance(value, dict):
        return _as_multisets(value)
    if key == "choice" and isinstance(value, dict):
        return {k: sorted(map(str, v)) if k == "options" and isinstance(v, list) else v
                for k, v in value.items() if k != "prompt"}
    return value


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
