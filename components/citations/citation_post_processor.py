"""Citation Post-Processor: keep valid ``[Source N]`` markers, drop the rest, attach source cards.

The file stands alone (Langflow re-creates the node from this source, also on servers where the
package is not installed), so it imports only lfx, pydantic and the standard library. It reads top
to bottom: the marker grammar, the incremental filter (the engine), the payload, then the thin
Component class.
"""

from __future__ import annotations

import asyncio
import bisect
import json
import re
import unicodedata
from collections.abc import AsyncIterator, Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from lfx.custom.custom_component.component import Component
from lfx.io import BoolInput, DropdownInput, HandleInput, MessageInput, Output
from lfx.schema.content_types import CitationContent, ContentBlock, JSONContent, TextContent
from lfx.schema.message import Message

# ---------------------------------------------------------------------------
# Marker grammar
# ---------------------------------------------------------------------------

#: Longest bracketed marker (opener to closer) the filter waits for; longer is plain text.
MARKER_WINDOW = 64
#: Longest ``(url)`` target of a model-written ``[Source N](url)`` link that is still swallowed.
LINK_WINDOW = 2048

_KEYWORDS = (
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
_KW = "(?:" + "|".join(_KEYWORDS) + ")"
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
_LINK_ESCAPES = str.maketrans({"(": "%28", ")": "%29", "[": "%5B", "]": "%5D"})
_LINK_TARGET = re.compile(r"[A-Za-z][A-Za-z0-9+.\-]*:|/|#|www\.")
#: Characters a marker may still grow with; anything else ends the wait at once.
_PARTIAL_CHARS = re.compile(r"[\w\s:#,;&^.+\-\u2010-\u2015\u2212\u2020]*")
_PARTIAL_WORDS = re.compile(r"[^\W\d_]+")
_WORD_PREFIXES = frozenset(w[:i] for w in (*_KEYWORDS, "and") for i in range(1, len(w) + 1))

_OPENERS = {"[": "]", "\u3010": "\u3011", "(": ")", "\ue200": "\ue201", "\ue202": ""}
# After these a bare number may start a marker; after anything else (``x[0]``, ``[Fe/H][1]``,
# ``path/[2]``) it is indexing or notation and is left alone.
_BARE_MAY_FOLLOW = frozenset(" \t\n\r.,;:!?)}\"'*_~\u201d\u2019\u00bb\u2026")
# Where plain text ends: an opener (with the spaces before it, which an invalid marker takes
# along), a backtick, tilde or newline, or trailing spaces that a marker may still follow.
_SPECIAL = re.compile(r"[ \t]*[" + re.escape("".join(_OPENERS)) + r"]|[`~\n]|[ \t]+\Z")


def strip_invisible(text: str) -> str:
    """Drop format characters (zero-width, bidi controls) so they cannot disguise a marker."""
    if text.isascii():  # no ASCII character is a format character
        return text
    return "".join(ch for ch in text if unicodedata.category(ch) != "Cf")


def _as_source_id(token: str) -> int | None:
    """A valid source number is plain ASCII digits (leading zeros allowed) and at least 1."""
    if not _ASCII_INT.fullmatch(token):
        return None
    value = int(token)
    return value if value >= 1 else None


def _is_presented(presented: list[int], source_id: int) -> bool:
    at = bisect.bisect_left(presented, source_id)
    return at < len(presented) and presented[at] == source_id


@dataclass(frozen=True)
class ParsedMarker:
    """What one marker asks for: ``ids`` in order, and whether any number in it was unusable."""

    ids: tuple[int, ...]
    had_invalid: bool


def parse_marker_inner(inner: str, presented: list[int], *, bare: bool, keyword: bool) -> ParsedMarker | None:
    """Read the text between a marker's brackets; ``None`` when it is not a marker at all.

    ``presented`` must be sorted. Ranges expand only to presented ids, so ``[1-99999999]`` costs
    no more than the number of sources.
    """
    simple = _SIMPLE_INNER.fullmatch(inner)
    if simple and (keyword if simple[1] else bare):  # the common "Source 3" / "3": one lookup
        single = int(simple[2])
        return ParsedMarker((single,), False) if _is_presented(presented, single) else ParsedMarker((), True)
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
            if single is not None and _is_presented(presented, single):
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
    # Brackets and parentheses would end the markdown link early; encoded they mean the same URL.
    return f"[Source {source_id}]({url.translate(_LINK_ESCAPES)})"


def _link_tail(buf: str, start: int, final: bool) -> Any:
    """End of a markdown link tail ``(target "title")`` at ``buf[start]``, None if there is none.

    CommonMark's shapes count: spaces inside, ``<target>``, balanced parentheses in the target
    (``javascript:alert(1)``), an optional title. _WAIT when the text so far could still be one.
    """
    limit = min(len(buf), start + LINK_WINDOW)
    more = _WAIT if not final and len(buf) < start + LINK_WINDOW else None
    k = start + 1
    while k < limit and buf[k] in " \t":
        k += 1
    if k < limit and buf[k] == "\n":  # CommonMark allows one line break before the target
        k += 1
        while k < limit and buf[k] in " \t":
            k += 1
    target_at = k
    if k < limit and buf[k] == "<":
        close = buf.find(">", k, limit)
        if close < 0:
            return more if "\n" not in buf[k:limit] else None
        k, target = close + 1, buf[target_at + 1 : close]
    else:
        depth = 0
        while k < limit and not buf[k].isspace():
            if buf[k] == "(":
                depth += 1
            elif buf[k] == ")":
                if depth == 0:
                    break
                depth -= 1
            k += 1
        target = buf[target_at:k]
    if k >= limit:
        return more
    if not _LINK_TARGET.match(target):
        return None
    while k < limit and buf[k] in " \t":
        k += 1
    if k < limit and buf[k] in "\"'":
        close = buf.find(buf[k], k + 1, limit)
        if close < 0:
            return more
        k = close + 1
        while k < limit and buf[k] in " \t":
            k += 1
    if k >= limit:
        return more
    return k + 1 if buf[k] == ")" else None


# ---------------------------------------------------------------------------
# The incremental filter
# ---------------------------------------------------------------------------

_WAIT = object()  # classification needs more input
_ONE_SHOT_SLICE = 8192
_HELD_RUNS = (" \t", "`", "~")
_HELD_ENDS = frozenset("".join(_HELD_RUNS))
_CLOSERS = frozenset("]\u3011)\ue201")
_BREAKS = frozenset("\n") | _CLOSERS
# Inside a would-be marker, the next character that settles it: its closer, a nested opener, a break.
_STOP_CHARS = re.escape("".join(_OPENERS) + "".join(sorted(_BREAKS)))
_STOP = re.compile(f"[{_STOP_CHARS}]")
# A token that can go straight out: no opener, closer, newline or code mark, no trailing space.
_PLAIN_TOKEN = re.compile(f"[^{_STOP_CHARS}`~]*" + r"(?<![ \t])")
# The last opener or break in a written text (the greedy ``.*`` finds the last one in C).
_LAST_OPEN_OR_BREAK = re.compile(r"(?s:.*)" + _STOP.pattern)


@dataclass
class _Match:
    end: int  # index just past the marker (its link included) in the scanned string
    parsed: ParsedMarker | None  # None for a vendor annotation, which is always dropped

    @property
    def kept(self) -> bool:
        return self.parsed is not None and bool(self.parsed.ids)


class CitationFilter:
    """Streams an answer through, rewriting citation markers on the fly.

    ``feed`` returns the text that is safe to show now; ``close`` flushes the rest. Text is held
    back only while it could still become part of a marker: an opener (``[``, ``【``, ``(``) and
    what follows it up to :data:`MARKER_WINDOW` characters, a ``(url)`` after a marker, a run of
    backticks, and trailing spaces (they go away with an invalid marker that may follow).

    Every decision depends only on the text, never on where it was split, so streaming and one-shot
    give the same result. Context (code, what precedes a marker) is read from the *output*, and a
    marker nested in a would-be marker is settled first, so a removal can never assemble a new
    marker from the text around it: a second pass changes nothing.
    """

    def __init__(
        self,
        presented: Iterable[int],
        *,
        link_for: Callable[[int], str | None] | None = None,
        window: int = MARKER_WINDOW,
    ) -> None:
        self.presented = sorted({int(i) for i in presented})
        self.link_for = link_for
        self.window = max(int(window), MARKER_WINDOW)
        self.cited: list[int] = []
        self.removed: list[str] = []
        self.reported = False
        self.first_spans: dict[int, tuple[int, int]] = {}
        self._canonical: dict[int, str] = {}  # presented ids only, so bounded by the sources
        self._buf = ""
        self._out_len = 0
        self._last = ""  # last character written, "" at the start
        self._after_marker = False  # the last thing written (or dropped) was a marker
        self._line_blank = True  # nothing but spaces written on the current line
        self._open: tuple[str, str] | None = None  # an opener written as text, unclosed, and what followed it
        self._fence: str | None = None  # the opening fence while inside a fenced code block
        self._fence_line = ""  # current line inside a fence, to spot the closing fence
        self._code_ticks = 0  # backtick count of the open inline code span
        self._closed = False
        self._held_run = ""  # the characters the held text is made of, when it is one such run

    # -- public API --------------------------------------------------------

    def feed(self, chunk: str) -> str:
        if self._closed:
            msg = "CitationFilter.feed() after close()"
            raise RuntimeError(msg)
        if not chunk:
            return ""
        if not self._buf and self._fence is None and not self._code_ticks and _PLAIN_TOKEN.fullmatch(chunk):
            self._advance(chunk)  # plain text with nothing held: what _run would do, without the loop
            return chunk
        if self._held_run and not chunk.strip(self._held_run):
            self._buf += chunk  # the held run of spaces or backticks only grew: nothing to rescan
            return ""
        self._buf += chunk
        out = self._run(final=False)
        held = self._buf
        self._held_run = next((run for run in _HELD_RUNS if not held.strip(run)), "") if held[-1:] in _HELD_ENDS else ""
        return out

    def feed_all(self, text: str) -> str:
        """The whole (rest of the) answer at once, then close.

        Fed in slices: the result is the same for any split, and the buffer a settled nested
        marker rewrites stays small, so a long answer costs linear time.
        """
        out = "".join(self.feed(text[i : i + _ONE_SHOT_SLICE]) for i in range(0, len(text), _ONE_SHOT_SLICE))
        return out + self.close()

    def close(self) -> str:
        if self._closed:
            return ""
        out = self._run(final=True)
        self._closed = True
        return out

    @property
    def held(self) -> int:
        """Characters received but not yet released."""
        return len(self._buf)

    # -- scanning ----------------------------------------------------------

    def _run(self, *, final: bool) -> str:
        out: list[str] = []
        i = 0
        while i < len(self._buf):
            buf = self._buf  # a settled nested marker may rewrite the buffer in place
            if self._fence is not None:
                i = self._scan_fence(buf, i, out)
                continue
            if self._code_ticks:
                step = self._scan_inline_code(buf, i, out, final)
            else:
                m = _SPECIAL.search(buf, i)
                j = m.start() if m else len(buf)
                if j > i:
                    self._write(out, buf[i:j])
                    i = j
                    continue
                ch = buf[i]
                if ch in " \t":
                    step = self._scan_spaces(buf, i, out, final)
                elif ch == "\n":
                    self._write(out, ch)
                    step = i + 1
                elif ch in "`~":
                    step = self._scan_ticks(buf, i, out, final)
                else:
                    step = self._scan_opener(buf, i, i, out, final)
            if step is None:
                break
            i = step
        self._buf = self._buf[i:]
        return "".join(out)

    def _write(self, out: list[str], text: str) -> None:
        if not text:
            return
        out.append(text)
        last = _LAST_OPEN_OR_BREAK.match(text)
        if last is None:
            self._advance(text)
            return
        pos = last.end() - 1
        self._open = (text[pos], text[pos + 1 :]) if text[pos] in _OPENERS else None
        self._out_len += len(text)
        self._last = text[-1]
        self._after_marker = False
        newline = text.rfind("\n")
        if newline >= 0:
            self._line_blank = not text[newline + 1 :].strip(" \t")
        elif self._line_blank:
            self._line_blank = not text.strip(" \t")

    def _advance(self, text: str) -> None:
        """Take in written text that holds no opener, closer or newline."""
        self._out_len += len(text)
        self._last = text[-1]
        self._after_marker = False
        if self._open is not None:
            opener, after = self._open
            self._open = (opener, after + text) if len(after) + len(text) < self.window else None
        if self._line_blank:
            self._line_blank = not text.strip(" \t")

    def _scan_spaces(self, buf: str, i: int, out: list[str], final: bool) -> int | None:
        j = i
        while j < len(buf) and buf[j] in " \t":
            j += 1
        if j == len(buf):
            if not final:
                return None
            self._write(out, buf[i:j])
            return j
        if buf[j] in _OPENERS:
            return self._scan_opener(buf, i, j, out, final)
        self._write(out, buf[i:j])
        return j

    def _scan_opener(self, buf: str, i: int, j: int, out: list[str], final: bool) -> int | None:
        """Settle what starts at opener ``buf[j]``; ``buf[i:j]`` are the spaces before it."""
        spaces = buf[i:j]
        prev, after_marker = (spaces[-1], False) if spaces else (self._last, self._after_marker)
        found = self._classify(buf, j, final, prev=prev, after_marker=after_marker)
        if found is _WAIT:
            return None
        if self._buf is not buf:
            return i  # a nested marker was dropped: read this spot again
        if found is None:
            self._write(out, spaces + buf[j])
            return j + 1
        self._note(buf[j : found.end], found)
        if found.kept:
            self._write(out, spaces)
            self._write_markers(out, found.parsed.ids)
        else:
            if self._open is not None and self._could_grow(self._open[1], self._open[0]):
                # An opener written earlier is still unclosed: dropping the spaces could pull a
                # closer back into its reach and assemble a marker. Keep them.
                self._write(out, spaces)
            self._after_marker = True
        return found.end

    def _note(self, raw: str, found: _Match) -> None:
        self.reported = True
        if found.parsed is None or found.parsed.had_invalid:
            self.removed.append(raw)

    def _write_markers(self, out: list[str], ids: Iterable[int]) -> None:
        for source_id in ids:
            text = self._canonical.get(source_id)
            if text is None:
                text = canonical_marker(source_id, self.link_for(source_id) if self.link_for else None)
                self._canonical[source_id] = text
            if source_id not in self.first_spans:
                self.cited.append(source_id)
                self.first_spans[source_id] = (self._out_len, self._out_len + len(text))
            self._write(out, text)
            self._after_marker = True

    def _classify(
        self, buf: str, j: int, final: bool, *, prev: str, after_marker: bool, bound: int | None = None
    ) -> Any:
        """Decide what starts at ``buf[j]`` (an opener): a marker (``_Match``), text (None) or _WAIT.

        ``bound`` keeps a nested look inside the outer marker's window, so nesting depth (and
        recursion) stays below the window size however many openers the text piles up.
        """
        opener = buf[j]
        if opener == "\ue202":
            return self._classify_pua_token(buf, j, final)
        closer = _OPENERS[opener]
        window_end = j + self.window if bound is None else min(bound, j + self.window)
        limit = min(len(buf), window_end)
        stop = _STOP.search(buf, j + 1, limit)
        k = stop.start() if stop else limit
        if k < limit and buf[k] != closer:
            if buf[k] not in _OPENERS:
                return None
            if not self._could_grow(buf[j + 1 : k], opener):
                return None
            return self._classify_around(buf, j, k, final, window_end)
        if k >= limit:
            if final or limit == window_end or not self._could_grow(buf[j + 1 : limit], opener):
                return None
            return _WAIT
        inner = buf[j + 1 : k]
        if opener == "\ue200":
            return _Match(k + 1, None)
        # Glued to a word, a bare "[0]" is indexing; full-width brackets never are.
        bare = opener == "\u3010" or (opener == "[" and (after_marker or prev == "" or prev in _BARE_MAY_FOLLOW))
        clean = strip_invisible(inner)
        keyword = opener != "(" or clean.lstrip().lower().startswith("source")
        if opener == "\u3010" and _VENDOR_INNER.fullmatch(clean):
            return _Match(k + 1, None)
        parsed = parse_marker_inner(inner, self.presented, bare=bare, keyword=keyword)
        if parsed is None:
            return None
        return self._with_link(buf, k + 1, final, parsed)

    def _classify_around(self, buf: str, j: int, k: int, final: bool, bound: int) -> Any:
        """An opener at ``k`` inside the would-be marker at ``j``: settle the inner one first.

        If the inner one is dropped, the buffer is rewritten without it (and the spaces before it),
        and the caller reads ``j`` again, exactly as a second pass over the output would.
        """
        inner = self._classify(buf, k, final, prev=buf[k - 1], after_marker=False, bound=bound)
        if inner is _WAIT:
            return _WAIT
        if inner is None or inner.kept:
            return None
        self._note(buf[k : inner.end], inner)
        start = k
        while start > j + 1 and buf[start - 1] in " \t":
            start -= 1
        self._buf = buf[:start] + buf[inner.end :]
        return None

    @staticmethod
    def _classify_pua_token(buf: str, j: int, final: bool) -> Any:
        token = _PUA_TOKEN.match(buf, j)
        if token and (token.end() < len(buf) or final):
            return _Match(token.end(), None)
        if not final and _PUA_PARTIAL.fullmatch(buf, j):
            return _WAIT
        return None

    def _with_link(self, buf: str, end: int, final: bool, parsed: ParsedMarker) -> Any:
        """Swallow ``(url)`` targets written right after the marker: the model's URL is never kept.

        Only link-like targets count (``(2019)`` stays), and a run of them goes at once so that a
        second pass finds nothing more to swallow.
        """
        while True:
            if end == len(buf):
                return _Match(end, parsed) if final else _WAIT
            if buf[end] != "(":
                return _Match(end, parsed)
            tail = _link_tail(buf, end, final)
            if tail is _WAIT:
                return _WAIT
            if tail is None:
                return _Match(end, parsed)
            end = tail

    @staticmethod
    def _could_grow(partial: str, opener: str) -> bool:
        if opener in "\ue200\u3010":
            return "\n" not in partial  # vendor annotations carry any text; the window bounds them
        clean = strip_invisible(partial).lower()
        if not _PARTIAL_CHARS.fullmatch(clean):
            return False
        if opener == "(":
            head = clean.lstrip()
            return head == "" or "sources".startswith(head[:7]) or head.startswith("source")
        return all(w in _WORD_PREFIXES for w in _PARTIAL_WORDS.findall(clean))

    # -- code --------------------------------------------------------------

    def _scan_ticks(self, buf: str, i: int, out: list[str], final: bool) -> int | None:
        ch = buf[i]
        j = i
        while j < len(buf) and buf[j] == ch:
            j += 1
        if j == len(buf) and not final:
            return None
        run = buf[i:j]
        if self._line_blank and len(run) >= 3:
            self._fence = run
            self._fence_line = ""
        elif ch == "`":
            self._code_ticks = len(run)
        self._write(out, run)
        return j

    def _scan_fence(self, buf: str, i: int, out: list[str]) -> int:
        newline = buf.find("\n", i)
        end = len(buf) if newline < 0 else newline + 1
        text = buf[i:end]
        self._write(out, text)
        if newline < 0:
            self._fence_line += text
            return end
        line = (self._fence_line + text[:-1]).strip()
        self._fence_line = ""
        fence = self._fence or "```"
        if line and set(line) == {fence[0]} and len(line) >= len(fence):
            self._fence = None
        return end

    def _scan_inline_code(self, buf: str, i: int, out: list[str], final: bool) -> int | None:
        j = i
        while j < len(buf) and buf[j] not in "`\n":
            j += 1
        if j > i:
            self._write(out, buf[i:j])
            return j
        if buf[j] == "\n":
            # A blank line ends the paragraph, and an unclosed code span with it.
            if self._line_blank:
                self._code_ticks = 0
            self._write(out, "\n")
            return j + 1
        k = j
        while k < len(buf) and buf[k] == "`":
            k += 1
        if k == len(buf) and not final:
            return None
        if k - j == self._code_ticks:
            self._code_ticks = 0
        self._write(out, buf[j:k])
        return k


@dataclass
class FilterResult:
    text: str
    cited: list[int]
    removed: list[str]
    reported: bool
    first_spans: dict[int, tuple[int, int]] = field(default_factory=dict)


def filter_citations(
    text: str, presented: Iterable[int], *, link_for: Callable[[int], str | None] | None = None
) -> FilterResult:
    """One-shot post-processing: the streaming filter fed the whole answer."""
    engine = CitationFilter(presented, link_for=link_for)
    out = engine.feed_all(text)
    return FilterResult(out, list(engine.cited), list(engine.removed), engine.reported, dict(engine.first_spans))


# ---------------------------------------------------------------------------
# Sources and the citation payload
# ---------------------------------------------------------------------------

_SNIPPET_CHARS = 280
_SAFE_SCHEMES = ("http", "https")


_URL_QUOTES = re.compile(r"[\\<>\"'`]")
_URL_HEAD = re.compile(r"([A-Za-z][A-Za-z0-9+.\-]*)://([^/?#]*)")


def safe_http_url(value: object) -> str | None:
    """The URL if it is a plain absolute http(s) URL, else None (kept in step with the parser's copy)."""
    if not isinstance(value, str):
        return None
    url = value.strip()
    # Spaces, control, format (bidi, zero-width) and separator characters never belong in a link
    # and can make one display as something else ("…/\u202egpj.exe" shows as "…exe.jpg").
    if not url or len(url) > 4096 or _URL_QUOTES.search(url):
        return None
    if not (url.isascii() and url.isprintable() and " " not in url) and any(
        unicodedata.category(c)[0] in "CZ" for c in url
    ):
        return None
    match = _URL_HEAD.match(url)
    # Userinfo ("https://docs.example.com@evil.example") only serves to disguise the real host.
    if not match or match[1].lower() not in _SAFE_SCHEMES or not match[2] or "@" in match[2]:
        return None
    return url


def read_sources(value: object) -> list[dict[str, Any]]:
    """Source records from the parser's payload (a Data, a dict, or a list of either).

    Rows without a usable positive integer ``id`` are skipped rather than guessed at: a citation
    must never point at a number the reader was not shown.
    """
    if isinstance(value, list):
        rows: list[Any] = []
        for item in value:
            rows.extend(read_sources(item))
        return rows
    data = getattr(value, "data", value)
    if not isinstance(data, dict):
        return []
    raw = data.get("sources", [data] if "id" in data else [])
    records: dict[int, dict[str, Any]] = {}
    for row in raw if isinstance(raw, list) else []:
        row_data = getattr(row, "data", row)
        if not isinstance(row_data, dict):
            continue
        source_id = row_data.get("id")
        if isinstance(source_id, bool) or not isinstance(source_id, int) or source_id < 1:
            continue
        # Rows may come from anywhere: make them strict JSON (NaN/inf become null, odd objects text).
        clean = json.loads(json.dumps(row_data, default=str), parse_constant=lambda _: None)
        records.setdefault(source_id, {**clean, "url": safe_http_url(row_data.get("url"))})
    return [records[k] for k in sorted(records)]


def source_card_title(record: dict[str, Any]) -> str:
    name = str(record.get("title") or record.get("document") or "").strip() or "Untitled"
    page = record.get("page")
    page_part = f" \u2014 page {page}" if isinstance(page, int) and not isinstance(page, bool) else ""
    return f"Source {record['id']} \u00b7 {name}{page_part}"


def snippet(text: object, limit: int = _SNIPPET_CHARS) -> str:
    raw = str(text or "")
    # Flattening a prefix gives a prefix of the flattened whole, so a long chunk is cut before it
    # is split: the result is the same, at the cost of the snippet rather than of the chunk.
    flat = " ".join(raw[: 2 * limit].split())
    if len(flat) <= limit and len(raw) > 2 * limit:
        flat = " ".join(raw.split())
    return flat if len(flat) <= limit else flat[: limit - 1].rstrip() + "\u2026"


def build_payload(result: FilterResult, records: list[dict[str, Any]], *, scope: str) -> dict[str, Any]:
    """``message.data["citations"]``: the sources to show, in citation order, with the same numbers."""
    by_id = {r["id"]: r for r in records}
    cited = [i for i in result.cited if i in by_id]
    if not cited:
        shown: list[int] = []
    elif scope == "presented":
        cited_set = set(cited)
        shown = cited + [i for i in by_id if i not in cited_set]
    else:
        shown = cited
    return {
        "sources": [by_id[i] for i in shown],
        "cited": cited,
        "removed": list(result.removed),
        "citations_reported": result.reported,
    }


def build_content_blocks(text: str, payload: dict[str, Any], spans: dict[int, tuple[int, int]], *,
                         include_payload: bool) -> list[Any]:
    """The answer text, then one "Sources" group: Langflow 1.13 keeps only group blocks downstream."""
    cards: list[Any] = []
    for record in payload["sources"]:
        start, end = spans.get(record["id"], (None, None))
        cards.append(
            CitationContent(
                title=source_card_title(record),
                url=safe_http_url(record.get("url")),
                cited_text=snippet(record.get("text")),
                start_index=start,
                end_index=end,
            )
        )
    if include_payload:
        cards.append(JSONContent(data=payload))  # strict JSON already: read_sources cleaned every row
    blocks: list[Any] = [TextContent(text=text)]
    if cards:
        blocks.append(ContentBlock(title="Sources", contents=cards))
    return blocks


# ---------------------------------------------------------------------------
# Streaming helpers
# ---------------------------------------------------------------------------


@dataclass
class StreamChunk:
    """What Langflow's streaming loop reads from each chunk: ``.content``."""

    content: str


def chunk_text(chunk: object) -> str:
    """Text of a model chunk or reply: a string, or a list of content parts (Anthropic style)."""
    content = getattr(chunk, "content", chunk)
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "".join(p if isinstance(p, str) else str(p.get("text", "")) if isinstance(p, dict) else "" for p in content)
    return "" if content is None else str(content)


@dataclass
class StreamOutcome:
    """How an upstream stream ended: ``error`` is None for a clean end."""

    error: str | None = None
    cancelled: bool = False


async def filter_stream(
    upstream: AsyncIterator[Any], engine: CitationFilter, outcome: StreamOutcome
) -> AsyncIterator[StreamChunk]:
    """Yield filtered chunks; a failing or cancelled upstream ends the stream cleanly, keeping its text."""
    try:
        async for chunk in upstream:
            text = engine.feed(chunk_text(chunk))
            if text:
                yield StreamChunk(text)
    except Exception as exc:  # noqa: BLE001 - any upstream failure ends the answer, it must not lose it
        outcome.error = f"{type(exc).__name__}: {exc}"
    except asyncio.CancelledError:
        # End the message cleanly with what was shown; build_message re-raises once it is stored.
        outcome.cancelled = True
        outcome.error = "cancelled: the client went away before the answer ended"
    finally:
        close = getattr(upstream, "aclose", None)
        if close is not None:
            try:
                await close()
            except Exception:  # noqa: BLE001, S110 - already closing; nothing left to report
                pass
    tail = engine.close()
    if tail:
        yield StreamChunk(tail)


def _message_text(value: object, field_name: str = "answer") -> str:
    """The text of a Message, a string, a Data or a dict with "text"; anything else is an error."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    if isinstance(value, Message):
        return value.text if isinstance(value.text, str) else ""
    data = getattr(value, "data", value)
    if isinstance(data, dict) and isinstance(data.get("text"), str):
        return data["text"]
    msg = f"The {field_name} input must be text or a Message, not {type(value).__name__}."
    raise ValueError(msg)


# ---------------------------------------------------------------------------
# Component
# ---------------------------------------------------------------------------


class CitationPostProcessorComponent(Component):
    display_name = "Citation Post-Processor"
    description = (
        "Keeps only valid [Source N] citations in a model's answer (streaming or not), normalizes common "
        "variants, removes markers that point to no presented source, and attaches the cited sources as "
        "source cards."
    )
    icon = "BadgeCheck"
    name = "CitationPostProcessor"

    inputs = [
        HandleInput(
            name="model",
            display_name="Language Model",
            input_types=["LanguageModel"],
            required=False,
            info=(
                "Connect a model component's Language Model output. The post-processor then calls the model "
                "with the prompt itself, so it can stream the filtered answer token by token to Chat Output."
            ),
        ),
        MessageInput(
            name="prompt",
            display_name="Prompt",
            required=False,
            info="The Citation Prompt's output. Used with the Language Model input.",
        ),
        MessageInput(
            name="answer",
            display_name="Answer",
            required=False,
            info=(
                "An answer already produced by any model or agent. Used when no Language Model is connected; "
                "it is post-processed at once (no streaming)."
            ),
        ),
        HandleInput(
            name="sources",
            display_name="Sources",
            input_types=["Data", "JSON"],
            required=True,
            info="The Indexed Retrieved-Data Parser's Sources output: the numbered sources shown to the model.",
        ),
        DropdownInput(
            name="sources_scope",
            display_name="Sources Scope",
            options=["cited", "presented"],
            value="cited",
            info=(
                "cited: attach only the sources the answer cites (same numbers, in order of first citation). "
                "presented: attach every presented source, cited ones first."
            ),
        ),
        BoolInput(
            name="stream",
            display_name="Stream",
            value=True,
            advanced=True,
            info=(
                "Stream the filtered answer token by token when wired to Chat Output, as the Playground shows "
                "it. The API's stream=true/false sets this per request, as it does for model components."
            ),
        ),
        BoolInput(
            name="link_markers",
            display_name="Link Markers",
            value=False,
            advanced=True,
            info="Write each kept marker as a markdown link to its source, e.g. [Source 3](https://…#page=3).",
        ),
        BoolInput(
            name="include_payload",
            display_name="Include JSON Payload",
            value=False,
            advanced=True,
            info=(
                "Also put the full citation payload in the message's Sources group as JSON content (the "
                "Playground draws it as a code panel). It is always in message.data['citations']."
            ),
        ),
    ]

    outputs = [
        Output(display_name="Message", name="message", method="build_message"),
    ]

    async def build_message(self) -> Message:
        records = read_sources(self.sources)
        links = {r["id"]: r["url"] for r in records if r.get("url")}
        engine = CitationFilter(
            [r["id"] for r in records], link_for=links.get if self.link_markers else None
        )
        outcome = StreamOutcome()
        if self.model not in (None, ""):
            message = await self._answer_from_model(engine, outcome)
        elif self.answer not in (None, ""):
            message = Message(text=engine.feed_all(_message_text(self.answer)))
        else:
            msg = "Connect a Language Model (with a Prompt) or an Answer to cite."
            raise ValueError(msg)

        result = FilterResult(
            message.text or "", engine.cited, engine.removed, engine.reported, engine.first_spans
        )
        payload = build_payload(result, records, scope=self.sources_scope or "cited")
        message.content_blocks = build_content_blocks(
            result.text, payload, result.first_spans, include_payload=bool(self.include_payload)
        )
        message.data["citations"] = payload
        message.properties.state = "complete"
        if message.get_id():
            # Streamed: the message is already stored; store and announce it again with its cards.
            message = await self._update_stored_message(message)
            message.data["citations"] = payload
            await self._send_message_event(message, id_=message.get_id())
        self.status = self._status_line(payload, outcome, empty=not result.text.strip())
        if outcome.cancelled:
            raise asyncio.CancelledError(outcome.error)
        return message

    async def _answer_from_model(self, engine: CitationFilter, outcome: StreamOutcome) -> Message:
        prompt = _message_text(self.prompt, "prompt")
        if not prompt.strip():
            msg = "The Prompt input is empty: connect the Citation Prompt's output."
            raise ValueError(msg)
        session_id = getattr(getattr(self, "graph", None), "session_id", None)
        if self.stream and session_id and self._event_manager and self.is_connected_to_chat_output():
            streamed = Message(
                text=filter_stream(self.model.astream(prompt), engine, outcome),
                sender="Machine",
                sender_name="AI",
                properties={"icon": self.icon, "state": "partial"},
                session_id=session_id,
            )
            streamed.properties.source = self._build_source(self._id, self.display_name, self)
            return await self.send_message(streamed)
        reply = await self.model.ainvoke(prompt)
        return Message(text=engine.feed_all(chunk_text(reply)))

    @staticmethod
    def _status_line(payload: dict[str, Any], outcome: StreamOutcome, *, empty: bool) -> str:
        cited = ", ".join(str(i) for i in payload["cited"]) or "none"
        parts = [f"Cited sources: {cited}.", f"Removed markers: {len(payload['removed'])}."]
        if outcome.error:
            parts.append(f"Stream ended early ({outcome.error}); the text so far was kept.")
        if empty:
            parts.append("The answer is empty.")
        return " ".join(parts)
