"""A card's evidence reads right: sentences never run across a page break, passages that are not next to
each other in the source never read as one sentence, and the card's warning comes first and reads back."""

from __future__ import annotations

import pytest

from lfx_citations.core.engine import CitationFilter, FilterResult
from lfx_citations.core.payload import SupportLedger, build_payload, read_sources, source_cards
from lfx_citations.core.support import SupportChecker, split_sentences
from lfx_citations.core.text import CARD_WARNING_CHARS, card_text, read_card_text, read_card_title


@pytest.mark.parametrize(
    "brk", ["\f", "\n\n", "\r\n", "\v", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029"]
)
def test_a_sentence_never_runs_across_a_page_or_line_break(brk: str) -> None:
    # A page that ends mid-sentence, then the next page's heading: two pieces, never one.
    text = f"almost all of the oxygen in the{brk}The light-dependent reactions use light."
    assert [text[a:b] for a, b in split_sentences(text)] == [
        "almost all of the oxygen in the",
        "The light-dependent reactions use light.",
    ]


def card_for(text: str, answer: str) -> dict:
    records = read_sources({"sources": [{"id": 1, "document": "water.pdf", "page": 1, "text": text}]})
    ledger = SupportLedger(records, "flag")
    engine = CitationFilter([1], **ledger.engine_options())
    result = FilterResult.of(engine.feed_all(answer), engine)
    payload = build_payload(result, records, scope="cited", ledger=ledger)
    (card,) = source_cards(payload, result.first_spans)
    return {"payload": payload, "card": card}


def test_passages_that_are_not_next_to_each_other_are_kept_apart_on_the_card() -> None:
    # The example: a chunk whose evidence is a sentence and a line further down.
    text = (
        "Water is a molecule made of two hydrogen atoms and one oxygen atom.\n"
        "It covers most of the planet.\n"
        "Oceans hold most of it.\n"
        "for life: every known living organism needs water."
    )
    found = card_for(
        text,
        "Water is made of two hydrogen atoms and one oxygen atom and every living organism needs it [1].",
    )
    (entry,) = found["payload"]["support"]
    assert [e["text"] for e in entry["evidence"]] == [
        "Water is a molecule made of two hydrogen atoms and one oxygen atom.",
        "for life: every known living organism needs water.",
    ]
    assert found["card"]["cited_text"] == (
        "Water is a molecule made of two hydrogen atoms and one oxygen atom. \u2026 \u2026for life: every known "
        "living organism needs water."
    )


def test_sentences_next_to_each_other_join_with_a_space_and_a_page_break_is_a_gap() -> None:
    assert card_text(["One.", "Two."], [True]) == "One. Two."
    assert card_text(["One.", "Two."], [False]) == "One. \u2026 Two."
    same_page = "Gustave Eiffel designed it. The tower was completed in 1889."
    found = card_for(same_page, "Gustave Eiffel designed the tower, completed in 1889 [1].")
    assert found["card"]["cited_text"] == same_page
    next_page = same_page.replace(" The tower", "\fThe tower")
    found = card_for(next_page, "Gustave Eiffel designed the tower, completed in 1889 [1].")
    assert (
        found["card"]["cited_text"] == "Gustave Eiffel designed it. \u2026 The tower was completed in 1889."
    )
    # A line break inside a page (a PDF's wrapped line) still reads on.
    wrapped = same_page.replace(" The tower", "\nThe tower")
    assert (
        card_for(wrapped, "Gustave Eiffel designed the tower, completed in 1889 [1].")["card"]["cited_text"]
        == same_page
    )


def test_evidence_never_spans_two_sources() -> None:
    checker = SupportChecker({1: "Paris is in France.", 2: "It has 2 million inhabitants."})
    judged = checker.check("Paris is in France and has 2 million inhabitants", 1)
    assert [e.text for e in judged.evidence] == ["Paris is in France."]


def test_a_cards_warning_comes_first_fits_the_card_and_reads_back() -> None:
    long_name = "Marie-Thérèse Durand-Villeneuve Montmorency"
    text = f"The prize went to {long_name} in 2019."
    found = card_for(text, "The prize went to Jean-Baptiste Lefebvre-Delacroix Exupéry in 2019 [1].")
    (entry,) = found["payload"]["support"]
    assert entry["verdict"] == "contradicted"
    cited = found["card"]["cited_text"]
    warning, _, rest = cited.partition(" \u2014 ")
    assert warning.startswith("\u26a0 the source says \u00ab") and len(warning) <= CARD_WARNING_CHARS
    assert rest == text
    assert read_card_text(cited) == [text]
    # The payload keeps the long form.
    assert long_name in entry["note"] and "Jean-Baptiste Lefebvre-Delacroix Exupéry" in entry["note"]
    assert read_card_title(found["card"]["title"]) == (1, "water.pdf", 1)
