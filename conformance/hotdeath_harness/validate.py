"""``--validate``: does an implementation speak the protocol, whatever its rules?

Every scenario is played to its end (rule failures are ignored); each answer
must be valid against the protocol schema, arrive in time, and come alone. An
implementation declaring ``legal_moves`` is asked for its legal moves before every step.
Finally the implementation must exit when told ``stop``.
"""

from __future__ import annotations

import time

from hotdeath.scenario import CompiledScenario

from . import protocol
from .session import Session
from .traits import traits_for
from .transport import EXIT_GRACE, STOP_GRACE, Failure, ProcessClient


def check_protocol(session: Session, scenario: dict, timeout: float) -> tuple[list[str], bool]:
    """The protocol violations seen in a run of ``scenario``, and whether it ended errored."""
    deadline = time.monotonic() + timeout
    where = "load"
    try:
        answer = session.ask(protocol.load(scenario), "load_response", deadline)
        if answer["outcome"] != "loaded":
            return [], answer["outcome"] == "errored"
        lists = "legal_moves" in traits_for(session.hello, scenario["ruleset"]).features
        for i, step in enumerate(scenario["steps"]):
            if lists:  # 2.0: the list of legal moves is an answer like any other
                where = f"legal before step {i + 1}"
                session.ask(protocol.legal(), "legal_response", deadline)
            where = f"step {i + 1}"
            answer = session.ask(protocol.step(i, step), "step_response", deadline)
            if answer["outcome"] in ("skipped", "errored"):
                return [], answer["outcome"] == "errored"
        session.expect_silence()
    except Failure as err:
        tail = [f"  stderr: {line}" for line in err.stderr.splitlines()[-8:]]
        return [f"{where}: {err.kind}: {err.message}", *(f"  {d}" for d in err.details),
                *tail], False
    return [], False


def validate(open_session, scenarios: list[CompiledScenario],
             timeout: float) -> tuple[list[str], int]:
    """Problems, each prefixed by the scenario id, and the number of errored answers."""
    problems: list[str] = []
    errored = 0
    session: Session | None = None
    for scn in scenarios:
        if session is None:
            session = open_session()
        found, failed = check_protocol(session, scn.data, timeout)
        problems += [f"{scn.ident}: {p}" for p in found]
        errored += failed
        if found:
            session.kill()
            session = None
    if session is not None:
        problems += _stops(session)
    return problems, errored


def _stops(session: Session) -> list[str]:
    """``stop`` must end the process promptly, with status 0 and without answering."""
    client = session.client
    if not isinstance(client, ProcessClient) or client.proc is None:
        session.close()
        return []
    code = client.stop(STOP_GRACE)
    if code is None:
        session.kill()
        return [f"stop: the implementation did not exit within {STOP_GRACE:g}s of 'stop'"]
    problems = [] if code == 0 else [f"stop: the implementation exited with status {code}"]
    try:
        client.unsolicited(wait=EXIT_GRACE)
    except Failure as err:
        if err.kind != "crash":  # end of output is what stop should bring
            problems.append(f"stop: {err.message}")
    session.kill()
    return problems
