"""Selectors: ways the spec names a seat, computed when the effect runs."""

from __future__ import annotations

from ..registry import selector
from .interp import Ctx


@selector("self", "The player whose card or action is resolving.", "draw(1, target=self)")
def sel_self(ctx: Ctx) -> int:
    return ctx.actor


@selector("next", "The next living player after the actor, in the current direction.",
          "attack(2, target=next)")
def sel_next(ctx: Ctx) -> int:
    return ctx.game.next_seat(ctx.actor)


@selector("previous", "The living player before the actor, in the current direction.",
          "draw(4, target=previous)")
def sel_previous(ctx: Ctx) -> int:
    return ctx.game.next_seat(ctx.actor, backwards=True)


@selector("chosen", "The player the actor named with the play.",
          "attack(1, target=chosen)", needs=("target",))
def sel_chosen(ctx: Ctx) -> int:
    assert ctx.action is not None and ctx.action.target is not None
    return ctx.action.target


@selector("origin", "The player who started the pending attack.", "reflect_attack")
def sel_origin(ctx: Ctx) -> int:
    assert ctx.game.pending is not None
    return ctx.game.pending.origin


@selector("sender", "The player the pending attack last came from (contributor or redirector).",
          "split_attack(with=sender)")
def sel_sender(ctx: Ctx) -> int:
    assert ctx.game.pending is not None
    return ctx.game.pending.sender


@selector("last_stacker", "The player who made the latest contribution to the pending attack.",
          "split_attack(with=last_stacker)")
def sel_last_stacker(ctx: Ctx) -> int:
    assert ctx.game.pending is not None
    return ctx.game.pending.last_stacker


@selector("target", "The player the pending attack is aimed at.", "draw(1, target=target)")
def sel_target(ctx: Ctx) -> int:
    assert ctx.game.pending is not None
    return ctx.game.pending.target


@selector("holder", "The player in front of whom the field card sits.", "adjust(-1)")
def sel_holder(ctx: Ctx) -> int:
    return ctx.holder if ctx.holder >= 0 else ctx.actor


@selector("dealer", "The dealer of the hand.", "choose_color(by=dealer)")
def sel_dealer(ctx: Ctx) -> int:
    return ctx.game.dealer
