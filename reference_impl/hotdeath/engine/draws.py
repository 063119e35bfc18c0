"""Drawing cards: the one primitive every attack, penalty and modifier ends in.

A draw carries a class. The ruleset declares ``layers`` in precedence order;
a continuous modifier sitting at some layer changes only draws whose class is
not ranked at or above that layer. That makes a card draw hierarchy (an
'immune' draw ignores a -1 modifier while a 'split' draw does not) pure data.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..model import Face
from .interp import Ctx, guard_holds, run

if TYPE_CHECKING:
    from .game import Game


def modified_amount(game: Game, player: int, amount: int, draw_class: str) -> int:
    rs = game.rs
    rank = rs.rank(draw_class)
    for face in game.field[player]:
        for mod in face.kind.modifiers:
            if mod.event != "draw":
                continue
            if rank is not None and rank <= rs.rank(mod.layer):
                continue
            ctx = Ctx(game, player, face, owner=face.kind.name, holder=player,
                      amount=amount, draw_class=draw_class)
            if guard_holds(mod, ctx):
                run(mod.body, ctx)
                before, amount = amount, ctx.amount
                game.log("modify", face.kind.name,
                         f"{game.seats[player]}'s draw changes from {before} to {amount}")
    return max(amount, 0)


def refill(game: Game) -> None:
    """The draw pile ran out: all but the top discard are shuffled into a new pile."""
    if len(game.discard) <= 1:
        return
    top = game.discard[-1]
    rest = game.discard[:-1]
    order = game.chance.shuffle(rest)
    game.discard = [top]
    game.pile = list(reversed(order))
    game.log("reshuffle", "", f"the discard pile is shuffled into a new draw pile of {len(order)}")


def draw(game: Game, player: int, amount: int, draw_class: str, owner: str = "") -> list[Face]:
    amount = modified_amount(game, player, amount, draw_class)
    got: list[Face] = []
    for _ in range(amount):
        if not game.pile:
            refill(game)
            if not game.pile:
                game.log("exhausted", owner, "no cards are left to draw")
                break
        got.append(game.pile.pop())
    game.hands[player].extend(got)
    if game.tracing:
        shown = ", ".join(f.notation for f in got) or "nothing"
        game.log("draw", owner, f"{game.seats[player]} draws {len(got)} ({shown})")
    return got
