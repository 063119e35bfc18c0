"""Where the grammar, spec, scenarios and schemas live, installed or in a checkout.

A wheel carries them under ``hotdeath/_data``; an editable install reads them
from the repository root, so both layouts are looked up in that order.
"""

from __future__ import annotations

from pathlib import Path

_PKG = Path(__file__).resolve().parent
_REPO = _PKG.parent.parent


def _find(installed: str, repo: str) -> Path:
    candidate = _PKG / "_data" / installed
    return candidate if candidate.exists() else _REPO / repo


def grammar_dir() -> Path:
    return _find("grammar", "grammar")


def spec_dir() -> Path:
    return _find("spec", "spec")


def scenarios_dir() -> Path:
    return _find("scenarios", "conformance/scenarios")


def schema_dir() -> Path:
    return _find("schema", "conformance/schema")


def mutants_dir() -> Path:
    """The lists of equivalent mutants (``RULESET.equivalent``), one per ruleset."""
    return _find("mutants", "conformance/mutants")
