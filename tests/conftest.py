"""Shared fixtures: the checked rulesets are built once per test session."""

from __future__ import annotations

import pytest

from hotdeath.lang.check import load_rulesets


@pytest.fixture(scope="session")
def rulesets():
    return load_rulesets()


@pytest.fixture(scope="session")
def classic(rulesets):
    return rulesets["classic"]


pytest_plugins = ["pytester"]


def pytest_collection_modifyitems(config, items):
    """A plain ``pytest`` leaves out the tests marked slow (the default run stays a few
    minutes); any ``-m`` expression decides for itself (``-m slow``: only those)."""
    if config.option.markexpr:
        return
    slow = [item for item in items if item.get_closest_marker("slow")]
    if slow:
        config.hook.pytest_deselected(items=slow)
        items[:] = [item for item in items if not item.get_closest_marker("slow")]
