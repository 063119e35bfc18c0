"""John Priebe's Hot Death engine through conformance/adapters/jpriebe_hotdeath.py.

The adapter compiles the peer's Java engine (GPL, kept outside this project) with our
stand-ins and drives it as a child process, so these tests need a JDK and the peer's
sources; without them they are skipped. The first test checks the adapter speaks the
protocol (`--validate`); the second regenerates the report published by
`make jpriebe-report` (docs/conformance/jpriebe-hotdeath.md): any change in the peer's
results, in the corpus, or in the expected-failures file (an expected failure that now
passes fails the run) shows up here, and so does a change in the differential run's distinct
differences, which the report ends with. The last test checks the adapter's legal moves
against the peer's own acceptance of each move.
"""

from __future__ import annotations

import importlib.util
import json
import os
import random
import shutil
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from report_pages import differential_section

from hotdeath_harness.cli import main as conform

ROOT = Path(__file__).resolve().parent.parent
ADAPTER = ROOT / "conformance" / "adapters" / "jpriebe_hotdeath.py"
PUBLISHED = ROOT / "docs" / "conformance" / "jpriebe-hotdeath.md"
CORPUS = ROOT / "conformance" / "scenarios" / "hot-death-1989"
IMPL = "python conformance/adapters/jpriebe_hotdeath.py"
EXPECTED = "conformance/adapters/jpriebe_hotdeath.expected"


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
        "--expected-failures", EXPECTED, "--format", "markdown"])
    assert result.exit_code == 0, result.output
    page = result.output + differential_section(
        IMPL, "hot-death-1989", "conformance/adapters/jpriebe_hotdeath.differences", EXPECTED)
    assert page == PUBLISHED.read_text(), \
        "docs/conformance/jpriebe-hotdeath.md is stale: run `make jpriebe-report`"
    assert "| pass |" in result.output, "the peer passes nothing: the adapter is broken"


CARDS = ["red 1", "red 6", "blue 6", "green 9", "yellow 3", "red skip", "blue reverse",
         "green draw2", "wild", "wild draw4", "wild eat_hot_death", "wild mystery_draw",
         "red glasnost", "yellow 69", "red magic5", "blue fucker", "red holy_defender",
         "green aids", "yellow shitter", "yellow 1", "blue 2", "green 4"]


@pytest.mark.parametrize("seed", range(4))
def test_every_move_the_peer_offers_is_accepted_and_every_other_play_refused(seed):
    """On random positions: the adapter's listing (Driver.legal, from Game.checkCard and the
    app's buttons) and the peer's acceptance of each move (Driver.play/draw/pass) agree."""
    rng = random.Random(seed)
    players = ["alice", "bob", "carol", "dave"]
    server = adapter.Server()
    try:
        for _ in range(4):
            deal = rng.sample(CARDS, 14)
            top = next(c for c in deal if not c.startswith("wild"))
            deal.remove(top)
            table = {"players": players, "discard": [top], "pile": deal[12:],
                     "hands": {p: deal[3 * i:3 * i + 3] for i, p in enumerate(players)}}
            load = {"cmd": "load", "ruleset": "hot-death-1989", "table": table}
            assert server.answer(load)["outcome"] == "loaded"
            listed = server.answer({"cmd": "legal"})["moves"]
            tried = [{"player": "alice", "act": "draw"}, {"player": "alice", "act": "pass"}]
            for card in table["hands"]["alice"]:
                move = {"player": "alice", "act": "play", "card": card}
                if card.startswith("wild"):
                    move["color"] = "blue"
                if card == "red glasnost":
                    move["target"] = "bob"
                tried.append(move)
            for move in tried:
                server.answer(load)
                answer = server.answer({"cmd": "step", "step": {"do": move}})
                assert (answer["outcome"] == "accepted") == (move in listed), \
                    json.dumps({"table": table, "move": move, "listed": listed})
    finally:
        server.close()
