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
>>> checker.check("Water boils at 90 °C at sea level", 1).verdict != "supported"
True
>>> answer = "Ice is cold. Water boils at 100 °C [Source 1]"
>>> start, end = claim_span(answer, answer.index("[Source"))
>>> answer[start:end]
'Water boils at 100 °C'

Standard library only, no network: this file is inlined verbatim into the standalone Citation
Post-Processor. Term weights come from the presented sources themselves (IDF over their
sentences), so no stopword list or language model is needed; scripts written without spaces are
matched by character bigrams. The score is a small logistic model over six features (``WEIGHTS``),
one of which counts it against a source when another presented source covers the claim better;
hard signals adjust it: a claim's number, unit or quoted phrase missing from the source caps it below
``HIGH``; a negation on one side only lowers it. ``check`` scores every source once per claim
(adjacent markers share a claim) so ``better_source`` comes for free.
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass

# ---------------------------------------------------------------------------
# Constants
# ---------------------------------------------------------------------------

#: Score at or above which a citation is ``supported`` (BA-optimal on WiCE dev, not below 0.5).
HIGH = 0.75
#: Score below which a citation is ``unsupported``; set low because that flag must be precise.
LOW = 0.23
#: Scores in [UNCERTAIN_LOW, UNCERTAIN_HIGH) are the ones worth sending to an optional LLM judge.
UNCERTAIN_LOW = 0.5
UNCERTAIN_HIGH = 0.85
#: ``better_source`` must beat the cited source by this much; smaller gaps are near-ties.
BETTER_MARGIN = 0.05
#: A second evidence sentence is added only when it raises coverage by at least this much.
PAIR_GAIN = 0.1
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
WEIGHTS = (-0.287, 2.003, -1.343, -1.141, 2.462, -0.32, 2.469)
#: Hand-set logit penalties for signals too rare (or too noisy) in the dev data to fit: a negation
#: on one side only, and each quoted phrase of the claim the source does not hold word for word.
NEGATION_PENALTY = 0.3
QUOTE_PENALTY = 1.0
NUMBER_PENALTY = 2.0
#: Highest score when a claim's number, unit or quoted phrase is not in the source: partial, uncertain.
HARD_CAP = 0.6
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
_SENTENCE_END_RE = re.compile(r"[.!?]+[\"'”’»)\]]*(?=\s)|[。！？]+|\n")
_MARKER_RE = re.compile(r"\[\s*(?:sources?|src|docs?|refs?)?\s*[:#]?\s*\d[\d,\s\-]*\]", re.IGNORECASE)
_QUOTE_RE = re.compile(r"\"([^\"]{3,})\"|“([^”]{3,})”|«\s*([^»]{3,}?)\s*»|„([^“”]{3,})[“”]|「([^」]{2,})」")
_NEGATION_WORDS = frozenset(
    (
        *("not", "no", "never", "neither", "nor", "none", "nothing", "cannot"),  # en
        *("ne", "pas", "jamais", "aucun", "aucune"),  # fr
        *("nicht", "kein", "keine", "keinen", "keinem", "keiner", "nie", "niemals"),  # de
        *("nunca", "nada", "ningún", "ninguna", "non", "mai", "nessuno", "não", "nem"),  # es it pt
        *("niet", "geen", "nooit", "inte", "aldrig", "ikke", "aldri", "ei", "не", "нет", "никогда"),
    )
)
# Negation written inside words (CJK, Korean endings, English contractions): matched as substrings.
_NEGATION_PARTS = ("n't", "不", "没", "沒", "無", "无", "未", "ない", "ません", "않", "없")
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


def _has_negation(text_norm: str, toks: set[str]) -> bool:
    return not _NEGATION_WORDS.isdisjoint(toks) or any(p in text_norm for p in _NEGATION_PARTS)


def split_sentences(text: str) -> list[tuple[int, int]]:
    """[start, end) spans of the sentences of ``text``, trimmed of surrounding whitespace."""
    spans: list[tuple[int, int]] = []
    cut = 0
    for end in [m.end() for m in _SENTENCE_END_RE.finditer(text)] + [len(text)]:
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
    return min(score, HARD_CAP) if failed else score


def is_uncertain(score: float) -> bool:
    """True when a lexical score is too close to call and worth an LLM judge's look."""
    return UNCERTAIN_LOW <= score < UNCERTAIN_HIGH


def verdict_for(score: float) -> str:
    return "supported" if score >= HIGH else "unsupported" if score < LOW else "partial"


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

    @property
    def uncertain(self) -> bool:
        return is_uncertain(self.score)


@dataclass
class _Source:
    """One presented source, tokenized once: sentence spans and what the scorer looks up."""

    text: str
    spans: list[tuple[int, int]]
    negated: list[bool]
    postings: dict[str, list[int]]  # word -> sentences holding it
    prefix_postings: dict[str, list[int]]
    flat: str  # the whole text as " tok tok ... ", for word-for-word quote checks
    units: dict[str, set[tuple[str, bool]]]  # number -> (unit, apart) written next to it (see quantities)

    @classmethod
    def build(cls, text: str) -> _Source:
        spans = split_sentences(text)
        postings: dict[str, list[int]] = {}
        prefix_postings: dict[str, list[int]] = {}
        negated = []
        flat = []
        for k, (a, b) in enumerate(spans):
            toks = tokens(text[a:b])
            flat += toks
            words = set(toks)
            words |= {_NUMBER_WORDS[w] for w in words if w in _NUMBER_WORDS}
            negated.append(_has_negation(_normalize(text[a:b]), words))
            for w in words:
                postings.setdefault(w, []).append(k)
            for p in {w[:PREFIX] for w in words if len(w) >= PREFIX and not w[0].isdigit()}:
                prefix_postings.setdefault(p, []).append(k)
        units: dict[str, set[tuple[str, bool]]] = {}
        for number, unit, apart in quantities(text):
            units.setdefault(number, set()).add((unit, apart))
        return cls(text, spans, negated, postings, prefix_postings, f" {' '.join(flat)} ", units)


@dataclass(frozen=True)
class Claim:
    """A claim tokenized and weighted against one checker's sources (see ``SupportChecker.parse``)."""

    vocab: list[str]
    weights: list[float]
    # Bit masks over vocab. Names and numbers survive paraphrase, so their absence is telling.
    hard: int
    numbers: int
    absent: int  # in no presented sentence at all
    negated: bool
    quotes: list[str]
    quantities: list[tuple[str, str]]  # numbers with a unit


@dataclass(frozen=True)
class _Match:
    """How one source covers a claim: the best sentence, the evidence, coverage by the evidence and
    by up to three sentences, bit masks of the claim words found anywhere in the source (exactly /
    by prefix), and the claim's weighted coverage function."""

    best: int
    picked: tuple[int, ...]
    cov: float
    cov3: float
    found: int
    found_soft: int
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
        self._last: tuple[str, dict[int, tuple[float, tuple[int, ...]]]] | None = None
        # Per parsed claim, each source's match (``_match``): ``features`` compares a source with the rest.
        self._matches: tuple[Claim | None, dict[int, _Match]] = (None, {})
        #: Sentences scored so far (a work counter for tests and benchmarks).
        self.sentences_scored = 0

    def check(self, claim: str, source_id: int) -> Judgement:
        """Judge ``claim`` against source ``source_id``, suggesting a clearly better source if any."""
        claim = claim if isinstance(claim, str) else ""
        if self._last is None or self._last[0] != claim:
            # Adjacent markers share a claim: score every source once and reuse it for each marker.
            parsed = self.parse(claim)
            self._last = (claim, {sid: self.score(parsed, sid) for sid in self._sources})
        scores = self._last[1]
        score, picked = scores.get(source_id, (0.0, ()))
        better = max(
            (sid for sid in scores if sid != source_id), key=lambda sid: (scores[sid][0], -sid), default=None
        )
        if better is None or score >= HIGH or scores[better][0] < score + BETTER_MARGIN:
            better = None
        text = self.texts.get(source_id, "")
        spans = [self._sources[source_id].spans[k] for k in picked]
        evidence = tuple(Evidence(a, b, text[a:b]) for a, b in spans)
        return Judgement(verdict_for(score), round(score, 4), evidence, better)

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

    def _unit(self, unit: str, apart: bool) -> str:
        """A unit as ``quantities`` wrote it, or "" when it is just the word after the number."""
        return unit if not apart or self.is_unit(unit) else ""

    def parse(self, claim: str) -> Claim | None:
        """Tokens and weights of a claim (None when it has no words); markers in it are ignored."""
        claim = _MARKER_RE.sub(" ", claim)
        vocab = list(dict.fromkeys(tokens(claim)))[:MAX_CLAIM_TOKENS]
        if not vocab:
            return None
        caps = {
            _normalize(m.group(0))
            for m in re.finditer(r"[^\W\d_]+", unicodedata.normalize("NFKC", claim))
            if m.start() > 0 and m.group(0)[0].isupper()
        }
        norm = _normalize(claim)

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
            mask(lambda t: t[0].isdigit() or t in caps),
            mask(lambda t: t[0].isdigit()),
            mask(lambda t: t not in self._df),
            _has_negation(norm, set(vocab)),
            [
                " ".join(tokens(piece))
                for q in _QUOTE_RE.finditer(norm)
                # An ellipsis marks words left out: each piece around it must still be verbatim.
                for piece in re.split(r"\[?(?:\.\.\.|…)\]?", next(g for g in q.groups() if g))
                if tokens(piece)
            ],
            [(n, u) for n, u, apart in quantities(claim) if self._unit(u, apart)],
        )

    def score(self, claim: Claim | None, source_id: int) -> tuple[float, tuple[int, ...]]:
        """Support score in [0, 1] of a parsed claim by one source, and its evidence sentences."""
        found = self.features(claim, source_id)
        if found is None:
            return 0.0, ()
        features, picked, penalty, failed = found
        return combine(features, penalty, failed), picked

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
        match = _Match(best, picked, cov, cov3, found, found_soft, coverage)
        self._matches[1][source_id] = match
        return match

    def features(
        self, claim: Claim | None, source_id: int
    ) -> tuple[tuple[float, ...], tuple[int, ...], float, bool] | None:
        """What ``combine`` takes: features, the hard signals' logit penalty, whether one failed;
        and the evidence sentences (second)."""
        source = self._sources.get(source_id)
        if claim is None or source is None or not source.spans:
            return None
        m = self._match(claim, source_id)
        others = [self._match(claim, sid) for sid, o in self._sources.items() if sid != source_id and o.spans]
        union, union_soft = m.found, m.found_soft
        for o in others:
            union |= o.found
            union_soft |= o.found_soft
        missing = claim.hard & ~m.found
        features = (
            m.cov,
            min(5, missing.bit_count()) / 5,
            min(5, (missing & claim.absent).bit_count()) / 5,
            m.cov3,
            # What the presented sources together cover: words found nowhere are often paraphrase.
            m.coverage(union, union_soft),
            # Another presented source covers the claim better: this one is likely the wrong one.
            min(0.0, m.cov - max((o.cov for o in others), default=0.0)),
        )
        # Negation is judged on the best sentence only: a second sentence often negates something else.
        penalty = NEGATION_PENALTY * (claim.negated != source.negated[m.best])
        quotes = sum(f" {q} " not in source.flat for q in claim.quotes)
        # The same number in another unit ("100 °C" / "100 °F") is a different quantity.
        numbers = (claim.numbers & ~m.found).bit_count() + sum(
            not {self._unit(v, apart) for v, apart in source.units.get(n, {(u, False)})} & {u, ""}
            for n, u in claim.quantities
        )
        penalty += QUOTE_PENALTY * quotes + NUMBER_PENALTY * numbers
        return features, m.picked, penalty, bool(quotes or numbers)
