"""AST to Ruleset: resolve names, apply ``extends``/``amend``/options, verify citations.

All problems in all files are collected and reported together, each as
``path:line:col: message`` with the source line and a caret.
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass
from pathlib import Path

from ..errors import Collector, Diagnostic, HotDeathError, SourceText
from ..model import (
    ActDecl,
    Aside,
    CardKind,
    Citation,
    Effect,
    Holding,
    Option,
    Override,
    Pack,
    Rule,
    Ruleset,
    Ruling,
    ZoneDecl,
)
from ..registry import Vocabulary, load
from . import ast, citations
from .compile import Binder, suggest
from .deck import build_faces
from .parse import parse_rules_file

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


class Checker:
    """Builds one Ruleset from its file and (already built) parent, with chosen options on."""

    def __init__(self, tree: ast.RulesFile, parent: Ruleset | None, vocab: Vocabulary,
                 options: frozenset[str] = frozenset()):
        self.tree = tree
        self.parent = parent
        self.errors = Collector(SourceText(tree.path, tree.text))
        self.vocab = vocab
        self.options = options
        self.rs = self._start(parent)
        self.pending_bodies: list[tuple] = []  # (owner, AST item), compiled once names are known

    def _start(self, parent: Ruleset | None) -> Ruleset:
        t = self.tree
        if parent is None:
            return Ruleset(t.ident, t.title, None, {}, {}, {}, {}, {}, [])
        rs = copy.copy(parent)
        rs.ident, rs.title, rs.extends = t.ident, t.title, parent.ident
        rs.settings = dict(parent.settings)
        rs.kinds = {k: _copy_kind(v) for k, v in parent.kinds.items()}
        rs.rules = dict(parent.rules)
        rs.rulings = dict(parent.rulings)
        rs.options = dict(parent.options)
        rs.acts = dict(parent.acts)
        rs.zones = dict(parent.zones)
        rs.asides = list(parent.asides)
        rs.citations = []
        rs._values = {}
        rs._roles = {}
        rs.variants = {}
        rs._translated = {}
        return rs

    # -- entry points ---------------------------------------------------------------

    def build(self) -> Ruleset:
        for entry in self.tree.entries:
            self.top_entry(entry)
        for ident in sorted(self.options):
            option = self.rs.options.get(ident)
            if option is not None and option.path == self.tree.path:
                for entry in option.entries:
                    self.top_entry(entry, in_option=True)
        self.finish_settings()
        card_names = set(self.rs.kinds)
        for owner, item in self.pending_bodies:
            self.compile_item(owner, item, card_names)
        for kind in self.rs.kinds.values():
            if kind.side and kind.side not in self.rs.kinds:
                self.errors.error(kind.pos, f"card \"{kind.name}\" has the side \"{kind.side}\","
                                  f" which is no card{suggest(kind.side, self.rs.kinds)}")
            if not kind.citations and kind.path == self.tree.path:
                self.errors.error(kind.pos, f"card \"{kind.name}\" cites no source")
        self.index_rules()
        self.errors.raise_if_any()
        self.rs.freeze_settings()  # settings are final now
        for name, problem in build_faces(self.rs):
            if isinstance(name, tuple):  # a pack's line: (line, column)
                self.errors.error(name, problem)
                continue
            kind = self.rs.kinds[name]  # inherited: its position is in the parent's file
            self.errors.error(kind.pos if kind.path == self.tree.path else self.tree.pos,
                              problem)
        self.errors.raise_if_any()
        self.rs.active_options = self.options | (self.parent.active_options
                                                 if self.parent else frozenset())
        return self.rs

    def index_rules(self) -> None:
        rs = self.rs
        rs.override_index, rs.general_overrides, rs.rule_triggers = {}, [], {}
        # A ruleset's own overrides come before those it inherits, and a parent's before a
        # grandparent's (the first that applies wins): v3's duel Reverse is a skip, not
        # classic's 'play again'.
        rs.files = (self.tree.path, *(self.parent.files if self.parent else ()))
        depth = {path: i for i, path in enumerate(rs.files)}
        for rule in sorted(rs.rules.values(), key=lambda r: depth.get(r.path, len(depth))):
            for ov in rule.overrides:
                if ov.card is not None:
                    rs.override_index.setdefault(ov.card, []).append(ov)
                else:
                    rs.general_overrides.append(ov)
        for rule in rs.rules.values():
            for event, effects in rule.triggers.items():
                rs.rule_triggers.setdefault(event, []).extend(effects)
        events = set(rs.rule_triggers)
        for kind in rs.kinds.values():
            events |= set(kind.triggers)
        rs.reacts = frozenset(events & REACTIVE)
        rs.grants = any(k.grants_match for k in rs.kinds.values())
        rs.hand_modifiers = any(k.modifies_from == "hand" for k in rs.kinds.values())
        rs.global_modifiers = any("global" in k.categories and k.modifiers
                                  for k in rs.kinds.values())
        rs.anytime = any(k.playable_anytime and k.copies for k in rs.kinds.values())
        rs.attack_modifiers = any(m.event == "attack" for k in rs.kinds.values()
                                  for m in k.modifiers)
        rs.extras = any(rs.settings.get(s) for s in EXTRA_SETTINGS) or any(
            k.side or k.counts_as or "modify" in k.triggers or "entered" in k.triggers
            for k in rs.kinds.values())

    def top_entry(self, entry: ast.Entry, in_option: bool = False) -> None:
        if isinstance(entry, ast.Property):
            if in_option and entry.name in OPTION:
                return
            if entry.name == "drops" and self.prop(entry, TOP, "ruleset setting"):
                self.drop(entry)
            elif self.prop(entry, TOP, "ruleset setting"):
                self.rs.settings[entry.name] = self.values(entry)
        elif isinstance(entry, ast.Citation):
            if not in_option:
                self.rs.citations.append(self.citation(entry))
            else:
                self.citation(entry)
        elif isinstance(entry, ast.Block):
            if in_option and entry.kind not in ("card", "amend", "rule", "act", "zone"):
                self.misplaced(entry)
                return
            getattr(self, "block_" + entry.kind, self.misplaced)(entry)
        else:
            self.misplaced(entry)

    def drop(self, p: ast.Property) -> None:
        """Inherited rules, acts or options this ruleset does without, by name."""
        rs = self.rs
        for name in p.values:
            found = [table for table in (rs.rules, rs.acts, rs.options) if name in table]
            if not found:
                self.errors.error(p.pos, f"'drops' names no inherited rule, act or option "
                                  f"\"{name}\"")
            for table in found:
                del table[name]

    def misplaced(self, entry) -> None:
        what = type(entry).__name__.lower()
        if isinstance(entry, ast.Block):
            what = entry.kind if entry.kind != "section" else f"'{entry.name}' block"
        elif isinstance(entry, ast.Trigger):
            what = f"'on {entry.event}'"
        elif isinstance(entry, ast.EffectDef):
            what = f"'effect {entry.name}'"
        self.errors.error(entry.pos, f"{what} is not allowed here")

    # -- properties and citations ---------------------------------------------------

    def prop(self, p: ast.Property, schema: dict[str, PropSpec], what: str) -> bool:
        spec = schema.get(p.name)
        if spec is None:
            self.errors.error(p.pos, f"unknown {what} '{p.name}'{suggest(p.name, schema)}")
            return False
        bad = self.prop_problem(p, spec)
        if bad:
            self.errors.error(p.pos, f"'{p.name}' {bad}")
            return False
        return True

    @staticmethod
    def prop_problem(p: ast.Property, spec: PropSpec) -> str | None:
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

    @staticmethod
    def values(p: ast.Property) -> tuple:
        return tuple(v.text if isinstance(v, ast.Name) else v for v in p.values)

    def citation(self, c: ast.Citation) -> Citation:
        for problem in citations.problems(c.source, c.heading, c.quote):
            self.errors.error(c.at(problem.field), problem.message)
        return Citation(c.source, c.heading, c.quote)

    # -- cards -------------------------------------------------------------------------------

    def block_card(self, b: ast.Block) -> None:
        if b.name in self.rs.kinds and self.rs.kinds[b.name].path == self.tree.path:
            self.errors.error(b.pos, f"card \"{b.name}\" is declared twice")
        kind = CardKind(b.name, text=b.name, pos=b.pos, path=self.tree.path)
        self.rs.kinds[b.name] = kind
        self.card_entries(kind, b, replace=False)
        if not kind.key and not kind.ranks:
            self.errors.error(b.pos, f"card \"{b.name}\" needs a 'key' (or 'ranks')")

    def block_amend(self, b: ast.Block) -> None:
        kind = self.rs.kinds.get(b.name)
        if kind is None:
            self.errors.error(b.pos, f"cannot amend unknown card \"{b.name}\""
                              f"{suggest(b.name, self.rs.kinds)}")
            return
        self.card_entries(kind, b, replace=True)

    def card_entries(self, kind: CardKind, b: ast.Block, replace: bool) -> None:
        replaced: set[str] = set()
        for e in b.entries:
            if isinstance(e, ast.Property):
                if self.prop(e, CARD, "card property"):
                    self.card_prop(kind, e)
            elif isinstance(e, ast.Citation):
                kind.citations.append(self.citation(e))
            elif isinstance(e, ast.Trigger | ast.Answer | ast.Modifier | ast.EffectDef):
                slot = self.slot_name(e)
                if replace and slot not in replaced:
                    replaced.add(slot)
                    self.clear_slot(kind, e)
                    # the card may be declared earlier in this same file (an option amends it)
                    self.pending_bodies = [(o, i) for o, i in self.pending_bodies
                                           if not (o is kind and self.is_slot(i, slot))]
                self.pending_bodies.append((kind, e))
            elif isinstance(e, ast.Block) and e.kind == "section" and e.name == "while_active":
                if replace:
                    kind.while_active = {}
                for p in e.entries:
                    if isinstance(p, ast.Property) and self.prop(p, TOP, "ruleset setting"):
                        kind.while_active[p.name] = self.values(p)
                    elif not isinstance(p, ast.Property):
                        self.misplaced(p)
            else:
                self.misplaced(e)

    @classmethod
    def is_slot(cls, item, slot: str) -> bool:
        return isinstance(item, ast.Trigger | ast.Answer | ast.Modifier | ast.EffectDef) \
            and cls.slot_name(item) == slot

    @staticmethod
    def slot_name(e) -> str:
        if isinstance(e, ast.Trigger):
            return "on " + e.event
        if isinstance(e, ast.EffectDef):
            return "effect " + e.name
        return "answers" if isinstance(e, ast.Answer) else "modifies"

    @staticmethod
    def clear_slot(kind: CardKind, e) -> None:
        if isinstance(e, ast.Trigger):
            kind.triggers[e.event] = []
        elif isinstance(e, ast.Answer):
            kind.answers = []
        elif isinstance(e, ast.Modifier):
            kind.modifiers = []

    def card_prop(self, kind: CardKind, p: ast.Property) -> None:
        vals = self.values(p)
        v = vals[0] if vals else None
        if p.name == "key":
            kind.key = str(v)
            if not kind.suits:
                kind.suits = (str(v),)
        elif p.name == "suit":
            kind.suits = tuple(str(x) for x in vals)
        elif p.name == "jumps_as":
            kind.jumps_as = tuple(str(x) for x in vals)
        elif p.name == "jump_in_by":
            kind.jump_in_by = tuple(str(x) for x in vals)
        elif p.name == "color":
            allowed = set(self.rs.colors) | {"wild", "each"}
            for c in vals:
                if c not in allowed:
                    hint = suggest(c, allowed) or f" (expected one of {', '.join(sorted(allowed))})"
                    self.errors.error(p.pos, f"'color' has no value '{c}'{hint}")
            if "each" in vals and len(vals) > 1:
                self.errors.error(p.pos, "'color each' cannot be combined with other colours")
            kind.colors = tuple(vals)
        elif p.name == "ranks":
            kind.ranks = tuple(range(v.low, v.high + 1))
        elif p.name == "category":
            kind.categories = frozenset(vals)
        elif p.name in ("playable", "must_answer"):
            if p.guard is not None:
                if p.name == "playable" and v == "anytime":
                    kind.playable_anytime = True  # the guard says when, out of turn
                self.pending_bodies.append((kind, p))
            else:
                kind.playable_anywhere = True
                kind.playable_anytime = v == "anytime"
        elif p.name == "called":
            kind.called = str(v)
        elif p.name == "replaces" and v == "none":
            kind.replaces = None
        elif p.name in ("answer_from", "modifies_from"):
            setattr(kind, p.name, str(v))
        elif p.name == "grants_match":
            kind.grants_match = () if vals == ("none",) else tuple(str(x) for x in vals)
        elif p.name == "points" and isinstance(v, ast.CallValue):
            self.pending_bodies.append((kind, p))
        elif p.name == "stack" and v == "none":
            kind.stack = None
        elif p.name == "plays_on":
            kind.plays_on = tuple(str(x) for x in vals)
        elif p.name in ("modifier", "side"):
            setattr(kind, p.name, str(v))
        elif p.name == "counts_as":
            kind.counts_as = tuple(n for v in vals for n in (
                range(v.low, v.high + 1) if isinstance(v, ast.Range) else (v,)))
        elif p.name == "stacks_on":
            kind.stacks_on = tuple(str(x) for x in vals)
        elif p.name in ("text", "number", "copies", "points", "stack", "replaces"):
            setattr(kind, p.name, str(v) if p.name == "replaces" else v)

    # -- the deck, assembled from packs ---------------------------------------------------

    def block_section(self, b: ast.Block) -> None:
        """A top-level 'deck { ... }': the packs a deck is assembled from, and what each holds."""
        if b.name != "deck":
            self.misplaced(b)
            return
        self.rs.packs = {}
        cites: list[Citation] = []
        for e in b.entries:
            if isinstance(e, ast.Citation):
                cites.append(self.citation(e))
            elif isinstance(e, ast.Property) and e.name in ("pack", "holds"):
                getattr(self, "deck_" + e.name)(e, cites)
                cites = []
            else:
                self.misplaced(e)

    def deck_pack(self, p: ast.Property, cites: list[Citation]) -> None:
        vals = self.values(p)
        if len(vals) != 3 or not isinstance(vals[0], str) or not isinstance(vals[2], int):
            self.errors.error(p.pos, "'pack' takes a name, a title and a card count, as in "
                              "'pack party \"UNO Party\" 104'")
            return
        self.rs.packs[vals[0]] = Pack(vals[0], str(vals[1]), vals[2], [], cites)

    def deck_holds(self, p: ast.Property, cites: list[Citation]) -> None:
        vals = self.values(p)
        if len(vals) < 4 or vals[0] not in self.rs.packs or not isinstance(vals[1], int) \
                or not 0 < vals[1] <= LIMITS["copies"]:
            self.errors.error(p.pos, "'holds' takes a declared pack, a count (1 to "
                              f"{LIMITS['copies']}), a colour (or 'each') and the faces, as "
                              "in 'holds party 1 each 0..9'")
            return
        keys: list[str] = []
        for v in vals[3:]:
            if isinstance(v, ast.Range):
                if v.high - v.low > LIMITS["ranks"]:
                    self.errors.error(p.pos, f"a range of more than {LIMITS['ranks']} ranks")
                    return
                keys += [str(r) for r in range(v.low, v.high + 1)]
            else:
                keys.append(str(v))
        pack = self.rs.packs[vals[0]]
        pack.holdings.append(Holding(pack.ident, vals[1], str(vals[2]), tuple(keys), p.pos))
        pack.citations.extend(cites)

    # -- rules, rulings, options, acts, zones ----------------------------------------------

    def block_rule(self, b: ast.Block) -> None:
        rule = Rule(b.name, [], {}, [], {}, self.tree.path, b.pos)
        self.rs.rules[b.name] = rule
        for e in b.entries:
            if isinstance(e, ast.Property):
                if self.prop(e, RULE, "rule property"):
                    rule.properties[e.name] = self.values(e)
            elif isinstance(e, ast.Citation):
                rule.citations.append(self.citation(e))
            elif isinstance(e, ast.Trigger | ast.EffectDef) or isinstance(e, ast.Block) \
                    and e.kind == "override":
                self.pending_bodies.append((rule, e))
            else:
                self.misplaced(e)
        if not rule.citations:
            self.errors.error(b.pos, f"rule \"{b.name}\" cites no source")

    def block_ruling(self, b: ast.Block) -> None:
        fields: dict[str, list] = {}
        cites = []
        for e in b.entries:
            if isinstance(e, ast.Property):
                if self.prop(e, RULING, "ruling field"):
                    fields.setdefault(e.name, []).append(
                        tuple(e.values) if e.name == "cell" else e.values[0])
            elif isinstance(e, ast.Citation):
                cites.append(self.citation(e))
            else:
                self.misplaced(e)
        for need in ("question", "answer", "rationale"):
            if need not in fields:
                self.errors.error(b.pos, f"ruling {b.ident} has no '{need}'")
        if not cites:
            self.errors.error(b.pos, f"ruling {b.ident} cites no source")
        if b.ident in self.rs.rulings and self.rs.rulings[b.ident].path == self.tree.path:
            self.errors.error(b.pos, f"ruling {b.ident} is declared twice")
        get = lambda k: fields.get(k, [""])[0]  # noqa: E731
        self.rs.rulings[b.ident] = Ruling(b.ident, b.name, get("question"), get("answer"),
                                          get("rationale"), tuple(fields.get("alternative", [])),
                                          cites, self.tree.path, tuple(fields.get("cell", [])))

    def block_option(self, b: ast.Block) -> None:
        default, cites, entries, excludes = False, [], [], ()
        for e in b.entries:
            if isinstance(e, ast.Property) and e.name in OPTION:
                if self.prop(e, OPTION, "option field"):
                    if e.name == "default":
                        default = e.values[0].text == "on"
                    else:
                        excludes = tuple(v.text for v in e.values)
            elif isinstance(e, ast.Citation):
                cites.append(self.citation(e))
            elif isinstance(e, ast.Property | ast.Block):
                entries.append(e)
            else:
                self.misplaced(e)
        if not cites:
            self.errors.error(b.pos, f"option {b.ident} cites no source")
        self.rs.options[b.ident] = Option(b.ident, b.name, default, cites, tuple(entries),
                                          self.tree.path, excludes)

    def block_act(self, b: ast.Block) -> None:
        by, needs, cites, replaces = "anyone", frozenset(), [], None
        for e in b.entries:
            if isinstance(e, ast.Property):
                if self.prop(e, ACT, "act property"):
                    if e.name == "by":
                        by = e.values[0].text
                    elif e.name == "replaces":
                        replaces = e.values[0].text
                    elif e.name == "needs":
                        needs = frozenset(self.values(e))
            elif isinstance(e, ast.Citation):
                cites.append(self.citation(e))
            elif not (isinstance(e, ast.Trigger) and e.event == "act"):
                self.misplaced(e)
        if b.ident in ("play", "use", "jump_in", "draw", "pass", "accept", "challenge", "uno",
                       "catch", "choose"):
            self.errors.error(b.pos, f"'{b.ident}' is one of the protocol's own acts")
        if not cites:
            self.errors.error(b.pos, f"act {b.ident} cites no source")
        if replaces is not None and (by != "turn" or needs):
            self.errors.error(b.pos, f"act {b.ident} replaces the draw, so it is 'by turn' "
                              "and needs no target or card")
        decl = ActDecl(b.ident, b.name, by, needs, None, None, cites, replaces)
        self.rs.acts[b.ident] = decl
        self.pending_bodies.append((decl, b))

    def only_citations(self, b: ast.Block) -> list:
        """A block that may hold nothing but citations (an aside, a zone)."""
        cites = []
        for e in b.entries:
            if isinstance(e, ast.Citation):
                cites.append(self.citation(e))
            else:
                self.misplaced(e)
        return cites

    def block_aside(self, b: ast.Block) -> None:
        cites = self.only_citations(b)
        if not cites:
            self.errors.error(b.pos, f"aside \"{b.name}\" cites nothing")
        self.rs.asides.append(Aside(b.name, tuple(cites), self.tree.path))

    def block_zone(self, b: ast.Block) -> None:
        cites = self.only_citations(b)
        self.rs.zones[b.ident] = ZoneDecl(b.ident, b.name, cites)

    # -- bodies --------------------------------------------------------------------------------

    def binder(self, card_names: set[str]) -> Binder:
        return Binder(self.vocab, self.errors, self.rs.colors, card_names, tuple(self.rs.zones))

    def compile_item(self, owner, item, card_names: set[str]) -> None:
        binder = self.binder(card_names)
        if isinstance(item, ast.Block) and item.kind == "override":
            self.compile_override(owner, item, binder, card_names)
            return
        if isinstance(item, ast.Block) and item.kind == "act":
            self.compile_act(owner, item, binder)
            return
        if isinstance(item, ast.Property) and item.name == "points":
            self.compile_points(owner, item, binder)
            return
        if isinstance(item, ast.Property):  # a guarded card property
            name = item.name
            if name == "playable" and item.values and item.values[0].text == "anytime":
                name = "anytime_guard"  # on one's own turn the card plays as any other
            setattr(owner, name, binder.guard(item.guard))
            return
        if isinstance(item, ast.EffectDef):
            body = binder.body(item.body)
            owner.effects[item.name] = Effect(item.name, None, body, owner.name, "", binder.asks)
            return
        name = owner.name
        guard = binder.guard(item.guard)
        body = binder.body(item.body)
        effect = Effect(getattr(item, "event", None) or getattr(item, "what", ""), guard, body,
                        name, getattr(item, "layer", ""), binder.asks)
        if isinstance(item, ast.Trigger):
            self.add_trigger(owner, item, effect, binder)
        elif isinstance(item, ast.Answer):
            if item.what != "attack":
                self.errors.error(item.pos, f"cards can only answer 'attack', not '{item.what}'")
            owner.answers.append(effect)
            owner.needs["answer"] = frozenset(binder.needs)
        elif isinstance(item, ast.Modifier):
            self.check_modifier(item, binder)
            owner.modifiers.append(effect)

    def check_modifier(self, item: ast.Modifier, binder: Binder) -> None:
        if item.what not in ("draw", "score", "attack"):
            self.errors.error(item.pos, f"only draws, attacks and scores can be modified, not "
                              f"'{item.what}'")
            return
        layers = self.score_layers() if item.what == "score" else self.rs.layers
        setting = "score_layers" if item.what == "score" else "layers"
        if item.layer not in layers:
            self.errors.error(item.pos, f"unknown {item.what} layer '{item.layer}' (declared "
                              f"with '{setting}': {', '.join(layers) or 'none'})")
        if binder.asks:
            self.errors.error(item.pos, f"a {item.what} modifier cannot ask a player to choose")

    def score_layers(self) -> tuple[str, ...]:
        got = self.rs.settings.get("score_layers")
        if got is None and self.parent is not None:
            return tuple(self.parent.setting_list("score_layers"))
        return tuple(got or ())

    def compile_points(self, kind: CardKind, p: ast.Property, binder: Binder) -> None:
        """Points worked out when the hand is scored, for the card's holder."""
        got = binder.expression(p.values[0], p.pos)
        if got is None:
            return
        fn, typ = got
        if typ != "int":
            self.errors.error(p.pos, f"'points' must be a number, not {typ}")
            return
        kind.points = fn
        kind.points_relative = "highest_points" in repr(p.values[0])

    def add_trigger(self, owner, item: ast.Trigger, effect: Effect, binder: Binder) -> None:
        allowed = CARD_EVENTS if isinstance(owner, CardKind) else RULE_EVENTS
        if item.event not in allowed:
            self.errors.error(item.pos, f"unknown event 'on {item.event}' "
                              f"(expected {', '.join(sorted(allowed))})")
            return
        owner.triggers.setdefault(item.event, []).append(effect)
        if isinstance(owner, CardKind):
            owner.needs[item.event] = frozenset(binder.needs)

    def compile_act(self, decl: ActDecl, b: ast.Block, binder: Binder) -> None:
        for e in b.entries:
            if isinstance(e, ast.Trigger) and e.event == "act":
                decl.trigger = Effect("act", binder.guard(e.guard), binder.body(e.body),
                                      decl.title, "", binder.asks)
            elif isinstance(e, ast.Property) and e.name == "allowed":
                decl.guard = binder.guard(e.guard)
        needs = binder.needs - {"target", "card"}
        if needs:
            self.errors.error(b.pos, f"act {decl.name} uses choices it cannot be given: "
                              f"{', '.join(sorted(needs))}")

    def compile_override(self, rule: Rule, b: ast.Block, binder: Binder, names: set[str]) -> None:
        what, name = b.target
        if what == "card" and name not in self.rs.kinds:
            self.errors.error(b.pos, f"override of unknown card \"{name}\"{suggest(name, names)}")
            return
        if what == "category" and name not in CATEGORIES:
            self.errors.error(b.pos, f"override of unknown category '{name}' (categories: "
                              f"{', '.join(sorted(CATEGORIES))})")
            return
        triggers = {}
        for e in b.entries:
            if isinstance(e, ast.Trigger) and e.event in CARD_EVENTS:
                inner = self.binder(names)
                triggers[e.event] = Effect(e.event, inner.guard(e.guard), inner.body(e.body),
                                           rule.name, "", inner.asks)
            else:
                self.errors.error(getattr(e, "pos", b.pos), "an override holds only card "
                                  "triggers ('on play', 'on start', ...)")
        rule.overrides.append(Override(name if what == "card" else None,
                                       name if what == "category" else None,
                                       binder.guard(b.guard), triggers, rule.name))

    def finish_settings(self) -> None:
        s = self.rs.settings
        if "colors" in s:
            self.rs.colors = tuple(s["colors"])
        if "match" in s:
            self.rs.match = tuple(s["match"])
        if "layers" in s:
            self.rs.layers = tuple(s["layers"])


def _copy_kind(kind: CardKind) -> CardKind:
    new = copy.copy(kind)
    new.triggers = {k: list(v) for k, v in kind.triggers.items()}
    new.answers = list(kind.answers)
    new.modifiers = list(kind.modifiers)
    new.effects = dict(kind.effects)
    new.while_active = dict(kind.while_active)
    new.citations = list(kind.citations)
    new.needs = dict(kind.needs)
    return new


def _build(tree: ast.RulesFile, parent: Ruleset | None, vocab: Vocabulary) -> Ruleset:
    rs = Checker(tree, parent, vocab).build()

    def variant(base: Ruleset, options: frozenset[str]) -> Ruleset:
        mine = frozenset(o for o in options if base.options[o].path == tree.path)
        inherited = options - mine
        up = parent.with_options(inherited) if parent is not None and inherited else parent
        built = Checker(tree, up, vocab, mine).build()
        built.variant_builder = variant
        return built

    rs.variant_builder = variant
    return rs


def load_rulesets(directory: Path | None = None) -> dict[str, Ruleset]:
    """Parse and check every ``*.hd`` file; parents are built before children.

    ``directory`` may also be one rules file: it is checked with the bundled
    spec, replacing the bundled ruleset of the same name (or adding a new one,
    whose parent can be any bundled ruleset). That is how a house-rule designer
    tries an edited copy of one file (``hotdeath run --spec my-classic.hd``).
    """
    from ..resources import spec_dir

    own = directory if directory is not None and directory.is_file() else None
    directory = spec_dir() if directory is None or own is not None else directory
    vocab = load()
    trees, diags = {}, []
    for path in sorted(directory.glob("*.hd")):
        try:
            tree = parse_rules_file(path)
        except HotDeathError as err:
            diags.extend(err.diagnostics)
            continue
        if tree.ident in trees:
            other = trees[tree.ident].path
            diags.append(SourceText(tree.path, tree.text).diag(
                1, 1, f"ruleset '{tree.ident}' is also declared in {other}"))
        trees[tree.ident] = tree
    if own is not None:  # one's own file wins over the bundled ruleset of its name
        try:
            tree = parse_rules_file(own)
            trees[tree.ident] = tree
        except HotDeathError as err:
            diags.extend(err.diagnostics)
    built: dict[str, Ruleset] = {}

    def build(ident: str, chain: tuple[str, ...]) -> Ruleset | None:
        if ident in built:
            return built[ident]
        tree = trees[ident]
        parent = None
        if tree.extends:
            if tree.extends in chain or tree.extends == ident:
                diags.append(Diagnostic(tree.path, 1, 1, f"ruleset '{ident}' extends itself "
                                        f"through {' -> '.join(chain + (ident,))}"))
                return None
            if tree.extends not in trees:
                diags.append(SourceText(tree.path, tree.text).diag(
                    *tree.pos, f"ruleset '{ident}' extends unknown ruleset '{tree.extends}'"))
                return None
            parent = build(tree.extends, chain + (ident,))
            if parent is None:
                return None
        try:
            built[ident] = _build(tree, parent, vocab)
        except HotDeathError as err:
            diags.extend(err.diagnostics)
            return None
        return built[ident]

    for ident in trees:
        build(ident, ())
    for ident, rs in built.items():
        diags.extend(_check_options(trees[ident], rs))
    if diags:
        raise HotDeathError(diags)
    return built


def _check_options(tree: ast.RulesFile, rs: Ruleset) -> list[Diagnostic]:
    """Every option declared in a file builds cleanly when switched on alone."""
    out = []
    for ident, option in rs.options.items():
        if option.path != tree.path:
            continue
        for other in option.excludes:
            if other not in rs.options or other == ident:
                out.append(Diagnostic(tree.path, 1, 1, f"option {ident} excludes "
                                      f"'{other}', which is no other option of {rs.ident}"))
        try:
            rs.with_options(frozenset({ident}))
        except HotDeathError as err:
            out.extend(err.diagnostics)
    return out


def check_text(text: str, path: str = "<string>", parent: Ruleset | None = None) -> Ruleset:
    """Check a single rules text (used by tests and by tools that lint one file)."""
    from .parse import parse_rules

    return _build(parse_rules(text, path), parent, load())
