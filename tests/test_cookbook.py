"""conformance/COOKBOOK.md shows real code: every block it marks as an excerpt is still, line
for line, in the file it names."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COOKBOOK = ROOT / "conformance" / "COOKBOOK.md"
EXCERPT = re.compile(r"<!-- excerpt: (\S+) -->\n```\w*\n(.*?)```", re.S)


def test_every_excerpt_in_the_cookbook_is_in_its_file():
    excerpts = EXCERPT.findall(COOKBOOK.read_text(encoding="utf-8"))
    assert len(excerpts) >= 10
    for path, code in excerpts:
        assert code in (ROOT / path).read_text(encoding="utf-8"), f"{path}:\n{code}"


def test_protocol_md_links_the_cookbook():
    assert "(COOKBOOK.md)" in (ROOT / "conformance" / "PROTOCOL.md").read_text(encoding="utf-8")
