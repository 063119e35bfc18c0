"""Verbs that move cards: drawing, fields and neutral play, hands, piles, counters."""

from __future__ import annotations

from ...registry import Param, verb
from .. import draws, zones
from .. import pending as pend
from ..interp import Ctx, Steps, ask, run_effects
from ..selectors import seats_of
from ..state import Action, Card
from ..triggers import card_effects
from ..turns import in_order


@verb("draw", "A player (or each of several) draws N cards, with the given draw class for "
      "modifiers.", "draw(2, target=next)",
      {"amount": Param("int", required=True), "target": Param("seats", None),
       "draw_class": Param("name", "effect")}, keeps_lane=True)
def draw(ctx: Ctx, amount: int, target, draw_class: str) -> None:
    for who in (seats_of(target, ctx) if target else [ctx.actor]):
        ctx.drew = draws.draw(ctx.state, who, amount, draw_class, ctx.owner)


@verb("draw_until", "A player draws one card at a time until the condition holds for the cards "
      "drawn so far (see 'drawn_now'), or the cards run out.",
      "draw_until(colors_complete)",
      {"until": Param("cond", required=True), "target": Param("selector", None)})
def draw_until(ctx: Ctx, until, target) -> None:
    who = target(ctx) if target else ctx.actor

    def done(got: list[Card]) -> bool:
        ctx.drew = got
        return until(ctx)

    ctx.drew = draws.draw_until(ctx.state, who, done, ctx.owner)


@verb("adjust", "In a draw modifier: change the number of cards to draw by N.", "adjust(-1)",
      {"amount": Param("int", required=True)})
def adjust(ctx: Ctx, amount: int) -> None:
    ctx.amount += amount


def _into_play(ctx: Ctx, seat: int | None, owner: int | None) -> None:
    s = ctx.state
    card = ctx.card
    assert card is not None
    came_from = zones.detach(s, card)
    zones.enter_play(s, card, seat)
    card.owner = owner
    if came_from == "play":
        s.match_top = card
    where = "in neutral play" if seat is None else f"for {s.name(seat)}"
    s.log("field", ctx.owner, f"{card.notation} is now active {where}")


@verb("to_field", "The card lies face up in front of a player and stays active; if it was just "
      "played, the next player still plays on it.", "to_field(holder=chosen)",
      {"holder": Param("selector", None)})
def to_field(ctx: Ctx, holder) -> None:
    _into_play(ctx, holder(ctx) if holder else ctx.actor, ctx.actor)


@verb("to_neutral", "The card is placed in neutral play, next to the piles, as a global card; "
      "the actor counts as its owner.", "to_neutral")
def to_neutral(ctx: Ctx) -> None:
    _into_play(ctx, None, ctx.actor)


@verb("move", "A card leaves wherever it is for a pile, on top or at the bottom.",
      "move(this, to=pile, bottom=true)",
      {"card": Param("card_ref", required=True), "to": Param("zone", required=True),
       "bottom": Param("bool", False)})
def move(ctx: Ctx, card, to: str, bottom: bool) -> None:
    s = ctx.state
    c = card(ctx)
    if c is None:
        return
    zones.detach(s, c)
    if to == "neutral":
        zones.enter_play(s, c, None)
    else:
        zones.put(s, [c], to, bottom)
    s.log("move", ctx.owner, f"{c.notation} goes to the {'bottom' if bottom else 'top'} of "
          f"the {to}")


@verb("discard_from_field", "Up to N cards of this name leave a player's field for the discard "
      "pile (beneath the card in play).", 'discard_from_field("Curse", holder=self)',
      {"card": Param("card", required=True), "holder": Param("selector", None),
       "count": Param("int", 1)})
def discard_from_field(ctx: Ctx, card: str, holder, count: int) -> None:
    s = ctx.state
    seat = holder(ctx) if holder else ctx.actor
    gone = [c for c in s.fields[seat] if s.kind(c).name == card][:count]
    for c in gone:
        zones.under_top(s, zones.leave_play(s, c))
    if gone:
        s.log("discard", ctx.owner, f"{len(gone)} {card} leave {s.name(seat)}'s field")


@verb("discard_from_hand", "A card of this name leaves a player's hand for the discard pile "
      "(beneath the card in play).", 'discard_from_hand("Secret", who=chosen)',
      {"card": Param("card", required=True), "who": Param("selector", None)})
def discard_from_hand(ctx: Ctx, card: str, who) -> None:
    s = ctx.state
    seat = who(ctx) if who else ctx.actor
    gone = next((c for c in s.hands[seat] if s.kind(c).name == card), None)
    if gone is not None:
        zones.remove_from_hand(s, seat, gone)
        zones.under_top(s, [gone])
        s.log("discard", ctx.owner, f"{s.name(seat)} discards {gone.notation}")


@verb("discard_fields", "Every card in play (every field and neutral play) is discarded, except "
      "cards of the names given.", 'discard_fields(keep=["Crown"])',
      {"keep": Param("names", ())})
def discard_fields(ctx: Ctx, keep: tuple) -> None:
    s = ctx.state
    gone = [c for zone in [*s.fields, s.neutral] for c in zone if s.kind(c).name not in keep]
    for c in gone:
        zones.under_top(s, zones.leave_play(s, c))
    s.log("discard", ctx.owner, f"{len(gone)} card(s) in play are discarded")


@verb("exchange_hands", "Two players exchange their whole hands.", "exchange_hands(self, previous)",
      {"a": Param("selector", required=True), "b": Param("selector", required=True)})
def exchange_hands(ctx: Ctx, a, b) -> None:
    s = ctx.state
    x, y = a(ctx), b(ctx)
    s.hands[x], s.hands[y] = s.hands[y], s.hands[x]
    s.revealed[x], s.revealed[y] = set(), set()
    s.log("exchange", ctx.owner, f"{s.name(x)} and {s.name(y)} exchange hands")


@verb("discard_hand", "A player's whole hand goes to the discard pile, beneath the card in play.",
      "discard_hand(self)", {"who": Param("selector", required=True)})
def discard_hand(ctx: Ctx, who) -> None:
    s = ctx.state
    seat = who(ctx)
    cards = zones.empty_hand(s, seat)
    zones.under_top(s, cards)
    s.log("discard", ctx.owner, f"{s.name(seat)} discards {len(cards)} card(s)")


@verb("reveal_hand", "A player lays their hand face up: every card now in it is seen by all "
      "(cards added later are not).", "reveal_hand(chosen)",
      {"who": Param("selector", required=True)})
def reveal_hand(ctx: Ctx, who) -> None:
    s = ctx.state
    seat = who(ctx)
    s.revealed[seat] = {id(c) for c in s.hands[seat]}
    s.log("reveal", ctx.owner, f"{s.name(seat)}'s hand is face up: "
          f"{', '.join(c.notation for c in s.hands[seat]) or 'nothing'}")


@verb("look_and_arrange", "The actor takes the top N cards of the draw pile, keeps K of them "
      "(asked), and puts the rest back on top in an order they choose (asked).",
      "look_and_arrange(5, keep=1)",
      {"count": Param("int", required=True), "keep": Param("int", 1)})
def look_and_arrange(ctx: Ctx, count: int, keep: int):
    s = ctx.state
    looked: list[Card] = []
    while len(looked) < count:
        card = draws.take_top(s)
        if card is None:
            break
        looked.append(card)
    zones.give_to_hand(s, ctx.actor, looked)  # in hand while they are looked at
    s.log("look", ctx.owner, f"{s.name(ctx.actor)} takes {len(looked)} card(s) to look at")
    kept = yield from ask(ctx, ctx.actor, "cards", f"keep {keep}", tuple(looked),
                          count=min(keep, len(looked)))
    rest = [c for c in looked if not any(c is k for k in kept)]
    if len(rest) > 1:
        order = yield from ask(ctx, ctx.actor, "order", "order the rest, top first",
                               tuple(rest), count=len(rest))
    else:
        order = rest
    for card in order:
        zones.remove_from_hand(s, ctx.actor, card)
    s.pile.extend(reversed(order))
    s.log("arrange", ctx.owner, f"{s.name(ctx.actor)} keeps {len(kept)} and puts "
          f"{len(order)} back")


@verb("pool_and_deal", "Every hand still in the game (and the cards of a pile, if named) is "
      "gathered, shuffled (a scripted input) and dealt out evenly to those hands; a player "
      "with no card left has gone out and gets none. Where the piles are uneven, the first "
      "to come take the smaller ones: the order is a race (a scripted input).", "pool_and_deal",
      {"with_pile": Param("zone", None)})
def pool_and_deal(ctx: Ctx, with_pile: str | None) -> None:
    s = ctx.state
    seats = [i for i in range(len(s.seats)) if s.in_game(i) and s.hands[i]]
    if not seats:
        return  # no hand left to deal to (a pile named stays where it is)
    pool = [c for i in seats for c in s.hands[i]]
    if with_pile is not None:
        pool += s.zone(with_pile)
        s.zone(with_pile).clear()
    for i in seats:
        s.hands[i] = []
        s.revealed[i] = set()
    order = s.chance.shuffle(pool) if len(pool) > 1 else pool
    base, extra = divmod(len(order), len(seats))
    first = s.chance.race([s.seats[i] for i in seats]) if extra else []
    ranked = [s.index[n] for n in first] + [i for i in seats if s.seats[i] not in first]
    cards = list(order)
    larger = len(ranked) - extra  # the first ``larger`` players of the race take base cards
    for rank, seat in enumerate(ranked):
        take = base + (1 if rank >= larger else 0)
        s.hands[seat], cards = cards[:take], cards[take:]
    s.log("pool", ctx.owner, f"{len(order)} cards are pooled and dealt out "
          f"({base} each, {extra} extra)")


@verb("activate_held", "Every card of this category (or of these names) in the hands of these "
      "players goes into play for its holder: its 'on activated' effects if it has them, else "
      "in front of the holder (in neutral play for a global card).",
      'activate_held(field, who=chosen, names=["Crown"])',
      {"category": Param("name", None), "who": Param("seats", None),
       "names": Param("names", ())})
def activate_held(ctx: Ctx, category: str | None, who, names: tuple):
    s = ctx.state
    seats = seats_of(who, ctx) if who else [ctx.actor, *in_order(s, ctx.actor)]
    for seat in seats:
        for card in [c for c in s.hands[seat] if (category is None or category in
                                                   s.kind(c).categories)
                     and (not names or s.kind(c).name in names)]:
            kind = s.kind(card)
            sub = Ctx(s, seat, card, owner=kind.name)
            effects = kind.triggers.get("activated")
            if effects:
                yield from run_effects(effects, sub)
            else:
                _into_play(sub, None if "global" in kind.categories else seat, seat)


@verb("run_play", "Run a card's own play effects now, as the actor's: this card, or another "
      "(the card under it); 'target' stands for the player it would be aimed at by choice, "
      "'aim' overrides whom its attacks hit, 'resume' where play goes on once they are "
      "settled (as attack's 'resume').", "run_play(aim=dealer, resume=target)",
      {"card": Param("card_ref", None), "target": Param("selector", None),
       "aim": Param("selector", None), "resume": Param("name", None)})
def run_play(ctx: Ctx, card, target, aim, resume):
    s = ctx.state
    c = card(ctx) if card is not None else ctx.card
    if c is None:
        return
    kind = s.kind(c)
    aimed = target(ctx) if target else None
    if aimed is None and "target" in kind.needs.get("play", ()):  # the card's player chooses
        aimed = yield from ask(ctx, ctx.actor, "player", "pick a player",
                               tuple(in_order(s, ctx.actor)))
    action = Action(ctx.actor, "play", c, s.color, aimed)
    sub = Ctx(s, ctx.actor, c, action, owner=kind.name)
    sub.aim = aim(ctx) if aim else None
    sub.resume = resume
    sub.vars["starting"] = ctx.vars.get("starting")
    sub.vars["replayed"] = True
    yield from run_effects(card_effects(s, c, "play", sub), sub)
    take_turn_effects(ctx, sub)


@verb("redirect_plays", "From now on, played cards go onto this pile instead of the discard "
      "pile.", "redirect_plays(to=recycled)", {"to": Param("zone", required=True)})
def redirect_plays(ctx: Ctx, to: str) -> None:
    ctx.state.play_zone = to
    ctx.state.log("zone", ctx.owner, f"cards are now played onto the {to} pile")


@verb("restore_plays", "Played cards go onto the discard pile again.", "restore_plays")
def restore_plays(ctx: Ctx) -> None:
    ctx.state.play_zone = "discard"
    ctx.state.log("zone", ctx.owner, "cards are played onto the discard pile again")


@verb("take_zone", "The actor takes every card of a pile into their hand.",
      "take_zone(recycled)", {"zone": Param("zone", required=True)})
def take_zone(ctx: Ctx, zone: str) -> None:
    s = ctx.state
    pile = s.zone(zone)
    cards = list(pile)
    pile.clear()
    zones.give_to_hand(s, ctx.actor, cards)
    s.log("take", ctx.owner, f"{s.name(ctx.actor)} takes the {zone} pile ({len(cards)} cards)")


@verb("set_counter", "Set a counter on this card (a clock, a tally) to N.",
      "set_counter(clock, 4)",
      {"name": Param("name", required=True), "value": Param("int", required=True)})
def set_counter(ctx: Ctx, name: str, value: int) -> None:
    assert ctx.card is not None
    ctx.card.counters = {**ctx.card.counters, name: value}  # its own dict (Card.counters)
    ctx.state.log("counter", ctx.owner, f"{ctx.card.notation}: {name} = {value}")


@verb("add_counter", "Add N (which may be negative) to a counter on this card.",
      "add_counter(clock, -1)",
      {"name": Param("name", required=True), "value": Param("int", required=True)})
def add_counter(ctx: Ctx, name: str, value: int) -> None:
    assert ctx.card is not None
    ctx.card.counters = {**ctx.card.counters, name: ctx.card.counters.get(name, 0) + value}
    ctx.state.log("counter", ctx.owner,
                  f"{ctx.card.notation}: {name} = {ctx.card.counters[name]}")


@verb("flip_to", "The top card of the draw pile is turned over and placed with this card; "
      "'flipped' then names it.", "flip_to")
def flip_to(ctx: Ctx) -> None:
    s = ctx.state
    card = draws.take_top(s)
    ctx.vars["flipped"] = card
    if card is not None and ctx.card is not None:
        ctx.card.attached = [*ctx.card.attached, card]  # its own list (Card.attached)
        s.log("flip", ctx.owner, f"{card.notation} is turned over")


@verb("reflip", "At the start: the flipped card goes back into the pile, which is shuffled, "
      "and a new card is flipped.", "reflip", keeps_lane=True)
def reflip(ctx: Ctx) -> None:
    s = ctx.state
    card = s.discard.pop()
    order = s.chance.shuffle(list(reversed(s.pile)) + [card])
    s.pile = list(reversed(order))
    ctx.reflip = True
    s.log("reflip", ctx.owner, f"{card.notation} is returned and the pile reshuffled")


@verb("steal_top", "The actor takes the card in play into their hand, and play goes on as if it "
      "had remained: it stays the card to match, in the colour then in force. With 'spend', "
      "one card of that name leaves the actor's hand for the discard pile (beneath).",
      'steal_top(spend="Thief")', {"spend": Param("card", None)})
def steal_top(ctx: Ctx, spend: str | None) -> None:
    s = ctx.state
    card = s.top()
    if card is None or not s.discard or card is not s.discard[-1]:
        s.log("miss", ctx.owner, "no card in play to take")
        return
    s.discard.pop()
    zones.give_to_hand(s, ctx.actor, [card])
    s.match_top = card
    s.log("take", ctx.owner, f"{s.name(ctx.actor)} takes {card.notation} from the pile; "
          "play goes on as if it were still there")
    spent = next((c for c in s.hands[ctx.actor] if spend and s.kind(c).name == spend), None)
    if spent is not None:
        zones.remove_from_hand(s, ctx.actor, spent)
        zones.under_top(s, [spent])


@verb("draw_from_under", "The actor draws N cards (the pending draw's amount, when one is aimed "
      "at them, which is then settled as if accepted) not from the top of the draw pile but "
      "from its bottom and from the discard pile beneath the card this one covers: how many "
      "from the discard pile is asked.", "draw_from_under(1)",
      {"count": Param("int", 0)})
def draw_from_under(ctx: Ctx, count: int) -> Steps:
    s = ctx.state
    p = s.pending[0] if s.pending and s.pending[0].payload is None \
        and s.pending[0].target == ctx.actor else None
    wanted = count or (p.amount if p is not None else 1)
    n = draws.modified_amount(s, ctx.actor, wanted, p.top.draw_class if p else "turn")
    pool = s.discard[:-2]  # beneath the card in play and the card it covers
    k = 0
    if pool and n:
        k = yield from ask(ctx, ctx.actor, "number", "how many from the discard pile",
                           low=0, high=min(n, len(pool)))
    got = [s.discard.pop(len(s.discard) - 3) for _ in range(k)]
    got += [s.pile.pop(0) for _ in range(min(n - k, len(s.pile)))]
    zones.give_to_hand(s, ctx.actor, got)
    s.log("draw", ctx.owner, f"{s.name(ctx.actor)} draws {k} from the discard pile and "
          f"{len(got) - k} from the bottom of the draw pile")
    if p is not None:
        pend.conclude(s, ctx, pend.take_head(s))


@verb("resume_with_under", "Play goes on as if the card this one covers were still on top: it "
      "stays the card to match, in the colour in force before this card.", "resume_with_under")
def resume_with_under(ctx: Ctx) -> None:
    s = ctx.state
    if ctx.under is not None:
        s.match_top = ctx.under
        s.color = ctx.vars.get("color_before", s.color)
        s.log("resume", ctx.owner, f"play goes on from {ctx.under.notation}")


def take_turn_effects(ctx: Ctx, sub: Ctx) -> None:
    """What a card run on another's behalf did to the turn (skips, a reversal, who plays
    next) becomes the running effect's own."""
    ctx.skips += sub.skips
    ctx.play_again = ctx.play_again or sub.play_again
    if sub.next_turn is not None:
        ctx.next_turn = sub.next_turn
    if sub.vars.get("reversed"):
        ctx.vars["reversed"] = not ctx.vars.get("reversed")
