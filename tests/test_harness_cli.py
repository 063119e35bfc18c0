"""The conform command's selection, corpus forms and reports, against the reference in-process."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from hotdeath.cli import main

SCN = Path(__file__).resolve().parent.parent / "conformance" / "scenarios"


def invoke(*args: str):
    return CliRunner().invoke(main, ["conform", "--no-progress", *args])


def listed(*args: str) -> list[str]:
    result = invoke("--list", *args)
    assert result.exit_code == 0, result.output
    return [line.split("\t")[0] for line in result.output.splitlines()]


def test_filters_combine_with_and_and_repeat_with_or():
    assert listed("--ruleset", "classic", "--feature", "challenge") == [
        f"classic-0{n:03}" for n in (19, 20, 21, 22, 23, 25, 26, 106, 107, *range(198, 207),
                                     208, 224, 255, 264)]
    assert listed("--feature", "challenge", "--id", "classic-0019", "--id", "classic-0020") \
        == ["classic-0019", "classic-0020"]
    assert listed("--glob", "v3-000[1-3]", "--glob", "classic-0001") == \
        ["classic-0001", "v3-0001", "v3-0002", "v3-0003"]
    assert listed("--ruleset", "hot-death-v3", "--feature", "jump_in")
    assert all(i.startswith("v3-") for i in listed("--ruleset", "hot-death-v3"))
    assert invoke("--list", "--option", "no-such-option").exit_code == 2


def test_a_compiled_json_corpus_runs_like_its_source(tmp_path):
    data = CliRunner().invoke(main, ["compile", str(SCN / "classic" / "skip-basic.scn")]).output
    (tmp_path / "skip.scn.json").write_text(data)
    result = invoke("--in-process", "--corpus", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert "total: 1 passed" in result.output


def test_a_json_scenario_that_breaks_the_schema_is_a_located_usage_error(tmp_path):
    scenario = json.loads(CliRunner().invoke(
        main, ["compile", str(SCN / "classic" / "skip-basic.scn")]).output)
    del scenario["table"]["players"]
    (tmp_path / "bad.scn.json").write_text(json.dumps(scenario))
    (tmp_path / "worse.scn.json").write_text("{\n  \"id\": \n")
    result = invoke("--corpus", str(tmp_path))
    assert result.exit_code == 2
    assert f"{tmp_path / 'bad.scn.json'}:1:1: not a valid scenario: table: 'players' is a " \
        "required property" in result.output
    assert f"{tmp_path / 'worse.scn.json'}:3:1: not JSON: Expecting value" in result.output


def test_in_process_cannot_be_combined_with_another_implementation():
    result = invoke("--in-process", "--impl", "node x.js")
    assert result.exit_code == 2
    assert "--in-process runs the reference; it cannot be used with --impl" in result.output


def test_ndjson_to_stdout_is_one_object_per_line():
    result = invoke("--in-process", "--format", "ndjson", "--glob", "classic-000[1-3]")
    assert result.exit_code == 0
    records = [json.loads(line) for line in result.output.splitlines()]
    assert [r["type"] for r in records] == ["header", "result", "result", "result", "summary"]
    assert records[1] | {"seconds": 0} == {
        "type": "result", "id": "classic-0001", "status": "pass", "ruleset": "classic",
        "path": _shown(SCN / "classic" / "skip-basic.scn"), "seconds": 0,
        "title": "A Skip makes the next player lose their turn"}


def _shown(path: Path) -> str:
    """Reports give paths from the working directory, or else from the corpus directory."""
    try:
        return path.relative_to(Path.cwd()).as_posix()
    except ValueError:
        return path.relative_to(SCN).as_posix()


def test_the_progress_bar_leaves_the_report_intact():
    result = CliRunner().invoke(main, ["conform", "--progress", "--in-process", "--glob",
                                       "classic-000*"])
    assert result.exit_code == 0, result.output
    assert result.output.rstrip().endswith("total: 9 passed")


def test_a_filter_that_selects_nothing_is_a_usage_error_not_a_green_run():
    result = invoke("--ruleset", "clasic")
    assert result.exit_code == 2
    assert "no scenario matches the filters" in result.output


def test_glob_matches_the_path_from_its_end():
    assert listed("--glob", "classic/draw2-no-*") == ["classic-0028", "classic-0029",
                                                     "classic-0193"]
    assert listed("--glob", "draw2-no-stacking.scn") == ["classic-0028"]


def test_combined_plays_need_the_combine_feature_and_read_as_written():
    """A 1.1 implementation does not declare 'combine', so it is never sent a combined play;
    a failing combined step is reported as the scenario file writes it."""
    from hotdeath_harness.corpus import load_corpus, support_gap
    from hotdeath_harness.runner import describe

    scn = load_corpus(SCN / "uber-uno" / "math-left-to-right.scn")[0].data
    hello = {"rulesets": {"uber-uno": {"options": ["math"],
                                       "features": ["jump_in", "uno", "zones"]}}}
    assert "combine" in (support_gap(hello, scn) or "")
    hello["rulesets"]["uber-uno"]["features"].append("combine")
    assert support_gap(hello, scn) is None
    assert describe(scn["steps"][0]) == "alice plays red 4 - red 2 * red 3"
    assert listed("--ruleset", "uber-uno", "--feature", "combine") == \
        [f"uber-0{n}" for n in range(320, 350)]
