"""Verbs that move many cards between players at once: dealing a hand out, passing cards on,
cutting a hand back into the pile, trading parities, a slapping race."""

from __future__ import annotations

from ...registry import Param, verb
from .. import draws, zones
from .. import pending as pend
from ..interp import Ctx, Steps, ask
from ..state import IN_GAME, OUT, Contribution, Window
from ..turns import in_order


@verb("deal_out_hand", "The actor deals their whole hand out, one card at a time, to the other "
      "players in turn order, round and round until it is empty.", "deal_out_hand")
def deal_out_hand(ctx: Ctx) -> None:
    s = ctx.state
    others = in_order(s, ctx.actor)
    hand = s.hands[ctx.actor]
    if not others:
        return
    i = 0
    while hand:
        card = hand.pop(0)
        s.revealed[ctx.actor].discard(id(card))
        zones.give_to_hand(s, others[i % len(others)], [card])
        i += 1
    s.log("deal", ctx.owner, f"{s.name(ctx.actor)} deals out {i} card(s) to the others")


@verb("pass_cards_on", "Every other player picks a card of their hand (asked, in turn order) and "
      "passes it to the next player in turn order, the actor left out of the round.",
      "pass_cards_on")
def pass_cards_on(ctx: Ctx) -> Steps:
    s = ctx.state
    ring = in_order(s, ctx.actor)
    picked = {}
    for seat in ring:
        if s.hands[seat]:
            got = yield from ask(ctx, seat, "cards", "pick a card to pass on",
                                 tuple(s.hands[seat]), 1)
            picked[seat] = got[0]
    for i, seat in enumerate(ring):
        if seat in picked:
            receiver = ring[(i + 1) % len(ring)]
            zones.remove_from_hand(s, seat, picked[seat])
            zones.give_to_hand(s, receiver, [picked[seat]])
    s.log("pass", ctx.owner, f"{len(picked)} card(s) passed on, {s.name(ctx.actor)} left out")


@verb("cut_hand", "The actor keeps the larger half of their hand (picked, asked) and the rest is "
      "shuffled into the draw pile (a scripted input).", "cut_hand")
def cut_hand(ctx: Ctx) -> Steps:
    s = ctx.state
    hand = s.hands[ctx.actor]
    keep = (len(hand) + 1) // 2
    if keep == len(hand):
        return
    kept = yield from ask(ctx, ctx.actor, "cards", f"keep {keep} card(s)", tuple(hand), keep)
    gone = [c for c in hand if not any(c is k for k in kept)]
    for card in gone:
        zones.remove_from_hand(s, ctx.actor, card)
    s.pile = list(reversed(s.chance.shuffle(list(reversed(s.pile)) + gone)))
    s.log("cut", ctx.owner, f"{s.name(ctx.actor)} shuffles {len(gone)} card(s) into the pile")


@verb("trade_parity", "The actor may discard, beneath the card in play, every card of their hand "
      "whose number is odd, or every one whose number is even (asked: odd, even or none), then "
      "draws as many.", "trade_parity")
def trade_parity(ctx: Ctx) -> Steps:
    s = ctx.state
    choice = yield from ask(ctx, ctx.actor, "option", "discard odd or even numbers",
                            ("odd", "even", "none"))
    if choice == "none":
        return
    want = 1 if choice == "odd" else 0
    gone = [c for c in s.hands[ctx.actor]
            if (n := s.face(c).number) is not None and n % 2 == want]
    for card in gone:
        zones.remove_from_hand(s, ctx.actor, card)
    zones.under_top(s, gone)
    s.log("discard", ctx.owner, f"{s.name(ctx.actor)} discards {len(gone)} {choice} card(s)")
    draws.draw(s, ctx.actor, len(gone), "immune", ctx.owner)


@verb("slap_race", "Every other player slaps the pile; the order is a race (a scripted input) "
      "and the last player still in the hand to slap draws N. With back_in, players sitting "
      "the hand out may slap too, and those who beat that last player are back in.",
      "slap_race(2)", {"amount": Param("int", required=True), "back_in": Param("bool", False)})
def slap_race(ctx: Ctx, amount: int, back_in: bool) -> None:
    s = ctx.state
    racers = [p for p in range(len(s.seats)) if p != ctx.actor
              and (s.status[p] == IN_GAME or back_in and s.status[p] == OUT)]
    if not racers:
        return
    order = [s.index[n] for n in s.chance.race([s.seats[p] for p in racers])]
    order += [p for p in racers if p not in order]  # unlisted racers slap last, in seat order
    in_hand = [p for p in order if s.status[p] == IN_GAME]
    if not in_hand:
        return
    last = in_hand[-1]
    s.log("slap", ctx.owner, "slaps: " + ", ".join(s.name(p) for p in order))
    for p in order[:order.index(last)]:
        if s.status[p] == OUT:
            s.status[p] = IN_GAME
            if p in s.departed:
                s.departed.remove(p)
            s.log("return", ctx.owner, f"{s.name(p)} slaps in time and is back in the hand")
    draws.draw(s, last, amount, "penalty", ctx.owner)


@verb("turn_up", "The top card of the draw pile goes face up on top of the card in play and "
      "becomes the card to match (its colour, unless it is wild); its effects do not run. With "
      "'until', cards are turned up one at a time until the condition holds for the latest "
      "('flipped' names it).", "turn_up", {"until": Param("cond", None)})
def turn_up(ctx: Ctx, until) -> None:
    s = ctx.state
    while True:
        card = draws.take_top(s)
        if card is None:
            return
        zones.lay_on_top(s, card)
        ctx.vars["flipped"] = card
        s.log("flip", ctx.owner, f"{card.notation} is turned up on the pile")
        if until is None or until(ctx):
            return


@verb("give_cards", "The actor gives another player between LOW and HIGH cards of their hand "
      "(how many, then which: asked).", "give_cards(chosen, low=2, high=3)",
      {"who": Param("selector", required=True), "low": Param("int", 1),
       "high": Param("int", 1)})
def give_cards(ctx: Ctx, who, low: int, high: int) -> Steps:
    s = ctx.state
    seat = who(ctx)
    hand = s.hands[ctx.actor]
    high = min(high, len(hand))
    if high < low:
        return
    n = yield from ask(ctx, ctx.actor, "number", "how many cards to give", low=low, high=high)
    got = yield from ask(ctx, ctx.actor, "cards", f"give {n} card(s)", tuple(hand), n)
    for card in got:
        zones.remove_from_hand(s, ctx.actor, card)
    zones.give_to_hand(s, seat, list(got))
    s.log("give", ctx.owner, f"{s.name(ctx.actor)} gives {n} card(s) to {s.name(seat)}")


@verb("rotate_hands", "Every player in the hand passes their whole hand to the next player, in "
      "the direction the actor chooses (asked: clockwise or counterclockwise); with "
      "way=play, in the direction of play, unasked; with 'steps', each hand moves that many "
      "places (none for 0).", "rotate_hands",
      {"way": Param("name", "ask"), "steps": Param("int", 1)})
def rotate_hands(ctx: Ctx, way: str, steps: int) -> Steps:
    s = ctx.state
    if way == "play":
        way = "clockwise" if s.direction == 1 else "counterclockwise"
    else:
        way = yield from ask(ctx, ctx.actor, "option", "which way the hands go",
                             ("clockwise", "counterclockwise"))
    ring = [ctx.actor, *in_order(s, ctx.actor)]
    if (way == "clockwise") != (s.direction == 1):
        ring = [ring[0], *reversed(ring[1:])]
    hands = [s.hands[p] for p in ring]
    for i, seat in enumerate(ring):
        s.hands[seat] = hands[(i - steps) % len(ring)]
        s.revealed[seat] = set()
    s.log("rotate", ctx.owner, f"every hand passes {way}" + (f", {steps} places" if steps != 1
                                                             else ""))


@verb("drop_one_each", "Each player in the hand holding at least N cards, the actor first, may "
      "discard one card of their choice beneath the card in play (asked).",
      "drop_one_each(min_hand=3)", {"min_hand": Param("int", 1)})
def drop_one_each(ctx: Ctx, min_hand: int) -> Steps:
    s = ctx.state
    for seat in [ctx.actor, *in_order(s, ctx.actor)]:
        hand = s.hands[seat]
        if len(hand) < min_hand:
            continue
        wants = yield from ask(ctx, seat, "option", "discard a card?", ("discard", "keep"))
        if wants == "discard":
            got = yield from ask(ctx, seat, "cards", "pick the card to discard", tuple(hand), 1)
            zones.remove_from_hand(s, seat, got[0])
            zones.under_top(s, [got[0]])
            s.log("discard", ctx.owner, f"{s.name(seat)} discards {got[0].notation}")


@verb("share_draws", "The actor picks 1 to N other players and a number from 1 to M; each of "
      "them faces a draw of that many (asked).", "share_draws(3, each=3)",
      {"players": Param("int", required=True), "each": Param("int", required=True),
       "draw_class": Param("name", "attack"), "tags": Param("names", ())})
def share_draws(ctx: Ctx, players: int, each: int, draw_class: str, tags) -> Steps:
    s = ctx.state
    others = in_order(s, ctx.actor)
    most = min(players, len(others))
    if most < 1:
        return
    n = yield from ask(ctx, ctx.actor, "number", "how many players", low=1, high=most)
    chosen = yield from ask(ctx, ctx.actor, "players", f"pick {n} player(s)", tuple(others), n)
    k = yield from ask(ctx, ctx.actor, "number", "how many cards each", low=1, high=each)
    seats = [p for p in others if p in chosen]
    contrib = Contribution(ctx.actor, ctx.card, k, None, frozenset(tags), draw_class)
    pend.create(s, ctx, seats, contrib, "origin", None, "draw")
    for seat in seats:
        s.log("attack", ctx.owner, f"{s.name(seat)} faces a draw of {k}")


@verb("hand_out", "The actor hands N cards of their hand (all, if they hold fewer) out to other "
      "players: which cards, then who gets each one (asked; two may go to one player), or with "
      "'together' who gets them all (asked once). With 'window', each player given a card is "
      "offered a window of that name.",
      "hand_out(2)", {"count": Param("int", required=True), "window": Param("name", None),
                      "together": Param("bool", False)})
def hand_out(ctx: Ctx, count: int, window, together: bool) -> Steps:
    s = ctx.state
    others = in_order(s, ctx.actor)
    n = min(count, len(s.hands[ctx.actor]))
    if n < 1 or not others:
        return
    got = yield from ask(ctx, ctx.actor, "cards", f"hand out {n} card(s)",
                         tuple(s.hands[ctx.actor]), n)
    seat = -1
    for card in got:
        if seat < 0 or not together:
            seat = yield from ask(ctx, ctx.actor, "player", f"who gets {card.notation}"
                                  + (f" and the rest ({n} in all)" if together and n > 1 else ""),
                                  tuple(others))
        zones.remove_from_hand(s, ctx.actor, card)
        zones.give_to_hand(s, seat, [card])
        s.log("give", ctx.owner, f"{s.name(ctx.actor)} hands {card.notation} to {s.name(seat)}")
        if window is not None:
            s.windows.append(Window(window, ctx.actor, to=seat))


@verb("scavenge", "The actor takes 1 to N cards in all from the other players' hands (how many "
      "from each, then which: asked; drawn face down, so which card is a scripted choice); each "
      "player draws as many as they lost, or two if their only card was taken.",
      "scavenge(3)", {"most": Param("int", required=True)})
def scavenge(ctx: Ctx, most: int) -> Steps:
    s = ctx.state
    others = [p for p in in_order(s, ctx.actor) if s.hands[p]]
    if not others:
        return
    total = yield from ask(ctx, ctx.actor, "number", "how many cards to take in all", low=1,
                           high=min(most, sum(len(s.hands[p]) for p in others)))
    counts = yield from ask(ctx, ctx.actor, "counts", f"take {total} card(s) from whom",
                            tuple(others), total=total,
                            caps=tuple(len(s.hands[p]) for p in others))
    for seat in others:
        k = counts.get(seat, 0)
        if not k:
            continue
        got = yield from ask(ctx, ctx.actor, "cards", f"take {k} card(s) of "
                             f"{s.name(seat)}'s", tuple(s.hands[seat]), k)
        emptied = len(got) == len(s.hands[seat]) == 1
        for card in got:
            zones.remove_from_hand(s, seat, card)
        zones.give_to_hand(s, ctx.actor, list(got))
        s.log("take", ctx.owner, f"{s.name(ctx.actor)} takes {k} card(s) from {s.name(seat)}")
        draws.draw(s, seat, 2 if emptied else k, "immune", ctx.owner)


@verb("discard_matching", "The actor names a colour or a number; then every player in the hand, "
      "the actor first, may discard beneath the card in play any of their cards that match it "
      "(plain number cards for a number; a colour or a number, then which one, then how many, "
      "then which: asked). A player who empties their hand so has gone out, and the round "
      "stops there.", "discard_matching")
def discard_matching(ctx: Ctx) -> Steps:
    s = ctx.state
    what = yield from ask(ctx, ctx.actor, "option", "name a colour or a number",
                          ("color", "number"))
    if what == "color":
        named = yield from ask(ctx, ctx.actor, "color", "name a colour", s.rs.colors)
    else:
        named = str((yield from ask(ctx, ctx.actor, "number", "name a number", low=0, high=9)))
    for seat in [ctx.actor, *in_order(s, ctx.actor)]:
        fits = [c for c in s.hands[seat] if _fits(s, c, named)]
        if not fits:
            continue
        n = yield from ask(ctx, seat, "number", f"discard how many cards matching {named}",
                           low=0, high=len(fits))
        if not n:
            continue
        got = yield from ask(ctx, seat, "cards", f"discard {n} card(s)", tuple(fits), n)
        for card in got:
            zones.remove_from_hand(s, seat, card)
        zones.under_top(s, list(got))
        s.log("discard", ctx.owner, f"{s.name(seat)} discards {n} card(s) matching {named}")
        if not s.hands[seat]:
            return  # they have gone out: the hand ends before anyone else discards


def _fits(s, card, named: str) -> bool:
    face = s.face(card)
    if named.isdigit():
        return "number" in face.kind.categories and face.number == int(named)
    return not face.is_wild and face.color == named
