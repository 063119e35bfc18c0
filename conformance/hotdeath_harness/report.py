"""Reports of a conformance run, for people (text)."""

from __future__ import annotations

from collections import Counter, defaultdict

import click

from .runner import Result


def print_text_report(results: list[Result], scenarios: dict, verbose: bool = False) -> bool:
    """Print failures with their diffs and a per-ruleset summary; True when all passed."""
    by_ruleset: dict[str, Counter] = defaultdict(Counter)
    for r in results:
        scn = scenarios.get(r.ident)
        ruleset = scn.data["ruleset"] if scn else "?"
        by_ruleset[ruleset][r.status] += 1
        if r.status != "pass" or verbose:
            where = f"  ({scn.path})" if scn else ""
            click.echo(f"{r.status.upper():5} {r.ident}{where}")
            if r.message:
                click.echo(f"      {r.message}")
            for line in r.details:
                click.echo(f"        {line}")
    total = Counter(r.status for r in results)
    for ruleset in sorted(by_ruleset):
        c = by_ruleset[ruleset]
        click.echo(f"{ruleset}: {c['pass']} passed, {c['fail']} failed, {c['error']} errored")
    click.echo(f"{total['pass']} passed, {total['fail'] + total['error']} failed")
    return total["pass"] == len(results)
