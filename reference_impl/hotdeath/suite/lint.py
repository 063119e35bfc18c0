"""Cross-checks between the spec and the corpus: cards, rulesets, options, rulings, citations."""

from __future__ import annotations

import json
from collections import Counter

from ..errors import Diagnostic
from ..lang import citations
from ..lang.compile import suggest
from ..model import Ruleset, clashing_options
from ..scenario import CompiledScenario


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


def pending_kinds(rs: Ruleset) -> set[str]:
    """The kinds a pending effect can have: a plain draw, or the name of an effect that a
    card or a rule sends (``attack(effect=present)``, ``effect present { ... }``)."""
    return {"draw"} | {name for kind in rs.kinds.values() for name in kind.effects} \
        | {name for rule in rs.rules.values() for name in rule.effects}


def lint_scenario(scn: CompiledScenario, rulesets: dict[str, Ruleset]) -> list[Diagnostic]:
    d = scn.data
    rs = rulesets.get(d["ruleset"])
    diag = scn.source.diag
    if rs is None:
        return [diag(*scn.at("ruleset"), f"unknown ruleset '{d['ruleset']}'"
                     f"{suggest(d['ruleset'], rulesets)} (known: {', '.join(rulesets)})")]
    out = []
    unknown = [opt for opt in d["options"] if opt not in rs.options]
    for opt in unknown:
        out.append(diag(*scn.at(f"option {opt}"), f"ruleset '{rs.ident}' has no option "
                        f"'{opt}'{suggest(opt, rs.options)}"))
    for a, b in clashing_options(rs, d["options"]):
        out.append(diag(*scn.at(f"option {b}"), f"options {a} and {b} cannot both be on (one "
                        "excludes the other)"))
    base = rs
    if not unknown:  # the cards of the ruleset as the scenario's options make it
        on = frozenset(d["options"]) | {o for o, decl in rs.options.items() if decl.default}
        rs = rs.with_options(on)
    for text, (line, col) in scn.card_positions:
        face = rs.face(text)
        if face is None or not face.kind.copies:
            what = "no card '{}'" if face is None else "no copy of '{}' in its deck"
            hint = _deck_hint(base, text) or (suggest(text, rs.faces) if face is None else "")
            out.append(diag(line, col, f"ruleset '{rs.ident}' has {what.format(text)}{hint}"))
    out.extend(_beyond_deck(scn, rs))
    for line, setting, what in (("tempo", "tempo", "no tempo"), ("power", "power_cards",
                                                                   "no Power Cards")):
        if line in d["table"] and d["table"][line] and rs.setting(setting) is None:
            out.append(diag(*scn.at(f"table {line}"), f"ruleset '{rs.ident}' has {what}: a "
                            f"table cannot lay out its '{line}'"))
    kinds = pending_kinds(rs)
    for kind, (line, col) in scn.kind_positions:
        if kind not in kinds:
            out.append(diag(line, col, f"ruleset '{rs.ident}' has no pending effect of kind "
                            f"'{kind}'{suggest(kind, kinds)} (kinds: {', '.join(sorted(kinds))})"))
    for ruling in d["pins"]:
        if ruling not in rs.rulings:
            out.append(diag(*scn.at(f"pins {ruling}"), f"ruleset '{rs.ident}' has no ruling "
                            f"{ruling}{suggest(ruling, rs.rulings)}"))
    for n, c in enumerate(d["cites"]):
        out.extend(diag(*scn.at(f"cites {n} {p.field}"), p.message)
                   for p in citations.problems(c["source"], c["heading"], c["quote"]))
    if not d["cites"]:
        out.append(diag(1, 1, "the scenario cites no source"))
    return out


def _beyond_deck(scn: CompiledScenario, rs: Ruleset) -> list[Diagnostic]:
    """A table holding more copies of a card than the deck has could never be dealt: an
    implementation that builds tables from its own deck cannot lay it out."""
    t = scn.data["table"]
    held = Counter([*t.get("discard", []), *t.get("pile", []), *t.get("neutral", [])])
    for group in ("hands", "fields", "zones"):
        for cards in t.get(group, {}).values():
            held.update(cards)
    deck = Counter(face.notation for face in rs.deck)
    out = []
    beyond = any(deck[text] and n > deck[text] for text, n in held.items())
    if scn.data.get("extra_copies"):
        if not beyond:
            out.append(scn.source.diag(*scn.at("extra copies"), "'extra copies' is declared, "
                                       "but the table holds no more copies than the deck has"))
        return out
    for text, n in held.items():
        if deck[text] and n > deck[text]:
            spots = [pos for name, pos in scn.card_positions if name == text]
            line, col = spots[deck[text]] if len(spots) > deck[text] else (1, 1)
            out.append(scn.source.diag(line, col, f"the table holds {n} copies of '{text}', "
                                       f"but the deck of '{rs.ident}' has {deck[text]}"))
    return out


def duplicate_scenarios(corpus: list[CompiledScenario]) -> list[Diagnostic]:
    """Scenarios with the same table and the same acts as an earlier one: one clarification
    written twice (merge their expectations into one)."""
    seen: dict[str, str] = {}
    out = []
    for scn in corpus:
        d = scn.data
        acts = [{k: v for k, v in step.items() if k not in ("expect", "reject")}
                for step in d["steps"]]
        key = json.dumps([d["ruleset"], sorted(d["options"]), d["table"], acts], sort_keys=True)
        if key in seen:
            out.append(scn.source.diag(1, 1, f"scenario {scn.ident} has the same table and "
                                             f"steps as {seen[key]}: merge them"))
        else:
            seen[key] = scn.ident
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
