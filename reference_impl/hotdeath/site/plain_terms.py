"""The words the plain-English card text is made of: players, values, tags and conditions.

``hotdeath.site.plain`` builds a card's sentences from its verbs; what those sentences
say about a player ("the player the attack came from"), a value ("twice the amount") or
a condition ("the attack cannot be blocked") is said here, from the checked model's
arguments and each condition's source (``hd_source``, kept by the checker).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ..lang import ast

WHO = {"next": "the next player", "actor": "its player", "self": "its player",
       "previous": "the previous player", "origin": "the player who started the attack",
       "target": "the player under attack", "all": "every player",
       "everyone": "every player", "others": "every other player",
       "chosen": "a chosen player", "sender": "the player the attack came from",
       "last_stacker": "the last player to add to the attack", "holder": "its holder",
       "subject": "that player", "asked": "the player picked", "dealer": "the dealer",
       "owner": "its owner"}

VALUES = {"amount": "the amount", "under": "the card it was played on", "this": "this card",
          "top_card": "the card in play", "played": "the card just played",
          "flipped": "the card turned over", "picked": "the cards its player picks",
          "living": "the number of players still in", "highest_other_score":
          "the highest score among the other players", "all_hands": "every card in every hand",
          "magnitude": "the magnitude", "in_match": "the number of players in the match"}

# Tag words said as a clause; an 'un...able' tag not listed here is said by rule
# ("un" + verb + "able": "it cannot be" + the verb's past participle).
TAGS = {"defensible": "it may be defended against", "shieldbreaker": "it breaks shields",
        "directed": "it is aimed at one player", "final": "nothing may answer it"}

COMPARE = {">": "is more than", ">=": "is at least", "<": "is less than", "<=": "is at most",
           "==": "is", "!=": "is not"}

Lets = dict[str, object]


def text_of(v) -> str:
    return v.text if isinstance(v, ast.Name) else str(v)


def player_words(v, default: str = "the next player", lets: Lets | None = None) -> str:
    if v is None or v == "":
        return default
    if isinstance(v, ast.Name | str):
        word = text_of(v)
        if lets and word in lets:
            return value_words(lets[word], lets)
        return WHO.get(word, word.replace("_", " "))
    return value_words(v, lets)


def value_words(v, lets: Lets | None = None) -> str:
    """A value (a number, a name, an expression) as a noun phrase."""
    if isinstance(v, ast.Name | str):
        word = text_of(v)
        if lets and word in lets:
            return value_words(lets[word], lets)
        return VALUES.get(word) or WHO.get(word) or word.replace("_", " ")
    if isinstance(v, ast.CallValue):
        return _expression(v.call, lets)
    if isinstance(v, ast.Call):
        return _expression(v, lets)
    if isinstance(v, ast.Range):
        return f"{v.low} to {v.high}"
    if isinstance(v, tuple):
        return either([value_words(x, lets) for x in v], "and")
    return str(v)


def _expression(call: ast.Call, lets: Lets | None) -> str:
    a = [value_words(x, lets) for x in call.args]
    kw = {k: value_words(x, lets) for k, x in call.kwargs}
    name = call.name
    if name == "times" and len(a) == 2:
        if a[0] == "2":
            return f"twice {a[1]}"
        return f"{a[0]} times {a[1]}"
    if name == "half" and a:
        return f"half {a[0]}"
    if name == "minus" and len(a) == 2:
        return f"minus {a[1]}" if a[0] == "0" else f"{a[0]} minus {a[1]}"
    if name == "plus" and len(a) == 2:
        return f"{a[0]} plus {a[1]}"
    if name == "number_of" and a:
        return f"the number on {a[0]}"
    if name == "hand_of" and a:
        return f"the whole hand of {a[0]}"
    if name == "hand_size" and a:
        return f"the number of cards {a[0]} holds"
    if name == "count_in_play" and len(a) == 2:
        return f"the number of {a[1]} cards in play in front of {a[0]}"
    if name == "holder_of" and a:
        return f"the holder of the {a[0]}"
    if name == "highest_number" and a:
        return f"the highest number among {a[0]}" + (f" ({kw['none']} if none)"
                                                     if "none" in kw else "")
    if name == "counter" and a:
        return f"this card's {a[0]} counter"
    args = ", ".join(a + [f"{k} {x}" for k, x in kw.items()])
    return name.replace("_", " ") + (f" of {args}" if args else "")


def either(words: list[str], joiner: str = "or") -> str:
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + f" {joiner} " + words[-1]


def cards_words(v, lets: Lets | None) -> str:
    """Card names (one, or a list) as 'a Skip or a Wild'."""
    names = v if isinstance(v, tuple) else (v,)
    return either([card_words(n, lets) for n in names])


def card_words(v, lets: Lets | None) -> str:
    if isinstance(v, str):
        return f"{'an' if v[:1].upper() in 'AEIOUÜ' else 'a'} {v}"
    return value_words(v, lets)


# A player argument said in the verb's own sentence, where it says "a player" or "another
# player" (the first time), instead of in brackets after it.
_IN_SENTENCE = {"who": ("a player's", "a player", "another player's", "another player",
                        "this player"),
                "by": ("a player",), "partner": ("another player",),
                "holder": ("a player's", "a player"), "with": ("another player",)}


def name_players(sentence: str, said: dict[str, str]) -> str:
    """The sentence with the players the arguments name put where it says 'a player' (each
    argument so placed is taken out of ``said``)."""
    for key, words in _IN_SENTENCE.items():
        for w in words if key in said else ():
            if f" {w} " in f" {sentence} ":
                who = said.pop(key)
                who = who + "'s" if w.endswith("'s") else who
                sentence = f" {sentence} ".replace(f" {w} ", f" {who} ", 1).strip()
                break
    return sentence


# -- conditions ---------------------------------------------------------------------------


def condition(node, lets: Lets | None = None) -> str:
    """A condition (an ``hd_source`` of the checker) as a clause: 'the attack is tagged ...'."""
    if isinstance(node, ast.Not):
        inner = node.operand  # De Morgan: each side said in the negative
        if isinstance(inner, ast.Or):
            return f"{_negated(inner.left, lets)} and {_negated(inner.right, lets)}"
        if isinstance(inner, ast.And):
            return f"{_negated(inner.left, lets)} or {_negated(inner.right, lets)}"
        return _negated(node.operand, lets)
    if isinstance(node, ast.And):
        return _all(_flat(node), lets)
    if isinstance(node, ast.Or):
        return f"{condition(node.left, lets)} or {condition(node.right, lets)}"
    if isinstance(node, ast.Compare):
        left, right = (value_words(_side(s), lets) for s in (node.left, node.right))
        return f"{left} {COMPARE.get(node.op, node.op)} {right}"
    if isinstance(node, ast.Call):
        return _test(node, lets)
    return "a condition holds"


def _flat(node) -> list:
    if isinstance(node, ast.And):
        return _flat(node.left) + _flat(node.right)
    return [node]


def _all(parts: list, lets: Lets | None) -> str:
    """Conditions that must all hold; a run of 'the attack does not include X' is said once
    ('the attack includes no X, Y or Z')."""
    said: list[str] = []
    absent: list[str] = []
    for part in parts + [None]:
        if isinstance(part, ast.Not) and isinstance(part.operand, ast.Call) and \
                part.operand.name == "attack_contains" and part.operand.args:
            absent.append(text_of(part.operand.args[0]))
            continue
        if absent:
            said.append(f"the attack includes no {either(absent)}" if len(absent) > 1 else
                        f"the attack does not include {card_words(absent[0], lets)}")
            absent = []
        if part is not None:
            said.append(_part(part, lets))
    return " and ".join(said)


def _part(node, lets: Lets | None) -> str:
    """One side of an 'and': an 'or' inside it is bracketed, so the grouping reads."""
    said = condition(node, lets)
    return f"({said})" if isinstance(node, ast.Or) else said


def _side(s):
    """One side of a comparison as a value (a bare name is written as a call without
    arguments)."""
    if isinstance(s, ast.Call):
        return ast.CallValue(s) if s.args or s.kwargs else ast.Name(s.name, s.pos)
    return s


def _negated(node, lets: Lets | None) -> str:
    if isinstance(node, ast.Not):
        return condition(node.operand, lets)
    if isinstance(node, ast.And | ast.Or):
        return condition(ast.Not(node), lets)
    said = condition(node, lets)
    for yes, no in ((" is ", " is not "), (" cannot ", " can "), (" may be ", " may not be "),
                    (" includes ", " does not include "), (" breaks ", " does not break "),
                    (" holds ", " does not hold "), (" has ", " has no "),
                    (" held ", " held no "), (" was ", " was not "),
                    (" plays ", " does not play ")):
        if yes in said:
            return said.replace(yes, no, 1)
    return f"not: {said}"


def _test(call: ast.Call, lets: Lets | None) -> str:
    from ..registry import CONDITIONS

    a = [x for x in call.args]
    kw = dict(call.kwargs)
    entry = CONDITIONS.get(call.name)
    params = list(entry.params) if entry else []
    given = {params[i]: x for i, x in enumerate(a) if i < len(params)} | kw
    v = {k: value_words(x, lets) for k, x in given.items()}
    phrase = _TESTS.get(call.name)
    if phrase is not None:
        try:
            return phrase(given, v, lets)
        except KeyError:
            pass
    if entry is None or not entry.doc:
        return call.name.replace("_", " ")
    first = entry.doc.split(". ")[0].rstrip(".")
    first = first[0].lower() + first[1:]
    v = {k: player_words(given[k], lets=lets) if k in ("who", "by") else x for k, x in v.items()}
    first = name_players(first, v)
    first = first.replace("the actor's", "its player's").replace("the actor", "its player")
    extra = [f"{k}: {x}" for k, x in v.items()]
    return first + (f" ({'; '.join(extra)})" if extra else "")


_Test = Callable[[dict, dict, "Lets | None"], str]
_TESTS: dict[str, _Test] = {
    "attack_contains": lambda g, v, lets: f"the attack includes {cards_words(g['card'], lets)}",
    "attack_tagged": lambda g, v, lets: _tagged(text_of(g["tag"])),
    "option": lambda g, v, lets: f"the option '{text_of(g['name'])}' is on",
    "card_is": lambda g, v, lets: f"{v['card']} is {cards_words(g['names'], lets)}",
    "attack_kind": lambda g, v, lets: "the attack is a draw" if text_of(g["name"]) == "draw"
    else f"the attack is '{text_of(g['name'])}'",
    "same": lambda g, v, lets: f"{v['a']} is {v['b']}",
    "teamed": lambda g, v, lets: f"{v['who']} plays in a team",
    "attack_top": lambda g, v, lets: f"the attack's latest card is {cards_words(g['cards'], lets)}",
    "attack_group": lambda g, v, lets: f"the attack is of the {v['name']} stacking family",
    "draw_class": lambda g, v, lets: f"the draw is a {v['name']} draw",
    "in_play_for_someone": lambda g, v, lets:
        f"someone still in the game has {cards_words(g['card'], lets)} in play",
    "is_number": lambda g, v, lets: f"{v['card']} has a number",
    "is_wild": lambda g, v, lets: f"{v['card']} is a wild card",
    "in_category": lambda g, v, lets: f"{v['card']} is a {v['name']} card",
    "held_current_color": lambda g, v, lets:
        "its player held another card of the colour in play when they played it",
    "holds_color_in_play": lambda g, v, lets:
        "its player holds another card of the colour in play",
    "aimed_at_origin": lambda g, v, lets:
        "the attack is aimed at the player who started it",
    "living": lambda g, v, lets: f"exactly {v['count']} players are still in the game",
    "draw_from": lambda g, v, lets: f"the draw comes from an attack that includes "
                                    f"{cards_words(g['cards'], lets)}",
    "holds": lambda g, v, lets: f"{v['who']} holds {cards_words(g['card'], lets)}",
    "coin_up": lambda g, v, lets: "the coin lands face up",
    "seat_named": lambda g, v, lets: f"its player sits in the seat named '{text_of(g['name'])}'",
    "marked": lambda g, v, lets: f"its player was marked '{text_of(g['name'])}' this turn",
    "own_turn": lambda g, v, lets: "it is its player's own turn",
    "jumped_in": lambda g, v, lets: "it was played as a jump-in",
    "last_card": lambda g, v, lets: "it was its player's last card",
    "starting": lambda g, v, lets: "it is the card turned up to start the hand",
}


def tag_words(tag: str) -> str | None:
    """A tag as 'it ...', or None for a tag with no words of its own."""
    if tag in TAGS:
        return TAGS[tag]
    m = re.fullmatch(r"un([a-z]+?)(t?)able", tag)
    if m is None:
        return None
    verb = m[1] + m[2]
    done = verb[:-1] if m[2] and verb.endswith("tt") else verb + ("d" if verb.endswith("e")
                                                                  else "ed")
    return f"it cannot be {done}"


def _tagged(tag: str) -> str:
    said = tag_words(tag)
    if said is None:
        return f"the attack is tagged {tag.replace('_', ' ')}"
    return "the attack" + said.removeprefix("it")


def source_of(fn) -> object:
    return getattr(fn, "hd_source", None)
