"""How ``hotdeath coverage`` cuts each seed: its headings are the seed's own headings list
(spec/sources/*.headings) and nothing else, and wrapped paragraphs are whole sentences
(issue 24 item 4: seeds 002 and 004 wrap their lines, whose first lines were taken for
headings and never counted)."""

from __future__ import annotations

import pytest

from hotdeath.lang import citations
from hotdeath.lang.citations import seed_files
from hotdeath.suite import coverage


@pytest.mark.parametrize("source", sorted(seed_files()))
def test_the_headings_are_the_seeds_own_list(source):
    seed = coverage.load_seed(source)
    listed = [h.line.text for h in citations.seed(source).headings]
    used = list(dict.fromkeys(s.heading for s in seed.sentences))
    assert set(used) <= set(listed), set(used) - set(listed)
    # every sentence lies after its heading's line and is no heading itself
    for s in seed.sentences:
        assert s.text not in listed or s.heading == s.text


@pytest.mark.parametrize(("source", "heading", "sentence"), [
    ("004", "Change Hands",
     "This card can be played to change hands with any other player at the table."),
    ("004", "Macchu Picchu", "Any player who plays the zero card must ask everyone at the "
     "table for their card of choice."),
    ("004", "Basic Rules", "The number of cards dealt is at the discrestion of the dealer."),
    ("002", "Hot Death Uno Deluxe Edition Rules", "Pick a way to start a dealer."),
    ("002", "My Turn", "Negates the effect of the previously played card and continues in "
     "the original direction as normal."),
])
def test_wrapped_sentences_are_counted_under_their_heading(source, heading, sentence):
    found = [s for s in coverage.load_seed(source).sentences if s.text == sentence
             and citations.key(s.heading).startswith(citations.key(heading))]
    assert len(found) == 1, [(s.heading, s.text) for s in coverage.load_seed(source).sentences
                             if sentence[:20] in s.text]
