"""A core module that imports lfx may be imported first, before any component, in a fresh process.

.venv/bin/python -m pytest tests/unit/test_import_order.py
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

CORE = Path(__file__).resolve().parents[2] / "core"
IMPORTS_LFX = sorted(
    p.stem
    for p in CORE.glob("[!_]*.py")
    if re.search(r"^(import lfx\.|from lfx\.)", p.read_text(encoding="utf-8"), re.MULTILINE)
)


@pytest.mark.parametrize("name", IMPORTS_LFX)
def test_a_component_imports_after_the_core_module(name: str) -> None:
    code = (
        f"import lfx_citations.core.{name}\n"
        "import lfx_citations.components.citations.citation_post_processor\n"
        "import lfx_citations.components.citations.indexed_retrieved_data_parser\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr[-2000:]


def test_the_modules_that_import_lfx_are_found() -> None:
    assert {"glue_answer", "glue_retrieval"} <= set(IMPORTS_LFX)
