"""The suite's power, measured: what the scenarios cover, pin and would catch.

``coverage`` (the seeds' sentences the spec cites, and the spec the scenarios
reach), ``matrix`` (every attack against every answer, each cell pinned or
ruled out), ``mutate`` (spec mutants the corpus must kill), ``power`` (the
three gathered into one report) and ``lint`` (a scenario's own mistakes).
They read the spec and run scenarios through the adapter; nothing in the
engine, the language or the scenario format imports them.
"""
