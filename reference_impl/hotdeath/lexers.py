"""Pygments lexers for the rules language (``.hd``) and the scenario format (``.scn``).

Registered as Pygments plugins by entry point (``pyproject.toml``), so the
rules site and any Pygments-based editor or tool highlight both formats. They
follow ``grammar/hotdeath.lark`` and ``grammar/scenario.lark``: keywords are the
grammars' literal words; every other word is a name (a verb, selector, card
key or player), as the grammars themselves leave those to the checker.
"""

from __future__ import annotations

from pygments.lexer import RegexLexer, bygroups, words
from pygments.token import (
    Comment,
    Keyword,
    Name,
    Number,
    Operator,
    Punctuation,
    String,
    Text,
    Whitespace,
)

_END = r"(?![\w-])"
_STRING = r'"(\\.|[^"\\\n])*"'

_RULES_DECLARATIONS = ("ruleset", "extends", "card", "amend", "rule", "ruling", "option", "act",
                       "zone", "aside", "override", "effect", "cites")
_RULES_KEYWORDS = ("on", "answers", "modifies", "at", "if", "unless", "else", "let", "not",
                   "and", "or", "category", "any")


# Blanks, line ends, comments and quoted strings read alike in both formats.
_COMMON = [
    (r"[ \t]+", Whitespace),
    (r"\r?\n", Whitespace),
    (r"#[^\n]*", Comment.Single),
    (_STRING, String.Double),
]


class HotDeathRulesLexer(RegexLexer):
    """The hotdeath rules language: one ruleset per file, cards and rules in braces."""

    name = "hotdeath rules"
    aliases = ["hotdeath", "hd"]
    filenames = ["*.hd"]
    mimetypes = ["text/x-hotdeath"]

    tokens = {
        "root": [
            *_COMMON,
            (r"(ruleset|extends)([ \t]+)([a-z][a-z0-9-]*)",
             bygroups(Keyword.Declaration, Whitespace, Name.Namespace)),
            (r"(ruling)([ \t]+)([A-Z][A-Za-z0-9-]*)",
             bygroups(Keyword.Declaration, Whitespace, Name.Label)),
            (r"(cites)([ \t]+)([0-9]{3}|classic)",
             bygroups(Keyword.Declaration, Whitespace, Name.Constant)),
            (r"(option|act|zone)([ \t]+)([a-z_][a-z0-9_]*)",
             bygroups(Keyword.Declaration, Whitespace, Name.Variable)),
            (words(_RULES_DECLARATIONS, suffix=_END), Keyword.Declaration),
            (words(_RULES_KEYWORDS, suffix=_END), Keyword),
            (r"[+-]?[0-9]+\.\.[+-]?[0-9]+", Number.Integer),
            (r"[+-]?[0-9]+", Number.Integer),
            (r"[a-z_][a-z0-9_]*(?=\s*\()", Name.Function),
            (r"[a-z_][a-z0-9_]*(?=\s*=(?!=))", Name.Attribute),
            (r"[a-z_][a-z0-9_]*", Name),
            (r"[A-Z][A-Za-z0-9-]*", Name.Label),
            (r"<=|>=|==|!=|<|>|=", Operator),
            (r"[{}()\[\],]", Punctuation),
            (r"\.\.\.", Punctuation),  # an elided body in documentation examples
            (r"\\\r?\n", Text),
        ],
    }


_SCN_HEADER = ("scenario", "id", "ruleset", "option", "cites", "pins", "note", "table", "steps")
_SCN_TABLE = ("players", "dealer", "turn", "direction", "color", "discard", "pile", "hand",
              "field", "neutral", "zone", "eliminated", "out", "score", "tempo", "power", "shuffle",
              "choose", "deal", "flip", "clockwise", "counterclockwise")
_SCN_STEPS = ("plays", "jumps", "in", "with", "uses", "draws", "passes", "accepts",
              "challenges", "calls", "uno", "catches", "chooses", "player", "players", "card",
              "cards", "order", "number", "counts", "answers", "about", "coin", "race", "next",
              "choosing", "at", "avg")
_SCN_EXPECT = ("expect", "rejected", "top", "phase", "has", "lacks", "count", "bottom",
               "pending", "no", "queue", "round", "winner", "loser", "open", "not", "out",
               "counter", "on", "revealed", "knows", "choice", "tempo", "owed", "power",
               "attached", "window",
               # format 1.4: the legal moves, and what a choice offers
               "legal", "moves", "options", "total", "low", "high")
_COLOURS = ("red", "yellow", "green", "blue", "wild")


class HotDeathScenarioLexer(RegexLexer):
    """The hotdeath scenario format: a header, a closed-world table, steps and expectations."""

    name = "hotdeath scenario"
    aliases = ["hotdeath-scenario", "scn"]
    filenames = ["*.scn"]
    mimetypes = ["text/x-hotdeath-scenario"]

    tokens = {
        "root": [
            *_COMMON,
            (r"(cites)([ \t]+)([0-9]{3}|classic)",
             bygroups(Keyword.Declaration, Whitespace, Name.Constant)),
            (r"(id|ruleset|expect[ \t]+ruleset)([ \t]+)([a-z0-9][a-z0-9-]*)",
             bygroups(Keyword.Declaration, Whitespace, Name.Namespace)),
            (words(_SCN_HEADER, suffix=_END), Keyword.Declaration),
            (words(("expect",), suffix=_END), Keyword.Reserved),
            (words(_COLOURS, suffix=_END), Name.Constant),
            (words(_SCN_TABLE + _SCN_STEPS + _SCN_EXPECT, suffix=_END), Keyword),
            (r"[+-]?[0-9]+" + _END, Number.Integer),
            (r"[A-Z][A-Za-z0-9-]*", Name.Label),
            (r"[a-z0-9_][a-z0-9_-]*", Name),
            (r"[:,;]", Punctuation),  # ';' parts the moves of 'expect moves'

            (r"[-+*/]", Operator),  # cards combined: 'alice plays red 3 + red 4'
        ],
    }
