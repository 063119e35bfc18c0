"""Conditions: predicates the spec combines in guards and ``if`` statements.

Comparisons of numbers (``hand_size(self) >= 3``) are written with operators
in the rules language; everything else is a named condition here.
"""

from __future__ import annotations

from ..registry import Param, condition
from .interp import Ctx
from .matching import matches
from .state import Pending


def _pending(ctx: Ctx) -> Pending | None:
    if ctx.pending is not None:
        return ctx.pending
    return ctx.state.pending[0] if ctx.state.pending else None


@condition("attack_tagged", "The pending effect's latest contribution carries this tag.",
           "answers attack unless attack_tagged(unblockable) { ... }",
           {"tag": Param("name", required=True)})
def attack_tagged(ctx: Ctx, tag: str) -> bool:
    p = _pending(ctx)
    return p is not None and tag in p.top.tags


@condition("attack_contains", "Some contribution to the pending effect came from this card.",
           'answers attack if attack_contains("Big Draw") { ... }',
           {"card": Param("card", required=True)})
def attack_contains(ctx: Ctx, card: str) -> bool:
    p = _pending(ctx)
    state = ctx.state
    return p is not None and any(c.card is not None and state.kind(c.card).name == card
                                 for c in p.contributions)


@condition("attack_group", "The pending draw belongs to this stacking family.",
           "if attack_group(draw2) { allow_stack }", {"name": Param("name", required=True)})
def attack_group(ctx: Ctx, name: str) -> bool:
    p = _pending(ctx)
    return p is not None and p.group == name


@condition("attack_kind", "The pending effect has this payload: 'draw' or a named effect.",
           "answers attack if attack_kind(draw) { ... }", {"name": Param("name", required=True)})
def attack_kind(ctx: Ctx, name: str) -> bool:
    p = _pending(ctx)
    return p is not None and p.kind == name


@condition("attack_answered", "The pending effect's batch has been answered this way "
           "(blocked, reflected, passed, redirected).", "on resolved if attack_answered(reflected)",
           {"how": Param("name", required=True)})
def attack_answered(ctx: Ctx, how: str) -> bool:
    p = _pending(ctx)
    return p is not None and how in p.batch.events


@condition("aimed_at_origin", "The pending effect is aimed at the player who started it.",
           "answers attack unless aimed_at_origin { ... }")
def aimed_at_origin(ctx: Ctx) -> bool:
    p = _pending(ctx)
    return p is not None and p.target == p.origin


@condition("living", "Exactly this many players remain in the game.",
           'override "Reverse" if living(2) { ... }', {"count": Param("int", required=True)})
def living(ctx: Ctx, count: int) -> bool:
    return ctx.state.living() == count


@condition("held_current_color", "When the card was played, its player held another card of the "
           "colour then in play.", "if held_current_color { ... }")
def held_current_color(ctx: Ctx) -> bool:
    return ctx.held_color


@condition("holds_color_in_play", "The card's player holds another card of the colour in "
           "play (asked before the card is played, as 'held_current_color' is after).",
           "bluff if holds_color_in_play")
def holds_color_in_play(ctx: Ctx) -> bool:
    s = ctx.state
    if s.color is None or ctx.actor is None or ctx.actor < 0:
        return False
    return any(s.face(c).color == s.color for c in s.hands[ctx.actor] if c is not ctx.card)


@condition("draw_class", "The draw being modified has this class.",
           "modifies draw at modifier unless draw_class(penalty) { ... }",
           {"name": Param("name", required=True)})
def draw_class(ctx: Ctx, name: str) -> bool:
    return ctx.draw_class == name


@condition("option", "This named option of the ruleset is switched on for the game.",
           "if option(stacking) { ... }", {"name": Param("name", required=True)})
def option(ctx: Ctx, name: str) -> bool:
    return name in ctx.state.rs.active_options


@condition("last_card", "The card being played was its player's last card.",
           'override any if last_card { on play { } }')
def last_card(ctx: Ctx) -> bool:
    return ctx.vars.get("last_card") is True


@condition("starting", "The card is the first card turned up at the start of the hand.",
           "override category attack if starting { ... }")
def starting(ctx: Ctx) -> bool:
    return ctx.vars.get("starting") is True


@condition("category", "The card whose effect runs has this category.",
           "if category(attack) { ... }", {"name": Param("name", required=True)})
def category(ctx: Ctx, name: str) -> bool:
    return ctx.card is not None and name in ctx.state.kind(ctx.card).categories


@condition("is_number", "A card carries a number (a number card, or a special made from one).",
           "if is_number(under) { ... }", {"card": Param("card_ref", required=True)})
def is_number(ctx: Ctx, card) -> bool:
    c = card(ctx)
    return c is not None and ctx.state.face(c).number is not None


@condition("is_wild", "A card is a wild card.", "if is_wild(under) { ... }",
           {"card": Param("card_ref", required=True)})
def is_wild(ctx: Ctx, card) -> bool:
    c = card(ctx)
    return c is not None and ctx.state.face(c).is_wild


@condition("holds", "A player holds a card of this name in their hand.",
           'if holds(target, "Secret") { ... }',
           {"who": Param("selector", required=True), "card": Param("card", required=True)})
def holds(ctx: Ctx, who, card: str) -> bool:
    state = ctx.state
    return any(state.kind(c).name == card for c in state.hands[who(ctx)])


@condition("all_in_play", "Every one of these cards is in play, in any field or in neutral "
           "play.", 'on check if all_in_play(["A", "B"]) { ... }',
           {"cards": Param("names", required=True)})
def all_in_play(ctx: Ctx, cards: tuple) -> bool:
    state = ctx.state
    present = {state.kind(c).name for zone in [*state.fields, state.neutral] for c in zone}
    return set(cards) <= present


@condition("same", "Two selectors name the same player.", "if same(subject, holder) { ... }",
           {"a": Param("selector", required=True), "b": Param("selector", required=True)})
def same(ctx: Ctx, a, b) -> bool:
    return a(ctx) == b(ctx)


@condition("coin_up", "The latest coin flip of this effect landed face up.",
           "if coin_up { ... }")
def coin_up(ctx: Ctx) -> bool:
    return ctx.vars.get("coin") == "up"


@condition("colors_complete", "The cards drawn by this effect include every colour, or a wild.",
           "draw_until(colors_complete)")
def colors_complete(ctx: Ctx) -> bool:
    state = ctx.state
    seen = {state.face(c).color for c in ctx.drew}
    return "wild" in seen or set(state.rs.colors) <= seen


@condition("card_is", "A card is one of these (by card name).",
           'if card_is(flipped, ["Crown", "Sceptre"]) { ... }',
           {"card": Param("card_ref", required=True), "names": Param("names", required=True)})
def card_is(ctx: Ctx, card, names: tuple) -> bool:
    c = card(ctx)
    return c is not None and ctx.state.kind(c).name in names


@condition("plays_go_to", "Played cards go onto this pile now.", "if plays_go_to(recycled)",
           {"pile": Param("zone", required=True)})
def plays_go_to(ctx: Ctx, pile: str) -> bool:
    return ctx.state.play_zone == pile


@condition("on_pile", "A card lies in this pile.", "if on_pile(played, recycled)",
           {"card": Param("card_ref", required=True), "pile": Param("zone", required=True)})
def on_pile(ctx: Ctx, card, pile: str) -> bool:
    c = card(ctx)
    return c is not None and any(x is c for x in ctx.state.zone(pile))


@condition("reversed_direction", "The play that triggered this effect reversed the direction "
           "of play.", "on any_play if reversed_direction { ... }")
def reversed_direction(ctx: Ctx) -> bool:
    return bool(ctx.vars.get("reversed"))


@condition("in_category", "A card has this category.", "if in_category(under, field) { ... }",
           {"card": Param("card_ref", required=True), "name": Param("name", required=True)})
def in_category(ctx: Ctx, card, name: str) -> bool:
    c = card(ctx)
    return c is not None and name in ctx.state.kind(c).categories


@condition("own_turn", "The player the event is about is the one whose turn it is (a card "
           "played on one's own turn, not an answer on someone else's).",
           "on any_play if own_turn { ... }")
def own_turn(ctx: Ctx) -> bool:
    return ctx.subject == ctx.state.turn


@condition("jumped_in", "The play that triggered this effect was a jump-in.",
           "on any_play if jumped_in { ... }")
def jumped_in(ctx: Ctx) -> bool:
    return bool(ctx.vars.get("jumped_in"))


@condition("answered", "The latest question of this effect was answered so (yes, no or "
           "dont_remember).", "if answered(yes) { ... }", {"answer": Param("name", required=True)})
def answered(ctx: Ctx, answer: str) -> bool:
    return ctx.vars.get("answer") == answer


@condition("seer_saw", "The seer the latest 'ask_seer' asked saw the card asked about in that "
           "hand, whatever they answer.", "if seer_saw { ... }")
def seer_saw(ctx: Ctx) -> bool:
    return bool(ctx.vars.get("seen"))


@condition("forgot_twice", "The latest question was answered 'dont_remember' for the second "
           "time.", "if forgot_twice { draw(2) }")
def forgot_twice(ctx: Ctx) -> bool:
    return bool(ctx.vars.get("forgot_twice"))


@condition("marked", "The actor was marked so during this turn.", "allowed unless marked(asked)",
           {"name": Param("name", required=True)})
def marked(ctx: Ctx, name: str) -> bool:
    return ctx.state.marks.get((ctx.actor, name)) == ctx.state.turn_number


@condition("about_to_play", "The actor is on turn and may still play or draw (no attack, no "
           "choice, nothing drawn yet).",
           "allowed if about_to_play")
def about_to_play(ctx: Ctx) -> bool:
    s = ctx.state
    return s.turn == ctx.actor and s.phase == "turn"


@condition("in_play_for_someone", "A player still in the game has a card of this name in their "
           "field.", 'allowed if in_play_for_someone("Oracle")',
           {"card": Param("card", required=True)})
def in_play_for_someone(ctx: Ctx, card: str) -> bool:
    s = ctx.state
    return any(s.in_game(seat) and any(s.kind(c).name == card for c in field)
               for seat, field in enumerate(s.fields))


@condition("won_hand", "The actor won the hand being scored.", "if not won_hand { ... }")
def won_hand(ctx: Ctx) -> bool:
    return ctx.state.round_winner == ctx.actor


@condition("window_open", "Right after a player's act that others may now answer (a card "
           "slipped away, a privilege used): the window of this name, opened by that player, "
           "is still open (no one has acted since); with 'to', it was offered to that player.",
           "allowed if window_open(dump, by=chosen)",
           {"name": Param("name", required=True), "by": Param("selector", None),
            "to": Param("selector", None)})
def window_open(ctx: Ctx, name: str, by, to) -> bool:
    seat = by(ctx) if by is not None else None
    dest = to(ctx) if to is not None else None
    return any(w.kind == name and (seat is None or w.seat == seat)
               and (dest is None or w.to == dest) for w in ctx.state.windows)


@condition("skipped_someone", "The play that triggered this effect made a player lose their "
           "turn.", "on any_play if skipped_someone { ... }")
def skipped_someone(ctx: Ctx) -> bool:
    return bool(ctx.vars.get("event_skips"))


@condition("out_of_turn", "The card whose effect runs was played out of turn (a card playable "
           "at any time), not on its player's own turn or as an answer.",
           "if out_of_turn { reverse }")
def out_of_turn(ctx: Ctx) -> bool:
    return bool(ctx.vars.get("out_of_turn"))


@condition("period", "A period of this name is running (begun by 'begin_period' and not yet "
           "ended); with 'by', that player began it.", "if period(silence, by=subject)",
           {"name": Param("name", required=True), "by": Param("selector", None)})
def period(ctx: Ctx, name: str, by) -> bool:
    seat = ctx.state.periods.get(name)
    return seat is not None and (by is None or seat == by(ctx))


@condition("every_nth_play", "The card just played is the Nth, 2Nth, 3Nth... card played this "
           "hand (every card counts: answers and jump-ins too).",
           "on any_play if every_nth_play(8) { ... }", {"n": Param("int", required=True)})
def every_nth_play(ctx: Ctx, n: int) -> bool:
    plays = ctx.state.plays_in_hand
    return n > 0 and plays > 0 and plays % n == 0



def army_size(state, card) -> int | None:
    """The number a card stands for in a contest: its own, or that of the card it was made from."""
    face = state.face(card)
    if face.number is not None:
        return face.number
    base = face.kind.replaces
    return int(base) if base is not None and base.isdigit() else None


@condition("holds_number", "A player holds a card with a number (a number card, or a special "
           "made from one).", "allowed if holds_number(self)",
           {"who": Param("selector", required=True)})
def holds_number(ctx: Ctx, who) -> bool:
    s = ctx.state
    return any(army_size(s, c) is not None for c in s.hands[who(ctx)])


@condition("contest_is", "The latest contest's outcome for the actor: won, lost, tied, or "
           "unarmed (the other player had no card to lay).", "if contest_is(won) { ... }",
           {"outcome": Param("name", required=True)})
def contest_is(ctx: Ctx, outcome: str) -> bool:
    return ctx.vars.get("contest") == outcome


@condition("army_is", "A card laid in the latest contest, by either player, is one of these.",
           'if army_is(["Traitor"]) { ... }', {"cards": Param("names", required=True)})
def army_is(ctx: Ctx, cards: tuple) -> bool:
    return any(ctx.state.kind(c).name in cards for c in ctx.vars.get("armies", []))


def _captured(ctx: Ctx, card: str) -> set[str]:
    s = ctx.state
    keeper = next((c for c in s.fields[ctx.actor] if s.kind(c).name == card), None)
    if keeper is None:
        return set()
    return {k.removeprefix("captured ") for k in keeper.counters if k.startswith("captured ")}


@condition("captured_from", "The actor's card of this name in play holds an army this player "
           "laid.", 'allowed unless captured_from("Banner", chosen)',
           {"card": Param("card", required=True), "who": Param("selector", required=True)})
def captured_from(ctx: Ctx, card: str, who) -> bool:
    return ctx.state.name(who(ctx)) in _captured(ctx, card)


@condition("captured_from_all", "The actor's card of this name in play holds an army of every "
           "other player still in the game.", 'if captured_from_all("Banner") { ... }',
           {"card": Param("card", required=True)})
def captured_from_all(ctx: Ctx, card: str) -> bool:
    s = ctx.state
    others = {s.name(p) for p in range(len(s.seats)) if p != ctx.actor and s.in_game(p)}
    got = _captured(ctx, card)
    return bool(got) and others <= got


@condition("sending_held", "An effect the actor aimed is still pending, with cards travelling "
           "with it.", "allowed if sending_held")
def sending_held(ctx: Ctx) -> bool:
    return any(p.origin == ctx.actor and p.held for p in ctx.state.pending)


@condition("attack_top", "The pending effect's latest contribution came from one of these "
           "cards.", 'if attack_top(["Big Draw"]) { ... }',
           {"cards": Param("names", required=True)})
def attack_top(ctx: Ctx, cards: tuple) -> bool:
    p = _pending(ctx)
    if p is None:
        return False
    got = [c.card for c in p.contributions if c.card is not None]
    return bool(got) and ctx.state.kind(got[-1]).name in cards


@condition("teamed", "A player plays in a team of two (holds the seat, or joined it).",
           "if teamed(holder) { ... }", {"who": Param("selector", required=True)})
def teamed(ctx: Ctx, who) -> bool:
    seat = who(ctx)
    teams = ctx.state.teams
    return seat in teams or seat in teams.values()


@condition("draw_from", "The draw being made comes from an attack one of these cards is part of.",
           'unless draw_from(["Big Draw"])', {"cards": Param("names", required=True)})
def draw_from(ctx: Ctx, cards: tuple) -> bool:
    p = ctx.state.drawing
    state = ctx.state
    return p is not None and any(c.card is not None and state.kind(c.card).name in cards
                                 for c in p.contributions)


@condition("matches_top", "A card could be played on the card in play now (by the matching "
           "rules, with the colour named).", "answers attack if matches_top(this) { ... }",
           {"card": Param("card_ref", required=True)})
def matches_top(ctx: Ctx, card) -> bool:
    c = card(ctx)
    return c is not None and matches(ctx.state, c)


@condition("seat_marked", "A player carries a mark of this name (see 'mark_seat').",
           "on turn_start if seat_marked(subject, skip_next) { ... }",
           {"who": Param("selector", required=True), "name": Param("name", required=True)})
def seat_marked(ctx: Ctx, who, name: str) -> bool:
    return (who(ctx), "seat:" + name) in ctx.state.tallies


@condition("drawn_in_color", "The latest card drawn by this effect is of the colour in play (a "
           "wild card is not).", "draw_until(drawn_in_color, target=next)")
def drawn_in_color(ctx: Ctx) -> bool:
    state = ctx.state
    return bool(ctx.drew) and state.face(ctx.drew[-1]).color == state.color
