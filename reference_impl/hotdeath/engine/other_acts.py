"""The acts that put no card down: drawing, passing, accepting or challenging an attack,
calling Uno and catching a missed call, and the acts a ruleset declares.
"""

from __future__ import annotations

from . import draws, pending, stall, tempo, triggers, zones
from .interp import Ctx, Steps, run, run_effects
from .matching import matches
from .plays import act_last
from .state import Action, State
from .turns import next_seat


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
