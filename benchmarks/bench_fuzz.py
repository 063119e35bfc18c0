"""Benchmark: ``hotdeath fuzz`` throughput beside a plain corpus run of as many steps.

Measured side by side in one run (the machine's load cancels out of the ratio):

- fuzz: N seeded games against ``hotdeath serve`` with ``-j 2`` (the reference plays each
  game, writes its expectations, and the harness runs it), as games/s and steps/s, a step
  being one request the implementation answers;
- conform: corpus scenarios against ``hotdeath serve`` with two workers, taken in corpus
  order until they hold as many steps, as steps/s;
- shrinking: a planted fault (tests/gallery/mutated_spec.py draw-three) fuzzed, and the
  seconds and candidate runs each distinct fault took to shrink.

Run on demand (``python benchmarks/bench_fuzz.py``); not part of the test suite.
"""

from __future__ import annotations

import argparse
import platform
import shlex
import statistics
import sys
import time
from pathlib import Path

from hotdeath.fuzz.campaign import Settings, fuzz
from hotdeath.resources import scenarios_dir
from hotdeath_harness.corpus import load_corpus
from hotdeath_harness.execute import run_all
from hotdeath_harness.session import Session
from hotdeath_harness.transport import ProcessClient

SERVE = [sys.executable, "-m", "hotdeath", "serve"]
MUTANT = [sys.executable, str(Path(__file__).resolve().parents[1] / "tests" / "gallery" /
                              "mutated_spec.py"), "draw-three"]


def fuzz_run(games: int, seed: int, max_steps: int) -> tuple[float, int, int]:
    started = time.perf_counter()
    summary = fuzz(Settings(shlex.join(SERVE), games=games, seed=seed, max_steps=max_steps,
                            jobs=2))
    assert not summary.faults, [f.signature for f in summary.faults]
    return time.perf_counter() - started, len(summary.records), summary.steps


def conform_run(steps: int) -> tuple[float, int]:
    corpus, chosen, total = load_corpus(scenarios_dir()), [], 0
    for scn in corpus:
        if total >= steps:
            break
        chosen.append(scn)
        total += 1 + len(scn.data["steps"])  # the load and each step
    factory = lambda: ProcessClient(SERVE)  # noqa: E731
    started = time.perf_counter()
    first = Session.open(factory(), 30)
    results = run_all(first, factory, chosen, jobs=2, timeout=30)
    elapsed = time.perf_counter() - started
    assert all(r.status == "pass" for r in results)
    return elapsed, total


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=60)
    ap.add_argument("--max-steps", type=int, default=200)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--shrink-games", type=int, default=12)
    args = ap.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()}; median of "
          f"{args.runs} runs; -j 2 / two workers; start-up and handshakes included")
    fuzz_rates, conform_rates, game_rates = [], [], []
    for run in range(args.runs):
        seconds, games, steps = fuzz_run(args.games, run, args.max_steps)
        fuzz_rates.append(steps / seconds)
        game_rates.append(games / seconds)
        c_seconds, c_steps = conform_run(steps)
        conform_rates.append(c_steps / c_seconds)
        print(f"  run {run + 1}: fuzz {games} games, {steps} steps in {seconds:.1f} s; "
              f"conform {c_steps} steps in {c_seconds:.1f} s")
    fuzz_rate, conform_rate = statistics.median(fuzz_rates), statistics.median(conform_rates)
    print(f"fuzz     {statistics.median(game_rates):8.2f} games/s {fuzz_rate:9.0f} steps/s")
    print(f"conform  {'':17}{conform_rate:9.0f} steps/s")
    print(f"fuzz / conform steps/s: {fuzz_rate / conform_rate:.2f}")
    summary = fuzz(Settings(shlex.join(MUTANT), rulesets=("classic",), games=args.shrink_games,
                            seed=0, max_steps=args.max_steps, jobs=2))
    for fault in summary.faults:
        ex = fault.example
        if ex is not None:
            print(f"shrink   {fault.signature}: {ex.seconds:.1f} s, {ex.checks} candidates, "
                  f"{ex.steps} steps written")


if __name__ == "__main__":
    main()
