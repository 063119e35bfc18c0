"""Values: numbers, cards and card lists computed from the table when an effect runs.

They are side-effect free, so a guard or a legality test may evaluate them as
often as it likes. Arguments are themselves values, selectors or literals.
"""

from __future__ import annotations

from ..registry import Param, value
from . import scoring
from .interp import Ctx
from .state import ELIMINATED, Card


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


@value("top_card", "The card in play now (the one the next card must match).",
       "playable if card_is(top_card, [\"Ward\"])", returns="card")
def top_card(ctx: Ctx) -> Card | None:
    return ctx.state.top()


@value("under", "The card this one was played on (the card in play before it).",
       "attack(number_of(under))", returns="card")
def under(ctx: Ctx) -> Card | None:
    return ctx.under


@value("picked", "The cards the actor chose from their own hand with the play.",
       "hold(picked)", returns="cards", needs=("cards",))
def picked(ctx: Ctx) -> list[Card]:
    assert ctx.action is not None
    return list(ctx.action.cards)


@value("flipped", "The card turned over by the latest 'flip_to' of this effect.",
       "set_counter(clock, number_of(flipped))", returns="card")
def flipped(ctx: Ctx) -> Card | None:
    card = ctx.vars.get("flipped")
    return card if isinstance(card, Card) else None


@value("played", "The card whose play triggered this effect (in an 'on any_play' trigger).",
       "move(played, to=discard)", returns="card")
def played(ctx: Ctx) -> Card | None:
    card = ctx.vars.get("played")
    return card if isinstance(card, Card) else None


@value("hand_of", "All the cards in a player's hand.", "hold(hand_of(self))",
       {"who": Param("selector", required=True)}, returns="cards")
def hand_of(ctx: Ctx, who) -> list[Card]:
    return list(ctx.state.hands[who(ctx)])


@value("count_in_play", "How many cards of these names lie in a player's field.",
       'plus(4, count_in_play(holder, ["Charm"]))',
       {"who": Param("selector", required=True), "cards": Param("names", required=True)})
def count_in_play(ctx: Ctx, who, cards: tuple) -> int:
    state = ctx.state
    return sum(1 for c in state.fields[who(ctx)] if state.kind(c).name in cards)


@value("act_card", "The card named in the act being taken (the card a question is about).",
       'ask_seer(by=holder_of("Oracle"), about=chosen, card=act_card)', returns="card")
def act_card(ctx: Ctx) -> Card | None:
    return ctx.action.card if ctx.action is not None else None


@value("holder_of", "The player still in the game in front of whom a card of this name lies "
       "(the first, in seat order); the actor if none does.",
       'ask_seer(by=holder_of("Oracle"), ...)', {"card": Param("card", required=True)},
       returns="seat")
def holder_of(ctx: Ctx, card: str) -> int:
    s = ctx.state
    for seat, field in enumerate(s.fields):
        if s.in_game(seat) and any(s.kind(c).name == card for c in field):
            return seat
    return ctx.actor


# -- scoring -----------------------------------------------------------------------------


@value("highest_number", "The highest number of the number cards among these (special cards "
       "do not count); 'none' when there is no number card.",
       "points times(10, highest_number(hand_of(holder), none=1))",
       {"cards": Param("cards", required=True), "none": Param("int", 0)})
def highest_number(ctx: Ctx, cards, none: int) -> int:
    state = ctx.state
    numbers = [n for c in cards(ctx) if (n := state.face(c).number) is not None
               and "number" in state.kind(c).categories]
    return max(numbers) if numbers else none


@value("highest_points", "The most points any of these cards is worth, not counting this card, "
       "cards that are themselves worth 'the highest card', or cards whose only value is to "
       "change the total (double it, halve it); 'none' when there are none.",
       "points highest_points(hand_of(holder), none=40)",
       {"cards": Param("cards", required=True), "none": Param("int", 0)})
def highest_points(ctx: Ctx, cards, none: int) -> int:
    state = ctx.state
    got = [scoring.card_points(state, c, scoring.holder_of(state, c, ctx.holder))
           for c in cards(ctx) if c is not ctx.card and not state.kind(c).points_relative
           and not scoring.changes_total_only(state, c)]
    return max(got) if got else none


@value("all_hands", "Every card in every player's hand.", "highest_points(all_hands)",
       returns="cards")
def all_hands(ctx: Ctx) -> list[Card]:
    return [c for hand in ctx.state.hands for c in hand]


@value("highest_other_score", "During scoring: the highest hand score of the other players, as "
       "the earlier score layers left it.", "set_amount(highest_other_score)")
def highest_other_score(ctx: Ctx) -> int:
    others = [v for seat, v in ctx.state.hand_scores.items() if seat != ctx.actor]
    return max(others) if others else ctx.amount


@value("tally", "A mark the actor carries from hand to hand (0 if none).", "if tally(curse) > 0",
       {"name": Param("name", required=True)})
def tally(ctx: Ctx, name: str) -> int:
    return ctx.state.tallies.get((ctx.actor, name), 0)


@value("in_match", "How many players are still in the match (in the hand or sitting it out).",
       "points times(20, minus(in_match, 1))")
def in_match(ctx: Ctx) -> int:
    return sum(1 for s in ctx.state.status if s != ELIMINATED)
