"""What an implementation declares it can do for one ruleset, read once from its ``hello``.

Protocol 2.0 lets a real engine say how it differs in bookkeeping, not rules: it resolves an
unanswerable attack at once, plays with some options always on, calls Uno by itself, knows
only "legal or not". The harness then judges it on the rules within those traits
(PROTOCOL.md section 3.1), instead of failing it on the reference's bookkeeping.
"""

from __future__ import annotations

from dataclasses import dataclass

from hotdeath.scenario.format import BUNDLES


@dataclass(frozen=True)
class Traits:
    features: frozenset[str]
    attacks: str = "pending"
    always: frozenset[str] = frozenset()
    automatic: frozenset[str] = frozenset()
    acts: frozenset[str] = frozenset()
    codes: bool = True
    players: frozenset[int] = frozenset()  # the numbers of seats it can lay out; empty: any

    def seats(self, n: int) -> bool:
        return not self.players or n in self.players

    def has(self, feature: str) -> bool:
        return feature in self.features

    def supports_act(self, act: str) -> bool:
        """A declared act: the 'acts' bundle covers every one, else it is listed by name."""
        return "acts" in self.features or act in self.acts or act in self.automatic


def expand(features: list[str] | set[str] | frozenset[str]) -> frozenset[str]:
    """The features declared, with each bundle's parts (a 1.x 'elimination' is 'out' too)."""
    out = set(features)
    for bundle, parts in BUNDLES.items():
        if bundle in out:
            out.update(parts)
    return frozenset(out)


def traits_for(hello: dict, ruleset: str) -> Traits:
    """The traits for ``ruleset``: a ruleset's own entry overrides the top-level one."""
    entry = hello.get("rulesets", {}).get(ruleset, {})

    def pick(key: str, default):
        return entry.get(key, hello.get(key, default))

    return Traits(expand(pick("features", [])), pick("attacks", "pending"),
                  frozenset(pick("always", [])), frozenset(pick("automatic", [])),
                  frozenset(pick("acts", [])), bool(pick("codes", True)),
                  frozenset(pick("players", [])))
