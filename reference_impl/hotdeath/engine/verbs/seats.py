"""Verbs of the seat lifecycle and the game's end: leave, be eliminated, come back, win."""

from __future__ import annotations

from ...registry import Param, verb
from .. import zones
from ..interp import Ctx
from ..state import ELIMINATED, IN_GAME, OUT


def _remove(ctx: Ctx, seat: int, status: str, hand: str, verb_text: str) -> None:
    s = ctx.state
    if not s.in_game(seat):
        s.log("miss", ctx.owner, f"{s.name(seat)} has already left the game")
        return
    s.status[seat] = status
    s.departed.append(seat)
    s.uno_pending.discard(seat)
    s.uno_called.discard(seat)
    if hand == "discard" and s.hands[seat]:
        zones.under_top(s, s.hands[seat])
        s.hands[seat] = []
        s.revealed[seat] = set()
    s.log(status, ctx.owner, f"{s.name(seat)} {verb_text}")
    for member, joined in s.teams.items():
        if joined == seat and s.status[member] != status:  # a team shares its seat's fate
            s.status[member] = status
            s.departed.append(member)
            s.log(status, ctx.owner, f"{s.name(member)}, of the same team, {verb_text}")


@verb("eliminate", "A player is removed from the game (they lose); their hand is discarded "
      "beneath the card in play unless hand=keep.", "eliminate(next)",
      {"who": Param("selector", required=True), "hand": Param("name", "discard")})
def eliminate(ctx: Ctx, who, hand: str) -> None:
    _remove(ctx, who(ctx), ELIMINATED, hand, "is removed from the game")


@verb("leave_game", "A player goes out of the game safely (in modes where the goal is not to be "
      "the last one left); their hand is discarded unless hand=keep.", "leave_game(self)",
      {"who": Param("selector", required=True), "hand": Param("name", "discard")})
def leave_game(ctx: Ctx, who, hand: str) -> None:
    _remove(ctx, who(ctx), OUT, hand, "is out of the game")


@verb("return_to_game", "A player who left the game is back in, at their old seat.",
      "return_to_game(self)", {"who": Param("selector", required=True)})
def return_to_game(ctx: Ctx, who) -> None:
    s = ctx.state
    seat = who(ctx)
    if s.status[seat] != IN_GAME:
        s.status[seat] = IN_GAME
        s.log("return", ctx.owner, f"{s.name(seat)} is back in the game")


@verb("join_team", "The actor discards their hand and joins another player as a team of two, "
      "sitting in that player's seat: the actor's cards in play move there too, and from then "
      "on the team plays, wins and loses as one.", "join_team(holder_of(\"Twin\"))",
      {"partner": Param("selector", required=True)})
def join_team(ctx: Ctx, partner) -> None:
    s = ctx.state
    seat = partner(ctx)
    me = ctx.actor
    if seat == me or me in s.teams or seat in s.teams or not s.in_game(me):
        return
    if s.hands[me]:
        zones.under_top(s, s.hands[me])
        s.hands[me] = []
        s.revealed[me] = set()
    for card in list(s.fields[me]):
        s.fields[me].remove(card)
        s.fields[seat].append(card)
    s.teams[me] = seat
    s.status[me] = OUT
    s.uno_pending.discard(me)
    s.uno_called.discard(me)
    s.log("team", ctx.owner, f"{s.name(me)} discards their hand and joins {s.name(seat)}'s "
          "seat as a team")


@verb("score_hands", "The actor scores the points of every card left in opponents' hands; "
      "reaching target_score wins the game.", "score_hands", keeps_lane=True)
def score_hands(ctx: Ctx) -> None:
    s = ctx.state
    rs = s.rs
    total = 0
    for p, hand in enumerate(s.hands):
        if p == ctx.actor:
            continue
        for card in hand:  # s.face and face_points, inlined: most games end here, on 20 cards
            face = card.face
            if face.ruleset is not rs.ident:
                face = rs.translate(face)
            pts = face.points
            total += pts if isinstance(pts, int) else face.number or 0
    s.scores[ctx.actor] += total
    s.log("score", ctx.owner, f"{s.name(ctx.actor)} scores {total}")
    target = s.rs.setting("target_score")
    if target is not None and s.scores[ctx.actor] >= int(target):
        s.winner = ctx.actor
        s.log("win", ctx.owner, f"{s.name(ctx.actor)} reaches {target} and wins the game")


@verb("win_game", "The actor wins the game outright.", "win_game")
def win_game(ctx: Ctx) -> None:
    s = ctx.state
    s.winner = ctx.actor
    s.over = True
    s.log("win", ctx.owner, f"{s.name(ctx.actor)} wins the game")


def face_points(face) -> int:
    pts = face.points
    if isinstance(pts, int):
        return pts
    return face.number or 0


@verb("mark_seat", "A player carries a mark of this name until 'unmark_seat' removes it (a skip "
      "that waits for their next turn); 'seat_marked' tests it. With 'count', the mark is "
      "worn away one at a time: it holds until that many 'unmark_seat(..., count=1)' "
      "(a skip for several turns).", "mark_seat(chosen, skip_next)",
      {"who": Param("selector", required=True), "name": Param("name", required=True),
       "count": Param("int", 1)})
def mark_seat(ctx: Ctx, who, name: str, count: int) -> None:
    s = ctx.state
    seat = who(ctx)
    if count < 1:
        return  # a mark worn away already is no mark
    s.tallies[(seat, "seat:" + name)] = count
    s.log("mark", ctx.owner, f"{s.name(seat)} is marked: {name}"
          + (f" ({count} times)" if count > 1 else ""))


@verb("unmark_seat", "A player's mark of this name is removed; with 'count', only that much of "
      "it is worn away, and it is gone when nothing is left.", "unmark_seat(subject, skip_next)",
      {"who": Param("selector", required=True), "name": Param("name", required=True),
       "count": Param("int", 0)})
def unmark_seat(ctx: Ctx, who, name: str, count: int) -> None:
    s = ctx.state
    key = (who(ctx), "seat:" + name)
    left = s.tallies.get(key, 0) - count if count > 0 else 0
    if left > 0:
        s.tallies[key] = left
    else:
        s.tallies.pop(key, None)
