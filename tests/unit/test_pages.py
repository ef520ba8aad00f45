"""Reading files page by page and splitting them into chunks that know their page (``core/pages.py``).

The PDFs are real ones, made in the test (``tests/support/pdfs.py``) and read with pypdf; the expected
values are written by hand from the lines each page draws.
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lfx_citations.core.pages import (
    PAGE_BREAK,
    Page,
    UnreadableFile,
    join_pdf_lines,
    pdf_pages,
    read_pages,
    split_pages,
)
from tests.support.pdfs import broken_pdf, encrypted_pdf, image_only_pdf, make_pdf

WATER = [
    ["Water is a molecule made of two hydrogen atoms", "and one oxygen atom.", "It boils at 100 degrees."],
    ["The water cycle moves water through evaporation,", "condensation into clouds and precipitation."],
    ["Ice floats because it is less dense", "than liquid water."],
]


def test_each_page_is_read_in_order_with_its_number() -> None:
    pages = pdf_pages(make_pdf(WATER))
    assert [p.number for p in pages] == [1, 2, 3]
    assert [p.text for p in pages] == [
        "Water is a molecule made of two hydrogen atoms and one oxygen atom.\nIt boils at 100 degrees.",
        "The water cycle moves water through evaporation, condensation into clouds and precipitation.",
        "Ice floats because it is less dense than liquid water.",
    ]


@pytest.mark.parametrize(
    ("raw", "joined"),
    [
        ("made of two\nhydrogen atoms.", "made of two hydrogen atoms."),  # inside a sentence: a space
        ("It boils.\nIt freezes.", "It boils.\nIt freezes."),  # after a sentence: the break stays
        ("one\n\ntwo", "one\n\ntwo"),  # a blank line is a paragraph
        ("Steps:\n- boil\n- cool", "Steps:\n- boil\n- cool"),  # list items keep their lines
        ("see below\n1. first", "see below\n1. first"),
        ("a well-\nknown fact", "a well-known fact"),  # the hyphen stays, the break goes
        ("  spaced   \n  lines  ", "spaced lines"),
        ("windows\r\nline", "windows line"),
        ("quoted end.\u201d\nNext", "quoted end.\u201d\nNext"),
    ],
)
def test_line_breaks_inside_sentences_become_spaces(raw: str, joined: str) -> None:
    assert join_pdf_lines(raw) == joined


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        (encrypted_pdf(WATER), "encrypted"),
        (image_only_pdf(), "no text on any page"),
        (broken_pdf(WATER), "not a readable PDF"),
        (b"", "not a readable PDF"),
        (b"%PDF-1.4 nothing else", "not a readable PDF"),
    ],
    # Named ids: an encrypted PDF's bytes differ on every build, and pytest-xdist's workers must collect
    # the same ids.
    ids=["encrypted", "image only", "broken", "empty", "header only"],
)
def test_pdfs_without_text_are_named_for_what_they_are(data: bytes, reason: str) -> None:
    with pytest.raises(UnreadableFile, match=reason):
        pdf_pages(data)


def test_text_files_are_one_page_without_a_number_and_other_types_are_refused() -> None:
    assert read_pages("notes.md", b"\xef\xbb\xbf# Notes\r\nwet") == [Page("# Notes\nwet", None)]
    assert read_pages("dir/WATER.PDF", make_pdf([["x."]])) == [Page("x.", 1)]
    with pytest.raises(UnreadableFile, match=r"not a PDF or a text file \(\.docx\)"):
        read_pages("report.docx", b"PK\x03\x04")
    with pytest.raises(UnreadableFile, match="no extension"):
        read_pages("README", b"text")
    with pytest.raises(UnreadableFile, match="not UTF-8"):
        read_pages("latin.txt", "caf\xe9".encode("latin-1"))


def test_a_chunk_over_a_page_break_carries_the_page_where_it_starts() -> None:
    pages = pdf_pages(make_pdf(WATER))
    chunks = split_pages(pages, chunk_size=120, chunk_overlap=0)
    assert [(c.page, c.text) for c in chunks] == [
        (1, "Water is a molecule made of two hydrogen atoms and one oxygen atom.\nIt boils at 100 degrees."),
        (2, "The water cycle moves water through evaporation, condensation into clouds and precipitation."),
        (3, "Ice floats because it is less dense than liquid water."),
    ]
    spanning = split_pages(pages, chunk_size=200, chunk_overlap=0)
    assert [(c.page, c.text.count(PAGE_BREAK)) for c in spanning] == [(1, 1), (3, 0)]


def test_the_overlap_starts_at_a_word_and_every_chunk_fits() -> None:
    text = " ".join(f"word{n}" for n in range(60))
    chunks = split_pages([Page(text, 4)], chunk_size=50, chunk_overlap=15)
    assert all(len(c.text) <= 50 and c.page == 4 for c in chunks)
    for before, after in itertools.pairwise(chunks):
        assert after.text.split()[0] in before.text.split()  # repeats a whole word of the chunk before
    assert chunks[-1].text.endswith("word59")


def test_absurd_sizes_are_refused_with_the_field_named() -> None:
    with pytest.raises(ValueError, match="chunk_size"):
        split_pages([Page("x")], chunk_size=0)
    with pytest.raises(ValueError, match="chunk_overlap"):
        split_pages([Page("x")], chunk_size=10, chunk_overlap=10)


def test_empty_pages_give_no_chunks() -> None:
    assert split_pages([Page("", 1), Page("  \n ", 2)]) == []


def _page_of(pages: list[Page], offset: int) -> int | None:
    """The page a character of the joined text is on: an obviously right linear walk."""
    position = 0
    for index, page in enumerate(pages):
        end = position + len(page.text)
        if offset < end + (len(PAGE_BREAK) if index < len(pages) - 1 else 0):
            return page.number
        position = end + len(PAGE_BREAK)
    return pages[-1].number


@given(
    st.lists(st.text(alphabet="ab .\n", max_size=80), min_size=1, max_size=5),
    st.integers(min_value=1, max_value=60),
    st.integers(min_value=0, max_value=59),
)
def test_chunks_fit_cover_the_text_in_order_and_name_their_start_page(
    texts: list[str], size: int, overlap: int
) -> None:
    overlap = min(overlap, size - 1)
    pages = [Page(text, number) for number, text in enumerate(texts, start=1)]
    joined = PAGE_BREAK.join(texts)
    chunks = split_pages(pages, size, overlap)
    covered = 0
    for before, chunk in zip([None, *chunks], chunks, strict=False):
        assert 0 < len(chunk.text) <= size
        assert chunk.text == chunk.text.rstrip() and not chunk.text[0].isspace()
        assert joined[chunk.start : chunk.start + len(chunk.text)] == chunk.text
        assert chunk.page == _page_of(pages, chunk.start)
        if before is not None:
            assert before.start < chunk.start  # in order, never the same text twice from one place
            assert not joined[covered : chunk.start].strip()  # nothing but whitespace skipped
        covered = max(covered, chunk.start + len(chunk.text))
    assert not joined[covered:].strip()
    assert bool(chunks) == bool(joined.strip())
