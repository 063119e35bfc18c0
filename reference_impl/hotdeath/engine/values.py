"""Values: numbers, cards and card lists computed from the table when an effect runs.

They are side-effect free, so a guard or a legality test may evaluate them as
often as it likes. Arguments are themselves values, selectors or literals.
"""

from __future__ import annotations

from ..registry import Param, value
from .interp import Ctx
from .state import Card


def _num(card: Card | None, ctx: Ctx) -> int | None:
    return None if card is None else ctx.state.face(card).number


@value("hand_size", "How many cards a player holds.", "draw(hand_size(self))",
       {"who": Param("selector", required=True)})
def hand_size(ctx: Ctx, who) -> int:
    return len(ctx.state.hands[who(ctx)])


@value("living", "How many players are still in the game.", "draw(living)")
def living(ctx: Ctx) -> int:
    return ctx.state.living()


@value("number_of", "The number printed on a card, or 0 if it has none.",
       "attack(number_of(under))", {"card": Param("card_ref", required=True)})
def number_of(ctx: Ctx, card) -> int:
    return _num(card(ctx), ctx) or 0


@value("amount", "The amount of the pending draw (or of the draw being modified).",
       "if amount >= 4 { ... }")
def amount(ctx: Ctx) -> int:
    if ctx.draw_class:
        return ctx.amount
    p = ctx.pending or (ctx.state.pending[0] if ctx.state.pending else None)
    return p.amount if p is not None else 0


@value("counter", "The value of a counter on this card (0 if unset).", "if counter(clock) <= 0",
       {"name": Param("name", required=True)})
def counter(ctx: Ctx, name: str) -> int:
    return ctx.card.counters.get(name, 0) if ctx.card is not None else 0


@value("plus", "The sum of two numbers.", "draw(plus(hand_size(self), 1))",
       {"a": Param("int", required=True), "b": Param("int", required=True)})
def plus(ctx: Ctx, a: int, b: int) -> int:
    return a + b


@value("minus", "The first number less the second.", "draw(minus(living, 1))",
       {"a": Param("int", required=True), "b": Param("int", required=True)})
def minus(ctx: Ctx, a: int, b: int) -> int:
    return a - b


@value("times", "The product of two numbers.", "attack(times(2, amount))",
       {"a": Param("int", required=True), "b": Param("int", required=True)})
def times(ctx: Ctx, a: int, b: int) -> int:
    return a * b


@value("half", "Half a number, rounded down.", "draw(half(amount))",
       {"a": Param("int", required=True)})
def half(ctx: Ctx, a: int) -> int:
    return a // 2


# -- cards ------------------------------------------------------------------------------


@value("this", "The card whose effect is running.", "move(this, to=pile, bottom=true)",
       returns="card")
def this(ctx: Ctx) -> Card | None:
    return ctx.card


@value("under", "The card this one was played on (the card in play before it).",
       "attack(number_of(under))", returns="card")
def under(ctx: Ctx) -> Card | None:
    return ctx.under


@value("picked", "The cards the actor chose from their own hand with the play.",
       "hold(picked)", returns="cards", needs=("cards",))
def picked(ctx: Ctx) -> list[Card]:
    assert ctx.action is not None
    return list(ctx.action.cards)


@value("held", "The cards travelling with the pending effect (a gift in transit).",
       "take_held", returns="cards")
def held(ctx: Ctx) -> list[Card]:
    p = ctx.pending or (ctx.state.pending[0] if ctx.state.pending else None)
    return list(p.held) if p is not None else []


@value("drawn_now", "The cards drawn by the latest draw of this effect.",
       "if any_wild(drawn_now) { ... }", returns="cards")
def drawn_now(ctx: Ctx) -> list[Card]:
    return list(ctx.drew)


@value("flipped", "The card turned over by the latest 'flip_to' of this effect.",
       "set_counter(clock, number_of(flipped))", returns="card")
def flipped(ctx: Ctx) -> Card | None:
    card = ctx.vars.get("flipped")
    return card if isinstance(card, Card) else None
