"""Verbs for a card played as another: it stands for a card its player names.

The named card is a face of the deck, not a physical copy: a stand-in of that
face becomes the card to match (so a jump-in must match it too), in its colour
unless it is wild, and that face's own play effects run as the actor's.
"""

from __future__ import annotations

from ...registry import Param, verb
from ..allowed import answer_for
from ..interp import Ctx, Steps, ask, run, run_effects
from ..matching import can_stack
from ..state import Action
from ..triggers import card_effects
from ..turns import in_order
from .cards import take_turn_effects
from .requests import _faces


@verb("play_as", "The actor names any card of the deck but these (asked: a card), and this card "
      "stands for it: the named card becomes the card to match, in its colour unless it is wild, "
      "and its own play effects run as the actor's (a colour or a player it needs is asked). "
      "On a pending effect it may be played as an answer: it may then be named only as a card "
      "that answers it (by its own answer, run instead, or by joining the pending draw).",
      'play_as(exclude=["Crown"])', {"exclude": Param("names", ())})
def play_as(ctx: Ctx, exclude) -> Steps:
    s = ctx.state
    answering = ctx.vars.get("stand_ins")  # played as an answer: only what may answer
    got = yield from ask(ctx, ctx.actor, "cards", "name the card it is played as",
                         answering if answering is not None else _faces(ctx, tuple(exclude)),
                         1)
    stand = got[0]
    face = s.face(stand)
    s.match_top = stand
    if not face.is_wild:
        s.color = face.color
    s.log("as", ctx.owner, f"{s.name(ctx.actor)} plays it as {stand.notation}")
    kind = s.kind(stand)
    sub = Ctx(s, ctx.actor, stand, Action(ctx.actor, "play", stand), owner=kind.name)
    answer = answer_for(s, stand, sub) if answering is not None else None
    if answer is not None:  # the named card's own answer to the pending effect (as a card
        yield from run(answer.body, sub)  # played to answer: its play effects do not run)
        take_turn_effects(ctx, sub)
        return
    if "target" in kind.needs.get("play", ()):
        aimed = yield from ask(ctx, ctx.actor, "player", "pick a player",
                               tuple(in_order(s, ctx.actor)))
        sub = Ctx(s, ctx.actor, stand, Action(ctx.actor, "play", stand, None, aimed),
                  owner=kind.name)
    sub.stacking = bool(s.pending) and (
        answering is not None or can_stack(s, stand))  # answering: judged before the play
    yield from run_effects(card_effects(s, stand, "play", sub), sub)
    take_turn_effects(ctx, sub)
