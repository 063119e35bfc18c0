"""Whether the rules allow an action, and if not, why: validation with a reason.

Every refusal names a code from the closed list and the spec rule (by role)
that forbids the action; when several apply, the order is PROTOCOL.md section
3.4's. The predicates it tests are ``allowed``'s, the ones ``listing`` uses.
"""

from __future__ import annotations

from ..scenario.format import ACTS
from . import combine
from .allowed import (
    _can_play_something,
    _ctx,
    _declared_refusal,
    _no,
    answer_for,
    anytime,
    can_answer,
    challengeable,
    follow_up,
    forced_answer,
    jump_ins_closed,
    may_go_out,
    needs_of,
    number_fits,
    playable,
    stack_window,
    usable,
)
from .choices import _check_choose
from .matching import (
    acting_kind,
    bluffable,
    can_stack,
    granted,
    identical_to_top,
    matches,
    wrong_jump_in,
)
from .state import Action, Card, Illegal, State

TURN_ACTS = ("play", "use", "draw", "pass", "accept", "challenge")


def _shown(state: State, card: Card) -> str:
    """The card's name in this ruleset (a Deluxe card under its Deluxe name)."""
    kind = state.kind(card)
    return kind.called or kind.name


def validate(state: State, a: Action) -> None:
    if a.act not in ACTS and a.act not in state.rs.acts:
        raise _no(state, "unknown_action", f"'{a.act}' is not an action", "turns")
    if state.over:
        raise _no(state, "game_over", "the round is over", "turns")
    if not (0 <= a.player < len(state.seats)) or not state.in_game(a.player):
        raise _no(state, "no_such_player", "that player is not in the game", "turns")
    if a.act in TURN_ACTS:
        _check_turn_action(state, a)
    else:
        CHECKS.get(a.act, _check_declared)(state, a)


def _in_hand(state: State, a: Action) -> Card:
    card = a.card
    if card is None or not any(c is card for c in state.hands[a.player]):
        shown = card.notation if card else "no card"
        raise _no(state, "card_not_in_hand", f"{state.name(a.player)} does not hold {shown}",
                  "turns")
    return card


def _check_turn_action(state: State, a: Action) -> None:
    who = state.name(a.player)
    if state.request is not None:
        raise _no(state, "not_your_turn" if a.player != state.current_player
                  else "missing_choice", f"{state.name(state.current_player)} must first "
                  f"choose ({state.request.prompt})", "turns")
    # Out of turn, only a card the player holds can allow a play (PROTOCOL 3.4: a play out
    # of turn is not_your_turn even when the card is unknown, not card_not_in_hand).
    held = a.card is not None and any(c is a.card for c in state.hands[a.player])
    if a.player != state.current_player and not (a.act == "play" and (
            stack_window(state, a.player) or held and not a.combine and (
                anytime(state, a.player, a.card) or follow_up(state, a.player, a.card)))):
        raise _no(state, "not_your_turn", f"it is {state.name(state.current_player)}'s turn, "
                  f"not {who}'s", "turns")
    phase = state.phase
    if a.act == "play":
        _check_play(state, a)
    elif a.act == "use":
        _check_use(state, a)
    elif a.act in ("draw", "pass"):
        if phase == "respond" and a.act == "draw" and state.setting("draw_accepts") \
                and forced_answer(state, a.player) is None:
            return  # drawing the penalty is accepting it
        if phase == "respond":
            raise _no(state, "must_answer_attack", f"{who} must answer or accept the attack",
                      "attacks")
        if a.act == "draw" and phase == "drawn":
            raise _no(state, "nothing_drawn", f"{who} has already drawn this turn", "turns")
        if a.act == "pass" and phase != "drawn":
            raise _no(state, "nothing_drawn", f"{who} may pass only after drawing", "turns")
        if state.setting("must_play") and _can_play_something(state, a.player):
            raise _no(state, "must_play", f"{who} can play a card and so must", "turns")
    else:  # accept, challenge
        if phase != "respond":
            raise _no(state, "no_attack", "no attack is pending against " + who, "attacks")
        if a.act == "challenge" and not challengeable(state):
            raise _no(state, "not_challengeable", "this attack cannot be challenged",
                      "attacks")
        if a.act == "accept" and forced_answer(state, a.player) is not None:
            card = forced_answer(state, a.player)
            step = "uses" if state.kind(card).answer_from in ("field", "shown") else "plays"
            raise _no(state, "answer_required", f"{who} has {card} and must answer with it: "
                      f"'{who} {step} {card.notation}'", "attacks")


def _check_play(state: State, a: Action) -> None:
    if a.combine:
        _check_combined_play(state, a)
        return
    card = _in_hand(state, a)
    phase = state.phase
    if a.player != state.current_player and (anytime(state, a.player, card)
                                             or follow_up(state, a.player, card)):
        pass  # played out of turn, on any card (or with the cards just played)
    elif a.player != state.current_player:  # a follow-up stack in an open window
        if not can_stack(state, card, a.flex):
            raise _no(state, "cannot_answer", f"{card} cannot be added to this attack",
                      "attacks")
    elif phase == "respond":
        if not can_answer(state, card, a.player, a.flex):
            kind = acting_kind(state, card, a.flex)
            if kind.answer_from in ("field", "shown") \
                    and answer_for(state, card, _ctx(state, a.player, card)) is not None:
                raise Illegal("cannot_answer", f"{card} answers without being played: "
                              f"'{state.name(a.player)} uses {card.notation}'", kind.name)
            if kind.answers:  # its own text says what it answers
                raise Illegal("cannot_answer", f"{card} cannot answer this attack (card "
                              f"'{_shown(state, card)}')", kind.name)
            raise _no(state, "cannot_answer", f"{card} cannot answer this attack", "attacks")
    elif phase == "drawn" and state.tempo_draw is not None:
        if not any(card is c for c in state.drawn_set) or not matches(state, card):
            raise _no(state, "not_drawn_card", f"after drawing, {state.name(a.player)} may "
                      "play only cards just drawn that match", "tempo")
    elif phase == "drawn" and state.free_turn != (a.player, state.turn_number):
        if card is not state.drawn:
            shown = state.drawn.notation if state.drawn else "none"
            raise _no(state, "not_drawn_card", f"after drawing, {state.name(a.player)} may "
                      f"play only the drawn card ({shown})", "turns")
    elif not matches(state, card) and not granted(state, a.player, card) \
            and not number_fits(state, card, a.number) and not bluffable(state, card):
        top = state.top()
        raise _no(state, "does_not_match", f"{card} does not match "
                  f"{top.notation if top else 'nothing'} (colour {state.color})", "matching")
    if a.flex:
        _check_flex(state, a, card)
    if not playable(state, card, a.player, a):
        name = state.kind(card).name
        raise Illegal("not_playable", f"{card} cannot be played now (card "
                      f"'{_shown(state, card)}')", name)
    _check_choices(state, a, card)
    _check_going_out(state, a)


def _check_flex(state: State, a: Action, card: Card) -> None:
    """A flex side needs a two-sided card and a green Power Card (Flexing)."""
    if not state.kind(card).side:
        raise _no(state, "not_playable", f"{card} has no flex side", "flex")
    if not state.power[a.player]:
        raise _no(state, "not_playable", f"{state.name(a.player)}'s Power Card is red: no "
                  "flex side may be played", "flex")


def _all_in_hand(state: State, a: Action) -> list[Card]:
    """Every card of a combined play, each a different card the player holds."""
    cards = combine.cards_of(a)
    hand = list(state.hands[a.player])
    for card in cards:
        if not any(c is card for c in hand):
            raise _no(state, "card_not_in_hand", f"{state.name(a.player)} does not hold "
                      f"{combine.text(a)}", "turns")
        hand = [c for c in hand if c is not card]
    return cards


def _check_combined_play(state: State, a: Action) -> None:
    """Cards combined in turn: held, of one colour, making the number of the card in play."""
    cards = _all_in_hand(state, a)
    if a.player != state.current_player or state.phase == "respond":
        raise _no(state, "cannot_answer", "combined cards cannot answer an attack", "attacks")
    if state.phase == "drawn" and state.free_turn != (a.player, state.turn_number):
        shown = state.drawn.notation if state.drawn else "none"
        raise _no(state, "not_drawn_card", f"after drawing, {state.name(a.player)} may play "
                  f"only the drawn card ({shown})", "turns")
    _, value = combine.value_of(state, a)
    goal = combine.target(state)
    if goal is None or goal[1] != value:
        top = state.top()
        raise _no(state, "does_not_match", f"{combine.text(a)} makes {value}, not the number "
                  f"of {top.notation if top else 'nothing'}", "combine")
    _check_combined_cards(state, a, cards)


def _check_combined_cards(state: State, a: Action, cards: list[Card]) -> None:
    """What every play must also pass: each card's own limits, then the Uno rule, counting
    every card the play takes from the hand."""
    for card in cards:
        if not playable(state, card, a.player, a):
            raise Illegal("not_playable", f"{card} cannot be played now (card "
                          f"'{_shown(state, card)}')", state.kind(card).name)
    if not may_go_out(state, a.player, len(cards)):
        raise _no(state, "must_call_uno", f"{state.name(a.player)} must call Uno before "
                  "going out with their last cards", "uno")


def _check_use(state: State, a: Action) -> None:
    card = a.card
    if card is None or not any(c is card for c in usable(state, a.player)):
        shown = card.notation if card else "no card"
        held = card is not None and any(c is card for c in (*state.hands[a.player],
                                                             *state.fields[a.player]))
        why = f"{shown} is not a card one uses: it is played, or works by itself where it " \
            "lies" if held else f"{state.name(a.player)} has no {shown} to use"
        raise _no(state, "card_not_in_hand", why, "turns")
    if state.phase != "respond" or answer_for(state, card, _ctx(state, a.player, card)) \
            is None:
        raise _no(state, "cannot_answer", f"{card} cannot answer now", "attacks")


def _check_going_out(state: State, a: Action) -> None:
    """Where the ruleset says so, a last card may be played only after calling Uno."""
    if not may_go_out(state, a.player):
        raise _no(state, "must_call_uno", f"{state.name(a.player)} must call Uno before "
                  "going out with their last card", "uno")


def _check_choices(state: State, a: Action, card: Card) -> None:
    needs = needs_of(state, card, a.player, a.flex)
    if "color" in needs:
        if a.color is None:
            raise _no(state, "missing_choice", f"{card} needs a colour", "turns")
        if a.color not in state.rs.colors:
            raise _no(state, "bad_choice", f"'{a.color}' is not a colour", "turns")
    if "target" in needs:
        if a.target is None:
            raise _no(state, "missing_choice", f"{card} needs a target", "turns")
        if a.target == a.player or not state.in_game(a.target):
            raise _no(state, "bad_choice", "the target must be another player still in the "
                      "game", "turns")
    if "number" in needs:
        numbers = state.kind(card).counts_as
        if a.number is None:
            raise _no(state, "missing_choice", f"{card} needs a number", "turns")
        if a.number not in numbers:
            raise _no(state, "bad_choice", f"{a.number} is not a number {card} may count as",
                      "turns")
    if "cards" in needs:
        if not a.cards:
            raise _no(state, "missing_choice", f"{card} needs a card chosen from the hand",
                      "turns")
        hand = [c for c in state.hands[a.player] if c is not card]
        if len(a.cards) != 1 or not all(any(c is h for h in hand) for c in a.cards):
            raise _no(state, "bad_choice", "choose one other card from your own hand", "turns")


def _check_jump_in(state: State, a: Action) -> None:
    who = state.name(a.player)
    if not state.setting_list("jump_in"):
        raise _no(state, "cannot_jump_in", "this ruleset has no jump-ins", "turns")
    if state.request is not None:
        raise _no(state, "cannot_jump_in", f"no one may jump in while "
                  f"{state.name(state.request.chooser)} is choosing", "jump_in")
    if a.player == state.current_player:
        raise _no(state, "cannot_jump_in", f"{who} is the player to act and plays normally",
                  "jump_in")
    if a.player in state.skipped and not state.setting("jump_in_skipped"):
        raise _no(state, "cannot_jump_in", f"{who}'s turn was skipped", "jump_in")
    if jump_ins_closed(state):
        raise _no(state, "cannot_jump_in", "jump-ins are closed now", "jump_in")
    if a.combine:
        _check_combined_jump_in(state, a)
        return
    card = _in_hand(state, a)
    if not identical_to_top(state, card):
        if state.setting("jump_in_penalty") is None:
            why = "a wild card may not jump in" if state.face(card).is_wild \
                and not state.setting("jump_in_wild", 1) else \
                f"{card} is not identical to the top card"
            raise _no(state, "does_not_match", why, "jump_in")
        return  # accepted: the wrong card costs its penalty
    if state.pending and not can_stack(state, card, a.flex):
        if wrong_jump_in(state, card, a.flex):
            return  # accepted: a card the stack's restriction does not allow costs the penalty
        raise _no(state, "cannot_jump_in", "only a card that stacks may jump in on a pending "
                  "attack", "jump_in")
    if a.flex:
        _check_flex(state, a, card)
    _check_choices(state, a, card)
    _check_going_out(state, a)


def _check_combined_jump_in(state: State, a: Action) -> None:
    """Cards combined out of turn: they must make the very card in play, colour and number."""
    cards = _all_in_hand(state, a)
    color, value = combine.value_of(state, a)
    if combine.target(state) != (color, value):
        top = state.top()
        raise _no(state, "does_not_match", f"{combine.text(a)} makes {color} {value}, not "
                  f"the card in play ({top.notation if top else 'nothing'})", "jump_in")
    if state.pending:
        raise _no(state, "cannot_jump_in", "combined cards cannot join a pending attack",
                  "jump_in")
    _check_combined_cards(state, a, cards)


def _check_uno(state: State, a: Action) -> None:
    n = len(state.hands[a.player])
    if a.player in state.uno_pending or (n == 2 and a.player == state.turn
                                         and state.phase == "turn"):
        return
    if n == 1 and state.setting("uno_to_win") and a.player not in state.uno_called:
        return  # a player who must call to win may call whenever they hold one card
    raise _no(state, "uno_not_allowed", f"{state.name(a.player)} cannot call Uno now", "uno")


def _check_catch(state: State, a: Action) -> None:
    q = a.target
    if q is None or not (0 <= q < len(state.seats)) or q == a.player:
        raise _no(state, "bad_choice", "name another player to catch", "uno")
    if q not in state.uno_pending and state.setting("false_catch_penalty") is None:
        raise _no(state, "nothing_to_catch", _not_open(state, q), "uno")


def _not_open(state: State, q: int) -> str:
    """Why a player cannot be caught: a bare 'not open' left scenario writers guessing."""
    who, held = state.name(q), len(state.hands[q])
    if q in state.uno_called:
        return f"{who} is not open to a catch: they called Uno"
    if held != 1:
        return f"{who} is not open to a catch: they hold {held} cards, not one"
    return f"{who} is not open to a catch: the chance closed when the next action was taken"


def _check_declared(state: State, a: Action) -> None:
    refusal = _declared_refusal(state, a)
    if refusal is not None:
        raise refusal()


def check_next_hand(state: State) -> None:
    # where the hand's loser deals the next hand, a loser ends the hand, not the match
    hand_loser = state.loser is not None and state.setting("next_dealer") == "loser"
    if state.winner is not None or state.loser is not None and not hand_loser:
        raise _no(state, "game_over", "the game is over", "scoring")
    if not state.over:
        raise _no(state, "round_not_over", "the hand is still being played", "scoring")


CHECKS = {"jump_in": _check_jump_in, "uno": _check_uno, "catch": _check_catch,
          "choose": _check_choose}
