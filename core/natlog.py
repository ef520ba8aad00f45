"""Natural logic over an alignment: does the evidence sentence entail the claim, or exclude it?

    >>> from lfx_citations.core.align import align, token_spans
    >>> def relation(evidence, claim):
    ...     e, c = token_spans(evidence), token_spans(claim)
    ...     return infer(c, claim, e, evidence, align(c, e)).relation
    >>> relation("Photography is forbidden in the gallery.", "Photography is not permitted in the gallery.")
    'eq'
    >>> relation("The plant ceased operations in 2020.", "The plant no longer operates.")
    'eq'
    >>> relation("The shop hired 50 staff.", "The shop laid off 50 staff.")
    'alt'
    >>> relation("Some of the samples were contaminated.", "All of the samples were contaminated.")
    'rev'
    >>> relation("None of the samples were contaminated.", "Some of the samples were contaminated.")
    'neg'
    >>> relation("Ice is not cold.", "Ice is cold.")
    'neg'

The method of MacCartney and Manning (NatLog) and Angeli and Manning (NaturalLI), cut to what an
alignment gives cheaply. The evidence (premise) becomes the claim (hypothesis) by atomic edits where
the two differ (``core/align.py``'s gaps): a substitution of one word for another, the insertion or
deletion of an operator. Each edit has a lexical relation, one of seven:

* ``eq`` equivalence, ``fwd`` forward entailment (the premise's word is narrower: "all" → "some"),
  ``rev`` reverse entailment, ``neg`` negation (exhaustive and exclusive: "permitted" / "forbidden",
  inserting "not"), ``alt`` alternation (exclusive, not exhaustive: "hired" / "laid off"), ``cover``
  (exhaustive, not exclusive), ``ind`` independence.

It comes from the lexicon (``core/lexicon.py``): operators (negation, "no longer" and the verbs that
mean it, quantifiers, frequency adverbs, modals), word pairs, derivational negation, numbers with
their approximators and units. Each relation is projected through the monotonicity of its context:
under a negation or a downward quantifier ("no", "few", "never", "rarely") ``fwd`` and ``rev`` swap,
and so do ``alt`` and ``cover`` (``project``). The projected relations are joined left to right, in
the order NatLog applies them (substitutions in the premise's context, then operators inserted or
deleted: ``join``). The claim is entailed when the result is ``eq`` or ``fwd``, excluded when it is
``neg`` or ``alt``.

Words the lexicon knows nothing of (an unknown substitution, a modifier added or dropped) are left
to the lexical score (``core/support.py``): they never make an exclusion, which is the rule that
protects users: a conflict needs two aligned items in an exclusive relation.

``roles`` adds what the word order says: who did what to whom ("A defeated B" against "B defeated
A"), read after normalizing the passive voice, converse comparatives ("cheaper" / "more expensive")
and temporal converses ("before" / "after").
"""

from __future__ import annotations

import math
import unicodedata
from dataclasses import dataclass, field

from lfx_citations.core.align import (
    AND_WORDS,
    ARTICLES,
    COUNTING_HOMONYMS,
    EDGE_SLACK,
    GAP_SLACK,
    NUMBER_WORDS,
    PREFIX,
    Tok,
    aside_free,
    degrees_differ,
    follows,
    gaps,
    number_key,
    phrase_around,
)
from lfx_citations.core.frames import (
    CLAUSE_OPENERS,
    NOUN_STARTS,
    OBJECT_ARTICLES,
    TIME_DEGREE,
    TRADE_VERBS,
    cjk_agent,
    compared_sign,
    frame_swap,
    frames_agree,
    object_first,
    told_from_both_sides,
    turned_verbs,
)
from lfx_citations.core.lexicon import (
    AUXILIARY_WORDS,
    AVAILABILITY_WORDS,
    AVOIDANCE,
    CALENDAR,
    CALENDAR_WORDS,
    CJK_DOUBLE_NEGATIONS,
    CJK_NEGATING_VERBS,
    CJK_REFUSING,
    CONTEXT_CONTRARIES,
    COORDINATORS,
    DOWNWARD,
    FUNCTION_WORD_SET,
    IMPLICATIVE_BEFORE_ING,
    IMPLICATIVES,
    LESS_WORDS,
    LIGHT_VERBS,
    MEASURE_VERBS,
    MODALS_BY_LANG,
    MONTH_NUMBERS,
    MORE_WORDS,
    NE_PARTNERS,
    NEGATION_BREAKERS,
    NEGATION_PART_BREAKERS,
    NEGATION_PART_KEPT,
    NEGATION_PARTS,
    NEGATION_PHRASES,
    NEGATIVE_APART,
    NEGATIVE_MEANING,
    NEGATIVE_MEANING_PARTS,
    NOT_OPERATORS,
    NOUN_PHRASE_START_WORDS,
    PASSIVE_AUXILIARIES,
    PERIOD_DAYS,
    PRIVATIVES,
    RATE_WORDS,
    SENTENCE_OPENER_WORDS,
    SYMMETRIC,
    USE_VERBS,
    WORKING_DAYS,
    approximator,
    converse,
    convert,
    drug_name,
    is_cue_in,
    negated_form,
    operator,
    operator_relation,
    period_days,
    poles_of,
    scaled,
    sentence_language,
    unit_dimension,
    units_differ,
    value_range,
    word_relation,
)
from lfx_citations.core.wordnet import equivalent, lemmas, phrase_relation, privative

# ---------------------------------------------------------------------------
# Relations, projection, join
# ---------------------------------------------------------------------------

EQ, FWD, REV, NEG, ALT, COVER, IND = "eq", "fwd", "rev", "neg", "alt", "cover", "ind"
RELATIONS = (EQ, FWD, REV, NEG, ALT, COVER, IND)
#: Share of the claim's content words the evidence sentence must say for a swap to be a conflict.
SWAP_COVERAGE = 0.9
#: The same for a comparison ("A is deeper than B"), whose swapped arguments say the conflict whatever
#: else the claim rewords.
COMPARED_COVERAGE = 0.6
#: The farthest apart two arguments of one predicate are looked for, in tokens.
MAX_SPAN = 12
#: The longest gap whose words are compared one by one (a longer one is a clause one side adds).
MAX_SLOT = 16
#: A gap longer than this holds a clause one side adds: an antonym in it still faces the claim's word
#: ("rejected the marketing application for" / "approved"), but its other words are no substitution.
CLAUSE_SLOT = 6
#: The most words of the other side read against such a clause.
CLAUSE_WORDS = 2
#: How far before the lead gap a quantifier of the evidence may open the sentence.
LEAD_REACH = 4
#: How many claim words an unknown substitution reaches (``Inference.unknown_beside``).
UNKNOWN_REACH = 2
#: The claim follows from the evidence / the evidence excludes it.
ENTAILING = frozenset((EQ, FWD))
EXCLUSIVE = frozenset((NEG, ALT))

#: The join of two relations (MacCartney 2009, table 5.2), where a union of relations is read as
#: ``ind``: ``JOIN[r][s]`` relates x to z when r relates x to y and s relates y to z.
JOIN = {
    EQ: {EQ: EQ, FWD: FWD, REV: REV, NEG: NEG, ALT: ALT, COVER: COVER, IND: IND},
    FWD: {EQ: FWD, FWD: FWD, REV: IND, NEG: ALT, ALT: ALT, COVER: IND, IND: IND},
    REV: {EQ: REV, FWD: IND, REV: REV, NEG: COVER, ALT: IND, COVER: COVER, IND: IND},
    NEG: {EQ: NEG, FWD: COVER, REV: ALT, NEG: EQ, ALT: REV, COVER: FWD, IND: IND},
    ALT: {EQ: ALT, FWD: IND, REV: ALT, NEG: FWD, ALT: IND, COVER: FWD, IND: IND},
    COVER: {EQ: COVER, FWD: COVER, REV: IND, NEG: REV, ALT: REV, COVER: IND, IND: IND},
    IND: dict.fromkeys(RELATIONS, IND),
}
#: A relation seen through a downward-monotone context ("not", "no", "few", "never").
DOWNWARD_PROJECTION = {EQ: EQ, FWD: REV, REV: FWD, NEG: NEG, ALT: COVER, COVER: ALT, IND: IND}


def join(first: str, second: str) -> str:
    """The relation of x to z, given ``first`` of x to y and ``second`` of y to z.

    >>> join("neg", "neg"), join("alt", "neg"), join("fwd", "fwd"), join("fwd", "rev")
    ('eq', 'fwd', 'fwd', 'ind')
    """
    return JOIN[first][second]


def project(relation: str, downward: bool) -> str:
    """``relation`` as its context shows it: swapped where the context is downward-monotone.

    >>> project("fwd", True), project("alt", True), project("neg", True), project("fwd", False)
    ('rev', 'cover', 'neg', 'fwd')
    """
    return DOWNWARD_PROJECTION[relation] if downward else relation


# ---------------------------------------------------------------------------
# Operators: which tokens negate, quantify or soften, in the sentence's own language
# ---------------------------------------------------------------------------

#: A token's operator: ``(kind, value)``; kind "negation", "quantifier", "frequency", "modal", or
#: "part" for a word that belongs to an operator before it ("longer" in "no longer", "ne" of "ne pas").
Mark = tuple[str, str] | None
#: Kinds whose operators negate (with the values that do): they pair with one another.
_NEGATIVE = {("negation", "not"), ("quantifier", "none"), ("frequency", "never")}
#: Languages where negative words agree with the negation before them ("no … nunca" is one negation).
_CONCORD = frozenset("fr es pt it".split())
_CONCORD_REACH = 6
#: Languages whose subordinate and perfect clauses end with their verb.
_VERB_FINAL = frozenset(("de", "nl"))
#: How far past the words read a German or Dutch clause may close on its verb ("hat ihren Betrieb im
#: vergangenen Herbst endgültig eingestellt").
VERB_FINAL_REACH = 8


#: Participles that are also nouns ("par arrêté municipal": by decree): a negation only after an
#: auxiliary ("a été arrêté", "s'est arrêtée").
_NOUN_TOO = frozenset(("arrêté", "arrêtée"))
_AUXILIARIES = AUXILIARY_WORDS | frozenset(PASSIVE_AUXILIARIES["fr"][0].split()) | {"a", "avait", "s", "se"}


def _by_first(phrases: tuple[str, ...] | list[str]) -> dict[str, tuple[tuple[str, ...], ...]]:
    """Phrases by their first word, each as its words: looked up once per token.

    >>> _by_first(["at no point", "at no time"])["at"]
    (('at', 'no', 'point'), ('at', 'no', 'time'))
    """
    out: dict[str, tuple[tuple[str, ...], ...]] = {}
    for phrase in phrases:
        words = tuple(phrase.split())
        out[words[0]] = (*out.get(words[0], ()), words)
    return out


def _phrase_at(phrases: dict[str, tuple[tuple[str, ...], ...]], words: list[str], k: int) -> int:
    """How many words a phrase of ``phrases`` (``_by_first``) takes from ``k``, 0 when none starts there."""
    return next((len(p) for p in phrases.get(words[k], ()) if tuple(words[k : k + len(p)]) == p), 0)


#: Phrases that say "never" in the languages without negative concord: "at no point", "zu keinem
#: Zeitpunkt". (French, Spanish, Portuguese and Italian n-words agree with a negation near them: the
#: concord reading below keeps them.)
_NEVER_PHRASES = _by_first(
    ("at no point", "at no time", "zu keinem zeitpunkt", "zu keiner zeit", "op geen enkel moment")
)
#: ``NOT_OPERATORS`` by their first word.
_NOT_OPERATORS_BY_FIRST = _by_first(NOT_OPERATORS)


#: English particles that make one verb with the word before them ("switch off", "turn down").
_PARTICLES = frozenset("off on up down out back".split())


def _particle_after(words: list[str], k: int) -> bool:
    return k + 1 < len(words) and words[k + 1] in _PARTICLES


def _particle_relation(words: list[str], k: int, other: list[str], lang: str) -> str | None:
    """The lexicon's exclusion of ``other`` by the verb at ``k`` read with the English particle after
    it ("switches off" / "enables"), or None.

    >>> _particle_relation("it switches off telemetry".split(), 1, ["enables"], "en")
    'alt'
    """
    if not _particle_after(words, k):
        return None
    found = phrase_relation(words[k : k + 2], other, lang or "en")
    return found if found in EXCLUSIVE else None


#: Italian prepositions with their article elided that are words of other languages.
_ELIDED = frozenset("all dell nell sull dall coll".split())


def marks(toks: list[Tok], text: str, lang: str | None = None) -> list[Mark]:
    """The operator each token is (see ``Mark``), read in the sentence's language (detected from its
    words when not given): French "mai" is May, Chinese 不同 "different", "No. 5" a number.

    >>> from lfx_citations.core.align import token_spans
    >>> [[m for m in marks(token_spans(s), s) if m] for s in ("It does not work.", "En mai, il pleut.", "不同的方法")]
    [[('negation', 'not')], [], []]
    """
    words = [t for t, *_ in toks]
    lang = sentence_language(words) if lang is None else lang
    out: list[Mark] = [None] * len(toks)
    phrases = (
        NEGATION_PHRASES.get(lang, ()) if lang else tuple(p for ps in NEGATION_PHRASES.values() for p in ps)
    )
    concord_until, opener = -1, ""
    for k, (t, a, b, _) in enumerate(toks):
        if out[k] is not None:
            continue
        # A word elided before an apostrophe is an article or a preposition ("all'incirca", "dell'anno").
        if t in _ELIDED and text[b : b + 1] in ("'", "\u2019"):
            continue
        after = words[k + 1] if k + 1 < len(words) else " "
        # "No. 5" is a number's label; "1889 nicht fertiggestellt" is a negation.
        near_number = after[:1].isdigit() and t in ("no", "nr")
        mark: Mark = None
        two = f"{t} {after}"
        if any(two == p for p in phrases):
            mark = ("negation", "not")
            out[k + 1] = ("part", "not")
        elif t in ("ne", "n") and lang in ("fr", ""):
            partner = next((j for j in range(k + 1, min(k + 5, len(toks))) if words[j] in NE_PARTNERS), None)
            # The n-word may stand before it as the subject: "Personne n'a été blessé", "Rien ne change".
            subject = next((j for j in range(k - 1, max(-1, k - 3), -1) if words[j] in _SUBJECT_NONE), None)
            if (
                partner is not None
                and (t == "ne" or text[b : b + 1] in ("'", "\u2019"))
                and words[partner] != "que"
            ):
                mark = ("part", "not")
                found = operator(words[partner])
                out[partner] = found if found and found[1] in ("none", "never") else ("negation", "not")
                # An n-word after the pair agrees with it: "n'ouvre pas le mardi ni les jours fériés".
                concord_until, opener = partner + _CONCORD_REACH, "ne"
            elif partner is None and subject is not None:
                mark = ("part", "not")
                out[subject] = ("quantifier", "none")
        elif (
            t == "nada"
            and after == "más"
            and lang in ("es", "")
            and words[k + 2 : k + 3]
            and words[k + 2].endswith(("ar", "er", "ir", "arse", "erse", "irse"))
        ):
            out[k] = out[k + 1] = ("part", "emphasis")  # "nada más ingresar": as soon as
            continue
        elif size := _phrase_at(_NEVER_PHRASES, words, k):
            # The phrase says "never" at its last word, next to the clause it bears on ("At no point did
            # the bridge close"); the rest are its parts.
            out[k : k + size] = [("part", "never")] * (size - 1) + [("frequency", "never")]
            continue
        elif size := _phrase_at(_NOT_OPERATORS_BY_FIRST, words, k):
            for j in range(k, min(len(toks), k + size)):
                out[j] = ("part", "emphasis")  # "nothing short of", "no obstante", "peu à peu": no operator
            continue
        elif t == "none" and k and toks[k][3] and after != "of":
            continue  # "returns None": a value in code, written with its capital mid-sentence
        elif t in _MAJORITY and any(w in _MARGIN_BY for w in words[max(0, k - 2) : k]):
            continue  # "por amplia mayoría", "with a large majority": a margin, no quantifier
        elif t == "most" and k and words[k - 1] == "at":
            continue  # "at most two bags": a bound of its number, no quantifier
        elif t in ("no", "non", "não") and lang in ("es", "it", "pt", "") and _but_only(words, k):
            out[k] = ("part", "emphasis")  # "no se aplica sino a …": only to
            continue
        elif t in ("not", "pas", "ni") and (
            after in ("one", "un", "une", "uno", "una") or words[k + 1 : k + 3] == ["a", "single"]
        ):
            mark = ("quantifier", "none")  # "not one of the jurors", "pas un seul", "ni un solo": none
        elif t == "no" and words[k + 1 : k + 3] in (["more", "than"], ["fewer", "than"], ["less", "than"]):
            mark = ("negation", "not")  # "no more than two bags" negates a comparison, not the bags
        elif is_cue_in(t, lang):
            # Written French negates with "ne … pas": "pas" alone is a step ("compte les pas").
            bare_pas = (
                t == "pas"
                and lang == "fr"
                and not any(w in ("ne", "n") for w in words[max(0, k - 4) : k + 5])
            )
            # "not only" adds; "geen enkel" is "not a single"; "did not open until September" says
            # when it opened.
            breaks = (after in NEGATION_BREAKERS and t != "geen") or _until_date(words, k)
            if not near_number and not breaks and not bare_pas:
                # "no" is the quantifier "none" in English only ("no samples"); elsewhere it is "not".
                found = operator(t) if t != "no" or lang in ("en", "") else None
                mark = found if found and (found[0], found[1]) in _NEGATIVE else ("negation", "not")
        elif t[-1:] == "n" and text[b : b + 2] in ("'t", "\u2019t"):
            mark = ("negation", "not")  # "doesn't", "can't", "won't"
        elif t[0] >= "\u0e00":
            # A breaker may open before this token: the second 不 of 不得不推迟 ("had to postpone").
            if _double_negated(text, a):
                mark = None  # 并非不适用: applies
            elif any(text.startswith(p, a) for p in NEGATION_PARTS) and not any(
                text.startswith(p, s) and not text.startswith(NEGATION_PART_KEPT, s)
                for p in NEGATION_PART_BREAKERS
                for s in range(a - len(p) + 1, a + 1)
                if s >= 0
            ):
                mark = ("negation", "not")
            elif t in CJK_NEGATING_VERBS and not any(p in text for p in NEGATION_PARTS):
                mark = ("negation", "not")
            elif (
                t in CJK_REFUSING
                and text[b : b + 1] not in ("", "了", "。", "，")
                and not any(cjk_agent(words, j) for j in range(max(0, k - 16), k))
                and not any(p in text for p in NEGATION_PARTS)
            ):
                mark = ("negation", "not")
            else:  # a quantifier written in characters: 所有 "all", 部分 "some"
                found = operator(t)
                mark = found if found and found[1] not in ("none", "never") else None
        elif (t in IMPLICATIVES and (t not in _NOUN_TOO or (k and words[k - 1] in _AUXILIARIES))) or (
            t in IMPLICATIVE_BEFORE_ING and after.endswith("ing")
        ):
            mark = ("negation", "not")
        elif t in PRIVATIVES:
            mark = ("negation", "not")
        elif t in MODALS_BY_LANG.get(lang, ()) and not (k and toks[k][3]):  # "May 2018" is a month
            mark = ("modal", "may")
        elif not near_number:
            found = operator(t)
            # Negative operators are cues, read above in their own language only ("mai" is May in French).
            mark = found if found and found[1] not in ("none", "never") else None
            if mark == ("quantifier", "some") and after[:1].isdigit():
                mark = None  # "some 300 workers", "unos 300 vecinos": about 300, no quantifier
        if mark and mark[0] != "part" and (mark in _NEGATIVE or mark[0] == "negation"):
            # A privative is no n-word: "no puede rescindirse sin aviso" negates twice ("only with
            # notice"); an n-word after it agrees with it ("sin ningún coste").
            # Nor is a verb that negates ("não deixou de comparecer" attended).
            verb = out[k + 1] == ("part", "not") if k + 1 < len(out) else False
            # "non" again is a negation of its own: "Le persone non autorizzate non possono accedere".
            again = t == opener and mark == ("negation", "not")
            # Nor does a plain "no" agree with a privative before it: "sin token … no son aceptadas".
            again = again or (opener in PRIVATIVES and mark == ("negation", "not"))
            # (A verb that negates is a negation of its own: "n'ait pas cessé" did go on.)
            if (
                k <= concord_until
                and lang in _CONCORD
                and t not in PRIVATIVES
                and t not in IMPLICATIVES
                and not verb
                and not again
            ):
                mark = ("part", "not")  # negative concord: one negation
            elif lang in _CONCORD:
                concord_until, opener = k + _CONCORD_REACH, t
        out[k] = mark
    # "non … alcuno", "no … alguno" after its noun: one negation, "none" ("non se n'è conservato
    # alcuno" / "Nessuno … è sopravvissuto").
    for k in range(len(words)):
        if out[k] == ("negation", "not") and lang in _ANY_AFTER_NOT:
            j = next(
                (j for j in range(k + 1, min(len(words), k + 7)) if words[j] in _ANY_AFTER_NOT[lang]), None
            )
            if j is not None:
                out[k], out[j] = ("part", "not"), ("quantifier", "none")
    # "kein … mehr", "geen … meer": "no longer", a negation of the verb, not "none" of the noun
    # ("unterstützt keine alten Geräte mehr" / "alte Geräte werden nicht mehr unterstützt").
    for k in range(len(words)):
        # ("keine der Schnittstellen … mehr" counts: "none of")
        if out[k] == ("quantifier", "none") and lang in ("de", "nl") and words[k + 1 : k + 2] != ["der"]:
            j = next(
                (
                    j
                    for j in range(k + 1, min(len(words), k + _NO_LONGER_REACH))
                    if words[j] in ("mehr", "meer")
                ),
                None,
            )
            if j is not None and not out[j]:
                out[k], out[j] = ("negation", "not"), ("part", "not")
    # "Neither … nor", "ni … ni", "nem … nem": one negation of the verb both names share.
    for k, w in enumerate(words):
        if w in _CORRELATIVES and out[k] == ("negation", "not"):
            for j in range(k + 1, min(len(words), k + _CORRELATIVE_REACH)):
                if words[j] == _CORRELATIVES[w] and out[j] == ("negation", "not"):
                    out[j] = ("part", "not")
                    break
    return out


#: How far "mehr" or "meer" may follow "kein" or "geen" to say "no longer" with it.
_NO_LONGER_REACH = 8
#: The first word of a negation said of two names, and its second ("neither … nor", "ni … ni").
_CORRELATIVES = {"neither": "nor", "ni": "ni", "nem": "nem", "né": "né", "noch": "noch"}
#: How far the second may follow the first.
_CORRELATIVE_REACH = 8


#: French n-words that open a clause as its subject, before "ne".
_SUBJECT_NONE = frozenset("personne rien aucun aucune nul nulle".split())
#: Words for "any" that, after a negation, say "none".
_ANY_AFTER_NOT = {"it": frozenset("alcuno alcuna alcun".split()), "es": frozenset("alguno alguna".split())}


def _negates_said(ew: list[str], em: list[Mark], j: int, cw: list[str]) -> bool:
    """Whether the evidence's token ``j`` is a negation whose next content word the claim says.

    >>> w = "it is no longer compatible".split()
    >>> _negates_said(w, [None, None, ("negation", "not"), ("part", "not"), None], 2, ["compatible"])
    True
    """
    if em[j] is None or em[j][0] in ("part", "modal") or not negative(em[j]):
        return False
    head = next((k for k in range(j + 1, min(len(ew), j + 4)) if not em[k] and _plain(ew[k])), None)
    # "not the deepest" says nothing against "deeper".
    return head is not None and any(
        w == ew[head] or (same_stem(w, ew[head]) and not degrees_differ(w, ew[head])) for w in cw
    )


#: Words of price, and adjectives that say a price went up (0) or down (1): "the price rose" is "it
#: became dearer".
_PRICE_NOUNS = frozenset(
    "price prices cost costs fare fares prix coût coûts tarif tarifs preis preise kosten precio precios"
    " coste costes costo tarifa tarifas prezzo prezzi costi preço preços custo custos prijs prijzen tarief".split()
)
_PRICE_POLES = {
    **dict.fromkeys(
        "expensive pricier dearer costlier cher chère chers chères teuer teurer teure teuren caro cara caros"
        " caras encareció encarece encarecido encareceu costoso costosa duur duurder".split(),
        0,
    ),
    **dict.fromkeys(
        "cheap cheaper inexpensive günstig günstiger billig billiger barato barata baratos baratas abarató"
        " abaratado barateou economico economica económico económica económicos económicas goedkoop"
        " goedkoper".split(),
        1,
    ),
}


#: Verbs that state a price ("costs less than", "cuesta más que").
_PRICE_VERBS = frozenset(w for w, said in MEASURE_VERBS.items() if said == "expensive")


def _price_pole(words: list[str]) -> int | None:
    """The pole of the price comparison ``words`` say: 0 for dearer ("more expensive", "costs more"),
    1 for cheaper ("cheaper", "costs less", "less expensive"); None when they compare no price.

    >>> _price_pole("the zenvar 16 costs less".split()), _price_pole("es más barato".split()), _price_pole("is heavier".split())
    (1, 1, None)
    """
    for k, w in enumerate(words):
        pole = _PRICE_POLES.get(w)
        if pole is not None:
            return 1 - pole if k and words[k - 1] in LESS_WORDS else pole
        if w in _PRICE_VERBS and k + 1 < len(words):
            if words[k + 1] in LESS_WORDS:
                return 1
            if words[k + 1] in MORE_WORDS:
                return 0
    return None


def _price_turned(cw: list[str], i: int, ew: list[str], j: int) -> bool:
    """Whether two words end price comparisons of the other pole, one said with a verb: "costs more"
    faces "cheaper" as "more expensive" does.

    >>> _price_turned("plus costs more than basic".split(), 2, "basic is cheaper than plus".split(), 2)
    True
    """
    c, e = _price_pole(cw[max(0, i - 1) : i + 1]), _price_pole(ew[max(0, j - 1) : j + 1])
    return None not in (c, e) and c != e


def _price_relation(cw: list[str], i: int, ew: list[str], j: int, lang: str) -> str | None:
    """A price adjective facing a verb of direction on the side that names the price ("Der Preis ist
    gestiegen" / "wurde günstiger"): ``eq`` when they go the same way, ``alt`` when not; None
    otherwise. "moins cher" goes down.

    >>> _price_relation(["günstiger"], 0, ["der", "preis", "ist", "gestiegen"], 3, "de")
    'alt'
    >>> _price_relation(["moins", "cher"], 1, ["le", "prix", "a", "baissé"], 3, "fr")
    'eq'
    """
    for adj, k, verb, v, words in ((cw, i, ew, j, ew), (ew, j, cw, i, cw)):
        pole = _price_pole(adj[max(0, k - 1) : k + 1]) if adj[k] in _PRICE_POLES else None
        if pole is None or not any(w in _PRICE_NOUNS for w in words):
            continue
        found = {p for _, p in poles_of(verb[v], lang)}
        if len(found) == 1:
            return EQ if pole in found else ALT
    return None


#: Ordinals: "first" and "last" exclude each other only of the same thing.
_ORDINALS = frozenset(
    "first last premier première dernier dernière erste ersten letzte letzten primero primera último"
    " última primo prima ultimo ultima primeiro primeira eerste laatste".split()
)


def _ranks_another(cw: list[str], i: int, ew: list[str], j: int) -> bool:
    """Whether the evidence's ordinal ranks a thing the claim does not name: "finished first in the
    championship" against "on the last day of the championship" ranks a day, not the player.

    >>> _ranks_another("he finished first".split(), 2, "on the last day".split(), 2)
    True
    >>> _ranks_another("the first mayor".split(), 1, "the last mayor".split(), 1)
    False
    """
    nxt = ew[j + 1] if j + 1 < len(ew) else ""
    return cw[i] in _ORDINALS and ew[j] in _ORDINALS and _content(nxt) and nxt not in cw


#: "Not … until": the negation says when, not whether ("no abrió hasta mayo").
_UNTIL = frozenset("until till hasta".split())


#: Words that bound a state in time: "closed until April", "geschlossen bis April".
_BOUNDS = _UNTIL | frozenset("bis jusqu jusque fino até tot".split())


def _bounded(cw: list[str], i: int, ew: list[str], j: int) -> bool:
    """Whether either word of an exclusion is a state bounded by a date, "until" and a month, a day or
    a year beside it: "remains closed until April" / "reopens in April" (or "bleibt bis April
    geschlossen") tells when the one ends and the other begins; "fell to 7.20" is no bound.

    >>> _bounded("the museum reopens in april".split(), 2, "the museum remains closed until april".split(), 3)
    True
    >>> _bounded("the level rose to 7 20".split(), 2, "de waterstand is gedaald tot 7 20".split(), 4)
    False
    """

    def bound(words: list[str], k: int) -> bool:
        return any(
            words[n] in _BOUNDS
            and any(w in CALENDAR_WORDS or is_year(w) or w in PERIOD_DAYS for w in words[n + 1 : n + 4])
            for n in range(max(0, k - 3), min(len(words), k + 3))
        )

    return bound(cw, i) or bound(ew, j)


#: "Unless" ("à moins que", "a menos que", "a meno che", "es sei denn", "tenzij"): a negation before it
#: is a condition.
_UNLESS = frozenset("unless moins menos meno sei tenzij".split())
#: "If" in the lexicon languages: a negation right after it is a condition ("sofern keine …").
_IF = frozenset("if provided sofern falls wenn si indien mits".split())
#: "Except" in the lexicon languages: what follows it is said not to hold.
_EXCEPT = frozenset(
    "except excepté sauf außer excepto salvo eccetto tranne exceto behalve".casefold().split()
)


def _excepted(one: list[str], other: list[str]) -> bool:
    """Whether ``one`` says "unless" or "except" and ``other`` "if": the same condition, the negation on
    either side of it.

    >>> _excepted("geschlossen ausser wenn ein feiertag".split(), "geschlossen sofern kein feiertag".split())
    True
    >>> _excepted("closed unless it rains".split(), "it is closed".split())
    False
    """
    # "Se" is "if" in Portuguese and Italian only with "only" before it ("só pode … se"); alone it is
    # mostly a pronoun ("no se permite").
    return any(w in _UNLESS or w in _EXCEPT for w in one) and (
        any(w in _IF for w in other) or ("se" in other and any(w in NEGATION_BREAKERS for w in other))
    )


#: Days of the week and the weekend. (Not months or seasons: "August through October" is "late this
#: summer … into the fall" in other words.)
_WEEKDAYS = frozenset(w for words in CALENDAR.values() for w in words.split()[12:]) | frozenset(
    "weekend weekends weekdays weekday wochenende wochenenden werktags werktagen wochentags"
    " 周末 工作日".split()
)


def _other_times(cw: list[str], ew: list[str]) -> bool:
    """Whether both sides name days of the week and none the same: what one says of the weekdays, the
    other says of the weekend ("open from Monday to Friday" / "closed at weekends").

    >>> _other_times("closed at weekends".split(), "open from monday to friday".split())
    True
    >>> _other_times("closed on monday".split(), "open on monday".split())
    False
    """
    c, e = set(cw) & _WEEKDAYS, set(ew) & _WEEKDAYS
    return bool(c) and bool(e) and not (c & e)


def _conditioned(words: list[str], k: int) -> bool:
    """Whether word ``k`` stands in a clause of "unless", "without" or "except" opened just before it:
    "off unless you enable it" says nothing of enabling but as a condition.

    >>> _conditioned("logging is off unless you enable it".split(), 5)
    True
    """
    return any(w in _UNLESS or w in PRIVATIVES or w in _EXCEPT for w in words[max(0, k - 3) : k])


def _avoided(words: list[str], k: int, other: list[str]) -> bool:
    """Whether word ``k`` is followed, within six words, by a verb of avoidance the other side does not
    say: "recommended to avoid" advises against, as "discouraged" does.

    >>> _avoided("it is recommended to avoid the syrup".split(), 2, "the syrup is discouraged".split())
    True
    """
    return any(w in AVOIDANCE and w not in other for w in words[k + 1 : k + 7])


#: "Majority" as a noun a vote passes by ("por amplia mayoría", "mit großer Mehrheit").
_MAJORITY = frozenset("majority mayoría majorité mehrheit maggioranza maioria meerderheid".split())
#: The prepositions that say by what margin.
_MARGIN_BY = frozenset("by with por con par à a mit met per com".split())


def _none_idiom(words: list[str], k: int) -> bool:
    """Whether the "none" at ``k`` opens a phrase that affirms ("none other than", "no sooner … than",
    "keinem Geringeren als", "ningún otro"): a comparison word follows within three words."""
    return any(w in _COMPARATIVE or w in _OTHER for w in words[k + 1 : k + 4])


#: "Other" in the lexicon languages: "no other club" names the one club.
_OTHER = frozenset(
    "other sooner autre autres otro otra otros altro altra outro outra ander andere anderer".split()
)


def _but_only(words: list[str], k: int) -> bool:
    """Whether the negation at ``k`` is "only" said as "not … but" ("no se aplica sino a las empresas
    grandes", "non si applica se non alle grandi imprese", "não se aplica senão às grandes"), not a
    correction ("no vino, sino que llamó") nor "not only … but also".

    >>> _but_only("la ley no se aplica sino a las empresas grandes".split(), 2)
    True
    >>> _but_only("no vino sino que llamó".split(), 0)
    False
    """
    for j in range(k + 1, min(len(words) - 1, k + 8)):
        if words[j] in ("sino", "senão") or words[j : j + 2] == ["se", "non"]:
            return words[j + 1] not in ("que", "también", "tambien", "também", "anche", "non")
    return False


def _until_date(words: list[str], k: int) -> bool:
    """Whether "until" and a date follow the negation at ``k`` within its clause's next words.

    >>> _until_date("the clinic did not open until september".split(), 3)
    True
    >>> _until_date("do not take it until the rash clears".split(), 1)
    False
    >>> _until_date("la tienda no cierra hasta las diez".split(), 2)
    True
    """
    for j in range(k + 1, min(len(words) - 1, k + 6)):
        if words[j] in _UNTIL:
            nxt = words[j + 1 : j + 3]
            # an hour spelled out too: "no cierra hasta las diez"
            return any(w[:1].isdigit() or number_key(w)[:1].isdigit() or w in CALENDAR_WORDS for w in nxt)
    return False


def negative(mark: Mark) -> bool:
    """Whether an operator negates what follows it (a negation, "no", "never", "few", "rarely")."""
    return mark is not None and (mark[0] == "negation" or (mark[0] != "part" and mark[1] in DOWNWARD))


# ---------------------------------------------------------------------------
# Edits and their join
# ---------------------------------------------------------------------------

#: Conflict kind of an exclusive edit, by what changed.
_EDIT_KINDS = {
    "negation": "negation",
    "quantifier": "quantifier",
    "frequency": "quantifier",
    "modal": "negation",
}


@dataclass(frozen=True)
class Edit:
    """One atomic edit from the evidence to the claim: ``op`` "sub", "ins" or "del"; ``kind`` the
    conflict kind it would make ("negation", "quantifier", "direction", "number"); token ranges
    [start, end) on each side (empty on the side that lacks it); the lexical relation and the one
    its context projects."""

    op: str
    kind: str
    claim: tuple[int, int]
    evidence: tuple[int, int]
    lexical: str
    projected: str


@dataclass
class Inference:
    """What natural logic concludes of one evidence sentence and the claim."""

    relation: str = EQ
    edits: list[Edit] = field(default_factory=list)
    #: Claim tokens whose number the evidence states within the claim's approximation.
    settled: set[int] = field(default_factory=set)
    #: Claim operators a negation of the evidence faces; claim negations that face none and negate
    #: nothing the evidence says (the claim says more than the evidence: not an exclusion).
    paired: set[int] = field(default_factory=set)
    lonely: set[int] = field(default_factory=set)
    #: The evidence negates, among the words both say, what the claim states without a negation.
    dropped: bool = False
    #: Claim ranges where a substitution the lexicon does not know stands among the aligned words.
    unknown_at: list[tuple[int, int]] = field(default_factory=list)
    #: Claim tokens that belong to an operator before or after them ("longer" of "no longer").
    parts: set[int] = field(default_factory=set)
    #: A role swap: (claim token range, evidence token range) of the swapped arguments.
    role: tuple[tuple[int, int], tuple[int, int]] | None = None

    @property
    def unknown(self) -> bool:
        """A substitution the lexicon does not know stands among the aligned words."""
        return bool(self.unknown_at)

    def unknown_beside(self) -> bool:
        """Whether an unknown substitution stands next to an exclusive edit (within
        :data:`UNKNOWN_REACH` claim words): "bought a painting" / "sold a sculpture" says something
        else there, but "a écrit sa Symphonie … après" / "a composé sa Symphonie … avant" still puts
        "avant" against "après". An edit the claim does not hold (a deletion) counts as beside."""
        for e in self.edits:
            if e.projected not in EXCLUSIVE:
                continue
            if e.claim[0] == e.claim[1]:
                return self.unknown
            if any(
                a - UNKNOWN_REACH < e.claim[1] and e.claim[0] < b + UNKNOWN_REACH for a, b in self.unknown_at
            ):
                return True
        return False

    @property
    def deciding(self) -> list[Edit]:
        """The edits that make an exclusion (or that the conclusion rests on), most telling first."""
        exclusive = [e for e in self.edits if e.projected in EXCLUSIVE or e.lexical in EXCLUSIVE]
        return exclusive or list(self.edits)

    @property
    def known(self) -> set[int]:
        """Claim tokens an edit accounts for (the lexicon relates them to the evidence), with the words
        that belong to an operator ("ne" of "ne … jamais")."""
        # and the claim's negations the evidence's face ("不再运营" / "停止运营": each says "no longer")
        return (
            {i for e in self.edits for i in range(*e.claim)}
            | (self.parts if self.edits else set())
            | self.paired
        )


def _content(word: str) -> bool:
    return (len(word) > 2 and word not in FUNCTION_WORD_SET) or word[:1].isdigit() or word[:1] >= "\u0e00"


def _letter(word: str) -> bool:
    """A single letter that is no word of its own ("S" of "Lumo S"; not "a", "y", "à")."""
    return len(word) == 1 and word.isalpha() and word not in FUNCTION_WORD_SET


def _double_negated(text: str, a: int) -> bool:
    """Whether the character at ``a`` stands in a Chinese double negation (``CJK_DOUBLE_NEGATIONS``).

    >>> _double_negated("该条款并非不适用", 5), _double_negated("该条款不适用", 3)
    (True, False)
    """
    return any(
        text.startswith(p, s) for p in CJK_DOUBLE_NEGATIONS for s in range(max(0, a - len(p) + 1), a + 1)
    )


def _short_name(word: str) -> bool:
    """A word of one or two letters that is no function word: capitalized, it is a name ("S" of "Lumo
    S", the river Po).

    >>> _short_name("po"), _short_name("s"), _short_name("of")
    (True, True, False)
    """
    return len(word) <= 2 and word.isalpha() and word not in FUNCTION_WORD_SET


#: Endings of words that let none of what they name in ("staubdicht", "waterproof").
_SEALED = ("dicht", "proof")


#: Quantifiers that say one thing with a negated or contrary predicate: "all … passed" / "none …
#: failed", "most … were lost" / "few … survived", "always checks" / "never skips".
_DUALS = ({"all", "none"}, {"most", "few"}, {"always", "never"})


def _own_predicate(words: list[str], k: int, aligned: set[int], other: list[str], lang: str) -> bool:
    """Whether the predicate after the quantifier at ``k`` is a word of its own, unsaid by the other side.

    >>> _own_predicate(["no", "rooms", "were", "available"], 0, {1, 2}, ["all", "rooms", "booked"], "en")
    True

    The predicate is the content word after the noun, with only auxiliaries between ("none of the
    data of the users" has none). It is shared when the other side says it in any form, when an
    aligned word follows it, or when an aligned word comes right before the quantifier, the verb of a
    German clause ("funktionieren alle …" / "funktioniert keine …").
    """
    if k and k - 1 in aligned and _substantive(words[k - 1]):
        return False
    reach = range(k + 1, min(len(words), k + 1 + _ALL_NOT_REACH))
    noun = False
    for x in reach:
        if x in aligned:
            noun = True
        elif not noun or words[x] in AUXILIARY_WORDS:
            continue
        elif not _content(words[x]):
            return False  # the noun goes on ("of the users"): no predicate right after it
        else:
            # the head and the content words after it, each unsaid: "siguen siendo válidos" and
            # "conserva su validez" share "válidos" / "validez", accents aside
            phrase = [words[x]] + [w for w in words[x + 1 : reach.stop] if _substantive(w)]
            return not any(
                same_stem(_unaccented(w), _unaccented(v)) or _inflected(w, v, lang)
                for w in phrase
                for v in other
            ) and not any(
                y in aligned and (_substantive(words[y]) or words[y][0].isdigit())
                for y in range(x + 1, reach.stop)
            )
    return False


def _unaccented(word: str) -> str:
    """``word`` without its accents: ``_unaccented("válidos") == "validos"``."""
    return "".join(c for c in unicodedata.normalize("NFD", word) if not unicodedata.combining(c))


def _privative_compound(word: str, base: str) -> bool:
    """Whether ``word`` says "without" what ``base`` names, as one word: a German or Dutch compound
    of "frei", "vrij", "los" or "loos", one of "dicht" that lets none of it in ("staubdicht"), or
    English "-less" and "-proof".

    >>> _privative_compound("zuckerfrei", "zucker"), _privative_compound("kostenlos", "kostet"), _privative_compound("frei", "freiheit")
    (True, True, False)
    >>> _privative_compound("staubdicht", "staub"), _privative_compound("waterproof", "water")
    (True, True)
    >>> _privative_compound("wireless", "wirelessly")
    False
    """
    if base.startswith(word) or operator(word) is not None:
        return False  # "wireless" / "wirelessly": one word; "ausnahmslos" is "always"
    for end in ("frei", "vrij", "los", "loos", "less", *_SEALED):
        stem = word[: -len(end)].rstrip("s")
        if word.endswith(end) and len(stem) >= 4 and base.startswith(stem[:4]):
            return True
    return False


def _means_not(word: str) -> bool:
    """A word that says "not" on its own: listed ("declined", "fehlt"), a derivational negation
    ("impossible", "unavailable") or a compound of "free" ("laktosefrei")."""
    return (
        word in NEGATIVE_MEANING
        or (len(word) > 5 and privative(word))
        # "laktosefrei", "suikervrij": a German or Dutch compound that says "without".
        or (len(word) > 6 and word.endswith(("frei", "vrij")))
    )


def _says_not(words: list[str], k: int) -> bool:
    """Whether word ``k`` says "not" on its own, or with its particle closing the clause ("sluit
    onderverhuur uit").

    >>> _says_not("artikel 5 sluit onderverhuur uit".split(), 2), _says_not("hij sluit de deur".split(), 1)
    (True, False)
    """
    particle = NEGATIVE_APART.get(words[k])
    return _means_not(words[k]) or (particle is not None and particle in words[k + 2 :])


def _german_privative(word: str, lang: str) -> bool:
    """A German participle negated by "un-" ("unbefristet", "ungeklärt"), which may say what the
    other side's negation does; not "unbedenklich" (safe), which no participle underlies.

    >>> _german_privative("unbefristet", "de"), _german_privative("unbedenklich", "de")
    (True, False)
    """
    return (
        lang == "de"
        and len(word) > 7
        and word.startswith(("unbe", "unge", "unver", "uner", "unzu", "unent"))
        and word.endswith(("t", "en"))
    )


def _plain(word: str) -> bool:
    """A content word that is no number, auxiliary or modal, in a spaced script ("sold", not "can")."""
    return _content(word) and not word[0].isdigit() and word not in AUXILIARY_WORDS and word[0] < "\u3040"


# The context pairs either way round: a premise and a hypothesis may stand in either order.
_CONTEXT_PAIRS = frozenset(CONTEXT_CONTRARIES) | frozenset((b, a) for a, b in CONTEXT_CONTRARIES)


def _substantive(word: str) -> bool:
    return _plain(word) and word not in NOUN_PHRASE_START_WORDS


def _value(word: str) -> float | None:
    try:
        return float(word)
    except ValueError:
        return None


def infer(
    claim: list[Tok],
    claim_text: str,
    evidence: list[Tok],
    source_text: str,
    chain: list[tuple[int, int]],
    claim_marks: list[Mark] | None = None,
    evidence_marks: list[Mark] | None = None,
) -> Inference:
    """The relation of the evidence sentence to the claim, with the edits it rests on.

    ``chain``: the alignment (``core/align.py``); marks are computed when not given. Only edits the
    lexicon knows enter the join: an empty join is ``eq`` (the lexical score judges the rest).
    """
    result = Inference()
    if not chain:
        return result
    cm = claim_marks if claim_marks is not None else marks(claim, claim_text)
    em = evidence_marks if evidence_marks is not None else marks(evidence, source_text)
    # A negation aligned with the same word that says no "not" on the other side ("não" of "não só …
    # mas também"): it faces nothing there.
    emphasis = ("part", "emphasis")
    chain = [
        (i, j)
        for i, j in chain
        if not ((cm[i] == emphasis and negative(em[j])) or (em[j] == emphasis and negative(cm[i])))
    ]
    if not chain:
        return result
    result.parts = {i for i, mark in enumerate(cm) if mark is not None and mark[0] == "part"}
    lang = sentence_language([t for t, *_ in claim]) or sentence_language([t for t, *_ in evidence])
    cw, ew = [t for t, *_ in claim], [t for t, *_ in evidence]
    caps = ([t[3] for t in claim], [t[3] for t in evidence])
    lo = max(0, chain[0][1] - chain[0][0] - EDGE_SLACK)
    hi = min(len(evidence), chain[-1][1] + 1 + (len(claim) - chain[-1][0] - 1) + EDGE_SLACK)
    aligned_c = {i for i, _ in chain}
    aligned_e = {j for _, j in chain}
    subs: list[Edit] = []
    # Words that mean "not" a "none" … "all" pair has read as its double negation ("none … failed" /
    # "every … passing"): no exclusion of their own.
    absorbed: set[str] = set()
    c_free: list[int] = []  # operators left unpaired, by side
    e_free: list[int] = []
    in_slot: set[tuple[str, int]] = set()  # operators in a gap the aligned words bound on both sides
    unbound: set[tuple[str, int]] = set()  # operators in a gap no aligned phrase bounds
    trailing: set[int] = set()  # claim operators after the last aligned word
    lead_none: list[int] = []  # an evidence "none" before an aligned noun, no phrase around it
    # Chinese says "without" and "with" in the first character of a word: 无罪 / 有罪 (not guilty /
    # guilty) negate each other, however the operator marks read 无.
    said_with: set[tuple[int, int]] = set()
    if lang == "zh":
        for i, c in enumerate(cw):
            for j, e in enumerate(ew):
                if (
                    len(c) == len(e) == 2
                    and c[1] == e[1]
                    and {c[0], e[0]} == {"无", "有"}
                    and c not in ew  # "A 有效，B 无效": the claim's word is said too
                    and e not in cw
                ):
                    said_with.add((i, j))
                    subs.append(Edit("sub", "negation", (i, i + 1), (j, j + 1), NEG, NEG))
    said_c, said_e = {i for i, _ in said_with}, {j for _, j in said_with}
    for gap in gaps(chain, len(claim), len(evidence)):
        cl = list(range(gap.ca, gap.cb))
        ev = [j for j in range(gap.ea, gap.eb) if lo <= j < hi]
        c_ops = [i for i in cl if cm[i] and cm[i][0] != "part" and i not in said_c]
        e_ops = [j for j in ev if em[j] and em[j][0] != "part" and j not in said_e]
        # A quantifier opening the evidence further ahead than the slack reaches ("None of the 40
        # volunteers" / "No volunteer") still faces the claim's.
        ahead = [j for j in range(max(0, gap.ea - LEAD_REACH), gap.ea) if gap.where == "lead" and em[j]]
        # Operators of one kind face each other: "some" / "all", "usually" / "never".
        for i in list(c_ops):
            j = next(
                (
                    j
                    for j in e_ops + ahead
                    if em[j][0] == cm[i][0] and em[j][0] in ("quantifier", "frequency")
                ),
                None,
            )
            if j is None:
                continue
            c_ops.remove(i)
            if j in e_ops:
                e_ops.remove(j)
            rel = operator_relation(em[j][1], cm[i][1])
            # "only some" says "not all": it excludes "all" ("nur einige" / "alle", 只有部分 / 所有).
            # So does "only occasionally" of "always".
            if {em[j][1], cm[i][1]} in _ONLY_EXCLUDES and (_only(ew, j) or _only(cw, i)):
                rel = ALT
            # "None … developed a rash" says "all … remained free of rash": "all" with a word that
            # means "not" after it, which the other side does not say ("all … cancelled" / "no …
            # cancelled" stays a clash); and "none … non-recyclable" says "all … recyclable".
            # So do "most" and "few" ("Only a few … survived" / "Most … were lost").
            if {em[j][1], cm[i][1]} in _DUALS:
                words, k, other = (cw, i, ew) if cm[i][1] in ("all", "most", "always") else (ew, j, cw)
                no_words, n, no_other = (ew, j, cw) if cm[i][1] in ("all", "most", "always") else (cw, i, ew)
                free = [
                    w
                    for w in words[k + 1 : k + 1 + _ALL_NOT_REACH]
                    if (w in _FREE_OF or _means_not(w)) and not any(same_stem(w, v) for v in other)
                ]
                nots = [
                    w
                    for w in no_words[n + 1 : n + 1 + _ALL_NOT_REACH]
                    if (w == "non" or _means_not(w)) and not any(same_stem(w, v) for v in no_other)
                ]
                # "All samples were negative" / "No sample was positive": two predicates the lexicon
                # excludes make "all" and "none" say one thing ("None … were serious" / "All … were
                # mild" reads so too, as a reader takes it).
                contrary = [
                    (x, y)
                    for x in range(k + 1, min(len(words), k + 1 + _ALL_NOT_REACH))
                    for y in range(n + 1, min(len(no_words), n + 1 + _ALL_NOT_REACH))
                    # predicates, not a preposition of the noun's own ("all adults over 65" / "no
                    # adults under 65" quantify two groups)
                    if _substantive(words[x])
                    and _substantive(no_words[y])
                    and word_relation(words[x], no_words[y], "", lang) in EXCLUSIVE
                ]
                for x, y in contrary:
                    # the two words are said, each by the other
                    c_at, e_at = (x, y) if words is cw else (y, x)
                    subs.append(Edit("sub", "direction", (c_at, c_at + 1), (e_at, e_at + 1), EQ, EQ))
                if free or nots or contrary:
                    rel = EQ
                    absorbed.update(
                        free + nots + [words[x] for x, _ in contrary] + [no_words[y] for _, y in contrary]
                    )
                # "All the rooms were booked" / "no rooms were available": each side's predicate is a
                # word of its own the lexicon does not relate, so the two quantify different things and
                # "all" against "none" is no positive evidence of a conflict.
                elif _own_predicate(cw, i, aligned_c, ew, lang) and _own_predicate(
                    ew, j, aligned_e, cw, lang
                ):
                    rel = IND
            # "All … are A" against "some … are B", A and B exclusive, or "some … are not A": some are
            # not what all are said to be ("Todas las piezas son de madera" / "Algunas piezas son de
            # plástico", "… tienen un origen no volcánico").
            if {em[j][1], cm[i][1]} == {"all", "some"} and rel in (FWD, REV) and lang != "zh":
                words, k, all_marks = (cw, i, cm) if cm[i][1] == "all" else (ew, j, em)
                some_words, n, some_marks = (ew, j, em) if cm[i][1] == "all" else (cw, i, cm)
                reach = range(n + 1, min(len(some_words), n + 1 + _ALL_NOT_REACH))
                all_reach = range(k + 1, min(len(words), k + 1 + _ALL_NOT_REACH))
                # a negation the "some" side says and the "all" side neither says nor has one of its own
                nots = [
                    x
                    for x in reach
                    if ((some_marks[x] and some_marks[x][0] == "negation") or _means_not(some_words[x]))
                    and not any(same_stem(some_words[x], v) or some_words[x] == v for v in words)
                    and not any(negative(all_marks[y]) or _means_not(words[y]) for y in all_reach)
                ]
                contrary = [
                    (x, y)
                    for x in range(k + 1, min(len(words), k + 1 + _ALL_NOT_REACH))
                    for y in reach
                    if _substantive(words[x])
                    and _substantive(some_words[y])
                    and word_relation(words[x], some_words[y], "", lang) in EXCLUSIVE
                ]
                if nots or contrary:
                    rel = ALT
                    absorbed.update([some_words[x] for x in nots])
                    for x, y in contrary:
                        c_at, e_at = (x, y) if words is cw else (y, x)
                        subs.append(Edit("sub", "direction", (c_at, c_at + 1), (e_at, e_at + 1), EQ, EQ))
            subs.append(Edit("sub", _EDIT_KINDS[cm[i][0]], (i, i + 1), (j, j + 1), rel, rel))
        # An operator counts where the sentence says the rest alike: two aligned words in a row next
        # to its gap ("When she's not working, …" is about something else than "she was working
        # again"); elsewhere the evidence's faces nothing and the claim's stands alone.
        if gap.where == "trail":
            trailing.update(c_ops)
        # A unit said otherwise next to the same number: "500 mg" / "500 g", "85 Meter" / "85 Fuß",
        # "30 minutes" / "30 secondes". The number holds the slot, whatever words stand around it; the
        # units are read, not words the sentence says otherwise.
        unit = None
        if (
            gap.before >= 0
            and cw[chain[gap.before][0]][0].isdigit()
            and cl
            and ev
            and units_differ(cw[cl[0]], ew[ev[0]])
        ):
            (n_c, n_e), i, j = chain[gap.before], cl[0], ev[0]
            unit = Edit("sub", "number", (n_c, i + 1), (n_e, j + 1), ALT, ALT)
        # Character pairs: a particle between two pairs ("出席了典礼", 了 perfective) parts them by two.
        # An article that counts one, facing a count of more between the same two words, is a slot of
        # its own ("pour une personne" / "pour deux personnes"): the number check reads no article.
        counts = (
            gap.where == "inner"
            and len(cl) == len(ev) == 1
            and (cw[cl[0]] in _ONE_ARTICLES or ew[ev[0]] in _ONE_ARTICLES)
            and _spelled_number(cw, ew, cl[0], ev[0]) == ALT
        )
        if not phrase_around(chain, gap, 3 if lang == "zh" else 2) and not counts:
            subs += [unit] if unit is not None else []
            unbound.update(("ins", i) for i in c_ops)
            c_free += c_ops
            lead_none += [j for j in e_ops if em[j] == ("quantifier", "none") and j + 1 in aligned_e]
            continue
        # The rest face each other by polarity in their gap ("not" / "never", "nicht" / "kein").
        for i in list(c_ops):
            j = next((j for j in e_ops if negative(em[j]) == negative(cm[i]) and em[j][0] == cm[i][0]), None)
            j = j if j is not None else next((j for j in e_ops if negative(em[j]) and negative(cm[i])), None)
            if j is not None:
                e_ops.remove(j)
                c_ops.remove(i)
                result.paired.add(i)
        c_free += c_ops
        e_free += e_ops
        if gap.where != "lead" and abs(len(cl) - len(ev)) <= GAP_SLACK:
            in_slot.update((("ins", i) for i in c_ops), (("del", j) for j in e_ops))
        # Content words the lexicon relates, and numbers, in a slot (a long gap is an inserted clause).
        if len(cl) > MAX_SLOT or len(ev) > MAX_SLOT:
            _settle_amounts(cw, ew, cl, ev, result)
            continue
        # A clause one side adds between aligned words may wrap the other's predicate ("rejected the
        # marketing application for" / "approved"); before the first aligned word, it excludes only a
        # word or two of the other's, not any word near it ("On the last day of …" / "he finished
        # clear first in …").
        clause = len(cl) > CLAUSE_SLOT or len(ev) > CLAUSE_SLOT
        wide = clause and min(len(cl), len(ev)) > CLAUSE_WORDS and gap.where == "lead"
        # A one-digit number counts where a unit follows it that the other side writes otherwise.
        # So does an hour before "pm".
        c_words = [i for i in cl if not cm[i] and (len(cw[i]) > 1 or _with_unit(cw, i) or _timed(cw, i))]
        e_words = [j for j in ev if not em[j] and (len(ew[j]) > 1 or _with_unit(ew, j) or _timed(ew, j))]
        used: set[int] = set()
        paired_here: set[int] = set()
        for i in c_words:
            before = cw[i - 1] if i else ""
            for j in e_words:
                phrase = None
                if j in used:
                    continue
                if _other_quantity(cw, i, ew, j):
                    continue
                rel = _number_relation(cw, ew, i, j, result) if number_key(cw[i])[0].isdigit() else None
                kind = "number"
                if rel is None:
                    rel = _spelled_number(cw, ew, i, j)
                clocked = rel is None and _clock(cw, ew, i, j, result) is not None
                rel = EQ if clocked else rel
                if rel is None and not cw[i][0].isdigit() and not ew[j][0].isdigit():
                    rel = word_relation(ew[j], cw[i], before, lang)
                    if rel is None and j and (ew[j], cw[i]) in _CONTEXT_PAIRS:
                        # The context either side gives it: "stimmte gegen" / "hat für … gestimmt".
                        rel = word_relation(ew[j], cw[i], ew[j - 1], lang)
                    # "deeper than Orvin" / "shallower than … Tessu", "costs more than Basic" / "is
                    # cheaper than Plus": a converse comparison of other arguments
                    other_args = (
                        (converse(ew[j], cw[i]) and (_comparing_near(cw, i) or _comparing_near(ew, j)))
                        or _price_turned(cw, i, ew, j)
                    ) and not _compared_alike(cw, i, ew, j, caps)
                    rel = None if other_args else rel
                    if rel in EXCLUSIVE and (ew[j] in absorbed or cw[i] in absorbed):
                        rel = None  # "Not a single test … failed" / "every test passing"
                    if rel in EXCLUSIVE and _trade_turned(cw, i, ew, j):
                        rel = None  # "Acme sold the plant to Globex" / "Globex bought the plant from Acme"
                    if rel in EXCLUSIVE and turned_verbs(cw[i], ew[j]) and frames_agree(claim, evidence):
                        rel = None  # "venceu o Académico" / "o Académico perdeu … para o Sporting"
                    if rel in EXCLUSIVE and _bounded(cw, i, ew, j):
                        rel = None  # "remains closed until April" / "reopens in April": one state ends
                    if rel in EXCLUSIVE and (_conditioned(cw, i) or _conditioned(ew, j)):
                        rel = None  # "is disabled" / "is off unless you enable it": a condition
                    if rel in EXCLUSIVE and _avoided(cw, i, ew) != _avoided(ew, j, cw):
                        rel = EQ  # "est déconseillé" / "il est recommandé d'éviter": advice against
                    if rel in EXCLUSIVE and _other_times(cw, ew):
                        rel = None  # "open from Monday to Friday" / "closed at weekends": other days
                    if rel in EXCLUSIVE and _says_apart(cw[i], ew, aligned_e | {j}):
                        rel = None  # "fell in Asia, while they rose in Europe" / "In Europe, sales rose"
                    if rel in EXCLUSIVE and (
                        _excepted_state(cw, i, ew, j, lang) or _excepted_state(ew, j, cw, i, lang)
                    ):
                        rel = None  # "abre todos los días excepto los lunes" / "cierra los lunes y abre …"
                    if rel in EXCLUSIVE and _both_say(cw, ew, i, j, lang):
                        rel = None  # "die alte … als die neue" / "die neue … wie die alte": swapped, not flipped
                    kind = "negation" if negated_form(ew[j], cw[i]) else "direction"
                    # A converse comparison of other arguments is no edit, however its words are read
                    # again below ("longer than the Adige" / "shorter than the Po").
                    rel = rel if rel is not None or other_args else _separable_relation(ew, j, cw, i, lang)
                    rel = rel if rel is not None or other_args else _price_relation(cw, i, ew, j, lang)
                    # A verb and the noun after it that the lexicon holds as one ("took office" /
                    # "resigned"): the pair is the word in the slot.
                    # So does a verb and its particle ("switches off" / "enables").
                    if (
                        rel is None
                        and not other_args
                        and ((i + 1 in c_words and not cw[i + 1][0].isdigit()) or _particle_after(cw, i))
                    ):
                        phrase = phrase_relation([ew[j]], cw[i : i + 2], lang or "en")
                        rel = phrase if phrase in EXCLUSIVE else None
                    rel = rel if rel is not None or other_args else _particle_relation(ew, j, [cw[i]], lang)
                    if rel is None and _other_period(cw, i, ew, j):
                        rel, kind = ALT, "number"
                    if rel in EXCLUSIVE and (wide or _ranks_another(cw, i, ew, j)):
                        rel = None
                    if rel is None and drug_name(cw[i]) and drug_name(ew[j]) and not same_stem(cw[i], ew[j]):
                        rel, kind = ALT, "name"  # two drugs: "warfarin" / "heparin"
                if rel is not None:
                    used.add(j)
                    paired_here.add(i)
                    first = _approximated(cw, i) if kind == "number" else i
                    last_c, last_e = (i + 2, j + 2) if clocked else (i + 1, j + 1)
                    if phrase is not None and rel == phrase:
                        paired_here.add(i + 1)
                        last_c = i + 2
                    if (
                        kind == "number"
                        and i + 1 in c_words
                        and j + 1 in e_words
                        and units_differ(cw[i + 1], ew[j + 1])
                    ):
                        # The units were converted: they are part of the amount, not a flip.
                        used.add(j + 1)
                        paired_here.add(i + 1)
                        last_c, last_e = i + 2, j + 2
                    subs.append(Edit("sub", kind, (first, last_c), (j, last_e), rel, rel))
                    break
        if unit is not None and not any(e.claim == (unit.claim[1] - 1, unit.claim[1]) for e in subs):
            subs.append(unit)
            paired_here.add(unit.claim[1] - 1)
            used.add(unit.evidence[1] - 1)
        # Words on both sides that the lexicon does not relate: the sentence says something else
        # there, so no exclusion elsewhere in it can be read as the claim's ("bought a painting" /
        # "sold a sculpture"). Numbers are the number check's.
        # Prepositions ("during" / "throughout") say nothing else.
        left_c = [
            cw[i]
            for i in c_words
            if i not in paired_here and _substantive(cw[i]) and cw[i] not in _MANAGED and cw[i] not in _DEGREE
        ]
        left_e = [
            ew[j]
            for j in e_words
            if j not in used and _substantive(ew[j]) and ew[j] not in _MANAGED and ew[j] not in _DEGREE
        ]
        # The evidence keeps from what the claim says is done, in the same slot ("should avoid alcohol"
        # / "may drink alcohol"): a use of the thing is excluded, anything else is not said.
        avoided = [j for j in e_words if j not in used and ew[j] in AVOIDANCE]
        done = [
            i
            for i in c_words
            if i not in paired_here and _substantive(cw[i]) and not cm[i] and not _means_not(cw[i])
        ]
        if (
            gap.where == "inner"
            and not clause
            and avoided
            and done
            and not any(cm[i] for i in c_words)
            and not any(_means_not(cw[i]) for i in c_words)
        ):
            use = next((i for i in done if cw[i] in USE_VERBS), None)
            if use is not None:
                subs.append(Edit("sub", "negation", (use, use + 1), (avoided[0], avoided[0] + 1), NEG, NEG))
                left_c, left_e = [], []  # the slot is read
            else:
                result.dropped = True
        if (
            gap.where == "inner"
            and not clause
            and left_e
            and any(not any(same_stem(w, v) or _inflected(w, v, lang) for v in left_e) for w in left_c)
        ):
            result.unknown_at.append((gap.ca, gap.cb))
    # An n-word aligned with a plain word of the same spelling ("Personne n'a été blessé" / "Plusieurs
    # personnes ont été blessées"): the negation stands alone on its side.
    for i, j in chain:
        if (
            (cm[i] is None) != (em[j] is None)
            and (cm[i] or em[j]) == ("quantifier", "none")
            and (cw[i] in _SUBJECT_NONE or ew[j] in _SUBJECT_NONE)
        ):
            if cm[i]:
                c_free.append(i)
            else:
                e_free.append(j)
    # An amount the slots left alone that the evidence states elsewhere in the sentence, rounded or
    # in another unit ("About 400 exhibitors took part" / "attracted 396 exhibitors", "a 1 200 ml
    # tank" / "holds 1.2 litres"): said. Only an entailment is read here; a flip needs its slot.
    edited = {x for e in subs for x in range(*e.claim)}
    for i in range(len(cw)):
        if i in edited or i in result.settled or not cw[i][:1].isdigit() or number_key(cw[i]) in ew:
            continue
        if approximator(cw[:i]) not in (None, "about", "nearly"):
            continue  # "more than 500" holds of many numbers: only its slot tells which it bounds
        for j in range(len(ew)):
            probe = Inference()
            rel = _number_relation(cw, ew, i, j, probe) if ew[j][:1].isdigit() else None
            if rel in (EQ, FWD) and i in probe.settled:
                unit = i + 1 < len(cw) and j + 1 < len(ew) and units_differ(cw[i + 1], ew[j + 1])
                last_c, last_e = (i + 2, j + 2) if unit else (i + 1, j + 1)
                subs.append(Edit("sub", "number", (_approximated(cw, i), last_c), (j, last_e), rel, rel))
                result.settled.add(i)
                break
    # A date written in digits facing the same date with its month in words ("03.05.1911" / "3. Mai
    # 1911"): the same date, not another number.
    for i in range(len(cw) - 1):
        if _numeric_date(cw[i], cw[i + 1]) in _spelled_dates(ew):
            result.settled.update((i, i + 1))
    # The evidence's word that says "without" what the claim's word names, aligned by their stem or
    # followed by "free" ("zuckerfrei" / "Zucker", "kostenlos" / "kostet", "sugar-free" / "sugar"): a
    # negation, which a negation of the claim's own undoes ("enthält keinen Zucker").
    for i, j in chain:
        if (
            cw[i] == ew[j]
            and j + 1 < len(ew)
            and ew[j + 1] in _FREE
            and ew[j + 1] not in cw
            and ew[j + 2 : j + 3] not in (["of"], ["from"])  # "the union free of import duty"
            # joined by a hyphen, or English: German "sprach den Fahrer frei" is "freisprechen"
            and (
                source_text[evidence[j][2] : evidence[j + 1][1]] == "-"
                or (ew[j + 1] == "free" and lang == "en")
            )
        ):
            subs.append(Edit("sub", "negation", (i, i + 1), (j, j + 2), NEG, NEG))
        elif (
            cw[i] != ew[j]
            and _privative_compound(ew[j], cw[i])
            and not _means_not(cw[i])
            # "staubdicht" lets no dust in, as "keinen Staub" says; "nicht gegen Wasser geschützt"
            # negates the protection, not the water
            and (not ew[j].endswith(_SEALED) or not any(cm) or (i and cm[i - 1] == ("quantifier", "none")))
        ):
            subs.append(Edit("sub", "negation", (i, i + 1), (j, j + 1), NEG, NEG))
    # Approximate claims whose number is aligned word for word: "about 400" / "400".
    for i, j in chain:
        rel = _number_relation(cw, ew, i, j, result) if cw[i][0].isdigit() else None
        if rel == REV:
            subs.append(Edit("sub", "number", (i, i + 1), (j, j + 1), REV, REV))
        # Two groups a bound parts, "children over 12" / "children under 12": what is said of one is
        # not said of the other, neither way.
        elif cw[i][0].isdigit() and _other_group(cw, i, ew, j, chain):
            subs.append(Edit("sub", "number", (i, i + 1), (j, j + 1), IND, IND))
        # And an hour said with its part of the day: "neuf heures du matin" / "9:00".
        elif (hour := _hour(cw, i)) is not None and _clock(cw, ew, i, j, result) is not None:
            subs.append(Edit("sub", "number", (i, i + hour[1]), (j, j + 2), EQ, EQ))
    # Operators the alignment paired word for word ("not" / "not") need no edit; the rest pair by
    # polarity across gaps ("is not" / "not is"), then stand alone: an insertion or a deletion.
    # A negation aligned word for word faces the claim's when the word it negates is aligned with it
    # (the next one, "not the"; the one before when it ends the claim, "hilft nicht"): "did not
    # [indicate]" does not face "did not [conclude]".
    result.paired |= {
        i
        for k, (i, j) in enumerate(chain)
        if cm[i] and em[j] and (follows(chain, k + 1) or (follows(chain, k) and i == len(claim) - 1))
    }
    result.lonely |= {
        i for i, _ in chain if negative(cm[i]) and i not in result.paired and _stated(i, cm, cw, ew)
    }
    # The same operator word, moved: "dejó sin luz a 20 000 vecinos" / "20 000 vecinos … sin luz".
    for i in list(c_free):
        j = next((j for j in e_free if ew[j] == cw[i]), None)
        if j is not None:
            c_free.remove(i)
            e_free.remove(j)
            result.paired.add(i)
    # The one negative operator of each side, said in other words and places, faces the other: "Zu
    # keinem Zeitpunkt war … gefährdet" / "… war laut Stadt nie gefährdet", "não pode ser rescindido
    # por nenhuma das partes" / "nenhuma das partes pode rescindir".
    # The two sentences must say the rest alike (not "Smith was not hired to replace Stewart" against
    # "Stewart would not start"); neither may be a privative, whose scope is its noun ("sans frais");
    # nor may "unless" make the negation a condition.
    if (
        len(c_free) == len(e_free) == 1
        and negative(cm[c_free[0]])
        and negative(em[e_free[0]])
        and cw[c_free[0]] not in PRIVATIVES
        and ew[e_free[0]] not in PRIVATIVES
        and _unsaid(cw, ew, lang) is not None
        and not any(w in _UNLESS or w in _EXCEPT for w in (*cw, *ew))
    ):
        result.paired.add(c_free.pop())
        e_free.pop()
    # A verb that says "no longer" on one side, said on the other in its separable form ("stellte …
    # ein" / "eingestellt"): the same verb, and German "einstellen" also means "hire".
    for free, words, other in ((c_free, cw, ew), (e_free, ew, cw)):
        for k in list(free):
            at = said_apart(words[k], other) if words[k] in IMPLICATIVES else None
            if at is not None:
                free.remove(k)
                if free is c_free:
                    result.paired.add(k)
                    subs.append(Edit("sub", "direction", (k, k + 1), (at, at + 1), EQ, EQ))
    # "Aucun animal n'est autorisé": a "none" right before an aligned noun quantifies that noun
    # wherever the rest goes, against a claim with no negation of its own ("Les animaux sont
    # autorisés": excluded; "… sont interdits": a double negation).
    if not any(m and negative(m) for m in cm):
        e_free += lead_none
    ops: list[Edit] = []
    unplaced: set[int] = set()  # claim negations after the words read, not said by the evidence
    unscoped: list[int] = []  # evidence negations that negate nothing the claim says
    unpaired: list[int] = []  # evidence negations in a slot the claim leaves without one
    for side, free, m, words, aligned in (
        ("ins", c_free, cm, cw, aligned_c),
        ("del", e_free, em, ew, aligned_e),
    ):
        for k in free:
            if any(w in _IF for w in words[max(0, k - 2) : k]):
                # "sofern keine Verlängerung vereinbart wird", "if no token is sent": a condition,
                # not what the sentence asserts
                result.dropped = True
                continue
            if words[k] in absorbed and m[k][1] != "none":
                # "Every participant completed" / "No participant failed to complete": the "none" …
                # "all" pair has read "failed" as half of its double negation.
                if side == "ins":
                    result.paired.add(k)
                continue
            # An exclusion needs the negated word aligned (or related by the lexicon): "should fast"
            # against "should not eat" is no conflict, only a difference.
            other = ew if side == "ins" else cw
            if (side, k) in unbound or not _scoped(k, m, words, aligned, subs, side, other):
                # Among the aligned words the claim negates what the evidence says otherwise; after
                # them, only where the evidence holds what it negates: either way, it is not said.
                if side == "ins" and negative(m[k]) and (k not in trailing or _stated(k, cm, cw, ew)):
                    result.lonely.add(k)
                elif side == "ins" and negative(m[k]):
                    unplaced.add(k)
                elif side == "del" and negative(m[k]) and (side, k) in in_slot:
                    unpaired.append(k)
                if side == "del" and m[k][0] == "negation" and lo <= k < hi:
                    unscoped.append(k)
                continue
            kind, value = m[k]
            # A negation about something else than the other side's subject ("Unlike Brand X, the drug
            # does not …"), or of a word its sentence also says without it ("is not open on Mondays,
            # but it is open on Sundays"): what the other side says may be the other half.
            # Chinese "A 没有 B 长" compares ("A is not as long as B") where the other side says "比".
            compares = words[k] == "没有" and any("比" in w for w in other)
            if kind == "negation" and (
                compares or any(w in _CONTRAST for w in words) or _said_both_ways(words, m, k)
            ):
                result.dropped = True
                continue
            # "Ohne Zustimmung ist … nicht zulässig" says "requires": a privative the evidence pairs
            # with a negation beyond the words read is half of a double negation, no exclusion.
            if (
                side == "del"
                and words[k] in PRIVATIVES
                and any(
                    (j < lo or j >= hi) and em[j] and em[j][0] != "part" and negative(em[j])
                    for j in range(len(ew))
                )
            ):
                result.dropped = True
                continue
            if negative(m[k]):
                rel = NEG if kind == "negation" or value in ("none", "never") else IND
            elif kind == "modal":
                rel = FWD if side == "ins" else REV
            elif side == "ins" and (kind, value) == ("frequency", "always"):
                rel = REV  # "causes drowsiness" / "always causes drowsiness": the claim says more
            else:
                continue  # "all" / "the", "usually" / nothing: left to the score
            span = (k, k + 1)
            ops.append(
                Edit(
                    side,
                    _EDIT_KINDS[kind],
                    span if side == "ins" else (0, 0),
                    span if side == "del" else (0, 0),
                    rel,
                    rel,
                )
            )
    # "Always" the claim adds says more than the evidence only where nothing excludes the claim:
    # "n'est plus fabriqué" / "est toujours fabriqué" (still) stays a conflict.
    if any(e.lexical in EXCLUSIVE for e in subs + ops):
        ops = [e for e in ops if not (e.op == "ins" and e.kind == "quantifier" and e.lexical == REV)]
    # A Chinese negation written with its word ("体积不大", not big) facing a character the lexicon
    # opposes to that word ("机身小巧", small): a negation over an antonym, said, no exclusion.
    for edit in [e for e in ops if e.op == "ins" and e.lexical == NEG]:
        word = cw[edit.claim[0]]
        if (
            len(word) == 2
            and word[0] in _CJK_NEGATIONS
            and any(
                converse(word[1], ch) or word_relation(word[1], ch, "", "zh") in EXCLUSIVE
                for v in ew
                for ch in v
            )
        ):
            ops.remove(edit)
            result.paired.add(edit.claim[0])
            result.dropped = True
    # Both sides negate, each in words of its own ("is not included in the box" / "comes without a
    # charging cable", "hat den Betrieb eingestellt" / "ist nicht mehr in Betrieb"): the claim's
    # negation faces the evidence's; what each negates differs, so the claim is not said either.
    # In German and Dutch a verb closing the clause just past the words read counts too ("… im Jahr
    # 2020 eingestellt").
    final: list[int] = []
    if lang in _VERB_FINAL:
        final = [
            j
            for j in range(
                chain[-1][1] + 1,
                _clause_end(
                    evidence, source_text, chain[-1][1], min(len(ew), chain[-1][1] + 1 + VERB_FINAL_REACH)
                ),
            )
            if em[j] and em[j][0] == "negation" and j not in e_free and j not in unscoped
        ]
        unscoped += final
        # And a verb that says "no longer" said apart from its particle ("stellte … den Betrieb ein"),
        # facing the claim's "nicht mehr" ("einstellen" also means "hire").
        if any(w in ("mehr", "meer") and k and cm[k - 1] for k, w in enumerate(cw)):
            unscoped += [
                at
                for w in _APART_IMPLICATIVES
                if (at := said_apart(w, ew)) is not None and not em[at] and at not in unscoped
            ]
    for _ in unscoped:
        i = next(
            (n for n, e in enumerate(ops) if e.op == "ins" and e.lexical == NEG and e.kind == "negation"),
            None,
        )
        if i is None:
            break
        k = ops.pop(i).claim[0]
        result.paired.add(k)
        # Unless the claim's negation bears on a word both say, which the evidence's then negates too:
        # "ist nicht mehr in Betrieb" / "hat ihren Betrieb eingestellt".
        head = _operand(cw, cm, k)
        result.dropped = result.dropped or head is None or head not in aligned_c
    # A claim without a negation, facing the verb that closes the evidence's clause and negates the
    # word both say right before it: "ist weiterhin in Betrieb" / "hat ihren Betrieb eingestellt".
    if not any(m and negative(m) for m in cm):
        ops += [Edit("del", "negation", (0, 0), (j, j + 1), NEG, NEG) for j in final if j - 1 in aligned_e]
    # A lone negation facing, on the other side, a negation or a word that means "not" that nothing
    # pairs ("declined to comment" / "did not comment", "support was dropped" / "does not support",
    # "no longer supported by the installer" / "the installer does not support … anymore"): both
    # sides may negate the same thing in words of their own, so no exclusion, only a difference.
    edited_c = {x for e in subs for x in range(*e.claim)}
    edited_e = {x for e in subs for x in range(*e.evidence)}
    in_ops = {(e.op, k) for e in ops for k in range(*(e.claim if e.op == "ins" else e.evidence))}
    # A word that means "not" beside the claim's own negation makes a double negation of it: "no
    # user can skip two-step login" says it is mandatory.
    ins_ops = {k for op, k in in_ops if op == "ins"}
    twice = [k for k in _negating(cw, cm, aligned_c | edited_c, ins_ops, ew) if _means_not(cw[k])]
    facing = {
        "ins": _negating(ew, em, aligned_e | edited_e, {k for op, k in in_ops if op == "del"}, cw) + twice,
        "del": _negating(cw, cm, aligned_c | edited_c, ins_ops, ew),
    }
    # A word aligned by its stem that says "without" in itself: "laktosefrei" facing "Laktose".
    for i, j in chain:
        if _means_not(cw[i]) != _means_not(ew[j]) and cw[i] != ew[j]:
            facing["del" if _means_not(cw[i]) else "ins"].append(i if _means_not(cw[i]) else j)
    # A claim's "without" facing a word of the evidence's that means "lacking" ("requests without
    # the header" / "requests that omit the header"): one privative in words of its own.
    for edit in [e for e in ops if e.op == "ins" and e.lexical == NEG and cw[e.claim[0]] in PRIVATIVES]:
        k = next((k for k in facing["ins"] if ew[k] in PRIVATIVES or _means_not(ew[k])), None)
        if k is not None:
            facing["ins"].remove(k)
            ops.remove(edit)
            result.paired.add(edit.claim[0])
    lone = [e for e in ops if e.lexical == NEG]
    # The evidence's "without" under a negation of its own before it is half of a double negation,
    # whatever stands between: "ist nicht berechtigt, die Wohnung ohne Zustimmung unterzuvermieten" /
    # "bedarf der Zustimmung" (it requires consent). No exclusion, only words not read.
    # (A negation that is an edit itself already cancels it: "may not sublet without" / "may sublet with".)
    # (Nor when the claim says "without" in words of its own: "tokens sin fecha" / "tokens que carecen de".)
    edited = {k for e in ops if e.op == "del" for k in range(*e.evidence)}
    privative_said = any(w in PRIVATIVES or _means_not(w) for w in cw)
    for edit in [e for e in lone if e.op == "del" and ew[e.evidence[0]] in PRIVATIVES and not privative_said]:
        j = edit.evidence[0]
        if any(
            em[k] and negative(em[k]) and k not in aligned_e and k not in edited
            for k in range(max(0, j - _DOUBLE_REACH), j)
        ):
            ops.remove(edit)
            lone.remove(edit)
            result.dropped = True
    # The evidence from its first aligned word to the end of that clause: what it says before them,
    # or in another clause, the claim may leave out ("Patients should avoid alcohol" / "Alcohol
    # should not be consumed").
    inner = range(chain[0][1], _clause_end(evidence, source_text, chain[-1][1], hi))
    # Only a single lone negation, and the only exclusive edit: two of them already cancel
    # ("prohibited from keeping pets without permission" / "may not keep pets unless …", 禁止 / 不允许),
    # and dropping one would leave the other alone.
    if (
        len(lone) == 1
        and facing[lone[0].op]
        and not any(e.lexical in EXCLUSIVE for e in subs + ops if e is not lone[0])
    ):
        ops.remove(lone[0])
        # When nothing else differs, both negate the same words: "declined to comment" / "did not
        # comment", "support was dropped in Quill 5.0" / "Quill 5.0 does not support", "must not
        # take" / "contraindicated" (the verb of use is the prohibition's own).
        used = LIGHT_VERBS | USE_VERBS | AVAILABILITY_WORDS
        result.dropped = (
            result.dropped
            or (lone[0].op == "ins" and bool(twice))
            or _differ(cw, cm, aligned_c | edited_c, range(len(cw)), ew, used)
            or _differ(ew, em, aligned_e | edited_e, inner, cw, used)
        )
        if lone[0].op == "ins":
            result.paired.add(lone[0].claim[0])
    # A claim negation right before a word the lexicon excludes from the evidence's, that no edit
    # accounts for (it stood in a gap no aligned phrase bounds): it negates that word, so it is an
    # insertion too, and "n'est pas autorisé" facing "interdite" comes out equivalent.
    accounted = (
        {e.claim[0] for e in ops if e.op == "ins"} | result.paired | {i for i, j in chain if cm[i] and em[j]}
    )
    for edit in [e for e in subs if e.lexical in EXCLUSIVE and e.kind in ("direction", "negation")]:
        k = next(
            (
                k
                for k in range(edit.claim[0] - 1, max(-1, edit.claim[0] - 4), -1)
                if cm[k] and cm[k][0] == "negation" and k not in accounted
            ),
            None,
        )
        if k is not None:
            accounted.add(k)
            result.lonely.discard(k)
            ops.append(Edit("ins", "negation", (k, k + 1), (0, 0), NEG, NEG))
    # A claim's lone "should not be taken" facing a word of the evidence's that means "not"
    # ("contraindicated", "avoid"), where nothing else differs: one prohibition in words of its own.
    # And the other way round: the evidence's "must not take" facing the claim's "contraindicated".
    light = LIGHT_VERBS | USE_VERBS
    result.dropped = result.dropped or (
        bool(unpaired)
        and not (
            len(unpaired) == 1
            and not result.lonely
            and not any(e.lexical in EXCLUSIVE for e in subs + ops)
            and facing["del"]
            and not _differ(cw, cm, aligned_c | edited_c, range(len(cw)), ew, light)
            and not _differ(ew, em, aligned_e | edited_e, range(len(ew)), cw, light)
        )
    )
    if (
        len(result.lonely) == 1
        and _negating(ew, em, aligned_e | edited_e, set(), cw)
        and not _differ(cw, cm, aligned_c | edited_c, range(len(cw)), ew, light)
        and not _differ(ew, em, aligned_e | edited_e, inner, cw, light)
    ):
        result.paired |= result.lonely
        result.lonely.clear()
    # A negation of the evidence's beyond the words read, right before a word the claim states
    # without one ("The new version … is no longer compatible with Android 9" / "Android 9 is still
    # compatible with the new version"): the alignment read another stretch, but the claim does not
    # say what the evidence does.
    if not result.dropped and not any(negative(m) for m in cm if m):
        result.dropped = any(_negates_said(ew, em, j, cw) for j in [*range(lo), *range(hi, len(ew))])
    # A claim word that says "not" by derivation ("is impossible", "is unavailable"), which no
    # negation of the evidence's faces: the claim denies what the evidence may affirm, so it is not
    # said (no exclusion either: the lexicon cannot say what it negates).
    if not any(negative(m) for m in em if m) and not _negating(ew, em, aligned_e | edited_e, set(), cw):
        result.lonely |= {
            k
            for k in _negating(cw, cm, aligned_c | edited_c, set(), ew)
            if not cm[k]
            and k not in result.paired
            and len(cw[k]) > 5
            and privative(cw[k])
            # next to the words read: a long claim's other part may say it of something else
            and any(abs(k - i) <= 2 for i in aligned_c)
        }
        # The same for a word aligned by its stem: "laktosefrei" facing "enthält Laktose".
        result.lonely |= {
            i for i, j in chain if _means_not(cw[i]) and not _means_not(ew[j]) and cw[i] != ew[j]
        }
    # "Always" against "never" excludes only of one predicate: with another word right after each
    # ("always leaves on time" / "is never late") the lexicon would have to relate the two.
    subs = [
        Edit(e.op, e.kind, e.claim, e.evidence, IND, IND)
        if e.kind == "quantifier"
        and e.lexical == ALT
        and cm[e.claim[0]]
        and cm[e.claim[0]][0] == "frequency"
        and _heads_differ(cw, cm, e.claim[0], ew, em, e.evidence[0], lang)
        else e
        for e in subs
    ]
    # Project: substitutions in the premise's context, operators in the context both sides share.
    shared = [j for _, j in chain if em[j] and negative(em[j])]
    edits: list[Edit] = []
    for edit in subs:
        j = edit.evidence[0]
        # Another amount is another fact under a negation too: "not more than 4 g" / "… 4 mg".
        down = not (edit.kind == "number" and edit.lexical == ALT) and (
            sum(1 for k in range(lo, j) if em[k] and em[k][0] != "part" and negative(em[k])) % 2 == 1
        )
        edits.append(
            Edit(edit.op, edit.kind, edit.claim, edit.evidence, edit.lexical, project(edit.lexical, down))
        )
    for edit in ops:
        at = edit.evidence[0] if edit.op == "del" else _evidence_position(chain, edit.claim[0])
        down = sum(1 for j in shared if j < at) % 2 == 1
        edits.append(
            Edit(edit.op, edit.kind, edit.claim, edit.evidence, edit.lexical, project(edit.lexical, down))
        )
    # An evidence "none" that no edit reads and the claim does not face, against a claim with no
    # negation ("Aucune construction n'est autorisée" / "Il est interdit de bâtir", "Not a single test
    # failed" / "every test passing"): it may negate the very word a substitution flips, so the flip is
    # no positive evidence of a conflict.
    read = {x for e in edits for x in range(*e.evidence)}
    if not any(negative(m) for m in cm if m) and any(
        m == ("quantifier", "none") and k not in read and not _none_idiom(ew, k) for k, m in enumerate(em)
    ):
        edits = [
            Edit(e.op, e.kind, e.claim, e.evidence, IND, IND)
            if e.op == "sub" and e.kind in ("direction", "negation") and e.projected in EXCLUSIVE
            else e
            for e in edits
        ]
    _roles(claim, evidence, source_text, cm, em, result, edits)
    if result.role is None and not any(e.projected in EXCLUSIVE for e in edits):
        apart = _unaligned_exclusion(cw, ew, cm, em, (aligned_c, aligned_e), lang, (evidence, source_text))
        # One event told from its other side: "O Sporting venceu o Académico" / "o Académico perdeu …
        # para o Sporting", when the frames keep every party's role.
        apart = [
            e
            for e in apart
            if not (turned_verbs(cw[e.claim[0]], ew[e.evidence[0]]) and frames_agree(claim, evidence))
        ]
        edits.extend(apart)
        # The slot that held the claim's word unread is read now ("gab der" / "wies die"), when the
        # rest of it is function words.
        result.unknown_at = [
            (a, b)
            for a, b in result.unknown_at
            if not any(
                a <= e.claim[0] < b and not any(_substantive(cw[k]) for k in range(a, b) if k != e.claim[0])
                for e in apart
            )
        ]
    if result.role is None and not any(e.projected in EXCLUSIVE for e in edits):
        edits.extend(_quantifier_apart(cw, ew, cm, em, aligned_c, lang))
    if result.role is None and not any(e.projected in EXCLUSIVE for e in edits):
        edits.extend(_paired_characters_exclusion(cw, ew, cm, em, lang))
    if result.role is None and not edits:
        said, faced = _negation_apart(cw, ew, cm, em, (aligned_c, aligned_e), lang)
        edits.extend(said)
        # Said the same way round, the negation faces the evidence's word and negates nothing else.
        if said and _joined(said) in ENTAILING:
            result.dropped = False
            if faced is not None:
                result.paired.add(faced)
                result.lonely.discard(faced)
    # A negation that one side makes a condition of and the other an exception: "não pode ter
    # animais, a menos que …" / "só pode ter animais se …", "geschlossen, außer wenn … ein Feiertag"
    # / "geschlossen, sofern … kein Feiertag". Which way the condition runs is beyond the words read.
    if _excepted(cw, ew) or _excepted(ew, cw):
        edits = [e for e in edits if not (e.op in ("ins", "del") and e.kind in ("negation", "quantifier"))]
    relation = _joined(edits)
    # The claim's own negation where the evidence says "only" of something else ("steht nur in der
    # Pro-Version zur Verfügung" / "In der Basisversion ist die Funktion nicht verfügbar"), or says "not"
    # in a word the claim words otherwise ("ist unbefristet" / "gilt keine Begrenzung"): what it
    # negates may be what the evidence excludes too.
    claim_only = [
        w
        for i, w in enumerate(cw)
        if i not in aligned_c and _plain(w) and not any(same_stem(w, v) for v in ew)
    ]
    edited_e = {j for e in edits for j in range(*e.evidence)}
    if (
        relation in EXCLUSIVE
        and any(e.op == "ins" and e.lexical == NEG for e in edits)
        and (
            (
                # "only" that restricts: "not only … but also" says both
                any(
                    w in NEGATION_BREAKERS and not (k and is_cue_in(ew[k - 1], lang))
                    for k, w in enumerate(ew)
                )
                and not any(w in NEGATION_BREAKERS for w in cw)
                and claim_only
            )
            or any(
                (_means_not(ew[j]) or _german_privative(ew[j], lang))
                and j not in aligned_e
                and j not in edited_e
                for j in range(len(ew))
                if not em[j]
            )
        )
    ):
        edits = [
            Edit(e.op, e.kind, e.claim, e.evidence, IND, IND) if e.op == "ins" and e.lexical == NEG else e
            for e in edits
        ]
        relation = _joined(edits)
        result.dropped = True
    # A negation of the claim's the alignment could not place may negate the very word an exclusion
    # rests on ("Der Rat lehnte … ab" / "Der Rat stimmte … nicht zu"): a double negation, not a conflict.
    if (
        relation in EXCLUSIVE
        and (result.lonely | unplaced) - result.paired - aligned_c
        and all(e.kind == "direction" for e in edits if e.projected in EXCLUSIVE)
    ):
        relation = IND
    # "allowed until 5 pm" / "not allowed after 5 pm": a bound and the other side of it, negated, say
    # one thing; the negation is read as the bound turned round, not against it.
    if relation in EXCLUSIVE and _bound_turned(cw, ew):
        relation = IND
        result.dropped = True
    # "does not accept cash" / "only accepts cards": the claim's "only" excludes what the evidence
    # negates, when it says something else in its place.
    if (
        relation in EXCLUSIVE
        and all(e.op == "del" and e.kind == "negation" for e in edits if e.projected in EXCLUSIVE)
        and any(
            w in NEGATION_BREAKERS and i not in aligned_c and not (i and is_cue_in(cw[i - 1], lang))
            for i, w in enumerate(cw)
        )
        and not any(w in NEGATION_BREAKERS for w in ew)
        and any(w not in NEGATION_BREAKERS for w in claim_only)
    ):
        relation = IND
        result.dropped = True
    if result.role is not None:
        relation = ALT
    result.relation, result.edits = relation, edits
    return result


#: Words that bound a time from after it ("until 5 pm", "fino alle 17", "jusqu'à", "bis 17 Uhr") and
#: from before it ("after 5 pm", "dopo le 17", "après", "nach 17 Uhr").
_UNTIL_WORDS = _UNTIL | frozenset("by fino jusqu bis até tot".split())
_AFTER_WORDS = frozenset("after past dopo oltre après passé nach ab después tras depois após na".split())


def _bound_turned(cw: list[str], ew: list[str]) -> bool:
    """Whether one side bounds a time with "until" and the other with "after", the same number after
    each: one of them negated says what the other does ("consentito fino alle 17" / "non consentito
    dopo le 17").

    >>> _bound_turned("entry is not allowed after 5 pm".split(), "entry is allowed until 5 pm".split())
    True
    """

    def bounds(words: list[str], kinds: frozenset[str]) -> set[str]:
        return {
            number_key(v)
            for k, w in enumerate(words)
            if w in kinds
            for v in words[k + 1 : k + 4]
            if number_key(v)[:1].isdigit()
        }

    return bool(
        (bounds(cw, _AFTER_WORDS) & bounds(ew, _UNTIL_WORDS))
        or (bounds(cw, _UNTIL_WORDS) & bounds(ew, _AFTER_WORDS))
    )


#: How many words before the evidence's "without" its other negation may stand.
_DOUBLE_REACH = 12


def _joined(edits: list[Edit]) -> str:
    """The join of the edits' projected relations, from ``eq``: what the claim is to the evidence.

    >>> _joined([]), _joined([Edit("sub", "negation", (0, 1), (0, 1), NEG, NEG)] * 2)
    ('eq', 'eq')
    """
    relation = EQ
    for edit in edits:
        relation = join(relation, edit.projected)
    return relation


#: Chinese words that order two events in time ("之后", after; "之前", before).
_CJK_BEFORE_AFTER = ("之后", "之前", "以后", "以前")


def _cjk_time_of(words: list[str]) -> str:
    """The character before a Chinese "之后" or "之前" and the word itself: what the sentence orders
    its event against ("暴雨之后" gives "雨之后"); "" when it orders none.

    >>> _cjk_time_of(["暴雨", "雨之", "之后", "后发", "发生"]), _cjk_time_of(["the", "flood"])
    ('雨之后', '')
    """
    chars = "".join(w[0] for w in words) + (words[-1][1:] if words else "")
    for t in _CJK_BEFORE_AFTER:
        at = chars.find(t)
        if at > 0:
            return chars[at - 1] + t
    return ""


#: Chinese times, in pairs of characters as Chinese is read: days, parts of a day, years and months
#: said from now. They move freely in a sentence, so they fill no role.
_CJK_TIMES = frozenset(
    "周一 周二 周三 周四 周五 周六 周日 周末 星期 期一 期二 期三 期四 期五 期六 期日 期天 今天 昨天 明天 前天"
    " 后天 上午 下午 中午 晚上 凌晨 今年 去年 明年 上月 下月 本月 上周 下周 本周 全天 当天 当日 次日".split()
)
#: Chinese characters that negate the character after them ("不大", "没变", "未满").
_CJK_NEGATIONS = frozenset(p for p in NEGATION_PARTS if len(p) == 1 and p >= "\u4e00")
#: Chinese words with 比 that are no comparison of the sentence's terms.
_NOT_COMPARED = frozenset("环比 同比 比例 比赛 比重 比分 比率 比较 相比 对比 无比".split())


def _paired_characters_exclusion(
    cw: list[str], ew: list[str], cm: list[Mark], em: list[Mark], lang: str
) -> list[Edit]:
    """An exclusion between two Chinese words in sentences that say the rest alike in another order
    ("今年一季度，本市房价环比下跌" / "本市房价今年一季度环比上涨"). Chinese is read in overlapping pairs of
    characters, so a phrase moved leaves pairs at its edges that no side holds; a pair counts as said
    when the evidence holds both its characters (or one is grammar: the passive's 被, 了, 的). The
    claim's pairs said otherwise must all hold a character of its one word that the lexicon opposes to
    one of the evidence's, and neither side holds an operator (a negation, a quantifier) whose scope
    would decide.

    >>> cw, ew = ["本市", "房价", "环比", "比上", "上涨"], ["本市", "房价", "环比", "比下", "下跌"]
    >>> _paired_characters_exclusion(cw, ew, [None] * 5, [None] * 5, "zh")[0].lexical
    'alt'
    """
    # A comparison may say the same with the converse word: "A 比 B 高" / "B 比 A 低"; only with its
    # terms in the same order do two adjectives exclude each other ("A 比 B 轻" / "A 比 B 重").
    if lang != "zh" or any(cm) or any(em):
        return []
    compared = _comparative(cw) or _comparative(ew)
    if compared and not _same_terms(cw, ew):
        return []
    # Characters of grammar (the passive's 被, 了, 的) say nothing a side could lack.
    chars = set("".join(ew)) | set("被了的是也都就将把")
    said = set(ew)
    unsaid = [i for i, w in enumerate(cw) if w[:1] >= "\u3040" and w not in said and not set(w) <= chars]
    pairs = [
        (i, j, rel)
        for i in unsaid
        for j, v in enumerate(ew)
        if v[:1] >= "\u3040" and v not in cw and (rel := word_relation(v, cw[i], "", lang)) in EXCLUSIVE
    ]
    if not pairs and compared:
        # The adjective after the second term stands in pairs with its neighbours ("代轻", "轻了"): read
        # its characters, one pair of converse characters in all ("轻" / "重").
        found = {
            (x, y): (i, j)
            for i in unsaid
            for j, v in enumerate(ew)
            if v[:1] >= "\u3040" and v not in cw
            for x in cw[i]
            for y in v
            if converse(y, x)
        }
        if len(found) == 1:
            pairs = [(*next(iter(found.values())), ALT)]
    if len(pairs) != 1:
        return []
    i, j, rel = pairs[0]
    if not all(set(cw[k]) & set(cw[i]) for k in unsaid):
        return []
    return [Edit("sub", "negation" if rel == NEG else "direction", (i, i + 1), (j, j + 1), rel, rel)]


def _same_terms(cw: list[str], ew: list[str]) -> bool:
    """Whether two Chinese comparisons with 比 compare the same terms in the same order: the same
    characters right before and right after 比 on both sides.

    >>> _same_terms(["机比", "比上", "上一"], ["机比", "比上", "上一"]), _same_terms(["款比", "比上"], ["代比", "比这"])
    (True, False)
    """

    def around(words: list[str]) -> set[str]:
        return {w for w in words if "比" in w and w not in _NOT_COMPARED}

    mine, theirs = around(cw), around(ew)
    return bool(mine) and mine == theirs and len(mine) == 2


#: Chinese characters of a time or a modal, which no predicate's character pair holds: 每月, 日前, 方应.
_CJK_FRAME_CHARS = frozenset("年月日周时前后每应会能可要需须")


def _cjk_frame_word(word: str) -> bool:
    """Whether a Chinese character pair tells when or whether (每月, 日前, 应在), not who did what to
    whom: it names no predicate two arguments stand around.

    >>> _cjk_frame_word("每月"), _cjk_frame_word("收购")
    (True, False)
    """
    return word[:1] >= "\u4e00" and any(ch in _CJK_FRAME_CHARS for ch in word)


#: Chinese prepositions that mark the second argument before the verb: "甲方向乙方支付" (pays to).
_CJK_PREPOSITIONS = frozenset("向给对从把")


def _cjk_same_preposition(c_mid: list[str], e_mid: list[str]) -> bool:
    """Whether both sides mark the second argument with the same Chinese preposition ("每月向乙方" /
    "每月需向甲方"): the verb after it is then said around the two arguments alike."""
    c_chars, e_chars = set("".join(c_mid)), set("".join(e_mid))
    return bool(c_chars & e_chars & _CJK_PREPOSITIONS)


#: Auxiliaries in the infinitive, after a modal: "ne peut pas être replié" negates "replié".
_INFINITIVE_AUXILIARIES = frozenset("être avoir sein werden worden essere".split())
#: Chinese characters of grammar: the passive's 被, the object's 把 and 将, 了, 的.
_CJK_GRAMMAR = frozenset("被把将了的")


def _cjk_pair(word: str) -> bool:
    """A pair of Chinese characters that may be a word: no grammar in it ("纳入", not "被纳")."""
    return len(word) == 2 and all("\u4e00" <= ch <= "\u9fff" and ch not in _CJK_GRAMMAR for ch in word)


def _operand(words: list[str], m: list[Mark], k: int) -> int | None:
    """The word operator ``k`` bears on ("not" negates, "never" counts): the next content word within
    reach, past auxiliaries, articles and verbs that say their complement happened ("no consiguió
    mantener"), or, when none follows ("hilft nicht"), the last one before.

    >>> _operand("it does not work".split(), [None, None, ("negation", "not"), None], 2)
    3
    """
    ahead = (
        j
        for j in range(k + 1, min(k + 6, len(words)))
        if not m[j]
        and _content(words[j])
        and words[j] not in AUXILIARY_WORDS
        and words[j] not in _INFINITIVE_AUXILIARIES
        and words[j] not in _MANAGED
        # A Chinese pair that opens on grammar ("被纳" after 未被) is no word: the verb is the next.
        and words[j][0] not in _CJK_GRAMMAR
    )
    # French "ne" and its partner hold the verb they negate; one that means "not" of its own is what
    # they bear on: "n'interdit nullement aux associés de céder" says they may.
    part = next((j for j in range(k - 1, max(-1, k - 4), -1) if m[j] and m[j][0] == "part"), None)
    found = next(
        (j for j in range(k - 1, k if part is None else part, -1) if words[j] in NEGATIVE_MEANING), None
    )
    found = next(ahead, None) if found is None else found
    if found is None:
        found = next((j for j in range(k - 1, max(-1, k - 4), -1) if not m[j] and _content(words[j])), None)
    return found


def _negation_apart(
    cw: list[str],
    ew: list[str],
    cm: list[Mark],
    em: list[Mark],
    aligned: tuple[set[int], set[int]],
    lang: str,
) -> tuple[list[Edit], int | None]:
    """A negation and the word it negates, in two sentences put in another order so that the alignment
    left them apart, read as one slot would read them. "Minors are not permitted to enter the casino"
    / "Entry to the casino is forbidden for minors": "not" and a complementary word are equivalent,
    and "not" before one of two contraries follows from the other ("closed" entails "not open", but
    "not open" may be "half open"). "Visitors are not allowed to feed the animals" / "Feeding the
    animals is permitted": "not" before a synonym is a negation. One pair of words each side says
    once and the other not at all, one negation, on either side, negating one of them, and no other
    operator; with the index of the claim's negation, which the evidence now faces.

    >>> claim, evidence = "entry to the casino is forbidden".split(), "you are not permitted to enter the casino".split()
    >>> edits, _ = _negation_apart(claim, evidence, [None] * 6, [None, None, ("negation", "not")] + [None] * 6, ({2, 3}, {6, 7}), "en")
    >>> [(e.lexical, e.projected) for e in edits]
    [('neg', 'neg'), ('neg', 'neg')]
    """
    if _comparative(cw) or _comparative(ew):
        return [], None
    ops = [("c", k) for k, mark in enumerate(cm) if mark and mark[0] != "part"]
    ops += [("e", k) for k, mark in enumerate(em) if mark and mark[0] != "part"]
    if len(ops) != 1:
        return [], None
    side, k = ops[0]
    words, m = (cw, cm) if side == "c" else (ew, em)
    if m[k][0] != "negation" or k in aligned[0 if side == "c" else 1]:
        return [], None
    negation = (
        Edit("ins", "negation", (k, k + 1), (0, 0), NEG, NEG)
        if side == "c"
        else Edit("del", "negation", (0, 0), (k, k + 1), NEG, NEG)
    )
    # "Unless" or "only" makes the negation a condition: "will not run unless …" is "only runs if …".
    if any(w in NEGATION_BREAKERS or w in _UNLESS for w in (*cw, *ew)):
        return [], None
    said = _negated_said(
        words,
        m,
        k,
        aligned[0 if side == "c" else 1],
        *((ew, aligned[1]) if side == "c" else (cw, aligned[0])),
    )
    if said and _unsaid(cw, ew, lang) is not None:
        return [negation], k if side == "c" else None
    head = _operand(words, m, k)
    if head is None or head in aligned[0 if side == "c" else 1]:
        return [], None
    # The only pair of free words the lexicon relates, and the negation negates one of them: each
    # side's free words once, the negated word's pairs first, the rest only to find a second pair
    # (a scan of every pair would cost the square of a long claim's length for nothing).
    free_c = [(i, w) for i, w in enumerate(cw) if i not in aligned[0] and _unmatched(w, cw, ew)]
    free_e = (
        [(j, v) for j, v in enumerate(ew) if j not in aligned[1] and _unmatched(v, ew, cw)] if free_c else []
    )

    def related(w: str, v: str) -> str | None:
        rel = word_relation(v, w, "", lang) or (EQ if same_predicate(v, w, lang) else None)
        return rel if rel in (EQ, NEG, ALT) else None

    at = 0 if side == "c" else 1
    pairs = [
        (i, j, rel)
        for i, w in free_c
        for j, v in free_e
        if (i, j)[at] == head and (rel := related(w, v)) is not None
    ]
    if len(pairs) != 1 or any(
        (i, j)[at] != head and related(w, v) is not None for i, w in free_c for j, v in free_e
    ):
        return [], None
    i, j, rel = pairs[0]
    # A contrary follows only from the word without the negation.
    if rel == ALT and side == "e":
        return [], None
    # Before a conflict, a word that says "not" of its own may be what the negation faces: "must not
    # be taken with alcohol" / "alcohol should be avoided while taking it".
    if rel == EQ and (
        any(_means_not(w) for k_, w in enumerate(cw) if k_ != i)
        or any(_means_not(w) for k_, w in enumerate(ew) if k_ != j)
    ):
        return [], None
    return [Edit("sub", "direction", (i, i + 1), (j, j + 1), rel, rel), negation], k if side == "c" else None


def _negated_said(
    words: list[str], m: list[Mark], k: int, aligned: set[int], other: list[str], other_aligned: set[int]
) -> bool:
    """Whether the word negation ``k`` bears on (the phrase's own word: "drops support") is the one
    word of ``other`` of its stem, unread by the alignment on both sides, and ``other`` says nothing
    that means "not" of its own ("support was dropped").

    >>> _negated_said("version 4 drops support for windows".split(), [None, None, ("negation", "not"), ("part", "not"), None, None], 2, {5}, "windows remains supported in version 4".split(), {0})
    True
    """
    own = k + 1 if k + 1 < len(words) and m[k + 1] == ("part", "not") else _operand(words, m, k)
    if own is None or own in aligned or not (_plain(words[own]) or _cjk_pair(words[own])):
        return False
    said = [
        j
        for j, v in enumerate(other)
        if j not in other_aligned
        and (_plain(v) or _cjk_pair(v))
        and (v == words[own] or same_stem(v, words[own]))
    ]
    return len(said) == 1 and not any(_means_not(v) for v in other)


#: Words between a quantifier and its noun: "none of the", "keinem der", "ninguno de los".
_PARTITIVE = frozenset(
    "of the der die des den dem de la las los les di dei degli delle da do dos das van het".split()
)


def _quantified(words: list[str], k: int) -> str | None:
    """The noun quantifier ``k`` counts: the next content word past "of the" and its like."""
    n = k + 1
    while n < len(words) and (words[n] in _PARTITIVE or words[n][:1].isdigit() or words[n] in NUMBER_WORDS):
        n += 1
    return words[n] if n < len(words) and _plain(words[n]) else None


def _quantifier_apart(
    cw: list[str], ew: list[str], cm: list[Mark], em: list[Mark], aligned: set[int], lang: str
) -> list[Edit]:
    """ "None" against "some" of one noun in two sentences that say the rest alike in another order, so
    that the alignment left the quantifiers apart: "bei keinem der 120 Teilnehmer traten schwere
    Nebenwirkungen auf" / "Einige der 120 Studienteilnehmer erlitten schwere Nebenwirkungen". One
    quantifier a side and no other operator, the nouns the same word (or one a compound ending in the
    other), and every content word of the claim said but one, which the lexicon opposes to no word of
    the evidence ("None … was convicted" / "Some … were acquitted" says the same).

    >>> claim, evidence = "some of the 40 patients had a fever".split(), "none of the 40 patients had a fever".split()
    >>> _quantifier_apart(claim, evidence, [None] * 8, [("quantifier", "none")] + [None] * 7, set(), "en")
    []
    >>> cm = [("quantifier", "some")] + [None] * 7
    >>> _quantifier_apart(claim, evidence, cm, [("quantifier", "none")] + [None] * 7, set(), "en")[0].kind
    'quantifier'
    """
    ops_c = [k for k, m in enumerate(cm) if m]
    ops_e = [k for k, m in enumerate(em) if m]
    if len(ops_c) != 1 or len(ops_e) != 1:
        return []
    i, j = ops_c[0], ops_e[0]
    if {cm[i], em[j]} != {("quantifier", "none"), ("quantifier", "some")}:
        return []
    a, b = _quantified(cw, i), _quantified(ew, j)
    if a is None or b is None or not (a == b or same_stem(a, b) or a.endswith(b) or b.endswith(a)):
        return []
    noun = cw.index(a)
    said = set(ew)
    unsaid = [
        k
        for k, w in enumerate(cw)
        if k not in (i, noun)
        and _plain(w)
        and k not in aligned
        and w not in said
        and not any(same_stem(w, v) or same_predicate(w, v, lang) for v in said if _plain(v))
    ]
    if len(unsaid) > 1 or any(word_relation(v, cw[k], "", lang) in EXCLUSIVE for k in unsaid for v in ew):
        return []
    return [Edit("sub", "quantifier", (i, i + 1), (j, j + 1), NEG, NEG)]


def _exclusive(premise: str, word: str, particle: str, before: str, lang: str, own: str = "") -> str | None:
    """The lexicon's relation of ``word`` to ``premise``, with ``word`` also read with the particle that
    closes its clause ("gab" and "statt": "stattgab"), and ``premise`` with its own (``own``: "wies …
    ab" facing "gab … statt")."""
    found = word_relation(premise, word, before, lang)
    if found not in EXCLUSIVE and particle:
        found = word_relation(premise, particle + word, before, lang)
    if found not in EXCLUSIVE and own:
        found = word_relation(own + premise, particle + word, before, lang)
    return found


#: The share of the claim's other content words the evidence must say for two predicates the alignment
#: left apart to face each other.
UNALIGNED_COVERAGE = 0.8
#: Words the lexicon opposes that are no predicate of a sentence: "first" / "last", "north" / "south".
_NOT_PREDICATES = frozenset(
    "first last next previous following preceding top bottom north south east west eastern western"
    " inside outside internal external majority minority positive negative maximum minimum upper lower"
    " early late earlier later before after".split()
)


#: Words that open a concessive clause: what it says is not the sentence's claim.
_CONCESSIVES = frozenset(
    "although though despite while whereas malgré bien quoique trotz obwohl obgleich aunque pese"
    " embora apesar nonostante sebbene benché hoewel ondanks 虽然 尽管".split()
)


#: Verbs that only carry the next one into a new state ("passou a vir desativada", "pasó a estar",
#: "came to be"): nothing of their own to say.
_STATE_CHANGE_VERBS = frozenset(
    "passou passa passaram passar vir vem vieram veio pasó pasa pasaron pasar became become becomes"
    " devenu devenue devient".split()
)


def _unsaid(cw: list[str], ew: list[str], lang: str, closing: str = "") -> list[int] | None:
    """The claim's content words the evidence says in no form, or None when they are more than the
    predicate and a fifth of the rest (``UNALIGNED_COVERAGE``): two sentences that say the rest alike.
    An approximation of a number ("Some 300 workers") says nothing of its own, nor a word that opens a
    sentence ("Laut Vertrag", "according to"), nor a German or Dutch particle that closes it.

    >>> _unsaid("the plant fired 300 workers".split(), "the plant hired 300 workers".split(), "en")
    [2]
    >>> _unsaid("a new mayor was elected in the town".split(), "the plant hired 300 workers".split(), "en") is None
    True
    """
    plain = [
        i
        for i, w in enumerate(cw)
        if _plain(w)
        and w not in SENTENCE_OPENER_WORDS
        and not (cw[i + 1 : i + 2] and cw[i + 1][:1].isdigit() and approximator([w]))
        and not (closing and i == len(cw) - 1)
        and w not in _STATE_CHANGE_VERBS
    ]
    # At most this many left unsaid: the predicate and a fifth of the rest. The lexicon is asked last,
    # and only until too many are.
    allowed = len(plain) - math.ceil(UNALIGNED_COVERAGE * (len(plain) - 1) - 1e-9)
    said = set(ew)
    # Only content words can be a synonym: the lexicon is not asked of "the", "of", "was".
    content = [v for v in said if _plain(v)]
    unsaid = []
    for i in plain:
        if cw[i] in said or any(same_stem(cw[i], v) for v in said):
            continue
        if any(same_predicate(cw[i], v, lang) for v in content):
            continue
        unsaid.append(i)
        if len(unsaid) > allowed:
            return None
    return unsaid


def _unaligned_exclusion(
    cw: list[str],
    ew: list[str],
    cm: list[Mark],
    em: list[Mark],
    aligned: tuple[set[int], set[int]],
    lang: str,
    written: tuple[list[Tok], str] | None = None,
) -> list[Edit]:
    """An exclusion between the predicates of two sentences that say the rest alike in another order, so
    that the alignment left both words apart: "El Congreso aprobó … la reforma" / "La reforma fue
    rechazada … por el Congreso", "hired 300 workers" / "300 workers were laid off". One edit, or none:
    each word said once and not by the other side, the only such pair, no negation or quantifier on
    either side (its scope would decide), and the claim's other content words said. The evidence's
    tokens and text (``written``) tell where a clause it opens ends.

    >>> claim, evidence = "300 workers were fired at the plant".split(), "the firm hired 300 workers at the plant".split()
    >>> _unaligned_exclusion(claim, evidence, [None] * 7, [None] * 8, ({0, 1}, {3, 4}), "en")[0].lexical
    'alt'
    """
    if any(cm) or any(em) or _comparative(cw) or _comparative(ew):
        return []
    if lang == "zh":
        return _cjk_exclusion(cw, ew)

    # A German or Dutch verb whose particle closes the sentence is read whole ("gab … statt" /
    # "stattgab"): the particle is part of the predicate.
    closing = cw[-1] if lang in _VERB_FINAL and cw and cw[-1] in _CLOSING_PARTICLES else ""
    own = ew[-1] if lang in _VERB_FINAL and ew and ew[-1] in _CLOSING_PARTICLES else ""
    # The claim's other content words said, first: most sentences are about something else.
    unsaid = _unsaid(cw, ew, lang, closing)
    if not unsaid:
        return []

    def candidates(words: list[str], ks: list[int] | range, other: list[str], taken: set[int]) -> list[int]:
        particle = closing if words is cw else own
        return [
            k
            for k in ks
            if k not in taken
            and len(particle + words[k]) > 3
            and _plain(words[k])
            and words[k] not in _NOT_PREDICATES
            and words[k] not in _EXCHANGES
            and words[k] not in NUMBER_WORDS  # the number check's: "three" / "seconds" is no flip
            and words.count(words[k]) == 1
            and not any(same_stem(words[k], v) for v in other)
        ]

    pairs = [
        (i, j, rel)
        for i in candidates(cw, unsaid, ew, aligned[0])
        for j in candidates(ew, range(len(ew)), cw, aligned[1])
        # a price adjective against a verb of direction on the side that names the price too
        if (
            rel := _exclusive(ew[j], cw[i], closing, ew[j - 1] if j else "", lang, own)
            or _price_relation(cw, i, ew, j, lang)
            or _particle_relation(cw, i, [ew[j]], lang)
            or _particle_relation(ew, j, [cw[i]], lang)
        )
        in EXCLUSIVE
        and not converse(ew[j], cw[i])
        and not _bounded(cw, i, ew, j)
    ]
    if len(pairs) != 1:
        return []
    i, j, rel = pairs[0]
    # The evidence's word in a clause of its own ("…, which keeps memory use below", "Malgré une
    # hausse des ventes, …"), or the claim's word said by another of its words ("baissé" / "reculer"),
    # or the evidence's by a word of the claim's that says no other of its words ("archivos eliminados"
    # / "archivos borrados"; "empleados" says "trabajadores" and not "contrató").
    # German "der", "die", "das" are mostly articles.
    relatives = _RELATIVES - {"der", "die", "das"} if lang == "de" else _RELATIVES
    others = [w for k, w in enumerate(ew) if k != j and _plain(w)]
    # ("Die Quote ist, trotz der Schließung des Werks, gesunken": that clause closed before the word.)
    opens = [k for k in range(max(0, j - CLAUSE_SLOT), j) if ew[k] in relatives or ew[k] in _CONCESSIVES]
    if (
        any(written is None or _clause_end(*written, k, j + 1) > j for k in opens)
        or any(word_relation(v, cw[i], "", lang) in ENTAILING for v in ew)
        or any(
            word_relation(ew[j], v, "", lang) == EQ
            and not any(same_predicate(v, w, lang) or word_relation(w, v, "", lang) == EQ for w in others)
            for k, v in enumerate(cw)
            if k != i and _plain(v)
        )
    ):
        return []
    kind = "negation" if rel == NEG else "direction"
    return [Edit("sub", kind, (i, i + 1), (j, j + 1), rel, rel)]


#: Verbs that say their complement happened ("managed to keep", "logró mantener", "non è riuscito a
#: garantire" is "did not guarantee"): nothing else in a slot.
#: Adverbs of degree: "muy ligera" / "bastante pesada" differ in the adjectives, not in what the
#: adverbs say.
_DEGREE = frozenset(
    "very quite rather fairly extremely highly remarkably surprisingly particularly especially"
    " relatively somewhat très assez plutôt extrêmement particulièrement relativement sehr ziemlich"
    " recht eher äußerst besonders relativ erstaunlich überraschend muy bastante sumamente"
    " relativamente especialmente muito extremamente molto abbastanza piuttosto estremamente"
    " particolarmente relativamente erg zeer vrij nogal tamelijk bijzonder relatief".casefold().split()
)
_MANAGED = frozenset(
    "managed manage manages succeeded logró logra lograron consiguió consigue consiguieron conseguiu"
    " conseguiram réussi réussit riuscito riuscita riuscì gelang slaagde".split()
)


def _cjk_exclusion(cw: list[str], ew: list[str]) -> list[Edit]:
    """The one pair of character pairs the lexicon excludes, each said on one side only, in two Chinese
    sentences said alike in another order: "今年春季，地下水位明显上升" / "地下水位在今年春季明显下降".

    >>> _cjk_exclusion(["水位", "位下", "下降"], ["水位", "位上", "上升"])[0].lexical
    'alt'
    """
    mine = [i for i, w in enumerate(cw) if len(w) == 2 and w >= "\u3040" and w not in ew]
    theirs = [j for j, w in enumerate(ew) if len(w) == 2 and w >= "\u3040" and w not in cw]
    pairs = [
        (i, j, rel)
        for i in mine
        for j in theirs
        if (rel := word_relation(ew[j], cw[i], "", "zh")) in EXCLUSIVE and not converse(ew[j], cw[i])
    ]
    if len(pairs) != 1:
        return []
    i, j, rel = pairs[0]
    return [Edit("sub", "negation" if rel == NEG else "direction", (i, i + 1), (j, j + 1), rel, rel)]


#: Words that put a negation on something else than the claim's subject ("Unlike Brand X, …").
_CONTRAST = frozenset(
    "unlike except besides contrairement sauf excepté hormis gegensatz außer ausser anders"
    " diferencia excepto salvo diferentemente exceto differenza eccetto tranne behalve anders dan"
    " 不同于 除了".split()
)


def _said_both_ways(words: list[str], m: list[Mark], k: int) -> bool:
    """Whether the word negation ``k`` negates is said again in its sentence ("is not open on Mondays,
    but it is open on Sundays").

    >>> words = "the museum is not open on mondays but it is open on sundays".split()
    >>> _said_both_ways(words, [None, None, None, ("negation", "not")] + [None] * 9, 3)
    True
    """
    head = next((n for n in range(k + 1, min(len(words), k + 4)) if _plain(words[n]) and not m[n]), None)
    return head is not None and sum(w == words[head] or same_stem(w, words[head]) for w in words) > 1


#: How far after "all" a word that means "not" turns it into "none" ("all of the trial participants
#: remained free of").
_ALL_NOT_REACH = 10
#: Words that say "without" after "all": free of, exempt from.
#: ("without" is an operator of its own, read as one).
#: "Free of" says "without": "frei von", "libre de", "exento de", "privo di", "vrij van".
_FREE = frozenset(
    "free frei libre libres exempt exempte exempts exento exenta isento isenta esente privo priva vrij".split()
)
_FREE_OF = NEGATIVE_MEANING - PRIVATIVES | _FREE

#: The prepositions after a word of ``_FREE``: "free of", "frei von".
_FREE_PREPOSITIONS = frozenset("of from von de d da di van".split())

#: Words that make "some" mean "some, not all".
_ONLY = frozenset(
    "only just nur seulement solo sólo solamente apenas soltanto alleen slechts 只有 仅 仅有".split()
)


#: Operator pairs of which "only" with the weaker excludes the stronger: "only some" / "all", "only
#: occasionally" / "always".
_ONLY_EXCLUDES = (
    {"all", "some"},
    {"all", "most"},
    {"always", "sometimes"},
    {"always", "often"},
    {"always", "usually"},
)


def _only(words: list[str], k: int) -> bool:
    return any(w in _ONLY for w in words[max(0, k - 2) : k])


def _negating(words: list[str], m: list[Mark], taken: set[int], ops: set[int], other: list[str]) -> list[int]:
    """The tokens of one side that negate something the other side says and that no alignment,
    lexicon edit or operator edit accounts for: a negation operator whose word (the next content
    word) the other side says, or a word that means "not" ("declined", "dropped",
    "uitgeschakeld", 停止) next to a word the other side says. "… will have nothing to do with
    Starbucks" negates nothing of "would not sell coffee".

    >>> words = ["the", "company", "declined", "to", "comment"]
    >>> _negating(words, [None] * 5, {0, 1, 4}, set(), ["the", "company", "did", "not", "comment"])
    [2]
    """

    def says(j: int | None) -> bool:
        return j is not None and any(words[j] == w or same_stem(words[j], w) for w in other)

    def head(k: int, step: int, reach: int) -> int | None:
        stop = k + step * reach
        return next(
            (
                j
                for j in range(k + step, max(-1, min(len(words), stop)), step)
                if not m[j] and _content(words[j]) and words[j] not in AUXILIARY_WORDS
            ),
            None,
        )

    out = []
    for k, w in enumerate(words):
        if k in taken or k in ops:
            continue
        if w.startswith(NEGATIVE_MEANING_PARTS) or (
            w[:1] >= "\u3040" and m[k] is not None and m[k][0] != "part" and negative(m[k])
        ):
            out.append(k)  # characters: the words around are pairs of them, said or not
        elif m[k] is not None and m[k][0] != "part" and negative(m[k]):
            # An n-word closing its clause is said of what comes before it ("non se n'è conservato
            # alcuno").
            closing = head(k, 1, 6) is None and m[k][0] == "quantifier"
            if says(head(k, 1, 6)) or (closing and any(says(j) for j in _before(k, m, words))):
                out.append(k)
        elif _says_not(words, k) and (says(head(k, 1, 6)) or any(says(j) for j in _before(k, m, words))):
            out.append(k)
        elif w in _FREE and k + 1 < len(words) and words[k + 1] in _FREE_PREPOSITIONS and says(head(k, 1, 6)):
            out.append(k)  # "frei von Bisphenol A" says "kein Bisphenol A"
    return out


def _differ(
    words: list[str],
    m: list[Mark],
    accounted: set[int],
    within: range,
    other: list[str],
    light: frozenset[str] = LIGHT_VERBS,
) -> bool:
    """Whether one side holds, ``within`` its words read, a content word that the other side does
    not say and no edit accounts for, other than the words that negate and light verbs ("has",
    "contains"): the negations then differ in more than their wording.

    >>> _differ(["the", "firm", "declined", "to", "comment"], [None] * 5, set(), range(5), ["firm", "comment"])
    False
    >>> _differ(["the", "firm", "declined", "to", "sell"], [None] * 5, set(), range(5), ["firm", "comment"])
    True
    """
    return any(
        k not in accounted
        and not m[k]
        and _content(words[k])
        and words[k] not in AUXILIARY_WORDS
        and words[k] not in light
        and not _means_not(words[k])
        and not words[k].startswith(NEGATIVE_MEANING_PARTS)
        and not any(words[k] == w or same_stem(words[k], w) for w in other)
        # A character pair that straddles the negation's own ("者不", "得服" around 不得) says nothing else.
        and not (
            words[k][:1] >= "\u3040"
            and any(
                0 <= x < len(words)
                and (m[x] or _means_not(words[x]) or words[x].startswith(NEGATIVE_MEANING_PARTS))
                for x in (k - 1, k + 1)
            )
        )
        for k in within
    )


def _heads_differ(
    cw: list[str], cm: list[Mark], i: int, ew: list[str], em: list[Mark], j: int, lang: str
) -> bool:
    """Whether the words operators ``i`` (claim) and ``j`` (evidence) bear on are each unsaid by the
    other side: "is never late" / "always leaves on time".

    >>> _heads_differ("is never late".split(), [None] * 3, 1, "always leaves on time".split(), [None] * 4, 0, "en")
    True
    """

    def said(w: str, other: list[str]) -> bool:
        return any(w == v or same_predicate(w, v, lang) or (len(w) < 5 and v.startswith(w)) for v in other)

    c, e = _operand(cw, cm, i), _operand(ew, em, j)
    return c is not None and e is not None and not said(cw[c], ew) and not said(ew[e], cw)


def _before(k: int, m: list[Mark], words: list[str]) -> list[int]:
    """The last six content words before token ``k`` (what a verb closing its clause is said of:
    "wurde in Version 3 entfernt", "De ontwikkeling van … Notulist, die in 2017 werd gelanceerd, is
    vorig jaar stopgezet")."""
    return [j for j in range(k - 1, -1, -1) if not m[j] and _content(words[j])][:6]


def _clause_end(toks: list[Tok], text: str, k: int, stop: int) -> int:
    """The first token after token ``k`` (before ``stop``) that a comma, semicolon, colon, dash or
    bracket sets off: where the clause ``k`` is in ends.

    >>> from lfx_citations.core.align import token_spans
    >>> s = "The drug is banned; the team now uses another."
    >>> _clause_end(token_spans(s), s, 2, 9)
    4
    """
    return next(
        (j for j in range(k + 1, stop) if any(c in ",;:—–()" for c in text[toks[j - 1][2] : toks[j][1]])),
        stop,
    )


def _evidence_position(chain: list[tuple[int, int]], i: int) -> int:
    """Where claim token ``i`` falls in the evidence: right after the last aligned pair before it."""
    return next((j + 1 for a, j in reversed(chain) if a < i), 0)


def _scoped(
    k: int, m: list[Mark], words: list[str], aligned: set[int], subs: list[Edit], side: str, other: list[str]
) -> bool:
    """Whether a lone operator negates something both sides say: the word it negates (the first
    content word after it, past auxiliaries and articles; the last one before it when it ends the
    sentence: "hilft nicht") is aligned, related by the lexicon, or the same verb in another form on
    the other side ("failed to show" / "showed"). "Should not eat" facing "should fast" negates
    nothing the evidence says: a difference, not an exclusion."""
    if words[k][:1] >= "\u3040":  # character pairs: any of the next four said on both sides
        # (a number only right after the negation, 未满 18 岁: one further on stands in another phrase,
        # "交易金额未予披露" before a year the reading moved there)
        return any(
            j in aligned and (words[j][:1] >= "\u3040" or j <= k + 2)
            for j in range(k + 1, min(k + 5, len(words)))
        )
    head = _operand(words, m, k)
    if head is None:
        return False
    edited = {x for e in subs for x in range(*(e.claim if side == "ins" else e.evidence))}
    return head in aligned or head in edited or any(same_stem(words[head], w) for w in other)


#: Verbs that say "no longer" whose particle a clause may put at its end ("stellte … ein").
_APART_IMPLICATIVES = ("eingestellt", "aufgehört", "stillgelegt")
#: Particles German and Dutch verbs leave at the end of the clause ("stellte … ein", "nam … aan").
SEPARABLE_PARTICLES = (
    "zurück ein ab an auf aus zu vor mit fest weg los nach her hin bei dar frei"
    " terug aan af op uit in mee toe voor goed"
).split()
#: Particles that close a German or Dutch clause whose verb they belong to ("gab … statt", "wies … ab").
_CLOSING_PARTICLES = frozenset((*SEPARABLE_PARTICLES, "statt"))


def _other_quantity(cw: list[str], i: int, ew: list[str], j: int) -> bool:
    """Whether two numbers count different things, so that neither can be the other's flip: units
    of two dimensions ("40 升" / "2300 克") or a year facing a measure ("completed in 1482" / "120
    metres").

    >>> _other_quantity(["120", "metres"], 0, ["in", "1482", "following"], 1), _other_quantity(["5", "kg"], 0, ["7", "g"], 0)
    (True, False)
    >>> _other_quantity(["125", "feet"], 0, ["nine", "years"], 0), _other_quantity(["cincuenta", "mil"], 0, ["1910"], 0)
    (True, True)
    """
    c, e = number_key(cw[i]), number_key(ew[j])
    if not (c[:1].isdigit() and e[:1].isdigit()):
        return False
    c_unit = unit_dimension(cw[i + 1]) if i + 1 < len(cw) else None
    e_unit = unit_dimension(ew[j + 1]) if j + 1 < len(ew) else None
    if c_unit and e_unit:
        return c_unit != e_unit
    if is_year(c) != is_year(e):
        # A year facing a number spelled out ("fundada en 1910" / "cincuenta mil libros") or one no
        # year could be ("48.000 volúmenes"): years are written in digits, four of them.
        other, written = (c, cw[i]) if is_year(e) else (e, ew[j])
        value = _value(other)
        if written[:1].isalpha() or (value is not None and not 100 <= value < 10000):
            return True
    return bool((c_unit and is_year(e)) or (e_unit and is_year(c)))


def is_year(word: str) -> bool:
    """Whether a token reads as a calendar year rather than an amount.

    >>> is_year("1482"), is_year("120"), is_year("9000")
    (True, False, False)
    """
    return len(word) == 4 and word.isdigit() and "1000" <= word <= "2100"


def _other_period(cw: list[str], i: int, ew: list[str], j: int) -> bool:
    """Whether the two words are periods of different lengths that count a rate on both sides: "500
    requests per minute" / "500 requests per hour", "twice a day" / "twice a week".

    >>> _other_period(["per", "hour"], 1, ["per", "minute"], 1), _other_period(["the", "day"], 1, ["a", "week"], 1)
    (True, False)
    >>> _other_period(["one", "week"], 1, ["one", "month"], 1)
    True
    """
    c, e = PERIOD_DAYS.get(cw[i]), PERIOD_DAYS.get(ew[j])
    if c is None or e is None or c == e or not i or not j:
        return False
    # A rate on both sides, or one count of each ("valid for one month" / "for one week", "onze mois"
    # / "onze semaines").
    counted = cw[i - 1] == ew[j - 1] and (
        number_key(cw[i - 1])[:1].isdigit() or cw[i - 1] in _ONE_OF | {"one"}
    )
    return counted or (cw[i - 1] in RATE_WORDS and ew[j - 1] in RATE_WORDS)


def _separable_relation(ew: list[str], j: int, cw: list[str], i: int, lang: str) -> str | None:
    """The lexicon's relation of two verbs when either is a separable verb whose particle closes its
    sentence ("stellte … ein" is "einstellte", "trat … zurück" "zurücktrat"); German and Dutch only,
    or a sentence too short to tell its language ("De raad keurde de begroting goed")."""
    if lang not in _VERB_FINAL and lang:
        return None
    if j == len(ew) - 1 and ew[j] in SEPARABLE_PARTICLES:
        # The particle itself faces the claim's word ("trat im März zurück" / "wurde im März
        # ernannt"): the verb it closes is the one said.
        return next(
            (r for k in range(j) if (r := word_relation(ew[j] + ew[k], cw[i], "", lang)) in ("neg", "alt")),
            None,
        )
    e_part = ew[-1] if ew[-1] in SEPARABLE_PARTICLES and j < len(ew) - 1 else ""
    c_part = cw[-1] if cw[-1] in SEPARABLE_PARTICLES and i < len(cw) - 1 else ""
    if not e_part and not c_part:
        return None
    return word_relation(e_part + ew[j], c_part + cw[i], "", lang)


def said_apart(word: str, other: list[str]) -> int | None:
    """Where ``other`` says the separable verb ``word`` with its particle apart: "eingestellt" /
    "einstellen" in "stellte … ein", "aangenomen" in "nam … aan" (the verb's index), else None.

    >>> said_apart("eingestellt", "die firma stellte 30 ingenieure ein".split())
    2
    >>> said_apart("eingestellt", "die firma stellte 30 ingenieure vor".split()) is None
    True
    """
    for particle in SEPARABLE_PARTICLES:
        if not word.startswith(particle) or particle not in other:
            continue
        rest = word[len(particle) :]
        rest = rest[2:] if rest.startswith("ge") and len(rest) > 5 else rest
        for j, w in enumerate(other):
            if w != particle and (
                same_stem(rest, w) or (len(rest) >= 4 and w.startswith(rest[:4]) and len(w) <= len(rest) + 2)
            ):
                return j
    return None


def _unmatched(w: str, own: list[str], other: list[str]) -> bool:
    """Whether a plain word stands once in its sentence and in no form in the other.

    >>> _unmatched("hired", ["hired", "staff"], ["fired", "staff"]), _unmatched("staff", ["staff"], ["staffs"])
    (True, False)
    """
    return _plain(w) and own.count(w) == 1 and w not in other and not any(same_stem(w, v) for v in other)


def same_predicate(a: str, b: str, lang: str = "") -> bool:
    """One predicate on both sides: the same word or stem, or synonyms the lexicon gives.

    >>> same_predicate("acquired", "bought", "en"), same_predicate("acquired", "sold", "en")
    (True, False)
    """
    return a == b or same_stem(a, b) or (bool(lang) and _plain(a) and equivalent(a, b, lang))


def same_stem(a: str, b: str) -> bool:
    """Whether two words are one word inflected: four letters in common at the start and at most
    three more on either side ("show" / "showed", "signer" / "signé", "firmar" / "firmó").

    >>> same_stem("show", "showed"), same_stem("firmar", "firmó"), same_stem("work", "compatible")
    (True, True, False)
    """
    if len(a) < 4 or len(b) < 4 or a[:4] != b[:4] or a[0].isdigit():
        return False
    common = 4
    while common < min(len(a), len(b)) and a[common] == b[common]:
        common += 1
    return len(a) - common <= 3 and len(b) - common <= 3


def _inflected(a: str, b: str, lang: str) -> bool:
    """Whether two short words are one word inflected, by the lexicon's base forms ("runs" / "run",
    "ran" / "run"), where ``same_stem`` has too few letters to tell."""
    return bool(lang) and bool(set(lemmas(a, lang)) & set(lemmas(b, lang)))


def _approximated(words: list[str], i: int) -> int:
    """Where the approximation of the number at ``i`` starts ("more than 3": at "more")."""
    k = i
    while k and (approximator([words[k - 1]]) or words[k - 1] in _LINKS):
        k -= 1
    return k


_LINKS = frozenset("than at de que als of to".split())


def _stated(k: int, m: list[Mark], words: list[str], evidence: list[str]) -> bool:
    """Whether the evidence holds a word the claim's negation at ``k`` negates (one of the next three,
    or the last three when it ends the claim), by word or by prefix: "not allowed" facing "are
    against" negates nothing the evidence says."""
    near = [j for j in range(k + 1, min(k + 4, len(words))) if not m[j]] or list(range(max(0, k - 3), k))
    said = set(evidence)
    prefixes = {w[:PREFIX] for w in evidence if len(w) >= PREFIX}
    # Longer than a grammatical word: "not allowed" against "allowed", not "are against".
    return any(
        (len(words[j]) > 2 or words[j][:1] >= "\u0e00")
        and (words[j] in said or (len(words[j]) >= PREFIX and words[j][:PREFIX] in prefixes))
        for j in near
    )


def same_amount(cw: list[str], i: int, ew: list[str], j: int) -> bool:
    """Whether the two numbers are one amount once their scale words are read ("2.3 million" /
    "2,300,000", "twelve hundred" / "1,200").

    >>> same_amount("twelve hundred adults".split(), 0, "1200 adults".split(), 0)
    True
    """
    c, e = _value(number_key(cw[i])), _value(number_key(ew[j]))
    return c is not None and e is not None and math.isclose(scaled(c, cw[i + 1 :]), scaled(e, ew[j + 1 :]))


def _number_relation(cw: list[str], ew: list[str], i: int, j: int, result: Inference) -> str | None:
    """A claim's number facing the evidence's, when either side approximates it ("about 400",
    "more than 300"): the claim holds when every value the evidence allows is one it allows
    (``fwd``), is excluded when none is (``alt``), else is not said (``rev``). None when neither is
    approximate: exact numbers are the score's and the number check's."""
    share = _share(cw, i, ew, j)
    if share is not None:
        result.settled.add(i)
        return share
    c, e = _value(number_key(cw[i])), _value(number_key(ew[j]))
    if c is None or e is None or number_key(cw[i]) in map(number_key, ew):
        return None  # the evidence states the claim's number (elsewhere: "nearly 250 …, about 40 of them")
    mine, theirs = approximator(cw[:i]), approximator(ew[:j])
    # The same amount in another unit: "12 km" / "12 000 m", "320 metres" / "about 1,050 feet".
    in_claims_unit = _converted(cw, ew, i, j, e)
    if not mine and not theirs and in_claims_unit is None:
        # The same amount with its scale written out: "2.3 million" / "2,300,000".
        if same_amount(cw, i, ew, j):
            result.settled.add(i)
            return EQ
        return None
    result.settled.add(i)
    c, e = scaled(c, cw[i + 1 :]), scaled(e, ew[j + 1 :])
    if in_claims_unit is not None:
        e = in_claims_unit
        # A converted amount is rounded: an exact-looking claim is read to its conversion's precision.
        tolerance = BINARY_TOLERANCE if unit_dimension(cw[i + 1]) == "data" else CONVERSION_TOLERANCE
        mine = mine or ("exact" if abs(c - e) <= tolerance * abs(e) else None)
        if mine == "exact":
            # The same amount ("24 months" / "two years"), or one rounded ("8 km" / "5 miles").
            return EQ if math.isclose(c, e, rel_tol=1e-3) else FWD
    (c_lo, c_hi), (e_lo, e_hi) = value_range(mine, c), value_range(theirs, e)
    # "more than" and "under" leave out their own bound.
    c_open = (mine == "over", mine == "under")
    e_open = (theirs == "over", theirs == "under")
    if (
        e_hi < c_lo
        or e_lo > c_hi
        or (e_hi == c_lo and (c_open[0] or e_open[1]))
        or (e_lo == c_hi and (c_open[1] or e_open[0]))
    ):
        return ALT
    inside_lo = c_lo < e_lo or (c_lo == e_lo and (c_open[0] <= e_open[0]))
    inside_hi = e_hi < c_hi or (e_hi == c_hi and (c_open[1] <= e_open[1]))
    if inside_lo and inside_hi:
        return FWD
    # A bound the evidence states is its fact: "requires at least 4 GB" / "requires at least 8 GB".
    return ALT if mine == theirs and mine in ("least", "over", "under") else REV


def _other_group(cw: list[str], i: int, ew: list[str], j: int, chain: list[tuple[int, int]]) -> bool:
    """Whether the one number aligned at ``i`` and ``j`` bounds a group the same noun names, from
    opposite sides: "children over 12" / "children under 12" (a measure, "is over 40 metres", bounds
    no group).

    >>> _other_group("children over 12 can take it".split(), 2, "children under 12 must not take it".split(), 2, [(0, 0), (2, 2)])
    True
    """
    c_kind, e_kind = approximator(cw[max(0, i - 3) : i]), approximator(ew[max(0, j - 3) : j])
    if {c_kind, e_kind} not in ({"over", "under"}, {"least", "under"}):
        return False
    a, b = _approximated(cw, i), _approximated(ew, j)
    return (
        a > 0 and b > 0 and (a - 1, b - 1) in chain and _substantive(cw[a - 1]) and cw[a - 1] not in _COPULAS
    )


def amounts_exclude(cw: list[str], i: int, ew: list[str], j: int) -> bool:
    """Whether the claim's number at ``i`` and the evidence's at ``j``, either approximate, allow no
    common value.

    >>> amounts_exclude("about 430 ha".split(), 1, "some 340 ha".split(), 1)
    True
    >>> amounts_exclude("about 350 ha".split(), 1, "some 340 ha".split(), 1)
    False
    """
    return _number_relation(cw, ew, i, j, Inference()) == ALT


def _settle_amounts(cw: list[str], ew: list[str], cl: list[int], ev: list[int], result: Inference) -> None:
    """In a gap too long to compare word by word, a claim amount the evidence states there in another
    unit or scale ("500 mg" / "0.5 g") is settled: no number flip. Nothing is excluded here."""
    for i in cl:
        if not number_key(cw[i])[:1].isdigit():
            continue
        for j in ev:
            probe = Inference()
            if (
                ew[j][:1].isdigit()
                and _number_relation(cw, ew, i, j, probe) in (EQ, FWD)
                and i in probe.settled
            ):
                result.settled.add(i)
                break


#: Fractions written as words, in per cent: "a third of the budget" is about 33 % of it.
#: Fractions written as words, and the share in per cent each is (not "cuarto" or "quarto", also a
#: room).
_FRACTIONS = {
    **dict.fromkeys("half moitié hälfte mitad metade metà helft".split(), 50.0),
    **dict.fromkeys("third tiers drittel tercio terço terzo derde".split(), 100 / 3),
    **dict.fromkeys("quarter quart viertel kwart".split(), 25.0),
    **dict.fromkeys("fifth cinquième fünftel quinto vijfde".split(), 20.0),
    **dict.fromkeys("tenth dixième zehntel décimo decimo tiende".split(), 10.0),
}
#: Words for "a" or "one" that make the word after them a fraction ("a fifth", "un tiers", "een derde").
_ONE_OF = frozenset("a one un une ein eine einen einem una uno um uma een".split())
#: What may follow a fraction: "a fifth of …", "by a fifth over the year", "a fifth." (not "a fifth
#: generation").
_AFTER_FRACTION = FUNCTION_WORD_SET | NOUN_PHRASE_START_WORDS


def fraction(words: list[str], k: int) -> float | None:
    """The share in per cent that token ``k`` names as a fraction, None when it is none: a fraction
    is a share, not a number to flip ("rose by a fifth" / "rose by 20 %"), and "third" is not 3.

    >>> fraction(["a", "third", "of", "them"], 1), fraction(["a", "fifth"], 1), fraction(["a", "third", "term"], 1)
    (33.333333333333336, 20.0, None)
    """
    out_of = _out_of(words, k)
    if out_of is not None:
        return out_of
    before, after = words[k - 1] if k else "", words[k + 1] if k + 1 < len(words) else ""
    if before not in _ONE_OF or (after and after not in _AFTER_FRACTION):
        return None
    return _FRACTIONS.get(words[k])


#: What joins the two numbers of a share said "N out of M": "three out of four", "tres de cada
#: cuatro", "trois sur quatre", "drei von vier", "tre su quattro", "três em cada quatro", "drie op de vier".
_OUT_OF = ("out of", "in", "of every", "de cada", "sur", "von", "su", "em cada", "op de", "van de")


def _out_of(words: list[str], k: int) -> float | None:
    """The share in per cent of "N out of M" when token ``k`` is either of its numbers, else None.

    >>> _out_of("casi tres de cada cuatro hogares".split(), 1), _out_of("casi tres de cada cuatro hogares".split(), 4)
    (75.0, 75.0)
    >>> _out_of("in 3 of the 4 cases".split(), 1) is None, _out_of("fell by 25 in 2023".split(), 3) is None
    (True, True)
    """
    for joint in _OUT_OF:
        n = len(joint.split())
        for a in (k, k - n - 1):
            b = a + n + 1
            if a < 0 or b >= len(words) or " ".join(words[a + 1 : b]) != joint:
                continue
            top, bottom = _value(number_key(words[a])), _value(number_key(words[b]))
            # A share of a few ("one in four"), not an amount and a year ("25 % in 2023").
            if top is not None and bottom and 0 < top <= bottom <= 100:
                return 100 * top / bottom
    return None


def _share(cw: list[str], i: int, ew: list[str], j: int) -> str | None:
    """A fraction written as a word ("a third of") facing a share in per cent on the other side
    ("33 % of"): ``fwd`` when they are the same share (within 10 %), else ``rev`` (not said; a
    number is not a fraction's digit: "third" is not 3). None when neither side is such a fraction."""
    mine, theirs = fraction(cw, i), fraction(ew, j)
    if (mine is None) == (theirs is None):
        return None
    share = _value(number_key(ew[j] if mine is not None else cw[i]))
    if share is None or not 0 < share <= 100:
        return REV
    whole = mine if mine is not None else theirs
    return FWD if abs(share - whole) <= 0.1 * whole else REV


#: How far a claim's amount converted from another unit may stray from the evidence's and still
#: be the same amount written rounded ("5 miles" / "8 km" is 0.6 % off).
CONVERSION_TOLERANCE = 0.015
#: Amounts of data are written in powers of 1000 or of 1024 ("1 GB" / "1,024 MB").
BINARY_TOLERANCE = 0.08


_ONE = "1"
#: Articles that also count one ("une", "ein", "uno").
_ONE_ARTICLES = frozenset(w for w, n in COUNTING_HOMONYMS.items() if n == _ONE and w != "one")


def _spelled_number(cw: list[str], ew: list[str], i: int, j: int) -> str | None:
    """A number spelled out on one side facing the same number on the other ("drie" / "3"): ``eq``;
    else None (two values are the number check's, which reads the whole evidence)."""
    c, e = number_key(cw[i]), number_key(ew[j])
    # An article that counts one faces a number of more ("pour une personne" / "pour deux personnes").
    c = _ONE if c in _ONE_ARTICLES and e.isdigit() and e != _ONE else c
    e = _ONE if e in _ONE_ARTICLES and c.isdigit() and c != _ONE else e
    if not (c.isdigit() and e.isdigit()) or (c == cw[i] and e == ew[j]):
        return None
    if c == e:
        return EQ
    # Two amounts of one thing, one spelled out, in the same words around ("every eight hours" /
    # "every six hours", "une personne" / "deux personnes"): the number check reads digits only, so
    # the exclusion is read here.
    same_around = (
        0 < i < len(cw) - 1
        and 0 < j < len(ew) - 1
        and cw[i - 1] == ew[j - 1]
        and (cw[i + 1] == ew[j + 1] or same_stem(cw[i + 1], ew[j + 1]))
    )
    return ALT if same_around and _plain(cw[i + 1]) and c not in map(number_key, ew) else None


#: What a 12-hour clock writes after the hour, and the hours it adds.
_HALF_DAY = {"am": 0, "a.m": 0, "pm": 12, "p.m": 12}
#: The part of the day said in words a few words after the hour ("ocho de la tarde", "huit heures du
#: soir", "8 Uhr abends"), and the hours it adds.
_DAY_PART = dict.fromkeys(
    "evening afternoon night tarde noche soir après-midi abends nachmittags sera pomeriggio notte noite"
    " avonds middags 晚上 下午".split(),
    12,
) | dict.fromkeys("morning mañana matin morgens vormittags mattina manhã ochtends 上午 早上".split(), 0)
_DAY_PART_REACH = 5
#: Parts of the day, also as nouns ("gestern Abend", "this morning"): a time, never a party.
_TIMES_OF_DAY = frozenset(_DAY_PART) | frozenset(
    "abend morgen mittag nachmittag vormittag nacht soirée nuit noche notte avond ochtend middag"
    " night noon midnight".split()
)
_HOUR_WORDS = frozenset("heures heure uhr".split())
_MINUTE_WORDS = {
    **dict.fromkeys("media medio demie mezza mezzo meia".split(), 30),
    **dict.fromkeys("cuarto quart quarto".split(), 15),
}


def _timed(words: list[str], i: int) -> bool:
    """A one-digit hour that a time goes on from ("3 pm", "9:00")."""
    return (
        words[i].isdigit()
        and i + 1 < len(words)
        and (words[i + 1] in _HALF_DAY or _hour(words, i) is not None)
    )


def _hour(words: list[str], k: int) -> tuple[int, int, bool] | None:
    """The time at ``k``: its minute of the day, how many tokens it takes, and whether it is said on a
    12-hour clock ("3 pm", "2:30 pm", "ocho de la tarde"); None when ``k`` opens no time.

    >>> _hour("at 2 30 pm".split(), 1), _hour("at 14 30".split(), 1)
    ((870, 3, True), (870, 2, False))
    """
    n = number_key(words[k])
    if not n.isdigit() or int(n) > 23:
        return None
    h, after = int(n), words[k + 1] if k + 1 < len(words) else ""
    if after in _HALF_DAY and 1 <= h <= 12:
        return 60 * (h % 12 + _HALF_DAY[after]), 2, True
    if after.isdigit() and int(after) < 60:
        if k + 2 < len(words) and words[k + 2] in _HALF_DAY:
            return (60 * (h % 12 + _HALF_DAY[words[k + 2]]) + int(after), 3, True) if 1 <= h <= 12 else None
        # "halb acht abends" (read 7 30): the part of the day after the minutes.
        part = next((n for n, w in enumerate(words[k + 2 : k + 2 + _DAY_PART_REACH]) if w in _DAY_PART), None)
        if part is not None and 1 <= h <= 12:
            return 60 * (h % 12 + _DAY_PART[words[k + 2 + part]]) + int(after), part + 3, True
        return 60 * h + int(after), 2, False
    # Minutes said in words: "las dos y media", "trois heures et quart".
    said = (words[k + 2 : k + 3] or [""])[0] if after in AND_WORDS or after in _HOUR_WORDS else ""
    if after in _HOUR_WORDS and said in AND_WORDS:
        said = (words[k + 3 : k + 4] or [""])[0]
    minutes = _MINUTE_WORDS.get(said, 0)
    part = next((n for n, w in enumerate(words[k + 1 : k + 1 + _DAY_PART_REACH]) if w in _DAY_PART), None)
    if part is not None and 1 <= h <= 12:
        return 60 * (h % 12 + _DAY_PART[words[k + 1 + part]]) + minutes, part + 2, True
    return None


def _clock(cw: list[str], ew: list[str], i: int, j: int, result: Inference) -> str | None:
    """A time of day on a 12-hour clock facing the same time on a 24-hour one ("3 pm" / "15:00",
    "ocho de la tarde" / "20:00"): ``eq``, and the claim's tokens of the time are settled; else None
    (two different times are the number check's)."""
    mine, theirs = _hour(cw, i), _hour(ew, j)
    if mine is None or theirs is None or mine[0] != theirs[0] or mine[2] == theirs[2]:
        return None
    result.settled.update(range(i, i + mine[1]))
    return EQ


def _numeric_date(day_month: str, year: str) -> tuple[int, int, str] | None:
    """(day, month, year) of a date written "03.05" or "3/5" before its year, else None.

    >>> _numeric_date("03.05", "1911"), _numeric_date("3.5", "kg")
    ((3, 5, '1911'), None)
    """
    parts = day_month.replace("/", ".").split(".")
    if len(parts) != 2 or not all(p.isdigit() for p in parts) or not (year.isdigit() and len(year) == 4):
        return None
    day, month = int(parts[0]), int(parts[1])
    return (day, month, year) if 1 <= day <= 31 and 1 <= month <= 12 else None


def _spelled_dates(words: list[str]) -> set[tuple[int, int, str]]:
    """The dates ``words`` write as day, month name and year ("3 mai 1911")."""
    return {
        (int(words[k]), MONTH_NUMBERS[words[k + 1]], words[k + 2])
        for k in range(len(words) - 2)
        if words[k].isdigit() and words[k + 1] in MONTH_NUMBERS and words[k + 2].isdigit()
    }


def _with_unit(words: list[str], i: int) -> bool:
    return words[i].isdigit() and i + 1 < len(words) and convert(1.0, words[i + 1], words[i + 1]) is not None


_HOUR_DAYS = 1 / 24


def amount_goes_on(words: list[str], k: int) -> bool:
    """Whether a smaller unit of the same dimension goes on the amount at ``k`` ("2 horas, 8 minutos",
    "1 hour and 20 minutes").

    >>> amount_goes_on("2 horas 8 minutos".split(), 0), amount_goes_on("2 horas 3 veces".split(), 0)
    (True, False)
    >>> amount_goes_on("1 heure trente".split(), 0), amount_goes_on("1 heure".split(), 0)
    (True, False)
    """
    unit = words[k + 1] if k + 1 < len(words) else ""
    n = k + 3 if k + 2 < len(words) and words[k + 2] in COORDINATORS else k + 2
    if n >= len(words) or not number_key(words[n])[:1].isdigit():
        return False
    after = words[n + 1] if n + 1 < len(words) else ""
    part = convert(1.0, after, unit) if after else None
    if part is not None:
        return part < 1
    # Minutes without their unit after an hour: "une heure trente", "2 h 15".
    minutes = _value(number_key(words[n]))
    return (
        period_days(unit) == _HOUR_DAYS
        and (not after or after in FUNCTION_WORD_SET)
        and minutes is not None
        and minutes < 60
    )


#: Days that Romance languages say for weeks: (number, unit) -> weeks.
_WEEK_IDIOMS = {
    **{("15", unit): 2.0 for unit in "jours días dias giorni".split()},
    **{("8", unit): 1.0 for unit in "jours días dias giorni".split()},
}


def _converted(cw: list[str], ew: list[str], i: int, j: int, e: float) -> float | None:
    """The evidence's amount at ``j`` in the unit the claim writes after its number at ``i``, when the
    two units differ and measure one thing ("km" / "m"); else None. Not an amount another number and
    unit go on ("2 horas, 8 minutos", "1 m 80"): its first part is not the whole.

    >>> _converted("en 128 minutos".split(), "2 horas 8 minutos".split(), 1, 0, 2.0) is None
    True
    """
    if i + 1 >= len(cw) or j + 1 >= len(ew) or not units_differ(cw[i + 1], ew[j + 1]):
        return None
    if amount_goes_on(cw, i) or amount_goes_on(ew, j):
        return None
    found = convert(e, ew[j + 1], cw[i + 1])
    if found is None or None not in (unit_dimension(cw[i + 1]), unit_dimension(ew[j + 1])):
        return found
    # "Quinze jours", "quince días", "quindici giorni" are two weeks, "huit jours" one.
    weeks = _WEEK_IDIOMS.get((number_key(ew[j]), ew[j + 1])) if period_days(cw[i + 1]) == 7 else None
    found = weeks if weeks is not None else found
    said = _WEEK_IDIOMS.get((number_key(cw[i]), cw[i + 1])) if period_days(ew[j + 1]) == 7 else None
    found = float(number_key(cw[i])) if said is not None and said == e else found
    # A span of time in the words of another language converted is the same span ("24 Monate" /
    # "zwei Jahre"); another span, or one counted in working days ("15 días hábiles" / "tres
    # semanas"), is the span check's.
    c = _value(number_key(cw[i]))
    working = any(w in WORKING_DAYS for w in (*cw[i + 1 : i + 3], *ew[j + 1 : j + 3]))
    same = c is not None and abs(c - found) <= CONVERSION_TOLERANCE * abs(found)
    return found if same and not working else None


# ---------------------------------------------------------------------------
# Roles: who did what to whom
# ---------------------------------------------------------------------------

#: Words that make a comparison (a copula in the middle is a comparative's, not "X is the Y of Z").
_COMPARATIVE = frozenset(
    "than que als di del della dan più plus más mais meer mehr more less moins menos meno minder weniger".split()
)
_TEMPORAL = frozenset(
    "before after avant après vor nach bevor nachdem antes después prima dopo voordat nadat".split()
)
_COPULAS = frozenset(
    "is are was were be been est sont était ist sind war waren es son era fue é são foi è sono fu zijn 是"
    # Spanish and Portuguese "estar": "El uso de cámaras está permitido en la piscina".
    " está están estaba estaban estuvo estará estão estava estavam esteve estará".split()
)
_AUX_ALL = frozenset(w for auxes, _ in PASSIVE_AUXILIARIES.values() for w in auxes.split())
_AGENT_ALL = frozenset(w for _, agents in PASSIVE_AUXILIARIES.values() for w in agents.split())
_AGENTS = {lang: frozenset(agents.split()) for lang, (_, agents) in PASSIVE_AUXILIARIES.items()}
_PASSIVE_AUXES = {lang: frozenset(auxes.split()) for lang, (auxes, _) in PASSIVE_AUXILIARIES.items()}


def _passive(sentence: list[str], start: int, end: int, lang: str = "") -> bool:
    """The agent's preposition between the arguments (``sentence[start:end]``) after an auxiliary
    ("was bought by", "It was designed by … Eiffel"), or right before the second argument ("… sin luz
    por un apagón"); in German and Dutch, whose auxiliary may close the clause, with one anywhere
    ("vom Vermieter … zurückgezahlt werden"). The agent's word is the sentence's language's: Italian
    "da" is "by", Portuguese "da" "of the" ("construída depois da escola")."""
    agents = _AGENTS.get(lang, _AGENT_ALL)
    # Chinese marks the agent with 被 or 由 inside a pair of characters ("队由", "由林"): "开发团队由林晓峰
    # 带领" says "林晓峰带领开发团队". Not in words of their own: 由于 (because), 自由 (free), 理由 (reason).
    if any(cjk_agent(sentence, k) for k in range(start, end)):
        return True
    for k in range(start, end):
        w = sentence[k]
        if (
            w in agents
            and (
                k >= end - 2
                # a time may come between: "a été conçu en 1912 par"
                or any(v in _AUX_ALL for v in sentence[max(0, k - 5) : k])
                or (w in _VERB_FINAL_AGENTS and any(v in _AUX_ALL for v in sentence))
            )
        ):
            return True
    return False


def _fronted(sentence: list[str], a: int, b: int, lang: str) -> bool:
    """Whether a Spanish clause puts its object first, taken up again by a clitic before the verb,
    between the arguments ``a`` and ``b``: marked by "a" ("Al Real Oviedo lo derrotó el Sporting"
    says what "El Sporting derrotó al Real Oviedo" does, the order turned back as by a passive), or
    with its subject after the verb ("La propuesta la rechazó el comité"). A sentence too short to
    tell its language, or read as Portuguese for its "a" ("A Marta la contrató la empresa"), is read
    so too: Portuguese puts these pronouns after the verb.

    >>> _fronted("al real oviedo lo derrotó el sporting".split(), 2, 6, "es")
    True
    >>> _fronted("el sporting derrotó al real oviedo".split(), 1, 5, "es")
    False
    >>> _fronted("la propuesta la rechazó el comité".split(), 1, 5, "es")
    True
    """
    if lang not in ("es", "pt", ""):
        return False
    marked = any(w in ("a", "al") for w in sentence[max(0, a - 3) : a])
    # the pronoun right after the object marked by "a"; anywhere before the verb it precedes otherwise
    # ("las baterías de Rodaviva las suministra …")
    return any(
        w in _CLITICS and ((marked and c < a + _FRONTED_REACH) or object_first(sentence, c + 1))
        for c, w in enumerate(sentence[a + 1 : b], a + 1)
    )


#: How far after an object marked by "a" its pronoun may stand ("A los menores de dos años no se les …").
_FRONTED_REACH = 8
#: Spanish object pronouns that take up an object put first ("A Marta la contrató …").
_CLITICS = frozenset("lo la los las le les".split())


def _agentless_passive(words: list[str], lang: str) -> bool:
    """Whether a German or Dutch sentence is a passive that names no agent: its other arguments are
    told by their case, not their place ("Kindern darf das Medikament verabreicht werden" says what
    "Das Medikament darf Kindern verabreicht werden" does).

    >>> _agentless_passive("kindern darf das medikament verabreicht werden".split(), "de")
    True
    >>> _agentless_passive("acme wird globex beliefern".split(), "de"), _agentless_passive("es wurde vom amt geprüft".split(), "de")
    (False, False)
    """

    def participle(w: str) -> bool:
        return w.endswith(("t", "d")) or (w.startswith("ge") and w.endswith("en"))

    if lang not in ("de", "nl") or len(words) < 3 or any(w in _AGENTS[lang] for w in words):
        return False
    # the auxiliary before the participle that closes the clause ("wird … verabreicht"), or closing
    # it after the participle ("darf … verabreicht werden")
    auxes = _PASSIVE_AUXES[lang]
    last = words[-1]
    return (last in auxes and participle(words[-2])) or (participle(last) and any(w in auxes for w in words))


def _turned_voice(sentence: list[str], a: int, b: int, lang: str) -> bool:
    """Whether the clause between the arguments ``a`` and ``b`` says them in the other order than its
    active voice would: a passive, a Spanish object put first, or German "leihen" with "sich", which
    borrows where it otherwise lends ("Die Stadt lieh sich bei der Bank …" / "Die Bank lieh der
    Stadt …")."""
    return (
        _passive(sentence, a + 1, b, lang)
        or _fronted(sentence, a, b, lang)
        or _borrowed(sentence[a + 1 : b])
        or _german_object_first(sentence, a, b, lang)
    )


def _german_object_first(sentence: list[str], a: int, b: int, lang: str) -> bool:
    """Whether a German clause opens with its object, said with an article only an object takes
    ("den", "dem", "einen", "einem"), its subject after the verb without one: "Den Betrieb der Linie
    übernahmen die Stadtwerke" says "Die Stadtwerke übernahmen den Betrieb", "Den Preis gewann Roth"
    "Roth gewann den Preis".

    >>> _german_object_first("den betrieb der linie übernahmen 2020 die stadtwerke".split(), 3, 7, "de")
    True
    >>> _german_object_first("der verein übernahm den betrieb".split(), 1, 4, "de")
    False
    """
    return (
        lang in ("de", "")
        and sentence[:1] != []
        and sentence[0] in OBJECT_ARTICLES
        and a < SUBJECT_REACH
        and not any(w in OBJECT_ARTICLES for w in sentence[max(a + 1, b - 3) : b])
    )


_VERB_FINAL_AGENTS = frozenset("von vom door".split())
#: The longest subject a passive clause is read back to active from, in tokens.
SUBJECT_REACH = 10
#: Words that end an agent ("by the regulator for children"): prepositions, not articles, nor those
#: that name whose it is ("by the courts of Aldenburg").
_AGENT_END = (
    (NOUN_PHRASE_START_WORDS & FUNCTION_WORD_SET)
    - ARTICLES
    - frozenset("of de d di del della des du da do dos das van von".split())
)


def active_order(words: list[str]) -> list[int] | None:
    """The order that reads a passive clause as its active: "X was V by Y, rest" as "Y V X, rest",
    the auxiliary and the agent's preposition left out; None when the clause is not passive (German
    and Dutch, whose verb closes the clause, are read as written).

    >>> w = "dornaxin was rejected by the regulator for children".split()
    >>> [w[k] for k in active_order(w)]
    ['the', 'regulator', 'rejected', 'dornaxin', 'for', 'children']
    >>> w = "el uso de trelvax fue rechazado por la agencia sanitaria".split()
    >>> " ".join(w[k] for k in active_order(w))
    'la agencia sanitaria rechazado el uso de trelvax'
    >>> active_order("the regulator approved dornaxin".split()) is None
    True
    """
    for lang, (auxes, agents) in PASSIVE_AUXILIARIES.items():
        if lang in _VERB_FINAL:
            continue
        aux, agent = auxes.split(), agents.split()
        p = next((k for k in range(1, min(len(words), SUBJECT_REACH + 1)) if words[k] in aux), None)
        if p is None:
            continue
        v = p + 1
        while v < len(words) and words[v] in aux:  # "ha sido", "è stata", "has been"
            v += 1
        g = next((k for k in range(v + 1, min(len(words), v + 3)) if words[k] in agent), None)
        if g is None or g + 1 >= len(words):
            continue
        e = g + 2
        while e < len(words) and words[e] not in _AGENT_END:
            e += 1
        return [*range(g + 1, e), *range(v, g), *range(p), *range(e, len(words))]
    return None


def _comparative(words: list[str]) -> bool:
    """Whether a sentence compares: a word of comparison, or 比 outside a word where it compares nothing
    of the sentence's terms (环比 and 同比 count against the month or year before).

    >>> _comparative(["钟楼", "楼比", "比教", "教堂", "堂高"]), _comparative(["房价", "价环", "环比", "比下", "下跌"])
    (True, False)
    """
    return any(
        w in _COMPARING or ("比" in w and not {w, *words[max(0, k - 1) : k + 2]} & _NOT_COMPARED)
        for k, w in enumerate(words)
    )


#: Words that make a sentence compare on their own: not "que", "di", "del", which say "that" and
#: "of" far more often than "than" ("la reforma del Código"), but the comparatives of one word that
#: go with them ("mayor que", "maggiore di").
_COMPARING = _COMPARATIVE - frozenset("que di del della".split()) | frozenset(
    "mayor menor mejor peor maior melhor pior maggiore minore migliore peggiore".split()
)


#: Verbs of an exchange, told from either party: buying and selling, lending and borrowing.
_EXCHANGES = TRADE_VERBS | frozenset(
    "lend lends lent lending borrow borrows borrowed borrowing prête prêté prêtée emprunte emprunté"
    " empruntée leiht lieh geliehen leihen presta prestó prestado prestada prestou emprestou emprestado"
    " presta prestò prestato leent leende geleend".split()
)


def _trade_turned(cw: list[str], i: int, ew: list[str], j: int) -> bool:
    """Whether two verbs of an exchange ("bought" / "sold") have each other's parties: the word before
    the claim's verb said after the evidence's ("Globex bought" / "Acme sold … to Globex"), which
    tells the same sale from the other side.

    >>> _trade_turned("globex bought the plant".split(), 1, "acme sold the plant to globex".split(), 1)
    True
    >>> _trade_turned("acme bought the plant".split(), 1, "acme sold the plant to globex".split(), 1)
    False
    """
    if cw[i] not in _EXCHANGES or ew[j] not in _EXCHANGES:
        return False
    before = next((w for w in reversed(cw[max(0, i - 3) : i]) if _plain(w)), None)
    return before is not None and before in ew[j + 1 :] and before not in ew[:j]


def _says_apart(word: str, ew: list[str], taken: set[int]) -> bool:
    """Whether the evidence says the claim's word in a place the alignment left apart: the claim's
    "rose" facing "fell" is then read against the wrong clause.

    >>> _says_apart("rose", "sales fell in asia while they rose in europe".split(), {0, 1})
    True
    """
    # Chinese is read in pairs of characters, which recur in other words.
    return word[:1] < "\u3040" and any(
        w == word or same_stem(w, word) for k, w in enumerate(ew) if k not in taken
    )


def _excepted_state(one: list[str], i: int, other: list[str], j: int, lang: str = "") -> bool:
    """Whether ``other`` makes an exception ("except", "excepto", "außer") and ``one`` says the
    exception's state and the other state both: "abre todos los días excepto los lunes" / "cierra los
    lunes y abre el resto de la semana" (word ``i`` of ``one`` faces word ``j`` of ``other``).

    >>> _excepted_state("cierra los lunes y abre".split(), 0, "abre todos excepto los lunes".split(), 0, "es")
    True
    """
    return any(w in _EXCEPT for w in other) and any(
        same_predicate(w, other[j], lang) for k, w in enumerate(one) if k != i
    )


def _both_say(cw: list[str], ew: list[str], i: int, j: int, lang: str = "") -> bool:
    """Whether each of two words the lexicon excludes is said on the other side too, in any form: the
    sentences then name both, in other places ("Die alte Version startet langsamer als die neue" /
    "Die neue Version startet doppelt so schnell wie die alte", "abre de lunes a sábado y está cerrada
    los domingos" / "cerrada los domingos … de lunes a sábado está abierta"), which only the roles
    can judge.

    >>> _both_say("cerrada domingos abierta".split(), "abre cerrada domingos".split(), 2, 1, "es")
    True
    """
    if any(same_predicate(w, cw[i], lang) for w in ew) and any(same_predicate(w, ew[j], lang) for w in cw):
        return True
    # Or each side says both poles, in words of their own: "may be increased … should be reduced" /
    # "should be lowered … may justify raising it".
    mine, theirs = poles_of(cw[i], lang), poles_of(ew[j], lang)
    return (
        bool(mine and theirs)
        and any(poles_of(w, lang) & theirs for k, w in enumerate(cw) if k != i)
        and any(poles_of(w, lang) & mine for k, w in enumerate(ew) if k != j)
    )


def _compared_alike(
    cw: list[str], i: int, ew: list[str], j: int, caps: tuple[list[bool], list[bool]] | None = None
) -> bool:
    """Whether two comparatives that exclude each other ("deeper" / "shallower") compare with the same
    thing: the claim's next two content words are among the evidence's next four (by stem: "avant de
    s'installer" / "après son installation"). "Lake Tessu is
    deeper than Lake Orvin" against "it is shallower than nearby Lake Tessu" compares other lakes.

    >>> _compared_alike("a is deeper than b".split(), 2, "a is shallower than b".split(), 2)
    True
    >>> _compared_alike("t is deeper than lake orvin".split(), 2, "it is shallower than lake tessu".split(), 2)
    False
    """

    def after(words: list[str], k: int, n: int, capital: list[bool] | None) -> list[str]:
        # A capitalized short word names a model or a place ("than the Lumo S", "than the Po");
        # "s'installer" holds none. A name goes on to its end ("das Modell Vento L").
        found = [
            m
            for m, w in enumerate(words[k + 1 : k + 8], k + 1)
            if (_content(w) or (capital is not None and capital[m] and _short_name(w)))
            and w not in _COMPARATIVE
        ]
        kept = found[:n]
        while (
            capital is not None
            and kept
            and len(kept) < len(found)
            and found[len(kept)] == kept[-1] + 1
            and capital[kept[-1]]
            and capital[found[len(kept)]]
        ):
            kept.append(found[len(kept)])
        return [words[m] for m in kept]

    c_caps, e_caps = caps or (None, None)
    theirs = after(ew, j, 4, e_caps)
    return all(
        any(w == v or (len(w) >= PREFIX and w[:PREFIX] == v[:PREFIX]) for v in theirs)
        for w in after(cw, i, 2, c_caps)
    )


#: Words that make an adjective a comparison of equals ("twice as fast as", "so schnell wie"), or
#: relate a place to another ("al norte de", "north of", "à l'ouest de").
_EQUATIVE = frozenset("as wie zo aussi autant tan tanto tão così come of de von van à a al au".split())


def _comparing_near(words: list[str], k: int) -> bool:
    """Whether the word at ``k`` compares: a word of comparison within two words of it ("lighter
    than", "plus légère que", "so schnell wie", "al norte de"). A contrary said plainly ("muy ligera"
    / "bastante pesada") compares nothing, whatever words follow it.

    >>> _comparing_near("it is lighter than the box".split(), 2), _comparing_near("es muy ligera y cabe".split(), 2)
    (True, False)
    """
    # A word of time order compares by itself: "prima di applicare" / "solo dopo si stende".
    return words[k] in _TEMPORAL or any(
        w in _COMPARATIVE or w in _EQUATIVE for w in words[max(0, k - 2) : k + 3]
    )


def _compared(c_mid: list[str], e_mid: list[str]) -> bool:
    """Both sides make the same comparison between the arguments: a comparison word they share
    ("than" / "than"), "比" on each, or a converse pair ("plus" / "moins"). A comparison word on each
    side but no common one ("moins" / "que") means the arguments are not the compared things (the
    adjective after "plus" is no argument)."""
    if not (_comparative(c_mid) and _comparative(e_mid)):
        return False
    return (
        bool(set(c_mid) & set(e_mid) & _COMPARATIVE)
        or (any("比" in w for w in c_mid) and any("比" in w for w in e_mid))
        or any(converse(v, w) for v in e_mid for w in c_mid)
    )


#: Prepositions the lexicon's function words lack: the phrase they open moves freely, so they fill no
#: role.
_PREPOSITIONS = frozenset(
    "since during until between among seit während bis vor ab gegen über unter zwischen wegen trotz ohne"
    " aus depuis pendant jusqu entre desde durante hasta sinds tijdens tot dal dalla dallo dai dalle"
    " fino até".split()
)
#: Periods, seasons and the words that place them ("vorig jaar", "seit dem Frühjahr"): a time moves
#: freely in a sentence, so it fills no role.
_TIMES = frozenset(PERIOD_DAYS) | frozenset(
    "spring summer autumn fall winter printemps été automne hiver frühjahr frühling sommer herbst"
    " primavera verano otoño invierno estate autunno inverno verão outono lente zomer herfst"
    " last next previous vorig vorige afgelopen volgend volgende letzten letztes vergangenen nächsten"
    " dernier dernière prochain prochaine pasado pasada próximo próxima scorso scorsa prossimo"
    " prossima passado passada".split()
)
#: Words that open a time: "in 2019", "seit 2020", "en 2018".
_TIME_OPENERS = _PREPOSITIONS | frozenset(
    "in im en em no na nel nella dans au op on from von vom de del du of by".split()
)


#: German verbs that lend, and borrow with "sich": "Die Bank lieh der Stadt …" / "Die Stadt lieh sich
#: bei der Bank …".
_LEND_DE = frozenset("leiht lieh liehen leihen geliehen borgt borgte borgten borgen geborgt".split())


def _borrowed(words: list[str]) -> bool:
    """Whether a German lending verb is said with "sich" right after it: borrowing.

    >>> _borrowed("die stadt lieh sich bei der bank geld".split()), _borrowed("die bank lieh der stadt geld".split())
    (True, False)
    """
    return any(w in _LEND_DE and "sich" in words[k + 1 : k + 3] for k, w in enumerate(words))


def role_swap(
    cw: list[str],
    ew: list[str],
    cm: list[Mark],
    em: list[Mark],
    lower: list[bool] | None = None,
    lang: str = "",
) -> tuple[tuple[int, int], tuple[int, int], bool] | None:
    """Two arguments said once on each side, in the other order around a predicate both sides say
    between them: ``(claim range, evidence range, converse)``; ``converse`` when the order is turned
    back by the passive voice on one side ("B was bought by A" / "A bought B") or a converse word
    ("cheaper" / "more expensive", "before" / "after"), so that nothing is swapped. None when no
    arguments cross, when the predicate is symmetric ("met", "and") or a copula without a comparison
    ("Paris is the capital of France" / "France's capital is Paris").

    >>> from lfx_citations.core.align import token_spans
    >>> words = lambda s: [t for t, *_ in token_spans(s)]
    >>> def swap(e, c):
    ...     found = role_swap(words(c), words(e), [None] * len(words(c)), [None] * len(words(e)))
    ...     return found and found[2]
    >>> swap("Wages rose faster than prices.", "Prices rose faster than wages."), swap("Acme was bought by Globex.", "Globex bought Acme.")
    (False, True)
    >>> swap("Paris is the capital of France.", "France's capital is Paris."), swap("Ann met Bob.", "Bob met Ann.")
    (None, None)
    """
    c_count: dict[str, int] = {}
    e_at: dict[str, list[int]] = {}
    for w in cw:
        c_count[w] = c_count.get(w, 0) + 1
    for j, w in enumerate(ew):
        e_at.setdefault(w, []).append(j)
    lower = lower or [True] * len(cw)
    args = [
        i
        for i, w in enumerate(cw)
        if c_count[w] == 1
        and len(e_at.get(w, ())) == 1
        and not cm[i]
        # A capital letter names a model: "the Lumo S" / "the Lumo Pro".
        and (_content(w) or (_letter(w) and not lower[i]))
        and w not in SYMMETRIC
        and w not in _COPULAS
        and w not in _AUX_ALL
        and w not in _COMPARATIVE
        and w not in CALENDAR_WORDS  # "on Tuesday" moves freely: a time, not a role
        and w not in _CJK_TIMES  # and so does 周五 (Friday)
        # "Seit 2020 beliefert die Firma …" / "Die Firma beliefert seit 2020 …": a time, not a role
        # ("the 2022 model" may be one).
        and w not in _PREPOSITIONS
        and w not in _TIMES
        and not (len(w) == 4 and w.isdigit() and i and cw[i - 1] in _TIME_OPENERS)
        and w not in CLAUSE_OPENERS  # "Gestern Abend rettete die Feuerwehr …": a time, not a role
        and w not in _TIMES_OF_DAY
        # "Kurz nach der Eröffnung", "shortly after": the adverb belongs to the time, not a role.
        and not (
            w in TIME_DEGREE and i + 1 < len(cw) and (cw[i + 1] in _TEMPORAL or cw[i + 1] in _PHRASE_OPENERS)
        )
    ]
    held = {cw[i] for i in args}
    # Chinese "X 之后" is a time, not an argument: "暴雨之后发生了洪水" / "洪水发生在暴雨之后" order the
    # same two events when the same word stands before it.
    if _cjk_time_of(cw) and _cjk_time_of(cw) == _cjk_time_of(ew):
        return None
    # Both sides passives that name no agent tell their arguments by case: no swap but of comparisons.
    agentless = _agentless_passive(cw, lang) and _agentless_passive(ew, lang)
    for x, a in enumerate(args):
        for b in args[x + 1 :]:
            pa, pb = e_at[cw[a]][0], e_at[cw[b]][0]
            # A phrase put first whole, its preposition with it, is no role: "Im Museum Folkwang
            # hängt ein Gemälde" / "Das Gemälde hängt im Museum Folkwang".
            if any(_fronted_phrase(cw, k, ew, j, lang) for k, j in ((a, pa), (b, pb))):
                continue
            if pa < pb:
                found = _passive_swap(cw, ew, a, b, pa, pb, lang)
                if found is not None:
                    return found
                continue
            if b - a > MAX_SPAN or pa - pb > MAX_SPAN:
                continue
            c_mid, e_mid = cw[a + 1 : b], ew[pb + 1 : pa]
            # One predicate between them: about as many words on each side (a phrase moved to the
            # front, "Getragen vom Stadion traf die Mannschaft", leaves one side much longer). A score
            # or an amount moved between them is no part of it ("venció por 2 a 1 al" / "venció al").
            n_c, n_e = _wordy(c_mid), _wordy(e_mid)
            if n_e > 2 * n_c + 3 or n_c > 2 * n_e + 3:
                continue
            # The predicate: a word in lower case, neither a name nor a number ("Paris", "2019"), said
            # between the two arguments on both sides.
            said = [
                w
                for k, w in enumerate(c_mid, a + 1)
                if _content(w) and lower[k] and not w[0].isdigit() and w not in _COPULAS and w not in _AUX_ALL
            ]
            # said once on each side: "his local school Teaneck High School" is no predicate "school".
            # A noun after a possessive on one side and its article on the other is no predicate: "the
            # stadium of Dunmore City" / "Dunmore City's stadium".
            shared = [
                w
                for w in said
                if c_count[w] == 1
                and len(e_at.get(w, ())) <= 1
                and any(same_predicate(w, v, lang) for v in e_mid)
                and (not _cjk_frame_word(w) or _cjk_same_preposition(c_mid, e_mid))
                and not (w in e_at and _genitive_turned(cw, cw.index(w), ew, e_at[w][0]))
            ]
            compared = _compared(c_mid, e_mid)
            # Two events ordered in time: "before" / "after" is the predicate ("X was signed before Y
            # ended" / "Y ended after X was signed").
            timed = any(w in _TEMPORAL and any(v in _TEMPORAL for v in e_mid) for w in c_mid)
            if not shared and not compared and not timed:
                if _verb_first(cw, ew, (a, b), pb, (c_mid, e_mid), lang):
                    return (a, b + 1), (pb, pa + 1), False
                continue
            # The arguments are the predicate's own in the claim: no other word both sides hold stands
            # between them there (on the evidence's side the rest of each argument may: "insulin
            # resistance" / "chronic inflammation").
            blockers = {w for w in held - set(shared) - set(e_mid) if not w[0].isdigit()}
            turned = any(converse(v, w) for v in e_mid for w in c_mid)
            # Two comparisons of one dimension: their signs tell ("plus lentement" / "moins vite" say
            # one order, however many converse words they hold).
            c_sign = compared_sign(cw[: b + 1]) if compared else None
            e_sign = compared_sign(ew[: pa + 1]) if c_sign is not None else None
            signed = c_sign is not None and e_sign is not None and c_sign[0] == e_sign[0]
            # Chinese says the adjective after the second argument: "A 比 B 轻" / "B 比 A 重".
            tail_c, tail_e = cw[b + 1 : b + 1 + _TAIL], ew[pa + 1 : pa + 1 + _TAIL]
            if compared and not turned and any("比" in w for w in c_mid):
                # Read in characters: the adjective stands in pairs with what follows it ("轻了").
                turned = any(converse(x, y) for v in tail_e for w in tail_c for x in v for y in w)
                said = set("".join(cw[a : b + 1])) | set("".join(ew[pb : pa + 1]))
                if not turned and not (set("".join(tail_c)) - said) & (set("".join(tail_e)) - said):
                    continue  # an adjective each, unrelated: "比旧款少" / "比新款更费水"
            # A word both sides hold inside the claim's span may be part of an argument said another way
            # ("the cathedral's bell tower" / "the bell tower of the cathedral"): only a converse word
            # may then turn the order back, never a swap be read from it.
            blocked = any(w in blockers for w in c_mid)
            if blocked and not turned:
                continue
            if any(_joining(w, lang) for w in c_mid + e_mid):
                continue
            c_passive, e_passive = _turned_voice(cw, a, b, lang), _turned_voice(ew, pb, pa, lang)
            c_passive = c_passive or (
                lang in ("es", "pt", "") and _object_before(cw, ew, a, b, shared, lower)
            )
            if blocked and c_passive != e_passive:
                continue
            copula = any(w in _COPULAS for w in c_mid) and not c_passive
            copula = copula or (any(w in _COPULAS for w in e_mid) and not e_passive)
            if copula and not compared and not timed:
                continue
            # "less tall than" facing "taller than": inferiority on one side only turns the order back,
            # also said before the first term ("fewer units of A were sold than of B").
            turned = turned or (
                compared
                and any(w in LESS_WORDS for w in cw[: b + 1]) != any(v in LESS_WORDS for v in ew[: pa + 1])
            )
            if compared and signed:
                turned = c_sign != e_sign
            # A price said with a verb ("costs less than") is a comparison of price as "cheaper" is:
            # the two sides' poles, not "less", tell whether the order is turned back.
            c_price, e_price = _price_pole(cw[: b + 1]), _price_pole(ew[: pa + 1])
            if compared and c_price is not None and e_price is not None:
                turned = c_price != e_price
            back = c_passive != e_passive
            if not (compared or timed) and agentless:
                continue
            return (a, b + 1), (pb, pa + 1), turned != back
    return None


#: Prepositions that open a phrase a clause may put first ("Im Museum …", "Gegen den Unternehmer …").
_PHRASE_OPENERS = frozenset(
    "in im am an auf bei mit nach zum zur aus gegen für über unter vor hinter neben zwischen seit während"
    " at on with for from into against during since until without within through near"
    " dans sur sous avec pour contre entre chez pendant depuis sans vers"
    " en con para sobre contra desde durante hasta sin tras bajo ante"
    " em com no na nos nas num numa até sem"
    " nel nella nei nelle sul sulla tra fra contro senza"
    " op bij met naar tegen tussen zonder sinds tijdens uit".split()
)


def _fronted_phrase(cw: list[str], i: int, ew: list[str], j: int, lang: str = "") -> bool:
    """Whether claim word ``i`` and evidence word ``j`` end a phrase of the same preposition, put
    first on one side (after an adverb of how long or a focus word: "Kurz nach der Eröffnung", "Kort
    na de opening", "Auch bei starkem Regen")."""
    c, e = _governor(cw, i, lang), _governor(ew, j, lang)
    return (
        c is not None
        and c == e
        and any(w[0] == c or (w[0] in _BEFORE_PHRASE and w[1:2] == [c]) for w in (cw, ew))
    )


def _governor(words: list[str], k: int, lang: str = "") -> str | None:
    """The preposition whose phrase word ``k`` ends, back over articles and the phrase's own words
    (at most four): "gegen den Unternehmer Frank Lutz" puts "lutz" under "gegen". Those that say whose
    a name is ("of", "de") or who did it ("by", "von") are not among them; Dutch "de" is an article.

    >>> _governor("gegen den unternehmer frank lutz ermittelt".split(), 4), _governor("die staatsanwaltschaft ermittelt".split(), 1)
    ('gegen', None)
    >>> _governor("na de opening".split(), 2, "nl"), _governor("mapa de portugal".split(), 2, "pt")
    ('na', None)
    """
    articles = _DUTCH_ARTICLES if lang == "nl" else _ANY_ARTICLE
    for j in range(k - 1, max(-1, k - 5), -1):
        if words[j] in _PHRASE_OPENERS:
            return words[j]
        # A sentence too short to tell Dutch still says "na de", "op het": after a Dutch preposition,
        # "de" and "het" are its article.
        dutch = words[j] in _DUTCH_ARTICLES and j and words[j - 1] in _DUTCH_PREPOSITIONS
        if words[j] in FUNCTION_WORD_SET and words[j] not in articles and not dutch:
            return None
    return None


#: Articles in every case ("den Unternehmer", "dem Verein"), and Portuguese "a", "as".
#: Adverbs that may open a phrase put first: of how long, and focus words ("auch bei", "even in").
_BEFORE_PHRASE = TIME_DEGREE | frozenset(
    "also even only auch selbst sogar nur gerade même seulement aussi incluso solo también anche"
    " persino ook zelfs alleen mesmo até".split()
)
_ANY_ARTICLE = NOUN_STARTS | frozenset("a as".split())
_DUTCH_ARTICLES = _ANY_ARTICLE | frozenset("de het een".split())
_DUTCH_PREPOSITIONS = frozenset("na voor op bij met naar tegen tussen zonder sinds tijdens uit".split())


def _object_before(
    cw: list[str], ew: list[str], a: int, b: int, shared: list[str], lower: list[bool]
) -> bool:
    """Whether the claim puts a Spanish object first before the verb both sides say (one of
    ``shared``), its subject a name after it: "las baterías de Rodaviva las suministra Motores
    Lebrija". The pronoun is the claim's own: "la empresa" on both sides is an article and a noun."""
    return any(
        cw[k] in shared
        and object_first(cw, k, not lower[k + 1])
        and all(ew[j - 1] != cw[k - 1] for j, w in enumerate(ew) if w == cw[k] and j)
        for k in range(a + 2, b)
    )


#: Words that join two things of one rank, which may stand in either order: "short but steep" /
#: "steep but short".
_JOINING = SYMMETRIC | frozenset("but yet aber doch jedoch mais pero ma però mas maar".split())


def _joining(word: str, lang: str) -> bool:
    """Whether ``word`` joins two things of one rank in its sentence's language (Portuguese "mais"
    is "more").

    >>> _joining("mais", "fr"), _joining("mais", "pt"), _joining("but", "en")
    (True, False, True)
    """
    return word in _JOINING and not (word == "mais" and lang == "pt")


def _genitive_turned(cw: list[str], i: int, ew: list[str], j: int) -> bool:
    """Whether one noun stands after a possessive "s" on one side and after its article on the other:
    "Dunmore City's stadium" / "the stadium of Dunmore City" name one owner.

    >>> _genitive_turned("the stadium of dunmore".split(), 1, "dunmore city s stadium".split(), 3)
    True
    >>> _genitive_turned("castel fut l élève du".split(), 3, "monge fut l élève de".split(), 3)
    False
    """
    after = ({cw[i - 1]} if i else set()) | ({ew[j - 1]} if j else set())
    return "s" in after and bool(after & NOUN_STARTS)


def _verb_first(
    cw: list[str], ew: list[str], span: tuple[int, int], pb: int, mids: tuple[list[str], list[str]], lang: str
) -> bool:
    """Whether both sides say one directed predicate before both arguments (claim ``span``, the
    evidence's from ``pb``), and between them only the same function words and words of the arguments
    (said on the other side, outside its middle): "Im Finale besiegte der FC Norden den SV Halden" /
    "Im Finale besiegte der SV Halden den FC Norden". The articles ("der" … "den") mark who did what,
    in the same order on both sides, so the arguments crossing them is a swap. Frames
    (``core/frames.py``) read this order for their verb classes; this reads it for any verb both sides
    share.

    >>> cw, ew = "besiegte der sv halden den fc norden".split(), "besiegte der fc norden den sv halden".split()
    >>> _verb_first(cw, ew, (3, 6), 3, (cw[4:6], ew[4:6]), "de")
    True
    >>> _verb_first(cw, ew, (3, 6), 3, (["den", "fc", "und"], ["den", "sv", "und"]), "de")
    False
    """
    c_mid, e_mid = mids
    if any(w not in FUNCTION_WORD_SET and (w not in ew or w in e_mid) for w in c_mid) or any(
        w not in FUNCTION_WORD_SET and (w not in cw or w in c_mid) for w in e_mid
    ):
        return False
    markers = [w for w in c_mid if w in FUNCTION_WORD_SET]
    if (
        not markers
        or markers != [w for w in e_mid if w in FUNCTION_WORD_SET]
        or any(_joining(w, lang) for w in markers)
    ):
        return False
    args = set(cw[span[0] - 1 : span[1] + 1])

    def verb(words: list[str], k: int) -> str | None:
        # Back over articles and the rest of the first argument ("der FC" before "Norden").
        for j in range(k - 1, max(-1, k - 5), -1):
            if words[j] not in FUNCTION_WORD_SET and words[j] not in args:
                return words[j] if _plain(words[j]) and words[j] not in SYMMETRIC else None
        return None

    mine, theirs = verb(cw, span[0]), verb(ew, pb)
    return mine is not None and theirs is not None and same_predicate(mine, theirs, lang)


def _wordy(words: list[str]) -> int:
    """How many of ``words`` are no number: ``_wordy(["venció", "por", "2", "a", "1", "al"]) == 4``."""
    return sum(not w[0].isdigit() for w in words)


#: How many words after the second argument a Chinese comparison's adjective may stand.
_TAIL = 5


#: Words that open a relative clause, whose verb may follow its object ("la fábrica que compró …").
_RELATIVES = frozenset(
    "that which who whom whose que qui quien cual die der das dat welche welcher che cui".split()
)


def _passive_swap(
    cw: list[str], ew: list[str], a: int, b: int, pa: int, pb: int, lang: str = ""
) -> tuple[tuple[int, int], tuple[int, int], bool] | None:
    """Two arguments in the same order on both sides, around one predicate in the passive voice on
    one side only: "Textiles Ruiz fue comprada por la fábrica" / "Textiles Ruiz compró la fábrica"
    swaps buyer and bought. The active side must say its verb right after the first argument (a
    relative clause, "the plant that Acme bought", orders them otherwise)."""
    if b - a > MAX_SPAN or pb - pa > MAX_SPAN:
        return None
    c_mid, e_mid = cw[a + 1 : b], ew[pa + 1 : pb]
    c_passive, e_passive = _turned_voice(cw, a, b, lang), _turned_voice(ew, pa, pb, lang)
    if c_passive == e_passive:
        return None
    # The rest of the first argument, said alike on both sides ("Lácteos Sur"), is no predicate.
    while c_mid and e_mid and c_mid[0] == e_mid[0]:
        c_mid, e_mid = c_mid[1:], e_mid[1:]
    active, passive = (e_mid, c_mid) if c_passive else (c_mid, e_mid)
    # German "der", "die", "das" are mostly articles ("hat die Druckerei … gekauft").
    relatives = _RELATIVES - {"der", "die", "das"} if lang == "de" else _RELATIVES
    if not active or len(active) > 3 or any(w in relatives or w in SYMMETRIC for w in c_mid + e_mid):
        return None
    # Nothing else between them: the verb (and an article) on the active side; auxiliaries, the
    # verb and the agent's preposition on the passive side. German and Dutch close the clause on the
    # participle, after the second argument on both sides ("hat den Hafenbetreiber Nordkai
    # übernommen" / "wurde vom Hafenbetreiber Nordkai übernommen"): the last word of what both say
    # alike there.
    verb = active[0]
    if not _plain(verb) and lang in _VERB_FINAL:
        same = []
        for x, y in zip(cw[b + 1 : b + 6], ew[pb + 1 : pb + 6], strict=False):
            if x != y:
                break
            same.append(x)
        if not same or not _plain(same[-1]):
            return None
        verb, passive = same[-1], [*passive, same[-1]]
    if not _plain(verb) or not any(same_predicate(verb, w, lang) for w in passive):
        return None
    # A score may stand anywhere: "were defeated 2-1 by" / "overcame … 2-1". So may the thing given,
    # said after both arguments on the active side: "will be paid a monthly fee by B" / "will pay B a
    # monthly fee".
    # (Not in German or Dutch, whose verb closes the clause after everything.)
    given = set(ew[pb + 1 : pb + 1 + MAX_SPAN] if c_passive else cw[b + 1 : b + 1 + MAX_SPAN])
    given = set() if lang in _VERB_FINAL else given
    if any(w not in FUNCTION_WORD_SET and not w[0].isdigit() for w in active[1:]) or any(
        w not in FUNCTION_WORD_SET
        and not w[0].isdigit()
        and w not in _AUX_ALL
        and w not in _AGENT_ALL
        and w not in given
        and not same_predicate(verb, w, lang)
        for w in passive
    ):
        return None
    return (a, b + 1), (pa, pb + 1), False


def _same_words(mid: list[str], other: list[str], lang: str) -> bool:
    """Whether each content word of ``mid`` but the comparison's own is said in ``other``:
    ``_same_words(["is", "deeper", "than"], ["is", "deeper", "than", "neighbouring"], "en")``."""
    return all(
        any(same_predicate(w, v, lang) for v in other)
        for w in mid
        if _plain(w) and w not in _COMPARATIVE and w not in _COPULAS
    )


def _one_difference(
    cw: list[str], ew: list[str], found: tuple[tuple[int, int], tuple[int, int], bool], lang: str
) -> bool:
    """Whether a swap is the one difference: the two sentences say (nearly) the same words, or the
    "swap" may be a rephrasing that moves a phrase ("Side effects led to the trial being stopped" /
    "The trial was stopped because of side effects"). A comparison needs less: its swapped arguments
    say the conflict whatever else the claim rewords."""
    (a, b), (c, d), _ = found
    c_mid, e_mid = cw[a + 1 : b - 1], ew[c + 1 : d - 1]
    # Two prices compared in other words ("cuesta menos" / "es más barato") say one comparison.
    priced = None not in (_price_pole(cw[:b]), _price_pole(ew[:d]))
    # A preposition between the arguments says no more: "won against" is "defeated".
    mine = [
        w
        for k, w in enumerate(cw)
        if _plain(w)
        and not (a < k < b - 1 and w in NOUN_PHRASE_START_WORDS)
        and not (priced and a < k < b - 1 and (w in _PRICE_VERBS or w in _PRICE_POLES or w in _COMPARATIVE))
    ]
    said = sum(any(same_predicate(w, v, lang) for v in ew) for w in mine)
    compared = _compared(c_mid, e_mid) and (priced or _same_words(c_mid, e_mid, lang))
    return said >= (COMPARED_COVERAGE if compared else SWAP_COVERAGE) * len(mine)


def _roles(
    claim: list[Tok],
    evidence: list[Tok],
    source_text: str,
    cm: list[Mark],
    em: list[Mark],
    result: Inference,
    edits: list[Edit],
) -> None:
    """A role swap is an exclusion; a converse comparative with its arguments swapped says the same
    (its substitution becomes ``eq``). Frames (``core/frames.py``) read the swaps said with other verbs
    or in another order."""
    cw, ew = [t for t, *_ in claim], [t for t, *_ in evidence]
    lang = sentence_language(cw) or sentence_language(ew)
    lower = [not (k and cap) for k, (*_, cap) in enumerate(claim)]
    # One event told from each side ("lent" / "borrowed") swaps its parties in the words: the frames
    # alone read it.
    found = None if told_from_both_sides(cw, ew) else role_swap(cw, ew, cm, em, lower, lang)
    if found is None and lang != "zh":
        # An aside between an argument and its verb ("the winery, founded in 1954, took over …") is
        # no part of the predicate: the swap is read without it, and placed back, where the test of
        # one difference below reads it on the whole sentence.
        kept = aside_free(evidence, source_text)
        bare = (
            role_swap(cw, [ew[k] for k in kept], cm, [em[k] for k in kept], lower, lang)
            if len(kept) < len(ew)
            else None
        )
        if bare is not None and not bare[2]:
            (a, b), (c, d), _ = bare
            found = (a, b), (kept[c], kept[d - 1] + 1), False
    if found is None or not found[2]:
        if (
            found is not None
            and _one_difference(cw, ew, found, lang)
            and not frames_agree(claim, evidence, (found[0][0], found[0][1] - 1))
        ):
            result.role = found[:2]
            return
        crossed = frame_swap(claim, evidence)
        # An exclusion the words already say ("won" / "lost") is the conflict to name.
        if crossed is not None and not any(e.projected in EXCLUSIVE for e in edits):
            result.role = crossed
        return
    (a, b), (c, d), _ = found
    for n, e in enumerate(edits):
        if a <= e.claim[0] < b and e.kind == "direction":
            edits[n] = Edit(e.op, e.kind, e.claim, e.evidence, EQ, EQ)
    # The converse words themselves ("after" facing "before") are said: an equivalence edit each.
    edited = {i for e in edits for i in range(*e.claim)}
    for i in range(a, b):
        j = next((j for j in range(c, d) if converse(ew[j], cw[i])), None)
        if j is not None and i not in edited:
            edits.append(Edit("sub", "direction", (i, i + 1), (j, j + 1), EQ, EQ))
