"""Triggered abilities: what cards and rules do when something happens, and card lookups.

Events are queued while an action resolves and fired once it has:

- ``drawn``: a card entered a hand from the draw pile; the card's own
  ``on drawn`` runs (a card that must be put in play at once);
- ``any_play``: a card was played and its effects are done; cards in play
  react (``on any_play``);
- ``turn_end``: a player's turn passed on (to another player, or to them again);
  cards in play react, before the next turn starts;
- ``turn_start``: the turn passed to a player; cards in play react;
- ``uno_called``: a player called Uno (a rule may count it as breaking a silence).

Cards in play react in turn order from the player the event is about, then
neutral play; then the rules' triggers for the event run.
"""

from __future__ import annotations

from ..model import Effect
from .interp import Ctx, Steps, run_effects
from .state import Card, State
from .turns import in_order

IN_PLAY_EVENTS = ("any_play", "turn_start", "turn_end")
MAX_CHAIN = 5000  # a runaway chain of triggers is a spec bug, reported instead of looping


def card_effects(state: State, card: Card, event: str, ctx: Ctx) -> list[Effect]:
    """A card's effects for an event, unless a rule override replaces them."""
    kind = state.kind(card)
    rs = state.rs
    if not rs.general_overrides and kind.name not in rs.override_index:
        return kind.triggers.get(event, [])
    for ov in rs.overrides_for(kind):
        if event in ov.triggers and (ov.guard is None or ov.guard(ctx)):
            return [ov.triggers[event]]
    return kind.triggers.get(event, [])


def reacts(state: State, event: str) -> bool:
    return event in state.rs.reacts


def fire(state: State) -> Steps:
    """Fire every queued event, including those the triggered effects queue in turn."""
    fired = 0
    while state.triggered:
        event, seat, card, info = state.triggered.pop(0)
        fired += 1
        if fired > MAX_CHAIN:
            raise RuntimeError(f"more than {MAX_CHAIN} triggered events in one action: a loop "
                               "in the spec")
        if event not in state.rs.reacts or state.over:
            continue
        yield from _fire_one(state, event, seat, card, info or {})


def _context(ctx: Ctx, card: Card | None, info: dict) -> Ctx:
    ctx.vars["played"] = card
    ctx.vars["reversed"] = info.get("reversed")
    ctx.vars["jumped_in"] = info.get("jumped_in")
    ctx.vars["event_skips"] = info.get("skips", 0)
    return ctx


def _fire_one(state: State, event: str, seat: int, card: Card | None, info: dict) -> Steps:
    if event == "turn_end" and not state.in_game(seat):
        return  # the turn of a player who has left the game ends with nothing to react to
    if event in ("drawn", "entered") and card is not None:
        kind = state.kind(card)
        own = kind.triggers.get(event, [])
        if own:
            ctx = Ctx(state, seat, card, owner=kind.name, subject=seat)
            yield from run_effects(own, ctx)
    if event in IN_PLAY_EVENTS:
        for holder in [seat, *in_order(state, seat)]:
            for c in list(state.fields[holder]):
                if event == "turn_start" and not state.in_game(seat):
                    return  # an earlier effect ended this player's game: their turn is gone
                yield from _in_play(state, event, seat, c, holder, card, info)
        for c in list(state.neutral):
            yield from _in_play(state, event, seat, c, -1, card, info)
    for effect in state.rs.rule_triggers.get(event, []):
        ctx = _context(Ctx(state, seat, card, owner=effect.owner, subject=seat), card, info)
        ctx.skips = info.get("skips", 0)
        yield from run_effects([effect], ctx)


def _in_play(state: State, event: str, seat: int, card: Card, holder: int,
             played: Card | None, info: dict) -> Steps:
    kind = state.kind(card)
    effects = kind.triggers.get(event, [])
    if not effects:
        return
    actor = holder if holder >= 0 else (card.owner if card.owner is not None else seat)
    ctx = _context(Ctx(state, actor, card, owner=kind.name, subject=seat, holder=holder),
                   played, info)
    zone = state.neutral if holder < 0 else state.fields[holder]
    for effect in effects:
        if not any(card is c for c in zone):
            return  # a card an earlier effect took out of play reacts no more
        yield from run_effects([effect], ctx)
