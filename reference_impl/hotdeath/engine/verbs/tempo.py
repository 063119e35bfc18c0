"""Verbs of tempo and Power Cards: the number of cards a turn must play, and the flex switch."""

from __future__ import annotations

from ...registry import Param, verb
from .. import tempo
from ..interp import Ctx
from ..selectors import seats_of


@verb("tempo_up", "The tempo (how many cards a turn must play) increases by N.", "tempo_up(1)",
      {"amount": Param("int", required=True)})
def tempo_up(ctx: Ctx, amount: int) -> None:
    s = ctx.state
    s.tempo += amount
    s.log("tempo", ctx.owner, f"the tempo rises to {s.tempo}")


@verb("double_tempo_draw", "The next player to take a turn who fails to meet the tempo draws "
      "twice the tempo instead.", "double_tempo_draw")
def double_tempo_draw(ctx: Ctx) -> None:
    ctx.state.tempo_factor = 2


@verb("flip_power", "Each of these players turns their Power Card over (green to red, red to "
      "green).", "flip_power(everyone)", {"who": Param("seats", required=True)})
def flip_power(ctx: Ctx, who) -> None:
    s = ctx.state
    for seat in seats_of(who, ctx):
        tempo.flip_power(s, seat, ctx.owner)
    tempo.settle_power(s, ctx.owner)
