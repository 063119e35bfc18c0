"""Finding the scenario corpus, what each scenario needs, and filtering it.

Scenarios are read as ``.scn`` files (compiled by the scenario format package)
or as their canonical JSON form, so a corpus can be shipped either way. In a
directory, the corpus owns ``*.scn`` and ``*.scn.json`` files only (hidden
directories such as ``.git`` or ``.venv`` are not searched): a corpus kept
next to an adapter's own ``package.json`` or test fixtures must not try to
read those as scenarios. A single file named on the command line is read
whatever its JSON file is called.
"""

from __future__ import annotations

import fnmatch
import json
import os
from dataclasses import dataclass
from pathlib import Path, PurePath

from hotdeath.errors import HotDeathError, SourceText, read_source
from hotdeath.scenario import CompiledScenario, compile_scenario_file

from .protocol import scenario_violations
from .traits import traits_for

SUFFIXES = (".scn", ".scn.json")
"""What a scenario file is called inside a corpus directory."""


def discover(root: Path) -> list[Path]:
    if root.is_file():
        return [root]
    found = []
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d != "node_modules")
        found += [Path(folder, f) for f in files if f.endswith(SUFFIXES)]
    return sorted(found)


def load_corpus(root: Path) -> list[CompiledScenario]:
    """Compile every scenario; all errors (and duplicate ids) are reported together."""
    out, diags, seen = [], [], {}
    for path in discover(root):
        try:
            scn = compile_scenario_file(path) if path.suffix == ".scn" else _from_json(path)
        except HotDeathError as err:
            diags.extend(err.diagnostics)
            continue
        if scn.ident in seen:
            diags.append(scn.source.diag(*scn.at("id"), f"scenario id '{scn.ident}' is also "
                                                        f"used by {seen[scn.ident]}"))
        seen[scn.ident] = path
        out.append(scn)
    if diags:
        raise HotDeathError(diags)
    return sorted(out, key=lambda scn: scn.ident)


def _from_json(path: Path) -> CompiledScenario:
    text = read_source(path)
    source = SourceText(str(path), text)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise HotDeathError([source.diag(err.lineno, err.colno, f"not JSON: {err.msg}")]) \
            from None
    problems = scenario_violations(data)
    if problems:
        raise HotDeathError([source.diag(1, 1, f"not a valid scenario: {p}") for p in problems])
    return CompiledScenario(data, str(path), source)


_ACT_FEATURES = {"uno": {"uno"}, "catch": {"uno"}, "challenge": {"challenge"},
                 "jump_in": {"jump_in"}, "use": {"use"}}
_PATH_FEATURES = {"uno_pending": {"uno"}, "scores": {"scores"}, "out": {"out"},
                  "loser": {"loser"}, "neutral": {"zones"}, "pile": {"zones"},
                  "discard": {"zones"}, "zones": {"zones"}, "counters": {"counters"},
                  "attached": {"counters"},
                  "revealed": {"knowledge"}, "knowledge": {"knowledge"}, "choice": {"choices"},
                  "tempo": {"tempo"}, "power": {"tempo"}, "windows": {"windows"},
                  "legal": {"legal_moves"}}
_CORE_ACTS = ("play", "jump_in", "draw", "pass", "accept", "challenge", "uno", "catch",
              "choose", "use")

OPTIONAL_CHECKS = frozenset({"legal_moves"})
"""Features a scenario uses but does not need: without them, the expectations that use
them are not checked (and the report says how many), but the scenario still runs."""


def requirements(scenario: dict) -> set[str]:
    """The optional protocol features (see protocol.FEATURES) a scenario exercises; the
    acts a ruleset declares are ``declared_acts``."""
    table = scenario["table"]
    need = set()
    if table.get("setup"):
        need.add("setup")
    if "choose_dealer" in table.get("setup", []) or any("procedure" in step
                                                          for step in scenario["steps"]):
        need |= {"match", "shuffle"}
    if table.get("shuffles"):
        need.add("shuffle")
    if table.get("neutral") or table.get("zones"):
        need.add("zones")
    if table.get("eliminated"):
        need.add("elimination")
    if table.get("out"):
        need.add("out")
    if scenario.get("extra_copies"):
        need.add("extra_copies")
    if "tempo" in table or table.get("power"):
        need.add("tempo")
    for step in scenario["steps"]:
        chance = step.get("chance", {})
        need |= {"shuffle"} if "shuffle" in chance else {"chance"} if chance else set()
        do = step.get("do", {})
        act = do.get("act")
        need |= _ACT_FEATURES.get(act, set())
        if act == "choose" and "color" not in do or "cards" in do and act != "choose":
            need.add("choices")
        if "combine" in do:
            need.add("combine")
        if do.get("flex"):
            need.add("flex")
        if "number" in do and do.get("act") in ("play", "jump_in"):
            need.add("play_number")
        for fact in step.get("expect", []):
            need |= _PATH_FEATURES.get(fact["path"].split(".")[0], set())
    return need


def declared_acts(scenario: dict) -> set[str]:
    """The acts of the scenario's steps that its ruleset declares (an accusation, a dump)."""
    return {act for step in scenario["steps"]
            if (act := step.get("do", {}).get("act")) is not None and act not in _CORE_ACTS}


@dataclass(frozen=True)
class Filter:
    rulesets: tuple[str, ...] = ()
    options: tuple[str, ...] = ()
    features: tuple[str, ...] = ()
    ids: tuple[str, ...] = ()
    patterns: tuple[str, ...] = ()

    def accepts(self, scn: CompiledScenario) -> bool:
        data = scn.data
        return ((not self.rulesets or data["ruleset"] in self.rulesets)
                and all(o in data.get("options", []) for o in self.options)
                and set(self.features) <= requirements(data)
                and (not self.ids or scn.ident in self.ids)
                and (not self.patterns or any(fnmatch.fnmatch(scn.ident, p)
                                              or PurePath(scn.path).match(p)
                                              for p in self.patterns)))


def _numbers(ns: frozenset[int]) -> str:
    shown = [str(n) for n in sorted(ns)]
    return shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " or " + shown[-1]


def support_gap(hello: dict, scenario: dict) -> str | None:
    """Why the implementation, by its own handshake, cannot play this scenario; else None."""
    ruleset = hello["rulesets"].get(scenario["ruleset"])
    if ruleset is None:
        return f"the implementation does not support ruleset '{scenario['ruleset']}'"
    traits = traits_for(hello, scenario["ruleset"])
    options = set(scenario.get("options", []))
    missing = sorted(o for o in options if o not in ruleset.get("options", [])
                     and o not in traits.always)
    if missing:
        return f"the implementation does not support option(s) {', '.join(missing)}"
    forced = sorted(traits.always - options)
    if forced:
        return (f"the implementation always plays with option(s) {', '.join(forced)}, which "
                "this scenario has off")
    seated = len(scenario.get("table", {}).get("players", []))
    if seated and not traits.seats(seated):
        return (f"the implementation seats {_numbers(traits.players)} players, not {seated}")
    lacking = sorted(requirements(scenario) - traits.features - OPTIONAL_CHECKS)
    acts = sorted(a for a in declared_acts(scenario) if not traits.supports_act(a))
    if lacking or acts:
        return "needs feature(s) the implementation lacks: " + ", ".join(
            lacking + [f"the act '{a}'" for a in acts])
    if "uno" in traits.automatic and any(step.get("do", {}).get("act") == "catch"
                                         for step in scenario["steps"]):
        return "the implementation calls Uno by itself, so no call can be missed and caught"
    return None
