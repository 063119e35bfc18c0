"""The rules site's in-page reference, without a browser: the runner, the zip, the index.

The browser tests (tests/test_docs.py) run the same code under Pyodide in Chromium; these
check, in CPython and fast, that what the page calls prints what ``hotdeath run`` prints,
that the zip carries everything a run imports and nothing of the command line, and that
the search index ranks what a reader types first.
"""

from __future__ import annotations

import json
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from hotdeath.cli import main
from hotdeath.resources import scenarios_dir
from hotdeath.site import bundle, inpage

ROOT = Path(__file__).resolve().parent.parent


def _cli(path: Path) -> str:
    result = CliRunner().invoke(main, ["run", str(path)])
    return result.output


@pytest.mark.parametrize("name", ["hot-death-1989/delay-blast-defended.scn"])
def test_the_page_runner_prints_what_hotdeath_run_prints(name):
    path = scenarios_dir() / name
    shown = json.loads(inpage.run(path.read_text(encoding="utf-8"), str(path)))
    assert shown["ok"]
    assert shown["output"] + "\n" == _cli(path)


def test_a_sample_of_the_corpus_prints_the_same_in_the_page_and_the_cli():
    files = sorted(scenarios_dir().rglob("*.scn"))[::97]
    assert len(files) > 10
    for path in files:
        shown = json.loads(inpage.run(path.read_text(encoding="utf-8"), str(path)))
        assert shown["output"] + "\n" == _cli(path), path


def test_an_illegal_step_is_reported_at_its_line():
    path = scenarios_dir() / "hot-death-1989/delay-blast-defended.scn"
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    n = next(i for i, line in enumerate(lines, 1) if "carol plays red holy_defender" in line)
    shown = json.loads(inpage.run(text.replace("carol plays red holy_defender",
                                               "carol plays blue 5"), "x.scn"))
    assert not shown["ok"]
    assert [d["line"] for d in shown["diagnostics"]] == [n]
    assert "rejected" in shown["diagnostics"][0]["message"]


def test_a_syntax_error_is_reported_at_its_line_and_column():
    shown = json.loads(inpage.run("scenario \"x\"\nid x-1\nrulset classic\n", "x.scn"))
    assert shown["output"].startswith("x.scn:3:1: ")
    assert shown["diagnostics"][0]["line"] == 3 and shown["diagnostics"][0]["col"] == 1


def test_the_frames_follow_the_trace_step_by_step():
    path = scenarios_dir() / "hot-death-1989/delay-blast-defended.scn"
    shown = json.loads(inpage.run(path.read_text(encoding="utf-8"), str(path)))
    frames = shown["frames"]
    steps = [line for line in shown["output"].splitlines() if line[:4].strip().rstrip(".")
             .isdigit()]
    assert len(frames) == len(steps) + 1
    assert frames[0]["observation"]["hands"]["alice"] == ["wild delay_blast", "red 7"]
    assert frames[1]["observation"]["pending"]["target"] == "carol"
    assert frames[2]["observation"]["pending"]["target"] == "dave"


def test_the_playground_template_passes_under_every_ruleset():
    for entry in bundle.playground_data(inpage.rulesets()):
        shown = json.loads(inpage.run(entry["template"], "playground.scn"))
        assert shown["ok"], (entry["id"], shown["output"])
        assert entry["cards"] and all(c["faces"] for c in entry["cards"])


def test_every_try_this_card_table_is_a_legal_play_or_the_card_says_why_not():
    """Each card's "try this card" table (bundle.try_card) is a valid scenario of its deck
    (an option's card with its option) whose play is accepted, with the colour, target,
    cards or number it needs; the only ones refused are refused by the card itself (a
    'playable if' that the table does not meet) or stop for a scripted input (a shuffle, a
    coin) that the trace then asks for."""
    accepted = refused = 0
    for entry in bundle.playground_data(inpage.rulesets()):
        for card in entry["cards"]:
            shown = json.loads(inpage.run(card["try"], "playground.scn"))
            out = shown["output"]
            assert out.startswith("scenario "), (entry["id"], card["name"], out)  # it compiled
            assert f"alice plays {card['try_face']}" in out
            if shown["ok"]:
                accepted += 1
                continue
            refused += 1
            assert "-> rejected (not_playable:" in out or "but the scenario scripts none" in out, \
                (entry["id"], card["name"], out)
    assert accepted > 10 * refused, (accepted, refused)


def test_the_zip_holds_what_a_run_needs_and_not_the_command_line(tmp_path):
    out = tmp_path / "hotdeath.zip"
    first = bundle.write_zip(out)
    assert bundle.write_zip(tmp_path / "again.zip") == first  # reproducible
    names = set(zipfile.ZipFile(out).namelist())
    assert {"hotdeath/site/inpage.py", "hotdeath/_data/grammar/scenario.lark",
            "hotdeath/_data/spec/hot-death-1989.hd", "lark/__init__.py",
            "hotdeath_harness/runner.py"} <= names
    assert not any(n.startswith(("click/", "rich/", "pygments/")) for n in names)
    assert "hotdeath/cli.py" not in names and "hotdeath/site/generate.py" not in names
    # Unpacked as the page unpacks it into site-packages, run in a fresh interpreter that
    # sees nothing else of the checkout or the virtual environment.
    lib = tmp_path / "site-packages"
    zipfile.ZipFile(out).extractall(lib)
    code = ("import sys, json; sys.path[:0] = [sys.argv[1]]; "
            "import hotdeath.site.inpage as p; assert p.__file__.startswith(sys.argv[1]); "
            "r = json.loads(p.run(open(sys.argv[2]).read(), 'x.scn')); "
            "assert r['ok'], r['output']; "
            "bad = [m for m in ('click', 'rich', 'pygments', 'sphinx') if m in sys.modules]; "
            "assert not bad, bad")
    scn = scenarios_dir() / "hot-death-1989/delay-blast-defended.scn"
    done = subprocess.run([sys.executable, "-I", "-S", "-c", code, str(lib), str(scn)],
                          capture_output=True, text=True,
                          env={"HOTDEATH_CACHE": "off", "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr[-2000:]


def test_the_search_index_puts_exact_names_and_ids_in_it(rulesets):
    from hotdeath.site.gather import gather
    from hotdeath.site.search_index import index_json

    idx = json.loads(index_json(gather(rulesets)))
    order = [r["id"] for r in idx["rulesets"]]
    assert order.index("hot-death-1989") < order.index("hot-death-deluxe")
    holy = {e["r"]: e for e in idx["entries"] if e["k"] == "card" and "Holy Defender" in e["n"]}
    # the 1989 card is the one a later ruleset inherits: it ranks first among equal names
    assert holy["hot-death-1989"]["h"] > max(e["h"] for r, e in holy.items()
                                             if r != "hot-death-1989")
    assert any(e["k"] == "ruling" and e["id"] == "HD89-22" for e in idx["entries"])
    assert any(e["k"] == "scenario" and e["id"] == "hd89-0108" for e in idx["entries"])


def test_plain_words_are_generated_from_each_cards_rules(rulesets):
    from hotdeath.site.plain import plain_words

    skip = plain_words(rulesets["classic"].kinds["Skip"])
    assert skip[0] == "When it is played, the next player loses their turn."
    blast = " ".join(plain_words(rulesets["hot-death-1989"].kinds["Delay Blast"]))
    assert "loses their turn" in blast and "a draw of 4" in blast
    for rs in rulesets.values():
        for kind in rs.kinds.values():
            said = plain_words(kind)
            has_rules = (kind.triggers or kind.answers or kind.modifiers or kind.effects or
                         kind.playable or kind.bluff or kind.must_answer or
                         kind.playable_anytime)
            assert bool(said) == bool(has_rules), (rs.ident, kind.name)
            assert all(s.endswith(".") for s in said)
