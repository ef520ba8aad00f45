"""The streaming citation filter: valid markers stay (canonical), invalid ones go, text is untouched.

    >>> engine = CitationFilter([1, 2])
    >>> engine.feed("Water is wet [Sou") + engine.feed("rce 1] and fire is cold [9].") + engine.close()
    'Water is wet [Source 1] and fire is cold.'
    >>> engine.cited, engine.removed
    ([1], ['[9]'])
    >>> filter_citations("Both [1, 2].", [1, 2]).text
    'Both [Source 1][Source 2].'

One engine serves both paths: one-shot is the same filter fed the whole answer, so streaming equals
one-shot by construction. Usable outside Langflow, e.g. in a FastAPI backend's token loop.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass, field
from typing import Any, Protocol

from lfx_citations.core.grammar import (
    BREAKS,
    CLOSERS,
    LINK_WINDOW,
    MARKER_WINDOW,
    OPENERS,
    PLAIN,
    RUN_WINDOW,
    WAIT,
    ParsedMarker,
    Plain,
    Wait,
    bare_allowed,
    canonical_marker,
    could_grow,
    double_group,
    is_vendor_annotation,
    keyword_allowed,
    link_tail,
    parse_marker_inner,
    pua_token_end,
)
from lfx_citations.core.support import claim_span
from lfx_citations.core.text import strip_invisible

_ONE_SHOT_SLICE = 8192
_HELD_RUNS = (" \t", "`", "~")
_HELD_ENDS = frozenset("".join(_HELD_RUNS))
# Inside a would-be marker, the next character that settles it: its closer, a nested opener, a break.
_STOP_CHARS = re.escape("".join(OPENERS) + "".join(sorted(BREAKS)))
_STOP = re.compile(f"[{_STOP_CHARS}]")
# The characters that end plain text: an opener, a backtick, a tilde, a newline (see _plain_end).
_SPECIAL = re.compile("[" + re.escape("".join(OPENERS)) + "`~\n]")
# A token that can go straight out: no opener, closer, newline or code mark, no trailing space.
_PLAIN_TOKEN = re.compile(f"[^{_STOP_CHARS}`~]*" + r"(?<![ \t])")
# The last opener or break in a written text (the greedy ``.*`` finds the last one in C).
# What can end a nested would-be marker: a closer, or the start of a private-use citation token.
_MAY_CLOSE = re.compile("[" + re.escape("".join(sorted(CLOSERS)) + "\ue202") + "]")
_LAST_OPEN_OR_BREAK = re.compile(r"(?s:.*)" + _STOP.pattern)
# Inside a parenthesis after a marker: what can change whether it is a link tail once removals are made.
_TAIL_STOP = re.compile("[" + re.escape("".join(OPENERS)) + r")`\n]")
# A line that opens a tilde fence (backtick fences are stopped at by the backtick itself).
_FENCE_LINE = re.compile(r"[ \t]*~~~")


def _plain_end(buf: str, i: int) -> int:
    """Where the plain text from ``i`` ends: at the next backtick, tilde or newline, or else at the
    spaces and tabs before the next opener (an invalid marker takes them along) or before the end of
    ``buf`` (a marker may still follow them).

        >>> _plain_end("wet  [1]", 0), _plain_end("wet\\n", 0), _plain_end("wet  ", 0), _plain_end("wet", 0)
        (3, 3, 3, 3)

    One search, then a step back over the spaces only: a pattern that reads the spaces before the
    opener (``[ \\t]*[[(]``) would try every start inside a run of spaces, quadratic in its length
    (seconds for 16,000 spaces).
    """
    m = _SPECIAL.search(buf, i)
    end = m.start() if m else len(buf)
    if m is not None and buf[end] not in OPENERS:
        return end
    while end > i and buf[end - 1] in " \t":
        end -= 1
    return end


@dataclass(slots=True)
class Marker:
    """A marker ends just before ``end`` (its link tail included); vendor annotations parse to None."""

    end: int
    parsed: ParsedMarker | None

    @property
    def kept(self) -> bool:
        return self.parsed is not None and bool(self.parsed.ids)


@dataclass(slots=True)
class Cut:
    """A dropped marker nested in a would-be marker: remove ``text[start:end]`` and read again.

    Settling the inner one first is what a second pass over the output would do, so a removal
    can never assemble a new marker from the text around it. ``gap`` (one space) takes the removed
    text's place where the removal would leave ``]`` directly before ``(``.
    """

    start: int
    end: int
    gap: str = ""


class CutLedger:
    """Where removals cut the unwritten text, and where each entry of ``removed`` stood in it.

    A position right after a cut counts as "after a marker" for a bare number, and the spaces
    before a later marker are taken only from there on, as they would be in a second pass over
    text already cut. Positions follow every cut and every slice of the held text.

    >>> ledger = CutLedger()
    >>> ledger.cut(2, 12)
    >>> ledger.points, ledger.floor(9)
    ([2], 2)
    """

    def __init__(self) -> None:
        self.points: list[int] = []
        self.notes: list[list[int]] = []  # [position, index in removed], for entries still held

    def cut(self, start: int, end: int) -> None:
        """``text[start:end]`` was replaced by ``end - start`` fewer characters at ``start``."""
        width = end - start
        if width > 0:
            self.points[:] = [p if p <= start else max(start, p - width) for p in self.points]
            self.points.append(start)
        else:  # a gap inserted: later positions move right
            self.points[:] = [p if p <= start else p - width for p in self.points]
        for note in self.notes:
            if note[0] > start:
                note[0] = max(start, note[0] - width) if width > 0 else note[0] - width

    def slide(self, written: int) -> None:
        """The first ``written`` characters of the held text went out."""
        self.points[:] = [p - written for p in self.points if p >= written]
        self.notes = [[p - written, i] for p, i in self.notes if p >= written]

    def floor(self, at: int) -> int:
        """The last cut at or before ``at`` (-1 if none): spaces before it were another marker's."""
        return max((p for p in self.points if p <= at), default=-1)

    def note(self, at: int, index: int) -> None:
        for note in self.notes:
            if note[1] >= index:
                note[1] += 1
        self.notes.append([at, index])

    def cut_inside(self, start: int, end: int) -> bool:
        """Was a cut made strictly inside ``text[start:end]`` (a marker the removal assembled)?"""
        return any(start < p < end for p in self.points)

    def index_before(self, at: int, default: int) -> int:
        """Where an entry for a marker at ``at`` goes: before entries noted from later in the text."""
        return min((i for p, i in self.notes if p > at), default=default)


Decision = Wait | Plain | Marker | Cut


class Uncited(Protocol):
    """What the engine asks of ``UncitedClaims`` (``core/uncited.py``, ``cite_missing``): told what is
    written, it may hold a sentence's closing punctuation and cite the sentence before it. Not
    imported here, so components that never look for uncited claims do not carry it."""

    insert: bool
    shift: int  # characters inserted so far
    found: list[Any]  # UncitedClaim, in text order
    unsupported: list[tuple[str, int, int]]  # claims no source supports: (claim, start, end)
    marker_text: Callable[[int], str]
    on_insert: Callable[[int, int, int], None]

    @property
    def held(self) -> int: ...

    @property
    def hold_bound(self) -> int: ...

    def text(self, text: str, code: str = "") -> str: ...

    def cited(self) -> str: ...

    def marker(self, text: str, source_id: int) -> str: ...

    def removed(self, raw: str) -> None: ...

    def confirm(self, next_char: str | None) -> str: ...

    def close(self) -> str: ...

    def inserted_only(self) -> list[int]: ...


@dataclass(slots=True)
class Citation:
    """One kept marker in the output and the claim it is attached to (offsets in the output)."""

    id: int
    start: int
    end: int
    claim_start: int
    claim_end: int
    claim: str
    qualifier: str | None = None  # what the model wrote with the number (``p. 3``), dropped from the text


class ClaimTracker:
    """The output since the last marker group: enough to find each marker's claim, looking back only.

    A claim runs from the previous sentence end, line start, list bullet or marker group (kept or
    dropped) up to the marker; markers separated only by spaces share one. Text before a marker
    never changes once written, so the claim is final when the marker closes: streaming adds no
    holdback for it.

    >>> claims = ClaimTracker()
    >>> claims.written("Ice is cold. Water boils at 100 °C")
    >>> claims.claim_for(34)
    (13, 34, 'Water boils at 100 °C')
    """

    def __init__(self) -> None:
        self._parts: list[str] = []
        self._offset = 0  # output offset of the text held in _parts
        self._group_end = -1  # where the last marker group ended in the output, -1 before the first
        self._claim = (0, 0, "")

    def written(self, text: str) -> None:
        self._parts.append(text)

    def claim_for(self, marker_start: int) -> tuple[int, int, str]:
        text = "".join(self._parts)
        self._parts = [text]
        if self._group_end >= 0 and not text[self._group_end - self._offset :].strip():
            return self._claim  # [Source 1] [Source 3]: one claim, two sources
        lower = max(self._group_end, self._offset) - self._offset
        start, end = claim_span(text, marker_start - self._offset, lower)
        self._claim = (start + self._offset, end + self._offset, text[start:end])
        return self._claim

    def group_ended(self, out_len: int) -> None:
        # No later claim reaches back past a marker group: forget what precedes it.
        text = "".join(self._parts)
        self._parts = [text[out_len - self._offset :]] if out_len - self._offset < len(text) else []
        self._offset = self._group_end = out_len


class CodeTracker:
    """Where Markdown code starts and ends, read from the text as it is written.

    >>> code = CodeTracker()
    >>> code.open_run("```", line_blank=True); code.fence
    '```'
    >>> code.fence_text("```\\n"); code.fence is None
    True
    """

    def __init__(self) -> None:
        self.fence: str | None = None  # the opening fence while inside a fenced code block
        self.ticks = 0  # backtick count of the open inline code span
        # Inside code at all: a plain attribute, because feed() reads it for every token.
        self.active = False
        self._fence_line = ""  # current line inside a fence, to spot the closing fence

    def _settle(self) -> None:
        self.active = self.fence is not None or self.ticks > 0

    def open_run(self, run: str, *, line_blank: bool) -> None:
        """A run of backticks or tildes written outside code."""
        if line_blank and len(run) >= 3:
            self.fence = run
            self._fence_line = ""
        elif run[0] == "`":
            self.ticks = len(run)
        self._settle()

    def fence_text(self, text: str) -> None:
        """Text written inside a fence, up to and including at most one newline, at its end."""
        if not text.endswith("\n"):
            self._fence_line += text
            return
        line = (self._fence_line + text[:-1]).strip()
        self._fence_line = ""
        fence = self.fence or "```"
        if line and set(line) == {fence[0]} and len(line) >= len(fence):
            self.fence = None
            self._settle()

    def inline_newline(self, *, line_blank: bool) -> None:
        # A blank line ends the paragraph, and an unclosed code span with it.
        if line_blank:
            self.ticks = 0
            self._settle()

    def inline_ticks(self, count: int) -> None:
        if count == self.ticks:
            self.ticks = 0
            self._settle()


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
        track_claims: bool = False,
        keep: Callable[[int, str], bool] | None = None,
        uncited: Uncited | None = None,
    ) -> None:
        self.presented = sorted({int(i) for i in presented})
        self.link_for = link_for
        self.window = max(int(window), MARKER_WINDOW)
        self.cited: list[int] = []
        self.removed: list[str] = []
        #: ``(id, qualifier)`` for each kept marker that carried one (``[Source 2, p. 3]``), in order.
        self.qualifiers: list[tuple[int, str]] = []
        #: With ``track_claims`` (or ``keep``): every kept marker in text order, with its claim.
        self.citations: list[Citation] = []
        #: Valid markers that ``keep`` refused for their claim, removed like invalid ones.
        self.dropped: list[Citation] = []
        self._keep = keep
        self._claims = ClaimTracker() if track_claims or keep is not None else None
        self.reported = False
        self.first_spans: dict[int, tuple[int, int]] = {}
        self._canonical: dict[int, str] = {}  # presented ids only, so bounded by the sources
        self._buf = ""
        self._out_len = 0
        self._last = ""  # last character written, "" at the start
        self._after_marker = False  # the last thing written (or dropped) was a marker
        self._after_removal = False  # the last thing was a dropped marker, nothing written since
        self._ledger = CutLedger()
        self._cuts = self._ledger.points  # the same list, read on every nested look
        self._line_blank = True  # nothing but spaces written on the current line
        self._open: tuple[str, str] | None = None  # an opener written as text, unclosed, and what followed it
        self._code = CodeTracker()
        self._closed = False
        self._held_run = ""  # the characters the held text is made of, when it is one such run
        #: Follows the sentences the answer leaves uncited (``cite_missing``); see ``core/uncited.py``.
        self.uncited = uncited
        if uncited is not None:
            uncited.marker_text = self._marker_text
            uncited.on_insert = self._inserted

    # -- public API --------------------------------------------------------

    def feed(self, chunk: str) -> str:
        if self._closed:
            msg = "CitationFilter.feed() after close()"
            raise RuntimeError(msg)
        if not chunk:
            return ""
        if not self._buf and not self._code.active and _PLAIN_TOKEN.fullmatch(chunk):
            if self._cuts:
                self._ledger.slide(len(chunk))
            self._advance(chunk)  # plain text with nothing held: what _run would do, without the loop
            if self._claims is not None:
                self._claims.written(chunk)
            return chunk if self.uncited is None else self.uncited.text(chunk)
        if self._held_run and not chunk.strip(self._held_run) and len(self._buf) + len(chunk) <= RUN_WINDOW:
            self._buf += chunk  # the held run of spaces or backticks only grew: nothing to rescan
            return ""
        out = self._run(self._buf + chunk, final=False)
        held = self._buf
        self._held_run = (
            next((run for run in _HELD_RUNS if not held.strip(run)), "") if held[-1:] in _HELD_ENDS else ""
        )
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
        out = self._run(self._buf, final=True)
        if self.uncited is not None:
            out += self.uncited.close()
        self._closed = True
        return out

    @property
    def held(self) -> int:
        """Characters received but not yet released."""
        return len(self._buf) + (self.uncited.held if self.uncited is not None else 0)

    @property
    def hold_bound(self) -> int:
        """The most :attr:`held` can ever be: spaces, a would-be marker, a link tail after it, and a
        would-be marker that starts inside that tail (settled before the tail is read).

        With ``cite_missing="insert"``, also a sentence's closing punctuation and spaces after it.
        """
        extra = self.uncited.hold_bound if self.uncited is not None else 0
        return RUN_WINDOW + self.window + LINK_WINDOW + self.window + extra

    # -- scanning ----------------------------------------------------------

    def _run(self, buf: str, *, final: bool) -> str:
        """Write out what ``buf`` settles; what it cannot settle yet stays held in ``self._buf``."""
        out: list[str] = []
        code = self._code
        i = 0
        while i < len(buf):
            if code.fence is not None:
                i = self._scan_fence(buf, i, out)
                continue
            if code.ticks:
                step = self._scan_inline_code(buf, i, out, final)
            else:
                j = _plain_end(buf, i)
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
            if type(step) is int:
                i = step
            elif step is None:
                break
            else:  # a Cut: then read this spot again
                buf = buf[: step.start] + step.gap + buf[step.end :]
                self._ledger.cut(step.start, step.end - len(step.gap))
        self._buf = buf[i:]
        if i and (self._cuts or self._ledger.notes):
            self._ledger.slide(i)
        return "".join(out)

    def _write(self, out: list[str], text: str, *, marker: int = 0) -> None:
        if not text:
            return
        out.append(text if self.uncited is None else self._shown(text, marker=marker))
        if self._claims is not None:
            self._claims.written(text)
        last = _LAST_OPEN_OR_BREAK.match(text)
        if last is None:
            self._advance(text)
            return
        pos = last.end() - 1
        self._open = (text[pos], text[pos + 1 :]) if text[pos] in OPENERS else None
        self._out_len += len(text)
        self._last = text[-1]
        self._after_marker = self._after_removal = False
        newline = text.rfind("\n")
        if newline >= 0:
            self._line_blank = not text[newline + 1 :].strip(" \t")
        elif self._line_blank:
            self._line_blank = not text.strip(" \t")

    def _advance(self, text: str) -> None:
        """Take in written text that holds no opener, closer or newline."""
        self._out_len += len(text)
        self._last = text[-1]
        self._after_marker = self._after_removal = False
        if self._open is not None:
            opener, after = self._open
            self._open = (opener, after + text) if len(after) + len(text) < self.window else None
        if self._line_blank:
            self._line_blank = not text.strip(" \t")

    def _scan_spaces(self, buf: str, i: int, out: list[str], final: bool) -> int | Cut | None:
        j = i
        while j < len(buf) and buf[j] in " \t":
            j += 1
        if j - i > RUN_WINDOW:  # only the last RUN_WINDOW spaces may go with a marker
            self._write(out, buf[i : j - RUN_WINDOW])
            if self.uncited is not None:
                out.append(self.uncited.confirm(None))
            return j - RUN_WINDOW
        if j == len(buf):
            if not final:
                return None
            self._write(out, buf[i:j])
            return j
        if buf[j] in OPENERS:
            return self._scan_opener(buf, i, j, out, final)
        self._write(out, buf[i:j])
        if self.uncited is not None:
            out.append(self.uncited.confirm(buf[j]))  # no marker follows these spaces
        return j

    def _scan_opener(self, buf: str, i: int, j: int, out: list[str], final: bool) -> int | Cut | None:
        """Settle what starts at opener ``buf[j]``; ``buf[i:j]`` are the spaces before it."""
        spaces = buf[i:j]
        if not spaces and buf[j] == "(" and self._after_removal and self._last == "]":
            # The removal just made would put "(" right after "]": a second pass could read a
            # link tail there that this pass did not. One space stays (like between backtick runs).
            return Cut(j, j, " ")
        prev, after_marker = (
            (spaces[-1], False) if spaces else (self._last, self._after_marker or j in self._cuts)
        )
        found = self._classify(buf, j, final, prev=prev, after_marker=after_marker)
        if type(found) is not Marker:
            if found is PLAIN:
                self._write(out, spaces + buf[j])
                return j + 1
            return None if found is WAIT else found
        self._note(buf[j : found.end], found, j)
        ids = self._kept_ids(found.parsed.ids) if found.kept else ()
        if ids:
            qualified = [q for q in found.parsed.qualifiers if q[0] in ids]
            self.qualifiers += qualified
            self._write(out, spaces)
            self._write_markers(out, ids, dict(qualified))
        else:
            floor = self._ledger.floor(j)
            if floor > i:  # spaces before an earlier cut were that marker's to take, not this one's
                self._write(out, buf[i:floor])
                spaces = buf[floor:j]
            if self.uncited is not None:
                self.uncited.removed(buf[j : found.end])
            if self._open is not None and could_grow(self._open[1], self._open[0]):
                # An opener written earlier is still unclosed: dropping the spaces could pull a
                # closer back into its reach and assemble a marker. Keep them.
                self._write(out, spaces)
                if self.uncited is not None:
                    out.append(self.uncited.confirm(None))
            self._after_marker = self._after_removal = True
        return found.end

    def _note(self, raw: str, found: Marker, at: int) -> None:
        """Record a marker at ``buf[at]``: in ``removed`` (text order) if any of it was invalid."""
        self.reported = True
        if found.parsed is None or found.parsed.had_invalid:
            # Before any removal settled from later in the text (inside its window or link tail), so
            # that ``removed`` stays in text order; a marker that a removal assembled (it spans the
            # cut) comes after what was removed to make it.
            index = len(self.removed)
            if found.kept or not self._ledger.cut_inside(at, found.end):
                index = self._ledger.index_before(at, index)
            self.removed.insert(index, raw)
            self._ledger.note(at, index)

    def _kept_ids(self, ids: tuple[int, ...]) -> tuple[int, ...]:
        """The valid ids of a marker that ``keep`` accepts for the claim before it."""
        if self._keep is None or self._claims is None:
            return ids
        start, end, claim = self._claims.claim_for(self._out_len)
        kept = tuple(i for i in ids if self._keep(i, claim))
        at = self._out_len
        shift = self.uncited.shift if self.uncited is not None else 0
        self.dropped += [
            Citation(i, at + shift, at + shift, start + shift, end + shift, claim)
            for i in ids
            if i not in kept
        ]
        if not kept:
            # A dropped group still ends its claim, as the model wrote it. Otherwise the next claim
            # could reach back over every dropped marker, and each would rescan the answer so far.
            self._claims.group_ended(at)
        return kept

    def _write_markers(self, out: list[str], ids: Iterable[int], qualifiers: dict[int, str]) -> None:
        claim = self._claims.claim_for(self._out_len) if self._claims is not None else None
        shift = 0
        if self.uncited is not None:
            out.append(self.uncited.cited())
            shift = self.uncited.shift  # offsets below are in the final text, insertions included
            if claim is not None:
                claim = (claim[0] + shift, claim[1] + shift, claim[2])
        for source_id in ids:
            text = self._marker_text(source_id)
            at = self._out_len + shift
            if source_id not in self.first_spans:
                self.cited.append(source_id)
                self.first_spans[source_id] = (at, at + len(text))
            if claim is not None:
                self.citations.append(
                    Citation(source_id, at, at + len(text), *claim, qualifiers.get(source_id))
                )
            self._write(out, text, marker=source_id)
            self._after_marker = True
        if self._claims is not None:
            self._claims.group_ended(self._out_len)

    def _marker_text(self, source_id: int) -> str:
        text = self._canonical.get(source_id)
        if text is None:
            text = canonical_marker(source_id, self.link_for(source_id) if self.link_for else None)
            self._canonical[source_id] = text
        return text

    # -- uncited claims (cite_missing) ---------------------------------------------------------

    def _shown(self, text: str, *, marker: int) -> str:
        """What the reader sees of written text (``marker``: the id of a kept marker's source).

        ``uncited`` may hold a sentence's closing punctuation, then cite the sentence before it.
        """
        if marker:
            return self.uncited.marker(text, marker)
        code = "fence" if self._code.fence is not None else "inline" if self._code.ticks else ""
        return self.uncited.text(text, code)

    def _inserted(self, source_id: int, start: int, end: int) -> None:
        """A marker ``uncited`` inserted: its source joins ``cited`` like one the model wrote."""
        if source_id not in self.first_spans:
            self.cited.append(source_id)
            self.first_spans[source_id] = (start, end)

    def _classify(
        self, buf: str, j: int, final: bool, *, prev: str, after_marker: bool, bound: int | None = None
    ) -> Decision:
        """Decide what starts at ``buf[j]``, an opener.

        ``bound`` keeps a nested look inside the outer marker's window, so nesting depth (and
        recursion) stays below the window size however many openers the text piles up.
        """
        opener = buf[j]
        if opener == "\ue202":
            end = pua_token_end(buf, j, final)
            if isinstance(end, Wait) or end is None:
                return PLAIN if end is None else end
            # In a nested look, a token that ends past the outer window is not inside it.
            return PLAIN if bound is not None and end > bound else Marker(end, None)
        closer = OPENERS[opener]
        window_end = j + self.window if bound is None else min(bound, j + self.window)
        limit = min(len(buf), window_end)
        if opener in "[{" and buf.startswith(opener, j + 1):
            if self._double_closes_past(buf, j, limit, final):
                # The outer group is text and the double group is read on its own, as where nothing
                # nested closes in the window; read cut short, its inner group would go alone
                # (``( {{…}}`` → ``( {}``).
                return PLAIN
            double = self._classify_double(buf, j, final, limit)
            if double is not None:
                return double
        stop = _STOP.search(buf, j + 1, limit)
        k = stop.start() if stop else limit
        if k < limit and buf[k] != closer:
            if buf[k] not in OPENERS or not could_grow(buf[j + 1 : k], opener):
                return PLAIN
            if (final or limit == window_end) and not _MAY_CLOSE.search(buf, k, limit):
                # Nothing nested closes inside the window: settled as text without walking every
                # nested opener (``[[[[…`` in bulk), unless the group at k closes past the window
                # and goes, which pulls what follows into reach (a second pass reads it there).
                return PLAIN if bound is not None else self._past_window(buf, j, k, final)
            first = self._classify_inner(buf, k, final, window_end)
            nested = self._settle_nested(buf, j, k, first, final)
            if nested is PLAIN and buf[k] in "\ue200\ue202" and bound is None:
                # a token, or an annotation holding one, that ends past the window
                return self._past_window(buf, j, k, final)
            if not (isinstance(nested, Plain) and buf[k] == "(" and opener != "("):
                return nested
            # A plain parenthesis inside a keyword group is a qualifier, ``[Source 2 (p. 7)]``:
            # one such group is looked past; anything else nested settles the outer one as text.
            stop = _STOP.search(buf, k + 1, limit)
            paren_end = stop.start() if stop else limit
            if paren_end >= limit:
                return PLAIN if final or limit == window_end else WAIT
            if buf[paren_end] != ")":
                if buf[paren_end] in OPENERS and could_grow(buf[j + 1 : paren_end], opener):
                    # [Source 2 (p. 7 [Source 9])]: a removal inside the qualifier closes it.
                    nested = self._classify_nested(buf, j, paren_end, final, window_end)
                    if nested is WAIT or isinstance(nested, Cut):
                        return nested
                return PLAIN
            stop = _STOP.search(buf, paren_end + 1, limit)
            k = stop.start() if stop else limit
            if k < limit and buf[k] != closer:
                if buf[k] in OPENERS and could_grow(buf[j + 1 : k], opener):
                    # [Source 2 (p. 7)[Source 9]]: a removal there closes the group. Right after a
                    # kept marker, (Source 2)[Source 9](url), the gap rule sees the "]" it is written as.
                    kept = {paren_end + 1} if isinstance(first, Marker) and first.kept else set()
                    nested = self._classify_nested(buf, j, k, final, window_end, kept)
                    if nested is WAIT or isinstance(nested, Cut):
                        return nested
                return PLAIN
        if k >= limit:
            if final or limit == window_end or not could_grow(buf[j + 1 : limit], opener):
                return PLAIN
            return WAIT
        if opener == "\ue200":
            return Marker(k + 1, None)
        inner = buf[j + 1 : k]
        if opener in "\ue200\u3010" and "`" in inner:
            return PLAIN  # an annotation does not reach across a backtick: code may start there
        clean = strip_invisible(inner)
        if is_vendor_annotation(opener, clean):
            return self._with_link(buf, k + 1, final, None)  # it goes, with a link written after it
        bare = bare_allowed(opener, prev, after_marker=after_marker, clean_inner=clean)
        parsed = parse_marker_inner(inner, self.presented, bare=bare, keyword=keyword_allowed(opener, clean))
        if parsed is None:
            return PLAIN
        return self._with_link(buf, k + 1, final, parsed)

    def _past_window(self, buf: str, j: int, k: int, final: bool) -> Decision:
        """The group at ``k``, inside ``j``'s window, read in its own window: a :class:`Cut` when it
        goes, so that ``j`` is read again on the text without it; else ``j`` is text.

        Only a closer between the two windows' ends lets it matter. Then the group at ``k`` has one
        in its own window, so this look never nests. A ``\ue202`` token (which closes itself) nests
        nothing, so it is read whatever follows.
        """
        reach = k + self.window
        if buf[k] != "\ue202":  # a token holds nothing nested, so reading it whole cannot recurse
            if not final and len(buf) < reach:
                return WAIT
            if not _MAY_CLOSE.search(buf, j + self.window, min(len(buf), reach)):
                return PLAIN
        # G2: read on its own, the group at k goes after j was shown as text, so the spaces it would
        # take stay while j could still grow with what is shown after it.
        after = buf[j + 1 : self._cut_start(buf, j + 1, k)]
        keep = len(after) < self.window and could_grow(after, buf[j])
        nested = self._classify_nested(buf, j, k, final, None, keep_spaces=keep)
        return nested if nested is WAIT or isinstance(nested, Cut) else PLAIN

    def _double_closes_past(self, buf: str, j: int, limit: int, final: bool) -> bool:
        """Does the double group at ``buf[j]``, read in its own window, close past ``limit`` (an outer
        group's window)? Only a group whose inner text reaches ``limit`` can."""
        own = min(len(buf), j + self.window)
        if own <= limit or not buf[j + 2 : j + 3] or buf[j + 2] in "[]{}`\n":
            return False
        found = double_group(buf, j, own, final)
        return isinstance(found, tuple) and found[0] > limit

    def _classify_double(self, buf: str, j: int, final: bool, limit: int) -> Marker | Wait | None:
        """``{{cite:3}}`` is one marker; ``[[3]]`` is one as link text (``[[3]](url)``, ``[[3]]()``).

        None when the double group is no such marker: it is then read as two nested groups.
        """
        found = double_group(buf, j, limit, final)
        if not isinstance(found, tuple):
            return found
        end, inner, closed = found
        if not closed:
            return self._settle_inside_double(buf, j, end, inner, final)
        if buf[j] == "{":
            parsed = parse_marker_inner(inner, self.presented, bare=False, keyword=True)
            return None if parsed is None else self._with_link(buf, end, final, parsed)
        parsed = parse_marker_inner(inner, self.presented, bare=True, keyword=False)
        if parsed is None:
            return None
        if end == len(buf):
            return None if final else WAIT
        if buf[end] != "(":
            return None
        if buf.startswith("()", end):
            return Marker(end + 2, parsed)  # Onyx's empty link target
        tail = link_tail(buf, end, final)
        if tail is None:  # no link as written: what goes inside the parenthesis goes first
            return self._settle_tail(buf, end, final)
        if isinstance(tail, Wait):
            return tail
        return self._with_link(buf, tail, final, parsed)

    def _settle_inside_double(
        self, buf: str, j: int, after: int, inner: str, final: bool
    ) -> Cut | Wait | None:
        """``[[1]`` or ``{{cite:1}`` followed by a marker that goes: the removal closes the double
        group, so it is made first and the group read again, as a second pass would read it.

        ``{cite:1}`` (and a footnote ``[^1]``) is a marker by itself, read before what follows it:
        only when it stays can the removal after it make the double group.
        """
        bare = buf[j] == "["
        parsed = parse_marker_inner(inner, self.presented, bare=bare, keyword=not bare)
        if parsed is None:
            return None
        alone = not bare or bare_allowed("[", "[", after_marker=False, clean_inner=strip_invisible(inner))
        if alone and not parsed.ids:
            return None
        k = after
        while k < len(buf) and buf[k] in " \t" and k - after <= RUN_WINDOW:
            k += 1
        if k == len(buf):
            return None if final else WAIT
        if k - after > RUN_WINDOW or buf[k] not in OPENERS:
            return None
        glued = alone and k == after  # right after a marker that stays
        found = self._classify(buf, k, final, prev=buf[k - 1], after_marker=glued or k in self._cuts)
        if found is WAIT or isinstance(found, Cut):
            return found
        if isinstance(found, Marker) and not found.kept:
            return self._cut_marker(buf, after, k, found, {after} if alone else (), final=final)
        return None

    def _settle_tail(self, buf: str, t: int, final: bool) -> Cut | Wait | None:
        """Remove what goes inside the parenthesis at ``t``, after a kept marker or ``[[N]]``, first.

        A second pass reads the marker with the text as it is after those removals, so this pass
        must too: ``[Source 1](https://x.example [Source 9])`` is ``[Source 1]`` in one pass as in
        two. None when nothing in it goes before its closing ``)``, a code fence or ``LINK_WINDOW``:
        the marker is then read on the text as written. Code spans inside it are passed over.
        """
        limit = t + LINK_WINDOW
        kept_ends = {t}  # a kept marker ends here: its output ends with "]"
        k, depth, after_marker, line_start = t, 0, False, -1
        while True:
            stop = _TAIL_STOP.search(buf, k, min(len(buf), limit))
            if stop is None:
                return None if final or len(buf) >= limit else WAIT
            after_marker = after_marker and stop.start() == k
            k = stop.start()
            ch = buf[k]
            if ch == ")":
                if depth == 0:
                    return None
                depth -= 1
                k += 1
                continue
            if ch in "\n`":
                if ch == "`" or _FENCE_LINE.match(buf, k + 1):
                    run = len(buf) - k - len(buf[k:].lstrip("`")) if ch == "`" else 0
                    fence = run >= 3 and line_start >= 0 and not buf[line_start:k].strip(" \t")
                    if ch == "\n" or fence or run > RUN_WINDOW:
                        return None  # a fence: code up to the end of the tail's reach
                    k = self._past_code_span(buf, k, run, limit)
                    if k is None or isinstance(k, Wait):
                        return None if k is None or final else k
                    continue
                if not final and not buf[k + 1 :].strip(" \t~`"):
                    return WAIT  # a fence may still open on the next line
                line_start, k = k + 1, k + 1
                continue
            after_marker = after_marker or k in self._cuts
            found = self._classify(buf, k, final, prev=buf[k - 1], after_marker=after_marker)
            if found is WAIT or isinstance(found, Cut):
                return found
            if found is PLAIN:
                depth += ch == "(" and k != t  # the tail's own parenthesis is not nested in it
                k, after_marker = k + 1, False  # an opener shown as text is no marker before what follows
                continue
            if found.kept:
                k, after_marker = found.end, True
                kept_ends.add(k)
                continue
            return self._cut_marker(
                buf, t, k, found, kept_ends, final=final, keep_spaces=self._grows_in_tail(buf, t, k)
            )

    @staticmethod
    def _past_code_span(buf: str, k: int, run: int, limit: int) -> int | Wait | None:
        """Where the inline code span opened by ``run`` backticks at ``k`` ends (None: beyond reach).

        It closes at the next run of as many backticks, or at a blank line (then at the line break
        that ends it); a ``)`` inside it still ends the link tail it stands in, so the caller sees
        None for it too.
        """
        at, depth, blank = k + run, 0, False
        while at < min(len(buf), limit):
            ch = buf[at]
            if ch == "`":
                other = len(buf) - at - len(buf[at:].lstrip("`"))
                if other == run:
                    return at + other
                at, blank = at + other, False  # a line of backticks is not blank
                continue
            if ch == "\n":
                if blank:
                    return at  # the caller reads this line break: a fence may open after it
                blank = True
            elif ch not in " \t":
                blank = False
                if ch == "(":
                    depth += 1
                elif ch == ")":
                    if depth == 0:
                        return None
                    depth -= 1
            at += 1
        return None if len(buf) >= limit else WAIT

    def _classify_nested(
        self,
        buf: str,
        j: int,
        k: int,
        final: bool,
        bound: int | None,
        kept_ends: Collection[int] = (),
        *,
        keep_spaces: bool = False,
    ) -> Decision:
        """An opener at ``k`` inside the would-be marker at ``j``: settle the inner one first.

        A dropped inner one becomes a :class:`Cut` of it and the spaces before it; the caller
        removes it and reads ``j`` again, exactly as a second pass over the output would.
        ``kept_ends`` are where kept markers end before it (their output ends with ``]``); with
        ``keep_spaces`` the spaces before it stay (G2). ``bound`` None reads it in its own window.
        """
        inner = self._classify_inner(buf, k, final, bound)
        return self._settle_nested(buf, j, k, inner, final, kept_ends, keep_spaces=keep_spaces)

    def _classify_inner(self, buf: str, k: int, final: bool, bound: int | None) -> Decision:
        """The opener at ``k`` inside a would-be marker, read on its own (``_classify_nested``'s first half)."""
        # A removal cut out right before k counts as a marker before it.
        return self._classify(buf, k, final, prev=buf[k - 1], after_marker=k in self._cuts, bound=bound)

    def _settle_nested(
        self,
        buf: str,
        j: int,
        k: int,
        inner: Decision,
        final: bool,
        kept_ends: Collection[int] = (),
        *,
        keep_spaces: bool = False,
    ) -> Decision:
        """What the inner opener's reading ``inner`` means for the outer one at ``j`` (the second half)."""
        if not isinstance(inner, Marker):
            return inner
        if inner.kept:
            return PLAIN
        # An opener shown as text between the two ("【(Sour [Source 1]") may still grow: the spaces
        # before the marker stay, as they do outside a nest.
        keep_spaces = keep_spaces or self._grows_in_tail(buf, j + 1, k)
        return self._cut_marker(buf, j + 1, k, inner, kept_ends, final=final, keep_spaces=keep_spaces)

    def _grows_in_tail(self, buf: str, t: int, k: int) -> bool:
        """Would an opener shown as text in the tail at ``t``, before the spaces ahead of ``k``, still
        grow? Then those spaces stay with the removal, as they do outside a tail (G2). Spaces the
        removal would not take (past ``RUN_WINDOW``) are shown after the opener."""
        spaces = self._cut_start(buf, t, k)
        last = _LAST_OPEN_OR_BREAK.match(buf, t, spaces)
        if last is None or buf[last.end() - 1] not in OPENERS:
            return False
        after = buf[last.end() : spaces]
        return len(after) < self.window and could_grow(after, buf[last.end() - 1])

    def _cut_marker(
        self,
        buf: str,
        low: int,
        k: int,
        found: Marker,
        kept_ends: Collection[int] = (),
        *,
        final: bool,
        keep_spaces: bool = False,
    ) -> Cut | Wait:
        """Note the dropped marker at ``k`` and cut it with the spaces before it, as far back as ``low``.

        At most ``RUN_WINDOW`` spaces go, none from before an earlier cut; where the cut would
        leave ``]`` (a kept marker's end or text) directly before ``(``, or join two backtick or
        tilde runs, a space takes its place. WAIT while that depends on a character not yet here.
        """
        start = k if keep_spaces else self._cut_start(buf, low, k)
        left, right = buf[start - 1 : start], buf[found.end : found.end + 1]
        bracket = start in kept_ends or left == "]"
        if not right and not final and (bracket or left in ("`", "~")):
            return WAIT
        self._note(buf[k : found.end], found, k)
        runs = left == right and left in ("`", "~")  # joined, two runs read as one (G2's gap rule)
        gap = " " if (bracket and right == "(") or runs else ""
        return Cut(start, found.end, gap)

    def _cut_start(self, buf: str, low: int, k: int) -> int:
        """Where the cut of a marker at ``k`` starts: the spaces before it, as far back as ``low``, at
        most ``RUN_WINDOW`` of them and none from before an earlier cut."""
        start, low = k, max(low, k - RUN_WINDOW, self._ledger.floor(k))
        while start > low and buf[start - 1] in " \t":
            start -= 1
        return start

    def _with_link(self, buf: str, end: int, final: bool, parsed: ParsedMarker | None) -> Marker | Wait:
        """Swallow ``(url)`` targets written right after the marker: the model's URL is never kept.

        Only link-like targets count (``(2019)`` stays), and a run of them goes at once so that a
        second pass finds nothing more to swallow.
        """
        while True:
            if end == len(buf):
                return Marker(end, parsed) if final else WAIT
            if buf[end] != "(":
                return Marker(end, parsed)
            tail = link_tail(buf, end, final)
            if isinstance(tail, Wait):
                return tail
            if tail is None:
                if parsed is not None and parsed.ids:  # kept: a removal inside could make it a link
                    settled = self._settle_tail(buf, end, final)
                    if settled is not None:
                        return settled
                return Marker(end, parsed)
            end = tail

    # -- code --------------------------------------------------------------

    def _scan_ticks(self, buf: str, i: int, out: list[str], final: bool) -> int | None:
        ch = buf[i]
        j = i
        while j < len(buf) and buf[j] == ch and j - i < RUN_WINDOW:
            j += 1
        if j == len(buf) and not final and j - i < RUN_WINDOW:
            return None
        run = buf[i:j]
        if ch in "`~" and self._after_marker and self._last == ch:
            # A marker removed from between two backtick (or tilde) runs would join them into one run,
            # which reads as a different code span (or a fence): one space keeps them apart, so a
            # second pass agrees.
            self._write(out, " ")
        self._code.open_run(run, line_blank=self._line_blank)
        self._write(out, run)
        return j

    def _scan_fence(self, buf: str, i: int, out: list[str]) -> int:
        newline = buf.find("\n", i)
        end = len(buf) if newline < 0 else newline + 1
        text = buf[i:end]
        self._write(out, text)
        self._code.fence_text(text)
        return end

    def _scan_inline_code(self, buf: str, i: int, out: list[str], final: bool) -> int | None:
        j = i
        while j < len(buf) and buf[j] not in "`\n":
            j += 1
        if j > i:
            self._write(out, buf[i:j])
            return j
        if buf[j] == "\n":
            self._code.inline_newline(line_blank=self._line_blank)
            self._write(out, "\n")
            return j + 1
        k = j
        while k < len(buf) and buf[k] == "`" and k - j < RUN_WINDOW:
            k += 1
        if k == len(buf) and not final and k - j < RUN_WINDOW:
            return None
        self._code.inline_ticks(k - j)
        self._write(out, buf[j:k])
        return k


@dataclass
class FilterResult:
    """What one-shot post-processing gives: the text and what the engine saw in it."""

    text: str
    cited: list[int]
    removed: list[str]
    reported: bool
    first_spans: dict[int, tuple[int, int]] = field(default_factory=dict)
    citations: list[Citation] = field(default_factory=list)
    dropped: list[Citation] = field(default_factory=list)
    qualifiers: list[tuple[int, str]] = field(default_factory=list)
    #: With ``cite_missing``: the uncited claims given a source, in text order.
    uncited: list[Any] = field(default_factory=list)  # UncitedClaim (core/uncited.py)
    #: Sources cited only by inserted markers (the answer itself never cited them).
    inserted_only: list[int] = field(default_factory=list)
    #: With ``cite_missing``: the uncited claims no presented source supports, ``(claim, start, end)``.
    unsupported_uncited: list[tuple[str, int, int]] = field(default_factory=list)

    @classmethod
    def of(cls, text: str, engine: CitationFilter) -> FilterResult:
        """What ``engine`` saw while writing ``text``."""
        return cls(
            text,
            list(engine.cited),
            list(engine.removed),
            engine.reported,
            dict(engine.first_spans),
            list(engine.citations),
            list(engine.dropped),
            list(engine.qualifiers),
            list(engine.uncited.found) if engine.uncited is not None else [],
            engine.uncited.inserted_only() if engine.uncited is not None else [],
            list(engine.uncited.unsupported) if engine.uncited is not None else [],
        )


def filter_citations(
    text: str, presented: Iterable[int], *, link_for: Callable[[int], str | None] | None = None
) -> FilterResult:
    """One-shot post-processing: the streaming filter fed the whole answer."""
    engine = CitationFilter(presented, link_for=link_for)
    return FilterResult.of(engine.feed_all(text), engine)
