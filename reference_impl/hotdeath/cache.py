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

Entries are pickles (a parsed rules file is a tree of dataclasses; Lark's saved
parser is itself a pickle), and unpickling runs code. So nothing is unpickled
that this user did not write: every entry is signed (HMAC-SHA256) with a
per-user secret kept *outside* the cache (``$XDG_CONFIG_HOME/hotdeath/cache-key``,
else ``~/.config/hotdeath/cache-key``, or ``$HOTDEATH_CACHE_KEY``; created
0600), and the signature is checked before anything is decoded. A cache folder
restored from elsewhere (a CI cache from another branch, a shared folder) holds
entries signed with another key, or none: they are ignored, with one warning,
and rebuilt. A cache folder or key file that another user owns, or that others
may write, is not used at all (a warning says why).

Location: ``$HOTDEATH_CACHE_DIR``, else ``$XDG_CACHE_HOME/hotdeath``, else
``~/.cache/hotdeath``. ``HOTDEATH_CACHE=off`` turns it off. Each kind of
entry keeps to ``MAX_BYTES``, oldest out first. Deleting the directory is
always safe.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import os
import pickle
import secrets
import stat
import sys
import tempfile
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Any

_PKG = Path(__file__).resolve().parent

FORMAT = 2
"""The layout of an entry; bumped if it changes (2: signed)."""

SUFFIX = ".entry"
"""An entry's file name ends so (format 1's unsigned ``.pickle`` files are never read)."""

_SIGNATURE = 32  # bytes of HMAC-SHA256 in front of each entry

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


def key_path() -> Path:
    """Where this user's signing secret lives: never inside the cache it signs."""
    explicit = os.environ.get("HOTDEATH_CACHE_KEY")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config"
    return Path(base) / "hotdeath" / "cache-key"


def warn(message: str) -> None:
    """A warning on stderr (stdout may be a protocol stream or a report)."""
    with contextlib.suppress(OSError, ValueError):
        sys.stderr.write(f"hotdeath: warning: {message}\n")
        sys.stderr.flush()


def unsafe(path: Path) -> str | None:
    """Why a folder or file must not be trusted (another's, or writable by others), or None."""
    info = path.stat()
    if hasattr(os, "getuid") and info.st_uid != os.getuid():
        return f"{path} belongs to another user (uid {info.st_uid})"
    if info.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
        return f"{path} may be written by others (mode {stat.filemode(info.st_mode)})"
    return None


@cache
def _secret(path: Path) -> bytes | None:
    """This user's signing secret, created (0600) on first use; None if it cannot be trusted."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            pass
        else:
            with os.fdopen(fd, "w") as out:
                out.write(secrets.token_hex(32))
        problem = unsafe(path)
        if problem is None and path.stat().st_mode & 0o077:
            problem = f"{path} may be read by others (mode {stat.filemode(path.stat().st_mode)})"
        if problem is not None:
            warn(f"the disk cache is not used: {problem}")
            return None
        secret = path.read_bytes().strip()
    except OSError:  # e.g. a read-only home: no cache, which only costs speed
        return None
    return secret if len(secret) >= 32 else None


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
        self._secret: bytes | None = None
        self._checked = False
        self._warned = False

    def key(self, content: str | bytes) -> str:
        data = content.encode("utf-8", "surrogatepass") if isinstance(content, str) else content
        return hashlib.sha256(self.salt.encode() + b"\0" + data).hexdigest()

    def path(self, content: str | bytes) -> Path:
        """The file that holds (or would hold) the entry for ``content``."""
        assert self.folder is not None
        return self.folder / f"{self.key(content)}{SUFFIX}"

    def _ready(self, create: bool) -> bool:
        """True when the folder and the key can be trusted (checked once per instance)."""
        if self.folder is None:
            return False
        if self._checked:
            return self._secret is not None
        try:
            if create:
                self.folder.mkdir(parents=True, exist_ok=True, mode=0o700)
            elif not self.folder.is_dir():
                return False  # nothing cached yet; the first put checks
            problem = unsafe(self.folder.parent) or unsafe(self.folder)
        except OSError:
            return False
        self._checked = True
        if problem is not None:
            warn(f"the disk cache is not used: {problem}")
            return False
        self._secret = _secret(key_path())
        return self._secret is not None

    def _sign(self, data: bytes) -> bytes:
        assert self._secret is not None
        return hmac.new(self._secret, data, hashlib.sha256).digest()

    def get(self, content: str | bytes) -> Any | None:
        """The value stored for ``content``, or None (missing, unreadable, or another key's).

        The signature is checked before a byte is unpickled: an entry this user
        did not write is ignored (with a warning, once), never decoded.
        """
        if not self._ready(create=False):
            return None
        key = self.key(content)
        entry = self.path(content)
        try:
            raw = entry.read_bytes()
        except OSError:
            return None
        signature, data = raw[:_SIGNATURE], raw[_SIGNATURE:]
        if not hmac.compare_digest(signature, self._sign(data)):
            if not self._warned:
                self._warned = True
                warn(f"ignored a cache entry not signed with this user's key ({entry}); it "
                     f"is rebuilt (so is any other such entry in {self.folder})")
            return None
        try:
            stored_key, value = pickle.loads(data)
        except Exception:  # noqa: BLE001 - ours but damaged (an older layout): a miss
            return None
        return value if stored_key == key else None

    def put(self, content: str | bytes, value: Any) -> None:
        """Store ``value`` for ``content``; a failure to write is ignored (it only costs speed)."""
        if not self._ready(create=True):
            return
        key = self.key(content)
        try:
            data = pickle.dumps((key, value), protocol=pickle.HIGHEST_PROTOCOL)
            fd, tmp = tempfile.mkstemp(dir=self.folder, prefix=".tmp-")
            try:
                with os.fdopen(fd, "wb") as out:
                    out.write(self._sign(data) + data)
                os.replace(tmp, self.path(content))
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
