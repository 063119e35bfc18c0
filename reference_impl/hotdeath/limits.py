"""How large a table the reference lays out, and how long a request line it reads.

Without bounds a 10^6-card pile took 5 s and 236 MB to load, and 10,000 players
2.4 s: a hostile (or mistaken) request could stall ``hotdeath serve``. Past these
limits a request is answered ``errored`` with the limit named (PROTOCOL.md,
"Limits of the reference"). They are far above any real table: the largest
deck (UNO Blender's) has 720 cards.
"""

from __future__ import annotations

MAX_PLAYERS = 64
"""Players at one table (named in ``players``)."""

MAX_ZONE_CARDS = 4096
"""Cards in any one zone a table lays out: a hand, a field, the pile, the discard, a pile of
the ruleset's own, the neutral area, a shuffle."""

MAX_LINE = 4 * 1024 * 1024
"""Bytes in one request line, its newline included."""


def table_problem(table: object) -> str | None:
    """Why a load request's table is past a limit, or None."""
    if not isinstance(table, dict):
        return None  # malformed, not oversized: the loader says so
    players = table.get("players")
    if isinstance(players, list) and len(players) > MAX_PLAYERS:
        return f"{len(players)} players: the reference seats at most {MAX_PLAYERS}"
    zones = {"pile": table.get("pile"), "discard": table.get("discard"),
             "neutral": table.get("neutral")}
    for group in ("hands", "fields", "zones"):
        if isinstance(table.get(group), dict):
            zones.update({f"{group[:-1]} {k}": v for k, v in table[group].items()})
    if isinstance(table.get("shuffles"), list):
        zones.update({f"shuffle {i + 1}": v for i, v in enumerate(table["shuffles"])})
    for name, cards in zones.items():
        if isinstance(cards, list) and len(cards) > MAX_ZONE_CARDS:
            return (f"{len(cards)} cards in {name}: the reference holds at most "
                    f"{MAX_ZONE_CARDS} in one zone")
    return None
