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
from dataclasses import dataclass, field

from lfx_citations.core.text import escape_link_target, strip_invisible

#: Longest bracketed marker (opener to closer) the filter waits for; longer is plain text.
MARKER_WINDOW = 64
#: Longest ``(url)`` tail of a model-written ``[Source N](url)`` link that is still swallowed; a longer
#: one is released as text (the only hold longer than a marker, and still small).
LINK_WINDOW = 256
#: Longest run of spaces held before a possible marker (an invalid marker takes at most this many
#: along), and longest run of backticks or tildes held to learn its length (a longer run is read in
#: pieces of this size).
RUN_WINDOW = 16

#: The citation keyword in every supported language: one table, read by the engine and the parser.
#: ``source`` words may also open a parenthesis (``(Quelle 3)``); the others only a bracket, because
#: ``(doc 2)`` or ``(ref 3)`` is prose far more often than a citation.
KEYWORD_TABLE: dict[str, dict[str, tuple[str, ...]]] = {
    "en": {
        "source": ("sources", "source", "src"),
        "other": (
            *("documents", "document", "docs", "doc", "citations", "citation", "cite"),
            *("references", "reference", "refs", "ref"),
        ),
    },
    "fr": {"source": ("sources", "source"), "other": ("documents", "document", "références", "référence")},
    "de": {"source": ("quellen", "quelle"), "other": ("dokumente", "dokument")},
    "es": {
        "source": ("fuentes", "fuente"),
        "other": ("documentos", "documento", "referencias", "referencia"),
    },
    "it": {"source": ("fonti", "fonte"), "other": ("documenti", "documento", "riferimenti", "riferimento")},
    "pt": {"source": ("fontes", "fonte"), "other": ("documentos", "documento", "referências", "referência")},
    "nl": {"source": ("bronnen", "bron"), "other": ("documenten", "document")},
    "pl": {"source": ("źródła", "źródło", "źródeł"), "other": ("dokumenty", "dokument")},
    "sv": {"source": ("källor", "källa"), "other": ("dokument",)},
    "ru": {"source": ("источники", "источник"), "other": ("документы", "документ")},
    "zh": {"source": ("来源", "出处", "來源", "出處"), "other": ("文档", "文檔", "文献", "参考", "參考")},
    "ja": {"source": ("出典", "ソース"), "other": ("文書", "資料")},
    "ko": {"source": ("출처",), "other": ("문서", "자료")},
}


def _longest_first(words: set[str]) -> tuple[str, ...]:
    return tuple(sorted(words, key=lambda w: (-len(w), w)))


#: Every keyword, longest first so that an alternation never stops at a shorter one.
KEYWORDS = _longest_first({w for lang in KEYWORD_TABLE.values() for group in lang.values() for w in group})
#: The keywords that may open a parenthesized marker.
PAREN_KEYWORDS = _longest_first({w for lang in KEYWORD_TABLE.values() for w in lang["source"]})
_KW = "(?:" + "|".join(map(re.escape, KEYWORDS)) + ")"
# A number as a model may write it. Anything but plain ASCII digits is recognised (so it can be
# removed) yet never valid: decimals, signs, non-ASCII digits.
_NUM = r"[-+\u2212]?\d+(?:\.\d+)?"
_RANGE_DASH = r"[-\u2010-\u2015]"
_ITEM = rf"{_NUM}(?:\s*{_RANGE_DASH}\s*{_NUM})?"
_SEP = r"(?:\s*[,;&\u3001\uff0c\uff1b]\s*|\s+and\s+|\s*,\s*and\s+|\s+)"
# The keyword, possibly repeated (``Source: Document 4``), then ``:`` or ``#``.
_KW_HEAD = rf"(?:{_KW}\s*[:#\uff1a]?\s*)+"
#: ``Source 1``, ``Sources: 1, 3``, ``source 1, Source 3``, ``doc1``, ``citation:3``, ``Source 1-3``.
_NAMED_ITEM = rf"(?P<a>{_NUM})(?:\s*{_RANGE_DASH}\s*(?P<b>{_NUM}))?"
_FIRST_ITEM = re.compile(rf"\s*{_KW_HEAD}{_NAMED_ITEM}", re.IGNORECASE)
_NEXT_ITEM = re.compile(rf"{_SEP}(?:{_KW_HEAD})?{_NAMED_ITEM}", re.IGNORECASE)
# Qualifiers a model adds to a keyword item: a page, a section, a file or document name. They are
# dropped from the text (the card shows the chunk's own page) and kept for the payload.
_PAGE = (
    r"(?:pp?|pgs?|pages?|seiten?|s|p[a\u00e1]g(?:ina)?s?|pagina|blz|str|стр|с|ページ|页|頁|쪽)\.?\s*"
    rf"\d+(?:\s*{_RANGE_DASH}\s*\d+)?"
)
_SECTION = (
    r"(?:\u00a7+|sections?|sec|chapters?|chap|ch|abschnitt|kapitel|secci[o\u00f3]n|sezione|se[c\u00e7][a\u00e3]o"
    r"|hoofdstuk|rozdzia\u0142|раздел|глава|para(?:graph)?|\u00b6)\.?\s*\d+(?:\.\d+)*"
)
_NO_NAME = "\\[\\](){}\u3010\u3011;,\uff0c\uff1b\n`"
_QUALIFIER = re.compile(
    rf"\s*\(\s*(?P<paren>[^()\[\]\n`]*[^()\[\]\n\s`])\s*\)"
    rf"|\s*[:,;\uff1a\uff0c\uff1b]?\s*(?P<page>{_PAGE}|{_SECTION})(?!\w)"
    rf"|\s*[:,\uff1a\uff0c]\s*(?!{_KW_HEAD}{_NUM})(?P<name>[^\s\d:{_NO_NAME}][^{_NO_NAME}]*)",
    re.IGNORECASE,
)
#: ``1``, ``1, 3``, ``1-3``, ``^1`` and ``^1^`` (footnotes): ASCII digits only, as bare numbers are
#: ambiguous.
_BARE_ITEM = r"[0-9]+(?:\s*" + _RANGE_DASH + r"\s*[0-9]+)?"
_BARE_LIST = rf"{_BARE_ITEM}(?:\s*[,;]\s*{_BARE_ITEM})*"
_BARE_INNER = re.compile(rf"\s*(?:\^\s*{_BARE_LIST}\s*\^?|{_BARE_LIST})\s*")
#: A footnote reference, ``^3`` or ``^3^`` (Bing), is a citation even glued to a word (``5 kg[^2]``):
#: a caret has no indexing meaning. Ranges are left out, so a regex class ``[^0-9]`` is not one.
_CARET_INNER = re.compile(r"\s*\^\s*[0-9]+(?:\s*[,;]\s*[0-9]+)*\s*\^?\s*")
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
_PARTIAL_CHARS = re.compile(r"[\w\s:#,;&^.+\-\u2010-\u2015\u2212\u2020\u3001\uff0c\uff1a\uff1b]*")
_PARTIAL_WORDS = re.compile(r"[^\W\d_]+")
_WORD_PREFIXES = frozenset(w[:i] for w in (*KEYWORDS, "and") for i in range(1, len(w) + 1))
# Prefix tests fold case the way the grammar's IGNORECASE does (``ſ`` is ``s``, ``ı`` is ``i``), so a
# half-written marker waits exactly when the whole one would be read: streaming equals one-shot.
# A run of letters that may still grow: keywords written together (``QuelleSources: 3``, which
# ``_KW_HEAD`` reads), the last one perhaps only begun, or "and" begun.
_WORD_PREFIX = re.compile(
    f"{_KW}*(?:" + "|".join(map(re.escape, _longest_first(set(_WORD_PREFIXES)))) + ")", re.IGNORECASE
)
_PAREN_PREFIX = re.compile(
    "|".join(map(re.escape, _longest_first({w[:i] for w in PAREN_KEYWORDS for i in range(len(w) + 1)}))),
    re.IGNORECASE,
)
_PAREN_KEYWORD = re.compile(r"\s*(?:" + "|".join(map(re.escape, PAREN_KEYWORDS)) + ")", re.IGNORECASE)
_KEYWORD_PREFIX = re.compile(
    "|".join(map(re.escape, _longest_first({w[:i] for w in KEYWORDS for i in range(len(w) + 1)}))),
    re.IGNORECASE,
)
_KEYWORD_START = re.compile(_KW, re.IGNORECASE)
# A keyword and a number: from here on the group may carry any qualifier, so it waits (in its window).
_QUALIFIABLE_HEAD = re.compile(rf"\s*{_KW_HEAD}{_NUM}", re.IGNORECASE)

#: Each opener and its closer; ``\ue202`` opens a private-use token that has no closer. A brace holds
#: a marker only as ``{cite:3}`` / ``{{cite:3}}`` (a keyword and a number): JSON, ``{x}`` and
#: template placeholders stay text.
OPENERS = {"[": "]", "\u3010": "\u3011", "(": ")", "{": "}", "\ue200": "\ue201", "\ue202": ""}
CLOSERS = frozenset("]\u3011)}\ue201")
#: What ends a would-be marker besides its closer.
BREAKS = frozenset("\n") | CLOSERS
# After these a bare number may start a marker; after anything else (``x[0]``, ``[Fe/H][1]``,
# ``path/[2]``) it is indexing or notation and is left alone. A caret is superscript markup
# (``text^[3]^``, asked for by some prompts), never indexing in prose.
_BARE_MAY_FOLLOW = frozenset(" \t\n\r.,;:!?)}\"'*_~^\u201d\u2019\u00bb\u2026")


class Signal:
    """A decision that carries no data; each subclass has one instance, compared by identity."""

    __slots__ = ()

    def __repr__(self) -> str:
        return type(self).__name__.upper()


class Wait(Signal):
    """The text so far could still become a marker (or a link tail): decide when more arrives."""

    __slots__ = ()


class Plain(Signal):
    """What starts here is no marker: it is written as text."""

    __slots__ = ()


WAIT = Wait()
PLAIN = Plain()


@dataclass(frozen=True)
class ParsedMarker:
    """What one marker asks for: ``ids`` in order, and whether any number in it was unusable.

    ``qualifiers`` pairs a kept id with what the model wrote about it (``p. 3``, ``manual.pdf``),
    which the text drops and the payload keeps.
    """

    ids: tuple[int, ...]
    had_invalid: bool
    qualifiers: tuple[tuple[int, str], ...] = field(default=(), repr=False)


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


def bare_allowed(opener: str, prev: str, *, after_marker: bool, clean_inner: str = "") -> bool:
    """May a bare number (``[3]``) be a marker here? Glued to a word, ``x[0]`` is indexing.

    A footnote reference ``[^3]`` / ``[^3^]`` may stand anywhere: footnotes are written glued.
    """
    if opener == "\u3010":
        return True
    if opener != "[":
        return False
    free = after_marker or prev == "" or prev in _BARE_MAY_FOLLOW
    return free or _CARET_INNER.fullmatch(clean_inner) is not None


def keyword_allowed(opener: str, clean_inner: str) -> bool:
    """Parentheses hold citations only as ``(Source N)`` in some language: ``(doc 2)`` is prose."""
    return opener != "(" or _PAREN_KEYWORD.match(clean_inner) is not None


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
    items = _keyword_items(clean) if keyword else None
    if items is None:
        if not (bare and _BARE_INNER.fullmatch(clean)):
            return None
        items = [(m["a"], m["b"], "") for m in _ITEM_RE.finditer(clean.replace("^", " "))]
    ids: list[int] = []
    qualifiers: list[tuple[int, str]] = []
    had_invalid = False
    for first, last, qualifier in items:
        found = _item_ids(first, last, presented)
        if found is None:
            had_invalid = True
            continue
        ids.extend(found[0])
        had_invalid = had_invalid or found[1]
        if qualifier:
            qualifiers.extend((i, qualifier) for i in found[0])
    return ParsedMarker(tuple(dict.fromkeys(ids)), had_invalid, tuple(dict.fromkeys(qualifiers)))


def _keyword_items(clean: str) -> list[tuple[str, str | None, str]] | None:
    """The items of a keyword group, each ``(first, last, qualifier)``; None if it is not one."""
    item = _FIRST_ITEM.match(clean)
    if item is None:
        return None
    items: list[tuple[str, str | None, list[str]]] = [(item["a"], item["b"], [])]
    at = item.end()
    while at < len(clean):
        item = _NEXT_ITEM.match(clean, at)
        if item is not None:
            items.append((item["a"], item["b"], []))
            at = item.end()
            continue
        qualifier = _QUALIFIER.match(clean, at)
        if qualifier is None:
            break
        items[-1][2].append((qualifier["paren"] or qualifier["page"] or qualifier["name"]).strip())
        at = qualifier.end()
    if clean[at:].strip():
        return None
    return [(a, b, "; ".join(q)) for a, b, q in items]


def _item_ids(first: str, last: str | None, presented: list[int]) -> tuple[list[int], bool] | None:
    """The presented ids one item names, and whether it named others; None if it is unusable."""
    if last is None:
        single = _as_source_id(first)
        return None if single is None or not is_presented(presented, single) else ([single], False)
    if not (_ASCII_INT.fullmatch(first) and _ASCII_INT.fullmatch(last)) or int(first) > int(last):
        return None
    begin, end = int(first), int(last)
    lo, hi = bisect.bisect_left(presented, begin), bisect.bisect_right(presented, end)
    return presented[lo:hi], (hi - lo) != end - begin + 1


# No marker spans a backtick: it starts code (``could_grow`` stops there too, so streaming agrees).
_DOUBLE_INNER = r"[^\[\]{}\n`]*"
_DOUBLE = {
    "[": re.compile(rf"\[\[({_DOUBLE_INNER})\](\])?"),
    "{": re.compile(rf"\{{\{{({_DOUBLE_INNER})\}}(\}})?"),
}
_DOUBLE_OPEN = re.compile(rf"(?:\[\[|\{{\{{){_DOUBLE_INNER}")


def double_group(text: str, start: int, limit: int, final: bool) -> tuple[int, str, bool] | Wait | None:
    """``[[…]]`` or ``{{…}}`` at ``text[start]``: its end, inner text and whether it is closed twice.

    The engine reads ``{{cite:3}}`` as one marker, and ``[[3]]`` as one when a link follows it
    (Perplexity's ``[[3]](url)``, Onyx's ``[[3]]()``); anything else is read as before. Closed once
    (``[[3]`` then something else), the engine still looks at what follows: a removal there would
    close it twice. WAIT while it may still close.
    """
    found = _DOUBLE[text[start]].match(text, start, limit)
    if found is None:
        # Not closed yet: while it may still close as one group, the reading as two nested groups
        # (which allows only one parenthesized qualifier) must not settle it first.
        still_open = not final and limit == len(text) and _DOUBLE_OPEN.fullmatch(text, start, limit)
        return WAIT if still_open and could_grow(text[start + 2 : limit], text[start]) else None
    if found[2] is None and not final and found.end() == len(text):
        return WAIT
    return found.end(), found[1], found[2] is not None


def canonical_marker(source_id: int, url: str | None = None) -> str:
    """The one marker form the product writes; with a URL it is a markdown link."""
    if not url:
        return f"[Source {source_id}]"
    return f"[Source {source_id}]({escape_link_target(url)})"


def could_grow(partial: str, opener: str) -> bool:
    """Could ``opener + partial`` still become a marker as more text arrives?"""
    if "`" in partial:
        return False  # a backtick starts code: no marker reaches across it
    if opener in "\ue200\u3010":
        return "\n" not in partial  # vendor annotations carry any text; the window bounds them
    clean = strip_invisible(partial)
    if opener == "(":
        # A "source" word, begun or whole, must open it.
        if not _PAREN_PREFIX.fullmatch(clean.lstrip()) and not _PAREN_KEYWORD.match(clean):
            return False
    elif opener == "{":
        head = clean.lstrip("{ \t")
        if not _KEYWORD_PREFIX.fullmatch(head) and not _KEYWORD_START.match(head):
            return False
    if _QUALIFIABLE_HEAD.match(clean):
        return True
    if not _PARTIAL_CHARS.fullmatch(clean):
        return False
    if opener == "(":
        return True
    return all(_WORD_PREFIX.fullmatch(w) for w in _PARTIAL_WORDS.findall(clean))


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
        if depth and k < limit:
            return None  # an unbalanced "(" in the target: no link, as in CommonMark
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
    r"(?P<open>[\[\u3010({])"
    rf"(?P<inner>[^\[\]\u3010\u3011(){{}}\n]{{0,{MARKER_WINDOW - 2}}})"
    r"(?P<close>[\]\u3011)}])"
)
# A bracket holding one parenthesized qualifier, ``[Source 2 (p. 7)]``, read after the groups inside it.
_QUALIFIED_GROUP = re.compile(
    r"(?P<open>[\[\u3010{])"
    r"(?P<inner>[^\[\]\u3010\u3011(){}\n]*\([^\[\]\u3010\u3011(){}\n]*\)[^\[\]\u3010\u3011(){}\n]*)"
    r"(?P<close>[\]\u3011}])"
)
# ChatGPT's private-use citation delimiters; no document needs them and they could smuggle a marker.
_PRIVATE_USE_MARKS = dict.fromkeys(range(0xE200, 0xE203))
_MAY_HOLD_MARKER = re.compile("[\\[\u3010({\ue200-\ue202]")


def _neutralize_group(match: re.Match[str]) -> str:
    opener, raw = match["open"], match["inner"]
    if len(raw) > MARKER_WINDOW - 2:
        return match[0]
    inner = strip_invisible(raw)
    if is_vendor_annotation(opener, inner):
        return raw
    before = match.string[match.start() - 1] if match.start() else ""
    # Stricter than the engine on purpose: only indexing glued to a word or a bracket keeps its
    # brackets, so no context a model writes around the text can turn it into a marker.
    glued = bool(before) and (before.isalnum() or before == "]")
    bare = opener == "\u3010" or (opener == "[" and (not glued or _CARET_INNER.fullmatch(inner) is not None))
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
        new = _QUALIFIED_GROUP.sub(_neutralize_group, _GROUP.sub(_neutralize_group, text))
        if new == text:
            return text
        text = new
    return text
