"""Finding the processes an implementation left outside its process group, and ending them.

Killing the implementation's process group ends everything it started in the
usual way, but a process that called ``setsid`` (or a daemon that forked
twice) has left the group, and lived on after every run. Each implementation
process is started with a mark in its environment (``MARK``, unique to that
client), which every process it starts inherits whatever session it moves to;
once the client is done, every process still bearing the mark is killed, and
the kill is recorded so that the report can say that something had to be
reaped.

Why a mark rather than ``PR_SET_CHILD_SUBREAPER``: a subreaper adopts every
orphan of its process, and a harness embedded in another program (pytest, with
its own helpers) could not tell an escaped implementation process from one of
its host's. The mark names its owner exactly.

Limits (said, not hidden): it reads ``/proc/<pid>/environ``, so it works on
Linux (elsewhere nothing is found, and the process group kill is all there
is); a process that empties or rewrites its environment is not recognised.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import signal
import threading
import time
from pathlib import Path

MARK = "HOTDEATH_HARNESS_CLIENT"
"""The environment variable that marks every process started for one client."""

ROUNDS = 20
"""Scans at most, while what was killed may still be forking (each a few milliseconds)."""

_PROC = Path("/proc")
_RUN = secrets.token_hex(6)  # this harness process; the client number is appended
_COUNT = iter(range(1, 1 << 62))
_LOCK = threading.Lock()
_REAPED: list[str] = []


def new_mark() -> str:
    """A mark no other client of any harness bears."""
    with _LOCK:
        return f"{_RUN}.{next(_COUNT)}"


def marked(mark: str) -> list[int]:
    """The processes (other than this one) whose environment bears ``mark``."""
    needle = f"{MARK}={mark}".encode()
    found = []
    try:
        entries = os.scandir(_PROC)
    except OSError:  # no /proc: not Linux
        return []
    with entries:
        for entry in entries:
            if not entry.name.isdigit() or int(entry.name) == os.getpid():
                continue
            try:
                environ = (_PROC / entry.name / "environ").read_bytes()
            except OSError:  # another user's, or gone
                continue
            if needle in environ.split(b"\0"):
                found.append(int(entry.name))
    return found


def reap(mark: str) -> list[str]:
    """Kill every process bearing ``mark``; their command lines (also kept for ``reaped``)."""
    killed: dict[int, str] = {}
    for _ in range(ROUNDS):
        alive = [pid for pid in marked(mark) if _running(pid)]
        if not alive:
            break
        for pid in alive:
            if pid not in killed:
                killed[pid] = _command(pid)
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(pid, signal.SIGKILL)
        time.sleep(0.01)
    for pid in killed:
        _collect(pid)
    with _LOCK:
        _REAPED.extend(killed.values())
    return list(killed.values())


def reaped() -> list[str]:
    """The command line of every process reaped so far in this harness process."""
    with _LOCK:
        return list(_REAPED)


def forget() -> None:
    """Start counting afresh (a new run in the same process)."""
    with _LOCK:
        _REAPED.clear()


def _running(pid: int) -> bool:
    """Alive, as opposed to gone or a zombie (which SIGKILL cannot end, and holds no mark)."""
    try:
        stat = (_PROC / str(pid) / "stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] not in ("Z", "X")


def _command(pid: int) -> str:
    try:
        raw = (_PROC / str(pid) / "cmdline").read_bytes()
    except OSError:
        return f"pid {pid}"
    return " ".join(part.decode("utf-8", "replace") for part in raw.split(b"\0") if part) \
        or f"pid {pid}"


def _collect(pid: int) -> None:
    """A killed process that was this one's child must be waited for, or it stays a zombie."""
    with contextlib.suppress(ChildProcessError, OSError):
        os.waitpid(pid, os.WNOHANG)
