"""The express lane: the steps of plain rules, listed and applied in a call or two each.

Why it exists: random play (the simulator, the benchmarks, a learning agent's
games) is mostly a player on their turn who plays a card, draws or passes, and
now and then takes a draw aimed at them. The general code decides each such
step through some fifty small calls (``listing.legal_actions``,
``_turn_actions``, ``_plays``, ``fits``; ``acts.process``, ``play``,
``finish``, ``hand_on``, ``zones``, ``next_seat``, ``checks.uno_windows``...),
each a tenth of a microsecond. Here the same decisions are made inline, on
locals, and the card effects run as the general code runs them. The general
code stays the definition: the lane takes only what it can decide alike, and
hands the rest back (a ``None`` or a ``False``, before it has changed anything).

When it is open (``is_open``): the rules in force are plain (``Derived.plain``:
no triggers at all, no grants, no override for every card, no turns of several
cards, no act that a draw may be); the trace is off; the round goes on, no one
is asked to choose, no card in play changes the rules, no free turn is given,
and the card to match is the top of the discard pile. Each function checks
the rest of what it needs (no window open, the player's own turn, every hand
holding cards...).

What keeps it honest: with the trace on, the very same games take the general
code. ``tests/test_engine_express.py`` plays seeded games both ways and finds
the same moves listed, made and ending in the same table, and compares the
lane's list of moves with ``listing.legal_actions`` at every position;
``tests/test_sim_fingerprints.py`` replays recorded (traced) games untraced.
"""

from __future__ import annotations

from ..model import COLORS_WILD, Effect, Face, Ruleset
from . import acts, allowed, checks, draws, matching, triggers
from . import pending as pending_
from .interp import NOBODY, Ctx, Steps, run_effects, run_now
from .listing import color_plays
from .matching import COLORED, NO_MATCH, PLAIN
from .state import AFTER_CARD, IN_GAME, NEW_TUPLE, Action, Card, State
from .turns import next_seat, passed_over


def is_open(state: State) -> bool:
    """Whether the lane may list and apply this position's actions (see the module's
    docstring): a turn, or the answer to a pending draw."""
    pair = state._derived
    return (pair[1].plain and pair[0] is state.rs and not state.tracing
            and state.request is None and not state.over and not state.active
            and state.free_turn is None and state.match_top is None
            and state.play_zone == "discard" and state.mini is None
            and state.counts_as is None and state.tempo_draw is None)


def listing(state: State) -> list[Action] | None:
    """``listing.legal_actions`` without the moves out of turn, on an open lane; None where
    the general code must list them."""
    return answers(state) if state.pending else turn_actions(state)


def answers(state: State) -> list[Action] | None:
    """``listing._answers`` where no card can answer, stack on or take a pending effect
    (``Derived.answering``, ``using``, ``forcing``): an Uno call owed, accepting (or drawing,
    where that accepts), challenging."""
    derived = state._derived[1]
    if derived.answering or derived.using or derived.forcing:
        return None
    head = state.pending[0]
    p = head.target
    out: list[Action] = []
    if derived.uno_to_win and len(state.hands[p]) == 1 and p not in state.uno_called:
        out.append(Action(p, "uno"))  # (not allowed.may_go_out, inlined; owed or not)
    made = state.made[p]
    acts_ = (derived.accept_act,)
    card = head.contributions[-1].card  # (allowed.challengeable, inlined)
    if card is not None and "challenge" in state.kind(card).triggers:
        acts_ += ("challenge",)
    for act in acts_:
        action = made.get(act)
        if action is None:
            action = made[act] = NEW_TUPLE(Action, (p, act, None) + AFTER_CARD)
        out.append(action)
    return out


def turn_actions(state: State) -> list[Action] | None:
    """``listing._turn_actions`` for the player to act, on an open lane with nothing
    pending; None where the general code must decide (a last card that may not go out
    before Uno is called, a card whose play is still to be worked out)."""
    p = state.turn
    hand = state.hands[p]
    if len(hand) < 2 and (not hand or not allowed.may_go_out(state, p)):
        return None  # no card, or a last card that may not go out yet (Uno is owed first)
    drawn = state.drawn
    if drawn is not None:
        hand = [drawn] if drawn in hand else []  # the drawn card only, while still held
    # what plays on the card to match (the top of the discard pile): ``matching.fits`` as a
    # plain dict, which Python reads faster, filled from it face by face
    discard = state.discard
    key = (discard[-1].face if discard else None, state.color)
    derived = state._derived[1]
    tables = derived.lane_fits
    table = tables.get(key)
    if table is None:
        table = tables[key] = {}
    made = state.made[p]
    out: list[Action] = []
    seen: list[Face] = []  # one copy of each face is listed: the copies act alike
    for card in hand:
        own = card.face
        try:
            how = table[own]
        except KeyError:
            how = table[own] = matching.fits(state)[own]
        if not how or own in seen:
            continue
        seen.append(own)
        if how == PLAIN:
            action = made.get(card)
            if action is None:  # Action(p, "play", card), spelt out: made once a card
                action = made[card] = NEW_TUPLE(
                    Action, (p, "play", card, None, None, (), (), None, None, (), False, ()))
            out.append(action)
        elif how == COLORED:
            out.extend(color_plays(state, p, card))
        else:
            return None  # a guard or a choice to work out: the general code lists the hand
    if not (out and derived.must_play):
        act = "pass" if drawn is not None else "draw"
        action = made.get(act)
        if action is None:
            action = made[act] = NEW_TUPLE(Action, (p, act, None) + AFTER_CARD)
        out.append(action)
    return out


def apply(state: State, action: Action, filled: bool = False) -> bool | None:
    """Apply, on an open lane, a play of a card whose play only moves it, a draw or a pass,
    as ``acts.quick`` would, and return True: the lane is still open. Return False for an
    action that only ``acts.process`` can apply, and None where ``acts.quick`` may yet (a card
    not known yet, a draw that a modifier changes or that reshuffles the pile). ``filled``:
    every hand is known to hold a card, and two players at least to be in the game (the
    lane applied the action before, and it empties no hand)."""
    act = action.act
    if act == "play":
        quiet = state._derived[1].quiet.get(action.card.face)  # type: ignore[union-attr]
        if not quiet:  # it has effects (False), or it is not known yet (None)
            return quiet
    elif act != "draw" and act != "pass":
        return False
    if state.windows or state.uno_pending or state.triggered or action.player != state.turn \
            or not filled and (not all(state.hands) or state.status.count(IN_GAME) < 2):
        return False  # as acts.quick finds it
    p = action.player
    if act == "draw":
        return _draw(state, p)
    if act == "play":  # acts._quick_play: the card leaves the hand for the discard pile
        card = action.card
        hand = state.hands[p]
        if len(hand) < 2:
            return False  # its last card: the state checks follow
        own = card.face  # type: ignore[union-attr]
        rs = state.rs
        face = own if own.ruleset is rs.ident else rs.translate(own)
        state.plays_in_hand += 1
        hand.remove(card)  # cards compare by identity
        revealed = state.revealed[p]
        if revealed:
            revealed.discard(id(card))
        state.discard.append(card)  # type: ignore[arg-type]
        if face.color != COLORS_WILD:
            state.color = face.color
    state.carried_skips = 0
    state.drawn = None
    _hand_on(state, p)
    return True


def play(state: State, action: Action) -> Steps | bool | None:
    """``acts.process`` of a play of a card with effects, on an open lane: the act inlined for
    a player on their turn with nothing to answer, no grant and no window; its effects and
    ``acts.finish`` as the general code runs them. Returns True once done, or what is left
    to run as a coroutine (an effect that may ask, a finish the general code makes); None,
    having done nothing, where the general code must play it (a card with a 'modify'
    trigger, a combined or flexed play, an open window)."""
    card = action.card
    if card is None or state.windows or action.combine or action.flex \
            or action.player != state.turn:
        return None
    plays = state._derived[1].lane_plays
    own = card.face
    how = plays.get(own)
    if how is None:
        how = plays[own] = _how_played(state.rs, own)
    face, kind, effects, challenged = how
    if kind is None:
        return None
    p = action.player
    state.answered = state.windows  # _begin, inlined
    state.carried_skips = 0
    if state.uno_pending and state.setting("uno_window", "next_action") == "next_action":
        state.uno_pending = {q for q in state.uno_pending if q == p}
    state.sizes_before = None
    ctx = Ctx(state, p, card, action, kind.name)  # (by position: a faster call in CPython)
    ctx.vars["out_of_turn"] = False
    state.plays_in_hand += 1
    hand = state.hands[p]
    if challenged:  # the only rule that asks what else was held
        ctx.held_color = _held(state, hand, card)
    discard = state.discard
    ctx.under = discard[-1] if discard else None
    ctx.vars["color_before"] = state.color
    hand.remove(card)
    revealed = state.revealed[p]
    if revealed:
        revealed.discard(id(card))
    discard.append(card)
    if face.color != COLORS_WILD:
        state.color = face.color
    state.drawn = None
    ctx.vars["last_card"] = not hand
    if effects is None:  # an override may replace them, as its guard finds the table now
        return _run(state, ctx, triggers.card_effects(state, card, "play", ctx))
    return _run(state, ctx, effects)


def _how_played(rs: Ruleset, own: Face) -> tuple:
    """What ``play`` needs to know of a face, which depends on the rules alone (kept in
    ``Derived.lane_plays``): (the face it acts as, its kind, its play effects, whether it may
    be challenged). The kind is None for a card the general code plays (a 'modify'
    trigger); the effects None where an override may replace them."""
    face = own if own.ruleset is rs.ident else rs.translate(own)
    kind = face.kind
    if "modify" in kind.triggers:
        return face, None, None, False
    overridden = rs.general_overrides or kind.name in rs.override_index
    effects = None if overridden else kind.triggers.get("play", ())
    return face, kind, effects, "challenge" in kind.triggers


def _held(state: State, hand: list[Card], card: Card) -> bool:
    """Whether the hand holds another card of the colour in play (``Ctx.held_color``)."""
    color = state.color
    for other in hand:  # noqa: SIM110 (a loop, not any() over a generator: cheaper)
        if other is not card and state.face(other).color == color:
            return True
    return False


def _run(state: State, ctx: Ctx, effects: list[Effect] | tuple) -> Steps | bool:
    """Run an action's effects as ``interp.run_effects`` does, then finish it: True once
    done, or the rest to run as a coroutine (an effect that asked, a general finish)."""
    for effect in effects:
        if effect.asks:  # it may stop to ask: run them all as the coroutine they are
            gen = run_effects(effects, ctx)
            request = next(gen, None)
            if request is not None:
                return _asked(gen, request, state, ctx)
            break
    else:
        for effect in effects:
            if effect.guard is None or effect.guard(ctx):
                run_now(effect.body, ctx)
    return _finish(state, ctx)


def _asked(gen: Steps, request: object, state: State, ctx: Ctx) -> Steps:
    """The rest of an action whose effects stopped to ask: they go on with each answer,
    then the action finishes."""
    answer = yield request
    while True:
        try:
            request = gen.send(answer)
        except StopIteration:
            break
        answer = yield request
    done = _finish(state, ctx)
    if done is not True:
        yield from done


def respond(state: State, action: Action) -> Steps | bool | None:
    """``acts.process`` of the target's answer to a pending draw: accepting it (or drawing
    it, where that accepts it), or challenging the card that made it. True once done, or
    what is left to run as a coroutine; None, having done nothing, where the general code
    must answer (an effect other than a draw, an open window, another act)."""
    pending = state.pending
    head = pending[0]
    p = action.player
    if state.windows or head.payload is not None or head.target != p:
        return None
    act = action.act
    if act == "challenge":
        _begin(state, p)
        top = head.top
        card = top.card
        assert card is not None  # listing lists a challenge only of a card
        kind = state.kind(card)
        ctx = Ctx(state, p, card, action, owner=kind.name, held_color=top.held_color)
        return _run(state, ctx, triggers.card_effects(state, card, "challenge", ctx))
    if act != state._derived[1].accept_act:
        return None
    _begin(state, p)
    ctx = Ctx(state, p, None, None, state._derived[1].attacks_rule)
    pending.pop(0)  # pending.accept: the target suffers the draw
    state.drawing = head
    if not _take(state, p, head.amount):
        draws.draw(state, p, head.amount, head.top.draw_class, ctx.owner)
    state.drawing = None
    pending_.conclude(state, ctx, head)
    return _finish(state, ctx)


def _begin(state: State, p: int) -> None:
    """What ``acts.process`` does first, for an action of player ``p`` with no window open
    under plain rules."""
    state.answered = state.windows
    state.carried_skips = 0
    if state.uno_pending and state.setting("uno_window", "next_action") == "next_action":
        state.uno_pending = {q for q in state.uno_pending if q == p}
    state.sizes_before = None  # plain rules keep no hand sizes


def _finish(state: State, ctx: Ctx) -> Steps | bool:
    """``acts.finish``, inlined (returning True) where nothing is queued, asked or over, every
    player still holds cards and whoever is to play next is in the game: who plays next
    (``acts.hand_on``), then the Uno windows. Else the general finish, to run."""
    status = state.status
    next_turn = ctx.next_turn
    if state.triggered or state.request is not None or state.over or ctx.keep_turn \
            or not all(state.hands) or status.count(IN_GAME) < 2 \
            or next_turn is not None and status[next_turn] != IN_GAME:
        return acts.finish(state, ctx)  # a hand emptied, a turn given to a player out...
    for q in state.pending:
        if status[q.target] != IN_GAME:
            return acts.finish(state, ctx)  # an attack on a player out of the game
    p = ctx.actor
    skips = ctx.skips
    after = None  # with one player skipped, the seat after them
    if skips == 1:
        over = next_seat(state, p)
        state.skipped = {over} | ctx.lost_turn
        after = next_seat(state, over)
    else:
        state.skipped = passed_over(state, p, skips) | ctx.lost_turn if skips \
            else ctx.lost_turn
    if not state.pending:  # else an attack was made: its target answers next
        if next_turn is None and ctx.play_again and status[p] == IN_GAME:
            state.turn = p
        else:
            state.turn = next_turn if next_turn is not None \
                else after if after is not None else next_seat(state, p, 1 + skips)
            state.turn_number += 1
    if state.uno_pending or state.uno_called or state.sizes_before is not None:
        checks.uno_windows(state, p)
    elif len(state.hands[p]) == 1 and status[p] == IN_GAME:
        state.uno_pending.add(p)  # (checks.uno_windows where no call is awaited or made)
    return True


def _draw(state: State, p: int) -> bool | None:
    """``other_acts._draw`` for a draw of one card (``_take``); None for the other draws, which
    ``acts.quick`` makes."""
    derived = state._derived[1]
    pile = state.pile
    rs = state.rs  # (_unmodified, inlined)
    if derived.until_playable or not pile or state.links is not None or state.fields[p] \
            or state.neutral or rs.hand_modifiers or rs.global_modifiers and any(state.fields):
        return None  # drawn until one fits, a reshuffle first, a draw changed or echoed
    state.carried_skips = 0
    card = pile.pop()
    state.hands[p].append(card)
    revealed = state.revealed[p]
    if revealed:
        revealed.discard(id(card))
    discard = state.discard  # what plays on the top card, as turn_actions finds it
    key = (discard[-1].face if discard else None, state.color)
    table = derived.lane_fits.get(key)
    if table is None:
        table = derived.lane_fits[key] = {}
    own = card.face
    try:
        how = table[own]
    except KeyError:
        how = table[own] = matching.fits(state)[own]
    if derived.play_drawn and how != NO_MATCH:
        state.drawn = card  # it may be played at once: the turn stays (acts.hand_on)
        _uno_windows(state, p)
    else:
        _hand_on(state, p)
    return True


def _take(state: State, p: int, n: int) -> bool:
    """``draws.draw`` of ``n`` cards that no modifier changes, no link echoes and the pile
    holds; False, having done nothing, for any other draw."""
    pile = state.pile
    if len(pile) < n or not _unmodified(state, p):
        return False
    if n <= 0:
        return True
    got = pile[-n:]  # draws.take_top takes the last card of the pile first
    del pile[-n:]
    got.reverse()
    state.hands[p].extend(got)
    revealed = state.revealed[p]
    if revealed:
        for card in got:
            revealed.discard(id(card))
    return True


def _unmodified(state: State, p: int) -> bool:
    """No modifier can change a draw by player ``p`` (``draws.modified_amount``), and no link
    echoes it (``draws.give_drawn``)."""
    rs = state.rs
    return not (state.links is not None or state.fields[p] or state.neutral
                or rs.hand_modifiers or rs.global_modifiers and any(state.fields))


def _hand_on(state: State, p: int) -> None:
    """The turn passes to the next seat in the game (``acts.hand_on`` after an act that
    skips no one), then the Uno windows are settled (``_uno_windows``, inlined: this runs at
    most steps)."""
    state.skipped = NOBODY
    status = state.status
    seat = (p + state.direction) % len(status)
    state.turn = seat if status[seat] == IN_GAME else next_seat(state, p)
    state.turn_number += 1
    if state.sizes_before is not None:
        checks.uno_windows(state, p)
        return
    called = state.uno_called
    hands = state.hands
    if called:
        called = state.uno_called = {q for q in called if 0 < len(hands[q]) <= 2}
    if len(hands[p]) == 1 and p not in called and status[p] == IN_GAME:
        state.uno_pending.add(p)


def _uno_windows(state: State, p: int) -> None:
    """``checks.uno_windows`` with no call awaited (``apply`` made sure)."""
    if state.sizes_before is not None:
        checks.uno_windows(state, p)  # hand sizes kept from rules in force before
        return
    called = state.uno_called
    hands = state.hands
    if called:
        called = state.uno_called = {q for q in called if 0 < len(hands[q]) <= 2}
    if len(hands[p]) == 1 and p not in called and state.status[p] == IN_GAME:
        state.uno_pending.add(p)
