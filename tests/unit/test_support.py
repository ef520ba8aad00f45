"""The offline lexical support checker: verdicts, hard signals, evidence offsets, claims, cost."""

from __future__ import annotations

import pytest

from lfx_citations.core.engine import CitationFilter
from lfx_citations.core.support import (
    HIGH,
    LOW,
    UNCERTAIN_HIGH,
    UNCERTAIN_LOW,
    Judgement,
    SupportChecker,
    claim_span,
    is_uncertain,
    quantities,
    split_sentences,
    tokens,
)

EIFFEL = (
    "The Eiffel Tower is a wrought-iron lattice tower in Paris. It was designed by the engineering "
    "company of Gustave Eiffel and completed in 1889. The tower is 330 metres tall and weighs about "
    "10,100 tonnes."
)
EVEREST = (
    "Mount Everest is the highest mountain above sea level. It lies in the Himalayas on the border "
    "between Nepal and China. Its summit was first reached in 1953 by Edmund Hillary and Tenzing Norgay."
)
COFFEE = "Coffee is brewed from roasted coffee beans. The plant is native to Ethiopia. Brazil grows the most."


@pytest.fixture
def checker() -> SupportChecker:
    return SupportChecker({1: EIFFEL, 2: EVEREST, 3: COFFEE})


def evidence_texts(j: Judgement) -> list[str]:
    return [e.text for e in j.evidence]


# ---------------------------------------------------------------------------
# Verdicts in English
# ---------------------------------------------------------------------------


def test_supported_claim_with_its_sentence_as_evidence(checker: SupportChecker) -> None:
    j = checker.check("The tower weighs about 10,100 tonnes", 1)
    assert j.verdict == "supported"
    assert j.score >= HIGH
    assert evidence_texts(j) == ["The tower is 330 metres tall and weighs about 10,100 tonnes."]
    assert j.better_source is None


def test_a_claim_the_source_says_word_for_word_holds_no_flip() -> None:
    # Found by the copy property: the match read the first sentence, whose last word is another name.
    sources = {1: "Paris water Lyon. Paris water Paris.", 2: "Unrelated."}
    judged = SupportChecker(sources).check("Paris water Paris", 1)
    assert (judged.verdict, judged.conflict) == ("supported", None)
    # Not said word for word, the name flip stands.
    flipped = SupportChecker({1: "Paris water Lyon.", 2: "Unrelated."}).check("Paris water Paris", 1)
    assert flipped.verdict == "contradicted" and flipped.conflict and flipped.conflict.kind == "name"


def test_partial_claim_adds_what_the_source_does_not_say(checker: SupportChecker) -> None:
    full = checker.check("The Eiffel Tower in Paris is 330 metres tall", 1)
    part = checker.check(
        "The Eiffel Tower in Paris is 330 metres tall and was the tallest building of Europe "
        "until Berlin built a taller one",
        1,
    )
    assert full.verdict == "supported"
    assert part.verdict == "partial"
    assert part.score < full.score


def test_unsupported_claim(checker: SupportChecker) -> None:
    j = checker.check("Penguins migrate across the Sahara desert every spring", 1)
    assert j.verdict == "unsupported"
    assert j.score < LOW


def test_claim_joining_two_sentences_gets_both_as_evidence(checker: SupportChecker) -> None:
    j = checker.check("Gustave Eiffel's company designed the tower, which weighs 10,100 tonnes", 1)
    assert j.verdict == "supported"
    assert evidence_texts(j) == [
        "It was designed by the engineering company of Gustave Eiffel and completed in 1889.",
        "The tower is 330 metres tall and weighs about 10,100 tonnes.",
    ]


# ---------------------------------------------------------------------------
# Other languages
# ---------------------------------------------------------------------------

FRENCH = (
    "La tour Eiffel est une tour de fer puddlé située à Paris. Elle a été achevée en 1889 pour "
    "l'Exposition universelle. Elle mesure 330 mètres de hauteur."
)
GERMAN = (
    "Der Rhein entspringt in den Alpen der Schweiz. Er fließt durch Köln und Düsseldorf. "
    "Bei Rotterdam mündet er in die Nordsee."
)


def test_french() -> None:
    checker = SupportChecker({1: FRENCH, 2: GERMAN})
    yes = checker.check("La tour Eiffel a été achevée en 1889", 1)
    assert yes.verdict == "supported"
    # "Elle" does not name the tower: the sentence that does is the second piece of evidence.
    assert evidence_texts(yes) == [
        "La tour Eiffel est une tour de fer puddlé située à Paris.",
        "Elle a été achevée en 1889 pour l'Exposition universelle.",
    ]
    no = checker.check("La tour Eiffel n'a jamais été achevée", 1)
    assert no.score < yes.score
    assert checker.check("Le Rhein fleurit en hiver à Marseille", 1).verdict == "unsupported"


def test_german_with_morphology_and_negation() -> None:
    checker = SupportChecker({1: GERMAN, 2: FRENCH})
    yes = checker.check("Der Rhein fließt durch Köln", 1)
    assert yes.verdict == "supported"
    assert evidence_texts(yes) == [
        "Der Rhein entspringt in den Alpen der Schweiz.",
        "Er fließt durch Köln und Düsseldorf.",
    ]
    negated = checker.check("Der Rhein fließt nicht durch Köln", 1)
    assert negated.score < yes.score
    # "entspringt" / "entspringen": a shared prefix still counts, for part of the credit.
    inflected = checker.check("Der Rhein soll in den Alpen der Schweiz entspringen", 1)
    assert inflected.verdict == "supported"


def test_cjk_without_spaces_uses_character_bigrams() -> None:
    source = "東京は日本の首都である。富士山は日本で一番高い山です。"
    checker = SupportChecker({1: source, 2: "パリはフランスの首都です。"})
    j = checker.check("富士山は日本で一番高い山", 1)
    assert j.verdict == "supported"
    assert evidence_texts(j) == ["富士山は日本で一番高い山です。"]
    assert checker.check("大阪は寒い町", 1).verdict == "unsupported"
    assert "富士" in tokens("富士山")
    assert checker.check("富士山は日本で一番高い山ではない", 1).score < j.score


# ---------------------------------------------------------------------------
# Hard signals: numbers, dates, units, negation, quotes
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("written", ["1,000", "1 000", "1000", "1\u00a0000", "1.000", "1\u202f000"])
def test_number_forms_are_one_number(written: str) -> None:
    assert tokens(written) == ["1000"]


def test_decimals() -> None:
    assert tokens("3,5") == tokens("3.5") == tokens("3.50") == ["3.5"]
    assert tokens("1,000.5") == tokens("1.000,5") == ["1000.5"]
    assert tokens("05") == ["5"]


def test_number_written_differently_still_supports() -> None:
    checker = SupportChecker({1: "The bridge is 1,000 metres long.", 2: "Cats sleep a lot."})
    assert checker.check("The bridge is 1 000 metres long", 1).verdict == "supported"
    assert checker.check("The bridge is 1000 metres long", 1).verdict == "supported"


def test_number_absent_from_source_weakens_support(checker: SupportChecker) -> None:
    right = checker.check("The Eiffel Tower is 330 metres tall", 1)
    wrong = checker.check("The Eiffel Tower is 350 metres tall", 1)
    assert right.verdict == "supported"
    assert wrong.verdict != "supported"
    assert wrong.score < right.score


def test_dates_in_another_order_match_and_wrong_years_do_not() -> None:
    checker = SupportChecker({1: "The treaty was signed on 5 March 1921 in Riga.", 2: "Dogs bark."})
    assert checker.check("The treaty was signed in Riga on March 5, 1921", 1).verdict == "supported"
    assert checker.check("The treaty was signed in Riga on March 5, 1931", 1).verdict != "supported"


def test_a_month_is_a_date_and_may_in_lower_case_is_no_month() -> None:
    checker = SupportChecker(
        {1: "The museum opened on 5 June 2019. The flag could go back to the drawing board.", 2: "Dogs bark."}
    )
    assert checker.check("The flag may go back to the drawing board", 1).verdict == "supported"
    moved = checker.check("The museum opened on 5 May 2019", 1)
    assert moved.verdict == "contradicted" and moved.conflict is not None
    assert (moved.conflict.kind, moved.conflict.source_text) == ("number", "June")
    assert checker.check("The museum opened in March 2019", 1).verdict != "supported"


def test_a_month_written_short_or_in_digits_is_that_month() -> None:
    checker = SupportChecker(
        {
            1: "The actor died at his home in Ohio on Nov. 10, 2018, aged 78.",
            2: "The council approved the library budget on 2019-03-04.",
            3: "Il consiglio comunale ha approvato il bilancio il 12 set. 2019.",
            4: "The relay team set 5 national records that season.",
        }
    )
    assert checker.check("The actor died at his home in Ohio on November 10, 2018", 1).verdict == "supported"
    assert checker.check("The actor died at his home in Ohio on December 10, 2018", 1).verdict != "supported"
    assert checker.check("The council approved the library budget on March 4, 2019", 2).verdict == "supported"
    assert checker.check("The council approved the library budget in May 2019", 2).verdict != "supported"
    italian = checker.check("Il consiglio comunale ha approvato il bilancio il 12 settembre 2019", 3)
    assert italian.verdict == "supported"
    # "set 5" is a verb and a number, no month.
    assert checker.check("The relay team set 5 national records in September", 4).verdict != "supported"


def test_a_span_of_years_written_short_names_the_full_second_year() -> None:
    assert tokens("the 2018–19 season") == tokens("the 2018-2019 season") == ["the", "2018", "2019", "season"]
    assert tokens("1999/00") == ["1999", "2000"]
    # ISO dates and other digit runs keep their numbers.
    assert tokens("2019-05-12") == ["2019", "5", "12"]
    assert tokens("code 1234-56") == ["code", "1234", "56"]
    checker = SupportChecker(
        {1: "The new name takes effect in the 2018-2019 academic year.", 2: "Dogs bark."}
    )
    assert checker.check("The new name takes effect in the 2018–19 academic year", 1).verdict == "supported"
    assert checker.check("The new name takes effect in the 2018–20 academic year", 1).verdict != "supported"


def test_units() -> None:
    assert quantities("100 °C, 5km, 12 %, $5 and 1,000 people, 7 km, 2017 to") == [
        ("100", "°c", False),
        ("5", "km", False),
        ("12", "%", False),
        ("5", "$", False),
        ("1000", "", False),
        ("7", "km", True),
        ("2017", "to", True),
    ]
    checker = SupportChecker({1: "Water boils at 100 °C at sea level.", 2: "Dogs bark."})
    celsius = checker.check("Water boils at 100 °C at sea level", 1)
    fahrenheit = checker.check("Water boils at 100 °F at sea level", 1)
    assert celsius.verdict == "supported"
    assert fahrenheit.verdict != "supported"


def test_a_word_after_a_number_is_a_unit_only_when_the_sources_use_it_as_one() -> None:
    # "2017 at" and "2017 to": the next word, not a unit (both words occur without a number too).
    checker = SupportChecker(
        {
            1: "Originally published November 7, 2017 at 8:21 pm. She was elected to the city council.",
            2: "Dogs bark at night.",
        }
    )
    assert not checker.is_unit("to") and not checker.is_unit("at")
    assert (
        checker.check("She was elected to the city council in 2017 to represent it", 1).verdict == "supported"
    )
    # "km" follows a number wherever it occurs, so "12 mi" is another quantity than "12 km".
    roads = SupportChecker({1: "The trail is 12 km long and climbs 300 m.", 2: "Dogs bark."})
    assert roads.is_unit("km") and roads.is_unit("mi")
    assert roads.check("The trail is 12 km long", 1).verdict == "supported"
    assert roads.check("The trail is 12 mi long", 1).verdict != "supported"


def test_a_spelled_out_small_number_states_the_digits() -> None:
    checker = SupportChecker(
        {
            1: "Each team will be allowed to have only three players enter the midfield area on draws.",
            2: "Die Schule wurde im dritten Jahr erweitert. Dogs bark.",
            3: "Le club a gagné le championnat pour la cinquième fois.",
        }
    )
    assert (
        checker.check("Only 3 players will be allowed into the midfield area on draws", 1).verdict
        == "supported"
    )
    assert (
        checker.check("Only 4 players will be allowed into the midfield area on draws", 1).verdict
        != "supported"
    )
    assert checker.check("Die Schule wurde im 3. Jahr erweitert", 2).verdict == "supported"
    assert checker.check("Le club a gagné le championnat pour la 5e fois", 3).verdict == "supported"
    # One is left out: "one", "un", "ein" are also pronouns and articles.
    assert "1" not in SupportChecker({1: "One of them won."})._sources[1].postings


def test_negation_on_one_side_only_weakens(checker: SupportChecker) -> None:
    plain = checker.check("Mount Everest is the highest mountain above sea level", 2)
    negated = checker.check("Mount Everest is not the highest mountain above sea level", 2)
    assert plain.verdict == "supported"
    assert negated.score < plain.score
    # The same negation on both sides is no contradiction.
    both = SupportChecker({1: "The museum is not open on Mondays.", 2: "Dogs bark."})
    assert both.check("The museum is not open on Mondays", 1).verdict == "supported"


def test_quoted_phrase_must_appear_word_for_word() -> None:
    checker = SupportChecker(
        {1: 'The minister called the plan "a historic step forward" on Monday.', 2: "Dogs bark."}
    )
    exact = checker.check('The minister called the plan "a historic step forward"', 1)
    changed = checker.check('The minister called the plan "a forward historic step"', 1)
    assert exact.verdict == "supported"
    assert changed.score < exact.score
    assert changed.verdict != "supported"


# ---------------------------------------------------------------------------
# Better source
# ---------------------------------------------------------------------------


def test_better_source_names_the_source_that_says_it(checker: SupportChecker) -> None:
    j = checker.check("Edmund Hillary and Tenzing Norgay first reached the summit of Everest in 1953", 1)
    assert j.verdict == "unsupported"
    assert j.better_source == 2


def test_a_source_that_covers_the_claim_better_counts_against_the_cited_one() -> None:
    claim = "The orchestra toured Japan and Korea in 1998 with its new conductor"
    partial = "The orchestra toured Japan in 1998."
    checker = SupportChecker({1: partial, 2: f"{claim}.", 3: "Dogs bark."})
    parsed = checker.parse(claim)
    cited, better = checker.features(parsed, 1), checker.features(parsed, 2)
    assert cited is not None and better is not None
    assert cited[0][-1] < 0  # another source covers the claim better
    assert better[0][-1] == 0
    j = checker.check(claim, 1)
    assert j.verdict != "supported"
    assert j.better_source == 2


def test_better_source_is_none_on_near_ties() -> None:
    same = "The library opens at nine and closes at five on weekdays."
    checker = SupportChecker({1: same, 2: same.replace("library", "library building")})
    j = checker.check("The library opens at nine and closes at seven on weekends", 1)
    assert j.better_source is None


def test_better_source_is_none_when_nothing_fits(checker: SupportChecker) -> None:
    j = checker.check("Quantum chromodynamics describes the strong interaction", 1)
    assert j.verdict == "unsupported"
    assert j.better_source is None


def test_better_source_is_none_when_the_cited_source_supports(checker: SupportChecker) -> None:
    assert checker.check("The Eiffel Tower is 330 metres tall", 1).better_source is None


# ---------------------------------------------------------------------------
# Evidence offsets, sentences, claims
# ---------------------------------------------------------------------------


def test_evidence_offsets_index_the_source_exactly() -> None:
    sources = {
        1: "  Intro line\n\nThe Eiffel Tower, in Paris, is 330 m tall!  Next: 1,000 visitors…\n- item two ",
        2: "Straße «Zitat» — 東京。Mixed: ١٢٣ digits.",
    }
    checker = SupportChecker(sources)
    for claim, sid in [
        ("The Eiffel Tower in Paris is 330 m tall", 1),
        ("1,000 visitors", 1),
        ("item two", 1),
        ("Straße Zitat", 2),
        ("東京", 2),
    ]:
        j = checker.check(claim, sid)
        assert j.evidence, claim
        for e in j.evidence:
            assert sources[sid][e.start : e.end] == e.text
            assert e.text == e.text.strip()


def test_split_sentences_spans() -> None:
    text = "One. Two!  Three?\nFour。五"
    assert [text[a:b] for a, b in split_sentences(text)] == ["One.", "Two!", "Three?", "Four。", "五"]


def test_a_title_or_an_initial_before_a_name_ends_no_sentence() -> None:
    text = (
        "In essence, Mr. Borker believed it. Jan Stuart works at the Arthur M. Sackler Gallery. "
        "It ended in World War I. He moved to the U.S. He stayed."
    )
    assert [text[a:b] for a, b in split_sentences(text)] == [
        "In essence, Mr. Borker believed it.",
        "Jan Stuart works at the Arthur M. Sackler Gallery.",
        "It ended in World War I.",
        "He moved to the U.S.",
        "He stayed.",
    ]
    # The name is then read whole: another one in its place is a flip.
    checker = SupportChecker({1: text, 2: "Dogs bark."})
    assert checker.check("In essence, Mr. Borker believed it", 1).verdict == "supported"
    assert checker.check("In essence, Mr. Kedzie believed it", 1).verdict == "contradicted"


def test_an_initialism_or_a_short_month_before_a_name_or_a_number_ends_no_sentence() -> None:
    text = (
        "She served on the U.S. Supreme Court. Brown v. Board of Education was decided in 1954. "
        "The office in Washington, D.C. was closed on Aug. 10, 2014. She returned to the U.K. "
        "The trip was short."
    )
    assert [text[a:b] for a, b in split_sentences(text)] == [
        "She served on the U.S. Supreme Court.",
        "Brown v. Board of Education was decided in 1954.",
        "The office in Washington, D.C. was closed on Aug. 10, 2014.",
        "She returned to the U.K.",
        "The trip was short.",
    ]
    # A line break still ends one.
    text = "Doors open at 9:40 a.m.\nBay Area Metro Center\nOn Nov.\n10 the hall closes."
    assert [text[a:b] for a, b in split_sentences(text)] == [
        "Doors open at 9:40 a.m.",
        "Bay Area Metro Center",
        "On Nov.",
        "10 the hall closes.",
    ]


def test_claim_span() -> None:
    text = "Paris is big. The tower is 330 m tall [Source 1]. Rome is old [Source 2][Source 3]"
    start, end = claim_span(text, text.index("[Source 1]"))
    assert text[start:end] == "The tower is 330 m tall"
    start, end = claim_span(text, text.index("[Source 2]"))
    assert text[start:end] == "Rome is old"
    # Adjacent markers share the claim before the first of them.
    start, end = claim_span(text, text.index("[Source 3]"))
    assert text[start:end] == "Rome is old"


def test_claim_span_lines_bullets_and_lower_bound() -> None:
    text = "Facts:\n- Water boils at 100 °C [Source 1]\n2. Ice melts at 0 °C. [Source 2]"
    start, end = claim_span(text, text.index("[Source 1]"))
    assert text[start:end] == "Water boils at 100 °C"
    start, end = claim_span(text, text.index("[Source 2]"))
    assert text[start:end] == "Ice melts at 0 °C."
    text = "Water boils [Source 1] and ice melts [Source 2]"
    first_end = text.index("]") + 1
    start, end = claim_span(text, text.index("[Source 2]"), lower=first_end)
    assert text[start:end] == "and ice melts"
    text = "東京は首都です。富士山は高い[Source 1]"
    start, end = claim_span(text, text.index("[Source"))
    assert text[start:end] == "富士山は高い"


def test_claim_span_looks_only_backwards() -> None:
    # The span for a marker must not change with whatever is streamed after it.
    text = "Alpha beta. Gamma delta [Source 1]"
    marker = text.index("[Source 1]")
    assert claim_span(text, marker) == claim_span(text + " and more. Even more", marker)
    assert claim_span(text[:marker], marker) == claim_span(text, marker)


def test_a_dropped_citation_ends_its_claim_like_a_kept_one() -> None:
    # The claim of [Source 2] starts after [Source 1], as the model wrote it, kept or dropped.
    answer = "Fire is hot [Source 1] and water is wet [Source 2]."
    for refused, text in ((set(), answer), ({1}, "Fire is hot and water is wet [Source 2].")):
        engine = CitationFilter(
            [1, 2], keep=lambda source_id, claim, refused=refused: source_id not in refused
        )
        assert engine.feed_all(answer) == text
        claims = [(c.id, c.claim) for c in [*engine.dropped, *engine.citations]]
        assert claims == [(1, "Fire is hot"), (2, "and water is wet")]
        (second,) = [c for c in engine.citations if c.id == 2]
        assert text[second.claim_start : second.claim_end] == "and water is wet"


# ---------------------------------------------------------------------------
# Safety and cost
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("sources", "claim", "cited"),
    [
        ({1: EIFFEL}, "", 1),
        ({1: EIFFEL}, "   ...  !!  ", 1),
        ({1: ""}, "The tower is tall", 1),
        ({}, "The tower is tall", 1),
        ({1: EIFFEL}, "The tower is tall", 99),
        ({1: None, "x": "junk", 2: EIFFEL}, None, 2),  # type: ignore[dict-item]
        ({1: "a" * 200_000}, "a " * 10_000, 1),
        ({1: "。" * 5000 + "1" * 5000}, "1" * 300, 1),
        ({1: "[Source 1] [Source 2]"}, "[Source 1]", 1),
        # One word over and over on both sides: every word pairs with every other in the alignment.
        ({1: ("the " * 140).strip() + ".", 2: "x"}, "the " * 10_000, 1),
    ],
)
def test_absurd_inputs_give_a_safe_result(sources: dict, claim: str, cited: int) -> None:
    j = SupportChecker(sources).check(claim, cited)
    assert j.verdict in {"supported", "partial", "unsupported", "contradicted"}
    assert 0.0 <= j.score <= 1.0
    text = sources.get(cited) if isinstance(sources.get(cited), str) else ""
    for e in j.evidence:
        assert text[e.start : e.end] == e.text


def test_empty_claim_is_unsupported_without_evidence() -> None:
    j = SupportChecker({1: EIFFEL}).check("", 1)
    assert (j.verdict, j.score, j.evidence, j.better_source) == ("unsupported", 0.0, (), None)


def test_uncertain_band() -> None:
    assert LOW <= HIGH
    assert UNCERTAIN_LOW < HIGH < UNCERTAIN_HIGH
    assert is_uncertain(HIGH) and not is_uncertain(0.0) and not is_uncertain(1.0)
    j = SupportChecker({1: EIFFEL}).check("The Eiffel Tower is 330 metres tall", 1)
    assert j.uncertain == is_uncertain(j.score)


def test_work_follows_matches_and_shared_claims_are_scored_once() -> None:
    filler = " ".join(f"Unrelated sentence number {i} about gardening." for i in range(200))
    checker = SupportChecker({1: EIFFEL, 2: filler, 3: EVEREST})
    checker.check("The Eiffel Tower was completed in 1889", 1)
    first = checker.sentences_scored
    # Only sentences sharing a word with the claim are scored, not the 200 filler sentences.
    assert first <= 10
    # Adjacent markers share a claim: asking again for another source scores nothing new.
    checker.check("The Eiffel Tower was completed in 1889", 3)
    assert checker.sentences_scored == first


# ---------------------------------------------------------------------------
# Every source at once, and the best one (what a caller that inserts citations needs)
# ---------------------------------------------------------------------------


def test_check_all_judges_every_source_once_with_its_verdict_and_conflict(checker: SupportChecker) -> None:
    judged = checker.check_all("Mount Everest is the lowest mountain above sea level")
    assert set(judged) == {1, 2, 3}
    assert judged[2].verdict == "contradicted"
    assert judged[2].conflict is not None and judged[2].conflict.kind == "direction"
    assert (judged[2].conflict.claim_text, judged[2].conflict.source_text) == ("lowest", "highest")
    assert judged[1].verdict == judged[3].verdict == "unsupported"
    # The same judgements as one check at a time.
    assert judged[2] == checker.check("Mount Everest is the lowest mountain above sea level", 2)
    first = checker.sentences_scored
    checker.check_all("Mount Everest is the lowest mountain above sea level")
    assert checker.sentences_scored == first  # scored once per claim


def test_best_source_is_a_supported_one_with_its_lead_over_the_next(checker: SupportChecker) -> None:
    best, margin = checker.best_source("Mount Everest is the highest mountain above sea level")
    scores = {
        sid: j.score
        for sid, j in checker.check_all("Mount Everest is the highest mountain above sea level").items()
    }
    assert best == 2
    assert margin == round(scores[2] - max(scores[1], scores[3]), 4) > 0
    # Nothing supports a contradicted or an unrelated claim.
    assert checker.best_source("Mount Everest is the lowest mountain above sea level") == (None, 0.0)
    assert checker.best_source("Penguins migrate across the Sahara") == (None, 0.0)
