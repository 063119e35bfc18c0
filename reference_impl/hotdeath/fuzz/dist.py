"""Where games run: in this process, in ``-j N`` local processes, or on a Dask cluster.

Why the same function everywhere: a game's outcome depends only on its task
(the seed, its index, the ruleset and options chosen for it before any game
runs), never on which worker plays it or in what order, and results are put
back in game order; so ``-j 1``, ``-j 8`` and a cluster give identical
findings for one seed. Each worker keeps one implementation process (per
thread) between games. Shrinking runs as tasks of its own, one per distinct
fault, the same way.
"""

from __future__ import annotations

import atexit
import signal
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from pathlib import Path

from ..model import Ruleset
from .generate import Game, move_key, new_game, play
from .run import close_lanes, forget_lanes, known_reason, lane, listing_signature, signature


@dataclass(frozen=True)
class GameTask:
    impl: str
    index: int
    seed: int
    ruleset: str
    allowed: tuple[str, ...]  # options the game may turn on
    forced: tuple[str, ...]  # options every game turns on (--option)
    features: frozenset[str]
    max_steps: int
    timeout: float = 10.0
    spec: str | None = None
    seats: tuple[int, ...] = ()  # the numbers of players the implementation seats; (): any
    known: tuple[tuple[str, str], ...] = ()  # (pattern, why): faults accounted for (--known)


@dataclass
class GameRecord:
    index: int
    ruleset: str
    options: list[str]
    players: int
    moves: int
    steps: int  # the scenario's steps sent to the implementation (to the one it ended at)
    status: str
    signature: str | None = None
    message: str = ""
    step: int | None = None
    game: Game | None = None  # kept only for a divergence (to shrink it)
    details: list[str] = field(default_factory=list)
    avoided: list[str] = field(default_factory=list)  # moves left out: the implementation
    # declined them in an earlier try of the game
    set_aside: list[str] = field(default_factory=list)  # known faults the game was played
    # again past (see ``_tries``)


_RULESETS: dict[str | None, dict[str, Ruleset]] = {}


def rulesets(spec: str | None = None) -> dict[str, Ruleset]:
    """The reference's rulesets, parsed once per worker process."""
    if spec not in _RULESETS:
        from ..lang.check import load_rulesets

        _RULESETS[spec] = load_rulesets(Path(spec) if spec else None)
    return _RULESETS[spec]


TRIES = 4
"""How often a game is played again without the moves the implementation declined."""


def fuzz_game(task: GameTask) -> GameRecord:
    """Play one game with the reference, then run it against the implementation.

    An implementation may decline a step (``skipped``: a card it does not have, say);
    the same deal is then played again without such moves, up to ``TRIES`` times, so one
    card an implementation lacks does not end every game at its first appearance. What is
    declined depends only on the game and the implementation, so runs stay reproducible.
    """
    features, aside = set(task.features), []
    game, scenario, result, avoid = _tries(task, features, aside)
    sig = signature(scenario, result)
    ended = result.step if result.status != "pass" and result.step is not None else None
    sent = ended if ended is not None else len(scenario["steps"])
    return GameRecord(task.index, task.ruleset, game.options, len(game.table["players"]),
                      len(game.moves), sent, result.status, sig,
                      result.message, result.step, game if sig else None,
                      result.details[:6], sorted(avoid - set(aside)), aside)


def _tries(task: GameTask, features: set[str], aside: list[str]) -> tuple:
    """The game played, and played again without each move the implementation declines, or
    past each known fault (``aside`` collects those): a known difference of listings is
    judged no more in this game, a move refused or accepted against the reference is left
    out of the next try. So a fault already accounted for does not end every game at its
    first appearance and hide what comes after it."""
    rs = rulesets(task.spec)
    avoid: set[str] = set()
    for _ in range(TRIES):
        game, rng = new_game(rs, task.ruleset, list(task.allowed), task.forced, task.seed,
                             task.index, task.seats)
        game, scenario = play(rs, game, rng, features, task.max_steps,
                              avoid=frozenset(avoid))
        result = lane(task.impl, task.timeout).run(scenario)
        sig = signature(scenario, result)
        known = known_reason(sig, task.known) is not None
        if known and listing_signature(sig) and "legal_moves" in features:
            features.discard("legal_moves")
            aside.append(sig)
            continue
        move = _declined(scenario, result) or (_moved(scenario, result) if known else None)
        if move is None or move in avoid:
            break
        avoid.add(move)
        if known:
            aside.append(sig)
    return game, scenario, result, avoid


def _moved(scenario: dict, result) -> str | None:
    """The move a failing result ended at, if it ended at a move."""
    if result.step is None:
        return None
    do = scenario["steps"][result.step - 1].get("do")
    return move_key(do) if do else None


def _declined(scenario: dict, result) -> str | None:
    """The move an implementation skipped at, if it skipped at a move."""
    if result.status != "skip" or result.step is None:
        return None
    do = scenario["steps"][result.step - 1].get("do")
    return move_key(do) if do else None


def _quiet_worker() -> None:
    """A pool worker leaves Ctrl-C to the parent, which stops the run cleanly."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    forget_lanes()  # a forked worker must not talk to its parent's processes
    atexit.register(close_lanes)


Runner = Callable[[Callable, list], Iterator]


def run_tasks(fn: Callable, tasks: list, jobs: int = 1, scheduler: str | None = None,
              stop: Callable[[], bool] = lambda: False) -> Iterator:
    """Yield ``fn(task)`` for every task as each finishes (in any order)."""
    if scheduler:
        yield from _on_dask(fn, tasks, scheduler, stop)
    elif jobs <= 1:
        for task in tasks:
            if stop():
                return
            yield fn(task)
    else:
        yield from _on_pool(fn, tasks, jobs, stop)


def _on_pool(fn: Callable, tasks: list, jobs: int, stop: Callable[[], bool]) -> Iterator:
    pool = ProcessPoolExecutor(max_workers=jobs, initializer=_quiet_worker)
    todo = iter(tasks)
    running: set[Future] = set()
    try:
        _fill(pool, fn, todo, running, jobs * 2)
        while running:
            done, running = wait(running, return_when=FIRST_COMPLETED)
            for future in done:
                yield future.result()
            if not stop():
                _fill(pool, fn, todo, running, jobs * 2)
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _fill(pool, fn, todo: Iterable, running: set, limit: int) -> None:
    """Keep a few tasks queued per worker, so a stop leaves little to wait for."""
    for task in todo:
        running.add(pool.submit(fn, task))
        if len(running) >= limit:
            return


def _on_dask(fn: Callable, tasks: list, scheduler, stop: Callable[[], bool]) -> Iterator:
    """Run on an existing cluster: ``scheduler`` is its address, or a dask Client."""
    try:
        from dask.distributed import Client, as_completed
    except ImportError:  # pragma: no cover - the 'fuzz' extra
        raise RuntimeError("--scheduler needs dask.distributed: pip install "
                           "'hotdeath[fuzz]'") from None
    client = scheduler if isinstance(scheduler, Client) else Client(scheduler)
    try:
        futures = client.map(fn, tasks, pure=False)
        for future in as_completed(futures):
            if stop():
                client.cancel(futures)
                return
            yield future.result()
    finally:
        if client is not scheduler:
            client.close()
