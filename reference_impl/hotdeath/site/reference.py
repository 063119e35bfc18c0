"""The language reference: every verb, selector, value and condition of the kernel's registry.

Each entry's example is parsed as rules-language text when the page is made,
so a documented example that stopped compiling fails the build (Ludii's
reference is the model).
"""

from __future__ import annotations

from ..registry import Entry, Vocabulary
from . import rst

LEXER = "hotdeath"


def signature(entry: Entry) -> str:
    params = ", ".join(f"{p}{'' if spec.required else '?'}: {spec.kind}"
                       for p, spec in entry.params.items())
    returns = f" -> {entry.returns}" if entry.returns else ""
    return f"{entry.name}({params}){returns}"


def example_problem(entry: Entry) -> str:
    """Why an entry's example parses neither as a statement, a card entry, a condition nor a
    value of the rules language (``...`` standing for an elided body), or ''."""
    from lark import Lark, LarkError

    from ..resources import grammar_dir

    global _PARSER
    if _PARSER is None:
        text = (grammar_dir() / "hotdeath.lark").read_text(encoding="utf-8")
        _PARSER = Lark(text, parser="lalr", maybe_placeholders=False)
    example = entry.example.replace("{ ... }", "{ }").replace(", ...", "")
    example = example.replace("...", "")
    head = 'ruleset x "x"\n'
    forms = [f"card \"x\" {{\n  on play {{ {example} }}\n}}\n",
             f"card \"x\" {{\n  {example}\n}}\n",
             f"card \"x\" {{\n  on play if {example} {{ }}\n}}\n",
             f"card \"x\" {{\n  on play {{ let v = {example} }}\n}}\n",
             f"card \"x\" {{\n  on play {{ {example} {{ }} }}\n}}\n",
             f"card \"x\" {{\n  {example} {{ }}\n}}\n"]
    first = ""
    for form in forms:
        try:
            _PARSER.parse(head + form)
            return ""
        except LarkError as err:
            first = first or str(err).splitlines()[0]
    return first


_PARSER = None


def reference_page(vocab: Vocabulary) -> str:
    out = rst.heading("The rules language: the kernel's vocabulary")
    out += ["A rules file (``.hd``, grammar in ``grammar/hotdeath.lark``) calls the words "
            "below; the checker validates every call against these schemas, and this page "
            "is generated from the same registry, so the language, the engine and these "
            "docs cannot drift apart. ``?`` marks an optional parameter.", ""]
    for title, table in vocab.tables():
        out += rst.heading(title.capitalize(), "-")
        for name in sorted(table):
            entry = table[name]
            out += [f".. rubric:: ``{signature(entry)}``", ""]
            out += [f".. _hd-vocab-{entry.kind}-{name}:", ""]
            out += [rst.esc(entry.doc) + (" *(asks a player)*" if entry.asks else ""), ""]
            params = [[f"``{p}``", spec.kind, "yes" if spec.required else
                       f"no (default ``{spec.default}``)" if spec.default is not None else "no",
                       rst.esc(spec.doc)] for p, spec in entry.params.items()]
            if params:
                out += rst.list_table(["parameter", "kind", "required", ""], params,
                                      "20 15 25 40")
            if entry.needs:
                out += ["Protocol features it needs: "
                        + ", ".join(f"``{n}``" for n in sorted(entry.needs)) + ".", ""]
            if entry.seeds:
                out += ["Seed cards that need it: " + rst.esc(", ".join(entry.seeds)) + ".", ""]
            problem = example_problem(entry)
            if problem:
                raise ValueError(f"the example of {entry.kind} '{name}' does not parse: "
                                 f"{entry.example!r}: {problem}")
            out += rst.code_block(entry.example, LEXER)
    return "\n".join(out) + "\n"
