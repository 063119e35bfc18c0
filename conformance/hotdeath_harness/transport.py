"""Talking to an implementation: a child process speaking JSON lines on stdio.

The child runs in its own session (process group) so that a hang can be ended
by killing the whole group, grandchildren included. Reading happens on a
thread feeding a bounded queue, which gives every request a deadline and keeps
a flooding child from eating the harness's memory.
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import shlex
import signal
import subprocess
import threading
from collections import deque
from typing import Protocol

MAX_LINE = 8 * 1024 * 1024
"""The longest response line accepted; anything longer is a flood."""

STOP_GRACE = 2.0
"""Seconds an implementation has to exit after ``stop`` before it is killed."""

STDERR_DRAIN = 1.0
"""Seconds a crash report waits for the rest of the child's stderr."""

_EOF = object()
_FLOOD = object()


class Failure(Exception):
    """The implementation misbehaved at the transport level; the scenario errors.

    ``kind`` is one of crash, timeout, garbage, flood, violation, start.
    """

    def __init__(self, kind: str, message: str, stderr: str = "",
                 details: list[str] | None = None):
        super().__init__(message)
        self.kind = kind
        self.message = message
        self.stderr = stderr
        self.details = details or []


class Client(Protocol):
    """Anything that answers one protocol request with one response (a decoded JSON value)."""

    def request(self, message: dict, timeout: float) -> object: ...

    def close(self) -> None: ...


class ProcessClient:
    """A persistent implementation process; ``request`` sends a line and waits for one back."""

    def __init__(self, command: str | list[str], cwd: str | None = None):
        self.argv = shlex.split(command) if isinstance(command, str) else list(command)
        self.cwd = cwd
        self.proc: subprocess.Popen[bytes] | None = None
        self.lines: queue.Queue[object] = queue.Queue(maxsize=64)
        self.stderr_tail: deque[str] = deque(maxlen=20)
        self.closing = threading.Event()
        self.stderr_reader: threading.Thread | None = None

    def start(self) -> None:
        try:
            self.proc = subprocess.Popen(
                self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=subprocess.PIPE, cwd=self.cwd, start_new_session=True)
        except OSError as err:
            raise Failure("start", f"cannot start {shlex.join(self.argv)}: {err}") from None
        threading.Thread(target=self._read_stdout, daemon=True).start()
        self.stderr_reader = threading.Thread(target=self._read_stderr, daemon=True)
        self.stderr_reader.start()

    def _read_stdout(self) -> None:
        assert self.proc is not None and self.proc.stdout is not None
        while not self.closing.is_set():
            line = self.proc.stdout.readline(MAX_LINE + 1)
            if not line:
                self._put(_EOF)
                return
            if len(line) > MAX_LINE:
                self._put(_FLOOD)
                return
            if not self._put(line):
                return

    def _put(self, item: object) -> bool:
        """Block while the queue is full (back-pressure), but give up once closing."""
        while not self.closing.is_set():
            try:
                self.lines.put(item, timeout=0.1)
                return True
            except queue.Full:
                continue
        return False

    def _read_stderr(self) -> None:
        assert self.proc is not None and self.proc.stderr is not None
        for raw in iter(lambda: self.proc.stderr.readline(4096), b""):
            self.stderr_tail.append(raw.decode("utf-8", "replace").rstrip("\n"))

    def stderr_text(self) -> str:
        return "\n".join(self.stderr_tail)

    def request(self, message: dict, timeout: float) -> object:
        if self.proc is None:
            self.start()
        self.unsolicited()
        self._send(message)
        try:
            item = self.lines.get(timeout=max(timeout, 0.0))
        except queue.Empty:
            raise self._failure("timeout", f"no answer within {timeout:.1f}s (is stdout "
                                "flushed after each answer?)") from None
        return self._decode(item)

    def unsolicited(self) -> None:
        """Raise if the child wrote (or closed) anything since its last answer."""
        try:
            item = self.lines.get_nowait()
        except queue.Empty:
            return
        if item is _EOF:
            raise self._failure("crash", self._exit_message())
        raise self._failure("violation", "wrote a line nobody asked for (an extra answer to "
                            "an earlier request?): " + _excerpt(item))

    def _send(self, message: dict) -> None:
        assert self.proc is not None and self.proc.stdin is not None
        try:
            self.proc.stdin.write(json.dumps(message).encode() + b"\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError):
            raise self._failure("crash", self._exit_message()) from None

    def _decode(self, item: object) -> object:
        if item is _EOF:
            raise self._failure("crash", self._exit_message())
        if item is _FLOOD:
            raise self._failure("flood", f"wrote a line longer than {MAX_LINE} bytes")
        assert isinstance(item, bytes)
        try:
            return json.loads(item)
        except (json.JSONDecodeError, UnicodeDecodeError):
            raise self._failure("garbage", "answered with a line that is not JSON: "
                                + _excerpt(item)) from None

    def _exit_message(self) -> str:
        assert self.proc is not None
        try:
            code = self.proc.wait(timeout=2)
        except subprocess.TimeoutExpired:
            return "closed its output but kept running"
        if code < 0:
            return f"was killed by signal {-code}"
        return f"exited with status {code}"

    def _failure(self, kind: str, message: str) -> Failure:
        """A crashed child's last words may still be in the pipe: let the reader drain it.

        Without the short wait the report depended on thread timing, so one run
        showed the stderr tail and a parallel run of the same fault did not.
        """
        if kind == "crash" and self.stderr_reader is not None:
            self.stderr_reader.join(timeout=STDERR_DRAIN)
        return Failure(kind, message, self.stderr_text())

    def close(self) -> None:
        """Ask politely (``stop``), then kill the whole process group."""
        if self.proc is None:
            return
        if self.proc.poll() is None:
            try:
                assert self.proc.stdin is not None
                self.proc.stdin.write(b'{"cmd": "stop"}\n')
                self.proc.stdin.close()
                self.proc.wait(timeout=STOP_GRACE)
            except (OSError, ValueError, subprocess.TimeoutExpired):
                pass
        self.kill()

    def kill(self) -> None:
        if self.proc is None:
            return
        self.closing.set()
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.proc.pid, signal.SIGKILL)
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.proc.wait(timeout=5)
        for stream in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            with contextlib.suppress(OSError):
                if stream is not None:
                    stream.close()


def _excerpt(item: object, limit: int = 120) -> str:
    text = item.decode("utf-8", "replace") if isinstance(item, bytes) else str(item)
    text = text.rstrip("\n")
    return repr(text if len(text) <= limit else text[:limit] + "...")
