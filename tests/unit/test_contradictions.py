"""Does the source say it, or something else? Hand-written cases in every lexicon language.

Each language has the same small world (a medicine, a capital, a museum) and the issue's table of
distortions: a negation the source has and the claim drops, one the claim adds, a name swapped for one
no presented source holds, a direction word reversed, a number changed, and a bound said otherwise
("adults over 50" / "children"). Each case asserts the verdict, and for a conflict its kind and the
source's words, read at the offsets the payload gives.
"""

from __future__ import annotations

import pytest

from lfx_citations.core.support import SupportChecker

# (language, [medicine sentences, capital sentence, museum sentence])
WORLDS = {
    "en": (
        "Aspirin is a common painkiller. It should not be given to children under 12. "
        "Aspirin reduces the risk of heart attack in adults over 50.",
        "Paris is the capital of France.",
        "The Louvre opened in 1793.",
    ),
    "fr": (
        "L'aspirine est un antidouleur courant. Elle ne doit pas être donnée aux enfants de moins de 12 ans. "
        "L'aspirine réduit le risque de crise cardiaque chez les adultes de plus de 50 ans.",
        "Paris est la capitale de la France.",
        "Le Louvre a ouvert en 1793.",
    ),
    "de": (
        "Aspirin ist ein verbreitetes Schmerzmittel. Es darf Kindern unter 12 Jahren nicht gegeben werden. "
        "Aspirin senkt das Risiko eines Herzinfarkts bei Erwachsenen über 50.",
        "Der Rhein fließt durch Köln.",
        "Das Museum wurde 1830 eröffnet.",
    ),
    "es": (
        "La aspirina es un analgésico común. No se debe dar a niños menores de 12 años. "
        "La aspirina reduce el riesgo de infarto en adultos de más de 50 años.",
        "Madrid es la capital de España.",
        "El museo abrió en 1819.",
    ),
    "pt": (
        "A aspirina é um analgésico comum. Não deve ser dada a crianças menores de 12 anos. "
        "A aspirina reduz o risco de ataque cardíaco em adultos com mais de 50 anos.",
        "Lisboa é a capital de Portugal.",
        "O museu abriu em 1884.",
    ),
    "it": (
        "L'aspirina è un antidolorifico comune. Non deve essere data ai bambini sotto i 12 anni. "
        "L'aspirina riduce il rischio di infarto negli adulti sopra i 50 anni.",
        "Roma è la capitale d'Italia.",
        "Il museo aprì nel 1889.",
    ),
    "nl": (
        "Aspirine is een veelgebruikte pijnstiller. Het mag niet aan kinderen onder de 12 jaar worden gegeven. "
        "Aspirine verlaagt het risico op een hartaanval bij volwassenen boven de 50.",
        "Amsterdam is de hoofdstad van Nederland.",
        "Het museum werd in 1885 geopend.",
    ),
}

# (language, kind, claim, cited source, expected verdict, the source's differing words)
CASES = [
    # English
    ("en", "negation", "Aspirin can be given to children under 12", 1, "contradicted", "should not be given"),
    ("en", "negation", "Paris is not the capital of France", 2, "contradicted", "is the capital"),
    ("en", "name", "Lyon is the capital of France", 2, "contradicted", "Paris"),
    (
        "en",
        "direction",
        "Aspirin increases the risk of heart attack in adults over 50",
        1,
        "contradicted",
        "reduces",
    ),
    ("en", "number", "The Louvre opened in 1795", 3, "contradicted", "1793"),
    ("en", "bound", "Aspirin reduces the risk of heart attack in children", 1, "partial", None),
    # French
    (
        "fr",
        "negation",
        "L'aspirine peut être donnée aux enfants de moins de 12 ans",
        1,
        "contradicted",
        "ne doit pas être donnée",
    ),
    ("fr", "negation", "Paris n'est pas la capitale de la France", 2, "contradicted", "est la capitale"),
    ("fr", "name", "Lyon est la capitale de la France", 2, "contradicted", "Paris"),
    (
        "fr",
        "direction",
        "L'aspirine augmente le risque de crise cardiaque chez les adultes de plus de 50 ans",
        1,
        "contradicted",
        "réduit",
    ),
    ("fr", "number", "Le Louvre a ouvert en 1795", 3, "contradicted", "1793"),
    ("fr", "bound", "L'aspirine réduit le risque de crise cardiaque chez les enfants", 1, "partial", None),
    # German
    (
        "de",
        "negation",
        "Aspirin darf Kindern unter 12 Jahren gegeben werden",
        1,
        "contradicted",
        "nicht gegeben werden",
    ),
    ("de", "negation", "Der Rhein fließt nicht durch Köln", 2, "contradicted", "fließt durch Köln"),
    ("de", "name", "Der Rhein fließt durch Bonn", 2, "contradicted", "Köln"),
    (
        "de",
        "direction",
        "Aspirin erhöht das Risiko eines Herzinfarkts bei Erwachsenen über 50",
        1,
        "contradicted",
        "senkt",
    ),
    ("de", "number", "Das Museum wurde 1832 eröffnet", 3, "contradicted", "1830"),
    # German writes every noun with a capital: "Kindern" in the slot of "Erwachsenen" reads as a name
    # facing a name (the other languages' bound, said otherwise, stays partial).
    (
        "de",
        "name",
        "Aspirin senkt das Risiko eines Herzinfarkts bei Kindern",
        1,
        "contradicted",
        "Erwachsenen",
    ),
    # Spanish
    (
        "es",
        "negation",
        "Se puede dar a niños menores de 12 años",
        1,
        "contradicted",
        "No se debe dar a niños",
    ),
    ("es", "negation", "Madrid no es la capital de España", 2, "contradicted", "es la capital"),
    ("es", "name", "Sevilla es la capital de España", 2, "contradicted", "Madrid"),
    (
        "es",
        "direction",
        "La aspirina aumenta el riesgo de infarto en adultos de más de 50 años",
        1,
        "contradicted",
        "reduce",
    ),
    ("es", "number", "El museo abrió en 1821", 3, "contradicted", "1819"),
    ("es", "bound", "La aspirina reduce el riesgo de infarto en niños", 1, "partial", None),
    # Portuguese
    (
        "pt",
        "negation",
        "Pode ser dada a crianças menores de 12 anos",
        1,
        "contradicted",
        "Não deve ser dada a crianças",
    ),
    ("pt", "negation", "Lisboa não é a capital de Portugal", 2, "contradicted", "é a capital"),
    ("pt", "name", "Coimbra é a capital de Portugal", 2, "contradicted", "Lisboa"),
    (
        "pt",
        "direction",
        "A aspirina aumenta o risco de ataque cardíaco em adultos com mais de 50 anos",
        1,
        "contradicted",
        "reduz",
    ),
    ("pt", "number", "O museu abriu em 1886", 3, "contradicted", "1884"),
    ("pt", "bound", "A aspirina reduz o risco de ataque cardíaco em crianças", 1, "partial", None),
    # Italian
    (
        "it",
        "negation",
        "Può essere data ai bambini sotto i 12 anni",
        1,
        "contradicted",
        "Non deve essere data ai bambini",
    ),
    ("it", "negation", "Roma non è la capitale d'Italia", 2, "contradicted", "è la capitale"),
    ("it", "name", "Milano è la capitale d'Italia", 2, "contradicted", "Roma"),
    (
        "it",
        "direction",
        "L'aspirina aumenta il rischio di infarto negli adulti sopra i 50 anni",
        1,
        "contradicted",
        "riduce",
    ),
    ("it", "number", "Il museo aprì nel 1891", 3, "contradicted", "1889"),
    ("it", "bound", "L'aspirina riduce il rischio di infarto nei bambini", 1, "partial", None),
    # Dutch
    (
        "nl",
        "negation",
        "Het mag aan kinderen onder de 12 jaar worden gegeven",
        1,
        "contradicted",
        "mag niet aan kinderen",
    ),
    ("nl", "negation", "Amsterdam is niet de hoofdstad van Nederland", 2, "contradicted", "is de hoofdstad"),
    ("nl", "name", "Rotterdam is de hoofdstad van Nederland", 2, "contradicted", "Amsterdam"),
    (
        "nl",
        "direction",
        "Aspirine verhoogt het risico op een hartaanval bij volwassenen boven de 50",
        1,
        "contradicted",
        "verlaagt",
    ),
    ("nl", "number", "Het museum werd in 1887 geopend", 3, "contradicted", "1885"),
    ("nl", "bound", "Aspirine verlaagt het risico op een hartaanval bij kinderen", 1, "partial", None),
]


def checker(lang: str) -> SupportChecker:
    return SupportChecker(dict(enumerate(WORLDS[lang], start=1)))


@pytest.mark.parametrize(("lang", "kind", "claim", "cited", "verdict", "source_text"), CASES)
def test_a_flipped_element_is_not_supported(
    lang: str, kind: str, claim: str, cited: int, verdict: str, source_text: str | None
) -> None:
    judged = checker(lang).check(claim, cited)
    assert judged.verdict == verdict, (judged, claim)
    if verdict == "contradicted":
        conflict = judged.conflict
        assert conflict is not None and conflict.kind == kind
        assert conflict.source_text == source_text
        assert WORLDS[lang][cited - 1][conflict.source_start : conflict.source_end] == source_text
        assert conflict.claim_text and conflict.claim_text in claim
    else:
        assert judged.conflict is None


@pytest.mark.parametrize("lang", sorted(WORLDS))
def test_the_sources_own_sentences_stay_supported(lang: str) -> None:
    check = checker(lang)
    for text in WORLDS[lang]:
        for sentence in text.split(". "):
            claim = sentence.rstrip(".")
            cited = next(k for k, t in enumerate(WORLDS[lang], start=1) if sentence in t)
            judged = check.check(claim, cited)
            assert (judged.verdict, judged.conflict) == ("supported", None), (lang, claim)


# Names and numbers in other scripts: a capital letter marks a name in any cased script (Cyrillic,
# Greek, Armenian…), and digits of any script are numbers.
SCRIPTS = [
    ("Москва — столица России. Город основан в 1147 году.", "Казань — столица России", "name", "Москва"),
    ("Η Αθήνα είναι η πρωτεύουσα της Ελλάδας.", "Η Σπάρτη είναι η πρωτεύουσα της Ελλάδας", "name", "Αθήνα"),
    ("Город основан в 1147 году.", "Город основан в 1150 году", "number", "1147"),
    ("تأسست الجامعة في عام ١٩٨٩ في القاهرة.", "تأسست الجامعة في عام ١٩٩٠ في القاهرة", "number", "١٩٨٩"),
    ("विश्वविद्यालय की स्थापना १९१६ में हुई थी।", "विश्वविद्यालय की स्थापना १९२० में हुई थी", "number", "१९१६"),
    ("東京タワーは1958年に完成した。", "東京タワーは1960年に完成した", "number", "1958"),
]


@pytest.mark.parametrize(("source", "claim", "kind", "source_text"), SCRIPTS)
def test_names_and_numbers_in_any_script(source: str, claim: str, kind: str, source_text: str) -> None:
    check = SupportChecker({1: source, 2: "Unrelated text about gardening."})
    judged = check.check(claim, 1)
    assert judged.verdict == "contradicted", judged
    assert judged.conflict is not None and judged.conflict.kind == kind
    assert source[judged.conflict.source_start : judged.conflict.source_end] == source_text
    copied = check.check(source.split(".")[0].split("。")[0].split("।")[0], 1)
    assert copied.verdict == "supported"


def test_negation_inside_words_in_japanese_is_not_supported() -> None:
    check = SupportChecker({1: "富士山は日本で一番高い山です。", 2: "パリはフランスの首都です。"})
    assert check.check("富士山は日本で一番高い山", 1).verdict == "supported"
    assert check.check("富士山は日本で一番高い山ではない", 1).verdict != "supported"


@pytest.mark.parametrize(
    ("source", "claim"),
    [
        # "not only … but also" adds to the claim, it does not negate it.
        (
            "Marie Curie was not only a physicist but also a chemist.",
            "Marie Curie was a physicist and a chemist",
        ),
        # A negation about something else in the sentence is not a flip of the claim.
        ("Although he did not win the election, Smith became mayor in 1990.", "Smith became mayor in 1990"),
        # "No." before a number is not a negation.
        ("The single reached No. 5 in the charts in 1984.", "The single reached No. 5 in the charts in 1984"),
        # The same negation on both sides.
        ("The museum is not open on Mondays.", "The museum is not open on Mondays"),
    ],
)
def test_what_is_not_a_flip(source: str, claim: str) -> None:
    judged = SupportChecker({1: source, 2: "Unrelated text about gardening."}).check(claim, 1)
    assert (judged.verdict, judged.conflict) == ("supported", None)


def test_a_name_no_evidence_sentence_holds_is_at_most_partial_and_one_facing_another_is_contradicted() -> (
    None
):
    check = SupportChecker(
        {1: "The museum opened in 1793. It holds paintings.", 2: "Paris is the capital of France."}
    )
    assert check.check("The museum opened in 1793", 1).verdict == "supported"
    for claim in ("The Louvre museum opened in 1793", "The museum in Vienna opened in 1793"):
        judged = check.check(claim, 1)
        assert (judged.verdict, judged.conflict) == ("partial", None), claim
    # A name its evidence holds in another sentence is held: "It" stands for the museum named before.
    named = SupportChecker({1: "The Louvre is a museum in Paris. It opened in 1793.", 2: "Dogs bark."})
    assert named.check("The Louvre opened in 1793", 1).verdict == "supported"
    # Another name: where the evidence sentence names something else in that role it is contradicted;
    # where it says "It", it holds no name there, so the claim is only not said.
    assert named.check("The Prado opened in 1793", 1).verdict == "partial"
    direct = SupportChecker({1: "The Louvre opened in 1793.", 2: "Dogs bark."}).check(
        "The Prado opened in 1793", 1
    )
    assert (direct.verdict, direct.conflict.source_text if direct.conflict else None) == (
        "contradicted",
        "Louvre",
    )


# A direction word that the claim holds and its source never uses, while the source uses its antonym
# near the evidence: the claim says the other way round, so it is never supported. Where the alignment
# puts the antonym in the claim's slot (after the aligned "traffic"), natural logic names the conflict;
# elsewhere the claim is partial. (source, the claim as the source says it, the claim reversed)
DIRECTION_ELSEWHERE = {
    "en": (
        "The bridge was built in 1890. Its traffic has decreased since then, the city says.",
        "The bridge, built in 1890, has seen its traffic decrease",
        "The bridge, built in 1890, has seen its traffic increase",
    ),
    "fr": (
        "Le pont a été construit en 1890. Son trafic diminue depuis, selon la ville.",
        "Le pont construit en 1890 voit son trafic qui diminue",
        "Le pont construit en 1890 voit son trafic qui augmente",
    ),
    "de": (
        "Die Brücke wurde 1890 gebaut. Seitdem sinkt ihr Verkehr, sagt die Stadt.",
        "Die Brücke wurde 1890 gebaut und ihr Verkehr sinkt",
        "Die Brücke wurde 1890 gebaut und ihr Verkehr steigt",
    ),
    "es": (
        "El puente fue construido en 1890. Desde entonces su tráfico disminuye, según la ciudad.",
        "El puente, cuyo tráfico disminuye, fue construido en 1890",
        "El puente, cuyo tráfico aumenta, fue construido en 1890",
    ),
    "pt": (
        "A ponte foi construída em 1890. Desde então o seu tráfego diminui, segundo a cidade.",
        "A ponte, cujo tráfego diminui, foi construída em 1890",
        "A ponte, cujo tráfego aumenta, foi construída em 1890",
    ),
    "it": (
        "Il ponte fu costruito nel 1890. Da allora il suo traffico diminuisce, secondo la città.",
        "Il ponte, che ha un traffico che diminuisce, fu costruito nel 1890",
        "Il ponte, che ha un traffico che aumenta, fu costruito nel 1890",
    ),
    "nl": (
        "De brug werd in 1890 gebouwd. Sindsdien daalt het verkeer, zegt de stad.",
        "De brug werd in 1890 gebouwd en het verkeer daalt",
        "De brug werd in 1890 gebouwd en het verkeer stijgt",
    ),
}


@pytest.mark.parametrize("lang", sorted(DIRECTION_ELSEWHERE))
def test_a_direction_the_source_states_the_other_way_outside_the_slot_is_at_most_partial(lang: str) -> None:
    source, said, reversed_ = DIRECTION_ELSEWHERE[lang]
    check = SupportChecker({1: source, 2: "Unrelated text about gardening."})
    assert check.check(said, 1).verdict == "supported"
    judged = check.check(reversed_, 1)
    assert judged.verdict in ("partial", "contradicted"), judged
    assert judged.conflict is None or judged.conflict.kind == "direction", judged


def test_a_direction_word_inside_a_compound_reverses_nothing() -> None:
    check = SupportChecker(
        {
            1: "The school opened a free library in 2001. It sits on a high hill above the town.",
            2: "Dogs bark.",
        }
    )
    # "low-cost" holds "low", the antonym of the source's "high", but says nothing of height.
    assert check.check("The school opened a free low-cost library in 2001", 1).verdict == "supported"
    reversed_ = check.check("The school opened a free library in 2001 on a low hill", 1)
    assert reversed_.verdict == "contradicted"


# A capitalized first word that no source holds opens the sentence with a participle or a
# preposition when a noun phrase follows it ("Staring at…", "Située au…"): no name, nothing missing.
# Followed by a verb, it is the sentence's subject, a name: one no source holds is not supported.
# (source, a claim opened by a participle or preposition, a claim whose subject is a name no source holds)
OPENERS = {
    "en": (
        "The team scored twice in the final against Leeds.",
        "Staring at defeat, the team scored twice in the final against Leeds",
        "Tom scored twice in the final against Leeds",
    ),
    "fr": (
        "L'équipe a marqué deux fois en finale contre Lyon.",
        "Située au nord, l'équipe a marqué deux fois en finale contre Lyon",
        "Tom a marqué deux fois en finale contre Lyon",
    ),
    "de": (
        "Die Mannschaft traf zweimal im Finale gegen Leipzig, vor vollem Stadion.",
        "Getragen vom Stadion traf die Mannschaft zweimal im Finale gegen Leipzig",
        "Tom traf zweimal im Finale gegen Leipzig",
    ),
    "es": (
        "El equipo marcó dos veces en la final contra Sevilla.",
        "Impulsado por su afición, el equipo marcó dos veces en la final contra Sevilla",
        "Tomás marcó dos veces en la final contra Sevilla",
    ),
    "pt": (
        "A equipa marcou duas vezes na final contra o Porto.",
        "Empurrada pela sua torcida, a equipa marcou duas vezes na final contra o Porto",
        "Tomás marcou duas vezes na final contra o Porto",
    ),
    "it": (
        "La squadra ha segnato due volte nella finale contro il Milan.",
        "Spinta dai tifosi, la squadra ha segnato due volte nella finale contro il Milan",
        "Tommaso ha segnato due volte nella finale contro il Milan",
    ),
    "nl": (
        "Het team scoorde twee keer in de finale tegen Ajax.",
        "Gedragen door de fans scoorde het team twee keer in de finale tegen Ajax",
        "Tom scoorde twee keer in de finale tegen Ajax",
    ),
}


@pytest.mark.parametrize("lang", sorted(OPENERS))
def test_a_first_word_before_a_noun_phrase_is_no_name_and_one_before_a_verb_is(lang: str) -> None:
    source, opened, named = OPENERS[lang]
    check = SupportChecker({1: source, 2: "Unrelated text about gardening."})
    assert check.check(opened, 1).verdict == "supported"
    # German also reads "Tom" facing "Mannschaft" as a name against a name: contradicted.
    assert check.check(named, 1).verdict != "supported"


def test_names_the_source_states_in_other_sentences_are_evidence_and_a_name_moved_there_is_a_flip() -> None:
    source = (
        "Jan Stuart is the curator of Chinese art at the gallery. The gallery belongs to the Smithsonian. "
        "It stands in Washington. Charles Freer founded it in 1923."
    )
    check = SupportChecker({1: source, 2: "Unrelated text about gardening."})
    judged = check.check(
        "Jan Stuart is the curator of Chinese art at the Smithsonian's Freer gallery in Washington", 1
    )
    # Three names the best sentence leaves out, each stated in a sentence of its own.
    assert judged.verdict == "supported"
    assert [e.text for e in judged.evidence] == [s.strip() for s in source.replace(". ", ".|").split("|")]
    # A name the source does not hold at all still caps the citation.
    boston = check.check(
        "Jan Stuart is the curator of Chinese art at the Smithsonian's Freer gallery in Boston", 1
    )
    assert (boston.verdict, boston.conflict) == ("partial", None)
    # A claim that moves a name or a number from one sentence to what another says is no join of two
    # facts: the sentence that says all the rest states the element otherwise.
    race = SupportChecker(
        {
            1: "Smith won the race in 1990. The weather was fine that day. Jones won the race in 1994.",
            2: "Dogs bark.",
        }
    )
    assert race.check("Jones won the race in 1994", 1).verdict == "supported"
    moved = race.check("Smith won the race in 1994", 1)
    assert moved.verdict == "contradicted" and moved.conflict is not None
    assert (moved.conflict.kind, moved.conflict.source_text) == ("number", "1990")
    course = SupportChecker(
        {1: "Smith gagna la course en 1990. Il faisait beau. Jones gagna la course en 1994.", 2: "Dogs bark."}
    )
    assert course.check("Smith gagna la course en 1994", 1).verdict == "contradicted"


def test_words_that_lost_their_space_hold_the_same_name() -> None:
    # Text scraped from a page: "The HagueMerry Company" is "The Hague" and "Merry Company".
    check = SupportChecker(
        {1: "Mauritshuis, The HagueMerry Company on a Terrace (c. 1616), oil on canvas.", 2: "Dogs bark."}
    )
    assert (
        check.check("Merry Company on a Terrace is in the Mauritshuis, The Hague", 1).verdict == "supported"
    )
    swapped = check.check("Jolly Company on a Terrace is in the Mauritshuis, The Hague", 1)
    assert swapped.verdict == "contradicted" and swapped.conflict is not None
    assert swapped.conflict.source_text == "HagueMerry"


def test_a_title_set_off_after_a_name_faces_only_that_persons_title() -> None:
    check = SupportChecker(
        {
            1: "Lady Amelia is a third cousin of William and Harry, and a granddaughter of the Duke of Kent.",
            2: "Marie Dubois, the company's founder, met the Governor of Texas in Austin last week.",
            3: "Prince Harry, the Duke of Kent, opened the new hospital wing in Leeds on Monday.",
        }
    )
    # The evidence gives the title to someone else: the claim's is not said, nor said otherwise.
    cousin = check.check(
        "Lady Amelia is a third cousin of Prince William and Prince Harry, Duke of Sussex", 1
    )
    assert cousin.verdict == "partial"
    founder = check.check("Marie Dubois, Governor of Ohio, met the company's founder in Austin last week", 2)
    assert founder.verdict not in ("supported", "contradicted")
    # The same person's title, said otherwise.
    harry = check.check(
        "Prince Harry, the Duke of Sussex, opened the new hospital wing in Leeds on Monday", 3
    )
    assert harry.verdict == "contradicted" and harry.conflict is not None
    assert (harry.conflict.kind, harry.conflict.source_text) == ("name", "Kent")


@pytest.mark.parametrize(
    ("source", "claim", "negated"),
    [
        # The claim's negation, said in other words after all the words the evidence shares ("not
        # allowed" / "against"): nothing of the evidence states what it negates.
        (
            "The New Order Amish are against the use of tobacco and alcohol.",
            "Tobacco and alcohol are also not allowed",
            None,
        ),
        # A negation of something else in another sentence ("did not indicate") does not state the
        # claim's ("did not conclude").
        (
            "Jackson did not indicate his plans. The end of the tour concluded his relationship with Pepsi.",
            "The end of the tour concluded his relationship with Pepsi",
            "The end of the tour did not conclude his relationship with Pepsi",
        ),
        (
            "Jackson n'a pas indiqué ses projets. La fin de la tournée a conclu sa relation avec Pepsi.",
            "La fin de la tournée a conclu sa relation avec Pepsi",
            "La fin de la tournée n'a pas conclu sa relation avec Pepsi",
        ),
        (
            "Jackson hat seine Pläne nicht genannt. Das Ende der Tournee beendete seine Beziehung zu Pepsi.",
            "Das Ende der Tournee beendete seine Beziehung zu Pepsi",
            "Das Ende der Tournee beendete seine Beziehung zu Pepsi nicht",
        ),
    ],
)
def test_a_negation_is_read_with_what_it_negates(source: str, claim: str, negated: str | None) -> None:
    check = SupportChecker({1: source, 2: "Unrelated text about gardening."})
    assert check.check(claim, 1).verdict == "supported"
    if negated:
        assert check.check(negated, 1).verdict != "supported"
