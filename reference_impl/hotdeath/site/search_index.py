"""The site's search index: every card, ruling, scenario and hand-written page, by name and id.

Sphinx's own search ranks words in page text, which put a 1989 card's page 56th of 243
for the card's exact name (issue 25). This index holds what a reader types, exactly: a
card's names (what its ruleset calls it, and its name in the rules), its key, a ruling's
id, a scenario's id, with each page's ruleset; ``docs/web/src/search.js`` ranks an exact
name or id first. Among cards of the same name, the one other rulesets inherit comes first
(the original printing, as Gatherer lists it), then the rulesets in the site's order.
"""

from __future__ import annotations

import json

from .gather import SiteData
from .names import CardPages, matrix_doc, ruleset_doc, ruling_doc, scenario_doc

PAGES = {
    "playground": "The playground: edit and run a scenario",
    "guide/settling-an-argument": "Settling an argument",
    "guide/formats": "The rules and scenario formats",
    "guide/protocol": "The conformance protocol",
    "generated/compare": "The same card across rulesets",
    "generated/reference": "The rules language",
    "generated/kernel": "The kernel's turn and response flow",
    "generated/harness": "The conformance harness",
    "generated/rulings/index": "Rulings",
    "generated/scenarios/index": "Scenarios by id",
}


def _heirs(site: SiteData) -> dict[str, list[str]]:
    """Each ruleset's descendants (those that extend it, directly or not)."""
    out: dict[str, list[str]] = {r: [] for r in site.rulesets}
    for ident, rs in site.rulesets.items():
        parent = rs.extends
        while parent in out:
            out[parent].append(ident)
            parent = site.rulesets[parent].extends
    return out


def index(site: SiteData, card_pages: CardPages) -> dict:
    """The JSON the search box loads: rulesets (oldest first) and entries."""
    entries: list[dict] = []
    heirs = _heirs(site)
    for card, entry in site.cards.items():
        kind = entry.kind
        names = sorted({entry.title, kind.name} - {""})
        inherited = sum(kind.name in site.rulesets[h].kinds for h in heirs[card.ruleset])
        entries.append({"k": "card", "t": entry.title, "n": names, "id": kind.key,
                        "r": card.ruleset, "u": card_pages.doc(card) + ".html",
                        "o": entry.option, "h": inherited})
    for ident, home in sorted(site.ruling_home.items()):
        ruling = site.ruling(ident)
        entries.append({"k": "ruling", "t": ruling.title, "n": [], "id": ident, "r": home,
                        "u": ruling_doc(ident) + ".html"})
    for info in site.scenarios:
        entries.append({"k": "scenario", "t": " ".join(info.title.split()), "n": [],
                        "id": info.ident, "r": info.ruleset,
                        "u": scenario_doc(info.ident) + ".html"})
    for ident, rs in site.rulesets.items():
        entries.append({"k": "page", "t": rs.title, "n": [ident], "id": ident, "r": ident,
                        "u": ruleset_doc(ident) + ".html"})
        entries.append({"k": "page", "t": f"Interaction matrix: {rs.title}", "n": [],
                        "id": "", "r": ident, "u": matrix_doc(ident) + ".html"})
    for doc, title in PAGES.items():
        entries.append({"k": "page", "t": title, "n": [], "id": "", "r": "",
                        "u": doc + ".html"})
    rulesets = [{"id": i, "title": rs.title} for i, rs in site.rulesets.items()]
    return {"rulesets": rulesets, "entries": entries}


def index_json(site: SiteData) -> str:
    return json.dumps(index(site, CardPages(site)), separators=(",", ":"), sort_keys=True)
