"""Streaming holds back only a bounded amount of text, and scans each character a bounded number of times.

>>> from lfx_citations.core.engine import CitationFilter
>>> engine = CitationFilter([1]); _ = engine.feed(" " * 1000); engine.held <= engine.hold_bound
True
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable

import pytest

from lfx_citations.core import engine as engine_module
from lfx_citations.core import grammar as grammar_module
from lfx_citations.core import links as links_module
from lfx_citations.core import support as support_module
from lfx_citations.core import text as text_module
from lfx_citations.core import uncited as uncited_module
from lfx_citations.core.engine import CitationFilter, filter_citations
from lfx_citations.core.grammar import LINK_WINDOW, MARKER_WINDOW, RUN_WINDOW
from lfx_citations.core.payload import SupportLedger

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
    # A marker that starts inside a link tail is read whole before the tail is (G4): the most held.
    "[Source 1](https://a.example/" + "a" * 215 + " [Source " + "0" * 50 + "9])" + "b" * 1000,
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
        assert engine.held <= RUN_WINDOW + MARKER_WINDOW + LINK_WINDOW + MARKER_WINDOW
    out.append(engine.close())
    assert "".join(out) == filter_citations(text, [1, 2]).text


def test_a_long_run_of_spaces_is_released_past_the_run_window() -> None:
    engine = CitationFilter([1])
    engine.feed(" " * 100)
    assert engine.held <= RUN_WINDOW
    # only the last RUN_WINDOW spaces go with an invalid marker
    assert filter_citations("a" + " " * 40 + "[9].", [1]).text == "a" + " " * (40 - RUN_WINDOW) + "."


# -- work: every line the core runs and every character its patterns read ------------------------

_CORE_MODULES = (engine_module, grammar_module, links_module, support_module, text_module, uncited_module)


class _CountingPattern:
    """A compiled pattern that adds, per call, the characters the call reads.

    A search reads up to the end of what it finds; a match that fails and every whole-string method
    are counted as reading all they were offered (from ``pos`` to ``endpos``), an upper bound.
    """

    def __init__(self, pattern: re.Pattern[str], counter: list[int]) -> None:
        self._pattern = pattern
        self._counter = counter

    def __getattr__(self, name: str):
        method = getattr(self._pattern, name)
        if name not in {"search", "match", "fullmatch", "finditer", "findall", "sub", "subn", "split"}:
            return method

        def counted(*args, **kwargs):
            # The string read is the first argument, but the second for sub and subn (after repl).
            text = kwargs.get("string", args[1] if name in {"sub", "subn"} else args[0] if args else "")
            positional = name in {"search", "match", "fullmatch"}
            rest = [a for a in args[1:] if isinstance(a, int)] if positional else []
            pos = rest[0] if rest else kwargs.get("pos", 0)
            end = min(rest[1] if len(rest) > 1 else kwargs.get("endpos", len(text)), len(text))
            result = method(*args, **kwargs)
            read_to = result.end() if positional and result is not None else end
            self._counter[0] += max(0, read_to - pos)
            return result

        return counted


def work(run: Callable[[], object], monkeypatch: pytest.MonkeyPatch) -> int:
    """Lines executed in the core modules plus characters offered to their compiled patterns.

    Every module-level pattern of the core (also those kept in a dict) is wrapped, and a trace
    function counts each line run in a core file: a quadratic path anywhere in the engine, the
    grammar, the link rules, the claim finder or the text helpers shows up here, whatever its name.
    """
    counter = [0]
    with monkeypatch.context() as patch:
        for module in _CORE_MODULES:
            for name, value in vars(module).items():
                if isinstance(value, re.Pattern):
                    patch.setattr(module, name, _CountingPattern(value, counter))
                elif (
                    isinstance(value, dict)
                    and value
                    and all(isinstance(v, re.Pattern) for v in value.values())
                ):
                    patch.setattr(module, name, {k: _CountingPattern(v, counter) for k, v in value.items()})
        files = {module.__file__ for module in _CORE_MODULES}
        lines = 0

        def trace(frame, event, arg):
            nonlocal lines
            if frame.f_code.co_filename not in files:
                return None
            if event == "line":
                lines += 1
            return trace

        sys.settrace(trace)
        try:
            run()
        finally:
            sys.settrace(None)
    return lines + counter[0]


def _streamed(text: str, **options: object) -> Callable[[], object]:
    # One character per feed: the most a held buffer can be read again. One-shot is the same engine
    # fed 8 KB slices, so what bounds it per feed bounds it per slice.
    def run() -> None:
        # A factory gives each engine its own tracker of uncited claims (cite_missing).
        made = {k: v() if k == "uncited" else v for k, v in options.items()}
        engine = CitationFilter([1, 2], link_for=lambda i: f"https://docs.example/{i}", **made)
        for ch in text:
            engine.feed(ch)
        engine.close()

    return run


#: Measured at most about 6,000, for a run of ``[`` fed one at a time (each waits on a window that
#: may still close, and is read again with every character; a double group is also looked for in
#: its own window): a constant, whatever the length.
WORK_PER_CHARACTER = 7_000
#: Inputs that grow with n, and the n to compare (openers are costly to trace: a smaller n).
GROWING = {
    "spaces": (lambda n: " " * n, 1_000),
    "backticks": (lambda n: "`" * n, 1_000),
    "code span": (lambda n: "Code `x" + "`" * n, 1_000),
    "link tail": (lambda n: "[Source 1](https://a.example/" + "a" * n + ")", 1_000),
    "openers": (lambda n: "[" * n, 80),
    "parentheses": (lambda n: "(" * n, 80),
    "kept markers": (lambda n: "[Source 1]" * (n // 10), 1_000),
    "removed markers": (lambda n: "Fire is hot [Source 9]. " * (n // 24), 1_000),
    "prose": (lambda n: "Water is wet, fire is hot and ice is cold " * (n // 42), 1_000),
    "claims": (lambda n: "Fire is hot and water is wet [Source 1] and " * (n // 44), 1_000),
    "sentences": (lambda n: "Water boils at 100 degrees. Is fire hot? " * (n // 41), 1_000),
    # One sentence that never ends, longer than a claim can be from n on (shorter, it would be judged
    # once at the end at n only, and that one check would read as growth).
    "run-on": (lambda n: "Water is wet, fire is hot and ice is cold " * (n // 42), 1_200),
}
# cite_missing="insert" with the real checker: each uncited sentence is judged, and source 1 cited.
_BOOK = SupportLedger(
    [{"id": 1, "text": "Water boils at 100 degrees."}, {"id": 2, "text": "Fire is hot."}], "off", "insert"
)
OPTIONS = {
    "plain": {},
    "claims": {"track_claims": True},
    "drop": {"keep": lambda source_id, claim: False},  # support_check "drop" refusing every citation
    "insert": {"uncited": lambda: uncited_module.uncited_claims("insert", _BOOK.ranked, _BOOK.judgement)},
}
# Claims and drops only matter where there are markers.
CASES = (
    [(shape, "plain") for shape in GROWING]
    + [
        (shape, options)
        for shape in ("kept markers", "removed markers", "claims")
        for options in ("claims", "drop")
    ]
    + [
        (shape, "insert")
        for shape in ("run-on", "removed markers", "claims", "sentences", "spaces", "backticks")
    ]
)


@pytest.mark.parametrize(("shape", "options"), CASES)
def test_work_per_input_character_is_bounded(
    shape: str, options: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Linear work adds twice as much from 2n to 4n as from n to 2n; a quadratic path adds four times
    # as much (differences cancel the fixed start-up cost). The per-character bound catches a path
    # that is linear but reads each character a window over and over.
    grow, n = GROWING[shape]
    one, two, four = (work(_streamed(grow(k * n), **OPTIONS[options]), monkeypatch) for k in (1, 2, 4))
    growth = (four - two) / max(two - one, 1)
    assert growth <= 2.5, f"{shape}, {options}: from 2n to 4n added {growth:.1f}x what n to 2n added"
    assert four <= WORK_PER_CHARACTER * len(grow(4 * n))


@pytest.mark.parametrize("opener", ["[", "(", "{", "\u3010"])
def test_a_run_of_openers_in_one_piece_is_settled_without_walking_the_window(
    opener: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Nothing can close inside the window, so each opener is text at once. Before, each one walked
    # every nested opener in its window: about 7,000 counted steps a character.
    text = opener * 2_000 + "[Source 1]"
    steps = work(lambda: filter_citations(text, [1]), monkeypatch)
    assert filter_citations(text, [1]).text == text
    assert steps <= 1_000 * len(text)
