"""Selectors: ways the spec names a seat or a set of seats, computed when the effect runs.

A selector returning ``seats`` gives them in turn order starting after the
actor; a verb given a set runs once per member in that order.
"""

from __future__ import annotations

from ..registry import selector
from .interp import Ctx
from .turns import in_order, next_seat


def seats_of(fn, ctx: Ctx) -> list[int]:
    """A selector's result as a list, whether it names one seat or several."""
    got = fn(ctx)
    return got if isinstance(got, list) else [got]


@selector("self", "The player whose card or action is resolving.", "draw(1, target=self)")
def sel_self(ctx: Ctx) -> int:
    return ctx.actor


@selector("next", "The next player still in the game after the actor, in the current direction.",
          "attack(2, target=next)")
def sel_next(ctx: Ctx) -> int:
    return next_seat(ctx.state, ctx.actor)


@selector("previous", "The player still in the game before the actor, in the current direction.",
          "draw(4, target=previous)")
def sel_previous(ctx: Ctx) -> int:
    return next_seat(ctx.state, ctx.actor, backwards=True)


@selector("chosen", "The player the actor named with the play.",
          "attack(1, target=chosen)", needs=("target",))
def sel_chosen(ctx: Ctx) -> int:
    assert ctx.action is not None and ctx.action.target is not None
    return ctx.action.target


@selector("origin", "The player who started the pending effect.", "reflect_attack")
def sel_origin(ctx: Ctx) -> int:
    return _pending(ctx).origin


@selector("sender", "The player the pending effect last came from (contributor or redirector).",
          "pass_attack(to=sender)")
def sel_sender(ctx: Ctx) -> int:
    return _pending(ctx).sender


@selector("last_stacker", "The player who made the latest contribution to the pending draw.",
          "split_attack(with=last_stacker)")
def sel_last_stacker(ctx: Ctx) -> int:
    return _pending(ctx).last_stacker


@selector("target", "The player the pending effect is aimed at.", "draw(1, target=target)")
def sel_target(ctx: Ctx) -> int:
    return _pending(ctx).target


@selector("holder", "The player in front of whom the field card sits (else the actor).",
          "adjust(-1)")
def sel_holder(ctx: Ctx) -> int:
    return ctx.holder if ctx.holder >= 0 else ctx.actor


@selector("owner", "The player who released the card into play (for cards in neutral play); "
          "for a card nobody released (one laid out on a table), nobody.",
          "give_turn(owner)")
def sel_owner(ctx: Ctx) -> int:
    card = ctx.card
    if card is None:
        return ctx.actor
    return card.owner if card.owner is not None else -1


@selector("dealer", "The dealer of the hand.", "attack(2, target=dealer)")
def sel_dealer(ctx: Ctx) -> int:
    return ctx.state.dealer


@selector("subject", "The player the triggering event is about (who drew, whose turn starts).",
          "on turn_start if same(subject, holder) { ... }")
def sel_subject(ctx: Ctx) -> int:
    return ctx.subject


@selector("asked", "The player chosen by the latest 'ask_player' of this effect.",
          "attack(1, target=asked)")
def sel_asked(ctx: Ctx) -> int:
    seat = ctx.vars.get("asked")
    assert isinstance(seat, int), "'asked' used before ask_player"
    return seat


@selector("others", "Every other player still in the game, in turn order from the actor.",
          "attack(2, target=others)", returns="seats")
def sel_others(ctx: Ctx) -> list[int]:
    return in_order(ctx.state, ctx.actor)


@selector("everyone", "Every player still in the game, in turn order from the actor, who is last.",
          "draw(1, target=everyone)", returns="seats")
def sel_everyone(ctx: Ctx) -> list[int]:
    return in_order(ctx.state, ctx.actor, include_self=True)


def _pending(ctx: Ctx):
    if ctx.pending is not None:
        return ctx.pending
    assert ctx.state.pending, "no effect is pending"
    return ctx.state.pending[0]
