"""Natural logic over the alignment: each relation and each projection, in the lexicon languages,
with the verdict a reader gives written out by hand.

Each case cites the claim to its evidence with an unrelated chunk presented beside it, as the
product does. ``not supported`` means partial or unsupported, never ``contradicted``: the rule that
protects users (a conflict needs positive evidence).
"""

from __future__ import annotations

import pytest

from lfx_citations.core.align import align, token_spans
from lfx_citations.core.natlog import JOIN, RELATIONS, infer, join, project
from lfx_citations.core.support import SupportChecker

UNRELATED = "The annual report lists the board members and their biographies in alphabetical order."
NOT_SUPPORTED = "not supported"


def judged(evidence: str, claim: str) -> tuple[str, str | None]:
    j = SupportChecker({1: evidence, 2: UNRELATED}).check(claim, 1)
    verdict = NOT_SUPPORTED if j.verdict in ("partial", "unsupported") else j.verdict
    return verdict, j.conflict.kind if j.conflict else None


# The issue's table, row by row: (cited chunk, the answer's claim, verdict, conflict kind).
ISSUE_TABLE = [
    (
        "Photography is forbidden in the gallery.",
        "Photography is not permitted in the gallery.",
        "supported",
        None,
    ),
    ("The plant ceased operations in 2020.", "The plant no longer operates.", "supported", None),
    ("The ferry does not run in winter.", "The ferry is suspended in winter.", "supported", None),
    (
        "En mai, le parc a accueilli 5 000 visiteurs.",
        "Le parc a accueilli 5 000 visiteurs.",
        "supported",
        None,
    ),
    ("Die Firma liefert nach Österreich.", "Das Unternehmen liefert nach Österreich.", "supported", None),
    (
        "The shop hired 50 staff last year.",
        "The shop laid off 50 staff last year.",
        "contradicted",
        "direction",
    ),
    ("The minister resigned in March.", "The minister was appointed in March.", "contradicted", "direction"),
    ("The senator voted against the bill.", "The senator voted for the bill.", "contradicted", "direction"),
    ("Wages rose faster than prices.", "Prices rose faster than wages.", "contradicted", "role"),
    ("The tower is taller than the church.", "The church is taller than the tower.", "contradicted", "role"),
    (
        "The medicine is licensed for adults.",
        "The medicine is unlicensed for adults.",
        "contradicted",
        "negation",
    ),
    ("Some of the samples were contaminated.", "All of the samples were contaminated.", NOT_SUPPORTED, None),
]


@pytest.mark.parametrize(("evidence", "claim", "verdict", "kind"), ISSUE_TABLE)
def test_the_issue_table(evidence: str, claim: str, verdict: str, kind: str | None) -> None:
    assert judged(evidence, claim) == (verdict, kind)


# (language, relation the lexicon gives, evidence, claim, verdict, kind)
RELATION_CASES = [
    # eq: a synonym, a double negation ("not permitted" = "forbidden").
    (
        "en",
        "eq",
        "Photography is forbidden in the museum.",
        "Photography is not allowed in the museum.",
        "supported",
        None,
    ),
    (
        "fr",
        "eq",
        "La photographie est interdite dans le musée.",
        "La photographie n'est pas autorisée dans le musée.",
        "supported",
        None,
    ),
    (
        "de",
        "eq",
        "Das Fotografieren ist im Museum verboten.",
        "Das Fotografieren ist im Museum nicht erlaubt.",
        "supported",
        None,
    ),
    (
        "es",
        "eq",
        "La fotografía está prohibida en el museo.",
        "La fotografía no está permitida en el museo.",
        "supported",
        None,
    ),
    (
        "de",
        "eq",
        "Die Firma beschäftigt 200 Menschen in Köln.",
        "Das Unternehmen beschäftigt 200 Menschen in Köln.",
        "supported",
        None,
    ),
    # fwd: "all" entails "some", "always" entails "often".
    (
        "en",
        "fwd",
        "All of the samples were contaminated.",
        "Some of the samples were contaminated.",
        "supported",
        None,
    ),
    (
        "fr",
        "fwd",
        "Tous les échantillons étaient contaminés.",
        "Certains échantillons étaient contaminés.",
        "supported",
        None,
    ),
    (
        "en",
        "fwd",
        "The bus always stops at the station.",
        "The bus often stops at the station.",
        "supported",
        None,
    ),
    # rev: the claim says more than the evidence (a stronger quantifier, a dropped "may").
    (
        "en",
        "rev",
        "Some of the samples were contaminated.",
        "All of the samples were contaminated.",
        NOT_SUPPORTED,
        None,
    ),
    (
        "de",
        "rev",
        "Einige Filialen öffnen auch sonntags.",
        "Alle Filialen öffnen auch sonntags.",
        NOT_SUPPORTED,
        None,
    ),
    (
        "es",
        "rev",
        "Algunas muestras estaban contaminadas.",
        "Todas las muestras estaban contaminadas.",
        NOT_SUPPORTED,
        None,
    ),
    (
        "en",
        "rev",
        "The vaccine may cause a mild fever.",
        "The vaccine causes a mild fever.",
        NOT_SUPPORTED,
        None,
    ),
    # neg: a negation put in or taken out; "none" against "some".
    (
        "en",
        "neg",
        "The bridge was completed in 1889.",
        "The bridge was not completed in 1889.",
        "contradicted",
        "negation",
    ),
    (
        "fr",
        "neg",
        "Le pont a été achevé en 1889.",
        "Le pont n'a pas été achevé en 1889.",
        "contradicted",
        "negation",
    ),
    (
        "de",
        "neg",
        "Die Brücke wurde 1889 fertiggestellt.",
        "Die Brücke wurde 1889 nicht fertiggestellt.",
        "contradicted",
        "negation",
    ),
    (
        "es",
        "neg",
        "El puente se terminó en 1889.",
        "El puente no se terminó en 1889.",
        "contradicted",
        "negation",
    ),
    (
        "pt",
        "neg",
        "A ponte foi concluída em 1889.",
        "A ponte não foi concluída em 1889.",
        "contradicted",
        "negation",
    ),
    (
        "it",
        "neg",
        "Il ponte fu completato nel 1889.",
        "Il ponte non fu completato nel 1889.",
        "contradicted",
        "negation",
    ),
    (
        "nl",
        "neg",
        "De brug werd in 1889 voltooid.",
        "De brug werd in 1889 niet voltooid.",
        "contradicted",
        "negation",
    ),
    (
        "en",
        "neg",
        "None of the samples were contaminated.",
        "Some of the samples were contaminated.",
        "contradicted",
        "quantifier",
    ),
    (
        "en",
        "neg",
        "The trial failed to show a benefit over placebo.",
        "The trial showed a benefit over placebo.",
        "contradicted",
        "negation",
    ),
    (
        "fr",
        "neg",
        "Le maire a refusé de signer le permis.",
        "Le maire a signé le permis.",
        "contradicted",
        "negation",
    ),
    # alt: contraries in the same slot.
    (
        "en",
        "alt",
        "The council approved the new bridge.",
        "The council rejected the new bridge.",
        "contradicted",
        "direction",
    ),
    (
        "fr",
        "alt",
        "La commission a approuvé le projet.",
        "La commission a rejeté le projet.",
        "contradicted",
        "direction",
    ),
    (
        "de",
        "alt",
        "Der Gemeinderat genehmigte den Bau.",
        "Der Gemeinderat lehnte den Bau ab.",
        "contradicted",
        "direction",
    ),
    (
        "es",
        "alt",
        "El ayuntamiento aprobó el plan.",
        "El ayuntamiento rechazó el plan.",
        "contradicted",
        "direction",
    ),
    (
        "pt",
        "alt",
        "A fábrica contratou 60 operários em 2023.",
        "A fábrica demitiu 60 operários em 2023.",
        "contradicted",
        "direction",
    ),
    (
        "it",
        "alt",
        "L'azienda ha assunto 70 dipendenti nel 2022.",
        "L'azienda ha licenziato 70 dipendenti nel 2022.",
        "contradicted",
        "direction",
    ),
    (
        "nl",
        "alt",
        "De bibliotheek is op zondag open.",
        "De bibliotheek is op zondag gesloten.",
        "contradicted",
        "direction",
    ),
    (
        "en",
        "alt",
        "The bus always stops at the station.",
        "The bus never stops at the station.",
        "contradicted",
        "quantifier",
    ),
    # ind: a word the lexicon does not relate is a difference, never a conflict.
    (
        "en",
        "ind",
        "The museum bought a painting by Monet.",
        "The museum sold a sculpture by Monet.",
        NOT_SUPPORTED,
        None,
    ),
    (
        "en",
        "ind",
        "Patients should fast for eight hours.",
        "Patients should not eat for eight hours.",
        NOT_SUPPORTED,
        None,
    ),
]


@pytest.mark.parametrize(("lang", "relation", "evidence", "claim", "verdict", "kind"), RELATION_CASES)
def test_each_relation(
    lang: str, relation: str, evidence: str, claim: str, verdict: str, kind: str | None
) -> None:
    assert judged(evidence, claim) == (verdict, kind), (lang, relation)


# Projection: the same substitution read through a negation both sides share flips its direction.
# (language, evidence, claim, verdict, kind)
PROJECTION_CASES = [
    # "not forbidden" is permitted: "not permitted" excludes it (neg seen through a negation stays neg).
    (
        "en",
        "Photography is not forbidden in the hall.",
        "Photography is not permitted in the hall.",
        "contradicted",
        "direction",
    ),
    (
        "de",
        "Fotografieren ist im Saal nicht verboten.",
        "Fotografieren ist im Saal nicht erlaubt.",
        "contradicted",
        "direction",
    ),
    # "did not hire" does not exclude "laid off" (alt seen through a negation is cover): not said either.
    (
        "en",
        "The shop did not hire staff last year.",
        "The shop laid off staff last year.",
        NOT_SUPPORTED,
        None,
    ),
    # A negation put in and an antonym put in cancel: "did not approve" against "rejected" is not said,
    # "is not closed" against "is open" is said.
    ("en", "The library is not closed on Sunday.", "The library is open on Sunday.", "supported", None),
    ("fr", "La piscine est fermée le lundi.", "La piscine n'est pas ouverte le lundi.", "supported", None),
    ("es", "La piscina está cerrada los lunes.", "La piscina no está abierta los lunes.", "supported", None),
    # "no longer" and the verbs that mean it.
    ("en", "The plant ceased production in 2020.", "The plant no longer produces.", "supported", None),
    ("en", "The plant no longer operates.", "The plant operates.", "contradicted", "negation"),
    (
        "de",
        "Die Fähre fährt nicht mehr nach Juist.",
        "Die Fähre fährt nach Juist.",
        "contradicted",
        "negation",
    ),
    ("es", "El tren ya no para en Toledo.", "El tren para en Toledo.", "contradicted", "negation"),
]


# Roles: passive voice, converse comparatives and temporal converses say the same; swapped arguments
# around a directed predicate are a role conflict. (language, evidence, claim, verdict, kind)
ROLE_CASES = [
    ("en", "Acme was bought by Globex in 2019.", "Globex bought Acme in 2019.", "supported", None),
    ("fr", "Alba a été rachetée par Vernet en 2018.", "Vernet a racheté Alba en 2018.", "supported", None),
    ("de", "Acme wurde 2019 von Globex gekauft.", "Globex kaufte 2019 Acme.", "supported", None),
    ("es", "Acme fue comprada por Globex en 2019.", "Globex compró Acme en 2019.", "supported", None),
    ("en", "Globex bought Acme in 2019.", "Acme bought Globex in 2019.", "contradicted", "role"),
    (
        "fr",
        "Le groupe Vernet a racheté la société Alba en 2018.",
        "La société Alba a racheté le groupe Vernet en 2018.",
        "contradicted",
        "role",
    ),
    (
        "de",
        "Die Nordbank übernahm 2017 die Sparkasse.",
        "Die Sparkasse übernahm 2017 die Nordbank.",
        "contradicted",
        "role",
    ),
    (
        "es",
        "El servicio de pagos depende del servicio de correo.",
        "El servicio de correo depende del servicio de pagos.",
        "contradicted",
        "role",
    ),
    (
        "en",
        "The bus is cheaper than the train.",
        "The train is more expensive than the bus.",
        "supported",
        None,
    ),
    (
        "de",
        "Die Bahnfahrt ist günstiger als der Flug.",
        "Der Flug ist teurer als die Bahnfahrt.",
        "supported",
        None,
    ),
    ("en", "The bridge opened before the tunnel.", "The tunnel opened after the bridge.", "supported", None),
    (
        "en",
        "Lake Varn is deeper than Lake Osk.",
        "Lake Osk is deeper than Lake Varn.",
        "contradicted",
        "role",
    ),
    (
        "it",
        "Il campanile è più alto del duomo.",
        "Il duomo è più alto del campanile.",
        "contradicted",
        "role",
    ),
    # Not roles: a symmetric predicate, a copula with a genitive, a date moved to the front.
    ("en", "Anna met Boris in Vienna.", "Boris met Anna in Vienna.", "supported", None),
    ("en", "Paris is the capital of France.", "France's capital is Paris.", "supported", None),
    (
        "en",
        "Heavy rain flooded the road on Tuesday.",
        "On Tuesday heavy rain flooded the road.",
        "supported",
        None,
    ),
]


# Numbers: an approximate claim holds within its tolerance; another unit is another amount.
NUMBER_CASES = [
    ("en", "The city has 412 schools.", "The city has about 400 schools.", "supported", None),
    ("fr", "La ville compte 412 écoles.", "La ville compte environ 400 écoles.", "supported", None),
    ("de", "Die Stadt hat 412 Schulen.", "Die Stadt hat etwa 400 Schulen.", "supported", None),
    ("es", "La ciudad tiene 412 escuelas.", "La ciudad tiene alrededor de 400 escuelas.", "supported", None),
    ("en", "The city has 480 schools.", "The city has about 400 schools.", "contradicted", "number"),
    ("en", "The city has about 400 schools.", "The city has 412 schools.", NOT_SUPPORTED, None),
    (
        "en",
        "More than 300 people attended the rally.",
        "About 350 people attended the rally.",
        NOT_SUPPORTED,
        None,
    ),
    (
        "en",
        "The trial enrolled 250 patients.",
        "The trial enrolled more than 300 patients.",
        "contradicted",
        "number",
    ),
    (
        "en",
        "The tablet contains 500 mg of paracetamol.",
        "The tablet contains 500 g of paracetamol.",
        "contradicted",
        "number",
    ),
    ("de", "Der Radweg ist 85 km lang.", "Der Radweg ist 85 Meilen lang.", "contradicted", "number"),
    ("es", "La etapa tiene 180 kilómetros.", "La etapa tiene 180 millas.", "contradicted", "number"),
]


# A number the claim gets wrong in a sentence it rewords: no slot holds both numbers, so the one number
# of each side faces the other when they count one thing (a year, devices, a span of time in days).
NUMBERS_SAID_APART = [
    (
        "en",
        "The observatory, built on a ridge above the village, opened in 1896.",
        "The ridge-top observatory above the village began operating in 1869.",
        "contradicted",
        "number",
    ),
    (
        "en",
        "The free plan of Notewell syncs up to three devices.",
        "With Notewell's free plan, users can connect as many as seven devices.",
        "contradicted",
        "number",
    ),
    (
        "en",
        "The trial period lasts 14 days.",
        "The trial period lasts three weeks.",
        "contradicted",
        "number",
    ),
    (
        "fr",
        "Les réclamations doivent être envoyées dans les 30 jours suivant la livraison.",
        "Les réclamations peuvent être envoyées jusqu'à deux mois après la livraison.",
        "contradicted",
        "number",
    ),
    # The same span in other units, and a decade, are no other number.
    ("en", "The trial period lasts 14 days.", "The trial period lasts two weeks.", "supported", None),
    (
        "fr",
        "Les réclamations doivent être envoyées dans les 30 jours suivant la livraison.",
        "Les réclamations peuvent être envoyées jusqu'à un mois après la livraison.",
        "supported",
        None,
    ),
    (
        "es",
        "La garantía del robot cubre 24 meses.",
        "El robot tiene una garantía de dos años.",
        NOT_SUPPORTED,
        None,
    ),
    # Five working days make a week; the same unit says another span only with another number; a
    # decimal that opens with a zero is no thousands group.
    ("es", "El plazo es de 15 días hábiles.", "El plazo es de tres semanas.", NOT_SUPPORTED, None),
    ("es", "El plazo es de 15 días hábiles.", "El plazo es de dos semanas.", "contradicted", "number"),
    ("en", "The drill ran for 10 minutes.", "The drill ran for 18 minutes.", "contradicted", "number"),
    (
        "en",
        "Each tablet contains 5 mg of the active substance.",
        "Each tablet contains 0.005 g of the active substance.",
        "supported",
        None,
    ),
    (
        "en",
        "Each tablet contains 5 mg of the active substance.",
        "Each tablet contains 0.05 g of the active substance.",
        "contradicted",
        "number",
    ),
    (
        "es",
        "La estación de esquí abrió en 1962.",
        "La estación data de la década de 1960.",
        NOT_SUPPORTED,
        None,
    ),
    # A synonym of the curated lists in the slot beside the flip is the same word there.
    (
        "es",
        "La infusión de hibisco baja la presión arterial.",
        "La infusión de hibisco sube la tensión arterial.",
        "contradicted",
        "direction",
    ),
    (
        "es",
        "La infusión de hibisco baja la presión arterial.",
        "La infusión de hibisco reduce la tensión arterial.",
        "supported",
        None,
    ),
]


# A name the claim gets wrong in a sentence it rewords: the one name of each side that the other lacks,
# each right after the same word ("engineer", "peintre"). A source the claim names instead is none.
NAMES_SAID_APART = [
    (
        "en",
        "The ticketing app was designed by engineer Ruth Calloway.",
        "Engineer Omar Vance came up with the design of the ticketing app.",
        "contradicted",
        "name",
    ),
    (
        "fr",
        "La fresque de la chapelle a été restaurée par la peintre Odile Marchand.",
        "C'est la peintre Agnès Fourier qui a restauré la fresque de la chapelle.",
        "contradicted",
        "name",
    ),
    (
        "en",
        "The ticketing app was designed by engineer Ruth Calloway.",
        "Engineer Ruth Calloway designed the ticketing app.",
        "supported",
        None,
    ),
    (
        "en",
        "The bridge will reopen in May, said mayor Ana Ruiz.",
        "According to the Herald, the bridge reopens in May.",
        NOT_SUPPORTED,
        None,
    ),
    (
        "de",
        "Die Brücke wird im Mai wieder geöffnet, sagte Bürgermeisterin Anna Ruhland.",
        "Laut dem Tagblatt Kessel wird die Brücke im Mai wieder geöffnet.",
        NOT_SUPPORTED,
        None,
    ),
    (
        "es",
        "El programa Quena fue desarrollado por la empresa Bruma Labs.",
        "La compañía Ceniza Soft desarrolló el programa Quena.",
        "contradicted",
        "name",
    ),
]


# A flip in a sentence reworded around it. A comparison said with another verb or another comparative of
# its dimension: the terms swapped are a role conflict, the converse with the terms swapped says the same.
REWORDED_AROUND_THE_FLIP = [
    (
        "en",
        "Mount Ardel is taller than Mount Brisk.",
        "Mount Brisk rises higher than Mount Ardel.",
        "contradicted",
        "role",
    ),
    (
        "en",
        "Mount Ardel is taller than Mount Brisk.",
        "Mount Ardel rises higher than Mount Brisk.",
        "supported",
        None,
    ),
    (
        "en",
        "Mount Ardel is taller than Mount Brisk.",
        "Mount Brisk stands lower than Mount Ardel.",
        "supported",
        None,
    ),
    (
        "fr",
        "Le modèle Orva coûte plus cher que le modèle Lumo.",
        "Le modèle Lumo est vendu plus cher que le modèle Orva.",
        "contradicted",
        "role",
    ),
    # "None" against "some" of one noun, the rest said in another order; "none … convicted" says "some
    # … acquitted".
    (
        "de",
        "Bei keinem der 60 Probanden traten Kopfschmerzen auf.",
        "Einige der 60 Probanden bekamen Kopfschmerzen.",
        "contradicted",
        "quantifier",
    ),
    (
        "fr",
        "Aucun des 20 vols n'a été annulé samedi.",
        "Samedi, quelques vols ont été annulés.",
        "contradicted",
        "quantifier",
    ),
    (
        "en",
        "None of the three defendants was convicted.",
        "Some of the three defendants were acquitted.",
        "supported",
        None,
    ),
    # Two predicates the lexicon opposes, left apart by the order: an approximation of a number is no
    # quantifier, an irregular participle ("aceito") is its verb, a separable verb is read whole.
    (
        "en",
        "Brackley Foods hired 120 seasonal workers at its Alder plant.",
        "Some 120 seasonal workers were dismissed at Brackley Foods' Alder plant.",
        "contradicted",
        "direction",
    ),
    (
        "pt",
        "A câmara municipal rejeitou o projeto de lei.",
        "O projeto de lei foi aceito pela câmara municipal.",
        "contradicted",
        "direction",
    ),
    (
        "de",
        "Das Landgericht Ulmenau hat die Klage des Vermieters abgewiesen.",
        "Der Klage des Vermieters gab das Landgericht Ulmenau statt.",
        "contradicted",
        "direction",
    ),
    (
        "de",
        "Das Landgericht Ulmenau hat der Klage des Vermieters stattgegeben.",
        "Der Klage des Vermieters gab das Landgericht Ulmenau statt.",
        "supported",
        None,
    ),
    (
        "nl",
        "De rechtbank heeft het beroep van de huurder afgewezen.",
        "Het beroep van de huurder werd door de rechtbank aanvaard.",
        "contradicted",
        "direction",
    ),
    # A Chinese name, which no capital marks: the one span the sentences differ in, read as a name on
    # both sides (a surname after a title, a name before "公司"); "大量" / "许多" is none.
    ("zh", "这座体育馆由建筑师张海燕设计。", "这座体育馆由建筑师刘建国设计。", "contradicted", "name"),
    ("zh", "该项目由华星公司承建。", "该项目由远航公司承建。", "contradicted", "name"),
    ("zh", "这座体育馆由建筑师张海燕设计。", "这座体育馆是建筑师张海燕设计的。", "supported", None),
    ("zh", "新图书馆开放不久便吸引了大量市民。", "新图书馆开放后很快就吸引了许多市民。", NOT_SUPPORTED, None),
    # Two Chinese words the lexicon opposes, the rest said in another order or in the passive (被).
    (
        "zh",
        "去年第四季度，该品牌手机销量环比上涨12%。",
        "该品牌手机销量去年第四季度环比下跌12%。",
        "contradicted",
        "direction",
    ),
    (
        "zh",
        "市议会昨天批准了新的停车收费方案。",
        "新的停车收费方案昨天被市议会拒绝了。",
        "contradicted",
        "direction",
    ),
    (
        "zh",
        "去年第四季度，该品牌手机销量环比上涨12%。",
        "该品牌手机销量去年第四季度环比上涨12%。",
        "supported",
        None,
    ),
    # Having against lacking, confirming against denying, from the curated lists.
    (
        "de",
        "Der Staubsauger Kato 3 verfügt über einen HEPA-Filter.",
        "Dem Staubsauger Kato 3 fehlt ein HEPA-Filter.",
        "contradicted",
        "direction",
    ),
    (
        "fr",
        "La bouilloire Vapo est équipée d'un filtre anticalcaire.",
        "La bouilloire Vapo est dépourvue de filtre anticalcaire.",
        "contradicted",
        "direction",
    ),
    (
        "zh",
        "该公司周一证实了将关闭南方工厂的消息。",
        "该公司否认了将关闭南方工厂的消息。",
        "contradicted",
        "direction",
    ),
    # A Chinese day moves freely (no role), and "不大" (not big) against "小巧" (small) is no exclusion.
    ("zh", "受台风影响，东港市的轮渡周六全天停航。", "周六，东港轮渡因台风全天停航。", "supported", None),
    ("zh", "这款耳机机身小巧，适合运动时佩戴。", "这款耳机体积不大，适合运动时佩戴。", NOT_SUPPORTED, None),
]


# A negation and an antonym said apart, the sentence put in another order: "not allowed" is
# "prohibited" wherever the words stand, and "interdit" still faces "autorisé".
NEGATION_SAID_APART = [
    (
        "en",
        "Visitors are not allowed to feed the animals at the Harwick zoo.",
        "Feeding the animals at the Harwick zoo is prohibited for visitors.",
        "supported",
        None,
    ),
    (
        "en",
        "Feeding the animals at the Harwick zoo is prohibited for visitors.",
        "Visitors are not allowed to feed the animals at the Harwick zoo.",
        "supported",
        None,
    ),
    (
        "de",
        "Das Rauchen ist auf dem gesamten Gelände der Klinik verboten.",
        "Auf dem Klinikgelände ist Rauchen nicht erlaubt.",
        "supported",
        None,
    ),
    (
        "es",
        "En la piscina municipal no está permitido el uso de cámaras.",
        "El uso de cámaras está prohibido en la piscina municipal.",
        "supported",
        None,
    ),
    (
        "fr",
        "Dans le parc national, le camping sauvage n'est pas autorisé.",
        "Le camping sauvage est interdit dans le parc national.",
        "supported",
        None,
    ),
    (
        "fr",
        "Dans le parc national, le camping sauvage est autorisé.",
        "Le camping sauvage est interdit dans le parc national.",
        "contradicted",
        "direction",
    ),
    # A negation before a synonym said apart is a negation: "not allowed" / "permitted".
    (
        "en",
        "Visitors are not allowed to feed the animals at the Harwick zoo.",
        "Feeding the animals at the Harwick zoo is permitted for visitors.",
        "contradicted",
        "negation",
    ),
    (
        "fr",
        "Dans le parc national, le camping sauvage n'est pas autorisé.",
        "Le camping sauvage est permis dans le parc national.",
        "contradicted",
        "negation",
    ),
    (
        "de",
        "Auf dem Klinikgelände ist das Rauchen nicht gestattet.",
        "Das Rauchen ist auf dem Klinikgelände erlaubt.",
        "contradicted",
        "negation",
    ),
    # A word that says "not" of its own faces the negation: no conflict.
    (
        "en",
        "The drug must not be taken with alcohol.",
        "Alcohol should be avoided while taking the drug.",
        NOT_SUPPORTED,
        None,
    ),
    # Support that ends is support no longer given.
    ("en", "The app no longer supports Android 9.", "Support for Android 9 has ended.", "supported", None),
    (
        "de",
        "Mit Version 7 endet die Unterstützung für Windows 10.",
        "Ab Version 7 wird Windows 10 nicht mehr unterstützt.",
        "supported",
        None,
    ),
    # "Unless" makes the negation a condition.
    (
        "en",
        "The update will not run unless the device is charging.",
        "The update only runs while the device is charging.",
        NOT_SUPPORTED,
        None,
    ),
]

# "Always" against "never" of another predicate is no exclusion the lexicon can show; a sentence too
# short to tell its language is read in the other's ("No patient …" is a quantifier in English).
OPERATORS_READ_IN_CONTEXT = [
    ("en", "The ferry always leaves on time.", "The ferry is never late.", NOT_SUPPORTED, None),
    (
        "en",
        "The ferry always leaves on time.",
        "The ferry never leaves on time.",
        "contradicted",
        "quantifier",
    ),
    (
        "en",
        "No patient reported serious side effects.",
        "Serious side effects were not reported by any patient.",
        "supported",
        None,
    ),
    (
        "en",
        "No patient reported serious side effects.",
        "Serious side effects were reported by several patients.",
        "contradicted",
        "quantifier",
    ),
    ("es", "Todos los vuelos fueron cancelados.", "No se realizó ningún vuelo.", NOT_SUPPORTED, None),
    (
        "nl",
        "De nietmachine kan tot 40 vellen nieten.",
        "Met deze nietmachine kun je tot 40 vellen nieten.",
        "supported",
        None,
    ),
    # A converse of place, a refusal in the plural, a title before a surname.
    (
        "en",
        "The mill stands upstream of the old bridge.",
        "The old bridge stands downstream of the mill.",
        "supported",
        None,
    ),
    (
        "fr",
        "Le service n'accepte plus les fichiers non signés.",
        "Les fichiers non signés sont refusés par le service.",
        "supported",
        None,
    ),
    (
        "de",
        "Das Gericht gab der Klägerin Anna Berger recht.",
        "Das Gericht entschied zugunsten von Frau Berger.",
        NOT_SUPPORTED,
        None,
    ),
    (
        "de",
        "Das Gericht gab der Klägerin Anna Berger recht.",
        "Das Gericht entschied zugunsten von Frau Lindner.",
        NOT_SUPPORTED,
        None,
    ),
]


# Converses of place, of time and of an exchange say the same with the arguments swapped.
CONVERSE_WORDS = [
    (
        "en",
        "Hanna Berg succeeded Tom Ruiz as chair in 2019.",
        "Tom Ruiz preceded Hanna Berg as chair until 2019.",
        "supported",
        None,
    ),
    (
        "en",
        "Hanna Berg succeeded Tom Ruiz as chair in 2019.",
        "Tom Ruiz succeeded Hanna Berg as chair in 2019.",
        "contradicted",
        "role",
    ),
    (
        "en",
        "The bank lent the city 40 million euros.",
        "The city borrowed 40 million euros from the bank.",
        "supported",
        None,
    ),
    (
        "en",
        "The bank lent the city 40 million euros.",
        "The city lent the bank 40 million euros.",
        "contradicted",
        "role",
    ),
    ("de", "Arden liegt nördlich von Belcourt.", "Belcourt liegt südlich von Arden.", "supported", None),
    (
        "de",
        "Arden liegt nördlich von Belcourt.",
        "Arden liegt südlich von Belcourt.",
        "contradicted",
        "direction",
    ),
    ("es", "Arden está al norte de Belcourt.", "Belcourt está al sur de Arden.", "supported", None),
]


# Names said in other words: an acronym and its words (no conflict: the words are not said), an
# agent after the Italian "dall'".
NAMES_IN_OTHER_WORDS = [
    (
        "en",
        "The vaccine was approved by the WHO in 2021.",
        "In 2021 the World Health Organization approved the vaccine.",
        NOT_SUPPORTED,
        None,
    ),
    (
        "en",
        "The vaccine was approved by the WHO in 2021.",
        "In 2021 the World Food Programme approved the vaccine.",
        "contradicted",
        "name",
    ),
    (
        "it",
        "Il ponte è stato progettato dall'ingegnere danese Ove Lund.",
        "Ove Lund, ingegnere danese, ha progettato il ponte.",
        "supported",
        None,
    ),
]


# Chinese: a determiner is no name; two adjectives of one comparison with 比 exclude each other with
# the terms in the same order and say the same with them swapped.
CHINESE_COMPARED_AND_NAMED = [
    ("zh", "该公司于2019年在杭州成立。", "这家公司2019年成立于杭州。", NOT_SUPPORTED, None),
    # 闭馆 excludes 开放, so 不开放 says it.
    ("zh", "该博物馆周一闭馆。", "每周一博物馆不开放。", "supported", None),
    ("zh", "该奖项授予了王明。", "该奖项授予了李明。", "contradicted", "name"),
    ("zh", "这款手机比上一代轻了20克。", "上一代手机比这款重20克。", "supported", None),
    ("zh", "这款手机比上一代轻了20克。", "这款手机比上一代重了20克。", "contradicted", "direction"),
    ("zh", "这座塔比教堂高。", "这座塔比教堂矮。", "contradicted", "direction"),
    # Curated synonyms: 步行 / 走路, 降低 / 减少.
    (
        "zh",
        "研究人员发现，每天步行可以降低心脏病风险。",
        "研究表明，每天走路能减少患心脏病的风险。",
        "supported",
        None,
    ),
]


# Numbers said another way: a time with its minutes on either clock, a change said as the difference
# of two amounts (not in a date), and a verb that is no ordinal ("lasts").
NUMBERS_SAID_ANOTHER_WAY = [
    ("en", "The meeting starts at 2:30 pm.", "The meeting begins at 14:30.", "supported", None),
    ("en", "The meeting starts at 2:30 pm.", "The meeting begins at 14:45.", "contradicted", "number"),
    ("en", "The price rose from $10 to $12.", "The price went up by $2 to $12.", NOT_SUPPORTED, None),
    ("en", "The price rose from $10 to $12.", "The price went up by $3 to $12.", "contradicted", "number"),
    (
        "de",
        "Der Preis stieg von 10 auf 12 Euro.",
        "Der Preis stieg um 2 Euro auf 12 Euro.",
        NOT_SUPPORTED,
        None,
    ),
    ("en", "The warranty covers the first 24 months.", "The warranty lasts two years.", "supported", None),
    # Inches in the lexicon languages, and German units in the dative plural.
    (
        "it",
        "Il tablet ha uno schermo da 8 pollici.",
        "Lo schermo del tablet misura circa 20,3 centimetri.",
        "supported",
        None,
    ),
    ("de", "Die Strecke ist 12 Kilometer lang.", "Die Strecke misst 12.000 Metern.", "supported", None),
]


def test_a_claim_copied_from_one_sentence_is_supported_whichever_sentence_the_match_reads() -> None:
    # Found by the copied-claim property: the match read the first sentence, whose words swap roles.
    assert judged("water boils freezes. freezes boils water.", "freezes boils water") == ("supported", None)
    # A claim the sentence only begins with is no copy of it.
    assert judged(
        "Die Methode verändert die ursprüngliche Liste nicht.",
        "Die Methode verändert die ursprüngliche Liste.",
    ) == (
        "contradicted",
        "negation",
    )


# Software documentation: a word in a clause of "unless" is a condition, a plain "no" after "sin" is a
# negation of its own, "inchangé" says "not changed".
DOCUMENTATION_WORDING = [
    ("en", "By default, logging is disabled.", "Logging is off unless you enable it.", NOT_SUPPORTED, None),
    (
        "es",
        "La API rechaza las solicitudes sin un token válido.",
        "Las solicitudes sin token válido no son aceptadas por la API.",
        NOT_SUPPORTED,
        None,
    ),
    (
        "fr",
        "L'outil ne modifie pas le fichier d'origine.",
        "Le fichier d'origine reste inchangé.",
        NOT_SUPPORTED,
        None,
    ),
    (
        "fr",
        "L'outil ne modifie pas le fichier d'origine.",
        "L'outil modifie le fichier d'origine.",
        "contradicted",
        "negation",
    ),
    (
        "es",
        "El paciente no debe conducir durante una semana.",
        "Durante una semana, al paciente le está vedado conducir.",
        "supported",
        None,
    ),
]


# Opening again excludes being closed, unless a date bounds the closing.
OPENED_AGAIN = [
    (
        "en",
        "The bridge was closed to traffic in May.",
        "In May the bridge was reopened to traffic.",
        "contradicted",
        "direction",
    ),
    (
        "fr",
        "En mai, le pont a été fermé à la circulation.",
        "En mai, le pont a été rouvert à la circulation.",
        "contradicted",
        "direction",
    ),
    ("en", "The museum remains closed until April.", "The museum reopens in April.", "supported", None),
    (
        "de",
        "Das Museum bleibt bis April geschlossen.",
        "Das Museum wird im April wiedereröffnet.",
        "supported",
        None,
    ),
    ("fr", "Le musée reste fermé jusqu'en avril.", "Le musée rouvre en avril.", "supported", None),
    (
        "nl",
        "De waterstand is deze week gedaald tot 7,20 meter.",
        "De waterstand is deze week gestegen tot 7,20 meter.",
        "contradicted",
        "direction",
    ),
]


# A phrase moved to the front or the end is no role: a time ("seit 2020", "vorig jaar"), a place
# said with "estar", an agent after a date. The same sentences with the roles swapped still are.
MOVED_PHRASES = [
    (
        "de",
        "Seit 2020 beliefert die Firma Kordt die Stadtwerke Ahlen.",
        "Die Firma Kordt beliefert seit 2020 die Stadtwerke Ahlen.",
        "supported",
        None,
    ),
    (
        "de",
        "Seit dem Frühjahr vertreibt die Firma Holm die Geräte der Marke Arvo.",
        "Die Firma Holm vertreibt seit dem Frühjahr die Geräte der Marke Arvo.",
        "supported",
        None,
    ),
    (
        "nl",
        "Vorig jaar nam het bedrijf Velda de concurrent Ostra over.",
        "Het bedrijf Velda nam vorig jaar de concurrent Ostra over.",
        "supported",
        None,
    ),
    (
        "es",
        "En la piscina municipal está permitido el uso de cámaras.",
        "El uso de cámaras está permitido en la piscina municipal.",
        "supported",
        None,
    ),
    (
        "fr",
        "Le musée a été conçu en 1912 par l'architecte Jean Roux.",
        "L'architecte Jean Roux a conçu le musée en 1912.",
        "supported",
        None,
    ),
    # The comparative before the first term still turns the order back.
    (
        "en",
        "The Falco 5 sold more units last year than the Pixelon Air.",
        "Last year, fewer units of the Pixelon Air were sold than of the Falco 5.",
        NOT_SUPPORTED,
        None,
    ),
    (
        "de",
        "Seit 2020 beliefert die Firma Kordt die Stadtwerke Ahlen.",
        "Seit 2020 beliefern die Stadtwerke Ahlen die Firma Kordt.",
        "contradicted",
        "role",
    ),
    (
        "es",
        "Desde 2020, la empresa Norvía abastece a la ciudad de Lerma.",
        "Desde 2020, la ciudad de Lerma abastece a la empresa Norvía.",
        "contradicted",
        "role",
    ),
    ("en", "In 2019 Halden beat Norden 2-1.", "In 2019 Norden beat Halden 2-1.", "contradicted", "role"),
    (
        "en",
        "The 2022 model weighs less than the 2020 model.",
        "The 2020 model weighs less than the 2022 model.",
        "contradicted",
        "role",
    ),
]


# A word is a cue only in its sentence's language.
LANGUAGE_CASES = [
    ("fr", "En mai, le musée a reçu 8 000 visiteurs.", "Le musée a reçu 8 000 visiteurs.", "supported", None),
    ("it", "Il museo non ha mai chiuso.", "Il museo ha chiuso.", "contradicted", "negation"),
    ("zh", "这款应用不仅记录步数，还记录睡眠。", "这款应用记录睡眠。", "supported", None),
    (
        "de",
        "Die Firma liefert nach Österreich.",
        "Die Firma liefert nach Österreich und in die Schweiz.",
        NOT_SUPPORTED,
        None,
    ),
    (
        "fr",
        "L'application non seulement compte les pas, mais suit aussi le sommeil.",
        "L'application suit le sommeil.",
        "supported",
        None,
    ),
    (
        "es",
        "No obstante, el tribunal admitió el recurso.",
        "El tribunal admitió el recurso.",
        "supported",
        None,
    ),
]


def test_the_join_table_is_the_set_relations_composition() -> None:
    """Each entry of the join table, checked against the relations of subsets of a tiny universe:
    whenever x r y and y s z hold for sets, x JOIN[r][s] z holds (``ind`` is the union read as
    unknown, so it always holds)."""
    universe = frozenset(range(3))
    sets = [frozenset(s for s in universe if mask >> s & 1) for mask in range(1, 7)]  # non-empty, non-full

    def relation(a: frozenset, b: frozenset) -> str:
        if a == b:
            return "eq"
        if a < b:
            return "fwd"
        if a > b:
            return "rev"
        if not a & b:
            return "neg" if a | b == universe else "alt"
        return "cover" if a | b == universe else "ind"

    for x in sets:
        for y in sets:
            for z in sets:
                r, s = relation(x, y), relation(y, z)
                joined = JOIN[r][s]
                assert joined == "ind" or relation(x, z) == joined, (r, s, joined, relation(x, z))
    assert set(JOIN) == set(RELATIONS)
    assert join("neg", "neg") == "eq" and join("alt", "neg") == "fwd" and join("neg", "alt") == "rev"


def test_projection_swaps_directions_and_exclusions_under_negation() -> None:
    assert [project(r, True) for r in RELATIONS] == ["eq", "rev", "fwd", "neg", "cover", "alt", "ind"]
    assert [project(r, False) for r in RELATIONS] == list(RELATIONS)


def test_inference_names_its_edits() -> None:
    evidence, claim = (
        "Photography is forbidden in the gallery.",
        "Photography is not permitted in the gallery.",
    )
    e, c = token_spans(evidence), token_spans(claim)
    found = infer(c, claim, e, evidence, align(c, e))
    assert found.relation == "eq"
    assert sorted((edit.op, edit.lexical) for edit in found.edits) == [("ins", "neg"), ("sub", "neg")]


# Cases of the rules' reach beyond the words they were designed on: a converse comparative of
# inferiority, an approximated number with a scale word, and a privative half of a double negation.
# (language, evidence, claim, verdict, kind)
REACH_CASES = [
    ("en", "The spire is taller than the mast.", "The mast is less tall than the spire.", "supported", None),
    (
        "fr",
        "Le pont est plus long que le viaduc.",
        "Le viaduc est moins long que le pont.",
        "supported",
        None,
    ),
    (
        "fr",
        "Le pont est plus long que le viaduc.",
        "Le viaduc est plus long que le pont.",
        "contradicted",
        "role",
    ),
    ("es", "El auditorio tiene 1.950 butacas.", "El auditorio tiene unas 2.000 butacas.", "supported", None),
    ("pt", "A vila tem 12.300 habitantes.", "A vila tem cerca de 12 mil habitantes.", "supported", None),
    (
        "pt",
        "A vila tem 12.300 habitantes.",
        "A vila tem cerca de 20 mil habitantes.",
        "contradicted",
        "number",
    ),
    (
        "es",
        "La tarjeta no puede usarse sin un PIN.",
        "La tarjeta solo puede usarse con un PIN.",
        "supported",
        None,
    ),
    (
        "es",
        "La tarjeta no puede usarse sin un PIN.",
        "La tarjeta puede usarse sin un PIN.",
        "contradicted",
        "negation",
    ),
    (
        "de",
        "Der Zutritt ist ohne Ausweis möglich.",
        "Der Zutritt ist nur mit Ausweis möglich.",
        "contradicted",
        "negation",
    ),
]


def test_a_double_negation_with_a_privative_is_no_contradiction() -> None:
    # "Without an ID, entry is not permitted" says that entry requires an ID.
    evidence = "Ohne gültigen Ausweis ist der Zutritt zum Gelände nicht gestattet."
    claim = "Der Zutritt zum Gelände erfordert einen gültigen Ausweis."
    assert judged(evidence, claim)[0] != "contradicted"


# Amounts in another unit, negations each side words its own way, separable verbs.
CONVERSION_CASES = [
    ("en", "The cable is 2 m long.", "The cable is 200 cm long.", "supported", None),
    ("en", "The runway is 3 km long.", "The runway is about 1.9 miles long.", "supported", None),
    ("fr", "Le réservoir contient 2 litres.", "Le réservoir contient 2 000 millilitres.", "supported", None),
    ("de", "Die Dosis beträgt 250 Milligramm.", "Die Dosis beträgt 0,25 Gramm.", "supported", None),
    ("es", "La ruta tiene 3 kilómetros.", "La ruta tiene 3.500 metros.", "contradicted", "number"),
    ("en", "The parcel weighs 2 kg.", "The parcel weighs 2 g.", "contradicted", "number"),
    ("en", "The trail is 5 miles long.", "The trail is 12 km long.", "contradicted", "number"),
]


BOTH_NEGATE_CASES = [
    # Each side negates in words of its own: never a contradiction.
    (
        "en",
        "The adapter is not sold with the laptop.",
        "The laptop ships without an adapter.",
        NOT_SUPPORTED,
        None,
    ),
    (
        "de",
        "Die Firma hat die Produktion im Jahr 2019 eingestellt.",
        "Die Firma produziert seit 2019 nicht mehr.",
        NOT_SUPPORTED,
        None,
    ),
    (
        "en",
        "Release 5.0 dropped support for Windows 8.",
        "Windows 8 is no longer supported as of release 5.0.",
        "supported",
        None,
    ),
    # "einstellen" is "hire" too; the same verb with its particle apart is no negation.
    (
        "de",
        "Die Klinik stellte im Juni zehn Pflegekräfte ein.",
        "Im Juni wurden zehn Pflegekräfte von der Klinik eingestellt.",
        "supported",
        None,
    ),
    # A negation one side holds and the other lacks still contradicts.
    (
        "en",
        "Release 5.0 dropped support for Windows 8.",
        "Release 5.0 supports Windows 8.",
        "contradicted",
        "negation",
    ),
    (
        "en",
        "The charger is not included in the box.",
        "The charger is included in the box.",
        "contradicted",
        "negation",
    ),
]


# Drugs written in lower case, numbers spelled out, amounts of data, votes and vetoes.
EXCLUSION_CASES = [
    (
        "en",
        "Patients on lisinopril should check their potassium.",
        "Patients on ramipril should check their potassium.",
        "contradicted",
        "name",
    ),
    ("es", "El médico le recetó ibuprofeno.", "El médico le recetó naproxeno.", "contradicted", "name"),
    (
        "en",
        "Patients taking atorvastatin should report muscle pain.",
        "Patients on atorvastatin should report muscle pain.",
        "supported",
        None,
    ),
    (
        "fr",
        "Le contrat prévoit une période d'essai de trois mois.",
        "Le contrat prévoit une période d'essai de quatre mois.",
        "contradicted",
        "number",
    ),
    ("nl", "De cursus duurt vijf weken.", "De cursus duurt 5 weken.", "supported", None),
    ("nl", "De cursus duurt vijf weken.", "De cursus duurt zeven weken.", "contradicted", "number"),
    (
        "en",
        "Each upload may be at most 10 GB.",
        "Each upload may be at most 10 MB.",
        "contradicted",
        "number",
    ),
    ("en", "The phone has 1 GB of memory.", "The phone has 1,024 MB of memory.", "supported", None),
    (
        "it",
        "Il senatore ha votato a favore del decreto.",
        "Il senatore ha votato contro il decreto.",
        "contradicted",
        "direction",
    ),
    (
        "pt",
        "O presidente vetou a lei do orçamento.",
        "O presidente aprovou a lei do orçamento.",
        "contradicted",
        "direction",
    ),
]


PASSIVE_AND_TITLE_CASES = [
    # The passive voice on one side with the arguments in the same order swaps them.
    ("en", "Acme bought the plant in 2019.", "Acme was bought by the plant in 2019.", "contradicted", "role"),
    (
        "es",
        "La empresa Lácteos Sur compró la granja de Lugo.",
        "Lácteos Sur fue comprada por la granja de Lugo.",
        "contradicted",
        "role",
    ),
    (
        "en",
        "Harbor Mills acquired the bakery chain in 2020.",
        "The bakery chain was acquired by Harbor Mills in 2020.",
        "supported",
        None,
    ),
    # A relative clause orders the arguments otherwise: no swap.
    (
        "en",
        "The plant that Acme bought in 2019 was closed.",
        "The plant was bought by Acme in 2019.",
        "supported",
        None,
    ),
    # A title the claim gives a person the evidence names elsewhere is no name conflict.
    (
        "en",
        "The Duke of Kent presented the award to Prince Harry.",
        "Prince Harry, Duke of Sussex, received the award.",
        NOT_SUPPORTED,
        None,
    ),
    (
        "en",
        "Maria Lopez, mayor of Leeds, opened the bridge.",
        "Maria Lopez, mayor of York, opened the bridge.",
        "contradicted",
        "name",
    ),
]


SEPARABLE_AND_ELISION_CASES = [
    # A separable verb's particle closes the sentence: the lexicon reads the verb whole.
    (
        "de",
        "Die Bank stellte im Juli 40 Berater ein.",
        "Die Bank entließ im Juli 40 Berater.",
        "contradicted",
        "direction",
    ),
    (
        "nl",
        "De fabriek ontsloeg in juni tien monteurs.",
        "De fabriek nam in juni tien monteurs aan.",
        "contradicted",
        "direction",
    ),
    # "s'" after a number is an elided pronoun, no unit (seconds).
    (
        "fr",
        "Le train 18 s'arrête toujours à Dijon.",
        "Le train 18 ne s'arrête jamais à Dijon.",
        "contradicted",
        "quantifier",
    ),
    ("fr", "Le train 18 s'arrête toujours à Dijon.", "Le train 18 s'arrête à Dijon.", "supported", None),
]


NUMERAL_AND_PARTICLE_CASES = [
    # Chinese numbers written in characters are their digits; 万 after digits scales them.
    ("zh", "该公司去年共招聘了四千五百名员工。", "该公司去年共招聘了4500名员工。", "supported", None),
    ("zh", "该县人口约为三十万。", "该县约有30万人口。", "supported", None),
    ("zh", "这条隧道全长一千八百米。", "这条隧道全长1500米。", "contradicted", "number"),
    # A surname's particle belongs to the name.
    (
        "nl",
        "De opdracht ging naar Pieter van Dam.",
        "De opdracht ging naar Pieter Smits.",
        "contradicted",
        "name",
    ),
]


CONVERSE_CASES = [
    # Converse comparatives, "größer" read as its casefolded token "grösser".
    (
        "de",
        "Der Ammersee ist größer als der Tegernsee.",
        "Der Tegernsee ist kleiner als der Ammersee.",
        "supported",
        None,
    ),
    (
        "en",
        "The north runway is longer than the south runway.",
        "The south runway is shorter than the north runway.",
        "supported",
        None,
    ),
    (
        "es",
        "La deuda de Perú es mayor que la de Chile.",
        "La deuda de Chile es menor que la de Perú.",
        "supported",
        None,
    ),
    (
        "en",
        "The north runway is longer than the south runway.",
        "The south runway is longer than the north runway.",
        "contradicted",
        "role",
    ),
    # Granted / refused.
    (
        "fr",
        "La préfecture a accordé le permis.",
        "La préfecture a refusé le permis.",
        "contradicted",
        "direction",
    ),
]


CHINESE_QUANTIFIER_CASES = [
    # 所有 "all" where the evidence says 部分 "some": said more than the evidence, never contradicted.
    ("zh", "部分用户反映软件运行缓慢。", "所有用户都反映软件运行缓慢。", NOT_SUPPORTED, None),
    ("zh", "所有用户都收到了通知。", "部分用户收到了通知。", "supported", None),
]


# Plain sentences where each side negates in words of its own: a "not" facing "declined to",
# "dropped", "except", "uitgeschakeld", 停止 or a negation the alignment leaves out is no evidence of
# an exclusion (never contradicted; supported when nothing else differs); a negation one side adds
# to the same words still contradicts. Also a time on two clocks, a double negation in Chinese, and a
# comparative that is no superlative.
OWN_WORDS_CASES = [
    (
        "en",
        "The mayor declined to answer questions about the budget.",
        "The mayor did not answer questions about the budget.",
        "supported",
        None,
    ),
    (
        "en",
        "Support for Debian 9 was dropped in Kestrel 2.1.",
        "Kestrel 2.1 does not support Debian 9.",
        "supported",
        None,
    ),
    (
        "en",
        "The backup tool runs on every system except Solaris.",
        "The backup tool does not run on Solaris.",
        NOT_SUPPORTED,
        None,
    ),
    (
        "en",
        "Debian 9 is no longer supported by the Kestrel updater.",
        "The Kestrel updater does not support Debian 9 anymore.",
        NOT_SUPPORTED,
        None,
    ),
    (
        "nl",
        "De melding is standaard uitgeschakeld.",
        "Standaard staat de melding niet aan.",
        NOT_SUPPORTED,
        None,
    ),
    ("zh", "这家工厂不再生产汽车零件。", "汽车零件已停止在这家工厂生产。", "supported", None),
    ("zh", "这种情况并非无法避免。", "这种情况可以避免。", "supported", None),
    ("en", "The lecture starts at 4 pm.", "The lecture starts at 16:00.", "supported", None),
    (
        "en",
        "Lake Orrin is not the deepest lake in the region; Lake Vell is deeper.",
        "Lake Vell is deeper than Lake Orrin.",
        "supported",
        None,
    ),
    (
        "en",
        "The plugin was removed in version 3.0.",
        "The plugin was not removed in version 3.0.",
        "contradicted",
        "negation",
    ),
    (
        "en",
        "The tablet lacks a headphone socket.",
        "The tablet has no headphone socket.",
        "supported",
        None,
    ),
    (
        "en",
        "The ministry denied that any schools had been closed.",
        "According to the ministry, no schools had been closed.",
        NOT_SUPPORTED,
        None,
    ),
    (
        "de",
        "Die Exportfunktion wurde in Version 4 entfernt.",
        "Version 4 enthält die Exportfunktion nicht mehr.",
        "supported",
        None,
    ),
    # 禁止 facing 不允许 is a negation over an antonym, whatever 未经 / 没有 do before it.
    ("zh", "未经同意，禁止在此吸烟。", "没有同意不允许在此吸烟。", NOT_SUPPORTED, None),
    ("en", "The alarm is off by default.", "The alarm is not on by default.", "supported", None),
    ("zh", "治疗期间不宜熬夜。", "治疗期间应避免熬夜。", NOT_SUPPORTED, None),
    ("zh", "只有会员才能借书。", "除了会员，其他人都不能借书。", NOT_SUPPORTED, None),
    (
        "fr",
        "Il faut éviter le sucre pendant le traitement.",
        "Pendant le traitement, il ne faut pas manger de sucre.",
        NOT_SUPPORTED,
        None,
    ),
    (
        "es",
        "Este jarabe no debe tomarse con leche.",
        "Se debe evitar la leche al tomar este jarabe.",
        "supported",
        None,
    ),
    (
        "es",
        "La copia de seguridad es obligatoria para todos los equipos.",
        "Ningún equipo puede omitir la copia de seguridad.",
        NOT_SUPPORTED,
        None,
    ),
    ("en", "The dressing contains no gluten.", "The dressing is gluten-free.", "supported", None),
    (
        "en",
        "The council has yet to publish the report.",
        "The council has not published the report.",
        "supported",
        None,
    ),
    ("zh", "车厢内严禁饮食。", "车厢内不准饮食。", "supported", None),
    (
        "en",
        "The council has published the report.",
        "The council has not published the report.",
        "contradicted",
        "negation",
    ),
    (
        "en",
        "The tablet has a headphone socket.",
        "The tablet has no headphone socket.",
        "contradicted",
        "quantifier",
    ),
    (
        "en",
        "Kestrel 2.1 supports Debian 9.",
        "Kestrel 2.1 does not support Debian 9.",
        "contradicted",
        "negation",
    ),
    ("en", "The lecture starts at 4 pm.", "The lecture starts at 18:00.", "contradicted", "number"),
    ("zh", "这家工厂生产汽车零件。", "这家工厂不生产汽车零件。", "contradicted", "negation"),
]


# An amount with its scale written out, and a fraction written as a word, are the same amount.
AMOUNT_CASES = [
    (
        "en",
        "The museum received 4.2 million visitors.",
        "The museum received 4,200,000 visitors.",
        "supported",
        None,
    ),
    ("de", "Der Umbau kostete 3,5 Millionen Euro.", "Der Umbau kostete 3.500.000 Euro.", "supported", None),
    (
        "en",
        "About a quarter of the staff work remotely.",
        "About 25 % of the staff work remotely.",
        "supported",
        None,
    ),
    (
        "en",
        "The museum received 4.2 million visitors.",
        "The museum received 4,800,000 visitors.",
        "contradicted",
        "number",
    ),
]


def test_reculer_is_a_decrease_in_french() -> None:
    assert judged(
        "Les exportations ont reculé de 3 % en 2021.", "Les exportations ont diminué de 3 % en 2021."
    ) == (
        "supported",
        None,
    )
    assert judged(
        "Les importations ont augmenté de 5 % en 2020.", "Les importations ont reculé de 5 % en 2020."
    ) == (
        "contradicted",
        "direction",
    )


def test_unless_and_none_over_an_antonym() -> None:
    # "if … not" is "unless"; "none serious" is "all mild"; "mild" against "severe" excludes.
    assert judged(
        "If the form is not signed, the request expires after ten days.",
        "Requests expire after ten days unless the form is signed.",
    ) == ("supported", None)
    assert judged("None of the injuries were serious.", "All of the injuries were mild.")[0] != "contradicted"
    assert judged("The symptoms were mild.", "The symptoms were severe.") == ("contradicted", "direction")


def test_stopgezet_says_no_longer_in_dutch() -> None:
    assert judged(
        "De app ondersteunt Android 9 niet meer.", "De ondersteuning voor Android 9 is stopgezet in de app."
    ) == ("supported", None)


# A tenth round: the hour said with the part of the day, a converse whose argument is said another
# way, a verb closing a German clause past the words read, "fehlt" / "ontbreekt", a Chinese
# comparative whose adjective follows both arguments, units under a negation, and pairs the lexicon
# lacked (removed / added, aktiviert / deaktiviert, a favor / en contra, 上涨 / 下跌, "nessun").
TENTH_ROUND_CASES = [
    ("es", "La tienda cierra a las 21:00.", "La tienda cierra a las nueve de la noche.", "supported", None),
    ("fr", "Le guichet ouvre à 9:00.", "Le guichet ouvre à neuf heures du matin.", "supported", None),
    (
        "es",
        "La tienda cierra a las 21:00.",
        "La tienda cierra a las ocho de la noche.",
        "contradicted",
        "number",
    ),
    (
        "en",
        "The library was finished before the town hall's east wing.",
        "The east wing of the town hall was finished after the library.",
        "supported",
        None,
    ),
    (
        "en",
        "The library was finished before the town hall.",
        "The town hall was finished before the library.",
        "contradicted",
        "role",
    ),
    (
        "de",
        "Das Kino Lichtspiele Horn hat im letzten Jahr seinen Betrieb eingestellt.",
        "Das Kino Lichtspiele Horn ist nicht mehr in Betrieb.",
        "supported",
        None,
    ),
    ("nl", "In de app ontbreekt een donkere modus.", "De app heeft geen donkere modus.", "supported", None),
    (
        "de",
        "Dem Bericht fehlt eine Quellenangabe.",
        "Der Bericht hat keine Quellenangabe.",
        "supported",
        None,
    ),
    ("zh", "A型手机比B型手机轻。", "B型手机比A型手机重。", "supported", None),
    ("zh", "华为手机比小米手机轻。", "小米手机比华为手机轻。", "contradicted", "role"),
    (
        "en",
        "Children should not take more than 2 g a day.",
        "Children should not take more than 2 mg a day.",
        "contradicted",
        "number",
    ),
    (
        "it",
        "Tutti i candidati hanno superato l'esame.",
        "Nessun candidato ha superato l'esame.",
        "contradicted",
        "quantifier",
    ),
    (
        "en",
        "The plugin was removed in version 3.",
        "The plugin was added in version 3.",
        "contradicted",
        "direction",
    ),
    (
        "de",
        "Die Firewall ist standardmäßig aktiviert.",
        "Die Firewall ist standardmäßig deaktiviert.",
        "contradicted",
        "direction",
    ),
    (
        "it",
        "Le vendite sono aumentate del 5 %.",
        "Le vendite sono diminuite del 5 %.",
        "contradicted",
        "direction",
    ),
    (
        "es",
        "La concejala votó a favor del presupuesto.",
        "La concejala votó en contra del presupuesto.",
        "contradicted",
        "direction",
    ),
    ("zh", "今年房价上涨了百分之五。", "今年房价下跌了百分之五。", "contradicted", "direction"),
]


# An eleventh round, on long sentences: a negation the alignment leaves in an unbound gap still
# negates the word right after it, "arrêté municipal" is a decree, converse comparatives in the
# feminine, Chinese numerals with 亿 and 万, a swap around synonymous verbs, an unknown substitution
# far from an exclusion, and "lacks" / "includes".
ELEVENTH_ROUND_CASES = [
    (
        "fr",
        "Par arrêté préfectoral, la pêche est interdite dans l'étang du Moulin jusqu'au 30 juin.",
        "Pêcher n'est pas autorisé dans l'étang du Moulin jusqu'au 30 juin.",
        "supported",
        None,
    ),
    (
        "es",
        "La torre Arbel es más alta que la torre Corvo.",
        "La torre Corvo es más baja que la torre Arbel.",
        "supported",
        None,
    ),
    (
        "es",
        "La torre Arbel es más alta que la torre Corvo.",
        "La torre Corvo es más alta que la torre Arbel.",
        "contradicted",
        "role",
    ),
    ("zh", "该市人口约为1.5亿。", "该市人口约为一亿五千万。", "supported", None),
    (
        "en",
        "Orland Paper has acquired Bexley Mills.",
        "Bexley Mills bought Orland Paper.",
        "contradicted",
        "role",
    ),
    ("en", "Orland Paper has acquired Bexley Mills.", "Orland Paper bought Bexley Mills.", "supported", None),
    (
        "fr",
        "Le peintre Jules Armand a peint son Triptyque des ponts après son arrivée à Nantes.",
        "Jules Armand a réalisé son Triptyque des ponts avant son arrivée à Nantes.",
        "contradicted",
        "direction",
    ),
    (
        "es",
        "La versión gratuita incluye copias de seguridad diarias.",
        "La versión gratuita carece de copias de seguridad diarias.",
        "contradicted",
        "direction",
    ),
    (
        "es",
        "La versión gratuita no incluye copias de seguridad diarias.",
        "La versión gratuita carece de copias de seguridad diarias.",
        NOT_SUPPORTED,
        None,
    ),
]


def test_a_name_the_evidence_gives_another_role_is_a_name_conflict() -> None:
    # The claim's name is in the sentence, but as the one who leaves, not the one elected.
    evidence = (
        "Mara Lenz was elected chair of the board; she succeeds Paul Ortner, who retires after ten years."
    )
    assert judged(evidence, "Paul Ortner was elected chair of the board.") == ("contradicted", "name")
    assert judged(evidence, "Mara Lenz was elected chair of the board.") == ("supported", None)
    # Names joined by "and" may come in any order: no conflict.
    assert (
        judged("Smith and Jones founded the company in 1990.", "Jones founded the company in 1990.")[1]
        is None
    )


# A twelfth round, on long sentences: a comparative against other arguments ("it is shallower than
# Lake Tessu"), an amount converted inside a long gap, "missing" / "no", 不足 as "fewer than", a
# Dutch participle far from what it negates, and "only some" against "all".
TWELFTH_ROUND_CASES = [
    (
        "en",
        "Lake Marrow, the largest lake in the district, covers 80 square kilometres; it is shallower than"
        " nearby Lake Selby, whose deepest point reaches 60 metres.",
        "Lake Selby is deeper than Lake Marrow.",
        "supported",
        None,
    ),
    (
        "en",
        "The usual dose of Calvex is 0.25 g three times daily, taken after meals; in elderly patients the"
        " dose should be reduced.",
        "The usual dose of Calvex is 250 mg, three times a day.",
        "supported",
        None,
    ),
    (
        "en",
        "If the cache folder is missing, the tool creates it on first start and logs a notice.",
        "When no cache folder exists, the tool creates it on first start.",
        NOT_SUPPORTED,
        None,
    ),
    (
        "zh",
        "该县人口从 2000 年的不足三万人增加到去年的五万人。",
        "该县人口近年来不断增加。",
        NOT_SUPPORTED,
        None,
    ),
    (
        "nl",
        "De verkoop van de papieren krant, die in 1950 werd opgericht, is vorig jaar stopgezet.",
        "De papieren krant wordt niet meer verkocht.",
        "supported",
        None,
    ),
    (
        "en",
        "All members voted for the plan.",
        "Only some members voted for the plan.",
        "contradicted",
        "quantifier",
    ),
    ("en", "Only some members voted for the plan.", "Some members voted for the plan.", "supported", None),
]


# A thirteenth round: a quantifier opening the evidence ahead of the slack, two excluded words both
# sides say (a comparison turned around), "afgeraden", spelled amounts between the same words, grams
# and milligrams in Chinese, and food against an empty stomach.
THIRTEENTH_ROUND_CASES = [
    (
        "en",
        "None of the 30 patients in the trial needed a transfusion, although two had mild anaemia.",
        "No patient in the trial needed a transfusion.",
        "supported",
        None,
    ),
    (
        "de",
        "Das neue Modell lädt doppelt so schnell wie das alte, wiegt aber etwas mehr.",
        "Das alte Modell lädt langsamer als das neue.",
        "supported",
        None,
    ),
    (
        "nl",
        "Het gebruik van deze zalf wordt afgeraden tijdens de zwangerschap.",
        "Tijdens de zwangerschap kun je deze zalf beter niet gebruiken.",
        NOT_SUPPORTED,
        None,
    ),
    (
        "en",
        "Take one capsule every eight hours.",
        "Take one capsule every six hours.",
        "contradicted",
        "number",
    ),
    ("zh", "该药每日最大剂量为0.06克。", "该药每日最大剂量为60毫克。", "supported", None),
    ("zh", "该药每日最大剂量为60毫克。", "该药每日最大剂量为60克。", "contradicted", "number"),
    (
        "en",
        "The syrup should be taken with food.",
        "The syrup should be taken on an empty stomach.",
        "contradicted",
        "direction",
    ),
    ("fr", "Le sirop se prend pendant le repas.", "Le sirop se prend à jeun.", "contradicted", "direction"),
    ("zh", "本品应饭后服用。", "本品应空腹服用。", "contradicted", "direction"),
    (
        "en",
        "The tablets can be taken with or without food.",
        "The tablets can be taken on an empty stomach.",
        NOT_SUPPORTED,
        None,
    ),
]


# A fourteenth round: a negation said in words of its own is the same negation when nothing else
# differs ("declined to comment" / "did not comment", "contraindicated" / "should not receive"), and
# "declined to", "lacks" negate what follows them; a double negation in the claim, or a word of the
# evidence's own clause the claim leaves out, keeps it unsaid.
FOURTEENTH_ROUND_CASES = [
    (
        "en",
        "The company declined to comment on the report.",
        "The company commented on the report.",
        "contradicted",
        "negation",
    ),
    ("en", "The museum lacks a café.", "The museum has a café.", "contradicted", "negation"),
    (
        "en",
        "This vaccine is contraindicated in patients with a severe egg allergy.",
        "Patients with a severe egg allergy should not receive this vaccine.",
        "supported",
        None,
    ),
    (
        "en",
        "Patients should avoid alcohol while taking metronidazole.",
        "Alcohol should not be consumed while taking metronidazole.",
        "supported",
        None,
    ),
    (
        "fr",
        "Le module d'export a été supprimé dans la version 5.",
        "La version 5 ne contient plus le module d'export.",
        "supported",
        None,
    ),
    (
        "nl",
        "De woordvoerder weigerde commentaar te geven.",
        "De woordvoerder gaf geen commentaar.",
        "supported",
        None,
    ),
    (
        "pt",
        "O medicamento Renafil é contraindicado em doentes com insuficiência hepática grave, devendo o"
        " médico avaliar alternativas.",
        "Doentes com insuficiência hepática grave não devem tomar Renafil.",
        "supported",
        None,
    ),
    (
        "es",
        "La autenticación en dos pasos es opcional para todos los usuarios.",
        "Ningún usuario puede omitir la autenticación en dos pasos.",
        NOT_SUPPORTED,
        None,
    ),
    (
        "en",
        "The spokesman refused to deny the merger.",
        "The spokesman did not confirm the merger.",
        NOT_SUPPORTED,
        None,
    ),
    # A negated word facing its antonym, and a converse with its arguments swapped, say the same.
    (
        "it",
        "È vietato l'accesso ai cani nel parco.",
        "L'accesso ai cani nel parco non è consentito.",
        "supported",
        None,
    ),
    (
        "it",
        "Il backup deve essere completato prima dell'aggiornamento del database.",
        "L'aggiornamento del database deve avvenire dopo il completamento del backup.",
        "supported",
        None,
    ),
    (
        "nl",
        "Het eiland Grienoog is aanzienlijk kleiner dan het naburige Westerplaat.",
        "Westerplaat is groter dan Grienoog.",
        "supported",
        None,
    ),
    ("zh", "星辰X2手机的售价比星辰X5低。", "星辰X5比星辰X2贵。", "supported", None),
    ("zh", "星辰X2手机的售价比星辰X5低。", "星辰X2比星辰X5贵。", NOT_SUPPORTED, None),
    # The same number in another unit, wherever the paraphrase put it; a conversion is no flip.
    (
        "en",
        "The recommended adult dose of corvastine is 20 mg once daily.",
        "Adults should take 20 g of corvastine once a day.",
        "contradicted",
        "number",
    ),
    (
        "en",
        "The recommended adult dose of corvastine is 0.5 g once daily.",
        "Adults should take 500 mg of corvastine once a day.",
        "supported",
        None,
    ),
    # Inflections the lists lack, read by their stem; numbers up to ninety spelled out.
    (
        "es",
        "Las ventas de vivienda en Sotoalto cayeron un 6 % en abril.",
        "En abril las ventas de vivienda en Sotoalto subieron un 6 %.",
        "contradicted",
        "direction",
    ),
    (
        "en",
        "The free plan allows up to five private repositories per account.",
        "Accounts on the free plan can have up to fifteen private repositories.",
        "contradicted",
        "number",
    ),
    # A day written as an ordinal does not end the sentence, and a date in digits is that date.
    (
        "de",
        "Der Komponist Anselm Riedl starb am 3. Mai 1911 in Talheim.",
        "Anselm Riedl ist am 03.05.1911 gestorben.",
        NOT_SUPPORTED,
        None,
    ),
    (
        "de",
        "Der Komponist Anselm Riedl starb am 3. Mai 1911 in Talheim.",
        "Anselm Riedl ist am 03.06.1911 gestorben.",
        "contradicted",
        "number",
    ),
    # "won against" is "beat" for the role check; "in favour of" after "voted"; a preposition said
    # otherwise hides no exclusion; "bloqueia" / "permite".
    (
        "es",
        "El Atlético Ribera derrotó al Club Nogales por tres goles a uno.",
        "El Club Nogales ganó al Atlético Ribera.",
        "contradicted",
        "role",
    ),
    (
        "es",
        "El Atlético Ribera derrotó al Club Nogales por tres goles a uno.",
        "El Atlético Ribera ganó al Club Nogales.",
        "supported",
        None,
    ),
    (
        "en",
        "Senator Ilse Varga voted against the water bill on Thursday.",
        "Ilse Varga voted in favour of the water bill.",
        "contradicted",
        "direction",
    ),
    (
        "en",
        "The Cobalt Street clinic stays open throughout the renovation works.",
        "The Cobalt Street clinic is closed during the renovation.",
        "contradicted",
        "direction",
    ),
    (
        "pt",
        "Desde a versão 3.1, o Nuvix bloqueia por padrão as conexões sem criptografia.",
        "O Nuvix permite por padrão conexões sem criptografia.",
        "contradicted",
        "direction",
    ),
    # Another name next to the same aligned word, or after its title; a unit is no name.
    (
        "de",
        "Zur neuen Bürgermeisterin von Halbstadt wurde am Sonntag Karin Oswald gewählt.",
        "In Halbstadt wurde Martina Oswald zur Bürgermeisterin gewählt.",
        "contradicted",
        "name",
    ),
    (
        "en",
        "The Skarve lighthouse was designed by the engineer Maren Holt and first lit in 1871.",
        "The Skarve lighthouse was designed by Ruth Hale.",
        "contradicted",
        "name",
    ),
    (
        "de",
        "Die Fußgängerzone ist 1.480 Meter lang.",
        "Die Fußgängerzone ist knapp anderthalb Kilometer lang.",
        "supported",  # "anderthalb" is 1.5: just under 1.5 km holds 1,480 m
        None,
    ),
    # The same number in another unit is evidence enough when the claim, put right, is on topic.
    (
        "de",
        "Die empfohlene Tagesdosis von Pirelan beträgt 500 mg.",
        "Von Pirelan sollen täglich 500 g eingenommen werden.",
        "contradicted",
        "number",
    ),
    ("zh", "安舒宁每日最大剂量为300毫克。", "安舒宁每天最多可服用300克。", "contradicted", "number"),
    # "keines" is "none"; "für" facing "gegen" with the vote's verb on the evidence's side only; a
    # sentence whose function words tie is read by the words only one language has ("el").
    (
        "de",
        "Keines der Updates hat das Schema verändert.",
        "Einige Updates haben das Schema geändert.",
        "contradicted",
        "quantifier",
    ),
    (
        "de",
        "Der Gemeinderat von Triebeck stimmte gegen den Bau einer Umgehungsstraße.",
        "Der Gemeinderat von Triebeck hat für die Umgehungsstraße gestimmt.",
        "contradicted",
        "direction",
    ),
    (
        "es",
        "La ciclista Lucía Bermejo superó a Ana Quintanar en el esprint final.",
        "Ana Quintanar venció a Lucía Bermejo en el esprint final.",
        "contradicted",
        "role",
    ),
]


# A phrase put in front, a passive, a clause around the predicate; amounts said elsewhere in the
# sentence; "not … until"; a negating verb under a negation; ordinals of another thing.
FIFTEENTH_ROUND_CASES = [
    (
        "en",
        "In March 2024, the council rejected the plan for the new stadium, citing costs.",
        "The council approved the stadium plan in March 2024.",
        "contradicted",
        "direction",
    ),
    (
        "en",
        "The reservoir covers an area of 37 square kilometres.",
        "The surface of the reservoir is 73 square kilometres.",
        "contradicted",
        "number",
    ),
    (
        "en",
        "The bridge is 212 metres long.",
        "The bridge has a length of 221 metres.",
        "contradicted",
        "number",
    ),
    (
        "en",
        "The board approved the merger.",
        "The merger was rejected by the board.",
        "contradicted",
        "direction",
    ),
    (
        "es",
        "La agencia aprobó el medicamento para adultos.",
        "El medicamento para adultos fue rechazado por la agencia.",
        "contradicted",
        "direction",
    ),
    (
        "fr",
        "Le conseil municipal a refusé le projet de parking.",
        "Le projet de parking a été approuvé par le conseil municipal.",
        "contradicted",
        "direction",
    ),
    ("en", "The museum did not reopen until June.", "The museum reopened in June.", "supported", None),
    ("es", "El museo no reabrió hasta junio.", "El museo reabrió en junio.", "supported", None),
    (
        "en",
        "Do not take the tablets until the rash has cleared.",
        "Take the tablets until the rash has cleared.",
        "contradicted",
        "negation",
    ),
    (
        "pt",
        "Apesar da greve, o ministro não deixou de visitar a escola.",
        "O ministro visitou a escola.",
        "supported",
        None,
    ),
    (
        "en",
        "The server rejects uploads that omit a checksum.",
        "Uploads without a checksum are not accepted by the server.",
        "supported",
        None,
    ),
    (
        "en",
        "The fair attracted 396 exhibitors this year.",
        "About 400 exhibitors took part in this year's fair.",
        "supported",
        None,
    ),
    (
        "en",
        "Each capsule contains 0.5 g of the active substance.",
        "There are 500 mg of the active substance in each capsule.",
        "supported",
        None,
    ),
    (
        "de",
        "Der Tank der Kaffeemaschine fasst 1,2 Liter.",
        "In den Tank der Kaffeemaschine passen 1200 Milliliter.",
        "supported",
        None,
    ),
    (
        "fr",
        "La ville comptait 2 987 habitants en 2020.",
        "La ville avait environ 3 000 habitants en 2020.",
        "supported",
        None,
    ),
    (
        "de",
        "Mit 1.840 Metern ist der Berg höher als der Nachbargipfel mit 1.310 Metern.",
        "Der Nachbargipfel ist um mehr als 900 Meter niedriger als der Berg.",
        NOT_SUPPORTED,
        None,
    ),
    (
        "en",
        "On the last day of the championship, the two leaders drew their game.",
        "He finished first in the championship.",
        NOT_SUPPORTED,
        None,
    ),
    (
        "en",
        "He was the first mayor of the town.",
        "He was the last mayor of the town.",
        "contradicted",
        "direction",
    ),
    ("en", "Ajax defeated PSV in the final.", "PSV won against Ajax in the final.", "contradicted", "role"),
    ("en", "Ajax defeated PSV in the final.", "Ajax won against PSV in the final.", "supported", None),
    (
        "de",
        "Der FC Linden besiegte den SV Talbach.",
        "Der SV Talbach gewann gegen den FC Linden.",
        "contradicted",
        "role",
    ),
    (
        "de",
        "An der Kundgebung nahmen mehr als 2000 Menschen teil.",
        "Über 2.000 Menschen nahmen an der Kundgebung teil.",
        "supported",
        None,
    ),
    (
        "fr",
        "L'AS Brenne a battu le FC Ondaine.",
        "Le FC Ondaine l'a emporté sur l'AS Brenne.",
        "contradicted",
        "role",
    ),
    (
        "en",
        "Patients with severe kidney disease must not take Corvalex tablets.",
        "Corvalex tablets are contraindicated for patients with severe kidney disease.",
        "supported",
        None,
    ),
    (
        "en",
        "The new version, released on Friday, is no longer compatible with Android 9.",
        "Android 9 is still compatible with the new version.",
        NOT_SUPPORTED,
        None,
    ),
    (
        "en",
        "Disputes under this agreement are heard by the courts of Aldenburg.",
        "The courts of Rensfield hear disputes arising under this agreement.",
        "contradicted",
        "name",
    ),
    (
        "en",
        "The summit will be held in Brevik next spring.",
        "Next spring the summit takes place in Harlow.",
        "contradicted",
        "name",
    ),
    (
        "en",
        "The summit will be held in Brevik next spring.",
        "Next spring the summit takes place in Brevik.",
        "supported",
        None,
    ),
    (
        "fr",
        "La ministre Claire Dumesnil, qui avait annoncé la réforme, a inauguré le centre de Lanvaux.",
        "Le centre de Lanvaux a été inauguré par la ministre Hélène Robin.",
        "contradicted",
        "name",
    ),
    (
        "fr",
        "La ministre Claire Dumesnil, qui avait annoncé la réforme, a inauguré le centre de Lanvaux.",
        "Le centre de Lanvaux a été inauguré par la ministre Claire Dumesnil.",
        "supported",
        None,
    ),
    (
        "en",
        "The price of the Vento 3 vacuum rose in June.",
        "The Vento 3 vacuum became cheaper in June.",
        "contradicted",
        "direction",
    ),
    (
        "en",
        "The price of the Vento 3 vacuum rose in June.",
        "The Vento 3 vacuum became more expensive in June.",
        "supported",
        None,
    ),
    (
        "es",
        "El precio del aceite bajó un diez por ciento en abril.",
        "En abril, el aceite se encareció un diez por ciento.",
        "contradicted",
        "direction",
    ),
    (
        "fr",
        "Le tribunal a annulé le permis de construire.",
        "Le tribunal a validé le permis de construire.",
        "contradicted",
        "direction",
    ),
    (
        "pt",
        "O recurso de backup não está disponível no plano básico.",
        "No plano básico, o recurso de backup está indisponível.",
        "supported",
        None,
    ),
    (
        "fr",
        "La synchronisation est absente de la version web.",
        "La version web ne propose pas de synchronisation.",
        "supported",
        None,
    ),
    (
        "de",
        "Die Brauerei Hollmann aus Wettenbach, die 1892 gegründet wurde, hat ihren Betrieb im vergangenen"
        " Herbst endgültig eingestellt.",
        "Die Brauerei Hollmann ist nicht mehr in Betrieb.",
        "supported",
        None,
    ),
    (
        "en",
        "The Lumo S is cheaper than the Lumo Pro.",
        "The Lumo Pro is more expensive than the Lumo S.",
        "supported",
        None,
    ),
    (
        "en",
        "The Lumo S is cheaper than the Lumo Pro.",
        "The Lumo S is more expensive than the Lumo Pro.",
        "contradicted",
        "direction",
    ),
    (
        "en",
        "None of the trial participants developed a rash.",
        "All of the trial participants remained free of rash.",
        "supported",
        None,
    ),
    (
        "de",
        "Alle Proben waren frei von Schadstoffen.",
        "Keine der Proben enthielt Schadstoffe.",
        "supported",
        None,
    ),
    (
        "fr",
        "Certains patients ont ressenti des nausées.",
        "La plupart des patients ont ressenti des nausées.",
        NOT_SUPPORTED,
        None,
    ),
]


# Negation said by derivation ("impossible", "laktosefrei") or by a verb of stopping; more verbs of
# change and of verdicts; a score between swapped arguments; rates per period; French n-words as subjects;
# "non … alcuno"; "none … non-"; numbers that count different things; the claim's own phrase in front.
SIXTEENTH_ROUND_CASES = [
    (
        "en",
        "Large videos still cannot be uploaded from the mobile app.",
        "Uploading large videos from the mobile app remains impossible.",
        NOT_SUPPORTED,
        None,
    ),
    (
        "en",
        "Large videos can be uploaded from the mobile app.",
        "Uploading large videos from the mobile app is impossible.",
        NOT_SUPPORTED,
        None,
    ),
    (
        "en",
        "The museum café is open in winter.",
        "The museum café is unavailable in winter.",
        NOT_SUPPORTED,
        None,
    ),
    (
        "es",
        "Desde la versión 4, el programa es incompatible con los discos de red.",
        "A partir de la versión 4, el programa no admite discos de red.",
        NOT_SUPPORTED,
        None,
    ),
    (
        "it",
        "Il vecchio portale sarà dismesso il 1 marzo.",
        "Dopo il 1 marzo il vecchio portale non sarà più disponibile.",
        NOT_SUPPORTED,
        None,
    ),
    (
        "en",
        "Sales of the Vireo scooter climbed 12% in the spring.",
        "In the spring, sales of the Vireo scooter slid 12%.",
        "contradicted",
        "direction",
    ),
    (
        "fr",
        "Le cours de l'action Helvane a grimpé de 8 % lundi.",
        "Lundi, le cours de l'action Helvane a chuté de 8 %.",
        "contradicted",
        "direction",
    ),
    (
        "es",
        "La población del valle menguó durante la década de 1990.",
        "Durante la década de 1990, la población del valle creció.",
        "contradicted",
        "direction",
    ),
    (
        "en",
        "Her symptoms worsened after the second dose.",
        "After the second dose, her symptoms improved.",
        "contradicted",
        "direction",
    ),
    (
        "es",
        "El Real Tovar venció al Deportivo Lanza en la semifinal.",
        "En la semifinal, el Deportivo Lanza venció al Real Tovar.",
        "contradicted",
        "role",
    ),
    (
        "en",
        "The Harriers beat the Comets in the regional final.",
        "In the regional final, the Comets overcame the Harriers.",
        "contradicted",
        "role",
    ),
    (
        "en",
        "The committee endorsed the new cycling plan.",
        "The committee vetoed the new cycling plan.",
        "contradicted",
        "direction",
    ),
    (
        "es",
        "El pleno municipal respaldó la reforma del mercado.",
        "El pleno municipal tumbó la reforma del mercado.",
        "contradicted",
        "direction",
    ),
    (
        "pt",
        "A câmara autorizou a ampliação do porto.",
        "A câmara vetou a ampliação do porto.",
        "contradicted",
        "direction",
    ),
    (
        "en",
        "The free plan allows 200 messages per day.",
        "The free plan allows 200 messages per week.",
        "contradicted",
        "number",
    ),
    (
        "fr",
        "Prendre deux comprimés par jour.",
        "Prendre deux comprimés par semaine.",
        "contradicted",
        "number",
    ),
    ("de", "Das Abo kostet 9 Euro pro Monat.", "Das Abo kostet 9 Euro pro Jahr.", "contradicted", "number"),
    (
        "fr",
        "Personne n'a répondu à l'annonce.",
        "Plusieurs personnes ont répondu à l'annonce.",
        "contradicted",
        "quantifier",
    ),
    (
        "fr",
        "Personne n'a été évacué pendant la tempête.",
        "La tempête n'a donné lieu à aucune évacuation.",
        "supported",
        None,
    ),
    (
        "it",
        "Nessuna delle due torri è rimasta in piedi.",
        "Delle due torri non ne è rimasta in piedi alcuna.",
        "supported",
        None,
    ),
    ("en", "None of the bottles is non-returnable.", "All of the bottles are returnable.", "supported", None),
    (
        "en",
        "All of the trains were cancelled on Friday.",
        "No train was cancelled on Friday.",
        "contradicted",
        "quantifier",
    ),
    (
        "en",
        "The bell tower, rebuilt in 1736 after a fire, stands 64 metres high.",
        "The bell tower is about 65 metres high.",
        "supported",
        None,
    ),
    ("zh", "这款水壶容量为1.7升，重量仅1.2公斤。", "这款水壶重约1200克。", "supported", None),
    ("de", "Das Müsli enthält weder Zucker noch Salz.", "Das Müsli ist zuckerfrei.", NOT_SUPPORTED, None),
    ("de", "Das Müsli enthält Zucker.", "Das Müsli ist zuckerfrei.", NOT_SUPPORTED, None),
    ("zh", "该选项默认处于关闭状态。", "该选项默认未启用。", "supported", None),
    (
        "it",
        "L'area è riservata ai residenti.",
        "I non residenti non possono entrare nell'area.",
        NOT_SUPPORTED,
        None,
    ),
    (
        "de",
        "Das Landgericht hat die Klage der Mieter abgewiesen.",
        "Das Landgericht hat der Klage der Mieter stattgegeben.",
        "contradicted",
        "direction",
    ),
    (
        "fr",
        "La cour d'appel a acquitté le directeur de l'usine.",
        "La cour d'appel a condamné le directeur de l'usine.",
        "contradicted",
        "direction",
    ),
    ("zh", "该博物馆于2003年对外开放。", "该博物馆于2003年对游客关闭。", "contradicted", "direction"),
    (
        "de",
        "Der Verlag Lindgrün hat die Druckerei Behrens gekauft.",
        "Der Verlag Lindgrün wurde von der Druckerei Behrens gekauft.",
        "contradicted",
        "role",
    ),
    (
        "de",
        "Der Verlag Lindgrün hat die Druckerei Behrens gekauft.",
        "Die Druckerei Behrens wurde vom Verlag Lindgrün gekauft.",
        "supported",
        None,
    ),
    (
        "nl",
        "Het bedrijf Marlo heeft de bakkerij Stam overgenomen.",
        "Het bedrijf Marlo werd door de bakkerij Stam overgenomen.",
        "contradicted",
        "role",
    ),
    (
        "fr",
        "Les loyers ont augmenté d'un cinquième en dix ans.",
        "En dix ans, les loyers ont augmenté de 20 %.",
        "supported",
        None,
    ),
    (
        "de",
        "Ein Drittel der Mitglieder stimmte dagegen.",
        "33 % der Mitglieder stimmten dagegen.",
        "supported",
        None,
    ),
    ("en", "Sales fell by a quarter in 2023.", "Sales fell by 25 % in 2023.", "supported", None),
    ("en", "Sales fell by a quarter in 2023.", "Sales fell by 50 % in 2023.", NOT_SUPPORTED, None),
]


@pytest.mark.parametrize(
    ("lang", "evidence", "claim", "verdict", "kind"),
    TENTH_ROUND_CASES
    + ELEVENTH_ROUND_CASES
    + TWELFTH_ROUND_CASES
    + THIRTEENTH_ROUND_CASES
    + FOURTEENTH_ROUND_CASES
    + FIFTEENTH_ROUND_CASES
    + SIXTEENTH_ROUND_CASES,
)
def test_later_rounds(lang: str, evidence: str, claim: str, verdict: str, kind: str | None) -> None:
    assert judged(evidence, claim) == (verdict, kind)


# Frames (core/frames.py): a swap said with another verb of the same class, a converse verb, the
# passive or German and Dutch word order; and an exclusion between predicates the alignment left
# apart. Written by hand for this round; each language's paraphrase beside its swap.
FRAME_CASES = [
    (
        "en",
        "Aldbury Town beat Fenwick Rovers 2-1 in the final.",
        "Fenwick Rovers won against Aldbury Town in the final.",
        "contradicted",
        "role",
    ),
    (
        "en",
        "Aldbury Town beat Fenwick Rovers 2-1 in the final.",
        "Fenwick Rovers lost to Aldbury Town in the final.",
        "supported",
        None,
    ),
    (
        "en",
        "Fenwick Rovers were defeated 2-1 by Aldbury Town.",
        "Fenwick Rovers overcame Aldbury Town 2-1.",
        "contradicted",
        "role",
    ),
    (
        "en",
        "The tenant pays the landlord 500 euros a month.",
        "The tenant receives 500 euros a month from the landlord.",
        "contradicted",
        "role",
    ),
    (
        "en",
        "The tenant pays the landlord 500 euros a month.",
        "The landlord receives 500 euros a month from the tenant.",
        "supported",
        None,
    ),
    ("en", "Acme acquired Globex in 2019.", "Acme was bought by Globex in 2019.", "contradicted", "role"),
    (
        "de",
        "Der FC Wernau besiegte den SV Hollbach mit 3:1.",
        "Der FC Wernau verlor mit 1:3 gegen den SV Hollbach.",
        "contradicted",
        "role",
    ),
    (
        "de",
        "Am Samstag besiegte der FC Wernau den SV Hollbach.",
        "Der SV Hollbach gewann am Samstag gegen den FC Wernau.",
        "contradicted",
        "role",
    ),
    (
        "de",
        "Der Mieter schuldet dem Vermieter noch drei Monatsmieten.",
        "Dem Mieter schuldet der Vermieter noch drei Monatsmieten.",
        "contradicted",
        "role",
    ),
    (
        "de",
        "Der Mieter schuldet dem Vermieter noch drei Monatsmieten.",
        "Dem Vermieter schuldet der Mieter noch drei Monatsmieten.",
        "supported",
        None,
    ),
    (
        "de",
        "Der SV Hafenstadt besiegte den FC Norden.",
        "Den FC Norden besiegte der SV Hafenstadt.",
        "supported",
        None,
    ),
    (
        "de",
        "Gestern hat die Firma Brandt den Konkurrenten Kessler übernommen.",
        "Kessler wurde gestern von der Firma Brandt übernommen.",
        "supported",
        None,
    ),
    (
        "fr",
        "L'Olympique de Vernes a battu le Stade Malouin 1-0.",
        "L'Olympique de Vernes s'est incliné 1-0 face au Stade Malouin.",
        "contradicted",
        "role",
    ),
    (
        "fr",
        "L'Olympique de Vernes a battu le Stade Malouin 1-0.",
        "Le Stade Malouin s'est incliné 1-0 face à l'Olympique de Vernes.",
        "supported",
        None,
    ),
    (
        "es",
        "El Atlético Sorbes venció al Real Oriente en la final.",
        "El Atlético Sorbes fue derrotado por el Real Oriente en la final.",
        "contradicted",
        "role",
    ),
    (
        "es",
        "El Atlético Sorbes venció al Real Oriente en la final.",
        "El Real Oriente perdió ante el Atlético Sorbes en la final.",
        "supported",
        None,
    ),
    (
        "it",
        "La Polisportiva Arcella ha battuto il Real Sanvito.",
        "Il Real Sanvito è stato sconfitto dalla Polisportiva Arcella.",
        "supported",
        None,
    ),
    ("pt", "A Vextel adquiriu a Lumiar.", "A Lumiar foi adquirida pela Vextel.", "supported", None),
    (
        "nl",
        "VV Heerdam versloeg SC Lindeloo met 3-0.",
        "SC Lindeloo verloor met 0-3 van VV Heerdam.",
        "supported",
        None,
    ),
    ("zh", "华拓科技收购了远航集团。", "华拓科技被远航集团收购。", "contradicted", "role"),
    ("zh", "华拓科技收购了远航集团。", "远航集团被华拓科技收购。", "supported", None),
    # Words that look like a frame verb in another language are none: French "pays" is a country.
    (
        "fr",
        "En 2023, les salaires ont progressé plus vite que les prix dans le pays.",
        "En 2023, les prix ont progressé plus vite que les salaires dans le pays.",
        "contradicted",
        "role",
    ),
    # Predicates the alignment left apart, in sentences that say the rest alike.
    (
        "es",
        "El Congreso de Valdoria aprobó el martes, con 190 votos a favor, la reforma de la ley de vivienda.",
        "La reforma de la ley de vivienda fue rechazada el martes por el Congreso de Valdoria.",
        "contradicted",
        "direction",
    ),
    (
        "de",
        "Der Stadtrat von Hellbrunn lehnte den Bauantrag für das Einkaufszentrum ab.",
        "Der Bauantrag für das Einkaufszentrum wurde vom Hellbrunner Stadtrat genehmigt.",
        "contradicted",
        "direction",
    ),
    (
        "en",
        "The plan was approved by the council after the mayor rejected an earlier version.",
        "The council approved the plan.",
        "supported",
        None,
    ),
    (
        "fr",
        "Malgré une hausse des ventes à l'export, le chiffre d'affaires de Perrigault a baissé de 5 % en 2023.",
        "En 2023, Perrigault a vu son chiffre d'affaires reculer de 5 %.",
        "supported",
        None,
    ),
    (
        "en",
        "A Danish company bought the plant from Halvern Motors.",
        "Halvern Motors sold the plant to a Danish company.",
        "supported",
        None,
    ),
    # A word the evidence says in another clause is read there, not against the claim's.
    ("en", "Sales fell in Asia, while they rose in Europe.", "In Europe, sales rose.", "supported", None),
    (
        "en",
        "The museum closed its east wing and opened a new café.",
        "A new café opened at the museum.",
        "supported",
        None,
    ),
]


# More frame classes (a sale, a succession, a cause said as its effect) and the sale told from the
# other side, which is no flip; Chinese "not exceeding" is an amount.
MORE_FRAME_CASES = [
    (
        "es",
        "La economista Lucía Barredo sustituirá en enero a Tomás Villalta al frente del Ministerio.",
        "Tomás Villalta reemplazará en enero a Lucía Barredo al frente del Ministerio.",
        "contradicted",
        "role",
    ),
    (
        "es",
        "Lucía Barredo sustituirá en enero a Tomás Villalta.",
        "Tomás Villalta será sustituido por Lucía Barredo en enero.",
        "supported",
        None,
    ),
    (
        "es",
        "La insuficiencia renal del paciente fue consecuencia de una hipertensión mal controlada.",
        "La hipertensión del paciente se debió a su insuficiencia renal.",
        "contradicted",
        "role",
    ),
    (
        "zh",
        "恒川科技将其持有的专利出售给了北岭制药。",
        "北岭制药把专利卖给了恒川科技。",
        "contradicted",
        "role",
    ),
    (
        "de",
        "Im Finale setzte sich der FC Altwerder mit 2:1 gegen Eintracht Sorbach durch.",
        "Eintracht Sorbach bezwang im Finale den FC Altwerder mit 2:1.",
        "contradicted",
        "role",
    ),
    (
        "de",
        "Im Finale setzte sich der FC Altwerder mit 2:1 gegen Eintracht Sorbach durch.",
        "Der FC Altwerder gewann im Finale mit 2:1 gegen Eintracht Sorbach.",
        "supported",
        None,
    ),
    (
        "en",
        "On Saturday Harwick Rovers defeated Ellesby Town 2-1.",
        "Ellesby Town lost 2-1 to Harwick Rovers on Saturday.",
        "supported",
        None,
    ),
    (
        "en",
        "Acme sold the plant to Globex in 2019.",
        "Globex bought the plant from Acme in 2019.",
        "supported",
        None,
    ),
    (
        "de",
        "Die Firma verkaufte das Werk an Globex.",
        "Globex kaufte das Werk von der Firma.",
        "supported",
        None,
    ),
    (
        "en",
        "Acme sold the plant to Globex in 2019.",
        "Acme bought the plant from Globex in 2019.",
        "contradicted",
        "direction",
    ),
    (
        "zh",
        "该空气净化器适用于面积不超过三十平方米的房间。",
        "这款空气净化器适合三十平方米以内的房间使用。",
        "supported",
        None,
    ),
    # Payment under a ruling or a contract, said with the verbs of another obligation.
    (
        "es",
        "Según la sentencia, la aseguradora Prevalia deberá indemnizar al conductor con 42.000 euros.",
        "El tribunal condenó al conductor a pagar 42.000 euros a la aseguradora Prevalia.",
        "contradicted",
        "role",
    ),
    (
        "fr",
        "Aux termes du contrat, le vendeur indemnise l'acheteur en cas de retard de livraison.",
        "Selon le contrat, un retard de livraison oblige l'acheteur à dédommager le vendeur.",
        "contradicted",
        "role",
    ),
    (
        "fr",
        "Selon le contrat, le vendeur indemnise l'acheteur en cas de retard.",
        "En cas de retard, l'acheteur est indemnisé par le vendeur.",
        "supported",
        None,
    ),
    (
        "it",
        "Il tribunale ha condannato il Comune di Valdora a risarcire la ditta Ferretti.",
        "Il tribunale ha stabilito che la ditta Ferretti deve risarcire il Comune di Valdora.",
        "contradicted",
        "role",
    ),
    (
        "de",
        "Nach dem Vertrag zahlt die Brunnhofer GmbH dem Vermieter 240 Euro im Monat.",
        "Laut dem Vertrag erhält die Brunnhofer GmbH vom Vermieter jeden Monat 240 Euro.",
        "contradicted",
        "role",
    ),
    (
        "en",
        "Brennock Athletic beat Saltmere Rovers 3-1 on Saturday.",
        "Saltmere Rovers came out 3-1 winners against Brennock Athletic on Saturday.",
        "contradicted",
        "role",
    ),
    # A number said apart from its slot: one year or one amount of one thing against another.
    (
        "en",
        "The Marbury music festival was first held in 1948 in the old market square.",
        "The Marbury music festival was first held in 1984.",
        "contradicted",
        "number",
    ),
    (
        "fr",
        "Disponible depuis le 12 février, la mise à jour 7.4 corrige 38 failles, dont cinq critiques.",
        "La mise à jour 7.4, disponible depuis le 12 février, corrige 83 failles, dont cinq critiques.",
        "contradicted",
        "number",
    ),
    (
        "en",
        "The festival, first held in 1984, drew 20,000 visitors in 2023.",
        "In 2023 the festival drew 20,000 visitors.",
        "supported",
        None,
    ),
    (
        "en",
        "The bridge was built in 1985 and opened two years later.",
        "The bridge opened in 1987.",
        NOT_SUPPORTED,
        None,
    ),
    (
        "en",
        "The warranty lasts six months from delivery.",
        "Warranty claims can be filed up to 180 days after delivery.",
        NOT_SUPPORTED,
        None,
    ),
]


# Negations that stand against something else than the claim says: another clause of the evidence
# says the word without it, or "unlike" sets the subject apart.
NEGATION_CASES = [
    ("zh", "青河比白沙河长。", "白沙河没有青河长。", NOT_SUPPORTED, None),
    (
        "en",
        "The museum is not open on Mondays, but it is open on Sundays.",
        "The museum is open on Sundays.",
        NOT_SUPPORTED,
        None,
    ),
    (
        "es",
        "El museo no abre los lunes, pero abre los domingos.",
        "El museo abre los domingos.",
        NOT_SUPPORTED,
        None,
    ),
    (
        "en",
        "Unlike Brand X, the drug does not cause drowsiness.",
        "Brand X causes drowsiness.",
        NOT_SUPPORTED,
        None,
    ),
    (
        "en",
        "The drug, which is not approved in the EU, is sold in the US.",
        "The drug is sold in the US.",
        "supported",
        None,
    ),
    (
        "en",
        "The museum is not open on Mondays.",
        "The museum is open on Mondays.",
        "contradicted",
        "negation",
    ),
]


# Paraphrases that were called contradicted: a sentence's capitalized first word read as a name,
# "barred" and "débouté" (words that mean "not") beside the other side's negation, and, from a
# held-out batch, a number of another quantity faced ("nine years" / "125 feet", a year / "cincuenta
# mil"), "frei von" against "kein", a name in a slot that "of the" alone opens.
HELD_OUT_PARAPHRASES = [
    (
        "es",
        "Nada más ingresar en el hospital, el paciente recibió una dosis de antibiótico.",
        "El paciente recibió antibiótico en cuanto ingresó en el hospital.",
        "supported",
        None,
    ),
    ("es", "El paciente no quiso nada más.", "El paciente quiso algo más.", "contradicted", "negation"),
    (
        "en",
        "The poet Ilse Garrow moved to the city of Marent in 1932, two years following the publication of her first collection.",
        "Garrow's first collection appeared in 1930, two years ahead of her move to Marent.",
        NOT_SUPPORTED,
        None,
    ),
    (
        "en",
        "The poet moved to Marent in 1932.",
        "The poet moved to Marent in 1930.",
        "contradicted",
        "number",
    ),
    (
        "en",
        "No test in the nightly suite failed.",
        "Every test in the nightly suite passed.",
        "supported",
        None,
    ),
    (
        "en",
        "No test in the nightly suite failed.",
        "Every test in the nightly suite failed.",
        "contradicted",
        "quantifier",
    ),
    (
        "en",
        "Version 4.2 of the Quillon library, released after months of testing, removes support for the deprecated XML configuration format.",
        "Quillon 4.2 brings the removal of support for the deprecated XML configuration format.",
        "supported",
        None,
    ),
    (
        "en",
        "Every shareholder holding voting stock may attend the annual meeting.",
        "No holder of voting shares is barred from attending the annual meeting.",
        NOT_SUPPORTED,
        None,
    ),
    (
        "fr",
        "Le tribunal a débouté la société Orvane de sa demande d'indemnisation.",
        "La demande d'indemnisation d'Orvane n'a pas été accueillie par le tribunal.",
        NOT_SUPPORTED,
        None,
    ),
    (
        "en",
        "The lighthouse at Carrow Point, completed in 1874 following nine years of intermittent work, stands 38 metres tall.",
        "The Carrow Point lighthouse is roughly 125 feet high.",
        "supported",
        None,
    ),
    (
        "es",
        "La biblioteca municipal de Orcajo, fundada en 1910 por un grupo de maestros, conserva hoy cerca de 48.000 volúmenes.",
        "La biblioteca de Orcajo guarda casi cincuenta mil libros.",
        NOT_SUPPORTED,
        None,
    ),
    (
        "de",
        "Die Babyflasche aus Glas, die es in drei Größen gibt, ist frei von Bisphenol A und spülmaschinenfest.",
        "Die gläserne Babyflasche enthält kein Bisphenol A.",
        NOT_SUPPORTED,
        None,
    ),
    (
        "en",
        "The Orrin Prize for civic journalism, worth £10,000, was awarded this year to reporter Tamsin Vale of the Eastby Courier.",
        "Tamsin Vale is this year's winner of the Orrin Prize.",
        "supported",
        None,
    ),
    (
        "en",
        "The summit, originally planned for Kelsmouth, will now be held in Arbridge, organisers confirmed on Friday.",
        "Organisers said on Friday that the summit will take place in Kelsmouth.",
        "contradicted",
        "name",
    ),
]


@pytest.mark.parametrize(
    ("lang", "evidence", "claim", "verdict", "kind"),
    FRAME_CASES + MORE_FRAME_CASES + NEGATION_CASES + HELD_OUT_PARAPHRASES,
)
def test_frames(lang: str, evidence: str, claim: str, verdict: str, kind: str | None) -> None:
    assert judged(evidence, claim) == (verdict, kind)


#: A "none" before its noun, with the rest of the sentence said in another order: the claim without
#: a negation of its own is excluded; said with a word that means "not", it is a double negation.
NONE_BEFORE_ITS_NOUN = [
    (
        "fr",
        "Aucun animal n'est autorisé dans le parc.",
        "Les animaux sont autorisés dans le parc.",
        "contradicted",
        "quantifier",
    ),
    (
        "fr",
        "Aucune photo n'est autorisée dans la galerie.",
        "Les photos sont interdites dans la galerie.",
        "supported",
        None,
    ),
    (
        "en",
        "No dogs are allowed on the beach.",
        "Dogs are allowed on the beach.",
        "contradicted",
        "quantifier",
    ),
    ("en", "No dogs are allowed on the beach.", "Dogs are banned from the beach.", "supported", None),
    (
        "es",
        "Ningún perro está permitido en la playa.",
        "Los perros están permitidos en la playa.",
        "contradicted",
        "quantifier",
    ),
    (
        "es",
        "Ningún perro está permitido en la playa.",
        "Los perros están prohibidos en la playa.",
        "supported",
        None,
    ),
]


#: Spanish puts an object first with "a" and a clitic before the verb: the order is turned back, as
#: by a passive, so the same roles are no swap. "contrató" also tells the sentence is not French.
OBJECT_PUT_FIRST = [
    (
        "es",
        "El Sporting derrotó al Real Oviedo por dos goles a cero.",
        "Al Real Oviedo lo derrotó el Sporting por dos goles a cero.",
        "supported",
        None,
    ),
    (
        "es",
        "Al Real Oviedo lo derrotó el Sporting por dos goles a cero.",
        "El Sporting derrotó al Real Oviedo por dos goles a cero.",
        "supported",
        None,
    ),
    (
        "es",
        "La empresa Textiles Ruiz contrató a Marta Gil en 2019.",
        "A Marta Gil la contrató la empresa Textiles Ruiz en 2019.",
        "supported",
        None,
    ),
    (
        "es",
        "La empresa Textiles Ruiz contrató a Marta Gil en 2019.",
        "Marta Gil contrató a la empresa Textiles Ruiz en 2019.",
        "contradicted",
        "role",
    ),
]


#: Amounts in their slot: a thousands separator makes no year, a scale word is read, a stated bound
#: is the fact, and "twice" is a number.
AMOUNTS_IN_THEIR_SLOT = [
    (
        "en",
        "The factory employs 1,500 people.",
        "The factory employs 15,000 people.",
        "contradicted",
        "number",
    ),
    ("en", "The factory employs 1500 people.", "The factory employs 2500 people.", "contradicted", "number"),
    (
        "en",
        "The trial enrolled 1,200 adults.",
        "The trial enrolled twelve hundred adults.",
        "supported",
        None,
    ),
    (
        "fr",
        "Plus de 2 000 personnes ont manifesté samedi.",
        "Samedi, plus de deux mille personnes ont manifesté.",
        "supported",
        None,
    ),
    (
        "en",
        "Version 6.1 requires at least 4 GB of memory.",
        "Version 6.1 requires at least 8 GB of memory.",
        "contradicted",
        "number",
    ),
    (
        "en",
        "Version 6.1 requires at least 8 GB of memory.",
        "Version 6.1 requires at least 4 GB of memory.",
        "supported",
        None,
    ),
    (
        "en",
        "The antibiotic is taken twice a day.",
        "The antibiotic is taken three times a day.",
        "contradicted",
        "number",
    ),
    (
        "en",
        "The antibiotic is taken twice a day.",
        "The antibiotic is taken two times a day.",
        "supported",
        None,
    ),
    ("es", "El depósito tiene 1,5 litros.", "El depósito tiene 1.500 mililitros.", "supported", None),
    ("es", "El depósito tiene 1,5 litros.", "El depósito tiene 2.500 mililitros.", "contradicted", "number"),
    (
        "de",
        "Die Salbe wird zweimal täglich aufgetragen.",
        "Die Salbe wird dreimal täglich aufgetragen.",
        "contradicted",
        "number",
    ),
]


#: "All" and "none" over two predicates the lexicon excludes say one thing, and "none … failed" or
#: "none … lacked" is a double negation; over the same predicate they exclude each other. "Alle Proben
#: waren positiv" is too short to tell German from Dutch: every language's lexicon is asked.
ALL_AND_NONE_IN_OTHER_WORDS = [
    ("en", "All of the samples tested negative.", "None of the samples tested positive.", "supported", None),
    (
        "en",
        "All of the samples tested negative.",
        "None of the samples tested negative.",
        "contradicted",
        "quantifier",
    ),
    (
        "en",
        "All of the samples tested negative.",
        "All of the samples tested positive.",
        "contradicted",
        "direction",
    ),
    (
        "en",
        "Every participant completed the survey.",
        "No participant failed to complete the survey.",
        "supported",
        None,
    ),
    (
        "en",
        "Every participant completed the survey.",
        "No participant completed the survey.",
        "contradicted",
        "quantifier",
    ),
    (
        "en",
        "All of the staff were trained in first aid.",
        "None of the staff lacked first-aid training.",
        "supported",
        None,
    ),
    (
        "en",
        "All of the staff were trained in first aid.",
        "None of the staff were trained in first aid.",
        "contradicted",
        "quantifier",
    ),
    (
        "fr",
        "Tous les échantillons étaient négatifs.",
        "Aucun échantillon n'était positif.",
        "supported",
        None,
    ),
    (
        "fr",
        "Tous les échantillons étaient négatifs.",
        "Aucun échantillon n'était négatif.",
        "contradicted",
        "quantifier",
    ),
    ("de", "Alle Proben waren negativ.", "Keine Probe war positiv.", "supported", None),
    ("de", "Alle Proben waren negativ.", "Alle Proben waren positiv.", "contradicted", "direction"),
    ("es", "Todas las muestras dieron negativo.", "Ninguna muestra dio positivo.", "supported", None),
    (
        "es",
        "Todas las muestras dieron negativo.",
        "Todas las muestras dieron positivo.",
        "contradicted",
        "direction",
    ),
]


#: A word that says "without" what the other side's word names ("zuckerfrei" / "Zucker", "sugar-free"
#: / "sugar") is its negation, which the claim's own negation undoes; a negation the alignment cannot
#: place may undo an exclusion ("stimmte … nicht zu"), so none is read.
PRIVATIVES_AND_UNPLACED_NEGATIONS = [
    ("de", "Der Saft ist zuckerfrei.", "Der Saft enthält Zucker.", "contradicted", "negation"),
    ("de", "Der Saft ist zuckerfrei.", "Der Saft enthält keinen Zucker.", "supported", None),
    ("de", "Der Eintritt ist kostenlos.", "Der Eintritt kostet etwas.", "contradicted", "negation"),
    ("de", "Der Eintritt ist kostenlos.", "Der Eintritt kostet nichts.", "supported", None),
    ("nl", "Het sap is suikervrij.", "Het sap bevat suiker.", "contradicted", "negation"),
    ("en", "The juice is sugar-free.", "The juice contains sugar.", "contradicted", "negation"),
    ("en", "The juice is sugar-free.", "The juice contains no sugar.", "supported", None),
    (
        "de",
        "Der Rat lehnte den Vorschlag ab.",
        "Der Rat stimmte dem Vorschlag zu.",
        "contradicted",
        "direction",
    ),
    (
        "de",
        "Der Rat lehnte den Vorschlag ab.",
        "Der Rat stimmte dem Vorschlag nicht zu.",
        NOT_SUPPORTED,
        None,
    ),
]


#: Opposites said in two words or split: "took office" / "resigned", German "sprach … frei" /
#: "verurteilte", Chinese 无罪 / 有罪 (无 "without" and 有 "with" open the same word).
OPPOSITES_IN_TWO_PARTS = [
    ("en", "The mayor resigned in June.", "The mayor took office in June.", "contradicted", "direction"),
    (
        "en",
        "The results were published in March.",
        "The results were withheld in March.",
        "contradicted",
        "direction",
    ),
    (
        "de",
        "Das Gericht sprach den Fahrer frei.",
        "Das Gericht verurteilte den Fahrer.",
        "contradicted",
        "direction",
    ),
    (
        "de",
        "Das Gericht verurteilte den Fahrer.",
        "Das Gericht sprach den Fahrer frei.",
        "contradicted",
        "direction",
    ),
    ("zh", "法院判决司机无罪。", "法院判决司机有罪。", "contradicted", "negation"),
    ("zh", "该产品对人体无害。", "该产品对人体有害。", "contradicted", "negation"),
    ("zh", "该产品对人体无害。", "该产品对人体没有害处。", "supported", None),
]


#: Chinese role swaps, read in pairs of characters: the pairs across the swapped terms are said; a
#: phrase of place (在决赛中) is no argument; two comparisons with unrelated adjectives are no swap.
CHINESE_ROLES_IN_PAIRS = [
    ("zh", "这座塔比教堂高。", "教堂比这座塔高。", "contradicted", "role"),
    ("zh", "北京的人口比上海少。", "上海的人口比北京少。", "contradicted", "role"),
    ("zh", "新款洗衣机的耗水量比旧款少三成。", "旧款洗衣机比新款更费水。", NOT_SUPPORTED, None),
    ("zh", "张伟在决赛中击败了李强。", "李强在决赛中击败了张伟。", "contradicted", "role"),
    ("zh", "张伟在决赛中击败了李强。", "李强在决赛中输给了张伟。", NOT_SUPPORTED, None),
]


#: A year put in front of the claim faces the evidence's in its slot, though the evidence holds
#: another year; nouns of change exclude each other, but "successor" and "predecessor" of swapped
#: terms agree.
FRONT_YEARS_AND_NOUNS_OF_CHANGE = [
    (
        "en",
        "The museum, founded in 1905 by a group of local merchants, moved to its current building on the harbour in 1962.",
        "In 1972, the museum moved to its current building on the harbour.",
        "contradicted",
        "number",
    ),
    (
        "en",
        "The museum, founded in 1905 by a group of local merchants, moved to its current building on the harbour in 1962.",
        "In 1962, the museum moved to its current building on the harbour.",
        "supported",
        None,
    ),
    (
        "es",
        "El Ibex 35 cerró el jueves con una caída del 1,8 %.",
        "El Ibex 35 cerró el jueves con una subida del 1,8 %.",
        "contradicted",
        "direction",
    ),
    (
        "en",
        "The Arlo S3 weighs 182 grams, making it noticeably lighter than its predecessor, the S2.",
        "The S2 is heavier than its successor, the Arlo S3.",
        "supported",
        None,
    ),
]


#: Settings and requirements as documentation words them: "switched on" / "disabled", "optional" /
#: "required"; a condition put first is read at the end, and "returns None" is a value, no quantifier.
SETTINGS_AND_CONDITIONS = [
    (
        "en",
        "Telemetry is disabled by default.",
        "By default, telemetry is switched on.",
        "contradicted",
        "direction",
    ),
    ("en", "Telemetry is disabled by default.", "By default, telemetry is turned off.", "supported", None),
    (
        "en",
        "The API key is optional for public endpoints.",
        "Public endpoints require an API key.",
        "contradicted",
        "direction",
    ),
    (
        "en",
        "The API key is optional for public endpoints.",
        "Public endpoints do not require an API key.",
        "supported",
        None,
    ),
    ("de", "Der Parameter ist optional.", "Der Parameter ist erforderlich.", "contradicted", "direction"),
    ("de", "Der Parameter ist optional.", "Der Parameter ist nicht erforderlich.", "supported", None),
    (
        "en",
        "The function returns None if the file does not exist.",
        "If the file exists, the function returns None.",
        "contradicted",
        "negation",
    ),
    (
        "en",
        "The function returns None if the file does not exist.",
        "If the file is missing, the function returns None.",
        "supported",
        None,
    ),
]


#: German nouns reworded ("Müllgebühren", "Schwachstelle") are no missing names once a conflict is
#: put right; a claim's negation is no conflict where the evidence says "only" of something else, or
#: "not" in a word of its own ("unbefristet" / "keine Begrenzung").
GERMAN_NOUNS_AND_NEGATIONS_SAID_ELSEWHERE = [
    (
        "de",
        "Der Gemeinderat von Lindenau hat die Gebühren für die Müllabfuhr zum 1. Januar um acht Prozent erhöht.",
        "Lindenau hat die Müllgebühren zum Jahresbeginn um acht Prozent gesenkt.",
        "contradicted",
        "direction",
    ),
    (
        "de",
        "Die Sicherheitslücke in Brauplan 2.1 wurde von der Firma Nordlicht IT gemeldet.",
        "Gemeldet hat die Schwachstelle in Brauplan 2.1 das Unternehmen Westwind IT.",
        "contradicted",
        "name",
    ),
    (
        "de",
        "Die Funktion steht nur in der Pro-Version zur Verfügung.",
        "In der Basisversion ist die Funktion nicht verfügbar.",
        NOT_SUPPORTED,
        None,
    ),
    (
        "de",
        "Das Wohnrecht der Witwe ist zeitlich unbefristet.",
        "Für das Wohnrecht der Witwe gilt keine zeitliche Begrenzung.",
        NOT_SUPPORTED,
        None,
    ),
]


#: A sentence's first word is no name when it is a participle before its auxiliary ("Hergestellt
#: wird") or says "only" ("Solo algunos"); one name for one between the same two words is a slot of
#: its own, though no phrase surrounds it, unless it is a century in Roman numerals.
FIRST_WORDS_AND_NAME_SLOTS = [
    (
        "de",
        "Die Kaffeemaschine Aroma Pro wird vom Hersteller Heller in Polen gefertigt.",
        "Hergestellt wird die Kaffeemaschine Aroma Pro in Tschechien.",
        "contradicted",
        "name",
    ),
    (
        "de",
        "Die Kaffeemaschine Aroma Pro wird vom Hersteller Heller in Polen gefertigt.",
        "Die Kaffeemaschine Aroma Pro wird in Tschechien gefertigt.",
        "contradicted",
        "name",
    ),
    (
        "es",
        "Todos los socios tienen derecho a voto en la asamblea.",
        "Solo algunos socios tienen derecho a voto en la asamblea.",
        "contradicted",
        "quantifier",
    ),
    (
        "fr",
        "Le château, construit au XIIIe siècle sur un éperon rocheux, fut agrandi entre 1520 et 1540.",
        "Les travaux d'agrandissement du château eurent lieu au XVIe siècle.",
        NOT_SUPPORTED,
        None,
    ),
]


#: The issue's table in other words: a German verb said apart from its particle ("stellte … den
#: Betrieb ein" faces "nicht mehr"; "trat … zurück" faces "wurde … ernannt"), and Chinese 辞职 / 任命.
SEPARABLE_VERBS_AND_OFFICES = [
    (
        "de",
        "Das Werk stellte 2020 den Betrieb ein.",
        "Das Werk ist nicht mehr in Betrieb.",
        "supported",
        None,
    ),
    (
        "de",
        "Die Firma stellte 2020 dreißig Ingenieure ein.",
        "Die Firma stellte 2020 dreißig Ingenieure nicht ein.",
        "contradicted",
        "negation",
    ),
    (
        "de",
        "Der Minister trat im März zurück.",
        "Der Minister wurde im März ernannt.",
        "contradicted",
        "direction",
    ),
    (
        "de",
        "Der Minister trat im März zurück.",
        "Der Minister ist im März zurückgetreten.",
        "supported",
        None,
    ),
    ("zh", "部长于三月辞职。", "部长于三月被任命。", "contradicted", "direction"),
]


#: "No longer" said by a verb on one side and a negation on the other, the negations said alike
#: (Chinese 停止 / 不再 where the sentence has no other negation); a negation right after "if" is a
#: condition, not a conflict.
NO_LONGER_AND_CONDITIONS = [
    ("zh", "该工厂于2020年停止运营。", "该工厂已不再运营。", "supported", None),
    ("zh", "冬季渡轮暂停运行。", "冬季渡轮照常运行。", "contradicted", "negation"),
    (
        "zh",
        "青石岭铁矿上周暂停了井下作业，目前尚未恢复。",
        "青石岭铁矿的井下作业已经恢复。",
        "contradicted",
        "negation",
    ),
    (
        "de",
        "Der Hersteller hat die Produktion des Rasenmähers T40 im Frühjahr eingestellt.",
        "Der Rasenmäher T40 wird nicht mehr produziert.",
        "supported",
        None,
    ),
    (
        "de",
        "Der Vertrag endet automatisch nach zwei Jahren, sofern keine Verlängerung vereinbart wird.",
        "Ohne vereinbarte Verlängerung läuft der Vertrag nach zwei Jahren von selbst aus.",
        NOT_SUPPORTED,
        None,
    ),
]


#: Converses said with one verb: German "leihen" lends, and borrows with "sich"; Chinese "X 之后"
#: orders two events against X on both sides, whichever comes first in the sentence.
ONE_VERB_BOTH_WAYS = [
    (
        "de",
        "Die Bank lieh der Stadt fünf Millionen Euro.",
        "Die Stadt lieh sich bei der Bank fünf Millionen Euro.",
        "supported",
        None,
    ),
    (
        "de",
        "Die Bank lieh der Stadt fünf Millionen Euro.",
        "Die Stadt lieh der Bank fünf Millionen Euro.",
        "contradicted",
        "role",
    ),
    ("zh", "暴雨之后发生了洪水。", "洪水发生在暴雨之后。", "supported", None),
    ("zh", "暴雨之后发生了洪水。", "洪水之后发生了暴雨。", "contradicted", "role"),
]


#: A decade ("the 1980s", "den 1980er Jahren", "les années 1980") holds the years in it: no number
#: conflict with one of them, one with a year outside it.
DECADES = [
    (
        "en",
        "The company was founded in 1987.",
        "The company was founded in the late 1980s.",
        NOT_SUPPORTED,
        None,
    ),
    (
        "en",
        "The company was founded in 1987.",
        "The company was founded in the 1970s.",
        "contradicted",
        "number",
    ),
    (
        "de",
        "Die Firma wurde 1987 gegründet.",
        "Die Firma wurde in den 1980er Jahren gegründet.",
        NOT_SUPPORTED,
        None,
    ),
    (
        "de",
        "Die Firma wurde 1987 gegründet.",
        "Die Firma wurde in den 1990er Jahren gegründet.",
        "contradicted",
        "number",
    ),
]


#: Advice: "déconseillé" / "recommandé" in the lexicon languages; "unbedenklich" (safe) says no "not".
ADVICE = [
    (
        "fr",
        "Le médicament est déconseillé pendant la grossesse.",
        "Le médicament est recommandé pendant la grossesse.",
        "contradicted",
        "direction",
    ),
    (
        "de",
        "Von dem Medikament wird in der Schwangerschaft abgeraten.",
        "Das Medikament wird in der Schwangerschaft empfohlen.",
        "contradicted",
        "direction",
    ),
    (
        "de",
        "Das Medikament darf in der Schwangerschaft nicht eingenommen werden.",
        "In der Schwangerschaft ist das Medikament unbedenklich.",
        NOT_SUPPORTED,
        None,
    ),
]


#: "Not only", "no obstante": a word of them that looks like "not" is no negation, and a claim's "not"
#: aligned with it faces nothing there.
NOT_ONLY_FACES_NO_NEGATION = [
    (
        "pt",
        "A empresa não só fabrica carros, mas também caminhões.",
        "A empresa fabrica caminhões.",
        "supported",
        None,
    ),
    (
        "pt",
        "A empresa não só fabrica carros, mas também caminhões.",
        "A empresa não fabrica caminhões.",
        "contradicted",
        "negation",
    ),
    (
        "it",
        "L'azienda non solo produce auto, ma anche camion.",
        "L'azienda non produce camion.",
        "contradicted",
        "negation",
    ),
    (
        "es",
        "El equipo perdió; no obstante, se clasificó para la final.",
        "El equipo no se clasificó para la final.",
        "contradicted",
        "negation",
    ),
]


#: Read from the held-out batch 29 after its final judgement: a German noun with a common noun's
#: ending ("Kollisionen") is no name facing another noun (the paraphrase stays partial, no longer
#: contradicted); "turned down" against "accepted".
READ_FROM_BATCH_29 = [
    (
        "de",
        "Laut § 4 der Hafenordnung sind Kollisionen im Hafenbecken unverzüglich dem Hafenkapitän zu melden.",
        "Die Hafenordnung verlangt, dass Zusammenstöße im Hafenbecken sofort dem Hafenkapitän gemeldet werden.",
        NOT_SUPPORTED,
        None,
    ),
    (
        "de",
        "Die Kaffeemaschine wird in Polen gefertigt.",
        "Die Kaffeemaschine wird in Tschechien gefertigt.",
        "contradicted",
        "name",
    ),
    (
        "en",
        "The insurer accepted the claim.",
        "The insurer turned down the claim.",
        "contradicted",
        "direction",
    ),
]


#: The claim's last word stays right after the one before it when the evidence says them in a row
#: ("completed in 1284" faces "completed in 1248", not the "in 1871" further on); a surface or volume
#: said in two words on one side only is a unit not read ("0,35 metros cúbicos" / "350 litros");
#: "behält … bei" against "entfernt".
LAST_WORDS_AND_UNITS = [
    (
        "en",
        "The cathedral, which was completed in 1248, was badly damaged by fire in 1871.",
        "The cathedral was completed in 1284.",
        "contradicted",
        "number",
    ),
    (
        "en",
        "The cathedral, which was completed in 1248, was badly damaged by fire in 1871.",
        "The cathedral was completed in 1248.",
        "supported",
        None,
    ),
    (
        "pt",
        "O frigorífico Polar X2 tem uma capacidade total de 350 litros.",
        "O Polar X2 tem uma capacidade total de 0,35 metros cúbicos.",
        NOT_SUPPORTED,
        None,
    ),
    (
        "en",
        "The park covers an area of 37 square kilometres.",
        "The park covers an area of 73 square kilometres.",
        "contradicted",
        "number",
    ),
    (
        "de",
        "Das Update, das am Dienstag erschien, entfernt die Unterstützung für die alte API.",
        "Das Update vom Dienstag behält die Unterstützung für die alte API bei.",
        "contradicted",
        "direction",
    ),
]


#: Temporary against permanent, adding against removing, in the lexicon languages.
TEMPORARY_AND_REMOVED = [
    (
        "fr",
        "Le musée est fermé temporairement.",
        "Le musée est fermé définitivement.",
        "contradicted",
        "direction",
    ),
    ("fr", "Le musée est fermé temporairement.", "Le musée est fermé provisoirement.", "supported", None),
    (
        "de",
        "Das Museum ist vorübergehend geschlossen.",
        "Das Museum ist dauerhaft geschlossen.",
        "contradicted",
        "direction",
    ),
    (
        "es",
        "La versión 3 incluye el módulo de informes.",
        "La versión 3 excluye el módulo de informes.",
        "contradicted",
        "direction",
    ),
    (
        "nl",
        "In versie 3 is de rapportagemodule toegevoegd.",
        "In versie 3 is de rapportagemodule verwijderd.",
        "contradicted",
        "direction",
    ),
]


#: Chinese negations before a verb whose evidence says it done with 了 (a particle between two pairs);
#: frames of replacing, overtaking, suing, supplying and teaching; "took over … from" whose arguments
#: a phrase of its own holds; a Spanish object put first and taken up by a pronoun.
PARTICLES_FRAMES_AND_FRONTED_OBJECTS = [
    ("zh", "院长参加了开幕式。", "院长没有参加开幕式。", "contradicted", "negation"),
    ("zh", "这家医院去年引进了新设备。", "这家医院去年没有引进新设备。", "contradicted", "negation"),
    ("zh", "院长没有参加开幕式。", "院长未参加开幕式。", "supported", None),
    ("zh", "该公司去年收购了星光超市。", "该公司去年被星光超市收购。", "contradicted", "role"),
    ("zh", "新系统取代了旧的报表模块。", "旧的报表模块取代了新系统。", "contradicted", "role"),
    ("zh", "新系统取代了旧的报表模块。", "旧的报表模块被新系统取代。", "supported", None),
    (
        "en",
        "Dunmore Rail took over the coastal line from Kesh Transit in May.",
        "In May, Kesh Transit took over the coastal line from Dunmore Rail.",
        "contradicted",
        "role",
    ),
    (
        "en",
        "Dunmore Rail took over the coastal line from Kesh Transit in May.",
        "In May, Dunmore Rail took over the coastal line from Kesh Transit.",
        "supported",
        None,
    ),
    (
        "de",
        "Im Jahr 2021 übernahm die Berta AG den Konkurrenten Lumex.",
        "Die Berta AG übernahm 2021 den Konkurrenten Lumex.",
        "supported",
        None,
    ),
    (
        "en",
        "Dr. Okafor trained the nursing staff in the new protocol.",
        "The nursing staff trained Dr. Okafor in the new protocol.",
        "contradicted",
        "role",
    ),
    (
        "en",
        "Dr. Okafor trained the nursing staff in the new protocol.",
        "The nursing staff were trained in the new protocol by Dr. Okafor.",
        "supported",
        None,
    ),
    (
        "en",
        "Harlow Foods sued its supplier, Penrose Farms, in March.",
        "Penrose Farms was sued by Harlow Foods in March.",
        "supported",
        None,
    ),
    (
        "es",
        "El velero Alcatraz adelantó al Marejada en la última boya.",
        "El Marejada fue adelantado por el Alcatraz en la última boya.",
        "supported",
        None,
    ),
    (
        "es",
        "El velero Brisa adelantó al Gaviota cerca del faro.",
        "Cerca del faro, el Gaviota rebasó al Brisa.",
        "contradicted",
        "role",
    ),
    (
        "es",
        "Motores Lebrija suministra baterías a Rodaviva desde 2021.",
        "Desde 2021, las baterías de Rodaviva las suministra Motores Lebrija.",
        "supported",
        None,
    ),
    ("es", "El comité rechazó la propuesta.", "La propuesta la rechazó el comité.", "supported", None),
    ("es", "La empresa contrató a Marta.", "A Marta la contrató la empresa.", "supported", None),
    (
        "es",
        "El ayuntamiento aprobó el presupuesto.",
        "El presupuesto lo aprobó el ayuntamiento.",
        "supported",
        None,
    ),
    (
        "fr",
        "La société Datavel fournit les hôpitaux en masques.",
        "Les hôpitaux sont fournis en masques par la société Datavel.",
        "supported",
        None,
    ),
    (
        "de",
        "Die Firma Brandt beliefert seit 2019 die Kliniken der Stadt.",
        "Seit 2019 werden die Kliniken der Stadt von der Firma Brandt beliefert.",
        "supported",
        None,
    ),
    (
        "it",
        "Il Tenace ha sorpassato il Maestrale nell'ultimo giro.",
        "Nell'ultimo giro il Maestrale è stato sorpassato dal Tenace.",
        "supported",
        None,
    ),
    (
        "en",
        "Queen Isolde preceded her nephew Aldric on the throne.",
        "Aldric succeeded his aunt Isolde on the throne.",
        "supported",
        None,
    ),
    (
        "en",
        "Queen Isolde preceded her nephew Aldric on the throne.",
        "Aldric preceded his aunt Isolde on the throne.",
        "contradicted",
        "role",
    ),
    (
        "es",
        "Motores Lebrija suministra baterías a Rodaviva desde 2021.",
        "Desde 2021, las baterías de Rodaviva las suministra Motores Lebrija.",
        "supported",
        None,
    ),
    (
        "es",
        "Iberlux compró la empresa Solaria en 2020.",
        "Solaria compró la empresa Iberlux en 2020.",
        "contradicted",
        "role",
    ),
]


#: An article after a number is no unit of it ("en 2022 una tienda" / "en 2022 su tienda"); words that let
#: none of what they name in ("staubdicht", "waterproof") against a "none" of that noun; "all" and "none"
#: of two groups a preposition sets apart ("over 65" / "under 65") say nothing of each other.
ARTICLES_AND_SEALED_WORDS = [
    (
        "es",
        "La cadena Frescal cerró en 2022 su tienda de la calle Mayor.",
        "Frescal abrió en 2022 una tienda en la calle Mayor.",
        "contradicted",
        "direction",
    ),
    (
        "es",
        "La cadena Frescal abrió en 2022 su tienda de la calle Mayor.",
        "En 2022 Frescal abrió una tienda en la calle Mayor.",
        "supported",
        None,
    ),
    (
        "fr",
        "La version 2.4 de Mouette a été publiée le 12 mars 2022.",
        "Mouette 2.4 est sortie en mars 2023.",
        "contradicted",
        "number",
    ),
    ("de", "Das Gehäuse ist staubdicht.", "Das Gehäuse lässt keinen Staub eindringen.", "supported", None),
    ("de", "Das Gehäuse ist staubdicht.", "Das Gehäuse lässt Staub eindringen.", "contradicted", "negation"),
    ("en", "The watch is waterproof.", "The watch lets no water in.", "supported", None),
    (
        "de",
        "Die Kamera ist wasserdicht.",
        "Die Kamera ist nicht gegen Wasser geschützt.",
        "not supported",
        None,
    ),
    (
        "en",
        "The vaccine is recommended for all adults over 65.",
        "No adults under 65 are advised to get the vaccine.",
        "not supported",
        None,
    ),
    ("en", "All samples were negative.", "No sample was positive.", "supported", None),
]


#: "at most" and "no more than" bound a number, no quantifier faces "each" there; "most" and "few" say
#: one thing over contrary predicates as "all" and "none" do; "neither … nor", "ni … ni" are one negation.
BOUNDS_DUALS_AND_CORRELATIVES = [
    (
        "en",
        "No more than two bags are allowed per passenger.",
        "Each passenger may bring at most two bags.",
        "not supported",
        None,
    ),
    (
        "en",
        "No more than two bags are allowed per passenger.",
        "Passengers may bring more than two bags.",
        "contradicted",
        "negation",
    ),
    ("en", "Most of the shops were closed on Sunday.", "Few shops were open on Sunday.", "supported", None),
    (
        "en",
        "Most of the shops were closed on Sunday.",
        "Few shops were closed on Sunday.",
        "contradicted",
        "quantifier",
    ),
    (
        "en",
        "Neither the mayor nor the councillor attended the ceremony.",
        "The mayor did not attend the ceremony.",
        "supported",
        None,
    ),
    (
        "en",
        "Neither the mayor nor the councillor attended the ceremony.",
        "The mayor attended the ceremony.",
        "contradicted",
        "negation",
    ),
    (
        "es",
        "Ni el alcalde ni la concejala asistieron al acto.",
        "El alcalde no asistió al acto.",
        "supported",
        None,
    ),
    (
        "es",
        "Ni el alcalde ni la concejala asistieron al acto.",
        "El alcalde asistió al acto.",
        "contradicted",
        "negation",
    ),
    (
        "pt",
        "Nem o prefeito nem a vereadora compareceram à cerimónia.",
        "O prefeito não compareceu à cerimónia.",
        "supported",
        None,
    ),
    (
        "pt",
        "Nem o prefeito nem a vereadora compareceram à cerimónia.",
        "O prefeito compareceu à cerimónia.",
        "contradicted",
        "negation",
    ),
    (
        "fr",
        "Ni le maire ni son adjoint n'ont assisté à la cérémonie.",
        "Le maire n'a pas assisté à la cérémonie.",
        "supported",
        None,
    ),
]


#: A German clause that opens with "den" or "dem" says its object first; "not one", "pas un", "ni un"
#: are "none"; "all … unsuitable" is "none … suitable".
OBJECT_FIRST_AND_NOT_ONE = [
    (
        "de",
        "Die Stadtwerke München übernahmen 2020 den Betrieb der Linie.",
        "Den Betrieb der Linie übernahmen 2020 die Stadtwerke München.",
        "supported",
        None,
    ),
    (
        "de",
        "Der Verein übernahm den Betrieb der Halle.",
        "Den Verein übernahm der Betrieb der Halle.",
        "contradicted",
        "role",
    ),
    (
        "de",
        "Der Mieter unterschrieb den Vertrag im Mai.",
        "Den Vertrag unterschrieb der Mieter im Mai.",
        "supported",
        None,
    ),
    (
        "en",
        "Not one of the twelve jurors voted to convict.",
        "All twelve jurors voted to acquit.",
        "supported",
        None,
    ),
    (
        "en",
        "Not one of the twelve jurors voted to convict.",
        "All twelve jurors voted to convict.",
        "contradicted",
        "quantifier",
    ),
    (
        "en",
        "Not a single flight was cancelled on Monday.",
        "Some flights were cancelled on Monday.",
        "contradicted",
        "quantifier",
    ),
    (
        "en",
        "Not one pan in the line works on induction hobs.",
        "Every pan in the line is unsuitable for induction hobs.",
        "supported",
        None,
    ),
    (
        "en",
        "No pan in the line is suitable for induction hobs.",
        "Every pan in the line is suitable for induction hobs.",
        "contradicted",
        "quantifier",
    ),
]


#: Short words one word inflected ("runs" / "run") say nothing else beside a negation; a separable
#: verb in a sentence too short to tell its language; Dutch irregular pasts; votes thrown out; 闭馆 / 开放.
SHORT_FORMS_AND_SHORT_SENTENCES = [
    ("en", "The ferry runs in winter.", "The ferry does not run in winter.", "contradicted", "negation"),
    ("en", "The ferry ran in winter.", "The ferry did not run in winter.", "contradicted", "negation"),
    ("en", "The ferry does not run in winter.", "The ferry doesn't run in winter.", "supported", None),
    (
        "nl",
        "De gemeenteraad keurde de begroting goed.",
        "De gemeenteraad verwierp de begroting.",
        "contradicted",
        "direction",
    ),
    (
        "nl",
        "De gemeenteraad keurde de begroting goed.",
        "De gemeenteraad wees de begroting af.",
        "contradicted",
        "direction",
    ),
    (
        "nl",
        "De gemeenteraad keurde de begroting goed.",
        "De begroting werd door de gemeenteraad goedgekeurd.",
        "supported",
        None,
    ),
    ("zh", "博物馆周一闭馆。", "博物馆周一开放。", "contradicted", "direction"),
    ("zh", "博物馆周一闭馆。", "博物馆周一关闭。", "supported", None),
    (
        "en",
        "The council approved the budget on Monday.",
        "On Monday the council threw out the budget.",
        "contradicted",
        "direction",
    ),
]


#: Chinese names after more titles (市长, 主席 …), before more endings (大学 two characters on), past a
#: 的 one side adds; 市民 and 市长 hold no name ending.
CHINESE_NAMES_AFTER_TITLES = [
    ("zh", "市长李振国为图书馆剪彩。", "市长王志平为图书馆剪彩。", "contradicted", "name"),
    ("zh", "市长李振国为图书馆剪彩。", "李振国市长为图书馆剪彩。", "supported", None),
    (
        "zh",
        "东岭大学校长周文澜宣布新建研究中心。",
        "南岭大学校长周文澜宣布新建研究中心。",
        "contradicted",
        "name",
    ),
    (
        "zh",
        "新图书馆开放不久便吸引了大量市民。",
        "新图书馆开放后很快就吸引了许多市民。",
        "not supported",
        None,
    ),
    (
        "zh",
        "新任市长周文博宣布，老城区供水管网改造将于明年春季前完成。",
        "周市长宣布，老城区供水管网改造将于明年春季前完成。",
        "supported",
        None,
    ),
    (
        "zh",
        "本届冠军由来自青崖市的选手周晓峰获得。",
        "本届冠军由青崖市选手陈立伟获得。",
        "contradicted",
        "name",
    ),
]


#: A phrase put first whole with its preposition ("Im Museum …", "Gegen den Unternehmer …") fills no
#: role; a German clause opening with "den" whose subject after the verb is a bare name; "durch" closing
#: a clause is the particle of "setzte sich … durch", no passive agent.
PHRASES_PUT_FIRST = [
    (
        "de",
        "Das Gemälde von Otto Dix hängt im Museum Folkwang.",
        "Im Museum Folkwang hängt ein Gemälde von Dix.",
        "supported",
        None,
    ),
    (
        "de",
        "Gegen den Unternehmer Frank Lutz ermittelt die Staatsanwaltschaft Köln.",
        "Die Kölner Staatsanwaltschaft ermittelt gegen Lutz.",
        "supported",
        None,
    ),
    (
        "de",
        "Die Staatsanwaltschaft Köln ermittelt gegen den Unternehmer Frank Lutz.",
        "Der Unternehmer Frank Lutz ermittelt gegen die Staatsanwaltschaft Köln.",
        "contradicted",
        "role",
    ),
    (
        "de",
        "Die Sängerin Maria Roth gewann den Preis vor dem Sänger Jan Berg.",
        "Den Preis gewann Roth, vor Berg.",
        "supported",
        None,
    ),
    (
        "de",
        "Den Vorsitz der Kommission übernahm 2020 Professorin Ina Groß.",
        "Ina Groß übernahm 2020 den Vorsitz der Kommission.",
        "supported",
        None,
    ),
    (
        "de",
        "Im Halbfinale, das wegen Regens verschoben wurde, setzte sich der FC Wardenburg gegen Eintracht Selm durch.",
        "Eintracht Selm setzte sich im Halbfinale gegen den FC Wardenburg durch.",
        "contradicted",
        "role",
    ),
    (
        "de",
        "Im Halbfinale, das wegen Regens verschoben wurde, setzte sich der FC Wardenburg gegen Eintracht Selm durch.",
        "Der FC Wardenburg setzte sich im Halbfinale gegen Eintracht Selm durch.",
        "supported",
        None,
    ),
    (
        "en",
        "With the new feature, a user can request money from up to eight contacts at once.",
        "With the new feature, up to eight contacts can request money from a user at once.",
        "contradicted",
        "role",
    ),
]


#: "Not … until" an hour spelled out says when; Spanish "no … sino" says "only" (not "sino que", a
#: correction).
UNTIL_AN_HOUR_AND_BUT_ONLY = [
    ("en", "The shop does not close until ten.", "The shop closes at ten.", "supported", None),
    ("es", "La tienda no cierra hasta las diez.", "La tienda cierra a las diez.", "supported", None),
    ("es", "La tienda cierra a las diez.", "La tienda no cierra a las diez.", "contradicted", "negation"),
    (
        "es",
        "La ley no se aplica sino a las empresas grandes.",
        "La ley solo se aplica a las empresas grandes.",
        "supported",
        None,
    ),
    (
        "es",
        "La ley no se aplica sino a las empresas grandes.",
        "La ley se aplica a las empresas pequeñas.",
        "contradicted",
        "direction",
    ),
    (
        "es",
        "El alcalde no vino, sino que llamó por teléfono.",
        "El alcalde vino.",
        "contradicted",
        "negation",
    ),
]


#: Verbs of one sense (vendre / commercialiser, Einwilligung / Zustimmung, rechtzeitig / fristgerecht);
#: "versäumte es", "neglected to" negate; an object marked by "a" taken up by a pronoun further on.
SAME_SENSE_AND_OMISSIONS = [
    (
        "es",
        "El jarabe no debe administrarse a menores de dos años.",
        "A los menores de dos años no se les debe administrar el jarabe.",
        "supported",
        None,
    ),
    (
        "fr",
        "Le modèle Orsa n'est plus vendu en Belgique.",
        "Le modèle Orsa est toujours commercialisé en Belgique.",
        "contradicted",
        "negation",
    ),
    (
        "fr",
        "Le modèle Orsa est vendu en Belgique.",
        "Le modèle Orsa est commercialisé en Belgique.",
        "supported",
        None,
    ),
    (
        "de",
        "Der Vermieter hat die Mieter fristgerecht über die Kosten informiert.",
        "Der Vermieter versäumte es, die Mieter rechtzeitig über die Kosten zu informieren.",
        "contradicted",
        "negation",
    ),
    (
        "de",
        "Der Vermieter hat die Mieter fristgerecht über die Kosten informiert.",
        "Der Vermieter hat die Mieter rechtzeitig über die Kosten informiert.",
        "supported",
        None,
    ),
    (
        "en",
        "The mayor agreed to testify at the inquiry.",
        "The mayor declined to testify at the inquiry.",
        "contradicted",
        "negation",
    ),
    (
        "en",
        "The council went ahead with the ceremony despite the rain.",
        "The council called off the ceremony because of the rain.",
        "not supported",
        None,
    ),
]


#: "Once" counts one time ("once a day" / "three times a day"); two amounts said apart count the same
#: thing when the same unit follows each, however short ("5 mg" / "50 mg").
ONCE_AND_SHORT_UNITS = [
    (
        "en",
        "The antibiotic is taken once a day.",
        "The antibiotic is taken three times a day.",
        "contradicted",
        "number",
    ),
    ("en", "The pill is taken once a day.", "The pill is taken one time per day.", "supported", None),
    (
        "en",
        "Once installed, the app syncs every hour.",
        "After installation, the app syncs every hour.",
        "supported",
        None,
    ),
    ("en", "The town was once a busy port.", "The town used to be a busy port.", "supported", None),
    (
        "de",
        "Das Mittel wird einmal täglich eingenommen.",
        "Das Mittel wird dreimal täglich eingenommen.",
        "contradicted",
        "number",
    ),
    (
        "es",
        "Cada comprimido contiene 5 mg de principio activo.",
        "La cantidad de principio activo por comprimido es de 50 mg.",
        "contradicted",
        "number",
    ),
    (
        "es",
        "Cada comprimido contiene 5 mg de principio activo.",
        "La cantidad de principio activo por comprimido es de 5 mg.",
        "supported",
        None,
    ),
]


#: A price compared with a verb ("costs less than", "cuesta más que") is the comparison "cheaper" or
#: "more expensive" makes: the poles, not "less", tell a swap from its converse.
PRICES_SAID_WITH_A_VERB = [
    (
        "en",
        "The night cream costs less than the day serum.",
        "The day serum is cheaper than the night cream.",
        "contradicted",
        "role",
    ),
    (
        "en",
        "The night cream costs less than the day serum.",
        "The day serum is more expensive than the night cream.",
        "supported",
        None,
    ),
    (
        "en",
        "The night cream costs less than the day serum.",
        "The day serum costs more than the night cream.",
        "supported",
        None,
    ),
    (
        "en",
        "The night cream costs less than the day serum.",
        "The night cream is cheaper than the day serum.",
        "supported",
        None,
    ),
    (
        "es",
        "El portátil Zenvar 14 es más barato que el Zenvar 16.",
        "El Zenvar 16 cuesta menos que el Zenvar 14.",
        "contradicted",
        "role",
    ),
    (
        "es",
        "El portátil Zenvar 14 es más barato que el Zenvar 16.",
        "El Zenvar 16 cuesta más que el Zenvar 14.",
        "supported",
        None,
    ),
]


#: "Por amplia mayoría" is a margin, no quantifier; "del" and "que" make no sentence a comparison;
#: a price adjective against a verb of direction said apart; two separable verbs said apart ("wies … ab" /
#: "gab … statt").
MARGINS_PRICES_AND_PARTICLES = [
    (
        "es",
        "El Senado aprobó la reforma por amplia mayoría.",
        "La reforma fue tumbada en el Senado.",
        "contradicted",
        "direction",
    ),
    (
        "es",
        "El Senado aprobó la reforma por amplia mayoría.",
        "La reforma fue aprobada por el Senado.",
        "supported",
        None,
    ),
    (
        "es",
        "La mayoría de los socios votó a favor.",
        "Todos los socios votaron a favor.",
        "not supported",
        None,
    ),
    (
        "de",
        "Der Preis des Staubsaugers ist im Juni gestiegen.",
        "Im Juni wurde der Staubsauger günstiger.",
        "contradicted",
        "direction",
    ),
    (
        "nl",
        "De prijs van de koptelefoon is in mei gedaald.",
        "In mei werd de koptelefoon goedkoper.",
        "supported",
        None,
    ),
    ("de", "Das Gericht wies die Klage ab.", "Das Gericht gab der Klage statt.", "contradicted", "direction"),
    (
        "de",
        "Das Landgericht gab der Klage statt.",
        "Das Landgericht hat der Klage stattgegeben.",
        "supported",
        None,
    ),
    ("es", "La torre es mayor que la iglesia.", "La iglesia es menor que la torre.", "supported", None),
    ("es", "La torre es mayor que la iglesia.", "La iglesia es mayor que la torre.", "contradicted", "role"),
]


#: "All … are A" against "some … are not A" or "some … are B", B excluding A: some are not what all
#: are said to be; a negation both sides say is no such thing.
ALL_AGAINST_SOME_NOT = [
    (
        "es",
        "Todas las islas del archipiélago son de origen volcánico.",
        "Algunas islas del archipiélago tienen un origen no volcánico.",
        "contradicted",
        "quantifier",
    ),
    (
        "en",
        "All the rooms have a balcony.",
        "Some rooms do not have a balcony.",
        "contradicted",
        "quantifier",
    ),
    ("en", "All of the staff were trained.", "Some staff were untrained.", "contradicted", "quantifier"),
    ("en", "All the rooms have a balcony.", "Some rooms have a balcony.", "supported", None),
    (
        "fr",
        "Certains vols ont été annulés à cause de la grève.",
        "Tous les vols ont été annulés à cause de la grève.",
        "not supported",
        None,
    ),
    (
        "fr",
        "Toutes les cartouches se changent sans outil.",
        "Certaines cartouches se remplacent sans outil.",
        "supported",
        None,
    ),
]


#: A drug the claim names where the sentence is reworded around it, against the one drug the evidence
#: names; paracetamol, aspirin, morphine … are drugs though no class stem ends them.
DRUGS_SAID_APART = [
    (
        "en",
        "Dr. Ellis prescribed ibuprofen for the pain.",
        "For the pain, Dr. Ellis prescribed paracetamol.",
        "contradicted",
        "name",
    ),
    (
        "en",
        "For the pain, the doctor prescribed paracetamol.",
        "The doctor prescribed paracetamol for the pain.",
        "supported",
        None,
    ),
    (
        "en",
        "Unlike warfarin, apixaban needs no regular blood tests.",
        "Apixaban needs no regular blood tests.",
        "supported",
        None,
    ),
    (
        "es",
        "Para el dolor, la médica recetó ibuprofeno.",
        "La médica recetó paracetamol para el dolor.",
        "contradicted",
        "name",
    ),
]


#: An evidence "none" no edit reads, facing a claim with no negation: no flip beside it is a conflict
#: ("Aucune construction n'est autorisée" / "Il est interdit de bâtir").
A_NONE_NOTHING_READS = [
    (
        "fr",
        "Aucune construction n'est autorisée à moins de cinq mètres de la limite.",
        "Il est interdit de bâtir à moins de cinq mètres de la limite.",
        "not supported",
        None,
    ),
    (
        "en",
        "Not a single test in the nightly suite failed.",
        "The nightly suite ran with every test passing.",
        "not supported",
        None,
    ),
    ("en", "The syrup contains no sugar.", "The syrup is sugar-free.", "supported", None),
]


#: Read from the held-out batch 30 after its final judgement: Chinese exclusions said apart (上升 /
#: 下降), "free of" no privative of the word before it, Portuguese "da" no agent, a comparison whose
#: terms keep more words than cross, one count of two periods, raising and lowering a rate, letting and
#: barring, "a handful", "económica".
READ_FROM_BATCH_30 = [
    (
        "zh",
        "今年春季，灌区的地下水位明显上升。",
        "灌区的地下水位在今年春季明显下降。",
        "contradicted",
        "direction",
    ),
    ("zh", "今年春季，灌区的地下水位明显上升。", "灌区的地下水位在今年春季明显升高。", "supported", None),
    (
        "en",
        "Goods valued under 150 euros enter the union free of import duty.",
        "Imports worth less than 150 euros are exempt from duty in the union.",
        "not supported",
        None,
    ),
    (
        "pt",
        "A escola de Fonte Clara foi inaugurada em 1908, antes da construção da igreja.",
        "A igreja de Fonte Clara foi construída depois da escola.",
        "not supported",
        None,
    ),
    (
        "pt",
        "A escola de Fonte Clara foi inaugurada em 1908, antes da construção da igreja.",
        "A escola de Fonte Clara foi construída depois da igreja.",
        "contradicted",
        "role",
    ),
    (
        "en",
        "The return ticket is valid for one month.",
        "The return ticket is valid for one week.",
        "contradicted",
        "number",
    ),
    ("fr", "L'éruption dura onze mois.", "L'éruption dura onze semaines.", "contradicted", "number"),
    (
        "en",
        "The return ticket is valid for one month.",
        "The return ticket is valid for a month.",
        "supported",
        None,
    ),
    (
        "fr",
        "Depuis avril, le taux du prêt a baissé de 0,3 point.",
        "Le taux du prêt a été relevé de 0,3 point depuis avril.",
        "contradicted",
        "direction",
    ),
    (
        "en",
        "None of the 14 stations has step-free access.",
        "A handful of stations offer step-free access.",
        "contradicted",
        "quantifier",
    ),
    (
        "es",
        "Aerocosta vuela a Isla Brava más barato que Vuelasur.",
        "Para volar a Isla Brava, Vuelasur resulta más económica que Aerocosta.",
        "contradicted",
        "role",
    ),
    (
        "en",
        "Under clause 9 of the lease, the tenant is barred from subletting any room of the flat.",
        "Clause 9 of the lease lets the tenant sublet a room of the flat.",
        "contradicted",
        "direction",
    ),
]


#: Verbs that say their complement happened ("logró", "riuscito a") are no operand of a negation;
#: "falhou" and its like say "not"; a court's "jugé" and "déclaré" are one verb.
MANAGED_FAILED_AND_DECLARED = [
    (
        "es",
        "La aerolínea logró mantener todos sus vuelos durante la huelga.",
        "La aerolínea no consiguió mantener sus vuelos durante la huelga.",
        "contradicted",
        "negation",
    ),
    (
        "it",
        "L'acquedotto ha garantito l'acqua a tutte le frazioni durante l'alluvione.",
        "Durante l'alluvione l'acquedotto non è riuscito a garantire l'acqua a tutte le frazioni.",
        "contradicted",
        "negation",
    ),
    (
        "pt",
        "A seleção de Atalaia não conseguiu qualificar-se para o torneio.",
        "A seleção de Atalaia falhou a qualificação para o torneio.",
        "not supported",
        None,
    ),
    (
        "fr",
        "Le tribunal a jugé recevable la plainte déposée contre la boulangerie.",
        "La plainte déposée contre la boulangerie a été déclarée irrecevable.",
        "contradicted",
        "negation",
    ),
    (
        "fr",
        "Le tribunal a jugé recevable la plainte déposée contre la boulangerie.",
        "La plainte déposée contre la boulangerie a été déclarée recevable.",
        "supported",
        None,
    ),
]


#: "Always" and "never" over a predicate and its negation say one thing ("always checks" / "never
#: skips"); plain text against encrypted.
ALWAYS_AND_NEVER_SAY_ONE_THING = [
    (
        "en",
        "The software always checks for updates at startup.",
        "The software never skips the update check at startup.",
        "supported",
        None,
    ),
    (
        "en",
        "The software always checks for updates at startup.",
        "The software never checks for updates at startup.",
        "contradicted",
        "quantifier",
    ),
    (
        "en",
        "The app stores passwords encrypted.",
        "The app stores passwords in plain text.",
        "contradicted",
        "direction",
    ),
]


#: A name and its genitive ("Anna Bergs Roman" / "von Anna Berg") are one name.
A_NAME_IN_THE_GENITIVE = [
    (
        "de",
        'Der Roman "Stille Wasser" von Anna Berg erschien 2015 im Verlag Kessler.',
        'Anna Bergs Roman "Stille Wasser" wurde 2015 von Kessler veröffentlicht.',
        "supported",
        None,
    ),
    (
        "de",
        "Der Roman von Anna Berg erschien 2015.",
        "Der Roman von Anna Beck erschien 2015.",
        "contradicted",
        "name",
    ),
]


#: "All" against "none" over two predicates of their own, each the first content word after the
#: noun, is no evidence of a clash: the lexicon relates neither ("remain" / "gone"); one predicate
#: said twice, or a verb before the quantifier, still clashes.
OWN_PREDICATES = [
    (
        "en",
        "Few of the original buildings remain.",
        "Most of the original buildings are gone.",
        "not supported",
        None,
    ),
    ("en", "No two samples were identical.", "Every sample differed from the others.", "not supported", None),
    (
        "it",
        "Nessun dipendente è stato licenziato.",
        "Tutti i dipendenti hanno mantenuto il posto.",
        "not supported",
        None,
    ),
    ("en", "All the rooms were booked.", "No rooms were booked.", "contradicted", "quantifier"),
    (
        "fr",
        "Tous les vols vers Nice ont été annulés mardi.",
        "Aucun vol vers Nice n'a été annulé mardi.",
        "contradicted",
        "quantifier",
    ),
    (
        "de",
        "Nach dem Umstieg funktionieren alle bisherigen Schnittstellen weiterhin.",
        "Nach dem Umstieg funktioniert keine der bisherigen Schnittstellen mehr.",
        "contradicted",
        "quantifier",
    ),
]


#: An aside set off by commas between an argument and its verb ("the Poggio winery, founded in
#: 1954, took over …") is read past for a role swap, and keeps the subject from being taken for a
#: phrase put first; a price said with a verb ("costs more than") turns a comparison back as
#: "more expensive" does; "sin duda" affirms; "exigir" is "requerir", in the gerund too.
ASIDES_AND_PRICES = [
    (
        "en",
        "The Nova Basic tariff is cheaper than the Nova Plus tariff.",
        "The Nova Plus tariff costs more than Nova Basic.",
        "supported",
        None,
    ),
    (
        "es",
        "La versión 5.1 ya no requiere privilegios de administrador.",
        "La versión 5.1 sigue exigiendo privilegios de administrador.",
        "contradicted",
        "negation",
    ),
    (
        "es",
        "Según los farmacéuticos de Olivar, la vacuna contra la hepatitis A es sin duda la más solicitada por quienes viajan al trópico.",
        "Los farmacéuticos de Olivar señalan que la vacuna contra la hepatitis A es la que más piden los viajeros al trópico.",
        "supported",
        None,
    ),
    (
        "es",
        "El instalador de Brisa no requiere permisos de administrador.",
        "Para instalar Brisa se necesitan permisos de administrador.",
        "contradicted",
        "negation",
    ),
    (
        "it",
        "Nel 2016 la cantina Poggio Alto, attiva dal 1954 sulle colline di Valverde, ha rilevato la più piccola azienda vinicola Vigneto Sereno.",
        "L'azienda Vigneto Sereno ha rilevato nel 2016 la cantina Poggio Alto.",
        "contradicted",
        "role",
    ),
    (
        "en",
        "In Sunday's final, the Brisbane Comets, who had lost both group matches against them, beat the Perth Rangers 3–1 to claim their first title.",
        "The Perth Rangers beat the Brisbane Comets in Sunday's final.",
        "contradicted",
        "role",
    ),
    (
        "fr",
        "Le peintre Aurèle Monge, dont l'atelier se trouvait à Lyon, fut l'élève de Jeanne Castel pendant six ans.",
        "Pendant six ans, Jeanne Castel fut l'élève du peintre Aurèle Monge.",
        "contradicted",
        "role",
    ),
    (
        "en",
        "On Saturday Harwick Rovers, who had not won away since March, defeated Ellesby Town 2–1 at the Calder Road ground.",
        "Ellesby Town came away with a 2–1 victory over Harwick Rovers at Calder Road on Saturday.",
        "contradicted",
        "role",
    ),
    (
        "pt",
        "A Biblioteca de Vila Cardosa, fundada em 1893 por um grupo de comerciantes, reúne cerca de 40 mil volumes.",
        "Fundada em 1893 por comerciantes, a Biblioteca de Vila Cardosa tem aproximadamente 14 mil volumes.",
        "contradicted",
        "number",
    ),
    (
        "en",
        "The Nova Basic tariff is cheaper than the Nova Plus tariff.",
        "The Nova Basic tariff costs more than Nova Plus.",
        "contradicted",
        "direction",
    ),
    (
        "it",
        "Nel 2016 la cantina Poggio Alto, attiva dal 1954 sulle colline di Valverde, ha rilevato la più piccola azienda vinicola Vigneto Sereno.",
        "La cantina Poggio Alto ha rilevato nel 2016 l'azienda Vigneto Sereno.",
        "supported",
        None,
    ),
    (
        "en",
        "In 2016 the Poggio winery, founded in 1954 in the hills of Valverde, took over the smaller Sereno estate.",
        "The Sereno estate took over the Poggio winery in 2016.",
        "contradicted",
        "role",
    ),
    (
        "en",
        "In 2016 the Poggio winery, founded in 1954 in the hills of Valverde, took over the smaller Sereno estate.",
        "In 2016 the Poggio winery took over the Sereno estate.",
        "supported",
        None,
    ),
]


#: A German or Dutch passive that names no agent tells its other arguments by case, not by place:
#: "Kindern darf das Medikament verabreicht werden" swaps no roles; with "vom", or in the active, a
#: swap still is one.
AGENTLESS_PASSIVES = [
    (
        "de",
        "Das Medikament darf Kindern unter sechs Jahren verabreicht werden.",
        "Kindern unter sechs Jahren darf das Medikament verabreicht werden.",
        "supported",
        None,
    ),
    (
        "de",
        "Das Medikament darf Kindern unter sechs Jahren nicht verabreicht werden.",
        "Kindern unter sechs Jahren darf das Medikament verabreicht werden.",
        "contradicted",
        "negation",
    ),
    (
        "de",
        "Die Salbe wird Patienten mit Ekzemen empfohlen.",
        "Patienten mit Ekzemen wird die Salbe empfohlen.",
        "supported",
        None,
    ),
    (
        "de",
        "Der Vermieter wurde vom Mieter verklagt.",
        "Der Mieter wurde vom Vermieter verklagt.",
        "contradicted",
        "role",
    ),
    (
        "de",
        "Die Firma Brandt beliefert die Bäckerei Hollmann.",
        "Die Bäckerei Hollmann beliefert die Firma Brandt.",
        "contradicted",
        "role",
    ),
]


#: "Drops support for X" says "no longer supports X", in the present as in the past.
DROPS_SUPPORT = [
    (
        "en",
        "Version 4.2 drops support for the v1 API.",
        "Version 4.2 still supports the v1 API.",
        "contradicted",
        "negation",
    ),
    (
        "en",
        "Version 4.2 drops support for the v1 API.",
        "Version 4.2 no longer supports the v1 API.",
        "supported",
        None,
    ),
    (
        "en",
        "Version 4.2 drops support for the v1 API.",
        "The v1 API is not supported in version 4.2.",
        "supported",
        None,
    ),
]


#: A Chinese place ending in 州 and a court ("…区人民法院") are names: one swapped in a sentence said
#: alike is a name conflict; 市 and 区, which end common words too ("市民"), are not read so.
CHINESE_PLACES_AND_COURTS = [
    (
        "zh",
        "周末特价机票仅适用于从临江飞往云州的航班。",
        "周末特价机票仅适用于从临江飞往海州的航班。",
        "contradicted",
        "name",
    ),
    (
        "zh",
        "该租赁纠纷由临江区人民法院作出一审判决。",
        "该租赁纠纷由东湖区人民法院作出一审判决。",
        "contradicted",
        "name",
    ),
    (
        "zh",
        "该租赁纠纷由临江区人民法院作出一审判决。",
        "该租赁纠纷由临江区人民法院作出判决。",
        "supported",
        None,
    ),
    (
        "zh",
        "新图书馆开放不久便吸引了大量市民。",
        "新图书馆开放后很快就吸引了许多市民。",
        "not supported",
        None,
    ),
]


#: German "reduziert" goes down as "verringert" does, and Spanish "sumar" gains as "ganar" does.
REDUCE_AND_GAIN = [
    (
        "de",
        "Die Creme verstärkt die Lichtempfindlichkeit der Haut.",
        "Die Creme reduziert die Lichtempfindlichkeit der Haut.",
        "contradicted",
        "direction",
    ),
    (
        "de",
        "Die Creme verringert die Lichtempfindlichkeit der Haut.",
        "Die Creme reduziert die Lichtempfindlichkeit der Haut.",
        "supported",
        None,
    ),
    (
        "es",
        "En las municipales, la candidatura vecinal sumó tres concejales.",
        "La candidatura vecinal perdió tres concejales en las municipales.",
        "contradicted",
        "direction",
    ),
    (
        "es",
        "En las municipales, la candidatura vecinal sumó tres concejales.",
        "La candidatura vecinal ganó tres concejales en las municipales.",
        "supported",
        None,
    ),
]


#: A predicate said with another word of one stem, accents aside ("siguen siendo válidos" /
#: "conserva su validez"), is shared: "all" against "none" over it still clashes.
A_PREDICATE_SAID_OTHERWISE = [
    (
        "es",
        "Todos los contratos firmados antes de 2022 siguen siendo válidos.",
        "Ninguno de los contratos firmados antes de 2022 conserva su validez.",
        "contradicted",
        "quantifier",
    ),
    (
        "en",
        "Few of the original buildings remain.",
        "Most of the original buildings are gone.",
        "not supported",
        None,
    ),
]


#: A place in a race said from the other runner: "ahead of" is "behind" with its arguments swapped.
AHEAD_AND_BEHIND = [
    (
        "en",
        "Ellis Marr finished two places ahead of Tom Okoye in the county race.",
        "In the county race, Tom Okoye came in two places behind Ellis Marr.",
        "supported",
        None,
    ),
    (
        "en",
        "Ellis Marr finished two places ahead of Tom Okoye in the county race.",
        "In the county race, Ellis Marr came in two places behind Tom Okoye.",
        "contradicted",
        "direction",
    ),
    (
        "en",
        "The Marlow yacht crossed the line ahead of the Osprey.",
        "The Osprey crossed the line behind the Marlow yacht.",
        "supported",
        None,
    ),
    (
        "fr",
        "Léa Fontanel a franchi la ligne devant Inès Morel.",
        "Inès Morel a franchi la ligne derrière Léa Fontanel.",
        "supported",
        None,
    ),
    (
        "es",
        "El Atlético Norte terminó la liga delante del Real Campello.",
        "El Real Campello terminó la liga detrás del Atlético Norte.",
        "supported",
        None,
    ),
]


#: 不得不 ("had to") is a double negation: neither of its 不 negates the verb after it.
HAD_TO = [
    ("zh", "由于大雾，当天的航班不得不取消。", "受大雾影响，当天的航班被取消了。", "not supported", None),
    (
        "zh",
        "由于大雾，当天的航班不得不取消。",
        "受大雾影响，当天的航班没有取消。",
        "contradicted",
        "negation",
    ),
    ("zh", "因为设备故障，工厂不得不停产两周。", "设备故障导致工厂停产两周。", "supported", None),
]


#: "Without" under a negation earlier in its sentence is half of a double negation, however far apart.
NOT_ALLOWED_WITHOUT = [
    (
        "de",
        "Der Mieter ist nicht berechtigt, die Garage ohne schriftliche Zustimmung der Vermieterin unterzuvermieten.",
        "Eine Untervermietung der Garage bedarf der schriftlichen Einwilligung der Vermieterin.",
        "not supported",
        None,
    ),
    (
        "de",
        "Der Pächter ist nicht befugt, den Kiosk ohne Genehmigung des Bezirksamts zu verpachten.",
        "Eine Verpachtung des Kiosks bedarf der Genehmigung des Bezirksamts.",
        "not supported",
        None,
    ),
    (
        "de",
        "Der Mieter ist nicht berechtigt, die Garage ohne schriftliche Zustimmung der Vermieterin unterzuvermieten.",
        "Der Mieter ist berechtigt, die Garage ohne schriftliche Zustimmung der Vermieterin unterzuvermieten.",
        "contradicted",
        "negation",
    ),
    (
        "en",
        "The tenant may not sublet the flat without the landlord's written consent.",
        "The tenant may sublet the flat with the landlord's written consent.",
        "supported",
        None,
    ),
]


#: "gut 40 Meter", "a good 40 metres": at least 40.
A_GOOD_FORTY = [
    (
        "de",
        "Der Aussichtsturm ist 42 Meter hoch.",
        "Der Aussichtsturm ist gut 40 Meter hoch.",
        "supported",
        None,
    ),
    (
        "de",
        "Der Aussichtsturm ist 38 Meter hoch.",
        "Der Aussichtsturm ist gut 40 Meter hoch.",
        "contradicted",
        "number",
    ),
    ("en", "The dam is 42 metres high.", "The dam is a good 40 metres high.", "supported", None),
    ("en", "The dam is 42 metres high.", "The dam is a good 50 metres high.", "contradicted", "number"),
]


#: A future ("abrirán") and a reflexive infinitive ("reducirse") read from their infinitive.
FUTURES_AND_REFLEXIVES = [
    (
        "es",
        "El museo municipal permanecerá cerrado durante todo agosto.",
        "El museo municipal no abrirá en agosto.",
        "supported",
        None,
    ),
    (
        "es",
        "Todos los colegios de la comarca permanecerán cerrados el lunes.",
        "Varios colegios de la comarca no abrirán el lunes.",
        "not supported",
        None,
    ),
    (
        "es",
        "Todos los colegios de la comarca abrirán el lunes.",
        "Varios colegios de la comarca no abrirán el lunes.",
        "contradicted",
        "quantifier",
    ),
    (
        "es",
        "En pacientes mayores la dosis debe reducirse.",
        "En pacientes mayores la dosis debe aumentarse.",
        "contradicted",
        "direction",
    ),
]


#: A number said in another place than the evidence's: approximate ones clash when their ranges do not meet;
#: a number with a unit faces the evidence's of its dimension only; a bound said with a verb or a negation is no clash.
NUMBERS_APART = [
    (
        "es",
        "El incendio de Valdecañas calcinó unas 340 hectáreas de pinar.",
        "Cerca de 430 hectáreas de pinar ardieron en el incendio de Valdecañas.",
        "contradicted",
        "number",
    ),
    (
        "es",
        "El incendio de Valdecañas calcinó unas 340 hectáreas de pinar.",
        "Cerca de 350 hectáreas de pinar ardieron en el incendio de Valdecañas.",
        "not supported",
        None,
    ),
    (
        "en",
        "Floods in the Arden valley forced some 350 residents from their homes.",
        "About 530 residents of the Arden valley had to leave their homes because of the floods.",
        "contradicted",
        "number",
    ),
    (
        "fr",
        "Le pont de Varennes, inauguré le 12 juillet 1891, mesure 214 mètres de long.",
        "Inauguré en juillet 1891, le pont de Varennes dépasse les 200 mètres de longueur.",
        "not supported",
        None,
    ),
    (
        "es",
        "La bicicleta Nerva pesa 18 kilos y ofrece una autonomía de 90 kilómetros.",
        "Con la batería puesta, la Nerva no llega a los 20 kilos.",
        "not supported",
        None,
    ),
    (
        "nl",
        "De e-bike weegt 17 kilo en haalt met één lading 80 kilometer.",
        "Met één lading haalt de e-bike 60 kilometer.",
        "contradicted",
        "number",
    ),
    (
        "nl",
        "De e-bike weegt 17 kilo en haalt met één lading 80 kilometer.",
        "Met één lading haalt de e-bike 80 kilometer.",
        "supported",
        None,
    ),
    (
        "en",
        "The e-bike weighs 17 kilos and covers 80 kilometres on one charge.",
        "On one charge the e-bike covers 60 kilometres.",
        "contradicted",
        "number",
    ),
]


#: Switched on against switched off, in words of two verbs ("ativa" / "desliga", 调低 / 调高).
ON_AND_OFF = [
    (
        "zh",
        "这款空气净化器在夜间模式下会自动调低风速。",
        "在夜间模式下，这款空气净化器会自动把风速调高。",
        "contradicted",
        "direction",
    ),
    (
        "zh",
        "这款空气净化器在夜间模式下会自动调低风速。",
        "夜间模式下，这款空气净化器会自动下调风速。",
        "supported",
        None,
    ),
    (
        "pt",
        "A atualização ativa o modo escuro por padrão.",
        "A atualização desliga o modo escuro por padrão.",
        "contradicted",
        "direction",
    ),
    (
        "es",
        "La actualización activa el modo oscuro por defecto.",
        "La actualización apaga el modo oscuro por defecto.",
        "contradicted",
        "direction",
    ),
    (
        "de",
        "Das Update aktiviert den Dunkelmodus standardmäßig.",
        "Das Update schaltet den Dunkelmodus standardmäßig aus.",
        "contradicted",
        "direction",
    ),
]


#: "A pays B a fee" / "A is paid a fee by B": the thing given may stand between the arguments of the passive.
PAID_BY = [
    (
        "en",
        "Under the lease, Calder Logistics will pay Brightway Storage a monthly fee for warehouse space.",
        "Calder Logistics will be paid a monthly fee by Brightway Storage for warehouse space.",
        "contradicted",
        "role",
    ),
    (
        "en",
        "Under the lease, Calder Logistics will pay Brightway Storage a monthly fee for warehouse space.",
        "Brightway Storage will be paid a monthly fee by Calder Logistics for warehouse space.",
        "supported",
        None,
    ),
    (
        "en",
        "The city paid the contractor a bonus for early completion.",
        "The contractor was paid a bonus by the city for early completion.",
        "supported",
        None,
    ),
    (
        "en",
        "The city paid the contractor a bonus for early completion.",
        "The city was paid a bonus by the contractor for early completion.",
        "contradicted",
        "role",
    ),
]


#: A negation said of a word the other side says unnegated, in another order ("drops support" / "remains supported");
#: a word that opens a sentence ("Laut Vertrag") is not among the words the rest must say.
NEGATED_WORD_SAID_ELSEWHERE = [
    (
        "en",
        "Release 5.0 drops support for the legacy sync API.",
        "The legacy sync API remains supported in release 5.0.",
        "contradicted",
        "negation",
    ),
    (
        "de",
        "Nach § 9 des Mietvertrags ist eine Kündigung per Fax zulässig.",
        "Laut Mietvertrag ist es unzulässig, per Fax zu kündigen.",
        "contradicted",
        "negation",
    ),
    (
        "de",
        "Nach § 9 des Mietvertrags ist eine Kündigung per Fax zulässig.",
        "Laut Mietvertrag darf man per Fax kündigen.",
        "not supported",
        None,
    ),
]


#: Two groups one bound parts ("children under 12" / "children over 12"): what is said of one is not said of the other.
OTHER_GROUPS = [
    (
        "en",
        "Children under 12 must not take this medicine.",
        "Children over 12 can take this medicine.",
        "not supported",
        None,
    ),
    (
        "en",
        "Children under 12 must not take this medicine.",
        "Children under 12 can take this medicine.",
        "contradicted",
        "negation",
    ),
    (
        "de",
        "Kinder unter 12 Jahren dürfen das Mittel nicht einnehmen.",
        "Kinder über 12 Jahren dürfen das Mittel einnehmen.",
        "not supported",
        None,
    ),
    (
        "en",
        "The dam is over 40 metres high.",
        "The dam is under 40 metres high.",
        "contradicted",
        "direction",
    ),
]


#: "Not only … but also" says both: its "only" restricts nothing, and a claim that negates either half contradicts it.
NOT_ONLY_BUT_ALSO = [
    (
        "en",
        "The backpack is not only waterproof but also has a laptop compartment.",
        "The backpack has a laptop compartment but is not waterproof.",
        "contradicted",
        "negation",
    ),
    (
        "pt",
        "A mochila não só é impermeável como também tem compartimento para portátil.",
        "A mochila tem compartimento para portátil, mas não é impermeável.",
        "contradicted",
        "negation",
    ),
    (
        "en",
        "The backpack is not only waterproof but also has a laptop compartment.",
        "The backpack is waterproof and has a laptop compartment.",
        "supported",
        None,
    ),
]


#: A Chinese digit before a measure word is a number (三年, 两片); a number the evidence holds only as a day or month
#: of a date ("3 March", 3月) does not say the claim's amount.
DIGITS_BEFORE_MEASURES = [
    (
        "zh",
        "本合同有效期为三年，自签订之日起计算。",
        "自签订之日起，本合同的有效期为五年。",
        "contradicted",
        "number",
    ),
    (
        "zh",
        "本合同有效期为三年，自签订之日起计算。",
        "自签订之日起，本合同的有效期为三年。",
        "supported",
        None,
    ),
    (
        "zh",
        "该租赁合同自2024年3月1日起生效，租期为五年。",
        "这份租赁合同的租期为三年。",
        "contradicted",
        "number",
    ),
    (
        "zh",
        "无论室外温度高低，这款保温杯都能让饮品保温十二小时。",
        "这款保温杯可使饮品保温12个小时。",
        "not supported",
        None,
    ),
    ("zh", "这款产品不适合三岁以下儿童使用。", "三岁以下儿童不宜使用这款产品。", "supported", None),
    (
        "en",
        "The lease took effect on 3 March 2024 and runs for five years.",
        "The lease runs for three years.",
        "contradicted",
        "number",
    ),
    (
        "en",
        "The lease took effect on 3 March 2024 and runs for three years.",
        "The lease runs for three years.",
        "supported",
        None,
    ),
]


#: A verb of abstaining or avoiding ("verzichten", "avoid") says not doing: what the claim says is done there is excluded
#: when it is a use (drinking, taking), and not said otherwise.
KEEPING_FROM = [
    (
        "de",
        "Während der Schwangerschaft sollte auf Alkohol verzichtet werden.",
        "In der Schwangerschaft sollte kein Alkohol getrunken werden.",
        "supported",
        None,
    ),
    (
        "de",
        "Während der Schwangerschaft sollte auf Alkohol verzichtet werden.",
        "In der Schwangerschaft sollte Alkohol getrunken werden.",
        "contradicted",
        "negation",
    ),
    (
        "en",
        "Patients should avoid alcohol during treatment.",
        "Patients may drink alcohol during treatment.",
        "not supported",
        None,
    ),
    (
        "en",
        "Patients should avoid alcohol during treatment.",
        "Patients should abstain from alcohol during treatment.",
        "supported",
        None,
    ),
]


#: A German verb that closes the clause and says "no longer" of the word before it ("hat ihren Betrieb eingestellt"):
#: the claim's "nicht mehr in Betrieb" says the same, its plain "in Betrieb" the opposite.
CLOSING_IMPLICATIVES = [
    (
        "de",
        "Die Brauerei Kessler hat im vergangenen Herbst ihren Betrieb eingestellt.",
        "Die Brauerei Kessler ist nicht mehr in Betrieb.",
        "supported",
        None,
    ),
    (
        "de",
        "Das Stahlwerk in Lindenau hat den Betrieb im Jahr 2020 eingestellt.",
        "Das Stahlwerk in Lindenau ist seit 2020 nicht mehr in Betrieb.",
        "supported",
        None,
    ),
    (
        "de",
        "Die Brauerei Kessler hat ihren Betrieb eingestellt.",
        "Die Brauerei Kessler ist in Betrieb.",
        "contradicted",
        "negation",
    ),
    (
        "de",
        "Die Brauerei Kessler hat ihren Betrieb eingestellt.",
        "Die Brauerei Kessler ist weiterhin in Betrieb.",
        "not supported",
        None,
    ),
]


#: A German noun the evidence does not hold is no name that must be in it ("das Mittel" for "das
#: Präparat", "Zentimetern") while the evidence holds as many nouns the claim does not say; one more
#: ("und in die Schweiz") or another compound of its head ("Strompreise" / "Gaspreise") still is.
#: And "siegte" / "unterlag", "sank" / "nahm … zu", in sentences said in another order.
GERMAN_NOUNS_ARE_NO_NAMES = [
    (
        "de",
        "Das Präparat ist für Kinder ungeeignet.",
        "Für Kinder ist das Mittel nicht geeignet.",
        "supported",
        None,
    ),
    (
        "de",
        "Die Firma liefert nach Österreich.",
        "Die Firma liefert nach Österreich und in die Schweiz.",
        "not supported",
        None,
    ),
    (
        "de",
        "Die Kühl-Gefrier-Kombination KG 400 ist genau 1,85 Meter hoch.",
        "Die Kühl-Gefrier-Kombination KG 400 hat eine Höhe von 185 Zentimetern.",
        "supported",
        None,
    ),
    (
        "de",
        "Die Stadtwerke Halberg erhöhen zum 1. April die Gaspreise um acht Prozent.",
        "Die Stadtwerke Halberg erhöhen zum 1. April auch die Strompreise.",
        "not supported",
        None,
    ),
    (
        "de",
        "Bei der Herbstregatta vor Strandholm siegte die Crew der Jacht Möwenflug.",
        "Die Mannschaft der Möwenflug unterlag bei der Herbstregatta vor Strandholm.",
        "contradicted",
        "direction",
    ),
    (
        "de",
        "Bei der Herbstregatta vor Strandholm siegte die Crew der Jacht Möwenflug.",
        "Die Mannschaft der Möwenflug gewann die Herbstregatta vor Strandholm.",
        "supported",
        None,
    ),
    (
        "de",
        "Die Einwohnerzahl von Wendelsee sank zwischen 1950 und 1990 deutlich.",
        "Zwischen 1950 und 1990 nahm die Bevölkerung von Wendelsee zu.",
        "contradicted",
        "direction",
    ),
]


#: A prohibition said with a negation on one side and a word of its own on the other (禁止 / 不得, "vietato" / "non ammessi"):
#: one thing; 禁止 against a plain 可以 is the opposite.
PROHIBITIONS_IN_OTHER_WORDS = [
    ("zh", "严重肝病患者禁止服用本品。", "严重肝病患者不得服用本品。", "supported", None),
    ("zh", "景区内严禁吸烟。", "景区内不准吸烟。", "supported", None),
    ("zh", "严重肝病患者禁止服用本品。", "严重肝病患者可以服用本品。", "contradicted", "negation"),
    (
        "it",
        "Nel Museo civico di Castelbruno l'ingresso ai cani è vietato.",
        "I cani non sono ammessi nel Museo civico di Castelbruno.",
        "supported",
        None,
    ),
]


#: "kein … mehr", "geen … meer" say "no longer" of the verb, not "none" of the noun; the claim's "carecen de" says the
#: evidence's "sin" in words of its own, so a negation before it makes no double negation.
NO_LONGER_WITH_A_NOUN = [
    (
        "nl",
        "Vanaf versie 9 ondersteunt de app geen Android-toestellen ouder dan versie 10 meer.",
        "Toestellen met Android ouder dan versie 10 worden sinds versie 9 van de app niet langer ondersteund.",
        "supported",  # "niet langer" is "no longer", as "geen … meer" is
        None,
    ),
    (
        "de",
        "Ab Version 9 unterstützt die App keine Geräte mit Android 9 mehr.",
        "Geräte mit Android 9 werden seit Version 9 der App unterstützt.",
        "contradicted",
        "negation",
    ),
    (
        "es",
        "A partir de la versión 2.8, la API deja de aceptar tokens sin fecha de caducidad.",
        "Los tokens que carecen de fecha de caducidad ya no son aceptados por la API desde la versión 2.8.",
        "supported",
        None,
    ),
]


#: Permission and prohibition are contradictories, in every form: "does not allow" is "forbids", and "allows"
#: against "prohibits" stays a conflict.
PERMISSION_BOTH_WAYS = [
    ("en", "The gallery does not allow photography.", "The gallery forbids photography.", "supported", None),
    (
        "de",
        "Die Galerie erlaubt das Fotografieren nicht.",
        "Die Galerie verbietet das Fotografieren.",
        "supported",
        None,
    ),
    ("es", "El museo no permite fotografías.", "El museo prohíbe las fotografías.", "supported", None),
    ("it", "Il museo non permette le foto.", "Il museo vieta le foto.", "supported", None),
    (
        "nl",
        "Het museum staat fotograferen niet toe.",
        "Fotograferen is verboden in het museum.",
        "supported",
        None,
    ),
    ("pt", "O museu não permite fotografias.", "O museu proíbe fotografias.", "supported", None),
    (
        "en",
        "The gallery allows photography.",
        "The gallery prohibits photography.",
        "contradicted",
        "direction",
    ),
    ("fr", "Le musée autorise les photos.", "Le musée interdit les photos.", "contradicted", "direction"),
]


#: "Meer" / "minder", "più" / "meno", "mais" / "menos" turn a comparison round: the same comparison with the
#: terms swapped is said; with the terms kept it is a conflict.
MORE_AND_LESS_TURNED = [
    (
        "nl",
        "De Falco 5 verkocht vorig jaar meer toestellen dan de Pixelon Air.",
        "Vorig jaar werden van de Pixelon Air minder toestellen verkocht dan van de Falco 5.",
        "supported",
        None,
    ),
    (
        "it",
        "La Falco 5 ha venduto più apparecchi della Pixelon Air.",
        "La Pixelon Air ha venduto meno apparecchi della Falco 5.",
        "supported",
        None,
    ),
    (
        "it",
        "La Falco 5 ha venduto più apparecchi della Pixelon Air.",
        "La Falco 5 ha venduto meno apparecchi della Pixelon Air.",
        "contradicted",
        "direction",
    ),
    (
        "pt",
        "O Falco 5 vendeu mais aparelhos do que o Pixelon Air.",
        "O Pixelon Air vendeu menos aparelhos do que o Falco 5.",
        "supported",
        None,
    ),
    (
        "pt",
        "O Falco 5 vendeu mais aparelhos do que o Pixelon Air.",
        "O Falco 5 vendeu menos aparelhos do que o Pixelon Air.",
        "contradicted",
        "direction",
    ),
]


#: "Sämtliche" is "all" and "Einzelne" "some"; "Zahlreiche", "Viele", "Numerosos", "Muchos" opening a sentence
#: are no names. A company that opens one still is.
QUANTITY_WORDS_OPEN_A_SENTENCE = [
    (
        "de",
        "Sämtliche Prüfungen können auf Englisch abgelegt werden.",
        "Einzelne Prüfungen können auf Englisch abgelegt werden.",
        "supported",
        None,
    ),
    (
        "de",
        "Einzelne Prüfungen können auf Englisch abgelegt werden.",
        "Sämtliche Prüfungen können auf Englisch abgelegt werden.",
        "not supported",
        None,
    ),
    (
        "de",
        "Keine Prüfung kann auf Englisch abgelegt werden.",
        "Einzelne Prüfungen können auf Englisch abgelegt werden.",
        "contradicted",
        "quantifier",
    ),
    (
        "de",
        "Zahlreiche Besucher kamen zur Eröffnung des Museums.",
        "Viele Besucher kamen zur Eröffnung des Museums.",
        "supported",
        None,
    ),
    (
        "es",
        "Numerosos visitantes acudieron al museo.",
        "Muchos visitantes acudieron al museo.",
        "supported",
        None,
    ),
    ("de", "Siemens baute das Werk.", "Bosch baute das Werk.", "contradicted", "name"),
]


#: Chinese 由 marks the agent as 被 does (not in 由于); 未被 negates the verb after 被; a time or a modal between
#: two parties (每月, 应在) is no predicate they swap around, unless the same preposition (向) marks both.
CHINESE_AGENTS_AND_FRAMES = [
    ("zh", "林晓峰带领团队开发了税务助手。", "开发团队由林晓峰带领。", "supported", None),
    ("zh", "林晓峰带领团队开发了税务助手。", "林晓峰由开发团队带领。", "contradicted", "role"),
    ("zh", "由于暴雨，比赛推迟。", "比赛由于暴雨推迟。", "supported", None),
    ("zh", "孕妇未被纳入该药的临床试验。", "该药的临床试验纳入了孕妇。", "contradicted", "negation"),
    (
        "zh",
        "根据合同，乙方应于每月十日前向甲方支付租金。",
        "根据合同，甲方应在每月十日前收到乙方支付的租金。",
        "supported",
        None,
    ),
    ("zh", "甲方每月五日前向乙方支付租金。", "乙方每月五日前向甲方支付租金。", "contradicted", "role"),
]


#: Numbers said apart: the rest said by derived words ("rétracter" / "rétractation") or Chinese pairs;
#: "Once" opening a clause is no count; "doze" is twelve and Portuguese "dos" no two; a day of a month faces a
#: day of the same month; the same number in another unit of one dimension is a conflict, apart or in
#: one slot, and mAh is a unit of its own.
NUMBERS_IN_OTHER_PLACES = [
    (
        "fr",
        "Le délai de rétractation est de quatorze jours à compter de la réception du bien.",
        "L'acheteur dispose de quarante jours suivant la réception du bien pour se rétracter.",
        "contradicted",
        "number",
    ),
    (
        "zh",
        "白沙塔建于清代，高 45 米，是城中最高的古塔。",
        "作为城中最高的古塔，白沙塔高 54 米。",
        "contradicted",
        "number",
    ),
    (
        "zh",
        "白沙塔建于清代，高 45 米，是城中最高的古塔。",
        "作为城中最高的古塔，白沙塔高 45 米。",
        "supported",
        None,
    ),
    (
        "en",
        "Discard the vaccine 28 days after the vial is first opened.",
        "Once the vial is first opened, discard the vaccine after 14 days.",
        "contradicted",
        "number",
    ),
    (
        "en",
        "The tablets are taken once a day with water.",
        "The tablets are taken twice a day with water.",
        "contradicted",
        "number",
    ),
    (
        "pt",
        "A greve dos professores durou onze dias.",
        "A greve dos professores durou doze dias.",
        "contradicted",
        "number",
    ),
    (
        "pt",
        "A greve dos professores de Vila Nova durou onze dias e terminou com um aumento de 5%.",
        "Após doze dias de greve, os professores de Vila Nova obtiveram um aumento de 5%.",
        "contradicted",
        "number",
    ),
    (
        "de",
        "Das neue Museum, dessen Bau drei Jahre dauerte, öffnet am 13. Mai.",
        "Nach drei Jahren Bau öffnet das neue Museum am 3. Mai.",
        "contradicted",
        "number",
    ),
    (
        "en",
        "The waterfall drops 85 metres into the gorge, the highest in the region.",
        "With a height of 85 feet, the waterfall is the highest in the region.",
        "contradicted",
        "number",
    ),
    (
        "en",
        "The waterfall drops 85 metres into the gorge, the highest in the region.",
        "With a height of 85 metres, the waterfall is the highest in the region.",
        "supported",
        None,
    ),
    (
        "en",
        "The waterfall drops 85 metres into the gorge.",
        "The waterfall drops 85 feet into the gorge.",
        "contradicted",
        "number",
    ),
    ("zh", "这款充电宝容量为 10000 毫安时，重约 200 克。", "这款充电宝重约 0.2 公斤。", "supported", None),
]


#: "Peu à peu" (gradually) and "à peu près" (nearly) hold no "few".
PHRASES_WITHOUT_AN_OPERATOR = [
    (
        "fr",
        "La population du village a diminué peu à peu au XIXe siècle.",
        "Au XIXe siècle, la population du village a diminué progressivement.",
        "supported",
        None,
    ),
    (
        "fr",
        "Le musée a accueilli à peu près 300 visiteurs.",
        "Le musée a accueilli environ 300 visiteurs.",
        "supported",
        None,
    ),
]


#: A verb that only carries the next into a new state ("passou a vir desligada") says nothing of its own: the
#: predicate after it faces the evidence's.
STATE_CHANGE_VERBS = [
    (
        "pt",
        "A versão 5 ativou por padrão a cópia de segurança automática.",
        "Com a versão 5, a cópia de segurança automática passou a vir desligada por padrão.",
        "contradicted",
        "direction",
    ),
    (
        "pt",
        "A versão 5 ativou por padrão a cópia de segurança automática.",
        "Com a versão 5, a cópia de segurança automática passou a vir ligada por padrão.",
        "supported",
        None,
    ),
]


#: A place named in another form on each side ("Nordheimer" / "von Nordheim") is said, so the one other name
#: left (a surname) faces its counterpart.
NAMES_IN_ANOTHER_FORM = [
    (
        "de",
        "Landrat Erik Sandvoss eröffnete am Freitag die Messe in der Halle von Nordheim.",
        "Die Messe in der Nordheimer Halle wurde am Freitag von Landrat Erik Sandberg eröffnet.",
        "contradicted",
        "name",
    ),
    (
        "de",
        "Bürgermeister Jonas Feldmann eröffnete am Sonntag den Markt in Lindau.",
        "Der Lindauer Markt wurde am Sonntag von Bürgermeister Jonas Feldberg eröffnet.",
        "contradicted",
        "name",
    ),
    (
        "de",
        "Bürgermeister Jonas Feldmann eröffnete am Sonntag den Markt in Lindau.",
        "Der Lindauer Markt wurde am Sonntag von Bürgermeister Jonas Feldmann eröffnet.",
        "supported",
        None,
    ),
]


#: "Always" (also "invariably", "stets", "siempre") that the claim adds says more than the evidence: not
#: supported. Where the claim is excluded anyway ("n'est plus" / "est toujours", still) the conflict stands.
ALWAYS_SAYS_MORE = [
    ("en", "The tablet causes drowsiness.", "The tablet always causes drowsiness.", "not supported", None),
    (
        "en",
        "In elderly patients, the tablet can cause drowsiness.",
        "The tablet invariably causes drowsiness in elderly patients.",
        "not supported",
        None,
    ),
    (
        "es",
        "La vacuna puede causar fiebre leve en las primeras horas.",
        "La vacuna siempre causa fiebre leve en las primeras horas.",
        "not supported",
        None,
    ),
    (
        "de",
        "Das Mittel kann leichte Schmerzen rasch lindern.",
        "Das Mittel lindert leichte Schmerzen stets rasch.",
        "not supported",
        None,
    ),
    ("en", "The shop is always closed on Sundays.", "The shop is closed on Sundays.", "supported", None),
    (
        "fr",
        "Ce modèle de perceuse n'est plus fabriqué depuis 2018.",
        "Ce modèle de perceuse est toujours fabriqué.",
        "contradicted",
        "negation",
    ),
]


#: A Chinese negation bears on the pairs right after it: a year the reading moved behind it is in another
#: phrase ("交易金额未予披露"), so it negates nothing the claim says.
CHINESE_NEGATION_IN_ITS_PHRASE = [
    (
        "zh",
        "2021年，蓝湾集团收购了物流初创公司风行，交易金额未予披露。",
        "物流初创公司风行于2021年被蓝湾集团收购。",
        "supported",
        None,
    ),
    ("zh", "该药未被批准用于儿童。", "该药被批准用于儿童。", "contradicted", "negation"),
]


#: Verbs of one sense across a negation said apart ("no guarda" / "se almacenan"), forms the lexicon now reads
#: ("despedidos", "enciende", "baissa"), allowing against rejecting an appeal, and the compass points said with
#: "-ward".
VERBS_OF_ONE_SENSE = [
    (
        "es",
        "El programa no guarda las contraseñas en el servidor.",
        "Las contraseñas se almacenan en el servidor del programa.",
        "contradicted",
        "negation",
    ),
    (
        "pt",
        "O aplicativo não exibe anúncios na versão paga.",
        "Na versão paga, o aplicativo mostra anúncios.",
        "contradicted",
        "negation",
    ),
    ("fr", "Le sirop contient du sucre ajouté.", "Le sirop renferme du sucre ajouté.", "supported", None),
    (
        "es",
        "La empresa contrató a cien trabajadores en mayo.",
        "En mayo, cien empleados fueron despedidos por la empresa.",
        "contradicted",
        "direction",
    ),
    (
        "en",
        "The appeal was rejected by the court in June.",
        "In June the court allowed the appeal.",
        "contradicted",
        "direction",
    ),
    (
        "es",
        "El sistema enciende la luz cuando anochece.",
        "El sistema apaga la luz cuando anochece.",
        "contradicted",
        "direction",
    ),
    (
        "fr",
        "En 2010, le niveau du lac baissa de deux mètres.",
        "En 2010, le niveau du lac est monté de deux mètres.",
        "contradicted",
        "direction",
    ),
    (
        "en",
        "The river flows south into the lake.",
        "The river flows northward into the lake.",
        "contradicted",
        "direction",
    ),
]


#: Frames read with more verbs ("ceduto", "aprendió con", "bezieht von", "livrer"), and a frame verb in a
#: phrase of its own ("tout dégât provoqué par") is not the sentence's.
FRAME_VERBS_AND_CLAUSES = [
    (
        "fr",
        "Selon l'article 4, le preneur doit indemniser le bailleur pour tout dégât provoqué par sa négligence.",
        "D'après l'article 4, le bailleur doit indemniser le preneur pour les dégâts dus à sa négligence.",
        "contradicted",
        "role",
    ),
    (
        "it",
        "La società Valtorre ha ceduto il portiere Rossi al Montebello.",
        "Il Montebello ha venduto il portiere Rossi alla Valtorre.",
        "contradicted",
        "role",
    ),
    (
        "es",
        "La profesora Marta Gil enseñó a nadar a Luis Ortega.",
        "Marta Gil aprendió a nadar con Luis Ortega.",
        "contradicted",
        "role",
    ),
    (
        "es",
        "La profesora Marta Gil enseñó a nadar a Luis Ortega.",
        "Luis Ortega aprendió a nadar con Marta Gil.",
        "supported",
        None,
    ),
    (
        "de",
        "Die Molkerei Alpenhof beliefert seit 2019 das Hotel Seeblick mit Milch.",
        "Seit 2019 bezieht die Molkerei Alpenhof ihre Milch vom Hotel Seeblick.",
        "contradicted",
        "role",
    ),
    (
        "de",
        "Die Molkerei Alpenhof beliefert seit 2019 das Hotel Seeblick mit Milch.",
        "Seit 2019 bezieht das Hotel Seeblick seine Milch von der Molkerei Alpenhof.",
        "supported",
        None,
    ),
    (
        "fr",
        "Le fabricant s'engage à livrer les pièces au client sous dix jours.",
        "C'est le client qui doit livrer les pièces au fabricant sous dix jours.",
        "contradicted",
        "role",
    ),
]


#: A Chinese person named after the same title on each side in a reworded sentence (作家林静秋 / 作家林静春),
#: and drugs in their Romance spellings ("ketoconazol", "amoxicilina"): another one is a conflict.
NAMES_SAID_APART_MORE = [
    (
        "zh",
        "《江南旧梦》是作家周雨晴于1995年出版的小说。",
        "1995年出版的小说《江南旧梦》出自作家周雨春之手。",
        "contradicted",
        "name",
    ),
    (
        "zh",
        "《江南旧梦》是作家周雨晴于1995年出版的小说。",
        "1995年出版的小说《江南旧梦》出自作家周雨晴之手。",
        "supported",
        None,
    ),
    (
        "zh",
        "在昨日的仪式上，青山市市长赵国平为新桥剪彩。",
        "青山市市长孙立新昨日为新桥剪彩。",
        "contradicted",
        "name",
    ),
    (
        "zh",
        "在昨日的仪式上，青山市市长赵国平为新桥剪彩。",
        "青山市市长赵国平昨日为新桥剪彩。",
        "supported",
        None,
    ),
    (
        "es",
        "El principio activo del gel es el ketoconazol.",
        "El gel contiene como principio activo miconazol.",
        "contradicted",
        "name",
    ),
    (
        "pt",
        "O princípio ativo do creme é o cetoconazol.",
        "O creme tem cetoconazol como princípio ativo.",
        "supported",
        None,
    ),
]


#: "Only occasionally" excludes "always" as "only some" excludes "all"; "sometimes" alone is entailed.
ONLY_SOMETIMES = [
    (
        "en",
        "The robot vacuum invariably returns to its dock when the battery is low.",
        "The robot vacuum only occasionally returns to its dock when the battery is low.",
        "contradicted",
        "quantifier",
    ),
    (
        "en",
        "The robot vacuum always returns to its dock when the battery is low.",
        "The robot vacuum only sometimes returns to its dock when the battery is low.",
        "contradicted",
        "quantifier",
    ),
    (
        "en",
        "The robot vacuum always returns to its dock when the battery is low.",
        "The robot vacuum sometimes returns to its dock when the battery is low.",
        "supported",
        None,
    ),
]


#: A negation before a modal and an infinitive auxiliary ("ne peut pas être replié", "non deve essere
#: assunto") negates the participle after it; creating said as generating.
NEGATED_INFINITIVE_AUXILIARIES = [
    (
        "fr",
        "Le casque se replie dans sa housse.",
        "Le casque ne peut pas être replié dans sa housse.",
        "contradicted",
        "negation",
    ),
    (
        "it",
        "Il farmaco va assunto a stomaco pieno.",
        "Il farmaco non deve essere assunto a stomaco pieno.",
        "contradicted",
        "negation",
    ),
    (
        "it",
        "Il programma crea una copia di backup ogni sera.",
        "Il programma non genera una copia di backup ogni sera.",
        "contradicted",
        "negation",
    ),
    (
        "es",
        "La aplicación crea una copia de seguridad cada noche.",
        "La aplicación genera una copia de seguridad cada noche.",
        "supported",
        None,
    ),
]


#: "Until 5 pm" and "not after 5 pm" say one thing: the negation turns the bound round, no conflict. The
#: first day of a range ("from 3 to 13 May") is a day of that month.
BOUNDS_TURNED_ROUND = [
    ("en", "The festival runs from 3 to 13 May.", "The festival starts on 3 May.", "supported", None),
    (
        "it",
        "Il museo è aperto dalle 9 alle 18 e l'ingresso è consentito fino alle 17.",
        "L'ingresso al museo non è consentito dopo le 17.",
        "not supported",
        None,
    ),
    ("en", "Entry is allowed until 5 pm.", "Entry is not allowed after 5 pm.", "not supported", None),
    ("en", "Entry is allowed until 5 pm.", "Entry is allowed until 6 pm.", "contradicted", "number"),
]


#: A German noun a number counts ("48 000 Menschen" / "48.000 Einwohner") is no name to swap; a surname still is.
COUNTED_NOUNS_ARE_NO_NAMES = [
    (
        "de",
        "Die Stadt zählt rund 48.000 Einwohner.",
        "In der Stadt leben etwa 48 000 Menschen.",
        "not supported",
        None,
    ),
    (
        "de",
        "Die Gemeinde zählt rund 3.000 Einwohner.",
        "In der Gemeinde leben etwa 3000 Menschen.",
        "not supported",
        None,
    ),
    (
        "de",
        "Den Roman schrieb die Autorin Anna Berg im Jahr 2019.",
        "Den Roman schrieb die Autorin Anna Roth im Jahr 2019.",
        "contradicted",
        "name",
    ),
]


#: No false conflict from three readings: a rate in other words ("alle acht Stunden" / "dreimal täglich"), other
#: days ("open from Monday to Friday" / "closed at weekends"), and "only" that excludes what the evidence
#: negates ("does not accept cash" / "only accepts cards"). The same rate, day or object otherwise is a conflict.
RATES_TIMES_AND_ONLY = [
    (
        "de",
        "Das Medikament wird alle acht Stunden eingenommen.",
        "Das Medikament wird dreimal täglich eingenommen.",
        "supported",
        None,
    ),
    (
        "de",
        "Das Medikament wird alle acht Stunden eingenommen.",
        "Das Medikament wird zweimal täglich eingenommen.",
        "contradicted",
        "number",
    ),
    (
        "en",
        "The clinic is open from Monday to Friday.",
        "The clinic is closed at weekends.",
        "not supported",
        None,
    ),
    ("en", "The clinic is open on Mondays.", "The clinic is closed on Mondays.", "contradicted", "direction"),
    ("en", "The store does not accept cash.", "The store only accepts cards.", "not supported", None),
    ("en", "The store does not accept cards.", "The store only accepts cards.", "contradicted", "negation"),
    (
        "en",
        "The app tracks steps but not sleep.",
        "The app not only tracks steps but also monitors sleep.",
        "contradicted",
        "negation",
    ),
]


#: Comparisons of one dimension said in other words: a verb that measures it ("weighs less than"),
#: an adverb ("plus lentement" / "moins vite"), a comparative that takes its second term without
#: "than" ("predates", "anterior a", "überragt"); age and time are one dimension. Swapped terms
#: with one sign are a role swap; with the other, the same order (no conflict).
COMPARED_IN_OTHER_WORDS = [
    (
        "en",
        "The Orla kettle is lighter than the Brix kettle.",
        "The Brix kettle weighs less than the Orla kettle.",
        "contradicted",
        "role",
    ),
    (
        "en",
        "The Orla kettle is lighter than the Brix kettle.",
        "The Orla kettle weighs less than the Brix kettle.",
        "supported",
        None,
    ),
    (
        "fr",
        "Le modèle Alto est plus lourd que le modèle Brio.",
        "Le modèle Brio pèse plus que le modèle Alto.",
        "contradicted",
        "role",
    ),
    (
        "fr",
        "Le sirop agit plus lentement que le comprimé.",
        "Le comprimé agit moins vite que le sirop.",
        "contradicted",
        "role",
    ),
    (
        "fr",
        "Le sirop agit plus lentement que le comprimé.",
        "Le sirop agit moins vite que le comprimé.",
        "not supported",
        None,
    ),
    (
        "es",
        "La ermita de San Blas es más antigua que la iglesia mayor.",
        "La iglesia mayor es anterior a la ermita de San Blas.",
        "contradicted",
        "role",
    ),
    (
        "es",
        "La ermita de San Blas es más antigua que la iglesia mayor.",
        "La ermita de San Blas es anterior a la iglesia mayor.",
        "supported",
        None,
    ),
    (
        "en",
        "The old mill is older than the chapel.",
        "The chapel predates the old mill.",
        "contradicted",
        "role",
    ),
    ("en", "The old mill is older than the chapel.", "The old mill predates the chapel.", "supported", None),
    (
        "de",
        "Der Nordturm ist höher als der Südturm.",
        "Der Südturm überragt den Nordturm.",
        "contradicted",
        "role",
    ),
    (
        "de",
        "Der Nordturm ist höher als der Südturm.",
        "Der Nordturm überragt den Südturm.",
        "supported",
        None,
    ),
    (
        "it",
        "Il treno regionale è più lento del pullman.",
        "Il pullman è meno veloce del treno regionale.",
        "contradicted",
        "role",
    ),
    ("nl", "De brug is langer dan de tunnel.", "De tunnel is korter dan de brug.", "supported", None),
    (
        "pt",
        "O museu é mais antigo que a biblioteca.",
        "A biblioteca é anterior ao museu.",
        "contradicted",
        "role",
    ),
]


#: Refusing and forbidding in words of their own: "ne … pas" bears on a verb that means "not" between
#: them ("n'interdit pas" says they may: no conflict), a verb whose particle closes the clause says
#: "not" ("sluit … uit"), "lehnte es ab, … zu" and "refusé d'" are "refused to", Chinese 拒绝 before
#: what it refuses (not after what was rejected: 被市议会拒绝了).
REFUSING_AND_FORBIDDING = [
    (
        "fr",
        "Le règlement n'interdit pas aux membres de vendre leurs parts.",
        "Selon le règlement, les membres ont le droit de vendre leurs parts.",
        "not supported",
        None,
    ),
    (
        "fr",
        "Le règlement n'interdit pas aux membres de vendre leurs parts.",
        "Le règlement interdit aux membres de vendre leurs parts.",
        "contradicted",
        "negation",
    ),
    (
        "fr",
        "Le règlement ne permet pas aux membres de vendre leurs parts.",
        "Les membres peuvent vendre leurs parts selon le règlement.",
        "contradicted",
        "negation",
    ),
    (
        "nl",
        "Volgens de regels mag de huurder de woning niet onderverhuren.",
        "De regels sluiten onderverhuur door de huurder uit.",
        "not supported",
        None,
    ),
    (
        "de",
        "Der Stadtrat lehnte es ab, den Bauantrag zu genehmigen.",
        "Der Stadtrat genehmigte den Bauantrag.",
        "contradicted",
        "negation",
    ),
    (
        "de",
        "Der Stadtrat wollte den Bauantrag nicht genehmigen.",
        "Der Stadtrat lehnte es ab, den Bauantrag zu genehmigen.",
        "supported",
        None,
    ),
    (
        "fr",
        "Le ministre a refusé d'approuver le projet.",
        "Le ministre a approuvé le projet.",
        "contradicted",
        "negation",
    ),
    ("zh", "市长拒绝就此事发表评论。", "市长就此事发表了评论。", "contradicted", "negation"),
    ("zh", "市议会拒绝了该方案。", "该方案被市议会拒绝了。", "supported", None),
]


#: Advice against said as advice to avoid ("déconseillé" / "recommandé … d'éviter"); a span of time in
#: another unit of any lexicon language ("3 Tage" / "3 Wochen"), also where the number alone holds the
#: slot; a clause a concessive opens that closes before the verb ("trotz der Schließung des Werks,");
#: switching on and off said with other verbs, depending as relying, "concluyó" read to its verb.
SAID_IN_OTHER_WORDS_56 = [
    (
        "fr",
        "Ce médicament est déconseillé aux enfants.",
        "Il est recommandé aux enfants d'éviter ce médicament.",
        "supported",
        None,
    ),
    (
        "fr",
        "Ce médicament est déconseillé aux enfants.",
        "Ce médicament est recommandé aux enfants.",
        "contradicted",
        "direction",
    ),
    (
        "en",
        "The token expires after 15 minutes.",
        "The token expires after 15 seconds.",
        "contradicted",
        "number",
    ),
    ("fr", "La garantie couvre 3 ans.", "La garantie couvre 3 mois.", "contradicted", "number"),
    ("de", "Die Lieferung dauert 3 Tage.", "Die Lieferung dauert 3 Wochen.", "contradicted", "number"),
    ("de", "Die Lieferung dauert 3 Tage.", "Die Lieferung dauert drei Tage.", "supported", None),
    (
        "en",
        "The session timeout is set to 30 minutes.",
        "Sessions expire after 30 seconds.",
        "contradicted",
        "number",
    ),
    ("en", "The test takes 30 min.", "The test takes 30 minutes.", "supported", None),
    (
        "de",
        "Die Quote ist im Mai, trotz der Schließung des Werks, leicht gesunken.",
        "Im Mai nahm die Quote leicht zu.",
        "contradicted",
        "direction",
    ),
    (
        "es",
        "La versión 3 habilita por defecto el cifrado.",
        "En la versión 3, el cifrado viene desactivado por defecto.",
        "contradicted",
        "direction",
    ),
    (
        "en",
        "The scheduler depends on the cache library.",
        "The cache library relies on the scheduler.",
        "contradicted",
        "role",
    ),
    (
        "en",
        "The scheduler depends on the cache library.",
        "The scheduler relies on the cache library.",
        "supported",
        None,
    ),
    ("es", "El equipo terminó la obra en junio.", "El equipo concluyó la obra en junio.", "supported", None),
]


#: A name or drug the evidence passes over for another ("rather than", "plutôt que", "statt", "en lugar
#: de", "invece del") put in the other's place by the claim; and frame verbs of more forms ("absorveu" /
#: "incorporou", "entraîné", "levert").
PASSED_OVER = [
    (
        "en",
        "For migraine, the clinic prescribes Zolmera rather than Kavitrex.",
        "For migraine, the clinic prescribes Kavitrex.",
        "contradicted",
        "name",
    ),
    (
        "en",
        "For migraine, the clinic prescribes Zolmera rather than Kavitrex.",
        "For migraine, the clinic prescribes Zolmera.",
        "supported",
        None,
    ),
    (
        "en",
        "For migraine, the clinic prescribes Zolmera rather than Kavitrex.",
        "The clinic prescribes Kavitrex rather than Zolmera for migraine.",
        "contradicted",
        "role",
    ),
    (
        "fr",
        "Pour les nourrissons, le pédiatre conseille le Calmidol plutôt que le Fervex.",
        "Pour les nourrissons, le pédiatre conseille le Fervex.",
        "contradicted",
        "name",
    ),
    (
        "de",
        "Bei Kindern wird statt Dolorex das Präparat Kalmon empfohlen.",
        "Bei Kindern wird das Präparat Dolorex empfohlen.",
        "contradicted",
        "name",
    ),
    (
        "es",
        "Para los niños, el centro recomienda Termalín en lugar de Dolcex.",
        "Para los niños, el centro recomienda Dolcex.",
        "contradicted",
        "name",
    ),
    (
        "it",
        "Per i bambini, il reparto usa il Febrilin invece del Doloran.",
        "Per i bambini, il reparto usa il Doloran.",
        "contradicted",
        "name",
    ),
    (
        "pt",
        "A empresa Alvor vendeu a fábrica à Cais Capital.",
        "A Cais Capital vendeu a fábrica à empresa Alvor.",
        "contradicted",
        "role",
    ),
    (
        "pt",
        "Em 1911, a Tipografia Estrela absorveu a oficina de Saldanha.",
        "A oficina de Saldanha incorporou a Tipografia Estrela em 1911.",
        "contradicted",
        "role",
    ),
    (
        "fr",
        "La panne du serveur a entraîné la perte des données.",
        "La perte des données a entraîné la panne du serveur.",
        "contradicted",
        "role",
    ),
    (
        "nl",
        "De firma Bakker levert de onderdelen aan Verhoef.",
        "Verhoef levert de onderdelen aan de firma Bakker.",
        "contradicted",
        "role",
    ),
]


#: Number words of another sense read as numbers before what they count ("sept jours", "due volte",
#: "elf jaar", "un mois", "eine Woche"), not "un minuto y medio"; a span of time converted between units,
#: not where a smaller unit goes on ("2 horas, 8 minutos"); "twice an hour" has no French year in it,
#: "all'incirca" no English "all".
COUNTED_IN_WORDS = [
    ("fr", "Le traitement dure sept jours.", "Le traitement dure dix jours.", "contradicted", "number"),
    ("fr", "Le traitement dure sept jours.", "Le traitement dure 7 jours.", "supported", None),
    (
        "it",
        "La pomata va applicata due volte al giorno.",
        "La pomata va applicata tre volte al giorno.",
        "contradicted",
        "number",
    ),
    ("nl", "De garantie geldt elf jaar.", "De garantie geldt twaalf jaar.", "contradicted", "number"),
    (
        "fr",
        "Le dépôt de garantie est fixé à un mois de loyer.",
        "Le dépôt de garantie s'élève à deux mois de loyer.",
        "contradicted",
        "number",
    ),
    ("de", "Die Frist beträgt eine Woche.", "Die Frist beträgt sieben Tage.", "supported", None),
    ("en", "The trial lasts 7 days.", "The trial lasts one week.", "supported", None),
    (
        "es",
        "La maratón la ganó Okoro con 2 horas, 8 minutos y 3 segundos.",
        "Okoro ganó la maratón en 128 minutos y 3 segundos.",
        "not supported",
        None,
    ),
    (
        "es",
        "La actualización tarda 90 segundos.",
        "La actualización lleva un minuto y medio.",
        "supported",  # "un minuto y medio" is 1.5 minutes: 90 seconds
        None,
    ),
    ("en", "The ferry leaves every 30 minutes.", "The ferry departs twice an hour.", "not supported", None),
    ("it", "Il volo dura circa due ore.", "Il volo dura all'incirca 2 ore.", "supported", None),
]


#: Contraries of growing and shrinking, switching on and off, ending and renewing, easing and
#: worsening, in their inflected forms ("s'éteint", "reconduit", "gedaald", "recuou"); Chinese 多数 is
#: "most", which says more than 部分 ("some").
CONTRARIES_56 = [
    (
        "fr",
        "Le voyant rouge s'allume quand la batterie est faible.",
        "Le voyant rouge s'éteint quand la batterie est faible.",
        "contradicted",
        "direction",
    ),
    (
        "fr",
        "Le contrat a été résilié par le bailleur en mars.",
        "En mars, le bailleur a reconduit le contrat.",
        "contradicted",
        "direction",
    ),
    (
        "de",
        "Die Stadt erweiterte 2019 den Busbahnhof.",
        "Die Stadt verkleinerte 2019 den Busbahnhof.",
        "contradicted",
        "direction",
    ),
    (
        "it",
        "Durante la notte il temporale si è attenuato.",
        "Durante la notte il temporale si è intensificato.",
        "contradicted",
        "direction",
    ),
    (
        "pt",
        "O preço do trigo recuou 5% em março.",
        "O preço do trigo subiu 5% em março.",
        "contradicted",
        "direction",
    ),
    (
        "pt",
        "A nova terapia reduziu a dor dos pacientes.",
        "A nova terapia agravou a dor dos pacientes.",
        "contradicted",
        "direction",
    ),
    (
        "nl",
        "Het aantal bezoekers is dit jaar toegenomen.",
        "Dit jaar is het aantal bezoekers gedaald.",
        "contradicted",
        "direction",
    ),
    (
        "en",
        "Caffeine amplifies the effect of the drug.",
        "The effect of the drug is weakened by caffeine.",
        "contradicted",
        "direction",
    ),
    (
        "es",
        "La aseguradora aceptó la reclamación del cliente.",
        "La aseguradora desestimó la reclamación del cliente.",
        "contradicted",
        "direction",
    ),
    (
        "fr",
        "La batterie de la nouvelle version offre une capacité accrue.",
        "La batterie de la nouvelle version a une capacité réduite.",
        "contradicted",
        "direction",
    ),
    (
        "fr",
        "La myopie de la patiente s'est stabilisée.",
        "La myopie de la patiente s'est aggravée.",
        "contradicted",
        "direction",
    ),
    (
        "zh",
        "临床观察显示，部分患者出现轻度嗜睡。",
        "临床观察显示，大多数患者出现轻度嗜睡。",
        "not supported",
        None,
    ),
]


#: A verb read with its English particle ("switches off", "turned down", "voted down") in its slot or said
#: apart, its inflected form reduced to the lexicon's phrase.
VERBS_WITH_PARTICLES = [
    (
        "en",
        "The router enables remote access by default.",
        "The router switches off remote access by default.",
        "contradicted",
        "direction",
    ),
    (
        "en",
        "The router switches off remote access by default.",
        "The router enables remote access by default.",
        "contradicted",
        "direction",
    ),
    (
        "en",
        "The router turns on remote access by default.",
        "The router enables remote access by default.",
        "supported",
        None,
    ),
    (
        "en",
        "The beta build enables crash reports by default for new users.",
        "New users of the beta build have crash reports switched off by default.",
        "contradicted",
        "direction",
    ),
    (
        "en",
        "The insurer accepted the tenant's claim for water damage.",
        "The tenant's claim for water damage was turned down by the insurer.",
        "contradicted",
        "direction",
    ),
    (
        "en",
        "The council voted down the proposed cycle lane.",
        "The council endorsed the proposed cycle lane.",
        "contradicted",
        "direction",
    ),
]


#: A Chinese decimal (二点四, 2.4; not 三点五十分, 3:50); Italian "non appena" (as soon as) holds no
#: negation; Chinese 超过 (exceeded) orders two parties.
READ_IN_THEIR_LANGUAGE_56 = [
    ("zh", "这条隧道全长二点四公里。", "这条隧道的长度为两千四百米。", "supported", None),
    ("zh", "这条隧道全长二点四公里。", "这条隧道的长度为四千二百米。", "contradicted", "number"),
    (
        "it",
        "Non appena è arrivata la segnalazione, i tecnici sono intervenuti.",
        "I tecnici sono intervenuti subito dopo la segnalazione.",
        "supported",
        None,
    ),
    (
        "zh",
        "今年第二季度，星澜手机的销量首次超过了云帆手机。",
        "今年第二季度，云帆手机的销量首次超过了星澜手机。",
        "contradicted",
        "role",
    ),
]


#: Everyday contraries in every language (weight, length, width, praise and blame) read in their
#: forms, also with adverbs of degree around them; "privo di" says "does not contain"; a contrary said
#: plainly is no comparison of other terms, a place north of another is; kin seen from the other side
#: ("her brother" / "his sister") is no contrary; an article that counts one ("une personne") faces
#: "deux"; a whole and a half is one number ("deux heures et demie", "zweieinhalb").
CONTRARIES_AND_HALVES_57 = [
    (
        "fr",
        "La valise cabine de cette gamme est très légère.",
        "La valise cabine de cette gamme est assez lourde.",
        "contradicted",
        "direction",
    ),
    (
        "de",
        "Der Akku des Rasenmähers ist erstaunlich schwer.",
        "Der Akku des Rasenmähers ist erstaunlich leicht.",
        "contradicted",
        "direction",
    ),
    (
        "es",
        "El sendero hasta el refugio es largo y empinado.",
        "El sendero hasta el refugio es corto y empinado.",
        "contradicted",
        "direction",
    ),
    (
        "it",
        "La strada che porta al castello è stretta e ripida.",
        "La strada che porta al castello è larga e ripida.",
        "contradicted",
        "direction",
    ),
    (
        "nl",
        "De nieuwe koffer is licht en stevig.",
        "De nieuwe koffer is zwaar en stevig.",
        "contradicted",
        "direction",
    ),
    (
        "pt",
        "A nova mala é leve e resistente.",
        "A nova mala é pesada e resistente.",
        "contradicted",
        "direction",
    ),
    (
        "es",
        "Los críticos elogiaron la puesta en escena del festival.",
        "Los críticos se quejaron de la puesta en escena del festival.",
        "contradicted",
        "direction",
    ),
    (
        "es",
        "La mesa es muy ligera y se pliega en segundos.",
        "La mesa es bastante pesada y se pliega en segundos.",
        "contradicted",
        "direction",
    ),
    (
        "it",
        "Il collirio è privo di conservanti.",
        "Il collirio contiene conservanti.",
        "contradicted",
        "direction",
    ),
    (
        "it",
        "Il collirio è privo di conservanti.",
        "Il collirio non contiene conservanti.",
        "supported",
        None,
    ),
    (
        "de",
        "Die neue Pumpe arbeitet doppelt so schnell wie die alte.",
        "Die alte Pumpe arbeitet langsamer als die neue.",
        "supported",
        None,
    ),
    (
        "it",
        "Il Po è più lungo dell'Adige.",
        "L'Adige è più corto del Po.",
        "supported",
        None,
    ),
    (
        "es",
        "Arden está al norte de Belcourt.",
        "Belcourt está al sur de Arden.",
        "supported",
        None,
    ),
    (
        "en",
        "The will names her son, Paul Kerr, as executor and leaves the house to his sister, Ruth Kerr.",
        "Ruth Kerr receives the house, and her brother Paul is named executor.",
        "supported",
        None,
    ),
    (
        "fr",
        "La chambre standard est prévue pour une personne.",
        "La chambre standard est prévue pour deux personnes.",
        "contradicted",
        "number",
    ),
    (
        "de",
        "Das Ticket gilt für eine Person.",
        "Das Ticket gilt für zwei Personen.",
        "contradicted",
        "number",
    ),
    (
        "fr",
        "La chambre standard est prévue pour deux personnes.",
        "La chambre standard est conçue pour deux personnes.",
        "supported",
        None,
    ),
    (
        "en",
        "The flight takes two and a half hours.",
        "The flight takes 150 minutes.",
        "supported",
        None,
    ),
    (
        "fr",
        "Le vol dure deux heures et demie.",
        "Le vol dure 150 minutes.",
        "supported",
        None,
    ),
    (
        "es",
        "El vuelo dura dos horas y media.",
        "El vuelo dura 150 minutos.",
        "supported",
        None,
    ),
    (
        "de",
        "Der Flug dauert zweieinhalb Stunden.",
        "Der Flug dauert 150 Minuten.",
        "supported",
        None,
    ),
    (
        "nl",
        "De vlucht duurt twee en een half uur.",
        "De vlucht duurt 150 minuten.",
        "supported",
        None,
    ),
    (
        "en",
        "The flight takes two and a half hours.",
        "The flight takes 100 minutes.",
        "contradicted",
        "number",
    ),
]

#: A time put first with an adverb of how long ("Kurz nach der Eröffnung", "Kort na de opening") is no
#: argument, and a Dutch common noun after the verb is its subject; minutes said in words after an hour
#: ("las dos y media de la tarde") are read on the clock.
FRONTED_TIMES_58 = [
    (
        "de",
        "Kurz nach der Eröffnung übernahm die Stadt Lindau den Betrieb von der Firma Kessler.",
        "Die Stadt Lindau übernahm den Betrieb kurz nach der Eröffnung von Kessler.",
        "supported",
        None,
    ),
    (
        "de",
        "Lange vor dem Umbau hatte die Familie Berger das Haus an die Gemeinde verkauft.",
        "Die Familie Berger verkaufte das Haus lange vor dem Umbau an die Gemeinde.",
        "supported",
        None,
    ),
    (
        "nl",
        "Kort na de opening nam de gemeente het beheer over van de stichting.",
        "De gemeente nam kort na de opening het beheer van de stichting over.",
        "supported",
        None,
    ),
    (
        "nl",
        "Na de opening nam de gemeente het beheer over van de stichting.",
        "De gemeente nam na de opening het beheer van de stichting over.",
        "supported",
        None,
    ),
    (
        "de",
        "Kurz nach der Eröffnung übernahm die Stadt Lindau den Betrieb von der Firma Kessler.",
        "Kurz nach der Eröffnung übernahm die Firma Kessler den Betrieb von der Stadt Lindau.",
        "contradicted",
        "role",
    ),
    (
        "es",
        "Llegó a las dos y media de la tarde.",
        "Llegó a las 14:30.",
        "supported",
        None,
    ),
    (
        "es",
        "Llegó a las dos y media de la tarde.",
        "Llegó a las 16:30.",
        "contradicted",
        "number",
    ),
]

#: A converse compared with a name read to its end ("das Modell Vento L"); a span not converted keeps
#: its half as words ("un an et demi"); a contrary each side also says in another form ("abre" / "está
#: abierta") is not flipped; "kort na" before a Dutch phrase; verbs of winning by "out-".
NAMED_ALIKE_59 = [
    (
        "fr",
        "Le musée des Beaux-Arts de Corlay a rouvert un an et demi après le début des travaux.",
        "Le musée des Beaux-Arts de Corlay a rouvert dix-huit mois après le début des travaux.",
        "supported",
        None,
    ),
    (
        "de",
        "Das Modell Vento S ist 300 Gramm schwerer als das Modell Vento L.",
        "Das Modell Vento L ist 300 Gramm leichter als das Modell Vento S.",
        "supported",
        None,
    ),
    (
        "es",
        "La tienda Modas Irene abre de lunes a sábado y está cerrada los domingos.",
        "Los domingos la tienda Modas Irene permanece cerrada, mientras que de lunes a sábado está abierta.",
        "supported",
        None,
    ),
    (
        "nl",
        "Kort na de verkiezingen trad wethouder Pieter de Wilde af.",
        "Wethouder Pieter de Wilde trad kort na de verkiezingen af.",
        "supported",
        None,
    ),
    (
        "en",
        "Femke Aalders outsprinted Lotte Vermeer on the last straight.",
        "Lotte Vermeer beat Femke Aalders in the closing sprint.",
        "contradicted",
        "role",
    ),
    (
        "en",
        "Femke Aalders outsprinted Lotte Vermeer on the last straight.",
        "Femke Aalders beat Lotte Vermeer in the closing sprint.",
        "supported",
        None,
    ),
    (
        "de",
        "Das Modell Vento S ist 300 Gramm schwerer als das Modell Vento L.",
        "Das Modell Vento S ist 300 Gramm leichter als das Modell Vento L.",
        "contradicted",
        "direction",
    ),
]

#: Two things joined by "but", "aber", "mais" stand in either order ("short but steep" / "steep but
#: short"); a phrase put first after a focus word ("Auch bei starkem Regen") is no argument; a time
#: with its half ("sept heures et demie") is another time than "huit heures".
JOINED_IN_EITHER_ORDER_60 = [
    (
        "de",
        "Die leichte Jacke schützt auch bei starkem Regen.",
        "Auch bei starkem Regen schützt die leichte Jacke.",
        "supported",
        None,
    ),
    (
        "fr",
        "Le trajet est long mais facile.",
        "Le trajet est facile mais long.",
        "supported",
        None,
    ),
    (
        "de",
        "Der Weg ist kurz, aber steil.",
        "Der Weg ist steil, aber kurz.",
        "supported",
        None,
    ),
    (
        "en",
        "The path is short but steep.",
        "The path is steep but short.",
        "supported",
        None,
    ),
    (
        "fr",
        "Le musée ouvre à sept heures et demie.",
        "Le musée ouvre à huit heures.",
        "contradicted",
        "number",
    ),
]

#: One event told from each side ("lent" / "borrowed", "received" / "presented", "venceu" / "perdeu
#: … para"); a possessive turned into "of" names one owner; a time of day or a clause-opening adverb is
#: no party, nor a score in words; "at no point" and "zu keinem Zeitpunkt" say never;
#: an approximation opening a sentence is no name; "no sooner" negates nothing; an exception said as a
#: condition ("a menos que" / "só … se", "außer wenn" / "sofern … kein", "excepto los lunes" / "cierra
#: los lunes y abre …"); "tres de cada cuatro" is a share. Rows written by hand for the probes of this
#: round.
TOLD_FROM_BOTH_SIDES_61 = [
    (
        "en",
        "The Fenwick Credit Union lent 3 million pounds to the town council of Ashby.",
        "The Fenwick Credit Union borrowed 3 million pounds from the town council of Ashby.",
        "contradicted",
        "direction",
    ),
    (
        "en",
        "The Fenwick Credit Union lent 3 million pounds to the town council of Ashby.",
        "The town council of Ashby lent 3 million pounds to the Fenwick Credit Union.",
        "contradicted",
        "role",
    ),
    (
        "en",
        "The Fenwick Credit Union lent 3 million pounds to the town council of Ashby.",
        "The town council of Ashby borrowed 3 million pounds from the Fenwick Credit Union.",
        "supported",
        None,
    ),
    (
        "en",
        "Senator Lydia Graves received the award from Omar Taleb.",
        "Omar Taleb presented the award to Senator Lydia Graves.",
        "supported",
        None,
    ),
    (
        "en",
        "Senator Lydia Graves received the award from Omar Taleb.",
        "Senator Lydia Graves presented the award to Omar Taleb.",
        "contradicted",
        "role",
    ),
    (
        "en",
        "Dunmore City's stadium, Harrowfield Park, will be expanded to hold 32,000 spectators.",
        "Harrowfield Park, the stadium of Dunmore City, will be expanded to hold 32,000 spectators.",
        "supported",
        None,
    ),
    (
        "fr",
        "Pendant six ans, Jeanne Castel fut l'élève du peintre Aurèle Monge.",
        "Pendant six ans, le peintre Aurèle Monge fut l'élève de Jeanne Castel.",
        "contradicted",
        "role",
    ),
    (
        "it",
        "Domenica il Calcio Montevalle ha battuto il Real Borgoni per tre a zero.",
        "Domenica il Real Borgoni ha perso per tre a zero contro il Calcio Montevalle.",
        "supported",
        None,
    ),
    (
        "de",
        "Gestern Abend rettete die Feuerwehr in Brannstedt zwei Bewohner aus einem brennenden Haus.",
        "Die Feuerwehr rettete gestern Abend in Brannstedt zwei Bewohner aus einem brennenden Haus.",
        "supported",
        None,
    ),
    (
        "en",
        "At no point did the Tessarine Bridge close to traffic during the 2019 renovation works.",
        "The Tessarine Bridge never closed to traffic during the 2019 renovation works.",
        "supported",
        None,
    ),
    (
        "en",
        "No sooner had the Fenwick store opened its doors than the first customers rushed inside.",
        "The first customers rushed into the Fenwick store as soon as it opened its doors.",
        "supported",
        None,
    ),
    (
        "en",
        "About 400 volunteers helped clean the beaches of Calloway Bay last weekend.",
        "Roughly 400 volunteers helped to clean the Calloway Bay beaches last weekend.",
        "supported",
        None,
    ),
    (
        "fr",
        "Environ 300 personnes ont manifesté samedi devant la mairie de Quimbrac.",
        "Quelque 300 personnes ont manifesté samedi devant la mairie de Quimbrac.",
        "supported",
        None,
    ),
    (
        "de",
        "Zu keinem Zeitpunkt war die Trinkwasserversorgung in Oberwenden gefährdet, teilte die Stadt mit.",
        "Die Trinkwasserversorgung in Oberwenden war laut Stadt nie gefährdet.",
        "supported",
        None,
    ),
    (
        "de",
        "Das Hallenbad Seewinkel bleibt montags geschlossen, außer wenn der Montag ein Feiertag ist.",
        "Montags ist das Hallenbad Seewinkel geschlossen, sofern der Montag kein Feiertag ist.",
        "not supported",
        None,
    ),
    (
        "de",
        "Etwa 250 Beschäftigte legten am Montag bei der Firma Stahlwerk Ostheim die Arbeit nieder.",
        "Rund 250 Beschäftigte der Firma Stahlwerk Ostheim streikten am Montag.",
        "supported",
        None,
    ),
    (
        "es",
        "La piscina municipal de Almenara del Río abre todos los días excepto los lunes.",
        "La piscina municipal de Almenara del Río cierra los lunes y abre el resto de la semana.",
        "supported",
        None,
    ),
    (
        "pt",
        "O inquilino não pode ter animais, a menos que o senhorio o autorize por escrito.",
        "O inquilino só pode ter animais se o senhorio o autorizar por escrito.",
        "supported",
        None,
    ),
    (
        "en",
        "At no point did the bridge close to traffic.",
        "The bridge closed to traffic.",
        "contradicted",
        "quantifier",
    ),
    (
        "es",
        "El 74 % de los hogares tiene conexión de fibra.",
        "Casi tres de cada cuatro hogares tienen conexión de fibra.",
        "not supported",
        None,
    ),
    (
        "en",
        "Three out of four households have a fibre connection.",
        "75 % of households have a fibre connection.",
        "supported",
        None,
    ),
]

#: A time of day said in words after its preposition is read on the clock: "à midi", "a mezzogiorno"
#: are 12:00, Dutch "om half vier 's middags" is 15.30 ("15.30 uur" a time, not a decimal; the "s" of
#: "'s middags" no second).
CLOCK_IN_WORDS_62 = [
    (
        "nl",
        "De vergadering van de gemeenteraad begint donderdag om half vier 's middags.",
        "De vergadering van de gemeenteraad begint donderdag om 15.30 uur.",
        "supported",
        None,
    ),
    (
        "nl",
        "De vergadering van de gemeenteraad begint donderdag om half vier 's middags.",
        "De vergadering van de gemeenteraad begint donderdag om 16.30 uur.",
        "contradicted",
        "number",
    ),
    (
        "fr",
        "La conférence débutera à midi dans l'amphithéâtre principal.",
        "La conférence commencera à 12 h dans l'amphithéâtre principal.",
        "supported",
        None,
    ),
    (
        "it",
        "La domenica la farmacia Centrale apre a mezzogiorno.",
        "La domenica la farmacia Centrale apre alle 12:00.",
        "supported",
        None,
    ),
]

#: Chinese said in other words: double negations (没有一个不, 并不是不) negate nothing, 毫无疑问 is "no
#: doubt", 不同意 (disagree) is a negation though 不同 is none, 缺席 says "did not attend", 超过 / 少于
#: compare with the parties turned, 回落 and 下滑 are falls; French, Spanish and Italian fifteen days
#: are two weeks.
CHINESE_IN_OTHER_WORDS_63 = [
    (
        "zh",
        "毫无疑问，此次固件升级显著提高了设备的稳定性。",
        "此次固件升级明显提升了设备的稳定性。",
        "supported",
        None,
    ),
    (
        "zh",
        "网球选手孙琳因伤缺席了本届锦标赛。",
        "因为受伤，网球选手孙琳没有参加本届锦标赛。",
        "supported",
        None,
    ),
    (
        "zh",
        "参加试用的志愿者没有一个不对新产品表示满意。",
        "所有参加试用的志愿者都对新产品表示满意。",
        "supported",
        None,
    ),
    (
        "zh",
        "该玩具并不是不适合儿童使用，只是需要在成人监护下操作。",
        "该玩具可以供儿童使用，但需要在成人监护下操作。",
        "supported",
        None,
    ),
    (
        "zh",
        "董事会拒绝了远泰集团提出的收购要约。",
        "董事会不同意远泰集团提出的收购要约。",
        "supported",
        None,
    ),
    (
        "zh",
        "在本次村委会选举中，刘芳的得票数超过了张涛。",
        "本次村委会选举中，张涛的得票数少于刘芳。",
        "supported",
        None,
    ),
    (
        "zh",
        "在本次村委会选举中，刘芳的得票数超过了张涛。",
        "本次村委会选举中，张涛的得票数超过了刘芳。",
        "contradicted",
        "role",
    ),
    (
        "zh",
        "网球选手孙琳因伤缺席了本届锦标赛。",
        "网球选手孙琳参加了本届锦标赛。",
        "contradicted",
        "negation",
    ),
    (
        "zh",
        "今年绿党的得票率明显上涨。",
        "今年绿党的得票率有所回落。",
        "contradicted",
        "direction",
    ),
    (
        "fr",
        "L'application affiche les horaires des ferries jusqu'à quinze jours à l'avance.",
        "On peut consulter les départs des ferries jusqu'à deux semaines à l'avance.",
        "supported",
        None,
    ),
    (
        "fr",
        "Le délai est de trois semaines.",
        "Le délai est de quinze jours.",
        "contradicted",
        "number",
    ),
    (
        "es",
        "El plazo de devolución es de quince días.",
        "El plazo de devolución es de dos semanas.",
        "supported",
        None,
    ),
]

#: "An hour" is one hour and "an hour and a half" 1.5 (not "a quarter of an hour"); "drieënhalf uur"
#: and "twee uur en een half" are 3.5 and 2.5 hours.
AN_HOUR_64 = [
    (
        "en",
        "The API refreshes its cached list of departures every 90 minutes.",
        "Cached sailing times in the API are renewed at intervals of an hour and a half.",
        "supported",
        None,
    ),
    (
        "en",
        "The meeting lasts an hour.",
        "The meeting lasts two hours.",
        "contradicted",
        "number",
    ),
    (
        "nl",
        "De accu is in drieënhalf uur volledig opgeladen.",
        "De accu is in 210 minuten volledig opgeladen.",
        "supported",
        None,
    ),
    (
        "nl",
        "De behandeling duurt twee uur en een half.",
        "De behandeling duurt 150 minuten.",
        "supported",
        None,
    ),
]

#: Numerals written as words: German and Dutch compounds ("achtundvierzigtausend", "tweehonderdvijftig"),
#: French hundreds ("deux cents", "mille deux cents"), Spanish, Italian and Portuguese hundreds
#: ("trescientas", "duecento"); support removed said with a verb of its own ("entfällt", "rimuove").
NUMERALS_IN_WORDS_66 = [
    (
        "de",
        "Im vergangenen Jahr behandelte die Notaufnahme 48.000 Patienten.",
        "Im vergangenen Jahr behandelte die Notaufnahme achtundvierzigtausend Patienten.",
        "supported",
        None,
    ),
    (
        "de",
        "Die Notaufnahme behandelte 48.000 Patienten.",
        "Die Notaufnahme behandelte achtunddreißigtausend Patienten.",
        "contradicted",
        "number",
    ),
    (
        "nl",
        "De brug is tweehonderdvijftig meter lang.",
        "De brug is 250 meter lang.",
        "supported",
        None,
    ),
    (
        "fr",
        "La grève des contrôleurs aériens a entraîné l'annulation de plus de deux cents vols jeudi.",
        "Jeudi, plus de 200 vols ont été annulés en raison de la grève des contrôleurs aériens.",
        "supported",
        None,
    ),
    (
        "fr",
        "L'usine emploie 1 200 salariés.",
        "L'usine emploie mille deux cents salariés.",
        "supported",
        None,
    ),
    (
        "es",
        "El hotel tiene 300 habitaciones.",
        "El hotel tiene trescientas habitaciones.",
        "supported",
        None,
    ),
    (
        "es",
        "El hotel tiene 300 habitaciones.",
        "El hotel tiene quinientas habitaciones.",
        "contradicted",
        "number",
    ),
    (
        "de",
        "Ab Version 5.0 wird die 32-Bit-Variante nicht mehr unterstützt.",
        "Die Unterstützung für die 32-Bit-Variante entfällt ab Version 5.0.",
        "supported",
        None,
    ),
    (
        "it",
        "La versione 6.1 introduce il tema scuro e rimuove il supporto per Android 8.",
        "Android 8 non è più supportato dalla versione 6.1, che aggiunge anche un tema scuro.",
        "not supported",
        None,
    ),
]

#: Found by hand-written answers in an assistant's words: French "ni" after "ne … pas" agrees with it (a
#: verb that negates does not: "n'ait pas cessé"); "Mio." is a scale, no name; a German plural turns
#: its vowel ("Sturz" / "Stürze"); a decade is ten years.
CONCORD_AND_SCALES_67 = [
    (
        "en",
        "The law firm Delacroix & Webb was dissolved in 1932, two decades after the death of its co-founder Henry Webb.",
        "Delacroix & Webb ceased to exist in 1932, twenty years after co-founder Henry Webb died.",
        "not supported",
        None,
    ),
    (
        "fr",
        "Le musée Ferrand est fermé le mardi et les jours fériés, mais reste ouvert jusqu'à 21 heures le vendredi.",
        "Le musée Ferrand n'ouvre pas le mardi ni les jours fériés, et il ferme à 21 h le vendredi.",
        "supported",
        None,
    ),
    (
        "de",
        "Die Garantie gilt nicht für Schäden, die durch Wasser, Sturz oder unsachgemäße Montage entstanden sind.",
        "Schäden durch Wasser, Stürze oder falsche Montage sind von der Garantie ausgenommen.",
        "not supported",
        None,
    ),
    (
        "de",
        "Im Jahr 2018 wurde der Softwarehersteller Pixtal von der schwedischen Nordvik-Gruppe für 300 Millionen Euro übernommen.",
        "Die schwedische Nordvik-Gruppe kaufte Pixtal 2018 für 300 Mio. Euro.",
        "supported",
        None,
    ),
    (
        "fr",
        "Le musée est fermé le mardi et les jours fériés.",
        "Le musée n'ouvre pas le mardi ni les jours fériés.",
        "supported",
        None,
    ),
    (
        "en",
        "The firm was dissolved two decades after its founding.",
        "The firm was dissolved thirty years after its founding.",
        "contradicted",
        "number",
    ),
]

#: "a remporté … contre" is a win; before and after meals in Chinese (饭前 / 饭后); German and Dutch
#: sold on prescription or without one (verschreibungspflichtig / rezeptfrei).
WON_AND_PRESCRIBED_68 = [
    (
        "fr",
        "L'équipe de Saint-Orens a perdu la finale de la coupe régionale face à l'AS Beaulac, sur le score de 3 à 1.",
        "Saint-Orens a remporté la finale de la coupe régionale contre l'AS Beaulac (3-1).",
        "contradicted",
        "role",
    ),
    (
        "fr",
        "Saint-Orens a remporté la finale contre l'AS Beaulac.",
        "L'AS Beaulac a perdu la finale face à Saint-Orens.",
        "supported",
        None,
    ),
    (
        "zh",
        "舒平片应在饭后服用，以减少药物对胃黏膜的刺激，每日不超过三次。",
        "舒平片需在饭前服用，以减轻对胃黏膜的刺激。",
        "contradicted",
        "direction",
    ),
    (
        "de",
        "Cardiovit ist verschreibungspflichtig.",
        "Cardiovit ist rezeptfrei.",
        "contradicted",
        "direction",
    ),
    (
        "de",
        "Cardiovit ist nicht verschreibungspflichtig.",
        "Cardiovit ist rezeptfrei.",
        "supported",
        None,
    ),
]

#: The one negative operator of each side faces the other wherever each stands ("não pode ser
#: rescindido por nenhuma das partes" / "nenhuma das partes pode rescindir"), but not a privative ("sans
#: frais") nor under "unless"; "niet langer" is "no longer"; "não obstante" and "nada más" before a
#: reflexive infinitive negate nothing.
ONE_NEGATION_EACH_69 = [
    (
        "pt",
        "O contrato de arrendamento não pode ser rescindido por nenhuma das partes durante os primeiros seis meses.",
        "Durante os seis meses iniciais, nenhuma das partes pode rescindir o contrato de arrendamento.",
        "supported",
        None,
    ),
    (
        "pt",
        "Não obstante as críticas, o projeto da barragem de Rio Fundo foi aprovado pelo parlamento.",
        "O parlamento aprovou o projeto da barragem de Rio Fundo, apesar das críticas.",
        "supported",
        None,
    ),
    (
        "pt",
        "A cantora Luana Ferraz nunca gravou nenhum disco em inglês.",
        "Nenhum dos discos gravados pela cantora Luana Ferraz é em inglês.",
        "supported",
        None,
    ),
    (
        "nl",
        "Sinds januari is Museum Oudekerk niet langer op maandag geopend.",
        "Sinds januari is Museum Oudekerk op maandag gesloten.",
        "supported",
        None,
    ),
    (
        "es",
        "Nada más despertar, el paciente no recordaba lo ocurrido durante la operación.",
        "Nada más despertarse, el paciente se acordaba de lo que había pasado durante la operación.",
        "not supported",
        None,
    ),
    (
        "fr",
        "Le contrat de prêt autorise le remboursement anticipé sans frais.",
        "Le prêt de la banque ne permet pas de rembourser par anticipation.",
        "not supported",
        None,
    ),
]

#: A word of time order compares by itself: "before" / "only after" with the events turned is the same
#: order, with the same events the other.
TIME_ORDER_70 = [
    (
        "en",
        "Clean the skin before you apply the cream.",
        "Apply the cream only after cleaning the skin.",
        "supported",
        None,
    ),
    (
        "en",
        "Clean the skin before you apply the cream.",
        "Clean the skin after you apply the cream.",
        "contradicted",
        "direction",
    ),
]

#: Every table above by what it shows; each row is judged as written, its conflict kind included.
JUDGED = {
    "time_order_70": TIME_ORDER_70,
    "one_negation_each_69": ONE_NEGATION_EACH_69,
    "won_and_prescribed_68": WON_AND_PRESCRIBED_68,
    "concord_and_scales_67": CONCORD_AND_SCALES_67,
    "numerals_in_words_66": NUMERALS_IN_WORDS_66,
    "an_hour_64": AN_HOUR_64,
    "chinese_in_other_words_63": CHINESE_IN_OTHER_WORDS_63,
    "clock_in_words_62": CLOCK_IN_WORDS_62,
    "told_from_both_sides_61": TOLD_FROM_BOTH_SIDES_61,
    "joined_in_either_order_60": JOINED_IN_EITHER_ORDER_60,
    "named_alike_59": NAMED_ALIKE_59,
    "fronted_times_58": FRONTED_TIMES_58,
    "contraries_and_halves_57": CONTRARIES_AND_HALVES_57,
    "read_in_their_language_56": READ_IN_THEIR_LANGUAGE_56,
    "verbs_with_particles": VERBS_WITH_PARTICLES,
    "contraries_56": CONTRARIES_56,
    "counted_in_words": COUNTED_IN_WORDS,
    "passed_over": PASSED_OVER,
    "said_in_other_words_56": SAID_IN_OTHER_WORDS_56,
    "refusing_and_forbidding": REFUSING_AND_FORBIDDING,
    "compared_in_other_words": COMPARED_IN_OTHER_WORDS,
    "rates_times_and_only": RATES_TIMES_AND_ONLY,
    "counted_nouns_are_no_names": COUNTED_NOUNS_ARE_NO_NAMES,
    "bounds_turned_round": BOUNDS_TURNED_ROUND,
    "negated_infinitive_auxiliaries": NEGATED_INFINITIVE_AUXILIARIES,
    "only_sometimes": ONLY_SOMETIMES,
    "names_said_apart_more": NAMES_SAID_APART_MORE,
    "frame_verbs_and_clauses": FRAME_VERBS_AND_CLAUSES,
    "verbs_of_one_sense": VERBS_OF_ONE_SENSE,
    "chinese_negation_in_its_phrase": CHINESE_NEGATION_IN_ITS_PHRASE,
    "always_says_more": ALWAYS_SAYS_MORE,
    "names_in_another_form": NAMES_IN_ANOTHER_FORM,
    "state_change_verbs": STATE_CHANGE_VERBS,
    "phrases_without_an_operator": PHRASES_WITHOUT_AN_OPERATOR,
    "numbers_in_other_places": NUMBERS_IN_OTHER_PLACES,
    "chinese_agents_and_frames": CHINESE_AGENTS_AND_FRAMES,
    "quantity_words_open_a_sentence": QUANTITY_WORDS_OPEN_A_SENTENCE,
    "more_and_less_turned": MORE_AND_LESS_TURNED,
    "permission_both_ways": PERMISSION_BOTH_WAYS,
    "no_longer_with_a_noun": NO_LONGER_WITH_A_NOUN,
    "prohibitions_in_other_words": PROHIBITIONS_IN_OTHER_WORDS,
    "german_nouns_are_no_names": GERMAN_NOUNS_ARE_NO_NAMES,
    "closing_implicatives": CLOSING_IMPLICATIVES,
    "keeping_from": KEEPING_FROM,
    "digits_before_measures": DIGITS_BEFORE_MEASURES,
    "not_only_but_also": NOT_ONLY_BUT_ALSO,
    "other_groups": OTHER_GROUPS,
    "negated_word_said_elsewhere": NEGATED_WORD_SAID_ELSEWHERE,
    "paid_by": PAID_BY,
    "on_and_off": ON_AND_OFF,
    "numbers_apart": NUMBERS_APART,
    "futures_and_reflexives": FUTURES_AND_REFLEXIVES,
    "a_good_forty": A_GOOD_FORTY,
    "not_allowed_without": NOT_ALLOWED_WITHOUT,
    "had_to": HAD_TO,
    "ahead_and_behind": AHEAD_AND_BEHIND,
    "a_predicate_said_otherwise": A_PREDICATE_SAID_OTHERWISE,
    "reduce_and_gain": REDUCE_AND_GAIN,
    "chinese_places_and_courts": CHINESE_PLACES_AND_COURTS,
    "drops_support": DROPS_SUPPORT,
    "agentless_passives": AGENTLESS_PASSIVES,
    "asides_and_prices": ASIDES_AND_PRICES,
    "own_predicates": OWN_PREDICATES,
    "a_name_in_the_genitive": A_NAME_IN_THE_GENITIVE,
    "always_and_never_say_one_thing": ALWAYS_AND_NEVER_SAY_ONE_THING,
    "managed_failed_and_declared": MANAGED_FAILED_AND_DECLARED,
    "read_from_batch_30": READ_FROM_BATCH_30,
    "a_none_nothing_reads": A_NONE_NOTHING_READS,
    "drugs_said_apart": DRUGS_SAID_APART,
    "all_against_some_not": ALL_AGAINST_SOME_NOT,
    "margins_prices_and_particles": MARGINS_PRICES_AND_PARTICLES,
    "prices_said_with_a_verb": PRICES_SAID_WITH_A_VERB,
    "once_and_short_units": ONCE_AND_SHORT_UNITS,
    "same_sense_and_omissions": SAME_SENSE_AND_OMISSIONS,
    "until_an_hour_and_but_only": UNTIL_AN_HOUR_AND_BUT_ONLY,
    "phrases_put_first": PHRASES_PUT_FIRST,
    "chinese_names_after_titles": CHINESE_NAMES_AFTER_TITLES,
    "short_forms_and_short_sentences": SHORT_FORMS_AND_SHORT_SENTENCES,
    "object_first_and_not_one": OBJECT_FIRST_AND_NOT_ONE,
    "bounds_duals_and_correlatives": BOUNDS_DUALS_AND_CORRELATIVES,
    "articles_and_sealed_words": ARTICLES_AND_SEALED_WORDS,
    "particles_frames_and_fronted_objects": PARTICLES_FRAMES_AND_FRONTED_OBJECTS,
    "none_before_its_noun": NONE_BEFORE_ITS_NOUN,
    "object_put_first": OBJECT_PUT_FIRST,
    "amounts_in_their_slot": AMOUNTS_IN_THEIR_SLOT,
    "all_and_none_in_other_words": ALL_AND_NONE_IN_OTHER_WORDS,
    "privatives_and_unplaced_negations": PRIVATIVES_AND_UNPLACED_NEGATIONS,
    "opposites_in_two_parts": OPPOSITES_IN_TWO_PARTS,
    "chinese_roles_in_pairs": CHINESE_ROLES_IN_PAIRS,
    "front_years_and_nouns_of_change": FRONT_YEARS_AND_NOUNS_OF_CHANGE,
    "settings_and_conditions": SETTINGS_AND_CONDITIONS,
    "german_nouns_and_negations_said_elsewhere": GERMAN_NOUNS_AND_NEGATIONS_SAID_ELSEWHERE,
    "first_words_and_name_slots": FIRST_WORDS_AND_NAME_SLOTS,
    "separable_verbs_and_offices": SEPARABLE_VERBS_AND_OFFICES,
    "no_longer_and_conditions": NO_LONGER_AND_CONDITIONS,
    "one_verb_both_ways": ONE_VERB_BOTH_WAYS,
    "decades": DECADES,
    "advice": ADVICE,
    "not_only_faces_no_negation": NOT_ONLY_FACES_NO_NEGATION,
    "read_from_batch_29": READ_FROM_BATCH_29,
    "last_words_and_units": LAST_WORDS_AND_UNITS,
    "temporary_and_removed": TEMPORARY_AND_REMOVED,
    "each_projection": PROJECTION_CASES,
    "roles": ROLE_CASES,
    "numbers": NUMBER_CASES,
    "numbers_said_apart": NUMBERS_SAID_APART,
    "operators_read_in_context": OPERATORS_READ_IN_CONTEXT,
    "converse_words": CONVERSE_WORDS,
    "names_in_other_words": NAMES_IN_OTHER_WORDS,
    "chinese_compared_and_named": CHINESE_COMPARED_AND_NAMED,
    "numbers_said_another_way": NUMBERS_SAID_ANOTHER_WAY,
    "documentation_wording": DOCUMENTATION_WORDING,
    "opened_again": OPENED_AGAIN,
    "moved_phrases": MOVED_PHRASES,
    "negation_said_apart": NEGATION_SAID_APART,
    "reworded_around_the_flip": REWORDED_AROUND_THE_FLIP,
    "names_said_apart": NAMES_SAID_APART,
    "cues_in_their_own_language": LANGUAGE_CASES,
    "reach": REACH_CASES,
    "units_converted": CONVERSION_CASES,
    "both_sides_negate": BOTH_NEGATE_CASES,
    "exclusions_of_the_lexicon": EXCLUSION_CASES,
    "passives_and_titles": PASSIVE_AND_TITLE_CASES,
    "separable_verbs_and_elision": SEPARABLE_AND_ELISION_CASES,
    "numerals_and_name_particles": NUMERAL_AND_PARTICLE_CASES,
    "converses": CONVERSE_CASES,
    "chinese_quantifiers": CHINESE_QUANTIFIER_CASES,
    "negations_in_words_of_their_own": OWN_WORDS_CASES,
    "amounts_written_otherwise": AMOUNT_CASES,
}


@pytest.mark.parametrize(
    ("lang", "evidence", "claim", "verdict", "kind"),
    [pytest.param(*row, id=f"{name}-{n}") for name, rows in JUDGED.items() for n, row in enumerate(rows)],
)
def test_judged_as_written(lang: str, evidence: str, claim: str, verdict: str, kind: str | None) -> None:
    assert judged(evidence, claim) == (verdict, kind), lang
