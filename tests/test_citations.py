"""Citations are checked strictly: a real heading, the quote in its section, a quote long
enough to identify a sentence; every error is located at the string that is wrong."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hotdeath.errors import HotDeathError
from hotdeath.lang import citations
from hotdeath.lang.check import check_text
from hotdeath.resources import scenarios_dir
from hotdeath.scenario import compile_scenario
from hotdeath.suite.coverage import spec_citations
from hotdeath.suite.lint import lint_scenario
from hotdeath_harness.corpus import load_corpus

AIDS_000 = ("If you are being made to draw cards, you may play this card and split the amount "
            "with whoever made you draw.")
AIDS_001 = "the \\\"AIDS\\\" card splits the effect between the two players."


def spec_errors(cite: str, classic) -> list[str]:
    """The rendered errors of a one-card spec whose card carries the citation (line 4)."""
    text = f'ruleset t "T" extends classic\ncard "X" {{\n  key x\n  {cite}\n}}\n'
    with pytest.raises(HotDeathError) as info:
        check_text(text, "bad.hd", classic)
    return [d.render() for d in info.value.diagnostics]


def test_a_word_for_heading_and_a_word_for_quote_is_refused(classic):
    errors = spec_errors('cites 000 "a" "the"', classic)
    assert errors[0].splitlines() == [
        "bad.hd:4:13: heading 'a' is not a heading of seed 000 (line 53 is not in its "
        ".headings list): did you mean heading 'Jump-Ins'?",
        '      cites 000 "a" "the"',
        "                ^"]
    assert errors[1].splitlines() == [
        "bad.hd:4:17: quote 'the' is too short to identify a sentence of seed 000 (1 words, 3 "
        "characters): quote at least 4 words or 20 characters, or a whole sentence or line",
        '      cites 000 "a" "the"',
        "                    ^"]


def test_an_empty_quote_is_refused(classic):
    assert [e.splitlines()[0] for e in spec_errors('cites 000 "Dodge" ""', classic)] == [
        "bad.hd:4:21: the quote is empty: quote the seed's own words, a sentence or more"]


def test_a_quote_from_another_section_names_the_heading_that_holds_it(classic):
    errors = spec_errors(f'cites 000 "Dodge" "{AIDS_000}"', classic)
    assert [e.splitlines()[0] for e in errors] == [
        "bad.hd:4:21: quote is not in the section of heading 'Dodge' in seed 000 (lines "
        "176-178); it is under heading 'AIDS (x2)(Green 3)' (lines 128-130): did you mean "
        "heading 'AIDS'?"]


def test_aids_text_of_1989_under_another_cards_heading_is_refused(classic):
    errors = spec_errors(f'cites 001 "\\"HOLY DEFENDER\\"" "{AIDS_001}"', classic)
    assert len(errors) == 1
    assert errors[0].startswith("bad.hd:4:33: quote is not in the section of heading "
                                "'\"HOLY DEFENDER\"' in seed 001")
    # the heading offered is one a cite may use: 001's AIDS entry declares no shorter name
    assert errors[0].splitlines()[0].endswith(
        "did you mean heading '\"AIDS\" Card ( A Green \\'3\\' )'?")
    assert citations.problems("001", "\"AIDS\" Card ( A Green '3' )",
                              AIDS_001.replace("\\", "")) == []


STACKING = ("the next player has the option of \"stacking\" another Draw-4 on top. This allows "
            "him to call suit and makes the next player eat 8 cards.")
SLAMMER = "When played, all players must slap the middle pile (excluding owner)."


def test_first_words_of_a_heading_that_it_does_not_declare_are_refused(classic):
    """Issue 26 item 12: 'Stacking and the' passed as the first words of 'Stacking and the
    "HARVESTER OF SORROWS" ( Draw-4 cards )'; a cite names the whole heading or a name its
    .headings entry declares."""
    problems = citations.problems("001", "Stacking and the", STACKING)
    assert [p.field for p in problems] == ["heading"]
    errors = spec_errors('cites 001 "Stacking and the" "the next player has the option of '
                         '\\"stacking\\" another Draw-4 on top."', classic)
    assert [e.splitlines()[0] for e in errors] == [
        "bad.hd:4:13: heading 'Stacking and the' is only the first words of heading "
        "'Stacking and the \"HARVESTER OF SORROWS\" ( Draw-4 cards )' of seed 001 (line 55): "
        "cite the whole heading, or a shorter name its entry declares after ' ~ ' in the "
        "seed's .headings file: did you mean heading 'Stacking and the \"HARVESTER OF "
        "SORROWS\" ( Draw-4 cards )'?"]
    assert citations.problems(
        "001", 'Stacking and the "HARVESTER OF SORROWS" ( Draw-4 cards )', STACKING) == []


def test_a_whole_heading_that_is_the_first_words_of_another_names_only_itself():
    """'Hot Death Uno Deluxe Edition' is a heading of seed 002 and the first words of 'Hot
    Death Uno Deluxe Edition Rules': it no longer reaches into the Rules' section."""
    quote = "Pick a way to start a dealer."
    assert [p.field for p in citations.problems("002", "Hot Death Uno Deluxe Edition",
                                                quote)] == ["quote"]
    assert citations.problems("002", "Hot Death Uno Deluxe Edition Rules", quote) == []


@pytest.mark.parametrize("heading", ["31. * Slammer (R9)", "Slammer (R9)", "Slammer",
                                     "31. * Slammer", "slammer"])
def test_a_heading_is_cited_whole_or_by_a_declared_name(heading):
    """002's entry '31. * Slammer (R9) ~ Slammer': list marks and letter case aside."""
    assert citations.problems("002", heading, SLAMMER) == []


@pytest.mark.parametrize("heading", ["Slammer (R", "31. * Slam", "Slammer (R9):"])
def test_other_first_words_of_a_declared_heading_are_refused(heading):
    assert [p.field for p in citations.problems("002", heading, SLAMMER)] == ["heading"]


def test_a_line_that_is_not_a_heading_is_refused(classic):
    """'drawn card is' is the wrapped end of a sentence of seed 004, not a heading."""
    errors = spec_errors('cites 004 "drawn card is" "- Numbered Card : The player draws '
                         'that many cards."', classic)
    assert [e.splitlines()[0] for e in errors] == [
        "bad.hd:4:13: heading 'drawn card is' is not a heading of seed 004 (line 116 is not in "
        "its .headings list): did you mean heading 'Yellow One'?"]


def test_part_of_a_heading_is_refused_with_the_whole_one_offered(classic):
    errors = spec_errors('cites 002 "Optional Bonus Cards" "Choose a color, then next player '
                         'doubles amount of cards in their hand & loses turn."', classic)
    assert [e.splitlines()[0] for e in errors] == [
        "bad.hd:4:13: heading 'Optional Bonus Cards' is only part of a heading of seed 002 "
        "(line 24); cite a whole heading: did you mean heading 'Hot Death Uno & Deluxe "
        "Edition (* Optional Bonus Cards)'?"]


@pytest.mark.parametrize(("heading", "quote"), [
    ("Agitator", "Choose a color, then next player doubles amount of cards in their hand"),
    ("Hot Death Uno & Deluxe Edition (* Optional Bonus Cards)", "Choose a color, then next"),
    ("Hot Death", "Draw 8, unless voided by Magic 5."),  # names two headings: the quote decides
])
def test_a_section_holds_the_sections_inside_it(heading, quote):
    assert citations.problems("002", heading, quote) == []


@pytest.mark.parametrize(("source", "heading", "quote"), [
    ("000", "Taste the Rainbow", "Blockable."),  # a whole sentence
    ("000", "Yin and Yang (separate cards)", "Same as luck."),
    ("001", "Basic Overview of Special Cards", "BLUE '2'"),  # a whole line
    ("002", "Score Card by Alphabetical", "36 (36 Points)"),
    ("000", "Dodge", "Dodge (x4)(One of each 8) v2"),  # the heading line itself
])
def test_a_short_quote_passes_when_it_is_a_whole_sentence_or_line(source, heading, quote):
    assert citations.problems(source, heading, quote) == []


@pytest.mark.parametrize("heading", ["", "  ", '"', "**"])
def test_an_empty_heading_is_refused(heading):
    problems = citations.problems("000", heading, "Effects of all attack cards miss you")
    assert [p.message for p in problems] == ["the heading is empty: name a heading of seed 000"]


SEED_WORDS = st.sampled_from(["Dodge", "AIDS", "- ", "1. ", '"', "(x2)", "the", ".", " ",
                              "Effects of all attack cards", "Yellow One", "drawn card is", ""])


@settings(max_examples=300, deadline=None)
@given(source=st.sampled_from(["000", "001", "002", "003", "004", "classic", "009"]),
       heading=st.one_of(st.text(max_size=12), st.lists(SEED_WORDS).map("".join)),
       quote=st.one_of(st.text(max_size=12), st.lists(SEED_WORDS).map("".join)))
def test_any_citation_gets_problems_not_an_exception(source, heading, quote):
    for problem in citations.problems(source, heading, quote):
        assert problem.field in ("source", "heading", "quote") and problem.message


def test_a_fragment_shorter_than_a_sentence_is_refused():
    assert [p.field for p in citations.problems("000", "Dodge", "miss you")] == ["quote"]


def test_scenario_citations_are_located_at_the_wrong_string(rulesets):
    text = ('scenario "t"\nid t-1\nruleset hot-death-v3\n'
            f'cites 000 "Dodge" "{AIDS_000}"\n'
            'cites 000 "Card Typez" "New cards are categorized by how they are used."\n'
            'table\n  players alice bob\nsteps\n')
    scn = compile_scenario(text, "t.scn")
    rendered = [d.render().splitlines() for d in lint_scenario(scn, rulesets)]
    assert [r[0].split(": ")[0] for r in rendered] == ["t.scn:4:19", "t.scn:5:11"]
    assert rendered[0][0].endswith("did you mean heading 'AIDS'?")
    assert rendered[1][0] == "t.scn:5:11: heading 'Card Typez' does not occur in seed 000"
    assert rendered[1][2] == "    " + " " * 10 + "^"


def test_every_citation_of_the_spec_and_the_corpus_checks_out(rulesets):
    cites = {(c.source, c.heading, c.quote) for rs in rulesets.values()
             for c in _spec_citations(rs)}
    cites |= {(c["source"], c["heading"], c["quote"]) for scn in load_corpus(scenarios_dir())
              for c in scn.data["cites"]}
    assert len(cites) > 500
    assert {c: p for c in cites if (p := citations.problems(*c))} == {}


def _spec_citations(rs):
    return [c for _, c in spec_citations(rs)] + [c for a in rs.asides for c in a.citations]


def test_every_seed_lists_its_headings():
    for source in citations.seed_files():
        seed = citations.seed(source)
        assert seed.headings, source
        assert all(h.line.start < h.end for h in seed.headings)


@pytest.mark.parametrize(("listing", "where", "message"), [
    ("Title\nNo such line\n", "2:1", "'No such line' is no line of the seed after line 1"),
    ("Second\nTitle\n", "2:1", "'Title' is no line of the seed after line 2"),
    ("Title\n    Second\n", "2:5", "indent a heading two spaces more than the heading it sits"),
    ("Title ~ Tit\n", "1:9", "'Tit' is not a shorter name of heading 'Title'"),
    ("Title\n  Second line ~ Second ~ Line\n", "2:26", "'Line' is not a shorter name"),
    ("Title ~ Title\n", "1:9", "'Title' is not a shorter name of heading 'Title'"),
])
def test_a_broken_headings_file_is_a_located_error(tmp_path: Path, listing, where, message):
    path = tmp_path / "999_x.headings"
    path.write_text(listing, encoding="utf-8")
    lines = [citations.Line(1, "Title", 0), citations.Line(2, "Second line", 6)]
    with pytest.raises(HotDeathError) as info:
        citations._headings(path, lines, "Title Second line")
    first = info.value.diagnostics[0]
    assert f"{first.line}:{first.col}" == where
    assert first.message.startswith(message)


def test_the_corpus_quotes_the_official_rules_as_the_spec_does(rulesets):
    """Classic has no seed file: the official rules are the text spec/ cites. The checker
    lets a user's scenario quote them in its own words (they are not bundled); the bundled
    corpus must quote only what the spec quotes, so that every classic citation in it can
    be looked up."""
    official: dict[str, set[str]] = {}
    for rs in rulesets.values():
        for _, c in spec_citations(rs):
            if c.source == "classic":
                official.setdefault(citations.key(c.heading), set()).add(
                    citations.normalize(c.quote))
    stray = [f"{scn.path}: {c['heading']!r} {c['quote']!r}"
             for scn in load_corpus(scenarios_dir()) for c in scn.data["cites"]
             if c["source"] == "classic" and not any(
                 citations.normalize(c["quote"]) in quote
                 for quote in official.get(citations.key(c["heading"]), ()))]
    assert stray == []


@pytest.mark.parametrize("heading", ["# (DOS)", "#", "- # (DOS)"])
def test_a_heading_that_is_a_hash_sign_can_be_cited(heading):
    """UNO Blender's '- # (DOS)' names the # card; '#' there is no markdown heading mark."""
    quote = "This card counts as that number while it is the top card of the discard pile."
    assert citations.problems("003", heading, quote) == []
