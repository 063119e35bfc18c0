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
from .plain_terms import Lets, condition, name_players
from .plain_terms import cards_words as _cards
from .plain_terms import player_words as _who
from .plain_terms import source_of as _source
from .plain_terms import tag_words as _tag
from .plain_terms import text_of as _text
from .plain_terms import value_words as _value

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

def _args(op: Op) -> dict[str, object]:
    """The call's arguments as written (the AST values), by parameter name."""
    from ..registry import VERBS

    entry = VERBS.get(op.call.name)
    names = list(entry.params) if entry else []
    out: dict[str, object] = {names[i]: a for i, a in enumerate(op.call.args) if i < len(names)}
    out.update(dict(op.call.kwargs))
    return out


# -- verbs --------------------------------------------------------------------------------


def _attack(a: dict, lets: Lets | None) -> str:
    who = _who(a.get("target"), lets=lets)
    if a.get("effect") is not None:
        what = f"{who} is hit with its effect '{_text(a['effect'])}'"
    else:
        what = f"{who} is hit with a draw of {_value(a.get('amount', 0), lets)}"
    notes = [_tag(_text(t)) or f"it is tagged {_text(t).replace('_', ' ')}"
             for t in _tags(a.get("tags"))]
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
                                      f"{_who(a.get('b'), lets=lets)} exchange hands",
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
    first = name_players(first, said)
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
        when = _guard(kind.playable)
        out.append(f"It may not be played if {when.removeprefix('unless ')}." if
                   when.startswith("unless ") else f"It may be played only {when}.")
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
