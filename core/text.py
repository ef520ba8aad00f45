"""Small text helpers shared by the parser, the engine and the cards.

>>> strip_invisible("Sou\u200brce 1")
'Source 1'
>>> snippet("  Water   is\\nwet.  ", limit=8)
'Water i…'
>>> page_suffix(3)
' — page 3'
"""

from __future__ import annotations

import re
import unicodedata

SNIPPET_CHARS = 280
# Brackets and parentheses would end a markdown link early; percent-encoded they mean the same URL.
_LINK_ESCAPES = str.maketrans({"(": "%28", ")": "%29", "[": "%5B", "]": "%5D"})


def strip_invisible(text: str) -> str:
    """Drop format characters (zero-width, bidi controls) so they cannot disguise a marker."""
    if text.isascii():  # no ASCII character is a format character
        return text
    return "".join(ch for ch in text if unicodedata.category(ch) != "Cf")


def escape_link_target(url: str) -> str:
    """A URL that can stand inside ``[text](url)`` without ending the link early."""
    return url.translate(_LINK_ESCAPES)


def page_suffix(page: object) -> str:
    """``" — page N"`` for an integer page (not a bool), else empty: the one way pages are shown."""
    return f" \u2014 page {page}" if isinstance(page, int) and not isinstance(page, bool) else ""


#: What the card of a source says when the checker cited it where the answer did not
#: (``cite_missing="insert"``): every citation of it was added, or some were.
ADDED_NOTE = "added: the answer did not cite it"
ALSO_ADDED_NOTE = "also added where the answer did not cite it"

#: How a source card's title reads: ``Source 3 · water.pdf — page 3``, then `` — <added note>`` when
#: the checker cited it, and ``· ⚠ <note>`` when the support check found the claim not (fully) in
#: the source. Written and read back here only.
_CARD_TITLE = re.compile(
    r"Source ([1-9][0-9]{0,8}) \u00b7 (.*?)(?: \u2014 page (-?[0-9]{1,9}))?"
    rf"(?: \u2014 (?:{re.escape(ADDED_NOTE)}|{re.escape(ALSO_ADDED_NOTE)}))?(?: \u00b7 \u26a0 .*)?"
)


def card_title(number: int, name: str, page: object = None, note: str = "", added: str = "") -> str:
    """The title of a source card; ``note`` says what the support check found, ``added`` whether the
    checker cited the source (:data:`ADDED_NOTE`, :data:`ALSO_ADDED_NOTE`), if anything."""
    title = f"Source {number} \u00b7 {name}{page_suffix(page)}"
    title = f"{title} \u2014 {added}" if added else title
    return f"{title} \u00b7 \u26a0 {note}" if note else title


def read_card_title(title: object) -> tuple[int, str, int | None] | None:
    """``(number, name, page)`` from a card title written by :func:`card_title`, else None.

    >>> read_card_title("Source 3 · water.pdf — page 2 · ⚠ claim not found in this source")
    (3, 'water.pdf', 2)
    >>> read_card_title("Source 2 · water.pdf — added: the answer did not cite it")
    (2, 'water.pdf', None)
    """
    match = _CARD_TITLE.fullmatch(title) if isinstance(title, str) else None
    if match is None:
        return None
    return int(match[1]), match[2], int(match[3]) if match[3] is not None else None


def snippet(text: object, limit: int = SNIPPET_CHARS) -> str:
    """The text on one line, cut to ``limit`` characters with an ellipsis."""
    raw = str(text or "")
    # Flattening a prefix gives a prefix of the flattened whole, so a long chunk is cut before it
    # is split: the result is the same, at the cost of the snippet rather than of the chunk.
    flat = " ".join(raw[: 2 * limit].split())
    if len(flat) <= limit and len(raw) > 2 * limit:
        flat = " ".join(raw.split())
    return flat if len(flat) <= limit else flat[: limit - 1].rstrip() + "\u2026"
