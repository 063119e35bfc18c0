"""Regression tests for issue 12 (reliability): each one failed before its fix.

The harness must end within a bounded time whatever the implementation does,
the reference server must answer hostile input with protocol errors, reports
must stay well-formed, and the checkers must fail fast with located errors.
"""

from __future__ import annotations

import contextlib
import json
import os
import shlex
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hotdeath.cli import main

ROOT = Path(__file__).resolve().parent.parent
GALLERY = ROOT / "tests" / "gallery"
SCN = ROOT / "conformance" / "scenarios"
HOTDEATH = [sys.executable, "-m", "hotdeath"]


def broken(fault: str, target: str | None = None) -> str:
    return shlex.join([sys.executable, str(GALLERY / "broken.py"), fault]
                      + ([target] if target else []))


def _kill_pidfile(path: Path) -> None:
    """End a process a test started (by its recorded id), if it is still there."""
    with contextlib.suppress(FileNotFoundError, ValueError, ProcessLookupError):
        os.kill(int(path.read_text().strip()), signal.SIGKILL)


def _timed(argv: list[str], limit: float, **kwargs) -> tuple[float, subprocess.CompletedProcess]:
    started = time.monotonic()
    try:
        done = subprocess.run(argv, capture_output=True, text=True, timeout=limit, **kwargs)
    except subprocess.TimeoutExpired:
        pytest.fail(f"still running after {limit}s: {shlex.join(argv)}")
    return time.monotonic() - started, done


# --- 1. every read and write has a deadline; Ctrl-C ends the run ---------------------------

def test_a_grandchild_holding_stdout_open_does_not_outlast_the_timeout(tmp_path):
    """The direct child exits at once; a process it left in another session keeps stdout."""
    pidfile = tmp_path / "left-behind.pid"
    impl = f"sh -c 'setsid sleep 20 & echo $! > {pidfile}; exit 0'"
    try:
        took, done = _timed([*HOTDEATH, "conform", "--impl", impl, "--timeout", "1",
                             "--id", "classic-0028", "--no-progress"], 60)
    finally:
        _kill_pidfile(pidfile)
    assert took < 8, f"took {took:.1f}s"
    assert done.returncode == 3, done.stderr
    assert "exited with status 0" in done.stderr


def _huge_scenario(tmp_path: Path) -> Path:
    """A valid scenario whose load request is far bigger than a pipe's buffer."""
    data = json.loads(CliRunner().invoke(
        main, ["compile", str(SCN / "classic" / "skip-basic.scn")]).output)
    data["id"] = "classic-9999"
    data["table"]["pile"] = ["red 1"] * 40000
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "huge.scn.json").write_text(json.dumps(data))
    return corpus


def test_an_implementation_that_stops_reading_cannot_block_the_harness(tmp_path):
    corpus = _huge_scenario(tmp_path)
    took, done = _timed([*HOTDEATH, "conform", "--impl", broken("deaf"), "--corpus",
                         str(corpus), "--timeout", "4", "--no-progress", "--format",
                         "ndjson"], 40)
    assert took < 12, f"took {took:.1f}s"  # the hello (a slow start) and one 4 s limit
    assert done.returncode == 1, done.stderr
    result = [json.loads(line) for line in done.stdout.splitlines()][1]
    assert result["status"] == "error"
    assert "timeout" in result["message"] and "stopped reading" in result["message"]


def test_ctrl_c_ends_the_run_cleanly_and_kills_the_implementation(tmp_path):
    pidfile = tmp_path / "grandchild.pid"
    proc = subprocess.Popen(
        [*HOTDEATH, "conform", "--impl", broken("hang-grandchild", "classic-0028"),
         "--glob", "classic-002*", "--timeout", "60", "--no-progress", "-j", "2"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "GALLERY_PIDFILE": str(pidfile)})
    try:
        deadline = time.monotonic() + 30
        while not pidfile.exists() or not pidfile.read_text().strip():
            assert time.monotonic() < deadline and proc.poll() is None, "the hang never began"
            time.sleep(0.05)
        grandchild = int(pidfile.read_text())
        proc.send_signal(signal.SIGINT)
        started = time.monotonic()
        out, err = proc.communicate(timeout=20)
        took = time.monotonic() - started
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        _kill_pidfile(pidfile)
    assert took < 5, f"took {took:.1f}s after Ctrl-C"
    assert proc.returncode == 130, (out, err)
    assert "Traceback" not in err and "interrupted" in err
    assert not _alive(grandchild)


def _alive(pid: int) -> bool:
    """Running, as opposed to gone or a zombie left for a container's init to reap."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] not in ("Z", "X")


def test_the_pytest_plugin_does_not_hang_on_a_grandchild_either(pytester, tmp_path):
    pidfile = tmp_path / "left-behind.pid"
    impl = f"sh -c 'setsid sleep 20 & echo $! > {pidfile}; exit 0'"
    started = time.monotonic()
    try:
        result = pytester.runpytest_subprocess(
            "--hotdeath-impl", impl, "--hotdeath-timeout", "1", "--hotdeath-glob",
            "classic-000[12]", "-p", "no:cacheprovider", timeout=60)
    finally:
        _kill_pidfile(pidfile)
    took = time.monotonic() - started
    result.assert_outcomes(failed=2)
    assert took < 12, f"took {took:.1f}s"


# --- 2. hotdeath serve answers hostile input with protocol errors, and keeps serving ------

def _strict_json(line: bytes) -> object:
    """Parse as JSON proper: NaN and Infinity are not JSON."""
    def refuse(name: str) -> object:
        raise ValueError(f"{name} is not JSON")
    return json.loads(line, parse_constant=refuse)


HOSTILE = [
    (b"[" * 2000 + b"]" * 2000, "nested"),
    (b'{"cmd": "hello", "seq": ' + b"9" * 5000 + b"}", "digits"),
    (b'{"cmd": "hello", "seq": 1, "x": "\xff\xfe caf\xc3"}', "UTF-8"),
    (b'{"cmd": "hello", "seq": NaN}', "NaN"),
    (b'{"cmd": "hello", "seq": -Infinity}', "Infinity"),
    (b'{"cmd": "hello", "seq": 1, "nest": ' + b"[" * 500 + b"]" * 500 + b"}", None),
]
"""Each bad line, and a word its error message must contain (None: a valid request)."""


def test_hotdeath_serve_answers_hostile_input_and_keeps_serving():
    lines = [bad for bad, _ in HOSTILE] + [b'{"cmd": "hello", "seq": 0}', b'{"cmd": "stop"}']
    done = subprocess.run([*HOTDEATH, "serve"], input=b"\n".join(lines) + b"\n",
                          capture_output=True, timeout=60,
                          env={**os.environ, "LC_ALL": "C.UTF-8", "PYTHONUTF8": "1"})
    assert done.returncode == 0, done.stderr.decode()
    assert done.stderr == b""
    answers = [_strict_json(line) for line in done.stdout.splitlines()]
    assert len(answers) == len(HOSTILE) + 1
    for (_, word), answer in zip(HOSTILE, answers, strict=False):
        if word is None:  # deep, but within reason: answered as the hello it is
            assert answer["seq"] == 1 and answer["protocol"], answer
            continue
        assert answer["seq"] is None and answer["outcome"] == "errored", answer
        assert word in answer["message"], answer
    assert answers[-1]["seq"] == 0 and answers[-1]["protocol"]


# --- 3. JUnit XML stays XML whatever the implementation said ------------------------------

def test_junit_report_parses_when_messages_hold_control_characters(tmp_path):
    import xml.etree.ElementTree as ET

    from hotdeath_harness import report
    from hotdeath_harness.runner import Result

    nasty = "\x1b[31mIndexError\x1b[0m: bell\x07 nul\x00 form\x0c lone\ud800 end"
    head = report.header({"implementation": {"name": "\x1b[1mmy-uno\x1b[0m", "version": "1\x00"}},
                         "./uno --colour", {"name": "s", "scenarios": 2, "selected": 2,
                                            "digest": "sha256:0"})
    results = [Result("classic-0001", "error", nasty, 2, [nasty, "stderr:", "  " + nasty]),
               Result("classic-0002", "xfail", nasty, reason=nasty)]
    path = tmp_path / "report.xml"
    with open(path, "w", encoding="utf-8") as out:
        report.write_junit(out, head, results, {})
    root = ET.parse(path).getroot()
    error = root.find("testsuite/testcase[@name='classic-0001']/error")
    assert error is not None
    assert error.get("message", "").startswith("IndexError: bell")
    assert "\x1b" not in path.read_text(encoding="utf-8")
    assert root.find("testsuite/testcase[@name='classic-0002']/skipped") is not None


# --- 4. PROTOCOL 3.4's rejection order where a name is unknown ----------------------------

def _served(ruleset: str, hands: dict, *steps: dict, rulesets=None) -> list[dict]:
    from hotdeath.serve import Server

    server = Server(rulesets)
    server.handle({"cmd": "hello", "seq": 0})
    table = {"players": ["alice", "bob", "carol"], "discard": ["red 5"], "hands": hands,
             "pile": ["blue 1", "blue 2", "blue 3"]}
    loaded = server.handle({"cmd": "load", "seq": 1, "id": "x", "ruleset": ruleset,
                            "options": [], "table": table})
    assert loaded["outcome"] == "loaded", loaded
    return [server.handle({"cmd": "step", "seq": 2 + i, "index": i, "step": {"do": do}})
            for i, do in enumerate(steps)]


def test_a_card_playable_at_any_time_but_not_held_is_still_out_of_turn(rulesets):
    """Deluxe's Magic 5 may be played out of turn by its holder; by anyone else it is
    not_your_turn (a play out of turn is judged before the card), not card_not_in_hand."""
    hands = {"alice": ["blue 3"], "bob": ["green 6"], "carol": ["red magic5"]}
    answers = _served("hot-death-deluxe", hands,
                      {"player": "bob", "act": "play", "card": "red magic5"},
                      {"player": "bob", "act": "play", "card": "purple 42"},
                      rulesets=rulesets)
    assert [a.get("code") for a in answers] == ["not_your_turn", "not_your_turn"]


@pytest.mark.parametrize("ruleset", ["classic", "hot-death-1989", "hot-death-deluxe"])
def test_an_unknown_player_after_the_round_is_over_is_game_over(rulesets, ruleset):
    hands = {"alice": ["red 3"], "bob": ["red 9"], "carol": ["green 3"]}
    out, *after = _served(ruleset, hands, {"player": "alice", "act": "play", "card": "red 3"},
                          {"player": "zed", "act": "draw"},
                          {"player": "zed", "act": "play", "card": "purple 42"},
                          {"player": "zed", "act": "dance"}, rulesets=rulesets)
    assert out["observation"]["phase"] == "over"
    assert [a.get("code") for a in after] == ["game_over", "game_over", "unknown_action"]


# --- 5. the checkers fail fast, with located errors, and raise nothing foreign -------------

TINY = '''ruleset tiny "Tiny" extends classic
cites classic "Object of the game" "The first player to score 500 points wins the game."
{extra}
card "Swap" {{
  cites classic "Game play" "Match the top card on the discard pile either by number, color \
or symbol."
  key {key}
  color each
  copies {copies}
  replaces 5
  category action
  points 20
}}
'''


@pytest.mark.parametrize(("extra", "key", "copies", "where", "fragment"), [
    ("deck_copies 200000", "swap", "2", "3:1", "'deck_copies' must be between 0 and 16"),
    ("", "swap", "99999999999", "8:10", "number 99999999999 is too large"),
    ("ranks 0.." + "9" * 5000, "swap", "2", "3:10", "is too large (at most 1,000,000)"),
    ("", "draw2", "1", "4:1", "card \"Swap\" has the key 'draw2' of card \"Draw Two\""),
    ("colors " + " ".join(f"c{i}" for i in range(300)) + "\ndeck_copies 16", "swap", "1",
     "1:1", "past 10,000"),
], ids=["deck_copies", "copies-with-replaces", "ranks-digits", "same-key", "huge-deck"])
def test_the_spec_checker_fails_fast_with_a_located_error(classic, extra, key, copies, where,
                                                          fragment):
    from hotdeath.errors import HotDeathError
    from hotdeath.lang.check import check_text

    text = TINY.format(extra=extra, key=key, copies=copies)
    if extra.startswith("ranks"):  # a property of a card, not of the ruleset
        text = text.replace(extra + "\n", "").replace("  replaces 5\n", f"  {extra}\n")
        where = "8:12"
    started = time.monotonic()
    with pytest.raises(HotDeathError) as info:
        check_text(text, "tiny.hd", classic)
    assert time.monotonic() - started < 2
    first = info.value.diagnostics[0]
    assert f"{first.line}:{first.col}" == where, first.render()
    assert fragment in first.message


def test_scenario_header_errors_are_placed_where_they_are_written(rulesets):
    from hotdeath.scenario import compile_scenario
    from hotdeath.suite.lint import lint_scenario

    text = ('scenario "t"\nid t-1\nruleset classic\noption nope\npins CL1, XX9\n'
            'cites classic "No such heading" "nothing like this"\n'
            'table\n  players alice bob\n  score alice ' + "9" * 40 + '\nsteps\n')
    from hotdeath.errors import HotDeathError
    with pytest.raises(HotDeathError) as info:
        compile_scenario(text, "t.scn")
    assert [(d.line, d.col) for d in info.value.diagnostics] == [(9, 15)]
    scn = compile_scenario(text.replace("9" * 40, "12"), "t.scn")
    found = {d.message.split(" (")[0]: (d.line, d.col) for d in lint_scenario(scn, rulesets)}
    assert found["ruleset 'classic' has no option 'nope'"] == (4, 8)
    assert found["ruleset 'classic' has no ruling XX9"] == (5, 11)
    assert all(pos[0] == 6 for msg, pos in found.items() if "heading" in msg), found
    scn = compile_scenario(text.replace("9" * 40, "12").replace("ruleset classic",
                                                                "ruleset clasic"), "t.scn")
    (unknown,) = lint_scenario(scn, rulesets)
    assert (unknown.line, unknown.col) == (3, 9)
    assert "(did you mean 'classic'?)" in unknown.message


# The fuzz test: real files, mutated the way editing goes wrong. Only HotDeathError may come
# out, and never slowly. (Issue 12 found foreign exceptions, runs past 5 s, and errors at 1:1.)

SPECS = sorted((ROOT / "spec").glob("*.hd"))
SCENARIOS = sorted((ROOT / "conformance" / "scenarios").rglob("*.scn"))[::25]
SNIPPETS = [b"{", b"}", b'"', b"(", b")", b"..", b"\n", b"#", b",", b"=", b"[", b"]", b"\t",
            b"\r", b"\xff\xfe", b"\x00", b"-1", b"99999999999999999999", b"9" * 5000,
            b"if ", b"unless ", b"not ", b"copies 64\n", b"ranks 0..99\n", b"key draw2\n",
            b"replaces 5\n", b"deck_copies 16\n", b"cites ", b"pins ", b"option ",
            b"ruleset ", b"expect ", b" plays ", b"score alice ", b"[" * 3000]

_mutation = st.tuples(st.sampled_from(["delete", "drop-line", "copy-line", "insert", "swap",
                                       "byte"]),
                      st.integers(0, 1 << 20), st.integers(0, 1 << 20),
                      st.sampled_from(SNIPPETS) | st.binary(min_size=1, max_size=8))


def _mutate(data: bytes, mutations: list) -> bytes:
    for op, a, b, blob in mutations:
        lines = data.split(b"\n")
        if op == "delete" and data:
            i = a % len(data)
            data = data[:i] + data[i + 1 + b % 40:]
        elif op == "drop-line":
            del lines[a % len(lines)]
            data = b"\n".join(lines)
        elif op == "copy-line":
            lines.insert(a % len(lines), lines[b % len(lines)])
            data = b"\n".join(lines)
        elif op == "insert":
            i = a % (len(data) + 1)
            data = data[:i] + blob + data[i:]
        elif op == "swap":
            i, j = a % len(lines), b % len(lines)
            lines[i], lines[j] = lines[j], lines[i]
            data = b"\n".join(lines)
        elif op == "byte" and data:
            i = a % len(data)
            data = data[:i] + blob[:1] + data[i + 1:]
    return data


@contextlib.contextmanager
def _hard_limit(seconds: float):
    """Fail (rather than hang the suite) if one example runs away; hypothesis's own
    deadline only measures an example after it has finished."""
    def expired(signum, frame):
        raise AssertionError(f"an example ran longer than {seconds}s")

    previous = signal.signal(signal.SIGALRM, expired)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


WHOLE_FILE = ("has no 'id' line", "has no 'ruleset' line", "cites no source",
              "has no 'players' line", "nested too deeply")
"""Problems of the whole file (something missing), rightly placed at 1:1."""


def _placed(diagnostics: list, original: bytes, mutated: bytes) -> None:
    """Every diagnostic has a real position: 1:1 only when line 1 is what broke, or when the
    problem is the whole file's. (Issue 12 found errors of later lines placed at 1:1.)"""
    line_one_changed = original.split(b"\n", 1)[0] != mutated.split(b"\n", 1)[0]
    for diag in diagnostics:
        assert diag.line >= 1 and diag.col >= 1, diag.render()
        if (diag.line, diag.col) == (1, 1) and not line_one_changed:
            assert any(words in diag.message for words in WHOLE_FILE), diag.render()


_FUZZ = settings(deadline=5000, suppress_health_check=[HealthCheck.too_slow,
                                                       HealthCheck.function_scoped_fixture])


@settings(_FUZZ, max_examples=150)
@given(path=st.sampled_from(SPECS), mutations=st.lists(_mutation, min_size=1, max_size=4),
       options=st.integers(0, 1000))
def test_fuzzed_rules_files_give_only_located_errors(rulesets, tmp_path, path, mutations,
                                                     options):
    from hotdeath.errors import HotDeathError, read_source
    from hotdeath.lang.check import check_text
    from hotdeath.lang.parse import parse_rules_file

    mutated = tmp_path / path.name
    mutated.write_bytes(_mutate(path.read_bytes(), mutations))
    parent = parse_rules_file(path).extends  # of the file before it was mutated
    with _hard_limit(20):
        try:
            rs = check_text(read_source(mutated), str(mutated),
                            rulesets[parent] if parent else None)
            for name in sorted(rs.options)[options % 7:][:2]:  # options build on their own
                rs.with_options(frozenset({name}))
        except HotDeathError as err:
            assert err.diagnostics
            _placed(err.diagnostics, path.read_bytes(), mutated.read_bytes())


@settings(_FUZZ, max_examples=1000)
@given(path=st.sampled_from(SCENARIOS), mutations=st.lists(_mutation, min_size=1, max_size=4))
def test_fuzzed_scenarios_give_only_located_errors(rulesets, tmp_path, path, mutations):
    from hotdeath.errors import HotDeathError
    from hotdeath.scenario import compile_scenario_file
    from hotdeath.suite.lint import lint_scenario

    mutated = tmp_path / path.name
    mutated.write_bytes(_mutate(path.read_bytes(), mutations))
    with _hard_limit(20):
        try:
            scn = compile_scenario_file(mutated)
        except HotDeathError as err:
            assert err.diagnostics
            _placed(err.diagnostics, path.read_bytes(), mutated.read_bytes())
            return
        _placed(lint_scenario(scn, rulesets), path.read_bytes(), mutated.read_bytes())


@pytest.mark.parametrize(("marker", "insert", "where", "fragment"), [
    (b"  pile", b"  score alice " + b"9" * 5000 + b"\n", "12:15", "is too large"),
    (b"  pile", b"  hand bob: red 5 caf\xc3\n", "12:22", "not UTF-8: byte 0xc3"),
], ids=["digits", "utf-8"])
def test_what_the_fuzzer_found_in_scenarios_is_located(tmp_path, marker, insert, where,
                                                       fragment):
    """Found by fuzzing: a 5,000-digit number (a foreign ValueError) and a stray byte (1:1)."""
    from hotdeath.errors import HotDeathError
    from hotdeath.scenario import compile_scenario_file

    data = (SCN / "classic" / "attack-must-answer-no-draw.scn").read_bytes()
    at = data.index(marker)
    path = tmp_path / "x.scn"
    path.write_bytes(data[:at] + insert + data[at:])
    with pytest.raises(HotDeathError) as info:
        compile_scenario_file(path)
    (diag,) = info.value.diagnostics
    assert f"{diag.line}:{diag.col}" == where and fragment in diag.message, diag.render()


# --- 7. smaller points ---------------------------------------------------------------------

def test_a_run_where_everything_was_skipped_is_not_green(tmp_path):
    """An implementation that declares nothing (and never even reads) checks nothing."""
    impl = tmp_path / "nothing.py"
    impl.write_text("import json, sys, time\n"
                    "print(json.dumps({'seq': 0, 'protocol': '1.1', 'implementation': "
                    "{'name': 'nothing', 'version': '0'}, 'rulesets': {}}), flush=True)\n"
                    "time.sleep(30)\n")
    command = shlex.join([sys.executable, str(impl)])
    result = CliRunner().invoke(main, ["conform", "--impl", command, "--glob", "classic-000*",
                                       "--no-progress", "--timeout", "5"])
    assert result.exit_code == 4, result.output
    assert "total: 0 passed, 9 skipped" in result.output
    assert "nothing was checked" in result.output
    result = CliRunner().invoke(main, ["conform", "--impl", command, "--glob", "classic-000*",
                                       "--no-progress", "--validate"])
    assert result.exit_code == 4, result.output


def test_reports_carry_no_absolute_machine_paths(tmp_path):
    junit = tmp_path / "r.xml"
    result = CliRunner().invoke(main, ["conform", "--no-progress", "--glob", "classic-000[12]",
                                       "--format", "ndjson", "--junit", str(junit), "--id",
                                       "classic-0001", "-v"])
    assert result.exit_code == 0, result.output
    for text in (result.output, junit.read_text()):
        assert str(ROOT) not in text and sys.executable not in text
    records = [json.loads(line) for line in result.output.splitlines()]
    scn = SCN / "classic" / "skip-basic.scn"
    shown = scn.relative_to(Path.cwd()) if scn.is_relative_to(Path.cwd()) \
        else scn.relative_to(SCN)  # from the working directory, or else the corpus
    assert records[1]["path"] == shown.as_posix()
    assert records[0]["implementation"]["command"] == "hotdeath serve"


def test_a_corpus_directory_reads_only_scenario_files(tmp_path):
    compiled = CliRunner().invoke(main, ["compile", str(SCN / "classic" / "skip-basic.scn")])
    (tmp_path / "skip.scn.json").write_text(compiled.output)
    (tmp_path / "match.scn").write_text((SCN / "classic" / "match-color.scn").read_text())
    (tmp_path / "package.json").write_text('{"name": "my-uno-adapter", ')  # not even JSON
    (tmp_path / ".venv").mkdir()
    (tmp_path / ".venv" / "stray.scn").write_text("not a scenario")
    result = CliRunner().invoke(main, ["conform", "--no-progress", "--in-process", "--corpus",
                                       str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert "total: 2 passed" in result.output


def test_an_expected_failure_reason_keeps_its_hash(tmp_path):
    listed = tmp_path / "expected"
    listed.write_text("# known differences\n   # an indented comment\n"
                      "classic-0028: turn off by one, see issue #12 (player #2 plays twice)\n")
    impl = broken("wrong-turn", "classic-0028")
    ndjson = tmp_path / "r.ndjson"
    result = CliRunner().invoke(main, ["conform", "--impl", impl, "--glob", "classic-002*",
                                       "--no-progress", "--expected-failures", str(listed),
                                       "--ndjson", str(ndjson)])
    assert result.exit_code == 0, result.output
    records = {r.get("id"): r for r in map(json.loads, ndjson.read_text().splitlines())}
    assert records["classic-0028"]["reason"] == \
        "turn off by one, see issue #12 (player #2 plays twice)"


def test_the_missing_shuffle_hint_is_a_line_that_works(tmp_path):
    """The hint once named a step that does not exist; now it is one that can be pasted."""
    import re

    text = (SCN / "classic" / "reshuffle-when-pile-empty.scn").read_text()
    lines = text.splitlines()
    shuffle = next(i for i, line in enumerate(lines) if line.strip().startswith("shuffle"))
    unscripted = tmp_path / "unscripted.scn"
    unscripted.write_text("\n".join(lines[:shuffle] + lines[shuffle + 1:]) + "\n")
    result = CliRunner().invoke(main, ["run", str(unscripted)])
    assert result.exit_code == 1
    hint = re.search(r"add a line '([^']+)' before this step", result.output)
    assert hint is not None, result.output
    unscripted.write_text("\n".join(lines[:shuffle] + ["  " + hint[1]] + lines[shuffle + 1:])
                          + "\n")
    result = CliRunner().invoke(main, ["run", str(unscripted)])
    assert "ERROR" not in result.output and "is needed" not in result.output, result.output


def test_cards_lists_every_key_and_notation():
    result = CliRunner().invoke(main, ["cards", "classic"])
    assert result.exit_code == 0, result.output
    rows = {line.split()[0]: line for line in result.output.splitlines()[2:]}
    assert set(rows) == {"0", "1..9", "skip", "reverse", "draw2", "wild", "draw4"}
    assert "Wild Draw Four" in rows["draw4"] and " 4 " in rows["draw4"]
    notations = CliRunner().invoke(main, ["cards", "classic", "--notations"]).output.split("\n")
    assert {"red 5", "blue skip", "wild", "wild draw4"} <= set(notations)
    assert len([n for n in notations if n]) == 54
    result = CliRunner().invoke(main, ["cards", "clasic"])
    assert result.exit_code == 2 and "did you mean 'classic'?" in result.output


def test_run_and_conform_take_a_spec_file(tmp_path):
    """A house-rule designer edits a copy of one rules file and runs the corpus against it."""
    spec = tmp_path / "classic.hd"
    spec.write_text((ROOT / "spec" / "classic.hd").read_text().replace("uno_penalty 2",
                                                                       "uno_penalty 4"))
    catch = SCN / "classic" / "uno-catch.scn"
    assert CliRunner().invoke(main, ["run", str(catch)]).exit_code == 0
    result = CliRunner().invoke(main, ["run", str(catch), "--spec", str(spec)])
    assert result.exit_code == 1, result.output
    ident = next(line.split()[1] for line in catch.read_text().splitlines()
                 if line.startswith("id "))
    for how in (["--in-process"], []):  # in process, and through `hotdeath serve --spec`
        result = CliRunner().invoke(main, ["conform", "--no-progress", "--id", ident,
                                           "--spec", str(spec), *how])
        assert result.exit_code == 1, result.output
        assert f" {ident}  (" in result.output  # reported: the penalty differs
    result = CliRunner().invoke(main, ["conform", "--id", ident, "--spec", str(spec),
                                       "--impl", "node x.js"])
    assert result.exit_code == 2 and "--spec changes the reference" in result.output
    spec.write_text("ruleset classic \"Classic\"\nhand_size seven\n")
    result = CliRunner().invoke(main, ["conform", "--id", ident, "--spec", str(spec)])
    assert result.exit_code == 2 and f"{spec}:2:" in result.output, result.output


def test_make_conform_installs_no_development_extras(tmp_path):
    """`make conform` needs the project alone; the extras (RLCard: ~150 MB) are for tests."""
    import shutil

    if shutil.which("make") is None:
        pytest.skip("make is not installed")
    venv = tmp_path / "venv"
    plan = subprocess.run(["make", "-n", "-C", str(ROOT), "conform", f"VENV={venv}"],
                          capture_output=True, text=True, timeout=60)
    assert plan.returncode == 0, plan.stderr
    installs = [line for line in plan.stdout.splitlines() if "pip install" in line
                and "--upgrade pip" not in line]
    assert installs and all("[" not in line for line in installs), installs
    plan = subprocess.run(["make", "-n", "-C", str(ROOT), "test", f"VENV={venv}"],
                          capture_output=True, text=True, timeout=60)
    assert any(".[dev]" in line for line in plan.stdout.splitlines()), plan.stdout
