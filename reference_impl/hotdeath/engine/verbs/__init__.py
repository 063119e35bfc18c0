"""Verbs: the statements effect bodies are made of. Each is one kernel primitive.

Importing this package registers every verb with the registry.
"""

from . import (  # noqa: F401
    attack,
    burning,
    cards,
    contest,
    deferred,
    hands,
    knowledge,
    links,
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
    tempo,
    turn,
    wagers,
)
