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

#: Whole-word negation cues, casefolded, by language (ISO 639-1).
NEGATION_WORDS = {
    "en": "not no never none nobody nothing neither nor cannot",
    "fr": "pas jamais aucun aucune rien ni nullement guère",
    "de": "nicht kein keine keinen keinem keiner keines nie niemals nichts weder",
    "es": "no nunca jamás ningún ninguno ninguna nada nadie ni tampoco",
    "pt": "não nunca jamais nenhum nenhuma nada ninguém nem",
    "it": "non mai nessuno nessuna niente nulla né",
    "nl": "niet geen nooit niets niemand noch",
    # Kept from the checker's earlier list: Scandinavian, Finnish, Polish, Russian.
    "other": "inte aldrig ingen ikke aldri ei nie nigdy не нет никогда",
}
#: French "ne" (and "n'") is a cue only when one of these follows within a few words: alone, "ne"
#: is also an Italian pronoun ("ne ho due").
NE_PARTNERS = frozenset("pas plus jamais rien personne aucun aucune guère point nullement ni que".split())
#: A negation word followed by one of these does not negate: "not only", "nicht nur", "non solo".
NEGATION_BREAKERS = frozenset(
    "only just merely seulement uniquement nur bloß solo sólo solamente só somente apenas soltanto alleen enkel".split()
)
#: Negation inside a token: English contractions ("doesn't"), Chinese, Japanese and Korean.
NEGATION_PARTS = ("n't", "n’t", "不", "没", "沒", "無", "无", "未", "ない", "ません", "않", "없")

#: Direction and comparison pairs: each line is one concept, its two poles separated by " | ".
#: A claim word on one pole aligned with an evidence word on the other is a conflict.
DIRECTION_PAIRS = {
    "en": (
        "increase increases increased increasing rise rises rose risen rising grow grows grew grown growing"
        " gain gains gained raise raises raised upward up"
        " | decrease decreases decreased decreasing fall falls fell fallen falling drop drops dropped dropping"
        " decline declines declined declining reduce reduces reduced reducing shrink shrinks shrank lowered"
        " loss losses downward down",
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
        "north northern | south southern",
        "east eastern | west western",
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
        " | diminue diminuent diminuer diminué diminuée diminution baisse réduit réduisent réduire réduction",
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
        "steigt stieg gestiegen steigen erhöht erhöhen zunehmen Zunahme Anstieg wächst wuchs"
        " | sinkt sank gesunken sinken verringert verringern gesenkt senkt abnehmen Abnahme Rückgang",
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
        "aumenta aumentó aumentar aumento sube subió incrementa"
        " | disminuye disminuyó disminuir disminución reduce redujo reducir baja bajó cae cayó",
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
        "aumenta aumentou aumentar aumento sobe subiu"
        " | diminui diminuiu diminuir diminuição reduz reduziu reduzir redução cai caiu desce",
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
        "aumenta aumentato aumentare aumento cresce crescita"
        " | diminuisce diminuito diminuire diminuzione riduce ridotto ridurre riduzione cala calo",
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
        "nord | sud",
        "massimo | minimo",
        "maggioranza | minoranza",
        "sopra | sotto",
    ),
    "nl": (
        "stijgt steeg gestegen stijgen toename verhoogt verhoogd | daalt daalde gedaald dalen afname verlaagt verlaagd",
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
    " ou donc ainsi aussi cependant toutefois enfin puis selon",
    "de": "der die das ein eine einen dem den des dieser diese dieses er sie es wir ich ihr sein seine"
    " ihre in im an am auf aus bei mit nach seit von vor zu zum zur für durch während wenn als ob aber"
    " und oder doch auch jedoch dann so heute laut",
    "es": "el la los las un una unos unas este esta estos estas ese esa él ella ellos ellas su sus en"
    " con de del por para desde durante tras antes después cuando si pero y o también sin además según",
    "pt": "o os as um uma uns umas este esta estes estas esse essa ele ela eles elas seu sua seus suas"
    " em no na nos nas com de do da dos das por para desde durante após antes depois quando se mas e ou"
    " também sem além segundo",
    "it": "il lo la i gli le un uno una questo questa questi queste egli lui lei loro suo sua suoi sue in"
    " nel nella con di del della da dal per durante dopo prima quando se ma e o anche senza inoltre"
    " secondo",
    "nl": "de het een deze dit die dat hij zij ze het wij ik zijn haar hun in op aan bij met na sinds van"
    " voor tot door tijdens toen als maar en of ook dan volgens",
}
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
    "fr": "janvier février mars avril mai juin juillet août septembre octobre novembre décembre",
    "de": "januar februar märz april mai juni juli august september oktober november dezember"
    " montag dienstag mittwoch donnerstag freitag samstag sonntag",
    "es": "enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre",
    "pt": "janeiro fevereiro março abril maio junho julho agosto setembro outubro novembro dezembro",
    "it": "gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre novembre dicembre",
    "nl": "januari februari maart april mei juni juli augustus september oktober november december",
}
CALENDAR_WORDS = frozenset(w for words in CALENDAR.values() for w in words.split())
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


def is_negation_cue(word: str) -> bool:
    """A whole-word negation cue of any listed language (``ne`` needs its partner: see the checker)."""
    return word.casefold() in NEGATIONS


def opposite(a: str, b: str) -> bool:
    """Whether ``a`` and ``b`` sit on opposite poles of one direction concept."""
    left, right = DIRECTIONS.get(a.casefold(), ()), DIRECTIONS.get(b.casefold(), ())
    return any((concept, 1 - pole) in right for concept, pole in left)
