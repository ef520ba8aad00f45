"""Every case of the marker-form survey (tests/data/marker_forms.json, docs/marker-forms.md).

Each case runs one-shot through ``filter_citations`` and through the streaming ``CitationFilter`` fed
in random pieces (seeded per case, so a failure names a reproducible split), one character at a time,
and whole. The expected text must match every time, and the streaming run must agree with one-shot on
what was cited and removed.
"""

from __future__ import annotations

import json
import random
import zlib
from itertools import pairwise
from pathlib import Path

import pytest

from lfx_citations.core.engine import CitationFilter, filter_citations

CASES = json.loads((Path(__file__).parents[1] / "data" / "marker_forms.json").read_text(encoding="utf-8"))
RANDOM_SPLITS = 25


def _case_id(case: dict) -> str:
    return f"{case['form'][:40]}: {case['input'][:40]!r}"


def _streaming_params() -> list:
    return [pytest.param(c, id=_case_id(c)) for c in CASES]


def random_pieces(text: str, rng: random.Random) -> list[str]:
    if not text:
        return [text]
    cuts = sorted(rng.sample(range(1, len(text) + 1), k=rng.randint(0, min(len(text), 12))))
    bounds = [0, *cuts, len(text)]
    return [text[a:b] for a, b in pairwise(bounds) if b > a]


def stream(pieces: list[str], presented: list[int]) -> tuple[str, CitationFilter]:
    engine = CitationFilter(presented)
    out = "".join(engine.feed(p) for p in pieces) + engine.close()
    return out, engine


def test_the_survey_is_loaded() -> None:
    assert len(CASES) >= 100
    for case in CASES:
        assert set(case) >= {"form", "input", "presented", "expected"}


@pytest.mark.parametrize("case", CASES, ids=[_case_id(c) for c in CASES])
def test_one_shot(case: dict) -> None:
    result = filter_citations(case["input"], case["presented"])
    assert result.text == case["expected"], case.get("note")
    assert set(result.cited) <= set(case["presented"])


@pytest.mark.parametrize("case", _streaming_params())
def test_streaming_with_random_splits(case: dict) -> None:
    text, presented = case["input"], case["presented"]
    whole = filter_citations(text, presented)
    rng = random.Random(zlib.crc32(text.encode("utf-8")))  # stable per case across runs and processes
    splits = [[text], list(text)] + [random_pieces(text, rng) for _ in range(RANDOM_SPLITS)]
    for pieces in splits:
        out, engine = stream(pieces, presented)
        assert out == case["expected"], (pieces, case.get("note"))
        assert engine.cited == whole.cited, pieces
        assert engine.removed == whole.removed, pieces
        assert engine.first_spans == whole.first_spans, pieces


@pytest.mark.parametrize("case", CASES, ids=[_case_id(c) for c in CASES])
def test_expected_output_is_a_fixed_point(case: dict) -> None:
    # The survey's expected text is final: post-processing it again changes nothing.
    again = filter_citations(case["expected"], case["presented"])
    assert again.text == case["expected"]
    assert again.removed == []
