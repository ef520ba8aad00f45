"""Streaming holds back only a bounded amount of text, and scans each character a bounded number of times.

>>> from lfx_citations.core.engine import CitationFilter
>>> engine = CitationFilter([1]); _ = engine.feed(" " * 1000); engine.held <= engine.hold_bound
True
"""

from __future__ import annotations

import pytest

from lfx_citations.core import engine as engine_module
from lfx_citations.core.engine import CitationFilter, filter_citations
from lfx_citations.core.grammar import LINK_WINDOW, MARKER_WINDOW, RUN_WINDOW

LONG_RUNS = [
    " " * 1500,
    "\t" * 1500,
    "`" * 1500,
    "~" * 1500,
    "Code `x" + "`" * 1500,
    "[Source 1](https://a.example/" + "a" * 1500 + ")",
    "[Source 1](<https://a.example/" + "a" * 1500 + ">)",
    "[Source 1 (" + "p" * 1500,
    "[Source 1, " + "x" * 1500 + "]",
    "[" * 1500,
    "(" * 1500,
    "[Source 1]" * 600,
]


def test_the_bounds_are_small() -> None:
    assert MARKER_WINDOW <= 64
    assert RUN_WINDOW <= MARKER_WINDOW
    assert LINK_WINDOW <= 256


@pytest.mark.parametrize("text", LONG_RUNS, ids=lambda t: repr(t[:24]))
def test_held_text_stays_within_the_bound_one_character_at_a_time(text: str) -> None:
    engine = CitationFilter([1, 2])
    out = []
    for ch in text:
        out.append(engine.feed(ch))
        assert engine.held <= engine.hold_bound
        assert engine.held <= RUN_WINDOW + MARKER_WINDOW + LINK_WINDOW
    out.append(engine.close())
    assert "".join(out) == filter_citations(text, [1, 2]).text


def test_a_long_run_of_spaces_is_released_past_the_run_window() -> None:
    engine = CitationFilter([1])
    engine.feed(" " * 100)
    assert engine.held <= RUN_WINDOW
    # only the last RUN_WINDOW spaces go with an invalid marker
    assert filter_citations("a" + " " * 40 + "[9].", [1]).text == "a" + " " * (40 - RUN_WINDOW) + "."


class _CountingPattern:
    """Wraps a compiled pattern and counts the characters each search reads up to its answer."""

    def __init__(self, pattern, counter: list[int]) -> None:
        self._pattern = pattern
        self._counter = counter

    def search(self, text: str, pos: int = 0, endpos: int | None = None):
        end = len(text) if endpos is None else min(endpos, len(text))
        found = self._pattern.search(text, pos, end)
        self._counter[0] += max(0, (found.end() if found else end) - pos)
        return found

    def __getattr__(self, name: str):
        return getattr(self._pattern, name)


@pytest.mark.parametrize("text", LONG_RUNS, ids=lambda t: repr(t[:24]))
def test_work_per_input_character_is_bounded(text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # The scanning searches are the engine's inner loops: count what they may read per input character.
    counter = [0]
    for name in ("_STOP", "_SPECIAL"):
        monkeypatch.setattr(engine_module, name, _CountingPattern(getattr(engine_module, name), counter))
    engine = CitationFilter([1, 2])
    for ch in text:
        engine.feed(ch)
    engine.close()
    bound = RUN_WINDOW + MARKER_WINDOW + LINK_WINDOW
    assert counter[0] <= 4 * bound * len(text)  # linear: a quadratic path scans ~len(text)**2 / 2
