"""What a rules file may say: the properties of each block and their kinds, the events, the limits.

The checker reads every property against these tables (``prop_problem``), so
a misspelt name or a value of the wrong kind is reported where it stands,
with the expected values.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from . import ast

CATEGORIES = {"number", "action", "wild", "field", "defense", "attack", "global", "technical",
              "directed", "special"}
ROLES = {"matching", "turns", "attacks", "uno", "setup", "scoring", "start", "duel", "jump_in",
         "ending", "elimination", "tempo", "flex", "combine", "stall"}


@dataclass(frozen=True)
class PropSpec:
    kind: str  # int | name | names | string | key | keys | range | intname | none
    choices: frozenset[str] | None = None
    repeat: bool = False
    guarded: bool = False  # may carry an 'if'/'unless' guard


def _names(*words: str) -> frozenset[str]:
    return frozenset(words)


TOP = {
    "hand_size": PropSpec("int"), "target_score": PropSpec("int"),
    "colors": PropSpec("names"), "match": PropSpec("names", _names("color", "suit", "text")),
    "layers": PropSpec("names"), "uno_penalty": PropSpec("int"),
    "false_catch_penalty": PropSpec("int"), "play_drawn": PropSpec("int"),
    "turn_draw_class": PropSpec("name"), "deck_copies": PropSpec("int"),
    "jump_in": PropSpec("names", _names("color", "suit", "text")),
    "jump_in_penalty": PropSpec("int"), "jump_in_wild": PropSpec("int"),
    "jump_in_stack": PropSpec("name", _names("reset", "add", "pass_on")),
    "jump_in_unstackable": PropSpec("name", _names("refuse", "penalty")),
    "jump_in_closed_by": PropSpec("name"),
    "combine": PropSpec("names", _names("add", "subtract", "multiply", "divide", "average")),
    "combine_ranks": PropSpec("range"),
    "uno_to_win": PropSpec("int"),
    "uno_window": PropSpec("name", _names("next_action", "until_called")),
    "goal": PropSpec("name", _names("first_out", "not_last")),
    "out_when": PropSpec("name", _names("empty", "settled")),
    "must_play": PropSpec("int"),
    "tempo": PropSpec("int"), "stack_match": PropSpec("int"), "draw_accepts": PropSpec("int"),
    "power_cards": PropSpec("int"), "uno_any_hand": PropSpec("int"),
    "jump_in_skipped": PropSpec("int"), "grant_bluff": PropSpec("int"),
    "turn_draw": PropSpec("name", _names("one", "until_playable")),
    "score_layers": PropSpec("names"),
    "hand_size_choice": PropSpec("range"),
    "drops": PropSpec("strings", repeat=True),
    "next_dealer": PropSpec("name", _names("left", "winner", "loser")),
}
CARD = {
    "key": PropSpec("key"), "color": PropSpec("names"), "suit": PropSpec("keys"),
    "text": PropSpec("string"), "number": PropSpec("int"), "ranks": PropSpec("range"),
    "copies": PropSpec("int"), "points": PropSpec("points", _names("face")),
    "category": PropSpec("names", frozenset(CATEGORIES)), "stack": PropSpec("name"),
    "playable": PropSpec("name", _names("anywhere", "anytime"), guarded=True),
    "replaces": PropSpec("key"), "called": PropSpec("string"),
    "must_answer": PropSpec("none", guarded=True),
    "bluff": PropSpec("none", guarded=True),
    "answer_from": PropSpec("name", _names("hand", "field", "shown")),
    "modifies_from": PropSpec("name", _names("field", "hand")),
    "jumps_as": PropSpec("keys"),
    "jump_in_by": PropSpec("names", _names("color", "suit", "text")),
    "grants_match": PropSpec("keys"),
    "plays_on": PropSpec("strings"),
    "modifier": PropSpec("name"), "side": PropSpec("string"), "stacks_on": PropSpec("names"),
    "counts_as": PropSpec("numbers"),
}
RULE = {"role": PropSpec("name", frozenset(ROLES))}
RULING = {"question": PropSpec("string"), "answer": PropSpec("string"),
          "rationale": PropSpec("string"), "alternative": PropSpec("string", repeat=True),
          "cell": PropSpec("pair", repeat=True)}
OPTION = {"default": PropSpec("name", _names("on", "off")), "excludes": PropSpec("names")}
ACT = {"by": PropSpec("name", _names("anyone", "turn")),
       "needs": PropSpec("names", _names("target", "card")),
       "allowed": PropSpec("none", guarded=True),
       "replaces": PropSpec("name", _names("draw"))}
CARD_EVENTS = {"play", "modify", "entered", "start", "challenge", "blocked", "drawn",
               "activated", "any_play", "turn_start", "turn_end", "check"}
RULE_EVENTS = {"going_out", "last_standing", "hand_end", "scored", "any_play", "turn_start",
               "turn_end", "drawn", "check", "uno_called"}
REACTIVE = {"drawn", "any_play", "turn_start", "turn_end", "check", "uno_called", "entered"}
EXTRA_SETTINGS = ("tempo", "combine", "power_cards", "uno_any_hand", "draw_accepts",
                  "stack_match")
"""Settings that make a turn more than one card by one player (see ``Ruleset.extras``)."""
_KEY = re.compile(r"[a-z0-9_]+")  # what a scenario's card word may be
LIMITS = {"copies": 64, "deck_copies": 16, "hand_size": 60, "ranks": 99}


def prop_problem(p: ast.Property, spec: PropSpec) -> str | None:
    """What is wrong with a property's values for its spec, or None."""
    vals = p.values
    if p.guard is not None and not spec.guarded:
        return "cannot take an 'if' or 'unless'"
    anytime_if = p.name == "playable" and len(vals) == 1 and isinstance(vals[0], ast.Name) \
        and vals[0].text == "anytime"  # 'playable anytime if ...': when, out of turn
    if spec.kind == "none" or (spec.guarded and p.guard is not None and not anytime_if):
        if vals:
            return "takes a condition ('if ...' or 'unless ...'), not values"
        return None if p.guard is not None else "needs a condition ('if ...' or 'unless ...')"
    if not vals:
        return "needs a value"
    if spec.kind in ("int", "string", "name", "key", "range", "intname", "points") \
            and len(vals) > 1:
        return "takes one value"
    if spec.kind == "int" and not isinstance(vals[0], int):
        return "must be a whole number"
    if spec.kind == "int" and not 0 <= vals[0] <= LIMITS.get(p.name, 10_000):
        return f"must be between 0 and {LIMITS.get(p.name, 10_000)}"
    if spec.kind == "string" and not isinstance(vals[0], str):
        return "must be a quoted string"
    if spec.kind in ("name", "names") and not all(isinstance(v, ast.Name) for v in vals):
        return "must be a name" if spec.kind == "name" else "must be names"
    if spec.kind in ("key", "keys") and not all(isinstance(v, ast.Name | int) or (
            isinstance(v, str) and _KEY.fullmatch(v)) for v in vals):
        return "must be a name or a number (or a quoted key such as \"10_reverse\")"
    if spec.kind == "numbers" and not all(
            isinstance(v, int) and 0 <= v <= LIMITS["ranks"] or isinstance(v, ast.Range)
            and 0 <= v.low <= v.high <= LIMITS["ranks"] for v in vals):
        return f"must be numbers or ranges within 0..{LIMITS['ranks']}"
    if spec.kind == "range":
        if not isinstance(vals[0], ast.Range):
            return "must be a range like 1..9"
        if not 0 <= vals[0].low <= vals[0].high <= LIMITS["ranks"]:
            return f"must be a range within 0..{LIMITS['ranks']}"
    if spec.kind == "intname" and not isinstance(vals[0], int | ast.Name):
        return "must be a number or a name"
    if spec.kind == "strings" and not all(isinstance(v, str) for v in vals):
        return "takes quoted names"
    if spec.kind == "pair" and (len(vals) != 2 or not all(isinstance(v, str) for v in vals)):
        return "takes two quoted strings: the attack (row) and the answer (column)"
    if spec.kind == "points" and not isinstance(vals[0], int | ast.Name | ast.CallValue):
        return "must be a number, 'face', or a number-valued expression"
    if spec.choices is not None:
        for v in vals:
            if isinstance(v, ast.Name) and v.text not in spec.choices:
                return (f"has no value '{v.text}' (expected one of "
                        f"{', '.join(sorted(spec.choices))})")
    return None
