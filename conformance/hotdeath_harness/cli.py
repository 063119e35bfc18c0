"""The ``conform`` command: the corpus against an implementation, with reports and exit codes.

Exit codes:
  0  every selected scenario passed, was skipped, or failed as expected
  1  a scenario failed, errored, or passed while listed as an expected failure
     (with --validate: the implementation broke the protocol)
  2  usage error: bad options, an unreadable corpus or expected-failures file
  3  the implementation could not be started, or its handshake was refused
"""

from __future__ import annotations

import hashlib
import json
import shlex
import sys
from collections.abc import Callable
from pathlib import Path

import click

from hotdeath.errors import HotDeathError
from hotdeath.resources import scenarios_dir
from hotdeath.scenario import CompiledScenario

from . import protocol, report
from .corpus import Filter, load_corpus, support_gap
from .execute import ClientFactory, run_all
from .expectations import apply_expected_failures, read_expected_failures
from .progress import progress_reporter
from .session import Session
from .transport import Client, Failure, ProcessClient
from .validate import validate

EXIT_OK, EXIT_FAILED, EXIT_USAGE, EXIT_NO_IMPL = 0, 1, 2, 3

REFERENCE = [sys.executable, "-m", "hotdeath", "serve"]


def _usage(err: HotDeathError) -> None:
    click.echo(err.render(), err=True)
    sys.exit(EXIT_USAGE)


def suite_info(corpus: list[CompiledScenario], selected: int) -> dict:
    """The corpus's identity (a digest of every scenario's canonical JSON) and the run's share."""
    digest = hashlib.sha256()
    for scn in sorted(corpus, key=lambda s: s.ident):
        digest.update(json.dumps(scn.data, sort_keys=True).encode())
    return {"name": "hotdeath-conformance", "scenarios": len(corpus), "selected": selected,
            "digest": "sha256:" + digest.hexdigest()}


def make_conform_command(in_process: Callable[[], Client] | None = None) -> click.Command:
    """Build the command; ``in_process`` enables --in-process (the reference, without a pipe)."""

    @click.command("conform", epilog="\b\n" + __doc__.split("\n\n", 1)[1])
    @click.option("--impl", "impl", metavar="COMMAND",
                  help="Command that starts the implementation; it must speak "
                       "conformance/PROTOCOL.md on stdio. Default: the reference "
                       "(hotdeath serve).")
    @click.option("--corpus", "--scenarios", "corpus", type=click.Path(exists=True, path_type=Path),
                  help="Scenario file or directory (.scn or .json). Default: the bundled one.")
    @click.option("--ruleset", "rulesets", multiple=True, help="Only this ruleset (repeatable).")
    @click.option("--option", "options", multiple=True, help="Only scenarios using this option.")
    @click.option("--feature", "features", multiple=True, type=click.Choice(protocol.FEATURES),
                  help="Only scenarios needing this protocol feature.")
    @click.option("--id", "ids", multiple=True, help="Only this scenario id (repeatable).")
    @click.option("--glob", "patterns", multiple=True,
                  help="Only scenarios whose id or path matches this glob.")
    @click.option("-j", "--jobs", type=click.IntRange(1, 64), default=1, show_default=True,
                  help="Implementation processes run in parallel.")
    @click.option("--timeout", type=click.FloatRange(0.1), default=10.0, show_default=True,
                  help="Seconds allowed per scenario before the process group is killed.")
    @click.option("--expected-failures", "xfail_path", type=click.Path(exists=True,
                  dir_okay=False, path_type=Path),
                  help="File of '<id or glob>: <reason>' lines the implementation knowingly "
                       "fails.")
    @click.option("--format", "fmt", type=click.Choice(["text", "ndjson", "junit", "markdown"]),
                  default="text", show_default=True, help="Report written to stdout.")
    @click.option("--ndjson", "ndjson_path", type=click.Path(dir_okay=False, path_type=Path),
                  help="Also write the NDJSON report to this file.")
    @click.option("--junit", "junit_path", type=click.Path(dir_okay=False, path_type=Path),
                  help="Also write a JUnit XML report to this file.")
    @click.option("--validate", "validate_only", is_flag=True,
                  help="Only check that the implementation speaks the protocol correctly.")
    @click.option("--list", "list_only", is_flag=True,
                  help="List the selected scenarios and exit.")
    @click.option("--progress/--no-progress", default=None,
                  help="Progress bar on stderr (default: when it is a terminal).")
    @click.option("--in-process", "use_in_process", is_flag=True, hidden=in_process is None,
                  help="Run the reference in this process instead of through a pipe "
                       "(same results, proven by the test suite; faster).")
    @click.option("-v", "--verbose", is_flag=True, help="List every scenario, not just failures.")
    def conform(impl, corpus, rulesets, options, features, ids, patterns, jobs, timeout,
                xfail_path, fmt, ndjson_path, junit_path, validate_only, list_only, progress,
                use_in_process, verbose) -> None:
        """Run the scenario corpus against an implementation and report where it diverges."""
        try:
            everything = load_corpus(corpus or scenarios_dir())
            expected = read_expected_failures(xfail_path, {s.ident for s in everything}) \
                if xfail_path else {}
        except HotDeathError as err:
            _usage(err)
        chosen = Filter(rulesets, options, features, ids, patterns)
        selected = [s for s in everything if chosen.accepts(s)]
        if not selected:
            click.echo("error: no scenario matches the filters (see --list)", err=True)
            sys.exit(EXIT_USAGE)
        if list_only:
            for scn in selected:
                click.echo(f"{scn.ident}\t{scn.data['ruleset']}\t{scn.data['title']}")
            return
        factory, command = _factory(impl, use_in_process, in_process)
        try:
            first = Session.open(factory(), timeout)
        except Failure as err:
            click.echo(f"error: {command}: {err.message}", err=True)
            for line in err.details + err.stderr.splitlines()[-8:]:
                click.echo(f"  {line}", err=True)
            sys.exit(EXIT_NO_IMPL)
        if validate_only:
            sys.exit(_validate(first, factory, selected, timeout))
        show = sys.stderr.isatty() if progress is None else progress
        with progress_reporter(len(selected), show) as tick:
            results = run_all(first, factory, selected, jobs, timeout, tick)
        apply_expected_failures(results, expected)
        head = report.header(first.hello, command, suite_info(everything, len(selected)))
        by_id = {s.ident: s for s in everything}
        _write_reports(head, results, by_id, fmt, ndjson_path, junit_path, verbose)
        failed = any(r.status in report.FAILING for r in results)
        sys.exit(EXIT_FAILED if failed else EXIT_OK)

    return conform


def _factory(impl: str | None, in_process: bool,
             in_process_client: Callable[[], Client] | None) -> tuple[ClientFactory, str]:
    if impl is not None and in_process:
        raise click.UsageError("--in-process runs the reference; it cannot be used with --impl")
    if in_process:
        if in_process_client is None:
            raise click.UsageError("--in-process needs the reference implementation installed")
        return in_process_client, "(reference, in process)"
    try:
        argv = shlex.split(impl) if impl is not None else list(REFERENCE)
    except ValueError as err:
        raise click.BadParameter(f"{err} in {impl!r}", param_hint="--impl") from None
    if not argv:
        raise click.UsageError("--impl is empty")
    return (lambda: ProcessClient(argv)), (impl if impl is not None else shlex.join(argv))


def _validate(first: Session, factory: ClientFactory, selected: list[CompiledScenario],
              timeout: float) -> int:
    playable = [s for s in selected if support_gap(first.hello, s.data) is None]
    sessions = iter([first])

    def open_session() -> Session:
        return next(sessions, None) or Session.open(factory(), timeout)

    problems, errored = validate(open_session, playable, timeout)
    impl = first.hello["implementation"]
    for line in problems:
        click.echo(line)
    verdict = "speaks" if not problems else "does not speak"
    click.echo(f"{impl['name']} {impl['version']} {verdict} protocol "
               f"{first.hello['protocol']} ({len(playable)} scenarios played, "
               f"{len(selected) - len(playable)} outside its declared support)")
    if errored:
        click.echo(f"note: {errored} answer(s) were 'errored' (allowed by the protocol; a "
                   "normal run counts them as errors)")
    return EXIT_FAILED if problems else EXIT_OK


def _write_reports(head, results, by_id, fmt, ndjson_path, junit_path, verbose) -> None:
    writers = {"text": lambda out: report.write_text(out, head, results, by_id, verbose),
               "ndjson": lambda out: report.write_ndjson(out, head, results, by_id),
               "junit": lambda out: report.write_junit(out, head, results, by_id),
               "markdown": lambda out: report.write_markdown(out, head, results, by_id)}
    writers[fmt](sys.stdout)
    for path, kind in ((ndjson_path, "ndjson"), (junit_path, "junit")):
        if path is not None:
            with open(path, "w", encoding="utf-8") as out:
                writers[kind](out)


main = make_conform_command()
