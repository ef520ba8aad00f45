"""Small text helpers shared by the parser, the engine and the cards.

>>> strip_invisible("Sou\u200brce 1")
'Source 1'
>>> snippet("  Water   is\\nwet.  ", limit=8)
'Water i…'
>>> page_suffix(3)
' — page 3'
>>> card_text(["Water boils at 100 °C.", "Ice melts at 0 °C."], [False], "claim not found in this source")
'⚠ claim not found in this source — Water boils at 100 °C. … Ice melts at 0 °C.'
>>> read_card_text(_)
['Water boils at 100 °C.', 'Ice melts at 0 °C.']
>>> card_text(["Water boils at 100 °C."], [], added=ADDED_NOTE)
'+ added: the answer did not cite it — Water boils at 100 °C.'
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


#: How a source card's title reads: ``Source 3 · water.pdf — page 3``, then ``· ⚠ <note>`` when the
#: support check found the claim not (fully) in the source. Written and read back here only.
_CARD_TITLE = re.compile(
    r"Source ([1-9][0-9]{0,8}) \u00b7 (.*?)(?: \u2014 page (-?[0-9]{1,9}))?(?: \u00b7 \u26a0 .*)?"
)


def card_title(number: int, name: str, page: object = None, note: str = "") -> str:
    """The title of a source card; ``note`` says what the support check found, if anything."""
    title = f"Source {number} \u00b7 {name}{page_suffix(page)}"
    return f"{title} \u00b7 \u26a0 {note}" if note else title


def read_card_title(title: object) -> tuple[int, str, int | None] | None:
    """``(number, name, page)`` from a card title written by :func:`card_title`, else None.

    >>> read_card_title("Source 3 · water.pdf — page 2 · ⚠ claim not found in this source")
    (3, 'water.pdf', 2)
    """
    match = _CARD_TITLE.fullmatch(title) if isinstance(title, str) else None
    if match is None:
        return None
    return int(match[1]), match[2], int(match[3]) if match[3] is not None else None


#: A card's warning comes first in its snippet, where the Playground shows two lines of it (a card is
#: 224 px wide at any window size): the warning must fit in about this many characters.
CARD_WARNING_CHARS = 60
#: Between two evidence sentences that are not next to each other in the source.
GAP = " \u2026 "
#: What a card's snippet opens with (where a warning would) when the checker cited its source where
#: the answer did not (``cite_missing="insert"``): for every citation of it, or for some.
ADDED_NOTE = "added: the answer did not cite it"
ALSO_ADDED_NOTE = "also added where the answer did not cite it"
_CARD_WARNING = re.compile(
    "(?:\u26a0 (?:claim not found in this source|the source says otherwise|the source says \u00ab[^\u00bb]*\u00bb(?:, not \u00ab[^\u00bb]*\u00bb)?)"
    f"|\\+ (?:{ADDED_NOTE}|{ALSO_ADDED_NOTE})) \u2014 "
)


def quoted(text: str, limit: int) -> str:
    """``text`` on one line inside «», cut to ``limit`` characters; a » inside cannot end the quote."""
    flat = " ".join(text.split()).replace("\u00bb", "\u203a").replace("\u00ab", "\u2039")
    return "\u00ab" + (flat if len(flat) <= limit else flat[: limit - 1].rstrip() + "\u2026") + "\u00bb"


def card_text(pieces: list[str], adjacent: list[bool], warning: str = "", added: str = "") -> str:
    """A card's snippet: ``⚠ <warning> — `` when there is one, else ``+ <added> — `` when the checker
    cited the source (:data:`ADDED_NOTE`), then the evidence sentences. Sentences
    next to each other in the source (``adjacent``, one per pair) join with a space, others with
    `` … ``, so that two passages never read as one sentence; one starting inside a sentence opens
    with "…"."""
    text = ""
    for k, piece in enumerate(pieces):
        piece = " ".join(piece.split())
        if piece[:1].islower():
            piece = "\u2026" + piece
        text += piece if not k else (" " if adjacent[k - 1] else GAP) + piece
    head = f"\u26a0 {warning} \u2014 " if warning else f"+ {added} \u2014 " if added else ""
    return snippet(head + text)


def read_card_text(text: object) -> list[str]:
    """The evidence of a card snippet written by :func:`card_text`, without its warning or note, piece by
    piece (each one a passage of the source, as far as the snippet shows it)."""
    raw = str(text or "")
    warning = _CARD_WARNING.match(raw)
    raw = raw[warning.end() :] if warning else raw
    pieces = []
    for piece in raw.split(GAP):
        piece = piece.strip().removeprefix("\u2026").removesuffix("\u2026").strip()
        if piece:
            pieces.append(piece)
    return pieces


def snippet(text: object, limit: int = SNIPPET_CHARS) -> str:
    """The text on one line, cut to ``limit`` characters with an ellipsis."""
    raw = str(text or "")
    # Flattening a prefix gives a prefix of the flattened whole, so a long chunk is cut before it
    # is split: the result is the same, at the cost of the snippet rather than of the chunk.
    flat = " ".join(raw[: 2 * limit].split())
    if len(flat) <= limit and len(raw) > 2 * limit:
        flat = " ".join(raw.split())
    return flat if len(flat) <= limit else flat[: limit - 1].rstrip() + "\u2026"
