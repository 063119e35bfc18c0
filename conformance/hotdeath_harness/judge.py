"""Comparing one expectation with one observation, and stating clearly how they differ."""

from __future__ import annotations

from collections import Counter

_MISSING = object()


def lookup(observation: dict, path: str):
    node = observation
    for part in path.split("."):
        if not isinstance(node, dict) or part not in node:
            return _MISSING
        node = node[part]
    return node


def _cards(xs) -> str:
    return "[" + ", ".join(str(x) for x in xs) + "]"


def check_fact(fact: dict, observation: dict) -> str | None:
    """None when the fact holds, else a one-line description of the difference."""
    path = fact["path"]
    got = lookup(observation, path)
    if got is _MISSING:
        return f"{path}: not present in the observation"
    if "equals" in fact:
        want = fact["equals"]
        return None if got == want else f"{path}: expected {want!r}, observed {got!r}"
    if "count" in fact:
        n = len(got) if isinstance(got, list) else got
        return None if n == fact["count"] else (
            f"{path}: expected {fact['count']} card(s), observed {n} {_cards(got)}")
    if "same_cards" in fact:
        want = Counter(fact["same_cards"])
        have = Counter(got)
        if want == have:
            return None
        missing, extra = want - have, have - want
        return (f"{path}: expected {_cards(sorted(want.elements()))}, observed "
                f"{_cards(sorted(have.elements()))} (missing {_cards(sorted(missing.elements()))}"
                f", unexpected {_cards(sorted(extra.elements()))})")
    if "contains" in fact:
        if not isinstance(got, list):
            return f"{path}: expected a list, observed {got!r}"
        if any(isinstance(x, dict) for x in fact["contains"]):
            missing = [want for want in fact["contains"]
                       if not any(_includes(have, want) for have in got)]
            return None if not missing else (
                f"{path}: expected an entry like {missing[0]!r}, observed {got!r}")
        missing = Counter(fact["contains"]) - Counter(_hashable(got))
        return None if not missing else (
            f"{path}: expected to contain {_cards(sorted(missing.elements()))}, "
            f"observed {_cards(got)}")
    if "prefix" in fact or "suffix" in fact:
        want = fact.get("prefix", fact.get("suffix"))
        if not isinstance(got, list):
            return f"{path}: expected a list, observed {got!r}"
        part = got[:len(want)] if "prefix" in fact else got[len(got) - len(want):]
        where = "to start with" if "prefix" in fact else "to end with"
        return None if part == want else f"{path}: expected {where} {_cards(want)}, " \
                                         f"observed {_cards(got)}"
    if "lacks" in fact:
        present = [c for c in fact["lacks"] if c in got]
        return None if not present else f"{path}: expected no {_cards(present)}, observed " \
                                        f"{_cards(got)}"
    if "matches" in fact:
        if not isinstance(got, dict):
            return f"{path}: expected {fact['matches']!r}, observed {got!r}"
        diffs = [f"{k}={got.get(k)!r} (expected {v!r})" for k, v in fact["matches"].items()
                 if got.get(k) != v]
        return None if not diffs else f"{path}: " + ", ".join(diffs)
    return f"{path}: unknown comparison in {sorted(fact)}"


def _includes(have, want: dict) -> bool:
    """An entry like ``want``: its fields equal, lists of cards as multisets (the cards
    placed with a card in play come in no set order)."""
    return isinstance(have, dict) and all(_same(have.get(k), v) for k, v in want.items())


def _same(have, want) -> bool:
    if isinstance(have, list) and isinstance(want, list):
        return Counter(_hashable(have)) == Counter(_hashable(want))
    return have == want


def _hashable(items: list) -> list:
    return [x if not isinstance(x, dict | list) else repr(x) for x in items]


def check_facts(facts: list[dict], observation: dict) -> list[str]:
    return [msg for fact in facts if (msg := check_fact(fact, observation)) is not None]
