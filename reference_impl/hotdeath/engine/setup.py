"""Setting up a hand: dealing, and turning up the first card with its start effects."""

from __future__ import annotations

from . import acts, triggers
from .interp import Ctx, Steps, ask, run_effects
from .state import ELIMINATED, IN_GAME, NO_COUNTERS, Card, State
from .turns import in_order, next_seat


def deal(state: State, size: int | None = None) -> None:
    """Deal the ruleset's hand size (or the dealer's choice) one card at a time, from the
    dealer's next seat."""
    size = int(state.setting("hand_size", 7)) if size is None else size
    order = in_order(state, state.dealer, include_self=True)  # the dealer last
    pile, hands = state.pile, state.hands
    for _ in range(size):
        for seat in order:
            if pile:
                hands[seat].append(pile.pop())
    if state.tracing:
        state.log("deal", state.rs.role_rule("setup"), f"{size} cards are dealt to each player")


def start(state: State) -> Steps:
    """Turn up the first card and apply its start effects as the dealer's."""
    card = state.pile.pop()
    state.discard.append(card)
    face = state.face(card)
    state.color = None if face.is_wild else face.color
    kind = face.kind
    state.log("flip", kind.name, f"the first card is {card.notation}")
    ctx = Ctx(state, state.dealer, card, owner=kind.name)
    ctx.vars["starting"] = True
    ctx.under = state.discard[-2] if len(state.discard) > 1 else None
    yield from run_effects(triggers.card_effects(state, card, "start", ctx), ctx)
    if ctx.reflip:
        yield from start(state)
        return
    yield from acts.finish(state, ctx)


def choose_dealer(state: State) -> None:
    """Each player turns up a card; the highest number deals (symbols count as 0).

    Tied players turn up again until one is highest; every card turned up then
    goes back into the pile, which is shuffled (a scripted input).
    """
    candidates = [i for i in range(len(state.seats)) if state.in_game(i)]
    turned: list[Card] = []
    while True:
        got = {}
        for seat in candidates:
            card = state.pile.pop()
            turned.append(card)
            got[seat] = state.face(card).number or 0
        best = max(got.values())
        candidates = [seat for seat in candidates if got[seat] == best]
        state.log("dealer", state.rs.role_rule("setup"), "cards turned up: " + ", ".join(
            f"{state.name(s)} {v}" for s, v in got.items()))
        if len(candidates) == 1:
            break
    state.dealer = candidates[0]
    order = state.chance.shuffle(list(reversed(state.pile)) + turned)
    state.pile = list(reversed(order))
    state.turn = next_seat(state, state.dealer)
    state.log("dealer", state.rs.role_rule("setup"), f"{state.name(state.dealer)} deals")


def next_hand(state: State) -> Steps:
    """The next hand of a match: every card back, shuffled, the deal passed on, dealt, flipped."""
    winner = state.round_winner
    if state.setting("next_dealer", "left") == "loser":  # the hand's loser deals the next
        winner = state.loser
    cards = [*state.pile, *state.discard, *state.neutral]
    for seat in range(len(state.seats)):
        cards += state.hands[seat] + state.fields[seat]
        for card in state.fields[seat]:
            cards += card.attached
        state.hands[seat], state.fields[seat] = [], []
        state.revealed[seat] = set()
    for card in state.neutral:
        cards += card.attached
    for pile in state.zones.values():
        cards += pile
        pile.clear()
    cards += [c for p in state.pending for c in p.held]
    for card in cards:
        card.counters = NO_COUNTERS
        card.attached = ()
        card.owner = None
    order = state.chance.shuffle(cards)
    state.pile, state.discard, state.neutral = list(reversed(order)), [], []
    # players out of the match stay out; those who sat the hand out are dealt in again
    state.status = [st if st == ELIMINATED else IN_GAME for st in state.status]
    state.departed = []
    state.hand_ended, state.boosts = False, {}
    state.over, state.round_winner, state.loser = False, None, None
    state.pending, state.request, state.drawn, state.windows = [], None, None, []
    state.periods, state.plays_in_hand, state.stall = {}, 0, None
    state.uno_pending, state.uno_called, state.skipped = set(), set(), set()
    state.active, state.match_top, state.play_zone = [], None, "discard"
    state.rs = state.rulesets_base
    state.direction = 1
    if state.setting("next_dealer", "left") in ("winner", "loser") and winner is not None \
            and state.in_game(winner):
        state.dealer = winner
    else:
        state.dealer = next_seat(state, state.dealer)
    state.turn = next_seat(state, state.dealer)
    state.log("hand", state.rs.role_rule("setup"), f"a new hand: {state.name(state.dealer)} "
              "deals")
    size = None
    choice = state.setting("hand_size_choice")
    if choice is not None:  # the dealer chooses how many cards each player gets
        ctx = Ctx(state, state.dealer, owner=state.rs.role_rule("setup") or "setup")
        size = yield from ask(ctx, state.dealer, "number", "how many cards to deal",
                              low=choice.low, high=choice.high)
    deal(state, size)
    yield from start(state)
