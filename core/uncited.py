"""Claims the answer left uncited: find them as the answer streams, and cite a source only when sure.

    >>> from lfx_citations.core.support import SupportChecker
    >>> checker = SupportChecker({1: "Water boils at 100 °C at sea level.", 2: "Paris is in France."})
    >>> claims = UncitedClaims(
    ...     lambda claim: pick_source(checker.ranked(claim), lambda i: checker.check(claim, i)), insert=True
    ... )
    >>> claims.marker_text = lambda source_id: f"[Source {source_id}]"
    >>> claims.text("Water boils at 100 °C at sea level") + claims.text(". Is it hot?") + claims.close()
    'Water boils at 100 °C at sea level [Source 1]. Is it hot?'
    >>> found = claims.found[0]
    >>> found.id, found.claim, found.replaces
    (1, 'Water boils at 100 °C at sea level', None)

The engine (``core/engine.py``) hands every piece of text it writes to :class:`UncitedClaims`, tells
it when a kept marker group is written and when a marker is removed. A sentence is settled when its
end is confirmed: the first character after its closing punctuation (and the spaces after it) that
is not a marker, a line end, or the end of the answer. A sentence with a kept marker in it, or right
after its punctuation, is cited and never touched. The others are *claims* unless they are one of
the kinds that are not (see :meth:`UncitedClaims.is_claim`), and a claim gets a source only when
:func:`pick_source` is sure of one. In ``insert`` mode the closing punctuation is held until its
sentence is settled, so that ``[Source N]`` can go before it: the only text held beyond what the
engine holds is that punctuation (at most :data:`PUNCT_WINDOW` characters). Streaming still equals
one-shot, because every decision depends on the text written, never on how it was split.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from lfx_citations.core.align import PREFIX
from lfx_citations.core.lexicon import FUNCTION_WORD_SET
from lfx_citations.core.prompt import DEFAULT_NO_EVIDENCE_ANSWER
from lfx_citations.core.support import Evidence, Judgement, tokens

#: ``cite_missing``: leave uncited claims alone, list a source for them, or insert its marker.
CITE_MISSING_MODES = ("off", "suggest", "insert")
#: The best source must lead every other presented source's score by this much, and score at least
#: ``CITE_FLOOR`` (``supported`` starts lower, at ``HIGH``): the pair with the best F0.5 on WiCE dev's
#: stripped, copied, blended and distorted claims, chosen by ``scripts/eval/uncited_eval.py``, which reports
#: the cross-validated figures (docs/support-check.md, "Citations the answer forgot").
CITE_MARGIN = 0.2
CITE_FLOOR = 0.85
#: The best source's evidence must also hold this share of the claim's content words
#: (:func:`content_coverage`): a chunk that says most of a claim scores ``supported`` while the
#: claim adds a detail to it. Off (0.0): tried with the margin and the floor by the same evaluation,
#: it stands in for the floor, and at 0.7 it trades WiCE recovery for precision with F0.5 within
#: noise over two seeds (docs/support-check.md, "How well it picks").
CITE_COVERAGE = 0.0
#: A sentence with fewer tokens (words, numbers, character pairs of space-less scripts) is no claim.
MIN_CLAIM_TOKENS = 4
#: A longer sentence is no single claim; its text is no longer kept, which bounds the work.
MAX_CLAIM_CHARS = 1000
#: Closing punctuation held in ``insert`` mode; a longer run (``!!!!!!!!!``) settles its sentence.
PUNCT_WINDOW = 8
#: Spaces after closing punctuation that may still precede the sentence's marker.
SPACE_WINDOW = 16

_LATIN_END = ".!?"
_CJK_END = "\u3002\uff01\uff1f"  # 。！？
_END_CHARS = _LATIN_END + _CJK_END
# After a sentence's punctuation: closing quotes and brackets still belong to it.
_AFTER_END = "\"'\u201d\u2019\u00bb)]"
_NEXT_END = re.compile(f"[{re.escape(_END_CHARS)}\n]")
# Words whose period is no sentence end ("Dr. Smith", "Fig. 3", "ca. 1900"); initials too (see _ends_abbreviation).
_ABBREVIATIONS = frozenset(
    "mr mrs ms dr prof st jr sr vs approx ca cf al fig figs inc ltd co corp dept vol pp "
    "jan feb mar apr jun jul aug sep sept oct nov dec bzw vgl usw ggf mme mlle".split()
)
_LAST_WORD = re.compile(r"(\w+)\Z")
_HEADING = re.compile(r" {0,3}#{1,6}(?:[ \t]|\Z)")
_TABLE_ROW = re.compile(r"\s*\|")
_BULLET = re.compile(r"\s*(?:>\s*)*(?:(?:[-*+\u2022]|\d{1,3}[.)])[ \t]+)?")
_LIST_ITEM = re.compile(r"\s*(?:>\s*)*(?:[-*+\u2022]|\d{1,3}[.)])[ \t]")
_ORDINAL = re.compile(r"\s*(?:>\s*)*\d{1,3}\Z")
_EMPHASIS = "*_"
#: How an answer opens a sentence that addresses the reader rather than states something ("I hope
#: this helps", "Let me know…", "Feel free to…"), per language of the lexicon; matched
#: on the folded sentence (``_fold``: lower case, straight apostrophes).
READER_ADDRESS = {
    "en": (
        "i hope this|i hope that helps|hope this helps|hope that helps|please let me know"
        "|please feel free|please don't hesitate|please do not hesitate|let me know|feel free"
        "|don't hesitate|do not hesitate|if you have any (?:other |further |more )?questions"
        "|i'd be happy to|i would be happy to|happy to help"
    ),
    "fr": (
        "j'espère que cela|j'espère que ça|j'espère avoir|n'hésitez pas|n'hésite pas"
        "|faites-moi savoir|dites-moi|si vous avez d'autres questions|si vous avez des questions"
    ),
    "de": (
        "ich hoffe, das|ich hoffe, dass|ich hoffe das|lassen sie mich wissen"
        "|lass mich wissen|zögern sie nicht|zögere nicht|wenn sie weitere fragen|falls sie weitere fragen"
        "|wenn du weitere fragen|falls du weitere fragen"
    ),
    "es": (
        "espero que esto|espero que esta|espero haber|no dudes en|no dude en|avísame|házmelo saber|hágamelo saber"
        "|si tienes alguna otra pregunta|si tiene alguna otra pregunta|si tienes más preguntas"
        "|si tiene más preguntas"
    ),
    "pt": (
        "espero que isso|espero que isto|espero ter ajudado|não hesite|fique à vontade|sinta-se à vontade"
        "|me avise|avise-me|se tiver outras perguntas"
        "|se você tiver outras perguntas|se tiver mais perguntas|se você tiver mais perguntas"
    ),
    "it": (
        "spero che questo|spero che ciò|spero di esserti|spero di esserle|non esitare|non esiti"
        "|fammi sapere|mi faccia sapere"
        "|se hai altre domande|se ha altre domande|sentiti libero"
    ),
    "nl": (
        "ik hoop dat dit|ik hoop dat je|ik hoop dat u|laat het me weten|laat me weten|laat het mij weten"
        "|aarzel niet|neem gerust contact|voel je vrij"
        "|als je nog vragen|als u nog vragen"
    ),
}
_READER_ADDRESS = re.compile(r"[\W_]*(?:" + "|".join(READER_ADDRESS.values()) + r")(?!\w)", re.IGNORECASE)


def _ends_abbreviation(before: str) -> bool:
    """Whether a period right after ``before`` ends an abbreviation rather than a sentence.

    >>> [_ends_abbreviation(t) for t in ("Dr", "e.g", "U.S", "John F", "at 100 °C", "vitamin C", "in 2019")]
    [True, True, True, True, False, False, False]
    """
    found = _LAST_WORD.search(before)
    if found is None:
        return False
    word, ahead = found[1], before[: found.start()]
    if word.casefold() in _ABBREVIATIONS:
        return True
    if len(word) != 1 or word.isdigit():
        return False
    if ahead.endswith("."):
        return True  # "e.g.", "U.S."
    if (ahead and not ahead[-1].isspace()) or not word.isupper():
        return False  # "°C.", "(a."
    # An initial follows a name or another initial ("John F. Kennedy"); "vitamin C." ends a sentence.
    previous = ahead.split()[-1:]
    return not previous or previous[0][:1].isupper()


def _fold(text: str) -> str:
    """Lower case, one kind of apostrophe, single spaces, no closing punctuation: for comparing sentences."""
    text = text.replace("\u2019", "'").replace("\u2018", "'").casefold()
    return " ".join(text.split()).rstrip(_END_CHARS + _AFTER_END + " ")


def content_coverage(claim: str, evidence: Sequence[Evidence]) -> float:
    """The share of the claim's content words (not the lexicon's function words; numbers count)
    that the evidence holds, exactly or by their first ``PREFIX`` characters ("boiling" / "boils").

    >>> content_coverage("Water boils at 100 degrees", (Evidence(0, 22, "Water boils at 100 °C."),))
    0.75
    >>> content_coverage("the of and", ())
    1.0
    """
    words = [t for t in tokens(claim) if t not in FUNCTION_WORD_SET and (len(t) > 2 or not t.isalpha())]
    if not words:
        return 1.0
    held = {t for e in evidence for t in tokens(e.text)}
    prefixes = {t[:PREFIX] for t in held if len(t) >= PREFIX}
    return sum(t in held or (len(t) >= PREFIX and t[:PREFIX] in prefixes) for t in words) / len(words)


def pick_source(
    ranked: Sequence[tuple[int, float]], judge: Callable[[int], Judgement], claim: str = ""
) -> tuple[int, Judgement] | None:
    """The one source to cite for a claim, or None when no presented source is a sure pick.

    ``ranked``: every presented source with its score before flips (``SupportChecker.ranked``),
    best first; ``judge(source_id)``: the full verdict, asked of every source: where the lexicon
    relates a claim's word to the evidence ("not permitted" for "forbidden") a verdict scores above
    its score before flips, so no source can be skipped without changing which one comes first
    (the best is the first of the highest verdicts, in ``ranked`` order). Sure means: the best source's verdict is
    ``supported``, with no conflict, its score is at least :data:`CITE_FLOOR`, its evidence holds
    :data:`CITE_COVERAGE` of the ``claim``'s content words (when the claim is given), and it is ahead of
    every other presented source by :data:`CITE_MARGIN`, counting the others at their scores before
    flips. A near-tie with a chunk that overlaps it (the same sentence presented twice, also
    ``supported``) cites the first of them; any other near-tie (two sources that say it in their own
    words, or one that says the claim and one that says otherwise) gives no sure pick. A source that
    contradicts the claim is never picked: its verdict is not ``supported``.

    >>> from lfx_citations.core.support import SupportChecker
    >>> checker = SupportChecker({1: "Water boils at 100 °C.", 2: "Ice melts at 0 °C."})
    >>> claim = "Water boils at 100 °C"
    >>> pick_source(checker.ranked(claim), lambda source_id: checker.check(claim, source_id))[0]
    1
    >>> same = SupportChecker({1: "Water boils at 100 °C.", 2: "Water boils at 100 °C."})
    >>> pick_source(same.ranked(claim), lambda source_id: same.check(claim, source_id))[0]
    1
    """
    best_id, best = 0, None
    for source_id, _ in ranked:
        judged = judge(source_id)
        if best is None or judged.score > best.score:
            best_id, best = source_id, judged
    if best is None or best.verdict != "supported" or best.conflict is not None or best.score < CITE_FLOOR:
        return None
    if claim and content_coverage(claim, best.evidence) < CITE_COVERAGE:
        return None
    close = [
        source_id for source_id, raw in ranked if source_id != best_id and best.score - raw < CITE_MARGIN
    ]
    # Near-ties: chunks that overlap (the same sentence presented twice) say the same thing, so the
    # first of them is cited; a near-tie with any other source, one that says otherwise included, is
    # no sure pick.
    tied = {best_id: best}
    for source_id in close:
        other = judge(source_id)
        if other.verdict != "supported" or other.conflict is not None or not overlap(best, other):
            return None
        tied[source_id] = other
    first = min(tied)
    return first, tied[first]


def overlap(a: Judgement, b: Judgement) -> bool:
    """Whether two judgements rest on the same words: an evidence sentence of one holds one of the
    other's (overlapping chunks of one document).

    >>> from lfx_citations.core.support import Evidence
    >>> said = lambda *texts: Judgement("supported", 0.9, tuple(Evidence(0, len(t), t) for t in texts))
    >>> overlap(said("Water boils at 100 °C."), said("It is cold.", "Water boils at 100 °C."))
    True
    >>> overlap(said("Water boils at 100 °C."), said("Ice melts at 0 °C."))
    False
    """
    mine = [_fold(e.text) for e in a.evidence]
    theirs = [_fold(e.text) for e in b.evidence]
    return any(x and y and (x in y or y in x) for x in mine for y in theirs)


def uncited_claims(
    mode: str,
    ranked: Callable[[str], Sequence[tuple[int, float]]],
    judge: Callable[[int, str], Judgement],
    no_evidence: str = "",
) -> UncitedClaims | None:
    """A fresh tracker for one answer in ``cite_missing`` mode ``mode`` (None when ``off``).

    ``ranked(claim)`` and ``judge(source_id, claim)`` are the support ledger's (``SupportLedger``):
    see :func:`pick_source`. An unknown mode falls back to ``suggest``, which never changes the text.
    """
    if mode == "off":
        return None
    last: dict[str, Sequence[tuple[int, float]]] = {}

    def ranked_once(claim: str) -> Sequence[tuple[int, float]]:
        # The pick and the question after it ask of the same claim: rank its sources once.
        if claim not in last:
            last.clear()
            last[claim] = ranked(claim)
        return last[claim]

    return UncitedClaims(
        lambda claim: pick_source(ranked_once(claim), lambda source_id: judge(source_id, claim), claim),
        insert=mode == "insert",
        no_evidence=no_evidence,
        supported=lambda claim: any(
            judge(source_id, claim).verdict == "supported" for source_id, _ in ranked_once(claim)
        ),
    )


@dataclass(frozen=True, slots=True)
class UncitedClaim:
    """A claim the answer did not cite, and the source that states it (offsets in the final text).

    ``marker_start`` is where the inserted marker starts (``insert`` mode), else None; ``inserted``
    is the text inserted there, the marker with the space before it when one was needed.
    """

    id: int
    claim: str
    claim_start: int
    claim_end: int
    score: float
    evidence: tuple[Evidence, ...]
    replaces: str | None
    marker_start: int | None = None
    inserted: str = ""

    def entry(self) -> dict[str, object]:
        """The payload's form: ``suggested`` / ``inserted`` entries."""
        return {
            "id": self.id,
            "claim": self.claim,
            "claim_start": self.claim_start,
            "claim_end": self.claim_end,
            "score": self.score,
            "evidence": [{"start": e.start, "end": e.end, "text": e.text} for e in self.evidence],
            "replaces": self.replaces,
        }


class UncitedClaims:
    """Follows the answer sentence by sentence as the engine writes it (see the module docstring).

    ``pick`` names the source for a claim (:func:`pick_source` over the presented sources), or None.
    With ``insert`` the chosen marker goes into the text before the sentence's closing punctuation;
    without it the text is unchanged and the claims are only listed (``suggest``). ``no_evidence``
    is what the Citation Prompt tells the model to write when the sources hold nothing (its default
    when empty): none of its sentences is a claim.
    The engine sets :attr:`marker_text` (how a kept marker is written) and :attr:`on_insert`.
    """

    def __init__(
        self,
        pick: Callable[[str], tuple[int, Judgement] | None],
        *,
        insert: bool,
        no_evidence: str = "",
        supported: Callable[[str], bool] | None = None,
    ) -> None:
        self.pick = pick
        self.insert = insert
        self.supported = supported
        no_evidence = no_evidence or DEFAULT_NO_EVIDENCE_ANSWER
        self._no_evidence = {_fold(s) for s in re.split(r"(?<=[.!?])\s+", no_evidence) if s.strip()}
        self.marker_text: Callable[[int], str] = lambda source_id: f"[Source {source_id}]"
        #: Called with each inserted source id and the final offsets of its marker.
        self.on_insert: Callable[[int, int, int], None] = lambda source_id, start, end: None
        #: Every claim given a source, in text order.
        self.found: list[UncitedClaim] = []
        #: Claims no presented source supports (``supported`` says so), in text order:
        #: ``(claim, start, end)`` in the final text.
        self.unsupported: list[tuple[str, int, int]] = []
        self._model_cited: set[int] = set()  # sources the answer's own kept markers cite
        #: Characters inserted so far: engine offsets plus this are offsets in the final text.
        self.shift = 0
        self._pos = 0  # engine offset of the end of everything written (held text included)
        self._line_head = ""  # the first characters of the current line
        self._reset(0, line_start=True)
        self._pending = ""  # closing punctuation, and the spaces after it, not yet settled
        self._pending_at = 0  # its engine offset
        self._pending_spaces = 0
        self._pending_cjk = False

    # -- what the engine calls ---------------------------------------------------------------

    @property
    def held(self) -> int:
        """Characters written by the engine but held here (``insert`` mode only)."""
        return len(self._pending) if self.insert else 0

    @property
    def hold_bound(self) -> int:
        """The most :attr:`held` can be: closing punctuation and the spaces after it."""
        return PUNCT_WINDOW + SPACE_WINDOW if self.insert else 0

    def text(self, text: str, code: str = "") -> str:
        """Text the engine writes (``code``: "" outside code, "inline" or "fence"); returns what to show."""
        if not text:
            return ""
        out: list[str] = []
        if code == "fence":
            # A fenced block holds no claim; it starts on a new line, so only the line is reset.
            self._flush(out)
            self._sentence = None
            self._advance(out, text)
            newline = text.rfind("\n")
            if newline >= 0:
                self._new_line(self._pos - len(text) + newline + 1)
            return "".join(out)
        i = 0
        while i < len(text):
            if self._pending:
                i = self._after_end(text, i, out, code)
                continue
            if code:
                j = text.find("\n", i)
            else:
                m = _NEXT_END.search(text, i)
                j = m.start() if m else -1
            if j < 0:
                self._grow(out, text[i:], code)
                break
            if j > i:
                self._grow(out, text[i:j], code)
            ch = text[j]
            if ch == "\n":
                self._settle(out, "line")
                self._advance(out, ch)
                self._new_line(self._pos)
            else:
                self._pending_at = self._pos
                self._pending_cjk = ch in _CJK_END
                self._hold(out, ch)
            i = j + 1
        return "".join(out)

    def cited(self) -> str:
        """A kept marker group is about to be written: the sentence it follows (or stands in) is cited."""
        out: list[str] = []
        self._cited = True
        if self._pending:
            self._settle_pending(out, closed=True)
        return "".join(out)

    def marker(self, text: str, source_id: int) -> str:
        """A kept marker of source ``source_id``, written after :meth:`cited`."""
        self._model_cited.add(source_id)
        self._pos += len(text)
        if not self._length:
            self._start = self._pos  # a sentence's text starts after a marker that opens it
        return text

    def inserted_only(self) -> list[int]:
        """Sources cited only by inserted markers, in order of first insertion."""
        inserted = (c.id for c in self.found if c.marker_start is not None)
        return [i for i in dict.fromkeys(inserted) if i not in self._model_cited]

    def removed(self, raw: str) -> None:
        """A marker the engine removed (invalid, or dropped as unsupported) where the text now stands."""
        if self._replaces is None and self._sentence is not None:
            self._replaces = raw

    def confirm(self, next_char: str | None) -> str:
        """What follows the spaces just written is known, and it is no marker: settle a pending end."""
        out: list[str] = []
        if self._pending and self._pending_spaces:
            self._confirm(out, next_char or "")
        return "".join(out)

    def close(self) -> str:
        """The answer ended: settle the last sentence."""
        out: list[str] = []
        if self._pending:
            self._settle_pending(out, closed=True)
        self._settle(out, "end")
        return "".join(out)

    # -- sentences ---------------------------------------------------------------------------

    def _reset(self, start: int, *, line_start: bool) -> None:
        self._sentence: list[str] | None = []  # None: too long, or inside a fenced block
        self._length = 0
        self._start = start
        self._at_line_start = line_start
        self._cited = False
        self._replaces: str | None = None
        self._tail = ""  # the last characters of the sentence
        self._prose: list[str] = []  # its text outside inline code

    def _new_line(self, at: int) -> None:
        self._line_head = ""
        self._reset(at, line_start=True)

    def _advance(self, out: list[str], text: str) -> None:
        self._pos += len(text)
        out.append(text)

    def _grow(self, out: list[str], text: str, code: str = "") -> None:
        """Text that belongs to the current sentence."""
        if len(self._line_head) < 12:
            self._line_head = (self._line_head + text)[:12]
        self._add(text, code)
        self._advance(out, text)

    def _add(self, text: str, code: str = "") -> None:
        if self._sentence is None:
            return
        self._length += len(text)
        if self._length > MAX_CLAIM_CHARS:
            self._sentence = None
            return
        self._sentence.append(text)
        self._tail = (self._tail + text)[-24:]
        if not code:
            self._prose.append(text)

    def _hold(self, out: list[str], ch: str) -> None:
        self._pending += ch
        self._pos += len(ch)
        if len(self._line_head) < 12:
            self._line_head += ch
        if not self.insert:
            out.append(ch)
        if len(self._pending) - self._pending_spaces > PUNCT_WINDOW:
            self._settle_pending(out, closed=True)

    def _flush(self, out: list[str]) -> None:
        """Code starts: held punctuation ends its sentence."""
        if self._pending:
            self._settle_pending(out, closed=True)

    def _after_end(self, text: str, i: int, out: list[str], code: str) -> int:
        """One character after closing punctuation: more of it, a space, or what confirms the end."""
        ch = text[i]
        if not code and not self._pending_spaces and ch in _END_CHARS + _AFTER_END:
            self._hold(out, ch)
            return i + 1
        if ch in " \t":
            self._pending_spaces += 1
            self._hold(out, ch)
            if self._pending_spaces > SPACE_WINDOW:
                self._settle_pending(out, closed=True)
            return i + 1
        self._confirm(out, ch)
        return i

    def _confirm(self, out: list[str], ch: str) -> None:
        """``ch`` comes after the punctuation (and spaces): is that a sentence end?"""
        if ch == "\n" or self._pending_cjk:
            closed = True
        elif not self._pending_spaces:
            closed = False  # "3.14", "e.g.," or "example.com": no end without a space
        else:
            abbreviated = self._pending.strip() == "." and _ends_abbreviation(self._tail)
            numbered = self._at_line_start and bool(_ORDINAL.fullmatch("".join(self._sentence or ())))
            closed = not (ch.islower() or abbreviated or numbered)
        self._settle_pending(out, closed=closed)

    def _settle_pending(self, out: list[str], *, closed: bool) -> None:
        pending, at = self._pending, self._pending_at
        self._pending, self._pending_spaces = "", 0
        if not closed:
            # Not an end after all: the punctuation (and spaces) are part of the sentence.
            self._add(pending)
            if self.insert:
                out.append(pending)
            return
        self._settle(out, "end", question="?" in pending or "\uff1f" in pending, at=at)
        if self.insert:
            out.append(pending)
        self._reset(at + len(pending), line_start=False)

    def _settle(self, out: list[str], kind: str, *, question: bool = False, at: int | None = None) -> None:
        """The sentence ends (at ``at``, its punctuation, else here): give it a source if it needs one."""
        sentence = self._sentence
        if sentence is None or self._cited or question or not sentence:
            return
        text = "".join(sentence)
        claim = self._claim_of(text, line=kind == "line")
        if claim is None:
            return
        offset, claim = claim
        picked = self.pick(claim)
        start = self._start + offset + self.shift
        end = start + len(claim)
        if picked is None:
            # "Uncited and unsupported" is told apart from "not a claim" and from a claim two
            # sources state alike.
            if self.supported is not None and not self.supported(claim):
                self.unsupported.append((claim, start, end))
            return
        source_id, judgement = picked
        marker_start, inserted = None, ""
        if self.insert:
            marker = self.marker_text(source_id)
            gap = "" if text[-1:].isspace() else " "
            marker_start = (self._pos if at is None else at) + self.shift + len(gap)
            inserted = gap + marker
            out.append(inserted)
            self.shift += len(gap) + len(marker)
            self.on_insert(source_id, marker_start, marker_start + len(marker))
        self.found.append(
            UncitedClaim(
                source_id,
                claim,
                start,
                end,
                judgement.score,
                judgement.evidence,
                self._replaces,
                marker_start,
                inserted,
            )
        )
        self._sentence = None  # settled: nothing more is added to it

    def _claim_of(self, text: str, *, line: bool) -> tuple[int, str] | None:
        """``(offset, claim)`` of a sentence's text, or None when it is not a claim (:meth:`is_claim`)."""
        head = self._line_head
        if _HEADING.match(head) or _TABLE_ROW.match(head):
            return None
        offset = 0
        if self._at_line_start:
            offset = _BULLET.match(text).end()
        claim = text[offset:].rstrip()
        lead = len(claim) - len(claim.lstrip())
        claim, offset = claim.lstrip(), offset + lead
        if line and not _LIST_ITEM.match(head):
            return None  # a line without closing punctuation: a heading or label, unless a list item
        return (offset, claim) if self.is_claim(claim, "".join(self._prose)) else None

    def is_claim(self, claim: str, prose: str | None = None) -> bool:
        """Whether a sentence (without its closing punctuation) states something a source could.

        Not: a label (ending in ":", also inside emphasis), the Citation Prompt's no-evidence
        sentence, a sentence addressed to the reader (:data:`READER_ADDRESS`: "I hope this helps",
        "Let me know…", "Feel free to…"), or fewer than :data:`MIN_CLAIM_TOKENS` tokens outside inline code (``prose``, the
        claim's text outside code; all of it by default). Questions, headings, table rows, fenced
        code and lines without closing punctuation outside lists are ruled out before.
        """
        if not claim or claim.rstrip(_EMPHASIS).endswith(":"):
            return False
        folded = _fold(claim)
        if folded in self._no_evidence or _READER_ADDRESS.match(folded):
            return False
        return len(tokens(claim if prose is None else prose)) >= MIN_CLAIM_TOKENS
