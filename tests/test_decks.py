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


BLENDER_PACKS = {"party": 104, "no_mercy": 88, "flex": 84, "remix": 80, "minecraft": 60,
                 "mario": 58, "teams": 54, "phase10": 52, "dos": 48, "golf": 44, "speed": 16,
                 "swap": 12, "stack": 12, "reverse": 8}


def test_blender_is_720_cards_from_fourteen_packs(rulesets):
    """003 "720 cards of pure UNO chaos", each pack the size the seed gives it."""
    rs = rulesets["uno-blender"]
    assert len(rs.deck) == 720
    assert {p.ident: p.size for p in rs.packs.values()} == BLENDER_PACKS
    c = counts(rs)
    # 'One in each color 0-9, and: One each of Yellow 4-6, 9' (Party: two), then one in
    # Remix, Minecraft, Mario, Teams, Phase 10, DOS, Golf, and No Mercy's 4
    assert c["yellow 4"] == 2 + 7 + 1
    assert c["green 12"] == 1 and c["red 0"] == 4 and c["red 0_pass"] == 1
    assert c["wild draw4"] == 2 * 4 and c["red draw4"] == 2  # Party, Remix, Minecraft, Mario
    assert c["red skip__skip_everyone"] == 1 and c["wild draw4__targeted_draw4"] == 2
    assert c["yellow 1_speed_up"] == 1 and c["green 9_speed_up"] == 1
    assert c["red 22_double_draw2"] == 1 and c["wild stack_number"] == 2


PACKED = """ruleset packed "Packed"
card "Number" {{
  cites classic "Contents" "108 cards: 19 Blue cards (0 to 9), 19 Green, 19 Red, 19 Yellow."
  ranks 0..9
  color each
  category number
}}
deck {{
  pack small "A small pack" {size}
  holds small 1 each 0..9
  holds small {extra}
}}
"""


@pytest.mark.parametrize("size, extra, fragment, where", [
    (44, "1 red 3", "is said to hold 44 cards, but its lines add up to 41", "10:3"),
    (41, "1 red 42", "holds 'red 42', which no card of this ruleset has", "11:3"),
    (41, "1 red", "'holds' takes a declared pack", "11:3"),
], ids=["wrong-size", "unknown-face", "no-faces"])
def test_a_pack_that_does_not_add_up_is_refused(size, extra, fragment, where):
    """A deck built from packs is derived: a wrong total or an unknown face is a located error."""
    from hotdeath.errors import HotDeathError
    from hotdeath.lang.check import check_text

    with pytest.raises(HotDeathError) as info:
        check_text(PACKED.format(size=size, extra=extra), "packed.hd")
    assert fragment in str(info.value) and f"packed.hd:{where}" in str(info.value)
