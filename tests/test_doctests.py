"""The docstring examples of the public API are run, so they stay true (ARCHITECTURE §10).
Every module of the product that holds an example (`>>>`) is found by walking the packages, so a
new module's examples join without a list to keep."""

import doctest
import importlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("engine", "ai", "saves", "ui")


def modules_with_examples() -> list[str]:
    found = []
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            if ">>>" in path.read_text(encoding="utf-8"):
                parts = path.relative_to(ROOT).with_suffix("").parts
                found.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return found


MODULES = modules_with_examples()


def test_the_walk_finds_the_engine_examples():
    assert "engine.core.session" in MODULES and "saves.envelope" in MODULES


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_run(name):
    module = importlib.import_module(name)
    failed, tried = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert tried, f"{name} has '>>>' but doctest found no example"
    assert not failed, f"{failed} of {tried} examples failed in {name}"
