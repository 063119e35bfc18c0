"""``hotdeath fuzz``: no divergence from the reference itself; a planted fault found, shrunk
to a small scenario that ``hotdeath conform`` fails the same way; robust and reproducible."""

from __future__ import annotations

import os
import shlex
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from hotdeath.cli import main
from hotdeath.fuzz import report
from hotdeath.fuzz.campaign import Settings, fuzz
from hotdeath.fuzz.run import Lane, signature
from hotdeath.scenario import compile_scenario_file
from hotdeath_harness.runner import Result

GALLERY = Path(__file__).parent / "gallery"
SERVE = shlex.join([sys.executable, "-m", "hotdeath", "serve"])
SLOW = pytest.mark.skipif(not os.environ.get("HOTDEATH_SLOW"),
                          reason="a long run: set HOTDEATH_SLOW=1")


def mutant(fault: str) -> str:
    return shlex.join([sys.executable, str(GALLERY / "mutated_spec.py"), fault])


def broken(fault: str) -> str:
    return shlex.join([sys.executable, str(GALLERY / "broken.py"), fault])


def test_the_reference_does_not_diverge_from_itself():
    summary = fuzz(Settings(SERVE, games=12, seed=1, max_steps=40))
    assert len(summary.records) == 12
    assert {r.ruleset for r in summary.records} == {
        "classic", "hot-death-1989", "hot-death-deluxe", "hot-death-v3", "uber-uno",
        "uno-blender"}
    assert summary.faults == [], report.text(summary)
    assert all(r.status == "pass" for r in summary.records)
    assert summary.steps > 12 * 10


@pytest.fixture(scope="module")
def draw_three(tmp_path_factory):
    """A Draw Two that makes the next player draw three, fuzzed once for the tests below."""
    out = tmp_path_factory.mktemp("draw-three")
    summary = fuzz(Settings(mutant("draw-three"), rulesets=("classic",), games=6, seed=0,
                            max_steps=60))
    report.write(summary, out)
    return summary, out


def test_a_planted_fault_is_found_and_shrunk(draw_three):
    summary, out = draw_three
    assert len(summary.faults) >= 1
    fault = summary.faults[0]
    assert fault.signature == "play (draw2): pending"  # the attack's amount, at the play
    example = fault.example
    assert example is not None and example.reproduced
    assert example.steps <= 12
    assert "Draw Two" in example.rule
    written = sorted(out.glob("fuzz-*.scn"))
    assert len(written) == len(summary.faults)
    data = compile_scenario_file(written[0]).data
    assert any("draw2" in (s.get("do") or {}).get("card", "") for s in data["steps"])
    assert data["cites"] and data["cites"][0]["heading"] == "Action cards"


def test_the_written_example_fails_under_conform_the_same_way(draw_three):
    summary, out = draw_three
    lane = Lane(mutant("draw-three"))
    try:
        for path, fault in zip(sorted(out.glob("fuzz-*.scn")), summary.faults, strict=True):
            data = compile_scenario_file(path).data
            assert signature(data, lane.run(data)) == fault.signature
    finally:
        lane.close()
    run = CliRunner().invoke(main, ["conform", "--corpus", str(out), "--impl",
                                    mutant("draw-three")])
    assert run.exit_code == 1, run.output
    assert "pending" in run.output
    honest = CliRunner().invoke(main, ["conform", "--corpus", str(out)])
    assert honest.exit_code == 0, honest.output  # the reference passes its own example


def test_the_report_lists_each_fault_with_its_example(draw_three):
    summary, out = draw_three
    md = (out / "report.md").read_text()
    assert "| 1 | play (draw2): pending |" in md and "fuzz-001-classic.scn" in md
    lines = (out / "report.ndjson").read_text().splitlines()
    assert len(lines) == len(summary.records) + len(summary.faults) + 1
    assert '"type": "summary"' in lines[-1]


def test_a_crash_is_a_finding_not_the_end_of_the_run():
    """The gallery's implementation that dies at the second step of every scenario: each
    game is a finding (a fresh process each time), shrunk like any other."""
    summary = fuzz(Settings(broken("crash"), rulesets=("classic",), games=2, seed=2,
                            max_steps=20, shrink_budget=1))
    assert len(summary.records) == 2
    assert all(r.status == "error" for r in summary.records)
    assert summary.faults and all(f.signature.endswith(": crash") for f in summary.faults)
    assert sum(f.count for f in summary.faults) == 2
    assert all(f.example.reproduced for f in summary.faults)


def test_a_stopped_run_keeps_what_it_found(tmp_path):
    played = []
    summary = fuzz(Settings(mutant("draw-three"), rulesets=("classic",), games=50, seed=0,
                            max_steps=60),
                   on_game=lambda record, s: played.append(record), stop=lambda: len(played) >= 2)
    assert summary.interrupted
    assert len(summary.records) < 50
    report.write(summary, tmp_path)
    assert (tmp_path / "report.md").exists()


def test_the_command_line(tmp_path):
    run = CliRunner().invoke(main, ["fuzz", "--impl", mutant("skip-two"), "--ruleset", "classic",
                                    "--games", "4", "--max-steps", "60", "--out",
                                    str(tmp_path), "--no-progress"])
    assert run.exit_code == 1, run.output
    assert "distinct fault" in run.output
    assert list(tmp_path.glob("fuzz-*.scn"))
    ok = CliRunner().invoke(main, ["fuzz", "--impl", SERVE, "--ruleset", "classic", "--games",
                                   "2", "--max-steps", "20", "--no-progress"])
    assert ok.exit_code == 0, ok.output
    bad = CliRunner().invoke(main, ["fuzz", "--impl", SERVE, "--ruleset", "nope", "--games",
                                    "2", "--no-progress"])
    assert bad.exit_code != 0 and "no ruleset" in bad.output


def test_a_known_fault_is_reported_with_its_reason_and_does_not_fail_the_run(tmp_path):
    """A published report lists what the corpus already pins, without shrinking it again;
    only a fault not listed is news (exit status 1)."""
    known = tmp_path / "known"
    known.write_text("# faults accounted for\nplay (draw2): pending | a Draw Two that draws "
                     "three: classic-0002 pins it\n", encoding="utf-8")
    args = ["fuzz", "--impl", mutant("draw-three"), "--ruleset", "classic", "--games", "3",
            "--max-steps", "60", "--no-progress", "--out", str(tmp_path / "out")]
    run = CliRunner().invoke(main, [*args, "--known", str(known)])
    assert run.exit_code == 0, run.output
    assert "play (draw2): pending" in run.output
    assert "known: a Draw Two that draws three" in run.output
    page = (tmp_path / "out" / "report.md").read_text(encoding="utf-8")
    assert "of them known" in page and f"--known {known.as_posix()}" in page
    assert not list((tmp_path / "out").glob("fuzz-*.scn"))  # not shrunk nor written again
    again = CliRunner().invoke(main, args)
    assert again.exit_code == 1 and list((tmp_path / "out").glob("fuzz-*.scn"))


def test_a_table_is_dealt_only_with_a_number_of_players_the_implementation_seats(rulesets):
    from hotdeath.fuzz.campaign import plan
    hello = {"rulesets": {"classic": {"options": []}}, "features": [], "players": [4]}
    tasks = plan(Settings(SERVE, games=5), hello)
    assert {t.seats for t in tasks} == {(4,)}
    from hotdeath.fuzz.generate import new_game
    for t in tasks:
        game, _ = new_game(rulesets, t.ruleset, [], (), t.seed, t.index, t.seats)
        assert len(game.table["players"]) == 4


@pytest.mark.parametrize("ruleset", ["classic", "hot-death-1989", "hot-death-deluxe",
                                     "hot-death-v3", "uber-uno", "uno-blender"])
def test_a_game_is_a_scenario_the_reference_replays_and_the_writer_writes(rulesets, ruleset):
    """The scenario of a played game: written as text and compiled, it is itself; replayed
    from its moves (as the shrinker does), the reference derives the same expectations."""
    from hotdeath.fuzz.generate import new_game, play, replay
    from hotdeath.scenario import compile_scenario, write_scenario
    from hotdeath.scenario.format import FEATURES

    for index in range(2):
        game, rng = new_game(rulesets, ruleset, sorted(rulesets[ruleset].options), (), 5,
                             index)
        game, scenario = play(rulesets, game, rng, set(FEATURES), 40)
        assert len(game.moves) >= 1
        assert compile_scenario(write_scenario(scenario)).data == scenario
        assert replay(rulesets, game, set(FEATURES)) == scenario


def test_a_game_holds_only_what_the_implementation_declared(rulesets):
    from hotdeath.fuzz.generate import new_game, play
    from hotdeath_harness.corpus import requirements

    game, rng = new_game(rulesets, "uber-uno", [], (), 9, 0)
    game, scenario = play(rulesets, game, rng, set(), 60)
    assert requirements(scenario) == set()


def _findings(summary) -> tuple:
    return (report.markdown(summary),
            [(f.signature, f.count, f.games, f.example.text if f.example else None)
             for f in summary.faults],
            [(r.index, r.status, r.signature, r.steps) for r in summary.records])


def test_local_processes_and_a_dask_cluster_find_the_same():
    """-j 1, -j 2 and an in-process Dask cluster: identical findings for one seed."""
    from dask.distributed import Client, LocalCluster

    base = Settings(mutant("skip-two"), rulesets=("classic",), games=3, seed=3, max_steps=50,
                    shrink_budget=40)
    one = _findings(fuzz(base))
    assert one[1], "the planted fault is found"
    from dataclasses import replace

    assert _findings(fuzz(replace(base, jobs=2))) == one
    with LocalCluster(processes=False, n_workers=1, threads_per_worker=2,
                      dashboard_address=None) as cluster, Client(cluster) as client:
        assert _findings(fuzz(replace(base, scheduler=client))) == one


def test_a_signature_names_the_field_without_the_player():
    scenario = {"steps": [{"do": {"player": "bob", "act": "play", "card": "red 5"}}]}
    failed = Result("x", "fail", "step 1 (bob plays red 5): observation differs", 1,
                    ["hands.bob: expected [], observed [red 5]"])
    assert signature(scenario, failed) == "play (5): hands"
    refused = Result("x", "fail", "step 1 (bob plays red 5): the step was rejected "
                     "(does_not_match)", 1)
    assert signature(scenario, refused) == \
        "play (5): rejected (does_not_match), the reference accepts"
    hung = Result("x", "error", "step 1 (bob plays red 5): timeout: no answer", 1)
    assert signature(scenario, hung) == "play (5): timeout"
    assert signature(scenario, Result("x", "pass")) is None


@SLOW
def test_many_games_of_the_reference_do_not_diverge():
    summary = fuzz(Settings(SERVE, games=600, seed=7, max_steps=200, jobs=2))
    assert summary.faults == [], report.text(summary)
