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
