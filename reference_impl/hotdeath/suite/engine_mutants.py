"""Mutants of the reference's engine code: one small mistake in one function of ``engine/``.

A conformance suite checks other people's programs, so its power is best measured
against wrong *programs*: each mutant here is the engine with one plausible
slip in it, the kind a person writing a game engine makes:

- ``compare``: a comparison shifted or negated (``<`` becomes ``<=``, ``>=``
  becomes ``>``, ``==`` becomes ``!=``, ``in`` becomes ``not in``, ``is``
  becomes ``is not``, and back);
- ``delete``: a statement left out (it becomes ``pass``);
- ``boolop``: ``and`` becomes ``or``, or ``or`` becomes ``and``;
- ``number``: an integer constant one more, or one less;
- ``negate``: the test of an ``if``, ``while`` or conditional expression negated;
- ``bool``: ``True`` becomes ``False``, or ``False`` becomes ``True``.

Only the bodies of functions and methods are mutated (what runs when the engine
plays), found in the parse tree of each source file, so a mutant is planted by
compiling the file with the one node changed and giving the live function the
new code object (``engine_mutate.plant``). Left alone, because no protocol
message carries them and no implementation could be judged on them: the
reference's explanatory trace (calls of ``log`` and ``if ....tracing:``
blocks), messages (strings and f-strings), docstrings, ``assert`` statements,
imports inside functions, default values and decorators (evaluated once, when
the module is imported), and code outside functions.
"""

from __future__ import annotations

import ast
import hashlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent  # the hotdeath package
ENGINE_DIRS = ("engine", "engine/verbs")

COMPARE_SWAPS: dict[type, type] = {
    ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt,
    ast.Eq: ast.NotEq, ast.NotEq: ast.Eq, ast.In: ast.NotIn, ast.NotIn: ast.In,
    ast.Is: ast.IsNot, ast.IsNot: ast.Is}
_SYMBOLS = {ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=", ast.Eq: "==",
            ast.NotEq: "!=", ast.In: "in", ast.NotIn: "not in", ast.Is: "is",
            ast.IsNot: "is not"}
_SKIPPED_STATEMENTS = (ast.Assert, ast.Pass, ast.Import, ast.ImportFrom, ast.Global,
                       ast.Nonlocal)
_BODIES = ("body", "orelse", "finalbody", "handlers", "cases")


@dataclass(frozen=True)
class EngineMutant:
    """One edit of one engine source file, inside one top-level function or method."""

    file: str  # relative to the package: 'engine/matching.py'
    qualname: str  # the top-level function or method whose code the mutant replaces
    site: int  # the edit's place in the walk of the file (see ``_sites``)
    variant: int  # which of the edits made there (a number: 0 is +1, 1 is -1)
    kind: str
    what: str
    line: int
    end_line: int
    col: int
    before: str  # the source it changes, and what it becomes (a one-line diff)
    after: str
    source: str  # the (first) line it edits, stripped
    nth: int = 1  # the same edit of the same line text in the same function: which one

    @property
    def ident(self) -> str:
        """Where it is now (for reading a report)."""
        return f"{self.file}:{self.line}:{self.col}:{self.kind}"

    @property
    def key(self) -> str:
        """What it is, wherever the function has moved (line or file): the equivalent list
        and the sample use this, so an unrelated edit or a module split leaves them valid."""
        again = f" #{self.nth}" if self.nth > 1 else ""
        return f"{self.qualname} {self.kind} {self.col}{again} {self.what} | {self.source}"

    @property
    def diff(self) -> str:
        return f"- {_one_line(self.before)}  + {_one_line(self.after)}"

    @property
    def lines(self) -> range:
        return range(self.line, self.end_line + 1)

    def weight(self, seed: int) -> float:
        """Where the mutant falls in [0, 1) for a sample drawn with this seed: a hash of its
        key, so the same mutant is drawn whatever else changed in the engine."""
        digest = hashlib.sha256(f"{seed}:{self.key}".encode()).digest()
        return int.from_bytes(digest[:8], "big") / 2 ** 64


def engine_files() -> list[Path]:
    """Every source file of the engine and its verbs, in a fixed order."""
    return sorted(p for d in ENGINE_DIRS for p in (PACKAGE / d).glob("*.py"))


def relative(path: Path) -> str:
    return path.resolve().relative_to(PACKAGE).as_posix()


def mutants(path: Path, text: str | None = None) -> list[EngineMutant]:
    """Every mutant of one source file, in file order."""
    text = path.read_text(encoding="utf-8") if text is None else text
    tree = ast.parse(text)
    lines = text.splitlines()
    name = relative(path)
    out: list[EngineMutant] = []
    seen: dict[tuple, int] = {}
    for index, site in enumerate(_sites(tree)):
        for variant, (what, after) in enumerate(site.describe()):
            node = site.node
            line = node.lineno
            source = lines[line - 1].strip() if 0 < line <= len(lines) else ""
            before, after = _diff(lines, site, node, after)
            ident = (site.qualname, site.kind, node.col_offset, what, source)
            seen[ident] = seen.get(ident, 0) + 1
            out.append(EngineMutant(name, site.qualname, index, variant, site.kind,
                                    what, line, node.end_lineno or line, node.col_offset,
                                    before, after, source, seen[ident]))
    return out


def all_mutants() -> list[EngineMutant]:
    """Every mutant of the engine. The same edit of the same line in functions of the same
    name (a helper two modules both have) is told apart by its place in the engine's files:
    a key names no file, so moving a function to another module keeps its mutants' keys."""
    out = []
    seen: dict[tuple, int] = {}
    for path in engine_files():
        for m in mutants(path):
            ident = (m.qualname, m.kind, m.col, m.what, m.source)
            seen[ident] = seen.get(ident, 0) + 1
            out.append(replace(m, nth=seen[ident]) if seen[ident] != m.nth else m)
    return out


def mutated_tree(path: Path, m: EngineMutant, text: str | None = None) -> ast.Module:
    """The file's parse tree with the mutant's edit made (line numbers unchanged)."""
    tree = ast.parse(path.read_text(encoding="utf-8") if text is None else text)
    for index, site in enumerate(_sites(tree)):
        if index == m.site:
            site.apply(m.variant)
            return ast.fix_missing_locations(tree)
    raise LookupError(f"{m.ident}: the file no longer has this mutant")


def _diff(lines: list[str], site: _Site, node: ast.AST, after: str) -> tuple[str, str]:
    """The edited line before and after, where the edit is on one line; else the edited
    source itself (a deleted statement: its first line, and 'pass')."""
    if site.kind == "delete":
        return lines[node.lineno - 1].strip(), "pass"
    if node.lineno == node.end_lineno:
        line = lines[node.lineno - 1]
        return line.strip(), (line[:node.col_offset] + after + line[node.end_col_offset:]).strip()
    return _segment(lines, node), after


def _segment(lines: list[str], node: ast.AST) -> str:
    """The node's source text (``ast.get_source_segment`` splits the whole file each call)."""
    first, last = node.lineno - 1, (node.end_lineno or node.lineno) - 1
    if first == last:
        return lines[first][node.col_offset:node.end_col_offset]
    return "\n".join([lines[first][node.col_offset:], *lines[first + 1:last],
                      lines[last][:node.end_col_offset]])


def _one_line(text: str, limit: int = 90) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[:limit - 3] + "..."


# -- the walk -------------------------------------------------------------------------------


_Edit = tuple[str, Callable[[], ast.AST], Callable[[], None]]  # (what, make it, undo it)


@dataclass
class _Site:
    """A place in the tree and the edits that can be made there (in place, and undone)."""

    qualname: str
    kind: str
    node: ast.AST
    edits: list[_Edit]

    def describe(self) -> list[tuple[str, str]]:
        """(what, the edited source) for each edit: made, written out, undone."""
        out = []
        for what, make, undo in self.edits:
            out.append((what, ast.unparse(make())))
            undo()
        return out

    def apply(self, variant: int) -> ast.AST:
        return self.edits[variant][1]()


def _sites(tree: ast.Module) -> Iterator[_Site]:
    for stmt in tree.body:
        if isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef):
            yield from _block(stmt.body, stmt.name, docstring=True)
        elif isinstance(stmt, ast.ClassDef):
            for sub in stmt.body:
                if isinstance(sub, ast.FunctionDef | ast.AsyncFunctionDef):
                    yield from _block(sub.body, f"{stmt.name}.{sub.name}", docstring=True)


def _block(stmts: list[ast.stmt], qualname: str, docstring: bool = False) -> Iterator[_Site]:
    for i, stmt in enumerate(stmts):
        if docstring and i == 0 and _is_docstring(stmt):
            continue
        if isinstance(stmt, _SKIPPED_STATEMENTS) or _traces(stmt):
            continue
        if isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            yield from _block(stmt.body, qualname, docstring=True)  # nested: its body only
            continue
        yield _Site(qualname, "delete", stmt, [_deleter(stmts, i)])
        if isinstance(stmt, ast.If | ast.While):
            yield _negation(qualname, stmt)
        for name, value in ast.iter_fields(stmt):
            if name in _BODIES or name in ("annotation", "returns", "type_comment"):
                continue
            for node in value if isinstance(value, list) else [value]:
                if isinstance(node, ast.expr):
                    yield from _expression(node, qualname)
        for name in _BODIES:
            body = getattr(stmt, name, None) or []
            if body and isinstance(body[0], ast.stmt):
                yield from _block(body, qualname)
            else:  # except handlers, match cases: their bodies
                for part in body:
                    yield from _block(part.body, qualname)


def _expression(node: ast.expr, qualname: str) -> Iterator[_Site]:
    if isinstance(node, ast.JoinedStr) or _is_log_call(node):
        return
    if isinstance(node, ast.Compare):
        for k, op in enumerate(node.ops):
            new = COMPARE_SWAPS[type(op)]
            what = f"'{_SYMBOLS[type(op)]}' becomes '{_SYMBOLS[new]}'"
            yield _Site(qualname, "compare", node, [_setter(node, "ops", new(), what, k)])
    elif isinstance(node, ast.BoolOp):
        old, new = ("and", "or") if isinstance(node.op, ast.And) else ("or", "and")
        swapped = ast.Or() if old == "and" else ast.And()
        yield _Site(qualname, "boolop", node,
                    [_setter(node, "op", swapped, f"'{old}' becomes '{new}'")])
    elif isinstance(node, ast.IfExp):
        yield _negation(qualname, node)
    elif isinstance(node, ast.Constant) and isinstance(node.value, bool):
        v = node.value
        yield _Site(qualname, "bool", node, [_setter(node, "value", not v,
                                                     f"{v} becomes {not v}")])
    elif isinstance(node, ast.Constant) and type(node.value) is int:
        v = node.value
        yield _Site(qualname, "number", node, [
            _setter(node, "value", v + 1, f"{v} becomes {v + 1}"),
            _setter(node, "value", v - 1, f"{v} becomes {v - 1}")])
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.expr):
            yield from _expression(child, qualname)
        elif isinstance(child, ast.comprehension):
            for part in (child.target, child.iter, *child.ifs):
                yield from _expression(part, qualname)
        elif isinstance(child, ast.keyword):
            yield from _expression(child.value, qualname)
        elif isinstance(child, ast.arguments):  # a lambda's defaults
            for default in (*child.defaults, *[d for d in child.kw_defaults if d]):
                yield from _expression(default, qualname)


def _negation(qualname: str, node: ast.If | ast.While | ast.IfExp) -> _Site:
    test = node.test

    def make() -> ast.AST:
        node.test = ast.copy_location(ast.UnaryOp(ast.Not(), test), test)
        return node.test

    def undo() -> None:
        node.test = test

    return _Site(qualname, "negate", test, [("condition negated", make, undo)])


def _deleter(stmts: list[ast.stmt], i: int) -> _Edit:
    stmt = stmts[i]

    def make() -> ast.AST:
        stmts[i] = ast.copy_location(ast.Pass(), stmt)
        return stmts[i]

    def undo() -> None:
        stmts[i] = stmt

    return ("statement deleted", make, undo)


def _setter(node: ast.AST, field: str, new: object, what: str, index: int | None = None) -> _Edit:
    """An edit that sets one field of the node (or one item of a list field)."""
    old = getattr(node, field) if index is None else getattr(node, field)[index]

    def put(value: object) -> None:
        if index is None:
            setattr(node, field, value)
        else:
            getattr(node, field)[index] = value

    def make() -> ast.AST:
        put(new)
        return node

    return (what, make, lambda: put(old))


def _is_docstring(stmt: ast.stmt) -> bool:
    return isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant) \
        and isinstance(stmt.value.value, str)


def _is_log_call(node: ast.AST) -> bool:
    """A call of the trace's ``log`` (``state.log(event, owner, text)``)."""
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
        and node.func.attr == "log"


def _traces(stmt: ast.stmt) -> bool:
    """The statement only writes the trace: a ``log`` call, or ``if ....tracing:`` with no
    ``else`` (a block that runs only when the trace is kept, to word it)."""
    if isinstance(stmt, ast.Expr) and _is_log_call(stmt.value):
        return True
    return isinstance(stmt, ast.If) and not stmt.orelse \
        and isinstance(stmt.test, ast.Attribute) and stmt.test.attr == "tracing"
