"""The marker grammar: which bracketed groups are citations, and what they point to.

    >>> parse_marker_inner("Sources: 1, 3", [1, 2, 3], bare=True, keyword=True)
    ParsedMarker(ids=(1, 3), had_invalid=False)
    >>> parse_marker_inner("Source 9", [1, 2], bare=True, keyword=True)
    ParsedMarker(ids=(), had_invalid=True)
    >>> parse_marker_inner("Figure 2", [1, 2], bare=True, keyword=True) is None
    True
    >>> canonical_marker(3, "https://docs.example/a(b)")
    '[Source 3](https://docs.example/a%28b%29)'

Everything that decides what a marker is lives here, once: the engine reads model output with it and
the parser neutralizes look-alikes in retrieved text with it.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass

from lfx_citations.core.text import escape_link_target, strip_invisible

#: Longest bracketed marker (opener to closer) the filter waits for; longer is plain text.
MARKER_WINDOW = 64
#: Longest ``(url)`` target of a model-written ``[Source N](url)`` link that is still swallowed.
LINK_WINDOW = 2048

KEYWORDS = (
    "sources",
    "source",
    "src",
    "documents",
    "document",
    "docs",
    "doc",
    "citations",
    "citation",
    "cite",
    "references",
    "reference",
    "refs",
    "ref",
)
_KW = "(?:" + "|".join(KEYWORDS) + ")"
# A number as a model may write it. Anything but plain ASCII digits is recognised (so it can be
# removed) yet never valid: decimals, signs, non-ASCII digits.
_NUM = r"[-+\u2212]?\d+(?:\.\d+)?"
_RANGE_DASH = r"[-\u2010-\u2015]"
_ITEM = rf"{_NUM}(?:\s*{_RANGE_DASH}\s*{_NUM})?"
_SEP = r"(?:\s*[,;&]\s*|\s+and\s+|\s*,\s*and\s+|\s+)"
_KW_ITEM = rf"(?:{_KW}\s*[:#]?\s*)?{_ITEM}"
#: ``Source 1``, ``Sources: 1, 3``, ``source 1, Source 3``, ``doc1``, ``citation:3``, ``Source 1-3``.
_KEYWORD_INNER = re.compile(rf"\s*{_KW}\s*[:#]?\s*{_ITEM}(?:{_SEP}{_KW_ITEM})*\s*", re.IGNORECASE)
#: ``1``, ``1, 3``, ``1-3``, ``^1`` (footnote): ASCII digits only, as bare numbers are ambiguous.
_BARE_ITEM = r"[0-9]+(?:\s*" + _RANGE_DASH + r"\s*[0-9]+)?"
_BARE_INNER = re.compile(rf"\s*\^?\s*{_BARE_ITEM}(?:\s*[,;]\s*{_BARE_ITEM})*\s*")
#: Vendor annotations that carry no source number of ours: OpenAI file search ``【4:0†source】``,
#: line citations ``【F:app.ts†L1-L5】``, and ChatGPT's private-use tokens ``\ue200cite…\ue201``
#: and ``\ue202turn0file0``. They are dropped like invalid markers.
_VENDOR_INNER = re.compile(r"[^\u3011\u2020]*\u2020[^\u3011]*")
_PUA_TOKEN = re.compile(r"\ue202turn[0-9]+[a-z]+[0-9]+")
_PUA_PARTIAL = re.compile(r"\ue202(?:t(?:u(?:r(?:n(?:[0-9]+(?:[a-z]+[0-9]*)?)?)?)?)?)?")
_SIMPLE_INNER = re.compile(r"(Source )?([1-9][0-9]{0,8})")
_ITEM_RE = re.compile(rf"(?P<a>{_NUM})(?:\s*{_RANGE_DASH}\s*(?P<b>{_NUM}))?")
_ASCII_INT = re.compile(r"[0-9]+")
_LINK_TARGET = re.compile(r"[A-Za-z][A-Za-z0-9+.\-]*:|/|#|www\.")
#: Characters a marker may still grow with; anything else ends the wait at once.
_PARTIAL_CHARS = re.compile(r"[\w\s:#,;&^.+\-\u2010-\u2015\u2212\u2020]*")
_PARTIAL_WORDS = re.compile(r"[^\W\d_]+")
_WORD_PREFIXES = frozenset(w[:i] for w in (*KEYWORDS, "and") for i in range(1, len(w) + 1))

#: Each opener and its closer; ``\ue202`` opens a private-use token that has no closer.
OPENERS = {"[": "]", "\u3010": "\u3011", "(": ")", "\ue200": "\ue201", "\ue202": ""}
CLOSERS = frozenset("]\u3011)\ue201")
#: What ends a would-be marker besides its closer.
BREAKS = frozenset("\n") | CLOSERS
# After these a bare number may start a marker; after anything else (``x[0]``, ``[Fe/H][1]``,
# ``path/[2]``) it is indexing or notation and is left alone.
_BARE_MAY_FOLLOW = frozenset(" \t\n\r.,;:!?)}\"'*_~\u201d\u2019\u00bb\u2026")


class Wait:
    """The text so far could still become a marker (or a link tail): decide when more arrives."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "WAIT"


WAIT = Wait()


@dataclass(frozen=True)
class ParsedMarker:
    """What one marker asks for: ``ids`` in order, and whether any number in it was unusable."""

    ids: tuple[int, ...]
    had_invalid: bool


def is_presented(presented: list[int], source_id: int) -> bool:
    """Membership in a sorted id list by bisection: markers can be many and sources many."""
    at = bisect.bisect_left(presented, source_id)
    return at < len(presented) and presented[at] == source_id


def _as_source_id(token: str) -> int | None:
    """A valid source number is plain ASCII digits (leading zeros allowed) and at least 1."""
    if not _ASCII_INT.fullmatch(token):
        return None
    value = int(token)
    return value if value >= 1 else None


def bare_allowed(opener: str, prev: str, *, after_marker: bool) -> bool:
    """May a bare number (``[3]``) be a marker here? Glued to a word, ``x[0]`` is indexing."""
    return opener == "\u3010" or (opener == "[" and (after_marker or prev == "" or prev in _BARE_MAY_FOLLOW))


def keyword_allowed(opener: str, clean_inner: str) -> bool:
    """Parentheses hold citations only as ``(Source N)``: ``(doc 2)`` or ``(ref 3)`` are prose."""
    return opener != "(" or clean_inner.lstrip().lower().startswith("source")


def is_vendor_annotation(opener: str, clean_inner: str) -> bool:
    """``【4:0†source】`` and its kin: a vendor's citation with no number of ours in it."""
    return opener == "\u3010" and _VENDOR_INNER.fullmatch(clean_inner) is not None


def parse_marker_inner(inner: str, presented: list[int], *, bare: bool, keyword: bool) -> ParsedMarker | None:
    """Read the text between a marker's brackets; ``None`` when it is not a marker at all.

    ``presented`` must be sorted. Ranges expand only to presented ids, so ``[1-99999999]`` costs
    no more than the number of sources.
    """
    simple = _SIMPLE_INNER.fullmatch(inner)
    if simple and (keyword if simple[1] else bare):  # the common "Source 3" / "3": one lookup
        single = int(simple[2])
        return ParsedMarker((single,), False) if is_presented(presented, single) else ParsedMarker((), True)
    clean = strip_invisible(inner)
    if keyword and _KEYWORD_INNER.fullmatch(clean):
        body = re.sub(_KW, " ", clean, flags=re.IGNORECASE)
    elif bare and _BARE_INNER.fullmatch(clean):
        body = clean.replace("^", " ")
    else:
        return None
    ids: list[int] = []
    had_invalid = False
    for item in _ITEM_RE.finditer(body):
        last = item["b"]
        if last is None:
            single = _as_source_id(item["a"])
            if single is not None and is_presented(presented, single):
                ids.append(single)
            else:
                had_invalid = True
            continue
        if not (_ASCII_INT.fullmatch(item["a"]) and _ASCII_INT.fullmatch(last)) or int(item["a"]) > int(last):
            had_invalid = True
            continue
        begin, end = int(item["a"]), int(last)
        lo, hi = bisect.bisect_left(presented, begin), bisect.bisect_right(presented, end)
        ids.extend(presented[lo:hi])
        had_invalid = had_invalid or (hi - lo) != end - begin + 1
    return ParsedMarker(tuple(dict.fromkeys(ids)), had_invalid)


def canonical_marker(source_id: int, url: str | None = None) -> str:
    """The one marker form the product writes; with a URL it is a markdown link."""
    if not url:
        return f"[Source {source_id}]"
    return f"[Source {source_id}]({escape_link_target(url)})"


def could_grow(partial: str, opener: str) -> bool:
    """Could ``opener + partial`` still become a marker as more text arrives?"""
    if opener in "\ue200\u3010":
        return "\n" not in partial  # vendor annotations carry any text; the window bounds them
    clean = strip_invisible(partial).lower()
    if not _PARTIAL_CHARS.fullmatch(clean):
        return False
    if opener == "(":
        head = clean.lstrip()
        return head == "" or "sources".startswith(head[:7]) or head.startswith("source")
    return all(w in _WORD_PREFIXES for w in _PARTIAL_WORDS.findall(clean))


def pua_token_end(text: str, start: int, final: bool) -> int | Wait | None:
    """End of a ChatGPT private-use token ``\\ue202turn0file0`` at ``text[start]``, if it is one."""
    token = _PUA_TOKEN.match(text, start)
    if token and (token.end() < len(text) or final):
        return token.end()
    if not final and _PUA_PARTIAL.fullmatch(text, start):
        return WAIT
    return None


def link_tail(text: str, start: int, final: bool) -> int | Wait | None:
    """End of a markdown link tail ``(target "title")`` at ``text[start]``, None if there is none.

    CommonMark's shapes count: spaces inside, ``<target>``, balanced parentheses in the target
    (``javascript:alert(1)``), an optional title. WAIT when the text so far could still be one.
    """
    limit = min(len(text), start + LINK_WINDOW)
    more = WAIT if not final and len(text) < start + LINK_WINDOW else None
    k = start + 1
    while k < limit and text[k] in " \t":
        k += 1
    if k < limit and text[k] == "\n":  # CommonMark allows one line break before the target
        k += 1
        while k < limit and text[k] in " \t":
            k += 1
    target_at = k
    if k < limit and text[k] == "<":
        close = text.find(">", k, limit)
        if close < 0:
            return more if "\n" not in text[k:limit] else None
        k, target = close + 1, text[target_at + 1 : close]
    else:
        depth = 0
        while k < limit and not text[k].isspace():
            if text[k] == "(":
                depth += 1
            elif text[k] == ")":
                if depth == 0:
                    break
                depth -= 1
            k += 1
        target = text[target_at:k]
    if k >= limit:
        return more
    if not _LINK_TARGET.match(target):
        return None
    while k < limit and text[k] in " \t":
        k += 1
    if k < limit and text[k] in "\"'":
        close = text.find(text[k], k + 1, limit)
        if close < 0:
            return more
        k = close + 1
        while k < limit and text[k] in " \t":
            k += 1
    if k >= limit:
        return more
    return k + 1 if text[k] == ")" else None


# Any bracketed group short enough to be a marker, innermost first (no bracket inside): neutralizing
# repeats until nothing changes, so ``[[1]]`` loses both pairs.
_GROUP = re.compile(
    r"(?P<open>[\[\u3010(])"
    rf"(?P<inner>[^\[\]\u3010\u3011()\n]{{0,{MARKER_WINDOW - 2}}})"
    r"(?P<close>[\]\u3011)])"
)
# ChatGPT's private-use citation delimiters; no document needs them and they could smuggle a marker.
_PRIVATE_USE_MARKS = dict.fromkeys(range(0xE200, 0xE203))
_MAY_HOLD_MARKER = re.compile("[\\[\u3010(\ue200-\ue202]")


def _neutralize_group(match: re.Match[str]) -> str:
    opener, raw = match["open"], match["inner"]
    inner = strip_invisible(raw)
    if is_vendor_annotation(opener, inner):
        return raw
    before = match.string[match.start() - 1] if match.start() else ""
    # Stricter than the engine on purpose: only indexing glued to a word or a bracket keeps its
    # brackets, so no context a model writes around the text can turn it into a marker.
    glued = bool(before) and (before.isalnum() or before == "]")
    bare = opener == "\u3010" or (opener == "[" and not glued)
    if parse_marker_inner(inner, [], bare=bare, keyword=keyword_allowed(opener, inner)) is None:
        return match[0]
    return raw


def neutralize_markers(text: str) -> str:
    """Strip the brackets off every group the grammar reads as a marker, so a chunk cannot forge one.

    ``[Source 7]`` becomes ``Source 7``. Repeated until stable because ``[[1]]`` hides a marker
    inside a marker.
    """
    if not _MAY_HOLD_MARKER.search(text):
        return text
    if not text.isascii():
        text = text.translate(_PRIVATE_USE_MARKS)
    for _ in range(len(text)):
        new = _GROUP.sub(_neutralize_group, text)
        if new == text:
            return text
        text = new
    return text
