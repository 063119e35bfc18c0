"""Combined plays: several number cards laid at once, their numbers combined into one.

A ruleset allows them with the setting ``combine`` (the operations it allows:
``add subtract multiply divide``, and ``average``) and names the cards that
may take part with ``combine_ranks LOW..HIGH``. The action carries the first
card (``card``) and, in ``combine``, each further card with the operator that
joins it to the value so far (``+ - * /``, or ``avg``).

What the kernel fixes, so that the same action means the same thing in every
implementation: the expression is the player's, read left to right as it is
said aloud (no precedence); every division must leave no remainder; ``avg``
cannot be mixed with the other operators and makes the mean of all the cards,
which must be whole too. The cards must share one colour. The play then counts
as one card of that colour and of the value: in turn it must match the number
of the card in play (a colour alone is not enough), and out of turn it must be
that very card (its colour and number), as a jump-in. The cards go down in the
order stated; the last is the card in play.
"""

from __future__ import annotations

from itertools import combinations, permutations, product

from .state import Action, Card, Illegal, State

OPERATIONS = {"+": "add", "-": "subtract", "*": "multiply", "/": "divide", "avg": "average"}
"""The protocol's operators, and the name a ruleset's ``combine`` setting gives each."""

MOST_LISTED = 3
"""``legal_actions`` lists combinations of at most this many cards (one expression per set of
cards); longer ones, and other expressions of the same cards, are accepted all the same."""


MOST_COMBINED = 16
"""The most cards one combined play may hold; a longer one is refused (bad_combination) before
anything is evaluated: a play of thousands of cards took seconds (its numbers multiplied out
into huge integers, its text built card by card)."""


def too_many(count: int) -> str | None:
    """Why a combined play of ``count`` cards is refused at once, or None."""
    if count > MOST_COMBINED:
        return f"{count} cards cannot be combined: a combined play holds at most {MOST_COMBINED}"
    return None


class BadCombination(Exception):
    """The cards cannot be combined that way; the message says why."""


def evaluate(numbers: list[int], ops: list[str]) -> int:
    """The value of an expression, left to right; raises BadCombination when it has none."""
    if "avg" in ops:
        if any(op != "avg" for op in ops):
            raise BadCombination("an average cannot be mixed with other operations")
        total, count = sum(numbers), len(numbers)
        if total % count:
            raise BadCombination(f"the average of {', '.join(map(str, numbers))} is not a "
                                 "whole number")
        return total // count
    value = numbers[0]
    for op, n in zip(ops, numbers[1:], strict=True):
        if op == "+":
            value += n
        elif op == "-":
            value -= n
        elif op == "*":
            value *= n
        else:
            if n == 0 or value % n:
                raise BadCombination(f"{value} / {n} is not a whole number")
            value //= n
    return value


def cards_of(action: Action) -> list[Card]:
    """Every card of a combined play, in the order stated (the last is laid on top)."""
    return [c for c in (action.card, *(card for _, card in action.combine)) if c is not None]


def text(action: Action) -> str:
    """The play as a player states it: 'red 3 + red 4'."""
    out = action.card.notation if action.card else "?"
    for op, card in action.combine:
        out += f" {op} {card.notation}"
    return out


def eligible(state: State, card: Card) -> bool:
    """A number card of a colour, numbered within the ruleset's ``combine_ranks``."""
    face = state.face(card)
    ranks = state.setting("combine_ranks")
    return face.number is not None and "number" in face.kind.categories and not face.is_wild \
        and (ranks is None or ranks.low <= face.number <= ranks.high)


def _fails(state: State, message: str) -> Illegal:
    rule = state.rs.role_rule("combine")
    return Illegal("bad_combination", message + (f" (rule '{rule}')" if rule else ""), rule)


def value_of(state: State, action: Action) -> tuple[str, int]:
    """The colour and the number a combined play counts as; raises Illegal (bad_combination)
    when the ruleset does not allow these cards combined this way."""
    allowed = state.setting_list("combine")
    if not allowed:
        raise _fails(state, "cards cannot be combined in this game")
    if (problem := too_many(1 + len(action.combine))) is not None:
        raise _fails(state, problem)
    cards = cards_of(action)
    for card in cards:
        if not eligible(state, card):
            raise _fails(state, f"{card} cannot be combined with other cards")
    colors = {state.face(c).color for c in cards}
    if len(colors) > 1:
        raise _fails(state, f"{text(action)}: the cards are not all of one colour")
    for op, _ in action.combine:
        if OPERATIONS.get(op) not in allowed:
            raise _fails(state, f"'{op}' is not an operation allowed in this game")
    try:
        value = evaluate([state.face(c).number for c in cards],
                         [op for op, _ in action.combine])
    except BadCombination as err:
        raise _fails(state, f"{text(action)}: {err}") from None
    return colors.pop(), value


def target(state: State) -> tuple[str, int] | None:
    """The colour and number of the card in play, when it has a number."""
    top = state.top()
    if top is None or state.face(top).number is None:
        return None
    face = state.face(top)
    return face.color, face.number


# -- enumeration --------------------------------------------------------------------------


def listed(state: State, player: int, jump_in: bool) -> list[Action]:
    """Combined plays the player could make now: in turn, cards of any one colour making the
    number in play; as a jump-in, cards of its colour making it (see MOST_LISTED)."""
    allowed = state.setting_list("combine")
    goal = target(state) if allowed else None
    if goal is None:
        return []
    color, number = goal
    ops = [op for op, name in OPERATIONS.items() if name in allowed and op != "avg"]
    averages = "average" in allowed
    groups: dict[str, list[Card]] = {}
    copies: dict[str, int] = {}
    for card in state.hands[player]:
        face = state.face(card)
        if eligible(state, card) and (not jump_in or face.color == color):
            # no set needs more copies of a card than it has cards: a hand of hundreds
            # made the combinations to try grow as its size cubed
            copies[card.notation] = copies.get(card.notation, 0) + 1
            if copies[card.notation] <= MOST_LISTED:
                groups.setdefault(face.color, []).append(card)
    act = "jump_in" if jump_in else "play"
    out = []
    for cards in groups.values():
        for size in range(2, min(MOST_LISTED, len(cards)) + 1):
            seen: set[tuple[str, ...]] = set()
            for group in combinations(cards, size):
                names = tuple(sorted(c.notation for c in group))
                if names in seen:
                    continue
                seen.add(names)
                found = _expression(state, group, number, ops, averages)
                if found is not None:
                    first, rest = found
                    out.append(Action(player, act, first, combine=rest))
    return out


def _expression(state: State, group: tuple[Card, ...], number: int, ops: list[str],
                averages: bool) -> tuple[Card, tuple[tuple[str, Card], ...]] | None:
    """One way to state these cards so that they make the number, if there is one."""
    for order in permutations(group):
        numbers = [state.face(c).number for c in order]
        choices = [*product(ops, repeat=len(order) - 1)]
        if averages:
            choices.append(("avg",) * (len(order) - 1))
        for chosen in choices:
            try:
                if evaluate(numbers, list(chosen)) != number:
                    continue
            except BadCombination:
                continue
            return order[0], tuple(zip(chosen, order[1:], strict=True))
    return None
