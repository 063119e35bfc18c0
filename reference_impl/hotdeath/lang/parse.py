"""Text to AST for rules files, with Lark's errors turned into Diagnostics."""

from __future__ import annotations

import re
from dataclasses import replace
from functools import cache
from pathlib import Path

from lark import Lark, Token, Transformer, v_args
from lark.exceptions import (
    LarkError,
    UnexpectedCharacters,
    UnexpectedEOF,
    UnexpectedInput,
    VisitError,
)

from ..cache import DiskCache, salt
from ..errors import Diagnostic, HotDeathError, SourceText, read_source
from ..resources import grammar_dir
from . import ast

_FRIENDLY = {
    "_NL": "end of line",
    "NAME": "a name",
    "STRING": "a quoted string",
    "SIGNED_INT": "a number",
    "SOURCE": "a seed id (000-004 or classic)",
    "LBRACE": "'{'",
    "RBRACE": "'}'",
    "LPAR": "'('",
    "RPAR": "')'",
    "EQUAL": "'='",
    "COMMA": "','",
    "LSQB": "'['",
    "RULING_ID": "a ruling id (like R12)",
    "RULESET_ID": "a ruleset id (like classic)",
    "SCN_ID": "a scenario id",
    "WORD": "a card",
    "DIRECTION": "clockwise or counterclockwise",
    "RSQB": "']'",
    "DOT": "'.'",
    "COLON": "':'",
    "$END": "end of file",
}


_LARK_OPTIONS = {"parser": "lalr", "propagate_positions": True, "maybe_placeholders": False}


@cache
def lark_parser(grammar_file: str) -> Lark:
    """The grammar's LALR parser, read back from the disk cache when it was built before.

    Building both parsers took 0.1 s of every run; a cached one loads in a few
    milliseconds. Lark's own ``save``/``load`` serialise it; the cache key holds
    the grammar's text, these options, and Lark's and Python's versions.
    """
    import io

    text = (grammar_dir() / grammar_file).read_text(encoding="utf-8")
    store = DiskCache("lark", salt([], [repr(sorted(_LARK_OPTIONS.items()))]))
    saved = store.get(text)
    if isinstance(saved, bytes):
        try:
            return Lark.load(io.BytesIO(saved))
        except Exception:  # noqa: BLE001 - a damaged entry is rebuilt, never trusted
            pass
    parser = Lark(text, **_LARK_OPTIONS)
    out = io.BytesIO()
    parser.save(out)
    store.put(text, out.getvalue())
    return parser


def describe_expected(expected: set[str], parser: Lark | None = None) -> str:
    """Terminal names as a reader would say them, closing brackets first."""
    shown = set()
    for name in expected:
        if name in _FRIENDLY:
            shown.add(_FRIENDLY[name])
            continue
        pattern = None
        if parser is not None:
            try:
                pattern = parser.get_terminal(name).pattern
            except KeyError:
                pattern = None
        if pattern is not None and pattern.type == "str":
            shown.add(repr(pattern.value))
        else:
            shown.add(name.lower())
    first = [s for s in ("'}'", "')'", "']'") if s in shown]
    names = first + sorted(shown - set(first))
    if len(names) > 12:
        names = names[:12] + ["..."]
    return ", ".join(names)


def syntax_error(source: SourceText, err: UnexpectedInput,
                 parser: Lark | None = None) -> HotDeathError:
    """One clear diagnostic for a Lark error, never Lark's own multi-line dump."""
    line, col = max(err.line, 1), max(err.column, 1)
    if isinstance(err, UnexpectedCharacters):
        char = source.text[err.pos_in_stream] if err.pos_in_stream < len(source.text) else "?"
        msg = f"unexpected character {char!r}"
    elif isinstance(err, UnexpectedEOF):
        line = max(len(source.lines), 1)
        col = len(source.lines[-1]) + 1 if source.lines else 1
        msg = f"unexpected end of file; expected {describe_expected(set(err.expected), parser)}"
    else:
        tok = err.token  # type: ignore[attr-defined]
        shown = "end of line" if tok.type == "_NL" else repr(str(tok))
        if tok.type == "$END":
            shown = "end of file"
        expected = describe_expected(set(err.expected), parser)  # type: ignore[attr-defined]
        msg = f"unexpected {shown}; expected {expected}"
    return HotDeathError([source.diag(line, col, msg)])


def _pos(meta_or_tok) -> ast.Pos:
    return (getattr(meta_or_tok, "line", 1), getattr(meta_or_tok, "column", 1))


MAX_NUMBER = 1_000_000
"""The largest number a rules or scenario file may write. Nothing in a card game needs more,
and a bound keeps a typo (or a hostile file) from building decks or loops of any size."""


class Located(Exception):
    """A problem found while turning the parse tree into values, with its position."""

    def __init__(self, pos: tuple[int, int], message: str):
        super().__init__(message)
        self.pos = pos
        self.message = message


def number(tok: Token) -> int:
    """A number token as an int, or ``Located`` if it is beyond ``MAX_NUMBER``.

    The length is checked before converting: Python refuses to convert more
    than 4,300 digits, and that ValueError would escape as a foreign error.
    """
    text = str(tok).lstrip("+-").lstrip("0")
    if len(text) > len(str(MAX_NUMBER)) or int(text or 0) > MAX_NUMBER:
        raise Located(_pos(tok), f"number {_clip(str(tok))} is too large (at most {MAX_NUMBER:,})")
    return int(str(tok))


def _clip(text: str, limit: int = 24) -> str:
    return text if len(text) <= limit else text[:limit] + "..."


def located_error(source: SourceText, err: VisitError) -> HotDeathError | None:
    """The diagnostic for a ``Located`` raised inside a Lark transformer, else None."""
    inner = err.orig_exc
    if isinstance(inner, Located):
        return HotDeathError([source.diag(*inner.pos, inner.message)])
    return None


def unquote(tok: Token) -> str:
    return re.sub(r"\\(.)", r"\1", str(tok)[1:-1])


@v_args(meta=True)
class ToAst(Transformer):
    """Lark tree to frozen AST nodes; positions come from Lark's meta."""

    def int_value(self, meta, c):
        return number(c[0])

    def str_value(self, meta, c):
        return unquote(c[0])

    def name_value(self, meta, c):
        return ast.Name(str(c[0]), _pos(c[0]))

    def call_value(self, meta, c):
        return ast.CallValue(self.call(meta, c))

    def compare(self, meta, c):
        return ast.Compare(c[0], str(c[1]), c[2], _pos(meta))

    def let_stmt(self, meta, c):
        return ast.Let(str(c[0]), c[1], _pos(meta))

    def list_value(self, meta, c):
        return tuple(c)

    def range_value(self, meta, c):
        return ast.Range(number(c[0]), number(c[1]))

    def pos_arg(self, meta, c):
        return ("pos", c[0])

    def kw_arg(self, meta, c):
        return ("kw", str(c[0]), c[1])

    def call(self, meta, c):
        args = tuple(a[1] for a in c[1:] if a[0] == "pos")
        kwargs = tuple((a[1], a[2]) for a in c[1:] if a[0] == "kw")
        return ast.Call(str(c[0]), args, kwargs, _pos(c[0]))

    def predicate(self, meta, c):
        return c[0]

    def cond_not(self, meta, c):
        return ast.Not(c[0])

    def cond_and(self, meta, c):
        return ast.And(c[0], c[1])

    def cond_or(self, meta, c):
        return ast.Or(c[0], c[1])

    def guard_if(self, meta, c):
        return ast.Guard(False, c[0])

    def guard_unless(self, meta, c):
        return ast.Guard(True, c[0])

    def body(self, meta, c):
        return tuple(c)

    def block(self, meta, c):
        return tuple(c)

    def if_stmt(self, meta, c):
        orelse = c[2] if len(c) > 2 else ()
        return ast.If(c[0], c[1], orelse, _pos(meta))

    def property(self, meta, c):
        guard = c[-1] if len(c) > 1 and isinstance(c[-1], ast.Guard) else None
        values = c[1:-1] if guard is not None else c[1:]
        return ast.Property(str(c[0]), tuple(values), _pos(c[0]), guard)

    def citation(self, meta, c):
        quote = unquote(c[2]) if len(c) > 2 else ""
        return ast.Citation(str(c[0]), unquote(c[1]), quote, _pos(meta),
                            tuple(_pos(tok) for tok in c))

    def _split_guard(self, c):
        guard = next((x for x in c if isinstance(x, ast.Guard)), None)
        return guard, c[-1]

    def trigger(self, meta, c):
        guard, body = self._split_guard(c)
        return ast.Trigger(str(c[0]), guard, body, _pos(meta))

    def answer(self, meta, c):
        guard, body = self._split_guard(c)
        return ast.Answer(str(c[0]), guard, body, _pos(meta))

    def modifier(self, meta, c):
        guard, body = self._split_guard(c)
        return ast.Modifier(str(c[0]), str(c[1]), guard, body, _pos(meta))

    def _block(self, kind, meta, c, ident=""):
        return ast.Block(kind, unquote(c[0]), c[-1], _pos(meta), ident)

    def card(self, meta, c):
        return self._block("card", meta, c)

    def amend(self, meta, c):
        return self._block("amend", meta, c)

    def rule(self, meta, c):
        return self._block("rule", meta, c)

    def ruling(self, meta, c):
        return ast.Block("ruling", unquote(c[1]), c[2], _pos(meta), str(c[0]))

    def option(self, meta, c):
        return ast.Block("option", unquote(c[1]), c[2], _pos(meta), str(c[0]))

    def override(self, meta, c):
        target = c[0]
        guard = c[1] if len(c) > 2 else None
        return ast.Block("override", target[1], c[-1], _pos(meta), guard=guard, target=target)

    def ov_card(self, meta, c):
        return ("card", unquote(c[0]))

    def ov_category(self, meta, c):
        return ("category", str(c[0]))

    def ov_any(self, meta, c):
        return ("any", "")

    def act(self, meta, c):
        return ast.Block("act", unquote(c[1]), c[2], _pos(meta), str(c[0]))

    def zone(self, meta, c):
        return ast.Block("zone", unquote(c[1]), c[2], _pos(meta), str(c[0]))

    def aside(self, meta, c):
        return ast.Block("aside", unquote(c[0]), c[1], _pos(meta))

    def section(self, meta, c):
        return ast.Block("section", str(c[0]), c[1], _pos(meta), str(c[0]))

    def effect(self, meta, c):
        return ast.EffectDef(str(c[0]), c[1], _pos(meta))

    def header(self, meta, c):
        return (str(c[0]), unquote(c[1]), str(c[2]) if len(c) > 2 else None, _pos(meta))

    def start(self, meta, c):
        return c


def parse_rules(text: str, path: str = "<string>") -> ast.RulesFile:
    """Parse one rules file; raises HotDeathError (and nothing else) on bad input."""
    source = SourceText(path, text)
    if not text.endswith("\n"):
        text += "\n"
    try:
        tree = lark_parser("hotdeath.lark").parse(text)
        items = ToAst().transform(tree)
    except UnexpectedInput as err:
        raise syntax_error(source, err, lark_parser("hotdeath.lark")) from None
    except VisitError as err:
        located = located_error(source, err)
        if located is not None:
            raise located from None
        raise HotDeathError([Diagnostic(path, 1, 1, f"cannot parse: {err.orig_exc}")]) from None
    except RecursionError:
        raise HotDeathError([Diagnostic(path, 1, 1, "cannot parse: nested too deeply")]) \
            from None
    except (LarkError, ValueError, UnicodeDecodeError) as err:
        raise HotDeathError([Diagnostic(path, 1, 1, f"cannot parse: {err}")]) from None
    ident, title, extends, pos = items[0]
    return ast.RulesFile(path, ident, title, extends, tuple(items[1:]), pos, source.text)


_AST_SOURCES = ("lang/parse.py", "lang/ast.py", "errors.py")
"""The modules whose code shapes a rules file's tree, part of its cache key."""


def parse_rules_file(path: Path) -> ast.RulesFile:
    """Parse one rules file, or read back its tree from the disk cache (keyed by its text).

    The cached tree is stored without its path, so a copy of a file elsewhere
    finds it too; only a file that parses is cached.
    """
    text = read_source(path)
    store = _ast_cache()
    tree = store.get(text)
    if isinstance(tree, ast.RulesFile):
        return replace(tree, path=str(path))
    tree = parse_rules(text, str(path))
    store.put(text, replace(tree, path=""))
    return tree


@cache
def _ast_cache() -> DiskCache:
    return DiskCache("rules", salt(_AST_SOURCES, [grammar_dir() / "hotdeath.lark"]))
