"""The ``hotdeath`` command: check the spec, run one scenario with a trace, run the corpus."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from .errors import HotDeathError
from .fuzz.command import fuzz as fuzz_command
from .resources import mutants_dir, scenarios_dir


def _fail(err: HotDeathError) -> None:
    click.echo(err.render(), err=True)
    n = len(err.diagnostics)
    click.echo(f"{n} error{'s' if n != 1 else ''}", err=True)
    sys.exit(1)


SPEC_OPTION = click.option(
    "--spec", "spec", type=click.Path(exists=True, path_type=Path),
    help="A rules file to use instead of the bundled ruleset of its name (or a directory of "
         "rules files instead of the bundled spec).")


class _Commands(click.Group):
    """The command group, with ``conform`` (the whole harness) imported only when it is used.

    Importing the harness cost every ``hotdeath serve`` process 80 ms that it
    never used; the harness itself brings in ``jsonschema`` only to word a
    rejected answer.
    """

    LAZY = "conform"

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), self.LAZY})

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name == self.LAZY and name not in self.commands:
            from hotdeath_harness.cli import make_conform_command

            self.add_command(make_conform_command(_reference))
        return super().get_command(ctx, name)


@click.group(cls=_Commands)
@click.version_option(package_name="hotdeath")
def main() -> None:
    """Executable Uno rulesets (classic and its house-rule kin) and their conformance suite."""


main.add_command(fuzz_command)


@main.command()
@click.argument("paths", nargs=-1, type=click.Path(exists=True, path_type=Path))
@SPEC_OPTION
@click.option("--scenarios", type=click.Path(exists=True, path_type=Path),
              help="Scenario file or directory to check (the same as naming it as PATHS).")
def check(paths: tuple[Path, ...], spec: Path | None, scenarios: Path | None) -> None:
    """Check the rules files and the scenario corpus; report every problem.

    PATHS are scenario files or directories to check instead of the bundled corpus
    (`hotdeath check my-argument.scn`)."""
    from hotdeath_harness.corpus import load_corpus

    from .lang.check import load_rulesets
    from .suite.lint import duplicate_scenarios, lint_scenario, unpinned_rulings

    chosen = [*paths, *([scenarios] if scenarios else [])]
    try:
        rulesets = load_rulesets(spec)
        corpus = [scn for path in chosen or [scenarios_dir()] for scn in load_corpus(path)]
    except HotDeathError as err:
        _fail(err)
    diags = [d for scn in corpus for d in lint_scenario(scn, rulesets)]
    diags += duplicate_scenarios(corpus)
    if diags:
        _fail(HotDeathError(diags))
    missing = unpinned_rulings(rulesets, corpus) if not chosen else []
    for line in missing:
        click.echo(line, err=True)
    if missing:
        sys.exit(1)
    for rs in rulesets.values():
        click.echo(f"{rs.ident}: {len(rs.kinds)} cards, {len(rs.rules)} rules, "
                   f"{len(rs.rulings)} rulings, {len(rs.deck)}-card deck")
    click.echo(f"{len(corpus)} scenario{'' if len(corpus) == 1 else 's'} OK")


@main.command()
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Print the compiled scenario JSON only.")
@SPEC_OPTION
def run(file: Path, as_json: bool, spec: Path | None) -> None:
    """Run one scenario against the reference and print what happens, step by step."""
    from .lang.check import load_rulesets
    from .trace import run_with_trace

    try:
        ok = run_with_trace(file, as_json, load_rulesets(spec) if spec else None)
    except HotDeathError as err:
        _fail(err)
    sys.exit(0 if ok else 1)


@main.command()
@SPEC_OPTION
@click.option("--express", is_flag=True,
              help="Play untraced, listing the legal moves before each move, so the engine "
                   "takes its express lane where it can (compare it with the traced path: "
                   "hotdeath conform --differential --impl 'hotdeath serve --express').")
def serve(spec: Path | None, express: bool) -> None:
    """Speak the conformance protocol on stdin/stdout (see conformance/PROTOCOL.md)."""
    from .lang.check import load_rulesets
    from .serve import serve as serve_stdio

    try:
        rulesets = load_rulesets(spec) if spec else None
    except HotDeathError as err:
        _fail(err)  # on stderr: stdout carries nothing but answers
    serve_stdio(sys.stdin.buffer, sys.stdout, rulesets, express=express)


def _reference(spec: Path | None):
    """For conform: check the spec now (a bad one is a usage error), and return a factory
    of in-process reference clients sharing the parsed rulesets."""
    from .lang.check import load_rulesets
    from .serve import InProcessClient

    rulesets = _rulesets() if spec is None else load_rulesets(spec)
    return lambda: InProcessClient(rulesets)


_cache: dict = {}


def _rulesets():
    """Loaded once per process, so parallel in-process workers share the parsed spec."""
    if "rulesets" not in _cache:
        from .lang.check import load_rulesets

        _cache["rulesets"] = load_rulesets()
    return _cache["rulesets"]



@main.command()
def vocab() -> None:
    """List the kernel's verbs, selectors, values and conditions: what a rules file may call."""
    from . import engine  # noqa: F401  (importing it registers the vocabulary)
    from .registry import load

    for title, table in load().tables():
        click.echo(f"{title}:")
        for name in sorted(table):
            entry = table[name]
            params = ", ".join(f"{p}{'' if spec.required else '?'}: {spec.kind}"
                               for p, spec in entry.params.items())
            returns = f" -> {entry.returns}" if entry.returns else ""
            asks = "  [asks a player]" if entry.asks else ""
            click.echo(f"  {name}({params}){returns}  {entry.doc}{asks}")
            click.echo(f"      e.g. {entry.example}")


@main.command()
@click.argument("ruleset")
@click.option("--deck", "only_deck", is_flag=True, help="Only the deck, card by card.")
@click.option("--option", "options", multiple=True, help="Show the ruleset with this option on.")
@SPEC_OPTION
def show(ruleset: str, only_deck: bool, options: tuple[str, ...], spec: Path | None) -> None:
    """Show a ruleset: its deck card by card (with card notations), settings, rules, options."""
    from .show import render

    click.echo(render(_ruleset_with(ruleset, options, spec), only_deck))


def _ruleset_with(ruleset: str, options: tuple[str, ...], spec: Path | None):
    """The named ruleset with these options on, or a clear error and exit 2."""
    from .lang.check import load_rulesets
    from .lang.compile import suggest

    try:
        rulesets = load_rulesets(spec)
    except HotDeathError as err:
        _fail(err)
    if ruleset not in rulesets:
        click.echo(f"unknown ruleset '{ruleset}'{suggest(ruleset, rulesets)} (known: "
                   f"{', '.join(sorted(rulesets))})", err=True)
        sys.exit(2)
    rs = rulesets[ruleset]
    unknown = [o for o in options if o not in rs.options]
    if unknown:
        click.echo(f"ruleset '{ruleset}' has no option {', '.join(unknown)} (options: "
                   f"{', '.join(rs.options) or 'none'})", err=True)
        sys.exit(2)
    return rs.with_options(frozenset(options))


@main.command()
@click.argument("ruleset")
@click.option("--option", "options", multiple=True, help="With this option on (repeatable).")
@click.option("--notations", is_flag=True,
              help="Every card exactly as steps and tables write it, one a line.")
@SPEC_OPTION
def cards(ruleset: str, options: tuple[str, ...], notations: bool, spec: Path | None) -> None:
    """List a ruleset's card keys: how scenarios and protocol messages name each card."""
    from .show import card_keys

    click.echo(card_keys(_ruleset_with(ruleset, options, spec), notations))


def _ruleset_and_corpus(ruleset: str):
    """The named ruleset and the whole corpus, or a clear error and exit 2."""
    from hotdeath_harness.corpus import load_corpus

    from .lang.check import load_rulesets
    from .lang.compile import suggest

    try:
        rulesets = load_rulesets()
        corpus = load_corpus(scenarios_dir())
    except HotDeathError as err:
        _fail(err)
    if ruleset not in rulesets:
        click.echo(f"unknown ruleset '{ruleset}'{suggest(ruleset, rulesets)} (known: "
                   f"{', '.join(sorted(rulesets))})", err=True)
        sys.exit(2)
    return rulesets[ruleset], corpus


@main.command()
@click.argument("ruleset")
@click.option("--all", "every", is_flag=True, help="List every sentence, not only those owed.")
@click.option("--markdown", is_flag=True, help="Print a Markdown table (for the docs).")
@click.option("--segments", is_flag=True,
              help="Show how the seed is cut: each heading, then its sentences.")
def coverage(ruleset: str, every: bool, markdown: bool, segments: bool) -> None:
    """Account for every rule-bearing sentence of a ruleset's seed: cited by the spec and pinned
    by a scenario, or set aside with a reason. Exits 1 below 100%."""
    from .suite.coverage import coverage as measure
    from .suite.coverage import percent, render, segmentation

    rs, corpus = _ruleset_and_corpus(ruleset)
    try:
        seed = measure(rs, corpus)
    except ValueError as err:
        click.echo(str(err), err=True)
        sys.exit(2)
    if segments:
        click.echo(segmentation(seed))
        return
    click.echo(render(seed, rs, every, markdown))
    sys.exit(0 if percent(seed) >= 100.0 else 1)


@main.command()
@click.argument("ruleset")
@click.option("--markdown", is_flag=True, help="Print a Markdown table (for the docs).")
def matrix(ruleset: str, markdown: bool) -> None:
    """Every attack against every answer (stacking, accepting with each draw modifier...), each
    with the scenario that pins it or the ruling that rules it out. Exits 1 on an empty cell."""
    from .suite.matrix import matrix as build
    from .suite.matrix import render

    rs, corpus = _ruleset_and_corpus(ruleset)
    cells = build(rs, corpus, _rulesets())
    click.echo(render(rs, cells, markdown))
    sys.exit(0 if all(c.pinned for c in cells.values()) else 1)


@main.command()
@click.argument("ruleset", required=False)
@click.option("--engine", is_flag=True,
              help="Mutate the reference's engine code instead of a spec (with RULESET: "
                   "against that ruleset's scenarios only).")
@click.option("--sample", "size", type=int, default=None,
              help="--engine: mutants to draw (default: enough for a +/-3% figure).")
@click.option("--all", "every", is_flag=True, help="--engine: every mutant, not a sample.")
@click.option("--jobs", "-j", type=int, default=0, help="Worker processes (default: all cores).")
@click.option("--limit", type=int, default=None, help="Only the first N mutants (a quick look).")
@click.option("--line", "lines", type=int, multiple=True,
              help="Only the mutants on this line of the spec file (repeatable).")
@click.option("--match", "matches", multiple=True,
              help="--engine: only the drawn mutants whose key or place (as the report "
                   "prints them) holds this text (repeatable): re-check a few survivors.")
@click.option("--min-kill", type=click.FloatRange(0, 1), default=None,
              help="Exit 1 if the kill rate is below this (e.g. 0.95): a CI gate.")
def mutate(ruleset: str | None, engine: bool, size: int | None, every: bool, jobs: int,
           limit: int | None, lines: tuple[int, ...], matches: tuple[str, ...],
           min_kill: float | None) -> None:
    """Mutate the ruleset's spec (numbers, players, list members, guards, layers, dropped rules
    and answers) and run its corpus against each mutant: the kill rate is the suite's power.
    Survivors are missing scenarios, unless conformance/mutants/RULESET.equivalent lists them.
    With --engine, mutate the reference's engine code instead (engine.equivalent)."""
    if engine:
        from hotdeath_harness.corpus import load_corpus

        from .suite.engine_mutate import command

        try:  # (an unknown RULESET: a clear error and exit 2)
            corpus = _ruleset_and_corpus(ruleset)[1] if ruleset else load_corpus(scenarios_dir())
        except HotDeathError as err:
            _fail(err)
        sys.exit(command(ruleset, _rulesets(), corpus, jobs, size, every, limit, min_kill,
                         matches))
    if ruleset is None:
        raise click.UsageError("name a RULESET (or mutate the engine: --engine)")
    from rich.progress import Progress

    from .suite.mutate import CleanFailure, equivalents, render, run, spec_file, summary

    rs, corpus = _ruleset_and_corpus(ruleset)
    with Progress(transient=True, disable=not sys.stderr.isatty()) as bar:
        task = bar.add_task(f"mutating {ruleset}", total=None)
        try:
            outcomes = run(ruleset, _rulesets(), corpus, jobs, limit, lines,
                           progress=lambda: bar.advance(task))
        except CleanFailure as err:
            raise click.ClickException(str(err)) from None
    known = equivalents(mutants_dir() / f"{ruleset}.equivalent")
    result = summary(outcomes, known)
    text = spec_file(ruleset).read_text(encoding="utf-8")
    click.echo("\n".join(render(ruleset, text, result)))
    if min_kill is not None and result["kill_rate"] < min_kill:
        click.echo(f"kill rate {result['kill_rate']:.1%} is below {min_kill:.1%}", err=True)
        sys.exit(1)


@main.command()
@click.option("--serve", "serve_site", is_flag=True, help="Serve the built site locally.")
@click.option("--port", default=8000, show_default=True, help="Port for --serve.")
@click.option("--no-strict", is_flag=True, help="Do not treat Sphinx warnings as errors.")
def docs(serve_site: bool, port: int, no_strict: bool) -> None:
    """Build the rules site (Sphinx + graphviz) into docs/_build/html; --serve serves it."""
    from .site.build import DOCS, build
    from .site.build import serve as serve_html

    out = DOCS / "_build" / "html"
    status = build(DOCS, out, strict=not no_strict)
    if status != 0:
        sys.exit(status)
    click.echo(f"built {out / 'index.html'}")
    if serve_site:
        serve_html(out, port)


@main.command()
@click.option("--markdown", is_flag=True, help="Print the Markdown page (docs/conformance).")
@click.option("--no-mutants", is_flag=True, help="Skip the mutation runs (a quick look).")
@click.option("--jobs", "-j", type=int, default=0, help="Worker processes for the mutants.")
def power(markdown: bool, no_mutants: bool, jobs: int) -> None:
    """The suite's power for every ruleset: seed coverage, matrix cells pinned, and the share
    of spec mutants and of engine mutants the corpus kills."""
    from hotdeath_harness.corpus import load_corpus

    from .suite.power import measure, render

    rulesets = _rulesets()
    try:
        corpus = load_corpus(scenarios_dir())
    except HotDeathError as err:
        _fail(err)
    rows = [measure(rs, rulesets, corpus, not no_mutants, jobs)
            for _, rs in sorted(rulesets.items())]
    engine = None
    if not no_mutants:
        from .suite.engine_mutate import equivalents
        from .suite.engine_mutate import measure as measure_engine

        engine = measure_engine(rulesets, corpus, jobs, per_ruleset=True,
                                known=equivalents(mutants_dir() / "engine.equivalent"))
    click.echo(render(rows, markdown, engine), nl=False)


@main.command(name="compile")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
def compile_cmd(file: Path) -> None:
    """Print a scenario's canonical JSON (what implementations receive). Saved as
    NAME.scn.json, it runs from a corpus directory (conform --corpus DIR)."""
    from .scenario import compile_scenario_file

    try:
        scn = compile_scenario_file(file)
    except HotDeathError as err:
        _fail(err)
    click.echo(json.dumps(scn.data, indent=2))


if __name__ == "__main__":  # pragma: no cover
    main()
