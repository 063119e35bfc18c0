"""The rules site's in-page runner: what a page's Run button calls, in the browser, under Pyodide.

It runs the scenario text through ``hotdeath.trace.report``, the very function
``hotdeath run`` prints from, so the page shows the command's words. Besides
the printed lines it returns what the page needs to point at problems and to
draw the table: each diagnostic's line and column, the line of a step that
failed, and the protocol's observation after each step (the trace's own
events, not a second interpreter). This module imports nothing of Sphinx and
is bundled into the site's zip with the rest of the reference.
"""

from __future__ import annotations

import json
import re
import shutil
import tempfile
import time
from pathlib import Path

from ..errors import HotDeathError
from ..trace import Trace, report

_RULESETS: dict[str, dict] = {}  # a ruleset (or "" for all) -> the rulesets loaded for it
_HEADER = re.compile(r'^ruleset ([a-z0-9-]+) "(?:[^"\\]|\\.)*"(?: extends ([a-z0-9-]+))?', re.M)


def rulesets(ident: str = "") -> dict:
    """The bundled rulesets a scenario of ``ident`` needs (it and those it extends), loaded
    and checked once per page; all of them when ``ident`` is empty or not found. Loading
    one chain, not all six, is most of what makes a page's first run take a second, not
    several (measured in CPython: all six 3.7 s, classic 0.05 s, 1989 with classic 0.33 s)."""
    if ident not in _RULESETS:
        from ..lang.check import load_rulesets

        chain = _chain(ident) if ident else []
        if not chain:
            _RULESETS[ident] = _RULESETS[""] if "" in _RULESETS else load_rulesets()
            return _RULESETS[ident]
        folder = Path(tempfile.mkdtemp(prefix="hd-spec-"))
        for path in chain:
            shutil.copy(path, folder / path.name)
        try:
            _RULESETS[ident] = load_rulesets(folder)
        except HotDeathError:  # it names a ruleset outside its chain: load them all
            _RULESETS[ident] = rulesets("")
    return _RULESETS[ident]


def _chain(ident: str) -> list[Path]:
    """The rules files of ``ident`` and of each ruleset it extends, from their headers."""
    from ..resources import spec_dir

    declared: dict[str, tuple[Path, str | None]] = {}
    for path in sorted(spec_dir().glob("*.hd")):
        m = _HEADER.search(path.read_text(encoding="utf-8"))
        if m:
            declared[m[1]] = (path, m[2])
    out: list[Path] = []
    while ident in declared and len(out) <= len(declared):
        path, ident = declared[ident]
        out.append(path)
        if ident is None:
            return out
    return []  # an unknown ruleset, or a broken chain: the caller loads them all


def _ruleset_of(text: str) -> str:
    m = re.search(r"^ruleset\s+([a-z0-9-]+)", text, re.M)
    return m[1] if m else ""


def run(text: str, path: str = "scenario.scn") -> str:
    """Run a scenario's text; a JSON object with ``output`` (what ``hotdeath run PATH``
    prints, stdout then stderr), ``ok``, ``diagnostics`` and ``frames`` (see ``frames``)."""
    from ..adapter import ReferenceImplementation
    from ..scenario import compile_scenario

    began = time.perf_counter()
    lines: list[str] = []
    diagnostics: list[dict] = []
    trace: Trace | None = None
    scn = None
    try:
        scn = compile_scenario(text, path)
        loaded = rulesets(_ruleset_of(text))
        if scn.data["ruleset"] not in loaded:
            loaded = rulesets("")  # an unknown ruleset is reported by the checks, as 'run' does
        trace = report(scn, ReferenceImplementation(loaded), lines.append)
    except HotDeathError as err:
        lines.append(err.render())
        n = len(err.diagnostics)
        lines.append(f"{n} error{'s' if n != 1 else ''}")
        diagnostics = [{"line": d.line, "col": d.col, "message": d.message}
                       for d in err.diagnostics]
    if trace is not None and scn is not None:
        diagnostics += _failed_steps(trace, scn.step_positions)
    return json.dumps({"output": "\n".join(lines), "ok": bool(trace and trace.ok),
                       "diagnostics": diagnostics,
                       "frames": frames(trace) if trace is not None else [],
                       "ms": round((time.perf_counter() - began) * 1000)})


def _failed_steps(trace: Trace, positions: list[tuple[int, int]]) -> list[dict]:
    """A step the reference refused or judged against the scenario, at its line."""
    out = []
    for step in trace.steps:
        if step.verdict is None and not step.error:
            continue
        message = step.error or f"{step.verdict[0].upper()}: {step.verdict[1]}"
        if step.status.startswith("rejected"):
            message = f"step {step.number} {step.status}; {message}"
        line, col = positions[step.number - 1] if step.number <= len(positions) else (1, 1)
        out.append({"line": line, "col": col, "message": message})
    return out


_DRAWN = ("players", "eliminated", "turn", "direction", "color", "top", "hands", "field",
          "pile_count", "discard_count", "pending", "winner", "phase")
"""The parts of an observation the picture of the table shows (``docs/web/src/table.js``)."""


def _drawn(observation: dict | None) -> dict | None:
    if observation is None:
        return None
    return {k: observation[k] for k in _DRAWN if k in observation}


def frames(trace: Trace) -> list[dict]:
    """The table before the first step and after each: the protocol's observation, with the
    step's trace line and its events' words, for the page's picture of the table."""
    out = [{"label": "the table laid out", "status": "", "events": [e.text for e in trace.setup],
            "observation": _drawn(trace.start)}]
    for step in trace.steps:
        out.append({"label": f"{step.number}. {step.text}", "status": step.status,
                    "events": [e.text for e in step.events],
                    "observation": _drawn(step.observation)})
    return out
