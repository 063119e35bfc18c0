"""Verbs of a match of hands: sitting a hand out, winning a hand, scoring, and ending the match.

A hand ends when a player goes out, when one player is left in it, or when a
rule says someone wins it; the ruleset's ``on hand_end`` rules then score it.
In games scored hand by hand (1989, Deluxe) every player scores the cards
they are left with, and a total past a limit puts a player out of the match
or ends it. Players out of the match stay out when the next hand is dealt;
players who only sat a hand out come back.
"""

from __future__ import annotations

from ...registry import Param, verb
from .. import scoring, zones
from ..interp import Ctx, Steps
from ..state import ELIMINATED, OUT


@verb("sit_out", "A player sits out the rest of the hand, keeping their cards (they are scored "
      "when the hand ends); they are dealt in again next hand.", "sit_out(self)",
      {"who": Param("selector", required=True)})
def sit_out(ctx: Ctx, who) -> None:
    s = ctx.state
    seat = who(ctx)
    if not s.in_game(seat):
        s.log("miss", ctx.owner, f"{s.name(seat)} is already out of the hand")
        return
    s.status[seat] = OUT
    s.departed.append(seat)
    s.uno_pending.discard(seat)
    s.uno_called.discard(seat)
    s.log("out", ctx.owner, f"{s.name(seat)} sits out the rest of the hand")


@verb("win_hand", "The actor wins the hand at once; the hand ends and is scored.", "win_hand")
def win_hand(ctx: Ctx) -> None:
    s = ctx.state
    s.round_winner = ctx.actor
    s.over = True
    for p in s.pending:  # whatever was aimed at anyone is void
        for card in p.held:
            zones.under_top(s, [card])
    s.pending = []
    s.log("win", ctx.owner, f"{s.name(ctx.actor)} wins the hand")


@verb("score_own_hands", "Every player who took part in the hand scores the cards they are "
      "left with (the hand's winner scores nothing), through the cards' score layers and the "
      "rules' 'on scored' effects; each score is added to the player's total.",
      "score_own_hands")
def score_own_hands(ctx: Ctx) -> Steps:
    s = ctx.state
    seats = scoring.scored_seats(s)
    scores = scoring.score_hand(s, seats, s.round_winner)
    yield from scoring.after_scoring(s, seats, scores)


@verb("set_amount", "In a score or draw modifier: the amount becomes N.",
      "modifies score at set { set_amount(50) }", {"amount": Param("int", required=True)})
def set_amount(ctx: Ctx, amount: int) -> None:
    ctx.amount = amount


@verb("add_tally", "Add N to a mark the actor carries from hand to hand (a lasting penalty).",
      "add_tally(curse, 1)", {"name": Param("name", required=True),
                              "amount": Param("int", 1)})
def add_tally(ctx: Ctx, name: str, amount: int) -> None:
    s = ctx.state
    key = (ctx.actor, name)
    s.tallies[key] = s.tallies.get(key, 0) + amount
    s.log("tally", ctx.owner, f"{s.name(ctx.actor)}'s {name} mark is now {s.tallies[key]}")


def _in_match(ctx: Ctx) -> list[int]:
    return [i for i, st in enumerate(ctx.state.status) if st != ELIMINATED]


@verb("eliminate_over", "Every player whose total is over N is out of the match. When one "
      "player is left in it, they win; when nobody is, the lowest total wins.",
      "eliminate_over(1000)", {"limit": Param("int", required=True)})
def eliminate_over(ctx: Ctx, limit: int) -> None:
    s = ctx.state
    before = _in_match(ctx)
    for seat in before:
        if s.scores[seat] > limit:
            s.status[seat] = ELIMINATED
            s.log("eliminated", ctx.owner, f"{s.name(seat)} is over {limit} and out of the "
                  "match")
    left = _in_match(ctx)
    if len(left) == 1:
        _end(ctx, left[0], None, "is the last one left in the match and wins")
    elif not left:
        _end(ctx, _lowest(s, before), None, "has the lowest total of the last players and wins")


@verb("end_match_over", "When some total is over N (or, with reach=on, has reached it), the "
      "match ends: the lowest total wins and the highest loses.", "end_match_over(1000)",
      {"limit": Param("int", required=True), "reach": Param("bool", False)})
def end_match_over(ctx: Ctx, limit: int, reach: bool) -> None:
    s = ctx.state
    seats = _in_match(ctx)
    passed = [p for p in seats if s.scores[p] > limit or reach and s.scores[p] >= limit]
    if not passed:
        return
    high = max(s.scores[p] for p in passed)
    losers = [p for p in passed if s.scores[p] == high]
    loser = losers[0] if len(losers) == 1 else None
    _end(ctx, _lowest(s, seats), loser, "has the lowest total and wins")


def _lowest(s, seats: list[int]) -> int | None:
    """The one player with the lowest total, or None when several share it."""
    low = min(s.scores[p] for p in seats)
    lows = [p for p in seats if s.scores[p] == low]
    return lows[0] if len(lows) == 1 else None


def _end(ctx: Ctx, winner: int | None, loser: int | None, text: str) -> None:
    s = ctx.state
    s.over = True
    s.winner, s.loser = winner, loser
    if winner is None:
        s.log("over", ctx.owner, "the match ends in a tie for the lowest total: nobody wins")
    else:
        s.log("win", ctx.owner, f"{s.name(winner)} {text}")
    if loser is not None:
        s.log("lose", ctx.owner, f"{s.name(loser)} has the highest total and loses")


@verb("out_of_match", "A player is out of the whole match, whether still in the hand or "
      "sitting it out; they are not dealt in again.", "out_of_match(self)",
      {"who": Param("selector", required=True)})
def out_of_match(ctx: Ctx, who) -> None:
    s = ctx.state
    seat = who(ctx)
    if s.status[seat] == ELIMINATED:
        return
    if seat not in s.departed:
        s.departed.append(seat)
    s.status[seat] = ELIMINATED
    s.log("eliminated", ctx.owner, f"{s.name(seat)} is out of the match")
