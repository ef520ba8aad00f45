"""Who did what to whom, when the two sentences say it with other verbs or another word order.

    >>> from lfx_citations.core.align import token_spans
    >>> def swapped(evidence, claim):
    ...     e, c = token_spans(evidence), token_spans(claim)
    ...     return frame_swap(c, e) is not None
    >>> swapped("Fenwick Rovers were defeated by Aldbury Town.", "Fenwick Rovers overcame Aldbury Town.")
    True
    >>> swapped("Aldbury Town beat Fenwick Rovers.", "Fenwick Rovers lost to Aldbury Town.")
    False
    >>> swapped("Am Samstag besiegte der FC Wernau den SV Hollbach.", "Der SV Hollbach gewann gegen den FC Wernau.")
    True

A *frame* is a directed predicate of a known class (one team defeats another, one firm acquires
another, one thing causes another, one party pays, sells to or replaces another; the verbs are
``ROLE_FRAMES`` in ``core/lexicon.py``) with its two roles: the first (winner, buyer, cause, payer,
seller, successor) and the second. ``read_frame`` finds the class verb of a sentence and puts each
word of the sentence in a role by where it stands:

* before the finite verb, the first role; after it, the second (subject, then object);
* a converse verb ("lost to", "s'est incliné face à", 输给) turns the roles round, and so does the
  passive voice: the agent ("by Y", "von Y", 被 Y) is the first role, the rest the second;
* German and Dutch put the verb second: a clause that opens with a phrase ("Am Samstag besiegte der
  FC Wernau den SV Hollbach") has its subject right after the verb, its capitalized words;
* a word in a phrase of its own ("in the final", "am Samstag") is in no role.

A sentence with a comparison ("taller than", "plus cher que", "älter als", "más alta que") is read
as a frame of that comparison's dimension (``COMPARATIVE_POLES`` in ``core/lexicon.py``: "taller" and
"higher" are one), its first term in the first role and what follows "than" in the second; one of
inferiority ("shorter than", "menos alta que") turns them round.

``frame_swap`` compares the frames of claim and evidence: the same class, and words said once on
each side that stand in the first role on one side and the second on the other, both ways round.
That is a role swap, a conflict of kind ``role``; a frame found on one side only, or words crossing
one way only (a phrase moved to the front), says nothing.
"""

from __future__ import annotations

from lfx_citations.core.align import ARTICLES, NUMBER_WORDS, Tok
from lfx_citations.core.lexicon import (
    CALENDAR_WORDS,
    COMPARATIVE_ADJECTIVES,
    COMPARATIVE_POLES,
    COMPARATIVE_VERBS,
    FUNCTION_WORD_SET,
    LESS_WORDS,
    MEASURE_VERBS,
    MORE_WORDS,
    NOUN_PHRASE_START_WORDS,
    ROLE_FRAMES,
    ROLE_PREPOSITIONS,
    sentence_language,
)

#: Class and direction of each frame verb, by language: +1 puts the first role in the subject, -1 in
#: the object.
_VERBS: dict[tuple[str, str], tuple[str, int]] = {}
#: Verbs that are a frame verb only with one of ``ROLE_PREPOSITIONS`` after them ("won against").
_WITH_PREPOSITION: set[tuple[str, str]] = set()
for _line in ROLE_FRAMES:
    _head, _, _words = _line.partition(":")
    _lang, _name, _sign = _head.split()
    # Tokens are casefolded: "veräußerte" is read "veräusserte".
    for _w in _words.casefold().split():
        _VERBS[_lang, _w.rstrip("*")] = (_name, 1 if _sign == "+" else -1)
        if _w.endswith("*"):
            _WITH_PREPOSITION.add((_lang, _w.rstrip("*")))
_VERB_WORDS = frozenset(w for _, w in _VERBS)
#: Verbs of an exchange, whose two sides say one sale with the parties swapped ("X sold the plant to
#: Y" / "Y bought the plant from X").
TRADE_VERBS = frozenset(w for (_, w), (name, _) in _VERBS.items() if name in ("acquire", "sell"))
_LANGS = tuple(dict.fromkeys(line.split()[0] for line in ROLE_FRAMES))


#: Passive auxiliaries and the agent's preposition, every language at once.
_PASSIVE_AUX = frozenset(
    "was were been is are be being été est sont était fut wurde wurden worden wird werden fue fueron sido"
    " es son foi foram é são è stato stata stati sono fu werd werden".split()
)
_AGENT = frozenset("by par von vom durch por pelo pela da dal dall dalla dallo dai dagli dalle door".split())
#: Pronouns that open a relative clause (not German's "der", "die", "das", which are mostly articles).
_RELATIVE_PRONOUNS = frozenset(
    "which who whom that qui que dont lequel laquelle quien quienes cual cuales cui".split()
)
#: German and Dutch perfect auxiliaries: "hat … übernommen" puts the finite verb first.
_PERFECT = frozenset("hat haben hatte hatten ist sind war waren heeft hebben had hadden".split())
#: Prepositions that open a phrase of its own (not an argument): "in the final", "am Samstag".
_ADVERBIAL = frozenset(
    "in on at for from during since until after before into within among near across throughout"
    " dans en pendant depuis après avant sous chez vers lors selon según segundo secondo"
    " im am an auf bei beim nach vor seit während zum zur um aus mit"
    " durante desde tras antes después con em no na nos nas após nel nella nei dopo prima"
    " op bij tijdens na sinds met".split()
)
#: Words that open the phrase after a subject: "der FC Wernau | den …", "… | am Sonntag".
_OPENS_PHRASE = FUNCTION_WORD_SET | NOUN_PHRASE_START_WORDS
#: Reflexive pronouns between a verb and its subject: "setzte sich der FC Altwerder … durch".
_REFLEXIVES = frozenset("sich zich".split())
#: Languages that put the finite verb second, the participle last.
_VERB_SECOND = ("de", "nl")
#: German articles of an object: a clause they open puts its subject after the verb; and of a subject.
OBJECT_ARTICLES = frozenset("den dem einen einem".split())
_SUBJECT_ARTICLES = frozenset("der die das ein eine".split())
#: Articles of every case: one after a noun opens another phrase.
NOUN_STARTS = ARTICLES | OBJECT_ARTICLES | _SUBJECT_ARTICLES | frozenset("des einer eines".split())
#: Adverbs that say how long before or after: "kurz nach", "lange vor", "shortly after", "peu avant".
#: Before a preposition, they open its phrase.
TIME_DEGREE = frozenset(
    "shortly soon long just right immediately directly kurz lange unmittelbar direkt gleich knapp bald"
    " kort lang vlak peu juste longtemps bien poco justo mucho pouco logo muito poco subito molto".split()
)
#: Adverbs that open a German or Dutch clause and put its subject after the verb ("Gestern hat …").
CLAUSE_OPENERS = frozenset(
    "gestern heute morgen damals zuletzt zunächst anschließend später danach dann dabei jetzt nun"
    " inzwischen bereits kürzlich jüngst zuvor erstmals bisher laut"
    " gisteren vandaag toen daarna later eerder onlangs nu inmiddels vervolgens".casefold().split()
)
#: How far a frame verb's preposition may follow it ("won 3-1 against", "setzte sich mit 3:1 gegen").
_PREPOSITION_REACH = 8

FIRST, SECOND = 1, 2

#: Spanish object pronouns that take up an object put before the verb.
_FRONTED_CLITICS = frozenset("lo la los las".split())

#: What introduces the second term of a comparison ("taller than", "plus haute que", "höher als",
#: "più alto di", "mais alto do que").
_SECOND_TERM = frozenset("than que als dan di del dell della dello dei degli delle do da".split())
#: What introduces the second term of a comparative adjective of a preposition ("antérieur à").
_COMPARED_TO = frozenset("à au aux a al ao aos ad".split())


#: Numbers written as words, nought among them: no party to a frame.
_NUMBERS = frozenset(NUMBER_WORDS) | frozenset("zero zéro null nul cero nulla nil eins".split())


def _argument(word: str) -> bool:
    """A word that can name a role's filler: no function word, date, number or verb of a frame."""
    return (
        word not in FUNCTION_WORD_SET
        and word not in CALENDAR_WORDS
        and word not in _VERB_WORDS
        and word not in _PASSIVE_AUX
        and not word[:1].isdigit()
        and word not in _NUMBERS  # a score: "per tre a zero"
        and (len(word) > 1 or word.isalpha())
    )


def object_first(words: list[str], k: int, name_after: bool = False) -> bool:
    """Whether a Spanish clause puts its object before its verb ``k``, taken up by a pronoun right
    before the verb, its subject after it (an article, or a name: ``name_after``): "El presupuesto lo
    aprobó el ayuntamiento" says "El ayuntamiento aprobó el presupuesto". "El ayuntamiento lo aprobó"
    has its subject first.

    >>> object_first("el presupuesto lo aprobó el ayuntamiento".split(), 3), object_first("el ayuntamiento lo aprobó".split(), 3)
    (True, False)
    """
    return (
        0 < k < len(words) - 1
        and words[k - 1] in _FRONTED_CLITICS
        and (words[k + 1] in ARTICLES or name_after)
    )


def _verb(words: list[str], lang: str) -> tuple[int, str] | None:
    """The position of the sentence's one frame verb in ``lang`` (in any language when the sentence's
    is unknown: "Fenwick Rovers overcame Aldbury Town"), with that language; None when it has none or
    two."""
    found = []
    for k, w in enumerate(words):
        key = next(((x, w) for x in ((lang,) if lang else _LANGS) if (x, w) in _VERBS), None)
        if key is not None and (
            key not in _WITH_PREPOSITION
            or any(v in ROLE_PREPOSITIONS for v in words[k + 1 : k + 1 + _PREPOSITION_REACH])
        ):
            found.append((k, key[0]))
    if len(found) > 1:
        # A frame verb in a clause or phrase of its own is not the sentence's: after a relative
        # pronoun ("which", "qui", "que"), or a participle its agent follows ("tout dégât provoqué par
        # sa négligence") with no auxiliary before it.
        found = [
            (k, lang_)
            for k, lang_ in found
            if not any(w in _RELATIVE_PRONOUNS for w in words[max(0, k - 4) : k])
            and not (
                k + 1 < len(words)
                and words[k + 1] in _AGENT
                and not any(w in _PASSIVE_AUX for w in words[max(0, k - 2) : k])
            )
        ]
    return found[0] if len(found) == 1 else None


def _in_phrase(words: list[str], k: int, stop: int) -> bool:
    """Whether word ``k`` stands in a phrase of its own: an adverbial preposition within the three
    words before it, with nothing but articles and nouns between (``stop`` bounds the look back)."""
    for j in range(k - 1, max(stop, k - 4) - 1, -1):
        if words[j] in _ADVERBIAL:
            return True
        # A date ends its phrase: "On Saturday Harwick Rovers defeated …".
        if words[j] in CALENDAR_WORDS or words[j][:1].isdigit():
            return False
        # So does an article after a noun: "im Finale | den FC Altwerder".
        if (
            words[j] in NOUN_STARTS
            and j
            and words[j - 1] not in _ADVERBIAL
            and words[j - 1] not in NOUN_STARTS
        ):
            return False
        if words[j] in ROLE_PREPOSITIONS or words[j] in _AGENT or words[j] in _VERB_WORDS:
            return False
    return False


def _comparison(words: list[str]) -> tuple[str, int, int, int] | None:
    """The one comparison of a sentence: its dimension, its sign (1 for "taller than", -1 for
    "shorter than" or "less tall than"), where its comparative phrase starts and where its "than"
    stands (the comparative itself when it takes its second term without one: "predates", "antérieur
    à"); None when it has none or two. A comparative the lexicon does not pair ("more resistant than")
    is a dimension of its own, read by its first five letters; a verb that measures one ("weighs less
    than") says its comparative.

    >>> _comparison("the tower is taller than the church".split())
    ('1', 1, 3, 4)
    >>> _comparison("la iglesia es menos alta que la torre".split())[1:]
    (-1, 3, 5)
    >>> _comparison("the s2 weighs less than the s3".split()) == _comparison("the s2 is lighter than the s3".split())[:2] + (2, 4)
    True
    >>> _comparison("more than 300 people came".split()) is None
    True
    """
    found = []
    for k, w in enumerate(words):
        if (
            k
            and k + 1 < len(words)
            and (w in COMPARATIVE_VERBS or (w in COMPARATIVE_ADJECTIVES and words[k + 1] in _COMPARED_TO))
        ):
            found.append((*COMPARATIVE_POLES[w], k, k))
            continue
        if w not in _SECOND_TERM or k < 2 or k + 1 == len(words) or words[k + 1][:1].isdigit():
            continue
        word, before = words[k - 1], words[k - 2]
        if (word in MORE_WORDS or word in LESS_WORDS) and before in MEASURE_VERBS:
            dim, sign = COMPARATIVE_POLES[MEASURE_VERBS[before]]
            found.append((dim, -sign if word in LESS_WORDS else sign, k - 2, k))
            continue
        if word in MORE_WORDS or word in LESS_WORDS or word in FUNCTION_WORD_SET:
            continue  # "more than the rest", "as long as": no comparative word
        pole = COMPARATIVE_POLES.get(word)
        if before in MORE_WORDS or before in LESS_WORDS:
            dim, sign = pole if pole is not None else (word[:5], 1)
            found.append((dim, -sign if before in LESS_WORDS else sign, k - 2, k))
        elif pole is not None:
            found.append((*pole, k - 1, k))
    return found[0] if len(found) == 1 else None


def compared_sign(words: list[str]) -> tuple[str, int] | None:
    """The dimension and sign of the one comparison ``words`` make: two sides that compare the same
    terms in the same order say the same thing when their signs agree ("plus lentement que" and
    "moins vite que" are both -1 of speed).

    >>> compared_sign("a agit plus lentement que b".split()) == compared_sign("a agit moins vite que b".split())
    True
    """
    found = _comparison(words)
    return None if found is None else found[:2]


#: Chinese words that hold 由 without marking an agent.
_CJK_NOT_AGENT = ("由于", "自由", "理由", "缘由", "由此", "来由", "经由", "事由", "不由")


def cjk_agent(words: list[str], k: int) -> bool:
    """Whether the character pair ``words[k]`` holds the agent's 被 or 由 of a Chinese passive; the
    pairs beside it tell a word that only holds 由.

    >>> cjk_agent(["队由", "由林", "林晓"], 1), cjk_agent(["是由", "由于", "于天"], 0)
    (True, False)
    """
    w = words[k]
    if "被" in w:
        return True
    if "由" not in w:
        return False
    # The pairs overlap by a character: "队由", "由林" are "队由林".
    around = words[max(0, k - 1) : k + 2]
    text = around[0] + "".join(x[1:] for x in around[1:])
    return not any(word in text for word in _CJK_NOT_AGENT)


def read_frame(toks: list[Tok]) -> tuple[str, dict[int, int]] | None:
    """The frame class of a sentence and the role (``FIRST`` or ``SECOND``) of each word that has one.

    >>> from lfx_citations.core.align import token_spans
    >>> def roles(text):
    ...     toks = token_spans(text)
    ...     name, role = read_frame(toks)
    ...     return name, [toks[k][0] for k in sorted(role) if role[k] == FIRST]
    >>> roles("The Perth Rangers lost to the Brisbane Comets in the final.")
    ('defeat', ['brisbane', 'comets'])
    >>> roles("Im Januar wurde Kessler Logistik von der Firma Brandt übernommen.")
    ('acquire', ['firma', 'brandt'])
    """
    words = [t[0] for t in toks]
    # A comparison is what a sentence that has one asserts: "Lumo is sold dearer than Orva".
    compared = _comparison_frame(words)
    found = _verb(words, sentence_language(words)) if compared is None else None
    if found is None:
        return compared
    k, lang = found
    name, sign = _VERBS[lang, words[k]]
    # Chinese says the passive with 被 or 由 before the verb, inside a pair of characters ("技被"), its
    # agent a pair per character ("被本地连锁超市乐佳收购").
    passive_zh = any(cjk_agent(words, j) for j in range(max(0, k - 16), k))
    # An agent names someone: "durch" closing the clause is a verb's particle ("setzte sich … durch").
    agent = next((j for j, w in enumerate(words) if w in _AGENT and j != k and j < len(words) - 1), None)
    aux = any(w in _PASSIVE_AUX for w in words[max(0, min(k, agent or k) - 6) : k])
    pivot = k
    perfect = next((j for j in range(k) if words[j] in _PERFECT), None)
    if perfect is not None and lang in _VERB_SECOND:
        pivot = perfect  # "hat … übernommen": the finite verb splits subject and object
    role: dict[int, int] = {}
    if (aux and agent is not None) or passive_zh:
        # The agent, up to the next phrase of its own, is the first role; the rest the second.
        start = agent + 1 if agent is not None else next(j for j in range(k) if cjk_agent(words, j))
        end = start
        while end < len(words) and end != k and words[end] not in _ADVERBIAL:
            end += 1
        for j in range(len(words)):
            if j != k:
                role[j] = FIRST if start <= j < end else SECOND
        sign = 1 if passive_zh and agent is None else sign
    elif (
        pivot
        and lang in _VERB_SECOND
        and (
            words[0] in _ADVERBIAL
            or words[0] in CLAUSE_OPENERS
            or words[0] in OBJECT_ARTICLES
            or (words[0] in TIME_DEGREE and words[1:2] and words[1] in _ADVERBIAL)
        )
    ):
        # Verb second: the subject is the capitalized run right after the verb ("der FC Wernau"); what
        # stands before the verb is a phrase of its own, or the object ("Dem Mieter schuldet der …").
        said = words[0] in OBJECT_ARTICLES
        j = pivot + 1
        if said:
            role.update(dict.fromkeys(range(pivot), SECOND))
            # The subject after a phrase of its own: "Den SV Halden besiegte am Sonntag der FC Norden".
            j = next((n for n in range(j, len(words)) if words[n] in _SUBJECT_ARTICLES), j)
        while j < len(words) and (words[j] in ARTICLES or words[j] in _REFLEXIVES):
            j += 1
        subject = j
        while j < len(words) and toks[j][3] and words[j] not in FUNCTION_WORD_SET:
            j += 1
        # The object, unless said first, opens with a word of its own ("den", "de"): "versloeg VV
        # Heerdam SC Lindeloo" does not say where one name ends.
        if j == subject or (not said and (j == len(words) or words[j] not in _OPENS_PHRASE)):
            return None
        for n in range(pivot + 1, len(words)):
            role[n] = FIRST if n < j else SECOND
    else:
        # Spanish puts an object first and takes it up with a pronoun before the verb, its subject
        # after it: "las baterías las suministra Motores Lebrija", "al Real Oviedo lo derrotó el …".
        fronted = lang == "es" and object_first(words, k, k + 1 < len(words) and toks[k + 1][3])
        for n in range(len(words)):
            if n != pivot:
                role[n] = FIRST if (n < pivot) != fronted else SECOND
    placed = _cjk_place(words)
    for n in list(role):
        if (
            n == k
            or not _argument(words[n])
            or _in_phrase(words, n, 0 if n < pivot else pivot)
            or n in placed
        ):
            del role[n]
    if sign < 0:
        role = {n: FIRST + SECOND - r for n, r in role.items()}
    return name, role


def _cjk_place(words: list[str]) -> set[int]:
    """The Chinese character pairs of a phrase of place or time, from 在 or 于 to the word that closes
    it (中, 上, 里, 内, 时): "张伟在决赛中击败了李强" holds 在决赛中, no argument of the verb.

    >>> sorted(_cjk_place(["张伟", "伟在", "在决", "决赛", "赛中", "中击", "击败"]))
    [2, 3, 4]
    """
    out: set[int] = set()
    for start, w in enumerate(words):
        if len(w) != 2 or w[0] not in "在于":
            continue
        end = next(
            (n for n in range(start, min(len(words), start + 6)) if words[n][-1:] in "中上里内时"), None
        )
        if end is not None:
            out.update(range(start, end + 1))
    return out


def _comparison_frame(words: list[str]) -> tuple[str, dict[int, int]] | None:
    """A comparison as a frame: the first role is what stands before the comparative, the second what
    follows "than", each up to a phrase of its own; a comparison of inferiority ("shorter than") turns
    them round, so that "the church is shorter than the tower" reads as "the tower is taller than the
    church"."""
    found = _comparison(words)
    if found is None:
        return None
    dim, sign, start, than = found
    role = {n: FIRST for n in range(start) if _argument(words[n]) and not _in_phrase(words, n, 0)}
    for n in range(than + 1, len(words)):
        if words[n] in _ADVERBIAL:
            break  # "than the church in the old town": the second term ends before its phrase
        if _argument(words[n]):
            role[n] = SECOND
    if sign < 0:
        role = {n: FIRST + SECOND - r for n, r in role.items()}
    return f"compare {dim}", role


def _crossing(claim: list[Tok], evidence: list[Tok]) -> tuple[str, list, list, list] | None:
    """The class of two frames of one class and their arguments, as (claim, evidence) token pairs: those
    in the first role of the claim and the second of the evidence, the other way round, and those in the
    same role; None unless both sentences have a frame of the same class. Arguments are the words said
    once on each side."""
    c_frame, e_frame = read_frame(claim), read_frame(evidence)
    if c_frame is None or e_frame is None or c_frame[0] != e_frame[0]:
        return None
    cw, ew = [t[0] for t in claim], [t[0] for t in evidence]
    c_role, e_role = c_frame[1], e_frame[1]
    first, second, kept = [], [], []
    for i, w in enumerate(cw):
        if not _argument(w) or cw.count(w) != 1 or ew.count(w) != 1:
            continue
        j = ew.index(w)
        mine, theirs = c_role.get(i), e_role.get(j)
        if mine is None or theirs is None:
            continue
        (kept if mine == theirs else first if mine == FIRST else second).append((i, j))
    return c_frame[0], first, second, kept


def told_from_both_sides(cw: list[str], ew: list[str]) -> bool:
    """Whether the two sentences hold frame verbs that tell one event from its two sides ("lent" /
    "borrowed", "received" / "presented"): only the frames can then say who did what.

    >>> told_from_both_sides("ashby borrowed money from fenwick".split(), "fenwick lent money to ashby".split())
    True
    """
    mine = {w for w in cw if w in _VERB_WORDS}
    theirs = {w for w in ew if w in _VERB_WORDS} if mine else set()
    return any(turned_verbs(a, b) for a in mine for b in theirs)


def turned_verbs(a: str, b: str) -> bool:
    """Whether two frame verbs tell one event from its two sides: one class, opposite directions
    ("venceu" / "perdeu", "beat" / "lost", "paid" / "received").

    >>> turned_verbs("venceu", "perdeu"), turned_verbs("venceu", "derrotou"), turned_verbs("paris", "lost")
    (True, False, False)
    """
    left = {_VERBS[lang, a] for lang in _LANGS if (lang, a) in _VERBS}
    right = {_VERBS[lang, b] for lang in _LANGS if (lang, b) in _VERBS}
    return any(x[0] == y[0] and x[1] != y[1] for x in left for y in right)


def frame_swap(claim: list[Tok], evidence: list[Tok]) -> tuple[tuple[int, int], tuple[int, int]] | None:
    """The claim's and the evidence's token ranges of a role swap between their frames, or None: an
    argument in the first role of the claim and the second of the evidence, and one the other way."""
    found = _crossing(claim, evidence)
    if found is None or not found[1] or not found[2]:
        return None
    # A comparison whose terms keep more words in their roles than cross: the crossing ones are a
    # place or a modifier read with the other term ("A escola de Fonte Clara … antes da igreja" / "A
    # igreja de Fonte Clara … depois da escola").
    if found[0].startswith("compare ") and len(found[3]) > len(found[1]) + len(found[2]):
        return None
    both = found[1] + found[2]
    c_lo, c_hi = min(i for i, _ in both), max(i for i, _ in both)
    e_lo, e_hi = min(j for _, j in both), max(j for _, j in both)
    return (c_lo, c_hi + 1), (e_lo, e_hi + 1)


def frames_agree(claim: list[Tok], evidence: list[Tok], args: tuple[int, ...] = ()) -> bool:
    """Whether both sentences have a frame of one class whose arguments keep their roles, none crossing,
    among them one of the claim's words ``args``: "Den FC Norden besiegte der SV Halden" says what "Der SV
    Halden besiegte den FC Norden" says, in the order of its object first. Comparisons never agree so:
    their first term is read without the sentence's commas ("In Millport, rents grew faster than
    wages" puts "rents" in the phrase "In Millport"), so they may show a swap but not overrule one. Nor
    do frames that give neither word read as swapped a role on both sides ("Halvard Rail took over … from
    Corrin Transit": "from" opens a phrase of its own), whatever else they keep.

    >>> from lfx_citations.core.align import token_spans
    >>> frames_agree(token_spans("Den FC Norden besiegte der SV Halden."), token_spans("Der SV Halden besiegte den FC Norden."))
    True
    """
    found = _crossing(claim, evidence)
    if found is None or found[0].startswith("compare "):
        return False
    _, first, second, kept = found
    held = {i for i, _ in kept}
    return bool(kept) and not first and not second and (not args or any(i in held for i in args))
