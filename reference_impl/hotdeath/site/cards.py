"""A page per card, as Gatherer and Scryfall show one: its words, its rules, its rulings, its
scenarios; and the comparison page, the same card side by side across rulesets."""

from __future__ import annotations

import urllib.parse
from collections import Counter
from pathlib import Path

from ..model import CardKind, Citation, Ruleset
from ..trace import trace_lines
from . import rst, sources
from .gather import CardEntry, CardId, ScenarioInfo, SiteData
from .names import CardPages, ruleset_doc
from .plain import plain_words
from .related import rulings_for

LEXER = "hotdeath"


def citation_lines(c: Citation) -> list[str]:
    """A seed citation: where it comes from, then the words as a block quote."""
    where = "the official rules" if c.source == "classic" else f"seed {c.source}"
    out = [f"*{rst.esc(where)}*, under **{rst.esc(c.heading)}**:", ""]
    return out + (rst.quote(c.quote) if c.quote else [])


def faces(rs: Ruleset, kind: CardKind) -> list[tuple[str, int, str]]:
    """(notation, copies in the deck, points) of each face of the card."""
    counts = Counter(f.notation for f in rs.deck)
    got = sorted({(f.notation, str(f.points)) for f in rs.faces.values() if f.kind is kind})
    return [(n, counts.get(n, 0), p) for n, p in got]


def summary(rs: Ruleset, kind: CardKind) -> str:
    bits = [", ".join(kind.colors)]
    if kind.ranks:
        bits.append("number " + "/".join(map(str, kind.ranks)))
    elif kind.number is not None:
        bits.append(f"number {kind.number}")
    if kind.suits:
        bits.append("suit " + "/".join(kind.suits))
    if kind.categories:
        bits.append(" ".join(sorted(kind.categories)))
    if kind.stack:
        bits.append(f"stacks as {kind.stack}")
    points = kind.points if not callable(kind.points) else "computed"
    bits.append(f"{points} points")
    return "; ".join(rst.esc(str(b)) for b in bits)


def dsl_sections(site: SiteData, entry: CardEntry) -> list[str]:
    """The card's declaration, then the amendments this ruleset and its options make."""
    rs = site.rulesets[entry.card.ruleset]
    kind = entry.kind
    out: list[str] = []
    home = sources.find(kind.path, "card", kind.name)
    declared_in = _ruleset_of_path(site, kind.path)
    if home:
        note = "" if declared_in == rs.ident else \
            f"Declared in {rst.role('doc', '/' + ruleset_doc(declared_in), declared_in)}:"
        out += ([note, ""] if note else []) + rst.code_block(home[0].text, LEXER)
    chain = _ancestry(site, rs)
    for ident in chain:
        path = _spec_path(site, ident)
        for block in sources.find(path, "amend", kind.name):
            if block.inside:
                what = f"With the option ``{block.inside}`` of {ident}:"
            elif ident == rs.ident:
                what = "Amended in this ruleset:"
            else:
                what = f"Amended in {rst.role('doc', '/' + ruleset_doc(ident), ident)}:"
            if block.inside and ident != rs.ident:
                continue
            out += [what, ""] + rst.code_block(block.text, LEXER)
    overrides = rs.overrides_for(kind)
    if overrides:
        out += ["Rule overrides that change it:", ""]
        out += rst.bullet(sorted({f"the rule *{rst.esc(o.rule)}*" for o in overrides}))
    return out


def _ancestry(site: SiteData, rs: Ruleset) -> list[str]:
    chain, cur = [], rs
    while cur is not None:
        chain.append(cur.ident)
        cur = site.rulesets.get(cur.extends) if cur.extends else None
    return list(reversed(chain))


def _spec_path(site: SiteData, ident: str) -> str:
    from .gather import spec_file

    path = spec_file(ident)
    return str(path) if path else ""


def _ruleset_of_path(site: SiteData, path: str) -> str:
    for ident in site.rulesets:
        got = _spec_path(site, ident)
        if got and path and Path(path).resolve() == Path(got):
            return ident
    return ""


def trace_text(info: ScenarioInfo) -> str:
    if info.trace is None:
        return info.error or "(not run)"
    return "\n".join(trace_lines(info.trace))


def scenario_details(info: ScenarioInfo) -> list[str]:
    """A collapsed block: the scenario's title, its rulings, and its trace."""
    out = [f".. hd:details:: {info.ident}: {' '.join(info.title.split())}", ""]
    body = [f"{rst.role('hd:scenario', info.ident)}"
            + (" pins " + ", ".join(rst.role("hd:ruling", p) for p in info.pins)
               if info.pins else ""), ""]
    body += rst.code_block(trace_text(info), "text")
    return out + rst.indent(body) + [""]


def card_page(site: SiteData, pages: CardPages, entry: CardEntry,
              family: list[CardId]) -> str:
    rs = site.rulesets[entry.card.ruleset]
    kind = entry.kind
    out = rst.heading(f"{entry.title} ({rs.ident})")
    out += [f".. hd:card:: {entry.card.target}", ""]
    out += [f"A card of {rst.role('doc', '/' + ruleset_doc(rs.ident), rs.title)}: "
            f"{summary(rs, kind)}.", ""]
    if kind.called and kind.called != kind.name:
        out += [f"This ruleset calls the card *{rst.esc(kind.name)}* "
                f"**{rst.esc(kind.called)}**.", ""]
    if entry.option:
        out += [f"In the deck only with the option ``{entry.option}``.", ""]
    if faces(rs, kind):
        query = urllib.parse.urlencode({"ruleset": rs.ident, "card": kind.name})
        out += [f"`Try this card in the playground <../../../playground.html?{query}>`__: a "
                "table with it in hand, run by the reference in your browser.", ""]
    out += rst.heading("The seed's words", "-")
    for c in kind.citations:
        out += citation_lines(c)
    if not kind.citations:
        out += ["No citation.", ""]
    out += rst.heading("In plain words", "-")
    said = plain_words(kind)
    out += (rst.bullet([rst.esc(s) for s in said]) if said else
            ["No rules of its own: it is played by matching the card in play."])
    out += ["", "*Generated from the card's rules below (not written by hand): where these "
            "words and the seed's differ, one of them is wrong.*", ""]
    rows = [[f"``{n}``", str(c), rst.esc(p)] for n, c, p in faces(rs, kind)]
    if rows:
        out += rst.heading("In the deck", "-")
        out += rst.list_table(["notation (as scenarios write it)", "copies", "points"], rows,
                              "50 20 30")
    out += rst.heading("Rules text", "-")
    out += dsl_sections(site, entry)
    others = [c for c in family if c != entry.card]
    if others:
        out += rst.heading("In other rulesets", "-")
        rows = [[rst.role("doc", "/" + ruleset_doc(c.ruleset), c.ruleset),
                 rst.role("hd:card", c.target, site.cards[c].title),
                 summary(site.rulesets[c.ruleset], site.cards[c].kind)] for c in others]
        out += rst.list_table(["ruleset", "card", "identity"], rows, "25 25 50")
    rulings = rulings_for(site, entry)
    out += rst.heading("Rulings", "-")
    if rulings:
        out += rst.bullet([f"{rst.role('hd:ruling', r.ident)}: {rst.esc(r.title)}. "
                           f"{rst.esc(r.answer)}" for r in rulings])
    else:
        out += ["No ruling names this card.", ""]
    idents = site.by_card.get(entry.card, [])
    out += rst.heading("Scenarios", "-")
    if idents:
        out += [f"{len(idents)} scenario{'s' if len(idents) != 1 else ''} of the corpus "
                "exercise this card (it is played, or its rules act). Each opens to the "
                "reference's trace; the scenario's page has its source.", ""]
        for ident in idents:
            out += scenario_details(site.scenario(ident))
    else:
        out += ["No scenario exercises this card yet.", ""]
    return "\n".join(out) + "\n"


def compare_page(site: SiteData, pages: CardPages, fams: list[list[CardId]]) -> str:
    """Every card that more than one ruleset has and some ruleset changes, side by side."""
    roots = {r for r, rs in site.rulesets.items() if rs.extends is None}
    cols = [r for r in site.rulesets if r not in roots]
    out = rst.heading("The same card across rulesets")
    out += ["Each card below exists in more than one of "
            + ", ".join(rst.role("doc", "/" + ruleset_doc(r), r) for r in cols)
            + ". The columns give each ruleset's name for it, its identity in the deck, "
              "the seed's first words about it, and its rules text. Cards that every ruleset "
              "inherits unchanged from the base game are left out.", ""]
    for fam in fams:
        present = [c for c in fam if c.ruleset in cols]
        if len({c.ruleset for c in present}) < 2:
            continue
        if all(site.cards[c].kind.path == site.cards[present[0]].kind.path and
               not _amended(site, c) for c in present) and \
                _ruleset_of_path(site, site.cards[present[0]].kind.path) in roots:
            continue
        title = " / ".join(dict.fromkeys(site.cards[c].title for c in present))
        out += rst.heading(title, "-")
        by_rs = {c.ruleset: c for c in present}
        header = ["", *[rst.role("doc", "/" + ruleset_doc(r), r) for r in cols]]
        rows = [
            ["card", *[rst.role("hd:card", by_rs[r].target, site.cards[by_rs[r]].title)
                       if r in by_rs else "—" for r in cols]],
            ["identity", *[summary(site.rulesets[r], site.cards[by_rs[r]].kind)
                           if r in by_rs else "" for r in cols]],
            ["seed", *[_first_quote(site.cards[by_rs[r]].kind) if r in by_rs else ""
                       for r in cols]],
            ["rules", *["\n".join(_effect_lines(site, by_rs[r])) if r in by_rs else ""
                        for r in cols]],
        ]
        out += rst.list_table(header, rows, " ".join(["10"] + ["30"] * len(cols)),
                              cls="hd-compare")
    return "\n".join(out) + "\n"


def _amended(site: SiteData, card: CardId) -> bool:
    return bool(sources.find(_spec_path(site, card.ruleset), "amend", card.name))


def _first_quote(kind: CardKind) -> str:
    c = next((c for c in kind.citations if c.quote), None)
    return f"{rst.esc(c.quote)} (seed {c.source})" if c else ""


def _effect_lines(site: SiteData, card: CardId) -> list[str]:
    """The card's own block in this ruleset: its amendment if it has one, else its declaration."""
    kind = site.cards[card].kind
    own = [b for b in sources.find(_spec_path(site, card.ruleset), "amend", card.name)
           if not b.inside]
    block = own[-1] if own else next(iter(sources.find(kind.path, "card", kind.name)), None)
    return rst.code_block(block.text, LEXER) if block else []
