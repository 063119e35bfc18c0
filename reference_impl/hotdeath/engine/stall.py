"""The progress guard: a hand in which no one can move any more ends (ruling CL8).

A draw can give nothing: the pile and the discards are spent, or the draw is
reduced to none (a draw modifier such as v3's "draw 1 less"). When every player
still in the hand, in consecutive turns, draws nothing and had no other move on
their turn, the table is as it was a circuit before and will be so for ever: the
hand has stopped. Where the rules have a rule with the role 'stall' (classic
has one, so every ruleset inherits it), the hand then ends: nobody wins it and
it is not scored.
"""

from __future__ import annotations

from collections.abc import Callable

from .state import Action, State

# The in-turn listing (listing.legal_actions), set by the dispatcher (game.py): listing
# reaches acts, which calls this module, so this module cannot import listing.
listing: Callable[[State, bool], list[Action]] | None = None


def layout(state: State) -> tuple:
    """What an empty circuit leaves as it was: how many cards lie in each zone, the card to
    match and its colour (cards that change place change a count or the top card)."""
    return (len(state.pile), len(state.discard), len(state.neutral),
            tuple(map(len, state.hands)), tuple(map(len, state.fields)),
            id(state.discard[-1]) if state.discard else None, state.color)


def note_empty_draw(state: State, player: int) -> None:
    """A turn's draw gave ``player`` nothing: count it towards a stopped hand, or end it."""
    owner = state.rs.role_rule("stall")
    if not owner or listing is None:
        return
    if any(a.act != "draw" for a in listing(state, False)):
        state.stall = None  # they could have moved: the table may still go on
        return
    here = layout(state)
    last = state.stall
    run = last[2] + 1 if last is not None and last[0] == state.turn_number - 1 \
        and last[1] == here else 1
    state.stall = (state.turn_number, here, run)
    if run < state.living():
        return
    state.over = True
    state.hand_ended = True  # a stopped hand is not scored
    state.log("over", owner, "no one has drawn a card or had another move for a whole "
              "round: the hand has stopped, and nobody wins it")
