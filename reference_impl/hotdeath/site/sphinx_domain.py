"""The ``hd`` Sphinx domain: cards, rulings and scenarios as cross-referenceable objects.

Generated pages declare their object with a directive (``.. hd:card::
RULESET:NAME``); any page links to one with a role (``:hd:card:`TITLE
<RULESET:NAME>```, ``:hd:ruling:`ID```, ``:hd:scenario:`ID```).
A card target is ``ruleset:Name``; a bare name works when only one ruleset has
the card. A dangling reference is a warning, so ``make docs`` (``-W``) fails on it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx import addnodes
from sphinx.domains import Domain, Index, IndexEntry, ObjType
from sphinx.roles import XRefRole
from sphinx.util.docutils import SphinxDirective
from sphinx.util.nodes import make_refnode

from .rst import slug

KINDS = ("card", "ruling", "scenario")
LABELS = {"card": "card", "ruling": "ruling", "scenario": "scenario"}


class HDObject(SphinxDirective):
    """Declares the object a page is about: an anchor, an index entry, a domain record."""

    required_arguments = 1
    final_argument_whitespace = True
    option_spec = {"title": directives.unchanged}
    kind = "card"

    def run(self) -> list[nodes.Node]:
        name = self.arguments[0].strip()
        title = self.options.get("title") or name
        anchor = f"hd-{self.kind}-{slug(name)}"
        target = nodes.target("", "", ids=[anchor])
        self.state.document.note_explicit_target(target)
        domain: HotDeathDomain = self.env.get_domain("hd")  # type: ignore[assignment]
        domain.note_object(self.kind, name, title, self.env.docname, anchor)
        index = addnodes.index(entries=[("single", f"{title} ({LABELS[self.kind]})", anchor,
                                         "", None)])
        return [index, target]


class CardDirective(HDObject):
    kind = "card"


class RulingDirective(HDObject):
    kind = "ruling"


class ScenarioDirective(HDObject):
    kind = "scenario"


class details(nodes.General, nodes.Element):  # noqa: N801 -- docutils names nodes in lower case
    """A collapsible block (HTML ``<details>``); other builders show its content as is."""


class DetailsDirective(SphinxDirective):
    required_arguments = 1
    final_argument_whitespace = True
    has_content = True

    def run(self) -> list[nodes.Node]:
        node = details(summary=self.arguments[0])
        self.state.nested_parse(self.content, self.content_offset, node)
        return [node]


def visit_details_html(self, node: details) -> None:
    from html import escape

    self.body.append(self.starttag(node, "details", CLASS="hd-details"))
    self.body.append(f"<summary>{escape(node['summary'])}</summary>\n")


def depart_details_html(self, node: details) -> None:
    self.body.append("</details>\n")


def visit_details_plain(self, node: details) -> None:
    pass


def depart_details_plain(self, node: details) -> None:
    pass


class HDIndex(Index):
    """Every card, ruling and scenario, grouped by kind."""

    name = "index"
    localname = "Index of cards, rulings and scenarios"
    shortname = "hotdeath index"

    def generate(self, docnames: Iterable[str] | None = None
                 ) -> tuple[list[tuple[str, list[IndexEntry]]], bool]:
        objects = self.domain.data["objects"]
        content: list[tuple[str, list[IndexEntry]]] = []
        for kind in KINDS:
            entries = []
            for (k, name), (docname, anchor, title) in sorted(objects.items()):
                if k != kind or (docnames is not None and docname not in docnames):
                    continue
                extra = name.split(":", 1)[0] if kind == "card" else ""
                entries.append(IndexEntry(title, 0, docname, anchor, extra, "", ""))
            if entries:
                content.append((f"{kind.capitalize()}s", sorted(entries)))
        return content, False


class HotDeathDomain(Domain):
    name = "hd"
    label = "hotdeath"
    object_types = {k: ObjType(LABELS[k], k) for k in KINDS}
    directives = {"card": CardDirective, "ruling": RulingDirective,
                  "scenario": ScenarioDirective, "details": DetailsDirective}
    roles = {k: XRefRole(warn_dangling=True) for k in KINDS}
    initial_data: dict[str, Any] = {"objects": {}}  # (kind, name) -> (docname, anchor, title)
    indices = [HDIndex]

    @property
    def objects(self) -> dict[tuple[str, str], tuple[str, str, str]]:
        return self.data.setdefault("objects", {})

    def note_object(self, kind: str, name: str, title: str, docname: str, anchor: str) -> None:
        self.objects[(kind, name)] = (docname, anchor, title)

    def clear_doc(self, docname: str) -> None:
        for key, (doc, _, _) in list(self.objects.items()):
            if doc == docname:
                del self.objects[key]

    def merge_domaindata(self, docnames: set[str], otherdata: dict) -> None:
        for key, value in otherdata["objects"].items():
            if value[0] in docnames:
                self.objects[key] = value

    def find(self, kind: str, target: str) -> tuple[str, str, str] | None:
        """The object a role names; a bare card name resolves when it is unique."""
        got = self.objects.get((kind, target))
        if got is not None or kind != "card" or ":" in target:
            return got
        matches = [v for (k, name), v in self.objects.items()
                   if k == "card" and (name.split(":", 1)[1] == target or
                                       v[2].split(" (")[0] == target)]
        return matches[0] if len(matches) == 1 else None

    def resolve_xref(self, env, fromdocname, builder, typ, target, node, contnode):
        got = self.find(typ, target)
        if got is None:
            return None
        docname, anchor, title = got
        if not node.get("refexplicit") and typ == "card":
            contnode = nodes.literal(title, title, classes=["xref", "hd", "hd-card"])
        return make_refnode(builder, fromdocname, docname, anchor, contnode, title)

    def resolve_any_xref(self, env, fromdocname, builder, target, node, contnode):
        out = []
        for kind in KINDS:
            ref = self.resolve_xref(env, fromdocname, builder, kind, target, node, contnode)
            if ref is not None:
                out.append((f"hd:{kind}", ref))
        return out

    def get_objects(self):
        for (kind, name), (docname, anchor, title) in sorted(self.objects.items()):
            yield name, title, kind, docname, anchor, 1
