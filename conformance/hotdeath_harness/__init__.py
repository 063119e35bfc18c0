"""The neutral harness: reads scenarios, drives an implementation, judges its answers.

Phases, one module each: ``corpus`` (find, filter), ``transport`` (a child
process on JSON lines), ``protocol`` (messages and their schemas), ``session``
(handshake, checked answers), ``runner`` and ``judge`` (one scenario to its
first divergence), ``execute`` (parallel workers), ``expectations``, ``report``,
``validate``, ``cli`` and ``pytest_plugin``.

It imports the scenario *format* from ``hotdeath.scenario`` and nothing of the
reference engine; the reference passes through the same door as anyone else.
"""

HARNESS_VERSION = "0.3.0"
