"""The rules site: reST pages and DOT diagrams generated from the checked rulesets and the corpus.

Nothing in this package imports Sphinx except ``sphinx_ext`` and ``sphinx_domain``
(the thin layer Sphinx loads), so the generators can be tested and reused on
their own, as Sphinx's own ``inheritance_diagram`` keeps its graph apart.
"""
