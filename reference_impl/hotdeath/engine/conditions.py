"""Conditions: predicates the spec combines in guards and ``if`` statements."""

from __future__ import annotations

from ..registry import Param, condition
from .interp import Ctx


@condition("attack_tagged", "The pending attack's latest contribution carries this tag.",
           "answers attack unless attack_tagged(unblockable) { ... }",
           {"tag": Param("name", required=True)})
def attack_tagged(ctx: Ctx, tag: str) -> bool:
    att = ctx.game.pending
    return att is not None and tag in att.top.tags


@condition("attack_class", "The pending attack's latest contribution draws with this class.",
           "answers attack unless attack_class(immune) { ... }",
           {"name": Param("name", required=True)})
def attack_class(ctx: Ctx, name: str) -> bool:
    att = ctx.game.pending
    return att is not None and att.top.draw_class == name


@condition("attack_contains", "Some contribution to the pending attack came from this card.",
           'answers attack if attack_contains("Big Draw") { ... }',
           {"card": Param("card", required=True)})
def attack_contains(ctx: Ctx, card: str) -> bool:
    att = ctx.game.pending
    return att is not None and any(c.card is not None and c.card.kind.name == card
                                   for c in att.contributions)


@condition("attack_is_stack", "The pending attack has more than one contribution.",
           "if attack_is_stack { split_attack(with=last_stacker) }")
def attack_is_stack(ctx: Ctx) -> bool:
    att = ctx.game.pending
    return att is not None and len(att.contributions) > 1


@condition("living", "Exactly this many players remain in the game.",
           'override "Reverse" if living(2) { ... }', {"count": Param("int", required=True)})
def living(ctx: Ctx, count: int) -> bool:
    return ctx.game.living() == count


@condition("held_current_color", "When the card was played, its player held another card of the "
           "colour then in play.", "if held_current_color { ... }")
def held_current_color(ctx: Ctx) -> bool:
    return ctx.held_color


@condition("draw_class", "The draw being modified has this class.",
           "modifies draw at modifier unless draw_class(penalty) { ... }",
           {"name": Param("name", required=True)})
def draw_class(ctx: Ctx, name: str) -> bool:
    return ctx.draw_class == name


@condition("option", "This named option of the ruleset is switched on for the game.",
           "if option(stacking) { ... }", {"name": Param("name", required=True)})
def option(ctx: Ctx, name: str) -> bool:
    return name in ctx.game.options
