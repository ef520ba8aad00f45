"""The citation engine on its own: marker grammar, validation and the incremental filter."""

from __future__ import annotations

import pytest

from lfx_citations.core.engine import CitationFilter, filter_citations
from lfx_citations.core.grammar import MARKER_WINDOW, parse_marker_inner

PRESENTED = [1, 2, 3]


def run(text: str, presented=PRESENTED, **kw) -> str:
    return filter_citations(text, presented, **kw).text


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("Water is wet [Source 1].", "Water is wet [Source 1]."),
        ("Water is wet [1].", "Water is wet [Source 1]."),
        ("Water [1, 3].", "Water [Source 1][Source 3]."),
        ("Water [Source: 2].", "Water [Source 2]."),
        ("Water [Sources: 1, 3].", "Water [Source 1][Source 3]."),
        ("Water [sOuRcE 2].", "Water [Source 2]."),
        ("Water [ Source 2 ].", "Water [Source 2]."),
        ("Water [Source 002].", "Water [Source 2]."),
        ("Water (Source 2).", "Water [Source 2]."),
        ("Water [Sources 1, 3].", "Water [Source 1][Source 3]."),
        ("Water [Source 1, Source 3].", "Water [Source 1][Source 3]."),
        ("Water [Source 1-3].", "Water [Source 1][Source 2][Source 3]."),
        ("Water [Source 1\u20133].", "Water [Source 1][Source 2][Source 3]."),
        ("Water \u30101\u3011.", "Water [Source 1]."),
        ("Water [Source 1](https://evil.example/x).", "Water [Source 1]."),
        ("Water [Source 1, 7].", "Water [Source 1]."),
    ],
)
def test_variants_are_normalized(raw: str, expected: str) -> None:
    assert run(raw) == expected


@pytest.mark.parametrize(
    "marker",
    [
        "[Source 0]",
        "[Source -1]",
        "[Source 1.5]",
        "[Source 9]",
        "[9]",
        "[0]",
        "[Source \u0661]",
        "[Source 3-1]",
    ],
)
def test_invalid_markers_are_removed_with_the_spaces_before_them(marker: str) -> None:
    result = filter_citations(f"Water is wet  {marker}. Next.", PRESENTED)
    assert result.text == "Water is wet. Next."
    assert result.removed == [marker]
    assert result.reported is True
    assert result.cited == []


def test_code_is_left_untouched() -> None:
    text = "Use `x[Source 9]` and\n```\nprint(a[1])  # [Source 9]\n```\nthen [Source 2]."
    result = filter_citations(text, PRESENTED)
    assert result.text == text
    assert result.cited == [2]


@pytest.mark.parametrize(
    "lookalike",
    [
        "x[0][1] is indexing",
        "metallicity [Fe/H] rises",
        "enter [batch number]",
        "in (2019) we saw",
        "a [ ] task",
        "see [text][ref]",
        "[citation needed]",
    ],
)
def test_lookalikes_are_not_touched(lookalike: str) -> None:
    result = filter_citations(lookalike, PRESENTED)
    assert result.text == lookalike
    assert result.reported is False


def test_first_spans_point_at_the_first_marker_in_the_final_text() -> None:
    result = filter_citations("A [9] b [2] c [2][1].", PRESENTED)
    assert result.text == "A b [Source 2] c [Source 2][Source 1]."
    assert result.cited == [2, 1]
    for source_id, (start, end) in result.first_spans.items():
        assert result.text[start:end] == f"[Source {source_id}]"
    assert result.first_spans[2][0] == result.text.index("[Source 2]")


def test_link_markers_write_links_and_survive_a_second_pass() -> None:
    links = {1: "https://docs.example/water.pdf#page=3", 2: None}
    result = filter_citations("A [1] b [2].", PRESENTED, link_for=links.get)
    assert result.text == "A [Source 1](https://docs.example/water.pdf#page=3) b [Source 2]."
    assert filter_citations(result.text, PRESENTED, link_for=links.get).text == result.text


def test_a_removal_cannot_assemble_a_new_marker() -> None:
    # Dropping "[9]" leaves "[" + "7]": read together, as a second pass would, and dropped too.
    result = filter_citations("see [[Source 9]7] ok", PRESENTED)
    assert "[7]" not in result.text
    assert filter_citations(result.text, PRESENTED).text == result.text
    assert filter_citations("see [[Source 9]1] ok", PRESENTED).text == "see [Source 1] ok"


def test_huge_ranges_and_numbers_cost_nothing() -> None:
    result = filter_citations("A [1-99999999999999999999]. B [Source " + "9" * 40 + "].", PRESENTED)
    assert result.text == "A [Source 1][Source 2][Source 3]. B."


def test_a_would_be_marker_longer_than_the_window_is_plain_text() -> None:
    long_marker = "[Source 1" + ", 1" * MARKER_WINDOW + "]"
    assert run(f"A {long_marker}.") == f"A {long_marker}."
    engine = CitationFilter(PRESENTED)
    out = "".join(engine.feed(ch) for ch in f"A {long_marker}.") + engine.close()
    assert out == f"A {long_marker}."


def test_holdback_is_only_a_possible_marker() -> None:
    engine = CitationFilter(PRESENTED)
    assert engine.feed("Water is wet") == "Water is wet"
    assert engine.feed(" [Sou") == ""  # could still become a marker
    assert engine.held == len(" [Sou")
    assert engine.feed("p] and more") == " [Soup] and more"
    assert engine.feed(" (see") == " (see"  # "(" followed by "s", "e" cannot start "(Source"
    assert engine.close() == ""


def test_a_marker_cut_off_at_the_end_of_the_stream_is_text() -> None:
    engine = CitationFilter(PRESENTED)
    out = engine.feed("Water is wet [Source 1") + engine.close()
    assert out == "Water is wet [Source 1"
    assert engine.cited == []


def test_parse_marker_inner_reads_groups() -> None:
    parsed = parse_marker_inner("Sources: 1, 7, 3-4", [1, 2, 3, 4], bare=True, keyword=True)
    assert parsed is not None
    assert parsed.ids == (1, 3, 4)
    assert parsed.had_invalid is True
    assert parse_marker_inner("batch number", [1], bare=True, keyword=True) is None


def test_feed_after_close_is_an_error() -> None:
    engine = CitationFilter(PRESENTED)
    engine.close()
    with pytest.raises(RuntimeError):
        engine.feed("x")
