"""The ``conform`` command: the corpus against an implementation, with reports and exit codes.

Exit codes:
  0  every selected scenario passed, was skipped, or failed as expected,
     and at least one passed
  1  a scenario failed, errored, or passed while listed as an expected failure
     (with --validate: the implementation broke the protocol)
  2  usage error: bad options, an unreadable corpus or expected-failures file
  3  the implementation could not be started, or its handshake was refused
  4  nothing was checked: no selected scenario passed (each was skipped or
     failed as expected), so the run proves nothing
  130  interrupted (Ctrl-C); every implementation process was killed, and the
       report holds the scenarios finished before it
  143  terminated (SIGTERM, as sent by timeout(1), systemd or a CI runner): the same
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import shlex
import signal
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import click

from hotdeath.errors import HotDeathError, printable
from hotdeath.resources import scenarios_dir
from hotdeath.scenario import CompiledScenario

from . import protocol, reap, report
from .corpus import Filter, load_corpus, support_gap
from .execute import ClientFactory, run_all
from .expectations import apply_expected_failures, read_expected_failures
from .progress import progress_reporter
from .runner import Result
from .session import Session
from .transport import Client, Failure, ProcessClient, abort_all
from .validate import validate

EXIT_OK, EXIT_FAILED, EXIT_USAGE, EXIT_NO_IMPL, EXIT_NOTHING = 0, 1, 2, 3, 4
EXIT_INTERRUPTED = 130  # what a shell reports for a program ended by SIGINT
EXIT_TERMINATED = 143  # ... and by SIGTERM

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


class Terminated(KeyboardInterrupt):
    """SIGTERM, turned into an interrupt so that it takes Ctrl-C's path: every process group
    killed, the report of what was found written (a subclass, so every ``except
    KeyboardInterrupt`` on the way out applies to it too)."""


@contextmanager
def sigterm_as_interrupt() -> Iterator[None]:
    """While the run lasts, SIGTERM raises ``Terminated`` in the main thread.

    Without it Python dies of SIGTERM at once and the implementation, in its
    own session, lives on. Outside the main thread (an embedding program) no
    handler can be installed, and nothing is changed.
    """
    try:
        previous = signal.signal(signal.SIGTERM, _terminate)
    except ValueError:  # not the main thread
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def _terminate(signum: int, frame: object) -> None:
    raise Terminated()


@dataclass
class Run:
    """What a run has found so far, so that an interrupted run can still report it."""

    results: list[Result] = field(default_factory=list)
    order: dict[str, int] = field(default_factory=dict)  # corpus order, for the report
    selected: int = 0
    expected: dict[str, str] = field(default_factory=dict)
    reports: Callable[[list[Result]], None] | None = None

    def interrupted(self, stop: KeyboardInterrupt) -> int:
        """Kill everything, write the finished scenarios' report; the exit status."""
        previous = {}
        for sig in (signal.SIGINT, signal.SIGTERM):  # a second signal must not cut this short
            with contextlib.suppress(ValueError, OSError):  # not the main thread
                previous[sig] = signal.signal(sig, signal.SIG_IGN)
        try:
            self._report(stop)
        finally:
            for sig, handler in previous.items():
                signal.signal(sig, handler)
        return EXIT_TERMINATED if isinstance(stop, Terminated) else EXIT_INTERRUPTED

    def _report(self, stop: KeyboardInterrupt) -> None:
        abort_all()
        word = "terminated" if isinstance(stop, Terminated) else "interrupted"
        if self.reports is None:
            click.echo(f"\n{word}: every implementation process was killed", err=True)
            return
        done = sorted(self.results, key=lambda r: self.order.get(r.ident, 0))
        apply_expected_failures(done, self.expected)
        self.reports(done)
        click.echo(f"{word}: every implementation process was killed; the report holds "
                   f"the {len(done)} of {self.selected} scenarios finished", err=True)


Reference = Callable[[Path | None], Callable[[], Client]]
"""Given a spec (None: the bundled one), check it and return an in-process client factory;
raises HotDeathError for a bad spec. Supplied by the reference's own CLI."""


def make_conform_command(reference: Reference | None = None) -> click.Command:
    """Build the command; ``reference`` enables --in-process and --spec (the reference is
    installed), which a harness-only install (``hotdeath-conform``) does without."""

    @click.command("conform", epilog="\b\n" + __doc__.split("\n\n", 1)[1])
    @click.option("--impl", "impl", metavar="COMMAND",
                  help="Command that starts the implementation; it must speak "
                       "conformance/PROTOCOL.md on stdio. Default: the reference "
                       "(hotdeath serve).")
    @click.option("--corpus", "--scenarios", "corpus", type=click.Path(exists=True, path_type=Path),
                  help="Scenario file (.scn or its compiled .json), or a directory of *.scn "
                       "and *.scn.json files. Default: the bundled corpus.")
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
    @click.option("--in-process", "use_in_process", is_flag=True, hidden=reference is None,
                  help="Run the reference in this process instead of through a pipe "
                       "(same results, proven by the test suite; faster).")
    @click.option("--differential", is_flag=True,
                  help="Also play every step on the reference and compare the two after each: "
                       "outcome, observation and (where both list them) the legal moves.")
    @click.option("--reference", "reference_cmd", metavar="COMMAND",
                  help="With --differential: the program to compare with (default: the "
                       "reference, hotdeath serve).")
    @click.option("-v", "--verbose", is_flag=True, help="List every scenario, not just failures.")
    def conform(**opts: Any) -> None:
        """Run the scenario corpus against an implementation and report where it diverges."""
        run = Run()
        reap.forget()
        with sigterm_as_interrupt():
            try:
                _conform(reference, run, **opts)
            except KeyboardInterrupt as stop:
                sys.exit(run.interrupted(stop))

    if reference is not None:
        conform.params.append(click.Option(
            ["--spec"], type=click.Path(exists=True, path_type=Path),
            help="Run the reference with this rules file (replacing the bundled ruleset of its "
                 "name) or directory of rules files, instead of the bundled spec."))
    return conform


def _conform(reference: Reference | None, run: Run, *, impl: str | None,
             corpus: Path | None, rulesets: tuple[str, ...], options: tuple[str, ...],
             features: tuple[str, ...], ids: tuple[str, ...], patterns: tuple[str, ...],
             jobs: int, timeout: float, xfail_path: Path | None, fmt: str,
             ndjson_path: Path | None, junit_path: Path | None, validate_only: bool,
             list_only: bool, progress: bool | None, use_in_process: bool,
             verbose: bool, differential: bool = False, reference_cmd: str | None = None,
             spec: Path | None = None) -> None:
    """The body of ``conform``, apart so that Ctrl-C anywhere in it ends the run cleanly."""
    try:
        everything = load_corpus(corpus or scenarios_dir())
        expected = read_expected_failures(xfail_path, {s.ident for s in everything}) \
            if xfail_path else {}
    except HotDeathError as err:
        _usage(err)
    chosen = Filter(rulesets, options, features, ids, patterns)
    selected = [s for s in everything if chosen.accepts(s)]
    if not selected:
        click.echo("error: no scenario matches the filters (see --list)"
                   + _unknown_names(everything, rulesets, options), err=True)
        sys.exit(EXIT_USAGE)
    if list_only:
        for scn in selected:
            click.echo(f"{scn.ident}\t{scn.data['ruleset']}\t{scn.data['title']}")
        return
    factory, command = _factory(impl, use_in_process, reference, spec)
    try:
        first = Session.open(factory(), timeout)
    except Failure as err:
        click.echo(printable(f"error: {command}: {err.message}", newlines=False), err=True)
        for line in err.details + err.stderr.splitlines()[-8:]:
            click.echo(printable(f"  {line}", newlines=False), err=True)
        sys.exit(EXIT_NO_IMPL)
    if validate_only:
        sys.exit(_validate(first, factory, selected, timeout))
    beside = _beside(differential, reference_cmd, spec)
    head = report.header(first.hello, command, suite_info(everything, len(selected)))
    root = corpus or scenarios_dir()
    by_id = {s.ident: replace(s, path=display_path(Path(s.path), root)) for s in everything}
    run.selected, run.expected = len(selected), expected
    run.order = {scn.ident: i for i, scn in enumerate(selected)}
    run.reports = lambda found: _write_reports(head, found, by_id, fmt, ndjson_path,
                                               junit_path, verbose)
    show = sys.stderr.isatty() if progress is None else progress
    with progress_reporter(len(selected), show) as tick:
        def found(result: Result) -> None:
            run.results.append(result)
            tick(result)
        results = run_all(first, factory, selected, jobs, timeout, found, beside)
    apply_expected_failures(results, expected)
    run.reports = None  # finished: an interrupt while writing reports writes no second one
    _write_reports(head, results, by_id, fmt, ndjson_path, junit_path, verbose)
    sys.exit(_exit_code(results))


def _unknown_names(corpus: list[CompiledScenario], rulesets: tuple[str, ...],
                   options: tuple[str, ...]) -> str:
    """For a misspelt --ruleset or --option: what the corpus has, and the closest name."""
    import difflib

    out = []
    for flag, given, known in (
            ("ruleset", rulesets, {s.data["ruleset"] for s in corpus}),
            ("option", options, {o for s in corpus for o in s.data.get("options", [])})):
        for name in given:
            if name not in known:
                close = difflib.get_close_matches(name, sorted(known), n=1)
                out.append(f"\n  no {flag} '{name}' in the corpus" + (
                    f" (did you mean '{close[0]}'?)" if close else
                    f"; it has {', '.join(sorted(known))}"))
    return "".join(out)


def _exit_code(results: list[Result]) -> int:
    """1 for anything failing; 4 when nothing passed, as no scenario was really played."""
    if any(r.status in report.FAILING for r in results):
        return EXIT_FAILED
    if not any(r.status == "pass" for r in results):
        click.echo("error: no scenario passed: every selected scenario was skipped or "
                   "failed as expected, so nothing was checked", err=True)
        return EXIT_NOTHING
    return EXIT_OK


def display_path(path: Path, root: Path) -> str:
    """A scenario's path as reports show it: relative to the working directory when it lies
    inside it (so it can be opened from there), else to the corpus directory; never an
    absolute path, which would tie a report to one machine."""
    base = root if root.is_dir() else root.parent
    for start in (Path.cwd(), base):
        try:
            return path.resolve().relative_to(start.resolve()).as_posix()
        except ValueError:
            continue
    return path.name


def _factory(impl: str | None, in_process: bool, reference: Reference | None,
             spec: Path | None) -> tuple[ClientFactory, str]:
    if impl is not None and in_process:
        raise click.UsageError("--in-process runs the reference; it cannot be used with --impl")
    if impl is not None and spec is not None:
        raise click.UsageError("--spec changes the reference; it cannot be used with --impl")
    if in_process or spec is not None:
        if reference is None:
            raise click.UsageError("--in-process needs the reference implementation installed")
        try:
            client = reference(spec)  # checks the spec: a bad one is a usage error
        except HotDeathError as err:
            _usage(err)
        if in_process:
            return client, "(reference, in process)"
    try:
        argv = shlex.split(impl) if impl is not None else list(REFERENCE)
    except ValueError as err:
        raise click.BadParameter(f"{err} in {impl!r}", param_hint="--impl") from None
    if not argv:
        raise click.UsageError("--impl is empty")
    if impl is None:  # the reference: shown by name, not by this machine's interpreter path
        argv += ["--spec", str(spec)] if spec is not None else []
        shown = "hotdeath serve" + (f" --spec {display_path(spec, Path.cwd())}" if spec else "")
        return (lambda: ProcessClient(argv)), shown
    return (lambda: ProcessClient(argv)), impl


def _beside(differential: bool, command: str | None, spec: Path | None
            ) -> ClientFactory | None:
    """The program the differential mode compares with: another process, never imported."""
    if not differential:
        if command is not None:
            raise click.UsageError("--reference needs --differential")
        return None
    try:
        argv = shlex.split(command) if command is not None else \
            list(REFERENCE) + (["--spec", str(spec)] if spec is not None else [])
    except ValueError as err:
        raise click.BadParameter(f"{err} in {command!r}", param_hint="--reference") from None
    if not argv:
        raise click.UsageError("--reference is empty")
    return lambda: ProcessClient(argv)


def _validate(first: Session, factory: ClientFactory, selected: list[CompiledScenario],
              timeout: float) -> int:
    playable = [s for s in selected if support_gap(first.hello, s.data) is None]
    sessions = iter([first])

    def open_session() -> Session:
        return next(sessions, None) or Session.open(factory(), timeout)

    problems, errored = validate(open_session, playable, timeout)
    impl = first.hello["implementation"]
    for line in problems:
        click.echo(printable(line))
    verdict = "speaks" if not problems else "does not speak"
    click.echo(printable(f"{impl['name']} {impl['version']} {verdict} protocol "
                         f"{first.hello['protocol']} ({len(playable)} scenarios played, "
                         f"{len(selected) - len(playable)} outside its declared support)"))
    if errored:
        click.echo(f"note: {errored} answer(s) were 'errored' (allowed by the protocol; a "
                   "normal run counts them as errors)")
    if not problems and not playable:
        click.echo("error: every selected scenario is outside the implementation's declared "
                   "support, so nothing was checked", err=True)
        return EXIT_NOTHING
    return EXIT_FAILED if problems else EXIT_OK


def _write_reports(head, results, by_id, fmt, ndjson_path, junit_path, verbose) -> None:
    gone = reap.reaped()
    writers = {"text": lambda out: report.write_text(out, head, results, by_id, verbose, gone),
               "ndjson": lambda out: report.write_ndjson(out, head, results, by_id, gone),
               "junit": lambda out: report.write_junit(out, head, results, by_id),
               "markdown": lambda out: report.write_markdown(out, head, results, by_id, gone)}
    writers[fmt](sys.stdout)
    for path, kind in ((ndjson_path, "ndjson"), (junit_path, "junit")):
        if path is not None:
            with open(path, "w", encoding="utf-8") as out:
                writers[kind](out)


main = make_conform_command()
