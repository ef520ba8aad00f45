"""The support check rides on the engine without changing what it guarantees.

HYPOTHESIS_PROFILE=dev .venv/bin/python -m pytest tests/properties/test_support_properties.py
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from lfx_citations.core.engine import CitationFilter, filter_citations
from lfx_citations.core.payload import SupportLedger
from tests.support.strategies import presented_ids, split_points, texts

# Sources that share words with the fragments ("Source", "word", …), so that keep says yes and no.
SOURCE_TEXTS = [
    "A word about Source one.",
    "Nothing here.",
    "Source word word.",
    "bold text 1",
    "fire and water",
]
cuts = st.lists(st.integers(min_value=0, max_value=10_000), max_size=40)


def ledger_for(presented: list[int]) -> SupportLedger:
    records = [{"id": i, "text": SOURCE_TEXTS[i % len(SOURCE_TEXTS)]} for i in presented]
    return SupportLedger(records, "drop")


@given(texts, presented_ids)
def test_tracking_claims_changes_no_text_and_every_claim_stands_before_its_marker(
    text: str, presented: list[int]
) -> None:
    engine = CitationFilter(presented, track_claims=True)
    out = engine.feed_all(text)
    assert out == filter_citations(text, presented).text
    assert [c.id for c in engine.citations if c.start == engine.first_spans[c.id][0]] == engine.cited
    for citation in engine.citations:
        assert out[citation.start : citation.end] == f"[Source {citation.id}]"
        assert citation.claim_start <= citation.claim_end <= citation.start
        assert out[citation.claim_start : citation.claim_end] == citation.claim


@given(texts, presented_ids, cuts)
def test_drop_mode_streams_as_it_runs_one_shot_and_holds_no_more(
    text: str, presented: list[int], points: list[int]
) -> None:
    whole = CitationFilter(presented, **ledger_for(presented).engine_options())
    expected = whole.feed_all(text)
    engine = CitationFilter(presented, **ledger_for(presented).engine_options())
    plain = CitationFilter(presented)
    streamed = []
    for part in split_points(text, points):
        streamed.append(engine.feed(part))
        plain.feed(part)
        assert engine.held <= engine.hold_bound
        assert engine.held <= plain.held  # deciding support at the marker adds no holdback
    streamed.append(engine.close())
    assert "".join(streamed) == expected
    assert engine.citations == whole.citations
    assert engine.dropped == whole.dropped
    kept = {(c.id, c.claim) for c in engine.citations}
    assert all((d.id, d.claim) not in kept for d in engine.dropped)  # one verdict per (source, claim)
