"""Comparing one expectation with one observation, and stating clearly how they differ."""

from __future__ import annotations

import json
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
    if "set" in fact:
        if not isinstance(got, list):
            return f"{path}: expected a list, observed {got!r}"
        missing, extra = _difference(fact["set"], got)
        return None if not missing and not extra else (
            f"{path}: expected {_items(fact['set'])}, observed {_items(got)} (missing "
            f"{_items(missing)}, unexpected {_items(extra)})")
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


def _difference(want: list, have: list) -> tuple[list, list]:
    """What ``want`` has that ``have`` lacks, and the reverse, as multisets of any JSON."""
    w, h = Counter(map(_key, want)), Counter(map(_key, have))
    lookup = {_key(x): x for x in [*want, *have]}
    return ([lookup[k] for k in (w - h).elements()], [lookup[k] for k in (h - w).elements()])


def _key(item) -> str:
    return json.dumps(item, sort_keys=True)


def _items(xs: list) -> str:
    return "[" + ", ".join(x if isinstance(x, str) else _key(x) for x in xs) + "]"


def is_listing(fact: dict) -> bool:
    """A fact about the legal moves (protocol 2.0), answered by a ``legal`` request."""
    return fact["path"] == "legal" or fact["path"].startswith("legal.")


def canonical_move(move: dict) -> dict:
    """A move with only the fields that say something: an absent field, null, false or an
    empty list all mean "not given" (PROTOCOL.md section 3.7)."""
    return {k: v for k, v in move.items() if v not in (None, False, [], {}, "")}


def check_listing(fact: dict, moves: list[dict], describe=None) -> str | None:
    """None when the fact about the listed moves holds, else what differs, each move written
    as its step (``describe``) so the report reads like the scenario."""
    path = fact["path"]
    who = path.split(".", 1)[1] if "." in path else None
    listed = [canonical_move(m) for m in moves if who is None or m.get("player") == who]
    write = describe or _key
    if "contains" in fact:
        absent = [m for m in fact["contains"] if canonical_move(m) not in listed]
        return None if not absent else "not offered, though the rules allow it: " + \
            "; ".join(write(m) for m in absent)
    if "lacks" in fact:
        present = [m for m in fact["lacks"] if canonical_move(m) in listed]
        return None if not present else "offered, though the rules forbid it: " + \
            "; ".join(write(m) for m in present)
    if "set" in fact:  # a pending choice's bare move is the observation's 'choice' to judge
        missing, extra = _difference([canonical_move(m) for m in fact["set"]],
                                     [m for m in listed if m != {"player": who, "act": "choose"}])
        if not missing and not extra:
            return None
        parts = []
        if missing:
            parts.append("not offered: " + "; ".join(write(m) for m in missing))
        if extra:
            parts.append("offered but not allowed: " + "; ".join(write(m) for m in extra))
        return f"moves of {who}: " + "; and ".join(parts)
    return f"{path}: unknown comparison in {sorted(fact)}"


def check_facts(facts: list[dict], observation: dict) -> list[str]:
    return [msg for fact in facts if (msg := check_fact(fact, observation)) is not None]
