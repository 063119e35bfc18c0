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
    match,
    passing,
    periods,
    ranking,
    requests,
    seats,
    table,
    turn,
    wagers,
)
