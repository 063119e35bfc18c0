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
        missing = Counter(fact["contains"]) - Counter(got)
        return None if not missing else (
            f"{path}: expected to contain {_cards(sorted(missing.elements()))}, "
            f"observed {_cards(got)}")
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


def check_facts(facts: list[dict], observation: dict) -> list[str]:
    return [msg for fact in facts if (msg := check_fact(fact, observation)) is not None]
