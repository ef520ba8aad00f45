"""Uncited claims (``cite_missing``) ride on the engine without changing what it guarantees.

HYPOTHESIS_PROFILE=dev .venv/bin/python -m pytest tests/properties/test_uncited_properties.py

The answers are built from the sources' own sentences, so that a claim left uncited does get a
source inserted: the properties would not notice a filter that never inserts anything.
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from lfx_citations.core.engine import CitationFilter, filter_citations
from lfx_citations.core.payload import SupportLedger
from lfx_citations.core.support import Conflict, Evidence, Judgement
from lfx_citations.core.uncited import (
    CITE_FLOOR,
    CITE_MARGIN,
    PUNCT_WINDOW,
    SPACE_WINDOW,
    pick_source,
    uncited_claims,
)
from tests.support.strategies import FRAGMENTS, split_points

# One topic per source: a claim copied from one of them has one sure source.
SOURCES = {
    1: "Water boils at 100 degrees Celsius at sea level.",
    2: "The Eiffel Tower in Paris is 330 metres tall.",
    3: "Photosynthesis turns sunlight and carbon dioxide into glucose.",
    4: "The Rhine flows through Cologne and Rotterdam.",
    5: "Aspirin reduces the risk of heart attack in adults over 50.",
    6: "Mount Everest rises 8849 metres above sea level.",
}
CLAIMS = [text.rstrip(".") for text in SOURCES.values()]
ENDS = [". ", ".\n", "! ", ".", "? ", "\n", "!\n\n", "。", ". \n"]
MARKERS = ["[Source {n}]", " [Source {n}]", "[{n}]", " [{n}]", "(Source {n})", "[Source {n}]["]
PREFIXES = ["", "", "- ", "1. ", "## ", "> ", "| ", "`", "```\n", "**"]


def ledger(presented: list[int], support: str) -> SupportLedger:
    return SupportLedger(
        [{"id": i, "text": SOURCES.get(i, "Nothing to see here.")} for i in presented], support
    )


def engine(presented: list[int], mode: str = "insert", support: str = "flag") -> CitationFilter:
    book = ledger(presented, support)
    uncited = uncited_claims(mode, book.ranked, book.judgement)
    return CitationFilter(presented, uncited=uncited, **book.engine_options())


def without_uncited(presented: list[int], support: str) -> CitationFilter:
    """The same filter with ``cite_missing`` off: it keeps and drops the same markers."""
    return CitationFilter(presented, **ledger(presented, support).engine_options())


claim_parts = st.one_of(
    st.sampled_from(CLAIMS),
    st.sampled_from(ENDS),
    st.sampled_from(PREFIXES),
    st.builds(lambda form, n: form.format(n=n), st.sampled_from(MARKERS), st.integers(1, 9)),
    st.sampled_from(FRAGMENTS),
    st.text(max_size=4),
)
answers = st.lists(claim_parts, max_size=16).map("".join)
presented = st.lists(st.integers(min_value=1, max_value=7), min_size=1, max_size=6, unique=True)
cuts = st.lists(st.integers(min_value=0, max_value=10_000), max_size=30)


@given(answers, presented, cuts, st.sampled_from(["insert", "suggest"]), st.sampled_from(["flag", "drop"]))
def test_streaming_equals_one_shot_and_holds_only_the_closing_punctuation(
    text: str, ids: list[int], points: list[int], mode: str, support: str
) -> None:
    whole = engine(ids, mode, support)
    expected = whole.feed_all(text)
    streamed_engine = engine(ids, mode, support)
    # With support="drop" a marker the check refuses goes, so the baseline drops it too: a filter
    # that keeps it would hold different text (the gap rule's space before "(" after it, say).
    plain = without_uncited(ids, support)
    parts, shown = [], ""
    for part in split_points(text, points):
        parts.append(streamed_engine.feed(part))
        shown += plain.feed(part)
        assert streamed_engine.held <= streamed_engine.hold_bound
        # What the engine holds anyway, plus at most the sentence's closing punctuation: the end
        # of what the plain filter has already shown, and nothing but punctuation (and the spaces
        # after it, while what follows them is itself held: ". `").
        extra = streamed_engine.held - plain.held
        assert 0 <= extra <= (PUNCT_WINDOW + SPACE_WINDOW if mode == "insert" else 0)
        waiting = shown[len(shown) - extra :]
        assert set(waiting.rstrip(" \t")) <= set(".!?\u3002\uff01\uff1f\"'\u201d\u2019\u00bb)]")
        assert len(waiting.rstrip(" \t")) <= PUNCT_WINDOW
    parts.append(streamed_engine.close())
    assert "".join(parts) == expected
    assert streamed_engine.uncited.found == whole.uncited.found
    assert streamed_engine.cited == whole.cited
    assert streamed_engine.first_spans == whole.first_spans
    assert streamed_engine.removed == whole.removed
    assert streamed_engine.citations == whole.citations


@given(answers, presented)
def test_an_inserted_marker_points_to_a_presented_source_before_its_sentence_end(
    text: str, ids: list[int]
) -> None:
    filtered = engine(ids)
    out = filtered.feed_all(text)
    plain = filter_citations(text, ids)
    inserted = filtered.uncited.found
    for claim in inserted:
        assert claim.id in ids
        marker = f"[Source {claim.id}]"
        assert out[claim.marker_start : claim.marker_start + len(marker)] == marker
        assert out[claim.claim_start : claim.claim_end] == claim.claim
        assert claim.claim_end <= claim.marker_start
        assert not out[claim.claim_end : claim.marker_start].strip()  # only a space between them
    # Without the inserted markers the text is the plain filter's, character for character.
    pieces, last = [], 0
    for claim in inserted:
        end = claim.marker_start + len(f"[Source {claim.id}]")
        start = end - len(claim.inserted)
        assert claim.inserted in (f"[Source {claim.id}]", f" [Source {claim.id}]")
        assert out[start:end] == claim.inserted
        pieces.append(out[last:start])
        last = end
    pieces.append(out[last:])
    assert "".join(pieces) == plain.text
    assert filtered.cited[: len(plain.cited)] == plain.cited or set(plain.cited) <= set(filtered.cited)
    assert set(filtered.cited) == set(plain.cited) | {c.id for c in inserted}


# An answer where every claim carries a valid marker, in any of the places a model puts one; beside
# it, the same answer without markers (the same sentence ends) and whether each claim then needs one.
CITED_FORMS = [
    ("{claim} [Source {n}].", "{claim}.", True),
    ("{claim}. [Source {n}]", "{claim}.", True),
    ("{claim}.[Source {n}]", "{claim}.", True),
    ("{claim} [Source {n}]", "{claim}", False),
]
cited_sentence = st.builds(
    lambda form, n, prefix: tuple(
        prefix + f.format(claim=CLAIMS[n - 1], n=n) if isinstance(f, str) else f for f in form
    ),
    st.sampled_from(CITED_FORMS),
    st.integers(1, 6),
    st.sampled_from(["", "- ", "1. ", "> "]),
)
NOT_CLAIMS = [
    "Is water wet?",
    "## Water boils at 100 degrees Celsius at sea level",
    "Key facts:",
    "I couldn't find this in the provided sources.",
    "`Water boils at 100 degrees Celsius at sea level`.",
    "```\nThe Eiffel Tower in Paris is 330 metres tall.\n```",
    "| The Rhine flows through Cologne and Rotterdam. |",
    "Yes.",
]
not_claim = st.sampled_from(NOT_CLAIMS).map(lambda text: (text, text, False))
BLOCKS = ("- ", "1. ", "> ", "#", "|", "```")


def on_lines(pairs: list) -> list:
    """Lists, quotes, headings, tables and fences start a line (the last three end it), as in Markdown."""
    return [
        (
            sentence,
            "\n"
            if sentence[0].startswith(("#", "|", "```"))
            or not sentence[1].endswith((".", "?"))  # a label, or a sentence without its end, ends its line
            or (pairs[i + 1 :] and pairs[i + 1][0][0].startswith(BLOCKS))
            else sep,
        )
        for i, (sentence, sep) in enumerate(pairs)
    ]


cited_answers = st.lists(
    st.tuples(st.one_of(cited_sentence, not_claim), st.sampled_from([" ", "\n", "\n\n"])),
    min_size=1,
    max_size=8,
).map(on_lines)


@given(cited_answers)
def test_an_answer_with_every_claim_cited_is_returned_unchanged(pairs: list) -> None:
    text = "".join(cited + sep for (cited, _, _), sep in pairs).rstrip()
    filtered = engine(list(SOURCES))
    assert filtered.feed_all(text) == text
    assert filtered.uncited.found == []
    # The same claims without their markers get them back: the property has teeth.
    bare = "".join(plain + sep for (_, plain, _), sep in pairs).rstrip()
    stripped = engine(list(SOURCES))
    stripped.feed_all(bare)
    assert len(stripped.uncited.found) >= sum(needs for (_, _, needs), _ in pairs)


# One sentence of a document, the wider window around it, and two sentences of other documents.
EVIDENCE_TEXTS = [
    ("The bridge opened in 1932.",),
    ("It is long.", "The bridge opened in 1932."),
    ("The tower opened in 1889.",),
    ("Gold is a metal.",),
]
judgements = st.builds(
    lambda verdict, score, evidence, conflicted: Judgement(
        verdict,
        score,
        tuple(Evidence(0, len(t), t) for t in evidence),
        None,
        Conflict("negation", "not", "", 0, 0) if conflicted else None,
    ),
    st.sampled_from(["supported", "partial", "unsupported", "contradicted"]),
    st.floats(0, 1).map(lambda x: round(x, 2)),
    st.sampled_from(EVIDENCE_TEXTS),
    st.booleans(),
)


@given(st.dictionaries(st.integers(1, 6), st.tuples(judgements, st.floats(0, 1)), min_size=1, max_size=6))
def test_the_pick_is_what_judging_every_source_gives(sources: dict) -> None:
    # The reference, written apart from the pick: the best verdict (the first of the highest, in the
    # ranked order), sure when supported, without conflict, at or above the floor, and no other
    # source within the margin unless it is supported too and shares an evidence sentence with it;
    # then the first id among them. Scores before flips are any number: a verdict may exceed its own.
    ranked = sorted(((sid, raw) for sid, (_, raw) in sources.items()), key=lambda p: (-p[1], p[0]))
    judged = {sid: j for sid, (j, _) in sources.items()}
    top = max(j.score for j in judged.values())
    best = next(sid for sid, _ in ranked if judged[sid].score == top)
    b = judged[best]
    expected = None
    if b.verdict == "supported" and b.conflict is None and b.score >= CITE_FLOOR:
        near = [sid for sid, raw in ranked if sid != best and b.score - raw < CITE_MARGIN]
        said = {e.text for e in b.evidence}
        if all(
            judged[s].verdict == "supported"
            and judged[s].conflict is None
            and said & {e.text for e in judged[s].evidence}
            for s in near
        ):
            first = min([best, *near])
            expected = (first, judged[first])
    assert pick_source(ranked, judged.__getitem__) == expected
