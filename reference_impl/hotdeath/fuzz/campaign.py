"""A fuzz run from start to end: plan the games, play them, group and shrink what diverged.

Why planned up front: every game's ruleset, options and seed are fixed from
``--seed`` and the implementation's handshake before any game runs, so a run
is the same whatever ``-j`` or cluster plays it, and a stopped run's findings
are a prefix-independent subset of the full run's.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from hotdeath_harness.traits import traits_for
from hotdeath_harness.transport import Failure

from ..scenario.format import FEATURES
from .dist import GameRecord, GameTask, fuzz_game, rulesets, run_tasks
from .example import Example, ShrinkTask, make_example
from .generate import most_seats
from .run import Lane, close_lanes, known_reason, listing_signature


class Unusable(Exception):
    """The implementation cannot be fuzzed at all (no handshake, nothing in common)."""


@dataclass(frozen=True)
class Settings:
    impl: str
    rulesets: tuple[str, ...] = ()
    options: tuple[str, ...] = ()
    games: int = 100
    seed: int = 0
    max_steps: int = 200
    jobs: int = 1
    scheduler: object = None  # an address, or a dask Client (tests)
    timeout: float = 10.0
    spec: str | None = None
    shrink: bool = True
    shrink_budget: int = 300
    shrink_seconds: float = 90.0
    known: tuple[tuple[str, str], ...] = ()  # (signature, why): faults already accounted for
    known_from: str | None = None  # the --known file, for the report's command line


@dataclass
class Fault:
    signature: str
    count: int
    rulesets: list[str]
    games: list[int]
    example: Example | None = None
    known: str | None = None  # why it is expected (--known), so not shrunk nor counted new

    @property
    def new(self) -> bool:
        return self.known is None


@dataclass
class Summary:
    settings: Settings
    implementation: str
    records: list[GameRecord] = field(default_factory=list)
    faults: list[Fault] = field(default_factory=list)
    interrupted: bool = False
    seconds: float = 0.0
    planned: int = 0

    @property
    def steps(self) -> int:
        return sum(r.steps for r in self.records)

    @property
    def new_faults(self) -> list[Fault]:
        return [f for f in self.faults if f.new]


def plan(settings: Settings, hello: dict) -> list[GameTask]:
    """One task per game: the rulesets both sides have, in turn, with the options both
    declare; ``--option`` options, and those the implementation says it always plays
    with, are on in every game of a ruleset that has them."""
    ref = rulesets(settings.spec)
    theirs = hello.get("rulesets", {})
    names = [r for r in sorted(ref) if r in theirs and (not settings.rulesets
                                                          or r in settings.rulesets)]
    usable = []
    for name in names:
        declared = set(theirs[name].get("options", []))
        allowed = tuple(sorted(set(ref[name].options) & declared))
        if all(o in allowed for o in settings.options):
            traits = traits_for(hello, name)
            # options the implementation always plays with are on in every game: a game
            # without them would only be skipped (PROTOCOL.md 3.1, 'always')
            forced = tuple(sorted(set(settings.options) | (traits.always & set(allowed))))
            seats = tuple(sorted(traits.players))
            if seats and not any(2 <= n <= most_seats(ref[name]) for n in seats):
                continue  # it cannot seat any table this ruleset's deck deals to
            # the acts a ruleset declares, one by one (PROTOCOL.md 3.1, 'acts'): the games
            # make only those the implementation supports
            acts = {f"act:{a}" for a in traits.acts | traits.automatic}
            usable.append((name, allowed, forced, traits.features & set(FEATURES) | acts,
                           seats))
    if not usable:
        raise Unusable("no ruleset both the reference and the implementation support"
                       + (f" among {', '.join(settings.rulesets)}" if settings.rulesets else "")
                       + (f" with option(s) {', '.join(settings.options)}"
                          if settings.options else ""))
    out = []
    for index in range(settings.games):
        name, allowed, forced, features, seats = usable[index % len(usable)]
        out.append(GameTask(settings.impl, index, settings.seed, name, allowed, forced,
                            features, settings.max_steps, settings.timeout, settings.spec,
                            seats, settings.known))
    return out


def handshake(settings: Settings) -> dict:
    probe = Lane(settings.impl, settings.timeout)
    try:
        return probe.hello()
    except Failure as err:
        raise Unusable(f"cannot start the implementation: {err.kind}: {err.message}") from None
    finally:
        probe.close()


def group(records: list[GameRecord], known: tuple[tuple[str, str], ...] = ()) -> list[Fault]:
    """Distinct faults, in the order of the first game showing each; those ``known`` lists
    carry its reason."""
    faults: dict[str, Fault] = {}
    for record in sorted(records, key=lambda r: r.index):
        met = list(dict.fromkeys(record.set_aside))  # known faults the game was played past
        if record.signature is not None and record.signature not in met:
            met.append(record.signature)
        for sig in met:
            fault = faults.setdefault(sig, Fault(sig, 0, [], [],
                                                 known=known_reason(sig, known)))
            fault.count += 1
            fault.games.append(record.index)
            if record.ruleset not in fault.rulesets:
                fault.rulesets.append(record.ruleset)
    return list(faults.values())


def read_known(text: str) -> tuple[tuple[str, str], ...]:
    """``SIGNATURE | why`` lines (``#`` comments): faults an implementation is known to have,
    as the report prints their signatures (a glob pattern: ``*`` for any text; the first
    line that matches gives the reason), each with the reason (the corpus scenario that
    already pins it, the rules difference it is)."""
    out = []
    for raw in text.splitlines():
        line = raw.strip()
        if line and not line.startswith("#"):
            signature, bar, why = line.rpartition(" | ")
            out.append((signature.strip(), why.strip()) if bar else (line, ""))
    return tuple(out)


def fuzz(settings: Settings, on_game: Callable[[GameRecord, Summary], None] = lambda r, s: None,
         on_fault: Callable[[Example], None] = lambda e: None,
         stop: Callable[[], bool] = lambda: False) -> Summary:
    """The whole run; ``stop`` (checked between games) ends it early with what was found."""
    started = time.monotonic()
    hello = handshake(settings)
    tasks = plan(settings, hello)
    name = hello.get("implementation", {}).get("name", settings.impl)
    summary = Summary(settings, name, planned=len(tasks))
    try:
        for record in run_tasks(fuzz_game, tasks, settings.jobs, settings.scheduler, stop):
            summary.records.append(record)
            summary.faults = group(summary.records, settings.known)
            on_game(record, summary)
    except KeyboardInterrupt:
        summary.interrupted = True
        close_lanes(kill=True)  # a process may be halfway through an answer
    summary.interrupted = summary.interrupted or stop()
    summary.records.sort(key=lambda r: r.index)
    summary.faults = group(summary.records, settings.known)
    by_index = {r.index: r for r in summary.records}
    shrink_tasks = []
    for number, fault in enumerate(summary.faults, start=1):
        if not fault.new:
            continue  # accounted for already: its smallest example is not worth the time
        smallest = min((by_index[i] for i in fault.games), key=lambda r: (r.steps, r.index))
        assert smallest.game is not None
        features = next(t.features for t in tasks if t.index == smallest.index)
        if any(listing_signature(k) for k in smallest.set_aside):
            features = features - {"legal_moves"}  # found once listings were set aside
        shrink_tasks.append(ShrinkTask(
            settings.impl, fault.signature, smallest.game, features, number,
            f"--seed {settings.seed}, game {smallest.index}", settings.timeout, settings.spec,
            settings.shrink_budget, settings.shrink_seconds,
            settings.shrink and not summary.interrupted))
    try:
        for example in run_tasks(make_example, shrink_tasks, settings.jobs, settings.scheduler):
            summary.faults[example.number - 1].example = example
            on_fault(example)
    except KeyboardInterrupt:
        summary.interrupted = True
    finally:
        close_lanes()  # this thread's implementation processes (-j 1 plays here)
    summary.seconds = round(time.monotonic() - started, 3)
    return summary
