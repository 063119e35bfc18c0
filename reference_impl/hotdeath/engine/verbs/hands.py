"""Verbs that move single cards between hands, piles and the table, by name or by pick."""

from __future__ import annotations

from ...registry import Param, verb
from .. import draws, zones
from ..interp import Ctx, Steps, ask
from ..state import Window
from ..turns import in_order, next_seat
from .cards import run_play


@verb("put_in_front", "The topmost card of this name in a pile goes face up in front of a "
      "player and stays there for the rest of the hand (it still counts as theirs).",
      'put_in_front("Secret", who=chosen, source=discard)',
      {"card": Param("card", required=True), "who": Param("selector", required=True),
       "source": Param("zone", "discard")})
def put_in_front(ctx: Ctx, card: str, who, source: str) -> None:
    s = ctx.state
    seat = who(ctx)
    pile = s.zone(source)
    found = next((c for c in reversed(pile) if s.kind(c).name == card), None)
    if found is None:
        s.log("miss", ctx.owner, f"no {card} is in the {source} pile")
        return
    zones.detach(s, found)
    zones.enter_play(s, found, seat)
    s.log("field", ctx.owner, f"{found.notation} lies face up in front of {s.name(seat)}")


@verb("show_card", "A player shows one card of this name from their hand to everyone; it "
      "stays in the hand, face up.", 'show_card("Secret", who=chosen)',
      {"card": Param("card", required=True), "who": Param("selector", required=True)})
def show_card(ctx: Ctx, card: str, who) -> None:
    s = ctx.state
    seat = who(ctx)
    found = next((c for c in s.hands[seat] if s.kind(c).name == card), None)
    if found is not None:
        s.revealed[seat].add(id(found))
        s.log("reveal", ctx.owner, f"{s.name(seat)} shows {found.notation}")


@verb("take_from", "The actor looks at another player's cards of this category and takes one "
      "of them (asked); if there is none, nothing happens.", "take_from(chosen, special)",
      {"who": Param("selector", required=True), "category": Param("name", required=True)})
def take_from(ctx: Ctx, who, category: str) -> Steps:
    s = ctx.state
    seat = who(ctx)
    options = [c for c in s.hands[seat] if category in s.kind(c).categories]
    if not options:
        s.log("miss", ctx.owner, f"{s.name(seat)} holds no {category} card: nothing is taken")
        return
    picked = yield from ask(ctx, ctx.actor, "cards", f"take one {category} card from "
                            f"{s.name(seat)}", tuple(options), 1)
    card = picked[0]
    zones.remove_from_hand(s, seat, card)
    zones.give_to_hand(s, ctx.actor, [card])
    s.log("take", ctx.owner, f"{s.name(ctx.actor)} takes {card.notation} from {s.name(seat)}")


@verb("play_at_once", "The card is played at once by the actor, from wherever it is, whatever "
      "the card in play: it goes on top of the pile (its colour in force) and its play effects "
      "run (a card that must be played as soon as it is drawn).", "on drawn { play_at_once }")
def play_at_once(ctx: Ctx) -> Steps:
    s = ctx.state
    card = ctx.card
    if card is None:
        return
    zones.detach(s, card)
    s.zone(s.play_zone).append(card)
    s.match_top, s.drawn = None, None
    face = s.face(card)
    if not face.is_wild:
        s.color = face.color
    s.log("play", ctx.owner, f"{s.name(ctx.actor)} must play {card.notation} at once")
    yield from run_play(ctx, None, None, None, None)


@verb("open_window", "Others may now answer what the actor just did (catch a card slipped "
      "away, dispute a play) until anyone acts again; 'window_open' tests it. With 'to', only "
      "that player is offered it (the player a card just skipped).",
      "open_window(dump)", {"name": Param("name", required=True), "to": Param("selector", None)})
def open_window(ctx: Ctx, name: str, to) -> None:
    ctx.state.windows.append(Window(name, ctx.actor, to=to(ctx) if to is not None else None))


@verb("take_back_played", "Undo a play others may still answer: the card a player just "
      "played (its window is what this act answers) goes back into their hand, and the card "
      "beneath it is in play again in the colour in play before it (a bluff caught).",
      "take_back_played(chosen)", {"who": Param("selector", required=True)})
def take_back_played(ctx: Ctx, who) -> None:
    s = ctx.state
    seat = who(ctx)
    window = next((w for w in s.answered if w.seat == seat and w.card is not None), None)
    pile = s.zone(s.play_zone)
    if window is None or not pile or pile[-1] is not window.card:
        return  # nothing of theirs to take back: the card is no longer in play
    card = pile.pop()
    s.hands[seat].append(card)
    s.match_top = None
    s.color = window.before
    s.log("take_back", ctx.owner, f"{s.name(seat)} takes back {card.notation}")


@verb("trade_or_view", "The actor may take one card of another player's hand in exchange for "
      "one of their own, or look at one card of it, or neither (asked, then the cards picked).",
      "trade_or_view(chosen)", {"who": Param("selector", required=True)})
def trade_or_view(ctx: Ctx, who) -> Steps:
    s = ctx.state
    seat = who(ctx)
    choice = yield from ask(ctx, ctx.actor, "option", "trade a card, view a card, or neither",
                            ("trade", "view", "none"))
    if choice == "none" or not s.hands[seat]:
        return
    got = yield from ask(ctx, ctx.actor, "cards", f"pick a card of {s.name(seat)}'s hand",
                         tuple(s.hands[seat]), 1)
    card = got[0]
    if choice == "view":
        s.knowledge.setdefault(ctx.actor, {})[seat] = [card.notation]
        s.log("peek", ctx.owner, f"{s.name(ctx.actor)} looks at one of {s.name(seat)}'s cards")
        return
    if not s.hands[ctx.actor]:
        return
    mine = yield from ask(ctx, ctx.actor, "cards", "pick a card to give in exchange",
                          tuple(s.hands[ctx.actor]), 1)
    zones.remove_from_hand(s, seat, card)
    zones.remove_from_hand(s, ctx.actor, mine[0])
    zones.give_to_hand(s, ctx.actor, [card])
    zones.give_to_hand(s, seat, [mine[0]])
    s.log("trade", ctx.owner, f"{s.name(ctx.actor)} trades a card with {s.name(seat)}")


@verb("absorb", "The player holding the fewest cards (the first of them in turn order from the "
      "actor) takes one card (picked) from each neighbour and draws one.", "absorb")
def absorb(ctx: Ctx) -> Steps:
    s = ctx.state
    ring = [ctx.actor, *in_order(s, ctx.actor)]
    taker = min(ring, key=lambda p: len(s.hands[p]))
    neighbours = []
    for back in (True, False):
        seat = next_seat(s, taker, backwards=back)
        if seat != taker and seat not in neighbours:
            neighbours.append(seat)
    for seat in neighbours:
        if s.hands[seat]:
            got = yield from ask(ctx, taker, "cards", f"take a card from {s.name(seat)}",
                                 tuple(s.hands[seat]), 1)
            zones.remove_from_hand(s, seat, got[0])
            zones.give_to_hand(s, taker, [got[0]])
            s.log("take", ctx.owner, f"{s.name(taker)} takes a card from {s.name(seat)}")
    draws.draw(s, taker, 1, "immune", ctx.owner)
