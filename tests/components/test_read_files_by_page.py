"""Read Files by Page through its Langflow interface: files in, page-tagged chunks out, unreadable files named.

Real PDFs made in the test (``tests/support/pdfs.py``); expected rows written by hand from their pages.
Paths here are local files, which Langflow reads only with the storage restriction off (uploads need no
such thing); the end-to-end tests ingest uploads through a real server.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from lfx_citations.components.citations.read_files_by_page import ReadFilesByPageComponent
from tests.support.pdfs import encrypted_pdf, image_only_pdf, make_pdf

WATER = [
    ["Water is a molecule made of two", "hydrogen atoms and one oxygen atom."],
    ["The water cycle moves water."],
    ["Ice floats on water."],
]


@pytest.fixture(autouse=True)
def local_files_allowed(monkeypatch: pytest.MonkeyPatch) -> None:
    from lfx.services.deps import get_settings_service

    monkeypatch.setattr(get_settings_service().settings, "restrict_local_file_access", False)


def read(paths: list[Path], **inputs: int) -> tuple[ReadFilesByPageComponent, list[dict]]:
    component = ReadFilesByPageComponent()
    component.set(path=[str(p) for p in paths], **inputs)
    frame = component.read_chunks()
    return component, frame.to_dict("records")


def test_each_chunk_names_its_file_and_the_page_it_starts_on(tmp_path: Path) -> None:
    (tmp_path / "water.pdf").write_bytes(make_pdf(WATER))
    (tmp_path / "notes.md").write_text("# Notes\nRain.", encoding="utf-8")
    component, rows = read([tmp_path / "water.pdf", tmp_path / "notes.md"], chunk_size=80, chunk_overlap=0)
    pdf = str(tmp_path / "water.pdf")
    assert rows == [
        {
            "text": "Water is a molecule made of two hydrogen atoms and one oxygen atom.",
            "file_path": pdf,
            "file_name": "water.pdf",
            "page": 1,
        },
        {
            "text": "The water cycle moves water.\n\nIce floats on water.",
            "file_path": pdf,
            "file_name": "water.pdf",
            "page": 2,  # runs over the break to page 3: the page where it starts
        },
        {
            "text": "# Notes\nRain.",
            "file_path": str(tmp_path / "notes.md"),
            "file_name": "notes.md",
            "page": None,
        },
    ]
    assert all(type(row["page"]) is int for row in rows[:2])  # whole numbers, not 1.0
    assert component.status == "water.pdf: 3 pages, 2 chunks · notes.md: 1 chunk"


def test_files_without_text_are_named_and_skipped_and_the_others_read(tmp_path: Path) -> None:
    (tmp_path / "secret.pdf").write_bytes(encrypted_pdf(WATER))
    (tmp_path / "scan.pdf").write_bytes(image_only_pdf())
    (tmp_path / "report.docx").write_bytes(b"PK\x03\x04")
    (tmp_path / "water.pdf").write_bytes(make_pdf(WATER))
    files = ["secret.pdf", "scan.pdf", "report.docx", "missing.pdf", "water.pdf"]
    component, rows = read([tmp_path / n for n in files])
    assert {row["file_name"] for row in rows} == {"water.pdf"}
    status = component.status
    messages = [str(log.message) for log in component.get_logs()]
    assert status.startswith("water.pdf: 3 pages, 1 chunk · skipped: ")
    for name, reason in [
        ("secret.pdf", "encrypted: it needs a password"),
        ("scan.pdf", "no text on any page (scanned or image-only): run OCR first"),
        ("report.docx", "not a PDF or a text file (.docx)"),
        ("missing.pdf", "cannot open it"),
    ]:
        assert f"{name} ({reason}" in status, status
        assert any(m.startswith(f"Skipped {name}: {reason}") for m in messages), (name, messages)


def test_nothing_readable_gives_an_empty_table_with_the_columns(tmp_path: Path) -> None:
    (tmp_path / "scan.pdf").write_bytes(image_only_pdf())
    component = ReadFilesByPageComponent()
    component.set(path=[str(tmp_path / "scan.pdf")])
    frame = component.read_chunks()
    assert list(frame.columns) == ["text", "file_path", "file_name", "page"] and frame.empty


def test_no_files_and_absurd_sizes_get_clear_errors(tmp_path: Path) -> None:
    component = ReadFilesByPageComponent()
    component.set(path=[])
    with pytest.raises(ValueError, match="No files to read"):
        component.read_chunks()
    (tmp_path / "a.txt").write_text("text", encoding="utf-8")
    component.set(path=[str(tmp_path / "a.txt")], chunk_size=100, chunk_overlap=100)
    with pytest.raises(ValueError, match="chunk_overlap must be at least 0 and below chunk_size"):
        component.read_chunks()
