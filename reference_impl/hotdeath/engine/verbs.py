"""Verbs: the statements effect bodies are made of. Each is one kernel primitive."""

from __future__ import annotations

from ..registry import Param, verb
from . import draws
from .interp import Ctx
from .state import Attack, Choice, Contribution


def _name(ctx: Ctx, seat: int) -> str:
    return ctx.game.seats[seat]


# -- turn order ---------------------------------------------------------------


@verb("skip", "The next N players in turn order lose their turn.", "skip(1)",
      {"count": Param("int", 1)})
def skip(ctx: Ctx, count: int) -> None:
    ctx.skips += count
    g = ctx.game
    skipped = [g.seats[g.next_seat(ctx.actor, i + 1)] for i in range(count)]
    g.log("skip", ctx.owner, f"{', '.join(skipped)} skipped")


@verb("reverse", "The direction of play is reversed.", "reverse")
def reverse(ctx: Ctx) -> None:
    g = ctx.game
    g.direction = -g.direction
    g.log("reverse", ctx.owner, "direction of play reversed")


@verb("play_again", "The actor takes the next turn too.", "play_again")
def play_again(ctx: Ctx) -> None:
    ctx.play_again = True
    ctx.game.log("again", ctx.owner, f"{_name(ctx, ctx.actor)} plays again")


@verb("choose_color", "The actor names the colour in play as part of the play.", "choose_color",
      needs=("color",))
def choose_color(ctx: Ctx) -> None:
    g = ctx.game
    assert ctx.action is not None and ctx.action.color is not None
    g.color = ctx.action.color
    g.log("color", ctx.owner, f"{_name(ctx, ctx.actor)} names {g.color}")


@verb("ask_color", "Another player names the colour, as a separate choice before play goes on.",
      "ask_color(by=next)", {"by": Param("selector", required=True)})
def ask_color(ctx: Ctx, by) -> None:
    g = ctx.game
    g.choice = Choice(by(ctx), "color", ctx.owner, g.next_seat(ctx.actor, 1 + ctx.skips))


# -- the pending attack -----------------------------------------------------------------


@verb("attack", "Aim a draw at a player, or add to the pending attack when stacking; the "
      "stack family defaults to the card's 'stack' property.",
      "attack(4, stack=draw4)",
      {"amount": Param("int", required=True), "target": Param("selector", None),
       "stack": Param("name", None), "draw_class": Param("name", "attack"),
       "tags": Param("names", ()), "resume": Param("name", "target")})
def attack(ctx: Ctx, amount: int, target, stack, draw_class, tags, resume) -> None:
    g = ctx.game
    group = stack or (ctx.card.kind.stack if ctx.card is not None else None)
    contrib = Contribution(ctx.actor, ctx.card, amount, group, frozenset(tags), draw_class,
                           ctx.held_color)
    att = g.pending
    if att is None:
        aim = target(ctx) if target else g.next_seat(ctx.actor, 1 + ctx.skips)
        att = g.pending = Attack(aim, ctx.actor, ctx.actor, resume)
    else:
        att.target = target(ctx) if target else g.next_seat(ctx.actor)
        att.sender = ctx.actor
    att.contributions.append(contrib)
    ctx.attack_touched = True
    g.log("attack", ctx.owner, f"{_name(ctx, att.target)} faces a draw of {att.amount}")


@verb("accept_attack", "The target draws the whole pending attack and loses the turn.",
      "accept_attack")
def accept_attack(ctx: Ctx) -> None:
    g = ctx.game
    att = g.pending
    if att is None:
        return
    g.pending = None
    draws.draw(g, att.target, att.amount, att.top.draw_class, ctx.owner)
    resume_from = att.origin if att.resume == "origin" else att.target
    ctx.next_turn = g.next_seat(resume_from)
    if att.resume != "origin":
        ctx.lost_turn = frozenset({att.target})


@verb("raise_attack", "Add N to the pending attack's amount.", "raise_attack(2)",
      {"amount": Param("int", required=True)})
def raise_attack(ctx: Ctx, amount: int) -> None:
    att = ctx.game.pending
    if att is not None:
        att.contributions.append(Contribution(ctx.actor, None, amount, None, frozenset(),
                                              att.top.draw_class))


@verb("drop_attack", "The pending attack vanishes; the actor then takes the turn.", "drop_attack")
def drop_attack(ctx: Ctx) -> None:
    ctx.game.pending = None
    ctx.next_turn = ctx.actor
    ctx.game.log("drop", ctx.owner, "the attack is cancelled")


@verb("pass_attack", "The pending attack moves on to another player, who may answer it in turn.",
      "pass_attack(to=next)", {"to": Param("selector", None)})
def pass_attack(ctx: Ctx, to) -> None:
    g = ctx.game
    att = g.pending
    assert att is not None
    att.target = to(ctx) if to else g.next_seat(ctx.actor)
    att.sender = ctx.actor
    ctx.attack_touched = True
    g.log("pass", ctx.owner, f"the attack passes to {_name(ctx, att.target)}")


@verb("reflect_attack", "The pending attack returns to the player who started it.",
      "reflect_attack")
def reflect_attack(ctx: Ctx) -> None:
    g = ctx.game
    att = g.pending
    assert att is not None
    att.target, att.sender = att.origin, ctx.actor
    ctx.attack_touched = True
    g.log("reflect", ctx.owner, f"the attack returns to {_name(ctx, att.target)}")


@verb("block_attack", "The pending attack is stopped; play continues after the blocker.",
      "block_attack")
def block_attack(ctx: Ctx) -> None:
    ctx.game.pending = None
    ctx.game.log("block", ctx.owner, f"{_name(ctx, ctx.actor)} blocks the attack")


@verb("split_attack", "The pending amount is split: the actor draws the larger half, the other "
      "player the rest.", "split_attack(with=last_stacker)",
      {"with": Param("selector", required=True), "draw_class": Param("name", "split")})
def split_attack(ctx: Ctx, draw_class: str, **kw) -> None:
    g = ctx.game
    att = g.pending
    assert att is not None
    partner = kw["with"](ctx)
    g.pending = None
    total = att.amount
    mine = (total + 1) // 2
    g.log("split", ctx.owner, f"the draw of {total} is split between {_name(ctx, ctx.actor)} "
          f"and {_name(ctx, partner)}")
    draws.draw(g, ctx.actor, mine, draw_class, ctx.owner)
    draws.draw(g, partner, total - mine, draw_class, ctx.owner)


@verb("remove_from_attack", "Contributions made by this card are taken out of the pending "
      "attack; if nothing is left the attack ends.", 'remove_from_attack("Big Draw")',
      {"card": Param("card", required=True)})
def remove_from_attack(ctx: Ctx, card: str) -> None:
    g = ctx.game
    att = g.pending
    assert att is not None
    kept = [c for c in att.contributions if c.card is None or c.card.kind.name != card]
    removed = att.amount - sum(c.amount for c in kept)
    att.contributions = kept
    g.log("remove", ctx.owner, f"{removed} removed from the attack")
    if not kept or att.amount <= 0:
        g.pending = None
    else:
        att.target, att.sender = ctx.actor, ctx.actor
        ctx.attack_touched = True


# -- drawing, the field, the table ---------------------------------------------------------


@verb("draw", "A player draws N cards, with the given draw class for modifiers.",
      "draw(2, target=next)",
      {"amount": Param("int", required=True), "target": Param("selector", None),
       "draw_class": Param("name", "effect")})
def draw(ctx: Ctx, amount: int, target, draw_class: str) -> None:
    who = target(ctx) if target else ctx.actor
    draws.draw(ctx.game, who, amount, draw_class, ctx.owner)


@verb("adjust", "In a draw modifier: change the number of cards to draw by N.", "adjust(-1)",
      {"amount": Param("int", required=True)})
def adjust(ctx: Ctx, amount: int) -> None:
    ctx.amount += amount


@verb("to_field", "The played card leaves the discard pile and stays active in front of a "
      "player; the next player still plays on it.", "to_field(holder=chosen)",
      {"holder": Param("selector", None)})
def to_field(ctx: Ctx, holder) -> None:
    g = ctx.game
    face = ctx.card
    assert face is not None and g.discard and g.discard[-1] is face
    g.discard.pop()
    seat = holder(ctx) if holder else ctx.actor
    g.field[seat].append(face)
    g.match_top = face
    g.log("field", ctx.owner, f"{face.notation} is now active for {_name(ctx, seat)}")


@verb("reflip", "At the start: the flipped card goes back into the pile, which is shuffled, "
      "and a new card is flipped.", "reflip")
def reflip(ctx: Ctx) -> None:
    g = ctx.game
    face = g.discard.pop()
    order = g.chance.shuffle(list(reversed(g.pile)) + [face])
    g.pile = list(reversed(order))
    ctx.reflip = True
    g.log("reflip", ctx.owner, f"{face.notation} is returned and the pile reshuffled")


@verb("score_hands", "The actor scores the points of every card left in opponents' hands; "
      "reaching target_score wins the game.", "score_hands")
def score_hands(ctx: Ctx) -> None:
    g = ctx.game
    total = 0
    for p, hand in enumerate(g.hands):
        if p != ctx.actor:
            total += sum(face_points(f) for f in hand)
    g.scores[ctx.actor] += total
    g.log("score", ctx.owner, f"{_name(ctx, ctx.actor)} scores {total}")
    target = g.rs.setting("target_score")
    if target is not None and g.scores[ctx.actor] >= int(target):
        g.winner = ctx.actor
        g.log("win", ctx.owner, f"{_name(ctx, ctx.actor)} reaches {target} and wins the game")


@verb("win_game", "The actor wins the game outright.", "win_game")
def win_game(ctx: Ctx) -> None:
    ctx.game.winner = ctx.actor
    ctx.game.log("win", ctx.owner, f"{_name(ctx, ctx.actor)} wins the game")


def face_points(face) -> int:
    pts = face.points
    if isinstance(pts, int):
        return pts
    return face.number or 0
