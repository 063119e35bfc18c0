"""Verbs for periods: a state of the table that lasts until a rule ends it (a silence).

A period is not a window: a window closes at the next action, whatever it is;
a period runs across turns until the event its rule names (the play coming
back round, the first sound) ends it.
"""

from __future__ import annotations

from ...registry import Param, verb
from ..interp import Ctx


@verb("begin_period", "A period of this name begins, begun by the actor (a silence); one "
      "already running is replaced. 'period' tests it.", "begin_period(silence)",
      {"name": Param("name", required=True)})
def begin_period(ctx: Ctx, name: str) -> None:
    s = ctx.state
    if s.periods.get(name) == ctx.actor:
        return  # already running, begun by the same player: nothing new to tell
    s.periods[name] = ctx.actor
    s.log("period", ctx.owner, f"{name} begins ({s.name(ctx.actor)})")


@verb("end_period", "The period of this name ends, if it is running.", "end_period(silence)",
      {"name": Param("name", required=True)})
def end_period(ctx: Ctx, name: str) -> None:
    s = ctx.state
    if s.periods.pop(name, None) is not None:
        s.log("period", ctx.owner, f"{name} ends")
