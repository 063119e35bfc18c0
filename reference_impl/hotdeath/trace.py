"""``hotdeath run``: one scenario, step by step, each event with the words behind it.

``trace_scenario`` is the library function (the rules site renders its result
as well); ``run_with_trace`` prints it for the command line.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from hotdeath_harness.judge import check_facts, check_listing, is_listing
from hotdeath_harness.runner import describe, judge_step

from .adapter import ReferenceImplementation, SetupError
from .engine.allowed import needs_of
from .errors import HotDeathError, printable
from .model import Citation, Ruleset
from .scenario import CompiledScenario, compile_scenario_file
from .suite.lint import lint_scenario


@dataclass(frozen=True)
class TraceEvent:
    """One engine event; ``citation`` is set the first time its owner acts in a step."""

    text: str
    owner: str
    citation: Citation | None = None


@dataclass
class TraceStep:
    number: int
    text: str
    status: str
    events: list[TraceEvent] = field(default_factory=list)
    expects: list[tuple[str, str]] = field(default_factory=list)  # (fact, "ok" or mismatch)
    error: str = ""
    verdict: tuple[str, str] | None = None
    notes: list[str] = field(default_factory=list)
    hints: list[str] = field(default_factory=list)  # why a failed step may have failed
    observation: dict | None = None  # the table after the step, as the protocol answered it


@dataclass
class Trace:
    """What the reference did with a scenario: set-up events, then each step."""

    setup: list[TraceEvent]
    steps: list[TraceStep]
    ok: bool
    start: dict | None = None  # the table once laid out (the rules site draws it)


def citation_for(rs: Ruleset, owner: str) -> Citation | None:
    """The card's or rule's first citation of this ruleset's own seed, else its first: a
    Deluxe card quotes the Deluxe line, not the 1989 text it inherits."""
    own = rs.citations[0].source if rs.citations else None
    if owner in rs.kinds and rs.kinds[owner].citations:
        cites = rs.kinds[owner].citations
        return next((c for c in cites if c.source == own), cites[0])
    if owner in rs.rules and rs.rules[owner].citations:
        return rs.rules[owner].citations[0]
    return None


def show_citation(c: Citation) -> str:
    src = "official rules" if c.source == "classic" else f"seed {c.source}"
    quote = f": {_quoted(c.quote)}" if c.quote else ""
    return f"{src}, {_quoted(c.heading)}{quote}"


def _quoted(text: str) -> str:
    """In double quotes, or in curly ones when the words hold double quotes themselves (a
    heading that opens with a quoted card name would otherwise start with an empty string)."""
    return f"\u201c{text}\u201d" if '"' in text else f'"{text}"'


def trace_scenario(impl: ReferenceImplementation, data: dict) -> Trace:
    """Run a compiled scenario through the reference, keeping every event and verdict.

    Raises ``SetupError`` when the table cannot be laid out.
    """
    base = impl.rulesets[data["ruleset"]]
    # the rules in force, options included, so that an option's own rule is quoted too
    rs = base.with_options(frozenset(o for o in data.get("options", []) if o in base.options))
    before = start = impl.load(data)
    setup, rules = _events(impl, rs, rs)
    steps: list[TraceStep] = []
    ok = True
    for i, step in enumerate(data["steps"]):
        bare = {k: v for k, v in step.items() if k not in ("expect", "reject")}
        notes = unused_choices(impl, bare)
        answer = impl.step(bare)
        status = answer["outcome"]
        if status == "rejected":
            status += f" ({answer.get('code')}: {answer.get('message')})"
        events, rules = _events(impl, rs, rules)
        done = TraceStep(i + 1, describe(step), status, events,
                         notes=notes if answer["outcome"] == "accepted" else [],
                         observation=answer.get("observation"))
        steps.append(done)
        if answer["outcome"] == "errored":
            done.error = str(answer.get("message"))
            ok = False
            break
        moves = impl.legal() if any(is_listing(f) for f in step.get("expect", [])) else []
        for fact in step.get("expect", []):
            miss = [m] if is_listing(fact) and (m := check_listing(fact, moves, _move)) \
                else [] if is_listing(fact) else check_facts([fact], answer.get("observation", {}))
            done.expects.append((_fact_text(fact), "ok" if not miss else "MISMATCH " + miss[0]))
        done.verdict = judge_step(
            {**step, "expect": [f for f in step.get("expect", []) if not is_listing(f)]},
            answer, before)
        if done.verdict is None and any(mark != "ok" for _, mark in done.expects):
            done.verdict = ("fail", "the legal moves differ from expectation")
        if done.verdict is not None:
            done.hints = waiting_note(step, answer.get("observation", {}))
            ok = False
            break
        before = answer["observation"]
    return Trace(setup, steps, ok, start=start)


def waiting_note(step: dict, seen: dict) -> list[str]:
    """When expectations fail while an effect waits for an answer the scenario does not
    speak of, say so: an attack, a request or a pending wait is taken by an explicit step
    ('bob accepts'), which a writer reading the seed easily leaves out."""
    pending = seen.get("pending")
    paths = {fact["path"].split(".")[0] for fact in step.get("expect", [])}
    if not isinstance(pending, dict) or "pending" in paths or "queue" in paths:
        return []
    what = f"a draw of {pending.get('amount')}" if pending.get("kind", "draw") == "draw" \
        else f"'{pending.get('kind')}'"
    who = pending.get("target")
    return [f"{what} still waits at {who}, who must answer or accept it (a step '{who} "
            "accepts' may be missing)"]


# a step's choice field -> how a scenario writes it
_CHOICE_FIELDS = {"color": "choosing {}", "target": "at {}", "cards": "with {}", "number": "as {}"}


def unused_choices(impl: ReferenceImplementation, step: dict) -> list[str]:
    """The choices a play gives that its card does not use here. The protocol ignores them
    (PROTOCOL.md section 2), which silently hides a scenario writer's mistake ('plays red 5
    with red 7' plays the red 5 alone), so the trace says so."""
    step = step.get("do", step)
    if step.get("act") not in ("play", "jump_in") or impl.game is None:
        return []
    state = impl.game.state
    seat = state.index.get(step.get("player", ""))
    if seat is None or step.get("combine"):
        return []
    card = next((c for c in state.hands[seat] if c.notation == step.get("card")), None)
    if card is None:
        return []
    needs = needs_of(state, card, seat, bool(step.get("flex")))
    return [f"'{written.format(_text(step[name]))}' is not used by {card.notation} here and "
            "is ignored" for name, written in _CHOICE_FIELDS.items()
            if name in step and name not in needs]


def _text(value) -> str:
    return ", ".join(map(str, value)) if isinstance(value, list) else str(value)


def trace_lines(trace: Trace) -> list[str]:
    """The trace as ``hotdeath run`` prints it (after the scenario's header)."""
    out = _event_lines(trace.setup)
    for step in trace.steps:
        out.append(f"{step.number:3}. {step.text}  -> {step.status}")
        out += [f"       note: {note}" for note in step.notes]
        out += _event_lines(step.events)
        if step.error:
            out.append(f"       ERROR: {step.error}")
        out += [f"       expect {fact}: {mark}" for fact, mark in step.expects]
        if step.verdict is not None:
            out.append(f"       {step.verdict[0].upper()}: {step.verdict[1]}")
        out += [f"       hint: {hint}" for hint in step.hints]
    out.append("result: " + ("PASS" if trace.ok else "FAIL"))
    return out


def run_with_trace(path: Path, as_json: bool,
                   rulesets: dict[str, Ruleset] | None = None) -> bool:
    import click  # only the command line needs it (the rules site runs this in a browser)

    scn = compile_scenario_file(path)
    if as_json:
        click.echo(json.dumps(scn.data, indent=2))
        return True
    # a title or name holding control characters is shown, not obeyed
    return report(scn, ReferenceImplementation(rulesets),
                  lambda line: click.echo(printable(line, newlines=False))).ok


def report(scn: CompiledScenario, impl: ReferenceImplementation,
           emit: Callable[[str], object]) -> Trace:
    """What ``hotdeath run`` prints, line by line through ``emit``: the scenario's header,
    its pinned rulings, then the trace. The rules site's in-page runner calls this too, so
    the page shows the command's very words. Raises HotDeathError for a scenario that does
    not check, or whose table cannot be laid out (after the header is emitted)."""
    problems = lint_scenario(scn, impl.rulesets)
    if problems:
        raise HotDeathError(problems)
    data = scn.data
    rs = impl.rulesets[data["ruleset"]]
    emit(f"scenario {data['id']}: {data['title']}")
    emit(f"  ruleset {rs.ident} ({rs.title})" + (
        f", pins {', '.join(data['pins'])}" if data["pins"] else ""))
    for ruling in data["pins"]:
        r = rs.rulings[ruling]
        emit(f"  ruling {r.ident} \"{r.title}\": {r.answer}")
    try:
        trace = trace_scenario(impl, data)
    except SetupError as err:
        raise HotDeathError([scn.source.diag(1, 1, f"cannot lay out the table: {err}")]) from None
    for line in trace_lines(trace):
        emit(line)
    return trace


def _events(impl: ReferenceImplementation, rs: Ruleset, rules: Ruleset
            ) -> tuple[list[TraceEvent], Ruleset]:
    """Each event of the last step; a card's or rule's words are quoted once per step.

    ``rs`` is the scenario's ruleset and ``rules`` those in force when the step
    began: a card may hand the game to other rules in mid-step (switch_ruleset,
    in a v3 state check: the event 'rules'), and a rule of the same name then means theirs, quoted
    from their seed. A new hand (the event 'hand') starts under ``rs`` again.
    Returns the events and the rules in force at the end of the step.
    """
    now = rs
    if impl.game is not None and impl.game.state.rs.ident != rs.ident:
        now = impl.game.state.rs  # (the scenario's own rules keep their options on)
    quoted: set[str] = set()
    out = []
    for ev in impl.trace():
        if ev["event"] == "rules":
            rules = now
        elif ev["event"] == "hand":
            rules = rs
        cite = citation_for(rules, ev["owner"]) or citation_for(rs, ev["owner"])
        if cite is not None and ev["owner"] not in quoted:
            quoted.add(ev["owner"])
        else:
            cite = None
        out.append(TraceEvent(ev["text"], ev["owner"], cite))
    return out, now


def _event_lines(events: list[TraceEvent]) -> list[str]:
    out = []
    for ev in events:
        out.append(f"       - {ev.text}")
        if ev.citation is not None:
            out.append(f"           [{ev.owner}: {show_citation(ev.citation)}]")
    return out


def _move(move: dict) -> str:
    return describe({"do": move})


def _fact_text(fact: dict) -> str:
    if is_listing(fact):  # as the scenario writes it
        if "set" in fact:
            return f"moves {fact['path'].split('.', 1)[1]}: " + \
                "; ".join(_move(m) for m in fact["set"])
        return ("legal " if "contains" in fact else "not legal ") + \
            "; ".join(_move(m) for m in fact.get("contains", fact.get("lacks", [])))
    rest = {k: v for k, v in fact.items() if k != "path"}
    (mode, value), = rest.items()
    return f"{fact['path']} {mode} {json.dumps(value)}"
