"""An on-disk cache of work that is slow to redo: built parsers, parsed rules, compiled scenarios.

A corpus run compiled every scenario file (1.5-2 ms each) and built both Lark
parsers (0.1 s) before the first game began; with a warm cache it reads them back.

An entry is found by a digest of its input (a file's text) and a *salt*: the
versions of Python, Lark and hotdeath, and the text of every source file and
grammar that shapes the result. Editing the compiler, the grammar or the file
itself therefore misses the cache instead of returning a stale answer, even in
a checkout whose version number does not change. Each entry also stores its
full key, checked on reading; an entry that is unreadable, truncated, or not
for this key is ignored and rebuilt. Entries are written to a temporary file
and renamed into place, so a reader never sees half of one, and a cache that
cannot be written (a read-only home, a full disk) only costs speed. Only
successes are cached: a file with errors is compiled, and reported, every time.

Location: ``$HOTDEATH_CACHE_DIR``, else ``$XDG_CACHE_HOME/hotdeath``, else
``~/.cache/hotdeath``. ``HOTDEATH_CACHE=off`` turns it off. Each kind of
entry keeps to ``MAX_BYTES``, oldest out first. Deleting the directory is
always safe.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import pickle
import sys
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any

_PKG = Path(__file__).resolve().parent

FORMAT = 1
"""The layout of an entry; bumped if it changes."""

MAX_BYTES = 64 * 1024 * 1024
"""The most one kind of entry may hold on disk. Nothing else removes entries, and a fuzz test
parsing mutated rules files (200 KB of tree each) would otherwise grow it run after run."""


def cache_root() -> Path | None:
    """Where entries live; None when caching is turned off."""
    if os.environ.get("HOTDEATH_CACHE", "").lower() in ("0", "off", "no", "false"):
        return None
    explicit = os.environ.get("HOTDEATH_CACHE_DIR")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "hotdeath"


def salt(sources: Iterable[str], extra: Iterable[str | Path] = ()) -> str:
    """A digest of what makes a cached result valid besides its input.

    ``sources`` are this package's modules that compute the result, as paths
    relative to it (``"scenario/parse.py"``); ``extra`` are other files (a
    grammar) or strings (options). Reading a few files costs well under a
    millisecond, and it is what keeps an edited checkout from reading stale
    results.
    """
    from importlib.metadata import PackageNotFoundError, version

    try:
        own = version("hotdeath")
    except PackageNotFoundError:  # pragma: no cover - run from a bare checkout
        own = "unknown"
    lark = sys.modules.get("lark")
    digest = hashlib.sha256(f"{FORMAT}|{sys.version}|{own}|"
                            f"{getattr(lark, '__version__', '')}".encode())
    for part in [*(_PKG / s for s in sources), *extra]:
        digest.update(b"\0")
        digest.update(part.read_bytes() if isinstance(part, Path) else part.encode())
    return digest.hexdigest()


class DiskCache:
    """One kind of entry (``kind`` names its folder), valid for one ``salt``."""

    def __init__(self, kind: str, salt: str):
        self.kind = kind
        self.salt = salt
        root = cache_root()
        self.folder = None if root is None else root / kind

    def key(self, content: str | bytes) -> str:
        data = content.encode("utf-8", "surrogatepass") if isinstance(content, str) else content
        return hashlib.sha256(self.salt.encode() + b"\0" + data).hexdigest()

    def get(self, content: str | bytes) -> Any | None:
        """The value stored for ``content``, or None (missing, unreadable, or another key's)."""
        if self.folder is None:
            return None
        key = self.key(content)
        try:
            stored_key, value = pickle.loads((self.folder / f"{key}.pickle").read_bytes())
        except Exception:  # noqa: BLE001 - missing, truncated or garbage: a miss, never an error
            return None
        return value if stored_key == key else None

    def put(self, content: str | bytes, value: Any) -> None:
        """Store ``value`` for ``content``; a failure to write is ignored (it only costs speed)."""
        if self.folder is None:
            return
        key = self.key(content)
        try:
            self.folder.mkdir(parents=True, exist_ok=True, mode=0o700)
            data = pickle.dumps((key, value), protocol=pickle.HIGHEST_PROTOCOL)
            fd, tmp = tempfile.mkstemp(dir=self.folder, prefix=".tmp-")
            try:
                with os.fdopen(fd, "wb") as out:
                    out.write(data)
                os.replace(tmp, self.folder / f"{key}.pickle")
            except BaseException:
                Path(tmp).unlink(missing_ok=True)
                raise
            if key.startswith("00"):  # one write in 256: the size check lists the folder
                self.prune()
        except Exception:  # noqa: BLE001 - e.g. a read-only or full disk, or an unpicklable value
            return

    def prune(self, limit: int = MAX_BYTES) -> None:
        """Past ``limit`` bytes, delete the oldest entries until half of it is left.

        Deleting an entry only costs the next run the time to rebuild it.
        """
        if self.folder is None:
            return
        entries = []
        for entry in os.scandir(self.folder):
            with contextlib.suppress(OSError):  # another process may have removed it
                info = entry.stat()
                entries.append((info.st_mtime, info.st_size, entry.path))
        total = sum(size for _, size, _ in entries)
        if total <= limit:
            return
        for _, size, path in sorted(entries):
            if total <= limit // 2:
                break
            with contextlib.suppress(OSError):
                os.unlink(path)
            total -= size
