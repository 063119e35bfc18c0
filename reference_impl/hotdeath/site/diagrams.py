"""DOT for the site's diagrams, from the model and the matrix; no Sphinx here.

Every function returns the text of a ``digraph``; the Sphinx layer hands it to
``sphinx.ext.graphviz``. Node order follows the spec, so the output is stable.
"""

from __future__ import annotations

import html

from ..model import Ruleset
from ..suite.matrix import ACCEPT, CHALLENGE, STACK, Cell, axes
from . import introspect

_HEAD = ('  graph [rankdir=LR, fontname="Helvetica", fontsize=11, bgcolor="transparent"];\n'
         '  node [fontname="Helvetica", fontsize=10, shape=box, style="rounded,filled", '
         'fillcolor="#f5f5f5"];\n  edge [fontname="Helvetica", fontsize=9];\n')


def q(text: str) -> str:
    """A DOT quoted string."""
    return '"' + str(text).replace("\\", "\\\\").replace('"', '\\"') + '"'


def _graph(name: str, body: list[str], rankdir: str = "LR") -> str:
    head = _HEAD.replace("rankdir=LR", f"rankdir={rankdir}")
    return f"digraph {q(name)} {{\n{head}" + "".join(f"  {line}\n" for line in body) + "}\n"


def kernel_flow() -> str:
    """The kernel's turn and response flow: what happens to every action, for any ruleset.

    This is the shape of ``engine/game.py``'s dispatcher and ``engine/acts.py``'s
    pipeline (validate, would-event, answers, did-event, triggers, state checks);
    it names primitives, never a card.
    """
    nodes = {
        "turn": "a seat's turn\n(or an open window)",
        "act": "an action\nplay / draw / pass / jump in / use\nuno / catch / challenge",
        "valid": "legal?\n(legality: matching, windows,\nthe pending attack)",
        "reject": "rejected with a code\n(state unchanged)",
        "would": "would-event\n(a draw, an attack...)",
        "answers": "replacement effects\n(answers: stack, block, reflect,\npass on, split, absorb)",
        "modifiers": "continuous effects\nin declared layers\n(draw modifiers)",
        "did": "did-event\n(cards move)",
        "triggers": "triggers\n(card effects, rule overrides)",
        "ask": "a choice is asked\n(colour, target, cards...)",
        "checks": "state checks\n(Uno windows, going out,\nelimination, the end)",
        "next": "next seat\n(direction, skips)",
        "pending": "pending attack\naimed at its target",
    }
    body = [f"{q(k)} [label={q(v)}];" for k, v in nodes.items()]
    body += ['"reject" [fillcolor="#fde0dc"];', '"pending" [fillcolor="#fff3cd"];']
    edges = [("turn", "act", ""), ("act", "valid", ""), ("valid", "reject", "no"),
             ("valid", "triggers", "yes"), ("triggers", "ask", "needs a decision"),
             ("ask", "act", "the answer is\nthe next action"),
             ("triggers", "pending", "an attack"), ("pending", "act", "its target answers"),
             ("pending", "would", "accepted"), ("would", "answers", ""),
             ("answers", "modifiers", ""), ("modifiers", "did", ""),
             ("did", "checks", ""), ("triggers", "checks", "no attack"),
             ("checks", "next", ""), ("next", "turn", "")]
    body += [f"{q(a)} -> {q(b)}" + (f" [label={q(lab)}];" if lab else ";") for a, b, lab in edges]
    return _graph("kernel", body, "TB")


def _display(rs: Ruleset, name: str) -> str:
    kind = rs.kinds.get(name)
    return (kind.called or name) if kind is not None else name


def attack_answer(rs: Ruleset, cells: dict[tuple, Cell], links: dict[str, str]) -> str:
    """Each attack (left) with the cards that answer it (a list on its right), from the
    interaction matrix: one row per attack, so no two edges cross (one graph with an edge
    per pair was a tangle). An answer is listed when some scenario answers that attack with
    that card and the answer works; refusals and ruled-out pairs are left to the matrix."""
    ax = axes(rs)
    answers = [c for c in ax.cols if c not in (STACK, ACCEPT, CHALLENGE)]
    works: dict[str, set[str]] = {r: set() for r in ax.rows}
    for cell in cells.values():
        if cell.col in answers and cell.accepted and cell.row in works:
            works[cell.row].add(cell.col)
    body = ["nodesep=0.15; ranksep=0.3;"]
    previous = ""
    for row in ax.rows:
        attack = q("a:" + row)
        body.append(f"{attack} [label={q(_display(rs, row))}, fillcolor=\"#fde0dc\"" +
                    _url(links, row) + "];")
        got = [c for c in answers if c in works[row]]
        listed = q("l:" + row)
        if got:
            cells_html = "".join(_html_cell(rs, links, c) for c in got)
            body.append(f"{listed} [shape=plain, style=\"\", label=<<TABLE BORDER=\"0\" "
                        f"CELLBORDER=\"1\" CELLSPACING=\"2\" CELLPADDING=\"3\"><TR>"
                        f"{cells_html}</TR></TABLE>>];")
            body.append(f"{attack} -> {listed} [label=\"answered by\", color=\"#2e7d32\"];")
        else:
            body.append(f"{listed} [label=\"no answer in the corpus\", shape=plain, "
                        "style=\"\", fontcolor=\"#777777\"];")
            body.append(f"{attack} -> {listed} [style=dotted, arrowhead=none];")
        if previous:  # keep the rows in the spec's order, top to bottom
            body.append(f"{previous} -> {attack} [style=invis];")
        previous = attack
    if ax.rows:  # the attacks in one column, their lists in the next
        body.append("{ rank=same; " + " ".join(q("a:" + r) for r in ax.rows) + " }")
    else:
        body.append('"none" [label="no attack in this ruleset"];')
    return _graph(f"answers-{rs.ident}", body, "LR")


def _html_cell(rs: Ruleset, links: dict[str, str], name: str) -> str:
    """One answer in a row's list: its name, linked to its page when it has one."""
    text = html.escape(_display(rs, name))
    url = links.get(name)
    href = f' HREF="{html.escape(url)}" TARGET="_top" TITLE="{text}"' if url else ""
    return f'<TD BGCOLOR="#dcecfd"{href}>{text}</TD>'


def stacking(rs: Ruleset, links: dict[str, str]) -> str:
    """Which cards may be stacked on which attack: a card joins a pending attack of its family."""
    families: dict[str, list[str]] = {}
    starts: dict[str, list[str]] = {}
    for kind in rs.kinds.values():
        if not kind.copies:
            continue
        if kind.stack:
            families.setdefault(kind.stack, []).append(kind.name)
        for group in sorted(introspect.attack_groups(kind)):
            starts.setdefault(group, []).append(kind.name)
    body: list[str] = []
    for group in sorted(set(families) | set(starts)):
        members = families.get(group, [])
        body.append(f"subgraph {q('cluster_' + group)} {{ label={q('family ' + group)}; "
                    'color="#999999";')
        body.append(f"  {q('f:' + group)} [label={q('a pending ' + group + ' attack')}, "
                    'shape=ellipse, fillcolor="#fff3cd"];')
        for name in members:
            body.append(f"  {q('c:' + name)} [label={q(_display(rs, name))}" +
                        _url(links, name) + "];")
        body.append("}")
        for name in starts.get(group, []):
            if name not in members:
                body.append(f"{q('c:' + name)} [label={q(_display(rs, name))}" +
                            _url(links, name) + "];")
            body.append(f"{q('c:' + name)} -> {q('f:' + group)} [label=\"starts\"];")
        for name in members:
            body.append(f"{q('f:' + group)} -> {q('c:' + name)} [label=\"stacked on by\", "
                        'color="#1565c0"];')
    if not body:
        body.append('"none" [label="no card of this ruleset stacks"];')
    return _graph(f"stacking-{rs.ident}", body)


def has_hierarchy(rs: Ruleset) -> bool:
    """A draw hierarchy is worth drawing when some card modifies draws or draws in a class."""
    return bool(rs.layers) and any(
        kind.modifiers or introspect.draw_classes(kind) for kind in rs.kinds.values())


def draw_hierarchy(rs: Ruleset, links: dict[str, str]) -> str:
    """The ruleset's draw layers, top first, with the draws and modifiers that sit in each.

    Draws of a higher class are immune to the modifiers of the layers below
    (the ``layers`` setting: v3's card draw hierarchy).
    """
    body = []
    for i, layer in enumerate(rs.layers):
        body.append(f"{q('l:' + layer)} [label={q(f'{i + 1}. {layer}')}, shape=box, "
                    'fillcolor="#fff3cd"];')
    for a, b in zip(rs.layers, rs.layers[1:], strict=False):
        body.append(f"{q('l:' + a)} -> {q('l:' + b)} [label=\"ranks above\"];")
    for kind in rs.kinds.values():
        if not kind.copies:
            continue
        for cls in sorted(introspect.draw_classes(kind)):
            if cls in rs.layers:
                body.append(f"{q('c:' + kind.name)} [label={q(_display(rs, kind.name))}"
                            + _url(links, kind.name) + "];")
                body.append(f"{q('c:' + kind.name)} -> {q('l:' + cls)} "
                            '[label="draws as", style=dashed];')
        for mod in kind.modifiers:
            if mod.layer in rs.layers:
                body.append(f"{q('c:' + kind.name)} [label={q(_display(rs, kind.name))}, "
                            'fillcolor="#e8f5e9"' + _url(links, kind.name) + "];")
                body.append(f"{q('c:' + kind.name)} -> {q('l:' + mod.layer)} "
                            f"[label={q('modifies ' + mod.event)}, color=\"#2e7d32\"];")
    return _graph(f"hierarchy-{rs.ident}", _unique(body), "TB")


def _unique(lines: list[str]) -> list[str]:
    seen, out = set(), []
    for line in lines:
        if line not in seen:
            seen.add(line)
            out.append(line)
    return out


def _url(links: dict[str, str], name: str) -> str:
    """A node link (relative to the page the SVG is embedded in), when the name has a page."""
    url = links.get(name)
    return f", URL={q(url)}, target=\"_top\"" if url else ""
