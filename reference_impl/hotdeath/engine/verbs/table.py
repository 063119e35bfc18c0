"""Verbs of the table as a whole: physical chance and changes of the rules in force."""

from __future__ import annotations

from ...registry import Param, verb
from ..interp import Ctx


@verb("flip_coin", "The actor flips a card like a coin; the outcome (up or down) is a scripted "
      "input, and 'coin_up' then tests it.", "flip_coin")
def flip_coin(ctx: Ctx) -> None:
    s = ctx.state
    side = s.chance.coin()
    ctx.vars["coin"] = side
    s.log("coin", ctx.owner, f"{s.name(ctx.actor)} flips the card: it lands face {side}")


@verb("switch_ruleset", "From now on the game is governed by another ruleset; every card acts "
      "as the face of that ruleset it stands for (a special card as the plain card it "
      "replaces).", "switch_ruleset(classic)", {"to": Param("name", required=True)})
def switch_ruleset(ctx: Ctx, to: str) -> None:
    s = ctx.state
    if s.rs.ident == to:
        return
    s.rs = s.rulesets[to]
    s.active = [c for zone in [*s.fields, s.neutral] for c in zone
                if s.kind(c).while_active]
    s.log("rules", ctx.owner, f"the game is now governed by {s.rs.title}")
