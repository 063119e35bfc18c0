"""Canonical scenario JSON back to readable ``.scn`` text: the inverse of ``parse.py``.

Why: a scenario made by a program (``hotdeath fuzz`` plays random games and
shrinks the ones an implementation gets wrong) must be handed back as a file a
person can read, edit and add to the corpus. ``compile_scenario(write(data))``
gives ``data`` back exactly, ids, titles and cites included
(tests/test_scenario_write.py holds every corpus file to it).

The step text is also what the harness prints for a step in its reports
(``hotdeath_harness.runner.describe`` is ``step_line``), so a report quotes a
step in the very words a scenario file uses.
"""

from __future__ import annotations

import json

_VERBS = {"draw": "draws", "pass": "passes", "accept": "accepts", "challenge": "challenges",
          "uno": "calls uno"}


class Unwritable(ValueError):
    """The JSON holds something the text format cannot say (a new fact kind, say)."""


def _cards(cards: list[str]) -> str:
    return ", ".join(cards)


def step_line(step: dict) -> str:
    """A step as it would be written in a scenario file."""
    if "procedure" in step:
        return step["procedure"].replace("_", " ")
    if "chance" in step:
        (kind, value), = step["chance"].items()
        return f"{kind} " + (", ".join(value) if isinstance(value, list) else str(value))
    do = step.get("do")
    if not do:
        return "(observe)"
    who, act = do.get("player", "?"), do.get("act", "?")
    if act in ("play", "jump_in", "use"):
        verb = {"play": "plays", "jump_in": "jumps in with", "use": "uses"}[act]
        text = f"{who} {verb} {do.get('card')}"
        for part in do.get("combine", []):
            text += f" {part.get('op')} {part.get('card')}"
        if do.get("color"):
            text += f" choosing {do['color']}"
        if do.get("target"):
            text += f" at {do['target']}"
        if do.get("cards"):
            text += " with " + ", ".join(do["cards"])
        if do.get("flex"):
            text += " flexed"
        if do.get("number") is not None:
            text += f" as {do['number']}"
        return text
    if act == "catch":
        return f"{who} catches {do.get('target')}"
    if act == "choose":
        return f"{who} {_choice_text(do)}"
    if act not in _VERBS and (do.get("target") or do.get("card")):
        about = f" about {do['card']}" if do.get("card") else ""
        return f"{who} {act}{' ' + do['target'] if do.get('target') else ''}{about}"
    return f"{who} {_VERBS.get(act, act)}"


def _choice_text(do: dict) -> str:
    if "answer" in do:
        return f"answers {do['answer']}"
    if "target" in do:
        return f"chooses player {do['target']}"
    if "players" in do:
        return "chooses players " + ", ".join(do["players"])
    if "cards" in do:
        return "chooses cards " + ", ".join(do["cards"])
    if "number" in do:
        return f"chooses number {do['number']}"
    if "counts" in do:
        return "chooses counts " + ", ".join(f"{k} {v}" for k, v in do["counts"].items())
    return f"chooses {do.get('color')}"


# -- expectations ------------------------------------------------------------------------

_SIMPLE = {"turn": "turn", "color": "color", "phase": "phase", "direction": "direction",
           "round_winner": "round winner", "winner": "winner", "loser": "loser",
           "ruleset": "ruleset", "top": "top"}
_NONE = {"pending": "no pending", "winner": "no winner", "round_winner": "no round winner",
         "choice": "no choice"}
_LISTS = {("uno_pending", "contains"): "open", ("uno_pending", "lacks"): "not open",
          ("eliminated", "contains"): "eliminated", ("eliminated", "lacks"): "not eliminated",
          ("out", "contains"): "out"}


def fact_line(fact: dict) -> str:
    """One expectation as its ``expect ...`` line; ``Unwritable`` if the format has none."""
    path = fact.get("path", "")
    head, _, rest = path.partition(".")
    if head == "legal":
        line = _listing(path, fact)
    elif "equals" in fact:
        line = _equals(head, rest, fact["equals"])
    elif "same_cards" in fact:
        line = _same_cards(head, rest, fact["same_cards"])
    else:
        line = _other(head, rest, fact)
    if line is None:
        raise Unwritable(f"no scenario line says {json.dumps(fact, sort_keys=True)}")
    return "expect " + line


def _equals(head: str, rest: str, value) -> str | None:
    if value is None and not rest:
        return _NONE.get(head)
    if not rest and head in _SIMPLE and isinstance(value, str):
        return f"{_SIMPLE[head]} {value}"
    if head == "pile_count" and not rest and isinstance(value, int):
        return f"pile count {value}"
    if head == "scores" and rest and isinstance(value, int):
        return f"score {rest} {value}"
    if head == "power" and rest and isinstance(value, str):
        return f"power {rest} {value}"
    if head == "zones" and rest and isinstance(value, list):
        return f"zone {rest}:" + (" " + _cards(value) if value else "")
    if head == "windows" and not rest and value == []:
        return "no window"
    return None


def _same_cards(head: str, rest: str, cards: list[str]) -> str | None:
    tail = (" " + _cards(cards)) if cards else ""
    if head in ("hands", "field", "revealed") and rest and "." not in rest:
        word = {"hands": "hand", "field": "field", "revealed": "revealed"}[head]
        return f"{word} {rest}:{tail}"
    if head == "neutral" and not rest:
        return f"neutral:{tail}"
    if head == "knowledge" and rest.count(".") == 1:
        viewer, held = rest.split(".")
        return f"knows {viewer} {held}:{tail}"
    return None


def _other(head: str, rest: str, fact: dict) -> str | None:
    if "count" in fact and isinstance(fact["count"], int):
        if head == "hands" and rest:
            return f"count {rest} {fact['count']}"
        if head == "queue" and not rest:
            return f"queue {fact['count']}"
        return None
    for mode, word in (("contains", "has"), ("lacks", "lacks")):
        if mode in fact and head == "hands" and rest and fact[mode]:
            return f"hand {rest} {word} {_cards(fact[mode])}"
    if ("prefix" in fact or "suffix" in fact) and head in ("pile", "discard") and not rest:
        end = "top" if "prefix" in fact else "bottom"
        cards = fact.get("prefix", fact.get("suffix"))
        return f"{head} {end}: {_cards(cards)}" if cards else None
    if "contains" in fact and not rest:
        return _contains(head, fact["contains"])
    if "lacks" in fact and not rest:
        items = fact["lacks"]
        if len(items) == 1 and (head, "lacks") in _LISTS:
            return f"{_LISTS[head, 'lacks']} {items[0]}"
        return None
    if "matches" in fact and not rest:
        return _matches(head, fact["matches"])
    return None


def _contains(head: str, items: list) -> str | None:
    if len(items) != 1:
        if head == "discard" and items and all(isinstance(x, str) for x in items):
            return f"discard has {_cards(items)}"
        return None
    item = items[0]
    if (head, "contains") in _LISTS and isinstance(item, str):
        return f"{_LISTS[head, 'contains']} {item}"
    if head == "discard" and isinstance(item, str):
        return f"discard has {item}"
    if head == "counters" and isinstance(item, dict) and set(item) == {"card", "counter",
                                                                       "value"}:
        return f"counter {item['counter']} {item['value']} on {item['card']}"
    if head == "attached" and isinstance(item, dict) and set(item) == {"card", "cards"}:
        return f"attached {item['card']}:" + (" " + _cards(item["cards"]) if item["cards"]
                                              else "")
    if head == "windows" and isinstance(item, dict) and "kind" in item \
            and set(item) <= {"kind", "to"}:
        return f"window {item['kind']}" + (f" {item['to']}" if "to" in item else "")
    return None


def _matches(head: str, want: dict) -> str | None:
    keys = set(want)
    if head == "pending" and keys == {"amount", "target"}:
        return f"pending {want['amount']} at {want['target']}"
    if head == "pending" and keys == {"kind", "target"}:
        return f"pending {want['kind']} at {want['target']}"
    if head == "choice" and keys == {"by", "kind"}:
        return f"choice {want['by']} {want['kind']}"
    if head == "tempo" and keys == {"tempo"}:
        return f"tempo {want['tempo']}"
    if head == "tempo" and keys == {"owed"}:
        return f"owed {want['owed']}"
    return None


# -- the whole document ---------------------------------------------------------------------


def _quoted(text: str) -> str:
    """A STRING token that ``unquote`` reads back as ``text``."""
    if "\n" in text:
        raise Unwritable("a scenario string holds no line break")
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _header(data: dict) -> list[str]:
    lines = [f"scenario {_quoted(data.get('title', ''))}", f"id {data['id']}",
             f"ruleset {data['ruleset']}"]
    lines += [f"option {o}" for o in data.get("options", [])]
    for cite in data.get("cites", []):
        quote = f" {_quoted(cite['quote'])}" if cite.get("quote") else ""
        lines.append(f"cites {cite['source']} {_quoted(cite['heading'])}{quote}")
    if data.get("pins"):
        lines.append("pins " + ", ".join(data["pins"]))
    lines += [f"note {_quoted(n)}" for n in data.get("notes", [])]
    if data.get("extra_copies"):
        lines.append("extra copies")
    return lines


_SETUP_WORDS = {"deal": "deal", "flip": "flip", "choose_dealer": "choose dealer"}


def _table(table: dict) -> list[str]:
    players = table.get("players", [])
    out = ["players " + " ".join(players)]
    for key in ("dealer", "turn", "direction", "color"):
        if key in table:
            out.append(f"{key} {table[key]}")
    if "tempo" in table:
        out.append(f"tempo {table['tempo']}")
    for key in ("discard", "pile"):
        if key in table:
            out.append(key + (" " + _cards(table[key]) if table[key] else ""))
    for zone, word in (("hands", "hand"), ("fields", "field")):
        for who, cards in table.get(zone, {}).items():
            if zone == "hands" and not cards and who in players:
                continue  # every player's hand is there, empty unless given
            out.append(f"{word} {who}:" + (" " + _cards(cards) if cards else ""))
    if "neutral" in table:
        out.append("neutral:" + (" " + _cards(table["neutral"]) if table["neutral"] else ""))
    for name, cards in table.get("zones", {}).items():
        out.append(f"zone {name}:" + (" " + _cards(cards) if cards else ""))
    for key, word in (("eliminated", "eliminated"), ("out", "out")):
        if table.get(key):
            out.append(f"{word} " + " ".join(table[key]))
    for who, side in table.get("power", {}).items():
        out.append(f"power {who} {side}")
    for who, pts in table.get("scores", {}).items():
        out.append(f"score {who} {pts}")
    for order in table.get("shuffles", []):
        out.append("shuffle " + _cards(order))
    out += [_SETUP_WORDS[p] for p in table.get("setup", [])]
    _check_table(table)
    return out


def _check_table(table: dict) -> None:
    """What the text cannot say: empty lists a line would not bring back, unknown keys."""
    known = {"players", "dealer", "turn", "direction", "color", "tempo", "discard", "pile",
             "hands", "fields", "neutral", "zones", "eliminated", "out", "power", "scores",
             "shuffles", "setup"}
    unknown = set(table) - known
    if unknown:
        raise Unwritable(f"the table's {', '.join(sorted(unknown))} has no scenario line")
    for key in ("eliminated", "out", "shuffles", "setup"):
        if key in table and not table[key]:
            raise Unwritable(f"an empty '{key}' has no scenario line")
    for key in ("fields", "zones", "power", "scores"):
        if key in table and not table[key]:
            raise Unwritable(f"an empty '{key}' has no scenario line")


def _steps(steps: list[dict]) -> list[str]:
    out = []
    for i, step in enumerate(steps):
        known = {"do", "chance", "procedure", "expect", "reject"}
        if set(step) - known:
            raise Unwritable(f"step {i + 1} holds {sorted(set(step) - known)}")
        acting = "do" in step or "chance" in step or "procedure" in step
        if acting:
            out.append(step_line(step))
        elif i > 0 or step.get("reject"):
            raise Unwritable(f"step {i + 1} does nothing: only the first may only observe")
        elif not step.get("expect"):
            raise Unwritable("an empty first step has no scenario line")
        if step.get("reject") is True:  # format 1.4: refused, whatever the code
            out.append("expect rejected")
        elif step.get("reject"):
            out.append(f"expect rejected {step['reject']}")
        out += _fact_lines(step.get("expect", []))
    return out


_CHOICE_DETAILS = ("count", "total", "low", "high")


def _fact_lines(facts: list[dict]) -> list[str]:
    """The expectations' lines: a choice's details join the line that names the choice, as
    the compiler split them (format 1.4)."""
    out: list[str] = []
    for fact in facts:
        detail = _choice_detail(fact)
        if detail is not None and out and out[-1].startswith("expect choice "):
            out[-1] += " " + detail
        else:
            out.append(fact_line(fact))
    return out


def _choice_detail(fact: dict) -> str | None:
    path = fact.get("path", "")
    if path == "choice.options" and "set" in fact:
        return "options " + ", ".join(map(str, fact["set"]))
    head, _, rest = path.partition(".")
    if head == "choice" and rest in _CHOICE_DETAILS and isinstance(fact.get("equals"), int):
        return f"{rest} {fact['equals']}"
    return None


def _listing(path: str, fact: dict) -> str | None:
    """An expectation on the legal moves (format 1.4), each move written as its step."""
    if path == "legal" and len(fact.get("contains", fact.get("lacks", []))) == 1:
        word = "legal" if "contains" in fact else "not legal"
        (move,) = fact.get("contains", fact.get("lacks"))
        return f"{word} {step_line({'do': move})}"
    head, _, who = path.partition(".")
    if head == "legal" and who and "set" in fact:
        return f"moves {who}:" + ("" if not fact["set"] else " " + "; ".join(
            step_line({"do": m}) for m in fact["set"]))
    return None


def write_scenario(data: dict) -> str:
    """The scenario as ``.scn`` text; ``compile_scenario`` of it gives ``data`` back."""
    lines = _header(data) + ["", "table"] + ["  " + x for x in _table(data["table"])]
    lines += ["", "steps"] + [("  " if not x.startswith("expect") else "    ") + x
                              for x in _steps(data["steps"])]
    return "\n".join(lines) + "\n"
