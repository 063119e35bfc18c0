"""Effect bodies and conditions: AST calls bound to registry entries, or errors.

Binding happens once, at check time, so the engine runs plain function calls
with ready arguments (no per-step name lookups or re-parsing).
"""

from __future__ import annotations

import difflib
from collections.abc import Callable

from ..errors import Collector
from ..model import IfOp, Op
from ..registry import Entry, Vocabulary
from . import ast


def suggest(word: str, choices) -> str:
    close = difflib.get_close_matches(word, list(choices), n=1)
    return f" (did you mean '{close[0]}'?)" if close else ""


class Binder:
    """Validates calls against the vocabulary and converts their arguments."""

    def __init__(self, vocab: Vocabulary, errors: Collector, colors: tuple[str, ...],
                 card_names: set[str]):
        self.vocab = vocab
        self.errors = errors
        self.colors = colors
        self.card_names = card_names
        self.needs: set[str] = set()

    # -- statements ---------------------------------------------------------------

    def body(self, stmts: tuple[ast.Stmt, ...]) -> tuple:
        out = []
        for stmt in stmts:
            if isinstance(stmt, ast.If):
                out.append(IfOp(self.cond(stmt.cond), self.body(stmt.then),
                                self.body(stmt.orelse)))
            else:
                op = self.call(stmt, self.vocab.verbs, "verb")
                if op is not None:
                    out.append(op)
        return tuple(out)

    def call(self, call: ast.Call, table: dict[str, Entry], what: str) -> Op | None:
        entry = table.get(call.name)
        if entry is None:
            self.errors.error(call.pos, f"unknown {what} '{call.name}'{suggest(call.name, table)}")
            return None
        kwargs = self.bind(call, entry)
        if kwargs is None:
            return None
        self.needs |= entry.needs
        return Op(entry.fn, kwargs, call)

    def bind(self, call: ast.Call, entry: Entry) -> dict | None:
        params = list(entry.params)
        given: dict[str, object] = {}
        ok = True
        if len(call.args) > len(params):
            self.errors.error(call.pos, f"'{call.name}' takes at most {len(params)} "
                              f"positional argument(s), got {len(call.args)}")
            return None
        for name, value in zip(params, call.args, strict=False):
            given[name] = value
        for name, value in call.kwargs:
            if name not in entry.params:
                self.errors.error(call.pos, f"'{call.name}' has no parameter '{name}'"
                                  f"{suggest(name, params)}")
                ok = False
            elif name in given:
                self.errors.error(call.pos, f"'{call.name}' got '{name}' twice")
                ok = False
            else:
                given[name] = value
        kwargs = {}
        for name, param in entry.params.items():
            if name not in given:
                if param.required:
                    self.errors.error(call.pos, f"'{call.name}' needs '{name}'")
                    ok = False
                kwargs[name] = param.default
                continue
            converted = self.convert(call, name, param.kind, given[name])
            ok = ok and converted is not _BAD
            kwargs[name] = converted
        return kwargs if ok else None

    def convert(self, call: ast.Call, name: str, kind: str, value):
        where = f"'{call.name}' parameter '{name}'"
        if kind == "int":
            if isinstance(value, int):
                return value
        elif kind == "string":
            if isinstance(value, str):
                return value
        elif kind == "selector":
            if isinstance(value, ast.Name):
                sel = self.vocab.selectors.get(value.text)
                if sel is None:
                    self.errors.error(value.pos, f"unknown selector '{value.text}'"
                                      f"{suggest(value.text, self.vocab.selectors)}")
                    return _BAD
                self.needs |= sel.needs
                return sel.fn
        elif kind == "color":
            if isinstance(value, ast.Name) and value.text in self.colors:
                return value.text
        elif kind == "name":
            if isinstance(value, ast.Name):
                return value.text
        elif kind == "names":
            if isinstance(value, ast.Name):
                return (value.text,)
            if isinstance(value, tuple) and all(isinstance(v, ast.Name) for v in value):
                return tuple(v.text for v in value)
        elif kind == "card":
            if isinstance(value, str):
                if value not in self.card_names:
                    self.errors.error(call.pos, f"{where}: unknown card \"{value}\""
                                      f"{suggest(value, self.card_names)}")
                    return _BAD
                return value
        elif kind == "bool" and isinstance(value, ast.Name) and value.text in _BOOLS:
            return _BOOLS[value.text]
        self.errors.error(call.pos, f"{where} must be {_KIND_WORDS[kind]}")
        return _BAD

    # -- conditions ------------------------------------------------------------------------

    def cond(self, node: ast.Cond) -> Callable:
        if isinstance(node, ast.Not):
            inner = self.cond(node.operand)
            return lambda ctx: not inner(ctx)
        if isinstance(node, ast.And):
            left, right = self.cond(node.left), self.cond(node.right)
            return lambda ctx: left(ctx) and right(ctx)
        if isinstance(node, ast.Or):
            left, right = self.cond(node.left), self.cond(node.right)
            return lambda ctx: left(ctx) or right(ctx)
        op = self.call(node, self.vocab.conditions, "condition")
        if op is None:
            return lambda ctx: False
        fn, kwargs = op.fn, op.kwargs
        return lambda ctx: fn(ctx, **kwargs)

    def guard(self, guard: ast.Guard | None) -> Callable | None:
        if guard is None:
            return None
        test = self.cond(guard.cond)
        if guard.negate:
            return lambda ctx: not test(ctx)
        return test


class _Bad:
    pass


_BAD = _Bad()
_BOOLS = {"on": True, "off": False, "true": True, "false": False, "yes": True, "no": False}
_KIND_WORDS = {
    "int": "a whole number", "string": "a quoted string", "selector": "a selector name",
    "color": "a colour of this ruleset", "name": "a name", "names": "a name or [list, of, names]",
    "card": "a quoted card name", "bool": "on or off",
}
