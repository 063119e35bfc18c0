"""A card's rules in plain words, generated from its checked model (not typed per card).

Forge renders a card's text from its script; this does the same from a card's
triggers, answers, modifiers and guarded properties: each event becomes the
head of a sentence ("When it is played, ..."), each verb call a clause (a
phrase below for the common verbs, else the verb's own documentation in the
registry), each condition words of its own (the checker keeps every compiled
condition's source, ``hd_source``, for this), each value a noun phrase ("twice
the amount"). The card page shows these words beside the seed's and the rules
language, so a wrong rendering reads as a mismatch.
"""

from __future__ import annotations

from collections.abc import Callable

from ..lang import ast
from ..model import CardKind, Effect, IfOp, LetOp, Op

EVENTS = {
    "play": "When it is played",
    "start": "When it is turned up to start the hand",
    "drawn": "When it is drawn",
    "challenge": "When its play is challenged",
    "activated": "When it becomes active",
    "turn_start": "At the start of its holder's turn",
    "turn_end": "At the end of its holder's turn",
    "blocked": "When its attack is blocked",
    "any_play": "Whenever any card is played",
    "entered": "When it comes into play",
    "modify": "When it is played to modify a draw",
}

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

TAGS = {"defensible": "it may be defended against", "unblockable": "it cannot be blocked",
        "undodgeable": "it cannot be dodged", "unsplittable": "it cannot be split",
        "unreturnable": "it cannot be returned", "undeflectable": "it cannot be deflected",
        "shieldbreaker": "it breaks shields", "directed": "it is aimed at one player",
        "final": "nothing may answer it", "spreader": "it is spread over every other player"}

COMPARE = {">": "is more than", ">=": "is at least", "<": "is less than", "<=": "is at most",
           "==": "is", "!=": "is not"}

Lets = dict[str, object]


def _text(v) -> str:
    return v.text if isinstance(v, ast.Name) else str(v)


def _who(v, default: str = "the next player", lets: Lets | None = None) -> str:
    if v is None or v == "":
        return default
    if isinstance(v, ast.Name | str):
        word = _text(v)
        if lets and word in lets:
            return _value(lets[word], lets)
        return WHO.get(word, word.replace("_", " "))
    return _value(v, lets)


def _value(v, lets: Lets | None = None) -> str:
    """A value (a number, a name, an expression) as a noun phrase."""
    if isinstance(v, ast.Name | str):
        word = _text(v)
        if lets and word in lets:
            return _value(lets[word], lets)
        return VALUES.get(word) or WHO.get(word) or word.replace("_", " ")
    if isinstance(v, ast.CallValue):
        return _expression(v.call, lets)
    if isinstance(v, ast.Call):
        return _expression(v, lets)
    if isinstance(v, ast.Range):
        return f"{v.low} to {v.high}"
    if isinstance(v, tuple):
        return _either([_value(x, lets) for x in v], "and")
    return str(v)


def _expression(call: ast.Call, lets: Lets | None) -> str:
    a = [_value(x, lets) for x in call.args]
    kw = {k: _value(x, lets) for k, x in call.kwargs}
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


def _either(words: list[str], joiner: str = "or") -> str:
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + f" {joiner} " + words[-1]


def _args(op: Op) -> dict[str, object]:
    """The call's arguments as written (the AST values), by parameter name."""
    from ..registry import VERBS

    entry = VERBS.get(op.call.name)
    names = list(entry.params) if entry else []
    out: dict[str, object] = {names[i]: a for i, a in enumerate(op.call.args) if i < len(names)}
    out.update(dict(op.call.kwargs))
    return out


def _cards(v, lets: Lets | None) -> str:
    """Card names (one, or a list) as 'a Hot Death or a Magic 5'."""
    names = v if isinstance(v, tuple) else (v,)
    return _either([_card(n, lets) for n in names])


def _card(v, lets: Lets | None) -> str:
    if isinstance(v, str):
        return f"{'an' if v[:1].upper() in 'AEIOUÜ' else 'a'} {v}"
    return _value(v, lets)


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
        left, right = (_value(ast.CallValue(s) if isinstance(s, ast.Call) and (s.args or s.kwargs)
                              else ast.Name(s.name, s.pos) if isinstance(s, ast.Call) else s,
                              lets) for s in (node.left, node.right))
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
            absent.append(_text(part.operand.args[0]))
            continue
        if absent:
            said.append(f"the attack includes no {_either(absent)}" if len(absent) > 1 else
                        f"the attack does not include {_card(absent[0], lets)}")
            absent = []
        if part is not None:
            said.append(_part(part, lets))
    return " and ".join(said)


def _part(node, lets: Lets | None) -> str:
    """One side of an 'and': an 'or' inside it is bracketed, so the grouping reads."""
    said = condition(node, lets)
    return f"({said})" if isinstance(node, ast.Or) else said


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
    v = {k: _value(x, lets) for k, x in given.items()}
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
    v = {k: _who(given[k], lets=lets) if k in ("who", "by") else x for k, x in v.items()}
    first = _name_players(first, v)
    first = first.replace("the actor's", "its player's").replace("the actor", "its player")
    extra = [f"{k}: {x}" for k, x in v.items()]
    return first + (f" ({'; '.join(extra)})" if extra else "")


_Test = Callable[[dict, dict, "Lets | None"], str]
_TESTS: dict[str, _Test] = {
    "attack_contains": lambda g, v, lets: f"the attack includes {_cards(g['card'], lets)}",
    "attack_tagged": lambda g, v, lets: _tagged(_text(g["tag"])),
    "option": lambda g, v, lets: f"the option '{_text(g['name'])}' is on",
    "card_is": lambda g, v, lets: f"{v['card']} is {_cards(g['names'], lets)}",
    "attack_kind": lambda g, v, lets: "the attack is a draw" if _text(g["name"]) == "draw"
    else f"the attack is '{_text(g['name'])}'",
    "same": lambda g, v, lets: f"{v['a']} is {v['b']}",
    "teamed": lambda g, v, lets: f"{v['who']} plays in a team",
    "attack_top": lambda g, v, lets: f"the attack's latest card is {_cards(g['cards'], lets)}",
    "attack_group": lambda g, v, lets: f"the attack is of the {v['name']} stacking family",
    "draw_class": lambda g, v, lets: f"the draw is a {v['name']} draw",
    "in_play_for_someone": lambda g, v, lets:
        f"someone still in the game has {_cards(g['card'], lets)} in play",
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
                                    f"{_cards(g['cards'], lets)}",
    "holds": lambda g, v, lets: f"{v['who']} holds {_cards(g['card'], lets)}",
    "coin_up": lambda g, v, lets: "the coin lands face up",
    "marked": lambda g, v, lets: f"its player was marked '{_text(g['name'])}' this turn",
    "own_turn": lambda g, v, lets: "it is its player's own turn",
    "jumped_in": lambda g, v, lets: "it was played as a jump-in",
    "last_card": lambda g, v, lets: "it was its player's last card",
    "starting": lambda g, v, lets: "it is the card turned up to start the hand",
}


def _tagged(tag: str) -> str:
    said = TAGS.get(tag)
    if said is None:
        return f"the attack is tagged {tag.replace('_', ' ')}"
    return "the attack" + said.removeprefix("it")


def _source(fn) -> object:
    return getattr(fn, "hd_source", None)


# -- verbs --------------------------------------------------------------------------------


def _attack(a: dict, lets: Lets | None) -> str:
    who = _who(a.get("target"), lets=lets)
    if a.get("effect") is not None:
        what = f"{who} is hit with its effect '{_text(a['effect'])}'"
    else:
        what = f"{who} is hit with a draw of {_value(a.get('amount', 0), lets)}"
    notes = [TAGS.get(_text(t), f"it is tagged {_text(t)}") for t in _tags(a.get("tags"))]
    if a.get("stack") is not None and _text(a["stack"]) == "none":
        notes.append("nothing can be stacked on it")
    elif a.get("stack") is not None:
        notes.append(f"it stacks with the {_text(a['stack'])} family")
    return what + (f" ({'; '.join(notes)})" if notes else "")


def _tags(v) -> tuple:
    if v is None:
        return ()
    return v if isinstance(v, tuple) else (v,)


def _skip(a: dict, lets: Lets | None) -> str:
    n = _value(a.get("count", 1), lets)
    return "the next player loses their turn" if n == "1" else \
        f"the next {n} players lose their turns"


def _draw(a: dict, lets: Lets | None) -> str:
    n = _value(a.get("amount", "N"), lets)
    who = _who(a.get("target"), "its player", lets)
    if n == "the amount":
        return f"{who} draws as many cards as the attack holds"
    if not n.lstrip("-").isdigit():
        amount = a.get("amount")
        kept = lets.get(_text(amount)) if lets and isinstance(amount, ast.Name) else None
        if isinstance(kept, ast.CallValue) and kept.call.name == "hand_size":
            # a let keeps the value it had when it was set: the hand before what follows
            had = _who(kept.call.args[0], lets=lets)
            return f"{who} draws as many cards as {'they' if had == who else had} held"
        return f"{who} draws as many cards as {n}"
    return f"{who} draws {n} card{'' if n == '1' else 's'}"


_PHRASES: dict[str, Callable[[dict, Lets | None], str]] = {
    "attack": _attack, "skip": _skip, "draw": _draw,
    "choose_color": lambda a, lets: "its player names the colour to play",
    "ask_color": lambda a, lets: f"{_who(a.get('by'), lets=lets)} names the colour to play",
    "reverse": lambda a, lets: "the direction of play is reversed",
    "pass_attack": lambda a, lets: f"the attack moves on to {_who(a.get('to'), lets=lets)}, "
                                   "who may answer it in turn",
    "play_again": lambda a, lets: "its player takes another turn",
    "set_amount": lambda a, lets: f"the amount becomes {_value(a.get('amount', 'N'), lets)}",
    "adjust": lambda a, lets: _adjust(_value(a.get("amount", "N"), lets)),
    "accept_attack": lambda a, lets: "the player under attack draws the cards and loses "
                                     "their turn",
    "raise_attack": lambda a, lets: f"the attack grows by {_value(a.get('amount', 'N'), lets)}",
    "drop_attack": lambda a, lets: "the attack is cancelled",
    "reflip": lambda a, lets: "it goes back into the pile, the pile is shuffled and a new "
                              "card is turned up",
    "to_field": lambda a, lets: "it is laid face up in front of "
                                f"{_who(a.get('holder'), 'its player', lets)}, where it stays "
                                "active",
    "eliminate": lambda a, lets: f"{_who(a.get('who'), 'its player', lets)} is out of the game",
    "sit_out": lambda a, lets: f"{_who(a.get('who'), 'its player', lets)} sits out the rest "
                               "of the hand, keeping their cards",
    "move": lambda a, lets: _move(a, lets),
    "block_attack": lambda a, lets: "the attack is stopped, and play goes on after its holder",
    "reflect_attack": lambda a, lets: "the attack goes back to the player who started it",
    "return_attack": lambda a, lets: "the attack goes back to the player it came from",
    "withdraw_top": lambda a, lets: "the latest card's share of the attack is taken off it "
                                    "(if nothing is left, the attack ends)",
    "split_attack": lambda a, lets: f"the attack is shared with {_who(a.get('with'), lets=lets)}"
                                    ": a draw is split (its holder draws the larger half), "
                                    "any other effect hits both",
    "remove_from_attack": lambda a, lets: f"what {_cards(a.get('card'), lets)} added to the "
                                          "attack is taken off it (if nothing is left, the "
                                          "attack ends)",
    "discard_from_field": lambda a, lets: f"{_cards(a.get('card'), lets)} in play in front of "
                                          f"{_who(a.get('holder'), 'its player', lets)} is "
                                          "discarded",
    "discard_from_hand": lambda a, lets: f"{_who(a.get('who'), 'its player', lets)} discards "
                                         f"{_cards(a.get('card'), lets)} from their hand",
    "to_neutral": lambda a, lets: "it is placed in neutral play, beside the piles, where it "
                                  "acts for everyone",
    "set_counter": lambda a, lets: f"its {_text(a.get('name'))} counter is set to "
                                   f"{_value(a.get('value'), lets)}",
    "add_counter": lambda a, lets: _add_counter(a, lets),
    "hand_to_pile": lambda a, lets: "its player puts their whole hand at the bottom of the "
                                    "pile and draws as many cards from its top",
    "effect_as": lambda a, lets: f"its effect '{_text(a.get('effect'))}' runs now for "
                                 f"{_who(a.get('who'), 'its player', lets)}",
    "ask_player": lambda a, lets: f"{_who(a.get('by'), 'its player', lets)} picks "
                                  + ("a player" if a.get("among") is None else
                                     f"one of {_who(a.get('among'), lets=lets)}"),
    "exchange_hands": lambda a, lets: f"{_who(a.get('a'), 'its player', lets)} and "
                                      f"{_who(a.get('b'), lets=lets)} swap hands",
}


def _move(a: dict, lets: Lets | None) -> str:
    card = _value(a.get("card"), lets)
    to = {"discard": "the discard pile", "pile": "the draw pile",
          "neutral": "neutral play"}.get(_text(a.get("to")), f"the {_value(a.get('to'), lets)}")
    bottom = a.get("bottom") is not None and _text(a["bottom"]) in ("true", "on", "yes")
    return f"{card} goes to {'the bottom of ' if bottom else ''}{to}"


def _add_counter(a: dict, lets: Lets | None) -> str:
    n = _value(a.get("value"), lets)
    name = _text(a.get("name"))
    if n.startswith("-"):
        return f"its {name} counter goes down by {n[1:]}"
    return f"its {name} counter goes up by {n}"


def _adjust(n: str) -> str:
    if n.startswith("-"):
        return f"the number of cards to draw goes down by {n[1:]}"
    return f"the number of cards to draw goes up by {n}"


def _phrase(op: Op, lets: Lets) -> str:
    a = _args(op)
    phrase = _PHRASES.get(op.call.name)
    if phrase is not None:
        return phrase(a, lets)
    return _documented(op, {k: _argument(op, k, x, lets) for k, x in a.items()})


def _argument(op: Op, name: str, value, lets: Lets) -> str:
    """An argument in words, by the kind of its parameter (a player, a condition, a card)."""
    from ..registry import VERBS

    entry = VERBS.get(op.call.name)
    kind = entry.params[name].kind if entry and name in entry.params else ""
    if kind in ("selector", "seats") or name in ("who", "holder", "by", "with", "target"):
        return _who(value, lets=lets)
    if kind == "cond":
        if isinstance(value, ast.CallValue):
            return condition(value.call, lets)
        if isinstance(value, ast.Name):
            return condition(ast.Call(value.text, (), (), value.pos), lets)
    if kind == "bool":
        return {"true": "yes", "on": "yes", "false": "no", "off": "no"}.get(_text(value),
                                                                            _text(value))
    return _value(value, lets)


# A player argument said in the verb's own sentence, where it says "a player" or "another
# player" (the first time), instead of in brackets after it.
_IN_SENTENCE = {"who": ("a player's", "a player", "another player's", "another player",
                        "this player"),
                "by": ("a player",), "partner": ("another player",),
                "holder": ("a player's", "a player"), "with": ("another player",)}


def _name_players(sentence: str, said: dict[str, str]) -> str:
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


def _documented(op: Op, a: dict[str, str]) -> str:
    """The verb's own words from the registry, its first sentence, N and the players it
    names made concrete; other arguments follow in brackets."""
    from ..registry import VERBS

    entry = VERBS.get(op.call.name)
    if entry is None or not entry.doc:
        return op.call.name.replace("_", " ")
    first = entry.doc.split(". ")[0].rstrip(".")
    for context in ("At the start: ", "In a draw modifier: ", "In a score or draw modifier: "):
        first = first.removeprefix(context)
    number = a.get("amount") or a.get("count") or a.get("n")
    if number and " N " in f" {first} ":
        first = f" {first} ".replace(" N ", f" {number} ").strip()
    first = first[0].lower() + first[1:]
    said = dict(a)
    first = _name_players(first, said)
    first = first.replace("the actor's", "its player's").replace("the actor", "its player")
    first = first.replace("the pending effect", "the attack").replace("the pending draw",
                                                                         "the attack")
    extra = [f"{k.replace('_', ' ')}: {v}" for k, v in said.items()
             if k not in ("amount", "count", "n")]
    return first + (f" ({'; '.join(extra)})" if extra else "")


def _body(body: tuple, lets: Lets) -> list[str]:
    out: list[str] = []
    for op in body:
        if isinstance(op, Op):
            out.append(_phrase(op, lets))
        elif isinstance(op, IfOp):
            out.append(_if(op, lets))
        elif isinstance(op, LetOp) and op.source is not None:
            lets[op.name] = op.source  # said where it is used
    return out


def _if(op: IfOp, lets: Lets) -> str:
    src = _source(op.cond)
    then = _join(_body(op.then, lets)) or "nothing happens"
    orelse = _join(_body(op.orelse, lets))
    if isinstance(src, ast.Not) and not isinstance(src.operand, ast.And | ast.Or):
        clause = f"unless {condition(src.operand, lets)}, {then}"
    else:
        clause = f"if {condition(src, lets) if src is not None else 'a condition holds'}, {then}"
    return clause + (f"; otherwise {orelse}" if orelse else "")


def _join(said: list[str]) -> str:
    if len(said) <= 1:
        return "".join(said)
    return ", then ".join(said)


def _guard(fn, word: str = "if") -> str:
    src = _source(fn)
    if src is None:
        return "if a condition holds"
    if isinstance(src, ast.Not) and not isinstance(src.operand, ast.And | ast.Or):
        return f"unless {condition(src.operand)}"
    return f"{word} {condition(src)}"


def _sentence(head: str, effect: Effect, lets: Lets | None = None) -> str:
    if effect.guard is not None:
        head += ", " + _guard(effect.guard)
    said = _join(_body(effect.body, dict(lets or {}))) or "nothing happens"
    return f"{head}, {said}."


def _answer(kind: CardKind, effect: Effect) -> str:
    how = {"field": "use it from in front of them", "shown": "show it"}.get(
        kind.answer_from, "play it")
    head = f"When an attack is aimed at its holder, they may {how} to answer"
    if effect.guard is not None:
        head += ", " + _guard(effect.guard)
    said = _join(_body(effect.body, {})) or "nothing happens"
    return _as(f"{head}: {said}.", "its holder")


def _modifier(effect: Effect) -> str:
    said = _as(_join(_body(effect.body, {})) or "nothing changes", "its holder")
    if effect.event == "score":  # the amount is its holder's score, not cards to draw
        said = said.replace("the number of cards to draw", "its holder's score")
        said = said.replace("the amount becomes", "its holder's score becomes")
        said = said.replace("the amount", "the score")
        head = "When the hand is scored"
    elif effect.event == "attack":
        head = "While it is in play, whenever its holder attacks"
    else:
        said = said.replace("the amount", "the number of cards to draw")
        head = "While it is in play, whenever its holder draws"
    if effect.guard is not None:
        head += ", " + _guard(effect.guard)
    return f"{head}, {said}."


def _as(sentence: str, who: str) -> str:
    """The sentence with 'its player' (the one the effect runs for: self, the actor) named
    as who it is there: an answer runs for the card's holder, a payload for the player hit."""
    return sentence.replace("its player's", who + "'s").replace("its player", who)


def _payloads(kind: CardKind) -> list[str]:
    """What each named effect of its attacks does, once hit."""
    out = []
    for name, effect in kind.effects.items():
        said = _join(_body(effect.body, {}))
        if said:
            out.append(_as(f"Its effect '{name}': {said}.", "the player it hits"))
    return out


def _limits(kind: CardKind) -> list[str]:
    out = []
    if kind.playable is not None:
        out.append(f"It may be played only {_guard(kind.playable)}.")
    if kind.bluff is not None:
        out.append(f"Played {_guard(kind.bluff, 'when')}, it is a bluff: the play stands "
                   "unless it is challenged.")
    if kind.must_answer is not None:
        out.append(f"Its holder must answer with it {_guard(kind.must_answer)}.")
    if kind.playable_anytime:
        when = f", {_guard(kind.anytime_guard)}" if kind.anytime_guard is not None else ""
        out.append(f"It may be played out of turn{when}.")
    return out


def plain_words(kind: CardKind) -> list[str]:
    """Sentences: the card's limits, one per trigger, answer and modifier, and its named
    effects; empty for a card with no rules of its own (a plain number card)."""
    out = _limits(kind)
    for event, effects in kind.triggers.items():
        head = EVENTS.get(event, f"On '{event.replace('_', ' ')}'")
        out += [_sentence(head, e) for e in effects]
    out += [_answer(kind, e) for e in kind.answers]
    out += [_modifier(e) for e in kind.modifiers]
    out += _payloads(kind)
    return [s[0].upper() + s[1:] for s in out]
