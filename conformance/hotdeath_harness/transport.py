"""Talking to an implementation: a child process speaking JSON lines on stdio.

The child runs in its own session (process group) so that a hang can be ended
by killing the whole group, grandchildren included. Nothing here ever blocks
without a deadline: the child's output is read by threads that poll its pipes
(so a process it left behind, holding the pipe open, cannot make closing hang),
requests are written without blocking against the request's deadline (a child
that stops reading cannot stall the harness), and a wait for an answer notices
that the child has exited even when its pipe stays open. Every live client is
registered so that Ctrl-C can end them all at once (``abort_all``). What the
child started outside its group (``setsid``, a daemon) is found by the mark its
environment carries and killed when the client ends (``reap``).
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import select
import shlex
import signal
import subprocess
import threading
import time
import weakref
from collections import deque
from collections.abc import Iterator
from typing import IO, Protocol

from . import reap

MAX_LINE = 8 * 1024 * 1024
"""The longest response line accepted; anything longer is a flood."""

STOP_GRACE = 2.0
"""Seconds an implementation has to exit after ``stop`` before it is killed."""

STDERR_DRAIN = 1.0
"""Seconds a crash report waits for the rest of the child's stderr."""

EXIT_GRACE = 0.5
"""Seconds an answer may still arrive after the child has exited (it was in the pipe)."""

POLL = 0.1
"""Seconds between checks while waiting: how fast a kill or an exit is noticed."""

STDERR_LINE = 4096
"""Stderr lines are kept in pieces of at most this many bytes."""

_EOF = object()
_FLOOD = object()

_LIVE: weakref.WeakSet[ProcessClient] = weakref.WeakSet()
_LIVE_LOCK = threading.Lock()


def abort_all() -> None:
    """Kill every implementation process still running (Ctrl-C); safe from any thread."""
    with _LIVE_LOCK:
        clients = list(_LIVE)
    for client in clients:
        client.abort()


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
        self.timeout = 0.0  # the current request's time limit, for messages
        self.mark = reap.new_mark()
        self.reaped: list[str] = []  # processes left outside the group, killed at the end

    def start(self) -> None:
        try:
            self.proc = subprocess.Popen(
                self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=subprocess.PIPE, cwd=self.cwd, start_new_session=True, bufsize=0,
                env={**os.environ, reap.MARK: self.mark})
        except OSError as err:
            raise Failure("start", f"cannot start {shlex.join(self.argv)}: {err}") from None
        assert self.proc.stdin is not None
        os.set_blocking(self.proc.stdin.fileno(), False)
        with _LIVE_LOCK:
            _LIVE.add(self)
        threading.Thread(target=self._read_stdout, daemon=True).start()
        self.stderr_reader = threading.Thread(target=self._read_stderr, daemon=True)
        self.stderr_reader.start()

    def _chunks(self, stream: IO[bytes]) -> Iterator[bytes]:
        """The bytes of one of the child's pipes as they come, until EOF or closing.

        Polling (rather than a blocking read) lets the thread notice ``closing``
        and close the pipe itself; closing it from another thread while a read
        is blocked would block too, for as long as any process holds it open.
        """
        fd = stream.fileno()
        poller = select.poll()
        poller.register(fd, select.POLLIN | select.POLLHUP | select.POLLERR)
        try:
            while not self.closing.is_set():
                if not poller.poll(POLL * 1000):
                    continue
                try:
                    chunk = os.read(fd, 65536)
                except OSError:
                    chunk = b""
                yield chunk
                if not chunk:
                    return
        finally:
            with contextlib.suppress(OSError):
                stream.close()

    def _read_stdout(self) -> None:
        assert self.proc is not None and self.proc.stdout is not None
        buf, scanned = bytearray(), 0
        for chunk in self._chunks(self.proc.stdout):
            if not chunk:
                if buf and not self._put(bytes(buf)):
                    return
                self._put(_EOF)
                return
            buf += chunk
            while (end := buf.find(b"\n", scanned)) >= 0:
                line, scanned = bytes(buf[:end + 1]), 0
                del buf[:end + 1]
                if len(line) > MAX_LINE:
                    self._put(_FLOOD)
                    return
                if not self._put(line):
                    return
            scanned = len(buf)
            if len(buf) > MAX_LINE:
                self._put(_FLOOD)
                return

    def _put(self, item: object) -> bool:
        """Block while the queue is full (back-pressure), but give up once closing."""
        while not self.closing.is_set():
            try:
                self.lines.put(item, timeout=POLL)
                return True
            except queue.Full:
                continue
        return False

    def _read_stderr(self) -> None:
        assert self.proc is not None and self.proc.stderr is not None
        buf = bytearray()
        for chunk in self._chunks(self.proc.stderr):
            buf += chunk
            while (end := buf.find(b"\n")) >= 0 or len(buf) >= STDERR_LINE \
                    or (not chunk and buf):
                cut = end + 1 if end >= 0 else min(len(buf), STDERR_LINE)
                self.stderr_tail.append(buf[:cut].decode("utf-8", "replace").rstrip("\n"))
                del buf[:cut]

    def stderr_text(self) -> str:
        return "\n".join(self.stderr_tail)

    def request(self, message: dict, timeout: float) -> object:
        """Send one request and wait for its line, both within ``timeout`` seconds."""
        self.timeout = max(timeout, 0.0)
        deadline = time.monotonic() + self.timeout
        if self.proc is None:
            self.start()
        self.unsolicited()
        self._send(message, deadline)
        return self._decode(self._receive(deadline))

    def _receive(self, deadline: float) -> object:
        """The next line from the child, or a Failure when the deadline passes or it is gone.

        A child that has exited but whose pipe a left-behind process still holds
        open would otherwise look like a hang; once its last words had time to
        arrive, it is reported as the crash it is.
        """
        assert self.proc is not None
        exited_at: float | None = None
        while True:
            now = time.monotonic()
            try:
                return self.lines.get(timeout=max(min(deadline - now, POLL), 0.0))
            except queue.Empty:
                pass
            now = time.monotonic()
            if self.closing.is_set():
                raise self._failure("crash", "was stopped (the run was interrupted)")
            if exited_at is None and self.proc.poll() is not None:
                exited_at = now
            if exited_at is not None and now - exited_at >= EXIT_GRACE:
                # Had the pipe closed, its end would have been queued by now.
                raise self._failure("crash", self._exit_message() + ", but a process it "
                                    "started still holds its output open")
            if now >= deadline:
                raise self._failure("timeout", f"no answer within {self.timeout:.1f}s (is "
                                    "stdout flushed after each answer?)")

    def unsolicited(self, wait: float = 0.0) -> None:
        """Raise if the child wrote (or closed) anything since its last answer.

        ``wait`` gives an exited child's last line time to come through the pipe.
        """
        try:
            item = self.lines.get(timeout=wait) if wait > 0 else self.lines.get_nowait()
        except queue.Empty:
            return
        if item is _EOF:
            raise self._failure("crash", self._exit_message())
        raise self._failure("violation", "wrote a line nobody asked for (an extra answer to "
                            "an earlier request?): " + _excerpt(item))

    def _send(self, message: dict, deadline: float) -> None:
        """Write a request line without ever blocking past the deadline."""
        data = memoryview(json.dumps(message).encode() + b"\n")
        if not self._write(data, deadline):
            raise self._failure("timeout", "stopped reading its input: the request could not "
                                f"be written within {self.timeout:.1f}s")

    def _write(self, data: memoryview, deadline: float) -> bool:
        """True once all is written; False at the deadline; a Failure if the pipe is gone."""
        assert self.proc is not None and self.proc.stdin is not None
        try:
            fd = self.proc.stdin.fileno()
        except ValueError:
            raise self._failure("crash", self._exit_message()) from None
        poller = select.poll()
        poller.register(fd, select.POLLOUT)
        while data:
            if self.closing.is_set():
                raise self._failure("crash", "was stopped (the run was interrupted)")
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return False
            if not poller.poll(min(remaining, POLL) * 1000):
                continue
            try:
                data = data[os.write(fd, data):]
            except BlockingIOError:
                continue
            except OSError:  # BrokenPipeError: it closed its input or died
                raise self._failure("crash", self._exit_message()) from None
        return True

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

    def stop(self, grace: float = STOP_GRACE) -> int | None:
        """Send ``stop`` and close its input; the exit status, or None if it did not exit."""
        if self.proc is None:
            return None
        if self.proc.poll() is None:
            with contextlib.suppress(Failure):
                self._write(memoryview(b'{"cmd": "stop"}\n'), time.monotonic() + grace)
        with contextlib.suppress(OSError, ValueError):
            assert self.proc.stdin is not None
            self.proc.stdin.close()
        try:
            return self.proc.wait(timeout=grace)
        except subprocess.TimeoutExpired:
            return None

    def close(self) -> None:
        """Ask politely (``stop``), then kill the whole process group."""
        if self.proc is None:
            return
        self.stop()
        self.kill()

    def abort(self) -> None:
        """Kill the process group from any thread; the owner's wait then fails at once.

        Nothing is closed here: the thread using the client may be in the middle
        of a write, and its own ``kill`` closes the pipes.
        """
        self.closing.set()
        if self.proc is not None:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(self.proc.pid, signal.SIGKILL)
            self.reaped += reap.reap(self.mark)

    def kill(self) -> None:
        if self.proc is None:
            return
        self.abort()
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.proc.wait(timeout=5)
        with contextlib.suppress(OSError, ValueError):
            if self.proc.stdin is not None:
                self.proc.stdin.close()
        with _LIVE_LOCK:
            _LIVE.discard(self)


def _excerpt(item: object, limit: int = 120) -> str:
    text = item.decode("utf-8", "replace") if isinstance(item, bytes) else str(item)
    text = text.rstrip("\n")
    return repr(text if len(text) <= limit else text[:limit] + "...")
