"""Runs checked effect bodies. Verbs receive a Ctx describing who acts and why."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..model import Effect, Face, IfOp
from .state import Action

if TYPE_CHECKING:
    from .game import Game


@dataclass
class Ctx:
    game: Game
    actor: int
    card: Face | None = None
    action: Action | None = None
    owner: str = ""
    skips: int = 0
    play_again: bool = False
    next_turn: int | None = None
    attack_touched: bool = False
    held_color: bool = False
    holder: int = -1
    amount: int = 0
    draw_class: str = ""
    reflip: bool = False
    lost_turn: frozenset[int] = frozenset()


def run(ops: tuple, ctx: Ctx) -> None:
    for op in ops:
        if type(op) is IfOp:
            run(op.then if op.cond(ctx) else op.orelse, ctx)
        else:
            op.fn(ctx, **op.kwargs)


def guard_holds(effect: Effect, ctx: Ctx) -> bool:
    if effect.guard is None:
        return True
    return effect.guard(ctx)


def run_effects(effects: list[Effect], ctx: Ctx) -> None:
    for effect in effects:
        if guard_holds(effect, ctx):
            run(effect.body, ctx)
