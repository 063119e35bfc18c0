"""The scenario writer is the inverse of the compiler: compile(write(J)) == J."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hotdeath.scenario import Unwritable, compile_scenario, compile_scenario_file, write_scenario
from hotdeath.scenario.format import FORMAT_VERSION, REJECTION_CODES

CORPUS = Path(__file__).resolve().parents[1] / "conformance" / "scenarios"


def test_every_corpus_scenario_comes_back_from_its_text():
    files = sorted(CORPUS.rglob("*.scn"))
    assert len(files) > 1000
    for path in files:
        data = compile_scenario_file(path).data
        again = compile_scenario(write_scenario(data), str(path)).data
        assert again == data, path


def test_the_harness_describes_steps_in_the_writers_words():
    from hotdeath_harness.runner import describe

    step = {"do": {"player": "bob", "act": "play", "card": "wild", "color": "red"}}
    assert describe(step) == "bob plays wild choosing red"


def test_what_the_text_cannot_say_is_refused():
    data = compile_scenario("scenario \"x\"\nid x\nruleset classic\ntable\n players a b\n"
                            "steps\n a draws\n").data
    data["steps"][0]["expect"] = [{"path": "hands.a", "matches": {"odd": 1}}]
    with pytest.raises(Unwritable):
        write_scenario(data)


# -- generated documents --------------------------------------------------------------------

NAMES = ["alice", "bob", "carol", "dave", "erin"]
COLORS = ["red", "yellow", "green", "blue"]
CARD = st.one_of(st.builds(lambda c, n: f"{c} {n}", st.sampled_from(COLORS),
                           st.sampled_from(["0", "5", "9", "skip", "draw2", "reverse"])),
                 st.sampled_from(["wild", "wild draw4"]))
CARDS = st.lists(CARD, max_size=4)
TEXT = st.text(st.characters(codec="ascii", exclude_characters="\n\r"), max_size=20)


@st.composite
def tables(draw, players):
    table: dict = {"players": players}
    for key in ("dealer", "turn"):
        if draw(st.booleans()):
            table[key] = draw(st.sampled_from(players))
    if draw(st.booleans()):
        table["direction"] = draw(st.sampled_from(["clockwise", "counterclockwise"]))
    if draw(st.booleans()):
        table["color"] = draw(st.sampled_from(COLORS))
    for key in ("discard", "pile", "neutral"):
        if draw(st.booleans()):
            table[key] = draw(CARDS)
    table["hands"] = {p: draw(CARDS) for p in players}
    if draw(st.booleans()):
        table["fields"] = {p: draw(CARDS) for p in draw(st.sets(st.sampled_from(players),
                                                                 min_size=1))}
    if draw(st.booleans()):
        table["scores"] = {p: draw(st.integers(-50, 500)) for p in players}
    if draw(st.booleans()):
        table["shuffles"] = draw(st.lists(st.lists(CARD, min_size=1, max_size=3), min_size=1,
                                          max_size=2))
    if draw(st.booleans()):
        table["setup"] = draw(st.lists(st.sampled_from(["deal", "flip"]), min_size=1,
                                       max_size=2))
        if "deal" in table["setup"]:
            table["hands"] = {p: [] for p in players}
    return table


def dos(players):
    who = st.sampled_from(players)
    simple = st.builds(lambda p, a: {"player": p, "act": a}, who,
                       st.sampled_from(["draw", "pass", "accept", "challenge", "uno"]))
    play = st.builds(lambda p, a, c, col, t, cs: {
        "player": p, "act": a, "card": c, **({"color": col} if col else {}),
        **({"target": t} if t else {}), **({"cards": cs} if cs else {})},
        who, st.sampled_from(["play", "jump_in"]), CARD, st.none() | st.sampled_from(COLORS),
        st.none() | who, CARDS)
    catch = st.builds(lambda p, t: {"player": p, "act": "catch", "target": t}, who, who)
    choose = st.builds(lambda p, k: {"player": p, "act": "choose", **k}, who, st.one_of(
        st.builds(lambda c: {"color": c}, st.sampled_from(COLORS)),
        st.builds(lambda t: {"target": t}, who),
        st.builds(lambda c: {"cards": c}, st.lists(CARD, min_size=1, max_size=3)),
        st.builds(lambda n: {"number": n}, st.integers(-3, 12)),
        st.builds(lambda a: {"answer": a}, st.sampled_from(["yes", "no"]))))
    return st.one_of(simple, play, catch, choose)


def facts(players):
    who = st.sampled_from(players)
    return st.one_of(
        st.builds(lambda p: {"path": "turn", "equals": p}, who),
        st.builds(lambda c: {"path": "color", "equals": c}, st.sampled_from(COLORS)),
        st.builds(lambda c: {"path": "top", "equals": c}, CARD),
        st.builds(lambda p, c: {"path": f"hands.{p}", "same_cards": c}, who, CARDS),
        st.builds(lambda p, n: {"path": f"hands.{p}", "count": n}, who, st.integers(0, 30)),
        st.builds(lambda n: {"path": "pile_count", "equals": n}, st.integers(0, 100)),
        st.builds(lambda n, p: {"path": "pending", "matches": {"amount": n, "target": p}},
                  st.integers(0, 12), who),
        st.just({"path": "pending", "equals": None}),
        st.just({"path": "winner", "equals": None}),
        st.builds(lambda p: {"path": "uno_pending", "contains": [p]}, who),
        st.builds(lambda p: {"path": "uno_pending", "lacks": [p]}, who),
        st.builds(lambda p, n: {"path": f"scores.{p}", "equals": n}, who, st.integers(0, 500)),
        st.builds(lambda p, k: {"path": "choice", "matches": {"by": p, "kind": k}}, who,
                  st.sampled_from(["color", "player", "cards"])),
        st.builds(lambda c: {"path": "discard", "prefix": c}, st.lists(CARD, min_size=1,
                                                                       max_size=2)))


@st.composite
def documents(draw):
    players = draw(st.lists(st.sampled_from(NAMES), min_size=2, max_size=5, unique=True))
    steps = []
    for _ in range(draw(st.integers(0, 6))):
        step: dict = draw(st.one_of(
            st.builds(lambda d: {"do": d}, dos(players)),
            st.builds(lambda c: {"chance": {"shuffle": c}}, st.lists(CARD, min_size=1,
                                                                       max_size=3)),
            st.builds(lambda c: {"chance": {"coin": c}}, st.sampled_from(["up", "down"])),
            st.builds(lambda r: {"chance": {"race": r}}, st.lists(st.sampled_from(players),
                                                                  min_size=1, max_size=3))))
        if "do" in step and draw(st.booleans()):
            step["reject"] = draw(st.sampled_from(REJECTION_CODES))
        extra = draw(st.lists(facts(players), max_size=3))
        if extra:
            step["expect"] = extra
        steps.append(step)
    return {"format": FORMAT_VERSION, "id": draw(st.from_regex(r"[a-z0-9][a-z0-9-]{0,12}",
                                                         fullmatch=True)),
            "title": draw(TEXT), "ruleset": "classic",
            "options": draw(st.lists(st.sampled_from(["a", "b_c"]), max_size=2)),
            "cites": draw(st.lists(st.builds(lambda h, q: {"source": "001", "heading": h,
                                                           "quote": q}, TEXT, TEXT),
                                   max_size=2)),
            "pins": draw(st.lists(st.sampled_from(["R1", "R-2"]), max_size=2)),
            "notes": draw(st.lists(TEXT, max_size=2)), "table": draw(tables(players)),
            "steps": steps}


@settings(max_examples=200, deadline=None)
@given(documents())
def test_generated_scenarios_come_back_from_their_text(data):
    again = compile_scenario(write_scenario(data)).data
    assert again == data
