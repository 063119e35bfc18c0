"""Benchmark: random legal 1989 Hot Death hands, hotdeath's reference engine vs John Priebe's
Java engine (the Android "Hot Death" game), measured side by side in one run.

Both play one hand per game from a seeded shuffle of their two-deck Hot Death deck, 7 cards
each, with the same policy: "uniform" picks among every legal move, "eager" plays a card
whenever one can be played. A step is one applied action (hotdeath) or one
``Game.advanceRound`` (the peer); the peer applies an attack as it is played, so hotdeath's
explicit "accept" steps are also counted apart ("comparable steps" leaves them out).

The Java engine runs in its own JVM (built by conformance/adapters/jpriebe_hotdeath.py) and
times itself after a JIT warm-up; hotdeath is timed in this process after a warm-up too. Rounds
alternate which engine goes first, so noise on a shared machine falls on both alike. A speed
claim is the ratio of the two, never an absolute figure. Needs a JDK and the peer's sources.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import platform
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

from hotdeath.lang.check import load_rulesets
from hotdeath.sim import new_game

ROOT = Path(__file__).resolve().parent.parent
ADAPTER = ROOT / "conformance" / "adapters" / "jpriebe_hotdeath.py"
MAX_STEPS = 3000


def java_build() -> Path:
    spec = importlib.util.spec_from_file_location("jpriebe_hotdeath", ADAPTER)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.build()


def java_round(build: Path, games: int, players: int, policy: str, seed: int) -> dict:
    cmd = ["java", "-cp", str(build), "com.smorgasbork.hotdeath.Driver", "--random",
           "--games", str(games), "--players", str(players), "--policy", policy,
           "--seed", str(seed), "--warmup", str(games), "--max-steps", str(MAX_STEPS), "--json"]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    got = json.loads(out.strip().splitlines()[-1])
    return {"seconds": got["seconds"], "steps": got["steps"], "finished": got["finished"],
            "comparable": got["steps"]}


def hotdeath_games(rs, games: int, players: int, policy: str, seed: int) -> dict:
    steps = comparable = finished = 0
    start = time.perf_counter()
    for g in range(games):
        rng = random.Random(seed * 100_003 + g)
        game = new_game(rs, players, rng)
        n = 0
        while not game.is_terminal() and n < MAX_STEPS:
            actions = game.legal_actions(out_of_turn=False)
            if policy == "eager":
                actions = [a for a in actions if a.act == "play"] or actions
            action = rng.choice(actions)
            game.apply_action(action)
            n += 1
            comparable += action.act != "accept"
        steps += n
        finished += game.is_terminal()
    return {"seconds": time.perf_counter() - start, "steps": steps, "finished": finished,
            "comparable": comparable}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--players", type=int, nargs="+", default=[2, 4])
    ap.add_argument("--policy", choices=["uniform", "eager"], nargs="+",
                    default=["uniform", "eager"])
    args = ap.parse_args()
    build = java_build()
    rs = load_rulesets()["hot-death-1989"]
    hotdeath_games(rs, args.games, 4, "uniform", 999)  # warm-up
    java = subprocess.run(["java", "-version"], capture_output=True, text=True)
    print(f"hot-death-1989 random hands; {args.rounds} rounds x {args.games} games; "
          f"Python {platform.python_version()} on {platform.machine()}; "
          f"{java.stderr.splitlines()[0]}")
    print(f"{'policy':>8} {'players':>7} {'hotdeath steps/s':>17} {'java steps/s':>13} "
          f"{'ratio':>6} {'ratio (comparable)':>19}")
    for policy in args.policy:
        for players in args.players:
            ratios, comparable, ours, theirs = [], [], [], []
            for r in range(args.rounds):
                order = ["hotdeath", "java"] if r % 2 == 0 else ["java", "hotdeath"]
                got = {}
                for name in order:
                    got[name] = (hotdeath_games(rs, args.games, players, policy, r)
                                 if name == "hotdeath"
                                 else java_round(build, args.games, players, policy, r))
                h, j = got["hotdeath"], got["java"]
                hs, js = h["steps"] / h["seconds"], j["steps"] / j["seconds"]
                ours.append(hs)
                theirs.append(js)
                ratios.append(hs / js)
                comparable.append((h["comparable"] / h["seconds"]) / js)
            print(f"{policy:>8} {players:>7} {statistics.median(ours):>17,.0f} "
                  f"{statistics.median(theirs):>13,.0f} {statistics.median(ratios):>6.3f} "
                  f"{statistics.median(comparable):>19.3f}")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
