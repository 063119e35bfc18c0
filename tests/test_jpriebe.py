"""John Priebe's Hot Death engine through conformance/adapters/jpriebe_hotdeath.py.

The adapter compiles the peer's Java engine (GPL, kept outside this project) with our
stand-ins and drives it as a child process, so these tests need a JDK and the peer's
sources; without them they are skipped. The first test checks the adapter speaks the
protocol (`--validate`); the second regenerates the report published by
`make jpriebe-report` (docs/conformance/jpriebe-hotdeath.md): any change in the peer's
results, in the corpus, or in the expected-failures file (an expected failure that now
passes fails the run) shows up here.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from hotdeath_harness.cli import main as conform

ROOT = Path(__file__).resolve().parent.parent
ADAPTER = ROOT / "conformance" / "adapters" / "jpriebe_hotdeath.py"
PUBLISHED = ROOT / "docs" / "conformance" / "jpriebe-hotdeath.md"
CORPUS = ROOT / "conformance" / "scenarios" / "hot-death-1989"
IMPL = "python conformance/adapters/jpriebe_hotdeath.py"


_spec = importlib.util.spec_from_file_location("jpriebe_hotdeath", ADAPTER)
adapter = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(adapter)

if shutil.which("javac") is None or shutil.which("java") is None:
    pytest.skip("a JDK (javac, java) is needed to build the peer", allow_module_level=True)
if not all((adapter.PEER / f"{name}.java").is_file() for name in adapter.ENGINE):
    pytest.skip("the peer's sources are not here (set JPRIEBE_HOTDEATH_SRC)",
                allow_module_level=True)
if not CORPUS.is_dir():
    pytest.skip("no hot-death-1989 scenarios yet", allow_module_level=True)


@pytest.fixture
def in_root(monkeypatch):
    monkeypatch.chdir(ROOT)
    monkeypatch.setenv("PATH", str(Path(sys.executable).parent) + os.pathsep
                       + os.environ["PATH"])


def test_the_jpriebe_adapter_speaks_the_protocol(in_root):
    result = CliRunner().invoke(conform, [
        "--no-progress", "--impl", IMPL, "--ruleset", "hot-death-1989", "--validate"])
    assert result.exit_code == 0, result.output


def test_the_published_jpriebe_report_is_what_the_harness_finds_today(in_root):
    result = CliRunner().invoke(conform, [
        "--no-progress", "--impl", IMPL, "--ruleset", "hot-death-1989",
        "--expected-failures", "conformance/adapters/jpriebe_hotdeath.expected",
        "--format", "markdown"])
    assert result.exit_code == 0, result.output
    assert result.output == PUBLISHED.read_text(), \
        "docs/conformance/jpriebe-hotdeath.md is stale: run `make jpriebe-report`"
    assert "| pass |" in result.output, "the peer passes nothing: the adapter is broken"
