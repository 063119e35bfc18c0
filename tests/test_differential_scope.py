"""The differential mode judges an implementation within what it declares (protocol 2.0):
moves of parts of the game it does not declare are not compared, 'turn' means nothing once
a hand is over, and a step it never received (an act it takes by itself) has no outcome to
compare. Found by running the RLCard and jpriebe adapters with --differential."""

from __future__ import annotations

import json
import sys
import textwrap
from types import SimpleNamespace

from click.testing import CliRunner

from hotdeath_harness.cli import main as conform
from hotdeath_harness.runner import Play, observation_differences
from hotdeath_harness.traits import traits_for

WITHOUT_UNO = textwrap.dedent('''
    """The reference without Uno calls, catches, challenges or jump-ins: it declares none of
    them and lists none of their moves."""
    import json, sys
    from hotdeath.serve import Server
    DROP = {"uno", "catch", "challenge", "jump_in"}
    server = Server()
    for line in sys.stdin:
        answer = server.handle(json.loads(line))
        if answer is None:
            break
        for entry in [answer, *answer.get("rulesets", {}).values()]:
            if "features" in entry:
                entry["features"] = [f for f in entry["features"] if f not in DROP]
        if "moves" in answer:
            answer["moves"] = [m for m in answer["moves"] if m["act"] not in DROP]
        sys.stdout.write(json.dumps(answer) + "\\n")
        sys.stdout.flush()
''')


def test_moves_outside_the_declared_features_are_not_compared(tmp_path):
    script = tmp_path / "without_uno.py"
    script.write_text(WITHOUT_UNO)
    result = CliRunner().invoke(conform, [
        "--no-progress", "--format", "ndjson", "--impl", f"{sys.executable} {script}",
        "--differential", "--ruleset", "classic", "--glob", "classic-00[2-4]*"])
    records = [json.loads(line) for line in result.output.splitlines() if line.startswith("{")]
    failed = [r for r in records if r.get("status") in ("fail", "error")]
    assert result.exit_code == 0 and not failed, failed
    assert sum(r.get("status") == "pass" for r in records) > 10


def _play(hello: dict) -> Play:
    session = SimpleNamespace(hello=hello)
    return Play(session, {"id": "x", "ruleset": "hot-death-1989", "steps": []}, 0.0)


def test_a_move_is_outside_when_its_feature_or_act_is_not_declared():
    play = _play({"rulesets": {"hot-death-1989": {"options": []}}, "features": ["legal_moves"],
                  "acts": ["disputes"]})
    assert play._outside({"player": "a", "act": "catch", "target": "b"})
    assert play._outside({"player": "a", "act": "challenge"})
    assert play._outside({"player": "a", "act": "dumps"})
    assert not play._outside({"player": "a", "act": "disputes", "target": "b"})
    assert not play._outside({"player": "a", "act": "draw"})
    with_uno = _play({"rulesets": {"hot-death-1989": {"options": []}}, "features": ["uno"]})
    assert not with_uno._outside({"player": "a", "act": "uno"})


def test_turn_is_not_compared_once_the_hand_is_over():
    traits = traits_for({"rulesets": {"classic": {}}, "features": []}, "classic")
    ref = {"phase": "over", "turn": "alice", "round_winner": "alice"}
    assert observation_differences(ref, {**ref, "turn": "bob"}, traits) == []
    assert observation_differences({**ref, "phase": "turn"}, {**ref, "phase": "turn",
                                                              "turn": "bob"}, traits)


def test_a_step_not_sent_is_compared_on_the_table_only():
    play = _play({"rulesets": {"hot-death-1989": {"options": []}}, "features": []})
    table = {"phase": "turn", "turn": "alice"}
    refused = {"outcome": "rejected", "code": "cannot_answer", "observation": table}
    taken = {"outcome": "accepted", "observation": table}
    assert play._differ(taken, refused, outcome=False) is None
    assert play._differ(taken, refused)[0] == "fail"
    assert play._differ({**taken, "observation": {**table, "turn": "bob"}}, refused,
                        outcome=False)[0] == "fail"
