"""Properties of the citation engine (hypothesis): the guarantees hold for any text and any split.

CI runs each with 2,000 examples (profile "ci"); ``scripts/eval/fuzz.py`` runs them at scale.
"""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from lfx_citations.core.engine import CitationFilter, filter_citations
from lfx_citations.core.payload import build_payload
from tests.support.strategies import presented_ids, split_points, texts


def filter_qualifiers(text: str, presented: list[int]) -> list[tuple[int, str]]:
    engine = CitationFilter(presented)
    engine.feed_all(text)
    return engine.qualifiers


@given(texts, presented_ids)
def test_no_output_marker_points_outside_the_presented_ids(text: str, presented: list[int]) -> None:
    result = filter_citations(text, presented)
    assert set(result.cited) <= set(presented)
    again = filter_citations(result.text, presented)
    assert again.removed == []  # nothing invalid is left to remove
    assert set(again.cited) <= set(presented)


@given(texts, presented_ids, st.lists(st.integers(min_value=0, max_value=10_000), max_size=40))
def test_streaming_equals_one_shot_for_any_split(text: str, presented: list[int], cuts: list[int]) -> None:
    whole = filter_citations(text, presented)
    engine = CitationFilter(presented)
    parts = []
    for part in split_points(text, cuts):
        parts.append(engine.feed(part))
        assert engine.held <= engine.hold_bound  # holdback is bounded after every feed
    streamed = "".join(parts) + engine.close()
    assert streamed == whole.text
    assert engine.cited == whole.cited
    assert engine.qualifiers == filter_qualifiers(text, presented)
    assert engine.removed == whole.removed
    assert engine.first_spans == whole.first_spans


@given(texts, presented_ids)
def test_post_processing_is_idempotent(text: str, presented: list[int]) -> None:
    once = filter_citations(text, presented)
    twice = filter_citations(once.text, presented)
    assert twice.text == once.text
    assert twice.cited == once.cited


# Plain text can hold anything but what opens a marker or code (braces too: `{cite:3}`, `{Quelle 3}`).
plain = st.text(alphabet=st.characters(blacklist_characters="[](){}\u3010\u3011`~\ue200\ue202"), max_size=12)
MARKER_FORMS = [
    "[Source {a}]",
    " [{a}]",
    "[Sources: {a}, {b}]",
    "(Source {a})",
    "\u3010{a}\u3011",
    "[Source {a}-{b}]",
]


@st.composite
def answers(draw):
    """An answer with markers in known places, and the text the post-processor must produce."""
    presented = draw(presented_ids)
    raw, expected = [], ""
    after_removal = False  # the last thing was a removal, right after a "]"
    for _ in range(draw(st.integers(min_value=0, max_value=8))):
        text = draw(plain)
        raw.append(text)
        expected += text
        after_removal = after_removal and not text
        form = draw(st.sampled_from(MARKER_FORMS))
        a, b = draw(st.integers(0, 14)), draw(st.integers(0, 14))
        marker = form.format(a=a, b=b)
        raw.append(marker)
        wanted = list(range(a, b + 1)) if "-" in form else [a, b] if "," in form else [a]
        valid = [n for n in dict.fromkeys(wanted) if n in presented]
        if form.startswith(" "):
            expected += " "
        if valid:
            if after_removal and form.startswith("("):
                expected += " "  # G2's gap rule: a removal never leaves "]" right before "("
            expected += "".join(f"[Source {n}]" for n in valid)
            after_removal = False
        else:
            expected = expected.rstrip(" \t")
            after_removal = expected.endswith("]")
    tail = draw(plain)
    return "".join(raw) + tail, expected + tail, presented


@given(answers())
def test_text_outside_markers_is_unchanged(case) -> None:
    text, expected, presented = case
    assert filter_citations(text, presented).text == expected


@given(texts, presented_ids, st.sampled_from(["cited", "presented"]))
def test_payload_ids_equal_cited_ids(text: str, presented: list[int], scope: str) -> None:
    result = filter_citations(text, presented)
    records = [{"id": i, "document": f"d{i}", "text": "t"} for i in presented]
    payload = build_payload(result, records, scope=scope)
    assert payload["cited"] == result.cited
    ids = [s["id"] for s in payload["sources"]]
    assert ids[: len(result.cited)] == result.cited
    if scope == "cited":
        assert ids == result.cited
    for source_id in result.cited:
        start, end = result.first_spans[source_id]
        assert re.fullmatch(rf"\[Source {source_id}\](\(.*\))?", result.text[start:end])
