"""Benchmark: random legal classic games through the reference engine.

Reports games/s and steps/s (median of several runs) for 2 and 4 players.
Run on demand (`make bench`); not part of the test suite. A "step" is one
applied action; each game is dealt from a seeded shuffle of the full deck and
played with random legal actions (in-turn only) to the end of the round,
capped at 3,000 steps. Policy 'uniform' picks any legal action (drawing is
always legal); 'eager' draws only when nothing is playable, like RLCard's UNO.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import time

from hotdeath.lang.check import load_rulesets
from hotdeath.sim import new_game, play_random


def one_run(rs, players: int, games: int, seed: int, eager: bool) -> tuple[float, float, int]:
    steps = finished = 0
    start = time.perf_counter()
    for g in range(games):
        rng = random.Random(seed * 100_003 + g)
        game = new_game(rs, players, rng)
        stats = play_random(game, rng, eager=eager)
        steps += stats.steps
        finished += stats.finished
    elapsed = time.perf_counter() - start
    return games / elapsed, steps / elapsed, finished


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=300, help="games per run")
    ap.add_argument("--runs", type=int, default=5, help="runs per configuration")
    ap.add_argument("--ruleset", default="classic")
    args = ap.parse_args()
    rs = load_rulesets()[args.ruleset]
    print(f"ruleset {rs.ident}; {args.runs} runs x {args.games} games; "
          f"Python {platform.python_version()} on {platform.machine()}")
    print(f"{'policy':>8} {'players':>7} {'games/s':>10} {'steps/s':>10} {'steps/game':>10} "
          f"{'finished':>9}")
    for policy in ("uniform", "eager"):
        for players in (2, 4):
            runs = [one_run(rs, players, args.games, seed, policy == "eager")
                    for seed in range(args.runs)]
            gps = statistics.median(r[0] for r in runs)
            sps = statistics.median(r[1] for r in runs)
            done = sum(r[2] for r in runs) / (args.runs * args.games)
            print(f"{policy:>8} {players:>7} {gps:>10.1f} {sps:>10.0f} {sps / gps:>10.1f} "
                  f"{done:>8.0%}")


if __name__ == "__main__":
    main()
