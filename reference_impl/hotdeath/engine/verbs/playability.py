"""Conditions about what a player could do now, by the rules of play."""

from __future__ import annotations

from ...registry import Param, condition
from ..interp import Ctx


@condition("can_play", "A player holds a card they could play now on the card in play (by the "
           "matching rules and the cards' own limits).", "allowed if not can_play(self)",
           {"who": Param("selector", required=True)})
def can_play(ctx: Ctx, who) -> bool:
    from ..allowed import _can_play_something  # the rules of play, consulted lazily
    return _can_play_something(ctx.state, who(ctx))
