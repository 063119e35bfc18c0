"""Identical games before and after: fingerprints of seeded random games on every ruleset.

    python benchmarks/game_fingerprints.py --record   # before a change to the engine
    python benchmarks/game_fingerprints.py            # after it: exits 1 on any difference

A speed-up of the engine must not change a single game. For every ruleset
(some with options on), both policies of ``play_random`` (uniform, eager),
2 and 4 players (3 with options) and with and without out-of-turn actions,
this plays N seeded games with tracing on and hashes each one (every list of
legal actions in order, every applied action, the final observation, the
whole trace: see ``hotdeath.sim.fingerprint``). The file keeps, per
configuration, one digest of all N games and the fingerprints of the first
few, which ``tests/test_sim_fingerprints.py`` replays on every test run.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from pathlib import Path

from hotdeath.lang.check import load_rulesets
from hotdeath.model import Ruleset, clashing_options
from hotdeath.sim import fingerprint

RECORD = Path(__file__).resolve().parent.parent / "tests" / "data" / "game_fingerprints.json"
KEPT = 10  # per-game fingerprints kept in the file, per configuration
BASE_RULESETS = ("classic", "hot-death-v3", "hot-death-1989", "hot-death-deluxe", "uber-uno",
                 "uno-blender")
WITH_OPTIONS = ("hot-death-v3", "hot-death-1989", "hot-death-deluxe", "uber-uno")


def option_groups(rs: Ruleset) -> list[list[str]]:
    """A ruleset's options in as few groups as the seed allows together: each group takes
    every option left that clashes with none it already has, so every option is played."""
    left, groups = sorted(rs.options), []
    while left:
        on = set(left)
        for a, b in clashing_options(rs, on):
            if a in on and b in on:
                on.discard(b)
        groups.append(sorted(on))
        left = [o for o in left if o not in on]
    return groups


def configurations(rulesets: dict[str, Ruleset]) -> dict[str, dict]:
    """Name -> how to play: ruleset, options, policy, players, out-of-turn actions."""
    out: dict[str, dict] = {}
    for name in BASE_RULESETS:
        for policy in ("eager", "uniform"):
            for players in (2, 4):
                for oot in (False, True):
                    key = f"{name}/{policy}/{players}p/{'oot' if oot else 'turn'}"
                    out[key] = {"ruleset": name, "options": [], "eager": policy == "eager",
                                "players": players, "out_of_turn": oot}
    for name in WITH_OPTIONS:
        for i, options in enumerate(option_groups(rulesets[name]), 1):
            for policy in ("eager", "uniform"):
                out[f"{name}+options{i}/{policy}/3p/oot"] = {
                    "ruleset": name, "options": options, "eager": policy == "eager",
                    "players": 3, "out_of_turn": True}
    return out


def play(rulesets: dict[str, Ruleset], config: dict, seed: int, tracing: bool = True
         ) -> tuple[str, str]:
    rs = rulesets[config["ruleset"]].with_options(frozenset(config["options"]))
    return fingerprint(rs, config["players"], seed, eager=config["eager"],
                       out_of_turn=config["out_of_turn"], rulesets=rulesets, tracing=tracing)


def measure(rulesets: dict[str, Ruleset], config: dict, games: int) -> dict:
    digest = hashlib.sha256()
    first = []
    for seed in range(games):
        prints = play(rulesets, config, seed)
        digest.update("".join(prints).encode())
        if seed < KEPT:
            first.append(list(prints))
    return {"games": games, "digest": digest.hexdigest()[:32], "first": first}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--record", action="store_true", help="write the file, do not compare")
    parser.add_argument("--games", type=int, default=300, help="games per configuration")
    parser.add_argument("--file", type=Path, default=RECORD)
    parser.add_argument("--only", default="", help="configurations whose name contains this "
                        "(with --record, the others are kept as recorded)")
    args = parser.parse_args()
    rulesets = load_rulesets()
    recorded = json.loads(args.file.read_text())["configs"] if args.file.exists() else {}
    # comparing replays what was recorded (an option added since does not change old groups);
    # recording plays the configurations made here and any others the file holds (added by
    # hand, such as the Math rules apart), so that none is left behind stale
    replayed = {k: {f: v[f] for f in ("ruleset", "options", "eager", "players", "out_of_turn")}
                for k, v in recorded.items()}
    known = {**replayed, **configurations(rulesets)} if args.record else replayed
    configs = {k: v for k, v in known.items() if args.only in k}
    results, differ = {}, []
    for key, config in configs.items():
        start = time.perf_counter()
        results[key] = {**config, **measure(rulesets, config, args.games)}
        seconds = time.perf_counter() - start
        verdict = ""
        if not args.record:
            old = recorded.get(key)
            first = results[key]["first"]
            if old is None:
                verdict = "not recorded"
                differ.append(key)
            elif old["games"] != args.games:  # a quick check: the games kept one by one
                same = old["first"][:len(first)] == first
                verdict = f"first {len(first)} identical" if same else "DIFFERS"
                differ += [] if same else [key]
            elif old["digest"] != results[key]["digest"]:
                verdict = "DIFFERS"
                bad = [i for i, (a, b) in enumerate(zip(old["first"], first, strict=True))
                       if a != b]
                verdict += f" (first games that differ: {bad})" if bad else ""
                differ.append(key)
            else:
                verdict = "identical"
        print(f"{key:44} {args.games} games {seconds:6.1f}s {verdict}", flush=True)
    if args.record:
        if args.only:  # a rule changed for some: keep the others
            results = {**recorded, **results}
        args.file.parent.mkdir(parents=True, exist_ok=True)
        args.file.write_text(json.dumps({"configs": results}, indent=1) + "\n")
        print(f"recorded {len(results)} configurations in {args.file}")
    elif differ:
        sys.exit(f"{len(differ)} configurations play different games: {', '.join(differ)}")


if __name__ == "__main__":
    main()
