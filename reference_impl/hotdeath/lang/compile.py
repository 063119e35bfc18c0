"""Effect bodies and conditions: AST calls bound to registry entries, or errors.

Binding happens once, at check time, so the engine runs plain function calls
with ready arguments (no per-step name lookups or re-parsing). A parameter of
kind ``int`` may be a literal or an expression; expressions are evaluated
when the statement runs. Selectors, card references and conditions are
passed to verbs as functions of the context.
"""

from __future__ import annotations

import difflib
import operator
from collections.abc import Callable

from ..errors import Collector
from ..model import IfOp, LetOp, Op
from ..registry import Entry, Vocabulary
from . import ast

COMPARISONS = {"<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge,
               "==": operator.eq, "!=": operator.ne}
BASE_ZONES = ("pile", "discard", "neutral")


def suggest(word: str, choices) -> str:
    close = difflib.get_close_matches(word, list(choices), n=1)
    return f" (did you mean '{close[0]}'?)" if close else ""


class _Bad:
    pass


_BAD = _Bad()
_BOOLS = {"on": True, "off": False, "true": True, "false": False, "yes": True, "no": False}
_KIND_WORDS = {
    "int": "a whole number or a number-valued expression", "string": "a quoted string",
    "selector": "a selector naming one player", "seats": "a selector",
    "color": "a colour of this ruleset", "name": "a name", "names": "a name or [list, of, names]",
    "card": "a quoted card name", "bool": "on or off", "card_ref": "a card-valued expression",
    "cards": "a cards-valued expression", "zone": "a pile name", "cond": "a condition name",
}


class Binder:
    """Validates calls against the vocabulary and converts their arguments."""

    def __init__(self, vocab: Vocabulary, errors: Collector, colors: tuple[str, ...],
                 card_names: set[str], zones: tuple[str, ...] = ()):
        self.vocab = vocab
        self.errors = errors
        self.colors = colors
        self.card_names = card_names
        self.zones = BASE_ZONES + tuple(zones)
        self.needs: set[str] = set()
        self.asks = False
        self.lets: dict[str, str] = {}  # variable -> type (int, card, seat)

    # -- statements ---------------------------------------------------------------

    def body(self, stmts: tuple[ast.Stmt, ...]) -> tuple:
        out = []
        for stmt in stmts:
            if isinstance(stmt, ast.If):
                out.append(IfOp(self.cond(stmt.cond), self.body(stmt.then),
                                self.body(stmt.orelse)))
            elif isinstance(stmt, ast.Let):
                got = self.expression(stmt.value, stmt.pos)
                if got is not None:
                    fn, typ = got
                    self.lets[stmt.name] = typ
                    out.append(LetOp(stmt.name, fn, stmt.value))
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
        bound = self.bind(call, entry)
        if bound is None:
            return None
        static, dynamic = bound
        self.needs |= entry.needs
        self.asks = self.asks or entry.asks
        return Op(entry.fn, static, call, tuple(dynamic), entry.asks, entry.keeps_lane)

    def bind(self, call: ast.Call, entry: Entry) -> tuple[dict, list] | None:
        params = list(entry.params)
        given: dict[str, object] = {}
        ok = True
        if len(call.args) > len(params):
            self.errors.error(call.pos, f"'{call.name}' takes at most {len(params)} "
                              f"positional argument(s), got {len(call.args)}")
            return None
        for name, val in zip(params, call.args, strict=False):
            given[name] = val
        for name, val in call.kwargs:
            if name not in entry.params:
                self.errors.error(call.pos, f"'{call.name}' has no parameter '{name}'"
                                  f"{suggest(name, params)}")
                ok = False
            elif name in given:
                self.errors.error(call.pos, f"'{call.name}' got '{name}' twice")
                ok = False
            else:
                given[name] = val
        static: dict = {}
        dynamic: list = []
        for name, param in entry.params.items():
            if name not in given:
                if param.required:
                    self.errors.error(call.pos, f"'{call.name}' needs '{name}'")
                    ok = False
                static[name] = param.default
                continue
            converted = self.convert(call, name, param.kind, given[name])
            if converted is _BAD:
                ok = False
            elif isinstance(converted, _Dynamic):
                dynamic.append((name, converted.fn))
            else:
                static[name] = converted
        return (static, dynamic) if ok else None

    def convert(self, call: ast.Call, name: str, kind: str, val):
        where = f"'{call.name}' parameter '{name}'"
        if kind == "int":
            if isinstance(val, int):
                return val
            got = self.expression(val, call.pos, quiet=True)
            if got is not None and got[1] == "int":
                return _Dynamic(got[0])
        elif kind == "string":
            if isinstance(val, str):
                return val
        elif kind in ("selector", "seats"):
            got = self.seat_function(val, kind)
            if got is not None:
                return got
        elif kind in ("card_ref", "cards"):
            got = self.expression(val, call.pos, quiet=True)
            want = "card" if kind == "card_ref" else "cards"
            if got is not None and got[1] == want:
                return got[0]
        elif kind == "zone":
            if isinstance(val, ast.Name):
                if val.text in self.zones:
                    return val.text
                self.errors.error(val.pos, f"unknown pile '{val.text}' (piles: "
                                  f"{', '.join(self.zones)}){suggest(val.text, self.zones)}")
                return _BAD
        elif kind == "cond":
            if isinstance(val, ast.Name):
                return self.cond(ast.Call(val.text, (), (), val.pos))
            if isinstance(val, ast.CallValue):
                return self.cond(val.call)
        elif kind == "color":
            if isinstance(val, ast.Name) and val.text in self.colors:
                return val.text
        elif kind == "name":
            if isinstance(val, ast.Name):
                return val.text
        elif kind == "names":
            if isinstance(val, ast.Name):
                return (val.text,)
            if isinstance(val, str):
                return (val,)
            if isinstance(val, tuple) and all(isinstance(v, ast.Name | str) for v in val):
                return tuple(v.text if isinstance(v, ast.Name) else v for v in val)
        elif kind == "card":
            if isinstance(val, str):
                if val not in self.card_names:
                    self.errors.error(call.pos, f"{where}: unknown card \"{val}\""
                                      f"{suggest(val, self.card_names)}")
                    return _BAD
                return val
        elif kind == "bool" and isinstance(val, ast.Name) and val.text in _BOOLS:
            return _BOOLS[val.text]
        self.errors.error(call.pos, f"{where} must be {_KIND_WORDS[kind]}")
        return _BAD

    def seat_function(self, val, kind: str):
        """A selector name, a let variable holding a seat, or a seat-valued expression."""
        if isinstance(val, ast.CallValue):
            got = self.value_call(val.call)
            return got[0] if got is not None and got[1] == "seat" else None
        if not isinstance(val, ast.Name):
            return None
        if self.lets.get(val.text) == "seat":
            var = val.text
            return lambda ctx: ctx.vars[var]
        sel = self.vocab.selectors.get(val.text)
        if sel is None:
            self.errors.error(val.pos, f"unknown selector '{val.text}'"
                              f"{suggest(val.text, self.vocab.selectors)}")
            return _BAD
        if kind == "selector" and sel.returns == "seats":
            self.errors.error(val.pos, f"'{val.text}' names several players; one is needed here")
            return _BAD
        self.needs |= sel.needs
        return sel.fn

    # -- expressions ------------------------------------------------------------------

    def expression(self, val, pos, quiet: bool = False) -> tuple[Callable, str] | None:
        """A value-valued AST node as (function of the context, type), or None."""
        if isinstance(val, int):
            return (lambda ctx, v=val: v), "int"
        if isinstance(val, ast.Name):
            if val.text in self.lets:
                var = val.text
                return (lambda ctx: ctx.vars[var]), self.lets[var]
            if val.text in self.vocab.values:
                return self.value_call(ast.Call(val.text, (), (), val.pos))
            if val.text in self.vocab.selectors:
                return self.vocab.selectors[val.text].fn, "seat"
            if not quiet:
                self.errors.error(val.pos, f"unknown value '{val.text}'"
                                  f"{suggest(val.text, self.vocab.values)}")
            return None
        if isinstance(val, ast.CallValue):
            return self.value_call(val.call)
        if not quiet:
            self.errors.error(pos, "expected a value")
        return None

    def value_call(self, call: ast.Call) -> tuple[Callable, str] | None:
        entry = self.vocab.values.get(call.name)
        if entry is None:
            self.errors.error(call.pos, f"unknown value '{call.name}'"
                              f"{suggest(call.name, self.vocab.values)}")
            return None
        bound = self.bind(call, entry)
        if bound is None:
            return None
        static, dynamic = bound
        self.needs |= entry.needs
        fn = entry.fn
        if not static and not dynamic:
            return (lambda ctx: fn(ctx)), entry.returns
        if not dynamic:
            return (lambda ctx: fn(ctx, **static)), entry.returns

        def evaluate(ctx):
            kwargs = dict(static)
            for name, dfn in dynamic:
                kwargs[name] = dfn(ctx)
            return fn(ctx, **kwargs)

        return evaluate, entry.returns

    # -- conditions ------------------------------------------------------------------------

    def cond(self, node: ast.Cond) -> Callable:
        """The condition as a function of the context; it keeps its source (``hd_source``)
        for the site's plain words, which say what a condition tests (never called here)."""
        test = self._cond(node)
        test.hd_source = node  # type: ignore[attr-defined]  # each test is a fresh closure
        return test

    def _cond(self, node: ast.Cond) -> Callable:
        if isinstance(node, ast.Not):
            inner = self.cond(node.operand)
            return lambda ctx: not inner(ctx)
        if isinstance(node, ast.And):
            left, right = self.cond(node.left), self.cond(node.right)
            return lambda ctx: left(ctx) and right(ctx)
        if isinstance(node, ast.Or):
            left, right = self.cond(node.left), self.cond(node.right)
            return lambda ctx: left(ctx) or right(ctx)
        if isinstance(node, ast.Compare):
            return self.compare(node)
        op = self.call(node, self.vocab.conditions, "condition")
        if op is None:
            return lambda ctx: False
        fn, kwargs, dynamic = op.fn, op.kwargs, op.dynamic
        if not dynamic:
            return lambda ctx: fn(ctx, **kwargs)

        def test(ctx):
            args = dict(kwargs)
            for name, dfn in dynamic:
                args[name] = dfn(ctx)
            return fn(ctx, **args)

        return test

    def compare(self, node: ast.Compare) -> Callable:
        sides = []
        for side in (node.left, node.right):
            val = ast.Name(side.name, side.pos) if isinstance(side, ast.Call) and not (
                side.args or side.kwargs) else (ast.CallValue(side) if isinstance(side, ast.Call)
                                                else side)
            got = self.expression(val, node.pos)
            if got is not None and got[1] != "int":
                self.errors.error(node.pos, f"only numbers can be compared, not a {got[1]}")
                got = None
            sides.append(got[0] if got else (lambda ctx: 0))
        left, right = sides
        test = COMPARISONS[node.op]
        return lambda ctx: test(left(ctx), right(ctx))

    def guard(self, guard: ast.Guard | None) -> Callable | None:
        if guard is None:
            return None
        test = self.cond(guard.cond)
        if guard.negate:
            negated = lambda ctx: not test(ctx)  # noqa: E731
            negated.hd_source = ast.Not(guard.cond)  # type: ignore[attr-defined]
            return negated
        return test


class _Dynamic:
    """A converted argument to evaluate each time its statement runs."""

    __slots__ = ("fn",)

    def __init__(self, fn: Callable):
        self.fn = fn
