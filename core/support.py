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
matched by character bigrams. A few hard signals (numbers, negation, quoted phrases) adjust a small
logistic score whose weights were fitted by 5-fold cross-validation on WiCE dev (see
``scripts/support_eval.py``).
"""

from __future__ import annotations

import math
import re
import unicodedata
from dataclasses import dataclass

# ---------------------------------------------------------------------------
# Constants
# ---------------------------------------------------------------------------

#: Score at or above which a citation is ``supported``.
HIGH = 0.55
#: Score below which a citation is ``unsupported``; set low because that flag must be precise.
LOW = 0.23
#: Scores in [UNCERTAIN_LOW, UNCERTAIN_HIGH) are the ones worth sending to an optional LLM judge.
UNCERTAIN_LOW = 0.35
UNCERTAIN_HIGH = 0.75
#: ``better_source`` must beat the cited source by this much; smaller gaps are near-ties.
BETTER_MARGIN = 0.05
#: A second evidence sentence is added only when it raises coverage by at least this much.
PAIR_GAIN = 0.1
#: Credit for a claim word matched only through a shared prefix (morphology: "publish"/"published").
SOFT_CREDIT = 0.7
PREFIX = 5
#: Bounds that keep absurd inputs cheap: long sentences are cut, huge claims truncated.
MAX_SENTENCE_CHARS = 600
MAX_CLAIM_TOKENS = 64

#: Logistic weights over the features of ``_features`` (bias first), fitted on WiCE dev.
WEIGHTS = (-0.601, 4.335, -1.711, -0.583)
#: Hand-set logit penalties for signals too rare (or too noisy) in the dev data to fit: a negation
#: on one side only, and each quoted phrase of the claim the source does not hold word for word.
NEGATION_PENALTY = 0.3
QUOTE_PENALTY = 1.0
NUMBER_PENALTY = 2.0

# Scripts written without spaces between words: matched by character bigrams.
_NOSPACE = "\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
# Digit groups ("1,000", "1 000", "1.000") are one number; a single separator is a decimal mark.
_TOKEN_RE = re.compile(
    rf"(?<![\d.,])\d{{1,3}}(?:([ \u00a0\u202f\u2009,.])\d{{3}})(?:\1\d{{3}})*(?![\d])(?:[.,]\d+)?"
    rf"|\d+(?:[.,]\d+)?|[{_NOSPACE}]+|[^\W\d_]+"
)
_SENTENCE_END_RE = re.compile(r"[.!?]+[\"'”’»)\]]*(?=\s)|[。！？]+|\n")
_MARKER_RE = re.compile(r"\[\s*(?:sources?|src|docs?|refs?)?\s*[:#]?\s*\d[\d,\s\-]*\]", re.IGNORECASE)
_QUOTE_RE = re.compile(r"\"([^\"]{3,})\"|“([^”]{3,})”|«\s*([^»]{3,}?)\s*»|„([^“”]{3,})[“”]|「([^」]{2,})」")
_NEGATION_WORDS = frozenset(
    "not no never neither nor none nothing cannot ne pas jamais aucun aucune nicht kein keine keinen "
    "keinem keiner nie niemals nunca nada ningún ninguna non mai nessuno não nem niet geen nooit inte "
    "aldrig ikke aldri ei не нет никогда ani".split()
)
# Negation written inside words (CJK, Korean endings, English contractions): matched as substrings.
_NEGATION_PARTS = ("n't", "不", "没", "沒", "無", "无", "未", "ない", "ません", "않", "없")
_BULLET_RE = re.compile(r"\s*(?:[-*•]|\d{1,3}[.)])\s+")


# ---------------------------------------------------------------------------
# Pure functions
# ---------------------------------------------------------------------------


def _normalize(text: str) -> str:
    return unicodedata.normalize("NFKC", text).casefold()


def _number(raw: str) -> str:
    digits = re.sub(r"[ \u00a0\u202f\u2009]", "", raw)
    seps = re.findall(r"[.,]", digits)
    # Several marks, or one mark followed by exactly three digits and a different final mark,
    # are thousands groups; "1,000" alone is read as a thousand (the common web reading).
    if len(seps) > 1 and len(set(seps)) == 2:
        group, decimal = seps[0], seps[-1]
        digits = digits.replace(group, "").replace(decimal, ".")
    elif seps and re.fullmatch(r"\d{1,3}(?:[.,]\d{3})+", digits):
        digits = digits.replace(seps[0], "")
    else:
        digits = digits.replace(",", ".")
    whole, _, frac = digits.partition(".")
    whole = str(int(whole)) if whole else "0"
    frac = frac.rstrip("0")
    return f"{whole}.{frac}" if frac else whole


def tokens(text: str) -> list[str]:
    """Normalized tokens: numbers canonical, words casefolded, space-less scripts as bigrams."""
    out: list[str] = []
    for match in _TOKEN_RE.finditer(_normalize(text)):
        tok = match.group(0)
        if tok[0].isdigit():
            out.append(_number(tok))
        elif "\u0e00" <= tok[0] and re.match(rf"[{_NOSPACE}]", tok):
            out.extend(tok[i : i + 2] for i in range(max(1, len(tok) - 1)))
        else:
            out.append(tok)
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
    words: list[frozenset[str]]
    bigrams: list[frozenset[tuple[str, str]]]
    negated: list[bool]
    postings: dict[str, list[int]]
    prefix_postings: dict[str, list[int]]
    flat: str

    @classmethod
    def build(cls, text: str) -> _Source:
        spans = split_sentences(text)
        toks = [tokens(text[a:b]) for a, b in spans]
        words = [frozenset(t) for t in toks]
        postings: dict[str, list[int]] = {}
        prefix_postings: dict[str, list[int]] = {}
        for k, ws in enumerate(words):
            for w in ws:
                postings.setdefault(w, []).append(k)
            for p in {w[:PREFIX] for w in ws if len(w) >= PREFIX and not w[0].isdigit()}:
                prefix_postings.setdefault(p, []).append(k)
        return cls(
            text,
            spans,
            words,
            [frozenset(zip(t, t[1:])) for t in toks],
            [_has_negation(_normalize(text[a:b]), set(w)) for (a, b), w in zip(spans, words)],
            postings,
            prefix_postings,
            f" {' '.join(tokens(text))} ",
        )


@dataclass(frozen=True)
class _Claim:
    vocab: list[str]
    weights: list[float]
    hard: int  # bit mask over vocab: numbers and capitalized names, which a paraphrase keeps
    numbers: int
    bigrams: frozenset[tuple[str, str]]
    negated: bool
    quotes: list[str]


class SupportChecker:
    """Judges claims against a fixed set of presented sources; build once per answer."""

    def __init__(self, sources: dict[int, str]) -> None:
        self.texts = {int(sid): text if isinstance(text, str) else "" for sid, text in sources.items()}
        self._sources = {sid: _Source.build(text) for sid, text in self.texts.items()}
        # Document frequency over all presented sentences: a word every source repeats says little.
        self._df: dict[str, int] = {}
        for source in self._sources.values():
            for word, where in source.postings.items():
                self._df[word] = self._df.get(word, 0) + len(where)
        self._n = sum(len(s.spans) for s in self._sources.values())
        self._last: tuple[str, dict[int, tuple[float, tuple[int, ...]]]] | None = None
        #: Sentences scored so far (a work counter for tests and benchmarks).
        self.sentences_scored = 0

    def check(self, claim: str, source_id: int) -> Judgement:
        claim = _MARKER_RE.sub(" ", claim if isinstance(claim, str) else "")
        if self._last is None or self._last[0] != claim:
            # Adjacent markers share a claim: score every source once and reuse it for each marker.
            parsed = self._parse(claim)
            self._last = (claim, {sid: self.score(parsed, sid) for sid in self._sources})
        scores = self._last[1]
        score, picked = scores.get(source_id, (0.0, ()))
        better = max(
            (sid for sid in scores if sid != source_id), key=lambda sid: (scores[sid][0], -sid), default=None
        )
        if better is None or score >= HIGH or scores[better][0] < score + BETTER_MARGIN:
            better = None
        source = self._sources.get(source_id)
        evidence = tuple(
            Evidence(*source.spans[k], source.text[slice(*source.spans[k])]) for k in picked if source
        )
        return Judgement(verdict_for(score), round(score, 4), evidence, better)

    def _parse(self, claim: str) -> _Claim | None:
        toks = tokens(claim)[:MAX_CLAIM_TOKENS]
        if not toks:
            return None
        vocab = list(dict.fromkeys(toks))
        caps = {
            _normalize(m.group(0))
            for m in re.finditer(r"[^\W\d_]+", unicodedata.normalize("NFKC", claim))
            if m.start() > 0 and m.group(0)[0].isupper()
        }
        norm = _normalize(claim)
        return _Claim(
            vocab,
            [math.log((self._n + 1) / (self._df.get(t, 0) + 0.5)) for t in vocab],
            sum(1 << i for i, t in enumerate(vocab) if t[0].isdigit() or t in caps),
            sum(1 << i for i, t in enumerate(vocab) if t[0].isdigit()),
            frozenset(zip(toks, toks[1:])),
            _has_negation(norm, set(vocab)),
            [" ".join(tokens(next(g for g in q.groups() if g))) for q in _QUOTE_RE.finditer(norm)],
        )

    def score(self, claim: _Claim | None, source_id: int) -> tuple[float, tuple[int, ...]]:
        """Support score in [0, 1] of a parsed claim by one source, with its evidence sentences."""
        found = self.features(claim, source_id)
        if found is None:
            return 0.0, ()
        features, picked, penalty = found
        z = WEIGHTS[0] + sum(w * f for w, f in zip(WEIGHTS[1:], features)) - penalty
        return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z)))), picked

    def features(
        self, claim: _Claim | str | None, source_id: int
    ) -> tuple[tuple[float, ...], tuple[int, ...], float] | None:
        """The features the logistic score combines, the evidence sentences, the hard-signal penalty."""
        if isinstance(claim, str):
            claim = self._parse(_MARKER_RE.sub(" ", claim))
        source = self._sources.get(source_id)
        if claim is None or source is None or not source.spans:
            return None
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
            s &= ~e
            return sum(w for i, w in enumerate(weights) if e >> i & 1) / total + SOFT_CREDIT * sum(
                w for i, w in enumerate(weights) if s >> i & 1
            ) / total

        hits = sorted(exact.keys() | soft.keys()) or [0]
        self.sentences_scored += len(hits)
        covs = {k: coverage(exact.get(k, 0), soft.get(k, 0)) for k in hits}
        best = max(hits, key=lambda k: (covs[k], -k))
        picked, e, s, cov = (best,), exact.get(best, 0), soft.get(best, 0), covs[best]
        pair = max(
            ((coverage(e | exact.get(k, 0), s | soft.get(k, 0)), -k) for k in hits if k != best), default=None
        )
        if pair and pair[0] - cov >= PAIR_GAIN:
            k = -pair[1]
            picked, cov = tuple(sorted((best, k))), pair[0]
            e, s = e | exact.get(k, 0), s | soft.get(k, 0)
        all_e = all_s = 0
        for k in hits:
            all_e, all_s = all_e | exact.get(k, 0), all_s | soft.get(k, 0)
        hard = claim.hard
        absent = sum(1 << i for i, t in enumerate(claim.vocab) if t not in self._df)
        bigrams = frozenset().union(*(source.bigrams[k] for k in picked))
        features = (
            cov,
            min(5, bin(hard & ~all_e).count("1")) / 5,
            min(5, bin(hard & ~all_e & absent).count("1")) / 5,
        )
        # Negation is judged on the best sentence only: a second sentence often negates something else.
        penalty = NEGATION_PENALTY * (claim.negated != source.negated[best])
        penalty += QUOTE_PENALTY * sum(f" {q} " not in source.flat for q in claim.quotes)
        penalty += NUMBER_PENALTY * bin(claim.numbers & ~all_e).count("1")
        return features, picked, penalty
