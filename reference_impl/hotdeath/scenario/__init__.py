"""The scenario format: human text (.scn) compiled to the canonical JSON implementations receive.

This package knows the format and nothing of the engine, so the neutral
harness can use it too.
"""

from .format import FORMAT_VERSION, REJECTION_CODES
from .parse import CompiledScenario, compile_scenario, compile_scenario_file
from .write import Unwritable, fact_line, step_line, write_scenario

__all__ = ["FORMAT_VERSION", "REJECTION_CODES", "CompiledScenario", "compile_scenario",
           "compile_scenario_file", "Unwritable", "fact_line", "step_line", "write_scenario"]
