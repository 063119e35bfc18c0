"""What `make rlcard-report` and `make jpriebe-report` append to an adapter's page: the
distinct differences of a differential run (conformance/tools/differences.py), regenerated
by tests/test_rlcard.py and tests/test_jpriebe.py to keep the published pages current."""

from __future__ import annotations

import importlib.util
import io
import json
from pathlib import Path

from click.testing import CliRunner

from hotdeath_harness.cli import main as conform

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location(
    "differences", ROOT / "conformance" / "tools" / "differences.py")
differences = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(differences)


def differential_section(impl: str, ruleset: str, notes: str, expected: str) -> str:
    """The section, from a differential run of ``impl`` on ``ruleset``; every difference
    must be explained (by ``notes`` or the ``expected`` failures) and every note used."""
    result = CliRunner().invoke(conform, ["--no-progress", "--impl", impl, "--ruleset", ruleset,
                                          "--differential", "--format", "ndjson"])
    records = [json.loads(line) for line in result.output.splitlines() if line.startswith("{")]
    assert any(r.get("type") == "summary" for r in records), result.output
    out = io.StringIO()
    problems = differences.write(out, *differences.differences(records),
                                 differences.read_notes(ROOT / notes),
                                 differences.expected_ids(ROOT / expected))
    assert not problems, problems
    return out.getvalue()
