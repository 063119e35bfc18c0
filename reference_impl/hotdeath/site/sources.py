"""The rules-language text of each declaration, cut from the spec files for display.

The model keeps where a card was declared but not its text; the site shows the
DSL itself (highlighted), so this finds each ``card``/``amend``/``rule``/
``ruling``/``option`` block by its header line and cuts it at the matching
brace, skipping braces inside strings and comments.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

_HEADER = re.compile(r'^(?P<indent>\s*)(?P<what>card|amend|rule|ruling|option|act|zone)\s+'
                     r'(?:(?P<ident>[A-Za-z0-9_-]+)\s+)?"(?P<name>(?:\\.|[^"\\])*)"')


@dataclass(frozen=True)
class Block:
    what: str  # card, amend, rule, ruling, option, act, zone
    name: str  # the quoted name (for a ruling or option: its title)
    ident: str  # a ruling's or option's id, else ""
    path: str
    line: int  # 1-based line of the header
    text: str  # the whole block, dedented
    inside: str = ""  # the enclosing option's id, for an amend inside an option


def block_end(lines: list[str], start: int) -> int:
    """Index of the line that closes the block opened on ``lines[start]``."""
    depth, opened = 0, False
    for i in range(start, len(lines)):
        in_str, esc = False, False
        for ch in lines[i]:
            if in_str:
                if esc:
                    esc = False
                elif ch == "\\":
                    esc = True
                elif ch == '"':
                    in_str = False
            elif ch == '"':
                in_str = True
            elif ch == "#":
                break
            elif ch == "{":
                depth, opened = depth + 1, True
            elif ch == "}":
                depth -= 1
        if opened and depth <= 0:
            return i
    return start


def _dedent(lines: list[str]) -> str:
    pad = min((len(x) - len(x.lstrip()) for x in lines if x.strip()), default=0)
    return "\n".join(x[pad:] for x in lines)


@cache
def blocks(path: str) -> tuple[Block, ...]:
    """Every declaration block of one rules file, in file order."""
    lines = Path(path).read_text(encoding="utf-8").splitlines()
    out: list[Block] = []
    option_stack: list[tuple[int, str]] = []  # (end line index, option id)
    for i, line in enumerate(lines):
        m = _HEADER.match(line)
        while option_stack and option_stack[-1][0] < i:
            option_stack.pop()
        if not m:
            continue
        end = block_end(lines, i)
        name = m["name"].replace('\\"', '"')
        inside = option_stack[-1][1] if option_stack else ""
        out.append(Block(m["what"], name, m["ident"] or "", path, i + 1,
                         _dedent(lines[i:end + 1]), inside))
        if m["what"] == "option":
            option_stack.append((end, m["ident"] or ""))
    return tuple(out)


def find(path: str, what: str, name: str) -> list[Block]:
    """The blocks of one kind and name in a file (a card may be amended more than once)."""
    if not path or not Path(path).exists():
        return []
    return [b for b in blocks(path) if b.what == what and (b.name == name or b.ident == name)]
