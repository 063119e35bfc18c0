"""``hotdeath mutate``: how much of a ruleset's spec its scenario corpus would notice changing.

A conformance suite is only as good as its power to catch a wrong
implementation. A *mutant* is the ruleset's own spec file with one small,
plausible mistake in it (a number off by one, the wrong player, a member left
out of a list, a guard turned round, a rule or answer dropped...); the corpus
*kills* it when some scenario of the ruleset fails against the mutated spec.
A mutant that no longer checks is *stillborn* and not counted. A *survivor*
is either a missing scenario or an equivalent mutant, which
``conformance/mutants/RULESET.equivalent`` lists with the reason it can never
be told apart.

Mutants are made from the Lark parse tree of the spec file (positions, not
regular expressions), so comments, citations and quoted strings are never
mutated. Each mutant is run in-process, scenario by scenario, stopping at the
first failure; the scenarios that killed the latest mutants are tried first, and
only the block a mutant edits is parsed again (``splice``), which is what keeps a
run short.
"""

from __future__ import annotations

import json
import os
import re
import signal
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, replace
from pathlib import Path

from lark import Token, Tree

from ..adapter import SetupError
from ..errors import HotDeathError
from ..lang.parse import lark_parser
from ..model import Ruleset
from ..resources import spec_dir
from .lint import in_deck
from .splice import Splicer

SWAPS = {"next": "previous", "previous": "next", "self": "next", "chosen": "next",
         "origin": "sender", "sender": "origin", "target": "self", "last_stacker": "origin",
         "last_sender": "origin",
         "owner": "self", "holder": "self", "subject": "self", "dealer": "self",
         "asked": "self", "others": "everyone", "everyone": "others", "on": "off",
         "off": "on", "true": "false", "false": "true"}
BODIES = ("trigger", "answer", "modifier", "override")
DROPPABLE = ("trigger", "answer", "modifier", "override", "act")
SCENARIO_SECONDS = 30  # a mutant that makes one scenario run longer than this is killed (a hang)


@dataclass(frozen=True)
class Mutant:
    """One edit of the spec text: replace ``text[start:end]`` with ``new``."""

    start: int
    end: int
    new: str
    kind: str
    line: int
    col: int
    what: str
    source: str = ""  # the spec line it edits, stripped
    block: str = ""  # the blocks it is in ('option agitator "..." > amend "House"')

    @property
    def ident(self) -> str:
        """Where it is now (for reading a report)."""
        return f"{self.line}:{self.col}:{self.kind}"

    @property
    def key(self) -> str:
        """What it is, whatever line it has moved to: the equivalent lists use this, so an
        edit elsewhere in the spec does not invalidate them."""
        return f"{self.kind} {self.col} | {self.block} | {self.source}"

    def apply(self, text: str) -> str:
        return text[:self.start] + self.new + text[self.end:]


@dataclass
class Outcome:
    mutant: Mutant
    status: str  # killed, survived, stillborn
    by: str = ""  # the scenario that killed it, or why it is stillborn


# -- making mutants ------------------------------------------------------------------------


def mutants(text: str) -> list[Mutant]:
    """Every mutant of a spec text, in file order."""
    tree = lark_parser("hotdeath.lark").parse(text)
    lines = text.splitlines()
    blocks = _enclosing(lines)
    found: dict[tuple[int, int, str], Mutant] = {}
    for m in _walk(tree, text, in_body=False):
        at = m.line - 1 if 0 < m.line <= len(lines) else 0
        m = replace(m, source=lines[at].strip(), block=blocks[at] if blocks else "")
        found.setdefault((m.start, m.end, m.new), m)
    return sorted(found.values(), key=lambda m: (m.start, m.kind, m.new))


def _enclosing(lines: list[str]) -> list[str]:
    """For each line, the headers of the blocks around it, outermost first."""
    out: list[str] = []
    stack: list[tuple[int, str]] = []  # (indentation, header)
    for line in lines:
        indent = len(line) - len(line.lstrip())
        while stack and line.strip() and indent <= stack[-1][0]:
            stack.pop()
        out.append(" > ".join(h for _, h in stack))
        if line.rstrip().endswith("{"):
            stack.append((indent, line.strip()[:-1].strip()))
    return out


def _walk(node: Tree, text: str, in_body: bool) -> Iterator[Mutant]:
    kind = node.data
    if kind == "ruling" or kind == "aside" or kind == "citation":
        return
    body = in_body or kind in BODIES or kind == "act" or kind == "guard_if" \
        or kind == "guard_unless"
    if kind in DROPPABLE and not node.meta.empty:
        yield _edit(node, text, node.meta.start_pos, _line_end(text, node.meta.end_pos), "",
                    "drop", f"drop this {kind}")
    if kind in ("guard_if", "guard_unless"):
        yield from _flip_guard(node, text)
    if kind == "property":
        yield from _property(node, text)
    if kind == "cond_not":
        inner = node.children[0]
        yield _edit(node, text, node.meta.start_pos, node.meta.end_pos,
                    text[inner.meta.start_pos:inner.meta.end_pos], "not", "drop this 'not'")
    if body and kind == "list_value" and len(node.children) >= 2:
        yield from _list_members(node, text)
    if body and kind == "int_value":
        tok = node.children[0]
        yield _token(tok, str(int(tok) + 1), "number", f"{tok} becomes {int(tok) + 1}")
    if body and kind == "name_value" and str(node.children[0]) in SWAPS:
        tok = node.children[0]
        yield _token(tok, SWAPS[str(tok)], "selector", f"{tok} becomes {SWAPS[str(tok)]}")
    for child in node.children:
        if isinstance(child, Tree):
            yield from _walk(child, text, body)


def _property(node: Tree, text: str) -> Iterator[Mutant]:
    name = node.children[0]
    values = [c for c in node.children[1:] if isinstance(c, Tree) and c.data != "guard_if"
              and c.data != "guard_unless"]
    if name == "default" and values:
        yield from _value_flip(values[0], text, {"on": "off", "off": "on"}, "default")
    elif name == "stack" and values and _word(values[0], text) != "none":
        v = values[0]
        yield _edit(v, text, v.meta.start_pos, v.meta.end_pos, "none", "stack",
                    "the card stacks with nothing")
    elif name in ("layers", "score_layers") and len(values) >= 2:
        for a, b in zip(values, values[1:], strict=False):
            wa, wb = _word(a, text), _word(b, text)
            yield _edit(a, text, a.meta.start_pos, b.meta.end_pos, f"{wb} {wa}", "layers",
                        f"layers {wa} and {wb} swapped")
    elif name == "points" and values and values[0].data == "int_value":
        tok = values[0].children[0]
        yield _token(tok, str(int(tok) + 1), "points", f"worth {int(tok) + 1}, not {tok}")


def _value_flip(v: Tree, text: str, flip: dict[str, str], kind: str) -> Iterator[Mutant]:
    word = _word(v, text)
    if word in flip:
        yield _edit(v, text, v.meta.start_pos, v.meta.end_pos, flip[word], kind,
                    f"{word} becomes {flip[word]}")


def _flip_guard(node: Tree, text: str) -> Iterator[Mutant]:
    start = node.meta.start_pos
    word = "if" if node.data == "guard_if" else "unless"
    other = "unless" if word == "if" else "if"
    yield _edit(node, text, start, start + len(word), other, "guard", f"'{word}' becomes "
                f"'{other}'")


def _list_members(node: Tree, text: str) -> Iterator[Mutant]:
    items = [c for c in node.children if isinstance(c, Tree)]
    for i, item in enumerate(items):
        if i + 1 < len(items):
            start, end = item.meta.start_pos, items[i + 1].meta.start_pos
        else:
            start, end = items[i - 1].meta.end_pos, item.meta.end_pos
        yield _edit(item, text, start, end, "", "member",
                    f"{text[item.meta.start_pos:item.meta.end_pos]} left out of the list")


def _word(node: Tree, text: str) -> str:
    return text[node.meta.start_pos:node.meta.end_pos]


def _line_end(text: str, pos: int) -> int:
    return pos + 1 if pos < len(text) and text[pos] == "\n" else pos


def _edit(node: Tree, text: str, start: int, end: int, new: str, kind: str,
          what: str) -> Mutant:
    return Mutant(start, end, new, kind, node.meta.line, node.meta.column, what)


def _token(tok: Token, new: str, kind: str, what: str) -> Mutant:
    return Mutant(tok.start_pos, tok.end_pos, new, kind, tok.line, tok.column, what)


# -- running them ----------------------------------------------------------------------------


@dataclass
class _Job:
    ident: str
    path: str
    text: str
    parent: Ruleset | None
    rulesets: dict[str, Ruleset]
    scenarios: list


_JOB: _Job | None = None
# The scenarios that killed mutants in this process, the latest first: mutants come in file
# order, so the next one is most often killed by a scenario that killed one just before.
_KILLERS: list[int] = []


_SPLICERS: dict[str, Splicer] = {}


def _init(job: _Job) -> None:
    global _JOB
    _JOB = job


def _splicer(job: _Job) -> Splicer:
    """The unmutated file parsed once per process, each mutant's block parsed alone."""
    if job.path not in _SPLICERS:
        _SPLICERS[job.path] = Splicer(job.text, job.path)
    return _SPLICERS[job.path]


def run_one(m: Mutant) -> Outcome:
    """Check the mutant, then run the corpus against it until a scenario fails."""
    job = _JOB
    assert job is not None
    from ..lang.check import _build
    from ..registry import load as load_vocab

    try:
        rs = _build(_splicer(job).rules(m.start, m.end, m.new), job.parent, load_vocab())
    except HotDeathError as err:
        return Outcome(m, "stillborn", err.diagnostics[0].message if err.diagnostics else "")
    except RecursionError:
        return Outcome(m, "stillborn", "too deep")
    session = _session({**job.rulesets, job.ident: rs})
    tried = set(_KILLERS)
    for i in _KILLERS + [i for i in range(len(job.scenarios)) if i not in tried]:
        scn = job.scenarios[i]
        try:
            holds = _deck_holds(rs, scn)
        except HotDeathError as err:  # an option variant of the mutant does not check
            return Outcome(m, "stillborn", err.diagnostics[0].message if err.diagnostics
                           else "")
        if not holds or not _passes(session, scn.data):
            if i in tried:
                _KILLERS.remove(i)
            _KILLERS.insert(0, i)
            return Outcome(m, "killed", scn.ident)
    return Outcome(m, "survived")


def _deck_holds(rs: Ruleset, scn) -> bool:
    """Every card on the scenario's table is in the mutant's deck (an option's default may
    have taken one out)."""
    d = scn.data
    on = frozenset(o for o in d["options"] if o in rs.options) \
        | {o for o, decl in rs.options.items() if decl.default}
    variant = rs.with_options(on)
    return all(in_deck(variant, text) for text, _ in scn.card_positions)


def _session(rulesets: dict[str, Ruleset]):
    """The reference over these rulesets, judged by the harness as ``hotdeath conform
    --in-process`` judges it, less the schema checks of its answers and their JSON round
    trip (half a mutant's time): the unmutated reference's answers are checked by the
    corpus run, and a mutant whose answer is malformed fails the judge all the same."""
    from hotdeath_harness.session import Session

    from ..serve import Server

    class Trusted(Session):
        def ask(self, message: dict, kind: str, deadline: float) -> dict:
            self.seq += 1
            if message["cmd"] == "load":
                self._loading(message)
            answer = self.client.request({"cmd": message["cmd"], "seq": self.seq, **message},
                                         deadline)
            if not isinstance(answer, dict):
                raise TypeError("no answer")
            return answer

    class Direct:
        """The server in this process; requests copied, since it may keep parts of them."""

        def __init__(self) -> None:
            self.server = Server(rulesets)

        def request(self, message: dict, timeout: float) -> object:
            return self.server.handle(json.loads(json.dumps(message)))

        def close(self) -> None:
            pass

    client = Direct()
    return Trusted(client, client.request({"cmd": "hello", "seq": 0, "protocol": "2.0"}, 10.0))


def _passes(session, data: dict) -> bool:
    """The scenario passes as ``hotdeath conform`` judges it (so every kind of fact counts,
    the legal moves included); a hang past ``SCENARIO_SECONDS`` or a crash kills."""
    from hotdeath_harness.runner import run_scenario

    def alarm(*_):
        raise TimeoutError

    old = signal.signal(signal.SIGALRM, alarm)
    signal.alarm(SCENARIO_SECONDS)
    try:
        return run_scenario(session, data, timeout=3600.0).status == "pass"
    except (SetupError, TimeoutError, RecursionError):
        return False
    except Exception:  # noqa: BLE001 - a mutant may break the engine's own invariants
        return False
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


class CleanFailure(Exception):
    """The unmutated spec fails scenarios: every kill would be counted for nothing."""


def clean_failures(ident: str, rulesets: dict[str, Ruleset], scenarios: list) -> list[str]:
    """The ruleset's scenarios the unmutated spec fails as the mutants are judged: must be
    none, or the judge (not the corpus) is killing the mutants."""
    session = _session(rulesets)
    return [s.ident for s in scenarios
            if s.data["ruleset"] == ident and not _passes(session, s.data)]


def run(ident: str, rulesets: dict[str, Ruleset], scenarios: list, jobs: int = 0,
        limit: int | None = None, lines: tuple[int, ...] = (), progress=None) -> list[Outcome]:
    """Every mutant of the ruleset's own spec file, run against its corpus on ``jobs`` cores."""
    rs = rulesets[ident]
    path = spec_file(ident)
    text = path.read_text(encoding="utf-8")
    parent = rulesets.get(rs.extends) if rs.extends else None
    mine = [s for s in scenarios if s.data["ruleset"] == ident]
    job = _Job(ident, str(path), text, parent, rulesets, mine)
    failing = clean_failures(ident, rulesets, mine)
    if failing:
        raise CleanFailure(f"the unmutated spec of {ident} fails {len(failing)} of its "
                           f"scenarios ({', '.join(failing[:5])}): fix them before mutating")
    todo = [m for m in mutants(text) if not lines or m.line in lines][:limit]
    jobs = jobs or os.cpu_count() or 1
    if jobs == 1:
        _init(job)
        out = []
        for m in todo:
            out.append(run_one(m))
            if progress:
                progress()
        return out
    with ProcessPoolExecutor(jobs, initializer=_init, initargs=(job,)) as pool:
        out = []
        for result in pool.map(run_one, todo, chunksize=8):
            out.append(result)
            if progress:
                progress()
        return out


def spec_file(ident: str) -> Path:
    """The file that declares the ruleset (its header line names it)."""
    header = re.compile(rf"^ruleset\s+{re.escape(ident)}\b", re.MULTILINE)
    for path in sorted(spec_dir().glob("*.hd")):
        if header.search(path.read_text(encoding="utf-8")):
            return path
    raise FileNotFoundError(f"no spec file declares ruleset '{ident}'")


# -- equivalent mutants and the report ---------------------------------------------------


def equivalents(path: Path) -> dict[str, str]:
    """``KIND COL | block | spec line | reason`` lines: survivors known to behave exactly like
    the spec. A mutant is named by what it edits (its kind, its column, the top-level block
    and the text of its line), not by its line number, so an edit elsewhere in the spec
    leaves the list valid."""
    if not path.exists():
        return {}
    out = {}
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if line and not line.startswith("#"):
            head, _, rest = line.partition(" | ")
            source, _, reason = rest.rpartition(" | ")
            out[f"{head} | {source}"] = reason.strip()
    return out


def summary(outcomes: list[Outcome], known: dict[str, str]) -> dict:
    counted = [o for o in outcomes if o.status != "stillborn"]
    killed = sum(o.status == "killed" for o in counted)
    equivalent = [o for o in counted if o.status == "survived" and o.mutant.key in known]
    survivors = [o for o in counted if o.status == "survived" and o.mutant.key not in known]
    scored = len(counted) - len(equivalent)
    return {"mutants": len(outcomes), "stillborn": len(outcomes) - len(counted),
            "killed": killed, "equivalent": len(equivalent), "survived": len(survivors),
            "kill_rate": killed / scored if scored else 1.0, "survivors": survivors}


def render(ident: str, text: str, s: dict) -> list[str]:
    lines = text.splitlines()
    out = [f"{ident}: {s['kill_rate']:.1%} of {s['killed'] + s['survived']} mutants killed "
           f"({s['killed']} killed, {s['survived']} survived, {s['equivalent']} equivalent, "
           f"{s['stillborn']} stillborn)"]
    for o in s["survivors"]:
        m = o.mutant
        source = lines[m.line - 1].strip() if 0 < m.line <= len(lines) else ""
        out.append(f"  SURVIVED {m.ident}  {m.what}  (to list it as equivalent: "
                   f"'{m.key} | reason')")
        out.append(f"           {source[:110]}")
    return out
