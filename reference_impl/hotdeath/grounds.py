"""On what grounds the rules allow a move: the rule a report names beside a move it lists.

Validation says why a move is refused; a report comparing two programs' lists of
moves also needs the other half, why the reference offers a move the program does not
("allowed by rule 'Matching'", or by the text of the card played). The branches follow
``validation``'s, in its order, for a move it has already accepted; they name the rule
by role, as refusals do, or the card whose own text allows the move.

Not in ``engine/``: no rule of the game runs through it. It is the reference's account of
its own decision for the protocol's ``check`` request, beside ``adapter`` (its one user).
"""

from __future__ import annotations

from .engine.allowed import anytime, follow_up, number_fits, stack_window
from .engine.listing import listable
from .engine.matching import acting_kind, bluffable, granter, matches
from .engine.state import Action, State
from .model import CardKind

_ACT_ROLES = {"draw": "turns", "pass": "turns", "accept": "attacks", "challenge": "attacks",
              "jump_in": "jump_in", "uno": "uno", "catch": "uno", "choose": "turns"}


def grounds(state: State, a: Action) -> str:
    """The rule (or card) that allows ``a``, a move validation accepts now; "" if none
    can be named."""
    if a.act == "play":
        return _play(state, a)
    if a.act == "use" and a.card is not None:
        return _called(acting_kind(state, a.card, a.flex))
    if a.act in state.rs.acts:
        return state.rs.acts[a.act].title
    return state.rs.role_rule(_ACT_ROLES.get(a.act, "turns"))


def _called(kind: CardKind) -> str:
    """The card's name in the ruleset being played (a Deluxe card under its Deluxe name)."""
    return kind.called or kind.name


def _play(state: State, a: Action) -> str:
    card, role = a.card, state.rs.role_rule
    if a.combine or card is None:
        return role("combine" if a.player == state.current_player else "jump_in")
    own = _called(acting_kind(state, card, a.flex))
    if a.player != state.current_player:
        if anytime(state, a.player, card) or follow_up(state, a.player, card):
            return own
        return role("attacks") if stack_window(state, a.player) else ""
    if state.phase == "respond":
        return own if acting_kind(state, card, a.flex).answers else role("attacks")
    if not listable(state, card, a.player, a):
        return own  # a bluff, or a play its card's own text limits: the card says why
    if state.phase == "drawn":
        return role("tempo" if state.tempo_draw is not None else "turns")
    if matches(state, card):
        return role("matching")
    if state.free_turn == (a.player, state.turn_number):
        return role("turns")
    other = granter(state, a.player, card)
    if other is not None:
        return _called(state.kind(other))
    return own if number_fits(state, card, a.number) or bluffable(state, card) else ""
