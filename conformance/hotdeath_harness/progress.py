"""A progress bar on stderr while scenarios run (rich), or nothing at all."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from .runner import Result


@contextmanager
def progress_reporter(total: int, show: bool) -> Iterator[Callable[[Result], None]]:
    if not show:
        yield lambda result: None
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    seen: Counter[str] = Counter()
    columns = (TextColumn("conform"), BarColumn(), MofNCompleteColumn(),
               TextColumn("{task.description}"), TimeElapsedColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task("", total=total)

        def tick(result: Result) -> None:
            seen[result.status] += 1
            bad = seen["fail"] + seen["error"]
            bar.update(task, advance=1,
                       description=f"[red]{bad} failing[/]" if bad else "[green]ok[/]")

        yield tick
