"""Building and serving the site: what ``make docs`` and ``hotdeath docs [--serve]`` run.

Sphinx runs in a child process (``python -m sphinx``), so this module needs no
Sphinx import and a build's global state never leaks into the caller.
"""

from __future__ import annotations

import contextlib
import functools
import subprocess
import sys
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from ..resources import _REPO

DOCS = _REPO / "docs"


def sphinx_command(docs: Path, out: Path, strict: bool = True, jobs: str = "1") -> list[str]:
    """The build command: HTML into ``out``, doctrees beside it, warnings as errors."""
    cmd = [sys.executable, "-m", "sphinx", "-b", "html", "-q", "-d", str(out.parent / "doctrees"),
           "-j", jobs]
    if strict:
        cmd += ["-W", "--keep-going"]
    return cmd + [str(docs), str(out)]


def build(docs: Path = DOCS, out: Path | None = None, strict: bool = True) -> int:
    """Build the site; returns Sphinx's exit status."""
    if not (docs / "conf.py").exists():
        print(f"no Sphinx project at {docs} (the site is built from a checkout)", file=sys.stderr)
        return 2
    out = out or docs / "_build" / "html"
    if (docs / "web" / "package.json").exists():  # the in-page reference: `make web` (npm)
        status = subprocess.call(["make", "-s", "-C", str(_REPO), "web"])
        if status != 0:
            return status
    return subprocess.call(sphinx_command(docs, out, strict))


def serve(out: Path, port: int = 8000, host: str = "127.0.0.1") -> None:
    """Serve the built site on this machine only, until interrupted."""
    handler = functools.partial(SimpleHTTPRequestHandler, directory=str(out))
    with ThreadingHTTPServer((host, port), handler) as httpd:
        print(f"serving {out} at http://{host}:{httpd.server_address[1]}/ (Ctrl-C to stop)")
        with contextlib.suppress(KeyboardInterrupt):
            httpd.serve_forever()
