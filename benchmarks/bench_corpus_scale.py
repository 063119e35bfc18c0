"""Benchmark: a whole `hotdeath conform` run on the corpus replicated to N scenarios.

Times the command a user types, start to finish (Python start-up, imports,
loading the spec and the corpus, playing every scenario, writing the report),
in process (`conform --in-process`) and through `hotdeath serve` (one child
process on pipes), at several corpus sizes, to show that the cost per scenario
stays flat as the corpus grows. The corpus is the bundled one, cut down (an
even spread of it) or copied with new ids to reach each size.

With `--baseline DIR` (an older checkout, e.g. `git archive 175d061 | tar -x -C
DIR`) the same commands run on that code too (`PYTHONPATH` pointing at it), in
the same minutes: rounds alternate which version goes first, and each figure is
a median over rounds, so the claim is a ratio taken side by side on a shared,
noisy machine. Both versions' reports (Markdown) are compared at every size:
they must be byte-identical.

This checkout runs with a warm disk cache (a first run fills it), and also
once per size with an empty one ("cold"), which is what a first run costs.
Run on demand; not part of the test suite.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "conformance" / "scenarios"
ID_LINE = re.compile(r"^id (\S+)$", re.MULTILINE)


def spread(total: int, size: int) -> list[tuple[int, int]]:
    """(scenario index, copy number) for ``size`` scenarios taken evenly from ``total``."""
    whole, rest = divmod(size, total)
    picks = [(i, copy) for copy in range(whole) for i in range(total)]
    return picks + [(i * total // rest, whole) for i in range(rest)] if rest else picks


def build_corpus(files: list[Path], size: int, into: Path) -> None:
    """Write ``size`` scenario files into ``into``; copy k > 0 of a scenario gets id ``ID-xk``."""
    for index, copy in spread(len(files), size):
        src = files[index]
        text = src.read_text(encoding="utf-8")
        if copy:
            text = ID_LINE.sub(rf"id \1-x{copy}", text, count=1)
        out = into / src.parent.name / f"{src.stem}-x{copy}.scn"
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(text, encoding="utf-8")


def command(path: str, corpus: Path) -> list[str]:
    extra = ["--in-process"] if path == "in-process" else []
    return [sys.executable, "-m", "hotdeath", "conform", *extra, "--corpus", str(corpus),
            "--format", "markdown", "--no-progress"]


def run(cmd: list[str], env: dict[str, str]) -> tuple[float, str]:
    """Wall-clock seconds of one command, and its report; it must pass."""
    start = time.perf_counter()
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True, cwd=ROOT)
    elapsed = time.perf_counter() - start
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} exited {proc.returncode}:\n{proc.stderr[-2000:]}")
    return elapsed, proc.stdout


def environment(baseline: Path | None, cache: Path | None) -> dict[str, str]:
    env = dict(os.environ)
    if baseline is not None:
        env["PYTHONPATH"] = f"{baseline / 'reference_impl'}{os.pathsep}{baseline / 'conformance'}"
    else:
        env.pop("PYTHONPATH", None)
    if cache is not None:
        env["HOTDEATH_CACHE_DIR"] = str(cache)
    return env


def machine() -> str:
    versions = []
    for module in ("jsonschema_rs", "jsonschema", "lark"):
        try:
            from importlib.metadata import version
            versions.append(f"{module.replace('_', '-')} {version(module.replace('_', '-'))}")
        except Exception:  # noqa: BLE001 - informative only
            pass
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    return (f"machine: {platform.machine()}, {os.cpu_count()} CPUs, "
            f"{platform.python_implementation()} {platform.python_version()}, "
            f"{', '.join(versions)}, load {load}")


def fit(points: list[tuple[int, float]]) -> tuple[float, float, float]:
    """Least squares ``seconds = a + b * n``: a, b and the largest relative residual."""
    ns, ts = [p[0] for p in points], [p[1] for p in points]
    mean_n, mean_t = statistics.fmean(ns), statistics.fmean(ts)
    b = sum((n - mean_n) * (t - mean_t) for n, t in points) / sum((n - mean_n) ** 2 for n in ns)
    a = mean_t - b * mean_n
    worst = max(abs(t - (a + b * n)) / t for n, t in points)
    return a, b, worst


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="300,600,1200,2400",
                    help="corpus sizes in scenarios, comma-separated")
    ap.add_argument("--runs", type=int, default=3, help="rounds (each figure is their median)")
    ap.add_argument("--paths", default="in-process,serve", help="in-process, serve, or both")
    ap.add_argument("--baseline", type=Path, help="an older checkout to run side by side")
    ap.add_argument("--no-cold", action="store_true", help="skip the empty-cache runs")
    ap.add_argument("--json", action="store_true", help="also print every timing as JSON")
    args = ap.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    paths = args.paths.split(",")
    files = sorted(CORPUS.rglob("*.scn"))
    work = Path(tempfile.mkdtemp(prefix="hotdeath-bench-"))
    try:
        _measure(args, sizes, paths, files, work)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def _measure(args, sizes, paths, files, work: Path) -> None:
    versions = {"this": environment(None, None)}
    if args.baseline is not None:
        versions["baseline"] = environment(args.baseline.resolve(), None)
    corpora = {}
    for size in sizes:
        corpora[size] = work / f"corpus-{size}"
        build_corpus(files, size, corpora[size])
    print(machine())
    print(f"corpus: {len(files)} scenario files, as {', '.join(map(str, sizes))} scenarios; "
          f"median of {args.runs} interleaved rounds; whole command, wall clock")
    reports: dict[tuple, str] = {}
    for size in sizes:  # warm-up: fills this checkout's cache, and the page cache for both
        for path in paths:
            for name, env in versions.items():
                reports[name, path, size] = run(command(path, corpora[size]), env)[1]
    times: dict[tuple, list[float]] = {}
    for rnd in range(args.runs):
        for k, size in enumerate(sizes):
            for path in paths:
                order = list(versions.items())
                if (rnd + k) % 2:
                    order.reverse()
                if not args.no_cold and path == "in-process":
                    cold = work / f"cold-{rnd}-{size}"
                    order.append(("this, cold cache", environment(None, cold)))
                for name, env in order:
                    elapsed, report = run(command(path, corpora[size]), env)
                    times.setdefault((name, path, size), []).append(elapsed)
                    if report != reports[next(iter(versions)), path, size]:
                        raise SystemExit(f"{name} {path} {size}: the report differs")
    _print(times, sizes, paths, versions, args)
    if args.json:
        print(json.dumps({" | ".join(map(str, k)): v for k, v in times.items()}))


def _print(times, sizes, paths, versions, args) -> None:
    print(f"{'path':>10} {'version':>16} {'scenarios':>9} {'seconds':>8} {'scen/s':>7} "
          f"{'ms/scen':>8} {'marginal ms/scen':>16}")
    names = sorted({k[0] for k in times}, key=lambda n: (n != "this", n))
    for path in paths:
        for name in names:
            if (name, path, sizes[0]) not in times:
                continue
            points = []
            for size in sizes:
                secs = statistics.median(times[name, path, size])
                marginal = ""
                if points:
                    n0, t0 = points[-1]
                    marginal = f"{(secs - t0) / (size - n0) * 1000:.2f}"
                points.append((size, secs))
                print(f"{path:>10} {name:>16} {size:>9} {secs:>8.2f} {size / secs:>7.0f} "
                      f"{secs / size * 1000:>8.2f} {marginal:>16}")
            a, b, worst = fit(points)
            print(f"{'':>10} {'':>16} fit: seconds = {a:.2f} + {b * 1000:.3f} ms x scenarios "
                  f"(largest residual {worst:.1%})")
    if "baseline" in versions:
        print("baseline / this, per round side by side: median [min-max]")
        for path in paths:
            for size in sizes:
                ratios = [o / n for o, n in zip(times["baseline", path, size],
                                                times["this", path, size], strict=True)]
                print(f"  {path:>10} {size:>5} scenarios: {statistics.median(ratios):.2f} "
                      f"[{min(ratios):.2f}-{max(ratios):.2f}]")
    for path, target in (("in-process", 2.0), ("serve", 5.0)):
        if ("this", path, 1200) in times:
            secs = statistics.median(times["this", path, 1200])
            verdict = "met" if secs < target else "NOT met"
            print(f"target {path}: 1,200 scenarios in {secs:.2f} s (under {target:g} s: "
                  f"{verdict})")
    if "baseline" in versions:
        print("reports: byte-identical for both versions at every size and path")


if __name__ == "__main__":
    main()
