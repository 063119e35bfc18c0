"""Small reST building blocks, so page generators never hand-escape text."""

from __future__ import annotations

import re

_INLINE = re.compile(r"([\\*`|_<>\[\]])")
_SLUG = re.compile(r"[^a-z0-9]+")


def esc(text: str) -> str:
    """Text safe inside a paragraph: inline markup characters are backslash-escaped."""
    return _INLINE.sub(r"\\\1", " ".join(str(text).split()))


def slug(text: str) -> str:
    """A file- and anchor-safe name: 'A.B.C.' -> 'a-b-c', "Jack o' the Moon" ->
    'jack-o-the-moon'."""
    return _SLUG.sub("-", text.lower()).strip("-") or "x"


def heading(text: str, char: str = "=", over: bool = False) -> list[str]:
    text = esc(text)
    line = char * max(len(text), 3)
    return ([line] if over else []) + [text, line, ""]


def role(name: str, target: str, title: str = "") -> str:
    """An interpreted-text role; ``title`` shows instead of the target when given."""
    target = target.replace("`", "").replace("<", "").replace(">", "")
    if title:
        title = title.replace("`", "'").replace("<", "(").replace(">", ")")
        return f":{name}:`{_role_text(title)} <{target}>`"
    return f":{name}:`{target}`"


def _role_text(text: str) -> str:
    # Inside a role, a backslash escapes; keep text plain.
    return text.replace("\\", "\\\\")


def indent(lines: list[str], by: int = 3) -> list[str]:
    pad = " " * by
    return [pad + line if line.strip() else "" for line in lines]


def code_block(text: str, language: str = "text") -> list[str]:
    body = text.rstrip("\n").splitlines() or [""]
    return [f".. code-block:: {language}", "", *indent(body), ""]


def list_table(header: list[str], rows: list[list[str]], widths: str = "",
               cls: str = "") -> list[str]:
    """A ``list-table``; each cell is reST text (may hold several lines)."""
    out = [".. list-table::", "   :header-rows: 1"]
    if widths:
        out.append(f"   :widths: {widths}")
    if cls:
        out.append(f"   :class: {cls}")
    out.append("")
    for row in [header, *rows]:
        for i, cell in enumerate(row):
            lines = str(cell).splitlines() or [""]
            first = lines[0] if lines[0] else ""
            out.append(("   * - " if i == 0 else "     - ") + first)
            out += ["       " + line if line.strip() else "" for line in lines[1:]]
    return out + [""]


def bullet(items: list[str]) -> list[str]:
    return [f"- {item}" for item in items] + ([""] if items else [])


def quote(text: str) -> list[str]:
    return ["   " + esc(text), ""]
