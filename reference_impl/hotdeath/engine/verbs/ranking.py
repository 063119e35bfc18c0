"""Verbs for games with a loser and no winner: the hand's loser by points and tie-breaks.

Every player who took part in the hand counts the ``points`` of the cards they
hold (a card may be worth a negative amount). The most points loses. Ties are
broken by the most 'word' cards (cards not numbered within a range), then by
the highest sum of the numbers in that range, then by a draw-off: the players
still tied, in turn order from the actor, each turn up the top card of the
draw pile, and the highest number loses (a card with no number counts 0),
again among those still tied. The cards turned up go beneath the card in
play. The loser is recorded as the game's loser until another hand is dealt.
"""

from __future__ import annotations

from ...registry import Param, verb
from .. import scoring, zones
from ..draws import take_top
from ..interp import Ctx
from ..turns import in_order


def _numbered(state, card, low: int, high: int) -> int | None:
    number = state.face(card).number
    return number if number is not None and low <= number <= high else None


@verb("lose_hand", "The hand's loser is the player holding the most points; ties go to the most "
      "cards not numbered LOW to HIGH, then to the highest sum of numbers LOW to HIGH, then "
      "to a draw-off from the top of the draw pile (the highest number loses). Each "
      "player's points are shown as their score for the hand.", "lose_hand(low=2, high=9)",
      {"low": Param("int", 2), "high": Param("int", 9)})
def lose_hand(ctx: Ctx, low: int, high: int) -> None:
    s = ctx.state
    seats = scoring.scored_seats(s)
    held = {p: scoring.held_cards(s, p) for p in seats}
    points = {p: sum(scoring.card_points(s, c, p) for c in held[p]) for p in seats}
    s.hand_scores = points
    for p in seats:
        s.log("score", ctx.owner, f"{s.name(p)} holds {points[p]} point(s)")
    keys = (
        ("points", lambda p: points[p]),
        ("word cards", lambda p: sum(_numbered(s, c, low, high) is None for c in held[p])),
        ("number total", lambda p: sum(_numbered(s, c, low, high) or 0 for c in held[p])),
    )
    tied = list(seats)
    for label, key in keys:
        top = max(key(p) for p in tied)
        tied = [p for p in tied if key(p) == top]
        if len(tied) == 1:
            break
        s.log("tie", ctx.owner, f"tied on {label}: " + ", ".join(s.name(p) for p in tied))
    order = [p for p in [ctx.actor, *in_order(s, ctx.actor)] if p in tied]
    for p in tied:
        if p not in order:
            order.append(p)
    while len(order) > 1:
        turned = {}
        for p in order:
            card = take_top(s)
            if card is None:
                break
            zones.under_top(s, [card])
            turned[p] = s.face(card).number or 0
            s.log("draw_off", ctx.owner, f"{s.name(p)} turns up {card.notation}")
        if len(turned) < len(order):
            s.log("tie", ctx.owner, "the draw pile ran out: the first of the tied players loses")
            order = order[:1]
            break
        top = max(turned.values())
        order = [p for p in order if turned[p] == top]
    loser = order[0]
    s.loser = loser
    s.over = True
    s.log("lose", ctx.owner, f"{s.name(loser)} loses the hand")
