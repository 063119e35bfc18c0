"""A distinct fault's smallest example: shrunk, trimmed to what a reader needs, cited.

Why trimmed: the fuzzed scenario expects every field after every step; the
written one keeps, at each step, only what the step changed (and, at the step
where the implementation departs, every fact it gets wrong), so the file reads
like a hand-written scenario. It is checked to fail the same way before it is
kept; else the untrimmed one is written.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..model import Ruleset
from ..scenario import compile_scenario, write_scenario
from .dist import rulesets
from .facts import fact_key
from .generate import Game, replay
from .run import lane, signature
from .shrink import Shrinker


@dataclass(frozen=True)
class ShrinkTask:
    impl: str
    signature: str
    game: Game
    features: frozenset[str]
    number: int  # the fault's number in the report (its file name, its id)
    found: str  # where it was found: seed and game
    timeout: float = 10.0
    spec: str | None = None
    budget: int = 300
    seconds: float = 90.0
    shrink: bool = True


@dataclass
class Example:
    number: int
    signature: str
    text: str  # the .scn file
    steps: int
    checks: int
    seconds: float
    rule: str  # the card (or act) the diverging step involves, with its first citation
    reproduced: bool  # the written file fails with the fault's signature


def make_example(task: ShrinkTask) -> Example:
    rs = rulesets(task.spec)
    features = set(task.features)
    runner = lane(task.impl, task.timeout)
    scenario = replay(rs, task.game, features)
    assert scenario is not None, "the reference replays its own game"
    result = runner.run(scenario)
    game, checks, seconds = task.game, 0, 0.0
    if task.shrink and signature(scenario, result) == task.signature:
        shrinker = Shrinker(rs, features, runner, task.signature, task.budget, task.seconds)
        shrunk = shrinker.shrink(task.game, scenario, result)
        game, scenario, result = shrunk.game, shrunk.scenario, shrinker.failing
        checks, seconds = shrunk.checks, shrunk.seconds
    final = dress(rs[game.ruleset], game, compact(scenario, result), task)
    reproduced = signature(final, runner.run(final)) == task.signature
    if not reproduced:
        final = dress(rs[game.ruleset], game, scenario, task)
        reproduced = signature(final, runner.run(final)) == task.signature
    text = write_scenario(final)
    assert compile_scenario(text).data == final
    return Example(task.number, task.signature, text, len(final["steps"]), checks, seconds,
                   rule_involved(rs[game.ruleset], final, result.step), reproduced)


def compact(scenario: dict, result) -> dict:
    """Each step's facts that say something new, and at the diverging step the wrong ones."""
    failing = {d.split(":", 1)[0].strip() for d in result.details}
    before: dict[str, dict] = {}
    steps = []
    for number, step in enumerate(scenario["steps"], start=1):
        facts = step.get("expect", [])
        keyed = {fact_key(f): f for f in facts}
        here = number == result.step
        acting = any(k in step for k in ("do", "chance", "procedure"))
        kept = [f for f in facts if (acting and before.get(fact_key(f)) != f)
                or (here and f["path"] in failing)]
        before = keyed
        if not acting and not kept:
            continue  # the table's own observation: the table already says it
        new = {k: v for k, v in step.items() if k != "expect"}
        if kept:
            new["expect"] = kept
        steps.append(new)
    return {**scenario, "steps": steps}


def _kind_of(rs: Ruleset, notation: str | None):
    face = rs.face(notation) if notation else None
    return face.kind if face is not None else None


def cited_kinds(rs: Ruleset, scenario: dict) -> list:
    """The kinds of card the moves play or name, the last first (the diverging step's)."""
    kinds = []
    for step in reversed(scenario["steps"]):
        do = step.get("do") or {}
        for notation in [do.get("card"), *do.get("cards", []),
                         *(p["card"] for p in do.get("combine", []))]:
            kind = _kind_of(rs, notation)
            if kind is not None and kind not in kinds:
                kinds.append(kind)
    return kinds


def dress(rs: Ruleset, game: Game, scenario: dict, task: ShrinkTask) -> dict:
    """Id, title, notes and the citations of the cards involved."""
    cites = []
    for kind in cited_kinds(rs, scenario)[:3]:
        for cite in kind.citations[:1]:
            entry = {"source": cite.source, "heading": cite.heading, "quote": cite.quote}
            if entry not in cites and "\n" not in cite.quote + cite.heading:
                cites.append(entry)
    return {**scenario, "id": f"fuzz-{task.number:03d}-{game.ruleset}",
            "title": f"fuzz: {task.signature}", "cites": cites,
            "notes": [f"found by hotdeath fuzz ({task.found}), shrunk to the smallest game "
                      "the implementation still gets wrong this way"]}


def rule_involved(rs: Ruleset, scenario: dict, number: int | None) -> str:
    """The card of the diverging step (else the act), and where its rule is written."""
    step = scenario["steps"][-1] if scenario["steps"] else {}
    do = step.get("do") or {}
    kind = _kind_of(rs, do.get("card"))
    if kind is None:
        return f"the act '{do.get('act', next(iter(step), 'load'))}'"
    cite = kind.citations[0] if kind.citations else None
    where = f" ({cite.source}, \"{cite.heading}\")" if cite else ""
    return f"{kind.name}{where}"
