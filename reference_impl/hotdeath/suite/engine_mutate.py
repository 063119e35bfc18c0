"""``hotdeath mutate --engine``: how many wrong engines the corpus would catch.

Each mutant (``engine_mutants``) is the reference's engine with one slip in
one function. The corpus *kills* it when some scenario fails against it,
judged exactly as ``hotdeath conform`` judges (the harness's own
``run_scenario`` on an in-process session: every answer schema-checked,
every expectation compared). What is left is a *survivor*: either behaviour no
scenario pins, or an equivalent mutant, which
``conformance/mutants/engine.equivalent`` lists with the reason it can never
be told apart.

The engine has about 7,000 mutants, so a fixed sample is run (``sample_size``:
enough for a 95% interval of at most +/-3 points whatever the kill rate). A
mutant is drawn by a hash of what it is, not by its place in the code, so the
same mutants are drawn after an unrelated edit or a module split.

How a run stays short:
- every scenario is run once, traced line by line (``collect``), so a mutant is
  run only against the scenarios that execute the lines it changes. A
  scenario that never reaches the line plays exactly as against the reference,
  so it cannot kill it; a mutant no scenario reaches survives ("never run");
- per ruleset, it stops at the first scenario that kills it, first running the
  scenarios that have killed the most mutants so far;
- it is planted in place: the function's ``__code__`` is replaced by the code
  compiled from the mutated file, so every reference to the function (the
  registry's, other modules' imports) runs the mutant. Each mutant runs in a
  forked child of the process that loaded the spec and the corpus once, so
  nothing it does (a poisoned cache, a changed table, a hang in C code, a
  memory blow-up) reaches the next one;
- a scenario gets a time limit far above its own running time (``limit``): a
  mutant that makes it run longer (an endless loop) is *killed by the time
  limit*, as ``hotdeath conform``'s own time limit would fail it, and the
  report counts those kills apart.

Caches the engine keeps between games (``state.Derived``, functools caches)
are emptied before every scenario, in the traced run and against every
mutant alike, so a scenario always computes what it uses and its traced lines
are exactly what it runs.
"""

from __future__ import annotations

import functools
import gc
import json
import math
import os
import resource
import select
import signal
import sys
import time
import types
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from ..model import Ruleset
from .engine_drive import _SESSIONS, DRIVES, cold, drive, record
from .engine_mutants import PACKAGE, EngineMutant, all_mutants, engine_files, mutated_tree

SEED = 22  # the issue that asked for the figure; changing it draws another sample
MARGIN = 0.03  # the sample makes the 95% interval at most this wide on either side
Z95 = 1.959964

# -- which scenario runs which line -------------------------------------------------------------


Run = tuple[int, int]  # (a scenario's index in the corpus, a way of driving it: DRIVES)


@dataclass
class Plan:
    """The corpus, and for each engine line the runs (a scenario driven one way) that execute
    it, collected once."""

    scenarios: list  # CompiledScenario, in corpus order
    seconds: dict[Run, float]  # each run's traced time
    by_line: dict[tuple[str, int], list[Run]]  # (file, line) -> the runs executing it
    failing: list[str] = field(default_factory=list)  # runs failing against the reference

    def reaching(self, m: EngineMutant) -> set[Run]:
        out: set[Run] = set()
        for line in m.lines:
            out.update(self.by_line.get((m.file, line), ()))
        return out

    def limit(self, run: Run) -> float:
        """The time limit of a run against a mutant: far above its own (traced) time."""
        return max(2.0, 50 * self.seconds[run])


def collect(rulesets: dict[str, Ruleset], scenarios: list) -> Plan:
    """Run every scenario every way once, recording the engine lines each run executes."""
    files = {str(p): p.resolve().relative_to(PACKAGE).as_posix() for p in engine_files()}
    by_line: dict[tuple[str, int], list[Run]] = {}
    seconds: dict[Run, float] = {}
    failing = []
    for i, scn in enumerate(scenarios):
        for way in range(len(DRIVES)):
            cold()
            hits: set[tuple[str, int]] = set()
            started = time.perf_counter()
            verdict = _traced_run(functools.partial(drive, rulesets, scn.data, way), files,
                                  hits)
            seconds[i, way] = time.perf_counter() - started
            if verdict is not None:
                failing.append(f"{scn.ident}: {verdict}")
            for key in hits:
                by_line.setdefault(key, []).append((i, way))
    return Plan(list(scenarios), seconds, by_line, failing)


def _traced_run(fn: Callable, files: dict[str, str], hits: set) -> object:
    def local(frame, event, arg):
        if event == "line":
            hits.add((files[frame.f_code.co_filename], frame.f_lineno))
        return local

    def call(frame, event, arg):
        return local if frame.f_code.co_filename in files else None

    sys.settrace(call)
    try:
        return fn()
    finally:
        sys.settrace(None)


# -- planting a mutant --------------------------------------------------------------------------


def live_functions() -> dict[tuple[str, str, int], list[types.FunctionType]]:
    """Every function object of the engine, by (file, qualname, first line) of its code."""
    files = {str(p): p.resolve().relative_to(PACKAGE).as_posix() for p in engine_files()}
    out: dict[tuple[str, str, int], list[types.FunctionType]] = {}
    for obj in gc.get_objects():
        if isinstance(obj, types.FunctionType):
            code = obj.__code__
            if code.co_filename in files:
                key = (files[code.co_filename], code.co_qualname, code.co_firstlineno)
                out.setdefault(key, []).append(obj)
    return out


def plant(m: EngineMutant, functions: dict) -> list[tuple[types.FunctionType, types.CodeType]]:
    """Give the mutated function its new code; returns what to restore. Raises ValueError
    where the mutant cannot be planted (its code needs other free variables)."""
    path = PACKAGE / m.file
    module_code = compile(mutated_tree(path, m), str(path), "exec")
    swapped = []
    for code in _codes(module_code):
        for fn in functions.get((m.file, code.co_qualname, code.co_firstlineno), ()):
            if code.co_qualname == m.qualname:
                swapped.append((fn, fn.__code__))
                fn.__code__ = code
    if not swapped:
        raise ValueError(f"no live function {m.qualname} in {m.file}")
    return swapped


def _codes(code: types.CodeType):
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            yield const
            yield from _codes(const)


# -- running the sample -------------------------------------------------------------------------


@dataclass
class Outcome:
    mutant: EngineMutant
    status: str  # killed, survived, unreached (no scenario runs it), stillborn (cannot plant)
    by: str = ""  # the scenario that killed it (the first one), or why it is stillborn
    timed_out: bool = False  # killed by a scenario's time limit (it made the engine hang)
    rulesets: dict[str, str] = field(default_factory=dict)  # reaching it: killed / survived


class _Hang(BaseException):
    """A scenario ran past its time limit (a BaseException: the engine's and the harness's
    handlers of Exception must not swallow it)."""


def _alarm(*_) -> None:
    raise _Hang


def _in_child(m: EngineMutant, plan: Plan, rulesets: dict, functions: dict,
              kills: list[int], per_ruleset: bool) -> dict:
    """Plant the mutant and run what reaches it until a run fails: the first of each
    ruleset's (``per_ruleset``), or the first of all."""
    try:
        plant(m, functions)
    except (ValueError, SyntaxError, LookupError) as err:
        return {"status": "stillborn", "by": str(err)}
    signal.signal(signal.SIGALRM, _alarm)
    groups: dict[str, list[Run]] = {}
    for run in sorted(plan.reaching(m), key=lambda r: (-kills[r[0]], plan.seconds[r], r)):
        ruleset = plan.scenarios[run[0]].data["ruleset"]
        groups.setdefault(ruleset if per_ruleset else "", []).append(run)
    out: dict = {"status": "survived", "by": "", "timed_out": False, "rulesets": {},
                 "killers": []}
    for group, order in sorted(groups.items()):
        for run in order:
            verdict, hung = _limited(rulesets, plan, run)
            if verdict is not None:
                if group:
                    out["rulesets"][group] = "killed"
                out["killers"].append(run[0])
                if out["status"] != "killed":
                    out.update(status="killed", by=plan.scenarios[run[0]].ident, timed_out=hung)
                break
        else:
            if group:
                out["rulesets"][group] = "survived"
    return out


def _limited(rulesets: dict, plan: Plan, run: Run) -> tuple[str | None, bool]:
    if os.getppid() != _PARENT[0]:  # the run was stopped (its process killed): stop too
        os._exit(1)
    cold()
    try:
        signal.setitimer(signal.ITIMER_REAL, plan.limit(run))
        return drive(rulesets, plan.scenarios[run[0]].data, run[1]), False
    except _Hang:
        _SESSIONS.clear()  # the session stopped in mid-step
        return "time limit", True
    except Exception as err:  # noqa: BLE001 - e.g. an observation JSON cannot carry:
        _SESSIONS.clear()  # ``hotdeath serve`` would answer 'errored', a failure in conform
        return f"the reference raised {type(err).__name__}", False
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)


def _fork(m: EngineMutant, plan: Plan, rulesets: dict, functions: dict,
          kills: list[int], per_ruleset: bool) -> tuple[int, int]:
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: plant, run, write the outcome, and leave without cleaning up
        os.close(read)
        try:
            _bound_memory()
            out = _in_child(m, plan, rulesets, functions, kills, per_ruleset)
        except BaseException as err:  # noqa: BLE001 - whatever happens is reported
            out = {"status": "error", "by": f"{type(err).__name__}: {err}"}
        data = json.dumps(out).encode()
        while data:
            data = data[os.write(write, data):]
        os._exit(0)
    os.close(write)
    return pid, read


_PARENT = [os.getpid()]


def _bound_memory() -> None:
    """A mutant that fills memory fails with MemoryError rather than starving the machine."""
    with open("/proc/self/statm") as f:
        size = int(f.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    resource.setrlimit(resource.RLIMIT_AS, (size + 2 * 1024 ** 3, resource.RLIM_INFINITY))


def run(mutants: list[EngineMutant], plan: Plan, rulesets: dict[str, Ruleset], jobs: int = 0,
        progress: Callable[[], None] | None = None, per_ruleset: bool = False) -> list[Outcome]:
    """Every mutant against the runs that reach it, ``jobs`` children at a time; with
    ``per_ruleset``, until each ruleset's scenarios kill it or have all been run (slower:
    a mutant the corpus kills at once may survive every scenario of another ruleset)."""
    jobs = jobs or os.cpu_count() or 1
    _PARENT[0] = os.getpid()
    functions = live_functions()
    kills = [0] * len(plan.scenarios)
    results: dict[int, Outcome] = {}
    todo = []
    for n, m in enumerate(mutants):
        if plan.reaching(m):
            todo.append(n)
        else:
            results[n] = Outcome(m, "unreached")
    todo.reverse()
    running: dict[int, tuple[int, int, float, float]] = {}  # fd -> (pid, n, started, limit)
    gc.freeze()  # children share the loaded objects, not copies made to collect them
    try:
        while todo or running:
            while todo and len(running) < jobs:
                n = todo.pop()
                pid, fd = _fork(mutants[n], plan, rulesets, functions, kills, per_ruleset)
                budget = 60 + 2 * sum(plan.limit(i) for i in plan.reaching(mutants[n]))
                running[fd] = (pid, n, time.monotonic(), budget)
            ready, _, _ = select.select(list(running), [], [], 1.0)
            for fd in ready:
                pid, n, _, _ = running.pop(fd)
                results[n] = _collect(mutants[n], fd, pid, kills)
                if progress:
                    progress()
            for fd, (pid, n, started, budget) in list(running.items()):
                if time.monotonic() - started > budget:  # hung where no alarm reaches
                    running.pop(fd)
                    os.kill(pid, signal.SIGKILL)
                    os.waitpid(pid, 0)
                    os.close(fd)
                    results[n] = Outcome(mutants[n], "killed", "the mutant's time limit", True)
                    if progress:
                        progress()
    finally:
        for fd, (pid, *_rest) in running.items():
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            os.close(fd)
        gc.unfreeze()
    return [results[n] for n in range(len(mutants))]


def _collect(m: EngineMutant, fd: int, pid: int, kills: list[int]) -> Outcome:
    chunks = []
    while chunk := os.read(fd, 65536):
        chunks.append(chunk)
    os.close(fd)
    os.waitpid(pid, 0)
    try:
        out = json.loads(b"".join(chunks))
    except ValueError:
        out = {"status": "error", "by": "the child died without an answer"}
    if out["status"] == "error":
        raise RuntimeError(f"{m.ident}: the mutation run itself failed: {out['by']}")
    for i in out.get("killers", []):
        kills[i] += 1
    return Outcome(m, out["status"], out.get("by", ""), out.get("timed_out", False),
                   out.get("rulesets", {}))


# -- the sample, equivalent mutants, the figures -------------------------------------------------


def sample_size(population: int, margin: float = MARGIN) -> int:
    """Mutants to run for a 95% interval of at most +/-margin whatever the kill rate (the
    worst case, p = 1/2), with the finite-population correction."""
    n0 = Z95 ** 2 * 0.25 / margin ** 2
    return min(population, math.ceil(n0 / (1 + (n0 - 1) / population)))


def sample(mutants: list[EngineMutant], size: int, seed: int = SEED) -> list[EngineMutant]:
    """The ``size`` mutants whose hashed keys come first, in file order."""
    chosen = set(sorted(range(len(mutants)), key=lambda i: mutants[i].weight(seed))[:size])
    return [m for i, m in enumerate(mutants) if i in chosen]


def equivalents(path: Path) -> dict[str, str]:
    """``KEY | reason`` lines (the key as ``EngineMutant.key`` prints it: the function, the
    edit and the line's text, no line number): mutants that behave exactly like the engine
    in every game, each with the reason why."""
    if not path.exists():
        return {}
    out = {}
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if line and not line.startswith("#"):
            key, _, reason = line.rpartition(" | ")
            out[key.strip()] = reason.strip()
    return out


def wilson(k: int, n: int, population: int | None = None) -> tuple[float, float]:
    """The 95% Wilson score interval of k successes in n, narrowed by the finite-population
    correction where the n were drawn without replacement from ``population``."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    mid = (p + Z95 ** 2 / (2 * n)) / (1 + Z95 ** 2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95 ** 2 / (4 * n * n)) / (1 + Z95 ** 2 / n)
    if population and population > 1:
        half *= math.sqrt(max(population - n, 0) / (population - 1))
    return max(0.0, mid - half), min(1.0, mid + half)


def summary(outcomes: list[Outcome], known: dict[str, str],
            population: list[EngineMutant]) -> dict:
    """The overall figure and (from a ``per_ruleset`` run) per ruleset the share killed of
    the mutants its scenarios reach (a ruleset's corpus cannot be asked to catch what its
    games never run)."""
    planted = [o for o in outcomes if o.status != "stillborn"]
    equivalent = [o for o in planted if o.status != "killed" and o.mutant.key in known]
    survivors = [o for o in planted if o.status != "killed" and o.mutant.key not in known]
    killed = [o for o in planted if o.status == "killed"]
    scored = len(killed) + len(survivors)
    per: dict[str, dict] = {}
    for o in planted:
        if o.mutant.key in known:
            continue
        for ruleset, status in o.rulesets.items():
            row = per.setdefault(ruleset, {"reached": 0, "killed": 0})
            row["reached"] += 1
            row["killed"] += status == "killed"
    for row in per.values():
        row["kill_rate"] = row["killed"] / row["reached"] if row["reached"] else 1.0
    return {"population": len(population), "mutants": len(outcomes),
            "stillborn": len(outcomes) - len(planted), "killed": len(killed),
            "timed_out": sum(o.timed_out for o in killed), "equivalent": len(equivalent),
            "survived": len(survivors),
            "unreached": sum(o.status == "unreached" for o in survivors),
            "kill_rate": len(killed) / scored if scored else 1.0,
            "interval": wilson(len(killed), scored, len(population)), "rulesets": per,
            "survivors": survivors,
            "stale": sorted(set(known) - {m.key for m in population}),
            "now_killed": sorted(o.mutant.key for o in killed if o.mutant.key in known)}


def render(s: dict, label: str = "engine", unreached: bool = True) -> list[str]:
    """The figures, then every survivor (those no scenario runs only if ``unreached``)."""
    low, high = s["interval"]
    scored = s["killed"] + s["survived"]
    sized = s["mutants"] >= sample_size(s["population"])
    out = [f"{label}: {s['kill_rate']:.1%} of {scored} engine mutants killed (95% interval "
           f"{low:.1%}-{high:.1%}; a sample of {s['mutants']} of {s['population']}, seed "
           f"{SEED}" + (f", the size that bounds the interval to +/-{MARGIN:.0%})" if sized
                        else ")"),
           "  judged as hotdeath conform --differential judges: every step's answer, "
           "observation and legal moves against the clean reference's, and the written "
           "expectations" if s.get("judge") == "differential" else
           "  judged by the scenarios' written expectations alone",
           f"  {s['killed']} killed ({s['timed_out']} by a time limit: the mutant made a "
           f"scenario hang), {s['survived']} survived ({s['unreached']} never run by any "
           f"scenario), {s['equivalent']} equivalent, {s['stillborn']} stillborn"]
    for ruleset, row in sorted(s["rulesets"].items()):
        out.append(f"  {ruleset}: {row['kill_rate']:.1%} of the {row['reached']} mutants its "
                   f"scenarios run killed by them")
    for o in sorted(s["survivors"], key=lambda o: (o.mutant.file, o.mutant.line)):
        if o.status == "unreached" and not unreached:
            continue
        m = o.mutant
        never = "  (never run)" if o.status == "unreached" else ""
        out.append(f"  SURVIVED {m.file}:{m.line} {m.kind}: {m.what}{never}")
        out.append(f"           {m.diff}")
        out.append(f"           to list it as equivalent: '{m.key} | reason'")
    for key in s["now_killed"]:
        out.append(f"  NOW KILLED (drop it from engine.equivalent): {key}")
    for key in s["stale"]:
        out.append(f"  NO SUCH MUTANT (drop it from engine.equivalent, or update it): {key}")
    return out


def measure(rulesets: dict[str, Ruleset], scenarios: list, jobs: int = 0,
            size: int | None = None, every: bool = False, known: dict[str, str] | None = None,
            progress: Callable[[int], Callable[[], None]] | None = None,
            limit: int | None = None, per_ruleset: bool = False,
            differential: bool = True, matches: tuple[str, ...] = ()) -> dict:
    """The whole measurement: coverage, the sample (its first ``limit`` only, for a quick
    look), the runs, the summary. ``differential``: each scenario is judged as
    ``hotdeath conform --differential`` judges it (the answers, observations and legal
    moves of every step compared with the clean reference's, recorded); else by its written
    expectations alone."""
    population = all_mutants()
    chosen = population if every else sample(population, size or sample_size(len(population)))
    if matches:
        chosen = [m for m in chosen if any(t in m.key or t in m.ident for t in matches)]
    chosen = chosen[:limit]
    if differential:
        record(rulesets, scenarios)
    plan = collect(rulesets, scenarios)
    if plan.failing:
        raise RuntimeError("scenarios fail against the reference itself: "
                           + "; ".join(plan.failing[:5]))
    tick = progress(len(chosen)) if progress else None
    outcomes = run(chosen, plan, rulesets, jobs, tick, per_ruleset)
    out = summary(outcomes, known or {}, population)
    out["judge"] = "differential" if differential else "written expectations"
    return out


def command(ruleset: str | None, rulesets: dict[str, Ruleset], corpus: list, jobs: int,
            size: int | None, every: bool, limit: int | None, min_kill: float | None,
            matches: tuple[str, ...] = ()) -> int:
    """``hotdeath mutate --engine [RULESET]``: print the figure and the survivors; the exit
    status (1 below ``min_kill``, or when the equivalent list names a killed or unknown
    mutant)."""
    import click
    from rich.progress import Progress

    from ..resources import mutants_dir

    scenarios = [s for s in corpus if ruleset is None or s.data["ruleset"] == ruleset]
    known = equivalents(mutants_dir() / "engine.equivalent")
    with Progress(transient=True, disable=not sys.stderr.isatty()) as bar:
        def progress(total: int) -> Callable[[], None]:
            task = bar.add_task("mutating the engine", total=total)
            return lambda: bar.advance(task)

        result = measure(rulesets, scenarios, jobs, size, every, known, progress, limit,
                         matches=matches)
    label = "engine" if ruleset is None else f"engine, {ruleset}'s scenarios"
    click.echo("\n".join(render(result, label, unreached=ruleset is None)))
    if min_kill is not None and result["kill_rate"] < min_kill:
        click.echo(f"kill rate {result['kill_rate']:.1%} is below {min_kill:.1%}", err=True)
        return 1
    return 1 if result["now_killed"] or result["stale"] else 0
