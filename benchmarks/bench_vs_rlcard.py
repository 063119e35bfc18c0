"""Benchmark: random legal classic games, hotdeath's reference engine vs RLCard's UNO.

Both engines play the same number of games with the same "eager" policy (play a
uniformly chosen playable card; draw only when nothing is playable, which is
RLCard's own action space), capped at the same number of steps. The two are
interleaved in one run: each round plays N games on hotdeath and N games on
RLCard, for every player count, and the engine that goes first alternates from
round to round, so that noise on a shared machine falls on both alike. A speed
claim is the ratio of the two measured side by side, never an absolute figure.

Every round replays the same N seeded games, so the rounds differ only by
machine noise. A step is one applied action. Hotdeath has protocol steps
RLCard has not (an explicit 'accept' of a Draw Two or Wild Draw Four, Uno calls,
'pass' after drawing), so a second ratio counts only hotdeath's 'play' and
'draw' actions. Run on demand; not part of the test suite.

What each side pays for inside the timing, per game: reseeding its generators
(one made per batch, before the clock: hotdeath's random.Random; RLCard's
UnoGame, its numpy RandomState and the policy's random.Random), setting up the
game (hotdeath: new_game makes a Game, copies, shuffles and deals the deck and
turns the first card; RLCard: init_game makes a dealer with a new deck and
shuffles it, the players and their deal, and the round with its first card),
and every step: listing the legal actions, the policy's choice, applying it.
Neither side pays for building a game object or a generator that the other side
builds once.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import random
import statistics
import sys
import time
from dataclasses import dataclass, field
from importlib.metadata import version

import numpy as np
from rlcard.games.uno.game import UnoGame

from hotdeath.lang.check import load_rulesets
from hotdeath.sim import new_game, play_random

MAX_STEPS = 3000
COMMON_ACTS = ("play", "draw")  # the hotdeath acts RLCard also has as steps


def game_seed(seed: int, players: int, g: int) -> int:
    return (seed * 100_003 + g) * 10 + players


# --- hotdeath -------------------------------------------------------------------------


def hotdeath_batch(rs, players: int, seeds: list[int]) -> tuple[float, int, int]:
    """Play the seeded games through play_random; return (seconds, steps, finished).

    One generator serves the batch and is reseeded for each game, as RLCard's side
    reseeds its one RandomState: neither side pays for making a generator per game.
    Each game pays for its own set-up (a Game, the deck copied, shuffled and dealt,
    the first card turned), as RLCard's init_game() pays for its dealer, deck,
    players and round.
    """
    steps = finished = 0
    rng = random.Random()
    start = time.perf_counter()
    for s in seeds:
        rng.seed(s)
        stats = play_random(new_game(rs, players, rng), rng, max_steps=MAX_STEPS,
                            out_of_turn=False, eager=True)
        steps += stats.steps
        finished += stats.finished
    return time.perf_counter() - start, steps, finished


def _legal(game) -> list:
    """Legal actions through the Game API (engine 0.1 had them as a module function)."""
    if hasattr(game, "legal_actions"):
        return game.legal_actions(out_of_turn=False)
    from hotdeath.engine.listing import legal_actions

    return legal_actions(game, out_of_turn=False)


def hotdeath_count(rs, players: int, seeds: list[int]) -> tuple[int, int]:
    """Untimed replay of the same games, step by step, as play_random(eager=True) plays
    them; return (all steps, steps whose act RLCard also has)."""
    steps = common = 0
    rng = random.Random()
    for s in seeds:
        rng.seed(s)
        game = new_game(rs, players, rng)
        n = 0
        while not game.is_terminal() and n < MAX_STEPS:
            actions = _legal(game)
            plays = [a for a in actions if a.act == "play"]
            action = rng.choice(plays or actions)
            game.apply_action(action)
            n += 1
            common += action.act in COMMON_ACTS
        steps += n
    return steps, common


# --- RLCard ---------------------------------------------------------------------------


def rlcard_batch(players: int, seeds: list[int], legal_from_state: bool
                 ) -> tuple[float, int, int]:
    """Play the seeded games through UnoGame directly; return (seconds, steps, finished).

    UnoGame takes no seed: it makes an unseeded np.random.RandomState in __init__,
    and init_game() hands that object to its dealer, players and round. One UnoGame
    and one RandomState serve the whole batch, made before the clock starts (as
    hotdeath's side makes its one random.Random): each game reseeds the RandomState
    and the policy's generator and calls init_game(), which builds a new dealer
    (deck and shuffle), players (the deal) and round (the first card), so a game
    pays for its own set-up and nothing more, as on hotdeath's side.
    """
    steps = finished = 0
    rng = random.Random()
    game = UnoGame(num_players=players)  # allow_step_back=False: no deepcopy per step
    np_rng = np.random.RandomState()
    game.np_random = np_rng
    start = time.perf_counter()
    for s in seeds:
        rng.seed(s)
        np_rng.seed(s)
        state, _ = game.init_game()
        n = 0
        while not game.is_over() and n < MAX_STEPS:
            # get_legal_actions() lists 'draw' only when no card is playable: it is eager.
            legal = state["legal_actions"] if legal_from_state else game.get_legal_actions()
            state, _ = game.step(rng.choice(legal))
            n += 1
        steps += n
        finished += game.is_over()
    return time.perf_counter() - start, steps, finished


# --- the run --------------------------------------------------------------------------


@dataclass
class Config:
    players: int
    seeds: list[int]
    hd: list[tuple[float, int, int]] = field(default_factory=list)
    rl: list[tuple[float, int, int]] = field(default_factory=list)
    hd_common: int = 0


def spread(values: list[float]) -> dict:
    return {"median": statistics.median(values), "min": min(values), "max": max(values),
            "rounds": values}


def summarise(c: Config, games: int) -> dict:
    out: dict = {"players": c.players}
    for name, runs in (("hotdeath", c.hd), ("rlcard", c.rl)):
        steps = runs[0][1]  # the same games every round
        out[name] = {
            "games_per_s": statistics.median(games / t for t, _, _ in runs),
            "steps_per_s": statistics.median(n / t for t, n, _ in runs),
            "steps_per_game": steps / games,
            "finished": runs[0][2] / games,
            "seconds": [t for t, _, _ in runs],
        }
    out["hotdeath"]["common_steps_per_game"] = c.hd_common / games
    out["hotdeath"]["common_steps_per_s"] = statistics.median(c.hd_common / t
                                                              for t, _, _ in c.hd)
    # Per-round ratios, each from a hotdeath batch and the RLCard batch beside it.
    pairs = list(zip(c.hd, c.rl, strict=True))
    out["ratio_steps_per_s"] = spread([(h[1] / h[0]) / (r[1] / r[0]) for h, r in pairs])
    out["ratio_common_steps_per_s"] = spread([(c.hd_common / h[0]) / (r[1] / r[0])
                                              for h, r in pairs])
    out["ratio_games_per_s"] = spread([r[0] / h[0] for h, r in pairs])
    return out


def machine() -> dict:
    return {
        "processor": platform.processor() or platform.machine(),
        "machine": platform.machine(),
        "cpu_count": os.cpu_count(),
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "rlcard": version("rlcard"),
        "numpy": np.__version__,
        "loadavg": list(os.getloadavg()) if hasattr(os, "getloadavg") else None,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=300, help="games per engine per round")
    ap.add_argument("--rounds", type=int, default=9, help="interleaved rounds")
    ap.add_argument("--players", default="2,4", help="comma-separated player counts")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--ruleset", default="classic")
    ap.add_argument("--rlcard-legal", choices=("call", "state"), default="call",
                    help="RLCard's legal actions from get_legal_actions() each step (call) "
                         "or from the state step() already returns (state)")
    ap.add_argument("--json", action="store_true", help="print one JSON object instead")
    args = ap.parse_args()
    if args.games < 1 or args.rounds < 1:
        ap.error("--games and --rounds must be at least 1")
    counts = [int(p) for p in args.players.split(",") if p.strip()]
    if not counts or any(not 2 <= p <= 10 for p in counts):
        ap.error("--players must list player counts from 2 to 10")
    rs = load_rulesets()[args.ruleset]
    from_state = args.rlcard_legal == "state"

    configs = [Config(p, [game_seed(args.seed, p, g) for g in range(args.games)])
               for p in counts]
    mach = machine()
    if not args.json:
        print(f"hotdeath ({rs.ident}) vs RLCard {mach['rlcard']} UNO; eager random policy; "
              f"{args.rounds} rounds x {args.games} games per engine; cap {MAX_STEPS} steps")
        load = " ".join(f"{x:.2f}" for x in mach["loadavg"] or [])
        print(f"machine: {mach['processor']}, {mach['cpu_count']} CPUs, "
              f"{mach['implementation']} {mach['python']}, numpy {mach['numpy']}, "
              f"load {load or 'n/a'}; RLCard legal actions: {args.rlcard_legal}")
        sys.stdout.flush()

    # Warm up both engines (imports, caches) outside the timings.
    for c in configs:
        hotdeath_batch(rs, c.players, c.seeds[:10])
        rlcard_batch(c.players, c.seeds[:10], from_state)
    wall = time.perf_counter()
    for r in range(args.rounds):
        for c in configs:
            order = ("hd", "rl") if r % 2 == 0 else ("rl", "hd")
            for engine in order:
                gc.collect()
                if engine == "hd":
                    c.hd.append(hotdeath_batch(rs, c.players, c.seeds))
                else:
                    c.rl.append(rlcard_batch(c.players, c.seeds, from_state))
    wall = time.perf_counter() - wall
    for c in configs:
        steps, c.hd_common = hotdeath_count(rs, c.players, c.seeds)
        if steps != c.hd[0][1]:  # play_random no longer plays as the replay does
            c.hd_common = round(c.hd_common * c.hd[0][1] / steps)
            print(f"warning: {c.players} players: the step-by-step replay took {steps} "
                  f"steps, play_random {c.hd[0][1]}; common steps are scaled",
                  file=sys.stderr)
        if any(run[1:] != c.hd[0][1:] for run in c.hd) or any(
                run[1:] != c.rl[0][1:] for run in c.rl):
            print(f"warning: {c.players} players: rounds did not replay the same games",
                  file=sys.stderr)

    results = [summarise(c, args.games) for c in configs]
    if args.json:
        print(json.dumps({
            "machine": mach,
            "config": {"games": args.games, "rounds": args.rounds, "players": counts,
                       "seed": args.seed, "ruleset": rs.ident, "max_steps": MAX_STEPS,
                       "policy": "eager", "rlcard_legal": args.rlcard_legal},
            "timed_seconds": wall,
            "results": results,
        }, indent=2))
        return

    print(f"{'engine':>8} {'players':>7} {'games/s':>9} {'steps/s':>9} {'steps/game':>10} "
          f"{'play+draw':>9} {'finished':>8}")
    for res in results:
        for name in ("hotdeath", "rlcard"):
            e = res[name]
            common = f"{e['common_steps_per_game']:.1f}" if name == "hotdeath" else ""
            print(f"{name:>8} {res['players']:>7} {e['games_per_s']:>9.1f} "
                  f"{e['steps_per_s']:>9.0f} {e['steps_per_game']:>10.1f} {common:>9} "
                  f"{e['finished']:>8.0%}")
    print("hotdeath / RLCard, per round side by side: median [min-max]")
    for res in results:
        parts = []
        for key, label in (("ratio_steps_per_s", "steps/s"),
                           ("ratio_common_steps_per_s", "play+draw steps/s"),
                           ("ratio_games_per_s", "games/s")):
            s = res[key]
            parts.append(f"{label} {s['median']:.2f} [{s['min']:.2f}-{s['max']:.2f}]")
        print(f"  {res['players']} players: " + "; ".join(parts))
    print(f"timed part: {wall:.1f}s")


if __name__ == "__main__":
    main()
