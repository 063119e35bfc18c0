"""Questions the diagrams ask of the checked model: which verbs a card calls, with what.

Read-only walks over compiled effect bodies (``Op``/``IfOp``); nothing here
runs the engine.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..lang import ast
from ..model import CardKind, Effect, IfOp, Op

ATTACK_VERBS = ("attack", "distribute")


def calls(effects: list[Effect]) -> Iterator[ast.Call]:
    """Every verb call in the bodies, conditional branches included."""
    for effect in effects:
        yield from _walk(effect.body)


def _walk(ops: tuple) -> Iterator[ast.Call]:
    for op in ops:
        if isinstance(op, IfOp):
            yield from _walk(op.then)
            yield from _walk(op.orelse)
        elif isinstance(op, Op):
            yield op.call


def kwarg(call: ast.Call, name: str) -> str | None:
    """A keyword argument's plain text (a name or a number), if given."""
    for key, value in call.kwargs:
        if key == name:
            return value_text(value)
    return None


def value_text(value: object) -> str:
    if isinstance(value, ast.Name):
        return value.text
    if isinstance(value, ast.CallValue):
        return value.call.name + "(...)"
    if isinstance(value, tuple):
        return "[" + ", ".join(value_text(v) for v in value) + "]"
    if isinstance(value, ast.Range):
        return f"{value.low}..{value.high}"
    return str(value)


def attack_calls(kind: CardKind) -> list[ast.Call]:
    """The attack calls a card makes when played (and in its named payloads)."""
    effects = [*kind.triggers.get("play", []), *kind.effects.values()]
    return [c for c in calls(effects) if c.name in ATTACK_VERBS]


def attack_groups(kind: CardKind) -> set[str]:
    """The stacking families the card's attacks start (``stack=`` or the card's own family)."""
    out = set()
    for call in attack_calls(kind):
        group = kwarg(call, "stack")
        if group == "none":
            continue
        group = group or kind.stack
        if group:
            out.add(group)
    return out


def draw_classes(kind: CardKind) -> set[str]:
    """The draw classes of the card's attacks (``draw_class=``), for the draw hierarchy."""
    return {cls for call in attack_calls(kind) if (cls := kwarg(call, "draw_class"))}


def answer_verbs(kind: CardKind) -> list[str]:
    """What the card's answers do, as the verbs they call (pass_attack, split_attack...)."""
    seen: list[str] = []
    for call in calls(kind.answers):
        if call.name not in seen:
            seen.append(call.name)
    return seen
