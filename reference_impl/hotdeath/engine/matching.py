"""What may be played on what: matching the top card, jump-in identity, stacking.

All of it is read from the ruleset's settings (as changed by cards in play,
such as a card that allows only matches by colour) and from card properties.
"""

from __future__ import annotations

import weakref

from ..model import CardKind, Face, Ruleset
from .state import Card, State


def match_attributes(state: State) -> tuple:
    return state.setting_list("match") if state.active else state.rs.match


def matches(state: State, card: Card) -> bool:
    return fits(state)[state.face(card)] != NO_MATCH


NO_MATCH, PLAIN, CHECKED, COLORED = 0, 1, 2, 3
"""How a face may be played on the card in play: not at all (unless granted); as one bare play
(it matches, has no 'playable' guard and needs no choice); it matches, and its guard or
its choices are still to be worked out for the player and the table; or it matches, has no
guard, and its one choice is a colour (a wild card on a turn: one play per colour)."""

_COLOR_ONLY = frozenset({"color"})


class Fits(dict):
    """Face -> NO_MATCH, PLAIN or CHECKED on the card in play.

    Filled on demand by the matching test, so a face is tested once per
    position (see ``fits``), not once per card per listing of legal moves.
    A card's own face may be the key: it is answered for the face it acts as
    under the rules the table was made for.
    """

    __slots__ = ("rules", "test")

    def __init__(self, rs: Ruleset, test) -> None:
        super().__init__()
        self.rules = weakref.ref(rs)  # kept with the ruleset: a strong one would keep it alive
        self.test = test

    def __missing__(self, own: Face) -> int:
        rs = self.rules()
        assert rs is not None  # the table is dropped with its ruleset
        face = rs.translate(own)
        how = NO_MATCH
        if self.test(face):
            how = _how(face.kind)
        self[own] = how
        return how


def _how(kind: CardKind) -> int:
    """How a matching card of this kind is listed on a turn (see NO_MATCH...)."""
    if kind.playable is not None or kind.bluff is not None or kind.side or kind.counts_as:
        return CHECKED
    needs = kind.needs
    if not (needs and (needs.get("play") or needs.get("modify"))):
        return PLAIN
    return COLORED if needs.get("play") == _COLOR_ONLY and "modify" not in needs else CHECKED


def fits(state: State) -> Fits:
    """Which faces may be played on the card in play, for the current table.

    With no card in play changing the rules of matching (``state.active``
    empty), the answer depends only on the ruleset, the face in play and the
    colour, so the table is kept with the ruleset (``State.derived``) and
    shared by all its games (keyed by the own face of the card in play: the
    table translates faces of another ruleset). Otherwise it is built from ``matcher`` for this
    position alone.
    """
    if state.active or state.mini is not None or state.counts_as is not None:
        return Fits(state.rs, matcher(state))  # a restriction or a number of this position
    top = state.match_top
    if top is None:
        discard = state.discard
        top = discard[-1] if discard and state.play_zone == "discard" else state.top()
    key = (None if top is None else top.face, state.color)
    pair = state._derived  # State.derived, without the call: this runs on every listing
    tables = (pair[1] if pair[0] is state.rs else state.derived()).fits
    table = tables.get(key)
    if table is None:
        table = tables[key] = Fits(state.rs, _build_matcher(state, top))
    return table


def matcher(state: State):
    """A test of 'may a card of this face be played on the card in play', for the current table.

    It is built once per table position (top card, colour, rules in force) and
    reused, which keeps the hot path of random play free of repeated lookups.
    """
    top = state.top()
    key = (top, state.color, state.ident, tuple(state.active), state.mini, state.counts_as)
    cached = state.cache.get("matcher")
    if cached is not None and cached[0] == key:
        return cached[1]
    test = _build_matcher(state, top)
    state.cache["matcher"] = (key, test)
    return test


def _build_matcher(state: State, top: Card | None):
    if top is None:
        return lambda face: True
    tf = state.face(top)
    attrs = match_attributes(state)
    by_color = "color" in attrs
    by_suit = "suit" in attrs
    by_text = "text" in attrs
    color, suits, text = state.color, top_suits(state, top), tf.text
    top_name = tf.kind.name
    if state.mini is not None:
        only = state.mini[1]  # a mini-pile's restriction: its colour and wild cards
        return lambda face: face.color == only or face.color == "wild"

    def test(face: Face) -> bool:
        if face.color == "wild" or face.kind.playable_anywhere or top_name in face.kind.plays_on:
            return True
        return ((by_color and face.color == color) or (by_suit and not suits.isdisjoint(
            face.suits)) or (by_text and face.text == text))

    return test


def top_suits(state: State, top: Card) -> frozenset[str]:
    """What the card in play matches by: its own symbols, and the number it counts as."""
    if state.counts_as is not None and state.counts_as[0] is top:
        return state.face(top).suits | {str(state.counts_as[1])}
    return state.face(top).suits


def top_number(state: State) -> int | None:
    top = state.top()
    if top is None:
        return None
    if state.counts_as is not None and state.counts_as[0] is top:
        return state.counts_as[1]
    return state.face(top).number


def granted(state: State, player: int, card: Card) -> bool:
    """Whether the player may play this card here though it does not match: another card
    they hold lets them (6s on 9s), or this is a turn in which any card plays.

    A card with ``grants_match`` lets its holder play any card of one of those
    suits on a card of another of them, whatever the colours.
    """
    if state.free_turn is not None and state.free_turn == (player, state.turn_number):
        return True
    return granter(state, player, card) is not None


def granter(state: State, player: int, card: Card) -> Card | None:
    """The card the player holds whose ``grants_match`` lets them play this one here."""
    if not state.rs.grants:
        return None
    top = state.top()
    if top is None:
        return None
    suits, top_suits = state.face(card).suits, state.face(top).suits
    for other in state.hands[player]:
        group = state.kind(other).grants_match
        if group and other is not card and not suits.isdisjoint(group) \
                and not top_suits.isdisjoint(group):
            return other
    return None


def bluffable(state: State, card: Card) -> bool:
    """Whether a player may play this card here as a bluff: where the ruleset lets players
    cheat (``grant_bluff``), a card that a grant would let its holder play (a 9 on a 6) may
    be played by one who lacks the granting card. The play stands unless someone catches it
    before anyone acts again; it is accepted, never listed among the legal moves."""
    if not state.rs.grants or not state.setting("grant_bluff"):
        return False
    top = state.top()
    if top is None:
        return False
    suits, top_suits = state.face(card).suits, state.face(top).suits
    return any(not suits.isdisjoint(k.grants_match) and not top_suits.isdisjoint(k.grants_match)
               for k in state.rs.kinds.values() if k.grants_match)


def privileged(state: State, player: int):
    """A test of 'may the player play a card of this face though it does not match', built once
    per listing of legal moves (see ``granted``); None when nothing grants anything."""
    if state.free_turn is not None and state.free_turn == (player, state.turn_number):
        return lambda face: True
    if not state.rs.grants:
        return None
    top = state.top()
    if top is None:
        return None
    top_suits = state.face(top).suits
    groups = [g for c in state.hands[player] if (g := state.kind(c).grants_match)
              and not top_suits.isdisjoint(g)]
    if not groups:
        return None
    return lambda face: any(not face.suits.isdisjoint(g) for g in groups)


def same_again(state: State, card: Card) -> bool:
    """Whether a card is 'of the same number or function' as the top one: a number card of the
    same number, or another card of the same kind."""
    top = state.top()
    if top is None:
        return False
    face, tf = state.face(card), state.face(top)
    if "number" in face.kind.categories and "number" in tf.kind.categories:
        return face.number == tf.number
    return face.kind.name == tf.kind.name


def identical_to_top(state: State, card: Card) -> bool:
    """Whether a card is 'the same card' as the top one, for a jump-in."""
    top = state.top()
    if top is None:
        return False
    face, tf = state.face(card), state.face(top)
    if face.is_wild and not state.setting("jump_in_wild", 1):
        return False
    for kind, other in ((face.kind, tf), (tf.kind, face)):
        if kind.jumps_as and face.color == tf.color and other.suits & set(kind.jumps_as):
            return True
    for attr in face.kind.jump_in_by or state.setting_list("jump_in"):
        if attr == "color" and face.color != tf.color:
            return False
        if attr == "suit" and not face.suits & top_suits(state, top):
            return False
        if attr == "text" and face.text != tf.text:
            return False
    return True


def acting_kind(state: State, card: Card, flex: bool = False) -> CardKind:
    """The kind whose effects a play of the card runs: its flex side's, when it is played on
    that side (a two-sided card is still matched by its regular side)."""
    kind = state.kind(card)
    if flex and kind.side:
        return state.rs.kinds[kind.side]
    return kind


def can_stack(state: State, card: Card, flex: bool = False) -> bool:
    """Whether a card may be added to the pending draw: its family is the draw's, or one it
    may be added onto ('stacks_on'); with 'stack_match' it must match the card in play too
    (a stack restricts play, it does not replace matching). Played on its flex side
    (``flex``), it is the side that must belong to such a family: the card still matches by
    its regular side."""
    if not state.pending:
        return False
    kind = acting_kind(state, card, flex)
    group = state.pending[0].group
    if kind.stack is None or not (kind.stack == group or group in kind.stacks_on):
        return False
    return not state.setting("stack_match") or matches(state, card)


def wrong_jump_in(state: State, card: Card, flex: bool = False) -> bool:
    """Whether a jump-in with this card costs the ruleset's penalty: the card is not identical
    to the one in play, or (with 'jump_in_unstackable penalty') it is, but cannot join the
    pending draw (a card that breaks a stack's play restriction is an illegal card too)."""
    if not identical_to_top(state, card):
        return True
    return bool(state.pending) and state.setting("jump_in_unstackable") == "penalty" \
        and not can_stack(state, card, flex)
