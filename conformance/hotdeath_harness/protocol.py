"""The messages of the conformance protocol and their validation against its JSON Schemas.

Every line an implementation writes is checked against ``protocol.schema.json``
before the judge sees it, so a wrong-shaped answer is reported as a protocol
violation rather than as a rules failure (or, worse, a pass).

Two validators share that work. A compiled one (``jsonschema-rs``) decides
every answer on the hot path: ``jsonschema`` in pure Python took 80% of a
corpus run. Only when it rejects an answer (or cannot read it: a lone
surrogate, say) is ``jsonschema`` asked, and its verdict and wording are the
ones reported, so messages are exactly what they always were. The compiled
validator's regular expressions are a subset of Python's (``$`` does not
match before a final newline), so it may refuse what ``jsonschema`` accepts,
which then passes as before, but it never accepts what ``jsonschema`` refuses
(tests/test_protocol_validation.py).
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hotdeath.resources import schema_dir
from hotdeath.scenario.format import FEATURES, FORMAT_VERSION, PROTOCOL_MAJORS, PROTOCOL_VERSION

from . import HARNESS_VERSION

__all__ = ["FEATURES", "PROTOCOL_VERSION"]


if TYPE_CHECKING:
    import jsonschema


@cache
def _schemas() -> list[tuple[str, dict]]:
    """Every published schema, by its ``$id``."""
    out = []
    for path in sorted(Path(schema_dir()).glob("*.schema.json")):
        contents = json.loads(path.read_text())
        out.append((contents["$id"], contents))
    return out


_BASE = "https://hotdeath.invalid/schema/"


@cache
def _validator(ref: str) -> jsonschema.Draft202012Validator:
    """The reference validator, imported only to word a rejection (it costs 50 ms to import)."""
    import jsonschema
    from referencing import Registry, Resource

    registry = Registry().with_resources(
        (uri, Resource.from_contents(contents)) for uri, contents in _schemas())
    return jsonschema.Draft202012Validator({"$ref": _BASE + ref}, registry=registry)


@cache
def _fast(ref: str) -> Any:
    """The compiled validator for ``ref``; None where jsonschema-rs is not installed."""
    try:
        import jsonschema_rs
    except ImportError:  # pragma: no cover - a dependency; the harness still works without it
        return None
    registry = jsonschema_rs.Registry(_schemas())
    return jsonschema_rs.Draft202012Validator({"$ref": _BASE + ref}, registry=registry)


def _accepted(ref: str, message: object) -> bool:
    """True when the compiled validator accepts ``message``; False means "ask jsonschema"."""
    fast = _fast(ref)
    if fast is None:
        return False
    try:
        return bool(fast.is_valid(message))
    except Exception:  # noqa: BLE001 - what it cannot read, jsonschema judges
        return False


def _problems(ref: str, message: object) -> list[str]:
    if _accepted(ref, message):
        return []
    errors = sorted(_validator(ref).iter_errors(message), key=lambda e: list(e.absolute_path))
    out = []
    for err in errors:
        where = "/".join(str(p) for p in err.absolute_path) or "(top level)"
        out.append(f"{where}: {_best(err).message}")
    return out


OBSERVATION_FIELDS = ("players", "eliminated", "phase", "turn", "direction", "color", "top",
                      "hands", "field", "pile_count", "discard_count", "pending",
                      "uno_pending", "scores", "round_winner", "winner")
"""The canonical observation's fields (observation.schema.json's ``required``)."""

OBSERVATION_FIELDS_1_1 = ("out", "loser", "ruleset", "neutral", "pile", "discard", "zones",
                          "queue", "counters", "attached", "revealed", "knowledge", "choice")
"""Fields protocol 1.1 added: optional, compared after a rejection when either side has them."""

OBSERVATION_FIELDS_1_2 = ("tempo", "power")
"""Fields protocol 1.2 added (the feature ``tempo``): optional, compared like those of 1.1."""

OBSERVATION_FIELDS_1_3 = ("windows",)
"""Fields protocol 1.3 added (the feature ``windows``): optional, compared like those of 1.1."""


FEATURE_FIELDS = {"zones": ("neutral", "pile", "discard", "zones"), "elimination": ("out", "loser"),
                  "out": ("out",), "loser": ("loser",),
                  "counters": ("counters", "attached"), "knowledge": ("revealed", "knowledge"),
                  "choices": ("choice",), "tempo": ("tempo", "power"), "windows": ("windows",)}
"""Observation fields (optional in 1.1) that an implementation declaring a feature must send."""


def incoherent(observation: dict, features: set[str] | frozenset[str] = frozenset()) -> list[str]:
    """What a schema cannot say: every seat has a hand and a field, and only seats do;
    the fields a declared feature owes are there; piles add up."""
    seats = set(observation["players"])
    out = [f"{zone} are given for {sorted(set(observation[zone]))}, but the players are "
           f"{observation['players']}" for zone in ("hands", "field")
           if set(observation[zone]) != seats]
    if observation["turn"] not in seats:
        out.append(f"turn: {observation['turn']!r} is not one of the players")
    for feature in sorted(features & set(FEATURE_FIELDS)):
        missing = [f for f in FEATURE_FIELDS[feature] if f not in observation]
        if missing:
            out.append(f"declares feature '{feature}' but the observation lacks "
                       f"{', '.join(missing)}")
    for name, count in (("pile", "pile_count"), ("discard", "discard_count")):
        if isinstance(observation.get(name), list) and len(observation[name]) != observation[count]:
            out.append(f"{name} lists {len(observation[name])} cards but {count} is "
                       f"{observation[count]}")
    return out


def scenario_violations(data: object) -> list[str]:
    return _problems("scenario.schema.json", data)


_OUTCOMES = {"load_response": ("loaded", "skipped", "errored"),
             "step_response": ("accepted", "rejected", "skipped", "errored"),
             "legal_response": ("listed", "errored"),
             "check_response": ("allowed", "refused", "errored")}


def violations(kind: str, message: object) -> list[str]:
    """Why ``message`` is not a valid ``kind`` (e.g. ``step_response``); empty when it is.

    A response is checked against the branch its ``outcome`` names, so the
    complaint is "observation is required" rather than "not valid under any".
    """
    if kind in _OUTCOMES:
        outcome = message.get("outcome") if isinstance(message, dict) else None
        if outcome not in _OUTCOMES[kind]:
            return [f"outcome: expected one of {', '.join(_OUTCOMES[kind])}, got {outcome!r}"]
        kind = outcome
    return _problems(f"protocol.schema.json#/$defs/{kind}", message)


def _best(err: jsonschema.ValidationError) -> jsonschema.ValidationError:
    """For a failed oneOf, the most telling sub-error instead of 'is not valid under any'."""
    from jsonschema.exceptions import best_match

    return best_match([err]) if err.context else err


def hello() -> dict:
    return {"cmd": "hello", "protocol": PROTOCOL_VERSION, "format": FORMAT_VERSION,
            "harness": {"name": "hotdeath-harness", "version": HARNESS_VERSION}}


def load(scenario: dict) -> dict:
    """The load request: the table and its ruleset, never the steps or expectations."""
    return {"cmd": "load", "id": scenario["id"], "ruleset": scenario["ruleset"],
            "options": list(scenario.get("options", [])), "table": scenario["table"]}


def step(index: int, scenario_step: dict) -> dict:
    bare = {k: v for k, v in scenario_step.items() if k in ("do", "chance", "procedure")}
    return {"cmd": "step", "index": index, "step": bare}


def legal() -> dict:
    """Protocol 2.0 (feature ``legal_moves``): every move the rules allow now."""
    return {"cmd": "legal"}


def check(move: dict) -> dict:
    """Protocol 2.0, optional: whether ``move`` is allowed now, without making it."""
    return {"cmd": "check", "step": {"do": move}}


STOP = {"cmd": "stop"}


def compatible(version: object) -> bool:
    """Whether the harness checks an implementation of this version: any minor version of
    a major it speaks (minor versions only add, and what is sent depends on the features
    declared, so a 1.99 is checked as the newest 1.x this harness knows)."""
    return isinstance(version, str) and version.split(".")[0] in PROTOCOL_MAJORS
