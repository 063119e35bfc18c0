"""AST to Ruleset: resolve names, apply ``extends``/``amend``/options, verify citations.

All problems in all files are collected and reported together, each as
``path:line:col: message`` with the source line and a caret. ``Checker``
builds one ruleset in two passes, the declarations (``blocks``, checked
against ``schema``) and then the bodies (``bodies``); this module assembles
the result, and loads the spec's files parents first.
"""

from __future__ import annotations

import copy
from pathlib import Path

from .. import engine  # noqa: F401  (importing it registers the kernel's vocabulary)
from ..errors import Collector, Diagnostic, HotDeathError, SourceText
from ..model import CardKind, Ruleset
from ..registry import Vocabulary, load
from . import ast
from .blocks import Blocks
from .bodies import Bodies
from .compile import suggest
from .deck import build_faces
from .parse import parse_rules_file
from .schema import EXTRA_SETTINGS, OPTION, REACTIVE, TOP


class Checker(Blocks, Bodies):
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
