"""Verbs of knowledge: private looks at a hand, remembered, and questions about them."""

from __future__ import annotations

from ...registry import Param, verb
from ..interp import Ctx, ask

ANSWERS = ("yes", "no")
FORGOT = "dont_remember"


@verb("peek", "A player looks at another's hand privately; what they saw is remembered as "
      "it was (see 'knowledge' in the observation).", "peek(chosen)",
      {"who": Param("selector", required=True), "viewer": Param("selector", None)})
def peek(ctx: Ctx, who, viewer) -> None:
    s = ctx.state
    holder = who(ctx)
    seer = viewer(ctx) if viewer else ctx.actor
    seen = [c.notation for c in s.hands[holder]]
    s.knowledge.setdefault(seer, {})[holder] = seen
    ctx.vars["peeked"] = holder
    s.log("peek", ctx.owner, f"{s.name(seer)} looks at {s.name(holder)}'s hand")


@verb("ask_seer", "Ask a player who has looked at a hand whether it held a card: they answer "
      "truthfully from what they saw ('yes' or 'no') or 'dont_remember' (asked). Then "
      "'answered' tests the answer and 'forgot_twice' a second 'dont_remember' to the same "
      "question.", "ask_seer(by=holder_of(\"Oracle\"), about=chosen, card=act_card)",
      {"by": Param("selector", required=True), "about": Param("selector", required=True),
       "card": Param("card_ref", required=True)})
def ask_seer(ctx: Ctx, by, about, card):
    s = ctx.state
    seer, holder, asked = by(ctx), about(ctx), card(ctx)
    seen = s.knowledge.get(seer, {}).get(holder)
    truth = "yes" if seen is not None and asked is not None and asked.notation in seen else "no"
    options = (truth, FORGOT) if seen is not None else (FORGOT,)
    shown = asked.notation if asked is not None else "?"
    ctx.vars["seen"] = truth == "yes"
    answer = yield from ask(ctx, seer, "yesno", f"did {s.name(holder)} hold {shown}?", options)
    ctx.vars["answer"] = answer
    s.log("answer", ctx.owner, f"{s.name(seer)} answers {answer}")
    if answer == FORGOT:
        key = (seer, holder, shown)
        s.forgotten[key] = s.forgotten.get(key, 0) + 1
        ctx.vars["forgot_twice"] = s.forgotten[key] >= 2


@verb("mark", "Mark the actor for the rest of this turn (to allow something once a turn).",
      "mark(asked_once)", {"name": Param("name", required=True)})
def mark(ctx: Ctx, name: str) -> None:
    ctx.state.marks[(ctx.actor, name)] = ctx.state.turn_number
