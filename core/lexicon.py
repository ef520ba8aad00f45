"""The support check's word lists: negation cues and direction (antonym) pairs, by language.

    >>> is_negation_cue("nicht"), is_negation_cue("Paris")
    (True, False)
    >>> opposite("increases", "reduces"), opposite("increases", "grows")
    (True, False)

Small on purpose: each list holds the words a reader would name first, in English, French, German,
Spanish, Portuguese, Italian and Dutch (plus a few negation words of other languages the checker
already knew). A word is compared casefolded and whole, never by prefix, because a prefix of a
direction word is often another word ("lower" / "lowland"). Words whose common sense is not a
negation or a direction are left out, and the reason is written next to the list:
- negation: fr "plus" and "personne" (also "more", "person"); "ne" counts only with its second part
  ("ne … pas", "n'… jamais"), since it, "mai" and "no" also have other senses, the checker ignores
  a cue written next to a number ("No. 5", "5 mai");
- direction: fr "est" and es "este" (also "is", "this"), nl "voor" and "na" (also "for", and "na"
  is rare as "after" outside fixed phrases), en "lower" as a verb (it sits in higher/lower already),
  en "close" (also "near": "close to 400 stores"; "closed" and "closes" stay).

Negation written inside a word (English "n't", and scripts without spaces) is matched as a part of
a token by the checker (``NEGATION_PARTS``).

Three more lists help tell a name from a word: ``SENTENCE_OPENERS`` (articles, pronouns, auxiliaries…
that start a sentence with a capital without naming anything), ``NOUN_PHRASE_STARTS`` (articles,
determiners and prepositions: a capitalized first word followed by one is no subject, so no name)
and ``CALENDAR`` (months and days, which are part of a date, like a number, not names).
"""

from __future__ import annotations

import functools

from lfx_citations.core.wordnet import LANGUAGES, relation

#: Whole-word negation cues, casefolded, by language (ISO 639-1).
NEGATION_WORDS = {
    "en": "not no never none nobody nothing neither nor cannot",
    "fr": "pas jamais aucun aucune rien ni nullement guère",
    "de": "nicht kein keine keinen keinem keiner keines nie niemals nichts weder",
    "es": "no nunca jamás ningún ninguno ninguna nada nadie ni tampoco",
    "pt": "não nunca jamais nenhum nenhuma nada ninguém nem",
    "it": "non mai nessuno nessuna nessun niente nulla né",
    "nl": "niet geen nooit niets niemand noch",
    # Kept from the checker's earlier list: Scandinavian, Finnish, Polish, Russian.
    "other": "inte aldrig ingen ikke aldri ei nie nigdy не нет никогда",
}
#: French "ne" (and "n'") is a cue only when one of these follows within a few words: alone, "ne"
#: is also an Italian pronoun ("ne ho due").
NE_PARTNERS = frozenset("pas plus jamais rien personne aucun aucune guère point nullement ni que".split())
#: A negation word followed by one of these does not negate: "not only", "nicht nur", "non solo".
NEGATION_BREAKERS = frozenset(
    "only just merely seulement uniquement nur bloß bloss solo sólo solamente só somente apenas soltanto alleen enkel".split()
)
#: Negation inside a token: English contractions ("doesn't"), Chinese (并非 "is not"), Japanese and Korean.
NEGATION_PARTS = (
    "n't",
    "n’t",
    "不",
    "没",
    "沒",
    "無",
    "无",
    "未",
    "并非",
    "並非",
    "绝非",
    "絕非",
    "ない",
    "ません",
    "않",
    "없",
)

#: Chinese verbs that say "no longer" ("停止运营" / "不再运营"), as "ceased" does, or "must not" ("禁止服用"
#: / "不得服用"): a negation where the sentence has no other ("暂停了作业，尚未恢复" says two things).
CJK_NEGATING_VERBS = ("停止", "终止", "暂停", "禁止", "严禁", "嚴禁", "缺席")
#: Chinese double negations: "not without", "there is none who does not" (并非不适用 applies, 没有一个不满意
#: all are satisfied). Neither negation counts.
CJK_DOUBLE_NEGATIONS = ("并不是不", "并非不", "不是不", "没有一个不", "没有人不", "没有不", "无不", "不无")
#: Words a breaker opens that negate all the same: 不同意 (disagree) is not 不同 (different).
NEGATION_PART_KEPT = ("不同意",)
#: "Refused to" ("拒绝发表评论" / "没有发表评论"): a negation of what follows it, but not where it rejects
#: what was done before ("被市议会拒绝了").
CJK_REFUSING = ("拒绝", "拒絕")

#: Direction and comparison pairs: each line is one concept, its two poles separated by " | ".
#: A claim word on one pole aligned with an evidence word on the other is a conflict.
DIRECTION_PAIRS = {
    "en": (
        "increase increases increased increasing rise rises rose risen rising grow grows grew grown growing"
        " gain gains gained raise raises raised upward up climb climbs climbed climbing soar soars soared"
        " surge surges surged surging rebound rebounded"
        " | decrease decreases decreased decreasing fall falls fell fallen falling drop drops dropped dropping"
        " decline declines declined declining reduce reduces reduced reducing shrink shrinks shrank lowered"
        " loss losses downward down slide slides slid sliding slip slips slipped plunge plunges plunged"
        " plummet plummets plummeted tumble tumbles tumbled sink sinks sank sunk dip dips dipped slump"
        " slumps slumped shrinking",
        "improve improves improved improving ease eases eased easing | worsen worsens worsened worsening"
        " deteriorate deteriorates deteriorated deteriorating",
        "more | less fewer",
        "many | few",
        "next following | previous preceding",
        "top | bottom",
        "begin begins began begun start starts started | end ends ended finish finishes finished",
        "include includes included including | exclude excludes excluded excluding",
        "most | least fewest",
        "higher | lower",
        "highest | lowest",
        "high | low",
        "larger bigger greater | smaller lesser",
        "largest biggest greatest | smallest",
        "longer | shorter",
        "longest | shortest",
        "older | younger newer",
        "oldest | youngest newest",
        "earlier | later",
        "earliest | latest",
        "early | late",
        "before | after",
        "above over | below under",
        "first | last",
        "better | worse",
        "best | worst",
        "maximum max | minimum min",
        "win wins won winning winner | lose loses lost losing loser",
        "allowed permitted legal allow allows permit permits | forbidden banned prohibited illegal forbid"
        " forbids ban bans prohibit prohibits",
        "north northern northward northwards northbound | south southern southward southwards southbound",
        "east eastern eastward eastwards eastbound | west western westward westwards westbound",
        "inside internal | outside external",
        "majority | minority",
        "positive | negative",
        "accepted approved accept approve | rejected reject",
        "opened open opens | closed closes",
        "stronger strengthened | weaker weakened",
        "faster fastest | slower slowest",
        "succeeded successful success | failed unsuccessful failure",
    ),
    "fr": (
        "augmente augmentent augmenter augmenté augmentée augmentation hausse croît"
        " progresse progressent progressé progresser progression grimpe grimpent grimpé grimper bondit bondi"
        " flambe flambé envolé"
        " | diminue diminuent diminuer diminué diminuée diminution baisse baissé baisser baissent réduit réduisent réduire réduction"
        " recule reculent reculé reculer recul chute chutent chuté chuter dégringole dégringolé plonge plongé"
        " fléchit fléchi effondré",
        "améliore améliorent amélioré améliorée améliorer | aggrave aggravent aggravé aggravée aggraver",
        "renforce renforcé renforcée renforcer | affaiblit affaibli affaiblie affaiblir",
        "plus | moins",
        "beaucoup nombreux nombreuses | peu",
        "suivant suivante | précédent précédente",
        "commence commencé commencée débute | termine terminé terminée finit fini",
        "avant | après",
        "supérieur supérieure supérieurs | inférieur inférieure inférieurs",
        "dessus | dessous",
        "premier première premiers premières | dernier dernière derniers dernières",
        "meilleur meilleure | pire",
        "haut haute élevé élevée | bas basse faible",
        "grand grande | petit petite",
        "nord | sud",
        "autorisé autorisée autorisés permis | interdit interdite interdits",
        "gagné gagne gagnent | perdu perd perdent",
        "maximum maximal | minimum minimal",
        "majorité | minorité",
    ),
    "de": (
        "steigt stieg gestiegen steigen erhöht erhöhen zunehmen zugenommen Zunahme Anstieg wächst wuchs gewachsen"
        " wachsen verstärkt verstärkte verstärken gesteigert steigert steigerte steigern"
        " | sinkt sank gesunken sinken verringert verringern gesenkt senkt abnehmen Abnahme Rückgang"
        " reduziert reduzierte reduzieren vermindert verminderte vermindern herabgesetzt herabsetzen"
        " fällt fiel gefallen schrumpft schrumpfte geschrumpft schrumpfen abgeschwächt abschwächen",
        "verbessert verbesserte verbessern | verschlechtert verschlechterte verschlechtern",
        "mehr | weniger",
        "viele | wenige",
        "nächste nächsten | vorherige vorherigen",
        "beginnt begann begonnen | endet endete geendet",
        "vor vorher bevor | nach nachher nachdem",
        "höher höchste höchsten | niedriger niedrigste niedrigsten",
        "größer größte größten | kleiner kleinste kleinsten",
        "erste ersten erster | letzte letzten letzter",
        "besser beste besten | schlechter schlechteste",
        "über oberhalb | unter unterhalb",
        "erlaubt zulässig | verboten unzulässig",
        "gewonnen gewann gewinnt | verloren verlor verliert",
        "nördlich norden | südlich süden",
        "mehrheit | minderheit",
        "maximal | minimal",
        "früher | später",
    ),
    "es": (
        "aumenta aumentó aumentar aumento sube subió incrementa crece creció crecer crecimiento eleva elevó"
        " elevar dispara disparó"
        " | disminuye disminuyó disminuir disminución reduce redujo reducir baja bajó cae cayó desciende descendió"
        " mengua menguó menguar desploma desplomó retrocede retrocedió retrocedieron retroceder",
        "mejora mejoró mejorar | empeora empeoró empeorar",
        "más | menos",
        "muchos muchas | pocos pocas",
        "siguiente | anterior",
        "comienza comenzó empieza empezó | termina terminó",
        "antes | después",
        "mayor | menor",
        "primero primera primer | último última",
        "mejor | peor",
        "superior | inferior",
        "alto alta | bajo",
        "permitido permitida | prohibido prohibida",
        "ganó gana ganar | perdió pierde perder",
        "norte | sur",
        "máximo | mínimo",
        "mayoría | minoría",
        "encima | debajo",
    ),
    "pt": (
        "aumenta aumentou aumentar aumento sobe subiu cresce cresceu crescer crescimento"
        " | diminui diminuiu diminuir diminuição reduz reduziu reduzir redução cai caiu desce desceu baixa baixou",
        "melhora melhorou melhorar | piora piorou piorar",
        "mais | menos",
        "muitos muitas | poucos poucas",
        "seguinte | anterior",
        "começa começou | termina terminou",
        "antes | depois",
        "maior | menor",
        "primeiro primeira | último última",
        "melhor | pior",
        "superior | inferior",
        "alto alta | baixo baixa",
        "permitido permitida | proibido proibida",
        "ganhou ganha ganhar venceu | perdeu perde perder",
        "norte | sul",
        "máximo | mínimo",
        "maioria | minoria",
        "acima | abaixo",
    ),
    "it": (
        "aumenta aumentato aumentata aumentati aumentare aumento cresce crescita cresciuto cresciuta cresciuti"
        " sale salito | diminuisce diminuito diminuita diminuiti diminuire diminuzione riduce ridotto ridurre"
        " riduzione cala calo calato calata sceso scesa",
        "migliora migliorato migliorare | peggiora peggiorato peggiorare",
        "più | meno",
        "molti molte | pochi poche",
        "successivo successiva | precedente",
        "inizia iniziato iniziata comincia | finisce finito finita termina terminato",
        "prima | dopo",
        "maggiore | minore",
        "primo prima | ultimo ultima",
        "migliore meglio | peggiore peggio",
        "superiore | inferiore",
        "alto alta | basso bassa",
        "consentito permesso | vietato proibito",
        "vinto vince vincere | perso perde perdere",
        "guadagnato guadagna guadagnano | perso perde perdono",
        "nord | sud",
        "massimo | minimo",
        "maggioranza | minoranza",
        "sopra | sotto",
    ),
    "nl": (
        "stijgt steeg gestegen stijgen toename verhoogt verhoogd verhoogde verhogen groeit groeide gegroeid"
        " | daalt daalde gedaald dalen afname verlaagt verlaagd verlaagde verlagen krimpt kromp gekrompen",
        "verbetert verbeterde verbeterd | verslechtert verslechterde verslechterd",
        "meer | minder",
        "veel | weinig",
        "volgende | vorige",
        "begint begon | eindigt eindigde",
        "voordat | nadat",
        "hoger hoogste | lager laagste",
        "groter grootste | kleiner kleinste",
        "eerste | laatste",
        "beter beste | slechter slechtste",
        "boven | onder",
        "toegestaan | verboden",
        "gewonnen wint | verloren verliest",
        "noord noorden | zuid zuiden",
        "meerderheid | minderheid",
        "maximaal | minimaal",
        "eerder | later",
    ),
}

#: Words that open a sentence without naming anything: articles, pronouns, conjunctions, prepositions
#: and discourse adverbs. A capitalized first word of a claim that is none of these, and that no
#: presented source holds, is read as a name ("Lyon is the capital…").
SENTENCE_OPENERS = {
    # Auxiliaries and modals open a sentence whose subject is left out (es "Puede…", it "Può…").
    "aux": "can could may might must should would will shall is are was were has have had do does did"
    " peut peuvent doit doivent est sont était ont kann können darf dürfen muss müssen soll sollen ist sind"
    " war waren hat haben wird werden puede pueden debe deben es son era fue ha han está pode podem deve"
    " devem é são foi tem têm può possono devono è fu hanno kunnen mag mogen moet moeten zijn heeft hebben"
    " wordt worden",
    "en": "the a an this that these those it its he she they we i you his her their our my your there here"
    " in on at by for from with to of as after before during since while when where if although though"
    " because however also both each every many most some all such one another other yet but and or so"
    " then thus today now later instead still even only overall additionally furthermore moreover finally"
    " first second third meanwhile despite following according unlike like among between through under"
    " without upon over concerning regarding",
    "fr": "le la les un une des ce cet cette ces il elle ils elles on nous vous je son sa ses leur leurs"
    " en dans à au aux par pour avec de du sur sous après avant depuis pendant lorsque quand si mais et"
    " ou donc ainsi aussi cependant toutefois enfin puis selon nombreux nombreuses plusieurs divers diverses",
    "de": "der die das ein eine einen dem den des dieser diese dieses er sie es wir ich ihr sein seine"
    " ihre in im an am auf aus bei mit nach seit von vor zu zum zur für durch während wenn als ob aber"
    " und oder doch auch jedoch dann so heute laut viele wenige zahlreiche unzählige diverse verschiedene",
    "es": "el la los las un una unos unas este esta estos estas ese esa él ella ellos ellas su sus en"
    " con de del por para desde durante tras antes después cuando si pero y o también sin además según"
    " muchos muchas numerosos numerosas pocos pocas diversos diversas",
    "pt": "o os as um uma uns umas este esta estes estas esse essa ele ela eles elas seu sua seus suas"
    " em no na nos nas com de do da dos das por para desde durante após antes depois quando se mas e ou"
    " também sem além segundo muitos muitas numerosos numerosas poucos poucas diversos diversas",
    "it": "il lo la i gli le un uno una questo questa questi queste egli lui lei loro suo sua suoi sue in"
    " nel nella con di del della da dal per durante dopo prima quando se ma e o anche senza inoltre"
    " secondo molti molte numerosi numerose pochi poche diversi diverse",
    "nl": "de het een deze dit die dat hij zij ze het wij ik zijn haar hun in op aan bij met na sinds van"
    " voor tot door tijdens toen als maar en of ook dan volgens veel vele talrijke weinig diverse",
}
#: Auxiliaries and modals: a negation's head word is the verb after them ("should not be given").
AUXILIARY_WORDS = frozenset(SENTENCE_OPENERS["aux"].split())
SENTENCE_OPENER_WORDS = frozenset(w for words in SENTENCE_OPENERS.values() for w in words.split())

#: Articles, determiners, possessives and prepositions: words that open a noun phrase. A capitalized
#: first word followed by one opens the sentence with a preposition or a participle ("Staring at…",
#: "Dubbed the…", "Upon his…"); a name that opens a sentence is its subject, followed by a verb. Left
#: out: words that are also a verb or a negation in another of these languages ("a": fr "has"; pt "do",
#: "no").
NOUN_PHRASE_STARTS = {
    "en": "the an this that these those his her its their our my your each every some any"
    " in on at by for from with without to of into onto upon over under about against among between"
    " through during after before since until across along around",
    "fr": "le la les un une des du de ce cet cette ces son sa ses leur leurs mon ma mes notre nos chaque"
    " à au aux dans par pour avec sans sur sous entre vers chez",
    "de": "der die das den dem des ein eine einen einem einer eines sein seine ihr ihre jeder jede jedes"
    " in im an am ans auf aus bei beim ins mit nach seit von vom vor zu zum zur für durch gegen ohne über unter",
    "es": "el la los las un una unos unas su sus este esta estos estas cada"
    " en con de del al por para desde sin sobre entre hacia tras",
    "pt": "o os as um uma uns umas seu sua seus suas cada em na nos nas num numa com de da dos das"
    " ao aos à às por pelo pela pelos pelas para desde sem sobre entre",
    "it": "il lo la i gli le un uno una suo sua suoi sue ogni in nel nello nella nei negli nelle con di"
    " del dello della dei degli delle da dal dallo dalla dai dagli dalle al allo alla ai agli alle su"
    " sul sullo sulla sui sugli sulle per senza tra fra",
    "nl": "de het een zijn haar hun elk elke in op aan bij met zonder na sinds van voor tot door over"
    " onder tussen",
}
NOUN_PHRASE_START_WORDS = frozenset(w for words in NOUN_PHRASE_STARTS.values() for w in words.split())

#: Months and days are dates, not names (most of these languages write them in lower case): a
#: claim's month that its evidence does not hold is not a name to cap.
CALENDAR = {
    "en": "january february march april may june july august september october november december"
    " monday tuesday wednesday thursday friday saturday sunday",
    "fr": "janvier février mars avril mai juin juillet août septembre octobre novembre décembre"
    " lundi mardi mercredi jeudi vendredi samedi dimanche",
    "de": "januar februar märz april mai juni juli august september oktober november dezember"
    " montag dienstag mittwoch donnerstag freitag samstag sonntag",
    "es": "enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre"
    " lunes martes miércoles jueves viernes sábado domingo",
    "pt": "janeiro fevereiro março abril maio junho julho agosto setembro outubro novembro dezembro",
    "it": "gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre novembre dicembre"
    " lunedì martedì mercoledì giovedì venerdì",
    "nl": "januari februari maart april mei juni juli augustus september oktober november december"
    " maandag dinsdag woensdag donderdag vrijdag zaterdag zondag",
}
CALENDAR_WORDS = frozenset(w for words in CALENDAR.values() for w in words.split())
#: Month names in every lexicon language, with their number (the first twelve words of each line).
MONTH_NUMBERS = {w: n for words in CALENDAR.values() for n, w in enumerate(words.split()[:12], 1)}
#: Months that are also common words in lower case ("may", "march", "august"): dates only when written
#: with a capital.
CALENDAR_HOMONYMS = frozenset("may march august".split())

NEGATIONS = frozenset(w for words in NEGATION_WORDS.values() for w in words.split())


def _poles() -> dict[str, frozenset[tuple[str, int]]]:
    poles: dict[str, set[tuple[str, int]]] = {}
    for lang, lines in DIRECTION_PAIRS.items():
        for n, line in enumerate(lines):
            for pole, words in enumerate(line.split("|")):
                for word in words.split():
                    poles.setdefault(word.casefold(), set()).add((f"{lang}{n}", pole))
    return {word: frozenset(found) for word, found in poles.items()}


#: word -> {(concept, pole)}: a word may sit in two concepts (it "prima": before, and first).
DIRECTIONS = _poles()


#: Verb and adjective endings, longest first, that a direction word of these languages is read
#: without when the lists lack its form ("subieron" is "subió", "baissait" is "baissé").
_ENDINGS = {
    "es": "ieron aron eron aban ando iendo ados adas idos idas ado ada ido ida ían ió an en ar er ir ó a e o",
    "pt": "aram eram iram ando indo ados adas idos idas ado ada ido ida ou eu iu am em ar er ir a e o",
    "fr": "èrent aient ées ait ant ent ée és ez er é e",
    "it": "arono erono irono ando endo ati ate iti ite ato ata ito ita ano ono are ere ire ò ì a e i o",
}


def _stem(word: str, lang: str) -> str:
    """``word`` without its inflection (see ``_ENDINGS``), or "" when too little would be left.

    >>> _stem("subieron", "es"), _stem("subió", "es"), _stem("baissait", "fr"), _stem("va", "es")
    ('sub', 'sub', 'baiss', '')
    """
    for end in _ENDINGS[lang].split():
        if word.endswith(end) and len(word) - len(end) >= 3:
            return word[: -len(end)]
    return ""


def _stem_poles() -> dict[tuple[str, str], frozenset[tuple[str, int]]]:
    out: dict[tuple[str, str], set[tuple[str, int]]] = {}
    for lang in _ENDINGS:
        for n, line in enumerate(DIRECTION_PAIRS[lang]):
            for pole, words in enumerate(line.split("|")):
                for word in words.split():
                    if stem := _stem(word.casefold(), lang):
                        out.setdefault((lang, stem), set()).add((f"{lang}{n}", pole))
    return {key: frozenset(found) for key, found in out.items()}


_STEM_POLES = _stem_poles()


def poles_of(word: str, lang: str = "") -> frozenset[tuple[str, int]]:
    """The direction poles of ``word`` (``DIRECTIONS``), else of its stem in ``lang``.

    >>> sorted(poles_of("subieron", "es")) == sorted(DIRECTIONS["subió"])
    True
    """
    found = DIRECTIONS.get(word)
    if found is not None or lang not in _ENDINGS:
        return found or frozenset()
    return _STEM_POLES.get((lang, _stem(word, lang)), frozenset())


def is_negation_cue(word: str) -> bool:
    """A whole-word negation cue of any listed language (``ne`` needs its partner: see the checker)."""
    return word.casefold() in NEGATIONS


def opposite(a: str, b: str) -> bool:
    """Whether ``a`` and ``b`` sit on opposite poles of one direction concept."""
    left, right = DIRECTIONS.get(a.casefold(), ()), DIRECTIONS.get(b.casefold(), ())
    return any((concept, 1 - pole) in right for concept, pole in left)


# ---------------------------------------------------------------------------
# Language: a word is a cue only in the language of its sentence
# ---------------------------------------------------------------------------

#: Frequent function words by language: the language of a sentence is the one whose words it holds
#: most (``sentence_language``). Words shared by two languages count for both.
FUNCTION_WORDS = {
    "en": "the of and is are was were to in that with for it this be by not have has had an which from"
    " at on as or they their its been will would no",
    "fr": "le la les des du est sont une un et dans pour avec qui que pas sur au aux été ne ce cette il en a"
    " elle ont par plus se son sa ses leur été était l",
    "de": "der die das und ist sind nicht mit von zu den dem ein eine wurde für auf im des sich es auch"
    " nach bei wird werden hat haben kein keine",
    "es": "el la los las de del y es son en con por para que una un fue no se su sus al lo como más"
    " pero ha han está",
    "pt": "o a os as do da dos das e é são em com por para que um uma não foi se seu sua ao no na"
    " mais pelo pela está estão",
    "it": "il lo la gli le di del della e è sono in con per che un una non si suo sua al nel nella"
    " dei delle anche più ha hanno l",
    "nl": "de het een en is zijn van in met voor op niet werd dat te die er ook aan bij door naar"
    " wordt worden ze zij nadat voordat",
}
FUNCTION_WORD_SET = frozenset(w for words in FUNCTION_WORDS.values() for w in words.split())
_FUNCTION_LANGS = {}
for _lang, _words in FUNCTION_WORDS.items():
    for _word in _words.split():
        _FUNCTION_LANGS.setdefault(_word, []).append(_lang)
#: Scripts written without spaces, by the code point ranges a sentence's first such character is in.
_SCRIPT_LANGS = (("\u3040", "\u30ff", "ja"), ("\uac00", "\ud7af", "ko"), ("\u3400", "\u9fff", "zh"))


def is_function_word(word: str, lang: str) -> bool:
    """Whether ``word`` is one of ``lang``'s frequent function words (Portuguese "dos", "of the").

    >>> is_function_word("dos", "pt"), is_function_word("dos", "es")
    (True, False)
    """
    return lang in _FUNCTION_LANGS.get(word, ())


def sentence_language(words: list[str]) -> str:
    """The language of a sentence's (casefolded) words, from its function words; "" when unsure.

    >>> sentence_language("en mai le parc a accueilli 5 000 visiteurs".split())
    'fr'
    >>> sentence_language(["die", "firma", "liefert", "nach", "österreich"]), sentence_language(["paris"])
    ('de', '')
    >>> sentence_language("a marta la contrató la empresa en 2019".split())  # French never writes "ó"
    'es'
    """
    for word in words:
        if word and word[0] >= "\u3040":
            for lo, hi, lang in _SCRIPT_LANGS:
                if lo <= word[0] <= hi:
                    return (
                        "zh"
                        if lang == "zh" and not any(w[:1] >= "\u3040" and w[0] <= "\u30ff" for w in words)
                        else lang
                    )
    counts: dict[str, int] = {}
    # Each word counts once: "de" three times does not make a French sentence Spanish.
    for word in dict.fromkeys(words):
        for lang in _FUNCTION_LANGS.get(word, ()):
            counts[lang] = counts.get(lang, 0) + 1
    # A letter the language never writes rules it out: "contrató" is not French.
    letters = set("".join(words))
    kept = {lang: n for lang, n in counts.items() if not letters & _FOREIGN_LETTERS.get(lang, set())}
    counts = kept or counts
    if not counts:
        return ""
    ranked = sorted(counts.items(), key=lambda item: -item[1])
    if len(ranked) > 1 and ranked[0][1] == ranked[1][1]:
        # A tie ("no se debe" reads as Spanish or Portuguese): letters only one of them writes decide.
        tied = {lang for lang, n in ranked if n == ranked[0][1]}
        # Words only one language has count most: "el" is Spanish, "en" and "a" are shared.
        weight = {
            lang: sum(1 / len(_FUNCTION_LANGS[w]) for w in words if lang in _FUNCTION_LANGS.get(w, ()))
            for lang in tied
        }
        best = sorted(weight.values(), reverse=True)
        if best[0] > best[1]:
            return max(weight, key=weight.__getitem__)
        hinted = [lang for lang in tied if letters & _LETTERS.get(lang, set())]
        return hinted[0] if len(hinted) == 1 else ""
    return ranked[0][0]


#: Letters that tell languages apart when their function words tie.
_LETTERS = {
    "es": set("ñ¿¡"),
    "pt": set("ãõâôç"),
    "de": set("ßäöü"),
    "fr": set("œêèëîïûç"),
    "it": set("ìòù"),
}


#: Letters a language never writes in its own words (loanwords aside: German "Café" keeps "é").
_FOREIGN_LETTERS = {
    "en": set("ä"),
    "fr": set("áíóúñãõä"),
    "es": set("àèùâêôçãõä"),
    "it": set("ñãõçä"),
    "pt": set("ñèùä"),
    "nl": set("ñãõä"),
    "de": set("ñãõ"),
}


#: Negation cues by language; a sentence of unknown language uses every language's cues but these,
#: which are common words elsewhere (fr "mai" is May, it "ne" a pronoun, "nie" Polish and German).
NEGATION_BY_LANG = {lang: frozenset(words.split()) for lang, words in NEGATION_WORDS.items()}
AMBIGUOUS_CUES = frozenset("mai ei no non pas".split())
#: Negation inside a word (Chinese), unless it opens one of these words: "not only", "different",
#: "continuously", "quite a few", "soon", "however", "regardless", "must" (a double negation),
#: "future", "countless", "fewer than" and "not exceeding" (amounts: 不足两万, 不超过三十平方米), and
#: "no questions asked" (无理由退货, a return for any reason).
NEGATION_PART_BREAKERS = (
    "无理由",
    "毫无疑问",
    "无疑",
    "不足",
    "不超过",
    "不超過",
    "不仅",
    "不僅",
    "不同",
    "不断",
    "不斷",
    "不少",
    "不久",
    "不过",
    "不過",
    "不但",
    "不管",
    "不论",
    "不論",
    "不得不",
    "未来",
    "未來",
    "无论",
    "無論",
    "无数",
    "無數",
)


def is_cue_in(word: str, lang: str) -> bool:
    """Whether ``word`` (casefolded) is a whole-word negation cue in language ``lang`` ("" unknown).

    >>> is_cue_in("mai", "fr"), is_cue_in("mai", "it"), is_cue_in("no", "es"), is_cue_in("no", "")
    (False, True, True, False)
    """
    if lang in NEGATION_BY_LANG:
        return word in NEGATION_BY_LANG[lang]
    return word in NEGATIONS and word not in AMBIGUOUS_CUES and not lang


# ---------------------------------------------------------------------------
# Natural-logic operators: what changes the monotonicity of the words after them
# ---------------------------------------------------------------------------

#: Verbs that keep from doing something ("should avoid alcohol", "auf Alkohol verzichten"): what the
#: other side says is done there (taking, drinking) is excluded.
AVOIDANCE = frozenset(
    "avoid avoids avoided refrain refrains refrained abstain abstains abstained"
    " éviter évitez évité évitée évitées s'abstenir"
    " vermeiden vermieden verzichten verzichtet"
    " evitar evite eviten evitarse abstenerse"
    " evitare evitate evitato astenersi"
    " evite evitem abster"
    " vermijden vermijd vermeden".split()
)
#: Verbs that say "no longer" (negative implicatives): "ceased operations" = "no longer operates".
#: Each is a negation operator over what follows; "stop" and "quit" only before an -ing verb.
IMPLICATIVES = frozenset(
    "cease ceases ceased ceasing discontinue discontinues discontinued suspended halted"
    " cesse cessé cessent cessera suspendu suspendue suspendus arrêté arrêtée"
    " eingestellt aufgehört stillgelegt"
    " cesó cesa cesaron suspendido suspendida suspendidos"
    " cessou suspenso suspensa cessato sospeso sospesa gestaakt".split()
)
IMPLICATIVE_BEFORE_ING = frozenset("stop stops stopped quit quits".split())
#: Two-word negation operators (the second word is part of the first's cue): "no longer", "fail to",
#: "ne … plus" is handled by ``ne``; "nicht mehr", "ya no", "sin".
NEGATION_PHRASES = {
    "en": (
        "no longer",
        "fail to",
        "fails to",
        "failed to",
        "refuse to",
        "refuses to",
        "refused to",
        "neglected to",
        "omitted to",
        "decline to",
        "declines to",
        "declined to",
        # Software: "removed support for X" is "X is no longer supported".
        "removed support",
        "dropped support",
        "ended support",
        "drops support",
        "drop support",
    ),
    # "d'" stands as "d": "a refusé d'approuver".
    "fr": (
        "refuse de",
        "refusé de",
        "refusa de",
        "refusent de",
        "refuse d",
        "refusé d",
        "refusa d",
        "refusent d",
        "omis de",
        "omis d",
        "négligé de",
        "négligé d",
    ),
    "de": (
        "nicht mehr",
        "kein mehr",
        "weigerte sich",
        "weigert sich",
        "weigerten sich",
        # "lehnte es ab, … zu genehmigen": refused to
        "lehnte es",
        "lehnt es",
        "lehnten es",
        "versäumte es",
        "versäumt es",
        "unterließ es",
        "unterlässt es",
    ),
    "es": ("ya no", "dejó de", "deja de", "dejaron de", "negó a", "niega a", "negaron a"),
    "pt": ("já não", "deixou de", "recusou se", "recusa se", "recusaram se"),
    "it": ("non più", "rifiutato di", "rifiutò di", "rifiuta di"),
    "nl": ("niet meer", "niet langer", "weigerde te", "weigert te"),
}
# Tokens are casefolded: "unterließ es" is read "unterliess es".
NEGATION_PHRASES = {lang: tuple(p.casefold() for p in phrases) for lang, phrases in NEGATION_PHRASES.items()}

#: Phrases that open with an operator's word and are no operator: "nothing short of historic" is
#: historic, "no obstante" is "however", "non seulement … mais" adds, "peu à peu" is "gradually" and
#: "tout au long du siècle" "throughout the century".
NOT_OPERATORS = (
    "nothing short of",
    # "No sooner had the store opened than …": as soon as.
    "no sooner",
    "no less than",
    "no doubt",
    # "without doubt" affirms: "es, sin duda, la más silenciosa" says it is
    "without doubt",
    "without a doubt",
    "sans doute",
    "sans aucun doute",
    "ohne zweifel",
    "sin duda",
    "sin lugar a dudas",
    "sem dúvida",
    "senza dubbio",
    "zonder twijfel",
    "not only",
    "no obstante",
    "não obstante",
    "sin embargo",
    "non seulement",
    "nicht nur",
    "no solo",
    "no sólo",
    "non solo",
    "não só",
    "niet alleen",
    # "little by little", "nearly", "a little": no "few"
    "peu à peu",
    "à peu près",
    "un peu",
    "poco a poco",
    "pouco a pouco",
    "un poco",
    "un po",
    "tout au long",
    # "as soon as"
    "non appena",
)
#: German and Dutch verbs that say "not" with their particle apart, closing the clause ("schließt …
#: aus", "sluit … uit", "lehnte … ab"): the verb, then its particle.
NEGATIVE_APART = {
    verb.casefold(): particle
    for particle, verbs in (
        ("aus", "schließt schließen schloss schlossen"),
        ("ab", "lehnt lehnte lehnten lehnen"),
        ("uit", "sluit sluiten sloot sloten"),
        ("af", "wijst wijzen wees wezen"),
    )
    for verb in verbs.split()
}
#: Words that say "not" in a word of their own ("declined to comment" is "did not comment",
#: "dropped" support is "does not support", support that "has ended" or "endet" is "no longer"
#: support, "uitgeschakeld" is "niet aan", "except FreeBSD"
#: says it does not hold of FreeBSD). They are no operators: the lexicon cannot say what they
#: negate. A lone "not" on one side facing one of these, unpaired, on the other is no evidence of
#: an exclusion: both sides may negate the same thing in words of their own.
NEGATIVE_MEANING = (
    frozenset(
        (
            "decline declines declined refuse refuses refused deny denies denied reject rejects rejected"
            " drop drops dropped remove removes removed abandon abandons abandoned disable disables disabled"
            " unless off free yet skip skips omit omits limited restricted lack lacks lacked absent unavailable unsupported undocumented except excluding avoid avoided"
            " prohibited prohibits forbidden forbids banned bans barred contraindicated fail fails failed stopped"
            " falhou falhar falharam fracassou falló fallaron fracasó échoué échoua fallito mancato scheiterte"
            " gescheitert faalde mislukte"
            " absente absents absentes ausente ausentes assente assenti afwezig"
            " abandonné abandonnée abandonnés abandonnées désactivé désactivée désactivés désactivées"
            " supprimé supprimée supprimés supprimées retiré retirée refusé refusée refusés refusées refusa rejeté rejetée rejetés rejetées interdit interdite"
            " débouté déboutée déboutés déboute"
            " éviter évitez évité évitée ignorer sauf excepté hormis contre-indiqué contre-indiquée"
            " deaktiviert abgelehnt lehnte entfernt eingestellt verboten untersagt außer ausgenommen"
            " kontraindiziert abgeschaltet abgeschafft vermeiden vermieden überspringen"
            " desactivado desactivada desactivados desactivadas eliminado eliminada rechazado rechazada"
            " rechazó declinó negó evitar evite eviten omitir prohibido prohibida salvo excepto contraindicado contraindicada"
            " desativado desativada removido removida recusou rejeitou proibido proibida exceto"
            " contraindicado contraindicada"
            " disattivato disattivata rimosso rimossa rifiutato rifiutò vietato vietata tranne eccetto"
            " controindicato controindicata"
            " discouraged afgeraden ontraden abgeraten déconseillé déconseillée déconseillés déconseillées"
            " sconsigliato sconsigliata desaconsejado desaconsejada desaconselhado desaconselhada"
            " missing abandonne abandonnent abandona abandonó abbandona abbandonato abandonou gestopt"
            " fehlt fehlen fehlte fehlten manque manquent carece carecen faltan faltam manca mancano"
            " ontbreekt ontbreken ontbrak evitare vermijden stopgezet beëindigd uitgeschakeld verwijderd verboden behalve geweigerd weigerde afgewezen"
            " discontinued discontinues suspended suspends cancelled canceled cancels withdrawn withdrew ceased"
            " ceases halted halts terminated ended endet endete terminé terminée terminada"
            " terminado finalizado finalizada terminato terminata terminou terminó"
            " suspendu suspendue suspendus suspendues annulé annulée annulés annulées interrompu interrompue"
            " cessé indisponible indisponibles inchangé inchangée inchangés inchangées unverändert"
            " inalterado inalterada invariato invariata inalterato inalterata inalterados ongewijzigd"
            " vedado vedada vedados vedadas"
            # Support or a part removed: "rimuove il supporto", "die Unterstützung entfällt".
            " rimuove rimuovono supprime suppriment entfällt entfallen entfiel elimina eliminan remove removem"
            " verzichtete renoncer renoncé renoncez abstenir"
            " ausgesetzt abgesagt gestrichen storniert zurückgezogen unmöglich ungültig unzulässig"
            " suspendido suspendida cancelado cancelada interrumpido interrumpida descontinuado descontinuada"
            " deshabilitado deshabilitada deshabilitados deshabilitadas inhabilitado inhabilitada imposible"
            " suspenso suspensa interrompido interrompida descontinuada impossível indisponível"
            " sospeso sospesa annullato annullata interrotto interrotta dismesso dismessa dismessi cessato"
            " cessata impossibile indisponibile"
            " opgeschort geannuleerd afgeschaft ingetrokken onmogelijk ongeldig"
            " réservé réservée réservés réservées vorbehalten reservado reservada reservados reservadas"
            " riservato riservata riservati riservate voorbehouden"
            # Feminine and plural forms: "Todos los vuelos fueron cancelados", "les connexions sont refusées".
            " abbandonata abbandonate abbandonati annullate annullati canceladas cancelados cessate cessati cessée"
            " cessées cessés contraindicadas contraindicados contre-indiquées contre-indiqués controindicate"
            " controindicati desaconsejadas desaconsejados desaconselhadas desaconselhados desativadas"
            " desativados descontinuadas descontinuados disattivate disattivati dismesse déboutées eliminadas"
            " eliminados exceptée exceptées exceptés finalizadas finalizados inhabilitadas inhabilitados"
            " interrompidas interrompidos interrotte interrotti interrumpidas interrumpidos prohibidas prohibidos"
            " proibidas proibidos rechazadas rechazados removidas removidos retirées retirés rifiutata rifiutate"
            " rifiutati rimosse rimossi sconsigliate sconsigliati sospese sospesi suspendidas suspendidos"
            " terminadas terminados terminati terminées terminés vietate vietati évitées évités interdits"
            " interdites"
        )
        .casefold()  # tokens are casefolded: "außer" is read "ausser"
        .split()
    )
    | AVOIDANCE
)  # "avoid", "verzichten": not doing
#: Verbs light enough to come and go when a negation is said in other words: "contains no sugar" /
#: "sugar-free", "gaf geen commentaar" / "weigerde commentaar te geven", "no longer includes" /
#: "was removed".
LIGHT_VERBS = frozenset(
    (
        "have has had having contain contains contained include includes included give gives gave"
        " given make makes made"
        " a ont avait avaient contient contiennent contenait comprend inclut donne donné fait faire"
        " hat haben hatte hatten enthält enthalten enthielt gibt gab geben gegeben macht machte"
        " tiene tienen tenía contiene contienen incluye incluyen da dio dar hace hizo hacer"
        " tem têm tinha contém inclui dá deu faz fez fazer"
        " ha hanno aveva contiene contengono include dà diede dare fa fece fare"
        " heeft hebben had bevat bevatten bevatte geeft gaf geven maakt maakte"
    ).split()
)
#: Being there, or being offered, which a removal or an absence negates in a word of its own: "is
#: no longer available" / "was removed", "n'existe plus" / "a été supprimée", "ne propose pas" /
#: "est absente".
AVAILABILITY_WORDS = frozenset(
    "available exist exists existed disponible disponibles existe existent existait verfügbar erhältlich"
    " existiert existieren gibt disponibile disponibili esiste esistono disponível disponíveis"
    " beschikbaar bestaat bestaan offer offers offered propose proposent offre offrent bietet bieten"
    " ofrece ofrecen oferece oferecem offrono biedt bieden".split()
)
#: Verbs of taking or using something, which a prohibition leaves unsaid: "contraindicated in
#: pregnancy" / "should not be taken in pregnancy", "avoid alcohol" / "do not drink alcohol".
USE_VERBS = frozenset(
    (
        "take takes taken took taking use uses used using receive received consume consumed drink"
        " drunk eat eaten administer administered apply applied give given"
        " prendre pris prise prises utiliser utilisé utilisée recevoir reçu consommer consommé boire"
        " administrer administré"
        " nehmen genommen einnehmen eingenommen verwenden verwendet anwenden angewendet angewandt"
        " erhalten bekommen trinken getrunken essen gegessen"
        " tomar tomarse tomado tomada usar usado usada utilizar utilizado utilizada recibir recibido"
        " consumir consumido beber administrar administrado"
        " receber recebido usado usada"
        " prendere preso presa usare usato usata utilizzare utilizzato assumere assunto assunta"
        " ricevere ricevuto bere somministrare somministrato"
        " nemen genomen innemen ingenomen gebruiken gebruikt krijgen gekregen drinken gedronken"
        " eten gegeten toedienen toegediend"
    ).split()
)
#: The same, written in Chinese characters (a token opening with one).
NEGATIVE_MEANING_PARTS = (
    "停止",
    "严禁",
    "嚴禁",
    "避免",
    "只有",
    "只能",
    "拒绝",
    "拒絕",
    "禁止",
    "取消",
    "禁用",
    "弃用",
    "棄用",
    "移除",
    "除了",
    "缺乏",
    "放弃",
    "否认",
    "关闭",
    "停用",
    "暂停",
    "终止",
    "下架",
)
#: Words that negate what follows them without being a "not": "without", "sans", "ohne", "sin".
PRIVATIVES = frozenset("without sans ohne sin sem senza zonder lack lacks lacked lacking".split())

#: Quantifiers by meaning (the determiner of a subject): the relation of one to another is below.
QUANTIFIERS = {
    "all": "all every each tous toutes tout chaque alle jeder jede jedes todos todas cada todo tutti tutte ogni"
    " alle elke iedere sämtliche sämtlichen 所有 全部 每个",
    "most": "most plupart meisten meiste meeste mayoría maioria maggior maggioranza 多数",
    "some": "some several certain certains certaines quelques plusieurs einige einigen einiger einigem manche"
    " manchen mehrere mehreren etliche etlichen einzelne einzelnen vereinzelte algunos handful"
    " algunas varios varias alguns algumas alcuni alcune sommige enkele 一些 有些 部分",
    "few": "few peu wenige pocos pocas poucos poucas pochi poche weinig",
    "none": "none no aucun aucune kein keine keinen keinem keiner keines ningún ninguno ninguna nenhum nenhuma nessuno"
    " nessuna nessun geen",
}
#: How often, from always to never.
FREQUENCIES = {
    "always": "always invariably toujours systématiquement immer stets ausnahmslos siempre invariablemente sempre"
    " invariavelmente invariabilmente altijd",
    "usually": "usually generally normally généralement habituellement normalement meistens gewöhnlich"
    " normalmente generalmente habitualmente solitamente meestal",
    "often": "often frequently souvent oft häufig frecuentemente menudo frequentemente spesso vaak",
    "sometimes": "sometimes occasionally parfois quelquefois manchmal gelegentlich veces vezes ocasiones"
    " ocasionalmente occasionalmente"
    " talvolta volte soms",
    "rarely": "rarely seldom rarement selten raramente rara zelden",
    "never": "never jamais nie niemals nunca jamás nunca mai nooit",
}
#: Modals of possibility: "may cause" says less than "causes".
MODALS_BY_LANG = {
    "en": frozenset("may might could".split()),
    "fr": frozenset("peut pourrait peuvent pourraient".split()),
    "de": frozenset("kann könnte können könnten".split()),
    "es": frozenset("puede podría pueden podrían".split()),
    "pt": frozenset("pode poderia podem poderiam".split()),
    "it": frozenset("può potrebbe possono potrebbero".split()),
    "nl": frozenset("kan kun kunt kunnen zou zouden".split()),
    "": frozenset("may might".split()),
}

_OPERATOR_WORDS: dict[str, tuple[str, str]] = {}
for _kind, _table in (("quantifier", QUANTIFIERS), ("frequency", FREQUENCIES)):
    for _value, _words in _table.items():
        for _word in _words.split():
            _OPERATOR_WORDS.setdefault(_word, (_kind, _value))
#: A quantifier or adverb faced by another: the relation from the evidence's to the claim's (premise
#: to hypothesis, for a non-empty domain): "all" entails "some" (forward), "none" negates "some".
OPERATOR_RELATIONS = {
    ("all", "most"): "fwd",
    ("all", "some"): "fwd",
    ("most", "some"): "fwd",
    ("all", "none"): "alt",
    ("all", "few"): "alt",
    ("most", "none"): "alt",
    ("most", "few"): "alt",
    ("some", "none"): "neg",
    ("few", "none"): "alt",
    ("few", "some"): "fwd",
    ("always", "usually"): "fwd",
    ("always", "often"): "fwd",
    ("always", "sometimes"): "fwd",
    ("usually", "often"): "fwd",
    ("usually", "sometimes"): "fwd",
    ("often", "sometimes"): "fwd",
    ("rarely", "sometimes"): "fwd",
    ("always", "rarely"): "alt",
    ("usually", "rarely"): "alt",
    ("always", "never"): "alt",
    ("usually", "never"): "alt",
    ("often", "never"): "alt",
    ("often", "rarely"): "alt",
    ("rarely", "never"): "alt",
    ("sometimes", "never"): "neg",
}
#: Operators that turn the monotonicity of what follows them down ("no", "few", "never", "rarely").
DOWNWARD = frozenset(("none", "few", "never", "rarely"))


def operator(word: str) -> tuple[str, str] | None:
    """The operator a (casefolded) word is: ``(kind, value)``, kind "quantifier" or "frequency".

    >>> operator("toutes"), operator("selten"), operator("paris")
    (('quantifier', 'all'), ('frequency', 'rarely'), None)
    """
    return _OPERATOR_WORDS.get(word)


def operator_relation(premise: str, hypothesis: str) -> str:
    """The relation between two operator values, premise first ("eq" when equal).

    >>> operator_relation("some", "all"), operator_relation("none", "some"), operator_relation("all", "some")
    ('rev', 'neg', 'fwd')
    """
    if premise == hypothesis:
        return "eq"
    if (premise, hypothesis) in OPERATOR_RELATIONS:
        return OPERATOR_RELATIONS[premise, hypothesis]
    back = OPERATOR_RELATIONS.get((hypothesis, premise), "ind")
    return {"fwd": "rev", "rev": "fwd"}.get(back, back)


# ---------------------------------------------------------------------------
# Word relations: what the lexicon knows of two words in the same slot
# ---------------------------------------------------------------------------

#: Exclusive pairs a reader names first (each line: one concept, its poles split by " | "); added to
#: ``DIRECTION_PAIRS`` for the natural-logic check. "neg" pairs are contradictories (one or the
#: other: "not permitted" is "forbidden"), "alt" pairs contraries (not both; maybe neither).
CONTRADICTORIES = (
    "allowed permitted permit permits allow allows legal lawful admitted | forbidden banned prohibited illegal unlawful"
    " forbid forbids prohibit prohibits ban bans barred disallowed",
    "open opened opens | closed shut",
    "ouvert ouverte ouverts ouvertes ouvre | fermé fermée fermés fermées ferme",
    "geöffnet offen | geschlossen",
    "abierto abierta abiertos abiertas abre | cerrado cerrada cerrados cerradas cierra",
    "aberto aberta abertos abertas abre | fechado fechada fechados fechadas fecha",
    "aperto aperta aperti aperte apre | chiuso chiusa chiusi chiuse chiude",
    "open geopend | gesloten dicht",
    "alive living | dead deceased",
    "present | absent",
    "true correct | false incorrect wrong",
    "guilty | innocent",
    "autorisé autorisée autorisés autorisées permis permise légal légale admis admise admises | interdit interdite interdits"
    " interdites illégal illégale prohibé interdisent",
    "erlaubt erlauben gestattet gestatten zulässig legal | verboten verbietet verbieten unzulässig untersagt untersagen"
    " illegal",
    "permitido permitida permitidos permitidas legal admitido admitida admitidos admitidas permite | prohibido"
    " prohibida prohibidos prohibidas ilegal prohíbe",
    "permitido permitida admitido admitida permite | proibido proibida proíbe",
    "consentito consentita permesso ammesso ammessa ammessi ammesse consente permette | vietato vietata proibito vieta"
    " proibisce",
    "toegestaan | verboden",
    "允许 准许 许可 | 禁止",
)
CONTRARIES = (
    "hire hires hired hiring recruit recruited | fire fires fired dismiss dismissed sack sacked lay laid",
    "resign resigns resigned resignation | appoint appoints appointed appointment elect elected",
    "accept accepts accepted approve approves approved | reject rejects rejected refuse refused deny denied",
    "acquit acquitted | convict convicted",
    "buy buys bought purchase purchased | sell sells sold",
    "import imports imported | export exports exported",
    "arrive arrives arrived | depart departs departed leave leaves left",
    "pass passes passed | fail fails failed",
    "profit profits | loss losses",
    "male | female",
    "mild | serious severe",
    "public | private",
    "full | empty",
    "wet | dry",
    "hot | cold",
    "heavier heavy | lighter light",
    "cheaper cheap | expensive",
    "taller tall | short shorter",
    "embauché embauchée embauche recruté | licencié licenciée licencie",
    "approuvé approuvée approuve adopté adoptée | rejeté rejetée rejette",
    "accordé accordée accordés accordées accorde | refusé refusée refusés refusées refuse",
    "granted | refused denied rejected",
    "genehmigte genehmigt billigte gebilligt angenommen | lehnte abgelehnt",
    "aprobó aprobado aprobada aprueba | rechazó rechazado rechazada rechaza",
    "aprovou aprovado aprovada aprova | rejeitou rejeitado rejeitada rejeita vetou vetado vetada veta",
    "approvato approvata approva approvò | respinto respinta respinge respinse",
    "goedgekeurd keurde | afgewezen verworpen wees",
    "contratou contrata contratado contratados | demitiu demite demitido demitidos despediu",
    "assunto assunti assume assunse | licenziato licenziati licenzia licenziò",
    "aangenomen nam | ontslagen ontsloeg",
    "招聘 雇用 录用 聘用 | 裁减 解雇 裁员 辞退",
    "批准 通过 | 拒绝 否决 驳回",
    "支持 | 驳回",
    "启用 开启 打开 | 禁用 关闭 停用",
    "调高 上调 调大 | 调低 下调 调小",
    "开放 | 关闭",
    "acquitté acquittée acquittés | condamné condamnée condamnés",
    "freigesprochen | verurteilt",
    "abgewiesen zurückgewiesen | stattgegeben stattgab",
    "absolvió absuelto absuelta | condenó condenado condenada",
    "absolveu absolvido absolvida | condenou condenado condenada",
    "assolto assolta assolse | condannato condannata condannò",
    "vrijgesproken | veroordeeld",
    "新招 招募 | 裁员 解雇",
    "allow allows allowed permit permits | block blocks blocked",
    "permite permiten permitido permitida admite admiten | bloquea bloquean bloqueado bloqueada",
    "permite permitem permitido permitida | bloqueia bloqueiam bloqueado bloqueada",
    "autorise autorisent autorisé autorisée permet permettent | bloque bloquent bloqué bloquée",
    "erlaubt erlauben | blockiert blockieren sperrt gesperrt",
    "增加 上升 增长 升高 上涨 回升 攀升 | 减少 下降 降低 下滑 回落 下跌 缩减",
    "上涨 | 下跌 下降 减少 降低",
    "空腹 | 饭后 餐后 随餐 进餐",
    "饭前 餐前 | 饭后 餐后",
    "下跌 | 增加 上升 增长",
    "支持 赞成 | 反对",
    "获胜 赢得 | 输掉 失利",
    "rigid stiff | flexible",
    "cleared deleted erased removed wiped | kept retained preserved",
    "gained | lost",
    "démissionné démissionne démission | nommé nommée nomme élu élue",
    "acheté achète | vendu vend",
    # Separable verbs also as their particle and finite verb join them ("stellte … ein": "einstellte").
    "eingestellt einstellte einstellten einstellt | entlassen entließ entließen entlässt kündigte gekündigt",
    "zurückgetreten zurücktrat zurücktraten zurücktritt | ernannt gewählt ernannte",
    "aannam aannamen aangenomen | ontslagen ontsloeg ontsloegen",
    "gekauft kauft | verkauft",
    "contrató contrata contratado | despidió despide despedido",
    "dimitió dimite | nombrado nombrada nombró elegido",
    "compró compra comprado | vendió vende vendido",
)
#: Pairs that are exclusive only after a word of this stem: "voted for" / "voted against".
CONTEXT_CONTRARIES = {
    ("for", "against"): ("vot", "argu", "campaign", "lobbi", "spok", "speak", "testif", "ruled"),
    ("pour", "contre"): ("vot",),
    ("für", "gegen"): ("stimm", "votiert"),
    # "voted in favour of": the word before the slot is "in".
    ("favour", "against"): ("vot", "argu", "campaign", "lobbi", "spok", "speak", "testif", "ruled", "in"),
    ("favor", "against"): ("vot", "argu", "campaign", "lobbi", "spok", "speak", "testif", "ruled", "in"),
    ("favor", "contra"): ("vot", "a", "en"),
    ("favore", "contro"): ("vot", "a"),
    ("voor", "tegen"): ("stem",),
}
#: Affixes that negate a word when the rest is the other word ("licensed" / "unlicensed"), and words
#: that look so but do not ("invaluable" is valuable, "inflammable" flammable).
NEGATIVE_PREFIXES = ("un", "in", "im", "il", "ir", "dis", "non", "non-", "dés", "des", "nicht", "a")
NOT_NEGATED = frozenset(
    "invaluable inflammable unravel unloosen disannul impassioned discover discovered discovers disclose"
    " disclosed discloses dispose disposed dismiss dismissed dismisses display displayed dispatch dispatched"
    " distress distressed invest invested inform informed install installed impose imposed impress"
    " impressed intend intended income insight inflate inflated incirca".split()
)
#: Directed predicates whose two roles a reader must not swap: "language class sign: verbs". Sign
#: ``+`` puts the first role (winner, buyer, cause, payer) in the subject, ``-`` in the object ("lost
#: to", "received from"); a verb marked ``*`` is one only with a word of ``ROLE_PREPOSITIONS`` after it
#: ("won against", "setzte sich … gegen"). A word is a frame verb only in its sentence's language
#: (French "pays" is a country).
ROLE_FRAMES = (
    "en defeat +: beat beats beaten defeated defeats overcame overcomes edged eliminated unseated outperforms"
    " outperformed outsprinted outsprints outscored outplayed outclassed outfought outvoted outbid bested"
    " trounced thrashed routed won* victory*"
    " win* winners* winner*",
    "en defeat -: lost* lose* loses*",
    "en acquire +: acquired acquires buy bought buys purchased absorbed took* taken*",
    "en cause +: caused causes triggered provoked sparked induced",
    "en pay +: owes owe pays paid compensate compensates reimburse reimburses lent lends presented presents"
    " awarded handed donated",
    "en pay -: receives* received* borrowed* borrows*",
    "en sell +: sell sold sells",
    "en replace +: replaced replaces succeeded succeeds superseded supersedes supplanted",
    "en replace -: preceded precedes",
    "en overtake +: overtook overtakes overtaken outpaced outran outsold outsells",
    "en sue +: sued sues",
    "en supply +: supplies supplied supply provides provided provide furnishes furnished",
    "en teach +: taught teaches trained trains instructed instructs coached mentored",
    "de defeat +: besiegte besiegten besiegt bezwang bezwungen schlug gewann* setzte*",
    "de defeat -: unterlag unterlagen verlor* verloren*",
    "de acquire +: übernahm übernahmen übernimmt übernommen kauft kaufte kauften gekauft erwarb erwarben erworben",
    "de cause +: verursachte verursacht auslöste verursachten ausgelöst",
    "de cause -: folge",
    "de pay +: schuldet zahlt zahlte erstattet zahlen zahlten überwies überwiesen bezahlt bezahlte entschädigt entschädigte",
    "de pay -: erhält* erhielt*",
    "de sell +: verkaufte verkauft verkauften veräußerte",
    "de replace +: ersetzt ersetzte ersetzen ersetzten",
    "de overtake +: überholte überholt",
    "de sue +: verklagte verklagt",
    "de supply +: beliefert belieferte beliefern liefert lieferte",
    "de supply -: bezieht bezog bezogen",
    "de teach +: unterrichtete unterrichtet ausgebildet ausbildete lehrte",
    "fr defeat +: battu bat battent vaincu éliminé devancé devance imposé* gagné* emporté* remporté*",
    "fr defeat -: incliné inclinée perdu*",
    "fr acquire +: racheté rachète acheté achète acquis absorbé acquiert rachètent",
    "fr cause +: provoqué causé provoque entraîné entraîne déclenché déclenche",
    "fr pay +: verse versé rembourser rembourse indemnise indemniser indemnisé dédommager dédommage"
    " dédommagé payer paie payé",
    "fr pay -: reçoit* reçu* emprunté* emprunte*",
    "fr sell +: vendu vend cède cédé vendait vendent",
    "fr replace +: remplace remplacé remplacera succède succédé succéda supplanté",
    "fr replace -: précédé précède précéda",
    "fr overtake +: dépassé doublé",
    "fr sue +: poursuivi assigné",
    "fr supply +: fournit fourni fournissait approvisionne approvisionné livrer livré livrée livrera livrent",
    "fr teach +: formé enseigné enseigna enseigne formait",
    "es defeat +: venció vencieron derrotó derrotaron eliminó ganó* impuso*",
    "es defeat -: perdió* perdieron*",
    "es acquire +: adquirió adquirido adquirida compró compra comprado comprada absorbió compraron adquirieron",
    "es cause +: provocó causó provoca causa ocasionó desencadenó originó",
    "es cause -: consecuencia* debió* debido* debida*",
    "es pay +: pagó pagar pagará indemnizar indemnizará indemnizó",
    "es pay -: recibe* recibió*",
    "es sell +: vendió vende vendido vendieron",
    "es replace +: sustituirá sustituye sustituyó reemplazará reemplaza reemplazó sucedió sucede sustituyeron reemplazaron relevó",
    "es replace -: precedió precede",
    "es overtake +: adelantó rebasó",
    "es sue +: demandó demanda demandado",
    "es supply +: abasteció abastece suministra suministró suministrará provee proveyó",
    "es teach +: enseñó formó entrenó instruyó enseña",
    "es teach -: aprendió aprendieron",
    "pt defeat +: venceu derrotou eliminou impôs* ganhou* derrotaram venceram",
    "pt defeat -: perdeu*",
    "pt acquire +: adquiriu comprou adquiriram compraram absorveu incorporou",
    "pt cause +: causou provocou provocaram causaram originou desencadeou",
    "pt pay +: pagou pagar paga indemnizar indeniza indenizar pagaram pagará",
    "pt pay -: recebe* recebeu*",
    "pt sell +: vendeu vende venderam",
    "pt replace +: substitui substituiu substituirá substituíram sucedeu",
    "pt replace -: precedeu",
    "pt overtake +: ultrapassou",
    "pt sue +: processou",
    "pt supply +: fornece forneceu abastece abasteceu fornecia abastecia",
    "pt teach +: ensinou formou treinou",
    "pt teach -: aprendeu",
    "it defeat +: sconfitto sconfisse battuto imposto* vinto*",
    "it defeat -: perso*",
    "it acquire +: acquistato acquisito acquistò rilevato acquisì rilevò comprato comprò",
    "it cause +: provocato causato provocò causò",
    "it pay +: risarcire risarcisce risarcito pagare paga pagato pagò pagherà risarcirà versato versò",
    "it pay -: riceve* ricevuto*",
    "it sell +: venduto vendette ceduto cedette",
    "it replace +: sostituisce sostituito sostituirà sostituì",
    "it replace -: precedette preceduto",
    "it overtake +: superato sorpassato sorpassò",
    "it sue +: citato denunciato",
    "it supply +: fornisce fornito fornì",
    "it teach +: insegnato insegnò formato addestrato",
    "nl defeat +: versloeg versloegen won* verslaat",
    "nl defeat -: verloor*",
    "nl acquire +: overgenomen overnam kocht gekocht",
    "nl cause +: veroorzaakte veroorzaakt veroorzaakten",
    "nl pay +: betaalt betaalde betaald betaalden",
    "nl pay -: ontvangt* ontving*",
    "nl sell +: verkocht verkoopt verkochten",
    "nl replace +: vervangt verving vervangen",
    "nl supply +: levert leverde leveren geleverd",
    "nl teach +: onderwees opgeleid",
    "zh defeat +: 击败 战胜 打败 淘汰",
    "zh defeat -: 负于 输给 不敌",
    "zh acquire +: 收购 买下 并购 吞并 兼并",
    "zh cause +: 导致 引起 造成",
    "zh sell +: 出售 卖给 卖掉",
    "zh replace +: 取代 代替 接替 替代",
    "zh overtake +: 超越 反超 超过",
    "zh sue +: 起诉 控告",
)
#: Prepositions that introduce a frame's other role ("against", "gegen", "face à", "lost to").
ROLE_PREPOSITIONS = frozenset(
    "against over to from gegen von vom contre face devant de ante frente contra contro su sur da van tegen"
    " para a al à sobre diante".split()
)
#: Synonyms a reader names first that prefixes and the sources do not give (a generated lexicon adds more).
SYNONYMS = (
    "firma unternehmen konzern",
    "company firm business",
    "entreprise société firme",
    "empresa compañía firma",
    "permite admite",
    "pegel wasserstand",
    "vergangenen letzten",
    "staff employees workers personnel",
    "begin start commence",
    "end finish conclude",
    "car automobile",
    "doctor physician",
    "medicine drug medication",
    "big large",
    "small little",
    "buy purchase",
    "击败 战胜 打败 击溃",
    "beat defeated overcame edged",
)
#: Comparatives that say the same with their arguments swapped: "A is cheaper than B" = "B is more
#: expensive than A". Each pair: a comparative and its converse (a "more …" form written as its adjective).
CONVERSES = (
    # One line is one dimension ("taller than" and "longer than" read one way round, "shorter than" the
    # other), in every language at once: its two poles, comparatives and the words a comparison is
    # made of ("plus légère que", "más antigua que", "predates", "antérieur à").
    "cheaper cheap günstiger billiger goedkoper günstig günstige billig billige goedkoop goedkope barato barata baratos baratas económico económica"
    " económicos económicas economico economica bon"
    " | expensive pricier dearer dear costlier teurer duurder teuer teure duur cher chère chers chères caro cara caros caras"
    " cari care costoso costosa costosi costose",
    "taller higher longer höher länger hoger langer haut haute hauts hautes long longue longs longues"
    " alto alta altos altas alti alte largo larga largos largas lungo lunga lunghi lunghe longo longa"
    " überragt überragte überragen überragten outlasts outlasted hoch hohe lang lange hoog"
    " | shorter lower niedriger kürzer lager korter niedrig niedrige kurz kurze laag lage kort korte bas basse basses court courte courts courtes bajo baja"
    " bajos bajas basso bassa bassi baixo baixa baixos baixas corto corta cortos cortas curto curta",
    # Age and time are one: "older than" says "built earlier than", "predates" and "antérieur à".
    "older earlier before preceded precedes predates predated älter früher eher vor bevor ouder eerder"
    " voordat ancien ancienne anciens anciennes vieux vieille antérieur antérieure antérieurs"
    " antérieures avant antiguo antigua antiguos antiguas viejo vieja anterior anteriores antes antico"
    " antica antichi vecchio vecchia anteriore anteriori prima antigo antiga velho velha"
    " | younger newer later after followed follows succeeded succeeds postdates postdated jünger später"
    " nach nachdem jonger nieuwer nadat récent récente jeune jeunes postérieur postérieure postérieurs"
    " postérieures après joven jóvenes reciente recientes posterior posteriores después depois giovane"
    " recente posteriore posteriori dopo jovem jovens",
    "bigger larger greater größer groter groß große groot grote grand grands grandes grande maior mayor maggiore"
    " | smaller kleiner klein kleine petit petite petits petites pequeño pequeña pequeños pequeñas piccolo piccola"
    " piccoli piccole pequeno pequena pequenos pequenas menor minore",
    "wider broader breiter breder breit breite breed brede large larges ancho ancha anchos anchas | narrower schmaler schmal schmale smal smalle étroit"
    " étroite estrecho estrecha stretto stretta estreito estreita",
    "deeper tiefer dieper tief tiefe diep diepe profond profonde profundo profunda profondo profonda | shallower flacher ondieper flach flache ondiep ondiepe",
    "stronger stärker sterker stark starke sterk sterke fort forte fuerte | weaker schwächer zwakker schwach schwache zwak zwakke faible débil debole fraco fraca",
    "warmer hotter wärmer chaud chaude caliente caldo calda quente | colder cooler kälter kouder froid"
    " froide frío fría freddo fredda frio fria",
    "heavier heavy schwerer zwaarder schwer schwere zwaar zware lourd lourde lourds lourdes pesado pesada pesados pesadas pesante"
    " pesanti outweighs outweighed"
    " | lighter light leichter lichter leicht leichte lichte léger légère légers légères ligero ligera ligeros ligeras leggero"
    " leggera leggeri leggere leve leves",
    "faster quicker quickly rapidly fast schneller sneller schnell schnelle snel snelle rapide rapides vite rapidement rápido"
    " rápida rápidos rápidas rápidamente deprisa veloce veloci velocemente rapidamente"
    " | slower slowly langsamer langzamer langsam langsame langzaam langzame lent lente lents lentes lentement lento lenta lentos lentas"
    " lentamente despacio",
    "richer reicher rijker riche rico rica ricco ricca | poorer ärmer armer pauvre pobre povero povera",
    "above over | below under beneath",
    # A place in a race or a queue: "finished ahead of B" = "B came in behind".
    "ahead devant vor delante davanti | behind derrière hinter detrás dietro",
    "upstream | downstream",
    "amont | aval",
    "north northern | south southern",
    "nördlich | südlich",
    "nord | sud",
    "norte | sur",
    "noordelijk | zuidelijk",
    "more | less fewer",
    "plus | moins",
    "mehr | weniger",
    "más mais | menos",
    "più | meno",
    "meer | minder",
    # Chinese says a comparison with 比 and one character of its dimension, or in a word of its own.
    "超过 多于 高于 大于 | 少于 低于 小于",
    "重 | 轻",
    "高 | 矮 低",
    "大 | 小",
    "长 | 短",
    "早 | 晚",
    "快 | 慢",
    "多 | 少",
    "宽 | 窄",
    "深 | 浅",
    "强 | 弱",
    "热 | 冷",
    "贵 | 便宜 低 廉",
)


def _pairs(lines: tuple[str, ...], relation: str, out: dict[tuple[str, str], str]) -> None:
    for line in lines:
        left, _, right = line.partition("|")
        for a in left.split():
            for b in right.split():
                out.setdefault((a.casefold(), b.casefold()), relation)
                out.setdefault((b.casefold(), a.casefold()), relation)


_WORD_RELATIONS: dict[tuple[str, str], str] = {}
_pairs(CONTRADICTORIES, "neg", _WORD_RELATIONS)
_pairs(CONTRARIES, "alt", _WORD_RELATIONS)
for _line in SYNONYMS:
    for _a in _line.split():
        for _b in _line.split():
            if _a != _b:
                _WORD_RELATIONS[_a, _b] = "eq"
_CONVERSE: dict[str, frozenset[str]] = {}
for _line in CONVERSES:
    _left, _, _right = _line.partition("|")
    # Tokens are casefolded: "größer" is read "grösser".
    _left, _right = _left.casefold(), _right.casefold()
    for _a in _left.split():
        _CONVERSE[_a] = _CONVERSE.get(_a, frozenset()) | frozenset(_right.split())
    for _b in _right.split():
        _CONVERSE[_b] = _CONVERSE.get(_b, frozenset()) | frozenset(_left.split())


#: Chinese names, which no capital marks: the common surnames that are rarely a word of their own, the
#: titles and words a person's name follows, and the endings of place and organization names.
CHINESE_SURNAMES = frozenset(
    "王李张刘陈杨黄赵吴周徐孙朱胡郭何林罗郑梁谢宋唐许韩冯邓曹彭曾肖董袁潘蒋蔡余杜叶程苏魏吕丁任沈姚卢"
    "姜崔钟谭陆汪范廖贾夏韦邹孟熊秦邱尹薛段雷侯史陶黎贺顾毛郝龚邵钱严戴莫孔汤温康施樊葛邢齐乔伍庞颜倪"
    "庄聂章鲁岳翟殷詹欧耿焦俞柳祝"
)
CHINESE_NAME_OPENERS = (
    "工程师 导演 作家 选手 教授 医生 律师 总监 记者 主任 局长 部长 院长 校长 经理 董事长 总裁 教练 演员 歌手"
    " 画家 诗人 学者 研究员 建筑师 设计师 科学家 运动员 授予 颁给 由"
    " 市长 省长 县长 镇长 总统 总理 主席 书记 首相 队长 厂长 会长 社长 主编 法官 船长 博士 酒商 商人 创始人 发言人"
).split()
CHINESE_NAME_ENDINGS = (
    "县 州 公司 集团 大学 学院 医院 银行 协会 委员会 基金会 博物馆 中学 小学 研究所 研究院 出版社 酒庄"
    " 俱乐部 剧院 电视台 法院 人民法院"
).split()
#: Phrases that pass one thing over for another ("recommends clarozin rather than amtrexil", "statt
#: Dolorin das Präparat Kalmaxin"): the thing after them is the one not chosen.
INSTEAD_OF = tuple(
    tuple(phrase.split())
    for phrase in (
        "rather than",
        "instead of",
        "in place of",
        "plutôt que",
        "au lieu de",
        "au lieu du",
        "à la place de",
        "à la place du",
        "statt",
        "anstatt",
        "anstelle",
        "en lugar de",
        "en lugar del",
        "en vez de",
        "en vez del",
        "invece di",
        "invece del",
        "anziché",
        "piuttosto che",
        "al posto di",
        "al posto del",
        "em vez de",
        "em lugar de",
        "ao invés de",
        "in plaats van",
    )
)
#: Words that make the next word a comparative of superiority ("more expensive") or of inferiority ("less
#: tall than" says "taller than" with the terms swapped).
MORE_WORDS = frozenset("more plus mehr más mais più meer".split())
LESS_WORDS = frozenset("less fewer moins menos weniger meno minder".split())
#: Each comparative word of ``CONVERSES`` with its dimension (the number of its line) and pole (1 for
#: the left side, -1 for the right); a word of two lines is read in the first.
COMPARATIVE_POLES: dict[str, tuple[str, int]] = {}
for _n, _line in enumerate(CONVERSES):
    for _pole, _side in zip((1, -1), _line.casefold().split("|"), strict=True):
        for _w in _side.split():
            COMPARATIVE_POLES.setdefault(_w, (str(_n), _pole))
#: Comparatives that take their second term without "than": verbs ("predates the church", "überragt den
#: Westgipfel") and adjectives of a preposition ("antérieur à", "anterior a la catedral").
COMPARATIVE_VERBS = frozenset(
    "predates predated postdates postdated überragt überragte überragen überragten outweighs outweighed"
    " outlasts outlasted".split()
)
COMPARATIVE_ADJECTIVES = frozenset(
    "antérieur antérieure antérieurs antérieures postérieur postérieure postérieurs postérieures anterior"
    " anteriores posterior posteriores anteriore anteriori posteriore posteriori".split()
)
#: Verbs that measure a dimension, a comparative when "more" or "less" follows them ("weighs less than"
#: is "lighter than", "costs more than" "more expensive than"): the comparative of ``CONVERSES`` each
#: line names, then its verbs.
MEASURE_VERBS: dict[str, str] = {
    _verb: _line.split(":")[0]
    for _line in (
        "heavier: weigh weighs weighed pèse pèsent pesait pesa pesan pesaba pesano pesam wiegt wiegen wog"
        " weegt wegen woog",
        "expensive: cost costs costed cuesta cuestan costaba coûte coûtent coûtait kostet kosten kostete"
        " costa costano custa custam kost",
    )
    for _verb in _line.split(":")[1].split()
}


def negated_form(a: str, b: str) -> bool:
    """Whether one word is the other with a negating prefix or "-less" for "-ful" ("licensed" /
    "unlicensed", "légal" / "illégal", "harmful" / "harmless").

    >>> negated_form("licensed", "unlicensed"), negated_form("valuable", "invaluable"), negated_form("in", "win")
    (True, False, False)
    """
    short, long_ = (a, b) if len(a) <= len(b) else (b, a)
    if len(short) < 4 or not 1 < len(long_) - len(short) < 6 or long_ in NOT_NEGATED:
        return False
    if any(long_ == prefix + short for prefix in NEGATIVE_PREFIXES):
        return True
    return short.endswith("ful") and long_ == short[:-3] + "less"


#: English verb forms whose base is also an adjective of an antonym pair: "lasts two years" is no
#: "last" against "first", "fasted" no "fast" against "slow".
_VERB_HOMONYMS = frozenset("lasts lasted lasting fasts fasted fasting".split())
#: Kin said of one person from two sides: "leaves the cottage to her brother, Samuel" / "Samuel …
#: his sister Harriet". WordNet makes the gendered pairs antonyms; a claim that turns the point of view
#: says no other kin.
_KIN = frozenset(
    f"{w}{plural}"
    for w in "brother sister husband wife son daughter father mother nephew niece uncle aunt grandson"
    " granddaughter grandfather grandmother boyfriend girlfriend stepson stepdaughter".split()
    for plural in ("", "s")
)
#: Words the generated lexicon is not asked of (``word_relation``).
_NOT_LOOKED_UP = FUNCTION_WORD_SET | NOUN_PHRASE_START_WORDS | _VERB_HOMONYMS
#: ``CONTEXT_CONTRARIES`` by either order of its pair.
_CONTEXT_STEMS = {pair: stems for (x, y), stems in CONTEXT_CONTRARIES.items() for pair in ((x, y), (y, x))}


# Cached: the checker asks it of every free pair of words, the same claim word against sentence after
# sentence of the sources.
@functools.lru_cache(maxsize=1 << 15)
def word_relation(premise: str, hypothesis: str, before: str = "", lang: str = "") -> str | None:
    """The relation the lexicon knows between two casefolded words in one slot (premise first), or
    None when it knows none. ``before``: the word before the slot, for pairs exclusive only in context;
    ``lang``: the sentence's language, for the generated lexicon (``core/wordnet.py``) asked last.

    >>> word_relation("hired", "laid"), word_relation("forbidden", "permitted"), word_relation("firma", "unternehmen")
    ('alt', 'neg', 'eq')
    >>> word_relation("against", "for", "voted"), word_relation("against", "for", "medicine")
    ('alt', None)
    """
    if premise == hypothesis:
        return "eq"
    found = _WORD_RELATIONS.get((premise, hypothesis))
    if found:
        return found
    if negated_form(premise, hypothesis):
        return "neg"
    stems = _CONTEXT_STEMS.get((premise, hypothesis))
    if stems and before.startswith(stems):
        return "alt"
    if opposite(premise, hypothesis):
        return "alt"
    # A form the lists lack, read by its stem: "cayeron" / "subieron".
    if lang in _ENDINGS:
        left, right = poles_of(premise, lang), poles_of(hypothesis, lang)
        if any((concept, 1 - pole) in right for concept, pole in left):
            return "alt"
    # The generated lexicon for content words only: prepositions and articles take their sense from
    # the words around them ("a medicine against malaria" is one for it). Its exclusions only: a
    # synonym through a rare sense ("called" / "named") would count a word as said (WiCE dev: its
    # equivalences made partially supported claims read as supported).
    if premise in _NOT_LOOKED_UP or hypothesis in _NOT_LOOKED_UP or (premise in _KIN and hypothesis in _KIN):
        return None
    if not lang:
        # A sentence too short to tell its language ("Alle Proben waren positiv"): every language's
        # lexicon is asked, and an exclusion counts only when none of them relates the words otherwise.
        found_in = {relation(premise, hypothesis, other) for other in LANGUAGES} - {"ind"}
        return found_in.pop() if len(found_in) == 1 and found_in <= {"neg", "alt"} else None
    found = relation(premise, hypothesis, lang)
    # The other languages' lists are curated by hand, so their synonyms are no rare sense: "presión" /
    # "tensión" (arterial) is the same word in the slot.
    if found == "eq" and lang and lang != "en":
        return found
    return found if found in ("neg", "alt") else None


def converse(a: str, b: str) -> bool:
    """Whether comparative ``b`` says ``a`` with the arguments swapped ("cheaper" / "expensive").

    >>> converse("cheaper", "expensive"), converse("before", "after"), converse("taller", "taller")
    (True, True, False)
    >>> converse("器轻", "器重"), converse("器轻", "机轻")
    (True, False)
    """
    if b in _CONVERSE.get(a, ()):
        return True
    # Chinese is read in pairs of characters ("器轻" / "器重"): the one character they differ in.
    diff = (
        [(x, y) for x, y in zip(a, b, strict=True) if x != y]
        if len(a) == len(b) == 2 and a >= "\u4e00"
        else []
    )
    return len(diff) == 1 and diff[0][1] in _CONVERSE.get(diff[0][0], ())


# ---------------------------------------------------------------------------
# Roles and amounts
# ---------------------------------------------------------------------------

#: Passive voice: an auxiliary, then (within a few words) the agent's preposition. "B was bought by
#: A" says "A bought B"; so do "B a été acheté par A", "B wurde von A gekauft", "B fue comprado por A".
PASSIVE_AUXILIARIES = {
    "en": ("is are was were been be being", "by"),
    "fr": ("été est sont était étaient fut furent", "par"),
    "de": ("wurde wurden worden wird werden", "von vom durch"),
    "es": ("fue fueron es son sido era eran está están estaba estaban", "por"),
    "pt": ("foi foram é são sido era", "por pelo pela"),
    "it": ("stato stata è sono fu furono venne", "da dal dalla dall dallo dai dagli dalle"),
    "nl": ("werd werden wordt worden is", "door"),
}
#: German words after which a capitalized word is a noun, not a name: articles, determiners and the
#: prepositions fused with an article.
GERMAN_NOUN_MARKERS = frozenset(
    "der die das den dem des ein eine einen einem einer eines kein keine keinen keinem keiner keines"
    " dieser diese dieses diesem diesen jeder jede jedes jedem jeden sein seine seinem seinen seiner ihr"
    " ihre ihrem ihren ihrer unser unsere im am zum zur vom beim ins ans".split()
)
#: Predicates whose arguments may swap without changing what is said ("A met B" = "B met A").
SYMMETRIC = frozenset(
    "and or with met meet meets married marry equal equals same similar between versus vs tied drew"
    " et avec ou und mit oder y con com ed met".split()
)
#: Words that join names in a list ("Smith and Jones", "mit Meier", "和"): the symmetric ones and a few more.
COORDINATORS = SYMMETRIC | frozenset("& o e en of 和 与 及".split())

#: Words that make a claim's number approximate, with the range of the source's value that they allow
#: around the claim's value ``x``: "about" within 10 %, "nearly" from 90 % up to it, "more than" above.
APPROXIMATORS = {
    "about": "about around roughly approximately approx some circa ca environ approximativement quelque zirka"
    " etwa rund ungefähr circa alrededor aproximadamente cerca unos unas uns umas circa quasi"
    " ongeveer ruim",
    "nearly": "nearly almost presque quasiment près fast knapp beinahe casi quase quasi bijna",
    # "gut 40 Meter", "a good 40 metres": at least 40.
    "over": "over more exceeding above plus über mehr más mais oltre meer gut good",
    "under": "under less below fewer moins unter weniger menos menos meno minder",
    "least": "least mindestens",
}
_APPROX: dict[str, str] = {}
for _kind, _words in APPROXIMATORS.items():
    for _word in _words.split():
        _APPROX.setdefault(_word, _kind)
#: Approximators inside a Chinese character pair before the number.
_CJK_APPROX = (
    ("约", "about"),
    ("近", "nearly"),
    ("超过", "over"),
    ("逾", "over"),
    ("不到", "under"),
    ("不足", "under"),
    ("少于", "under"),
)
#: Verbs that bound the number after them: "exceeds 200 metres", "übersteigt 5 Prozent". A verb of
#: reaching bounds it only with a negation ("no llega a los 20 kilos"), which the number check reads.
BOUND_VERBS = frozenset(
    "exceed exceeds exceeded exceeding surpass surpasses surpassed tops"
    " dépasse dépassent dépassé excède excèdent"
    " übersteigt übersteigen überstieg überschreitet überschreiten"
    " supera superan superó excede exceden"
    " ultrapassa ultrapassam"
    " superano"
    " overschrijdt overschrijden overtreft".split()
)
#: Relative tolerance of "about" (and of a source's own "about" facing an exact claim).
APPROX_TOLERANCE = 0.1


def approximator(words: list[str]) -> str | None:
    """The kind of approximation the (casefolded) words before a number make, read back from the
    number: "about", "nearly", "over", "under", "least" ("at least", "au moins"), or None.

    >>> approximator(["has", "about"]), approximator(["more", "than"]), approximator(["at", "least"])
    ('about', 'over', 'least')
    >>> approximator(["alrededor", "de"]), approximator(["the"])
    ('about', None)
    """
    tail = [w for w in words[-3:] if w not in ("than", "que", "als", "de", "di", "dan", "of", "to", "à")]
    if not tail:
        return None
    if tail[-1][:1] >= "\u3040":  # character pairs: "约有400", "超过300"
        return next((kind for part, kind in _CJK_APPROX if part in tail[-1]), None)
    if (
        len(tail) >= 2
        and tail[-2] in ("at", "au", "al", "pelo", "almeno")
        and tail[-1] in ("least", "moins", "menos")
    ):
        return "least"
    return _APPROX.get(tail[-1])


#: Words that multiply the number before them: "51 mil" is 51 000, "9,8 Millionen" 9 800 000.
SCALES = {
    **dict.fromkeys("hundred hundreds hundert honderd".split(), 1e2),
    **dict.fromkeys("thousand thousands mil mille tausend duizend mila".split(), 1e3),
    **dict.fromkeys(
        "million millions millionen mio millones millón milhões milhão milioni milione miljoen".split(), 1e6
    ),
    **dict.fromkeys("billion billions milliard milliards milliarden mrd miliardi miljard".split(), 1e9),
}


def scaled(value: float, after: list[str]) -> float:
    """``value`` times the scale words that follow it (casefolded), read up to two ("mil millones").

    >>> scaled(51, ["mil", "habitantes"]), scaled(3, ["mil", "millones"]), scaled(7, ["people"])
    (51000.0, 3000000000.0, 7)
    """
    for word in after[:2]:
        if word not in SCALES:
            break
        value *= SCALES[word]
    return value


def value_range(kind: str | None, value: float) -> tuple[float, float]:
    """The values an amount written with approximation ``kind`` allows (open ends as infinities).

    >>> value_range("about", 400), value_range("nearly", 50), value_range("over", 3), value_range(None, 7)
    ((360.0, 440.0), (45.0, 50), (3, inf), (7, 7))
    """
    inf = float("inf")
    if kind == "about":
        return (value - APPROX_TOLERANCE * abs(value), value + APPROX_TOLERANCE * abs(value))
    if kind == "nearly":
        return (value - APPROX_TOLERANCE * abs(value), value)
    if kind in ("over", "least"):
        return (value, inf)  # "more than 3" excludes 3 itself: see ``number_relation``
    if kind == "under":
        return (-inf, value)
    return (value, value)


#: Units by dimension: the same number in another unit of one dimension is another amount.
UNITS = {
    "mass": "mg g kg t µg mcg ug lb lbs oz ton tons tonnes tonne grams gram kilograms milligrams pounds ounces kilo kilos"
    " gramm gramos gramas grammi grammes gramme kilogramm kilogramos kilogrammi libras pfund 公斤 千克 毫克 克"
    " milligramm milligrammi miligramos miligramas milligrammes",
    "length": "mm cm m km mi ft in yd miles mile metres meters metre meter kilometres kilometers feet inches"
    " meilen meile millas milla milhas milha miglia miglio mijl mijlen kilómetros kilometros kilomètres"
    " chilometri kilometer metri metros mètres pies pie pés piedi piede fuß fuss voet 公里 英里 英尺 米 厘米 毫米"
    " centimetres centimeters centimètres zentimeter centímetros centimetri"
    " millimetres millimeters millimètres millimeter milímetros millimetri"
    " inch pollici pollice pulgadas pulgada polegadas polegada zoll pouces pouce duim 英寸"
    " metern kilometern zentimetern millimetern",
    "volume": "ml l cl dl gal litres liters litre liter gallons millilitres milliliters milliliter mililitros"
    " millilitri 毫升 升 millilitre mililitro litros litro litri centilitres centiliters centilitre centiliter"
    " centilitros centilitri",
    "time": "ms s sec min h hr hrs seconds minutes hours days weeks months years",
    "energy": "j kj cal kcal kwh wh",
    "power": "w kw mw gw",
    "charge": "mah ah 毫安 毫安时",
    "data": "kb mb gb tb pb kib mib gib tib kbyte mbyte gbyte",
}
_UNIT_DIMENSION = {u: dim for dim, units in UNITS.items() for u in units.split()}

#: Spans of time in days, by the words that name them in each lexicon language, singular and plural:
#: what a span counts ("90 days" / "three months"), and what a rate is counted in ("500 requests per
#: minute" is not "… per hour").
PERIOD_DAYS = {
    word: days
    for days, words in (
        (
            1 / 86400,
            "second seconds seconde secondes sekunde sekunden segundo segundos secondo secondi seconden 秒",
        ),
        (1 / 1440, "minute minutes minuto minutos minuti minuut minuten 分钟"),
        (1 / 24, "hour hours heure heures stunde stunden hora horas ora ore uur uren 小时"),
        (1, "day days jour jours tag tage tagen día días dia dias giorno giorni dag dagen 天 日"),
        (7, "week weeks semaine semaines woche wochen semana semanas settimana settimane weken 周 星期"),
        (14, "fortnight fortnights"),
        (
            3652.5,
            "decade decades décennie décennies jahrzehnt jahrzehnte jahrzehnten década décadas decennio"
            " decenni decennium decennia",
        ),
        (30.44, "month months mois monat monate monaten mes meses mês mese mesi maand maanden 月"),
        (
            365.25,
            "year years an ans année années jahr jahre jahren año años ano anos anno anni jaar jaren 年",
        ),
    )
    for word in words.split()
}
#: Words that count only the working days ("15 días hábiles", "10 working days"): five of them make a
#: week.
WORKING_DAYS = frozenset(
    "working business hábiles ouvrés ouvrables werktage arbeitstage lavorativi úteis werkdagen".split()
)
#: Words before a period that make it the unit of a rate: "per hour", "a day", "par jour", "pro Woche".
RATE_WORDS = frozenset("per a an each every par chaque pro je por cada al ao alla la 每".split())
_SAME_UNIT_EXTRA = (
    {
        "km",
        "kilómetros",
        "kilometros",
        "kilomètres",
        "chilometri",
        "kilometer",
        "kilometern",
        "kilometres",
        "kilometers",
        "公里",
    },
    {
        "mi",
        "miles",
        "mile",
        "meilen",
        "meile",
        "millas",
        "milla",
        "milhas",
        "milha",
        "miglia",
        "miglio",
        "mijl",
        "mijlen",
        "英里",
    },
    {"m", "metres", "meters", "metre", "meter", "metri", "metros", "metern", "mètres", "米"},
    {"ft", "feet", "pies", "pie", "pés", "piedi", "piede", "fuß", "fuss", "voet", "英尺"},
    {"kg", "kilograms", "kilogramm", "kilogramos", "kilogrammi", "公斤", "千克"},
    {"g", "grams", "gram", "gramm", "gramos", "gramas", "grammi", "grammes", "gramme", "克"},
    {"mg", "milligrams", "milligramm", "milligrammi", "miligramos", "miligramas", "milligrammes", "毫克"},
    {
        "cm",
        "centimetres",
        "centimeters",
        "centimètres",
        "zentimeter",
        "centímetros",
        "zentimetern",
        "centimetri",
        "厘米",
    },
    {
        "mm",
        "millimetres",
        "millimeters",
        "millimètres",
        "millimeter",
        "milímetros",
        "millimetern",
        "millimetri",
        "毫米",
    },
    {
        "ml",
        "millilitres",
        "milliliters",
        "milliliter",
        "millilitre",
        "mililitros",
        "mililitro",
        "millilitri",
        "毫升",
    },
    {"l", "litros", "litro", "litri", "升"},
    {"cl", "centilitres", "centiliters", "centilitre", "centiliter", "centilitros", "centilitri"},
    {"lb", "lbs", "pounds", "libras", "pfund"},
    {
        "inches",
        "inch",
        "pollici",
        "pollice",
        "pulgadas",
        "pulgada",
        "polegadas",
        "polegada",
        "zoll",
        "pouces",
        "pouce",
        "duim",
        "英寸",
    },
)
_SAME_UNIT = (
    *_SAME_UNIT_EXTRA,
    {"metres", "meters", "metre", "meter", "m"},
    {"kilometres", "kilometers", "km"},
    {"grams", "gram", "g"},
    {"kilograms", "kg"},
    {"milligrams", "mg"},
    {"mi", "miles", "mile"},
    {"ft", "feet"},
    {"lb", "lbs", "pounds"},
    {"oz", "ounces"},
    {"l", "litres", "liters", "litre", "liter"},
    {"t", "ton", "tons", "tonnes", "tonne"},
    {"s", "sec", "seconds"},
    {"min", "minutes"},
    {"h", "hr", "hrs", "hours"},
    {"µg", "mcg", "ug"},
)


#: What one of each unit is in its dimension's base unit (g, m, l, s, J, W); units of a
#: ``_SAME_UNIT`` group share their representative's factor. "in" (inches) is left out: after a
#: number it is mostly the preposition ("3 in 10 patients").
_UNIT_FACTORS = {
    "µg": 1e-6,
    "mg": 1e-3,
    "g": 1.0,
    "kg": 1e3,
    "t": 1e6,
    "lb": 453.59237,
    "oz": 28.349523,
    "mm": 1e-3,
    "cm": 1e-2,
    "m": 1.0,
    "km": 1e3,
    "mi": 1609.344,
    "ft": 0.3048,
    "yd": 0.9144,
    "inches": 0.0254,
    "ml": 1e-3,
    "cl": 1e-2,
    "dl": 0.1,
    "l": 1.0,
    "s": 1.0,
    "ms": 1e-3,
    "min": 60.0,
    "h": 3600.0,
    "days": 86400.0,
    "weeks": 604800.0,
    "j": 1.0,
    "kj": 1e3,
    "cal": 4.184,
    "kcal": 4184.0,
    "wh": 3600.0,
    "kwh": 3.6e6,
    "w": 1.0,
    "kw": 1e3,
    "mw": 1e6,
    "gw": 1e9,
    "kb": 1e3,
    "mb": 1e6,
    "gb": 1e9,
    "tb": 1e12,
    "pb": 1e15,
}
for _same in _SAME_UNIT:
    _factor = next((_UNIT_FACTORS[u] for u in _same if u in _UNIT_FACTORS), None)
    if _factor is not None:
        for _unit in _same:
            _UNIT_FACTORS.setdefault(_unit, _factor)


def unit_dimension(unit: str) -> str | None:
    """What a unit measures ("length", "mass", "data" …), or None for a word that is no unit.

    >>> unit_dimension("km"), unit_dimension("gb"), unit_dimension("apples")
    ('length', 'data', None)
    """
    return _UNIT_DIMENSION.get(unit)


def convert(value: float, unit: str, to: str) -> float | None:
    """``value`` in ``unit`` written in unit ``to`` of the same dimension; None when either is no
    unit the lexicon can convert, or they measure different things.

    >>> convert(12, "km", "mètres"), convert(0.5, "gramm", "milligramm"), convert(2, "km", "kg")
    (12000.0, 500.0, None)
    >>> convert(14, "tage", "week")
    2.0
    """
    dim = _UNIT_DIMENSION.get(unit)
    if dim is not None and dim == _UNIT_DIMENSION.get(to) and unit in _UNIT_FACTORS and to in _UNIT_FACTORS:
        return value * _UNIT_FACTORS[unit] / _UNIT_FACTORS[to]
    days, days_to = period_days(unit), period_days(to)
    return None if days is None or days_to is None else value * days / days_to


#: Lower-case words that open a surname ("de Vries", "van der Berg", "von Trapp", "da Silva").
NAME_PARTICLES = frozenset("de van der den von da di du le la del della dos das do ten ter".split())

#: Endings of international nonproprietary drug names (the WHO's stems): two different words with
#: such endings in one slot are two drugs, written in lower case ("warfarin" / "heparin").
DRUG_STEMS = (
    "arin",
    "parin",
    "pril",
    "sartan",
    "olol",
    "statin",
    "mab",
    "cillin",
    "mycin",
    "floxacin",
    "prazole",
    "dipine",
    "tidine",
    "afil",
    "formin",
    "gliptin",
    "tinib",
    "oxetine",
    "triptan",
    "profen",
    "proxen",
    "fenac",
    "caine",
    "azepam",
    "ciclovir",
    "cyclovir",
    # single-l, accentless and -e-less spellings: "amoxicilina", "eritromicina", "omeprazol",
    # "losartán", and the -azoles and -mectins ("metronidazol", "ivermectina")
    "cilin",
    "micin",
    "prazol",
    "azol",
    "mectin",
    "tadin",
    "sartán",
)
#: Romance spellings add a vowel ("héparine", "warfarina", "ibuprofeno").
_DRUG_ENDINGS = tuple(stem + end for stem in DRUG_STEMS for end in ("", "e", "a", "o"))


def drug_name(word: str) -> bool:
    """Whether a lower-case word reads as a drug's international name by its ending.

    >>> drug_name("warfarin"), drug_name("héparine"), drug_name("paracetamol"), drug_name("margin")
    (True, True, True, False)
    """
    return word in _COMMON_DRUGS or (
        len(word) >= 6 and word.endswith(_DRUG_ENDINGS) and not word.endswith(("margarin", "margarine"))
    )


#: Drugs everyone names whose international names have no stem of their class.
_COMMON_DRUGS = frozenset(
    "paracetamol acetaminophen aspirin aspirine aspirina insulin insuline insulina morphine morphin"
    " morfina codeine codéine codein codeína codeina tramadol metamizol 扑热息痛 阿司匹林 布洛芬 胰岛素".split()
)


def units_differ(a: str, b: str) -> bool:
    """Whether two units measure one dimension differently ("mg" / "g"; not "km" / "kilometres").

    >>> units_differ("mg", "g"), units_differ("km", "kilometres"), units_differ("km", "kg")
    (True, False, False)
    """
    # Spans of time in any lexicon language: "30 minutes" / "30 secondes", "3 Tage" / "3 Wochen".
    days_a, days_b = period_days(a), period_days(b)
    if days_a is not None and days_b is not None:
        return days_a != days_b
    dim = _UNIT_DIMENSION.get(a)
    if dim is None or dim != _UNIT_DIMENSION.get(b) or a == b:
        return False
    return not any(a in same and b in same for same in _SAME_UNIT)


_OTHER_SENSE_PERIODS = frozenset("an ora ore mes".split())
#: Abbreviated spans of time, in days.
_ABBREVIATED_DAYS = {
    "s": 1 / 86400,
    "sec": 1 / 86400,
    "min": 1 / 1440,
    "h": 1 / 24,
    "hr": 1 / 24,
    "hrs": 1 / 24,
}


def period_days(word: str) -> float | None:
    """The days a span of time's unit counts, written out or abbreviated; None for Chinese
    characters, which say dates as well as spans ("3月", March), and for words of another sense in
    another language ("twice an hour", Italian "ora", Spanish "mes", French "mes")."""
    if word[:1] >= "\u4e00" or word in _OTHER_SENSE_PERIODS:
        return None
    return PERIOD_DAYS.get(word, _ABBREVIATED_DAYS.get(word))
