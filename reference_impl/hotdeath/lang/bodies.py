"""The second pass of the checker: effect bodies, guards, overrides and points compiled.

Run once every declaration is read, so that a body may name any card of the
ruleset; the ``Binder`` (``compile``) checks each call against the kernel's
vocabulary.
"""

from __future__ import annotations

from ..errors import Collector
from ..model import ActDecl, CardKind, Effect, Override, Rule, Ruleset
from ..registry import Vocabulary
from . import ast
from .compile import Binder, suggest
from .schema import CARD_EVENTS, CATEGORIES, RULE_EVENTS


class Bodies:
    """The body compilers of ``check.Checker`` (a mixin: the checker holds the state)."""

    vocab: Vocabulary
    errors: Collector
    rs: Ruleset
    parent: Ruleset | None

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
