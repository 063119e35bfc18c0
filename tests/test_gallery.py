"""The harness against deliberately broken implementations: every fault reported, run finishes.

Each fault strikes in one scenario (classic-0028); the other scenarios of the
run must still pass, which shows the harness replaced the broken process.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner

from hotdeath_harness.cli import main as conform
from hotdeath_harness.protocol import PROTOCOL_VERSION

GALLERY = Path(__file__).resolve().parent / "gallery"
TARGET = "classic-0028"
GLOB = "classic-002*"


def broken(fault: str, target: str | None = TARGET) -> str:
    return shlex.join([sys.executable, str(GALLERY / "broken.py"), fault]
                      + ([target] if target else []))


def run(tmp_path: Path, impl: str, *extra: str) -> tuple[int, str, dict]:
    ndjson = tmp_path / "report.ndjson"
    result = CliRunner().invoke(conform, ["--impl", impl, "--glob", GLOB, "--timeout", "3",
                                          "--no-progress", "--ndjson", str(ndjson), *extra])
    records = [json.loads(line) for line in ndjson.read_text().splitlines()] \
        if ndjson.exists() else []
    by_id = {r["id"]: r for r in records if r["type"] == "result"}
    return result.exit_code, result.output, by_id


def assert_only_target(by_id: dict, status: str, *fragments: str) -> dict:
    """The target has ``status`` and mentions each fragment; every other scenario passed."""
    assert len(by_id) == 10
    target = by_id[TARGET]
    assert target["status"] == status, target
    text = target.get("message", "") + "\n" + "\n".join(target.get("details", []))
    for fragment in fragments:
        assert fragment in text, text
    others = {i: r["status"] for i, r in by_id.items() if i != TARGET}
    assert set(others.values()) == {"pass"}, others
    return target


def test_a_duplicated_answer_is_caught_by_its_seq(tmp_path):
    """Whether the stray line is seen before or after the next request, it never passes."""
    _, _, by_id = run(tmp_path, broken("chatty"))
    text = "\n".join(by_id[TARGET].get("details", [])) + by_id[TARGET]["message"]
    late = re.search(r"seq: answered request (\d+) while request (\d+) was waiting", text)
    assert "wrote a line nobody asked for" in text or \
        (late is not None and int(late[2]) == int(late[1]) + 1), text


@pytest.mark.parametrize(("fault", "status", "fragments"), [
    ("hang", "error", ["loading the table: timeout: no answer within"]),
    ("crash", "error", ["step 2 (bob plays blue draw2): crash: exited with status 3",
                        "boom: the adapter fell over"]),
    ("garbage", "error", ["garbage: answered with a line that is not JSON",
                          "Traceback (most recent call last):"]),
    ("wrong-schema", "error", ["violation: the step answer does not follow the protocol",
                               "'observation' is a required property"]),
    ("bad-code", "error", ["violation", "'illegal' is not one of"]),
    ("flood", "error", ["flood: wrote a line longer than"]),
    ("flood-lines", "error", ["garbage", "spam spam spam"]),
    ("chatty", "error", ["step 3 (bob plays red draw2): violation"]),
    ("errored", "error", ["the implementation errored", "IndexError: pop from empty list"]),
    ("wrong-turn", "fail", ["step 2 (bob plays blue draw2): the step was rejected but the "
                            "table changed", "turn: 'bob' -> 'alice'"]),
    ("accept-everything", "fail", ["expected rejection 'cannot_answer', but the step was "
                                   "accepted"]),
])
def test_fault_is_reported_and_the_run_goes_on(tmp_path, fault, status, fragments):
    code, output, by_id = run(tmp_path, broken(fault))
    assert code == 1, output
    target = assert_only_target(by_id, status, *fragments)
    if "step 2 (" in target["message"]:
        assert target["step"] == 2  # 1-based, as in the text report
    assert f"{status.upper():5} {TARGET}" in output


@pytest.mark.parametrize("fault", ["reorder-on-reject", "extra-field"])
def test_what_the_protocol_allows_is_not_a_failure(tmp_path, fault):
    """Hands are multisets and implementations may add fields (PROTOCOL.md section 4)."""
    code, output, by_id = run(tmp_path, broken(fault, None))
    assert code == 0, output
    assert {r["status"] for r in by_id.values()} == {"pass"}


def test_an_incoherent_observation_is_an_error(tmp_path):
    _, _, by_id = run(tmp_path, broken("stray-hand"))
    assert_only_target(by_id, "error", "violation", "hands are given for ['alice', 'bob', "
                       "'carol', 'zed'], but the players are ['alice', 'bob', 'carol']")


def test_a_skipped_scenario_is_not_a_failure(tmp_path):
    code, output, by_id = run(tmp_path, broken("skipper"))
    assert code == 0, output
    assert_only_target(by_id, "skip", "we have no Draw Two")


def test_a_hang_is_killed_with_its_whole_process_group(tmp_path, monkeypatch):
    pidfile = tmp_path / "grandchild.pid"
    monkeypatch.setenv("GALLERY_PIDFILE", str(pidfile))
    code, _, by_id = run(tmp_path, broken("hang-grandchild"))
    assert code == 1
    assert_only_target(by_id, "error", "timeout")
    assert not _alive(int(pidfile.read_text()))


def _alive(pid: int) -> bool:
    """Running, as opposed to gone or a zombie left for a container's init to reap."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] not in ("Z", "X")


def test_parallel_workers_give_the_same_results(tmp_path):
    _, _, one = run(tmp_path, broken("crash"))
    _, _, two = run(tmp_path, broken("crash"), "--jobs", "3")
    strip = {"seconds"}
    assert {i: {k: v for k, v in r.items() if k not in strip} for i, r in one.items()} == \
        {i: {k: v for k, v in r.items() if k not in strip} for i, r in two.items()}


@pytest.mark.parametrize(("fault", "fragment"), [
    ("bad-hello", f"speaks protocol 3.0, the harness speaks {PROTOCOL_VERSION}"),
    ("banner", "handshake failed: garbage"),
])
def test_a_refused_handshake_exits_3(tmp_path, fault, fragment):
    code, output, by_id = run(tmp_path, broken(fault))
    assert code == 3
    assert fragment in output
    assert by_id == {}


def test_a_missing_program_exits_3(tmp_path):
    code, output, _ = run(tmp_path, "/nonexistent/uno-impl --serve")
    assert code == 3
    assert "cannot start /nonexistent/uno-impl --serve" in output


def test_validate_reports_an_implementation_that_ignores_stop(tmp_path):
    code, output, _ = run(tmp_path, broken("no-stop", None), "--validate")
    assert code == 1
    assert "stop: the implementation did not exit" in output


@pytest.mark.parametrize(("fault", "fragment"), [
    ("stop-crash", "stop: the implementation exited with status 1"),
    ("stop-answer", "stop: wrote a line nobody asked for"),
])
def test_validate_reports_a_bad_stop(tmp_path, fault, fragment):
    code, output, _ = run(tmp_path, broken(fault, None), "--validate")
    assert code == 1
    assert fragment in output


def test_validate_reports_schema_violations_but_not_rule_failures(tmp_path):
    code, output, _ = run(tmp_path, broken("wrong-turn"), "--validate")
    assert code == 0, output
    assert f"speaks protocol {PROTOCOL_VERSION} (10 scenarios" in output
    code, output, _ = run(tmp_path, broken("wrong-schema"), "--validate")
    assert code == 1
    assert f"{TARGET}: step 2: violation" in output


@pytest.mark.parametrize(("fault", "fragment"), [
    ("owes-a-field", "declares feature 'zones' but the observation lacks pile"),
    ("short-pile", "pile lists 2 cards but pile_count is 3"),
])
def test_validate_reports_1_1_fields_a_feature_owes(tmp_path, fault, fragment):
    """Protocol 1.1: declaring a feature obliges the fields it uses, kept coherent."""
    code, output, _ = run(tmp_path, broken(fault), "--validate")
    assert code == 1, output
    assert f"{TARGET}: step 2: violation" in output
    assert fragment in output


def test_expected_failures_turn_failures_into_xfail_and_passes_into_xpass(tmp_path):
    listed = tmp_path / "expected"
    listed.write_text(f"# known problems\n{TARGET}: turn bookkeeping is off\n")
    code, output, by_id = run(tmp_path, broken("wrong-turn"), "--expected-failures",
                              str(listed))
    assert code == 0, output
    assert by_id[TARGET]["status"] == "xfail"
    assert by_id[TARGET]["reason"] == "turn bookkeeping is off"
    listed.write_text("classic-002[0-2]: wrongly listed\n")
    code, output, by_id = run(tmp_path, broken("wrong-turn"), "--expected-failures",
                              str(listed))
    assert code == 1
    assert [i for i, r in by_id.items() if r["status"] == "xpass"] == \
        ["classic-0020", "classic-0021", "classic-0022"]
    assert "passed, but is listed as an expected failure (wrongly listed)" in output


def test_a_malformed_expected_failures_file_is_a_located_usage_error(tmp_path):
    listed = tmp_path / "expected"
    listed.write_text("classic-0028 missing colon\nnope-*: matches nothing\n")
    code, output, _ = run(tmp_path, broken("wrong-turn"), "--expected-failures", str(listed))
    assert code == 2
    assert f"{listed}:1:1: expected '<scenario id or glob>: <reason>'" in output
    assert f"{listed}:2:1: 'nope-*' matches no scenario in the corpus" in output


def test_junit_report_counts_failures_and_errors(tmp_path):
    junit = tmp_path / "report.xml"
    code, _, _ = run(tmp_path, broken("crash"), "--junit", str(junit))
    assert code == 1
    suite = ET.parse(junit).getroot().find("testsuite")
    assert suite is not None
    assert (suite.get("name"), suite.get("tests"), suite.get("errors"), suite.get("failures")) \
        == ("classic", "10", "1", "0")
    case = suite.find(f"testcase[@name='{TARGET}']")
    assert case is not None and case.find("error") is not None


def test_ndjson_header_names_every_version_and_the_implementation(tmp_path):
    ndjson = tmp_path / "r.ndjson"
    CliRunner().invoke(conform, ["--impl", broken("skipper"), "--id", TARGET, "--no-progress",
                                 "--ndjson", str(ndjson)])
    head, *_, summary = [json.loads(line) for line in ndjson.read_text().splitlines()]
    assert head["type"] == "header"
    assert {"suite", "format", "protocol", "harness", "implementation"} <= set(head)
    assert head["implementation"]["name"] == "hotdeath-reference"
    assert head["suite"]["digest"].startswith("sha256:")
    assert summary == {"type": "summary", "counts": {"pass": 0, "fail": 0, "error": 0,
                                                     "skip": 1, "xfail": 0, "xpass": 0}}


def _node() -> str:
    node = shutil.which("node")
    if node is None:
        if os.environ.get("HOTDEATH_REQUIRE_NODE"):
            pytest.fail("Node.js is required here (HOTDEATH_REQUIRE_NODE is set)")
        pytest.skip("Node.js is not installed")
    return node


def test_a_javascript_implementation_conforms_where_it_claims_to(tmp_path):
    """Language neutrality: tiny_uno.js shares nothing with the reference but the protocol."""
    impl = shlex.join([_node(), str(GALLERY / "tiny_uno.js")])
    ndjson = tmp_path / "js.ndjson"
    result = CliRunner().invoke(conform, ["--impl", impl, "--ruleset", "classic",
                                          "--no-progress", "--ndjson", str(ndjson)])
    assert result.exit_code == 0, result.output
    records = [json.loads(line) for line in ndjson.read_text().splitlines()]
    assert records[0]["implementation"]["language"] == "javascript"
    by_id = {r["id"]: r for r in records if r["type"] == "result"}
    passed = {i for i, r in by_id.items() if r["status"] == "pass"}
    assert {"classic-0001", "classic-0014", "classic-0028", "classic-0033", "classic-0041",
            "classic-0045", "classic-0048"} <= passed
    assert len(passed) >= 40
    skipped = [r for r in by_id.values() if r["status"] == "skip"]
    assert all(r["message"] for r in skipped)
    assert "needs feature(s) the implementation lacks: setup" in \
        {r["message"] for r in skipped}


def test_the_javascript_implementation_speaks_the_protocol(tmp_path):
    impl = shlex.join([_node(), str(GALLERY / "tiny_uno.js")])
    result = CliRunner().invoke(conform, ["--impl", impl, "--validate"])
    assert result.exit_code == 0, result.output
    assert "tiny-uno-js 0.1.0 speaks protocol 1.0" in result.output


@pytest.mark.parametrize(("impl", "fragment"), [
    ("", "--impl is empty"),
    ("'unclosed", "No closing quotation in \"'unclosed\""),
])
def test_a_malformed_impl_command_is_a_usage_error(tmp_path, impl, fragment):
    code, output, _ = run(tmp_path, impl)
    assert code == 2
    assert fragment in output
    assert "Traceback" not in output
