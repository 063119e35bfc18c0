"""``python -m hotdeath``: the same as the ``hotdeath`` command."""

from .cli import main

main()
