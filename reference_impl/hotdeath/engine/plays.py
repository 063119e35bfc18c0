"""The acts that put a card down: a play on turn, a jump-in, a card used where it lies.

What the card does (its effects, its overrides, the modifiers around it),
where it goes (the top of play, beneath another card, held back for the
tempo), and the last card of a turn acting once the turn is done.
"""

from __future__ import annotations

from ..model import Effect, Face
from . import combine, draws, tempo, triggers, zones
from .allowed import answer_for, stand_in_answers
from .interp import Ctx, Steps, run, run_effects
from .matching import bluffable, can_stack, granted, matches, wrong_jump_in
from .state import Action, Card, State, Window
from .turns import next_seat


def play(state: State, action: Action) -> Steps:
    if action.combine:
        action = _lay_beneath(state, action)
    p, card = action.player, action.card
    assert card is not None
    face = state.face(card)
    kind = face.kind
    ctx = Ctx(state, p, card, action, owner=kind.name)
    current = state.current_player
    responding = bool(state.pending) and current == p
    out_of_turn = not state.pending and p != current and state.request is None
    if out_of_turn:
        state.turn = p  # played out of turn (a card playable at any time): play goes on from p
    ctx.vars["out_of_turn"] = out_of_turn
    if out_of_turn:
        ctx.skips = state.carried_skips  # else none (the class default)
    state.plays_in_hand += 1
    answer = answer_for(state, card, ctx, action.flex) if responding else None
    ctx.stacking = answer is None and bool(state.pending) and can_stack(state, card, action.flex)
    if responding and answer is None and not ctx.stacking \
            and kind.name in state.derived().stand_ins:
        # a card played as another answers as the card it is named: which ones may, judged
        # before it is put down, as validation judged it (play_as offers only these)
        ctx.vars["stand_ins"] = stand_in_answers(state, card, p)
    if "challenge" in kind.triggers:  # the only rule that asks what else was held
        ctx.held_color = any(state.face(c).color == state.color
                             for c in state.hands[p] if c is not card)
    ctx.under = state.top()
    ctx.vars["color_before"] = state.color
    off_match = state.rs.grants and not responding and not ctx.stacking \
        and not matches(state, card)
    privileged = off_match and granted(state, p, card)
    bluffed = off_match and not privileged and bluffable(state, card)
    _put_down(state, p, card, face)
    ctx.vars["last_card"] = not state.hands[p]
    acting, mini = True, False
    if state.rs.extras:
        acting, mini = _turn_extras(state, card, action)
    if mini:  # on a mini-pile: no colour is named and no action is performed (Pile Up)
        state.turn_last = None
        ctx.keep_turn = not acting
        if state.tracing:
            state.log("mini", state.rs.role_rule("tempo"), f"{card.notation} is played on "
                      "the mini-pile: its colour and actions are skipped")
    elif not acting:  # not the last card of the turn: an answer to a stack waits too
        yield from hold_back(state, card, action, ctx)
    elif answer is not None:
        yield from run(answer.body, ctx)
    else:
        effects = played_effects(state, card, action, ctx)
        if effects:  # most cards played (the numbers) have none
            yield from run_effects(effects, ctx)
    if "modify" in kind.triggers:
        yield from run_effects(kind.triggers["modify"], ctx)
    if privileged:  # others may now dispute the play (see window_open)
        state.windows.append(Window("granted_match", p))
    elif bluffed:  # a play only a grant allows, made without it: it stands unless caught
        state.windows.append(Window("bluffed_match", p, card=card,
                                    before=ctx.vars["color_before"]))  # type: ignore[arg-type]
    if "any_play" in state.rs.reacts:
        state.triggered.append(("any_play", p, card, {
            "skips": ctx.skips, "reversed": ctx.vars.get("reversed"),
            "jumped_in": action.act == "jump_in"}))
    return ctx


def _turn_extras(state: State, card: Card, action: Action) -> tuple[bool, bool]:
    """What a play does beyond one card on one turn, where the ruleset has it: the number a
    card counts as, a flex side (the Power Card turns), the tempo (is this the last card of
    the turn?), a mini-pile. Returns (its actions run now, it lies on a mini-pile)."""
    kind = state.kind(card)
    if kind.counts_as and action.number is not None:  # it counts as that number while on top
        state.counts_as = (card, action.number)
    if action.flex:
        owner = state.rs.role_rule("flex") or kind.name
        state.log("flex", owner, f"{card.notation} is played on its flex side")
        tempo.flip_power(state, action.player, owner)
        tempo.settle_power(state, owner)
    acting = True
    if tempo.on(state):  # facing a stack too: 'players must play a number of cards equal to
        acting = tempo.count_play(state, card)  # the current tempo' (BL-4)
    return acting, state.mini is not None and state.play_zone == state.mini[0]


def played_effects(state: State, card: Card, action: Action | None, ctx: Ctx) -> list[Effect]:
    """A card's play effects: those of its flex side when it was played on that side."""
    kind = state.kind(card)
    if action is not None and action.flex and kind.side:
        return state.rs.kinds[kind.side].triggers.get("play", [])
    return triggers.card_effects(state, card, "play", ctx)


def hold_back(state: State, card: Card, action: Action, ctx: Ctx) -> Steps:
    """A card that is not the last of its turn (yet): it names its colour; its actions take
    effect only if no card follows it (``act_last``; Event Order: 'Skip the Perform Actions
    event if the card is not the last card played')."""
    state.turn_last_action = action
    if state.face(card).is_wild and action.color is not None:
        state.color = action.color
    ctx.keep_turn = True
    if state.tracing:
        state.log("tempo", state.rs.role_rule("tempo"), f"{card.notation} is not the last "
                  "card of the turn yet: its actions take effect only if no card follows it "
                  f"({tempo.owed(state)} more to play)")
    if state.tempo_draw is not None:  # played from the tempo draw: the rest may follow
        left = [c for c in state.drawn_set if any(c is h for h in state.hands[action.player])]
        state.drawn = left[0] if left else None
    return
    yield


def act_last(state: State, player: int) -> Steps:
    """The turn ends with cards still owed: its last card played, held back, acts now."""
    card, action = state.turn_last, state.turn_last_action
    tempo.end_run(state)
    ctx = Ctx(state, player, card, action, owner=state.kind(card).name if card else "turn")
    if card is None:
        ctx.next_turn = next_seat(state, player)
        return ctx
    ctx.vars["replayed"] = True  # its colour was named when it was played
    state.log("tempo", state.rs.role_rule("tempo"), f"the last card of the turn, "
              f"{card.notation}, acts")
    yield from run_effects(played_effects(state, card, action, ctx), ctx)
    return ctx


def _lay_beneath(state: State, action: Action) -> Action:
    """A combined play: every card but the last goes down at once, in the order stated; the
    last is then played as the one card the combination counts as."""
    cards = combine.cards_of(action)
    color, value = combine.value_of(state, action)
    state.log("combine", state.rs.role_rule("combine"), f"{state.name(action.player)} "
              f"combines {combine.text(action)} = {color} {value}")
    for card in cards[:-1]:
        zones.remove_from_hand(state, action.player, card)
        (state.discard if state.play_zone == "discard" else state.zone(state.play_zone)) \
            .append(card)
        state.plays_in_hand += 1
    return action._replace(card=cards[-1], combine=())


def _put_down(state: State, p: int, card: Card, face: Face) -> None:
    """The played card leaves the hand for the top of play, and its colour is in play."""
    zones.remove_from_hand(state, p, card)
    zones.lay_on_top(state, card, face)
    state.drawn = None
    if state.tracing:
        state.log("play", face.kind.name, f"{state.name(p)} plays {card.notation}")


def use(state: State, action: Action) -> Steps:
    """A card answers from where it lies (a field card, a card held up), without being played."""
    p, card = action.player, action.card
    assert card is not None
    kind = state.kind(card)
    ctx = Ctx(state, p, card, action, owner=kind.name, holder=p)
    answer = answer_for(state, card, ctx)
    assert answer is not None
    if kind.answer_from == "shown":
        state.revealed[p].add(id(card))  # held up for all to see, and kept
    state.log("use", kind.name, f"{state.name(p)} uses {card.notation}")
    yield from run(answer.body, ctx)
    return ctx


def jump_in(state: State, action: Action) -> Steps:
    """Out of turn: an identical card takes over play, or a wrong one costs a penalty."""
    p, card = action.player, action.card
    assert card is not None
    owner = state.rs.role_rule("jump_in")
    if not action.combine and wrong_jump_in(state, card, action.flex):
        state.log("jump", owner, f"{state.name(p)} jumps in with the wrong card")
        draws.draw(state, p, int(state.setting("jump_in_penalty", 0)), "penalty", owner)
        ctx = Ctx(state, p, owner=owner)
        ctx.keep_turn = True
        return ctx
    state.log("jump", owner, f"{state.name(p)} jumps in")
    if state.pending and state.setting("jump_in_stack", "reset") == "pass_on":
        # the jumper is now the active player: the stack waits at the player after them
        # (a card added to it aims it there anyway)
        state.pending[0].target = next_seat(state, p)
    if tempo.on(state):
        tempo.end_run(state)  # the jumper's own run of plays begins with this card
    if state.pending and state.setting("jump_in_stack", "reset") == "reset":
        state.log("reset", owner, f"the stack of {state.pending[0].amount} is reset")
        state.pending.clear()
    state.turn, state.drawn = p, None
    return (yield from play(state, action))
