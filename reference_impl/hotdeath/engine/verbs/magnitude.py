"""Verbs for a card that sets how strong an action is: a magnitude card.

An action's magnitude may be decided by a card turned over from the draw pile
(one, or one after another until some condition holds), or by a card another
player lays from their hand for the actor; other players may then add copies
of that card to it, each adding its number. 'flipped' names the magnitude card
and 'magnitude' its number plus the numbers added.
"""

from __future__ import annotations

from ...registry import Param, value, verb
from .. import draws, zones
from ..interp import Ctx, Steps, ask
from ..state import Card
from ..turns import in_order


def _num(ctx: Ctx, card: Card | None) -> int | None:
    return None if card is None else ctx.state.face(card).number


@verb("turn_over", "The top card of the draw pile is turned over and goes face up beneath the "
      "card in play; with 'until', cards are turned over one at a time until the condition holds "
      "for the latest ('flipped' names it), or the pile runs out.",
      "turn_over(until=is_number(flipped))", {"until": Param("cond", None)})
def turn_over(ctx: Ctx, until) -> None:
    s = ctx.state
    ctx.vars["added"] = 0
    while True:
        card = draws.take_top(s)
        if card is None:
            s.log("flip", ctx.owner, "the draw pile is empty: nothing is turned over")
            return
        ctx.vars["flipped"] = card
        zones.under_top(s, [card])
        s.log("flip", ctx.owner, f"{s.name(ctx.actor)} turns over {card.notation}")
        if until is None or until(ctx):
            return


@verb("lay_for", "A player lays one card of their hand (asked), whatever the card in play, on top "
      "of the discard pile for the actor: it becomes the card to match (its colour, unless it is "
      "wild), its effects do not run, and 'flipped' names it.", "lay_for(by=next)",
      {"by": Param("selector", required=True)})
def lay_for(ctx: Ctx, by) -> Steps:
    s = ctx.state
    seat = by(ctx)
    ctx.vars["added"] = 0
    ctx.vars["flipped"] = None
    hand = s.hands[seat]
    if not hand or seat == ctx.actor:
        s.log("lay", ctx.owner, f"{s.name(seat)} has no card to lay")
        return
    got = yield from ask(ctx, seat, "cards", f"lay a card for {s.name(ctx.actor)}", tuple(hand),
                         1)
    card = got[0]
    zones.remove_from_hand(s, seat, card)
    zones.lay_on_top(s, card)
    ctx.vars["flipped"] = card
    s.log("lay", ctx.owner, f"{s.name(seat)} lays {card.notation} for {s.name(ctx.actor)}")


@verb("add_same", "Every other player in turn order from the actor, holding the same card as the "
      "magnitude card (the same face; any card numbered 1 for a card numbered 1), may add such "
      "cards beneath the card in play (how many, then which: asked); each adds its number to the "
      "magnitude. Nothing is asked when the magnitude card has no number.", "add_same")
def add_same(ctx: Ctx) -> Steps:
    s = ctx.state
    top = ctx.vars.get("flipped")
    n = _num(ctx, top) if isinstance(top, Card) else None
    if n is None:
        return

    def same(c: Card) -> bool:
        return _num(ctx, c) == 1 if n == 1 else c.notation == top.notation

    for seat in in_order(s, ctx.actor):
        matching = tuple(c for c in s.hands[seat] if same(c))
        if not matching:
            continue
        k = yield from ask(ctx, seat, "number", f"how many to add to {top.notation}", low=0,
                           high=len(matching))
        if k < 1:
            continue
        got = matching if k == len(matching) else (
            yield from ask(ctx, seat, "cards", f"add {k} card(s)", matching, k))
        for card in got:
            zones.remove_from_hand(s, seat, card)
            zones.under_top(s, [card])
            ctx.vars["added"] = ctx.vars.get("added", 0) + (_num(ctx, card) or 0)
            s.log("add", ctx.owner, f"{s.name(seat)} adds {card.notation}: the magnitude is "
                  f"{n + ctx.vars['added']}")


@value("magnitude", "The number of the magnitude card ('flipped', 0 if it has none) plus the "
       "numbers added to it by 'add_same'.", "hand_out(magnitude)")
def magnitude(ctx: Ctx) -> int:
    top = ctx.vars.get("flipped")
    base = (_num(ctx, top) or 0) if isinstance(top, Card) else 0
    return base + int(ctx.vars.get("added", 0))
