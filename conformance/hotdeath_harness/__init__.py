"""The neutral judge: reads scenarios, drives an implementation, compares observations.

It imports the scenario *format* from ``hotdeath.scenario`` and nothing of the
reference engine; the reference passes through the same door as anyone else.
"""

HARNESS_VERSION = "0.1.0"
