"""A card's rules in plain words, generated from its checked model (not typed per card).

Forge renders a card's text from its script; this does the same from a card's
triggers, answers and modifiers: each event becomes a clause ("When it is
played: ..."), each verb call a sentence from the kernel's vocabulary (a phrase
below for the common verbs, else the verb's own documentation in the registry),
with the arguments the rules file gives it. A condition is said to exist but is
not translated (the model keeps it compiled); the card page shows these words
beside the seed's and the rules language, so a wrong rendering reads as a
mismatch.
"""

from __future__ import annotations

from ..lang import ast
from ..model import CardKind, Effect, IfOp, LetOp, Op

EVENTS = {
    "play": "When it is played",
    "start": "When it is the card turned up to start the hand",
    "drawn": "When it is drawn",
    "challenge": "When its play is challenged",
    "activated": "When it is activated",
    "turn_start": "At the start of its holder's turn",
    "turn_end": "At the end of its holder's turn",
    "blocked": "When it is blocked",
    "any_play": "Whenever any card is played",
    "entered": "When it comes into play",
    "attack": "As an answer to an attack aimed at its holder",
    "modify": "When it modifies a draw",
}


def _value(v) -> str:
    if isinstance(v, ast.Name):
        return v.text.replace("_", " ")
    if isinstance(v, ast.CallValue):
        args = ", ".join(_value(a) for a in v.call.args)
        name = v.call.name.replace("_", " ")
        return name + (f"{'' if name.endswith(' of') else ' of'} {args}" if args else "")
    if isinstance(v, ast.Range):
        return f"{v.low} to {v.high}"
    if isinstance(v, tuple):
        return ", ".join(_value(x) for x in v)
    return str(v)


def _args(op: Op) -> dict[str, str]:
    """The call's arguments as written, by parameter name (positional ones in order)."""
    from ..registry import VERBS

    entry = VERBS.get(op.call.name)
    names = list(entry.params) if entry else []
    out = {names[i]: _value(a) for i, a in enumerate(op.call.args) if i < len(names)}
    out.update({k: _value(v) for k, v in op.call.kwargs})
    return out


def _who(text: str | None, default: str = "the next player") -> str:
    if not text:
        return default
    return {"next": "the next player", "actor": "the player", "self": "the player",
            "previous": "the previous player", "origin": "whoever started it",
            "target": "the target", "all": "every player",
            "others": "every other player"}.get(text, text)


def _phrase(op: Op) -> str:
    a = _args(op)
    name = op.call.name
    if name == "attack":
        what = f"a draw of {a['amount']}" if a.get("amount") else \
            f"its effect '{a.get('effect', '')}'"
        tags = f" ({a['tags']})" if a.get("tags") else ""
        stack = f"; it stacks as {a['stack']}" if a.get("stack") else ""
        return f"{_who(a.get('target'))} faces {what}{tags}{stack}"
    if name == "skip":
        n = a.get("count", "1")
        return "the next player loses their turn" if n == "1" else \
            f"the next {n} players lose their turns"
    if name == "draw":
        return f"{_who(a.get('target'), 'the player')} draws {a.get('amount', 'N')}"
    if name == "choose_color":
        return "the player names the colour in play"
    if name == "reverse":
        return "the direction of play is reversed"
    if name == "pass_attack":
        return f"the attack moves on to {_who(a.get('to'))}, who may answer it in turn"
    if name == "play_again":
        return "the player takes the next turn too"
    if name == "set_amount":
        return f"the amount becomes {a.get('amount', 'N')}"
    if name == "adjust":
        return f"the number of cards to draw changes by {a.get('amount', 'N')}"
    return _documented(op, a)


def _documented(op: Op, a: dict[str, str]) -> str:
    """The verb's own words from the registry, its first sentence, N made concrete."""
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
    extra = [f"{k}: {_who(v, v)}" for k, v in a.items() if k not in ("amount", "count", "n")]
    return first + (f" ({'; '.join(extra)})" if extra else "")


def _body(body: tuple) -> list[str]:
    out: list[str] = []
    for op in body:
        if isinstance(op, Op):
            out.append(_phrase(op))
        elif isinstance(op, IfOp):
            then = "; ".join(_body(op.then))
            clause = f"if a condition holds (see the rules text): {then}"
            if op.orelse:
                clause += f"; otherwise: {'; '.join(_body(op.orelse))}"
            out.append(clause)
        elif isinstance(op, LetOp):
            continue  # a name for a value; what uses it says what it does
    return out


def _clause(effect: Effect, event: str) -> str:
    head = EVENTS.get(event, f"On '{event}'")
    if effect.guard is not None:
        head += ", when a condition holds"
    said = _body(effect.body)
    return f"{head}: {'; then '.join(said) if said else 'nothing happens'}."


def plain_words(kind: CardKind) -> list[str]:
    """Sentences, one per trigger, answer and modifier; empty for a card with no rules of its
    own (a plain number card)."""
    out = []
    for event, effects in kind.triggers.items():
        out += [_clause(e, event) for e in effects]
    out += [_clause(e, e.event) for e in kind.answers]
    for e in kind.modifiers:
        said = "; then ".join(_body(e.body)) or "nothing changes"
        layer = f" ({e.layer.replace('_', ' ')})" if e.layer else ""
        out.append(f"While in play, it changes each {e.event}{layer}: {said}.")
    return [s[0].upper() + s[1:] for s in out]
