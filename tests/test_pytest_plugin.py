"""The pytest plugin: an implementer's own pytest run collects the corpus against --impl."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

BROKEN = Path(__file__).resolve().parent / "gallery" / "broken.py"


def _impl(*args: str) -> str:
    return shlex.join([sys.executable, str(BROKEN), *args])


def test_scenarios_become_items_and_a_divergence_fails_its_item(pytester):
    result = pytester.runpytest_subprocess(
        "--hotdeath-impl", _impl("wrong-turn", "classic-0028"),
        "--hotdeath-glob", "classic-002*", "-p", "no:cacheprovider")
    result.assert_outcomes(passed=9, failed=1)
    result.stdout.fnmatch_lines(["*the step was rejected but the table changed*",
                                 "*FAILED hotdeath::classic-0028*"])


def test_expected_failures_are_strict_xfails(pytester):
    listed = pytester.path / "expected"
    listed.write_text("classic-0028: turn bookkeeping\nclassic-0021: wrongly listed\n")
    result = pytester.runpytest_subprocess(
        "--hotdeath-impl", _impl("wrong-turn", "classic-0028"),
        "--hotdeath-glob", "classic-002*", "--hotdeath-expected-failures", str(listed),
        "-p", "no:cacheprovider")
    result.assert_outcomes(passed=8, xfailed=1, failed=1)
    result.stdout.fnmatch_lines(["*XPASS(strict)*"])


def test_skips_and_a_refused_handshake(pytester):
    result = pytester.runpytest_subprocess(
        "--hotdeath-impl", _impl("skipper", "classic-0028"), "--hotdeath-glob",
        "classic-002*", "-rs", "-p", "no:cacheprovider")
    result.assert_outcomes(passed=9, skipped=1)
    result.stdout.fnmatch_lines(["*we have no Draw Two*"])
    result = pytester.runpytest_subprocess(
        "--hotdeath-impl", _impl("bad-hello"), "--hotdeath-glob", "classic-000[12]",
        "-p", "no:cacheprovider")
    result.assert_outcomes(failed=2)
    result.stdout.fnmatch_lines(["*speaks protocol 3.0*"])


def test_without_the_option_the_plugin_collects_nothing(pytester):
    pytester.makepyfile("def test_own():\n    assert True\n")
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider")
    result.assert_outcomes(passed=1)
