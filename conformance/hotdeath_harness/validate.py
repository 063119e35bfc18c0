"""``--validate``: does an implementation speak the protocol, whatever its rules?

Every scenario is played to its end (rule failures are ignored); each answer
must be valid against the protocol schema, arrive in time, and come alone.
Finally the implementation must exit when told ``stop``.
"""

from __future__ import annotations

import time

from hotdeath.scenario import CompiledScenario

from . import protocol
from .session import Session
from .transport import Failure


def check_protocol(session: Session, scenario: dict, timeout: float) -> list[str]:
    """The protocol violations seen in a run of ``scenario``; empty when it spoke well."""
    deadline = time.monotonic() + timeout
    where = "load"
    try:
        answer = session.ask(protocol.load(scenario), "load_response", deadline)
        if answer["outcome"] != "loaded":
            return []
        for i, step in enumerate(scenario["steps"]):
            where = f"step {i + 1}"
            answer = session.ask(protocol.step(i, step), "step_response", deadline)
            if answer["outcome"] in ("skipped", "errored"):
                return []
    except Failure as err:
        return [f"{where}: {err.kind}: {err.message}", *(f"  {d}" for d in err.details)]
    return []


def validate(open_session, scenarios: list[CompiledScenario], timeout: float) -> list[str]:
    """Problems, each prefixed by the scenario id; a broken process is replaced."""
    problems: list[str] = []
    session: Session | None = None
    for scn in scenarios:
        if session is None:
            session = open_session()
        found = check_protocol(session, scn.data, timeout)
        problems += [f"{scn.ident}: {p}" for p in found]
        if found:
            session.kill()
            session = None
    if session is not None:
        problems += _stops(session)
    return problems


def _stops(session: Session) -> list[str]:
    proc = getattr(session.client, "proc", None)
    if proc is None:
        session.close()
        return []
    try:
        assert proc.stdin is not None
        proc.stdin.write(b'{"cmd": "stop"}\n')
        proc.stdin.flush()
        proc.wait(timeout=3)
    except Exception:  # noqa: BLE001 - any failure here means it did not stop cleanly
        session.kill()
        return ["stop: the implementation did not exit within 3s of 'stop'"]
    session.kill()
    return []
