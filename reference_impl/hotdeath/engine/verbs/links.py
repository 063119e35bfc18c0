"""Verbs that tie players together or ask all of them at once: links, votes, a second pile.

A link joins two players: whenever one draws, the other draws as many at once
(the echo draws nothing more). A vote asks every player in turn order to name
another; the answers are inputs, as every simultaneous gesture is. A mini-pile
is a second discard pile with a colour restriction, which the players must play
on until someone cannot, who then takes it.
"""

from __future__ import annotations

from ...registry import Param, verb
from .. import draws
from ..interp import Ctx, Steps, ask
from ..turns import in_order
from .burning import burn


@verb("link_players", "The actor chooses two players (asked; a pair other than the one already "
      "linked): from now on, whenever one of them draws cards, the other draws as many at once.",
      "link_players")
def link_players(ctx: Ctx) -> Steps:
    s = ctx.state
    pool = tuple(in_order(s, ctx.actor, include_self=True))
    while True:
        pair = yield from ask(ctx, ctx.actor, "players", "the two players to link", pool, 2)
        if s.links is None or set(pair) != set(s.links) or len(pool) < 3:
            break
        s.log("link", ctx.owner, "those two are already linked: two new players are chosen")
    s.links = (pair[0], pair[1])
    s.log("link", ctx.owner, f"{s.name(pair[0])} and {s.name(pair[1])} are linked")


@verb("unlink_players", "Any link between two players ends.", "unlink_players")
def unlink_players(ctx: Ctx) -> None:
    s = ctx.state
    if s.links is not None:
        s.links = None
        s.log("link", ctx.owner, "the link ends")


@verb("point_vote", "Every player in turn order from the actor points at another (asked, one at "
      "a time: a sealed vote given as inputs); then, from the actor in turn order, each draws one "
      "card per player pointing at them, at most N.", "point_vote(5)",
      {"most": Param("int", required=True)})
def point_vote(ctx: Ctx, most: int) -> Steps:
    s = ctx.state
    order = in_order(s, ctx.actor, include_self=True)
    order = order[-1:] + order[:-1]  # the actor first
    votes = dict.fromkeys(order, 0)
    for seat in order:
        aim = yield from ask(ctx, seat, "player", "point at another player",
                             tuple(p for p in order if p != seat))
        votes[aim] += 1
    for seat in order:
        n = min(votes[seat], most)
        if n:
            draws.draw(s, seat, n, "penalty", ctx.owner)


@verb("start_mini_pile", "Cards are turned up from the draw pile until a coloured one shows (the "
      "others are burned); that one begins the pile named, which every player must now play "
      "on: only cards of that colour and wild cards, whose colour and actions are skipped, "
      "until someone cannot meet the tempo and takes the pile into their hand. The card that "
      "began it stays on the discard pile, in the colour in play, for play to go on there.",
      "start_mini_pile(mini_pile)", {"zone": Param("zone", required=True)})
def start_mini_pile(ctx: Ctx, zone: str) -> None:
    s = ctx.state
    shown = []
    while (card := draws.take_top(s)) is not None:
        if not s.face(card).is_wild:
            break
        shown.append(card)
    burn(s, shown)
    if card is None:
        s.log("exhausted", ctx.owner, "no coloured card is left to turn up: no mini-pile")
        return
    s.zone(zone).append(card)
    s.mini = (zone, s.face(card).color, s.color)
    s.play_zone = zone
    s.color = s.face(card).color
    s.log("mini", ctx.owner, f"{card.notation} begins a mini-pile: only {s.color} and wild "
          "cards may be played on it")
