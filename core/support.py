"""Offline lexical support checker: does the cited source actually say the claim?

>>> checker = SupportChecker({
...     1: "Water boils at 100 °C at sea level. Ice melts at 0 °C.",
...     2: "The Eiffel Tower in Paris is 330 metres tall.",
... })
>>> result = checker.check("Water boils at 100 °C at sea level", 1)
>>> result.verdict, result.better_source
('supported', None)
>>> ev = result.evidence[0]
>>> checker.texts[1][ev.start : ev.end] == ev.text == "Water boils at 100 °C at sea level."
True
>>> checker.check("The Eiffel Tower in Paris is 330 metres tall", 1).better_source
2
>>> judged = checker.check("Water boils at 90 °C at sea level", 1)
>>> judged.verdict, judged.conflict.kind, judged.conflict.source_text
('contradicted', 'number', '100')
>>> checker.best_source("The Eiffel Tower in Paris is 330 metres tall")[0]
2
>>> answer = "Ice is cold. Water boils at 100 °C [Source 1]"
>>> start, end = claim_span(answer, answer.index("[Source"))
>>> answer[start:end]
'Water boils at 100 °C'

Standard library only, no network: this file is inlined verbatim into the standalone Citation
Post-Processor. Term weights come from the presented sources themselves (IDF over their
sentences); scripts written without spaces are matched by character bigrams. The score is a small
logistic model over six features (``WEIGHTS``), one of which counts it against a source when another
presented source covers the claim better. Hard signals cap it below ``HIGH``: a claim's number, date,
unit or quoted phrase missing from the source, a name the source does not hold (a sentence that holds
it joins the evidence). Then the claim is aligned with each evidence sentence (``align``, ``Aligned``):
a negation on one side only, or a number, name or direction word (``core/lexicon.py``) facing another
in the same slot, is a flip, and the verdict is ``contradicted`` when, with it put right, the evidence
would support the claim. A direction word the source never uses while it uses its antonym near the
evidence caps the claim too, where no slot aligns the two.

For callers: ``check(claim, source)`` judges one citation (with ``better_source``), ``check_all(claim)``
every presented source once, ``best_source(claim)`` the one that supports the claim best and its
margin over the next. Each ``Judgement`` has a verdict, a score, evidence and, for ``contradicted``,
its ``conflict``. Adjacent markers share a claim, which is judged once.
"""

from __future__ import annotations

import math
import re
import unicodedata
from bisect import bisect_left
from collections.abc import Callable
from dataclasses import dataclass, replace
from itertools import pairwise

from lfx_citations.core.lexicon import (
    CALENDAR_HOMONYMS,
    CALENDAR_WORDS,
    DIRECTIONS,
    NE_PARTNERS,
    NEGATION_BREAKERS,
    NEGATION_PARTS,
    NEGATIONS,
    NOUN_PHRASE_START_WORDS,
    SENTENCE_OPENER_WORDS,
    opposite,
)

# ---------------------------------------------------------------------------
# Constants
# ---------------------------------------------------------------------------

#: Score at or above which a citation is ``supported`` (BA-optimal on WiCE dev, BA smoothed over
#: ±0.05, not below 0.65, among the thresholds that keep at least 55 % of the fully supported
#: citations supported: see ``scripts/support_eval.py``).
HIGH = 0.73
#: Score below which a citation is ``unsupported``; set low because that flag is a visible warning:
#: at most 2.5 % of fully supported citations (WiCE dev) fall below it, and 95 % of the flags are right.
LOW = 0.085
#: Scores in [UNCERTAIN_LOW, UNCERTAIN_HIGH) are the ones worth sending to an optional LLM judge.
UNCERTAIN_LOW = 0.5
UNCERTAIN_HIGH = 0.85
#: ``better_source`` must beat the cited source by this much; smaller gaps are near-ties.
BETTER_MARGIN = 0.05
#: A second evidence sentence is added only when it raises coverage by at least this much.
PAIR_GAIN = 0.1
#: Sentences added to the evidence because they hold a name of the claim that it lacks, at most.
MAX_NAME_SENTENCES = 2
#: How many sentences either side of the evidence an antonym of a claim's direction word is looked for
#: (about a 1 KB chunk around it: a long source uses many direction words for many things).
DIRECTION_REACH = 5
#: Credit for a claim word matched only through a shared prefix (morphology: "publish"/"published").
SOFT_CREDIT = 0.7
PREFIX = 5
#: Weight factor of one- and two-letter words in spaced scripts (see ``SupportChecker.parse``).
SHORT_WORD_WEIGHT = 0.3
#: Bounds that keep absurd inputs cheap: long sentences are cut, huge claims truncated.
MAX_SENTENCE_CHARS = 600
MAX_CLAIM_TOKENS = 64

#: Logistic weights (bias first) over the features of ``SupportChecker.features``: weighted coverage
#: of the claim by its best one or two sentences; names and numbers of the claim missing from the
#: source; those missing from every presented source; coverage by up to three sentences; coverage by
#: all presented sources together (the claim's ceiling); how far another source covers it better
#: (0 when none does). Fitted on all of WiCE dev (oracle chunks plus right/wrong windows of supported
#: and partially supported claims) by ``scripts/support_eval.py``, which reports the cross-validated
#: figures.
WEIGHTS = (-0.276, 2.123, -0.974, -1.216, 2.641, -0.465, 2.577)
#: Hand-set logit penalties for signals too rare (or too noisy) in the dev data to fit: each quoted
#: phrase of the claim the source does not hold word for word, each number it does not state.
QUOTE_PENALTY = 1.0
NUMBER_PENALTY = 2.0
#: Highest score when a claim's number, unit or quoted phrase is not in the source, a name not in its
#: evidence, or a negation or other element is flipped (see ``Aligned``): partial at most, whatever
#: the threshold (``capped``).
HARD_CAP = 0.6
CAP_MARGIN = 0.05
#: Weighted coverage below which the score shrinks in proportion (unrelated sources score ~0).
MIN_COVERAGE = 0.3

# Scripts written without spaces between words: matched by character bigrams.
_NOSPACE = "\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
# Digit groups ("1,000", "1 000", "1.000") are one number; a single separator is a decimal mark.
_NUMBER = r"(?<![\d.,])\d{1,3}(?:[ \u00a0\u202f\u2009,.]\d{3})+(?!\d)(?:[.,]\d+)?|\d+(?:[.,]\d+)?"
_TOKEN_RE = re.compile(rf"{_NUMBER}|[{_NOSPACE}]+|[^\W\d_]+")
# A number with the unit or currency written next to it: "100 °C", "5km", "12 %", "$5", "€ 3,50".
_QUANTITY_RE = re.compile(
    rf"([$€£¥₹]?)[ \u00a0]?({_NUMBER})(?:([ \u00a0]?)(°[ \u00a0]?[^\W\d_]?|[%‰]|[^\W\d_]{{1,3}}(?!\w)))?"
)
_NOSPACE_RE = re.compile(rf"[{_NOSPACE}]")
# A season or span of years written short ("2018–19", "1999-00") names the full second year.
# Not ISO dates ("2019-05-12"): no third part.
_YEAR_SPAN_RE = re.compile(r"(?<![\d.,])(1[5-9]|20)(\d\d)([-‐‑–—/])(\d\d)(?![\d.,]\d|[-‐‑–—/]\d)")
# Every kind of line break ends a sentence, the form feed and the other page separators too: evidence
# never reads on across a page break.
_BREAKS = "\n\r\f\v\x1c\x1d\x1e\x85\u2028\u2029"
_SENTENCE_END_RE = re.compile(rf"[.!?]+[\"'”’»)\]]*(?=\s)|[。！？]+|[{_BREAKS}]")
# Titles written short, and a capital initial after a capitalized word (not I, V or X: "World War I."
# ends a sentence), before a period that does not end the sentence.
_ABBREVIATION_RE = re.compile(
    r"(?<![\w.])(?:Mr|Mrs|Ms|Dr|Prof|St|Jr|Sr|Mt|Gen|Gov|Sen|Rep|Lt|Col|Capt|Sgt|Rev|Hon|Mme|Mlle|Hr|Fr|Sra|Sig|Dhr)\."
    r"|(?:(?<=[^\W\d_] )|(?<=[A-Z]\. ))[A-HJ-UWYZ]\."
)
_MARKER_RE = re.compile(r"\[\s*(?:sources?|src|docs?|refs?)?\s*[:#]?\s*\d[\d,\s\-]*\]", re.IGNORECASE)
_QUOTE_RE = re.compile(r"\"([^\"]{3,})\"|“([^”]{3,})”|«\s*([^»]{3,}?)\s*»|„([^“”]{3,})[“”]|「([^」]{2,})」")
_BULLET_RE = re.compile(r"\s*(?:[-*•]|\d{1,3}[.)])\s+")
# Small numbers are often spelled out ("only three players", "ninth grade"): a source that spells one
# out states the claim's digits. Cardinals and ordinals 2 to 12 (en fr de es); not 1, whose words are
# also articles and pronouns ("one", "un", "ein"), nor words with another common sense ("once", "sept").
_NUMBER_WORDS = {
    word: str(n)
    for n, words in enumerate(
        (
            "two second deux deuxième second seconde zwei zweite dos segundo segunda",
            "three third trois troisième drei dritte tres tercero tercera tercer",
            "four fourth quatre quatrième vier vierte cuatro cuarto cuarta",
            "five fifth cinq cinquième fünf fünfte cinco quinto quinta",
            "six sixth sixième sechs sechste seis sexto sexta",
            "seven seventh septième sieben siebte siete séptimo séptima",
            "eight eighth huit huitième acht achte ocho octavo octava",
            "nine ninth neuf neuvième neun neunte nueve noveno novena",
            "ten tenth dix dixième zehn zehnte diez décimo décima",
            "eleven eleventh onze onzième elf elfte",
            "twelve twelfth douze douzième zwölf zwölfte doce duodécimo",
        ),
        start=2,
    )
    for stem in words.split()
    # German ordinals decline: "der dritte", "im dritten", "ein dritter".
    for word in (stem, *(stem + end for end in ("n", "r", "s", "m") if stem.endswith("te")))
}


# ---------------------------------------------------------------------------
# Pure functions
# ---------------------------------------------------------------------------


def _normalize(text: str) -> str:
    return unicodedata.normalize("NFKC", text).casefold()


def _number(raw: str) -> str:
    digits = re.sub(r"[ \u00a0\u202f\u2009]", "", raw)
    seps = re.findall(r"[.,]", digits)
    # Two kinds of mark ("1,000.5", "1.000,5"): the first groups thousands, the last is decimal.
    # One kind before groups of exactly three digits ("1,000", "1.000.000") groups thousands;
    # otherwise it is a decimal mark ("1,5", "3.14").
    if len(seps) > 1 and len(set(seps)) == 2:
        group, decimal = seps[0], seps[-1]
        digits = digits.replace(group, "").replace(decimal, ".")
    elif seps and re.fullmatch(r"\d{1,3}(?:[.,]\d{3})+", digits):
        digits = digits.replace(seps[0], "")
    else:
        digits = digits.replace(",", ".")
    whole, _, frac = digits.partition(".")
    # Digits of any script read alike; no int(): it has a length limit and absurd inputs exist.
    whole = "".join(str(unicodedata.digit(c, 0)) for c in whole).lstrip("0") or "0"
    frac = "".join(str(unicodedata.digit(c, 0)) for c in frac)
    frac = frac.rstrip("0")
    return f"{whole}.{frac}" if frac else whole


def _full_year_span(m: re.Match[str]) -> str:
    century, first, dash, second = m.groups()
    century = str(int(century) + 1) if second < first else century
    return f"{m.group(1)}{first}{dash}{century}{second}"


def tokens(text: str) -> list[str]:
    """Normalized tokens: numbers canonical, words casefolded, space-less scripts as bigrams."""
    out: list[str] = []
    text = _YEAR_SPAN_RE.sub(_full_year_span, _normalize(text))
    for match in _TOKEN_RE.finditer(text):
        tok = match.group(0)
        if tok[0].isdigit():
            out.append(_number(tok))
        elif tok[0] >= "\u0e00" and _NOSPACE_RE.match(tok):  # cheap test first: most words are below
            out.extend(tok[i : i + 2] for i in range(max(1, len(tok) - 1)))
        else:
            out.append(tok)
    return out


def quantities(text: str) -> list[tuple[str, str, bool]]:
    """(number, unit, apart) of each number in ``text``: the unit "" when none is written next to it,
    ``apart`` when the unit is a word after a space, which may just be the next word ("2017 to")."""
    out = []
    for m in _QUANTITY_RE.finditer(_normalize(text)):
        unit = m.group(1) or (m.group(4) or "")
        apart = not m.group(1) and unit[:1].isalpha() and bool(m.group(3))
        out.append((_number(m.group(2)), unit.replace(" ", "").replace("\u00a0", ""), apart))
    return out


def _abbreviated(text: str, end: int) -> bool:
    """Whether the period ending at ``end`` closes a title or an initial inside a name ("Mr. Borker",
    "Arthur M. Sackler"), not a sentence: the next word is a name, written with a capital."""
    nxt = text[end : end + 3].lstrip()
    return nxt[:1].isupper() and any(
        m.end() == end for m in _ABBREVIATION_RE.finditer(text, max(0, end - 6), end)
    )


def split_sentences(text: str) -> list[tuple[int, int]]:
    """[start, end) spans of the sentences of ``text``, trimmed of surrounding whitespace; a period
    after a title or an initial does not end one ("Mr. Borker", "Arthur M. Sackler")."""
    spans: list[tuple[int, int]] = []
    cut = 0
    ends = [m.end() for m in _SENTENCE_END_RE.finditer(text) if not _abbreviated(text, m.end())]
    for end in [*ends, len(text)]:
        start, stop = cut, end
        cut = end
        while start < stop and text[start].isspace():
            start += 1
        while stop > start and text[stop - 1].isspace():
            stop -= 1
        # Unpunctuated walls of text still yield evidence of readable size.
        while stop - start > MAX_SENTENCE_CHARS:
            split = text.rfind(" ", start, start + MAX_SENTENCE_CHARS)
            split = split if split > start else start + MAX_SENTENCE_CHARS
            spans.append((start, split))
            start = split + (text[split : split + 1] == " ")
        if stop > start and any(c.isalnum() for c in text[start:stop]):
            spans.append((start, stop))
    return spans


def claim_span(text: str, marker_start: int, lower: int = 0) -> tuple[int, int]:
    """[start, end) of the claim a marker at ``marker_start`` cites, looking only backwards.

    The claim starts after the last sentence end, newline, list bullet, or ``lower`` (the caller
    passes the end of the previous marker group); markers directly before it share its claim.
    """
    lower = max(0, min(lower, marker_start))
    end = marker_start
    head = text[lower:end]
    # Adjacent markers ("[Source 1][Source 2]") share the claim before the first of them.
    while True:
        stripped = head.rstrip()
        m = re.search(r"\[[^\[\]\n]{1,64}\]$", stripped)
        if not m or not _MARKER_RE.fullmatch(m.group(0)):
            break
        head = stripped[: m.start()]
    end = lower + len(head.rstrip())
    # The sentence's own final punctuation belongs to the claim, not before it.
    body_end = end
    while body_end > lower and text[body_end - 1] in ".!?。！？":
        body_end -= 1
    start = lower
    for m in _SENTENCE_END_RE.finditer(text, lower, body_end):
        start = m.end()
    line = text.rfind("\n", lower, body_end)
    start = max(start, line + 1 if line >= 0 else lower)
    bullet = _BULLET_RE.match(text, start, body_end)
    if bullet and (start == 0 or text[start - 1] == "\n"):
        start = bullet.end()
    while start < end and text[start].isspace():
        start += 1
    return (start, end) if start < end else (end, end)


def combine(
    features: tuple[float, ...], penalty: float, failed: bool, weights: tuple[float, ...] | None = None
) -> float:
    """The score: logistic over the features of ``SupportChecker.features`` (first: coverage)."""
    weights = weights or WEIGHTS
    z = weights[0] + sum(w * f for w, f in zip(weights[1:], features, strict=False)) - penalty
    score = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
    # The fitted bias reflects data where every chunk is on topic; a source sharing almost none of
    # the claim's weighted words cannot support it.
    score *= min(1.0, features[0] / MIN_COVERAGE)
    # A number, unit or quotation the source does not state is never "supported".
    return min(score, capped()) if failed else score


def capped() -> float:
    """The highest score a claim may keep when a hard signal failed: below ``HIGH``, always."""
    return min(HARD_CAP, HIGH - CAP_MARGIN)


def is_uncertain(score: float) -> bool:
    """True when a lexical score is too close to call and worth an LLM judge's look."""
    return UNCERTAIN_LOW <= score < UNCERTAIN_HIGH


#: Every verdict, weakest first: ``contradicted`` when the evidence states the claim with one element
#: flipped (a negation, number, name or direction word), else by score.
VERDICTS = ("contradicted", "unsupported", "partial", "supported")


def verdict_for(score: float) -> str:
    return "supported" if score >= HIGH else "unsupported" if score < LOW else "partial"


# ---------------------------------------------------------------------------
# Alignment: where claim and evidence say the same thing, and where one element differs
# ---------------------------------------------------------------------------

#: A token with its offsets in the text it came from and whether it is written with a capital.
Tok = tuple[str, int, int, bool]
#: A gap may differ from its counterpart by this many tokens and still be a substitution; a longer
#: gap on one side is an inserted clause ("X, which was not contested, won"), not a flip.
GAP_SLACK = 3
#: How far before (after) the first (last) aligned word an evidence sentence is read for a flip.
EDGE_SLACK = 2
#: Conflict kinds: a negation on one side only; a number, date or amount; a name; a direction word.
CONFLICT_KINDS = ("negation", "number", "name", "direction")


@dataclass(frozen=True)
class Conflict:
    """One element the evidence states differently: the words that differ on each side, and where
    the source's are in its ``text``."""

    kind: str
    claim_text: str
    source_text: str
    source_start: int
    source_end: int


def token_spans(text: str, start: int = 0, end: int | None = None) -> list[Tok]:
    """The tokens of ``text[start:end]`` as :func:`tokens` reads them, with offsets in ``text``.

    >>> [(t, text[a:b], cap) for text in ["Köln, 2018–19"] for t, a, b, cap in token_spans(text)]
    [('köln', 'Köln', True), ('2018', '2018', False), ('2019', '19', False)]
    """
    end = len(text) if end is None else end
    years = {}
    for m in _YEAR_SPAN_RE.finditer(text, start, end):
        century, first, _, second = m.groups()
        years[m.start(4)] = (str(int(century) + 1) if second < first else century) + second
    out: list[Tok] = []
    for m in _TOKEN_RE.finditer(text, start, end):
        raw, a = m.group(0), m.start()
        if raw[0].isdigit():
            out.append((_number(years.get(a, raw)), a, m.end(), False))
        elif raw[0] >= "\u0e00" and _NOSPACE_RE.match(raw):
            out.extend(
                (_normalize(raw[i : i + 2]), a + i, a + min(i + 2, len(raw)), False)
                for i in range(max(1, len(raw) - 1))
            )
        else:
            out.append((_normalize(raw), a, m.end(), raw[0].isupper()))
    return out


def negation_cues(toks: list[Tok], text: str) -> list[bool]:
    """Which tokens negate (``NEGATIONS``, "n't", "ne … pas", negation inside space-less scripts).

    A cue written next to a number is not one ("No. 5", "5 mai"); "ne" and "n'" need a second part.
    """
    flags = []
    for k, (t, a, b, _) in enumerate(toks):
        if t in NEGATIONS:
            after = toks[k + 1][0] if k + 1 < len(toks) else " "
            near_number = after[0].isdigit() or (k > 0 and toks[k - 1][0][0].isdigit())
            # "not only … but also" adds, it does not negate.
            cue = not near_number and after not in NEGATION_BREAKERS
        elif t in ("ne", "n"):
            cue = (t == "ne" or text[b : b + 1] in ("'", "\u2019")) and any(
                n[0] in NE_PARTNERS for n in toks[k + 1 : k + 5]
            )
        elif t[-1:] == "n" and text[b : b + 2] in ("'t", "\u2019t"):
            cue = True  # "doesn't", "can't", "won't"
        else:
            cue = t[0] >= "\u0e00" and any(text.startswith(p, a) for p in NEGATION_PARTS)
        flags.append(cue)
    return flags


def _key(tok: str) -> str:
    return _NUMBER_WORDS.get(tok, tok)


def align(claim: list[Tok], evidence: list[Tok]) -> list[tuple[int, int]]:
    """The longest chain of claim / evidence token pairs that match in the same order.

    Tokens match when equal, when one spells the other's number ("three" / "3"), or by a shared
    prefix of ``PREFIX`` letters ("published" / "publish"). Hunt–Szymanski: the longest increasing
    run over the matching pairs, O(pairs · log).
    """
    exact: dict[str, list[int]] = {}
    prefix: dict[str, list[int]] = {}
    for j, (t, *_) in enumerate(evidence):
        exact.setdefault(_key(t), []).append(j)
        if len(t) >= PREFIX and not t[0].isdigit():
            prefix.setdefault(t[:PREFIX], []).append(j)
    tails: list[int] = []  # the smallest evidence index ending a chain of each length
    ends: list[int] = []  # the pair ending it
    pairs: list[tuple[int, int, int]] = []  # (claim index, evidence index, previous pair)
    for i, (t, *_) in enumerate(claim):
        found = set(exact.get(_key(t), ()))
        if len(t) >= PREFIX and not t[0].isdigit():
            found.update(prefix.get(t[:PREFIX], ()))
        for j in sorted(found, reverse=True):  # descending: one pair per claim token in a chain
            k = bisect_left(tails, j)
            pairs.append((i, j, ends[k - 1] if k else -1))
            if k == len(tails):
                tails.append(j)
                ends.append(len(pairs) - 1)
            else:
                tails[k], ends[k] = j, len(pairs) - 1
    chain = []
    at = ends[-1] if ends else -1
    while at >= 0:
        i, j, at = pairs[at]
        chain.append((i, j))
    chain.reverse()
    # Of equally long chains, keep the tight one: a repeated word ("the") pairs with its last
    # occurrence before the next aligned word, so that a flip faces its counterpart ("the first
    # person" / "the last person"), not the whole clause since the first "the".
    for k in range(len(chain) - 1, -1, -1):
        i, j = chain[k]
        upper = chain[k + 1][1] if k + 1 < len(chain) else len(evidence)
        t = claim[i][0]
        j = max((x for x in exact.get(_key(t), ()) if j <= x < upper), default=j)
        chain[k] = (i, j)
    return chain


@dataclass(frozen=True)
class _Gap:
    """Claim tokens [ca, cb) facing evidence tokens [ea, eb) between two aligned pairs (``where`` is
    "lead" or "trail" before the first or after the last one, else "inner")."""

    where: str
    ca: int
    cb: int
    ea: int
    eb: int
    before: int  # index in the chain of the aligned pair before the gap (-1: none)


def _gaps(chain: list[tuple[int, int]], n_claim: int, n_evidence: int) -> list[_Gap]:
    (i0, j0), (i1, j1) = chain[0], chain[-1]
    gaps = [_Gap("lead", 0, i0, max(0, j0 - i0 - EDGE_SLACK), j0, -1)]
    for k, ((a, b), (c, d)) in enumerate(pairwise(chain)):
        if c > a + 1 or d > b + 1:
            gaps.append(_Gap("inner", a + 1, c, b + 1, d, k))
    trail = n_claim - i1 - 1
    gaps.append(
        _Gap("trail", i1 + 1, n_claim, j1 + 1, min(n_evidence, j1 + 1 + trail + EDGE_SLACK), len(chain) - 1)
    )
    return gaps


def _follows(chain: list[tuple[int, int]], k: int, within: int = 1) -> bool:
    """Whether the ``k``-th aligned pair comes right after the one before it (``within`` words), in
    both texts."""
    return 0 < k < len(chain) and all(0 < chain[k][s] - chain[k - 1][s] <= within for s in (0, 1))


def _phrase(chain: list[tuple[int, int]], gap: _Gap) -> bool:
    """Whether two aligned words, in a row or one word apart in both texts, stand right before or
    right after the gap."""
    return _follows(chain, gap.before, 2) or _follows(chain, gap.before + 2, 2)


def _dated(tok: str, cap: bool = True) -> bool:
    """A number, or a month or day name: what a number, date or amount is written with ("may" in lower
    case is no month: ``CALENDAR_HOMONYMS``)."""
    return tok[0].isdigit() or (tok in CALENDAR_WORDS and (cap or tok not in CALENDAR_HOMONYMS))


def _date_kind(tok: str) -> str:
    if tok in CALENDAR_WORDS:
        return "calendar"
    return "year" if len(tok) == 4 and tok.isdigit() and "1000" <= tok <= "2100" else "number"


def _glued(word: str, others: set[str]) -> bool:
    """Whether ``word`` holds one of ``others`` joined to another word that lost the space between
    them ("HagueMerry" in text scraped from a page, facing "Merry"): the same name, not another one."""
    cuts = [0, *(i for i in range(1, len(word)) if word[i].isupper() and word[i - 1].islower()), len(word)]
    return len(cuts) > 2 and any(_normalize(word[a:b]) in others for a, b in pairwise(cuts))


def _tight(gap: _Gap, a: int, b: int, c: int, d: int) -> bool:
    """Whether claim tokens [a, b] and evidence tokens [c, d] fill the same slot of the gap: next to
    the aligned word that bounds it (at its edges), or filling all of it but a word (inside)."""
    if gap.where == "lead":
        return b == gap.cb - 1 and d == gap.eb - 1
    if gap.where == "trail":
        return a == gap.ca and c == gap.ea
    return (gap.cb - gap.ca) - (b - a) <= 2 and (gap.eb - gap.ea) - (d - c) <= 2


def _run(toks: list[Tok], first: int, keep: Callable[[int], bool], stop: int) -> int:
    """The last index of the run of tokens ``keep`` accepts from ``first`` on (before ``stop``)."""
    last = first
    while last + 1 < stop and keep(last + 1):
        last += 1
    return last


class Aligned:
    """A claim aligned with one evidence sentence: its flips, and its negations with no counterpart.

    ``claim_names`` / ``evidence_names`` say which tokens are names; ``claim_absent`` which claim
    tokens no evidence sentence holds (a flip needs the claim's word to be missing from the evidence,
    or it is merely said twice); ``sentence_absent``, when given, tests a number or name against this
    sentence alone (the caller then checks that the sentence says all the rest).
    """

    def __init__(
        self,
        claim: list[Tok],
        claim_text: str,
        claim_cues: list[bool],
        evidence: list[Tok],
        source_text: str,
        evidence_names: list[bool],
        claim_names: list[bool],
        claim_absent: Callable[[str], bool],
        sentence_absent: Callable[[str], bool] | None = None,
    ) -> None:
        self.conflicts: list[tuple[Conflict, frozenset[str]]] = []
        #: Claim tokens that negate and face no negation in the evidence / face one.
        self.unmatched: set[int] = set()
        self.matched: set[int] = set()
        #: The evidence restricts the claim with a number or name where the claim says something else.
        self.restricted = False
        chain = align(claim, evidence)
        if not chain:
            return  # the sentence says nothing of the claim, its negations included
        self._claim, self._evidence, self._chain = claim, evidence, chain
        self._claim_text, self._source_text = claim_text, source_text
        here_absent = sentence_absent or claim_absent
        ev_cues = negation_cues(evidence, source_text)
        ev_words = {_key(t) for t, *_ in evidence}
        claim_words = {_key(t) for t, *_ in claim}
        ev_prefixes = {t[:PREFIX] for t, *_ in evidence if len(t) >= PREFIX and not t[0].isdigit()}

        def stated(cue: int) -> bool:
            """Whether the sentence holds a word the claim's negation ``cue`` negates: one of the next
            few, or the last few when it ends the claim ("hilft nicht", "山ではない"), longer than a
            grammatical word ("not allowed" against "allowed", not "are against")."""
            scope = (
                range(cue + 1, min(cue + 4, len(claim)))
                if cue + 1 < len(claim)
                else range(max(0, cue - 3), cue)
            )
            return any(
                not claim_cues[k]
                and (len(tok) > 2 or _NOSPACE_RE.match(tok) is not None)
                and (_key(tok) in ev_words or (len(tok) >= PREFIX and tok[:PREFIX] in ev_prefixes))
                for k in scope
                for tok in (claim[k][0],)
            )

        # A claim's negation is matched by one it is aligned with together with the word it negates
        # (the next one, "not the"; the one before when it ends the claim, "hilft nicht"), or by one
        # facing it in a gap that a phrase bounds; one elsewhere in the sentence ("did not [indicate]"
        # against "did not [conclude]") is about something else: then it is a flip only where the
        # sentence states what it negates.
        for k, (i, _) in enumerate(chain):
            if claim_cues[i] and (_follows(chain, k + 1) or (_follows(chain, k) and i == len(claim) - 1)):
                self.matched.add(i)
            elif claim_cues[i] and stated(i):
                self.unmatched.add(i)
        for gap in _gaps(chain, len(claim), len(evidence)):
            cl, ev = range(gap.ca, gap.cb), range(gap.ea, gap.eb)
            substitution = abs(len(cl) - len(ev)) <= GAP_SLACK
            c_cue = [k for k in cl if claim_cues[k]]
            e_cue = [k for k in ev if ev_cues[k]]
            # A flip sits in a sentence that says the rest alike: two aligned words in a row next to it.
            phrase = _phrase(chain, gap)
            if c_cue and e_cue and phrase:
                self.matched.update(c_cue)
            elif c_cue:
                # Inside the aligned words, it faces what the evidence says there; after them, it is a
                # flip only where the sentence states what it negates.
                self.unmatched.update(k for k in c_cue if gap.where != "trail" or stated(k))
            if not phrase:
                continue
            if bool(c_cue) != bool(e_cue) and gap.where != "trail":
                side = cl if c_cue else ev
                if len(side) <= len(ev if c_cue else cl) + GAP_SLACK:
                    self._negation(gap, c_cue, e_cue)
            if not substitution or not cl or not ev:
                continue
            # A number, name or direction word of the claim that the evidence does not hold, facing
            # one of the same kind that the claim does not hold.
            for kind, mine, theirs in (
                (
                    "number",
                    lambda k: _dated(claim[k][0], claim[k][3]) and here_absent(claim[k][0]),
                    lambda k: (
                        _dated(evidence[k][0], evidence[k][3]) and _key(evidence[k][0]) not in claim_words
                    ),
                ),
                (
                    "name",
                    lambda k: claim_names[k] and here_absent(claim[k][0]),
                    lambda k: evidence_names[k] and evidence[k][0] not in claim_words,
                ),
                (
                    "direction",
                    lambda k: claim[k][0] in DIRECTIONS and claim[k][0] not in ev_words,
                    lambda k: evidence[k][0] in DIRECTIONS and evidence[k][0] not in claim_words,
                ),
            ):
                a = next((k for k in cl if mine(k)), None)
                c = next((k for k in ev if theirs(k)), None)
                if a is None or c is None:
                    continue
                b, d = _run(claim, a, mine, gap.cb), _run(evidence, c, theirs, gap.eb)
                if kind == "direction":
                    b, d = a, c
                    if not opposite(claim[a][0], evidence[c][0]):
                        continue
                elif kind == "number" and _date_kind(claim[a][0]) != _date_kind(evidence[c][0]):
                    continue  # "in 2019" facing "20-year-old", "in May" facing "on the 5th": not the same role
                elif kind == "name" and any(
                    _glued(
                        source_text[evidence[j][1] : evidence[j][2]], {claim[i][0] for i in range(a, b + 1)}
                    )
                    for j in range(c, d + 1)
                ):
                    continue
                if _tight(gap, a, b, c, d):
                    self._add(kind, a, b, c, d)
            # A bound said otherwise: the evidence holds a number with a comparison in this slot
            # ("in adults over 50"), the claim words of its own there ("in children"). Not a flip to
            # name, but not what the source says.
            bound = range(gap.ea, min(len(evidence), gap.ea + 5)) if gap.where == "trail" else ev
            if (
                len(cl) <= 3
                and all(_key(claim[k][0]) not in ev_words and not claim[k][0][0].isdigit() for k in cl)
                and any(evidence[k][0][0].isdigit() for k in bound)
                and any(evidence[k][0] in DIRECTIONS for k in bound)
            ):
                self.restricted = True

    def _add(self, kind: str, a: int, b: int, c: int, d: int) -> None:
        claim, evidence = self._claim, self._evidence
        words = frozenset(claim[k][0] for k in range(a, b + 1)) if b >= a else frozenset()
        claim_text = self._claim_text[claim[a][1] : claim[b][2]] if b >= a else ""
        start, end = evidence[c][1], evidence[d][2]
        self.conflicts.append((Conflict(kind, claim_text, self._source_text[start:end], start, end), words))

    def _negation(self, gap: _Gap, c_cue: list[int], e_cue: list[int]) -> None:
        """A negation on one side, in words a reader follows: from the cue (and an auxiliary written
        in lower case right before it, as in "should not"; inside the sentence, a verb aligned right
        before the gap: "is not"), through two aligned words after it or up to a word of five letters
        ("not be given", "is not the capital"); the other side the same, with the last word of its own
        gap ("can be given")."""
        chain, claim, evidence = self._chain, self._claim, self._evidence
        cues = c_cue or e_cue
        side, text = (claim, self._claim_text) if c_cue else (evidence, self._source_text)
        first = gap.ca if c_cue else gap.ea
        before = cues[0] - 1
        lo = before if before >= first and text[side[before][1]].islower() else cues[0]
        keep = max(1, cues[0] - lo)  # words of the other side's gap kept before the aligned words
        c_lo = lo if c_cue else max(gap.ca, gap.cb - keep)
        e_lo = lo if e_cue else max(gap.ea, gap.eb - keep)
        anchor = chain[gap.before] if gap.where == "inner" else None
        if anchor and self._claim_text[claim[anchor[0]][1]].islower():  # a verb ("is not"), not a subject
            c_lo, e_lo = anchor
        last = gap.before + 1
        while (
            (last == gap.before + 1 or len(claim[chain[last][0]][0]) < 5)
            and last < gap.before + 4
            and _follows(chain, last + 1, 2)
        ):
            last += 1
        c_hi, e_hi = chain[last]
        c_lo, e_lo = min(c_lo, c_hi), min(e_lo, e_hi)
        start, end = evidence[e_lo][1], evidence[e_hi][2]
        conflict = Conflict(
            "negation",
            self._claim_text[claim[c_lo][1] : claim[c_hi][2]],
            self._source_text[start:end],
            start,
            end,
        )
        self.conflicts.append((conflict, frozenset(claim[k][0] for k in c_cue)))


# ---------------------------------------------------------------------------
# The checker
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Evidence:
    start: int
    end: int
    text: str


@dataclass(frozen=True)
class Judgement:
    verdict: str
    score: float
    evidence: tuple[Evidence, ...] = ()
    better_source: int | None = None
    #: For ``contradicted``: the element the evidence states differently.
    conflict: Conflict | None = None

    @property
    def uncertain(self) -> bool:
        return is_uncertain(self.score)


@dataclass
class _Source:
    """One presented source, tokenized once: sentence spans and what the scorer looks up."""

    text: str
    spans: list[tuple[int, int]]
    postings: dict[str, list[int]]  # word -> sentences holding it
    prefix_postings: dict[str, list[int]]
    flat: str  # the whole text as " tok tok ... ", for word-for-word quote checks
    units: dict[str, set[tuple[str, bool]]]  # number -> (unit, apart) written next to it (see quantities)
    sentence_tokens: dict[int, list[Tok]]  # filled as sentences are aligned
    poles: dict[tuple[str, int], list[int]] | None = None  # see ``directions``

    @classmethod
    def build(cls, text: str) -> _Source:
        spans = split_sentences(text)
        postings: dict[str, list[int]] = {}
        prefix_postings: dict[str, list[int]] = {}
        flat = []
        for k, (a, b) in enumerate(spans):
            toks = tokens(text[a:b])
            flat += toks
            words = set(toks)
            words |= {_NUMBER_WORDS[w] for w in words if w in _NUMBER_WORDS}
            for w in words:
                postings.setdefault(w, []).append(k)
            for p in {w[:PREFIX] for w in words if len(w) >= PREFIX and not w[0].isdigit()}:
                prefix_postings.setdefault(p, []).append(k)
        units: dict[str, set[tuple[str, bool]]] = {}
        for number, unit, apart in quantities(text):
            units.setdefault(number, set()).add((unit, apart))
        return cls(text, spans, postings, prefix_postings, f" {' '.join(flat)} ", units, {})

    def directions(self) -> dict[tuple[str, int], list[int]]:
        """The direction poles its words sit on (``DIRECTIONS``), each with the sentences that hold one."""
        if self.poles is None:
            self.poles = {}
            for word, where in self.postings.items():
                for pole in DIRECTIONS.get(word, ()):
                    self.poles.setdefault(pole, []).extend(where)
        return self.poles

    def sentence(self, k: int) -> list[Tok]:
        if k not in self.sentence_tokens:
            self.sentence_tokens[k] = token_spans(self.text, *self.spans[k])
        return self.sentence_tokens[k]


@dataclass(frozen=True)
class Claim:
    """A claim tokenized and weighted against one checker's sources (see ``SupportChecker.parse``)."""

    vocab: list[str]
    weights: list[float]
    # Bit masks over vocab. Names and numbers survive paraphrase, so their absence is telling.
    hard: int
    numbers: int
    absent: int  # in no presented sentence at all
    names: list[int]  # each name (a run of words): one no evidence sentence holds caps the claim
    quotes: list[str]
    quantities: list[tuple[str, str]]  # numbers with a unit
    # For alignment: the claim's text (markers blanked), its tokens with offsets, which negate, and
    # which are names.
    text: str
    spans: list[Tok]
    cues: list[bool]
    span_names: list[bool]


@dataclass(frozen=True)
class _Match:
    """How one source covers a claim: the best sentence, the evidence, coverage by the evidence and
    by up to three sentences, bit masks of the claim words found anywhere in the source (exactly /
    by prefix) and in the evidence, and the claim's weighted coverage function."""

    best: int
    picked: tuple[int, ...]
    cov: float
    cov3: float
    found: int
    found_soft: int
    in_evidence: int
    in_evidence_soft: int
    coverage: Callable[[int, int], float]


class SupportChecker:
    """Judges claims against a fixed set of presented sources; build once per answer."""

    def __init__(self, sources: dict[int, str]) -> None:
        self.texts: dict[int, str] = {}
        for sid, text in dict(sources or {}).items():
            try:
                self.texts[int(sid)] = text if isinstance(text, str) else ""
            except (TypeError, ValueError):
                continue
        self._sources = {sid: _Source.build(text) for sid, text in self.texts.items()}
        # Document frequency over all presented sentences: a word every source repeats says little.
        self._df: dict[str, int] = {}
        for source in self._sources.values():
            for word, where in source.postings.items():
                self._df[word] = self._df.get(word, 0) + len(where)
        self._n = sum(len(s.spans) for s in self._sources.values())
        self._not_units: set[str] | None = None  # short words seen without a number before them
        self._common: dict[str, bool] = {}  # capitalized words, by their lower case: written so somewhere?
        self._joined: str | None = None  # every source's text, for those look-ups
        self._last: tuple[str, Claim | None, dict[int, Judgement]] | None = None
        # Per parsed claim, each source's match (``_match``): ``features`` compares a source with the rest.
        self._matches: tuple[Claim | None, dict[int, _Match]] = (None, {})
        self._together: tuple[Claim | None, tuple[int, int, list[tuple[int, float]]]] = (None, (0, 0, []))
        self._flips: tuple[Claim | None, dict[int, tuple[list[tuple[Conflict, frozenset[str]]], bool]]] = (
            None,
            {},
        )
        #: Sentences scored so far (a work counter for tests and benchmarks).
        self.sentences_scored = 0

    def check_all(self, claim: str) -> dict[int, Judgement]:
        """Judge ``claim`` against every presented source, once: ``{source id: judgement}``."""
        parsed, judged = self._claim(claim)
        for sid in self._sources:
            self._judged(parsed, judged, sid)
        return {sid: replace(j, better_source=self._better(parsed, judged, sid)) for sid, j in judged.items()}

    def check(self, claim: str, source_id: int) -> Judgement:
        """Judge ``claim`` against source ``source_id``, suggesting a clearly better source if any."""
        parsed, judged = self._claim(claim)
        if source_id not in self._sources:
            return Judgement("unsupported", 0.0)
        own = self._judged(parsed, judged, source_id)
        return replace(own, better_source=self._better(parsed, judged, source_id))

    def best_source(self, claim: str) -> tuple[int | None, float]:
        """The source that supports ``claim`` best, with no conflict, and its lead over the next best
        source's score: ``(None, 0.0)`` when no source supports it."""
        ranked = sorted(self.check_all(claim).items(), key=lambda item: (-item[1].score, item[0]))
        if not ranked or ranked[0][1].verdict != "supported":
            return None, 0.0
        runner_up = ranked[1][1].score if len(ranked) > 1 else 0.0
        return ranked[0][0], round(ranked[0][1].score - runner_up, 4)

    def ranked(self, claim: str) -> list[tuple[int, float]]:
        """Every presented source with its score before flips are looked for, best first: cheap, and
        never below the score of its verdict, so it tells which sources could win (``core/uncited.py``)."""
        parsed, _ = self._claim(claim)
        if parsed is None:
            return [(sid, 0.0) for sid in self._sources]
        return sorted(((sid, self._raw(parsed, sid)) for sid in self._sources), key=lambda p: (-p[1], p[0]))

    def _claim(self, claim: object) -> tuple[Claim | None, dict[int, Judgement]]:
        """The parsed claim and the judgements made of it so far (adjacent markers share a claim)."""
        claim = claim if isinstance(claim, str) else ""
        if self._last is None or self._last[0] != claim:
            self._last = (claim, self.parse(claim), {})
        return self._last[1], self._last[2]

    def _judged(self, claim: Claim | None, judged: dict[int, Judgement], source_id: int) -> Judgement:
        if source_id not in judged:
            judged[source_id] = self.judge(claim, source_id)
        return judged[source_id]

    def _better(self, claim: Claim | None, judged: dict[int, Judgement], source_id: int) -> int | None:
        """Another source whose verdict scores clearly higher. Flips only lower a score, so sources are
        judged in full only while their score before flips could still win."""
        own = judged[source_id]
        if own.score >= HIGH or claim is None:
            return None
        best: tuple[float, int] | None = None
        for raw, sid in sorted((-self._raw(claim, sid), sid) for sid in self._sources if sid != source_id):
            if -raw < own.score + BETTER_MARGIN or (best and -raw <= best[0]):
                break
            score = self._judged(claim, judged, sid).score
            if score >= own.score + BETTER_MARGIN and (best is None or score > best[0]):
                best = (score, sid)
        return best[1] if best else None

    def _raw(self, claim: Claim, source_id: int) -> float:
        """A source's score before flips are looked for: never below its verdict's score."""
        found = self.features(claim, source_id)
        return combine(found[0], found[2], found[3]) if found else 0.0

    def is_unit(self, word: str) -> bool:
        """Whether a short word written after a number is a unit ("100 km") rather than just the
        next word ("2017 to"): in the presented sources it follows a number every time it occurs."""
        if self._not_units is None:
            # One pass over the sources' tokens, so each look-up costs nothing however many
            # different words an answer writes after its numbers.
            self._not_units = set()
            for source in self._sources.values():
                toks = source.flat.split()
                self._not_units.update(
                    t for i, t in enumerate(toks) if len(t) <= 3 and not (i and toks[i - 1][0].isdigit())
                )
        return word not in self._not_units

    def is_common(self, word: str) -> bool:
        """Whether a word written with a capital is also written in lower case in a presented
        source: then a capital at the start of a sentence does not make it a name ("The", "Aspirin")."""
        lower = word.lower()
        if lower not in self._common:
            if self._joined is None:
                self._joined = "\n".join(self.texts.values())
            # A handful of look-ups per claim: one search each beats reading every word up front.
            text, at, found = self._joined, self._joined.find(lower), False
            while at >= 0 and not found:
                end = at + len(lower)
                found = not (at and text[at - 1].isalnum()) and not (end < len(text) and text[end].isalnum())
                at = text.find(lower, at + 1)
            self._common[lower] = found
        return self._common[lower]

    def _unit(self, unit: str, apart: bool) -> str:
        """A unit as ``quantities`` wrote it, or "" when it is just the word after the number."""
        return unit if not apart or self.is_unit(unit) else ""

    def _is_name(self, toks: list[Tok], k: int, text: str) -> bool:
        """A name: written with a capital, two letters or more; at the start of a sentence only when it
        is no sentence opener (``SENTENCE_OPENER_WORDS``), no comma follows ("Overall, …") and no source writes it
        in lower case."""
        word, _, end, cap = toks[k]
        if not cap or len(word) < 2 or word[0].isdigit() or word in CALENDAR_WORDS or word in _NUMBER_WORDS:
            return False
        return k > 0 or (
            word not in SENTENCE_OPENER_WORDS
            and text[end : end + 1] != ","
            and not self.is_common(text[toks[k][1] : end])
        )

    def _name_runs(self, text: str, spans: list[Tok], names: list[bool], index: dict[str, int]) -> list[int]:
        """Bit masks (over the claim's vocabulary) of each name inside the claim: a run of name words
        with only spaces, hyphens, apostrophes or periods between them ("Prince Harry", "Jean-Luc", not
        "Calgary, Alberta"); the claim's first word
        is left out, since it may just open the sentence. A name counts as held when the evidence holds
        one of its words that the sources never write in lower case ("Hamamatsu", not "Air", "The")."""
        runs: list[list[int]] = []
        for k, ((t, start, _, _), name) in enumerate(zip(spans, names, strict=False)):
            # The first word may just open the sentence ("Instead", "During"): a name only when it is
            # no sentence opener, no presented source holds it at all, and what follows is no noun
            # phrase ("Staring at the…", "Season 1…") but, as after a subject, a verb.
            if not name or t not in index or (not k and (t in SENTENCE_OPENER_WORDS or t in self._df)):
                continue
            if (
                not k
                and len(spans) > 1
                and (spans[1][0] in NOUN_PHRASE_START_WORDS or spans[1][0][0].isdigit())
            ):
                continue
            if runs and runs[-1][-1] == k - 1 and not text[spans[k - 1][2] : start].strip(" -\u2010'\u2019."):
                runs[-1].append(k)
            else:
                runs.append([k])
        masks = []
        for run in runs:
            telling = [k for k in run if not self.is_common(text[spans[k][1] : spans[k][2]])] or run
            masks.append(sum({1 << index[spans[k][0]] for k in telling}))
        return masks

    def parse(self, claim: str) -> Claim | None:
        """Tokens and weights of a claim (None when it has no words); markers in it are ignored."""
        # Markers become spaces of their own length, so offsets in the claim hold.
        claim = _MARKER_RE.sub(lambda m: " " * len(m.group(0)), claim)
        vocab = list(dict.fromkeys(tokens(claim)))[:MAX_CLAIM_TOKENS]
        if not vocab:
            return None
        index = {t: i for i, t in enumerate(vocab)}
        # Aligned word by word: a claim runs to a sentence or two, and a wall of text is cut short.
        spans = token_spans(claim)[: 4 * MAX_CLAIM_TOKENS]
        span_names = [self._is_name(spans, k, claim) for k in range(len(spans))]
        caps = {
            _normalize(m.group(0))
            for m in re.finditer(r"[^\W\d_]+", unicodedata.normalize("NFKC", claim))
            if m.start() > 0 and m.group(0)[0].isupper()
        }

        def mask(keep: Callable[[str], bool]) -> int:
            return sum(1 << i for i, t in enumerate(vocab) if keep(t))

        return Claim(
            vocab,
            [
                math.log((self._n + 1) / (self._df.get(t, 0) + 0.5))
                # IDF over a handful of sentences cannot tell "en" from "Paris"; in spaced scripts
                # the shortest words are mostly grammatical, so they count for less.
                * (SHORT_WORD_WEIGHT if len(t) <= 2 and t.isalpha() and t[0] < "\u0e00" else 1.0)
                for t in vocab
            ],
            mask(lambda t: _dated(t, t in caps) or t in caps),
            # A month or day is part of a date: one the source does not state fails like a number.
            mask(lambda t: _dated(t, t in caps)),
            mask(lambda t: t not in self._df),
            self._name_runs(claim, spans, span_names, index),
            [
                " ".join(tokens(piece))
                for q in _QUOTE_RE.finditer(_normalize(claim))
                # An ellipsis marks words left out: each piece around it must still be verbatim.
                for piece in re.split(r"\[?(?:\.\.\.|…)\]?", next(g for g in q.groups() if g))
                if tokens(piece)
            ],
            [(n, u) for n, u, apart in quantities(claim) if self._unit(u, apart)],
            claim,
            spans,
            negation_cues(spans, claim),
            span_names,
        )

    def judge(self, claim: Claim | None, source_id: int) -> Judgement:
        """The verdict on a parsed claim by one source (no ``better_source``: see :meth:`check_all`)."""
        found = self.features(claim, source_id)
        if claim is None or found is None:
            return Judgement("unsupported", 0.0)
        features, picked, penalty, failed = found
        score = combine(features, penalty, failed)
        source = self._sources[source_id]
        conflict = None
        conflicts, flipped = self.flips(claim, source_id)
        for candidate, words in conflicts:
            # Contradicted: with the differing element put right, the evidence would support it.
            assume = sum(1 << i for i, t in enumerate(claim.vocab) if t in words)
            again = self.features(claim, source_id, assume)
            if again is not None and combine(again[0], again[2], again[3]) >= HIGH:
                conflict = candidate
                break
        if flipped:
            score = min(score, capped())
        evidence = tuple(Evidence(a, b, source.text[a:b]) for a, b in (source.spans[k] for k in picked))
        verdict = "contradicted" if conflict else verdict_for(score)
        return Judgement(verdict, round(score, 4), evidence, None, conflict)

    def flips(self, claim: Claim, source_id: int) -> tuple[list[tuple[Conflict, frozenset[str]]], bool]:
        """The elements one source's evidence states differently from the claim (each with the claim
        words it concerns), and whether anything is flipped at all (a conflict, a negation of the claim
        that faces none, a restriction said otherwise): then the source does not say the claim.
        Computed once per claim."""
        if self._flips[0] is not claim:
            self._flips = (claim, {})
        if source_id not in self._flips[1]:
            m = self._match(claim, source_id)
            found: tuple[list[tuple[Conflict, frozenset[str]]], bool] = ([], False)
            # A source that shares little with the claim states nothing of it; words no source holds
            # (a swapped name, say) count as shared here, or a long name put in would hide its own flip.
            if m.coverage(m.in_evidence | claim.absent, m.in_evidence_soft) >= MIN_COVERAGE:
                source = self._sources[source_id]
                conflicts, unmatched, restricted = self._conflicts(claim, source, m)
                reversed_ = not conflicts and self._reversed(claim, source, m.picked)
                found = (conflicts, bool(conflicts or unmatched or restricted or reversed_))
            self._flips[1][source_id] = found
        return self._flips[1][source_id]

    def _conflicts(
        self, claim: Claim, source: _Source, m: _Match
    ) -> tuple[list[tuple[Conflict, frozenset[str]]], set[int], bool]:
        """Flips between the claim and its evidence sentences; the claim's negation cues that face none
        in any of them; whether the evidence restricts the claim otherwise.

        A number or name of the claim that one evidence sentence states otherwise while another holds
        it ("Smith won in 1994" against "Smith won in 1990. … Jones won in 1994.") is a flip when that
        one sentence, with the element put right, says all the evidence says of the claim: the claim
        then does not join two facts, it moves one."""
        sentences = [source.sentence(k) for k in m.picked]

        def absent_from(toks_of: list[list[Tok]]) -> Callable[[str], bool]:
            words = {_key(t) for toks in toks_of for t, *_ in toks}
            prefixes = {
                t[:PREFIX] for toks in toks_of for t, *_ in toks if len(t) >= PREFIX and not t[0].isdigit()
            }
            return lambda tok: (
                _key(tok) not in words
                and (len(tok) < PREFIX or tok[0].isdigit() or tok[:PREFIX] not in prefixes)
            )

        absent = absent_from(sentences)

        conflicts: list[tuple[Conflict, frozenset[str]]] = []
        unmatched: set[int] = set()
        matched: set[int] = set()
        restricted = False
        for k, toks in zip(m.picked, sentences, strict=True):
            names = [self._is_name(toks, j, source.text) for j in range(len(toks))]
            alone = absent_from([toks]) if len(sentences) > 1 else None
            aligned = Aligned(
                claim.spans, claim.text, claim.cues, toks, source.text, names, claim.span_names, absent, alone
            )
            unmatched |= aligned.unmatched
            matched |= aligned.matched
            for conflict, words in aligned.conflicts:
                if all(absent(w) for w in words) or self._says_all_but(claim, source, k, words, m):
                    conflicts.append((conflict, words))
            restricted = restricted or aligned.restricted
        # A negation of the claim that another evidence sentence matches is not a flip.
        unmatched -= matched
        said = {claim.spans[k][0] for k in matched}
        conflicts = [c for c in conflicts if c[0].kind != "negation" or not (c[1] & said)]
        return conflicts, unmatched, restricted

    @staticmethod
    def _reversed(claim: Claim, source: _Source, picked: tuple[int, ...]) -> bool:
        """Whether the claim holds a direction word that the source never uses while it uses its
        antonym near the evidence (``DIRECTION_REACH``: "before" where it says "after", "oldest" where
        it says "youngest"): the claim then says the other way round, even where no slot aligns the
        two words."""
        lo, hi = picked[0] - DIRECTION_REACH, picked[-1] + DIRECTION_REACH
        held = source.directions()
        poles = {pole for pole, where in held.items() if any(lo <= k <= hi for k in where)}
        if not poles:
            return False
        everywhere = held.keys()
        for k, (tok, start, end, cap) in enumerate(claim.spans):
            # "North America", "High School" are names; "low-cost", "long-term" compounds.
            if (
                tok in DIRECTIONS
                and not (k and cap)
                and "-" not in claim.text[start - 1 : start] + claim.text[end : end + 1]
            ):
                for concept, pole in DIRECTIONS[tok]:
                    if (concept, 1 - pole) in poles and (concept, pole) not in everywhere:
                        return True
        return False

    @staticmethod
    def _says_all_but(claim: Claim, source: _Source, k: int, words: frozenset[str], m: _Match) -> bool:
        """Whether sentence ``k`` alone holds every claim word the evidence holds, but ``words``."""
        held = 0
        for i, tok in enumerate(claim.vocab):
            if (
                tok in words
                or k in source.postings.get(tok, ())
                or (
                    len(tok) >= PREFIX
                    and not tok[0].isdigit()
                    and k in source.prefix_postings.get(tok[:PREFIX], ())
                )
            ):
                held |= 1 << i
        return not (m.in_evidence | m.in_evidence_soft) & ~held

    def _all_matches(self, claim: Claim) -> tuple[int, int, list[tuple[int, float]]]:
        """What every presented source holds of the claim together (exactly, by prefix), and the two
        sources that cover it best with their coverage; once per claim."""
        if self._together[0] is not claim:
            union = union_soft = 0
            covs = []
            for sid, source in self._sources.items():
                if source.spans:
                    m = self._match(claim, sid)
                    union, union_soft = union | m.found, union_soft | m.found_soft
                    covs.append((sid, m.cov))
            covs.sort(key=lambda item: -item[1])
            self._together = (claim, (union, union_soft, covs[:2]))
        return self._together[1]

    def _match(self, claim: Claim, source_id: int) -> _Match:
        """How one source covers a parsed claim, computed once per claim and source."""
        if self._matches[0] is not claim:
            self._matches = (claim, {})
        if source_id in self._matches[1]:
            return self._matches[1][source_id]
        source = self._sources[source_id]
        weights = claim.weights
        total = sum(weights) or 1.0
        # Per sentence, bit masks of the claim words it holds exactly / only by a shared prefix;
        # built from postings so the work follows the matches, not the length of the source.
        exact: dict[int, int] = {}
        soft: dict[int, int] = {}
        for i, tok in enumerate(claim.vocab):
            for k in source.postings.get(tok, ()):
                exact[k] = exact.get(k, 0) | 1 << i
            if len(tok) >= PREFIX and not tok[0].isdigit():
                for k in source.prefix_postings.get(tok[:PREFIX], ()):
                    soft[k] = soft.get(k, 0) | 1 << i

        def coverage(e: int, s: int) -> float:
            got, only_soft = 0.0, s & ~e
            for bits, credit in ((e, 1.0), (only_soft, SOFT_CREDIT)):
                while bits:
                    low = bits & -bits
                    got += credit * weights[low.bit_length() - 1]
                    bits ^= low
            return got / total

        hits = sorted(exact.keys() | soft.keys()) or [0]
        self.sentences_scored += len(hits)
        best = max(hits, key=lambda k: (coverage(exact.get(k, 0), soft.get(k, 0)), -k))
        e, s = exact.get(best, 0), soft.get(best, 0)
        picked, cov = (best,), coverage(e, s)
        # A claim may join two facts from two sentences: add the sentence that covers most of the rest;
        # a third one counts towards a feature only (evidence stays short).
        gain, k = max(((coverage(e | exact.get(k, 0), s | soft.get(k, 0)), -k) for k in hits), default=(0, 0))
        cov3 = cov
        if gain - cov >= PAIR_GAIN:
            picked, cov = tuple(sorted((best, -k))), gain
            e, s = e | exact.get(-k, 0), s | soft.get(-k, 0)
            cov3 = max(coverage(e | exact.get(j, 0), s | soft.get(j, 0)) for j in hits)
        found = found_soft = 0
        for k in hits:
            found |= exact.get(k, 0)
            found_soft |= soft.get(k, 0)
        # A name the evidence leaves to a pronoun ("It should not be given…") or states once for the
        # whole text ("… in Washington, D.C.") is stated in another sentence: for each such name, the
        # closest sentence that holds it (the one before, first) is evidence too. Only a name the
        # source does not hold at all is missing from the evidence.
        core = len(picked)
        for run in claim.names:
            if run & (e | s) or not run & (found | found_soft) or len(picked) - core >= MAX_NAME_SENTENCES:
                continue
            k = min(
                (k for k in hits if (exact.get(k, 0) | soft.get(k, 0)) & run and k not in picked),
                key=lambda k: (abs(k - best) + (k > best), k),
            )
            picked = tuple(sorted((*picked, k)))
            e, s = e | exact.get(k, 0), s | soft.get(k, 0)
        match = _Match(best, picked, cov, cov3, found, found_soft, e, s, coverage)
        self._matches[1][source_id] = match
        return match

    def features(
        self, claim: Claim | None, source_id: int, assume: int = 0
    ) -> tuple[tuple[float, ...], tuple[int, ...], float, bool] | None:
        """What ``combine`` takes: features, the hard signals' logit penalty, whether one failed;
        and the evidence sentences (second). ``assume``: claim words (a bit mask) to count as found,
        which tells what the evidence would say with a differing element put right."""
        source = self._sources.get(source_id)
        if claim is None or source is None or not source.spans:
            return None
        m = self._match(claim, source_id)
        union, union_soft, ranked = self._all_matches(claim)
        found = m.found | assume
        union |= assume
        best_other = next((c for sid, c in ranked if sid != source_id), 0.0)
        missing = claim.hard & ~found
        cov = m.coverage(m.in_evidence | assume, m.in_evidence_soft) if assume else m.cov
        features = (
            cov,
            min(5, missing.bit_count()) / 5,
            min(5, (missing & claim.absent).bit_count()) / 5,
            max(m.cov3, cov),
            # What the presented sources together cover: words found nowhere are often paraphrase.
            m.coverage(union, union_soft),
            # Another presented source covers the claim better: this one is likely the wrong one.
            min(0.0, cov - best_other),
        )
        quotes = sum(f" {q} " not in source.flat for q in claim.quotes)
        # The same number in another unit ("100 °C" / "100 °F") is a different quantity.
        assumed = {t for i, t in enumerate(claim.vocab) if assume >> i & 1}
        numbers = (claim.numbers & ~found).bit_count() + sum(
            not {self._unit(v, apart) for v, apart in source.units.get(n, {(u, False)})} & {u, ""}
            for n, u in claim.quantities
            if n not in assumed
        )
        # A name the evidence sentences do not hold: the source may say it of someone else.
        held = m.in_evidence | m.in_evidence_soft | assume
        names = any(not run & held for run in claim.names)
        penalty = QUOTE_PENALTY * quotes + NUMBER_PENALTY * numbers
        return features, m.picked, penalty, bool(quotes or numbers or names)
