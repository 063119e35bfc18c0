"""Which actions the rules allow: validation with a reason, and enumeration.

Both use the same predicates so that ``legal_actions`` and ``apply_action``
can never disagree. Every refusal names a code from the closed list and the
spec rule (by role) that forbids the action; when several apply, the order is
PROTOCOL.md section 3.4's.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations, islice, permutations

from ..model import Face
from ..scenario.format import ACTS
from . import acts, combine
from .interp import Ctx
from .matching import (
    COLORED,
    PLAIN,
    acting_kind,
    bluffable,
    can_stack,
    fits,
    granted,
    identical_to_top,
    matches,
    privileged,
    same_again,
    top_number,
    wrong_jump_in,
)
from .state import AFTER_CARD, AFTER_CHOICES, NEW_TUPLE, Action, Card, Illegal, Request, State

TURN_ACTS = ("play", "use", "draw", "pass", "accept", "challenge")
_NONE: frozenset[str] = frozenset()


def _no(state: State, code: str, message: str, role: str) -> Illegal:
    rule = state.rs.role_rule(role)
    suffix = f" (rule '{rule}')" if rule else ""
    return Illegal(code, message + suffix, rule)


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
                    and acts.answer_for(state, card, _ctx(state, a.player, card)) is not None:
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
    if state.phase != "respond" or acts.answer_for(state, card, _ctx(state, a.player, card)) \
            is None:
        raise _no(state, "cannot_answer", f"{card} cannot answer now", "attacks")


def usable(state: State, player: int) -> list[Card]:
    """Cards a player may use to answer without putting them down: those answering from a
    field, and those held up from the hand."""
    out = [c for c in state.fields[player] if state.kind(c).answer_from == "field"]
    return out + [c for c in state.hands[player] if state.kind(c).answer_from == "shown"]


def _ctx(state: State, player: int, card: Card | None, action: Action | None = None) -> Ctx:
    return Ctx(state, player, card, action, holder=player)


def can_answer(state: State, card: Card, player: int, flex: bool = False) -> bool:
    """Whether the card may answer the pending effect: played on its flex side (``flex``), the
    side must answer or stack (a stack's restriction holds for the side played), while the
    card still matches by its regular side."""
    if acting_kind(state, card, flex).answer_from != "hand":
        return can_stack(state, card, flex)
    if state.setting("stack_match") and not matches(state, card):
        return False  # Restrictions: 'match the top card of the discard pile and the restriction'

    return acts.answer_for(state, card, _ctx(state, player, card), flex) is not None \
        or can_stack(state, card, flex)


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
        if kind.must_answer(ctx) and acts.answer_for(state, card, ctx) is not None:
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


def _check_going_out(state: State, a: Action) -> None:
    """Where the ruleset says so, a last card may be played only after calling Uno."""
    if not may_go_out(state, a.player):
        raise _no(state, "must_call_uno", f"{state.name(a.player)} must call Uno before "
                  "going out with their last card", "uno")


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
            and acts.answer_for(state, card, _ctx(state, player, card)) is not None:
        return kind.needs["answer"]
    if kind.counts_as:  # a card played as a number the player chooses
        return kind.needs.get("play", _NONE) | kind.needs.get("modify", _NONE) | {"number"}
    if "modify" in kind.needs:  # a modifier acts on every play: what it needs is asked too
        return kind.needs.get("play", _NONE) | kind.needs["modify"]
    return kind.needs.get("play", frozenset())


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


def _check_choose(state: State, a: Action) -> None:
    r = state.request
    if r is None:
        raise _no(state, "no_pending_choice", "there is nothing to choose", "turns")
    if a.player != r.chooser:
        raise _no(state, "not_your_turn", f"{state.name(r.chooser)} chooses", "turns")
    if choice_value(state, a) is _BAD:
        raise _no(state, "bad_choice", f"that is not a valid choice ({r.prompt}: a choice of "
                  f"kind '{r.kind}'{_offered(state, r)})", "turns")


def _offered(state: State, r: Request) -> str:
    """What a request offers, for a refused choice: writers guess the kind and the words."""
    if r.kind == "number":
        return f", {r.low} to {r.high}"
    names = [state.name(o) if isinstance(o, int) else getattr(o, "notation", str(o))
             for o in r.options[:12]]
    return f", one of: {', '.join(names)}" if names else ""


_BAD = object()


def choice_value(state: State, a: Action):
    """The answer an action gives to the pending request, or _BAD."""
    r = state.request
    assert r is not None
    kind = r.kind
    if kind == "color":
        return a.color if a.color in r.options else _BAD
    if kind in ("option", "yesno"):
        return a.answer if a.answer in r.options else _BAD
    if kind == "player":
        return a.target if a.target in r.options else _BAD
    if kind == "players":
        ok = len(a.players) == r.count and len(set(a.players)) == len(a.players) \
            and all(p in r.options for p in a.players)
        return list(a.players) if ok else _BAD
    if kind in ("cards", "order"):
        return _pick_cards(r.options, a.cards, r.count)
    if kind == "number":
        return a.number if a.number is not None and r.low <= a.number <= r.high else _BAD
    if kind == "counts":
        counts = dict(a.counts)
        cap = dict(zip(r.options, r.caps, strict=True)) if r.caps else {}
        ok = all(s in r.options and 0 <= n <= cap.get(s, n) for s, n in counts.items()) \
            and sum(counts.values()) == r.total
        return {s: n for s, n in counts.items() if n} if ok else _BAD
    return _BAD


def _pick_cards(options: tuple, chosen: tuple, count: int):
    if len(chosen) != count:
        return _BAD
    pool = list(options)
    out = []
    for card in chosen:
        match = next((c for c in pool if c is card), None)
        if match is None:
            return _BAD
        pool.remove(match)
        out.append(match)
    return out


def _check_declared(state: State, a: Action) -> None:
    refusal = _declared_refusal(state, a)
    if refusal is not None:
        raise refusal()


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


def check_next_hand(state: State) -> None:
    # where the hand's loser deals the next hand, a loser ends the hand, not the match
    hand_loser = state.loser is not None and state.setting("next_dealer") == "loser"
    if state.winner is not None or state.loser is not None and not hand_loser:
        raise _no(state, "game_over", "the game is over", "scoring")
    if not state.over:
        raise _no(state, "round_not_over", "the hand is still being played", "scoring")


CHECKS = {"jump_in": _check_jump_in, "uno": _check_uno, "catch": _check_catch,
          "choose": _check_choose}


# -- enumeration ----------------------------------------------------------------------------


def legal_actions(state: State, out_of_turn: bool = True) -> list[Action]:
    """The actions the rules allow now without a penalty, for the player to act and
    (with ``out_of_turn``) everyone else: Uno calls, catches, correct jump-ins,
    follow-up stacks and the ruleset's own acts.

    Penalised moves (a wrong jump-in, a false catch where the ruleset fines it) and
    bluffs (``matching.bluffable``) are accepted by ``apply_action`` but never listed
    here. The order of the list is part of the engine's behaviour (a seeded random
    player picks by position):
    the player's plays in hand order, then Uno, then the other acts.
    """
    if state.over:
        return []
    if state.request is not None:
        return _choices(state)
    if state.pending:
        out = _answers(state, state.pending[0].target)
    else:
        out = _turn_actions(state, state.turn)
    if out_of_turn:
        out.extend(out_of_turn_actions(state))
    return out


def _answers(state: State, p: int) -> list[Action]:
    """The target's answers to the pending effect: plays, uses, accepting, challenging."""
    out: list[Action] = []
    derived = state.derived()
    going_out = may_go_out(state, p)
    if going_out and derived.answering:  # (where no card answers or stacks, none is listed)
        seen: set[Face] = set()
        for card in state.hands[p]:
            if card.face in seen:
                continue  # one copy of each face: the copies act alike
            seen.add(card.face)
            kind = state.kind(card)
            flexes = bool(kind.side) and state.power[p]
            if not kind.answers and kind.stack is None and not flexes:
                continue  # it neither answers nor stacks: can_answer would say no
            # each side answers on its own: the side played must be one the pending effect
            # allows (a stack's restriction), though the card matches by its regular side
            regular = (bool(kind.answers) or kind.stack is not None) \
                and can_answer(state, card, p)
            side = flexes and can_answer(state, card, p, flex=True)
            if not (regular or side) or (kind.playable is not None
                                         and not playable(state, card, p)):
                continue
            if regular:
                needs = needs_of(state, card, p)
                if needs:
                    out.extend(_variants(state, p, card, needs))
                else:
                    out.append(Action(p, "play", card))
            if side:
                out.extend(_flexed(state, p, card))
    elif not going_out:  # owed or not: the call is their own move, listed in turn
        out.append(Action(p, "uno"))
    if derived.using:
        for card in usable(state, p):
            if acts.answer_for(state, card, _ctx(state, p, card)) is not None:
                out.append(Action(p, "use", card))
    if not derived.forcing or forced_answer(state, p) is None:
        # where drawing takes the penalty, that is the act
        out.append(_bare(state, p, "draw" if state.setting("draw_accepts") else "accept"))
    if challengeable(state):
        out.append(_bare(state, p, "challenge"))
    return out


def _bare(state: State, p: int, act: str) -> Action:
    """``Action(p, act)``, made once a game (see ``State.made``)."""
    made = state.made[p]
    action = made.get(act)
    if action is None:
        action = made[act] = NEW_TUPLE(Action, (p, act, None) + AFTER_CARD)
    return action


def _turn_actions(state: State, p: int) -> list[Action]:
    """On a turn with nothing pending: the cards that may be played, then draw (or pass once
    a card is drawn) unless the ruleset makes a player who can play do so."""
    out: list[Action] = []
    drawn = state.drawn
    made = state.made[p]
    can_play = False
    hand = state.hands[p]
    if len(hand) != 1 or may_go_out(state, p):
        if drawn is not None and state.tempo_draw is not None:  # any card of the tempo draw
            hand = [c for c in hand if any(c is d for d in state.drawn_set)]
        elif drawn is not None and state.free_turn != (p, state.turn_number):
            hand = [drawn] if drawn in hand else []  # the drawn card only, while still held
        _plays(state, p, hand, out, made)
        if drawn is None and state.rs.extras and state.setting_list("combine"):
            out.extend(_combined(state, p, jump_in=False))
        can_play = bool(out)
    else:  # owed or not: the call is their own move, listed in turn
        out.append(Action(p, "uno"))
    if not (can_play and state.setting("must_play")):
        out.append(_bare(state, p, "pass" if drawn is not None else "draw"))
    return out


def _as_numbers(state: State, p: int, card: Card, fits: bool) -> list[Action]:
    """Plays of a card that counts as a chosen number: any of its numbers where it matches
    anyway (by colour), else only the number of the card in play."""
    numbers = state.kind(card).counts_as if fits else \
        [n for n in state.kind(card).counts_as if n == top_number(state)]
    return [Action(p, "play", card, number=n) for n in numbers]


def _flexed(state: State, p: int, card: Card) -> list[Action]:
    """The plays of a card's flex side, with the choices that side's effects need."""
    needs = needs_of(state, card, p, flex=True)
    plays = _variants(state, p, card, needs) if needs else [Action(p, "play", card)]
    return [a._replace(flex=True) for a in plays]


def _plays(state: State, p: int, hand: list[Card], out: list[Action], made: dict) -> None:
    """Append a play of each face in ``hand`` that may go on the card in play.

    ``fits`` answers for a card's face from a table kept with the ruleset, so
    the matching test runs once per (face in play, colour, face), not per card
    and listing; a face the table marks PLAIN is one bare play with nothing
    left to check (the action itself is taken from ``made``, see ``State.made``), and
    one it marks COLORED is one play per colour (kept in ``State.cache``).
    A card that does not match may still be granted. Copies of
    a face are listed once, as the first of them: a face passes or fails the
    table and the grant alike for all its copies, so testing before removing
    duplicates lists the same cards in the same order.
    """
    table = fits(state)
    # privileged(state, p) is None unless a free turn or a grant may apply: not asked then
    privilege = privileged(state, p) if state.free_turn is not None or state.rs.grants \
        else None
    seen: set[Face] = set()
    extras = state.rs.extras
    colored = state.mini is None  # on a mini-pile no colour is named (see needs_of)
    for card in hand:
        own = card.face
        how = table[own]
        if extras and own.kind.counts_as and state.mini is None:  # played as a number chosen
            if own not in seen:
                seen.add(own)
                out.extend(_as_numbers(state, p, card, bool(how)))
            continue
        if not how and (privilege is None or not privilege(state.face(card))):
            continue
        if own in seen:
            continue  # one copy of each face: the copies act alike
        seen.add(own)
        if how == PLAIN:
            action = made.get(card)
            if action is None:
                action = made[card] = NEW_TUPLE(Action, (p, "play", card) + AFTER_CARD)
            out.append(action)
            continue
        if how == COLORED and colored:  # what needs_of and _variants would find, at once
            out.extend(color_plays(state, p, card))
            continue
        kind = state.kind(card)
        if kind.playable is not None and not playable(state, card, p):
            continue
        needs = needs_of(state, card, p) if kind.needs else None
        if needs:
            out.extend(_variants(state, p, card, needs))
        else:
            out.append(NEW_TUPLE(Action, (p, "play", card) + AFTER_CARD))
        if kind.side and state.power[p]:
            out.extend(_flexed(state, p, card))


def _calls_in_turn(state: State) -> int | None:
    """The player whose Uno call the in-turn listing (``_turn_actions``, ``_answers``) already
    holds: the player to act, where they must call to go out and no choice is asked."""
    if state.request is not None or state.over:
        return None
    p = state.pending[0].target if state.pending else state.turn
    return None if may_go_out(state, p) else p


def out_of_turn_actions(state: State) -> list[Action]:
    out = _jump_ins(state)
    for w in state.windows:
        if w.kind == "stack" and may_go_out(state, w.seat):
            for card in _distinct(state.hands[w.seat]):
                if can_stack(state, card):
                    out.extend(_variants(state, w.seat, card))
    for w in state.windows:
        if w.kind == "follow_up" and w.to is not None and may_go_out(state, w.to):
            for card in _distinct(state.hands[w.to]):
                if follow_up(state, w.to, card) and playable(state, card, w.to):
                    out.extend(_variants(state, w.to, card))
    if state.rs.anytime and not state.pending and state.phase == "turn":
        for q in range(len(state.seats)):
            if q != state.current_player and state.in_game(q) and may_go_out(state, q):
                for card in _distinct(state.hands[q]):
                    if anytime(state, q, card) and playable(state, card, q):
                        out.extend(_variants(state, q, card))
    acting = _calls_in_turn(state)
    for q in sorted(state.uno_pending):
        if q != acting:  # the player to act's own call is listed in turn
            out.append(Action(q, "uno"))
        out.extend(Action(r, "catch", target=q) for r in range(len(state.seats))
                   if r != q and state.in_game(r))
    for name, decl in state.rs.acts.items():
        for r in range(len(state.seats)):
            if not state.in_game(r):
                continue
            targets = [t for t in range(len(state.seats)) if t != r and state.in_game(t)] \
                if "target" in decl.needs else [None]
            for t in targets:
                # a card an act names: one of each kind the target holds (the table is open),
                # or with no target one of the actor's own (a claim about a card they hold)
                named = _distinct(state.hands[r if t is None else t]) \
                    if "card" in decl.needs else [None]
                for card in named:
                    a = Action(r, name, card, target=t)
                    if _declared_refusal(state, a) is None:
                        out.append(a)
    return out


def _distinct(cards: list[Card]) -> list[Card]:
    seen: dict[str, Card] = {}
    for c in cards:
        seen.setdefault(c.notation, c)
    return list(seen.values())


def jump_ins_closed(state: State) -> bool:
    """A period the ruleset names ('jump_in_closed_by') is running: no one may jump in."""
    closed = state.setting("jump_in_closed_by")
    return closed is not None and closed in state.periods


def _jump_ins(state: State) -> list[Action]:
    if not state.setting_list("jump_in") or state.request is not None \
            or jump_ins_closed(state):
        return []
    out = []
    for q in range(len(state.seats)):
        if (q == state.current_player or not state.in_game(q)
                or q in state.skipped and not state.setting("jump_in_skipped")
                or not may_go_out(state, q)):
            continue
        for card in _distinct(state.hands[q]):
            if identical_to_top(state, card) and (not state.pending or can_stack(state, card)):
                out.extend(Action(a.player, "jump_in", card, a.color, a.target, a.cards)
                           for a in _variants(state, q, card))
        if not state.pending and state.setting_list("combine"):
            out.extend(_combined(state, q, jump_in=True))
    return out


def _combined(state: State, p: int, jump_in: bool) -> list[Action]:
    """The combined plays to list (combine.MOST_LISTED), each allowed by every card's limits
    and by the Uno rule."""
    out = []
    for a in combine.listed(state, p, jump_in):
        cards = combine.cards_of(a)
        if may_go_out(state, p, len(cards)) and all(playable(state, c, p, a) for c in cards):
            out.append(a)
    return out


def _variants(state: State, p: int, card: Card, needs: frozenset[str] | None = None
              ) -> list[Action]:
    """A play of the card with every choice it needs: each colour, target, card to give."""
    needs = needs_of(state, card, p) if needs is None else needs
    if not needs:
        return [Action(p, "play", card)]
    if needs == _COLOR_ONLY:  # a wild card: one play per colour, most often needed of all
        return list(color_plays(state, p, card))
    colors = state.rs.colors if "color" in needs else (None,)
    targets = ([t for t in range(len(state.seats)) if t != p and state.in_game(t)]
               if "target" in needs else [None])
    picks: list[tuple[Card, ...]] = [()]
    if "cards" in needs:
        picks = [(c,) for c in _distinct([c for c in state.hands[p] if c is not card])]
    return [NEW_TUPLE(Action, (p, "play", card, c, t, k) + AFTER_CHOICES)
            for c in colors for t in targets for k in picks]


_COLOR_ONLY = frozenset({"color"})


def color_plays(state: State, p: int, card: Card) -> tuple[Action, ...]:
    """One play of the card per colour of the rules in force.

    Kept per card and player for the game (``State.cache``): a wild card is
    listed again each turn its holder keeps it, and its plays depend only on
    the card, the player and the colours, which the entry is checked against.
    """
    colors = state.rs.colors
    got = state.cache.get((card, p))
    if got is None or got[0] is not colors:
        got = state.cache[(card, p)] = (colors, tuple([
            NEW_TUPLE(Action, (p, "play", card, c, None, ()) + AFTER_CHOICES) for c in colors]))
    return got[1]


def _choices(state: State) -> list[Action]:
    r = state.request
    assert r is not None
    p = r.chooser
    if r.kind == "color":
        return [Action(p, "choose", color=c) for c in r.options]
    if r.kind in ("option", "yesno"):
        return [Action(p, "choose", answer=c) for c in r.options]
    if r.kind == "player":
        return [Action(p, "choose", target=s) for s in r.options]
    if r.kind == "players":
        return [Action(p, "choose", players=c) for c in combinations(r.options, r.count)]
    if r.kind == "number":
        return [Action(p, "choose", number=n) for n in range(r.low, r.high + 1)]
    if r.kind == "cards":
        picks = islice(combinations(r.options, r.count), MAX_LISTED)
        return [Action(p, "choose", cards=c) for c in _unique(picks)]
    if r.kind == "order":
        orders = islice(permutations(r.options), MAX_LISTED)
        return [Action(p, "choose", cards=c) for c in _unique(orders)]
    if r.kind == "counts":
        caps = r.caps or (r.total,) * len(r.options)
        return [Action(p, "choose", counts=tuple(zip(r.options, split, strict=True)))
                for split in _compositions(r.total, len(r.options))
                if all(n <= c for n, c in zip(split, caps, strict=True))]
    return []


# A choice of some cards among many (keep half of a 30-card hand) has more answers than can
# be listed; the list stops here, and any other answer of the right size is still accepted.
MAX_LISTED = 2000


def _unique(groups) -> list[tuple[Card, ...]]:
    seen: dict[tuple[str, ...], tuple[Card, ...]] = {}
    for g in groups:
        seen.setdefault(tuple(c.notation for c in g), g)
    return list(seen.values())


def _compositions(total: int, parts: int) -> list[tuple[int, ...]]:
    if parts == 1:
        return [(total,)]
    return [(first, *rest) for first in range(total + 1)
            for rest in _compositions(total - first, parts - 1)]
