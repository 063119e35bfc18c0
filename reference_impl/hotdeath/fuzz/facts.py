"""An observation as expectation facts, limited to what the implementation declared.

Why: a fuzzed scenario expects everything the reference observed after each
step, so the first field an implementation gets wrong is found at the step
where it goes wrong; but only the fields its features oblige it to send (an
implementation without ``zones`` owes no pile). Every fact is one a scenario
file can say (``scenario.write.fact_line``), so the shrunk example reads as a
hand-written one.
"""

from __future__ import annotations


def facts_of(obs: dict, features: set[str]) -> list[dict]:
    """Expectations of one observation: the core table, then each declared feature's part."""
    out: list[dict] = [{"path": "phase", "equals": obs["phase"]},
                       {"path": "direction", "equals": obs["direction"]}]
    if obs["phase"] != "over":  # once over, 'turn' means nothing (PROTOCOL.md section 4)
        out.insert(0, {"path": "turn", "equals": obs["turn"]})
    if obs.get("color") is not None:
        out.append({"path": "color", "equals": obs["color"]})
    if obs.get("top") is not None:
        out.append({"path": "top", "equals": obs["top"]})
    for who, cards in obs["hands"].items():
        out.append({"path": f"hands.{who}", "same_cards": list(cards)})
    for who, cards in obs["field"].items():
        if cards:
            out.append({"path": f"field.{who}", "same_cards": list(cards)})
    out.append({"path": "pile_count", "equals": obs["pile_count"]})
    pending = obs.get("pending")
    out.append({"path": "pending", "equals": None} if pending is None else
               {"path": "pending", "matches": {"amount": pending["amount"],
                                               "target": pending["target"]}})
    for who in obs["eliminated"]:
        out.append({"path": "eliminated", "contains": [who]})
    out.append({"path": "round_winner", "equals": obs.get("round_winner")})
    if "scores" in features:
        # who wins the game is a matter of points in a game played to a score: a program
        # without scores plays one hand, and its hand's winner is all it can name (no
        # scenario of the corpus expects a game's winner without scores either, in the
        # rulesets played to a score)
        out.append({"path": "winner", "equals": obs.get("winner")})
    for part in (_uno, _scores, _elimination, _zones, _counters, _knowledge, _choice, _tempo,
                 _windows):
        out += part(obs, features)
    return out


def _uno(obs: dict, features: set[str]) -> list[dict]:
    if "uno" not in features:
        return []
    open_ = set(obs.get("uno_pending", []))
    return [{"path": "uno_pending", "contains" if p in open_ else "lacks": [p]}
            for p in obs["players"]]


def _scores(obs: dict, features: set[str]) -> list[dict]:
    if "scores" not in features:
        return []
    return [{"path": f"scores.{p}", "equals": n} for p, n in obs["scores"].items()]


def _elimination(obs: dict, features: set[str]) -> list[dict]:
    if "elimination" not in features:
        return []
    out = [{"path": "out", "contains": [p]} for p in obs.get("out", [])]
    if obs.get("loser") is not None:
        out.append({"path": "loser", "equals": obs["loser"]})
    return out


def _zones(obs: dict, features: set[str]) -> list[dict]:
    if "zones" not in features:
        return []
    out = [{"path": "neutral", "same_cards": list(obs.get("neutral", []))}]
    out += [{"path": f"zones.{name}", "equals": list(cards)}
            for name, cards in obs.get("zones", {}).items()]
    return out


def _counters(obs: dict, features: set[str]) -> list[dict]:
    if "counters" not in features:
        return []
    out = [{"path": "counters", "contains": [{"card": c["card"], "counter": c["counter"],
                                              "value": c["value"]}]}
           for c in obs.get("counters", [])]
    out += [{"path": "attached", "contains": [{"card": a["card"], "cards": list(a["cards"])}]}
            for a in obs.get("attached", [])]
    return out


def _knowledge(obs: dict, features: set[str]) -> list[dict]:
    if "knowledge" not in features:
        return []
    out = [{"path": f"revealed.{p}", "same_cards": list(cards)}
           for p, cards in obs.get("revealed", {}).items()]
    for viewer, seen in obs.get("knowledge", {}).items():
        out += [{"path": f"knowledge.{viewer}.{held}", "same_cards": list(cards)}
                for held, cards in seen.items()]
    return out


def _choice(obs: dict, features: set[str]) -> list[dict]:
    if "choices" not in features:
        return []
    choice = obs.get("choice")
    if choice is None:
        return [{"path": "choice", "equals": None}]
    return [{"path": "choice", "matches": {"by": choice["by"], "kind": choice["kind"]}}]


def _tempo(obs: dict, features: set[str]) -> list[dict]:
    if "tempo" not in features:
        return []
    out = []
    if obs.get("tempo") is not None:
        out += [{"path": "tempo", "matches": {"tempo": obs["tempo"]["tempo"]}},
                {"path": "tempo", "matches": {"owed": obs["tempo"]["owed"]}}]
    out += [{"path": f"power.{p}", "equals": side} for p, side in (obs.get("power") or {}).items()]
    return out


def _windows(obs: dict, features: set[str]) -> list[dict]:
    if "windows" not in features:
        return []
    windows = obs.get("windows", [])
    if not windows:
        return [{"path": "windows", "equals": []}]
    return [{"path": "windows", "contains": [{"kind": w["kind"], **({"to": w["to"]}
                                                                    if w.get("to") else {})}]}
            for w in windows]


def fact_key(fact: dict) -> str:
    """What a fact is about (its path, and the entry a list fact names), so that facts of
    two steps can be compared: a step's facts that say what the step before said are
    dropped from a written example."""
    path = fact["path"]
    for mode in ("contains", "lacks"):
        if mode in fact and path in ("uno_pending", "eliminated", "out"):
            return f"{path}:{fact[mode][0]}"
    if "matches" in fact and path == "tempo":
        return f"tempo:{','.join(sorted(fact['matches']))}"
    if "contains" in fact:
        item = fact["contains"][0]
        return f"{path}:{item.get('card') if isinstance(item, dict) else item}:" \
               f"{item.get('counter', item.get('kind', '')) if isinstance(item, dict) else ''}"
    return path
