"""Instructions, not seconds: random classic games counted by callgrind, against a baseline.

    python benchmarks/bench_instructions.py [--games 40] [--warm 0] [--baseline DIR]

On a shared, noisy machine wall-clock ratios swing by 30% from run to run.
Valgrind's callgrind counts the instructions a workload executes, which is
repeatable whatever else the machine is doing. Each measurement runs the
workload twice under callgrind, once only up to the games it counts, and
reports the difference: the cost of playing those games alone.

``--warm N`` plays N other games first in both runs, so that what the engine
keeps from game to game (its tables of what plays on what, built as positions
first occur) is built before the counted games, as it is in a long run such as
``bench_vs_rlcard.py``'s thousands of games. Without it, 40 games count that
building too, and a change that builds more up front looks dearer than it is.

``--baseline DIR`` measures another checkout the same way (for instance the
last release, extracted with ``git archive``) and prints the ratio; below 1.0
the current engine does the same games with fewer instructions.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

WORKLOAD = """
import os, random
from hotdeath.lang.check import load_rulesets
from hotdeath.sim import new_game, play_random
rs = load_rulesets()["classic"]
last = {warm} if os.environ.get("HD_WARM_ONLY") else {warm} + {games}
for seed in range(last):  # the first {warm} warm the engine up; the rest are counted
    rng = random.Random(seed)
    play_random(new_game(rs, {players}, rng), rng, eager=True)
"""


def instructions(code: str, pythonpath: str | None, warm_only: bool) -> int:
    env = dict(os.environ)
    env["PYTHONHASHSEED"] = "0"  # else set and dict orders, and so the counts, vary by run
    if pythonpath:
        env["PYTHONPATH"] = pythonpath
    if warm_only:
        env["HD_WARM_ONLY"] = "1"
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "cg.out"
        proc = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
                               sys.executable, "-c", code], env=env, capture_output=True,
                              text=True, check=True)
    found = re.search(r"I\s+refs:\s+([\d,]+)", proc.stderr)
    assert found, proc.stderr[-500:]
    return int(found.group(1).replace(",", ""))


def games_cost(code: str, pythonpath: str | None) -> int:
    return instructions(code, pythonpath, False) - instructions(code, pythonpath, True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--warm", type=int, default=0,
                        help="games played first, in both runs, and not counted")
    parser.add_argument("--baseline", type=Path, help="another checkout's root to compare with")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is not installed (Debian: apt-get install valgrind)")
    code = WORKLOAD.format(games=args.games, players=args.players, warm=args.warm)
    here = games_cost(code, str(ROOT / "reference_impl"))
    print(f"{args.games} random classic games, {args.players} players, eager policy"
          + (f", after {args.warm} games not counted" if args.warm else ""))
    print(f"  this checkout: {here / 1e6:,.1f} M instructions "
          f"({here / args.games / 1e6:,.2f} M per game)")
    if args.baseline:
        base = games_cost(code, str(args.baseline / "reference_impl"))
        print(f"  baseline     : {base / 1e6:,.1f} M instructions "
              f"({base / args.games / 1e6:,.2f} M per game)")
        print(f"  ratio this/baseline: {here / base:.2f}")


if __name__ == "__main__":
    main()
