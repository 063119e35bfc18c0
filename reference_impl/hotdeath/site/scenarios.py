"""A page per scenario (its source and the reference's trace) and the index of scenarios by id."""

from __future__ import annotations

import html
import json
from pathlib import Path

from . import rst
from .cards import trace_text
from .gather import CardId, ScenarioInfo, SiteData
from .names import ruleset_doc

LEXER = "hotdeath-scenario"


def _display_path(site: SiteData, path: str) -> str:
    try:
        return str(Path(path).resolve().relative_to(site.root.resolve().parent.parent))
    except ValueError:
        return Path(path).name


def scenario_page(site: SiteData, info: ScenarioInfo) -> str:
    out = rst.heading(f"{info.ident}: {info.title}")
    out += [f".. hd:scenario:: {info.ident}", ""]
    facts = [f"Ruleset: {rst.role('doc', '/' + ruleset_doc(info.ruleset), info.ruleset)}"
             if info.ruleset in site.rulesets else f"Ruleset: ``{info.ruleset}``"]
    if info.options:
        facts.append("options: " + ", ".join(f"``{o}``" for o in info.options))
    if info.pins:
        facts.append("pins " + ", ".join(rst.role("hd:ruling", p) for p in info.pins))
    out += ["; ".join(facts) + ".", ""]
    cards = [CardId(info.ruleset, name) for name in sorted(info.cards)]
    cards = [c for c in cards if c in site.cards]
    if cards:
        out += ["Cards it exercises: " + ", ".join(
            rst.role("hd:card", c.target, site.cards[c].title) for c in cards) + ".", ""]
    out += rst.heading("What happens", "-")
    out += ["The reference implementation's trace (``hotdeath run``): each step, each event "
            "with the rule and seed sentence behind it, and each expectation checked.", ""]
    out += rst.code_block(trace_text(info), "text")
    out += rst.heading("The scenario", "-")
    out += [f"``{_display_path(site, info.path)}``", ""]
    out += rst.code_block(info.text, LEXER if info.path.endswith(".scn") else "json")
    if info.path.endswith(".scn"):
        out += rst.heading("See the table, edit and run", "-")
        out += ["The table after each step, drawn from the observations the trace above was "
                "made from. **Edit & run** runs the reference in this page (Python in the "
                "browser, nothing sent anywhere): change a step and see what the rules say; "
                "**Share link** puts your version in the address.", ""]
        out += runner(site, info)
    return "\n".join(out) + "\n"


def runner(site: SiteData, info: ScenarioInfo) -> list[str]:
    """The page's hook for the in-page runner (docs/web): the scenario's text, where
    ``hotdeath run`` would find it, and the frames of its trace for the picture."""
    from .inpage import frames

    body = [f'<div class="hd-runner" data-path="{html.escape(_display_path(site, info.path))}" '
            f'data-ruleset="{html.escape(info.ruleset)}">',
            f'<textarea class="hd-source" hidden>{html.escape(info.text)}</textarea>']
    if info.trace is not None:
        data = json.dumps(frames(info.trace), separators=(",", ":")).replace("</", "<\\/")
        body.append(f'<script type="application/json" class="hd-frames">{data}</script>')
    body.append("</div>")
    return [".. raw:: html", ""] + rst.indent("\n".join(body).splitlines()) + [""]


def scenarios_index(site: SiteData) -> str:
    out = rst.heading("Scenarios by id")
    out += [f"The corpus: {len(site.scenarios)} scenarios. Each is a rule clarification "
            "that runs; its page shows its source and what the reference does with it.", "",
            ".. toctree::", "   :hidden:", "   :glob:", "", "   *", ""]
    rows = [[rst.role("hd:scenario", s.ident), rst.esc(s.title), s.ruleset,
             ", ".join(rst.role("hd:ruling", p) for p in s.pins),
             "" if s.trace is not None and s.trace.ok else "**fails**"]
            for s in site.scenarios]
    out += rst.list_table(["id", "title", "ruleset", "pins", ""], rows, "12 50 14 18 6")
    return "\n".join(out) + "\n"
