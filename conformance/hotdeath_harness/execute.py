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
from .transport import Client, Failure, abort_all

ClientFactory = Callable[[], Client]


class Worker:
    """One lane of the run; opens a new session whenever the previous one broke."""

    def __init__(self, factory: ClientFactory, timeout: float, session: Session | None = None,
                 reference: ClientFactory | None = None):
        self.factory = factory
        self.timeout = timeout
        self.session = session
        self.reference_factory = reference  # differential mode: the reference beside it
        self.reference: Session | None = None
        self.aborted = False

    def open(self) -> Session:
        """The live session, started (and handshaken) if there is none; may raise Failure."""
        if self.aborted:
            raise Failure("start", "the run was interrupted")
        if self.session is None:
            self.session = Session.open(self.factory(), self.timeout)
        return self.session

    def run(self, scn: CompiledScenario) -> Result:
        try:
            session = self.open()
        except Failure as err:
            return Result(scn.ident, "error", f"could not start the implementation: "
                          f"{err.message}", details=err.details, broken=True)
        reference = None
        if self.reference_factory is not None:
            try:
                reference = self.reference or Session.open(self.reference_factory(),
                                                           self.timeout)
            except Failure as err:
                return Result(scn.ident, "error", f"could not start the reference: "
                              f"{err.message}", details=err.details, broken=True)
            self.reference = reference
        result = run_scenario(session, scn.data, self.timeout, reference)
        if result.broken:
            session.kill()
            self.session = None
            if reference is not None:
                reference.kill()
                self.reference = None
        return result

    def close(self) -> None:
        for attr in ("session", "reference"):
            session = getattr(self, attr)
            if session is not None:
                if self.aborted:
                    session.kill()
                else:
                    session.close()
                setattr(self, attr, None)

    def abort(self) -> None:
        """From another thread: kill the process, so the scenario running in it ends now."""
        self.aborted = True
        for session in (self.session, self.reference):
            if session is not None:
                session.abort()


def run_all(first: Session, factory: ClientFactory, scenarios: list[CompiledScenario],
            jobs: int = 1, timeout: float = 10.0,
            on_result: Callable[[Result], None] = lambda r: None,
            reference: ClientFactory | None = None) -> list[Result]:
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
    workers = [Worker(factory, timeout, first, reference)] + [
        Worker(factory, timeout, reference=reference) for _ in range(max(jobs, 1) - 1)]
    try:
        for result in _in_parallel(workers, to_run):
            results[result.ident] = result
            on_result(result)
    finally:
        for worker in workers:
            worker.close()
    return [results[scn.ident] for scn in scenarios]


def _in_parallel(workers: list[Worker], scenarios: Iterable[CompiledScenario]):
    """Yield results as they finish; each task borrows an idle worker (its own process).

    On Ctrl-C (or any other escape) the queued scenarios are cancelled and
    every implementation process is killed, so the scenarios still running end
    at once instead of at their time limits, and the pool can be left quickly.
    """
    idle: queue.Queue[Worker] = queue.Queue()
    for worker in workers:
        idle.put(worker)

    def task(scn: CompiledScenario) -> Result:
        worker = idle.get()
        try:
            return worker.run(scn)
        finally:
            idle.put(worker)

    pool = ThreadPoolExecutor(max_workers=len(workers))
    try:
        futures = [pool.submit(task, scn) for scn in scenarios]
        for future in as_completed(futures):
            yield future.result()
    except BaseException as escape:
        pool.shutdown(wait=False, cancel_futures=True)
        for worker in workers:
            worker.abort()
        if isinstance(escape, KeyboardInterrupt):
            abort_all()  # also a process a worker was starting at that very moment
        raise
    finally:
        pool.shutdown(wait=True)
