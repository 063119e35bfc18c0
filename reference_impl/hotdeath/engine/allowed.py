"""What the rules allow a player or a card now: the predicates validation and listing share.

``validation`` refuses a move and ``listing`` enumerates the moves from these
same predicates, so that ``legal_actions`` and ``apply_action`` can never
disagree. ``_no`` makes the refusal, naming the rule by its role.
"""

from __future__ import annotations

from collections.abc import Callable

from ..model import Effect
from .interp import Ctx
from .matching import acting_kind, can_stack, granted, matches, same_again, top_number
from .state import Action, Card, Illegal, State

_NONE: frozenset[str] = frozenset()


def _no(state: State, code: str, message: str, role: str) -> Illegal:
    rule = state.rs.role_rule(role)
    suffix = f" (rule '{rule}')" if rule else ""
    return Illegal(code, message + suffix, rule)


def stack_window(state: State, player: int) -> bool:
    return any(w.kind == "stack" and w.seat == player for w in state.windows)


def anytime(state: State, player: int, card: Card | None) -> bool:
    """A card its holder may play out of turn at any moment nothing else is pending (or at the
    moments its ``playable anytime if`` guard names)."""
    if card is None or not state.kind(card).playable_anytime or state.pending \
            or state.phase != "turn" or player == state.current_player:
        return False
    guard = state.kind(card).anytime_guard
    return guard is None or guard(_ctx(state, player, card, None))


def follow_up(state: State, player: int, card: Card | None) -> bool:
    """A card its player may add at once to the play they just made, out of turn now: one of
    the same number or function, while the window a rule opened for them lasts. After a card
    that attacks (a Pinwheel of Draw Twos), the next one adds to the attack it made."""
    if card is None or player == state.current_player \
            or not any(w.kind == "follow_up" and w.to == player for w in state.windows) \
            or not same_again(state, card):
        return False
    if state.pending:
        return state.phase == "respond" and state.pending[0].sender == player \
            and can_stack(state, card)
    return state.phase == "turn"


def usable(state: State, player: int) -> list[Card]:
    """Cards a player may use to answer without putting them down: those answering from a
    field, and those held up from the hand."""
    out = [c for c in state.fields[player] if state.kind(c).answer_from == "field"]
    return out + [c for c in state.hands[player] if state.kind(c).answer_from == "shown"]


def _ctx(state: State, player: int, card: Card | None, action: Action | None = None) -> Ctx:
    return Ctx(state, player, card, action, holder=player)


def answer_for(state: State, card: Card, ctx: Ctx, flex: bool = False) -> Effect | None:
    """The card's answer that applies to the pending effect now, if any (its flex side's,
    played on that side)."""
    if not state.pending:
        return None
    for effect in acting_kind(state, card, flex).answers:
        if effect.guard is None or effect.guard(ctx):
            return effect
    return None


def can_answer(state: State, card: Card, player: int, flex: bool = False) -> bool:
    """Whether the card may answer the pending effect: played on its flex side (``flex``), the
    side must answer or stack (a stack's restriction holds for the side played), while the
    card still matches by its regular side."""
    if acting_kind(state, card, flex).answer_from != "hand":
        return can_stack(state, card, flex)
    if state.setting("stack_match") and not matches(state, card):
        return False  # Restrictions: 'match the top card of the discard pile and the restriction'

    return answer_for(state, card, _ctx(state, player, card), flex) is not None \
        or can_stack(state, card, flex) or bool(stand_in_answers(state, card, player))


def stand_in_answers(state: State, card: Card, player: int) -> tuple[Card, ...]:
    """For a card played as another ('play_as'): one stand-in per face it may be named as that
    may be played now and may answer the pending effect, by that face's own answer or by
    joining the pending draw (a card played as another answers as that card would).
    Empty for any other card, or with nothing pending."""
    exclude = state.derived().stand_ins.get(state.kind(card).name)
    if exclude is None or not state.pending:
        return ()
    out: dict[str, Card] = {}
    for face in state.rs.deck:
        if face.kind.name in exclude or face.notation in out:
            continue
        stand = Card(face)
        if not playable(state, stand, player):
            continue  # the named card's own limits hold (one that cannot go out cannot)
        if answer_for(state, stand, _ctx(state, player, stand)) is not None \
                or can_stack(state, stand):
            out[face.notation] = stand
    return tuple(out.values())


def forced_answer(state: State, player: int) -> Card | None:
    """A card the player holds that must answer the pending effect (so it cannot be accepted)."""
    for card in [*state.hands[player], *state.fields[player]]:
        kind = state.kind(card)
        if kind.must_answer is None:
            continue
        in_hand = any(card is c for c in state.hands[player])
        if in_hand != (kind.answer_from in ("hand", "shown")):
            continue  # it answers only from where it is meant to (a guard from the field)
        ctx = _ctx(state, player, card)
        if kind.must_answer(ctx) and answer_for(state, card, ctx) is not None:
            return card
    return None


def playable(state: State, card: Card, player: int, action: Action | None = None) -> bool:
    guard = state.kind(card).playable
    return guard is None or guard(_ctx(state, player, card, action))


def _can_play_something(state: State, player: int) -> bool:
    if state.phase == "drawn":
        return state.drawn is not None and matches(state, state.drawn)
    return any((matches(state, c) or granted(state, player, c)) and playable(state, c, player)
               for c in state.hands[player])


def may_go_out(state: State, player: int, count: int = 1) -> bool:
    """False when a play of ``count`` cards would empty the hand of a player who has not
    called Uno yet."""
    return not (len(state.hands[player]) == count and state.setting("uno_to_win")
                and player not in state.uno_called)


def needs_of(state: State, card: Card, player: int, flex: bool = False) -> frozenset[str]:
    kind = state.kind(card)
    if state.mini is not None and state.phase != "respond":
        return kind.needs.get("modify", _NONE) if kind.needs else _NONE  # no colour, no action
    if flex and kind.side:  # the flex side's effects, and the card's own modifiers
        side = state.rs.kinds[kind.side]
        return side.needs.get("play", _NONE) | kind.needs.get("modify", _NONE)
    if not kind.needs and not kind.counts_as:
        return _NONE
    if state.phase == "respond" and kind.needs.get("answer") is not None \
            and answer_for(state, card, _ctx(state, player, card)) is not None:
        return kind.needs["answer"]
    if kind.counts_as:  # a card played as a number the player chooses
        return kind.needs.get("play", _NONE) | kind.needs.get("modify", _NONE) | {"number"}
    if "modify" in kind.needs:  # a modifier acts on every play: what it needs is asked too
        return kind.needs.get("play", _NONE) | kind.needs["modify"]
    return kind.needs.get("play", frozenset())


def number_fits(state: State, card: Card, number: int | None) -> bool:
    """A card that counts as a chosen number may be played on a number card of that number."""
    numbers = state.kind(card).counts_as
    return bool(numbers) and number is not None and number in numbers \
        and number == top_number(state) and state.mini is None


def challengeable(state: State) -> bool:
    if not state.pending:
        return False
    top = state.pending[0].top
    return top.card is not None and "challenge" in state.kind(top.card).triggers


def _declared_refusal(state: State, a: Action) -> Callable[[], Illegal] | None:
    """Why the rules refuse a declared act, as a maker of the error; None if they allow it.

    Listing legal moves tries every act for every seat, target and card, and
    most are refused: making the error (its message, the rule it cites) only
    when it is raised keeps that listing cheap, with the same checks in the
    same order as the validation.
    """
    decl = state.rs.acts[a.act]
    if decl.by == "turn" and a.player != state.current_player:
        return lambda: _no(state, "not_your_turn", f"'{a.act}' is only for the player on turn, "
                           f"not {state.name(a.player)}", "turns")
    if decl.by == "turn" and state.phase == "respond":
        return lambda: _no(state, "must_answer_attack", f"{state.name(a.player)} must first "
                           "answer or accept the attack", "attacks")
    if decl.by == "turn" and state.phase != "turn":
        return lambda: _no(state, "act_not_allowed", f"'{a.act}' must come before "
                           f"{state.name(a.player)} plays or draws", "turns")
    if "target" in decl.needs:
        if a.target is None:
            return lambda: _no(state, "missing_choice", f"'{a.act}' needs a target", "turns")
        if a.target == a.player or not state.in_game(a.target):
            return lambda: _no(state, "bad_choice", "the target must be another player still "
                               "in the game", "turns")
    if "card" in decl.needs:
        if a.card is None:
            return lambda: _no(state, "missing_choice", f"'{a.act}' needs a card", "turns")
        if state.rs.face(a.card.notation) is None:
            return lambda: _no(state, "bad_choice", f"there is no card '{a.card.notation}'",
                               "turns")
    if state.request is not None:
        return lambda: _no(state, "act_not_allowed", f"'{a.act}' must wait while "
                           f"{state.name(state.request.chooser)} is choosing", "turns")
    if decl.guard is not None and not decl.guard(Ctx(state, a.player, action=a)):
        return lambda: _no(state, "act_not_allowed", f"'{a.act}' is not allowed for "
                           f"{state.name(a.player)} now (act '{decl.title}')", "turns")
    return None


def jump_ins_closed(state: State) -> bool:
    """A period the ruleset names ('jump_in_closed_by') is running: no one may jump in."""
    closed = state.setting("jump_in_closed_by")
    return closed is not None and closed in state.periods
