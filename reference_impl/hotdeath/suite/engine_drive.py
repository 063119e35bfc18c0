"""How ``hotdeath mutate --engine`` drives the reference through one scenario, and judges it.

Each scenario is played every way of ``DRIVES`` (traced, as ``hotdeath conform`` runs the
reference; and untraced behind a listing of moves, so the express lane runs) and judged by
the harness's own ``run_scenario``, beside a recorded clean reference (the differential
mode). Apart from ``engine_mutate`` so that the planting, forking and figures stay one
module and the judging another.
"""

from __future__ import annotations

import functools
import json
import sys
from collections.abc import Callable

from ..model import Ruleset

# -- driving the reference through one scenario ------------------------------------------------


def _traced(rulesets: dict[str, Ruleset]):
    """The reference as ``hotdeath conform --in-process`` runs it (traced: the general path)."""
    from ..serve import InProcessClient

    return InProcessClient(rulesets)


def _listing(rulesets: dict[str, Ruleset]):
    """The reference as a game program drives it: untraced, the legal moves listed before each
    move, so a listed move takes the express lane (``Game.apply_action``)."""
    from ..adapter import ReferenceImplementation
    from ..serve import InProcessClient

    class Listing(ReferenceImplementation):
        def load(self, scenario: dict) -> dict:
            observation = super().load(scenario)
            assert self.game is not None
            self.game.state.tracing = False
            return observation

        def step(self, step: dict) -> dict:
            if self.game is not None and "do" in step and not self.game.is_terminal():
                self.game.legal_actions()
            return super().step(step)

    client = InProcessClient(rulesets)
    client.server.impl = Listing(rulesets)
    return client


# The ways the reference is driven through every scenario, each a client factory: a scenario
# passes when it passes every way. To exercise another path of the engine (a listing of legal
# moves the harness compares, once the protocol has one), add a way here: the line coverage,
# and so which scenarios run against which mutant, follows, since both are worked out by
# running ``judge``.
DRIVES: list[tuple[str, Callable]] = [("traced", _traced), ("listing", _listing)]

_SESSIONS: dict[tuple[str, int], object] = {}

# -- the reference beside it: the differential mode, recorded --------------------------------
#
# ``hotdeath conform --differential`` plays every step on the reference too and compares the
# answers, the observations and the lists of legal moves after each. A mutant cannot run
# beside a clean engine in its own process (the slip is planted in the whole process), but
# the reference is deterministic: its answers to a scenario are recorded once, from the
# clean engine, before any mutant is planted, and replayed to the harness as the reference's.
# So each run is judged as the differential mode judges it, written expectations included.

_RECORDED: dict[str, dict] = {}  # scenario id -> the clean reference's answers, by request


def _key(message: dict, last_step: int) -> str:
    cmd = message.get("cmd")
    if cmd == "step":
        return f"step {message.get('index')}"
    if cmd == "legal":
        return f"legal after {last_step}"
    if cmd == "check":
        return "check " + json.dumps(message.get("step"), sort_keys=True)
    return str(cmd)


class _Recorder:
    """The clean reference, keeping its answers to one scenario's requests."""

    def __init__(self, inner, store: dict):
        self.inner, self.store, self.last = inner, store, -1

    def request(self, message: dict, timeout: float) -> object:
        answer = self.inner.request(message, timeout)
        if message.get("cmd") == "step":
            self.last = message.get("index", -1)
        elif message.get("cmd") == "load":
            self.last = -1
        self.store[_key(message, self.last)] = answer
        return answer

    def close(self) -> None:
        pass


class _Replay:
    """The recorded reference, answering a scenario's requests as the clean engine did."""

    def __init__(self, store: dict):
        self.store, self.last = store, -1

    def request(self, message: dict, timeout: float) -> object:
        if message.get("cmd") == "step":
            self.last = message.get("index", -1)
        elif message.get("cmd") == "load":
            self.last = -1
        answer = self.store.get(_key(message, self.last))
        if answer is None:  # a request the clean run did not make (an explanation)
            return {"seq": message.get("seq"), "outcome": "errored", "message": "not recorded"}
        return {**answer, "seq": message.get("seq")}

    def close(self) -> None:
        pass


def record(rulesets: dict[str, Ruleset], scenarios: list) -> None:
    """The clean reference's answers to every scenario, run as the differential mode runs it
    (its answers to the requests the harness sends the reference)."""
    from hotdeath_harness.runner import run_scenario
    from hotdeath_harness.session import Session

    from ..serve import InProcessClient

    hello = _hello(rulesets)
    for scn in scenarios:
        cold()
        store: dict = {}
        impl = Session(InProcessClient(rulesets), hello)
        beside = Session(_Recorder(InProcessClient(rulesets), store), hello)
        run_scenario(impl, scn.data, timeout=3600.0, reference=beside)
        _RECORDED[scn.ident] = store


_HELLOS: dict[int, dict] = {}


def _hello(rulesets: dict[str, Ruleset]) -> dict:
    """The reference's handshake (made once per set of rulesets)."""
    from ..serve import Server

    if id(rulesets) not in _HELLOS:
        answer = Server(rulesets).handle({"cmd": "hello", "seq": 0, "protocol": "2.0"})
        assert answer is not None
        _HELLOS[id(rulesets)] = answer
    return _HELLOS[id(rulesets)]


def _beside(rulesets: dict[str, Ruleset], data: dict):
    """The recorded reference for this scenario, or None (no recording: written expectations
    only, as a plain ``hotdeath conform``)."""
    from hotdeath_harness.session import Session

    store = _RECORDED.get(data["id"])
    return None if store is None else Session(_Replay(store), _hello(rulesets))


def judge(rulesets: dict[str, Ruleset], data: dict) -> str | None:
    """None when the scenario passes every way against the engine as it is now (mutated or
    not), else what failed, in the harness's words."""
    for way in range(len(DRIVES)):
        verdict = drive(rulesets, data, way)
        if verdict is not None:
            return verdict
    return None


def drive(rulesets: dict[str, Ruleset], data: dict, way: int) -> str | None:
    """The scenario run one way (``DRIVES[way]``) and judged as ``hotdeath conform`` judges."""
    from hotdeath_harness.runner import run_scenario
    from hotdeath_harness.session import Session

    name, make = DRIVES[way]
    session = _SESSIONS.get((name, id(rulesets)))
    if session is None:
        session = _SESSIONS[name, id(rulesets)] = Session.open(make(rulesets), 10.0)
    result = run_scenario(session, data, timeout=3600.0,  # our own limit: see _limited
                          reference=_beside(rulesets, data))
    if result.status == "pass":
        return None
    if result.broken:
        _SESSIONS.pop((name, id(rulesets)), None)
    return f"{name}: {result.status}: {result.message}"


def cold() -> None:
    """Forget what the engine keeps between games, so the next scenario computes it afresh."""
    from ..engine import state

    state._DERIVED.clear()
    for cache in _caches():
        cache.cache_clear()


@functools.cache
def _caches() -> tuple:
    """The engine's functools caches (``_caches`` itself is not one of the engine's)."""
    return tuple(value for name, module in list(sys.modules.items())
                 if name.startswith("hotdeath.engine")
                 for value in vars(module).values()
                 if isinstance(value, functools._lru_cache_wrapper))
