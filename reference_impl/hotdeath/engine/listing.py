"""The actions the rules allow now, listed: the moves on turn, the answers, the moves out of turn.

Built from the predicates ``validation`` tests (``allowed``), so that every
listed action is accepted; the order of the list is part of the engine's
behaviour.
"""

from __future__ import annotations

from ..model import Face
from . import combine
from .allowed import (
    _ctx,
    _declared_refusal,
    answer_for,
    anytime,
    can_answer,
    challengeable,
    follow_up,
    forced_answer,
    jump_ins_closed,
    may_go_out,
    needs_of,
    playable,
    usable,
)
from .choices import _choices
from .matching import COLORED, PLAIN, can_stack, fits, identical_to_top, privileged, top_number
from .state import AFTER_CARD, AFTER_CHOICES, NEW_TUPLE, Action, Card, State


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
            stands = kind.name in derived.stand_ins  # it may answer as a card it is named as
            if not kind.answers and kind.stack is None and not flexes and not stands:
                continue  # it neither answers nor stacks: can_answer would say no
            # each side answers on its own: the side played must be one the pending effect
            # allows (a stack's restriction), though the card matches by its regular side
            regular = (bool(kind.answers) or kind.stack is not None or stands) \
                and can_answer(state, card, p)
            side = flexes and can_answer(state, card, p, flex=True)
            if not (regular or side) or not listable(state, card, p):
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
            if answer_for(state, card, _ctx(state, p, card)) is not None:
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
        if not listable(state, card, p):
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


def listable(state: State, card: Card, player: int, action: Action | None = None) -> bool:
    """A play to list: one the card's guard allows (``playable``) and its ``bluff`` guard does
    not mark a bluff. A bluff is accepted when made (and may be challenged), but a legal
    move is one the rules allow without a penalty (PROTOCOL.md section 3.7)."""
    kind = state.kind(card)
    if kind.playable is not None and not playable(state, card, player, action):
        return False
    return kind.bluff is None or not kind.bluff(_ctx(state, player, card, action))


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
                if follow_up(state, w.to, card) and listable(state, card, w.to):
                    out.extend(_variants(state, w.to, card))
    if state.rs.anytime and not state.pending and state.phase == "turn":
        for q in range(len(state.seats)):
            if q != state.current_player and state.in_game(q) and may_go_out(state, q):
                for card in _distinct(state.hands[q]):
                    if anytime(state, q, card) and listable(state, card, q):
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
        if may_go_out(state, p, len(cards)) and all(listable(state, c, p, a) for c in cards):
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
