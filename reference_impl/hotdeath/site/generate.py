"""Write every generated page under ``docs/generated/``: deterministic, and only what changed.

A file is rewritten only when its text differs, so Sphinx's incremental
build re-reads just the pages whose rules or scenarios changed; pages for
cards, rulings or scenarios that no longer exist are deleted.
"""

from __future__ import annotations

import time
from pathlib import Path

from .. import engine  # noqa: F401  (importing it registers the vocabulary)
from ..registry import load as load_vocab
from ..suite.matrix import matrix
from . import cards, diagrams, rst
from .gather import SiteData, gather
from .matrix_page import matrix_page
from .names import ROOT, CardPages, matrix_doc, natural, ruleset_doc, ruling_doc, scenario_doc
from .reference import reference_page
from .related import families, family_of
from .rulesets import graphviz, ruleset_page, rulesets_index, ruling_page, rulings_index
from .scenarios import scenario_page, scenarios_index
from .usage import usage_page


def pages(site: SiteData, corpus: list) -> dict[str, str]:
    """Every generated page: docname (under the docs root) -> reST text."""
    out: dict[str, str] = {}
    card_pages = CardPages(site)
    fams = families(site)
    fam_of = family_of(fams)
    for ident, rs in site.rulesets.items():
        cells = matrix(rs, corpus, site.rulesets)
        out[ruleset_doc(ident)] = ruleset_page(site, card_pages, rs, cells)
        out[matrix_doc(ident)] = matrix_page(site, rs, cells)
    out[f"{ROOT}/rulesets/index"] = rulesets_index(site)
    out[f"{ROOT}/matrix/index"] = _matrix_index(site)
    for card, entry in site.cards.items():
        out[card_pages.doc(card)] = cards.card_page(site, card_pages, entry, fam_of[card])
    for ident in sorted(site.ruling_home, key=natural):
        out[ruling_doc(ident)] = ruling_page(site, card_pages, site.ruling(ident))
    out[f"{ROOT}/rulings/index"] = rulings_index(site)
    for info in site.scenarios:
        out[scenario_doc(info.ident)] = scenario_page(site, info)
    out[f"{ROOT}/scenarios/index"] = scenarios_index(site)
    out[f"{ROOT}/compare"] = cards.compare_page(site, card_pages, fams)
    out[f"{ROOT}/reference"] = reference_page(load_vocab())
    out[f"{ROOT}/kernel"] = _kernel_page()
    out[f"{ROOT}/harness"] = usage_page()
    return out


def _matrix_index(site: SiteData) -> str:
    out = rst.heading("Interaction matrices")
    out += [".. toctree::", "   :maxdepth: 1", ""]
    out += [f"   {ident}" for ident in site.rulesets] + [""]
    return "\n".join(out) + "\n"


def _kernel_page() -> str:
    out = rst.heading("The kernel's turn and response flow")
    out += ["What the reference interpreter does with every action, whatever the ruleset. "
            "Cards only supply triggers, answers, modifiers and overrides; the flow is the "
            "kernel's (``engine/game.py`` and ``engine/acts.py``).", ""]
    out += graphviz(diagrams.kernel_flow())
    return "\n".join(out) + "\n"


def write(docs_dir: Path, site: SiteData | None = None, corpus: list | None = None,
          log=None) -> dict[str, int]:
    """Generate into ``docs_dir/generated``; returns counts of pages written, kept, removed."""
    from hotdeath_harness.corpus import load_corpus

    from ..resources import scenarios_dir

    start = time.perf_counter()
    if corpus is None:
        corpus = load_corpus(scenarios_dir())
    if site is None:
        site = gather(corpus=corpus)
    texts = pages(site, corpus)
    root = docs_dir / ROOT
    wanted = {root.parent / f"{doc}.rst" for doc in texts}
    counts = {"written": 0, "kept": 0, "removed": 0}
    for doc, text in sorted(texts.items()):
        path = docs_dir / f"{doc}.rst"
        if path.exists() and path.read_text(encoding="utf-8") == text:
            counts["kept"] += 1
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        counts["written"] += 1
    if root.exists():
        for path in sorted(root.rglob("*.rst")):
            if path not in wanted:
                path.unlink()
                counts["removed"] += 1
    counts["pages"] = len(texts)
    from .search_index import index_json

    search = root / "search.json"  # copied into the built site by sphinx_ext (not a page)
    search.parent.mkdir(parents=True, exist_ok=True)
    search.write_text(index_json(site), encoding="utf-8")
    if log is not None:
        log(f"hotdeath: {len(texts)} generated pages ({counts['written']} written, "
            f"{counts['removed']} removed) in {time.perf_counter() - start:.1f}s")
    return counts
