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

html_theme = "alabaster"
html_static_path = ["_static"]
templates_path = ["_templates"]
# No theme navigation sidebar: it renders the global toctree on every page, which is
# quadratic in the page count (most of a build's time with 1,400 pages).
html_sidebars = {"**": ["about.html", "hd-nav.html", "relations.html", "searchfield.html"]}
html_css_files = ["hotdeath.css"]
html_title = "Hot Death Uno: the rules"
html_show_sourcelink = False
html_theme_options = {"page_width": "1200px", "sidebar_width": "240px"}
highlight_language = "text"
