"""Cross-checks between the spec and the corpus: cards, rulesets, options, rulings, citations."""

from __future__ import annotations

from .errors import Diagnostic
from .lang import citations
from .model import Ruleset, clashing_options
from .scenario import CompiledScenario


def in_deck(rs: Ruleset, text: str) -> bool:
    face = rs.face(text)
    return face is not None and face.kind.copies > 0


def _deck_hint(base: Ruleset, text: str) -> str:
    """Which option puts the card in the deck, or which takes it out."""
    if in_deck(base, text):
        gone = [o for o in base.options if not in_deck(base.with_options(frozenset({o})), text)]
        return f" (option {gone[0]} takes it out)" if gone else ""
    adds = [o for o in base.options if in_deck(base.with_options(frozenset({o})), text)]
    return f" (option {adds[0]} adds it)" if adds else ""


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
        face = rs.face(text)
        if face is None or not face.kind.copies:
            what = "no card '{}'" if face is None else "no copy of '{}' in its deck"
            out.append(diag(line, col, f"ruleset '{rs.ident}' has {what.format(text)}"
                                       f"{_deck_hint(base, text)}"))
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
