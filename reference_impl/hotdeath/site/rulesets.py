"""A page per ruleset (deck, rules by section, options, diagrams) and a page per ruling."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from ..model import Ruleset, Ruling
from . import diagrams, rst, sources
from .cards import LEXER, citation_lines, summary
from .gather import SiteData, spec_file
from .names import CardPages, matrix_doc, natural, ruleset_doc, ruling_doc
from .related import card_for_name, mentioned


def graphviz(dot: str, caption: str = "") -> list[str]:
    out = [".. graphviz::"]
    if caption:
        out.append(f"   :caption: {caption}")
    return out + [""] + rst.indent(dot.rstrip("\n").splitlines()) + [""]


def _setting(values: tuple) -> str:
    return rst.esc(" ".join(str(v) for v in values))


def ruleset_page(site: SiteData, pages: CardPages, rs: Ruleset, cells: dict) -> str:
    out = rst.heading(rs.title)
    out += [f"Ruleset ``{rs.ident}``" + (
        f", extending {rst.role('doc', '/' + ruleset_doc(rs.extends), rs.extends)}"
        if rs.extends else "") + f". Deck: {len(rs.deck)} cards. "
        f"Its interactions: {rst.role('doc', '/' + matrix_doc(rs.ident), 'the matrix')}.", ""]
    for c in rs.citations:
        out += citation_lines(c)
    out += [".. toctree::", "   :hidden:", "   :glob:", "", f"   ../cards/{rs.ident}/*", ""]
    out += rst.heading("Deck composition", "-")
    if rs.packs:  # a deck assembled from packs: each pack's size, then its lines
        out += ["The deck is assembled from these packs; the checker refuses a pack whose "
                "lines do not add up to its size.", ""]
        out += rst.list_table(["pack", "cards", "holds"], [
            [p.title, str(p.size), "; ".join(
                f"{h.count} x {h.color} {' '.join(h.keys)}" for h in p.holdings)]
            for p in rs.packs.values()], "25 10 65")
    counts = Counter(f.kind.name for f in rs.deck)
    rows = []
    for entry in site.cards_of(rs.ident):
        kind = entry.kind
        note = f" (option ``{entry.option}``)" if entry.option else ""
        rows.append([rst.role("hd:card", entry.card.target, entry.title) + note,
                     str(counts.get(kind.name, 0)), summary(rs, kind)])
    out += rst.list_table(["card", "in the deck", "identity"], rows, "30 15 55")
    out += rst.heading("Settings", "-")
    out += rst.list_table(["setting", "value"],
                          [[f"``{k}``", _setting(v)] for k, v in sorted(rs.settings.items())],
                          "40 60")
    out += rst.heading("Rules", "-")
    path = str(spec_file(rs.ident) or "")
    for rule in rs.rules.values():
        out += rst.heading(rule.name, "~")
        role = " ".join(rule.properties.get("role", ()))
        if role:
            out += [f"Role: ``{role}``.", ""]
        for c in rule.citations:
            out += citation_lines(c)
        blocks = sources.find(rule.path, "rule", rule.name)
        if blocks:
            if path and rule.path and Path(rule.path).resolve() != Path(path):
                out += ["Inherited.", ""]
            out += rst.code_block(blocks[0].text, LEXER)
    if rs.options:
        out += rst.heading("Options", "-")
        for opt in rs.options.values():
            out += rst.heading(f"{opt.ident}: {opt.title}", "~")
            out += [f"Default: {'on' if opt.default else 'off'}.", ""]
            for c in opt.citations:
                out += citation_lines(c)
            blocks = sources.find(opt.path or path, "option", opt.ident)
            if blocks:
                out += rst.code_block(blocks[0].text, LEXER)
    if rs.acts:
        out += rst.heading("Acts", "-")
        out += rst.bullet([f"``{a.name}``: {rst.esc(a.title)} (by {a.by})"
                           for a in rs.acts.values()])
    if rs.zones:
        out += rst.heading("Extra piles", "-")
        out += rst.bullet([f"``{z.name}``: {rst.esc(z.title)}" for z in rs.zones.values()])
    out += rst.heading("Rulings", "-")
    own = sorted(site.own_rulings(rs.ident), key=lambda r: natural(r.ident))
    out += rst.bullet([f"{rst.role('hd:ruling', r.ident)}: {rst.esc(r.title)}" for r in own])
    if not own:
        out += ["None of its own.", ""]
    inherited = sorted((i for i in rs.rulings if site.ruling_home[i] != rs.ident), key=natural)
    if inherited:
        out += ["Inherited: " + ", ".join(rst.role("hd:ruling", i) for i in inherited) + ".", ""]
    links = pages.svg_links(rs.ident)
    out += rst.heading("Diagrams", "-")
    out += ["Attacks and the cards that answer them, one row per attack: a card is listed "
            "when a scenario shows that answer working (the matrix also lists the answers the "
            "rules refuse).", ""]
    out += graphviz(diagrams.attack_answer(rs, cells, links))
    out += ["Stacking: a card joins a pending attack of its own family.", ""]
    out += graphviz(diagrams.stacking(rs, links))
    if diagrams.has_hierarchy(rs):
        out += ["The card draw hierarchy: draws of a higher class are immune to the "
                "modifiers of lower layers.", ""]
        out += graphviz(diagrams.draw_hierarchy(rs, links))
    return "\n".join(out) + "\n"


def ruling_page(site: SiteData, pages: CardPages, ruling: Ruling) -> str:
    home = site.ruling_home[ruling.ident]
    rs = site.rulesets[home]
    out = rst.heading(f"{ruling.ident}: {ruling.title}")
    out += [f".. hd:ruling:: {ruling.ident}", ""]
    out += [f"A ruling of {rst.role('doc', '/' + ruleset_doc(home), rs.title)}.", ""]
    for label, text in (("Question", ruling.question), ("Answer", ruling.answer),
                        ("Rationale", ruling.rationale)):
        if text:
            out += [f"**{label}.** {rst.esc(text)}", ""]
    if ruling.alternatives:
        out += ["**Alternatives considered.**", ""]
        out += rst.bullet([rst.esc(a) for a in ruling.alternatives])
    if ruling.citations:
        out += rst.heading("The seed's words", "-")
        for c in ruling.citations:
            out += citation_lines(c)
    if ruling.cells:
        out += ["Interaction-matrix cells it rules out: "
                + "; ".join(f"{rst.esc(r)} against {rst.esc(c)}" for r, c in ruling.cells)
                + f" ({rst.role('doc', '/' + matrix_doc(home), 'matrix')}).", ""]
    text = " ".join([ruling.title, ruling.question, ruling.answer])
    cards = [card_for_name(site, home, name) for name in sorted(mentioned(rs, text))]
    cards = sorted({c for c in cards if c is not None}, key=lambda c: c.name)
    if cards:
        out += ["Cards it names: " + ", ".join(
            rst.role("hd:card", c.target, site.cards[c].title) for c in cards) + ".", ""]
    out += rst.heading("Pinned by", "-")
    pins = site.by_ruling.get(ruling.ident, [])
    out += rst.bullet([f"{rst.role('hd:scenario', i)}: {rst.esc(site.scenario(i).title)}"
                       for i in pins]) if pins else ["No scenario pins it yet.", ""]
    blocks = sources.find(ruling.path, "ruling", ruling.ident)
    if blocks:
        out += rst.heading("In the spec", "-")
        out += rst.code_block(blocks[0].text, LEXER)
    return "\n".join(out) + "\n"


def rulings_index(site: SiteData) -> str:
    out = rst.heading("Rulings")
    out += ["Where a seed is silent, contradictory or vague, the spec records a numbered "
            "ruling: the question, the answer, why, and the alternatives. At least one "
            "scenario pins each.", "",
            ".. toctree::", "   :hidden:", "   :glob:", "", "   *", ""]
    for ident, rs in site.rulesets.items():
        own = sorted(site.own_rulings(ident), key=lambda r: natural(r.ident))
        if not own:
            continue
        out += rst.heading(rs.title, "-")
        out += rst.bullet([f"{rst.role('hd:ruling', r.ident)}: {rst.esc(r.title)}"
                           for r in own])
    return "\n".join(out) + "\n"


def rulesets_index(site: SiteData) -> str:
    out = rst.heading("Rulesets")
    out += [".. toctree::", "   :maxdepth: 1", ""]
    out += [f"   {ident}" for ident in site.rulesets] + [""]
    rows = [[rst.role("doc", "/" + ruleset_doc(i), i), rst.esc(rs.title),
             rs.extends or "", str(len(rs.deck)), str(len(site.cards_of(i))),
             str(len(site.own_rulings(i)))] for i, rs in site.rulesets.items()]
    out += rst.list_table(["ruleset", "title", "extends", "deck", "cards", "rulings"], rows)
    return "\n".join(out) + "\n"


__all__ = ["ruleset_page", "ruling_page", "rulings_index", "rulesets_index", "ruling_doc"]
