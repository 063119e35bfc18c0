"""Finding and compiling the scenario corpus, with filters by ruleset, id and glob."""

from __future__ import annotations

import fnmatch
from pathlib import Path

from hotdeath.errors import HotDeathError
from hotdeath.scenario import CompiledScenario, compile_scenario_file


def discover(root: Path) -> list[Path]:
    return sorted(root.rglob("*.scn"))


def load_corpus(root: Path) -> list[CompiledScenario]:
    """Compile every scenario; all errors (and duplicate ids) are reported together."""
    out, diags, seen = [], [], {}
    for path in discover(root):
        try:
            scn = compile_scenario_file(path)
        except HotDeathError as err:
            diags.extend(err.diagnostics)
            continue
        if scn.ident in seen:
            diags.append(scn.source.diag(1, 1, f"scenario id '{scn.ident}' is also used by "
                                               f"{seen[scn.ident]}"))
        seen[scn.ident] = path
        out.append(scn)
    if diags:
        raise HotDeathError(diags)
    return out


def select(corpus: list[CompiledScenario], rulesets: tuple[str, ...] = (),
           ids: tuple[str, ...] = (), pattern: str | None = None) -> list[CompiledScenario]:
    out = []
    for scn in corpus:
        if rulesets and scn.data["ruleset"] not in rulesets:
            continue
        if ids and scn.ident not in ids:
            continue
        if pattern and not (fnmatch.fnmatch(scn.ident, pattern)
                            or fnmatch.fnmatch(scn.path, pattern)):
            continue
        out.append(scn)
    return out
