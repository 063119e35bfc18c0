"""Where the time of random classic play goes: listing legal moves, and applying each kind of act.

    python benchmarks/bench_steps.py [--games 1500] [--players 4] [--repeat 2]

Plays the games of ``bench_vs_rlcard.py`` (eager policy, seeded) step by step,
timing each ``legal_actions`` and each ``apply_action`` apart (the timer's own
cost taken off), and groups the applied actions by kind: a play of a card
without effects, with effects, of a wild card, a draw, an accept... Point
``PYTHONPATH`` at another checkout's ``reference_impl`` to compare. The best
of ``--repeat`` passes is kept for each figure, as the least disturbed by
other work on the machine.
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter, defaultdict

from hotdeath.lang.check import load_rulesets
from hotdeath.sim import new_game


def kind_of(action) -> str:
    """The act, and for a play whether the card is wild and whether its play has effects."""
    if action.act != "play":
        return action.act
    face = action.card.face
    wild = "wild " if face.is_wild else ""
    effects = "with effects" if face.kind.triggers.get("play") else "without effects"
    return f"play {wild}card {effects}"


def timer_cost() -> float:
    clock = time.perf_counter
    start = clock()
    for _ in range(100_000):
        clock()
    return (clock() - start) / 100_000


def one_pass(rs, players: int, games: int, overhead: float) -> tuple[dict, Counter, int]:
    clock = time.perf_counter
    spent: dict[str, float] = defaultdict(float)
    count: Counter = Counter()
    steps = 0
    for seed in range(games):
        rng = random.Random(seed)
        game = new_game(rs, players, rng)
        n = 0
        while not game.is_terminal() and n < 3000:
            start = clock()
            actions = game.legal_actions(out_of_turn=False)
            spent["list legal moves"] += clock() - start - overhead
            plays = [a for a in actions if a.act == "play"]
            action = rng.choice(plays or actions)
            kind = kind_of(action)
            start = clock()
            game.apply_action(action)
            spent[kind] += clock() - start - overhead
            count[kind] += 1
            n += 1
        steps += n
    count["list legal moves"] = steps
    return spent, count, steps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1500)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--repeat", type=int, default=2)
    args = parser.parse_args()
    rs = load_rulesets()["classic"]
    overhead = timer_cost()
    one_pass(rs, args.players, 200, overhead)  # warm-up: tables kept with the ruleset
    best: dict[str, float] = {}
    for _ in range(args.repeat):
        spent, count, steps = one_pass(rs, args.players, args.games, overhead)
        for kind, seconds in spent.items():
            best[kind] = min(best.get(kind, seconds), seconds)
    print(f"classic, {args.players} players, eager policy, {args.games} games, {steps} steps")
    print(f"{'':34} {'of steps':>8} {'us each':>8} {'us/step':>8}")
    for kind in sorted(best, key=lambda k: -best[k]):
        print(f"{kind:34} {count[kind] / steps:8.1%} {best[kind] / count[kind] * 1e6:8.2f} "
              f"{best[kind] / steps * 1e6:8.2f}")


if __name__ == "__main__":
    main()
