"""Citations are checked against the seed texts, so a quote can never drift from its source.

A citation is ``cites SEED "heading" "quote"``. It passes when all three hold:

1. **The heading names a heading of the seed, whole.** The seeds are plain text (one is
   Markdown), and no single rule tells their headings from their other short
   lines: a score-card row, a wrapped end of a sentence ("drawn card is") and
   a card's own line, which opens its section, look alike.
   So each seed lists its headings once, in order, in ``NNN_*.headings`` next to
   it: one line of the seed a line (its words, or its first words), indented two
   spaces a level when its section sits inside the one above. An entry may
   declare shorter names for its heading after `` ~ `` (``Basic Rules (House) ~
   Basic Rules``): each must be the entry's first words, ending at a word
   boundary. A cite's heading must be a whole entry or one of the names it
   declares, never some other first words of it ("Basic" is no name of it, nor
   "Basic Rules" without the declaration); list marks ("- ", "1. ") and opening
   quotes do not count, nor does letter case. It may name several headings (a card's name
   in two lists); the quote then settles which.
2. **The quote lies in that heading's section**: from the heading's line up to
   the next heading at its level or above, so a section holds the sections
   indented under it. The heading's own line is in its section.
3. **The quote identifies a sentence**: at least 4 words or 20 characters, or
   else a whole sentence (it starts a line or follows a full stop, and ends
   with one) or a whole line (a list item, a score-card row). The thresholds
   come from the corpus: every shorter quote in it is one of those ("Blockable.",
   "Unstackable.", "BLUE '2'"), and its shortest fragments of a sentence run 4
   words ("Acts as a reverse") or 20 characters. An empty quote never passes.

Markdown emphasis, link markers and whitespace are ignored when comparing;
the quoted words themselves must appear verbatim, letter case included. The
heading is compared without regard to case.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from ..errors import Diagnostic, HotDeathError
from ..resources import spec_dir

# The classic game has no seed file: it is written from the published official rules.
UNSEEDED = {"classic"}

MIN_WORDS = 4
MIN_CHARS = 20

_MARKUP = re.compile(r"\*\*|\*|__|\\|\(#\)|\[|\]|^#+\s*", re.M)
_QUOTES = str.maketrans({"“": '"', "”": '"', "‘": "'", "’": "'"})
# A list mark opening a line ("- ", "1. ", "2-5. "), and what opens a name without being it.
_MARK = re.compile(r"^(?:[-*•=]\s+|\d+(?:-\d+)?\.\s+)*")
_OPENING = "\"'(["
_SENTENCE_END = ".!?"


def normalize(text: str) -> str:
    text = _MARKUP.sub("", text.translate(_QUOTES))
    return " ".join(text.split())


def key(text: str) -> str:
    """How a heading is compared: normalized, lower case, list marks and opening quotes off."""
    return _MARK.sub("", normalize(text).lower()).lstrip(_OPENING)


def names(heading_key: str, line_key: str) -> bool:
    """Whether a heading (as ``key``) is the whole line or its first words."""
    if not heading_key or not line_key.startswith(heading_key):
        return False
    rest = line_key[len(heading_key):]
    return not rest or not rest[0].isalnum() or not heading_key[-1].isalnum()


@dataclass(frozen=True)
class Line:
    """One non-blank line of a seed, normalized, and where it starts in the seed's text."""

    number: int
    text: str
    start: int

    @property
    def end(self) -> int:
        return self.start + len(self.text)

    @property
    def body_start(self) -> int:
        """Where the line's words start, after its list mark."""
        return self.end - len(_MARK.sub("", self.text))


@dataclass(frozen=True)
class Heading:
    line: Line
    level: int
    end: int  # where its section ends in the seed's text
    key: str  # its line as headings are compared (see ``key``)
    entry: str = ""  # the heading as its .headings entry declares it (its line's first words)
    aliases: tuple[str, ...] = ()  # the shorter names the entry declares after ' ~ '

    @property
    def names(self) -> tuple[str, ...]:
        """Every way a cite may name the heading, as ``key``: the entry whole, its names."""
        return (key(self.entry or self.line.text), *(key(a) for a in self.aliases))

    @property
    def citable(self) -> str:
        """How to cite the heading: its first declared name, else its entry whole."""
        return self.aliases[0] if self.aliases else self.entry or self.line.text

    def holds(self, start: int, end: int) -> bool:
        return self.line.start <= start and end <= self.end


@dataclass(frozen=True)
class Problem:
    """What is wrong with a citation; ``field`` says which of its strings to point at."""

    field: str  # "source", "heading" or "quote"
    message: str


@dataclass(frozen=True)
class Seed:
    ident: str
    text: str
    lines: tuple[Line, ...]
    headings: tuple[Heading, ...]

    def occurrences(self, quote: str) -> list[int]:
        out, at = [], self.text.find(quote)
        while at >= 0:
            out.append(at)
            at = self.text.find(quote, at + 1)
        return out

    def named(self, heading: str) -> list[Heading]:
        want = key(heading)
        found = [h for h in self.headings if want in h.names]
        if not found and heading.lstrip().startswith("#"):
            # a heading that is itself '#' (UNO Blender's '- # (DOS)') is not a markdown
            # heading mark: read it as the list item it is
            want = key("- " + heading.lstrip())
            found = [h for h in self.headings if want in h.names]
        return found

    def line_at(self, offset: int) -> Line:
        return self.lines[bisect_right(self.lines, offset, key=lambda line: line.start) - 1]

    def innermost(self, start: int, end: int) -> Heading | None:
        """The deepest heading whose section holds the span; None before the first one."""
        holding = [h for h in self.headings if h.holds(start, end)]
        return max(holding, key=lambda h: h.line.start, default=None)

    def is_whole(self, start: int, end: int) -> bool:
        """Whether a span is a whole line, or a whole sentence."""
        line = self.line_at(start)
        if start in (line.start, line.body_start) and end == line.end:
            return True
        opens = start in (line.start, line.body_start) or \
            self.text[max(start - 2, 0):start] in (". ", "! ", "? ")
        return opens and self.text[end - 1] in _SENTENCE_END

    def lines_of(self, heading: Heading) -> str:
        last = self.line_at(max(heading.end - 1, heading.line.start))
        return f"line {heading.line.number}" if last is heading.line else \
            f"lines {heading.line.number}-{last.number}"


@cache
def seed_files() -> dict[str, Path]:
    return {p.name[:3]: p for p in sorted((spec_dir() / "sources").glob("[0-9][0-9][0-9]_*.txt"))}


@cache
def seed(source: str) -> Seed:
    """A seed's text, lines and headings; a broken headings file is a located error."""
    path = seed_files()[source]
    lines, start = [], 0
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        text = normalize(raw)
        if text:
            lines.append(Line(number, text, start))
            start += len(text) + 1
    text = " ".join(line.text for line in lines)
    return Seed(source, text, tuple(lines), _headings(path.with_suffix(".headings"), lines, text))


def _headings(path: Path, lines: list[Line], text: str) -> tuple[Heading, ...]:
    """Read a headings file: each entry names the next seed line it is the first words of."""
    if not path.exists():
        raise HotDeathError([Diagnostic(str(path), 1, 1, "missing: every seed lists its "
                                        "headings in a .headings file (see README.md)")])
    found: list[tuple[Line, int, str, tuple[str, ...]]] = []
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if raw.strip() and not raw.lstrip().startswith("#"):
            found.append(_entry(path, number, raw, lines, found))
    out = []
    for i, (line, level, entry, aliases) in enumerate(found):
        end = next((later.start - 1 for later, lv, _, _ in found[i + 1:] if lv <= level),
                   len(text))
        out.append(Heading(line, level, end, key(line.text), entry, aliases))
    return tuple(out)


ALIAS = " ~ "
"""What parts a .headings entry from the shorter names it declares for its heading."""


def _entry(path: Path, number: int, raw: str, lines: list[Line],
           found: list[tuple[Line, int, str, tuple[str, ...]]]
           ) -> tuple[Line, int, str, tuple[str, ...]]:
    """One line of a headings file: the seed line it names after the last one, its level, the
    heading as declared and the shorter names declared for it."""
    indent = len(raw) - len(raw.lstrip(" "))
    level, previous = indent // 2, found[-1] if found else None

    def error(message: str, column: int = indent + 1) -> HotDeathError:
        return HotDeathError([Diagnostic(str(path), number, column, message, raw)])

    if indent % 2 or "\t" in raw or level > (previous[1] + 1 if previous else 0):
        raise error("indent a heading two spaces more than the heading it sits in, no more")
    entry, *aliases = (part.strip() for part in raw.split(ALIAS))
    want = normalize(entry).lower()
    after = lines.index(previous[0]) + 1 if previous else 0
    line = next((line for line in lines[after:] if names(want, line.text.lower())), None)
    if line is None:
        where = f" after line {previous[0].number}" if previous else ""
        raise error(f"{entry!r} is no line of the seed{where} (list headings in the "
                    "seed's order, by the words they start with)")
    at = len(raw) - len(raw.lstrip(" ")) + len(entry)
    for alias in aliases:
        at = raw.index(alias, at)
        if not alias or key(alias) == key(entry) or not names(key(alias), key(entry)):
            raise error(f"{alias!r} is not a shorter name of heading {entry!r}: a name "
                        "declared after ' ~ ' must be the heading's first words, ending at a "
                        "word boundary", at + 1)
    return line, level, entry, tuple(aliases)


def problems(source: str, heading: str, quote: str) -> list[Problem]:
    """What is wrong with a citation; empty when it checks out."""
    return list(_problems(source, heading, quote))


@cache
def _problems(source: str, heading: str, quote: str) -> tuple[Problem, ...]:
    if source in UNSEEDED:
        return ()
    if source not in seed_files():
        return (Problem("source", f"unknown seed '{source}' (known: "
                        f"{', '.join(sorted(seed_files()))}, classic)"),)
    s = seed(source)
    candidates = s.named(heading)
    out = [] if candidates else [_not_a_heading(s, heading)]
    q = normalize(quote)
    if not q:
        return (*out, Problem("quote", "the quote is empty: quote the seed's own words, a "
                              "sentence or more"))
    found = [(at, at + len(q)) for at in s.occurrences(q)]
    if not found:
        return (*out, Problem("quote", f"quoted words do not occur verbatim in seed {source}: "
                              f"{quote[:60]!r}"))
    inside = [span for span in found if any(h.holds(*span) for h in candidates)]
    if candidates and not inside:
        out.append(_elsewhere(s, heading, candidates, found))
    words = len(q.split())
    if words < MIN_WORDS and len(q) < MIN_CHARS and \
            not any(s.is_whole(*span) for span in inside or found):
        out.append(Problem("quote", f"quote {q!r} is too short to identify a sentence of seed "
                           f"{source} ({words} words, {len(q)} characters): quote at least "
                           f"{MIN_WORDS} words or {MIN_CHARS} characters, or a whole sentence "
                           "or line"))
    return tuple(out)


def _not_a_heading(s: Seed, heading: str) -> Problem:
    want = key(heading)
    if not want:
        return Problem("heading", "the heading is empty: name a heading of seed " + s.ident)
    first = next((h for h in s.headings if any(names(want, n) for n in h.names)), None)
    if first is not None:
        return Problem("heading", f"heading {heading!r} is only the first words of heading "
                       f"{first.entry!r} of seed {s.ident} (line {first.line.number}): cite "
                       "the whole heading, or a shorter name its entry declares after ' ~ ' in "
                       f"the seed's .headings file: did you mean heading {first.citable!r}?")
    line = next((line for line in s.lines if names(want, key(line.text))), None)
    if line is None:
        inner = next((h for h in s.headings if want in h.key), None)
        if inner is None:
            return Problem("heading", f"heading {heading!r} does not occur in seed {s.ident}")
        return Problem("heading", f"heading {heading!r} is only part of a heading of seed "
                       f"{s.ident} (line {inner.line.number}); cite a whole heading: did you "
                       f"mean heading {inner.citable!r}?")
    home = s.innermost(line.start, line.end)
    hint = f": did you mean heading {home.citable!r}?" if home else ""
    return Problem("heading", f"heading {heading!r} is not a heading of seed {s.ident} (line "
                   f"{line.number} is not in its .headings list){hint}")


def _elsewhere(s: Seed, heading: str, candidates: list[Heading],
               found: list[tuple[int, int]]) -> Problem:
    where = ", ".join(s.lines_of(h) for h in candidates)
    homes = [h for h in (s.innermost(*span) for span in found) if h is not None]
    hint = (f"; it is under heading {homes[0].line.text[:60]!r} ({s.lines_of(homes[0])}): "
            f"did you mean heading {homes[0].citable!r}?" if homes else
            "; it comes before the seed's first heading")
    return Problem("quote", f"quote is not in the section of heading {heading!r} in seed "
                   f"{s.ident} ({where}){hint}")
