"""Citations are checked against the seed texts, so a quote can never drift from its source.

Markdown emphasis, link markers and whitespace are ignored when comparing;
the words themselves must appear verbatim under the cited file.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from ..resources import spec_dir

# The classic game has no seed file: it is written from the published official rules.
UNSEEDED = {"classic"}

_MARKUP = re.compile(r"\*\*|\*|__|\\|\(#\)|\[|\]|^#+\s*", re.M)
_QUOTES = str.maketrans({"“": '"', "”": '"', "‘": "'", "’": "'"})


def normalize(text: str) -> str:
    text = _MARKUP.sub("", text.translate(_QUOTES))
    return " ".join(text.split())


@cache
def seed_files() -> dict[str, Path]:
    return {p.name[:3]: p for p in sorted((spec_dir() / "sources").glob("[0-9][0-9][0-9]_*.txt"))}


@cache
def seed_text(source: str) -> tuple[str, tuple[str, ...]]:
    text = seed_files()[source].read_text(encoding="utf-8")
    lines = tuple(normalize(line).lower() for line in text.splitlines() if line.strip())
    return normalize(text), lines


def problems(source: str, heading: str, quote: str) -> list[str]:
    """What is wrong with a citation, as messages; empty when it checks out."""
    if source in UNSEEDED:
        return []
    if source not in seed_files():
        return [f"unknown seed '{source}' (known: {', '.join(sorted(seed_files()))}, classic)"]
    full, lines = seed_text(source)
    out = []
    want = normalize(heading).lower()
    if not any(want in line for line in lines):
        out.append(f"heading {heading!r} does not occur in seed {source}")
    if quote and normalize(quote) not in full:
        out.append(f"quoted words do not occur verbatim in seed {source}: {quote[:60]!r}")
    return out
