"""State checks, run after every action: Uno windows, state triggers, going out, the game's end.

Going out is a state, not an event: a player still in the game with no cards has
gone out. Where the ruleset says ``out_when settled``, that waits until no
effect is pending (so a last attack can still come back to its player). What
going out does is the ruleset's: its ``going_out`` rules (winning, scoring,
or leaving the game safely), and ``goal`` says how the game ends:
``first_out`` (the round ends with its winner) or ``not_last`` (players leave
one by one; the last one left loses).
"""

from __future__ import annotations

from .interp import Ctx, Steps, run_effects
from .state import IN_GAME, State
from .turns import in_order


def uno_windows(state: State, actor: int) -> None:
    hands = state.hands
    if state.uno_pending:
        state.uno_pending = {p for p in state.uno_pending if len(hands[p]) == 1}
    if state.uno_called:
        state.uno_called = {p for p in state.uno_called if 0 < len(hands[p]) <= 2}
    if len(state.hands[actor]) == 1 and actor not in state.uno_called \
            and state.in_game(actor):
        state.uno_pending.add(actor)
    before = state.sizes_before
    if before is not None:  # 'uno_any_hand': any hand that came down to one card owes a call
        for p, hand in enumerate(hands):
            if len(hand) == 1 and before[p] != 1 and p not in state.uno_called \
                    and state.in_game(p):
                state.uno_pending.add(p)


def state_triggers(state: State) -> Steps:
    for effect in state.rs.rule_triggers.get("check", []):
        ctx = Ctx(state, state.turn, owner=effect.owner)
        yield from run_effects([effect], ctx)
    for seat, zone in [*enumerate(state.fields), (-1, state.neutral)]:
        for card in list(zone):
            kind = state.kind(card)
            effects = kind.triggers.get("check")
            if effects:
                actor = seat if seat >= 0 else (card.owner or 0)
                yield from run_effects(effects, Ctx(state, actor, card, owner=kind.name,
                                                    holder=seat))


def going_out(state: State, actor: int) -> Steps:
    if state.over or all(state.hands) \
            or state.pending and state.rs.setting("out_when") == "settled":
        return
    for seat in [actor, *in_order(state, actor)]:
        if state.over:
            return
        if not state.in_game(seat) or state.hands[seat]:
            continue
        state.log("out", "", f"{state.name(seat)} has no cards left")
        if state.rs.setting("goal", "first_out") == "first_out":
            state.round_winner = seat
            state.over = True
        for effect in state.rs.rule_triggers.get("going_out", []):
            yield from run_effects([effect], Ctx(state, seat, owner=effect.owner))
        if state.status[seat] == IN_GAME and not state.over:
            state.status[seat] = "out"


def last_standing(state: State) -> Steps:
    """When one player is left: they win the hand (or, in 'not_last' games, lose).

    What winning the hand means is the rules' (``on last_standing``): the
    whole game where a player removed is out for good (v3), only the hand
    where hands are scored (1989).
    """
    not_last = state.rs.setting("goal", "first_out") == "not_last"
    if state.over or state.living() > 1 or (state.pending and not not_last):
        return  # the last one in loses at once; a winner waits until attacks are settled
    state.over = True
    if state.living() == 0:
        if not_last and state.departed:
            state.loser = state.departed[-1]
            state.log("lose", "", f"{state.name(state.loser)} was the last one in the game")
        else:
            state.log("over", "", "nobody is left in the hand: nobody wins it")
        return
    seat = state.status.index(IN_GAME)
    if not_last:
        state.loser = seat
        state.log("lose", "", f"{state.name(seat)} is the last one left and loses")
        return
    state.round_winner = seat
    state.log("win", "", f"{state.name(seat)} is the last one left in the hand")
    for effect in state.rs.rule_triggers.get("last_standing", []):
        yield from run_effects([effect], Ctx(state, seat, owner=effect.owner))


def hand_end(state: State) -> Steps:
    """Once per hand, when it is over: the rules' ``on hand_end`` effects (scoring)."""
    if state.hand_ended or not state.over or state.winner is not None \
            or state.loser is not None:
        return
    state.hand_ended = True
    effects = state.rs.rule_triggers.get("hand_end", [])
    if effects:
        actor = state.round_winner if state.round_winner is not None else state.dealer
        yield from run_effects(effects, Ctx(state, actor, owner=effects[0].owner))


def after_action(state: State, actor: int) -> Steps:
    """State triggers, going out and the game's end (Uno windows are settled just before)."""
    if "check" in state.rs.reacts:
        yield from state_triggers(state)
    yield from going_out(state, actor)
    yield from last_standing(state)
    if state.over:
        yield from hand_end(state)
