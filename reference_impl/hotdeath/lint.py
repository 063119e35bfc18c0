"""Cross-checks between the spec and the corpus: cards, rulesets, options, rulings, citations."""

from __future__ import annotations

from .errors import Diagnostic
from .lang import citations
from .model import Ruleset, clashing_options
from .scenario import CompiledScenario


def lint_scenario(scn: CompiledScenario, rulesets: dict[str, Ruleset]) -> list[Diagnostic]:
    d = scn.data
    rs = rulesets.get(d["ruleset"])
    diag = scn.source.diag
    if rs is None:
        return [diag(1, 1, f"unknown ruleset '{d['ruleset']}' (known: {', '.join(rulesets)})")]
    out = []
    unknown = [opt for opt in d["options"] if opt not in rs.options]
    for opt in unknown:
        out.append(diag(1, 1, f"ruleset '{rs.ident}' has no option '{opt}'"))
    for a, b in clashing_options(rs, d["options"]):
        out.append(diag(1, 1, f"options {a} and {b} cannot both be on (one excludes the other)"))
    base = rs
    if not unknown:  # the cards of the ruleset as the scenario's options make it
        on = frozenset(d["options"]) | {o for o, decl in rs.options.items() if decl.default}
        rs = rs.with_options(on)
    for text, (line, col) in scn.card_positions:
        if rs.face(text) is None:
            adds = [o for o in base.options if base.with_options(frozenset({o})).face(text)]
            hint = f" (option {adds[0]} adds it)" if adds else ""
            out.append(diag(line, col, f"ruleset '{rs.ident}' has no card '{text}'{hint}"))
    for ruling in d["pins"]:
        if ruling not in rs.rulings:
            out.append(diag(1, 1, f"ruleset '{rs.ident}' has no ruling {ruling}"))
    for c in d["cites"]:
        out.extend(diag(1, 1, p) for p in citations.problems(c["source"], c["heading"],
                                                              c["quote"]))
    if not d["cites"]:
        out.append(diag(1, 1, "the scenario cites no source"))
    return out


def unpinned_rulings(rulesets: dict[str, Ruleset], corpus: list[CompiledScenario]) -> list[str]:
    """Rulings declared in a ruleset's own file that no scenario of that ruleset pins."""
    pinned = {(s.data["ruleset"], r) for s in corpus for r in s.data["pins"]}
    parents = {}
    for rs in rulesets.values():
        parents[rs.ident] = rs.extends
    missing = []
    for rs in rulesets.values():
        for ident, ruling in rs.rulings.items():
            if rs.extends and ident in rulesets[rs.extends].rulings:
                continue  # inherited; pinned where declared
            family = {rs.ident} | {k for k, v in parents.items() if v == rs.ident}
            if not any((f, ident) in pinned for f in family):
                missing.append(f"{ruling.path}: ruling {ident} ({ruling.title}) has no scenario")
    return missing
