"""``hotdeath fuzz``: the command line around ``campaign.fuzz``.

Why here and not in cli.py: the command pulls in the harness, and ``hotdeath
serve`` (started once per implementation process) should not pay for it.
"""

from __future__ import annotations

import signal
import sys
import time
from pathlib import Path

import click


def _progress(show: bool, total: int):
    """A rich bar on stderr (games, steps/s, distinct faults), or None."""
    if not show:
        return None, lambda record, summary: None
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    bar = Progress(TextColumn("fuzz"), BarColumn(), MofNCompleteColumn(),
                   TextColumn("{task.description}"), TimeElapsedColumn(),
                   console=Console(stderr=True), transient=True)
    task = bar.add_task("", total=total)
    started = time.monotonic()

    def tick(record, summary) -> None:
        rate = summary.steps / max(time.monotonic() - started, 1e-6)
        faults = len(summary.faults)
        colour = "red" if faults else "green"
        bar.update(task, advance=1, description=f"{rate:6.0f} steps/s  [{colour}]{faults} "
                   f"distinct fault{'s' if faults != 1 else ''}[/]")

    return bar, tick


@click.command()
@click.option("--impl", required=True, help="The command that starts the implementation.")
@click.option("--ruleset", "rulesets", multiple=True, help="Only this ruleset (repeatable).")
@click.option("--option", "options", multiple=True,
              help="An option on in every game (repeatable); rulesets without it are left out.")
@click.option("--games", default=100, show_default=True, type=click.IntRange(0))
@click.option("--seed", default=0, show_default=True, type=int)
@click.option("--max-steps", default=200, show_default=True, type=click.IntRange(1))
@click.option("-j", "--jobs", default=1, show_default=True, type=click.IntRange(1))
@click.option("--out", type=click.Path(file_okay=False, path_type=Path),
              help="Write report.md, report.ndjson and one .scn per distinct fault here.")
@click.option("--scheduler", help="Run the games on this Dask cluster (tcp://HOST:PORT).")
@click.option("--timeout", default=10.0, show_default=True, type=float,
              help="Seconds a game may take (plus 50 ms a step).")
@click.option("--no-shrink", is_flag=True, help="Write each fault's smallest game unshrunk.")
@click.option("--spec", type=click.Path(exists=True, path_type=Path),
              help="The reference's rules (a rules file or directory) instead of the bundled.")
@click.option("--known", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="Faults already accounted for, one 'SIGNATURE | why' a line: reported "
                   "with the reason, not shrunk, and not counted in the exit status.")
@click.option("--progress/--no-progress", default=None,
              help="Show a progress bar (default: when stderr is a terminal).")
def fuzz(impl: str, rulesets: tuple[str, ...], options: tuple[str, ...], games: int, seed: int,
         max_steps: int, jobs: int, out: Path | None, scheduler: str | None, timeout: float,
         no_shrink: bool, spec: Path | None, known: Path | None, progress: bool | None
         ) -> None:
    """Play seeded random games with the reference and check the implementation against each;
    every distinct divergence is shrunk to a small scenario. Exit status 1 if any is not
    --known."""
    from . import report
    from .campaign import Settings, Unusable, read_known
    from .campaign import fuzz as run

    settings = Settings(impl, rulesets, options, games, seed, max_steps, jobs, scheduler,
                        timeout, str(spec) if spec else None, not no_shrink,
                        known=read_known(known.read_text(encoding="utf-8")) if known else (),
                        known_from=known.as_posix() if known else None)
    stopping = {"now": False}

    def on_term(signum, frame) -> None:
        stopping["now"] = True

    previous = signal.signal(signal.SIGTERM, on_term)
    show = sys.stderr.isatty() if progress is None else progress
    bar, tick = _progress(show, games)
    try:
        if bar is not None:
            bar.start()
        summary = run(settings, tick, stop=lambda: stopping["now"])
    except Unusable as err:
        raise click.ClickException(str(err)) from None
    finally:
        if bar is not None:
            bar.stop()
        signal.signal(signal.SIGTERM, previous)
    click.echo(report.text(summary))
    if out is not None:
        report.write(summary, out)
        click.echo(f"written to {out}")
    sys.exit(1 if summary.new_faults else (130 if summary.interrupted else 0))
