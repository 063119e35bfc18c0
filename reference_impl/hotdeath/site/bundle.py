"""The in-page reference's files, copied into the built site: Pyodide, the app, the Python zip.

At build time (``make docs``) npm installs the ``pyodide`` package and esbuild
bundles the page's app (``docs/web``: the scenario editor, the runner, the
table, search); this module then copies the runtime files Pyodide needs into
``_static/hd/pyodide`` and writes ``_static/hd/hotdeath.zip``: the reference's
pure-Python parts in the layout of an installed wheel (``hotdeath`` with its
``_data``, ``hotdeath_harness``, ``lark``), which the page unpacks into
site-packages. Nothing is fetched from a network when the page runs.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import zipfile
from collections.abc import Iterable
from pathlib import Path

from ..resources import _REPO

WEB = _REPO / "docs" / "web"
RUNTIME = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
           "pyodide-lock.json")
"""What ``loadPyodide`` reads when no Pyodide package is loaded (measured: nothing else)."""

# Of the reference, what a run never imports: the command line (click, rich), the
# lexers (pygments) and the site's generators (Sphinx), all but the in-page runner.
_SKIP = {"hotdeath/cli.py", "hotdeath/lexers.py", "hotdeath/__main__.py",
         "hotdeath_harness/cli.py", "hotdeath_harness/pytest_plugin.py"}
_SITE_KEEP = {"hotdeath/site/__init__.py", "hotdeath/site/inpage.py"}


class MissingAssets(Exception):
    """The npm side of the build has not run (``make web``)."""


def python_files() -> Iterable[tuple[str, Path]]:
    """(name in the zip, file) for each Python source and data file a run needs."""
    import lark

    roots = [("hotdeath", _REPO / "reference_impl" / "hotdeath"),
             ("hotdeath_harness", _REPO / "conformance" / "hotdeath_harness"),
             ("lark", Path(lark.__file__).parent)]
    for name, root in roots:
        for path in sorted(root.rglob("*")):
            rel = f"{name}/{path.relative_to(root).as_posix()}"
            if not path.is_file() or "__pycache__" in rel or rel in _SKIP:
                continue
            if rel.startswith("hotdeath/site/") and rel not in _SITE_KEEP:
                continue
            if path.suffix in (".py", ".lark", ".typed"):
                yield rel, path
    data = [("grammar", _REPO / "grammar"), ("spec", _REPO / "spec"),
            ("schema", _REPO / "conformance" / "schema")]
    for name, root in data:
        for path in sorted(root.rglob("*")):
            if path.is_file():
                yield f"hotdeath/_data/{name}/{path.relative_to(root).as_posix()}", path


def write_zip(out: Path) -> str:
    """The zip, byte for byte the same for the same inputs; returns its digest."""
    out.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for name, path in python_files():
            info = zipfile.ZipInfo(name, date_time=(2000, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(info, path.read_bytes())
    return hashlib.sha256(out.read_bytes()).hexdigest()[:16]


_TEMPLATE_CARDS = ("red 3", "red 7", "blue 7", "blue 8", "yellow 9", "green 6", "yellow 5",
                   "blue 2", "blue 4", "yellow 2", "green 4")


def template(rs) -> str:
    """A small table of plain number cards for the playground: alice plays a red on a red.
    A test runs it under every ruleset, so a ruleset whose deck lacks a card shows up."""
    c = _TEMPLATE_CARDS
    cite = rs.citations[0]
    return "\n".join([
        f'scenario "Try it: a table of {rs.title}"', "id playground-1", f"ruleset {rs.ident}",
        f"cites {cite.source} {_string(cite.heading)} {_string(cite.quote)}",
        "table", "  players alice bob carol", f"  discard {c[0]}",
        f"  hand alice: {c[1]}, {c[2]}", f"  hand bob: {c[3]}, {c[4]}",
        f"  hand carol: {c[5]}, {c[6]}", f"  pile {', '.join(c[7:])}",
        "steps", f"  alice plays {c[1]}", "  expect turn bob", ""])


def _string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


_COLOURS = ("red", "yellow", "green", "blue")


def try_card(rs, kind, faces: list[str], option: str = "") -> tuple[str, str]:
    """The playground's table for "try this card": the template with one face of the card in
    alice's hand, a discard of its colour, and a step in which alice plays it with the
    choices its play needs (a colour, a target, cards given); returns (the scenario, the
    face). Made here, from the checked card, so a test can run every card's table through
    the reference."""
    face = next((f for f in faces if f.startswith("red ")), None) or \
        next((f for f in faces if f.split()[0] in _COLOURS), None) or \
        next((f for f in faces if f.startswith("wild")), faces[0])
    colour = face.split()[0] if face.split()[0] in _COLOURS else "red"
    needs = kind.needs.get("play", frozenset()) | kind.needs.get("modify", frozenset())
    choices = ""
    if "color" in needs or face.startswith("wild"):
        choices += f" choosing {colour}"
    if "target" in needs:
        choices += " at bob"
    if "cards" in needs:
        choices += f" with {_TEMPLATE_CARDS[2]}"
    if kind.counts_as:  # a card played as a number says which: the discard's, if it may
        choices += f" as {3 if 3 in kind.counts_as else kind.counts_as[0]}"
    lines = template(rs).split("\n")
    if option:
        lines.insert(lines.index(f"ruleset {rs.ident}") + 1, f"option {option}")
    title = (kind.called or kind.name).replace("\\", "").replace('"', "'")
    lines[0] = f'scenario "Try the {title}"'
    at = lines.index("steps")
    for i, line in enumerate(lines[:at]):
        if line.startswith("  discard "):
            lines[i] = f"  discard {colour} 3"
        elif line.startswith("  hand alice: "):
            lines[i] = line.replace(": ", f": {face}, ", 1)
    return "\n".join(lines[:at + 1] + [f"  alice plays {face}{choices}", ""]), face


def playground_data(rulesets: dict) -> list[dict]:
    """Each ruleset's cards (name, the title it goes by, the notations of its faces, the
    "try this card" table) and the playground's starting scenario."""
    out = []
    for ident, rs in sorted(rulesets.items()):
        cards = []
        decks = _decks(rs)
        for kind in sorted(rs.kinds.values(), key=lambda k: (k.called or k.name).lower()):
            # the faces a deck holds (a flex card's other side is never dealt on its own)
            faces = sorted({f.notation for f in rs.faces.values() if f.kind is kind
                            and any(f.notation in deck for deck in decks.values())})
            if faces:
                option = "" if any(f in decks[""] for f in faces) else next(
                    o for o, deck in decks.items() if o and faces[0] in deck)
                text, face = try_card(rs, kind, faces, option)
                cards.append({"name": kind.name, "key": kind.key,
                              "title": kind.called or kind.name, "faces": faces,
                              "option": option, "try": text, "try_face": face})
        out.append({"id": ident, "title": rs.title, "options": sorted(rs.options),
                    "cards": cards, "template": template(rs)})
    return out


def _decks(rs) -> dict[str, set[str]]:
    """The notations in the base deck (key "") and in the deck of each option."""
    out = {"": {f.notation for f in rs.deck}}
    for opt in sorted(rs.options):
        out[opt] = {f.notation for f in rs.with_options(frozenset([opt])).deck}
    return out


def syntax() -> dict:
    """The scenario format's words, as the site's Pygments lexer knows them, for the editor."""
    from .. import lexers

    return {"header": list(lexers._SCN_HEADER), "colours": list(lexers._COLOURS),
            "keywords": sorted(set(lexers._SCN_TABLE + lexers._SCN_STEPS + lexers._SCN_EXPECT))}


def install(static: Path, web: Path = WEB) -> dict:
    """Copy the runtime and the app into ``static/hd`` and write the zip; returns the manifest
    (file names with sizes, and the zip's digest, which the page uses to refresh its copy)."""
    runtime = web / "node_modules" / "pyodide"
    app = web / "dist"
    if not (runtime / "pyodide.mjs").exists() or not (app / "hd-app.js").exists():
        raise MissingAssets(f"{runtime} or {app}/hd-app.js is missing: run `make web` "
                            "(npm ci and the esbuild bundle) before Sphinx")
    dest = static / "hd"
    (dest / "pyodide").mkdir(parents=True, exist_ok=True)
    for name in RUNTIME:
        shutil.copy2(runtime / name, dest / "pyodide" / name)
    for path in app.iterdir():
        if path.is_file():
            shutil.copy2(path, dest / path.name)
    digest = write_zip(dest / "hotdeath.zip")
    sizes = {p.relative_to(dest).as_posix(): p.stat().st_size
             for p in sorted(dest.rglob("*")) if p.is_file()}
    version = json.loads((runtime / "package.json").read_text(encoding="utf-8"))["version"]
    from ..lang.check import load_rulesets

    manifest = {"pyodide": version, "zip": digest, "files": sizes, "syntax": syntax(),
                "rulesets": playground_data(load_rulesets())}
    (dest / "manifest.json").write_text(json.dumps(manifest, indent=1), encoding="utf-8")
    return manifest
