"""The classic spec builds the standard deck and states its table settings."""

from collections import Counter


def test_classic_deck_has_108_cards(classic):
    assert len(classic.deck) == 108


def test_classic_deck_composition(classic):
    counts = Counter(f.notation for f in classic.deck)
    assert counts["red 0"] == 1
    assert counts["red 7"] == 2
    assert counts["blue skip"] == 2
    assert counts["green reverse"] == 2
    assert counts["yellow draw2"] == 2
    assert counts["wild"] == 4
    assert counts["wild draw4"] == 4


def test_classic_settings(classic):
    assert classic.setting("hand_size") == 7
    assert classic.setting("target_score") == 500
    assert classic.colors == ("red", "yellow", "green", "blue")


def test_points(classic):
    from hotdeath.engine.verbs.seats import face_points

    assert face_points(classic.faces["red 7"]) == 7
    assert face_points(classic.faces["red skip"]) == 20
    assert face_points(classic.faces["wild draw4"]) == 50
