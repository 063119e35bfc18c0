"""Verbs of bets and showdowns: a claim about a card laid face down and the wagers on it; a
round in which every player takes a card blind from a neighbour and the lowest one loses.

Which card a player lays down, stakes or takes blind is always their (scripted) choice;
nothing is guessed. The bets of one claim live in the effect's variables, so the rules
can read them (``wagers(won)``, ``wagered(all)``) and decide what follows.
"""

from __future__ import annotations

from ...registry import Param, value, verb
from .. import draws, zones
from ..interp import Ctx, Steps, ask
from ..state import Card, State
from ..turns import in_order

# -- a claim and the wagers on it --------------------------------------------------------


@verb("lay_claim", "The actor lays a card of their hand (asked) face down beneath the card in "
      "play, claiming it is the card named; whether that is true is then known to the rules. "
      "It is not a play: the card in play, the colour and the turn stay as they are.",
      "lay_claim(act_card)", {"claim": Param("card_ref", required=True)})
def lay_claim(ctx: Ctx, claim) -> Steps:
    s = ctx.state
    named = claim(ctx)
    hand = s.hands[ctx.actor]
    ctx.vars["wagers"] = []
    if named is None or not hand:
        return
    got = yield from ask(ctx, ctx.actor, "cards", f"lay a card face down, said to be "
                         f"{named.notation}", tuple(hand), 1)
    card = got[0]
    zones.remove_from_hand(s, ctx.actor, card)
    zones.under_top(s, [card])
    ctx.vars["claim_true"] = card.notation == named.notation
    s.log("claim", ctx.owner, f"{s.name(ctx.actor)} lays a card face down and says it is "
          f"{named.notation}")


@verb("take_wagers", "After lay_claim: every other player in the hand, in turn order, says how "
      "many cards of their hand they wager (0 opts out; at most their hand divided by SHARE, "
      "rounded down; nobody holding fewer than MIN_HAND), then whether for or against the "
      "claim, then which cards they stake (asked). The claim is then shown.",
      "take_wagers(share=2, min_hand=2)",
      {"share": Param("int", 2), "min_hand": Param("int", 2)})
def take_wagers(ctx: Ctx, share: int, min_hand: int) -> Steps:
    s = ctx.state
    if "claim_true" not in ctx.vars:
        return
    bets = []
    for seat in in_order(s, ctx.actor):
        hand = s.hands[seat]
        most = len(hand) // max(share, 1)
        if len(hand) < min_hand or most < 1:
            continue
        n = yield from ask(ctx, seat, "number", "how many cards to wager (0: none)", low=0,
                           high=most)
        if not n:
            continue
        side = yield from ask(ctx, seat, "option", "wager for or against the claim",
                              ("for", "against"))
        staked = yield from ask(ctx, seat, "cards", f"stake {n} card(s)", tuple(hand), n)
        bets.append((seat, n, side, tuple(staked)))
        s.log("wager", ctx.owner, f"{s.name(seat)} wagers {n} card(s) {side}")
    ctx.vars["wagers"] = bets
    s.log("claim", ctx.owner, "the card is turned up: the claim is "
          + ("true" if ctx.vars["claim_true"] else "a lie"))


def _won(ctx: Ctx, side: str) -> bool:
    return (side == "for") == bool(ctx.vars.get("claim_true"))


@verb("settle_wagers", "After take_wagers: each player who wagered rightly discards the cards "
      "they staked beneath the card in play; each who wagered wrongly keeps them and draws as "
      "many.", "settle_wagers")
def settle_wagers(ctx: Ctx) -> None:
    s = ctx.state
    for seat, n, side, staked in ctx.vars.get("wagers", []):
        if _won(ctx, side):
            gone = [c for c in staked if any(c is h for h in s.hands[seat])]
            for card in gone:
                zones.remove_from_hand(s, seat, card)
            zones.under_top(s, gone)
            s.log("wager", ctx.owner, f"{s.name(seat)} wagered rightly and discards "
                  f"{len(gone)} card(s)")
        else:
            s.log("wager", ctx.owner, f"{s.name(seat)} wagered wrongly and draws {n}")
            draws.draw(s, seat, n, "penalty", ctx.owner)


_WHICH = ("all", "for", "against", "won", "lost")


def _bets(ctx: Ctx, which: str) -> list:
    bets = ctx.vars.get("wagers", [])
    if which not in _WHICH:
        raise ValueError(f"wagers: '{which}' is not one of {', '.join(_WHICH)}")
    if which == "all":
        return list(bets)
    if which in ("for", "against"):
        return [b for b in bets if b[2] == which]
    return [b for b in bets if _won(ctx, b[2]) == (which == "won")]


@value("wagers", "How many players wagered on the claim just made: all, for, against, won "
       "(rightly) or lost (wrongly).", "if wagers(all) == 1 and wagers(won) == 1 { ... }",
       {"which": Param("name", required=True)})
def wagers(ctx: Ctx, which: str) -> int:
    return len(_bets(ctx, which))


@value("wagered", "How many cards were wagered in all on the claim just made, by the wagers "
       "of one kind (all, for, against, won, lost).", "draw(wagered(all))",
       {"which": Param("name", required=True)})
def wagered(ctx: Ctx, which: str) -> int:
    return sum(b[1] for b in _bets(ctx, which))


# -- a showdown of cards taken blind ------------------------------------------------------


def _rank_table(ranks: tuple) -> list[set[str]]:
    return [{name.strip() for name in tier.split(",")} for tier in ranks]


def _rank(s: State, card: Card, tiers: list[set[str]], first: int) -> int:
    number = s.face(card).number
    if number is not None:
        return number
    name = s.kind(card).name
    for i, tier in enumerate(tiers):
        if name in tier:
            return first + i
    return 0


def _left(s: State, seat: int, group: list[int], way: str) -> int:
    """The member of ``group`` on ``seat``'s left: the next one clockwise (seat order), or
    the next in the direction of play with way=play."""
    step = s.direction if way == "play" else 1
    n = len(s.seats)
    for i in range(1, n + 1):
        other = (seat + i * step) % n
        if other in group:
            return other
    return seat


def _take_round(ctx: Ctx, group: list[int], way: str, tiers, first: int) -> Steps:
    """Each member takes a card blind (asked) from the member on their left, all at once, and
    lays it face up; it then goes into the taker's hand. Returns seat -> value."""
    s = ctx.state
    picks = {}
    for seat in group:
        giver = _left(s, seat, group, way)
        got = yield from ask(ctx, seat, "cards", f"take a card from {s.name(giver)}'s hand "
                             "(blind)", tuple(s.hands[giver]), 1)
        picks[seat] = (giver, got[0])
    values = {}
    for giver, card in picks.values():
        zones.remove_from_hand(s, giver, card)
    for seat, (_giver, card) in picks.items():
        zones.give_to_hand(s, seat, [card])
        values[seat] = _rank(s, card, tiers, first)
    s.log("showdown", ctx.owner, ", ".join(
        f"{s.name(p)} takes {picks[p][1].notation} ({values[p]})" for p in group))
    return values


def _lowest(ctx: Ctx, group: list[int], values: dict, way: str, tiers, first: int) -> Steps:
    """The lowest of a round; tied players face off among themselves until one is lowest.
    Players tied whose hands hold only cards of one value can never be parted: all lose."""
    s = ctx.state
    while True:
        low = min(values[p] for p in group)
        tied = [p for p in group if values[p] == low]
        if len(tied) == 1:
            return tied
        if len({_rank(s, c, tiers, first) for p in tied for c in s.hands[p]}) <= 1:
            s.log("showdown", ctx.owner, "the tie cannot be broken: "
                  + ", ".join(s.name(p) for p in tied) + " all lose")
            return tied
        s.log("showdown", ctx.owner, "low tie: " + ", ".join(s.name(p) for p in tied)
              + " face off")
        group = tied
        values = yield from _take_round(ctx, group, way, tiers, first)


@verb("showdown", "If every player in the hand holds at least MIN_HAND cards: each, the actor "
      "first, takes a card blind (asked) from the player on their left (clockwise, or with "
      "way=play the next in the direction of play) and lays it face up, then keeps it. A card's "
      "value is its number; a card without one takes FIRST plus the place of its name in "
      "RANKS (a list of tiers, names of one tier separated by commas), or 0 if not listed. The "
      "lowest draws AMOUNT (tied lowest players take from each other again until one is "
      "lowest), then plays one more such round against the highest (all of them, if tied); "
      "its lowest draws AMOUNT too.",
      'showdown(ranks=["Card A", "Card B, Card C"], first=11, amount=3, min_hand=3)',
      {"ranks": Param("names", ()), "first": Param("int", 11), "amount": Param("int", 3),
       "min_hand": Param("int", 3), "way": Param("name", "clockwise")})
def showdown(ctx: Ctx, ranks: tuple, first: int, amount: int, min_hand: int,
             way: str) -> Steps:
    s = ctx.state
    group = [ctx.actor, *in_order(s, ctx.actor)] if s.in_game(ctx.actor) \
        else in_order(s, ctx.actor)
    if len(group) < 2:
        return
    if any(len(s.hands[p]) < min_hand for p in group):
        s.log("showdown", ctx.owner, f"not everyone holds {min_hand} cards: no showdown")
        return
    tiers = _rank_table(ranks)
    values = yield from _take_round(ctx, group, way, tiers, first)
    losers = yield from _lowest(ctx, group, values, way, tiers, first)
    for p in losers:
        draws.draw(s, p, amount, "penalty", ctx.owner)
    rest = [p for p in group if p not in losers]
    if not rest:
        return
    high = max(values[p] for p in rest)
    winners = [p for p in rest if values[p] == high]
    final = [p for p in group if p in losers or p in winners]
    s.log("showdown", ctx.owner, ", ".join(s.name(p) for p in losers)
          + (" challenges " if len(losers) == 1 else " challenge ")
          + ", ".join(s.name(p) for p in winners))
    values = yield from _take_round(ctx, final, way, tiers, first)
    for p in (yield from _lowest(ctx, final, values, way, tiers, first)):
        draws.draw(s, p, amount, "penalty", ctx.owner)
