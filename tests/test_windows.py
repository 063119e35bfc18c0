"""Protocol 1.3 and format 1.3.0: the windows open, in the observation and in scenarios.

A window is a chance open until anyone acts again: the player who just played may add a
card (Deluxe's Multiple Cards, Über's Pinwheel), the player a card skipped may answer it
(Deluxe's My Turn), another player may catch a card dumped (the 1989 Shitter). Before 1.3
an observer saw only the next player on turn.
"""

from __future__ import annotations

from hotdeath.adapter import ReferenceImplementation
from hotdeath.scenario import compile_scenario
from hotdeath_harness import protocol
from hotdeath_harness.corpus import requirements, support_gap
from hotdeath_harness.judge import check_fact
from hotdeath_harness.runner import table_changes

MULTIPLE = """scenario "t"
id dx-9999
ruleset hot-death-deluxe
option multiple_cards
cites 002 "Various Add-on Rules (Indicate before game play)" "{quote}"
table
  players alice bob carol
  discard red 3
  hand alice: red 5, blue 5, yellow 9
  hand bob: green 7, green 1
  hand carol: yellow 4, red 9
  pile blue 1, blue 2
steps
  alice plays red 5
{expect}"""
QUOTE = ("Multiple Cards: If player has 2 or more cards of the same number or function then he "
         "may play them all at once as long as the bottom card matches the color & rank of the "
         "top.")


def multiple(expect: str) -> str:
    return MULTIPLE.format(quote=QUOTE, expect=expect)


def test_the_expectations_compile_to_facts_on_windows_that_need_the_feature():
    scn = compile_scenario(multiple("  expect window follow_up alice\n"
                                    "  expect window dump\n"
                                    "  expect no window\n"))
    assert scn.data["steps"][0]["expect"] == [
        {"path": "windows", "contains": [{"kind": "follow_up", "to": "alice"}]},
        {"path": "windows", "contains": [{"kind": "dump"}]},
        {"path": "windows", "equals": []}]
    assert "windows" in requirements(scn.data)
    hello = {"rulesets": {"hot-death-deluxe": {"options": ["multiple_cards"],
                                               "features": ["uno"]}}}
    assert "windows" in (support_gap(hello, scn.data) or "")


def test_the_observation_shows_who_opened_a_window_and_to_whom():
    impl = ReferenceImplementation()
    scn = compile_scenario(multiple("  bob draws\n"))
    seen = impl.load(scn.data)
    assert seen["windows"] == []
    after = impl.step(scn.data["steps"][0])["observation"]
    assert after["turn"] == "bob"
    assert after["windows"] == [{"kind": "follow_up", "by": "alice", "to": "alice"}]
    assert protocol.violations("load_response", {"seq": 1, "outcome": "loaded",
                                                  "observation": after}) == []
    assert any(change.startswith("windows:") for change in table_changes(seen, after))
    closed = impl.step(scn.data["steps"][1])["observation"]
    assert closed["windows"] == []


def test_a_window_to_anyone_has_no_one_named():
    seen = {"windows": [{"kind": "dump", "by": "alice", "to": None}]}
    assert check_fact({"path": "windows", "contains": [{"kind": "dump"}]}, seen) is None
    assert check_fact({"path": "windows", "contains": [{"kind": "dump", "to": "bob"}]},
                      seen) is not None
    assert check_fact({"path": "windows", "equals": []}, seen) is not None


def test_declaring_the_feature_owes_the_field():
    impl = ReferenceImplementation()
    seen = impl.load(compile_scenario(multiple("")).data)
    del seen["windows"]
    assert protocol.incoherent(seen, {"windows"}) == [
        "declares feature 'windows' but the observation lacks windows"]
    assert protocol.incoherent(seen, set()) == []


def test_a_bad_window_entry_breaks_the_schema():
    impl = ReferenceImplementation()
    seen = impl.load(compile_scenario(multiple("")).data)
    seen["windows"] = [{"kind": "follow_up", "by": "alice"}]  # 'to' left out
    assert protocol.violations("load_response", {"seq": 1, "outcome": "loaded",
                                                  "observation": seen})
