"""What each act does once legality has allowed it, and how every action ends.

``process`` is the pipeline of one action: the act itself, then triggered
abilities, then who plays next, then the state checks. It runs as a
coroutine: when an effect asks a player to choose, the whole action waits
(``Game`` keeps it) and goes on with the answer.
"""

from __future__ import annotations

from collections.abc import Generator

from ..model import Effect, Face, Ruleset
from . import checks, combine, draws, pending, stall, tempo, triggers, zones
from .interp import Ctx, Steps, run, run_effects
from .matching import acting_kind, bluffable, can_stack, granted, matches, wrong_jump_in
from .pending import drop_unplayable
from .state import Action, Card, State, Window
from .turns import next_seat, passed_over


def process(state: State, action: Action) -> Steps:
    carried = 0
    state.answered = state.windows
    if state.windows:
        if action.act == "play" and any(w.kind == "follow_up" and w.to == action.player
                                        for w in state.windows):
            carried = len(state.skipped)  # cards added to a play: their skips add up
        state.windows = []  # a follow-up window lasts one action; legality has used it already
    state.carried_skips = carried
    if state.uno_pending and action.act not in ("uno", "catch") \
            and state.setting("uno_window", "next_action") == "next_action":
        state.uno_pending = {p for p in state.uno_pending if p == action.player}
    extras = state.rs.extras
    state.sizes_before = [len(h) for h in state.hands] \
        if extras and state.setting("uno_any_hand") else None
    handler = HANDLERS.get(action.act, declared)
    held = _held(state) if extras and "entered" in state.rs.reacts else None
    ctx = yield from handler(state, action)
    if held is not None:
        held = _entered(state, held)
    held = yield from finish(state, ctx, held)
    if held is not None and _entered(state, held) != held and state.triggered:
        yield from triggers.fire(state)  # cards that came in as the next turn began


def _held(state: State) -> list[set[int]]:
    return [{id(c) for c in hand} for hand in state.hands]


def _entered(state: State, before: list[set[int]]) -> list[set[int]]:
    """Queue 'entered' for every card with such a trigger that came into a hand since
    ``before`` by any way (a draw, a trade, a pass, a pile taken up); returns the hands now."""
    for seat, hand in enumerate(state.hands):
        for card in hand:
            if id(card) not in before[seat] and "entered" in state.kind(card).triggers:
                state.triggered.append(("entered", seat, card, None))
    return _held(state)


def finish(state: State, ctx: Ctx, held: list[set[int]] | None = None
           ) -> Generator[object, object, list[set[int]] | None]:
    """After the act: triggered abilities, then the state checks (a check that changes the
    rules, going out, the end of the game), then the turn passes on (which may start and end
    turns), then the checks again for what the new turn did.

    With ``held`` (the hands as 'entered' last saw them), a card that the triggered effects
    bring into a hand (a penalty's draw) enters it in the same turn, before the turn passes
    on: what it does once a turn counts it in that turn (BL-13). Returns the hands as seen
    last."""
    while state.triggered:
        yield from triggers.fire(state)
        if held is not None:
            held = _entered(state, held)
    if state.pending:
        drop_unplayable(state, ctx)
    busy = state.rs.reacts or not all(state.hands) or state.living() < 2
    if busy:
        yield from checks.after_action(state, ctx.actor)
    if not state.over:
        hand_on(state, ctx)
        if state.triggered or state.pending or not state.in_game(state.turn):
            yield from settle_turn(state)  # else it would return at once: the turn rests
    checks.uno_windows(state, ctx.actor)
    if busy or state.living() < 2:
        yield from checks.after_action(state, ctx.actor)
    return held


def settle_turn(state: State) -> Steps:
    """Fire turn-start triggers until the turn rests with a player still in the game.

    A turn can start and end at once (a clock that ejects its victim, a card
    that uses the turn up); an attack whose victim left meanwhile vanishes.
    """
    for _ in range(len(state.seats) * 4):
        if state.triggered:
            yield from triggers.fire(state)
        if state.pending and not all(state.in_game(p.target) for p in state.pending):
            moved = Ctx(state, state.turn)
            drop_unplayable(state, moved)
            if moved.next_turn is not None and not state.pending and state.request is None:
                _give_turn(state, moved.next_turn)
                continue
        if state.over or state.in_game(state.turn) or state.pending \
                or state.request is not None or not state.living():
            return
        _give_turn(state, next_seat(state, state.turn))


def hand_on(state: State, ctx: Ctx) -> None:
    """Decide who acts next once an action's effects have run."""
    if ctx.keep_turn and ctx.next_turn is None:
        if not state.in_game(state.turn) and not state.pending and state.request is None:
            _give_turn(state, next_seat(state, state.turn))
        return
    state.skipped = (passed_over(state, ctx.actor, ctx.skips) | ctx.lost_turn if ctx.skips
                     else set(ctx.lost_turn))
    if state.pending or state.request is not None:
        return
    if ctx.next_turn is not None:
        _give_turn(state, ctx.next_turn)
    elif ctx.play_again and state.in_game(ctx.actor):
        state.turn = ctx.actor
    else:
        _give_turn(state, next_seat(state, ctx.actor, 1 + ctx.skips))


def _give_turn(state: State, seat: int) -> None:
    reacts = state.rs.reacts  # most rulesets' cards react to nothing: one test, not two
    if reacts and "turn_end" in reacts:
        state.triggered.append(("turn_end", state.turn, None, None))
    state.turn = seat
    state.turn_number += 1
    if reacts and "turn_start" in reacts:
        state.triggered.append(("turn_start", seat, None, None))


# -- answers ------------------------------------------------------------------------------


def answer_for(state: State, card: Card, ctx: Ctx, flex: bool = False) -> Effect | None:
    """The card's answer that applies to the pending effect now, if any (its flex side's,
    played on that side)."""
    if not state.pending:
        return None
    for effect in acting_kind(state, card, flex).answers:
        if effect.guard is None or effect.guard(ctx):
            return effect
    return None


# -- the acts -------------------------------------------------------------------------------


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


def quick(state: State, action: Action) -> bool:
    """Apply, in one call, an action that asks nothing and sets nothing off; or do nothing and
    return False, and ``process`` applies it.

    Why it exists: most steps of a random game are plays of number cards and
    draws. Through ``process`` each costs three coroutines, a context and a
    dozen calls that find nothing to do: a third of the time of random play.
    What guards its equivalence: each condition tested here is one under which
    ``process`` would do what follows and nothing else. The ruleset has no
    triggers at all (``reacts``), no grants and no override for every card; no
    window is open, no Uno call awaits, nothing is pending or queued and no one
    is choosing, so the action is the player's own, on their turn. Every hand
    holds a card and two players at least are in the game, and a draw or a
    play that keeps a card in the hand leaves it so: the state checks find
    nothing to do, the turn passes as ``hand_on`` says, and the Uno windows are
    settled as always. ``tests/test_engine_fast_paths.py`` plays games with it
    and without it on every ruleset and finds them the same.
    """
    derived = state.derived()
    if not derived.plain:
        return False
    act = action.act
    if act == "play":  # the card first: most plays that cannot be quick fail here
        card = action.card
        if card is None or len(state.hands[action.player]) < 2:
            return False
        own = card.face
        quiet = derived.quiet.get(own)
        if quiet is None:
            quiet = derived.quiet[own] = _quiet(state.rs, own)
        if not quiet:
            return False  # its play has effects of its own
        face = state.face(card)
    elif act not in PLAIN_ACTS:
        return False
    if state.windows or state.pending or state.uno_pending or state.triggered \
            or state.request is not None or action.player != state.turn \
            or not all(state.hands) or state.living() < 2:
        return False
    state.carried_skips = 0
    if act == "play":
        _quick_play(state, action.player, card, face)
        return True
    ctx = PLAIN_ACTS[act](state, action)
    hand_on(state, ctx)
    checks.uno_windows(state, action.player)
    return True


def _quiet(rs: Ruleset, own: Face) -> bool:
    """Whether a card's play, under these rules, has no effect and no override of its own."""
    kind = rs.translate(own).kind
    return not kind.triggers.get("play") and kind.name not in rs.override_index


def _quick_play(state: State, p: int, card: Card, face: Face) -> None:
    """A card whose play only moves it (no effects, no override), keeping one in the hand."""
    state.plays_in_hand += 1
    _put_down(state, p, card, face)
    state.skipped = set()  # as hand_on does after an act that skips no one
    _give_turn(state, next_seat(state, p))
    checks.uno_windows(state, p)


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


def draw(state: State, action: Action) -> Steps:
    if state.pending and state.setting("draw_accepts"):
        return (yield from accept(state, action))  # drawing the stack's penalty
    instead = replacing_act(state, action, "draw")
    if instead is not None:  # the draw is that act (a player on doos turns up an upperdecker)
        return (yield from declared(state, instead))
    if tempo.on(state):
        return (yield from tempo_draw(state, action.player))
    return _draw(state, action)


def _draw(state: State, action: Action) -> Ctx:
    p = action.player
    ctx = Ctx(state, p, owner="turn")
    if state.setting("turn_draw") == "until_playable":
        got = draws.draw_until(state, p, lambda got: bool(got) and matches(state, got[-1]),
                               "turn")
    else:
        got = draws.draw(state, p, 1, state.setting("turn_draw_class", "turn"), "turn")
    if not got:
        stall.note_empty_draw(state, p)
    last = got[-1] if got else None
    free = state.free_turn == (p, state.turn_number)  # any card may follow the draw
    if last is not None and (free or state.setting("play_drawn", 1) and matches(state, last)):
        state.drawn = last
        ctx.keep_turn = True
    else:
        ctx.next_turn = next_seat(state, p)
    return ctx


def replacing_act(state: State, action: Action, act: str) -> Action | None:
    """The declared act that this protocol act is, where one ``replaces`` it and its rules
    allow it now; None otherwise."""
    for decl in state.rs.acts.values():
        if decl.replaces == act:
            instead = action._replace(act=decl.name)
            if decl.guard is None or decl.guard(Ctx(state, action.player, action=instead)):
                return instead
    return None


def tempo_draw(state: State, p: int) -> Steps:
    """Cards owed to the tempo: draw as many as the tempo; those that fit may follow, up to
    what is still owed; the tempo goes back to 1."""
    if state.mini is not None:  # Pile Up: take the mini-pile instead of drawing
        zones.take_mini_pile(state, p, state.rs.role_rule("tempo") or "turn")
        tempo.end_run(state)
        tempo.reset(state)
        ctx = Ctx(state, p, owner="turn")
        ctx.next_turn = next_seat(state, p)
        return ctx
    n, still = tempo.tempo_draw_count(state), tempo.owed(state)
    got = draws.draw(state, p, n, state.setting("turn_draw_class", "turn"), "turn")
    tempo.reset(state)
    state.tempo_draw, state.tempo_factor = still, 1
    if state.triggered:  # a drawn card that acts when drawn (passed on, a penalty) acts first
        yield from triggers.fire(state)
    state.drawn_set = got = [c for c in got if any(c is h for h in state.hands[p])]
    fits = [c for c in got if matches(state, c)]
    if fits and still > 0 and state.setting("play_drawn", 1):
        state.drawn = fits[0]
        ctx = Ctx(state, p, owner="turn")
        ctx.keep_turn = True
        return ctx
    return (yield from act_last(state, p))


def pass_(state: State, action: Action) -> Steps:
    if tempo.on(state):
        state.drawn = None
        return (yield from act_last(state, action.player))
    return _pass(state, action)
    yield


def _pass(state: State, action: Action) -> Ctx:
    state.drawn = None
    ctx = Ctx(state, action.player, owner="turn")
    ctx.next_turn = next_seat(state, action.player)
    return ctx


def accept(state: State, action: Action) -> Steps:
    ctx = Ctx(state, action.player, owner=state.rs.role_rule("attacks") or "attack")
    held = None
    if tempo.on(state):
        held = state.turn_last, state.turn_last_action  # played toward the tempo, waiting
        tempo.end_run(state)
        tempo.reset(state)  # Stacking: 'The tempo still resets.'
    yield from pending.accept(state, ctx)
    if held is not None and held[0] is not None:
        # the last card played this turn acts once the stack is drawn (BL-5)
        state.turn_last, state.turn_last_action = held
        last = yield from act_last(state, action.player)
        if state.pending:
            return last
    return ctx


def challenge(state: State, action: Action) -> Steps:
    top = state.pending[0].top
    assert top.card is not None
    kind = state.kind(top.card)
    ctx = Ctx(state, action.player, top.card, action, owner=kind.name, held_color=top.held_color)
    if state.tracing:
        state.log("challenge", kind.name,
                  f"{state.name(action.player)} challenges {state.name(top.player)}")
    yield from run_effects(triggers.card_effects(state, top.card, "challenge", ctx), ctx)
    return ctx


def uno(state: State, action: Action) -> Steps:
    state.uno_pending.discard(action.player)
    state.uno_called.add(action.player)
    state.log("uno", "uno", f"{state.name(action.player)} calls Uno")
    if "uno_called" in state.rs.reacts:
        state.triggered.append(("uno_called", action.player, None, None))
    ctx = Ctx(state, action.player, owner="uno")
    ctx.keep_turn = True
    return ctx
    yield


def catch(state: State, action: Action) -> Steps:
    p, q = action.player, action.target
    assert q is not None
    owner = state.rs.role_rule("uno")
    if q in state.uno_pending:
        state.uno_pending.discard(q)
        state.log("catch", owner, f"{state.name(p)} catches {state.name(q)} without Uno")
        draws.draw(state, q, int(state.setting("uno_penalty", 2)), "penalty", owner)
    else:
        state.log("catch", owner, f"{state.name(p)} calls Uno on {state.name(q)} wrongly")
        draws.draw(state, p, int(state.setting("false_catch_penalty", 0)), "penalty", owner)
    ctx = Ctx(state, p, owner=owner)
    ctx.keep_turn = True
    return ctx
    yield


def declared(state: State, action: Action) -> Steps:
    """An act the ruleset declares (an accusation...): its effects, out of turn."""
    decl = state.rs.acts[action.act]
    ctx = Ctx(state, action.player, action=action, owner=decl.title or decl.name)
    ctx.keep_turn = True
    state.log("act", ctx.owner, f"{state.name(action.player)} {action.act}"
              + (f" {state.name(action.target)}" if action.target is not None else ""))
    if decl.trigger is not None:
        yield from run(decl.trigger.body, ctx)
    return ctx


PLAIN_ACTS = {"draw": _draw, "pass": _pass}  # acts that never ask: run by ``quick`` directly
HANDLERS = {"play": play, "use": use, "jump_in": jump_in, "draw": draw, "pass": pass_,
            "accept": accept, "challenge": challenge, "uno": uno, "catch": catch}
