"""AST to Ruleset: resolve names, apply ``extends``/``amend``, verify citations.

All problems in all files are collected and reported together, each as
``path:line:col: message`` with the source line and a caret.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from pathlib import Path

from ..errors import Collector, Diagnostic, HotDeathError, SourceText
from ..model import CardKind, Citation, Effect, Option, Override, Rule, Ruleset, Ruling
from ..registry import Vocabulary, load
from . import ast, citations
from .compile import Binder, suggest
from .deck import build_faces
from .parse import parse_rules_file

CATEGORIES = {"number", "action", "wild", "field", "defense", "attack", "global", "technical",
              "directed"}
ROLES = {"matching", "turns", "attacks", "uno", "setup", "scoring", "start", "duel", "jump_in"}


@dataclass(frozen=True)
class PropSpec:
    kind: str  # int | name | names | string | key | range | intname | any
    choices: frozenset[str] | None = None
    repeat: bool = False


TOP = {
    "hand_size": PropSpec("int"), "target_score": PropSpec("int"),
    "colors": PropSpec("names"), "match": PropSpec("names", frozenset({"color", "suit", "text"})),
    "layers": PropSpec("names"), "uno_penalty": PropSpec("int"),
    "false_catch_penalty": PropSpec("int"), "play_drawn": PropSpec("int"),
    "turn_draw_class": PropSpec("name"), "deck_copies": PropSpec("int"),
    "jump_in": PropSpec("names", frozenset({"color", "suit", "text"})),
    "jump_in_penalty": PropSpec("int"),
    "uno_to_win": PropSpec("int"),
}
CARD = {
    "key": PropSpec("key"), "color": PropSpec("name"), "suit": PropSpec("keys"),
    "text": PropSpec("string"), "number": PropSpec("int"), "ranks": PropSpec("range"),
    "copies": PropSpec("int"), "points": PropSpec("intname", frozenset({"face"})),
    "category": PropSpec("names", frozenset(CATEGORIES)), "stack": PropSpec("name"),
    "playable": PropSpec("name", frozenset({"anywhere"})), "replaces": PropSpec("key"),
}
RULE = {"role": PropSpec("name", frozenset(ROLES))}
RULING = {"question": PropSpec("string"), "answer": PropSpec("string"),
          "rationale": PropSpec("string"), "alternative": PropSpec("string", repeat=True)}
OPTION = {"default": PropSpec("name", frozenset({"on", "off"}))}
CARD_EVENTS = {"play", "start", "challenge"}
RULE_EVENTS = {"going_out"}


class Checker:
    """Builds one Ruleset from its file and (already built) parent."""

    def __init__(self, tree: ast.RulesFile, parent: Ruleset | None, vocab: Vocabulary):
        self.tree = tree
        self.errors = Collector(SourceText(tree.path, tree.text))
        self.vocab = vocab
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
        rs.citations = []
        return rs

    # -- entry points ---------------------------------------------------------------

    def build(self) -> Ruleset:
        for entry in self.tree.entries:
            self.top_entry(entry)
        self.finish_settings()
        card_names = set(self.rs.kinds)
        for owner, item in self.pending_bodies:
            self.compile_item(owner, item, card_names)
        for kind in self.rs.kinds.values():
            if not kind.citations and kind.path == self.tree.path:
                self.errors.error(kind.pos, f"card \"{kind.name}\" cites no source")
        self.rs.override_index = {}
        for rule in self.rs.rules.values():
            for ov in rule.overrides:
                self.rs.override_index.setdefault(ov.card, []).append(ov)
        self.errors.raise_if_any()
        build_faces(self.rs)
        return self.rs

    def top_entry(self, entry: ast.Entry) -> None:
        if isinstance(entry, ast.Property):
            if self.prop(entry, TOP, "ruleset setting"):
                self.rs.settings[entry.name] = self.values(entry)
        elif isinstance(entry, ast.Citation):
            self.rs.citations.append(self.citation(entry))
        elif isinstance(entry, ast.Block):
            getattr(self, "block_" + entry.kind, self.misplaced)(entry)
        else:
            self.misplaced(entry)

    def misplaced(self, entry) -> None:
        what = type(entry).__name__.lower()
        if isinstance(entry, ast.Block):
            what = entry.kind
        elif isinstance(entry, ast.Trigger):
            what = f"'on {entry.event}'"
        self.errors.error(entry.pos, f"{what} is not allowed here")

    # -- properties and citations ---------------------------------------------------

    def prop(self, p: ast.Property, schema: dict[str, PropSpec], what: str) -> bool:
        spec = schema.get(p.name)
        if spec is None:
            self.errors.error(p.pos, f"unknown {what} '{p.name}'{suggest(p.name, schema)}")
            return False
        vals = p.values
        bad = None
        if not vals:
            bad = "needs a value"
        elif spec.kind in ("int", "string", "name", "key", "range", "intname") and len(vals) > 1:
            bad = "takes one value"
        elif spec.kind == "int" and not isinstance(vals[0], int):
            bad = "must be a whole number"
        elif spec.kind == "string" and not isinstance(vals[0], str):
            bad = "must be a quoted string"
        elif spec.kind in ("name", "names") and not all(isinstance(v, ast.Name) for v in vals):
            bad = "must be a name" if spec.kind == "name" else "must be names"
        elif spec.kind in ("key", "keys") and not all(isinstance(v, ast.Name | int) for v in vals):
            bad = "must be a name or a number"
        elif spec.kind == "range" and not isinstance(vals[0], ast.Range):
            bad = "must be a range like 1..9"
        elif spec.kind == "intname" and not isinstance(vals[0], int | ast.Name):
            bad = "must be a number or a name"
        if bad is None and spec.choices is not None:
            for v in vals:
                if isinstance(v, ast.Name) and v.text not in spec.choices:
                    bad = (f"has no value '{v.text}' (expected one of "
                           f"{', '.join(sorted(spec.choices))})")
                    break
        if bad:
            self.errors.error(p.pos, f"'{p.name}' {bad}")
            return False
        return True

    @staticmethod
    def values(p: ast.Property) -> tuple:
        return tuple(v.text if isinstance(v, ast.Name) else v for v in p.values)

    def citation(self, c: ast.Citation) -> Citation:
        for problem in citations.problems(c.source, c.heading, c.quote):
            self.errors.error(c.pos, problem)
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
            elif isinstance(e, ast.Trigger | ast.Answer | ast.Modifier):
                slot = self.slot_name(e)
                if replace and slot not in replaced:
                    replaced.add(slot)
                    self.clear_slot(kind, e)
                self.pending_bodies.append((kind, e))
            else:
                self.misplaced(e)

    @staticmethod
    def slot_name(e) -> str:
        if isinstance(e, ast.Trigger):
            return "on " + e.event
        return "answers" if isinstance(e, ast.Answer) else "modifies"

    @staticmethod
    def clear_slot(kind: CardKind, e) -> None:
        if isinstance(e, ast.Trigger):
            kind.triggers[e.event] = []
        elif isinstance(e, ast.Answer):
            kind.answers = []
        else:
            kind.modifiers = []

    def card_prop(self, kind: CardKind, p: ast.Property) -> None:
        vals = self.values(p)
        v = vals[0]
        if p.name == "key":
            kind.key = str(v)
            if not kind.suits:
                kind.suits = (str(v),)
        elif p.name == "suit":
            kind.suits = tuple(str(x) for x in vals)
        elif p.name == "color":
            allowed = set(self.rs.colors) | {"wild", "each"}
            if v not in allowed:
                hint = suggest(v, allowed) or f" (expected one of {', '.join(sorted(allowed))})"
                self.errors.error(p.pos, f"'color' has no value '{v}'{hint}")
            kind.color = v
        elif p.name == "ranks":
            kind.ranks = tuple(range(v.low, v.high + 1))
        elif p.name == "category":
            kind.categories = frozenset(vals)
        elif p.name == "playable":
            kind.playable_anywhere = True
        elif p.name in ("text", "number", "copies", "points", "stack", "replaces"):
            setattr(kind, p.name, str(v) if p.name == "replaces" else v)

    # -- rules, rulings, options ------------------------------------------------------------

    def block_rule(self, b: ast.Block) -> None:
        rule = Rule(b.name, [], {}, [], {}, self.tree.path, b.pos)
        self.rs.rules[b.name] = rule
        for e in b.entries:
            if isinstance(e, ast.Property):
                if self.prop(e, RULE, "rule property"):
                    rule.properties[e.name] = self.values(e)
            elif isinstance(e, ast.Citation):
                rule.citations.append(self.citation(e))
            elif isinstance(e, ast.Trigger) or isinstance(e, ast.Block) and e.kind == "override":
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
                    fields.setdefault(e.name, []).append(e.values[0])
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
                                          cites, self.tree.path)

    def block_option(self, b: ast.Block) -> None:
        default, cites = False, []
        for e in b.entries:
            if isinstance(e, ast.Property):
                if self.prop(e, OPTION, "option field"):
                    default = e.values[0].text == "on"
            elif isinstance(e, ast.Citation):
                cites.append(self.citation(e))
            else:
                self.misplaced(e)
        self.rs.options[b.ident] = Option(b.ident, b.name, default, cites)

    # -- bodies --------------------------------------------------------------------------------

    def compile_item(self, owner, item, card_names: set[str]) -> None:
        binder = Binder(self.vocab, self.errors, self.rs.colors, card_names)
        if isinstance(item, ast.Block):  # an override inside a rule
            self.compile_override(owner, item, binder, card_names)
            return
        name = owner.name
        effect = Effect(getattr(item, "event", None) or getattr(item, "what", ""),
                        binder.guard(item.guard), binder.body(item.body), name,
                        getattr(item, "layer", ""))
        if isinstance(item, ast.Trigger):
            allowed = CARD_EVENTS if isinstance(owner, CardKind) else RULE_EVENTS
            if item.event not in allowed:
                self.errors.error(item.pos, f"unknown event 'on {item.event}' "
                                  f"(expected {', '.join(sorted(allowed))})")
                return
            owner.triggers.setdefault(item.event, []).append(effect)
            if isinstance(owner, CardKind):
                owner.needs[item.event] = frozenset(binder.needs)
        elif isinstance(item, ast.Answer):
            if item.what != "attack":
                self.errors.error(item.pos, f"cards can only answer 'attack', not '{item.what}'")
            owner.answers.append(effect)
            owner.needs["answer"] = frozenset(binder.needs)
        elif isinstance(item, ast.Modifier):
            if item.what != "draw":
                self.errors.error(item.pos, f"only draws can be modified, not '{item.what}'")
            if item.layer not in self.rs.layers:
                self.errors.error(item.pos, f"unknown layer '{item.layer}' (declared layers: "
                                  f"{', '.join(self.rs.layers) or 'none'})")
            owner.modifiers.append(effect)

    def compile_override(self, rule: Rule, b: ast.Block, binder: Binder, names: set[str]) -> None:
        if b.name not in self.rs.kinds:
            hint = suggest(b.name, names)
            self.errors.error(b.pos, f"override of unknown card \"{b.name}\"{hint}")
            return
        triggers = {}
        for e in b.entries:
            if isinstance(e, ast.Trigger) and e.event in CARD_EVENTS:
                triggers[e.event] = Effect(e.event, binder.guard(e.guard), binder.body(e.body),
                                           rule.name)
            else:
                self.errors.error(getattr(e, "pos", b.pos), "an override holds only card "
                                  "triggers ('on play', 'on start', 'on challenge')")
        rule.overrides.append(Override(b.name, binder.guard(b.guard), triggers, rule.name))

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
    new.citations = list(kind.citations)
    new.needs = dict(kind.needs)
    return new


def load_rulesets(directory: Path | None = None) -> dict[str, Ruleset]:
    """Parse and check every ``*.hd`` file; parents are built before children."""
    from ..resources import spec_dir

    directory = directory or spec_dir()
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
    built: dict[str, Ruleset] = {}

    def build(ident: str, chain: tuple[str, ...]) -> Ruleset | None:
        if ident in built:
            return built[ident]
        tree = trees[ident]
        parent = None
        if tree.extends:
            if tree.extends in chain:
                diags.append(Diagnostic(tree.path, 1, 1, f"ruleset '{ident}' extends itself "
                                        f"through {' -> '.join(chain)}"))
                return None
            if tree.extends not in trees:
                diags.append(SourceText(tree.path, tree.text).diag(
                    *tree.pos, f"ruleset '{ident}' extends unknown ruleset '{tree.extends}'"))
                return None
            parent = build(tree.extends, chain + (ident,))
            if parent is None:
                return None
        try:
            built[ident] = Checker(tree, parent, vocab).build()
        except HotDeathError as err:
            diags.extend(err.diagnostics)
            return None
        return built[ident]

    for ident in trees:
        build(ident, ())
    if diags:
        raise HotDeathError(diags)
    return built


def check_text(text: str, path: str = "<string>", parent: Ruleset | None = None) -> Ruleset:
    """Check a single rules text (used by tests and by tools that lint one file)."""
    from .parse import parse_rules

    return Checker(parse_rules(text, path), parent, load()).build()
