"""Every core module opens with a usage example: each must run as written.

.venv/bin/python -m pytest tests/unit/test_doctests.py
"""

from __future__ import annotations

import doctest
import importlib
from pathlib import Path

import pytest

CORE = Path(__file__).resolve().parents[2] / "core"
MODULES = sorted(p.stem for p in CORE.glob("[!_]*.py"))


@pytest.mark.parametrize("name", MODULES)
def test_the_module_docstring_examples_run(name: str) -> None:
    module = importlib.import_module(f"lfx_citations.core.{name}")
    assert ">>> " in (module.__doc__ or ""), f"core/{name}.py: its docstring opens with no usage example"
    finder = doctest.DocTestFinder(exclude_empty=True)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    for test in finder.find(module):
        runner.run(test)
    results = runner.summarize(verbose=False)
    assert results.failed == 0, f"core/{name}.py: {results.failed} example(s) failed"
