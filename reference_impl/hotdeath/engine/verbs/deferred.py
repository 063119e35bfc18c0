"""Verbs for an action that waits before it is taken, and for a card drawn to decide one.

A card whose action may still be stopped after it is played (blocked by a card
thrown on it, reinstated by another) aims its action, as a named payload, at
the player whose next act ends that period; when that player lets it happen,
the payload runs the card's real action with its own player as the actor
(``effect_as``). The cards thrown on it in between are contributions to it, so
the rules can count them (``amount``).
"""

from __future__ import annotations

from ...registry import Param, verb
from ..draws import draw as draw_cards
from ..interp import Ctx, run


@verb("effect_as", "Run one of this card's named effects now with another player as its actor "
      "(the player who played the card, when its action waited at someone else).",
      "effect_as(origin, effect=act)",
      {"who": Param("selector", required=True), "effect": Param("name", required=True)})
def effect_as(ctx: Ctx, who, effect: str):
    s = ctx.state
    card = ctx.card
    assert card is not None, "effect_as needs the card whose effect it runs"
    kind = s.kind(card)
    body = kind.effects.get(effect)
    assert body is not None, f"no effect '{effect}' on {kind.name}"
    seat = who(ctx)
    sub = Ctx(s, seat, card, owner=kind.name, pending=ctx.pending)
    sub.vars.update(ctx.vars)
    yield from run(body.body, sub)


@verb("draw_decider", "The actor draws the top card of the draw pile into their hand, and that "
      "card decides what happens next ('flipped' names it).", "draw_decider")
def draw_decider(ctx: Ctx) -> None:
    s = ctx.state
    got = draw_cards(s, ctx.actor, 1, "turn", ctx.owner)
    if got:
        ctx.vars["flipped"] = got[-1]
        s.log("decide", ctx.owner, f"{s.name(ctx.actor)} draws {got[-1].notation} to decide")
