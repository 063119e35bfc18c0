"""Verbs of pending effects: attack, and every way of answering one.

An attack is a *would* event: it waits at its target. Answers are
replacement effects on it (pass on, reflect, redirect, block, split, remove
part, stack); ``accept`` lets it happen. Each works on any payload: a draw's
amount, or a named effect of the attacking card.
"""

from __future__ import annotations

from ...registry import Param, verb
from .. import pending as pend
from ..draws import draw as draw_cards
from ..interp import Ctx, ask, guard_holds, run_effects, run_now
from ..selectors import seats_of
from ..state import Contribution, Window
from ..turns import next_seat
from ..zones import give_to_hand, remove_from_hand


@verb("attack", "Aim an effect at a player (or several): a draw of N cards, or the card's named "
      "payload 'effect'. When stacking, add to the pending draw instead; the stack family "
      "defaults to the card's 'stack' property ('none' for a card nothing may stack on). "
      "Once it is settled, play goes on after its last victim, who loses the turn "
      "(resume=target), after its player (resume=origin), after the player it last came "
      "from (resume=last_sender: its player, or whoever passed it on), or its player "
      "plays again (resume=again); an answer may say otherwise.",
      "attack(4, stack=draw4)",
      {"amount": Param("int", 0), "target": Param("seats", None),
       "stack": Param("name", None), "draw_class": Param("name", "attack"),
       "tags": Param("names", ()), "resume": Param("name", "target"),
       "effect": Param("name", None)}, keeps_lane=True)
def attack(ctx: Ctx, amount: int, target, stack, draw_class, tags, resume, effect) -> None:
    s = ctx.state
    card = ctx.card
    resume = ctx.resume or resume  # a replayed card's attacks may resume elsewhere (run_play)
    kind = s.kind(card) if card is not None else None
    group = None if stack == "none" else (stack or (kind.stack if kind else None))
    contrib = Contribution(ctx.actor, card, amount, group, frozenset(tags), draw_class,
                           ctx.held_color)
    if s.rs.attack_modifiers and amount > 0:
        contrib = _modified(ctx, contrib)
    if s.boosts and effect is None and amount > 0:
        contrib = _boosted(ctx, contrib)
    if ctx.stacking and s.pending:
        p = s.pending[0]
        p.target = target(ctx) if target else next_seat(s, ctx.actor, 1 + ctx.skips)
        p.sender = ctx.actor
        p.contributions.append(contrib)
        if s.tracing:
            s.log("attack", ctx.owner, f"{s.name(p.target)} faces {pend.describe(s, p)}")
        return
    if ctx.aim is not None:
        seats = [ctx.aim]
    elif target is not None:
        seats = seats_of(target, ctx)
    else:
        seats = [next_seat(s, ctx.actor, 1 + ctx.skips)]
    payload = _payload(ctx, effect) if effect else None
    pend.create(s, ctx, seats, contrib, resume, payload, effect or "draw")
    if s.tracing:
        for p in s.pending[-len(seats):]:
            s.log("attack", ctx.owner, f"{s.name(p.target)} faces {pend.describe(s, p)}")


def _modified(ctx: Ctx, contrib: Contribution) -> Contribution:
    """Cards in the attacker's field that change the attacks they make (a team's doubling)."""
    s = ctx.state
    amount = contrib.amount
    for card in list(s.fields[ctx.actor]):
        kind = s.kind(card)
        for mod in kind.modifiers:
            if mod.event != "attack":
                continue
            mctx = Ctx(s, ctx.actor, card, owner=kind.name, holder=ctx.actor, amount=amount,
                       draw_class=contrib.draw_class)
            if guard_holds(mod, mctx):
                run_now(mod.body, mctx)
                s.log("modify", kind.name, f"{s.name(ctx.actor)}'s attack changes from {amount} "
                      f"to {mctx.amount}")
                amount = mctx.amount
    return contrib if amount == contrib.amount else Contribution(
        contrib.player, contrib.card, amount, contrib.group, contrib.tags, contrib.draw_class,
        contrib.held_color)


def _boosted(ctx: Ctx, contrib: Contribution) -> Contribution:
    """The player's first draw attack of the turn after a boost carries it."""
    s = ctx.state
    got = s.boosts.get(ctx.actor)
    if got is None or got[0] != s.turn_number:
        return contrib
    del s.boosts[ctx.actor]
    boost = got[1]
    s.log("boost", boost.card and s.kind(boost.card).name or ctx.owner,
          f"the draw of {contrib.amount} is raised by {boost.amount}")
    return Contribution(contrib.player, contrib.card, contrib.amount + boost.amount,
                        boost.group, boost.tags, boost.draw_class, contrib.held_color)


@verb("boost_attack", "The actor's next draw attack this turn makes its victim draw N more; "
      "it then carries these tags, draw class and stack family instead of its own (a boost "
      "that nothing may answer).", "boost_attack(1, tags=[final], stack=closed)",
      {"amount": Param("int", required=True), "tags": Param("names", ()),
       "draw_class": Param("name", "attack"), "stack": Param("name", "none")})
def boost_attack(ctx: Ctx, amount: int, tags, draw_class: str, stack: str) -> None:
    s = ctx.state
    s.boosts[ctx.actor] = (s.turn_number, Contribution(
        ctx.actor, ctx.card, amount, None if stack == "none" else stack, frozenset(tags),
        draw_class))
    s.log("boost", ctx.owner, f"{s.name(ctx.actor)}'s next draw card this turn makes its "
          f"victim draw {amount} more")


def _payload(ctx: Ctx, name: str):
    """A named payload of the card attacking, or of the rule whose trigger attacks."""
    s = ctx.state
    if ctx.card is not None:
        got = s.kind(ctx.card).effects.get(name)
        if got is not None:
            return got
    rule = s.rs.rules.get(ctx.owner)
    assert rule is not None and name in rule.effects, f"no effect '{name}' for {ctx.owner}"
    return rule.effects[name]


@verb("distribute", "The actor shares out N cards to draw among players as they choose "
      "(asked); each share is an attack on its player.",
      "distribute(living, among=others, draw_class=immune)",
      {"total": Param("int", required=True), "among": Param("seats", required=True),
       "draw_class": Param("name", "attack"), "tags": Param("names", ()),
       "resume": Param("name", "origin")})
def distribute(ctx: Ctx, total: int, among, draw_class, tags, resume):
    s = ctx.state
    seats = seats_of(among, ctx)
    counts = yield from ask(ctx, ctx.actor, "counts", f"share out {total} cards", tuple(seats),
                            total=total)
    shares = [(seat, counts[seat]) for seat in seats if counts.get(seat)]
    if not shares:
        return
    contrib = Contribution(ctx.actor, ctx.card, 0, None, frozenset(tags), draw_class)
    pend.create(s, ctx, [seat for seat, _ in shares], contrib, resume, None, "draw",
                [n for _, n in shares])
    for seat, n in shares:
        s.log("attack", ctx.owner, f"{s.name(seat)} faces a draw of {n}")


@verb("accept_attack", "The target suffers the pending effect (draws its cards) and loses "
      "the turn.", "accept_attack", keeps_lane=True)
def accept_attack(ctx: Ctx):
    if ctx.state.pending:
        yield from pend.accept(ctx.state, ctx)


@verb("raise_attack", "Add N to the pending draw's amount.", "raise_attack(2)",
      {"amount": Param("int", required=True)}, keeps_lane=True)
def raise_attack(ctx: Ctx, amount: int) -> None:
    s = ctx.state
    if s.pending:
        p = s.pending[0]
        p.contributions.append(Contribution(ctx.actor, None, amount, None, frozenset(),
                                            p.top.draw_class))


@verb("drop_attack", "The pending effect vanishes; the actor then takes the turn.",
      "drop_attack", keeps_lane=True)
def drop_attack(ctx: Ctx) -> None:
    s = ctx.state
    if s.pending:
        p = pend.take_head(s)
        p.batch.continue_at = ctx.actor
        s.log("drop", ctx.owner, "the attack is cancelled")
        pend.conclude(s, ctx, p)


@verb("withdraw_top", "The latest contribution leaves the pending draw; if nothing is left the "
      "attack ends and the actor takes the turn, else the rest stays aimed at the actor.",
      "withdraw_top")
def withdraw_top(ctx: Ctx) -> None:
    s = ctx.state
    p = s.pending[0]
    gone = p.contributions.pop()
    s.log("withdraw", ctx.owner, f"{gone.amount} leave the attack")
    if not p.contributions:
        pend.take_head(s)
        p.batch.continue_at = ctx.actor
        pend.conclude(s, ctx, p)
    else:
        p.target = ctx.actor


@verb("pass_attack", "The pending effect moves on to another player, who may answer it in turn; "
      "with 'resume', play goes on after that player once it is settled, unless a later "
      "answer says otherwise.", "pass_attack(to=next)",
      {"to": Param("selector", None), "resume": Param("selector", None)})
def pass_attack(ctx: Ctx, to, resume) -> None:
    s = ctx.state
    seat = to(ctx) if to else next_seat(s, ctx.actor)
    after = resume(ctx) if resume else None
    pend.retarget(s, ctx, seat, "passed", after)
    s.log("pass", ctx.owner, f"the attack passes to {s.name(seat)}")


@verb("reflect_attack", "The pending effect returns to the player who started it.",
      "reflect_attack")
def reflect_attack(ctx: Ctx) -> None:
    s = ctx.state
    seat = s.pending[0].origin
    pend.retarget(s, ctx, seat, "reflected", None)
    s.log("reflect", ctx.owner, f"the attack returns to {s.name(seat)}")


@verb("return_attack", "The pending effect goes back to the player it last came from.",
      "return_attack")
def return_attack(ctx: Ctx) -> None:
    s = ctx.state
    seat = s.pending[0].sender
    pend.retarget(s, ctx, seat, "reflected", None)
    s.log("reflect", ctx.owner, f"the attack returns to {s.name(seat)}")


@verb("return_to_origin", "The pending effect goes back to the player who started it (not to a "
      "player it was passed on by or stacked on by), and its returner becomes the one it "
      "starts from: returned again, it comes back to them.", "return_to_origin")
def return_to_origin(ctx: Ctx) -> None:
    s = ctx.state
    p = s.pending[0]
    seat = p.origin
    pend.retarget(s, ctx, seat, "reflected", None)
    p.origin = ctx.actor
    s.log("reflect", ctx.owner, f"the attack returns to {s.name(seat)}, who started it")


@verb("block_attack", "The pending effect is stopped; play continues after the blocker. The "
      "attacking card's 'on blocked' effects then run.", "block_attack")
def block_attack(ctx: Ctx):
    s = ctx.state
    p = pend.take_head(s)
    p.batch.continue_after, p.batch.continue_at = ctx.actor, None
    p.batch.events.append("blocked")
    s.log("block", ctx.owner, f"{s.name(ctx.actor)} blocks the attack")
    source = p.batch.source
    if source is not None:
        kind = s.kind(source)
        follow = kind.triggers.get("blocked", [])
        if follow:
            yield from run_effects(follow, Ctx(s, ctx.actor, source, owner=kind.name, pending=p))
    pend.conclude(s, ctx, p)


@verb("split_attack", "The pending effect is shared with another player: a draw is split (the "
      "actor draws the larger half), any other payload is suffered by both.",
      "split_attack(with=last_stacker)",
      {"with": Param("selector", required=True), "draw_class": Param("name", "split")})
def split_attack(ctx: Ctx, draw_class: str, **kw):
    s = ctx.state
    p = s.pending[0]
    ctx.pending = p
    partner = kw["with"](ctx)
    pend.take_head(s)
    if p.payload is None:
        total = p.amount
        mine = (total + 1) // 2
        s.log("split", ctx.owner, f"the draw of {total} is split between "
              f"{s.name(ctx.actor)} and {s.name(partner)}")
        s.drawing = p
        draw_cards(s, ctx.actor, mine, draw_class, ctx.owner)
        draw_cards(s, partner, total - mine, draw_class, ctx.owner)
        s.drawing = None
    else:
        s.log("split", ctx.owner, f"{s.name(ctx.actor)} and {s.name(partner)} share it")
        yield from pend.suffer(s, p, ctx.actor, ctx.owner)
        yield from pend.suffer(s, p, partner, ctx.owner)
    p.batch.continue_after, p.batch.continue_at = ctx.actor, None
    p.batch.events.append("split")
    pend.conclude(s, ctx, p)


@verb("remove_from_attack", "Contributions made by this card are taken out of the pending draw; "
      "if nothing is left the attack ends and play continues after the actor.",
      'remove_from_attack("Big Draw")', {"card": Param("card", required=True)})
def remove_from_attack(ctx: Ctx, card: str) -> None:
    s = ctx.state
    p = s.pending[0]
    kept = [c for c in p.contributions if c.card is None or s.kind(c.card).name != card]
    removed = p.amount - sum(c.amount for c in kept)
    p.contributions = kept
    s.log("remove", ctx.owner, f"{removed} removed from the attack")
    if not kept or p.amount <= 0:
        pend.take_head(s)
        p.batch.continue_after, p.batch.continue_at = ctx.actor, None
        pend.conclude(s, ctx, p)
    else:
        p.target = ctx.actor


@verb("continue_from", "Once the pending effects are settled, play continues after this player.",
      "continue_from(self)", {"who": Param("selector", required=True)})
def continue_from(ctx: Ctx, who) -> None:
    s = ctx.state
    if s.pending:
        s.pending[0].batch.continue_after = who(ctx)


@verb("continue_with", "Once the pending effects are settled, this player plays next.",
      "continue_with(self)", {"who": Param("selector", required=True)})
def continue_with(ctx: Ctx, who) -> None:
    s = ctx.state
    if s.pending:
        s.pending[0].batch.continue_at = who(ctx)


@verb("allow_stack", "The actor may still add a card of the pending draw's family to it, out of "
      "turn, before its new target acts.", "allow_stack")
def allow_stack(ctx: Ctx) -> None:
    s = ctx.state
    if s.pending:
        s.windows.append(Window("stack", ctx.actor, s.pending[0].group))


@verb("hold", "Cards leave the actor's hand and travel with the effect just aimed (a present).",
      "hold(picked)", {"cards": Param("cards", required=True)})
def hold(ctx: Ctx, cards) -> None:
    s = ctx.state
    p = s.pending[-1]
    for card in cards(ctx):
        remove_from_hand(s, ctx.actor, card)
        p.held.append(card)
    s.log("hold", ctx.owner, f"{len(p.held)} card(s) travel face down")


@verb("take_held", "The player suffering the effect receives the cards travelling with it.",
      "take_held")
def take_held(ctx: Ctx) -> None:
    s = ctx.state
    p = ctx.pending
    assert p is not None
    got, p.held = p.held, []
    give_to_hand(s, ctx.actor, got)
    s.log("receive", ctx.owner, f"{s.name(ctx.actor)} receives {len(got)} card(s)")


@verb("take_back_held", "The actor takes back the cards travelling with the effect they aimed, "
      "shown to everyone; that effect ends.", "take_back_held")
def take_back_held(ctx: Ctx) -> None:
    s = ctx.state
    for p in [p for p in s.pending if p.origin == ctx.actor and p.held]:
        got, p.held = p.held, []
        give_to_hand(s, ctx.actor, got)
        s.revealed[ctx.actor].update(id(c) for c in got)
        s.pending.remove(p)
        s.log("return", ctx.owner, f"{s.name(ctx.actor)} shows and keeps "
              f"{', '.join(c.notation for c in got)}")
        pend.conclude(s, ctx, p)


@verb("drop_stack", "The pending draw ends, with nobody drawing it; play goes on after the actor "
      "as after any play.", "drop_stack")
def drop_stack(ctx: Ctx) -> None:
    s = ctx.state
    while s.pending:
        p = pend.take_head(s)
        p.batch.continue_after = ctx.actor
        s.log("drop", ctx.owner, "the stack ends")
        pend.conclude(s, ctx, p)
