"""Tempo: a turn of several cards, of which only the last one acts.

A ruleset with the setting ``tempo`` makes every turn a run of plays: the
player must play as many cards as the tempo, each matching the one before.
A card that is not the last of its turn names its colour and runs its
modifiers ('on modify') but not its actions ('on play'); the last card does
both. A player who cannot (or will not) meet the tempo draws as many cards
as the tempo and may play those of them that fit, up to what is still owed;
the tempo then goes back to 1. The last card played in the turn acts when the
turn ends, even if it was played before the draw.

Power Cards (``power_cards``) are one switch per player, green or red: a
two-sided card's flex side may be played only from green, which turns it red;
when every player's is red, all turn green again.
"""

from __future__ import annotations

from .state import Card, State


def on(state: State) -> bool:
    return state.setting("tempo") is not None


def owed(state: State) -> int:
    """How many more cards the player on turn must play to meet the tempo."""
    if state.tempo_draw is not None:
        return state.tempo_draw
    return state.tempo - state.turn_plays


def counts_as_last(state: State) -> bool:
    """Whether the card just played (already counted) ends its player's run of plays."""
    return owed(state) <= 0 or not state.hands[state.turn]


def count_play(state: State, card: Card) -> bool:
    """Count a card played on turn toward the tempo; true when it is the last of the turn."""
    if state.tempo_draw is not None:
        state.tempo_draw -= 1
    else:
        state.turn_plays += 1
    state.turn_last = card
    last = counts_as_last(state)
    if last:
        end_run(state)
    return last


def end_run(state: State) -> None:
    """The turn's run of plays is over: nothing more is owed (the tempo itself stays)."""
    state.turn_plays = 0
    state.tempo_draw = None
    state.turn_last = None
    state.tempo_factor = 1


def reset(state: State) -> None:
    """The tempo was not met: it goes back to 1 (Tempo: 'Then, the tempo resets back to 1')."""
    if state.tempo != 1:
        state.log("tempo", state.rs.role_rule("tempo"), "the tempo resets to 1")
    state.tempo = 1


def tempo_draw_count(state: State) -> int:
    return state.tempo * state.tempo_factor


def power_green(state: State, seat: int) -> bool:
    return state.power[seat]


def flip_power(state: State, seat: int, owner: str) -> None:
    state.power[seat] = not state.power[seat]
    state.log("power", owner, f"{state.name(seat)}'s Power Card turns "
              + ("green" if state.power[seat] else "red"))


def settle_power(state: State, owner: str) -> None:
    """When every player still in the game has a red Power Card, all turn green again."""
    living = [p for p in range(len(state.seats)) if state.in_game(p)]
    if living and not any(state.power[p] for p in living):
        for p in range(len(state.seats)):
            state.power[p] = True
        state.log("power", owner, "every Power Card was red: all turn green")
