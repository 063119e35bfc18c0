"""The engine plays the very games it played before its speed-ups, on every ruleset.

``tests/data/game_fingerprints.json`` was recorded by
``benchmarks/game_fingerprints.py --record`` from the engine before it was made
faster (commit 175d061); the configurations added since (UNO Blender, Über's Math
options) were recorded when they were written, and guard every change after. Each
configuration (ruleset and options, policy, players, out-of-turn actions) keeps
the fingerprints of its first games: every list of legal actions in order, every
applied action, the final observation and the whole trace. This replays the first
two of each with tracing on, and the first without tracing (the benchmark's path),
which must play the same game.
The script checks all 300 games of each configuration.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hotdeath.sim import fingerprint

RECORDED = json.loads((Path(__file__).parent / "data" / "game_fingerprints.json").read_text())
CONFIGS = RECORDED["configs"]
REPLAYED = 2


def _play(rulesets, config: dict, seed: int, tracing: bool) -> tuple[str, str]:
    rs = rulesets[config["ruleset"]].with_options(frozenset(config["options"]))
    return fingerprint(rs, config["players"], seed, eager=config["eager"],
                       out_of_turn=config["out_of_turn"], rulesets=rulesets, tracing=tracing)


@pytest.mark.slow
@pytest.mark.parametrize("key", sorted(CONFIGS))
def test_seeded_games_are_identical_to_the_recorded_ones(rulesets, key):
    config = CONFIGS[key]
    for seed in range(REPLAYED):
        assert list(_play(rulesets, config, seed, True)) == config["first"][seed], (key, seed)
    play, _ = _play(rulesets, config, 0, False)
    assert play == config["first"][0][0], f"{key}: tracing off plays another game"


def test_the_record_covers_every_ruleset_policy_and_table(rulesets):
    """The guard is only as wide as the record: every ruleset, both policies, in and out of
    turn, 2 and 4 players, and every option in some configuration."""
    assert {c["ruleset"] for c in CONFIGS.values()} == set(rulesets)
    assert {(c["eager"], c["out_of_turn"], c["players"]) for c in CONFIGS.values()} >= {
        (e, o, p) for e in (True, False) for o in (True, False) for p in (2, 4)}
    for name, rs in rulesets.items():
        played = {o for c in CONFIGS.values() if c["ruleset"] == name for o in c["options"]}
        assert played == set(rs.options), name
