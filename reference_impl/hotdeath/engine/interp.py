"""Runs checked effect bodies. Verbs receive a Ctx describing who acts and why.

Bodies run as coroutines: a statement that needs a player's decision yields a
``Request`` and is resumed with the answer, so an effect can stop half-way
(a card that shows its player five cards, then lets them pick one) without the
kernel knowing any card. Statements that never ask run as plain calls.
"""

from __future__ import annotations

from collections.abc import Generator

from ..model import Effect, IfOp, LetOp
from .state import Action, Card, Pending, Request, State


class Ctx:
    """Who is acting, with what card, for what reason, and what the effect has decided so far.

    Slots rather than class defaults read through an instance: the engine reads
    these fields at every action (who plays next, how many are skipped), and
    Python reads a slot faster than a default it must look up on the class.
    """

    __slots__ = ("action", "actor", "aim", "amount", "card", "draw_class", "drew", "held_color",
                 "holder", "keep_turn", "lost_turn", "next_turn", "owner", "pending",
                 "play_again", "reflip", "resume", "skips", "stacking", "state", "subject",
                 "under", "vars")

    def __init__(self, state: State, actor: int, card: Card | None = None,
                 action: Action | None = None, owner: str = "", subject: int | None = None,
                 holder: int = -1, amount: int = 0, draw_class: str = "",
                 held_color: bool = False, pending: Pending | None = None):
        self.state = state
        self.actor = actor
        self.card = card
        self.action = action
        self.owner = owner
        self.subject = actor if subject is None else subject
        self.vars: dict[str, object] = {}
        self.skips = 0
        self.play_again = False
        self.next_turn: int | None = None
        self.held_color = held_color
        self.holder = holder
        self.amount = amount
        self.draw_class = draw_class
        self.reflip = False
        self.lost_turn: frozenset[int] = NOBODY
        self.under: Card | None = None
        self.pending = pending
        self.aim: int | None = None
        self.resume: str | None = None  # where play goes on after its attacks (run_play)
        self.drew: list[Card] = NO_CARDS  # replaced, never mutated, by the verbs that draw
        self.stacking = False
        self.keep_turn = False


NOBODY: frozenset[int] = frozenset()
NO_CARDS: list[Card] = []


Steps = Generator[object, object, None]


def run(ops: tuple, ctx: Ctx) -> Steps:
    for op in ops:
        kind = type(op)
        if kind is IfOp:
            yield from run(op.then if op.cond(ctx) else op.orelse, ctx)
        elif kind is LetOp:
            ctx.vars[op.name] = op.value(ctx)
        else:
            kwargs = op.kwargs
            if op.dynamic:
                kwargs = dict(kwargs)
                for name, fn in op.dynamic:
                    kwargs[name] = fn(ctx)
            if op.asks:
                yield from op.fn(ctx, **kwargs)
            else:
                op.fn(ctx, **kwargs)


def run_now(ops: tuple, ctx: Ctx) -> None:
    """Run a body that the checker guarantees never asks (modifiers, guards' helpers).

    The same statements in the same order as ``run``, as plain calls: no
    coroutine is made, which is most of the cost of a short body.
    """
    for op in ops:
        kind = type(op)
        if kind is IfOp:
            run_now(op.then if op.cond(ctx) else op.orelse, ctx)
        elif kind is LetOp:
            ctx.vars[op.name] = op.value(ctx)
        else:
            kwargs = op.kwargs
            if op.dynamic:
                kwargs = dict(kwargs)
                for name, fn in op.dynamic:
                    kwargs[name] = fn(ctx)
            if op.asks:
                for _ in op.fn(ctx, **kwargs):
                    raise AssertionError("a body that may not ask asked for a choice")
            else:
                op.fn(ctx, **kwargs)


def guard_holds(effect: Effect, ctx: Ctx) -> bool:
    return effect.guard is None or effect.guard(ctx)


def run_effects(effects: list[Effect], ctx: Ctx) -> Steps:
    """Run each effect whose guard holds; one that cannot ask (``Effect.asks``, set by the
    checker from its statements) runs at once without a coroutine of its own."""
    for effect in effects:
        if effect.guard is None or effect.guard(ctx):
            if effect.asks:
                yield from run(effect.body, ctx)
            else:
                run_now(effect.body, ctx)


def ask(ctx: Ctx, chooser: int, kind: str, prompt: str, options: tuple = (), count: int = 1,
        total: int = 0, low: int = 0, high: int = 0, caps: tuple = ()):
    """Stop the effect until ``chooser`` makes a choice of this kind; returns the answer."""
    answer = yield Request(chooser, kind, ctx.owner, prompt, tuple(options), count, total, low,
                           high, tuple(caps))
    return answer
