"""Verbs: the statements effect bodies are made of. Each is one kernel primitive.

Importing this package registers every verb with the registry.
"""

from . import (  # noqa: F401
    attack,
    cards,
    contest,
    deferred,
    hands,
    knowledge,
    magnitude,
    match,
    passing,
    periods,
    playability,
    ranking,
    requests,
    seats,
    standins,
    table,
    turn,
    wagers,
)
