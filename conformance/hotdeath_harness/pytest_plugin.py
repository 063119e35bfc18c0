"""A pytest plugin: the scenario corpus as test items against your implementation.

    pytest --hotdeath-impl "./my-adapter" [--hotdeath-ruleset classic]

Installed with hotdeath (entry point ``pytest11``), inactive unless
``--hotdeath-impl`` is given. Each scenario is one item, ``hotdeath::<id>``,
run through the same protocol, session and judge as ``hotdeath conform``.
"""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest

from hotdeath.errors import printable
from hotdeath.resources import scenarios_dir
from hotdeath.scenario import CompiledScenario

from .corpus import Filter, load_corpus, support_gap
from .execute import Worker
from .expectations import expected_reason, read_expected_failures
from .transport import Failure, ProcessClient, abort_all


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("hotdeath", "hotdeath conformance corpus")
    group.addoption("--hotdeath-impl", metavar="COMMAND",
                    help="Collect the hotdeath scenario corpus against this implementation "
                         "(a command speaking conformance/PROTOCOL.md).")
    group.addoption("--hotdeath-corpus", metavar="DIR", help="Scenario directory.")
    group.addoption("--hotdeath-ruleset", action="append", default=[], metavar="RULESET",
                    help="Only this ruleset (repeatable).")
    group.addoption("--hotdeath-glob", action="append", default=[], metavar="GLOB",
                    help="Only scenarios whose id or path matches (repeatable).")
    group.addoption("--hotdeath-expected-failures", metavar="FILE",
                    help="'<id or glob>: <reason>' lines; they become strict xfails.")
    group.addoption("--hotdeath-timeout", type=float, default=10.0, metavar="SECONDS",
                    help="Time limit per scenario (default 10).")


class ScenarioFailed(Exception):
    """The implementation diverged from the scenario (or misbehaved)."""


class Lane:
    """The one implementation process all items share, started at the first item."""

    def __init__(self, command: str, timeout: float):
        self.command = command
        self.worker = Worker(lambda: ProcessClient(shlex.split(command)), timeout)
        self.hello: dict | None = None
        self.refused: str | None = None

    def handshake(self) -> dict:
        if self.hello is None and self.refused is None:
            try:
                self.hello = self.worker.open().hello
            except Failure as err:
                self.refused = f"{self.command}: {err.message}"
        if self.refused is not None:
            raise ScenarioFailed(printable(self.refused))
        assert self.hello is not None
        return self.hello


def pytest_configure(config: pytest.Config) -> None:
    command = config.getoption("--hotdeath-impl", default=None)
    if command:
        config.stash[_LANE] = Lane(command, config.getoption("--hotdeath-timeout"))


def pytest_keyboard_interrupt(excinfo: pytest.ExceptionInfo) -> None:
    """Ctrl-C: kill the implementation at once rather than asking it to stop politely."""
    abort_all()


def pytest_unconfigure(config: pytest.Config) -> None:
    lane = config.stash.get(_LANE, None)
    if lane is not None:
        lane.worker.close()


_LANE = pytest.StashKey[Lane]()


def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config,
                                  items: list[pytest.Item]) -> None:
    if _LANE not in config.stash:
        return
    corpus_dir = config.getoption("--hotdeath-corpus")
    try:
        corpus = load_corpus(Path(corpus_dir) if corpus_dir else scenarios_dir())
    except Exception as err:  # noqa: BLE001 - shown as a usage error, not a traceback
        raise pytest.UsageError(f"hotdeath corpus: {err}") from None
    chosen = Filter(rulesets=tuple(config.getoption("--hotdeath-ruleset")),
                    patterns=tuple(config.getoption("--hotdeath-glob")))
    expected = _expected(config, corpus)
    parent = CorpusNode.from_parent(session, name="hotdeath", nodeid="hotdeath")
    for scn in corpus:
        if chosen.accepts(scn):
            item = ScenarioItem.from_parent(parent, name=scn.ident, scenario=scn)
            reason = expected_reason(scn.ident, expected)
            if reason is not None:
                item.add_marker(pytest.mark.xfail(reason=reason, strict=True))
            items.append(item)


def _expected(config: pytest.Config, corpus: list[CompiledScenario]) -> dict[str, str]:
    path = config.getoption("--hotdeath-expected-failures")
    if not path:
        return {}
    try:
        return read_expected_failures(Path(path), {s.ident for s in corpus})
    except Exception as err:  # noqa: BLE001
        raise pytest.UsageError(str(err)) from None


class CorpusNode(pytest.Collector):
    """The parent of every scenario item, so their ids read ``hotdeath::<id>``."""

    def collect(self):  # pragma: no cover - items are added by the hook above
        return []


class ScenarioItem(pytest.Item):
    def __init__(self, *, scenario: CompiledScenario, **kwargs):
        super().__init__(**kwargs)
        self.scenario = scenario

    def runtest(self) -> None:
        lane: Lane = self.config.stash[_LANE]
        gap = support_gap(lane.handshake(), self.scenario.data)
        if gap is not None:
            pytest.skip(gap)
        result = lane.worker.run(self.scenario)
        if result.status == "skip":
            pytest.skip(result.message)
        if result.status != "pass":
            raise ScenarioFailed(printable("\n".join([f"{result.status}: {result.message}",
                                                      *result.details])))

    def repr_failure(self, excinfo, style=None) -> str:
        """The reason first: pytest's short summary line quotes a failure's first line."""
        if isinstance(excinfo.value, ScenarioFailed):
            return f"{excinfo.value}\n(scenario file: {self.scenario.path})"
        return super().repr_failure(excinfo, style)

    def reportinfo(self):
        return self.scenario.path, None, f"hotdeath scenario {self.name}"
