"""A mutant's rules file parsed one top-level block at a time.

Parsing a whole spec file takes a third to half a second, and ``hotdeath mutate`` made a
mutant of every edit of it: parsing was most of a run (v3: about 390 parses for one run).
A mutant edits one top-level block, so only that block is parsed again, at its own line
(the lines before it are blank, so every position and diagnostic is the same), and its
entries replace the block's in the tree of the unmutated file. ``tests/test_mutate.py``
holds the result equal to parsing the mutated file whole.
"""

from __future__ import annotations

from dataclasses import replace

from ..lang import ast
from ..lang.parse import lark_parser, parse_rules


def padded(old: str, new: str) -> str:
    """``new`` with as many lines as ``old`` (blank ones added): a dropped rule leaves every
    later line where it was, so the blocks after it keep their positions."""
    return new + "\n" * max(0, old.count("\n") - new.count("\n"))


class Splicer:
    """The unmutated file, parsed once, with the span of each top-level block."""

    def __init__(self, text: str, path: str):
        self.text, self.path = text, path
        self.whole = parse_rules(text, path)
        tree = lark_parser("hotdeath.lark").parse(text if text.endswith("\n") else text + "\n")
        header, *entries = tree.children
        self.header = text[header.meta.start_pos:header.meta.end_pos]
        self.spans = [(e.meta.start_pos, e.meta.end_pos, e.meta.line, e.meta.column)
                      for e in entries]
        assert len(self.spans) == len(self.whole.entries)

    def rules(self, start: int, end: int, new: str) -> ast.RulesFile:
        """The rules file with ``text[start:end]`` replaced by ``new``: only the block the
        edit falls in is parsed again (the whole file when the edit is not inside one)."""
        new = padded(self.text[start:end], new)
        mutated = self.text[:start] + new + self.text[end:]
        at = next((i for i, (lo, hi, _, col) in enumerate(self.spans)
                   if lo <= start and end <= hi and col == 1), None)
        if at is None:
            return parse_rules(mutated, self.path)
        lo, hi, line, _ = self.spans[at]
        block = self.text[lo:start] + new + self.text[end:hi]
        fragment = self.header + "\n" * (line - 1 - self.header.count("\n")) + block + "\n"
        items = parse_rules(fragment, self.path).entries
        whole = self.whole
        return replace(whole, entries=whole.entries[:at] + items + whole.entries[at + 1:],
                       text=mutated)
