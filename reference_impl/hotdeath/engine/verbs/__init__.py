"""Verbs: the statements effect bodies are made of. Each is one kernel primitive.

Importing this package registers every verb with the registry.
"""

from . import attack, cards, knowledge, seats, table, turn  # noqa: F401
