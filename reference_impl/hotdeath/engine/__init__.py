"""The reference interpreter: a small kernel of primitives driven by a checked ruleset.

Importing the package registers the kernel's vocabulary (its verbs, selectors,
values and conditions) with ``hotdeath.registry``, which imports nothing of
the engine: whoever needs the full vocabulary imports the engine.
"""

from . import conditions, selectors, values, verbs  # noqa: F401  (they register their words)
