"""Where each generated page lives (Sphinx docnames under ``generated/``), decided in one place."""

from __future__ import annotations

import re

from .gather import CardId, SiteData
from .rst import slug

ROOT = "generated"


def natural(text: str) -> tuple:
    """Sort key that puts V3-2 before V3-10."""
    return tuple(int(p) if p.isdigit() else p for p in re.split(r"(\d+)", text))


def ruleset_doc(ident: str) -> str:
    return f"{ROOT}/rulesets/{ident}"


def ruling_doc(ident: str) -> str:
    return f"{ROOT}/rulings/{ident}"


def scenario_doc(ident: str) -> str:
    return f"{ROOT}/scenarios/{ident}"


def matrix_doc(ident: str) -> str:
    return f"{ROOT}/matrix/{ident}"


class CardPages:
    """Each card's docname: ``generated/cards/<ruleset>/<slug of its name>``, unique per ruleset."""

    def __init__(self, site: SiteData):
        self.docs: dict[CardId, str] = {}
        for ruleset in site.rulesets:
            used: set[str] = set()
            for entry in site.cards_of(ruleset):
                base = slug(entry.card.name)
                name, n = base, 2
                while name in used:
                    name, n = f"{base}-{n}", n + 1
                used.add(name)
                self.docs[entry.card] = f"{ROOT}/cards/{ruleset}/{name}"

    def doc(self, card: CardId) -> str:
        return self.docs[card]

    def svg_links(self, ruleset: str) -> dict[str, str]:
        """Card name -> URL relative to a page two levels under ``generated/`` (for SVG nodes)."""
        return {c.name: "../../" + d + ".html" for c, d in self.docs.items()
                if c.ruleset == ruleset}
