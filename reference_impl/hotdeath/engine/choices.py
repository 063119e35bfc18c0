"""Answers to a pending request: the choices to list, and the value a ``choose`` gives.

A request (a colour, a player, some cards, an order, counts...) is answered
by a ``choose`` action; ``validation`` refuses one whose value is ``_BAD``.
"""

from __future__ import annotations

from itertools import combinations, islice, permutations

from .allowed import _no
from .state import Action, Card, Request, State


def _check_choose(state: State, a: Action) -> None:
    r = state.request
    if r is None:
        raise _no(state, "no_pending_choice", "there is nothing to choose", "turns")
    if a.player != r.chooser:
        raise _no(state, "not_your_turn", f"{state.name(r.chooser)} chooses", "turns")
    if choice_value(state, a) is _BAD:
        raise _no(state, "bad_choice", f"that is not a valid choice ({r.prompt}: a choice of "
                  f"kind '{r.kind}'{_offered(state, r)})", "turns")


def _offered(state: State, r: Request) -> str:
    """What a request offers, for a refused choice: writers guess the kind and the words."""
    if r.kind == "number":
        return f", {r.low} to {r.high}"
    names = [state.name(o) if isinstance(o, int) else getattr(o, "notation", str(o))
             for o in r.options[:12]]
    return f", one of: {', '.join(names)}" if names else ""


_BAD = object()


def choice_value(state: State, a: Action):
    """The answer an action gives to the pending request, or _BAD."""
    r = state.request
    assert r is not None
    kind = r.kind
    if kind == "color":
        return a.color if a.color in r.options else _BAD
    if kind in ("option", "yesno"):
        return a.answer if a.answer in r.options else _BAD
    if kind == "player":
        return a.target if a.target in r.options else _BAD
    if kind == "players":
        ok = len(a.players) == r.count and len(set(a.players)) == len(a.players) \
            and all(p in r.options for p in a.players)
        return list(a.players) if ok else _BAD
    if kind in ("cards", "order"):
        return _pick_cards(r.options, a.cards, r.count)
    if kind == "number":
        return a.number if a.number is not None and r.low <= a.number <= r.high else _BAD
    if kind == "counts":
        counts = dict(a.counts)
        cap = dict(zip(r.options, r.caps, strict=True)) if r.caps else {}
        ok = all(s in r.options and 0 <= n <= cap.get(s, n) for s, n in counts.items()) \
            and sum(counts.values()) == r.total
        return {s: n for s, n in counts.items() if n} if ok else _BAD
    return _BAD


def _pick_cards(options: tuple, chosen: tuple, count: int):
    if len(chosen) != count:
        return _BAD
    pool = list(options)
    out = []
    for card in chosen:
        match = next((c for c in pool if c is card), None)
        if match is None:
            return _BAD
        pool.remove(match)
        out.append(match)
    return out


def _choices(state: State) -> list[Action]:
    r = state.request
    assert r is not None
    p = r.chooser
    if r.kind == "color":
        return [Action(p, "choose", color=c) for c in r.options]
    if r.kind in ("option", "yesno"):
        return [Action(p, "choose", answer=c) for c in r.options]
    if r.kind == "player":
        return [Action(p, "choose", target=s) for s in r.options]
    if r.kind == "players":
        return [Action(p, "choose", players=c) for c in combinations(r.options, r.count)]
    if r.kind == "number":
        return [Action(p, "choose", number=n) for n in range(r.low, r.high + 1)]
    if r.kind == "cards":
        picks = islice(combinations(r.options, r.count), MAX_LISTED)
        return [Action(p, "choose", cards=c) for c in _unique(picks)]
    if r.kind == "order":
        orders = islice(permutations(r.options), MAX_LISTED)
        return [Action(p, "choose", cards=c) for c in _unique(orders)]
    if r.kind == "counts":
        caps = r.caps or (r.total,) * len(r.options)
        return [Action(p, "choose", counts=tuple(zip(r.options, split, strict=True)))
                for split in _compositions(r.total, len(r.options))
                if all(n <= c for n, c in zip(split, caps, strict=True))]
    return []


# A choice of some cards among many (keep half of a 30-card hand) has more answers than can
# be listed; the list stops here, and any other answer of the right size is still accepted.
MAX_LISTED = 2000


def _unique(groups) -> list[tuple[Card, ...]]:
    seen: dict[tuple[str, ...], tuple[Card, ...]] = {}
    for g in groups:
        seen.setdefault(tuple(c.notation for c in g), g)
    return list(seen.values())


def _compositions(total: int, parts: int) -> list[tuple[int, ...]]:
    if parts == 1:
        return [(total,)]
    return [(first, *rest) for first in range(total + 1)
            for rest in _compositions(total - first, parts - 1)]
