"""Scoring a hand: each player's cards as points, through the ruleset's score layers.

A hand's score starts as the sum of its cards' ``points`` (a number, the
card's face value, or an expression such as ten times the highest number
held). Then the ``modifies score at LAYER`` effects of the cards each player
holds (in hand or face up before them) apply, layer by layer in the order
``score_layers`` declares, to every player at once: a layer that looks at
X them as the earlier layers
left them. Last, the rules' ``on scored`` effects run for each player (marks
carried from hand to hand, a forbidden pair of cards). Which hands are scored
and what a total over a limit does are the rules' own business.
"""

from __future__ import annotations

from .interp import Ctx, guard_holds, run_effects, run_now
from .state import ELIMINATED, Card, State


def card_points(state: State, card: Card, holder: int) -> int:
    """A card's own points: a number, its face value, or an expression for its holder."""
    face = state.face(card)
    pts = face.points
    if isinstance(pts, int):
        return pts
    if pts == "face":
        return face.number or 0
    if callable(pts):
        kind = face.kind
        return int(pts(Ctx(state, holder, card, owner=kind.name, holder=holder)))
    return 0


def changes_total_only(state: State, card: Card) -> bool:
    """A card with no value of its own, only an effect on the hand's total (a doubler)."""
    kind = state.kind(card)
    return kind.points == 0 and any(m.event == "score" for m in kind.modifiers)


def holder_of(state: State, card: Card, default: int) -> int:
    """Whose card it is, for points that depend on the rest of its holder's hand."""
    for seat, hand in enumerate(state.hands):
        if any(c is card for c in hand):
            return seat
    return default


def held_cards(state: State, seat: int) -> list[Card]:
    """What counts as a player's at the end of a hand: their hand and the cards before them."""
    return [*state.hands[seat], *state.fields[seat]]


def scored_seats(state: State) -> list[int]:
    """Everyone who took part in the hand: still in it, or sitting it out, but not out of the
    match before it began."""
    return [s for s in range(len(state.seats)) if state.status[s] != ELIMINATED
            or s in state.departed]


def score_hand(state: State, seats: list[int], skip: int | None) -> dict[int, int]:
    """Every listed player's score for this hand; ``skip`` (the hand's winner) scores 0."""
    held = {s: held_cards(state, s) for s in seats}
    scores = {s: 0 if s == skip else sum(card_points(state, c, s) for c in held[s])
              for s in seats}
    state.hand_scores = scores
    for layer in state.setting_list("score_layers"):
        for seat in seats:
            if seat != skip:
                _apply_layer(state, seat, held[seat], layer, scores)
    return scores


def _apply_layer(state: State, seat: int, cards: list[Card], layer: str,
                 scores: dict[int, int]) -> None:
    for card in cards:
        kind = state.kind(card)
        for mod in kind.modifiers:
            if mod.event != "score" or mod.layer != layer:
                continue
            ctx = Ctx(state, seat, card, owner=kind.name, holder=seat, amount=scores[seat],
                      draw_class="score")
            if guard_holds(mod, ctx):
                run_now(mod.body, ctx)
                if ctx.amount != scores[seat]:
                    state.log("score", kind.name, f"{state.name(seat)}'s hand score goes from "
                              f"{scores[seat]} to {ctx.amount}")
                scores[seat] = ctx.amount


def after_scoring(state: State, seats: list[int], scores: dict[int, int]):
    """The rules' 'on scored' effects for each player (not the hand's winner, who scores
    nothing), then the totals."""
    for seat in seats:
        if seat == state.round_winner:
            continue
        for effect in state.rs.rule_triggers.get("scored", []):
            ctx = Ctx(state, seat, owner=effect.owner, amount=scores[seat], draw_class="score")
            yield from run_effects([effect], ctx)
            if ctx.amount != scores[seat]:
                state.log("score", effect.owner, f"{state.name(seat)}'s hand score goes from "
                          f"{scores[seat]} to {ctx.amount}")
            scores[seat] = ctx.amount
    for seat in seats:
        state.scores[seat] += scores[seat]
        state.log("score", "", f"{state.name(seat)} scores {scores[seat]} "
                  f"(total {state.scores[seat]})")
