"""Verbs of a battle between two players: each lays a card face down, the larger number wins.

The cards laid (the "armies") are cards with a number: a number card, or a
special card made from one (its number is the one it was made from). Both
are chosen before either is turned up; the protocol asks one player after
the other, and the first choice is not shown until both are made. The
outcome is the rules' to use: ``contest_is(won)``, ``army_is([...])``, and
``capture_armies`` to keep both cards with a card in play.
"""

from __future__ import annotations

from ...registry import Param, verb
from .. import zones
from ..conditions import army_size
from ..interp import Ctx, Steps, ask
from ..state import Card, State
from ..turns import next_seat


def _armies(state: State, seat: int) -> list[Card]:
    return [c for c in state.hands[seat] if army_size(state, c) is not None]


@verb("contest", "The actor and another player each lay a card with a number face down "
      "(asked, the actor first), then both are turned up: the larger number wins, and both "
      "cards go beneath the card in play. A player with no such card loses at once, putting "
      "none down. 'contest_is' and 'army_is' then test the outcome.", "contest(chosen)",
      {"who": Param("selector", required=True)})
def contest(ctx: Ctx, who) -> Steps:
    s = ctx.state
    foe = who(ctx)
    ctx.vars["foe"] = foe
    ctx.vars["armies"] = []
    if not _armies(s, foe):
        ctx.vars["contest"] = "unarmed"
        s.log("battle", ctx.owner, f"{s.name(foe)} has no card with a number and loses")
        return
    if not _armies(s, ctx.actor):
        ctx.vars["contest"] = "lost"
        s.log("battle", ctx.owner, f"{s.name(ctx.actor)} has no card with a number and loses")
        return
    mine = yield from ask(ctx, ctx.actor, "cards", "lay an army face down",
                          tuple(_armies(s, ctx.actor)), 1)
    theirs = yield from ask(ctx, foe, "cards", "lay an army face down", tuple(_armies(s, foe)),
                            1)
    armies = [mine[0], theirs[0]]
    for seat, card in zip((ctx.actor, foe), armies, strict=True):
        zones.remove_from_hand(s, seat, card)
    zones.under_top(s, armies)
    a, b = (army_size(s, c) or 0 for c in armies)
    ctx.vars["armies"] = armies
    ctx.vars["contest"] = "won" if a > b else "lost" if a < b else "tied"
    s.log("battle", ctx.owner, f"armies turned up: {s.name(ctx.actor)} {armies[0].notation} "
          f"({a}), {s.name(foe)} {armies[1].notation} ({b}): {ctx.vars['contest']}")


@verb("capture_armies", "After a contest: both armies leave the discard pile and are kept with "
      "the actor's card of this name in play, which remembers whose army it took.",
      'capture_armies("Banner")', {"card": Param("card", required=True)})
def capture_armies(ctx: Ctx, card: str) -> None:
    s = ctx.state
    keeper = next((c for c in s.fields[ctx.actor] if s.kind(c).name == card), None)
    armies = ctx.vars.get("armies", [])
    if keeper is None or not armies:
        return
    for army in armies:
        zones.detach(s, army)
    keeper.attached = [*keeper.attached, *armies]  # its own list (Card.attached)
    foe = ctx.vars["foe"]
    keeper.counters = {**keeper.counters, f"captured {s.name(foe)}": 1}
    s.log("capture", ctx.owner, f"{s.name(ctx.actor)} captures {s.name(foe)}'s army")


@verb("finish_turn", "The actor's turn ends here; play passes to the next player.", "finish_turn")
def finish_turn(ctx: Ctx) -> None:
    ctx.next_turn = next_seat(ctx.state, ctx.actor)
    ctx.keep_turn = False
