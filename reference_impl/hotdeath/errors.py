"""User-facing errors: every problem in a rules file or scenario becomes a Diagnostic.

A traceback is never the answer to a user mistake, so every phase collects
Diagnostics and raises one HotDeathError holding all of them; the CLI prints
them as ``path:line:col: message`` followed by the source line and a caret.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

_UNPRINTABLE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029"
                          "\u202a-\u202e\u2066-\u2069\ud800-\udfff]")
"""What must not reach a terminal as it is: C0 controls but tab and newline (ESC starts
an escape sequence that can retitle the window, move the cursor or hide text; BEL rings;
NUL and CR overwrite), DEL, C1 controls (0x9b is a one-byte ESC [), line and paragraph
separators, the bidirectional overrides that reorder what is read, and lone surrogates."""


def printable(text: str, newlines: bool = True) -> str:
    """``text`` safe to print: every control character spelled out (``\\x1b``, ``\\u202e``).

    Human-facing output quotes what others wrote (a scenario's title, an
    implementation's error message, a rules file's line); it is shown, never obeyed.
    ``newlines=False`` spells out newlines too, for text that must stay on one line.
    """
    def spell(match: re.Match) -> str:
        code = ord(match.group())
        return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"
    out = _UNPRINTABLE.sub(spell, text)
    return out if newlines else out.replace("\n", "\\n")


@dataclass(frozen=True)
class Diagnostic:
    path: str
    line: int
    col: int
    message: str
    source_line: str = ""

    def render(self) -> str:
        """Safe to print: what the file holds is spelled out, the caret under its column."""
        head = printable(f"{self.path}:{self.line}:{self.col}: {self.message}")
        if not self.source_line:
            return head
        shown, col = _window(self.source_line, max(self.col, 1))
        col = len(printable(shown[:col - 1], newlines=False)) + 1
        return f"{head}\n    {printable(shown, newlines=False)}\n    {' ' * (col - 1)}^"


def _window(line: str, col: int, width: int = 120) -> tuple[str, int]:
    """A long line cut to the part around the column (the caret moves with it)."""
    if len(line) <= width:
        return line, col
    start = max(0, min(col - width // 2, len(line) - width))
    prefix = "..." if start else ""
    suffix = "..." if start + width < len(line) else ""
    return prefix + line[start:start + width] + suffix, col - start + len(prefix)


def unreadable(path: str, data: bytes, err: UnicodeDecodeError) -> Diagnostic:
    """Where a file stops being UTF-8: the line and column of the first bad byte."""
    line = data.count(b"\n", 0, err.start) + 1
    start = data.rfind(b"\n", 0, err.start) + 1
    end = data.find(b"\n", err.start)
    shown = data[start:end if end >= 0 else len(data)].decode("utf-8", "replace")
    col = len(data[start:err.start].decode("utf-8", "replace")) + 1
    return Diagnostic(path, line, col, f"not UTF-8: byte {data[err.start]:#04x} cannot be "
                      "decoded", shown.expandtabs(1))


def read_source(path: Path) -> str:
    """A file's text; a file that cannot be read, or is not UTF-8, is a located error."""
    try:
        data = path.read_bytes()
    except OSError as err:
        raise HotDeathError([Diagnostic(str(path), 1, 1, f"cannot read file: {err}")]) from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise HotDeathError([unreadable(str(path), data, err)]) from None


class HotDeathError(Exception):
    """One or more diagnostics; the only exception a user's input may provoke."""

    def __init__(self, diagnostics: list[Diagnostic]):
        self.diagnostics = diagnostics
        super().__init__(self.render())

    def render(self) -> str:
        return "\n".join(d.render() for d in self.diagnostics)


class SourceText:
    """A file's text, able to produce diagnostics that quote the offending line."""

    def __init__(self, path: str, text: str):
        self.path = path
        self.text = text
        # Exactly as the parser counts lines: at "\n" only. str.splitlines() also breaks at
        # U+2028, \x0b, \x0c, \x1c-\x1e and \x85, and then quoted the wrong line.
        self.lines = [line.removesuffix("\r") for line in text.split("\n")]

    def diag(self, line: int, col: int, message: str) -> Diagnostic:
        src = self.lines[line - 1] if 0 < line <= len(self.lines) else ""
        return Diagnostic(self.path, line, col, message, src.expandtabs(1))


class Collector:
    """Accumulates diagnostics so a phase can report all problems at once."""

    def __init__(self, source: SourceText):
        self.source = source
        self.items: list[Diagnostic] = []

    def error(self, pos: tuple[int, int], message: str) -> None:
        self.items.append(self.source.diag(pos[0], pos[1], message))

    def raise_if_any(self) -> None:
        if self.items:
            raise HotDeathError(sorted(self.items, key=lambda d: (d.path, d.line, d.col)))
