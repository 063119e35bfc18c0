"""Benchmark: random legal 1989 Hot Death hands, hotdeath's reference engine vs John Priebe's
Java engine (the Android "Hot Death" game), measured side by side in one run.

Both play one hand per game from a seeded shuffle of their two-deck Hot Death deck, 7 cards
each, game g of a batch seeded with seed * 100_003 + g on both sides (java.util.Random and
random.Random: the same seeds, different games), with the same policy, the peer's own
(Driver.playRandom): pick uniformly among the cards in hand that may be played, plus one
"other" move (draw; or pass, after drawing or under attack: hotdeath's accept), which "eager"
leaves out whenever a card may be played; a played card's colour and victim are then chosen
uniformly (on hotdeath: uniformly among that card's listed plays). Where hotdeath lists other
moves the peer has no decision for (a challenge, a choice asked after a play), the "other"
move is drawn from draw/pass/accept if listed, else from all of them.

A step is one applied action (hotdeath) or one ``Game.advanceRound`` (the peer): both are one
decision (play, draw, pass), but the peer assesses an attack inside the attacker's step when
the victim holds no defence, where hotdeath's victim takes it with a step of its own
("accept"), and the peer asks colour and victim inside the play, where hotdeath asks some
choices as steps ("choose"). "Comparable steps" leave hotdeath's accepts out.

The Java engine runs in one JVM for the whole run (built by
conformance/adapters/jpriebe_hotdeath.py; Driver --random --batches), warmed up before the
first timing with --warmup-steps steps of both policies (the JIT keeps speeding the peer up
for a long time: 100 warm-up games left it at a quarter of its warm speed), and times each
batch itself; hotdeath is timed in this process after a warm-up too. Rounds alternate which
engine goes first, so noise on a shared machine falls on both alike. A speed claim is the
ratio of the two, never an absolute figure. Needs a JDK and the peer's sources.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
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


class Java:
    """The peer in one warm JVM: a batch per request line, its own timing per answer."""

    def __init__(self, build: Path, warmup_steps: int) -> None:
        cmd = ["java", "-cp", str(build), "com.smorgasbork.hotdeath.Driver", "--random",
               "--batches", "--warmup-steps", str(warmup_steps), "--max-steps", str(MAX_STEPS)]
        self.proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True)

    def batch(self, games: int, players: int, policy: str, seed: int) -> dict:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(f"{games} {players} {policy} {seed}\n")
        self.proc.stdin.flush()
        got = json.loads(self.proc.stdout.readline())
        return {"seconds": got["seconds"], "steps": got["steps"], "finished": got["finished"],
                "comparable": got["steps"]}

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait()


OTHER = ("draw", "pass", "accept")  # the peer's "other" move: draw, or pass (take the attack)


def peer_policy(actions: list, rng: random.Random, eager: bool):
    """The peer's random player (Driver.playRandom) on hotdeath's listing: a playable card
    or the one other move, uniformly; then one of that card's plays (colour, victim)."""
    by_card: dict[int, list] = {}
    others = []
    for a in actions:
        if a.act == "play":
            by_card.setdefault(id(a.card), []).append(a)
        else:
            others.append(a)
    cards = list(by_card.values())
    other = 0 if (eager and cards) or not others else 1
    pick = rng.randrange(len(cards) + other)
    if pick < len(cards):
        return rng.choice(cards[pick])
    return rng.choice([a for a in others if a.act in OTHER] or others)


def hotdeath_games(rs, games: int, players: int, policy: str, seed: int) -> dict:
    steps = comparable = finished = 0
    eager = policy == "eager"
    start = time.perf_counter()
    for g in range(games):
        rng = random.Random(seed * 100_003 + g)
        game = new_game(rs, players, rng)
        n = 0
        while not game.is_terminal() and n < MAX_STEPS:
            action = peer_policy(game.legal_actions(out_of_turn=False), rng, eager)
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
    ap.add_argument("--warmup-steps", type=int, default=3_000_000,
                    help="steps the JVM plays, untimed, before the first batch")
    args = ap.parse_args()
    build = java_build()
    rs = load_rulesets()["hot-death-1989"]
    peer = Java(build, args.warmup_steps)
    for policy in ("uniform", "eager"):  # hotdeath's warm-up: its tables, caches, imports
        for players in (2, 3, 4):
            hotdeath_games(rs, 50, players, policy, 999)
    java = subprocess.run(["java", "-version"], capture_output=True, text=True)
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"hot-death-1989 random hands; {args.rounds} rounds x {args.games} games; "
          f"Python {platform.python_version()} on {platform.machine()}; "
          f"{java.stderr.splitlines()[0]}; JVM warm-up {args.warmup_steps:,} steps; "
          f"load {load}")
    print(f"{'policy':>8} {'players':>7} {'hotdeath steps/s':>17} {'java steps/s':>13} "
          f"{'ratio':>6} {'ratio (comparable)':>19} {'games/s ratio':>13} "
          f"{'steps/game hd / java':>21}")
    for policy in args.policy:
        for players in args.players:
            ratios, comparable, ours, theirs, per_game = [], [], [], [], []
            hd_steps = java_steps = 0
            for r in range(args.rounds):
                order = ["hotdeath", "java"] if r % 2 == 0 else ["java", "hotdeath"]
                got = {}
                for name in order:
                    got[name] = (hotdeath_games(rs, args.games, players, policy, r)
                                 if name == "hotdeath"
                                 else peer.batch(args.games, players, policy, r))
                h, j = got["hotdeath"], got["java"]
                hs, js = h["steps"] / h["seconds"], j["steps"] / j["seconds"]
                ours.append(hs)
                theirs.append(js)
                ratios.append(hs / js)
                comparable.append((h["comparable"] / h["seconds"]) / js)
                per_game.append(j["seconds"] / h["seconds"])
                hd_steps += h["steps"]
                java_steps += j["steps"]
            games = args.games * args.rounds
            sizes = f"{hd_steps / games:.1f} / {java_steps / games:.1f}"
            print(f"{policy:>8} {players:>7} {statistics.median(ours):>17,.0f} "
                  f"{statistics.median(theirs):>13,.0f} {statistics.median(ratios):>6.3f} "
                  f"{statistics.median(comparable):>19.3f} {statistics.median(per_game):>13.3f} "
                  f"{sizes:>21}")
    sys.stdout.flush()
    peer.close()


if __name__ == "__main__":
    main()
