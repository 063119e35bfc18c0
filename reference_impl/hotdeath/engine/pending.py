"""Pending effects: created by attacks, answered by their targets, then suffered.

A play that attacks creates a *batch*: one ``Pending`` per target, queued in
turn order. The first in the queue waits for its target, who answers it
(passes it on, reflects it, blocks it, splits it, removes part of it, stacks
on it) or accepts it. A payload is a draw, or a named effect of the attacking
card (removal from the game, revealing a hand, receiving a card); every answer
works on every payload. When the last pending of a batch is gone, the batch
says who plays next.
"""

from __future__ import annotations

from ..model import Effect
from .draws import draw
from .interp import Ctx, Steps, run
from .state import Batch, Contribution, Pending, State
from .turns import next_seat
from .zones import under_top


def head(state: State) -> Pending:
    return state.pending[0]


def create(state: State, ctx: Ctx, seats: list[int], contribution: Contribution,
           resume: str, payload: Effect | None, kind: str,
           amounts: list[int] | None = None) -> Batch:
    """One pending per seat, in one batch; ``amounts`` gives each its own draw. Each gets its
    own copy of ``contribution``, which is the caller's no more (one seat takes it as it is)."""
    batch = Batch(ctx.actor, resume, ctx.card)
    for i, seat in enumerate(seats):
        c = contribution if amounts is None and len(seats) == 1 else Contribution(
            contribution.player, contribution.card,
            contribution.amount if amounts is None else amounts[i], contribution.group,
            contribution.tags, contribution.draw_class, contribution.held_color)
        state.pending.append(Pending(seat, ctx.actor, ctx.actor, batch, [c], payload, kind))
    return batch


def describe(state: State, p: Pending) -> str:
    if p.payload is None:
        return f"a draw of {p.amount}"
    return f"'{p.kind}'"


def suffer(state: State, p: Pending, victim: int, owner: str, amount: int | None = None,
           draw_class: str | None = None) -> Steps:
    """The victim undergoes the pending effect (or their share of it)."""
    if not state.in_game(victim):
        state.log("miss", owner, f"{state.name(victim)} is no longer in the game: nothing happens")
        return
    if p.payload is None:
        state.drawing = p
        draw(state, victim, p.amount if amount is None else amount,
             draw_class or p.top.draw_class, owner)
        state.drawing = None
        return
    pctx = Ctx(state, victim, p.batch.source, owner=p.payload.owner, pending=p)
    state.log("suffer", p.payload.owner, f"{state.name(victim)} suffers {describe(state, p)}")
    yield from run(p.payload.body, pctx)


def take_head(state: State) -> Pending:
    return state.pending.pop(0)


def batch_done(state: State, batch: Batch) -> bool:
    for q in state.pending:  # noqa: SIM110 (a loop, not all(): every accepted attack asks)
        if q.batch is batch:
            return False
    return True


def conclude(state: State, ctx: Ctx, p: Pending) -> None:
    """Once the last pending of a batch is gone, decide who plays next.

    Cards that travelled with it and reached nobody (cards sent with a blocked attack) are
    discarded beneath the card in play.
    """
    if p.held:
        under_top(state, p.held)
        state.log("discard", "", f"{len(p.held)} card(s) travelling with it are discarded")
        p.held = []
    b = p.batch
    if not batch_done(state, b):
        return
    if b.continue_at is not None:
        ctx.next_turn = b.continue_at
    elif b.continue_after is not None:
        ctx.next_turn = next_seat(state, b.continue_after)
    elif b.resume == "again":
        ctx.next_turn = b.origin if state.in_game(b.origin) else next_seat(state, b.origin)
    elif b.resume == "origin":
        ctx.next_turn = next_seat(state, b.origin)
    elif b.resume == "last_sender":
        ctx.next_turn = next_seat(state, p.sender)
    else:
        ctx.next_turn = next_seat(state, p.target)
        ctx.lost_turn = frozenset({p.target})


def accept(state: State, ctx: Ctx) -> Steps:
    p = take_head(state)
    yield from suffer(state, p, p.target, ctx.owner)
    conclude(state, ctx, p)


def retarget(state: State, ctx: Ctx, seat: int, event: str, resume_after: int | None) -> None:
    p = head(state)
    p.target, p.sender = seat, ctx.actor
    p.batch.continue_after, p.batch.continue_at = resume_after, None
    p.batch.events.append(event)


def drop_unplayable(state: State, ctx: Ctx) -> None:
    """Pending effects aimed at seats that left the game vanish; play goes on as if settled."""
    for p in [p for p in state.pending if not state.in_game(p.target)]:
        state.log("miss", "", f"{describe(state, p)} aimed at {state.name(p.target)} "
                  "vanishes: that player has left the game")
        state.pending.remove(p)
        conclude(state, ctx, p)
