"""How much of a seed the spec and the corpus account for, sentence by sentence.

Every rule-bearing sentence of a ruleset's seed should be *cited* by the
spec (a card, rule, ruling, option or act quotes it) and *pinned* by the
corpus (a scenario of that ruleset quotes it), or be set aside by an
``aside`` block that says why it carries no executable rule (a credit, a
physical act, the honour system). A citation covers every sentence its quoted
words overlap. Headings and lines of fewer than four words are not counted.
"""

from __future__ import annotations

import contextlib
import re
from dataclasses import dataclass, field

from ..errors import HotDeathError
from ..lang import citations
from ..lang.citations import normalize, seed_files
from ..model import Citation, Ruleset

_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z\"'(*])")
_LIST_ITEM = re.compile(r"^(\d+\.|-|\*)\s")
_LIST_MARK = re.compile(r"\d+\.|-|\*")
MIN_WORDS = 4


@dataclass
class Sentence:
    text: str
    start: int
    end: int
    heading: str
    cited_by: list[str] = field(default_factory=list)
    pinned_by: list[str] = field(default_factory=list)
    aside: str | None = None

    @property
    def status(self) -> str:
        if self.cited_by and self.pinned_by:
            return "pinned"
        if self.aside is not None:
            return "aside"
        return "cited" if self.cited_by else "uncovered"


@dataclass
class Seed:
    """A seed's text, joined into one normalised string, with its sentences and headings."""

    source: str
    text: str
    sentences: list[Sentence]
    headings: list[tuple[int, str]]  # (offset, normalised heading line, lower case)

    def span(self, c: Citation) -> tuple[int, int] | None:
        """Where a quote lies: its first occurrence at or after its heading, else anywhere."""
        quote = normalize(c.quote)
        if not quote:
            return None
        after = self._section_start(c)
        found = self.text.find(quote, after)
        if found < 0:
            found = self.text.find(quote)
        return None if found < 0 else (found, found + len(quote))

    def _section_start(self, c: Citation) -> int:
        """Where the cited heading's line is: the checker's own headings (a list item such as
        '- Stack Number' opens a section too), else the first title line naming it."""
        with contextlib.suppress(KeyError, ValueError, HotDeathError):
            for h in citations.seed(c.source).named(c.heading):
                at = self.text.find(h.line.text)
                if at >= 0:
                    return at
        want = normalize(c.heading).lower()
        return next((at for at, line in self.headings if want in line), 0)

    def covered(self, c: Citation) -> list[Sentence]:
        span = self.span(c)
        if span is None:
            return []
        return [s for s in self.sentences if s.start < span[1] and span[0] < s.end]


def load_seed(source: str) -> Seed:
    """The seed cut into its headings and sentences.

    A heading is a line the seed's hand-written headings list names (README.md in
    spec/sources: the texts are too irregular for a rule to find them); a markdown
    heading line is one too. Every other line is text: consecutive text lines are one
    paragraph (seeds 002 and 004 wrap their sentences from line to line), a list item
    starts a paragraph of its own, and a paragraph is cut into sentences where one ends.
    """
    checked = citations.seed(source)
    # a heading's line, and whether it goes on past the heading's own words into text
    titles = {h.line.number: _goes_on(h.line.text, h.entry) for h in checked.headings}
    raw = seed_files()[source].read_text(encoding="utf-8").splitlines()
    sentences: list[Sentence] = []
    headings: list[tuple[int, str]] = []
    paragraph: list = []
    heading = ""

    def cut() -> None:
        if not paragraph or not heading:  # before the first heading nothing can be cited
            paragraph.clear()
            return
        start, end = paragraph[0].start, paragraph[-1].end
        text = checked.text[start:end]
        at = 0
        for piece in _SENTENCE_END.split(text):
            begin = text.index(piece, at)
            at = begin + len(piece)
            if len(piece.split()) >= MIN_WORDS:
                sentences.append(Sentence(piece, start + begin, start + at, heading))
        paragraph.clear()

    for line in checked.lines:
        headings.append((line.start, line.text.lower()))
        if line.number in titles or raw[line.number - 1].lstrip().startswith("#"):
            cut()
            heading = line.text
            if not titles.get(line.number):
                continue  # a title only; a card's line (002: '9. Damper (G4): Draw 1 less
                # than required. ...') is its heading and its text
        if _LIST_ITEM.match(line.text) or _LIST_MARK.fullmatch(line.text):
            cut()  # a list item starts a paragraph (in 004 its mark may be a line of its own)
        if not _LIST_MARK.fullmatch(line.text):
            paragraph.append(line)
    cut()
    return Seed(source, checked.text, sentences, headings)


def _goes_on(line: str, entry: str) -> bool:
    """Whether a heading's line says more than the heading (as its list entry names it):
    a sentence's worth of words after them."""
    return len(citations.key(line).split()) - len(citations.key(entry).split()) >= MIN_WORDS


def segmentation(seed: Seed) -> str:
    """The seed as coverage cuts it: each heading, then its sentences, one a line."""
    out, last = [], None
    for s in seed.sentences:
        if s.heading != last:
            out.append(f"# {s.heading}")
            last = s.heading
        out.append(f"  {s.text}")
    return "\n".join(out)


def spec_citations(rs: Ruleset) -> list[tuple[str, Citation]]:
    """Every citation of the ruleset's own spec, with what makes it (asides apart)."""
    out = [(f"ruleset {rs.ident}", c) for c in rs.citations]
    for kind in rs.kinds.values():
        out += [(f"card {kind.name}", c) for c in kind.citations]
    for rule in rs.rules.values():
        out += [(f"rule {rule.name}", c) for c in rule.citations]
    for ruling in rs.rulings.values():
        out += [(f"ruling {ruling.ident}", c) for c in ruling.citations]
    for option in rs.options.values():
        out += [(f"option {option.ident}", c) for c in option.citations]
    for act in rs.acts.values():
        out += [(f"act {act.name}", c) for c in act.citations]
    for zone in rs.zones.values():
        out += [(f"zone {zone.name}", c) for c in zone.citations]
    return out


def seed_of(rs: Ruleset) -> str | None:
    """The seed a ruleset is written from: the source of its own top-level citations."""
    sources = [c.source for c in rs.citations if c.source in seed_files()]
    return sources[0] if sources else None


DECK_REASON = ("the deck's make-up: the checker builds the deck from these lines and refuses a "
               "pack that does not add up (tests/test_decks.py holds it to the seed); a "
               "scenario's table is closed-world, so none can show a whole deck")


def coverage(rs: Ruleset, scenarios: list) -> Seed:
    """The ruleset's seed, each sentence marked with what cites, pins or sets it aside."""
    source = seed_of(rs)
    if source is None:
        raise ValueError(f"ruleset {rs.ident} cites no seed file at its top level")
    seed = load_seed(source)
    full = rs.with_options(frozenset(rs.options)) if rs.options else rs
    for what, c in spec_citations(rs) + spec_citations(full):
        if c.source == source:
            for s in seed.covered(c):
                if what not in s.cited_by:
                    s.cited_by.append(what)
    for aside in rs.asides:
        for c in aside.citations:
            if c.source == source:
                for s in seed.covered(c):
                    s.aside = aside.reason
    for pack in rs.packs.values():  # a deck's lines: built by the checker, not played out
        for c in pack.citations:
            if c.source == source:
                for s in seed.covered(c):
                    s.cited_by.append(f"deck pack {pack.ident}")
                    s.aside = s.aside or DECK_REASON
    for scn in scenarios:
        if scn.data["ruleset"] != rs.ident:
            continue
        for c in scn.data["cites"]:
            if c["source"] == source:
                for s in seed.covered(Citation(c["source"], c["heading"], c["quote"])):
                    s.pinned_by.append(scn.ident)
    return seed


def summary(seed: Seed) -> dict[str, int]:
    counts = {"pinned": 0, "aside": 0, "cited": 0, "uncovered": 0}
    for s in seed.sentences:
        counts[s.status] += 1
    return counts


def percent(seed: Seed) -> float:
    counts = summary(seed)
    total = sum(counts.values())
    return 100.0 * (counts["pinned"] + counts["aside"]) / total if total else 100.0


_MARK = {"pinned": "pinned", "aside": "aside", "cited": "CITED ONLY", "uncovered": "UNCOVERED"}


def render(seed: Seed, rs: Ruleset, every: bool = False, markdown: bool = False) -> str:
    """The report: a summary line, then the sentences still owed (or all of them)."""
    counts = summary(seed)
    total = sum(counts.values())
    head = (f"{rs.ident} (seed {seed.source}): {percent(seed):.1f}% of {total} rule-bearing "
            f"sentences accounted for: {counts['pinned']} cited and pinned, {counts['aside']} "
            f"set aside, {counts['cited']} cited but not pinned, {counts['uncovered']} uncovered")
    rows = [s for s in seed.sentences if every or s.status in ("cited", "uncovered")]
    if markdown:
        out = [f"# Seed coverage: {rs.ident}", "", head, "",
               "| status | heading | sentence | cited by | pinned by / why set aside |",
               "|---|---|---|---|---|"]
        for s in rows:
            why = s.aside if s.status == "aside" else ", ".join(s.pinned_by[:3])
            out.append(f"| {_MARK[s.status]} | {_cell(s.heading)} | {_cell(s.text)} | "
                       f"{_cell(', '.join(s.cited_by[:3]))} | {_cell(why or '')} |")
        return "\n".join(out) + "\n"
    out = [head]
    for s in rows:
        out.append(f"  {_MARK[s.status]:<10} [{s.heading}] {s.text}")
        if s.cited_by:
            out.append(f"             cited by {', '.join(s.cited_by[:3])}")
        if s.status == "aside":
            out.append(f"             set aside: {s.aside}")
        elif s.pinned_by:
            out.append(f"             pinned by {', '.join(s.pinned_by[:3])}")
    return "\n".join(out)


def _cell(text: str) -> str:
    return text.replace("|", "\\|")
