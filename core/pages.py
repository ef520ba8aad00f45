"""Files to chunks that know their page: PDFs read page by page with pypdf, text files as they are.

    >>> pages = [Page("Water is a molecule made of two hydrogen atoms.", 1), Page("Ice floats.", 2)]
    >>> [(c.text, c.page) for c in split_pages(pages, chunk_size=30, chunk_overlap=10)]
    [('Water is a molecule made of', 1), ('made of two hydrogen atoms.', 1), ('atoms.\\n\\nIce floats.', 1)]

A chunk carries the page where it starts, so a chunk that runs over a page break keeps the first
page's number. Pages are joined by a blank line, so no chunk joins the last words of one page and
the first of the next into one line. In a PDF page, a line break inside a sentence becomes a space
(PDFs break lines where the page is full, not where the sentence ends); a break after a sentence, a
blank line and a list item's line stay. Reading order is pypdf's: the order the page draws its text.

A file that cannot give text (an encrypted PDF, pages that are only images, a broken file, a type this
does not read) raises :class:`UnreadableFile`, whose message says why in a few words; callers name the
file, skip it and go on with the others.
"""

from __future__ import annotations

import bisect
import io
import re
from dataclasses import dataclass

from pypdf import PdfReader

PDF_SUFFIXES = frozenset({"pdf"})
TEXT_SUFFIXES = frozenset(
    {"txt", "text", "md", "markdown", "mdx", "rst", "csv", "json", "html", "htm", "xml"}
)
READABLE_SUFFIXES = tuple(sorted(PDF_SUFFIXES | TEXT_SUFFIXES))
DEFAULT_CHUNK_SIZE = 1000
DEFAULT_CHUNK_OVERLAP = 200
PAGE_BREAK = "\n\n"
# Where a chunk may end, best first: a paragraph, a line, a sentence, a word.
_BREAKS = (re.compile(r"\n\s*\n"), re.compile(r"\n"), re.compile(r"(?<=[.!?])\s"), re.compile(r"\s"))
# A line that ends a sentence (closing quotes and brackets may follow the stop).
_SENTENCE_END = re.compile(r"[.!?:;][\"'\u201d\u2019)\]]*$")
# A line that starts a list item or a heading number: the break before it is the layout's, keep it.
_ITEM_START = re.compile(r"(?:[-*\u2022\u25aa\u2013]\s|\(?[0-9]{1,3}[.)]\s|[a-z][.)]\s)")


class UnreadableFile(ValueError):
    """A file gives no text; the message is the reason, e.g. ``encrypted: it needs a password``."""


@dataclass(frozen=True)
class Page:
    """The text of one page (``number`` from 1), or of a whole file that has no pages (``None``)."""

    text: str
    number: int | None = None


@dataclass(frozen=True)
class Chunk:
    """A piece of a file for the vector store, with the page where it starts (``None``: no pages).

    ``start`` is where it starts in the pages' text joined by :data:`PAGE_BREAK`.
    """

    text: str
    page: int | None
    start: int = 0


def suffix_of(name: str) -> str:
    """The file name's extension, lower case, without the dot (``""`` when it has none)."""
    base = name.replace("\\", "/").rsplit("/", 1)[-1]
    return base.rsplit(".", 1)[-1].lower() if "." in base.strip(".") else ""


def join_pdf_lines(text: str) -> str:
    """A PDF page's text with the line breaks inside sentences turned into spaces.

    >>> join_pdf_lines("made of two\\nhydrogen atoms.\\nIt boils.\\n\\n- one\\n- two")
    'made of two hydrogen atoms.\\nIt boils.\\n\\n- one\\n- two'
    """
    paragraphs = re.split(r"\n[ \t]*\n", text.replace("\r\n", "\n").replace("\r", "\n"))
    joined: list[str] = []
    for paragraph in paragraphs:
        lines = [line.strip() for line in paragraph.split("\n")]
        out = ""
        for line in lines:
            if not line:
                continue
            if not out:
                out = line
            elif _SENTENCE_END.search(out) or _ITEM_START.match(line):
                out += "\n" + line
            elif out.endswith("-") and len(out) > 1 and out[-2].isalpha():
                out += line  # "well-\nknown": the hyphen is the word's; the break was the page's
            else:
                out += " " + line
        if out:
            joined.append(out)
    return "\n\n".join(joined)


def pdf_pages(data: bytes) -> list[Page]:
    """The pages of a PDF, numbered from 1, each with its text (lines inside sentences joined).

    Raises :class:`UnreadableFile` for a PDF that needs a password, one that pypdf cannot parse, and
    one with no text on any page (scans without a text layer need OCR first).
    """
    try:
        reader = PdfReader(io.BytesIO(data))
        if reader.is_encrypted:
            try:
                opened = reader.decrypt("")  # owner-password-only PDFs open with an empty user password
            except Exception:  # noqa: BLE001 - an unsupported cipher is as unreadable as a password
                opened = 0
            if not opened:
                msg = "encrypted: it needs a password"
                raise UnreadableFile(msg)
        texts = [page.extract_text() or "" for page in reader.pages]
    except UnreadableFile:
        raise
    except Exception as exc:  # noqa: BLE001 - pypdf raises many types for damaged files
        msg = f"not a readable PDF ({type(exc).__name__}: {str(exc)[:120]})"
        raise UnreadableFile(msg) from None
    if not texts:
        msg = "not a readable PDF (no pages)"
        raise UnreadableFile(msg)
    pages = [Page(join_pdf_lines(text), number) for number, text in enumerate(texts, start=1)]
    if not any(page.text.strip() for page in pages):
        msg = "no text on any page (scanned or image-only): run OCR first"
        raise UnreadableFile(msg)
    return pages


def text_pages(data: bytes) -> list[Page]:
    """A text file as one page without a number (UTF-8, a byte-order mark dropped)."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        msg = "not UTF-8 text"
        raise UnreadableFile(msg) from None
    if "\x00" in text:
        msg = "binary content, not text"
        raise UnreadableFile(msg)
    return [Page(text.replace("\r\n", "\n"))]


def read_pages(name: str, data: bytes) -> list[Page]:
    """The pages of the file called ``name`` (its extension picks the reader)."""
    suffix = suffix_of(name)
    if suffix in PDF_SUFFIXES:
        return pdf_pages(data)
    if suffix in TEXT_SUFFIXES:
        return text_pages(data)
    shown = f".{suffix}" if suffix else "no extension"
    msg = f"not a PDF or a text file ({shown})"
    raise UnreadableFile(msg)


def _end_of_chunk(text: str, start: int, limit: int) -> int:
    """Where a chunk from ``start`` ends: the best break in its second half, else ``limit``."""
    if limit >= len(text):
        return len(text)
    floor = start + (limit - start) // 2
    for pattern in _BREAKS:
        ends = [m.start() for m in pattern.finditer(text, floor, limit + 1)]
        if ends:
            return ends[-1]
    return limit


def split_pages(
    pages: list[Page], chunk_size: int = DEFAULT_CHUNK_SIZE, chunk_overlap: int = DEFAULT_CHUNK_OVERLAP
) -> list[Chunk]:
    """Chunks of at most ``chunk_size`` characters over the pages joined by blank lines.

    Each chunk ends at the best break within its last half (paragraph, line, sentence, word) and the
    next one starts up to ``chunk_overlap`` characters earlier, at a word. Its page is the page of
    its first character.
    """
    if chunk_size < 1:
        msg = f"chunk_size must be at least 1, not {chunk_size}"
        raise ValueError(msg)
    if not 0 <= chunk_overlap < chunk_size:
        msg = f"chunk_overlap must be at least 0 and below chunk_size ({chunk_size}), not {chunk_overlap}"
        raise ValueError(msg)
    starts: list[int] = []
    parts: list[str] = []
    offset = 0
    for page in pages:
        if parts:
            parts.append(PAGE_BREAK)
            offset += len(PAGE_BREAK)
        starts.append(offset)
        parts.append(page.text)
        offset += len(page.text)
    text = "".join(parts)
    chunks: list[Chunk] = []
    start = 0
    while start < len(text):
        while start < len(text) and text[start].isspace():
            start += 1
        if start >= len(text):
            break
        end = _end_of_chunk(text, start, start + chunk_size)
        body = text[start:end].rstrip()
        if body:
            chunks.append(Chunk(body, pages[bisect.bisect_right(starts, start) - 1].number, start))
        if end >= len(text):
            break
        following = max(end - chunk_overlap, start + 1)
        if chunk_overlap and following < end:
            space = text.find(" ", following, end)  # start the overlap at a word
            following = space + 1 if space != -1 else end
        start = max(following, start + 1)
    return chunks
