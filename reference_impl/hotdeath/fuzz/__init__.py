"""``hotdeath fuzz``: random games of the reference, run against an implementation, and
every distinct divergence shrunk to a small scenario (see campaign.py for the run).

Modules: generate (games and their scenarios), facts (observations as expectations),
run (through the harness; a divergence's signature), shrink, example (the written
scenario), dist (where games run), campaign (a whole run), report, command (the CLI).
"""
