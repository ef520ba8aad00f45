"""Real PDF files made in the test, for the ingest path: text on pages, line by line, as a word processor lays it out.

    data = make_pdf([["Water is a molecule made of", "two hydrogen atoms."], ["Page two."]])
    Path("water.pdf").write_bytes(data)

Each page is a list of lines drawn top to bottom in Helvetica (a standard font: nothing embedded), so
pypdf extracts them in that order, one line per line. Written by hand from the PDF 1.4 reference (objects,
a cross-reference table, a trailer), so what the reader meets is an ordinary PDF, not pypdf's own output.
``encrypted_pdf`` adds a user password with pypdf; ``image_only_pdf`` draws a filled box and no text, as
a scan without a text layer; ``broken_pdf`` is a PDF cut off half-way.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

FONT_SIZE = 12
LINE_HEIGHT = 16
TOP = 760
LEFT = 72


def _escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")


def _text_stream(lines: Sequence[str]) -> bytes:
    parts = ["BT", f"/F1 {FONT_SIZE} Tf", f"{LEFT} {TOP} Td", f"{LINE_HEIGHT} TL"]
    for index, line in enumerate(lines):
        parts.append(f"({_escape(line)}) Tj" if index == 0 else f"T* ({_escape(line)}) Tj")
    parts.append("ET")
    return "\n".join(parts).encode("latin-1")


def _assemble(streams: Sequence[bytes]) -> bytes:
    """A PDF whose pages draw ``streams`` (content streams), with a cross-reference table."""
    count = len(streams)
    # Objects: 1 catalog, 2 pages, 3 font, then a page and its content stream per page.
    page_ids = [4 + 2 * i for i in range(count)]
    objects: dict[int, bytes] = {
        1: b"<< /Type /Catalog /Pages 2 0 R >>",
        2: f"<< /Type /Pages /Kids [{' '.join(f'{p} 0 R' for p in page_ids)}] /Count {count} >>".encode(),
        3: b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    }
    for page_id, stream in zip(page_ids, streams, strict=True):
        objects[page_id] = (
            f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents {page_id + 1} 0 R "
            "/Resources << /Font << /F1 3 0 R >> >> >>"
        ).encode()
        objects[page_id + 1] = b"<< /Length %d >>\nstream\n" % len(stream) + stream + b"\nendstream"
    out = io.BytesIO()
    out.write(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets: dict[int, int] = {}
    for number in sorted(objects):
        offsets[number] = out.tell()
        out.write(b"%d 0 obj\n" % number + objects[number] + b"\nendobj\n")
    xref = out.tell()
    size = max(objects) + 1
    out.write(b"xref\n0 %d\n0000000000 65535 f \n" % size)
    for number in range(1, size):
        out.write(b"%010d 00000 n \n" % offsets[number])
    out.write(b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (size, xref))
    return out.getvalue()


def make_pdf(pages: Sequence[Sequence[str]]) -> bytes:
    """A PDF with one page per item of ``pages``, each a list of lines."""
    return _assemble([_text_stream(lines) for lines in pages])


def image_only_pdf(pages: int = 2) -> bytes:
    """Pages that hold only a filled rectangle: what a scan without a text layer gives a text reader."""
    box = b"0.5 g\n72 72 468 648 re\nf"
    return _assemble([box] * pages)


def encrypted_pdf(pages: Sequence[Sequence[str]], password: str = "secret") -> bytes:
    """``make_pdf(pages)`` encrypted with a user password (it cannot be read without it)."""
    from pypdf import PdfReader, PdfWriter

    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(make_pdf(pages))))
    writer.encrypt(user_password=password, owner_password=password + "-owner", algorithm="AES-128")
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def broken_pdf(pages: Sequence[Sequence[str]]) -> bytes:
    """A PDF cut off in the middle, as an interrupted download leaves it."""
    data = make_pdf(pages)
    return data[: len(data) // 3]
