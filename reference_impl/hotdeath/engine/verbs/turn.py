"""Verbs of turn order and of choices: skip, reverse, play again, hand the turn on, ask."""

from __future__ import annotations

from ...registry import Param, verb
from ..interp import Ctx, ask
from ..turns import in_order, next_seat


@verb("skip", "The next N players in turn order lose their turn.", "skip(1)",
      {"count": Param("int", 1)}, keeps_lane=True)
def skip(ctx: Ctx, count: int) -> None:
    if ctx.aim is not None:
        return  # an attack re-aimed (at the start) does its attack and nothing else
    ctx.skips += count
    s = ctx.state
    if s.tracing:
        skipped = [s.name(next_seat(s, ctx.actor, i + 1)) for i in range(count)]
        s.log("skip", ctx.owner, f"{', '.join(skipped)} skipped")


@verb("reverse", "The direction of play is reversed.", "reverse", keeps_lane=True)
def reverse(ctx: Ctx) -> None:
    s = ctx.state
    s.direction = -s.direction
    ctx.vars["reversed"] = not ctx.vars.get("reversed")
    if s.tracing:
        s.log("reverse", ctx.owner, "direction of play reversed")


@verb("play_again", "The actor takes the next turn too.", "play_again", keeps_lane=True)
def play_again(ctx: Ctx) -> None:
    ctx.play_again = True
    if ctx.state.tracing:
        ctx.state.log("again", ctx.owner, f"{ctx.state.name(ctx.actor)} plays again")


@verb("end_turn", "The player whose turn is starting loses it; play passes to the next player.",
      "on turn_start if same(subject, owner) { end_turn }")
def end_turn(ctx: Ctx) -> None:
    s = ctx.state
    lost = s.turn
    s.turn = next_seat(s, lost)
    s.turn_number += 1
    s.skipped = {lost}
    s.log("turn", ctx.owner, f"{s.name(lost)}'s turn is used up; {s.name(s.turn)} plays")
    if "turn_end" in s.rs.reacts:
        s.triggered.append(("turn_end", lost, None, None))
    s.triggered.append(("turn_start", s.turn, None, None))


@verb("choose_color", "The actor names the colour in play as part of the play (asked "
      "separately when the card is not played by a player, as at the start).", "choose_color",
      needs=("color",), keeps_lane=True)
def choose_color(ctx: Ctx):
    s = ctx.state
    if ctx.vars.get("replayed"):
        return  # a card's effects repeated by another card keep the colour in play
    color = ctx.action.color if ctx.action is not None else None
    if color is None:
        color = yield from ask(ctx, ctx.actor, "color", "name the colour in play", s.rs.colors)
    s.color = color
    if s.tracing:
        s.log("color", ctx.owner, f"{s.name(ctx.actor)} names {s.color}")


@verb("ask_color", "Another player names the colour, as a separate choice before play goes on.",
      "ask_color(by=next)", {"by": Param("selector", required=True)}, keeps_lane=True)
def ask_color(ctx: Ctx, by):
    s = ctx.state
    chooser = by(ctx)
    s.color = yield from ask(ctx, chooser, "color", "name the colour in play", s.rs.colors)
    s.log("choose", ctx.owner, f"{s.name(chooser)} names {s.color}")


@verb("ask_player", "A player picks another player, as a separate choice; 'asked' then names "
      "the one picked.", "ask_player(by=dealer)",
      {"by": Param("selector", required=True), "among": Param("seats", None)})
def ask_player(ctx: Ctx, by, among):
    s = ctx.state
    chooser = by(ctx)
    options = among(ctx) if among else in_order(s, chooser)
    options = options if isinstance(options, list) else [options]
    seat = yield from ask(ctx, chooser, "player", "pick a player", tuple(options))
    ctx.vars["asked"] = seat
    s.log("choose", ctx.owner, f"{s.name(chooser)} picks {s.name(seat)}")


@verb("hand_turn_to", "A player the actor names plays next; with free=on, any card of theirs may "
      "be played on whatever is in play during that turn.", "hand_turn_to(chosen, free=on)",
      {"who": Param("selector", required=True), "free": Param("bool", False)})
def hand_turn_to(ctx: Ctx, who, free: bool) -> None:
    s = ctx.state
    seat = who(ctx)
    ctx.next_turn = seat
    if free:
        s.free_turn = (seat, s.turn_number + 1)
    s.log("turn", ctx.owner, f"{s.name(seat)} plays next" + (", any card" if free else ""))
