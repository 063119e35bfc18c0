"""The thin Sphinx extension: generate the pages, register the ``hd`` domain and the lexers.

All content comes from ``hotdeath.site.generate`` (no Sphinx there); this
module only hooks it into the build: pages are written on ``builder-inited``,
before Sphinx reads the sources.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sphinx.application import Sphinx
from sphinx.util import logging

from ..lexers import HotDeathRulesLexer, HotDeathScenarioLexer
from . import sphinx_domain
from .sphinx_domain import HotDeathDomain, details

logger = logging.getLogger(__name__)


def _generate(app: Sphinx) -> None:
    from .generate import write

    write(Path(app.srcdir), log=logger.info)


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_domain(HotDeathDomain)
    plain = (sphinx_domain.visit_details_plain, sphinx_domain.depart_details_plain)
    app.add_node(details,
                 html=(sphinx_domain.visit_details_html, sphinx_domain.depart_details_html),
                 latex=plain, text=plain, man=plain, texinfo=plain)
    app.add_lexer("hotdeath", HotDeathRulesLexer)
    app.add_lexer("hotdeath-scenario", HotDeathScenarioLexer)
    app.connect("builder-inited", _generate)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
