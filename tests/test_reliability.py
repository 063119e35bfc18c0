"""Regression tests for issue 26 (reliability and security): each one failed before its fix."""

from __future__ import annotations

import contextlib
import json
import os
import re
import shlex
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parent.parent
GALLERY = ROOT / "tests" / "gallery"
SCN = ROOT / "conformance" / "scenarios"
HOTDEATH = [sys.executable, "-m", "hotdeath"]


def broken(fault: str, target: str | None = None) -> str:
    return shlex.join([sys.executable, str(GALLERY / "broken.py"), fault]
                      + ([target] if target else []))


def _alive(pid: int) -> bool:
    """Running, as opposed to gone or a zombie left for a container's init to reap."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] not in ("Z", "X")


def _kill(pid: int) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signal.SIGKILL)


def _wait_for_pidfile(path: Path, proc: subprocess.Popen, limit: float = 30) -> int:
    deadline = time.monotonic() + limit
    while not path.exists() or not path.read_text().strip():
        assert time.monotonic() < deadline and proc.poll() is None, "the fault never struck"
        time.sleep(0.05)
    return int(path.read_text())


# --- 1. SIGTERM is handled like Ctrl-C -----------------------------------------------------

@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_sigterm_kills_the_implementation_writes_the_report_and_exits_143(tmp_path):
    """As timeout(1) or a CI runner sends it: the hung implementation must not live on."""
    pidfile = tmp_path / "hung.pid"
    ndjson = tmp_path / "report.ndjson"
    proc = subprocess.Popen(
        [*HOTDEATH, "conform", "--impl", broken("half-line-hang", "classic-0028"),
         "--glob", "classic-002*", "--timeout", "60", "--no-progress",
         "--ndjson", str(ndjson)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "GALLERY_PIDFILE": str(pidfile)})
    hung = None
    try:
        hung = _wait_for_pidfile(pidfile, proc)
        proc.send_signal(signal.SIGTERM)
        started = time.monotonic()
        out, err = proc.communicate(timeout=20)
        took = time.monotonic() - started
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        if hung is not None:
            _kill(hung)
    assert took < 5, f"took {took:.1f}s after SIGTERM"
    assert proc.returncode == 143, (out, err)
    assert "Traceback" not in err and "terminated" in err, err
    assert not _alive(hung)
    # What was found before the signal is written: the scenarios before the hung one passed.
    assert "classic-0027" not in out  # a pass is not listed without -v...
    assert "total: 8 passed" in out, out  # ...but counted: 0020-0027 ran (the corpus order)
    records = [json.loads(line) for line in ndjson.read_text().splitlines()]
    assert [r["id"] for r in records if r["type"] == "result"][-1] == "classic-0027"


# --- 2. what leaves the process group is reaped, and the report says so -----------------

@pytest.mark.skipif(not Path("/proc/self/environ").exists(), reason="needs /proc (Linux)")
def test_setsid_children_and_daemons_are_reaped_and_reported(tmp_path):
    pidfile = tmp_path / "escaped.pid"
    ndjson = tmp_path / "report.ndjson"
    try:
        done = subprocess.run(
            [*HOTDEATH, "conform", "--impl", broken("daemon"), "--glob", "classic-000[1-3]",
             "--no-progress", "--ndjson", str(ndjson)],
            capture_output=True, text=True, timeout=120,
            env={**os.environ, "GALLERY_PIDFILE": str(pidfile)})
        escaped = [int(line) for line in pidfile.read_text().split()]
        left = [pid for pid in escaped if _alive(pid)]
    finally:
        for pid in [int(line) for line in pidfile.read_text().split()] \
                if pidfile.exists() else []:
            _kill(pid)
    assert done.returncode == 0, done.stdout + done.stderr  # the verdicts are right
    assert len(escaped) == 6  # a setsid child and a daemon for each of the 3 scenarios
    assert left == [], f"still running: {left}"
    assert "6 process(es) the implementation left running outside its process group" \
        in done.stdout, done.stdout
    assert "sleep 3600" in done.stdout
    summary = json.loads(ndjson.read_text().splitlines()[-1])
    assert summary["reaped"] == ["sleep 3600"] * 6


# --- 4. control characters are spelled out in every human-facing output ------------------

RAW = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e]")


def _conform_report(tmp_path: Path, fmt: str) -> str:
    done = subprocess.run(
        [*HOTDEATH, "conform", "--impl", broken("errored-ansi", "classic-0028"), "--glob",
         "classic-002[78]", "--no-progress", "--format", fmt],
        capture_output=True, text=True, timeout=120)
    assert done.returncode == 1, done.stderr
    return done.stdout


@pytest.mark.parametrize("fmt", ["text", "markdown"])
def test_an_errored_message_with_escape_codes_is_spelled_out_in_reports(tmp_path, fmt):
    out = _conform_report(tmp_path, fmt)
    assert not RAW.findall(out), RAW.findall(out)
    assert r"\x1b[31mIndexError\x1b[0m\x1b]0;pwned\x07 bell\x07 nul\x00 csi\x9b2J " \
        r"rtl\u202e end" in out, out


def test_hotdeath_run_spells_out_a_title_that_would_retitle_the_terminal(tmp_path):
    text = (SCN / "classic" / "skip-basic.scn").read_text()
    text = re.sub(r'^scenario "[^"]*"', 'scenario "\x1b]0;pwned\x07 title \x1b[2J"', text,
                  count=1, flags=re.M)
    path = tmp_path / "title.scn"
    path.write_text(text)
    done = subprocess.run([*HOTDEATH, "run", str(path)], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    assert not RAW.findall(done.stdout)
    assert r"scenario classic-0001: \x1b]0;pwned\x07 title \x1b[2J" in done.stdout


def test_an_error_message_spells_out_the_line_it_quotes_with_the_caret_in_place(tmp_path):
    path = tmp_path / "bad.scn"
    path.write_text('scenario "\x1b[2J\x07" junk\nid classic-0001\nruleset classic\n')
    done = subprocess.run([*HOTDEATH, "check", str(path)], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 1
    assert not RAW.findall(done.stderr), done.stderr
    lines = done.stderr.splitlines()
    quoted = next(i for i, line in enumerate(lines) if line.startswith("    scenario"))
    assert lines[quoted] == r'    scenario "\x1b[2J\x07" junk'
    assert lines[quoted + 1].index("^") == lines[quoted].index("junk"), done.stderr


# --- 5. non-finite numbers are refused at parse; a valid seq is always echoed -------------

def _serve(lines: list[str]) -> list[dict]:
    done = subprocess.run([*HOTDEATH, "serve"], input="\n".join(lines) + "\n",
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr

    def refuse(name: str) -> object:
        raise ValueError(f"{name} is not JSON")
    return [json.loads(line, parse_constant=refuse) for line in done.stdout.splitlines()]


def _compiled(path: Path) -> dict:
    from click.testing import CliRunner

    from hotdeath.cli import main
    return json.loads(CliRunner().invoke(main, ["compile", str(path)]).output)


def test_a_number_too_large_for_a_float_is_refused_and_the_table_keeps_its_seqs():
    from hotdeath_harness import protocol

    scn = _compiled(SCN / "classic" / "skip-basic.scn")
    poisoned = json.loads(json.dumps(scn))
    poisoned["table"]["scores"] = {"alice": 0}
    load_bad = json.dumps({"cmd": "load", "seq": 1, **protocol.load(poisoned)}).replace(
        '"alice": 0}', '"alice": 1e999}')
    assert "1e999" in load_bad
    lines = [json.dumps({"cmd": "hello", "seq": 0, **protocol.hello()}), load_bad,
             json.dumps({"cmd": "load", "seq": 2, **protocol.load(scn)}),
             json.dumps({"cmd": "step", "seq": 3, **protocol.step(0, scn["steps"][0])}),
             '{"cmd": "hello", "seq": 4, "x": NaN}',
             '{"cmd": "hello", "seq": 5, "x": -1e400}',
             '{"cmd": "hello", "seq": 1e999}',
             '{"cmd": "stop"}']
    answers = _serve(lines)
    assert [a["seq"] for a in answers] == [0, 1, 2, 3, 4, 5, None]
    assert answers[1]["outcome"] == "errored" and "too large" in answers[1]["message"]
    assert answers[2]["outcome"] == "loaded" and answers[3]["outcome"] == "accepted"
    assert all(a["outcome"] == "errored" for a in answers[4:])


# --- 7. a diagnostic quotes the line the parser counted ----------------------------------

ODD_BREAKS = ["\u2028", "\u2029", "\x0b", "\x0c", "\x1c", "\x1d", "\x1e", "\x85", "\r"]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(comments=st.lists(st.lists(st.sampled_from(ODD_BREAKS + ["x", " ", "é"]), max_size=6)
                         .map("".join), max_size=5),
       at=st.integers(0, 5))
def test_a_diagnostic_quotes_the_line_lark_counted(comments, at):
    """Comments holding what str.splitlines() takes for line breaks, then an error."""
    from hotdeath.errors import HotDeathError
    from hotdeath.scenario import compile_scenario

    lines = ['scenario "fuzzed"', "id classic-0001", "ruleset classic"]
    lines += [f"# {comment}" for comment in comments]
    lines.insert(min(at, len(lines)) if at >= 3 else 3, "@ alice")
    text = "\n".join(lines) + "\n"
    with pytest.raises(HotDeathError) as caught:
        compile_scenario(text, "fuzzed.scn")
    first = caught.value.diagnostics[0]
    real = text.split("\n")[first.line - 1]
    assert first.source_line == real.removesuffix("\r").expandtabs(1)
    assert "@" in first.source_line and first.source_line[first.col - 1] == "@"


# --- 3. the disk cache never unpickles what this user did not write ------------------------

class _Payload:
    """Unpickling this runs code: it creates the file named in ``marker``."""

    def __init__(self, marker: Path):
        self.marker = marker

    def __reduce__(self):
        return (Path.touch, (self.marker,))


@pytest.fixture
def private_cache(tmp_path, monkeypatch):
    from hotdeath import cache
    from hotdeath.lang import parse as rules_parse
    from hotdeath.scenario import parse as scenario_parse

    folder = tmp_path / "cache"
    monkeypatch.setenv("HOTDEATH_CACHE_DIR", str(folder))
    monkeypatch.setenv("HOTDEATH_CACHE_KEY", str(tmp_path / "config" / "cache-key"))
    monkeypatch.delenv("HOTDEATH_CACHE", raising=False)
    handles = (scenario_parse._cache, rules_parse._ast_cache, rules_parse.lark_parser,
               cache._secret)
    for fn in handles:
        fn.cache_clear()
    yield folder
    for fn in handles:
        fn.cache_clear()


def _poison(entry: Path, marker: Path, key: str) -> None:
    import pickle
    entry.parent.mkdir(parents=True, exist_ok=True)
    entry.write_bytes(b"\0" * 32 + pickle.dumps((key, _Payload(marker))))


def test_a_poisoned_scenario_entry_is_ignored_with_a_warning_never_run(private_cache,
                                                                         tmp_path, capsys):
    from hotdeath.scenario import parse as scenario_parse

    path = tmp_path / "s.scn"
    path.write_text((SCN / "classic" / "skip-basic.scn").read_text(encoding="utf-8"))
    store = scenario_parse._cache()
    text = path.read_text(encoding="utf-8")
    scenario_parse.compile_scenario_file(path)  # creates the folder and the key
    marker = tmp_path / "ran"
    _poison(store.path(text), marker, store.key(text))
    again = scenario_parse.compile_scenario_file(path)
    assert not marker.exists(), "the cache unpickled an entry it had not signed"
    assert again.ident == "classic-0001"
    assert "ignored a cache entry not signed with this user's key" in capsys.readouterr().err
    key_file = tmp_path / "config" / "cache-key"
    assert key_file.stat().st_mode & 0o777 == 0o600


def test_a_poisoned_lark_parser_entry_is_never_loaded(private_cache, tmp_path, capsys):
    from hotdeath import cache
    from hotdeath.lang import parse as rules_parse

    rules_parse.lark_parser("scenario.lark")  # builds and stores it
    rules_parse.lark_parser.cache_clear()
    marker = tmp_path / "ran"
    entries = list((private_cache / "lark").glob(f"*{cache.SUFFIX}"))
    assert len(entries) == 1
    store_key = entries[0].name.removesuffix(cache.SUFFIX)
    _poison(entries[0], marker, store_key)
    assert rules_parse.lark_parser("scenario.lark").parse is not None
    assert not marker.exists()
    assert "not signed" in capsys.readouterr().err


@pytest.mark.parametrize("where", ["folder", "key"])
def test_a_cache_others_may_write_is_not_used(private_cache, tmp_path, capsys, where):
    from hotdeath import cache

    store = cache.DiskCache("rules", "salt")
    store.put("text", "value")
    assert store.get("text") == "value"
    cache._secret.cache_clear()
    target = private_cache / "rules" if where == "folder" else tmp_path / "config" / "cache-key"
    target.chmod(0o777 if where == "folder" else 0o644)
    fresh = cache.DiskCache("rules", "salt")
    fresh.put("text", "value")
    assert fresh.get("text") is None
    err = capsys.readouterr().err
    assert "the disk cache is not used" in err and str(target) in err


# --- 9. a rejected or errored step leaves the table exactly as it was ---------------------

@pytest.fixture(scope="module")
def corpus_by_ruleset():
    from hotdeath.resources import scenarios_dir
    from hotdeath_harness.corpus import load_corpus
    out: dict[str, list[dict]] = {}
    for scn in load_corpus(scenarios_dir()):
        out.setdefault(scn.data["ruleset"], []).append(scn.data)
    return out


def _cards_on_table(server) -> Counter:
    """Every physical card, wherever it is, by name (a restored table holds new objects)."""
    s = server.impl.game.state
    zones = [*s.hands, *s.fields, s.neutral, s.pile, s.discard, *s.zones.values()]
    loose = [c for p in s.pending for c in p.held]
    attached = [a for zone in zones for c in zone for a in c.attached]
    return Counter(c.notation for c in [*(c for zone in zones for c in zone), *loose,
                                        *attached])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_fuzzed_sessions_never_change_the_table_on_a_rejected_or_errored_step(
        corpus_by_ruleset, rulesets, data):
    """Steps of the scenario, and of others of its ruleset, in any order, the scripted
    reshuffles and coins often left out (so effects fail in mid-resolution)."""
    from hotdeath.serve import Server
    from hotdeath_harness import protocol

    ruleset = data.draw(st.sampled_from(sorted(corpus_by_ruleset)))
    scenarios = corpus_by_ruleset[ruleset]
    scn = data.draw(st.sampled_from(scenarios))
    pool = [step for other in [scn, *data.draw(st.lists(st.sampled_from(scenarios),
                                                         max_size=2))]
            for step in other["steps"]]
    steps = data.draw(st.lists(st.sampled_from(pool), min_size=1, max_size=14))
    scn = json.loads(json.dumps(scn))
    pile = scn["table"].get("pile", [])
    scn["table"]["pile"] = pile[:data.draw(st.integers(0, len(pile)))]  # so draws run dry
    server = Server(rulesets)
    server.handle({"cmd": "hello", "seq": 0, **protocol.hello()})
    loaded = server.handle({"cmd": "load", "seq": 1, **protocol.load(scn)})
    if loaded["outcome"] != "loaded":
        return
    before, deck = loaded["observation"], _cards_on_table(server)
    for i, step in enumerate(steps):
        if "chance" in step and data.draw(st.booleans()):
            continue  # left out: what needs it fails in mid-step
        answer = server.handle({"cmd": "step", "seq": i + 2, **protocol.step(i, step)})
        look = server.handle({"cmd": "step", "seq": 0, **protocol.step(i, {})})
        assert _cards_on_table(server) == deck, (answer, step)
        if answer["outcome"] in ("rejected", "errored"):
            assert look["observation"] == before, (answer, step)
        before = look["observation"]


LOST_CARD = """scenario "A draw that needs a reshuffle the scenario did not script"
id classic-9901
ruleset classic

table
  players alice bob
  discard red 5, red 4, red 3
  hand alice: red draw2, red 9
  hand bob: green 1, green 2
  pile blue 1

steps
  alice plays red draw2
  bob accepts
"""


def test_an_errored_draw_loses_no_card_and_leaves_the_attack_waiting():
    """Bob draws the pile's one card, then a reshuffle is needed that nobody scripted."""
    from hotdeath.scenario import compile_scenario
    from hotdeath.serve import Server
    from hotdeath_harness import protocol

    scn = compile_scenario(LOST_CARD).data
    server = Server()
    server.handle({"cmd": "hello", "seq": 0, **protocol.hello()})
    server.handle({"cmd": "load", "seq": 1, **protocol.load(scn)})
    first = server.handle({"cmd": "step", "seq": 2, **protocol.step(0, scn["steps"][0])})
    errored = server.handle({"cmd": "step", "seq": 3, **protocol.step(1, scn["steps"][1])})
    assert errored["outcome"] == "errored" and "shuffle" in errored["message"]
    after = server.handle({"cmd": "step", "seq": 4, **protocol.step(2, {})})["observation"]
    assert after == first["observation"]
    assert after["pile"] == ["blue 1"] and after["pending"]["target"] == "bob"


# --- 6. documented limits on a table's size, answered 'errored' ---------------------------

def test_tables_past_the_limits_are_errored_with_the_limit_named():
    from hotdeath import limits
    from hotdeath_harness import protocol

    scn = _compiled(SCN / "classic" / "skip-basic.scn")
    crowd = json.loads(json.dumps(scn))
    crowd["table"]["players"] = [f"p{i}" for i in range(limits.MAX_PLAYERS + 1)]
    heap = json.loads(json.dumps(scn))
    heap["table"]["pile"] = ["red 1"] * (limits.MAX_ZONE_CARDS + 1)
    long_line = json.dumps({"cmd": "hello", "seq": 9, "pad": "x" * limits.MAX_LINE})
    lines = [json.dumps({"cmd": "hello", "seq": 0, **protocol.hello()}),
             json.dumps({"cmd": "load", "seq": 1, **protocol.load(crowd)}),
             json.dumps({"cmd": "load", "seq": 2, **protocol.load(heap)}),
             long_line,
             json.dumps({"cmd": "load", "seq": 3, **protocol.load(scn)}), '{"cmd": "stop"}']
    answers = _serve(lines)
    assert [a["seq"] for a in answers] == [0, 1, 2, None, 3]
    assert "players: the reference seats at most 64" in answers[1]["message"]
    assert f"{limits.MAX_ZONE_CARDS + 1} cards in pile" in answers[2]["message"]
    assert "a line longer than" in answers[3]["message"]
    assert answers[4]["outcome"] == "loaded"
    documented = (ROOT / "conformance" / "PROTOCOL.md").read_text(encoding="utf-8")
    for value in (limits.MAX_PLAYERS, limits.MAX_ZONE_CARDS, limits.MAX_LINE):
        assert f"{value:,}" in documented


# --- 10. a combined play is bounded ---------------------------------------------------------

def test_a_combined_play_of_thousands_of_cards_is_refused_before_it_is_evaluated(rulesets):
    from hotdeath.engine.combine import MOST_COMBINED
    from hotdeath.serve import Server
    from hotdeath_harness import protocol

    scn = _compiled(SCN / "uber-uno" / "math-addition.scn")
    scn["table"]["hands"]["alice"] = ["red 3"] * 3000
    server = Server(rulesets)
    server.handle({"cmd": "hello", "seq": 0, **protocol.hello()})
    assert server.handle({"cmd": "load", "seq": 1, **protocol.load(scn)})["outcome"] == "loaded"
    step = {"do": {"player": "alice", "act": "play", "card": "red 3",
                   "combine": [{"op": "*", "card": "red 3"}] * 2999}}
    answer = server.handle({"cmd": "step", "seq": 2, **protocol.step(0, step)})
    assert answer["outcome"] == "rejected" and answer["code"] == "bad_combination"
    assert f"holds at most {MOST_COMBINED}" in answer["message"]
    assert len(answer["observation"]["hands"]["alice"]) == 3000


# --- 12. the developer loop -----------------------------------------------------------------

def test_conform_suggests_the_ruleset_meant():
    done = subprocess.run([*HOTDEATH, "conform", "--ruleset", "clasic", "--no-progress"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2
    assert "no ruleset 'clasic' in the corpus (did you mean 'classic'?)" in done.stderr


def test_the_readme_ruling_counts_are_the_specs(rulesets):
    """The README's table says how many numbered rulings each ruleset has: its own file's."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| `([a-z0-9-]+)` \|(.*)$", readme, flags=re.M)
    said = {ident: int(m[1]) for ident, text in rows
            if (m := re.search(r"(\d+) (?:numbered )?rulings", text))}
    assert len(said) >= 5, said
    own = {ident: sum(Path(r.path).name == f"{ident}.hd" for r in rs.rulings.values())
           for ident, rs in rulesets.items()}
    assert said == {ident: own[ident] for ident in said}


def test_the_pytest_plugin_summary_line_gives_the_reason_not_a_path(pytester):
    result = pytester.runpytest_subprocess(
        "--hotdeath-impl", broken("errored", "classic-0028"), "--hotdeath-glob", "classic-0028",
        "--hotdeath-timeout", "60",
        "-p", "no:cacheprovider", "-rf", timeout=120)
    result.assert_outcomes(failed=1)
    summary = [line for line in result.outlines if line.startswith("FAILED hotdeath::")]
    assert len(summary) == 1, result.outlines
    assert "error: step 2" in summary[0] and "scenarios/" not in summary[0], summary
