"""Each Hot Death deck, card by card, as its seed makes it.

A scenario's table is closed-world, so no scenario can show a whole deck;
these tests hold the deck's make-up to the seeds' words instead (the spec's
'aside' blocks for deck sentences point here).
"""

from __future__ import annotations

from collections import Counter

import pytest

COLORS = ("red", "yellow", "green", "blue")


def counts(rs) -> Counter:
    return Counter(f.notation for f in rs.deck)


def test_v3_is_four_decks_with_78_specials(rulesets):
    """000 "All card quantities are in proportion to a set of 4 decks." """
    rs = rulesets["hot-death-v3"]
    assert len(rs.deck) == 4 * 108
    plain = rulesets["classic"].faces
    specials = [f for f in rs.deck if f.notation not in plain]
    assert len(specials) == 78
    c = counts(rs)
    assert c["wild hot_death"] == 2 and c["red quitter"] == 1 and c["blue penn_state"] == 2


def test_1989_is_two_decks_with_one_of_each_special(rulesets):
    """001 "It requires the use of two decks instead of just one." and ruling HD89-1."""
    rs = rulesets["hot-death-1989"]
    c = counts(rs)
    assert len(rs.deck) == 216
    for card in ("wild eat_hot_death", "wild delay_blast", "wild mystery_draw", "wild harvester",
                 "green quitter", "yellow shitter", "blue fucker", "red holy_defender",
                 "blue penn_state", "yellow 69", "red magic5", "red glasnost", "green aids",
                 "yellow mad", "blue vacuum", "green luck"):
        assert c[card] == 1, card
    for color in COLORS:
        assert c[f"{color} reverse_skip"] == c[f"{color} double_skip"] \
            == c[f"{color} spreader"] == 1
        assert c[f"{color} reverse"] == c[f"{color} skip"] == c[f"{color} draw2"] == 3
    assert c["wild"] == 6 and c["wild draw4"] == 6
    # the specials replace ordinary cards: one of the two green zeros is the Quitter
    assert c["green 0"] == 1 and c["blue 9"] == 3 and c["yellow 6"] == 3


def test_1989_later_versions_drop_the_vacuum(rulesets):
    """001 "One notable difference is that the Vacuum card has disappeared." """
    rs = rulesets["hot-death-1989"].with_options(frozenset({"no_vacuum"}))
    c = counts(rs)
    assert c["blue vacuum"] == 0 and c["blue 9"] == 4 and len(rs.deck) == 216


def test_deluxe_adds_the_27_originals_to_one_pack(rulesets):
    """002: the specials are made from a second pack and added to the first (ruling DX-2)."""
    rs = rulesets["hot-death-deluxe"]
    c = counts(rs)
    assert len(rs.deck) == 108 + 27
    assert c["green booter"] == c["blue shield"] == c["yellow 36"] == 1
    assert c["green 0"] == 1 and c["yellow 3"] == 2  # nothing replaced
    assert all(c[f"{color} all_draw"] == 1 for color in COLORS)
    assert c["blue vacuum"] == 0 and c["wild house"] == 0


@pytest.mark.parametrize("option,card", [
    ("agitator", "blue agitator"), ("burner", "yellow burner"), ("cutter", "blue cutter"),
    ("exchanger", "red exchanger"), ("house", "wild house"), ("shifter", "green shifter"),
    ("slammer", "red slammer"), ("vacuum", "blue vacuum"), ("wild_ride", "wild wild_ride"),
])
def test_each_deluxe_bonus_card_is_an_option(rulesets, option, card):
    rs = rulesets["hot-death-deluxe"]
    assert counts(rs)[card] == 0
    assert counts(rs.with_options(frozenset({option})))[card] == 1


def test_deluxe_spare_cards_add_the_second_packs_fifty(rulesets):
    """002 "You may add these 50 cards to the regular Uno deck" """
    rs = rulesets["hot-death-deluxe"]
    spare = rs.with_options(frozenset({"spare_cards"}))
    assert len(spare.deck) == len(rs.deck) + 50
    added = counts(spare) - counts(rs)
    assert added["wild"] == added["wild draw4"] == 1
    assert all(added[f"{c} {n}"] == 1 for c in COLORS for n in range(1, 10))
    assert all(added[f"{c} {k}"] == 1 for c in COLORS for k in ("skip", "reverse", "draw2"))
