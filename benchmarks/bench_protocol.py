"""Benchmark: the whole scenario corpus through the protocol, piped vs in-process.

Reports scenarios/s and messages/s (median of several runs) for the reference
implementation behind `hotdeath serve` (one or more child processes, JSON
lines over pipes) and behind the in-process client (same messages, same
schema checks, no pipe). Process start-up and handshake are timed apart.
Run on demand (`make bench`); not part of the test suite.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time

from hotdeath.lang.check import load_rulesets
from hotdeath.resources import scenarios_dir
from hotdeath.serve import InProcessClient
from hotdeath_harness.corpus import load_corpus
from hotdeath_harness.execute import run_all
from hotdeath_harness.session import Session
from hotdeath_harness.transport import ProcessClient

REFERENCE = [sys.executable, "-m", "hotdeath", "serve"]


def timed_run(factory, corpus, jobs: int) -> tuple[float, int]:
    """Seconds for the corpus (after the first handshake) and the messages exchanged."""
    first = Session.open(factory(), 30)
    start = time.perf_counter()
    results = run_all(first, factory, corpus, jobs=jobs, timeout=30)
    elapsed = time.perf_counter() - start
    assert all(r.status == "pass" for r in results), [r for r in results if r.status != "pass"]
    messages = sum(1 + len(s.data["steps"]) for s in corpus)
    return elapsed, messages


def startup(runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        session = Session.open(ProcessClient(REFERENCE), 30)
        times.append(time.perf_counter() - start)
        session.close()
    return statistics.median(times)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5, help="runs per configuration")
    args = ap.parse_args()
    corpus = load_corpus(scenarios_dir())
    rulesets = load_rulesets()
    configs = [("in-process", lambda: InProcessClient(rulesets), 1),
               ("subprocess", lambda: ProcessClient(REFERENCE), 1),
               ("subprocess", lambda: ProcessClient(REFERENCE), 2)]
    print(f"{len(corpus)} scenarios; median of {args.runs} runs; Python "
          f"{platform.python_version()} on {platform.machine()}")
    print(f"{'path':>11} {'jobs':>4} {'seconds':>8} {'scenarios/s':>12} {'messages/s':>11}")
    for name, factory, jobs in configs:
        runs = [timed_run(factory, corpus, jobs) for _ in range(args.runs)]
        secs = statistics.median(r[0] for r in runs)
        messages = runs[0][1]
        print(f"{name:>11} {jobs:>4} {secs:>8.3f} {len(corpus) / secs:>12.0f} "
              f"{messages / secs:>11.0f}")
    print(f"start-up + handshake of one `hotdeath serve` process: {startup(args.runs):.3f}s")


if __name__ == "__main__":
    main()
