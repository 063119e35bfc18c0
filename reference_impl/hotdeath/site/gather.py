"""Everything the site shows, gathered once: rulesets, the corpus, every trace, and the indexes.

Each scenario is run through the reference (the library function behind
``hotdeath run``), and the cards whose rules fired in the trace, or that a
step played, are indexed, so a card page can list every scenario that
exercises it. Everything is sorted, so generation is deterministic.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from ..model import CardKind, Ruleset, Ruling
from ..trace import Trace


@dataclass(frozen=True)
class CardId:
    """A card as one ruleset has it (its model name, not the name it is ``called``)."""

    ruleset: str
    name: str

    @property
    def target(self) -> str:
        return f"{self.ruleset}:{self.name}"


@dataclass
class ScenarioInfo:
    ident: str
    title: str
    ruleset: str
    options: list[str]
    pins: list[str]
    path: str
    text: str
    data: dict
    trace: Trace | None = None
    error: str = ""
    cards: set[str] = field(default_factory=set)  # kind names it exercises


@dataclass
class CardEntry:
    """A card of a ruleset; ``option`` names the option that adds it, if it is not in the base."""

    card: CardId
    kind: CardKind
    option: str = ""

    @property
    def title(self) -> str:
        return self.kind.called or self.kind.name


@dataclass
class SiteData:
    rulesets: dict[str, Ruleset]
    scenarios: list[ScenarioInfo]
    cards: dict[CardId, CardEntry]
    by_card: dict[CardId, list[str]]
    by_ruling: dict[str, list[str]]
    ruling_home: dict[str, str]  # ruling id -> the ruleset that declares it
    root: Path

    def scenario(self, ident: str) -> ScenarioInfo:
        return self._by_id[ident]

    def __post_init__(self) -> None:
        self._by_id = {s.ident: s for s in self.scenarios}

    def cards_of(self, ruleset: str) -> list[CardEntry]:
        return [e for c, e in self.cards.items() if c.ruleset == ruleset]

    def ruling(self, ident: str) -> Ruling:
        return self.rulesets[self.ruling_home[ident]].rulings[ident]

    def own_rulings(self, ruleset: str) -> list[Ruling]:
        rs = self.rulesets[ruleset]
        return [r for i, r in rs.rulings.items() if self.ruling_home[i] == ruleset]


def ruleset_cards(rs: Ruleset) -> list[CardEntry]:
    """The base deck's cards, then those that an option adds, in spec order."""
    out = [CardEntry(CardId(rs.ident, k.name), k) for k in rs.kinds.values()]
    seen = set(rs.kinds)
    for opt in rs.options:
        variant = rs.with_options(frozenset([opt]))
        for kind in variant.kinds.values():
            if kind.name not in seen:
                seen.add(kind.name)
                out.append(CardEntry(CardId(rs.ident, kind.name), kind, opt))
    return out


@cache
def spec_file(ident: str) -> Path | None:
    """The rules file that declares a ruleset (its header line names it)."""
    from ..resources import spec_dir

    for path in sorted(spec_dir().glob("*.hd")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.startswith("ruleset "):
                if line.split()[1] == ident:
                    return path.resolve()
                break
    return None


def _home(rulesets: dict[str, Ruleset]) -> dict[str, str]:
    """Each ruling's declaring ruleset: the one whose spec file it was written in."""
    home: dict[str, str] = {}
    files = {ident: spec_file(ident) for ident in rulesets}
    for rs in rulesets.values():
        for ident, ruling in rs.rulings.items():
            mine = bool(ruling.path) and Path(ruling.path).resolve() == files[rs.ident]
            if ident not in home or mine:
                home[ident] = rs.ident
    return dict(sorted(home.items()))


def _played(step: dict) -> Iterable[str]:
    do = step.get("do") or {}
    if do.get("card"):
        yield do["card"]
    yield from do.get("with", []) or []
    yield from (part["card"] for part in do.get("combine", []))


def exercised(rs: Ruleset, info: ScenarioInfo) -> set[str]:
    """Kind names whose rules fired in the trace, or that a step played."""
    variant = rs.with_options(frozenset(o for o in info.options if o in rs.options))
    names: set[str] = set()
    if info.trace is not None:
        for ev in [*info.trace.setup, *(e for s in info.trace.steps for e in s.events)]:
            if ev.owner in variant.kinds:
                names.add(ev.owner)
    for step in info.data.get("steps", []):
        for notation in _played(step):
            face = variant.face(notation) if isinstance(notation, str) else None
            if face is not None:
                names.add(face.kind.name)
    return names


def gather(rulesets: dict[str, Ruleset] | None = None, corpus: list | None = None,
           root: Path | None = None) -> SiteData:
    """Load (unless given) the rulesets and corpus, run every scenario, and index them."""
    from hotdeath_harness.corpus import load_corpus

    from ..adapter import ReferenceImplementation, SetupError
    from ..lang.check import load_rulesets
    from ..resources import scenarios_dir
    from ..trace import trace_scenario

    rulesets = rulesets if rulesets is not None else load_rulesets()
    corpus = corpus if corpus is not None else load_corpus(scenarios_dir())
    root = root or scenarios_dir()
    impl = ReferenceImplementation(rulesets)
    infos: list[ScenarioInfo] = []
    for scn in corpus:
        data = scn.data
        text = scn.source.text if getattr(scn, "source", None) is not None else ""
        info = ScenarioInfo(data["id"], data.get("title", ""), data["ruleset"],
                            list(data.get("options", [])), list(data.get("pins", [])),
                            str(scn.path), text, data)
        if data["ruleset"] in rulesets:
            try:
                info.trace = trace_scenario(impl, data)
            except SetupError as err:
                info.error = f"cannot lay out the table: {err}"
            except Exception as err:  # noqa: BLE001 -- a page must still say what went wrong
                info.error = f"the reference failed: {type(err).__name__}: {err}"
            info.cards = exercised(rulesets[data["ruleset"]], info)
        infos.append(info)
    infos.sort(key=lambda s: s.ident)
    cards: dict[CardId, CardEntry] = {}
    for rs in rulesets.values():
        for entry in ruleset_cards(rs):
            cards[entry.card] = entry
    by_card: dict[CardId, list[str]] = {c: [] for c in cards}
    by_ruling: dict[str, list[str]] = {}
    for info in infos:
        for name in sorted(info.cards):
            by_card.setdefault(CardId(info.ruleset, name), []).append(info.ident)
        for pin in info.pins:
            by_ruling.setdefault(pin, []).append(info.ident)
    return SiteData(dict(sorted(rulesets.items())), infos, cards, by_card, by_ruling,
                    _home(rulesets), root)
