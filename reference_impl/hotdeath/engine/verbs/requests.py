"""Verbs for asking players for cards, and for a hand traded with a pile.

A request names a card (any card of the deck, not one the asker holds): the
asker picks it from the ruleset's faces (a choice of kind 'cards' among cards
that are no physical copy, so nothing on the table moves), and it travels with
the pending effect aimed at the player asked, who may answer it like any
other effect (block it with a card of their own) or accept it; the effect's
body then tests ``holds_asked`` and moves a copy with ``give_asked``. Also here:
a hand exchanged with the draw pile, a card taken back from the discard pile,
cards laid down together, and a hand cut down to a few cards kept.
"""

from __future__ import annotations

from ...registry import Param, condition, verb
from .. import pending as pend
from .. import zones
from ..draws import draw as draw_cards
from ..interp import Ctx, Steps, ask
from ..selectors import seats_of
from ..state import Card, Contribution, Pending


def _faces(ctx: Ctx, exclude: tuple) -> tuple[Card, ...]:
    """One stand-in card per distinct face of the deck (not a physical copy)."""
    s = ctx.state
    seen: dict[str, Card] = {}
    for face in s.rs.deck:
        if face.kind.name not in exclude and face.notation not in seen:
            seen[face.notation] = Card(face)
    return tuple(seen.values())


@verb("ask_for_card", "The actor names any card of the deck but these (asked: a card) and "
      "asks a player (or several) for it: the card's payload 'effect' is aimed at each, "
      "with the card named ('holds_asked', 'give_asked').",
      'ask_for_card(chosen, exclude=["Crown"], effect=request)',
      {"who": Param("seats", required=True), "exclude": Param("names", ()),
       "effect": Param("name", required=True), "resume": Param("name", "origin")})
def ask_for_card(ctx: Ctx, who, exclude, effect: str, resume: str) -> Steps:
    s = ctx.state
    seats = seats_of(who, ctx)
    if not seats:
        return
    got = yield from ask(ctx, ctx.actor, "cards", "name the card you ask for",
                         _faces(ctx, tuple(exclude)), 1)
    named = got[0].face
    card = ctx.card
    payload = s.kind(card).effects.get(effect) if card is not None else None
    if payload is None:
        payload = s.rs.rules[ctx.owner].effects[effect]
    contrib = Contribution(ctx.actor, card, 0, None, frozenset(), "attack")
    before = len(s.pending)
    pend.create(s, ctx, seats, contrib, resume, payload, effect)
    for p in s.pending[before:]:
        p.asked = named
        s.log("attack", ctx.owner, f"{s.name(ctx.actor)} asks {s.name(p.target)} for "
              f"{named.notation}")


def _asked(ctx: Ctx) -> Pending | None:
    if ctx.pending is not None:
        return ctx.pending
    return ctx.state.pending[0] if ctx.state.pending else None


@condition("holds_asked", "A player holds a copy of the card the pending request asks for.",
           "if holds_asked(self) { give_asked(to=origin) }",
           {"who": Param("selector", required=True)})
def holds_asked(ctx: Ctx, who) -> bool:
    p = _asked(ctx)
    if p is None or p.asked is None:
        return False
    seat = who(ctx)
    return any(c.notation == p.asked.notation for c in ctx.state.hands[seat])


@verb("give_asked", "The actor gives one copy of the card the request asks for, if they hold "
      "one, to another player.", "give_asked(to=origin)",
      {"to": Param("selector", required=True)})
def give_asked(ctx: Ctx, to) -> None:
    s = ctx.state
    p = _asked(ctx)
    if p is None or p.asked is None:
        return
    card = next((c for c in s.hands[ctx.actor] if c.notation == p.asked.notation), None)
    if card is None:
        s.log("miss", ctx.owner, f"{s.name(ctx.actor)} has no {p.asked.notation}")
        return
    seat = to(ctx)
    zones.remove_from_hand(s, ctx.actor, card)
    zones.give_to_hand(s, seat, [card])
    s.log("give", ctx.owner, f"{s.name(ctx.actor)} gives {card.notation} to {s.name(seat)}")


@verb("hand_to_pile", "The actor puts their whole hand, in the order held, at the bottom of the "
      "draw pile, then draws as many cards from its top (or, with 'count', that many).",
      "hand_to_pile", {"count": Param("int", -1)})
def hand_to_pile(ctx: Ctx, count: int) -> None:
    s = ctx.state
    hand = list(s.hands[ctx.actor])
    for card in hand:
        zones.remove_from_hand(s, ctx.actor, card)
    zones.put(s, hand, "pile", bottom=True)
    s.log("exchange", ctx.owner, f"{s.name(ctx.actor)} turns in {len(hand)} card(s) at the "
          "bottom of the draw pile")
    draw_cards(s, ctx.actor, len(hand) if count < 0 else count, "immune", ctx.owner)


@verb("take_from_discard", "The actor takes one card of their choice (asked) from the discard "
      "pile into their hand (or, with 'count', that many); not this card, nor the card that set "
      "its magnitude ('flipped'), nor the card in play unless it is another.",
      "take_from_discard", {"count": Param("int", 1)})
def take_from_discard(ctx: Ctx, count: int) -> Steps:
    s = ctx.state
    options = tuple(c for c in s.discard if c is not ctx.card and c is not ctx.vars.get("flipped"))
    if not options:
        s.log("miss", ctx.owner, "the discard pile holds no other card: nothing is taken")
        return
    n = min(count, len(options))
    if n < 1:
        return
    got = yield from ask(ctx, ctx.actor, "cards", f"take {n} card(s) from the discard pile",
                         options, n)
    for card in got:
        s.discard.remove(card)
        zones.give_to_hand(s, ctx.actor, [card])
        s.log("take", ctx.owner, f"{s.name(ctx.actor)} takes {card.notation} from the discard "
              "pile")


@verb("lay_down", "One card of each of these names leaves the actor's hand for the top of the "
      "discard pile, the last named on top: several cards played at once. Their own play "
      "effects do not run and the colour in play stays.", 'lay_down(["A", "B"])',
      {"cards": Param("names", required=True)})
def lay_down(ctx: Ctx, cards) -> None:
    s = ctx.state
    for name in cards:
        card = next((c for c in s.hands[ctx.actor] if s.kind(c).name == name), None)
        if card is None:
            continue
        zones.remove_from_hand(s, ctx.actor, card)
        s.discard.append(card)
        s.match_top = None
        s.log("play", ctx.owner, f"{s.name(ctx.actor)} lays down {card.notation}")


@verb("keep_cards", "The actor keeps N cards of their hand (asked) and discards the rest beneath "
      "the card in play.", "keep_cards(1)", {"count": Param("int", required=True)})
def keep_cards(ctx: Ctx, count: int) -> Steps:
    s = ctx.state
    hand = s.hands[ctx.actor]
    if len(hand) <= count:
        return
    kept = yield from ask(ctx, ctx.actor, "cards", f"keep {count} card(s)", tuple(hand), count)
    rest = [c for c in hand if not any(c is k for k in kept)]
    for card in rest:
        zones.remove_from_hand(s, ctx.actor, card)
    zones.under_top(s, rest)
    s.log("discard", ctx.owner, f"{s.name(ctx.actor)} keeps {count} card(s) and discards "
          f"{len(rest)}")


@condition("seat_named", "The actor's seat bears this name (a card that belongs to one player "
           "at the table).", 'playable if seat_named("alice")',
           {"name": Param("string", required=True)})
def seat_named(ctx: Ctx, name: str) -> bool:
    return ctx.state.name(ctx.actor).lower() == name.lower()


@condition("to_act", "The actor is the player who must act now: on turn, or facing a pending "
           "effect, or choosing.", "allowed if to_act")
def to_act(ctx: Ctx) -> bool:
    return ctx.state.current_player == ctx.actor


@verb("give_card", "The actor gives one card of their hand (asked) to another player.",
      "give_card(to=chosen)", {"to": Param("selector", required=True)})
def give_card(ctx: Ctx, to) -> Steps:
    s = ctx.state
    seat = to(ctx)
    if not s.hands[ctx.actor] or seat == ctx.actor:
        return
    got = yield from ask(ctx, ctx.actor, "cards", f"give a card to {s.name(seat)}",
                         tuple(s.hands[ctx.actor]), 1)
    zones.remove_from_hand(s, ctx.actor, got[0])
    zones.give_to_hand(s, seat, [got[0]])
    s.log("give", ctx.owner, f"{s.name(ctx.actor)} gives {got[0].notation} to {s.name(seat)}")


@verb("take_card", "The actor looks at another player's hand and takes one card of it (asked).",
      "take_card(chosen)", {"who": Param("selector", required=True)})
def take_card(ctx: Ctx, who) -> Steps:
    s = ctx.state
    seat = who(ctx)
    if not s.hands[seat] or seat == ctx.actor:
        return
    got = yield from ask(ctx, ctx.actor, "cards", f"take a card of {s.name(seat)}'s hand",
                         tuple(s.hands[seat]), 1)
    zones.remove_from_hand(s, seat, got[0])
    zones.give_to_hand(s, ctx.actor, [got[0]])
    s.log("take", ctx.owner, f"{s.name(ctx.actor)} looks at {s.name(seat)}'s hand and takes "
          f"{got[0].notation}")


@verb("choose_among", "The actor chooses one of these answers (asked); 'answered' then tests it.",
      "choose_among([add, cancel])", {"answers": Param("names", required=True)})
def choose_among(ctx: Ctx, answers) -> Steps:
    got = yield from ask(ctx, ctx.actor, "option", "choose one", tuple(answers))
    ctx.vars["answer"] = got
    ctx.state.log("choose", ctx.owner, f"{ctx.state.name(ctx.actor)} chooses {got}")


@verb("deny_card", "The actor hands back to another player the card that player just gave them "
      "(asked) and asks for another: that player gives them another card of their hand (asked), "
      "not the one handed back.", "deny_card(to=chosen)",
      {"to": Param("selector", required=True)})
def deny_card(ctx: Ctx, to) -> Steps:
    s = ctx.state
    seat = to(ctx)
    if not s.hands[ctx.actor] or seat == ctx.actor:
        return
    got = yield from ask(ctx, ctx.actor, "cards", f"hand back the card {s.name(seat)} gave",
                         tuple(s.hands[ctx.actor]), 1)
    back = got[0]
    zones.remove_from_hand(s, ctx.actor, back)
    zones.give_to_hand(s, seat, [back])
    s.log("give", ctx.owner, f"{s.name(ctx.actor)} denies {back.notation} and hands it back")
    options = tuple(c for c in s.hands[seat] if c is not back)
    if not options:
        return
    other = yield from ask(ctx, seat, "cards", f"give {s.name(ctx.actor)} another card",
                           options, 1)
    zones.remove_from_hand(s, seat, other[0])
    zones.give_to_hand(s, ctx.actor, [other[0]])
    s.log("give", ctx.owner, f"{s.name(seat)} gives {other[0].notation} instead")
