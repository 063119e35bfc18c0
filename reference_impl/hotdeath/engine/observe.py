"""The canonical observation: the whole table as JSON, as PROTOCOL.md section 4 defines it."""

from __future__ import annotations

from . import tempo
from .state import ELIMINATED, OUT, Pending, Request, State

CLOCKWISE = {1: "clockwise", -1: "counterclockwise"}


def _pending(state: State, p: Pending) -> dict:
    names = state.seats
    return {"amount": p.amount, "target": names[p.target], "origin": names[p.origin],
            "cards": [c.card.notation for c in p.contributions if c.card], "kind": p.kind}


def _choice(state: State, r: Request) -> dict:
    out: dict = {"by": state.seats[r.chooser], "kind": r.kind, "prompt": r.prompt}
    if r.kind in ("player", "players"):
        out["options"] = [state.seats[s] for s in r.options]
    elif r.kind in ("card", "cards", "order"):
        out["options"] = [c.notation for c in r.options]
        out["count"] = r.count
    elif r.kind == "counts":
        out["options"] = [state.seats[s] for s in r.options]
        out["total"] = r.total
    elif r.kind == "number":
        out["low"], out["high"] = r.low, r.high
    elif r.options:
        out["options"] = list(r.options)
    return out


def _counters(state: State) -> list[dict]:
    out = []
    for seat, zone in [*enumerate(state.fields), (None, state.neutral)]:
        for card in zone:
            for name, value in sorted(card.counters.items()):
                out.append({"card": card.notation, "holder": None if seat is None
                            else state.seats[seat], "counter": name, "value": value})
    return out


def _attached(state: State) -> list[dict]:
    out = []
    for seat, zone in [*enumerate(state.fields), (None, state.neutral)]:
        for card in zone:
            if card.attached:
                out.append({"card": card.notation, "holder": None if seat is None
                            else state.seats[seat], "cards": [c.notation for c in card.attached]})
    return out


def _tempo(state: State) -> dict | None:
    """The tempo and what the player on turn still owes of it, where the ruleset has one."""
    if not tempo.on(state):
        return None
    return {"tempo": state.tempo, "owed": max(tempo.owed(state), 0)}


def _power(state: State) -> dict | None:
    """Each player's Power Card, where the ruleset has them."""
    if not state.setting("power_cards"):
        return None
    return {name: "green" if on else "red" for name, on in zip(state.seats, state.power,
                                                               strict=True)}


def observation(state: State) -> dict:
    names = state.seats
    top = state.top()
    pending = _pending(state, state.pending[0]) if state.pending else None
    return {
        "players": list(names),
        "eliminated": [names[i] for i, s in enumerate(state.status) if s == ELIMINATED],
        "phase": state.phase,
        "turn": names[state.current_player],
        "direction": CLOCKWISE[state.direction],
        "color": state.color,
        "top": top.notation if top else None,
        "hands": {names[i]: [c.notation for c in h] for i, h in enumerate(state.hands)},
        "field": {names[i]: [c.notation for c in f] for i, f in enumerate(state.fields)},
        "pile_count": len(state.pile),
        "discard_count": len(state.discard),
        "pending": pending,
        "uno_pending": [names[i] for i in sorted(state.uno_pending)],
        "scores": {names[i]: s for i, s in enumerate(state.scores)},
        "round_winner": names[state.round_winner] if state.round_winner is not None else None,
        "winner": names[state.winner] if state.winner is not None else None,
        # protocol 1.1
        "out": [names[i] for i, s in enumerate(state.status) if s == OUT],
        "loser": names[state.loser] if state.loser is not None else None,
        "ruleset": state.rs.ident,
        "neutral": [c.notation for c in state.neutral],
        "pile": [c.notation for c in reversed(state.pile)],
        "discard": [c.notation for c in reversed(state.discard)],
        "zones": {name: [c.notation for c in reversed(cards)]
                  for name, cards in sorted(state.zones.items())},
        "queue": [_pending(state, p) for p in state.pending[1:]],
        "counters": _counters(state),
        "attached": _attached(state),
        "revealed": {names[i]: [c.notation for c in state.hands[i] if id(c) in ids]
                     for i, ids in enumerate(state.revealed)},
        "knowledge": {names[v]: {names[h]: list(cards) for h, cards in sorted(seen.items())}
                      for v, seen in sorted(state.knowledge.items())},
        "choice": _choice(state, state.request) if state.request is not None else None,
        # protocol 1.2
        "tempo": _tempo(state),
        "power": _power(state),
        # protocol 1.3
        "windows": [{"kind": w.kind, "by": names[w.seat],
                     "to": names[w.to] if w.to is not None else None} for w in state.windows],
    }
