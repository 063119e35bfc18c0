"""Setting up a hand: dealing, and turning up the first card with its start effects."""

from __future__ import annotations

from . import acts, triggers
from .interp import Ctx, Steps, run_effects
from .state import State
from .turns import next_seat


def deal(state: State) -> None:
    """Deal the ruleset's hand size one card at a time, from the dealer's next seat."""
    size = int(state.setting("hand_size", 7))
    for _ in range(size):
        seat = state.dealer
        for _ in range(state.living()):
            seat = next_seat(state, seat)
            if state.pile:
                state.hands[seat].append(state.pile.pop())
    state.log("deal", state.rs.role_rule("setup"), f"{size} cards are dealt to each player")


def start(state: State) -> Steps:
    """Turn up the first card and apply its start effects as the dealer's."""
    card = state.pile.pop()
    state.discard.append(card)
    face = state.face(card)
    state.color = None if face.is_wild else face.color
    kind = face.kind
    state.log("flip", kind.name, f"the first card is {card.notation}")
    ctx = Ctx(state, state.dealer, card, owner=kind.name)
    ctx.vars["starting"] = True
    ctx.under = state.discard[-2] if len(state.discard) > 1 else None
    yield from run_effects(triggers.card_effects(state, card, "start", ctx), ctx)
    if ctx.reflip:
        yield from start(state)
        return
    yield from acts.finish(state, ctx)
