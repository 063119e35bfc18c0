"""The interaction matrix: every attack against every way of answering it.

Rows are the ruleset's attacks: each card (or rule) whose effects aim an
attack, and, for a card that joins stacks, a stack whose latest card it is.
Columns are the answers: every card that answers attacks, adding to the
attack (stacking), challenging it, and accepting it. Accepting a draw is
split further by what changes the drawer's draw (none, or each card that
modifies draws).

A cell is *pinned* when some scenario of the ruleset tries that answer to
that attack (accepted, or refused as the rules say); the cells are found by
running the corpus again through the reference implementation and watching each
action taken while an attack is pending. A ruling may instead say why a cell
cannot occur (``cell "Row" "Column"`` in the ruling). Every other cell is
empty, and the command fails.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..adapter import ReferenceImplementation, SetupError
from ..engine.state import State
from ..model import Effect, IfOp, Op, Ruleset

ATTACK_VERBS = {"attack", "distribute"}
ACCEPT, STACK, CHALLENGE = "accept", "stack", "challenge"
NO_MODIFIER = "no modifier"


@dataclass
class Cell:
    row: str
    col: str
    modifier: str = ""
    accepted: list[str] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)
    ruling: str | None = None

    @property
    def pinned(self) -> bool:
        return bool(self.accepted or self.refused or self.ruling)

    @property
    def mark(self) -> str:
        if self.accepted:
            return "ok " + self.accepted[0]
        if self.refused:
            return "refused " + self.refused[0]
        return f"ruling {self.ruling}" if self.ruling else "EMPTY"


def _verbs(ops: tuple) -> set[str]:
    out: set[str] = set()
    for op in ops:
        if isinstance(op, IfOp):
            out |= _verbs(op.then) | _verbs(op.orelse)
        elif isinstance(op, Op):
            out.add(op.call.name)
    return out


def _attacks(effects: list[Effect]) -> bool:
    return any(_verbs(e.body) & ATTACK_VERBS for e in effects)


@dataclass
class Axes:
    rows: list[str]
    cols: list[str]
    modifiers: list[str]
    draw_rows: set[str]


def axes(rs: Ruleset) -> Axes:
    """The rows, columns and modifiers the ruleset's cards and rules call for."""
    rows, draw_rows = [], set()
    for kind in rs.kinds.values():
        plays = kind.triggers.get("play", [])
        if kind.copies and _attacks(plays):
            rows.append(kind.name)
            if any("amount" in _attack_args(e.body) for e in plays):
                draw_rows.add(kind.name)
            if kind.stack is not None:
                rows.append(f"{kind.name} stack")
                draw_rows.add(f"{kind.name} stack")
    for rule in rs.rules.values():
        if any(_attacks(effects) for effects in rule.triggers.values()):
            rows.append(rule.name)
    cols = [k.name for k in rs.kinds.values() if k.answers and k.copies]
    cols += [STACK, ACCEPT]
    if any("challenge" in k.triggers for k in rs.kinds.values() if k.copies):
        cols.append(CHALLENGE)
    modifiers = [k.name for k in rs.kinds.values()
                 if k.copies and any(m.event == "draw" for m in k.modifiers)]
    return Axes(rows, cols, modifiers, draw_rows)


def _attack_args(ops: tuple) -> set[str]:
    """The argument names of the attack calls in a body ('amount' marks a draw)."""
    out: set[str] = set()
    for op in ops:
        if isinstance(op, IfOp):
            out |= _attack_args(op.then) | _attack_args(op.orelse)
        elif isinstance(op, Op) and op.call.name in ATTACK_VERBS:
            if op.call.name == "distribute" or op.call.args:
                out.add("amount")
            out |= {name for name, _ in op.call.kwargs}
    return out


def empty_cells(rs: Ruleset) -> dict[tuple[str, str, str], Cell]:
    ax = axes(rs)
    cells = {}
    for row in ax.rows:
        for col in ax.cols:
            mods = [NO_MODIFIER, *ax.modifiers] if col == ACCEPT and row in ax.draw_rows \
                else [""]
            for mod in mods:
                cells[(row, col, mod)] = Cell(row, col, mod)
    return cells


def _row(state: State) -> str | None:
    p = state.pending[0]
    cards = [c.card for c in p.contributions if c.card is not None]
    if p.payload is not None and p.payload.owner in state.rs.rules:
        return p.payload.owner
    if not cards:
        source = p.batch.source
        return state.kind(source).name if source is not None else None
    name = state.kind(cards[-1]).name
    return f"{name} stack" if len(cards) > 1 else name


def _col(state: State, do: dict) -> str | None:
    act = do.get("act")
    if act in (ACCEPT, CHALLENGE):
        return act
    if act == "draw" and state.setting("draw_accepts"):
        return ACCEPT  # drawing, where it takes the penalty, is accepting it
    if act not in ("play", "use"):
        return None
    player = state.index.get(do.get("player", ""), -1)
    if player < 0:
        return None
    held = [*state.hands[player], *state.fields[player]]
    card = next((c for c in held if c.notation == do.get("card")), None)
    if card is None:
        return None
    kind = state.kind(card)
    stacks = kind.stack is not None or _attacks(kind.triggers.get("play", []))
    if player != state.pending[0].target or (stacks and not kind.answers):
        return STACK if stacks else None  # a draw card played on a draw: a stack, or refused
    return kind.name if kind.answers else None


def _modifiers(state: State) -> list[str]:
    p = state.pending[0]
    if p.payload is not None:
        return [""]
    seat = p.target
    held = [*state.fields[seat], *state.neutral,
            *(c for c in state.hands[seat] if state.kind(c).modifies_from == "hand")]
    names = sorted({state.kind(c).name for c in held
                    if any(m.event == "draw" for m in state.kind(c).modifiers)})
    return names or [NO_MODIFIER]


def observe(rs: Ruleset, scenarios: list, rulesets: dict[str, Ruleset]) -> list[tuple]:
    """Replay the ruleset's scenarios; every answer tried to a pending attack, as
    (row, column, modifiers, scenario id, accepted)."""
    seen = []
    impl = ReferenceImplementation(rulesets)
    for scn in scenarios:
        data = scn.data
        if data["ruleset"] != rs.ident:
            continue
        try:
            impl.load(data)
        except SetupError:
            continue
        for step in data["steps"]:
            state = impl.game.state if impl.game is not None else None
            key = None
            if state is not None and "do" in step and state.pending and state.request is None:
                row, col = _row(state), _col(state, step["do"])
                if row is not None and col is not None:
                    mods = _modifiers(state) if col == ACCEPT else [""]
                    key = (row, col, mods)
            bare = {k: v for k, v in step.items() if k not in ("expect", "reject")}
            answer = impl.step(bare)
            if answer["outcome"] == "errored":
                break
            if key is not None:
                seen.append((*key, data["id"], answer["outcome"] == "accepted"))
    return seen


def matrix(rs: Ruleset, scenarios: list, rulesets: dict[str, Ruleset]) -> dict:
    cells = empty_cells(rs)
    for ruling in rs.rulings.values():
        for row, col in ruling.cells:
            for key, cell in cells.items():
                if key[0] == row and key[1] == col:
                    cell.ruling = ruling.ident
    for row, col, mods, ident, accepted in observe(rs, scenarios, rulesets):
        for mod in mods:
            cell = cells.get((row, col, mod if col == ACCEPT else ""))
            if cell is None and col == ACCEPT:
                cell = cells.get((row, col, "")) or cells.get((row, col, NO_MODIFIER))
            if cell is not None:
                (cell.accepted if accepted else cell.refused).append(ident)
    return cells


def render(rs: Ruleset, cells: dict, markdown: bool = False) -> str:
    pinned = sum(c.pinned for c in cells.values())
    head = f"{rs.ident}: {pinned} of {len(cells)} cells pinned"
    rows: dict[str, list[Cell]] = {}
    for cell in cells.values():
        rows.setdefault(cell.row, []).append(cell)
    if markdown:
        out = [f"# Interaction matrix: {rs.ident}", "", head, "",
               "| attack | answer | modifier | pinned by |", "|---|---|---|---|"]
        out += [f"| {c.row} | {c.col} | {c.modifier} | {c.mark} |" for c in cells.values()]
        return "\n".join(out) + "\n"
    out = [head]
    for row, row_cells in rows.items():
        out.append(f"  {row}")
        for c in row_cells:
            label = c.col + (f" ({c.modifier})" if c.modifier else "")
            out.append(f"    {label:<40} {c.mark}")
    return "\n".join(out)
