"""The interaction matrix as a table: every attack against every answer, each cell linked to
the scenario that pins it or the ruling that rules it out (``hotdeath.suite.matrix``'s data)."""

from __future__ import annotations

from ..model import Ruleset
from ..suite.matrix import Cell
from . import rst
from .names import ruleset_doc
from .related import card_for_name


def column_keys(cells: dict[tuple, Cell]) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    for cell in cells.values():
        key = (cell.col, cell.modifier)
        if key not in out:
            out.append(key)
    return out


def cell_text(cell: Cell | None) -> str:
    if cell is None:
        return ""
    if cell.accepted:
        return "✓ " + rst.role("hd:scenario", cell.accepted[0])
    if cell.refused:
        return "✗ " + rst.role("hd:scenario", cell.refused[0])
    if cell.ruling:
        return "— " + rst.role("hd:ruling", cell.ruling)
    return "**empty**"


def _label(site, rs: Ruleset, name: str) -> str:
    bare = name.removesuffix(" stack")
    card = card_for_name(site, rs.ident, bare)
    if card is None:
        return rst.esc(name)
    title = site.cards[card].title + (" stack" if name != bare else "")
    return rst.role("hd:card", card.target, title)


def matrix_page(site, rs: Ruleset, cells: dict[tuple, Cell]) -> str:
    pinned = sum(c.pinned for c in cells.values())
    out = rst.heading(f"Interaction matrix: {rs.ident}")
    out += [f"{rst.role('doc', '/' + ruleset_doc(rs.ident), rs.title)}: {pinned} of "
            f"{len(cells)} cells pinned. Rows are attacks; columns are the ways to answer "
            "them (accepting is split by the draw modifier in play). ✓ links a scenario "
            "where the answer works, ✗ one where the rules refuse it, — a ruling that says "
            "the pair cannot occur. Made by the same code as ``hotdeath matrix "
            f"{rs.ident}``.", ""]
    keys = column_keys(cells)
    by_key = {(c.row, c.col, c.modifier): c for c in cells.values()}
    rows_order: list[str] = list(dict.fromkeys(c.row for c in cells.values()))
    header = ["attack"] + [_label(site, rs, col) + (f" ({rst.esc(mod)})" if mod else "")
                           for col, mod in keys]
    rows = [[_label(site, rs, row)] + [cell_text(by_key.get((row, col, mod)))
                                       for col, mod in keys] for row in rows_order]
    if rows:
        out += rst.list_table(header, rows, cls="hd-matrix")
    else:
        out += ["This ruleset has no attacks.", ""]
    return "\n".join(out) + "\n"
