"""Scenario text to canonical JSON, with every problem reported at its line and column."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from lark import Token, Tree
from lark.exceptions import LarkError, UnexpectedInput

from ..cache import DiskCache, salt
from ..errors import Collector, Diagnostic, HotDeathError, SourceText, read_source
from ..lang.parse import Located, lark_parser, number, syntax_error, unquote
from ..resources import grammar_dir
from .format import DIRECTIONS, FORMAT_VERSION, POWER_COLORS, REJECTION_CODES

Pos = tuple[int, int]


@dataclass
class CompiledScenario:
    """The canonical JSON plus where each card was written, for later checks."""

    data: dict
    path: str
    source: SourceText
    card_positions: list[tuple[str, Pos]] = field(default_factory=list)
    step_positions: list[Pos] = field(default_factory=list)
    header_positions: dict[str, Pos] = field(default_factory=dict)
    """Where each header entry was written: ``id``, ``ruleset``, ``option NAME``,
    ``pins ID`` and ``cites N`` (N counting from 0; its heading), with ``cites N source``,
    ``cites N heading`` and ``cites N quote`` for each of its strings, so checks can point
    at it."""

    kind_positions: list[tuple[str, Pos]] = field(default_factory=list)
    """Where each pending effect's kind an expectation names was written (``expect pending
    KIND at PLAYER``), so that a kind the ruleset lacks is reported there."""

    def at(self, key: str) -> Pos:
        """The position of a header entry (see ``header_positions``); 1:1 if unknown."""
        return self.header_positions.get(key, (1, 1))

    @property
    def ident(self) -> str:
        return self.data["id"]


def _pos(node) -> Pos:
    meta = getattr(node, "meta", None)
    if meta is not None and not meta.empty:
        return (meta.line, meta.column)
    return (getattr(node, "line", 1) or 1, getattr(node, "column", 1) or 1)


class Builder:
    """Walks the parse tree once, filling the JSON document and checking references."""

    def __init__(self, source: SourceText):
        self.source = source
        self.errors = Collector(source)
        self.data: dict = {"format": FORMAT_VERSION, "id": "", "title": "", "ruleset": "",
                           "options": [], "cites": [], "pins": [], "notes": [],
                           "table": {}, "steps": []}
        self.table: dict = {}
        self.cards: list[tuple[str, Pos]] = []
        self.step_pos: list[Pos] = []
        self.player_refs: list[tuple[str, Pos]] = []
        self.kinds: list[tuple[str, Pos]] = []  # pending kinds expectations name
        self.header_pos: dict[str, Pos] = {}
        self.where: dict[str, Pos] = {}  # the first table line of each kind, for errors

    def num(self, tok: Token) -> int:
        """A number, or 0 and a located error when it is too large to mean anything."""
        try:
            return number(tok)
        except Located as err:
            self.errors.error(err.pos, err.message)
            return 0

    def card(self, node: Tree) -> str:
        words = [str(t) for t in node.children]
        text = " ".join(words)
        self.cards.append((text, _pos(node.children[0])))
        return text

    def cards_of(self, node: Tree | None) -> list[str]:
        return [] if node is None else [self.card(c) for c in node.children]

    def player(self, tok: Token) -> str:
        self.player_refs.append((str(tok), _pos(tok)))
        return str(tok)

    # -- header ---------------------------------------------------------------

    def header(self, node: Tree) -> None:
        kind, c = node.data, node.children
        d = self.data
        if kind == "id":
            d["id"] = str(c[0])
            self.header_pos["id"] = _pos(c[0])
        elif kind == "ruleset":
            d["ruleset"] = str(c[0])
            self.header_pos["ruleset"] = _pos(c[0])
        elif kind == "option":
            d["options"].append(str(c[0]))
            self.header_pos.setdefault(f"option {c[0]}", _pos(c[0]))
        elif kind == "cites":
            n = len(d["cites"])
            self.header_pos[f"cites {n}"] = self.header_pos[f"cites {n} heading"] = _pos(c[1])
            self.header_pos[f"cites {n} source"] = _pos(c[0])
            self.header_pos[f"cites {n} quote"] = _pos(c[-1])
            d["cites"].append({"source": str(c[0]), "heading": unquote(c[1]),
                               "quote": unquote(c[2]) if len(c) > 2 else ""})
        elif kind == "pins":
            d["pins"].extend(str(x) for x in c)
            for x in c:
                self.header_pos.setdefault(f"pins {x}", _pos(x))
        elif kind == "note":
            d["notes"].append(unquote(c[0]))
        elif kind == "extra_copies":
            d["extra_copies"] = True
            self.header_pos["extra copies"] = _pos(node)

    # -- table ----------------------------------------------------------------

    def setup(self, node: Tree) -> None:
        kind, c, t = node.data, node.children, self.table
        self.where.setdefault(kind, _pos(node))
        if kind == "players":
            names = [str(x) for x in c]
            if len(set(names)) != len(names):
                self.errors.error(_pos(c[0]), "a player is listed twice")
            t["players"] = names
        elif kind in ("dealer", "turn"):
            t[kind] = self.player(c[0])
        elif kind == "direction":
            t["direction"] = str(c[0])
        elif kind == "color":
            t["color"] = str(c[0])
        elif kind in ("discard", "pile"):
            t[kind] = self.cards_of(c[0] if c else None)
        elif kind in ("hand", "field"):
            who = self.player(c[0])
            zone = t.setdefault(kind + "s", {})
            if who in zone:
                self.errors.error(_pos(c[0]), f"{kind} of {who} is given twice")
            zone[who] = self.cards_of(c[1] if len(c) > 1 else None)
        elif kind == "neutral":
            t["neutral"] = self.cards_of(c[0] if c else None)
        elif kind == "zone":
            zones = t.setdefault("zones", {})
            if str(c[0]) in zones:
                self.errors.error(_pos(c[0]), f"pile {c[0]} is given twice")
            zones[str(c[0])] = self.cards_of(c[1] if len(c) > 1 else None)
        elif kind == "eliminated":
            t["eliminated"] = [self.player(x) for x in c]
        elif kind == "out_players":
            t["out"] = [self.player(x) for x in c]
        elif kind == "score":
            t.setdefault("scores", {})[self.player(c[0])] = self.num(c[1])
        elif kind == "tempo":
            self.header_pos["table tempo"] = _pos(node)
            t["tempo"] = self.num(c[0])
            if t["tempo"] < 1:
                self.errors.error(_pos(c[0]), "the tempo is a number of cards: 1 or more")
        elif kind == "power":
            self.header_pos.setdefault("table power", _pos(node))
            t.setdefault("power", {})[self.player(c[0])] = self.power_color(c[1])
        elif kind == "setup_shuffle":
            t.setdefault("shuffles", []).append(self.cards_of(c[0]))
        elif kind in ("deal", "flip", "choose_dealer"):
            t.setdefault("setup", []).append(kind)

    # -- steps ------------------------------------------------------------------

    def step(self, node: Tree) -> None:
        kind, c = node.data, node.children
        if kind in ("shuffle", "coin", "race"):
            self.add_step({"chance": self.chance(kind, c[0])}, node)
            return
        if kind == "next_hand":
            self.add_step({"procedure": "next_hand"}, node)
            return
        self.add_step({"do": self.action(node)}, node)

    def action(self, node: Tree) -> dict:
        """A player's step as the protocol's ``do`` object."""
        kind, c = node.data, node.children
        act = _ACTS.get(kind, kind)
        action: dict = {"player": self.player(c[0]), "act": act}
        if kind in ("play", "jump_in"):
            action["card"] = self.card(c[1])
            combined = [ch for ch in c[2:] if ch.data in ("combined", "averaged")]
            if combined:
                action["combine"] = [self.combined(ch) for ch in combined]
            for ch in c[2 + len(combined):]:
                if ch.data == "flexed":
                    action["flex"] = True
                    continue
                if ch.data == "as_number":
                    action["number"] = self.num(ch.children[0])
                    continue
                key = _CHOICE_KEYS[ch.data]
                if key in action:
                    self.errors.error(_pos(ch.children[0]), f"'{key}' is given twice")
                action[key] = self.choice(key, ch.children[0])
        elif kind == "use":
            action["card"] = self.card(c[1])
        elif kind in ("catch", "choose_player"):
            action["target"] = self.player(c[1])
        elif kind == "choose":
            action["color"] = str(c[1])
        elif kind == "choose_answer":
            action["answer"] = str(c[1])
        elif kind == "choose_players":
            action["players"] = [self.player(x) for x in c[1].children]
        elif kind == "choose_card":
            action["cards"] = [self.card(c[1])]
        elif kind in ("choose_cards", "choose_order"):
            action["cards"] = self.cards_of(c[1])
        elif kind == "choose_number":
            action["number"] = self.num(c[1])
        elif kind == "choose_counts":
            pairs = c[1].children
            action["counts"] = {self.player(pairs[i]): self.num(pairs[i + 1])
                                for i in range(0, len(pairs), 2)}
        elif kind == "declared":
            action["act"] = str(c[1])
            for child in c[2:]:
                if isinstance(child, Tree):
                    action["card"] = self.card(child)
                else:
                    action["target"] = self.player(child)
        return action

    def move(self, node: Tree) -> dict | None:
        """A step written as a move in a listing expectation: a player's act, not chance."""
        if node.data in ("shuffle", "coin", "race", "next_hand"):
            self.errors.error(_pos(node), "a legal move is a player's act, not a chance event "
                              "or a procedure")
            return None
        return self.action(node)

    def combined(self, node: Tree) -> dict:
        """One further card of a combined play, with the operator joining it."""
        if node.data == "averaged":
            return {"op": "avg", "card": self.card(node.children[0])}
        return {"op": str(node.children[0]), "card": self.card(node.children[1])}

    def choice(self, key: str, node):
        if key == "color":
            return str(node)
        if key == "target":
            return self.player(node)
        return self.cards_of(node)

    def chance(self, kind: str, node) -> dict:
        if kind == "shuffle":
            return {"shuffle": self.cards_of(node)}
        if kind == "race":
            return {"race": [self.player(x) for x in node.children]}
        if str(node) not in ("up", "down"):
            self.errors.error(_pos(node), f"a coin lands 'up' or 'down', not '{node}'")
        return {"coin": str(node)}

    def add_step(self, step: dict, node) -> None:
        self.data["steps"].append(step)
        self.step_pos.append(_pos(node))

    def expect(self, node: Tree) -> None:
        steps = self.data["steps"]
        if not steps:
            self.add_step({}, node)
        last = steps[-1]
        kind, c = node.data, node.children
        if kind == "exp_rejected":
            code = str(c[0]) if c else True  # format 1.4: rejected, whatever the code
            if c and code not in REJECTION_CODES:
                self.errors.error(_pos(c[0]), f"unknown rejection code '{code}' (known: "
                                  f"{', '.join(REJECTION_CODES)})")
            if "do" not in last and "procedure" not in last:
                self.errors.error(_pos(node), "'expect rejected' must follow an action")
            last["reject"] = code
            return
        if kind == "exp_choice":
            last.setdefault("expect", []).extend(self.choice_facts(c))
            return
        last.setdefault("expect", []).append(self.fact(kind, c))

    def fact(self, kind: str, c: list) -> dict:
        simple = {"exp_turn": "turn", "exp_color": "color", "exp_phase": "phase",
                  "exp_round_winner": "round_winner", "exp_winner": "winner"}
        if kind in simple:
            value = self.player(c[0]) if kind in ("exp_turn", "exp_round_winner",
                                                  "exp_winner") else str(c[0])
            return {"path": simple[kind], "equals": value}
        if kind == "exp_direction":
            return {"path": "direction", "equals": str(c[0])}
        if kind == "exp_top":
            return {"path": "top", "equals": self.card(c[0])}
        if kind in ("exp_hand", "exp_field"):
            zone = "hands" if kind == "exp_hand" else "field"
            return {"path": f"{zone}.{self.player(c[0])}",
                    "same_cards": self.cards_of(c[1] if len(c) > 1 else None)}
        if kind in ("exp_hand_has", "exp_hand_lacks"):
            mode = "contains" if kind == "exp_hand_has" else "lacks"
            return {"path": f"hands.{self.player(c[0])}", mode: self.cards_of(c[1])}
        if kind == "exp_count":
            return {"path": f"hands.{self.player(c[0])}", "count": self.num(c[1])}
        if kind == "exp_pile_count":
            return {"path": "pile_count", "equals": self.num(c[0])}
        if kind == "exp_pending":
            return {"path": "pending", "matches": {"amount": self.num(c[0]),
                                                   "target": self.player(c[1])}}
        if kind == "exp_no_pending":
            return {"path": "pending", "equals": None}
        if kind in ("exp_no_winner", "exp_no_round_winner"):
            return {"path": "winner" if kind == "exp_no_winner" else "round_winner",
                    "equals": None}
        if kind == "exp_score":
            return {"path": f"scores.{self.player(c[0])}", "equals": self.num(c[1])}
        if kind == "exp_open":
            return {"path": "uno_pending", "contains": [self.player(c[0])]}
        if kind == "exp_not_open":
            return {"path": "uno_pending", "lacks": [self.player(c[0])]}
        if kind == "exp_eliminated":
            return {"path": "eliminated", "contains": [self.player(c[0])]}
        return self.fact_1_1(kind, c)

    def fact_1_1(self, kind: str, c: list) -> dict:
        """Expectations added by format 1.1."""
        if kind == "exp_not_eliminated":
            return {"path": "eliminated", "lacks": [self.player(c[0])]}
        if kind == "exp_out":
            return {"path": "out", "contains": [self.player(c[0])]}
        if kind == "exp_loser":
            return {"path": "loser", "equals": self.player(c[0])}
        if kind == "exp_neutral":
            return {"path": "neutral", "same_cards": self.cards_of(c[0] if c else None)}
        if kind in ("exp_pile_top", "exp_discard_top"):
            zone = "pile" if kind == "exp_pile_top" else "discard"
            return {"path": zone, "prefix": self.cards_of(c[0])}
        if kind in ("exp_pile_bottom", "exp_discard_bottom"):
            zone = "pile" if kind == "exp_pile_bottom" else "discard"
            return {"path": zone, "suffix": self.cards_of(c[0])}
        if kind == "exp_discard_has":
            return {"path": "discard", "contains": self.cards_of(c[0])}
        if kind == "exp_zone":
            return {"path": f"zones.{c[0]}", "equals": self.cards_of(c[1] if len(c) > 1
                                                                     else None)}
        if kind == "exp_pending_kind":
            self.kinds.append((str(c[0]), _pos(c[0])))
            return {"path": "pending", "matches": {"kind": str(c[0]),
                                                   "target": self.player(c[1])}}
        if kind == "exp_queue":
            return {"path": "queue", "count": self.num(c[0])}
        if kind == "exp_counter":
            return {"path": "counters", "contains": [{"card": self.card(c[2]),
                                                      "counter": str(c[0]),
                                                      "value": self.num(c[1])}]}
        if kind == "exp_revealed":
            return {"path": f"revealed.{self.player(c[0])}",
                    "same_cards": self.cards_of(c[1] if len(c) > 1 else None)}
        if kind == "exp_knows":
            return {"path": f"knowledge.{self.player(c[0])}.{self.player(c[1])}",
                    "same_cards": self.cards_of(c[2] if len(c) > 2 else None)}
        if kind == "exp_no_choice":
            return {"path": "choice", "equals": None}
        if kind == "exp_ruleset":
            return {"path": "ruleset", "equals": str(c[0])}
        return self.fact_1_2(kind, c)

    def fact_1_2(self, kind: str, c: list) -> dict:
        """Expectations added by format 1.2: the tempo, Power Cards, cards attached."""
        if kind == "exp_tempo":
            return {"path": "tempo", "matches": {"tempo": self.num(c[0])}}
        if kind == "exp_owed":
            return {"path": "tempo", "matches": {"owed": self.num(c[0])}}
        if kind == "exp_power":
            return {"path": f"power.{self.player(c[0])}", "equals": self.power_color(c[1])}
        if kind == "exp_attached":
            return {"path": "attached", "contains": [{
                "card": self.card(c[0]), "cards": self.cards_of(c[1] if len(c) > 1 else None)}]}
        return self.fact_1_3(kind, c)

    def fact_1_3(self, kind: str, c: list) -> dict:
        """Expectations added by format 1.3: the windows open (a follow-up card, an answer)."""
        if kind == "exp_window":
            window = {"kind": str(c[0])}
            if len(c) > 1:
                window["to"] = self.player(c[1])
            return {"path": "windows", "contains": [window]}
        if kind == "exp_no_window":
            return {"path": "windows", "equals": []}
        return self.fact_1_4(kind, c)

    def fact_1_4(self, kind: str, c: list) -> dict:
        """Expectations added by format 1.4: the legal moves (protocol 2.0's ``legal``)."""
        if kind in ("exp_legal", "exp_not_legal"):
            move = self.move(c[0])
            return {"path": "legal", "contains" if kind == "exp_legal" else "lacks":
                    [move] if move is not None else []}
        if kind == "exp_moves":
            who = self.player(c[0])
            moves = [m for m in map(self.move, c[1:]) if m is not None]
            for m, node in zip(moves, c[1:], strict=False):
                if m["player"] != who:
                    self.errors.error(_pos(node), f"a move of {m['player']} among the moves of "
                                      f"{who}")
            return {"path": f"legal.{who}", "set": moves}
        raise AssertionError(kind)

    def choice_facts(self, c: list) -> list[dict]:
        """``expect choice bob cards options red 5, red 6 count 1``: who, the kind, and what
        is offered, each detail its own fact so a difference names it."""
        who, kind = self.player(c[0]), str(c[1])
        facts: list[dict] = [{"path": "choice", "matches": {"by": who, "kind": kind}}]
        for detail in c[2:]:
            name = detail.data.removeprefix("detail_")
            if name == "options":
                options = [self.option(kind, card) for card in detail.children[0].children]
                facts.append({"path": "choice.options", "set": options})
            else:
                facts.append({"path": f"choice.{name}", "equals": self.num(detail.children[0])})
        return facts

    def option(self, kind: str, node: Tree) -> str:
        """One option of a choice, read as the kind offers it: a player, a card, a word."""
        if kind in ("player", "players", "counts"):
            if len(node.children) != 1:
                self.errors.error(_pos(node), f"a {kind} choice offers players, not cards")
            return self.player(node.children[0])
        if kind in ("card", "cards", "order"):
            return self.card(node)
        return " ".join(str(t) for t in node.children)

    def power_color(self, token) -> str:
        """A Power Card is green or red (UNO Blender's Power Cards)."""
        if str(token) not in POWER_COLORS:
            self.errors.error(_pos(token), f"a Power Card is {' or '.join(POWER_COLORS)}, not "
                              f"'{token}'")
        return str(token)

    # -- whole document ------------------------------------------------------------

    def build(self, tree: Tree) -> dict:
        children = tree.children
        self.data["title"] = unquote(children[0])
        self.table_pos = self._table_keyword()
        for node in children[1:]:
            if node.data in _HEADERS:
                self.header(node)
            elif node.data in _SETUPS:
                self.setup(node)
            elif node.data.startswith("exp_"):
                self.expect(node)
            else:
                self.step(node)
        self.finish()
        return self.data

    def finish(self) -> None:
        d, t = self.data, self.table
        for need in ("id", "ruleset"):
            if not d[need]:
                self.errors.error((1, 1), f"the scenario has no '{need}' line")
        if "players" not in t:
            self.errors.error(self.table_pos, "the table has no 'players' line")
            t["players"] = []
        players = t["players"]
        if players and len(players) < 2:
            self.errors.error(self.where["players"], "a table needs at least 2 players")
        for name, pos in self.player_refs:
            if players and name not in players:
                self.errors.error(pos, f"unknown player '{name}' (players: {', '.join(players)})")
        if "deal" in t.get("setup", []) and any(t.get("hands", {}).values()):
            self.errors.error(self.where["deal"], "a table that deals cannot also list hands")
        if "direction" in t and t["direction"] not in DIRECTIONS:
            self.errors.error(self.where["direction"], f"unknown direction '{t['direction']}'")
        hands = t.setdefault("hands", {})
        for p in players:
            hands.setdefault(p, [])
        d["table"] = t


    def _table_keyword(self) -> Pos:
        """Where the 'table' line is (the tree keeps no token for the keyword)."""
        for n, line in enumerate(self.source.lines, start=1):
            if line.strip() == "table":
                return (n, line.index("table") + 1)
        return (1, 1)


_HEADERS = {"id", "ruleset", "option", "cites", "pins", "note", "extra_copies"}
_SETUPS = {"players", "dealer", "turn", "direction", "color", "discard", "pile", "hand",
           "field", "score", "deal", "flip", "setup_shuffle", "neutral", "zone", "eliminated",
           "out_players", "choose_dealer", "tempo", "power"}
_ACTS = {"pass_": "pass", "choose_player": "choose", "choose_players": "choose",
         "choose_card": "choose", "choose_cards": "choose", "choose_order": "choose",
         "choose_number": "choose", "choose_counts": "choose", "choose_answer": "choose"}
_CHOICE_KEYS = {"choose_color": "color", "at_target": "target", "with_cards": "cards"}


def compile_scenario(text: str, path: str = "<string>") -> CompiledScenario:
    """Parse and compile one scenario; raises HotDeathError (only) on bad input."""
    source = SourceText(path, text)
    if not text.endswith("\n"):
        text += "\n"
    try:
        tree = lark_parser("scenario.lark").parse(text)
    except UnexpectedInput as err:
        raise syntax_error(source, err, lark_parser("scenario.lark")) from None
    except (LarkError, RecursionError, ValueError) as err:
        raise HotDeathError([Diagnostic(path, 1, 1, f"cannot parse: {err}")]) from None
    builder = Builder(source)
    data = builder.build(tree)
    builder.errors.raise_if_any()
    return CompiledScenario(data, path, source, builder.cards, builder.step_pos,
                            builder.header_pos, builder.kinds)


_SOURCES = ("scenario/parse.py", "scenario/format.py", "lang/parse.py", "errors.py")
"""The modules whose code shapes a compiled scenario, part of its cache key."""


def compile_scenario_file(path: Path) -> CompiledScenario:
    """Compile one scenario file, or read it back from the disk cache (keyed by its text).

    Compiling took 1.5-2 ms a file, most of a corpus run's start; a cached
    scenario loads in a fraction of that. The entry holds what does not depend
    on where the file is (the JSON and the positions); only a file that
    compiles is cached, so errors are found and reported every time.
    """
    text = read_source(path)
    store = _cache()
    saved = store.get(text)
    if isinstance(saved, tuple) and len(saved) == 5:
        data, cards, steps, header, kinds = saved
        return CompiledScenario(data, str(path), SourceText(str(path), text), cards, steps,
                                header, kinds)
    scn = compile_scenario(text, str(path))
    store.put(text, (scn.data, scn.card_positions, scn.step_positions, scn.header_positions,
                     scn.kind_positions))
    return scn


@cache
def _cache() -> DiskCache:
    return DiskCache("scenarios", salt(_SOURCES, [grammar_dir() / "scenario.lark"]))
