"""The first pass of the checker: each declaration read into the model, its properties checked.

Cards (and amendments), the deck's packs, rules, rulings, options, acts,
asides and zones: each block's properties are checked against ``schema`` and
written into the ``Ruleset`` being built; effect bodies and guards are only
queued (``pending_bodies``) for ``bodies`` to compile once every card name is
known.
"""

from __future__ import annotations

from ..errors import Collector
from ..model import (
    ActDecl,
    Aside,
    CardKind,
    Citation,
    Holding,
    Option,
    Pack,
    Rule,
    Ruleset,
    Ruling,
    ZoneDecl,
)
from . import ast, citations
from .compile import suggest
from .schema import ACT, CARD, LIMITS, OPTION, RULE, RULING, TOP, PropSpec, prop_problem


class Blocks:
    """The declaration readers of ``check.Checker`` (a mixin: the checker holds the state)."""

    tree: ast.RulesFile
    rs: Ruleset
    errors: Collector
    pending_bodies: list[tuple]

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
        bad = prop_problem(p, spec)
        if bad:
            self.errors.error(p.pos, f"'{p.name}' {bad}")
            return False
        return True

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
        elif p.name in ("playable", "must_answer", "bluff"):
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
