"""Drawing cards: the one primitive every attack, penalty and modifier ends in.

A draw carries a class. The ruleset declares ``layers`` in precedence order;
a continuous modifier sitting at some layer changes only draws whose class is
not ranked at or above that layer. That makes a card draw hierarchy (an
'immune' draw ignores a -1 modifier while a 'split' draw does not) pure data.

Modifiers on cards in a player's field change that player's draws; modifiers
on cards in neutral play change everyone's, and so do those of a global card
laid in front of a player (a table can be set so: a global card in front of
its user), since a global card affects all players wherever it lies. A card whose
modifiers work from the hand (``modifies_from hand``: a card held up) changes
its holder's draws while held, and is shown to everyone when it does.
"""

from __future__ import annotations

from collections.abc import Callable

from .interp import Ctx, guard_holds, run_now
from .state import Card, State


def _modifier_sources(state: State, player: int) -> list[tuple[Card, int]]:
    out = [(card, player) for card in state.fields[player]]
    out += [(card, player) for card in state.neutral]
    if state.rs.global_modifiers:
        out += [(card, player) for seat, field in enumerate(state.fields) if seat != player
                for card in field if "global" in state.kind(card).categories]
    if state.rs.hand_modifiers:
        out += [(card, player) for card in state.hands[player]
                if state.kind(card).modifies_from == "hand"]
    return out


def modified_amount(state: State, player: int, amount: int, draw_class: str) -> int:
    rs = state.rs
    if not state.fields[player] and not state.neutral and not rs.hand_modifiers \
            and not (rs.global_modifiers and any(state.fields)):
        return amount
    rank = rs.rank(draw_class)
    found = []
    for card, holder in _modifier_sources(state, player):
        kind = state.kind(card)
        for mod in kind.modifiers:
            if mod.event != "draw":
                continue
            if rank is not None and rank <= rs.rank(mod.layer):
                continue
            found.append((rs.rank(mod.layer) or 0, card, holder, kind, mod))
    found.sort(key=lambda f: f[0])  # layer by layer, in the order the ruleset declares them
    for _, card, holder, kind, mod in found:
        ctx = Ctx(state, player, card, owner=kind.name, holder=holder, amount=amount,
                  draw_class=draw_class)
        if guard_holds(mod, ctx):
            run_now(mod.body, ctx)
            if kind.modifies_from == "hand" and ctx.amount != amount:
                state.revealed[player].add(id(card))
            before, amount = amount, ctx.amount
            state.log("modify", kind.name,
                      f"{state.name(player)}'s draw changes from {before} to {amount}")
    return max(amount, 0)


def refill(state: State) -> None:
    """The draw pile ran out: all but the top discard are shuffled into a new pile."""
    if len(state.discard) <= 1:
        return
    top = state.discard[-1]
    rest = state.discard[:-1]
    order = state.chance.shuffle(rest)
    state.discard = [top]
    state.pile = list(reversed(order))
    state.log("reshuffle", "", f"the discard pile is shuffled into a new draw pile of "
              f"{len(order)}")


def take_top(state: State) -> Card | None:
    if not state.pile:
        refill(state)
        if not state.pile:
            return None
    return state.pile.pop()


def give_drawn(state: State, player: int, got: list[Card], owner: str) -> None:
    state.hands[player].extend(got)
    if got and state.revealed[player]:
        for card in got:
            state.revealed[player].discard(id(card))
    if "drawn" in state.rs.reacts:
        every = "drawn" in state.rs.rule_triggers
        for card in got:
            if every or "drawn" in state.kind(card).triggers:
                state.triggered.append(("drawn", player, card, None))
    if state.tracing:
        shown = ", ".join(c.notation for c in got) or "nothing"
        state.log("draw", owner, f"{state.name(player)} draws {len(got)} ({shown})")
    if got and state.links is not None and player in state.links and not state.echoing:
        echo(state, state.links[1] if player == state.links[0] else state.links[0], len(got))


def echo(state: State, partner: int, amount: int) -> None:
    """A linked player draws as many cards as their partner just drew (once: no echo back)."""
    if not state.in_game(partner):
        return
    state.echoing = True
    try:
        draw(state, partner, amount, "linked", "link")
    finally:
        state.echoing = False


def draw(state: State, player: int, amount: int, draw_class: str, owner: str = "") -> list[Card]:
    amount = modified_amount(state, player, amount, draw_class)
    got: list[Card] = []
    for _ in range(amount):
        card = take_top(state)
        if card is None:
            state.log("exhausted", owner, "no cards are left to draw")
            break
        got.append(card)
    give_drawn(state, player, got, owner)
    return got


def draw_until(state: State, player: int, done: Callable[[list[Card]], bool],
               owner: str = "") -> list[Card]:
    """Draw one card at a time until ``done`` holds for the cards drawn, or none are left."""
    got: list[Card] = []
    while not done(got):
        card = take_top(state)
        if card is None:
            state.log("exhausted", owner, "no cards are left to draw")
            break
        got.append(card)
    give_drawn(state, player, got, owner)
    return got
