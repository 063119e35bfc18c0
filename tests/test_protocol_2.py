"""Protocol 2.0: the legal moves, choices in full, the traits of real engines, the differential
mode, and the express lane judged through the same door."""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from hotdeath.scenario import compile_scenario
from hotdeath.serve import Server
from hotdeath_harness.cli import main as conform
from hotdeath_harness.judge import check_listing
from hotdeath_harness.runner import judge_step

GALLERY = Path(__file__).parent / "gallery"
ROOT = Path(__file__).resolve().parents[1]


def engine(*traits: str) -> str:
    return shlex.join([sys.executable, str(GALLERY / "engine_traits.py"), *traits])


def run(*args: str) -> tuple[int, str, dict]:
    result = CliRunner().invoke(conform, ["--no-progress", "--format", "ndjson", *args])
    records = [json.loads(line) for line in result.output.splitlines() if line.startswith("{")]
    return result.exit_code, result.output, {r["id"]: r for r in records
                                             if r.get("type") == "result"}


SCENARIO = """scenario "t"
id classic-9999
ruleset classic
cites classic "Game play" "{quote}"
table
  players alice bob
  discard red 5
  hand alice: red 9, wild
  hand bob: blue 1
  pile blue 2, blue 3
steps
{steps}
"""


QUOTE = "Match the top card on the discard pile either by number, color or symbol."


def compiled(steps: str) -> dict:
    return compile_scenario(SCENARIO.format(steps=steps, quote=QUOTE)).data


# -- the reference lists its moves --------------------------------------------------------


def test_serve_lists_every_move_once_with_exactly_the_fields_it_uses():
    server = Server()
    data = compiled("  alice draws")
    assert server.handle({"cmd": "legal", "seq": 1})["outcome"] == "errored"  # nothing loaded
    server.handle({"cmd": "load", "seq": 2, **{k: data[k] for k in ("id", "ruleset", "table")}})
    moves = server.handle({"cmd": "legal", "seq": 3})["moves"]
    assert {"player": "alice", "act": "play", "card": "red 9"} in moves
    assert {"player": "alice", "act": "draw"} in moves
    wilds = sorted((m for m in moves if m.get("card") == "wild"), key=lambda m: m["color"])
    assert wilds == [{"player": "alice", "act": "play", "card": "wild", "color": c}
                     for c in ("blue", "green", "red", "yellow")]
    assert len({json.dumps(m, sort_keys=True) for m in moves}) == len(moves)


def _checked(server: Server, move: dict) -> dict:
    answer = server.handle({"cmd": "check", "seq": 9, "step": {"do": move}})
    return {k: v for k, v in answer.items() if k != "seq"}


def test_check_names_the_rule_that_allows_a_move_as_well_as_the_one_that_forbids_it():
    server = Server()
    data = compiled("  alice draws")
    server.handle({"cmd": "load", "seq": 2, **{k: data[k] for k in ("id", "ruleset", "table")}})
    assert _checked(server, {"player": "alice", "act": "play", "card": "red 9"}) == \
        {"outcome": "allowed", "rule": "Matching"}
    assert _checked(server, {"player": "alice", "act": "draw"}) == \
        {"outcome": "allowed", "rule": "Turns"}
    refused = _checked(server, {"player": "bob", "act": "draw"})
    assert refused["outcome"] == "refused" and refused["code"] == "not_your_turn"


def test_an_answer_is_allowed_by_the_card_whose_text_says_what_it_answers():
    """Deluxe's Defender answers an attack by its own text, not by the rule on draw cards."""
    server = Server()
    data = compile_scenario(DELUXE_ANSWER).data
    server.handle({"cmd": "load", "seq": 2, **{k: data[k] for k in ("id", "ruleset", "table")}})
    server.handle({"cmd": "step", "seq": 3, "index": 0, "step": data["steps"][0]})
    answer = _checked(server, {"player": "bob", "act": "play", "card": "red defender"})
    assert answer == {"outcome": "allowed", "rule": "Defender"}


DELUXE_ANSWER = """scenario "t"
id dx-9999
ruleset hot-death-deluxe
cites 002 "Defender" "Defender (R0): Once played, effects skip owner."
table
  players alice bob carol
  discard yellow 3
  hand alice: wild hot_death, red 7
  hand bob: red defender, yellow 9
  hand carol: blue 8, green 4
  pile blue 1, blue 3, blue 4, blue 5, yellow 1, yellow 2, yellow 4, yellow 5
steps
  alice plays wild hot_death choosing green
"""


# -- the format --------------------------------------------------------------------------


def test_listing_expectations_compile_to_facts_on_the_legal_moves():
    data = compiled("  expect legal alice plays red 9\n  expect not legal bob draws\n"
                    "  expect moves bob:\n  expect moves alice: alice plays red 9; alice draws")
    assert data["steps"][0]["expect"] == [
        {"path": "legal", "contains": [{"player": "alice", "act": "play", "card": "red 9"}]},
        {"path": "legal", "lacks": [{"player": "bob", "act": "draw"}]},
        {"path": "legal.bob", "set": []},
        {"path": "legal.alice", "set": [{"player": "alice", "act": "play", "card": "red 9"},
                                        {"player": "alice", "act": "draw"}]}]


def test_a_move_of_another_player_among_a_players_moves_is_an_error():
    from hotdeath.errors import HotDeathError
    with pytest.raises(HotDeathError, match="a move of bob among the moves of alice"):
        compiled("  expect moves alice: bob draws")


def test_a_choice_is_expected_in_full_and_a_rejection_with_any_code():
    data = compiled("  alice plays red 9\n  expect rejected\n"
                    "  expect choice bob cards options red 5, blue 1 count 1")
    step = data["steps"][0]
    assert step["reject"] is True
    assert step["expect"] == [{"path": "choice", "matches": {"by": "bob", "kind": "cards"}},
                              {"path": "choice.options", "set": ["red 5", "blue 1"]},
                              {"path": "choice.count", "equals": 1}]


def test_a_rejection_with_any_code_is_judged_by_the_refusal_alone():
    obs = {"turn": "alice"}
    step = {"do": {"player": "bob", "act": "draw"}, "reject": True}
    assert judge_step(step, {"outcome": "rejected", "code": "not_your_turn",
                             "observation": obs}, obs) is None
    assert judge_step(step, {"outcome": "accepted", "observation": obs}, obs)[0] == "fail"


def test_a_listing_difference_names_each_move_as_a_step():
    fact = {"path": "legal.alice", "set": [{"player": "alice", "act": "draw"}]}
    listed = [{"player": "alice", "act": "pass"}, {"player": "bob", "act": "uno"}]
    message = check_listing(fact, listed, lambda m: f"{m['player']} {m['act']}")
    assert message == "moves of alice: not offered: alice draw; and offered but not " \
                      "allowed: alice pass"


# -- implementations judged on what they offer ---------------------------------------------


@pytest.mark.parametrize("fault, wrong", [("hides-draw", "not offered: alice draws"),
                                          ("phantom-move", "offered but not allowed")])
def test_a_wrong_list_of_moves_fails(fault, wrong):
    code, output, by_id = run("--impl", engine(fault), "--id", "classic-0261")
    assert code == 1
    assert by_id["classic-0261"]["status"] == "fail"
    assert wrong in json.dumps(by_id["classic-0261"])


def test_without_legal_moves_the_listing_expectations_are_counted_unchecked():
    code, output, by_id = run("--impl", engine("no-legal"), "--id", "classic-0261")
    assert code == 0, output
    assert by_id["classic-0261"]["status"] == "pass"
    assert by_id["classic-0261"]["unchecked"] == 5


def test_the_published_page_says_how_many_expectations_were_not_judged():
    result = CliRunner().invoke(conform, ["--no-progress", "--format", "markdown", "--impl",
                                          engine("no-legal"), "--id", "classic-0261"])
    assert result.exit_code == 0, result.output
    assert "Note: 5 expectation(s) in 1 scenario(s) were not judged" in result.output
    row = next(line for line in result.output.splitlines() if "`classic-0261`" in line)
    assert row.endswith("| pass | 5 expectation(s) not judged |")


def test_the_differential_mode_finds_a_wrong_list_no_expectation_mentions():
    code, output, by_id = run("--impl", engine("hides-draw"), "--differential",
                              "--id", "classic-0220")
    assert code == 1
    assert "not offered, the reference does: alice draws (the reference allows it by rule " \
        "'Turns')" in json.dumps(by_id["classic-0220"])


def test_the_express_lane_agrees_with_the_traced_engine_on_the_classic_corpus():
    code, output, _ = run("--impl", shlex.join([sys.executable, "-m", "hotdeath", "serve",
                                                "--express"]),
                          "--differential", "--ruleset", "classic", "-j", "2")
    assert code == 0, output


# -- traits: judged on the rules, not on the reference's bookkeeping -------------------------


def test_an_engine_that_resolves_attacks_at_once_passes_the_classic_corpus():
    code, output, by_id = run("--impl", engine("immediate"), "--ruleset", "classic",
                              "-j", "2")
    assert code == 0, output
    assert by_id["classic-0028"]["unchecked"] > 0  # the pending moment it never shows


def test_an_engine_without_codes_or_its_own_uno_calls_is_judged_on_the_rules():
    code, output, by_id = run("--impl", engine("no-codes", "auto-uno"), "--ruleset", "classic",
                              "-j", "2")
    assert code == 0, output
    catches = [r for r in by_id.values() if r["status"] == "skip"]
    assert catches and all("calls Uno by itself" in r["message"] for r in catches)


def test_options_always_on_skip_the_scenarios_that_have_them_off(tmp_path):
    from hotdeath_harness.corpus import support_gap
    hello = {"rulesets": {"hot-death-1989": {"options": ["ends_at_1000"],
                                             "always": ["ends_at_1000"]}}, "features": []}
    plain = {"ruleset": "hot-death-1989", "options": [], "table": {"players": ["a", "b"]},
             "steps": []}
    assert "always plays with option(s) ends_at_1000" in support_gap(hello, plain)
    assert support_gap(hello, {**plain, "options": ["ends_at_1000"]}) is None


def test_a_table_the_implementation_cannot_seat_is_skipped_with_that_reason():
    from hotdeath_harness.corpus import support_gap
    hello = {"rulesets": {"hot-death-1989": {"options": []}}, "features": [], "players": [4]}
    two = {"ruleset": "hot-death-1989", "options": [], "table": {"players": ["a", "b"]},
           "steps": []}
    assert support_gap(hello, two) == "the implementation seats 4 players, not 2"
    assert support_gap(hello, {**two, "table": {"players": list("abcd")}}) is None
    assert support_gap({**hello, "players": [3, 4, 5]}, two) == \
        "the implementation seats 3, 4 or 5 players, not 2"


def test_declared_acts_are_supported_one_by_one():
    from hotdeath_harness.corpus import support_gap
    scenario = {"ruleset": "hot-death-1989", "options": [], "table": {"players": ["a", "b"]},
                "steps": [{"do": {"player": "a", "act": "disputes", "target": "b"}}]}
    hello = {"rulesets": {"hot-death-1989": {"options": []}}, "features": []}
    assert "the act 'disputes'" in support_gap(hello, scenario)
    assert support_gap({**hello, "acts": ["disputes"]}, scenario) is None
    assert support_gap({**hello, "features": ["acts"]}, scenario) is None  # the 1.x bundle


def test_validate_checks_the_legal_answers_of_an_implementation_that_lists_moves():
    impl = shlex.join([sys.executable, str(GALLERY / "broken.py"), "bad-legal"])
    result = CliRunner().invoke(conform, ["--impl", impl, "--validate", "--no-progress",
                                          "--id", "classic-0262"])
    assert result.exit_code == 1, result.output
    assert "legal before step 1: violation" in result.output


def test_the_differential_mode_says_which_rule_forbids_a_move_offered_wrongly():
    code, output, by_id = run("--impl", engine("phantom-move"), "--differential",
                              "--id", "classic-0001")
    assert code == 1
    assert "offered, the reference does not: alice passes (refused with nothing_drawn: " \
           "alice may pass only after drawing" in json.dumps(by_id["classic-0001"])
