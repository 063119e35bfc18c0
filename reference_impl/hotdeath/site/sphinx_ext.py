"""The thin Sphinx extension: generate the pages, register the ``hd`` domain and the lexers.

All content comes from ``hotdeath.site.generate`` (no Sphinx there); this
module only hooks it into the build: pages are written on ``builder-inited``,
before Sphinx reads the sources.
"""

from __future__ import annotations

import posixpath
import re
import time
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util import logging

from ..lexers import HotDeathRulesLexer, HotDeathScenarioLexer
from . import sphinx_domain
from .sphinx_domain import HotDeathDomain, details

logger = logging.getLogger(__name__)


def _generate(app: Sphinx) -> None:
    from .generate import write

    write(Path(app.srcdir), log=logger.info)


def _bundle(app: Sphinx, exc: Exception | None) -> None:
    """Copy the in-page reference (Pyodide, the app, the Python zip) into the built site."""
    if exc is not None or app.builder.format != "html":
        return
    import shutil

    from .bundle import MissingAssets, install

    search = Path(app.srcdir) / "generated" / "search.json"
    (Path(app.outdir) / "_static" / "hd").mkdir(parents=True, exist_ok=True)
    shutil.copy2(search, Path(app.outdir) / "_static" / "hd" / "search.json")

    began = time.perf_counter()
    try:
        manifest = install(Path(app.outdir) / "_static")
    except MissingAssets as err:
        logger.warning("the in-page reference is not bundled: %s", err)
        return
    total = sum(manifest["files"].values())
    logger.info("hotdeath: in-page reference bundled (Pyodide %s, %d files, %.1f MB) in %.1fs",
                manifest["pyodide"], len(manifest["files"]), total / 1e6,
                time.perf_counter() - began)


def _one_toctree(app: Sphinx, pagename: str, templatename: str, context: dict,
                 doctree: Any) -> None:
    """Every page gets the same navigation: the root's contents, one level deep, built once.

    A theme's sidebar renders the whole toctree on each page (furo even when no sidebar shows
    it), which is quadratic in the page count: with 2,400 pages, most of a build. Runs before
    the theme's own handler (priority 400), so the theme builds its sidebar from this."""
    real = context.get("toctree")
    if real is None:
        return
    cache = app.__dict__.setdefault("_hd_toctree", {})  # per build, never pickled
    here = app.builder.get_target_uri(pagename)
    if "html" not in cache:
        html = real(collapse=True, titles_only=True, maxdepth=1, includehidden=False) or ""
        html = re.sub(r'\s*class="current"|(?<=class=")current |(?<=[" ])current(?=")', "", html)
        cache["html"] = _rebase(html, here, "index.html")  # links relative to the root
    mine = _rebase(cache["html"], "index.html", here)
    context["toctree"] = lambda **kwargs: mine


def _rebase(html: str, page: str, to: str) -> str:
    """The links of ``html`` (relative to the page ``page``) made relative to ``to``."""
    def fix(m: re.Match) -> str:
        href = m[1]
        if "://" in href or href.startswith(("#", "mailto:")):
            return m[0]
        target = posixpath.normpath(posixpath.join(posixpath.dirname(page), href))
        return f'href="{posixpath.relpath(target, posixpath.dirname(to) or ".")}"'
    return re.sub(r'href="([^"]*)"', fix, html)


class FileLinks(SphinxPostTransform):
    """A Markdown link to a file that is not a page (PROTOCOL.md's links to its JSON Schemas
    and changelog, included into guide/protocol): copied into the built site beside the page,
    so the relative link works, instead of becoming an anchor that does not exist. Runs
    before MyST's own resolver, which would make it ``#schema/...``."""

    default_priority = 5

    def run(self, **kwargs: Any) -> None:
        from ..resources import _REPO

        docdir = Path(self.env.docname).parent
        for node in list(self.document.findall(addnodes.pending_xref)):
            target = node.get("reftarget", "")
            if node.get("reftype") != "myst" or "://" in target or target.startswith("#"):
                continue
            roots = [Path(node.source).parent] if node.source else []
            found = next((r / target for r in [*roots, _REPO / "conformance"]
                          if (r / target).is_file() and (r / target).suffix != ".rst"), None)
            if found is None or (Path(self.env.srcdir) / docdir / target).exists():
                continue
            self.app.__dict__.setdefault("_hd_files", {})[(docdir / target).as_posix()] = found
            link = nodes.reference("", "", refuri=target, internal=False)
            link += node.children
            node.replace_self(link)


def _copy_files(app: Sphinx, exc: Exception | None) -> None:
    if exc is not None or app.builder.format != "html":
        return
    import shutil

    for dest, source in app.__dict__.get("_hd_files", {}).items():
        out = Path(app.outdir) / dest
        out.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, out)


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_domain(HotDeathDomain)
    plain = (sphinx_domain.visit_details_plain, sphinx_domain.depart_details_plain)
    app.add_node(details,
                 html=(sphinx_domain.visit_details_html, sphinx_domain.depart_details_html),
                 latex=plain, text=plain, man=plain, texinfo=plain)
    app.add_lexer("hotdeath", HotDeathRulesLexer)
    app.add_lexer("hotdeath-scenario", HotDeathScenarioLexer)
    app.connect("builder-inited", _generate)
    app.connect("build-finished", _bundle)
    app.connect("build-finished", _copy_files)
    app.add_post_transform(FileLinks)
    app.connect("html-page-context", _one_toctree, priority=400)
    app.add_js_file("hd/hd-app.js", loading_method="defer")
    app.add_css_file("hd-app.css")
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
