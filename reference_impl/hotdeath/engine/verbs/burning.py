"""Verbs that burn cards (put them at the bottom of the discard pile) and trade cards by choice.

'Burned' is the seed's word for a card placed at the bottom of the discard pile: it
leaves play for good until the pile is turned over.
"""

from __future__ import annotations

from ...registry import Param, verb
from .. import draws, zones
from ..interp import Ctx, Steps, ask
from ..state import ELIMINATED, Card, State
from ..turns import in_order
from .seats import _remove


def burn(state: State, cards: list[Card]) -> None:
    state.discard[:0] = cards


@verb("burn_color", "Every card in the actor's hand of this card's colour is burned (placed at "
      "the bottom of the discard pile).", "burn_color")
def burn_color(ctx: Ctx) -> None:
    s = ctx.state
    color = s.face(ctx.card).color if ctx.card is not None else s.color
    gone = [c for c in s.hands[ctx.actor] if s.face(c).color == color]
    for card in gone:
        zones.remove_from_hand(s, ctx.actor, card)
    burn(s, gone)
    s.log("burn", ctx.owner, f"{s.name(ctx.actor)} burns {len(gone)} {color} card(s)")


@verb("burn_hand", "A player's whole hand is burned (placed at the bottom of the discard pile).",
      "burn_hand(self)", {"who": Param("selector", required=True)})
def burn_hand(ctx: Ctx, who) -> None:
    s = ctx.state
    seat = who(ctx)
    cards = zones.empty_hand(s, seat)
    burn(s, cards)
    s.log("burn", ctx.owner, f"{s.name(seat)} burns their hand of {len(cards)}")


@verb("burn_until_number", "Cards are turned up from the top of the draw pile until one with a "
      "number shows ('flipped' names it); all of them are burned.", "burn_until_number")
def burn_until_number(ctx: Ctx) -> None:
    s = ctx.state
    ctx.vars["flipped"] = None
    shown: list[Card] = []
    while True:
        card = draws.take_top(s)
        if card is None:
            s.log("exhausted", ctx.owner, "no cards are left to turn up")
            break
        shown.append(card)
        if s.face(card).number is not None and "number" in s.kind(card).categories:
            ctx.vars["flipped"] = card
            break
    burn(s, shown)
    s.log("burn", ctx.owner, "turned up and burned: " + ", ".join(c.notation for c in shown))


@verb("eliminate_holding", "Every player holding N cards or more is eliminated; their hand is "
      "burned (placed at the bottom of the discard pile).", "eliminate_holding(25)",
      {"limit": Param("int", required=True)})
def eliminate_holding(ctx: Ctx, limit: int) -> None:
    s = ctx.state
    for seat in range(len(s.seats)):
        if s.in_game(seat) and len(s.hands[seat]) >= limit:
            cards = zones.empty_hand(s, seat)
            burn(s, cards)
            _remove(ctx, seat, ELIMINATED, "keep", f"holds {len(cards)} cards and is "
                    "eliminated")


@verb("swap_one", "The actor and another player each pass the other one card of their hand "
      "(each chooses, the actor first).", "swap_one(chosen)",
      {"who": Param("selector", required=True)})
def swap_one(ctx: Ctx, who) -> Steps:
    s = ctx.state
    seat = who(ctx)
    mine = theirs = None
    if s.hands[ctx.actor]:
        mine = (yield from ask(ctx, ctx.actor, "cards", f"a card to pass to {s.name(seat)}",
                               tuple(s.hands[ctx.actor]), 1))[0]
    if s.hands[seat]:
        theirs = (yield from ask(ctx, seat, "cards", f"a card to pass to {s.name(ctx.actor)}",
                                 tuple(s.hands[seat]), 1))[0]
    for card, src, dst in ((mine, ctx.actor, seat), (theirs, seat, ctx.actor)):
        if card is not None:
            zones.remove_from_hand(s, src, card)
            zones.give_to_hand(s, dst, [card])
    s.log("exchange", ctx.owner, f"{s.name(ctx.actor)} and {s.name(seat)} pass each other a card")


@verb("trade_two", "The actor chooses two players (asked, one at a time; the actor may be one); "
      "those two players trade hands.", "trade_two")
def trade_two(ctx: Ctx) -> Steps:
    s = ctx.state
    first = yield from ask(ctx, ctx.actor, "player", "the first player of the trade",
                           tuple(in_order(s, ctx.actor)) + (ctx.actor,))
    rest = tuple(p for p in (*in_order(s, ctx.actor), ctx.actor) if p != first)
    second = yield from ask(ctx, ctx.actor, "player", "the second player of the trade", rest)
    s.hands[first], s.hands[second] = s.hands[second], s.hands[first]
    s.revealed[first], s.revealed[second] = set(), set()
    s.log("exchange", ctx.owner, f"{s.name(first)} and {s.name(second)} trade hands")


@verb("double_draw", "The actor chooses another player twice (asked; the same one may be chosen "
      "both times); each time, the player chosen draws N cards.", "double_draw(2)",
      {"amount": Param("int", required=True)})
def double_draw(ctx: Ctx, amount: int) -> Steps:
    s = ctx.state
    for nth in ("first", "second"):
        seat = yield from ask(ctx, ctx.actor, "player", f"the {nth} player to draw {amount}",
                              tuple(in_order(s, ctx.actor)))
        draws.draw(s, seat, amount, "attack", ctx.owner)


@verb("pass_this", "This card leaves its holder's hand, shown to everyone, for another "
      "player's hand.", "pass_this(to=asked)", {"to": Param("selector", required=True)})
def pass_this(ctx: Ctx, to) -> None:
    s = ctx.state
    card, seat = ctx.card, to(ctx)
    holder = next((p for p, hand in enumerate(s.hands) if any(c is card for c in hand)), None)
    if card is None or holder is None or seat == holder:
        return
    zones.remove_from_hand(s, holder, card)
    zones.give_to_hand(s, seat, [card])
    s.log("give", ctx.owner, f"{s.name(holder)} shows {card.notation} and passes it to "
          f"{s.name(seat)}")
