"""The core a standalone node carries as text: compiled once per process, per text.

.venv/bin/python -m pytest tests/unit/test_carried.py
"""

from __future__ import annotations

import ast
import dataclasses
import sys
import threading
import traceback
import uuid
from collections.abc import Iterator
from types import ModuleType

import pytest

from lfx_citations.core.carried import carried_core, carried_module_name
from tests.support.flows import standalone_code
from tests.support.scripts import load_file

build = load_file("scripts/build_components.py")


@pytest.fixture
def runs() -> Iterator[list[str]]:
    """A list that every carried text of a test appends to when it runs: how often each was compiled."""
    holder = ModuleType(RUNS)
    holder.runs = []  # type: ignore[attr-defined]
    sys.modules[RUNS] = holder
    yield holder.runs  # type: ignore[attr-defined]
    del sys.modules[RUNS]


RUNS = "lfx_citations_test_carried_runs"


def _text(body: str = "VALUE = 42\n") -> str:
    """A carried text that records its run; unique, since a compiled text lives as long as the process."""
    head = "from __future__ import annotations\n\n"
    return f"{head}import {RUNS}\n\n{RUNS}.runs.append({uuid.uuid4().hex!r})\n{body}"


def test_the_same_text_is_compiled_once_and_gives_the_same_module(runs: list[str]) -> None:
    text = _text()
    first = carried_core(text)
    assert first.VALUE == 42
    assert carried_core(text) is first
    assert carried_core(str(text)) is first  # equal text, not the same object: still one module
    assert len(runs) == 1


def test_an_edited_text_gets_a_module_of_its_own(runs: list[str]) -> None:
    text = _text()
    edited = text.replace("VALUE = 42", "VALUE = 43")
    assert carried_core(text).VALUE == 42
    assert carried_core(edited).VALUE == 43
    assert carried_core(text).VALUE == 42
    assert carried_module_name(text) != carried_module_name(edited)
    assert len(runs) == 2


def test_the_module_is_named_for_the_texts_digest(runs: list[str]) -> None:
    text = _text()
    module = carried_core(text)
    assert module.__name__ == carried_module_name(text)
    assert module.__name__.startswith("lfx_citations_carried_")
    assert len(module.__name__) == len("lfx_citations_carried_") + 24
    assert sys.modules[module.__name__] is module


def test_dataclasses_with_postponed_annotations_work(runs: list[str]) -> None:
    # dataclasses read a class's module from sys.modules while the class is made.
    # The annotations are strings (postponed): telling the ClassVar from a field needs that lookup.
    body = (
        "from dataclasses import dataclass, field\n"
        "from typing import ClassVar\n\n"
        "@dataclass\nclass Point:\n    x: int\n    tags: list[str] = field(default_factory=list)\n"
        "    KIND: ClassVar[str] = 'point'\n"
    )
    point = carried_core(_text(body)).Point(1)
    assert (point.x, point.tags, type(point).KIND) == (1, [], "point")
    assert [f.name for f in dataclasses.fields(point)] == ["x", "tags"]


def test_a_failing_text_is_not_kept_and_fails_again_on_the_next_call(runs: list[str]) -> None:
    text = _text("VALUE = 1 / 0\n")
    name = carried_module_name(text)
    for _ in range(2):
        with pytest.raises(ZeroDivisionError):
            carried_core(text)
        assert name not in sys.modules
    assert len(runs) == 2


def test_a_traceback_shows_the_carried_lines(runs: list[str]) -> None:
    text = _text("def fail():\n    raise ValueError('carried failure')\n")
    module = carried_core(text)
    with pytest.raises(ValueError, match="carried failure") as caught:
        module.fail()
    frame = traceback.extract_tb(caught.value.__traceback__)[-1]
    assert frame.filename == f"<{module.__name__}>"
    assert frame.line == "raise ValueError('carried failure')"
    assert text.splitlines()[(frame.lineno or 0) - 1].strip() == frame.line


def test_threads_that_ask_at_once_share_one_compilation(runs: list[str]) -> None:
    text = _text("import time\n\ntime.sleep(0.05)\nVALUE = 7\n")
    start = threading.Barrier(8)
    got: list[ModuleType] = []

    def ask() -> None:
        start.wait()
        got.append(carried_core(text))

    threads = [threading.Thread(target=ask) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(got) == 8
    assert {id(m) for m in got} == {id(got[0])}
    assert got[0].VALUE == 7
    assert len(runs) == 1  # the others waited for the first compilation, and none saw a half-run module


def _component_class(source: str) -> type:
    from lfx.custom.validate import create_class  # what Langflow does with a node's code on every run

    (name,) = [
        n.name for n in ast.parse(source).body if isinstance(n, ast.ClassDef) and n.name.endswith("Component")
    ]
    return create_class(source, name)


def test_a_standalone_node_evaluated_again_reuses_its_core() -> None:
    """What a server does on every run: the node's code is evaluated anew, its carried core is not."""
    source = standalone_code("CitationPostProcessorComponent")
    carried = build.carried_text(source)
    assert carried is not None
    first = _component_class(source)
    second = _component_class(source)
    assert first is not second  # the node's own code ran twice
    core = first.build_message.__globals__["CORE"]
    assert second.build_message.__globals__["CORE"] is core
    assert core is sys.modules[carried_module_name(carried)]
    assert core.CitationFilter is second.build_message.__globals__["CitationFilter"]
    registry = sys.modules["lfx_citations_carried"]
    assert [n for n in registry.loaded if n == core.__name__] == [core.__name__]
