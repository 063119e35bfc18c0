"""The distinct differences a differential run finds, as a section of an adapter's report.

    hotdeath conform --impl ADAPTER --differential --format ndjson \\
        | python conformance/tools/differences.py --notes conformance/adapters/X.differences

`hotdeath conform --differential` stops each scenario at its first difference from the
reference, so one rules difference met early (RLCard refusing to draw while holding a
playable card) fails dozens of scenarios. This groups the failures by the difference itself,
player names left out ("not offered, the reference does: P draws"; the first line of its
details), and prints one row per distinct difference with the scenarios that meet it first
and the note that explains it.

The notes file says which rule each difference departs from, quoting the seed, one
``pattern => note`` a line (``#`` starts a comment); a pattern is a glob matched against the
difference as printed. Every difference must be explained by a note and every note must
explain a difference, else the exit status is 1: the section cannot go stale silently
(tests/test_rlcard.py and tests/test_jpriebe.py regenerate it). Failures against a
scenario's own expectations are the ones the report's table above lists and explains; they
are counted, not repeated.
"""

from __future__ import annotations

import argparse
import fnmatch
import json
import re
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import IO

PLAYERS = re.compile(r"\b(alice|bob|carol|dave|erin|frank|gina|hank)\b")
AGAINST_REFERENCE = ("the reference", "reference's")
BULKY = ("hands", "field", "pile", "discard", "pending", "revealed", "choice", "queue", "zones")


def read_notes(path: Path) -> list[tuple[str, str]]:
    notes = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        pattern, sep, note = line.partition(" => ")
        if not sep:
            raise ValueError(f"{path}: not 'pattern => note': {line!r}")
        notes.append((pattern.strip(), note.strip()))
    return notes


def differences(records: Iterable[dict]) -> tuple[dict[str, list[str]], list[str], int, int]:
    """(difference -> ids that meet it first, ids failing a scenario expectation, agreed,
    compared) from a differential run's NDJSON records."""
    found: dict[str, list[str]] = {}
    own, agreed, compared = [], 0, 0
    for rec in records:
        if rec.get("type") != "result" or rec["status"] == "skip":
            continue
        compared += 1
        if rec["status"] == "pass":
            agreed += 1
            continue
        message = rec.get("message", "")
        if not any(word in message for word in AGAINST_REFERENCE):
            own.append(rec["id"])
            continue
        line = (rec.get("details") or [""])[0]
        if "the reference answered" in message or not line:
            line = message.split(": ", 1)[-1]
        found.setdefault(key_of(line), []).append(rec["id"])
    return found, own, agreed, compared


def key_of(line: str) -> str:
    """A difference without what only this scenario has: the players' names, the colour a
    wild card names, the cards of a whole zone."""
    key = PLAYERS.sub("P", line)
    key = re.sub(r" choosing (red|green|blue|yellow)$", "", key)
    field, sep, _ = key.partition(": the reference has ")
    if sep and field in BULKY:
        return f"{field}: differs"
    return key


def expected_ids(path: Path) -> set[str]:
    """The ids (or globs) an expected-failures file lists: their differences are explained
    there already."""
    return {line.partition(":")[0].strip() for line in path.read_text("utf-8").splitlines()
            if line.strip() and not line.lstrip().startswith("#")}


def write(out: IO[str], found: dict[str, list[str]], own: list[str], agreed: int,
          compared: int, notes: list[tuple[str, str]], explained: set[str] = frozenset()
          ) -> list[str]:
    """The markdown section; returns what is wrong with the notes (none when complete). A
    difference met only by scenarios the expected-failures file lists (``explained``) needs
    no note: its entries there say why."""
    problems = []
    used = set()
    out.write("\n## Differential run\n\n")
    out.write("`hotdeath conform --differential` plays every step on the reference "
              "(`hotdeath serve`) too and compares, after each, the outcome, the observation "
              "and the legal moves offered. Each scenario stops at its first difference, so "
              "one difference met early hides any after it.\n\n")
    out.write(f"- {compared} scenarios compared: {agreed} agree at every step, "
              f"{compared - agreed} differ.\n")
    out.write(f"- {len(own)} first fail one of the scenario's own expectations (the failures "
              "listed above).\n")
    out.write(f"- {compared - agreed - len(own)} first differ from the reference where the "
              f"scenario expects nothing, in {len(found)} distinct ways:\n\n")
    out.write("| first difference | scenarios | why |\n|---|---|---|\n")
    for key, ids in sorted(found.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        why = [n for p, n in notes if fnmatch.fnmatchcase(key, p)]
        used |= {p for p, _ in notes if fnmatch.fnmatchcase(key, p)}
        if not why and all(any(fnmatch.fnmatchcase(i, e) for e in explained) for i in ids):
            why = ["a known difference: these scenarios fail as expected above"]
        if not why:
            problems.append(f"no note explains: {key}")
        shown = ", ".join(f"`{i}`" for i in ids[:6]) + (f" and {len(ids) - 6} more"
                                                         if len(ids) > 6 else "")
        out.write(f"| {_cell(key)} | {len(ids)}: {shown} | {_cell(why[0] if why else '')} |\n")
    problems += [f"note explains nothing: {p}" for p, _ in notes if p not in used]
    return problems


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--notes", type=Path, required=True)
    parser.add_argument("--expected-failures", type=Path)
    args = parser.parse_args(argv)
    records = [json.loads(line) for line in sys.stdin if line.startswith("{")]
    explained = expected_ids(args.expected_failures) if args.expected_failures else set()
    problems = write(sys.stdout, *differences(records), read_notes(args.notes), explained)
    for problem in problems:
        print(f"differences.py: {problem}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
