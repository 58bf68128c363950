"""The engine's docstring examples run as tests (python-chess style), so they stay true."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import engine

MODULES = sorted(
    info.name for info in pkgutil.walk_packages(engine.__path__, "engine.")
    if info.name != "engine.__main__"
)


@pytest.mark.parametrize("name", ["engine", *MODULES])
def test_the_docstring_examples_of_each_engine_module_hold(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{result.failed} docstring example(s) failed in {name}"


def test_the_engine_has_docstring_examples_to_run() -> None:
    finder = doctest.DocTestFinder()
    examples = sum(len(t.examples) for t in finder.find(engine))
    assert examples >= 3
