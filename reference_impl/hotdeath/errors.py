"""User-facing errors: every problem in a rules file or scenario becomes a Diagnostic.

A traceback is never the answer to a user mistake, so every phase collects
Diagnostics and raises one HotDeathError holding all of them; the CLI prints
them as ``path:line:col: message`` followed by the source line and a caret.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Diagnostic:
    path: str
    line: int
    col: int
    message: str
    source_line: str = ""

    def render(self) -> str:
        head = f"{self.path}:{self.line}:{self.col}: {self.message}"
        if not self.source_line:
            return head
        caret = " " * (max(self.col, 1) - 1) + "^"
        return f"{head}\n    {self.source_line}\n    {caret}"


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
        self.lines = text.splitlines()

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
