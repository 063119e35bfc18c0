"""The expected-failures file: scenarios an implementation knowingly gets wrong, with why.

Format, one entry per line; a line whose first non-blank character is ``#`` is
a comment::

    # known differences
    classic-0042: we deal 8 cards, house rule
    v3-00*: Redux v3 not started yet, see issue #12

A ``#`` anywhere else is part of the reason: reasons quote issue numbers and
card text, so a trailing comment would cut them short.

An entry is a scenario id or a glob over ids, a colon, and the reason. A
listed scenario that fails is ``xfail``; one that passes is ``xpass`` and fails
the run, so the file cannot silently go stale.
"""

from __future__ import annotations

import fnmatch
from pathlib import Path

from hotdeath.errors import HotDeathError, SourceText

from .runner import Result


def read_expected_failures(path: Path, known_ids: set[str]) -> dict[str, str]:
    """Pattern -> reason; every malformed line or pattern matching nothing is an error."""
    source = SourceText(str(path), path.read_text(encoding="utf-8"))
    out, diags = {}, []
    for n, raw in enumerate(source.lines, start=1):
        line = raw.rstrip()
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        pattern, colon, reason = line.partition(":")
        pattern, reason = pattern.strip(), reason.strip()
        col = len(raw) - len(raw.lstrip()) + 1
        if not colon or not pattern or not reason:
            diags.append(source.diag(n, col, "expected '<scenario id or glob>: <reason>'"))
        elif not any(fnmatch.fnmatchcase(i, pattern) for i in known_ids):
            diags.append(source.diag(n, col, f"'{pattern}' matches no scenario in the corpus"))
        else:
            out[pattern] = reason
    if diags:
        raise HotDeathError(diags)
    return out


def expected_reason(ident: str, expected: dict[str, str]) -> str | None:
    """Why the scenario is expected to fail (the first matching entry), or None."""
    return next((r for p, r in expected.items() if fnmatch.fnmatchcase(ident, p)), None)


def apply_expected_failures(results: list[Result], expected: dict[str, str]) -> None:
    for result in results:
        reason = expected_reason(result.ident, expected)
        if reason is None:
            continue
        if result.status in ("fail", "error"):
            result.status, result.reason = "xfail", reason
        elif result.status == "pass":
            result.status, result.reason = "xpass", reason
            result.message = f"passed, but is listed as an expected failure ({reason})"
