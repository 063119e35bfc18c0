"""How cards relate: the same card across rulesets, and the rulings that concern a card.

A card is "the same" in two rulesets when they share its name, its notation
key, or the name one ruleset calls it (a ruleset that extends another may
rename a card with ``called``, and a third may take up the new name). The families
are the connected groups of that relation, found with a small union-find.
"""

from __future__ import annotations

import re
from collections import Counter

from ..model import Ruleset, Ruling
from .gather import CardEntry, CardId, SiteData


def families(site: SiteData) -> list[list[CardId]]:
    """Groups of the same card across rulesets, each in ruleset order, sorted by first member."""
    parent: dict[CardId, CardId] = {c: c for c in site.cards}

    def find(c: CardId) -> CardId:
        while parent[c] != c:
            parent[c] = parent[parent[c]]
            c = parent[c]
        return c

    by_label: dict[str, CardId] = {}
    for card, entry in site.cards.items():
        labels = {f"name:{entry.kind.name.lower()}", f"name:{entry.title.lower()}"}
        if entry.kind.key:
            labels.add(f"key:{entry.kind.key}")
        for label in sorted(labels):
            if label in by_label:
                parent[find(card)] = find(by_label[label])
            else:
                by_label[label] = card
    groups: dict[CardId, list[CardId]] = {}
    order = {r: i for i, r in enumerate(site.rulesets)}
    for card in site.cards:
        groups.setdefault(find(card), []).append(card)
    out = [sorted(g, key=lambda c: (order[c.ruleset], c.name)) for g in groups.values()]
    return sorted(out, key=lambda g: (g[0].ruleset, g[0].name))


def family_of(fams: list[list[CardId]]) -> dict[CardId, list[CardId]]:
    return {card: fam for fam in fams for card in fam}


def _names(rs: Ruleset) -> list[str]:
    names = {k.name for k in rs.kinds.values()} | {k.called for k in rs.kinds.values() if k.called}
    return sorted(names, key=len, reverse=True)


def mentioned(rs: Ruleset, text: str) -> set[str]:
    """Card names (as written) that occur in the text; a longer name hides the shorter
    ones inside it (a card 'Big Draw' is not also a mention of a card 'Draw')."""
    found, taken = set(), [False] * len(text)
    for name in _names(rs):
        for m in re.finditer(r"(?<![\w-])" + re.escape(name) + r"(?![\w-])", text):
            if not any(taken[m.start():m.end()]):
                found.add(name)
                for i in range(m.start(), m.end()):
                    taken[i] = True
    return found


def rulings_for(site: SiteData, entry: CardEntry) -> list[Ruling]:
    """Rulings of the card's ruleset (inherited ones too) that name it, rule out one of its
    matrix cells, or cite the same seed passage."""
    rs = site.rulesets[entry.card.ruleset]
    own = {entry.kind.name, entry.title}
    shared = Counter((c.source, c.heading) for k in rs.kinds.values() for c in k.citations)
    # A heading names this card only when no other card of the ruleset cites it too.
    headings = {(c.source, c.heading) for c in entry.kind.citations
                if shared[(c.source, c.heading)] <= 1}
    out = []
    for ruling in rs.rulings.values():
        text = " ".join([ruling.title, ruling.question, ruling.answer])
        cells = {part.removesuffix(" stack") for cell in ruling.cells for part in cell}
        cites = {(c.source, c.heading) for c in ruling.citations}
        if mentioned(rs, text) & own or cells & own or cites & headings:
            out.append(ruling)
    return out


def card_for_name(site: SiteData, ruleset: str, name: str) -> CardId | None:
    """The card a name (model name or the name it is called) means in a ruleset."""
    for card, entry in site.cards.items():
        if card.ruleset == ruleset and name in (entry.kind.name, entry.title):
            return card
    return None
