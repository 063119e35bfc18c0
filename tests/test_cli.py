"""The command line, as a user meets it: outputs, exit codes, and no tracebacks."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from hotdeath.cli import main

SCN = Path(__file__).resolve().parent.parent / "conformance" / "scenarios"


def invoke(*args):
    return CliRunner().invoke(main, list(args))


def test_check_reports_counts():
    result = invoke("check")
    assert result.exit_code == 0, result.output
    assert "classic: 7 cards" in result.output
    assert "scenarios OK" in result.output


def test_check_takes_scenario_files_as_arguments(tmp_path):
    good = SCN / "classic" / "skip-basic.scn"
    bad = tmp_path / "bad.scn"
    bad.write_text(good.read_text().replace("id classic-", "id mine-").replace("red 5", "red 55"))
    result = invoke("check", str(good))
    assert result.exit_code == 0, result.output
    assert "1 scenario OK" in result.output
    result = invoke("check", str(good), str(bad))
    assert result.exit_code == 1
    assert "bad.scn:" in result.output and "red 55" in result.output


def test_run_notes_choices_a_play_does_not_use(tmp_path):
    """The protocol ignores a choice a card does not use; the trace says so, or 'plays red skip
    with blue 3' would pass for a play of two cards."""
    scn = tmp_path / "with.scn"
    table = (SCN / "classic" / "skip-basic.scn").read_text().split("steps")[0]
    scn.write_text(table.replace("id classic-", "id mine-")
                   + "steps\n  alice plays red skip with blue 3\n")
    result = invoke("run", str(scn))
    assert "note: 'with blue 3' is not used by red skip here and is ignored" in result.output, \
        result.output


def test_run_prints_trace_with_citation():
    result = invoke("run", str(SCN / "classic" / "skip-basic.scn"))
    assert result.exit_code == 0, result.output
    assert "bob skipped" in result.output
    assert '"Skip: the next player in line loses their turn and is skipped."' in result.output
    assert "result: PASS" in result.output


def test_run_quotes_the_rules_in_force_after_they_change(tmp_path):
    """After v3's Apocalypse the game is classic: a rule both rulesets name ("Going out and
    scoring") is quoted from the official rules, not from v3's "There is no point system"."""
    table = (SCN / "hot-death-v3" / "apocalypse-fourth-horseman.scn").read_text() \
        .split("steps")[0].replace("id v3-", "id mine-") \
        .replace("hand bob: red quitter, red 6, red 7", "hand bob: red 6, red 7, blue 4") \
        .replace("hand carol: red 2, red 1, blue 4", "hand carol: red 2")
    scn = tmp_path / "out.scn"
    scn.write_text(table + "steps\n  alice plays red conquest\n  expect ruleset classic\n"
                   "  bob plays red 6\n  carol plays red 2\n  expect round winner carol\n")
    result = invoke("run", str(scn))
    assert "result: PASS" in result.output, result.output
    scoring = result.output.split("carol scores")[1]
    assert "[Going out and scoring: official rules" in scoring, result.output
    assert "There is no point system" not in result.output


def test_run_names_the_rule_behind_a_rejection():
    result = invoke("run", str(SCN / "classic" / "skip-basic.scn"))
    assert "rejected (not_your_turn: it is carol's turn, not bob's (rule 'Turns'))" in \
        result.output


def test_conform_passes_and_summarises():
    from hotdeath_harness.corpus import load_corpus

    v3 = [s for s in load_corpus(SCN) if s.data["ruleset"] == "hot-death-v3"]
    result = invoke("conform", "--ruleset", "hot-death-v3")
    assert result.exit_code == 0, result.output
    assert result.output.strip().endswith(f"total: {len(v3)} passed")


def test_conform_fails_on_a_wrong_expectation(tmp_path):
    bad = (SCN / "classic" / "skip-basic.scn").read_text().replace("expect turn carol",
                                                                    "expect turn bob")
    (tmp_path / "bad.scn").write_text(bad)
    result = invoke("conform", "--scenarios", str(tmp_path))
    assert result.exit_code == 1
    assert "turn: expected 'bob', observed 'carol'" in result.output


def test_bad_scenario_file_gets_located_error_not_traceback(tmp_path):
    path = tmp_path / "broken.scn"
    path.write_text('scenario "x"\nid x-1\nruleset classic\ntable\n  players a b\nsteps\n'
                    "  a flies away now\n")
    result = invoke("run", str(path))
    assert result.exit_code == 1
    assert f"{path}:7:16: unexpected 'now'" in result.output
    assert "Traceback" not in result.output


def test_bad_spec_dir_gets_located_error(tmp_path):
    (tmp_path / "x.hd").write_text('ruleset x "X"\ncard "Y" {\n  key y\n  colur red\n}\n')
    result = invoke("check", "--spec", str(tmp_path), "--scenarios", str(tmp_path))
    assert result.exit_code == 1
    assert "x.hd:4:3: unknown card property 'colur' (did you mean 'color'?)" in result.output


def test_compile_prints_json():
    result = invoke("compile", str(SCN / "classic" / "skip-basic.scn"))
    assert result.exit_code == 0
    assert '"id": "classic-0001"' in result.output


def test_readme_example_scenario_runs(tmp_path):
    readme = (SCN.parent.parent / "README.md").read_text()
    start = readme.index('scenario "After a Dodge')
    text = readme[start:readme.index("```", start)]
    (tmp_path / "example.scn").write_text(text)
    result = invoke("run", str(tmp_path / "example.scn"))
    assert result.exit_code == 0, result.output
    assert "result: PASS" in result.output


def test_vocab_lists_registry():
    result = invoke("vocab")
    assert result.exit_code == 0
    assert "attack(amount?: int, target?: seats" in result.output
    assert "hand_size(who: selector) -> int" in result.output
    assert "[asks a player]" in result.output
    for title in ("verbs:", "selectors:", "values:", "conditions:"):
        assert title in result.output


def test_cards_shows_keys_as_scenarios_write_them():
    """A ranked card whose keys carry a suffix ('red 3_flip') is listed with it, so the key
    column can be copied into a scenario."""
    out = invoke("cards", "uno-blender").output
    assert "  1_flip..8_flip " in out and "  0_pass " in out and "  0..12 " in out
    assert "\n  1..8 " not in out


def test_a_required_answer_is_named_as_the_step_to_write():
    """A refused accept says which step answers: 'uses' for a card held up or in a field."""
    scn = SCN / "hot-death-1989" / "penn-state-must-hold-up.scn"
    out = invoke("run", str(scn)).output
    assert "must answer with it: 'bob uses blue penn_state'" in out


def test_a_card_played_that_answers_without_being_played_is_told_to_be_used(tmp_path):
    scn = tmp_path / "penn.scn"
    scn.write_text((SCN / "hot-death-1989" / "penn-state-must-hold-up.scn").read_text()
                   .replace("bob accepts", "bob plays blue penn_state", 1))
    out = invoke("run", str(scn)).output
    assert "blue penn_state answers without being played: 'bob uses blue penn_state'" in out


def test_a_failed_expectation_mentions_an_attack_still_waiting(tmp_path):
    """A writer who forgets 'bob accepts' is told that the draw still waits at bob."""
    scn = tmp_path / "wait.scn"
    text = (SCN / "classic" / "draw2-basic.scn").read_text()
    scn.write_text(text[:text.index("\nsteps")] + "\nsteps\n  alice plays red draw2\n"
                   "  expect count bob 4\n")
    out = invoke("run", str(scn)).output
    assert "hint: a draw of 2 still waits at bob" in out and "'bob accepts' may be missing" in out


def test_show_names_a_renamed_card_as_its_ruleset_calls_it():
    """The Deluxe Edition renames the 1989 cards it amends; 'show' and 'cards' agree."""
    out = invoke("show", "hot-death-deluxe", "--deck").output
    assert "Shield (Penn State)" in out and "Booter (Quitter)" in out
