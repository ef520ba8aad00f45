"""The support check rides on the engine without changing what it guarantees.

HYPOTHESIS_PROFILE=dev .venv/bin/python -m pytest tests/properties/test_support_properties.py
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from lfx_citations.core.engine import CitationFilter, filter_citations
from lfx_citations.core.lexicon import AMBIGUOUS_CUES, NEGATIONS
from lfx_citations.core.payload import SupportLedger
from lfx_citations.core.support import SupportChecker
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


# Words for sentences that say something: none negates, none is a breaker ("only"), none a number.
WORDS = [
    *"water boils freezes river flows city museum opened painter lived bridge crosses tower stands".split(),
    *"company builds ships team won league school teaches children forest covers valley engine".split(),
    *"Paris Lyon Rhine Marie Curie Amazon Tokyo Eiffel Köln Москва Αθήνα".split(),
    *"eau fleuve coule Wasser fließt agua río escuela scuola acqua rivier stroomt".split(),
]
# A cue counts only in its sentence's language; these sentences have none, so the cues that are also
# common words elsewhere (fr "mai" is May, pt "no" is "in the", written French negates with "ne … pas")
# are left out: the checker rightly reads no negation in "water mai river".
CUES = sorted(w for w in NEGATIONS if w not in WORDS and w not in AMBIGUOUS_CUES and w != "pas")
sentences = st.lists(st.sampled_from(WORDS), min_size=3, max_size=12).map(" ".join)


@given(
    st.lists(sentences, min_size=1, max_size=4),
    st.lists(sentences, min_size=0, max_size=3),
    st.data(),
)
def test_a_copied_claim_is_supported_and_a_negation_put_at_its_verb_never_is(
    cited: list[str], other: list[str], data: st.DataObject
) -> None:
    sources = {1: ". ".join(cited) + ".", 2: ". ".join(other) + "." if other else "Unrelated."}
    claim = data.draw(st.sampled_from(cited))
    checker = SupportChecker(sources)
    judged = checker.check(claim, 1)
    assert (judged.verdict, judged.conflict) == ("supported", None)
    # "At a verb": between two words of the claim, as "is" -> "is not".
    words = claim.split()
    at = data.draw(st.integers(min_value=1, max_value=len(words) - 1))
    cue = data.draw(st.sampled_from(CUES))
    negated = " ".join([*words[:at], cue, *words[at:]])
    assert SupportChecker(sources).check(negated, 1).verdict != "supported"
