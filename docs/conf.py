"""Sphinx configuration for the hotdeath rules site.

The rule content (rulesets, cards, rulings, scenarios, matrices, the language
reference) is generated into ``generated/`` by ``hotdeath.site`` when the build
starts; the pages here are written by hand and link into it with the ``hd``
domain's roles.
"""

project = "hotdeath"
author = "the hotdeath project"
copyright = "the hotdeath project"  # noqa: A001 -- Sphinx's name for it

extensions = [
    "myst_parser",
    "sphinx.ext.graphviz",
    "hotdeath.site.sphinx_ext",
]

source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
exclude_patterns = ["_build", "web", "Thumbs.db", ".DS_Store"]
root_doc = "index"

graphviz_output_format = "svg"
graphviz_dot_args = ["-Gfontname=Helvetica"]

myst_heading_anchors = 3
# PROTOCOL.md links its JSON Schemas and changelog by relative path (on the site they are
# files, not pages), and its JSON examples elide with "...". Our own lexers are tested
# separately (tests/test_docs.py): every spec file and scenario lexes without an error.
suppress_warnings = ["myst.xref_missing", "misc.highlighting_failure"]

# Furo: maintained, readable on a phone, wide blocks scroll. Its sidebar would render the
# global toctree on every page (quadratic in the page count: most of a build's time with
# 2,400 pages); hotdeath.site.sphinx_ext hands it the root's contents, built once.
html_theme = "furo"
html_static_path = ["_static"]
html_css_files = ["hotdeath.css"]
html_title = "Hot Death Uno: the rules"
html_show_sourcelink = False
html_theme_options = {"navigation_with_keys": False}
highlight_language = "text"
