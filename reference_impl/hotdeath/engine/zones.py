"""Moving cards between zones: hands, fields, neutral play, the piles and declared extra piles.

Every move of a card into or out of play goes through here, so the list of
cards whose settings are in force (``State.active``) and each copy's own
counters stay right.
"""

from __future__ import annotations

from ..model import COLORS_WILD, Face
from .state import NO_COUNTERS, Card, State


def in_play(state: State, card: Card) -> bool:
    return any(card in f for f in state.fields) or card in state.neutral


def holder_of(state: State, card: Card) -> int | None:
    """The seat in front of which a card lies (None in neutral play or elsewhere)."""
    for seat, cards in enumerate(state.fields):
        if any(c is card for c in cards):
            return seat
    return None


def enter_play(state: State, card: Card, seat: int | None) -> None:
    """The card lies face up in front of ``seat`` (or in neutral play when None)."""
    (state.neutral if seat is None else state.fields[seat]).append(card)
    if state.kind(card).while_active:
        state.active.append(card)


def leave_play(state: State, card: Card) -> list[Card]:
    """Take a card out of play; returns it with the cards that lay with it."""
    for zone in [*state.fields, state.neutral]:
        for i, c in enumerate(zone):
            if c is card:
                del zone[i]
                break
    if card in state.active:
        state.active.remove(card)
    card.counters = NO_COUNTERS
    card.owner = None
    freed, card.attached = card.attached, ()
    return [card, *freed]


def remove_from_hand(state: State, seat: int, card: Card) -> None:
    state.hands[seat].remove(card)  # cards compare by identity
    if state.revealed[seat]:
        state.revealed[seat].discard(id(card))


def put(state: State, cards: list[Card], zone: str, bottom: bool = False) -> None:
    """Cards onto a pile (top is the list's end); ``bottom`` slides them underneath."""
    pile = state.zone(zone)
    if bottom:
        pile[:0] = list(reversed(cards))
    else:
        pile.extend(cards)


def under_top(state: State, cards: list[Card]) -> None:
    """Cards onto the discard pile beneath its top card, which stays in play."""
    if state.discard:
        top = state.discard.pop()
        state.discard.extend(cards)
        state.discard.append(top)
    else:
        state.discard.extend(cards)


def give_to_hand(state: State, seat: int, cards: list[Card]) -> None:
    state.hands[seat].extend(cards)
    for card in cards:
        state.revealed[seat].discard(id(card))


def detach(state: State, card: Card) -> str:
    """Take a card out of wherever it is; returns where that was (hand, play, pile, ...)."""
    for seat, hand in enumerate(state.hands):
        for i, c in enumerate(hand):
            if c is card:
                del hand[i]
                state.revealed[seat].discard(id(card))
                return "hand"
    if in_play(state, card):
        under_top(state, leave_play(state, card)[1:])
        return "field"
    if state.match_top is card:
        state.match_top = None
    for zone in [*state.fields, state.neutral]:
        for holder in zone:
            if any(c is card for c in holder.attached):
                rest = list(holder.attached)
                rest.remove(card)
                holder.attached = rest
                return "attached"
    for name in ("discard", "pile", *state.zones):
        pile = state.zone(name)
        for i in range(len(pile) - 1, -1, -1):
            if pile[i] is card:
                del pile[i]
                return "play" if name == state.play_zone and i == len(pile) else name
    return "nowhere"


def take_mini_pile(state: State, seat: int, owner: str) -> None:
    """Whoever cannot meet the tempo on a mini-pile takes all of it; play returns to the discard
    pile, in the colour named before the mini-pile began."""
    zone, _, color = state.mini
    cards, state.zones[zone] = state.zones[zone], []
    give_to_hand(state, seat, cards)
    state.mini, state.play_zone, state.color = None, "discard", color
    state.log("mini", owner, f"{state.name(seat)} takes the mini-pile ({len(cards)} cards)")


def empty_hand(state: State, seat: int) -> list[Card]:
    """Take a player's whole hand (to discard, burn or give it); nothing in it stays shown."""
    cards, state.hands[seat] = state.hands[seat], []
    state.revealed[seat] = set()
    return cards


def lay_on_top(state: State, card: Card, face: Face | None = None) -> None:
    """A card goes on top of play and becomes the card to match, its colour in play unless it
    is wild (a play, a card turned up, a card laid for another player)."""
    state.zone(state.play_zone).append(card)
    state.match_top = None
    face = face or state.face(card)
    if face.color != COLORS_WILD:
        state.color = face.color
