"""Running many scenarios over a pool of implementation sessions, in parallel.

Each worker owns one session. When a scenario leaves an implementation in a
state that cannot be trusted (a crash, a hang, a protocol violation), that
process is killed and the next scenario gets a fresh one, so one bad
scenario never poisons the rest of the run.
"""

from __future__ import annotations

import queue
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor, as_completed

from hotdeath.scenario import CompiledScenario

from .corpus import support_gap
from .runner import Result, run_scenario
from .session import Session
from .transport import Client, Failure

ClientFactory = Callable[[], Client]


class Worker:
    """One lane of the run; opens a new session whenever the previous one broke."""

    def __init__(self, factory: ClientFactory, timeout: float, session: Session | None = None):
        self.factory = factory
        self.timeout = timeout
        self.session = session

    def open(self) -> Session:
        """The live session, started (and handshaken) if there is none; may raise Failure."""
        if self.session is None:
            self.session = Session.open(self.factory(), self.timeout)
        return self.session

    def run(self, scn: CompiledScenario) -> Result:
        try:
            session = self.open()
        except Failure as err:
            return Result(scn.ident, "error", f"could not start the implementation: "
                          f"{err.message}", details=err.details, broken=True)
        result = run_scenario(session, scn.data, self.timeout)
        if result.broken:
            session.kill()
            self.session = None
        return result

    def close(self) -> None:
        if self.session is not None:
            self.session.close()
            self.session = None


def run_all(first: Session, factory: ClientFactory, scenarios: list[CompiledScenario],
            jobs: int = 1, timeout: float = 10.0,
            on_result: Callable[[Result], None] = lambda r: None) -> list[Result]:
    """Results in corpus order; scenarios the handshake rules out are skipped unsent."""
    results: dict[str, Result] = {}
    to_run = []
    for scn in scenarios:
        gap = support_gap(first.hello, scn.data)
        if gap is None:
            to_run.append(scn)
        else:
            results[scn.ident] = Result(scn.ident, "skip", gap)
            on_result(results[scn.ident])
    workers = [Worker(factory, timeout, first)] + [
        Worker(factory, timeout) for _ in range(max(jobs, 1) - 1)]
    for result in _in_parallel(workers, to_run):
        results[result.ident] = result
        on_result(result)
    for worker in workers:
        worker.close()
    return [results[scn.ident] for scn in scenarios]


def _in_parallel(workers: list[Worker], scenarios: Iterable[CompiledScenario]):
    """Yield results as they finish; each task borrows an idle worker (its own process)."""
    idle: queue.Queue[Worker] = queue.Queue()
    for worker in workers:
        idle.put(worker)

    def task(scn: CompiledScenario) -> Result:
        worker = idle.get()
        try:
            return worker.run(scn)
        finally:
            idle.put(worker)

    with ThreadPoolExecutor(max_workers=len(workers)) as pool:
        futures = [pool.submit(task, scn) for scn in scenarios]
        for future in as_completed(futures):
            yield future.result()
