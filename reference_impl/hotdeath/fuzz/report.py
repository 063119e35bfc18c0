"""A fuzz run's findings: the console summary, ``report.md``, ``report.ndjson``, the examples.

Why the files hold no timings (only the console does): the findings of one
seed are the same for any ``-j`` or cluster, and the files show it byte for
byte (a published report changes only when its findings do).
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from .campaign import Summary


def counts(summary: Summary) -> Counter:
    return Counter(r.status for r in summary.records)


def text(summary: Summary) -> str:
    c = counts(summary)
    s = summary.settings
    rate = summary.steps / summary.seconds if summary.seconds else 0.0
    lines = [f"fuzz {summary.implementation}: {len(summary.records)} of {summary.planned} games"
             f" (seed {s.seed}), {summary.steps} steps in {summary.seconds:.1f} s "
             f"({rate:.0f} steps/s)" + (" - interrupted" if summary.interrupted else ""),
             "  " + ", ".join(f"{n} {k}" for k, n in sorted(c.items())),
             f"  {_faults(summary)}"]
    for fault in summary.faults:
        ex = fault.example
        lines.append(f"  [{_number(fault, summary)}] {fault.signature}: {fault.count} game(s) "
                     f"({', '.join(fault.rulesets)})"
                     + ("" if fault.new else f" - known: {fault.known}"))
        if ex is not None:
            lines.append(f"      smallest: {_file(ex.number, summary)} ({ex.steps} steps"
                         f"{'' if ex.reproduced else ', NOT reproduced'}), rule: {ex.rule}")
    return "\n".join(lines)


def _faults(summary: Summary) -> str:
    known = len(summary.faults) - len(summary.new_faults)
    return f"{len(summary.faults)} distinct fault(s)" + (f", {known} of them known" if known
                                                          else "")


def _number(fault, summary: Summary) -> int:
    return summary.faults.index(fault) + 1


def _file(number: int, summary: Summary) -> str:
    ex = summary.faults[number - 1].example
    ruleset = ex.text.split("\nruleset ", 1)[1].split("\n", 1)[0] if ex else "x"
    return f"fuzz-{number:03d}-{ruleset}.scn"


def declined_moves(summary: Summary) -> dict[str, int]:
    seen: Counter = Counter(k for r in summary.records for k in r.avoided)
    return dict(sorted(seen.items()))


def markdown(summary: Summary) -> str:
    s = summary.settings
    c = counts(summary)
    out = [f"# Fuzz report: {summary.implementation}", "",
           f"`hotdeath fuzz --impl {json.dumps(s.impl)} --games {s.games} --seed {s.seed} "
           f"--max-steps {s.max_steps}" + "".join(f" --ruleset {r}" for r in s.rulesets)
           + "".join(f" --option {o}" for o in s.options)
           + (f" --known {s.known_from}" if s.known_from else "") + "`", "",
           f"{len(summary.records)} of {summary.planned} games played"
           + (" (interrupted)" if summary.interrupted else "") + ": "
           + ", ".join(f"{n} {k}" for k, n in sorted(c.items()))
           + f"; {summary.steps} steps; **{_faults(summary)}**.", ""]
    aside = Counter(k for r in summary.records for k in set(r.set_aside))
    if aside:
        out += ["Known faults the games were played again past, so that one cannot hide what "
                "comes after it (a known difference of listings is not compared again in "
                "that game; a known move is left out of its next try): "
                + ", ".join(f"`{k}` ({n} games)" for k, n in sorted(aside.items())) + ".", ""]
    declined = declined_moves(summary)
    if declined:
        out += ["Moves the implementation declined (`skipped`), left out of later tries of "
                "the game: " + ", ".join(f"`{k}` ({n} games)" for k, n in declined.items())
                + ".", ""]
    if summary.faults:
        out += ["| # | fault | games | rulesets | rule involved | smallest example |",
                "|---|---|---|---|---|---|"]
        for i, fault in enumerate(summary.faults, start=1):
            ex = fault.example
            example = f"`{_file(i, summary)}` ({ex.steps} steps)" if ex else \
                f"known: {fault.known}" if fault.known is not None else "-"
            rule = ex.rule if ex else ""
            out.append(f"| {i} | {fault.signature} | {fault.count} | "
                       f"{', '.join(fault.rulesets)} | {rule} | {example} |")
        for i, fault in enumerate(summary.faults, start=1):
            if fault.example is not None:
                out += ["", f"## {i}. {fault.signature}", "",
                        f"`{_file(i, summary)}`"
                        + ("" if fault.example.reproduced else
                           " (**not reproduced**: the written file did not fail the same way)")
                        + ":", "", "```text", fault.example.text.rstrip("\n"), "```"]
    return "\n".join(out) + "\n"


def ndjson(summary: Summary) -> str:
    lines = []
    for r in summary.records:
        lines.append({"type": "game", "index": r.index, "ruleset": r.ruleset,
                      "options": r.options, "players": r.players, "moves": r.moves,
                      "steps": r.steps, "status": r.status, "signature": r.signature,
                      "avoided": r.avoided, "set_aside": r.set_aside})
    for i, fault in enumerate(summary.faults, start=1):
        ex = fault.example
        lines.append({"type": "fault", "number": i, "signature": fault.signature,
                      "count": fault.count, "rulesets": fault.rulesets, "games": fault.games,
                      "example": _file(i, summary) if ex else None,
                      "steps": ex.steps if ex else None, "rule": ex.rule if ex else None,
                      "reproduced": ex.reproduced if ex else None, "known": fault.known})
    lines.append({"type": "summary", "implementation": summary.implementation,
                  "games": len(summary.records), "planned": summary.planned,
                  "steps": summary.steps, "faults": len(summary.faults),
                  "new_faults": len(summary.new_faults),
                  "statuses": dict(sorted(counts(summary).items())),
                  "interrupted": summary.interrupted,
                  "shrink_checks": sum(f.example.checks for f in summary.faults
                                       if f.example)})
    return "".join(json.dumps(x, sort_keys=True) + "\n" for x in lines)


def write(summary: Summary, out: Path) -> list[Path]:
    """The report files and one ``.scn`` per distinct fault, in ``out``."""
    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob("fuzz-*.scn"):
        old.unlink()
    written = []
    for i, fault in enumerate(summary.faults, start=1):
        if fault.example is not None:
            path = out / _file(i, summary)
            path.write_text(fault.example.text, encoding="utf-8")
            written.append(path)
    for name, body in (("report.md", markdown(summary)), ("report.ndjson", ndjson(summary))):
        (out / name).write_text(body, encoding="utf-8")
        written.append(out / name)
    return written
