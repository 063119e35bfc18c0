"""How an action runs once validation has allowed it, and how every action ends.

``process`` is the pipeline of one action: the act itself (``plays`` for the
acts that put a card down, ``other_acts`` for the rest), then triggered
abilities, then who plays next, then the state checks. It runs as a
coroutine: when an effect asks a player to choose, the whole action waits
(``Game`` keeps it) and goes on with the answer. ``quick`` applies in one
call an action that asks nothing and sets nothing off.
"""

from __future__ import annotations

from collections.abc import Generator

from ..model import Face, Ruleset
from . import checks, triggers
from .interp import Ctx, Steps
from .other_acts import _draw, _pass, accept, catch, challenge, declared, draw, pass_, uno
from .pending import drop_unplayable
from .plays import _put_down, jump_in, play, use
from .state import Action, Card, State
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
        yield from triggers.fire(state)  # cards that came into a hand while it settled


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


PLAIN_ACTS = {"draw": _draw, "pass": _pass}  # acts that never ask: run by ``quick`` directly


HANDLERS = {"play": play, "use": use, "jump_in": jump_in, "draw": draw, "pass": pass_,
            "accept": accept, "challenge": challenge, "uno": uno, "catch": catch}
