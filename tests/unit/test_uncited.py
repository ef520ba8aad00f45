"""Uncited claims (``core/uncited.py``): which sentences are claims, where a marker goes, which source.

The judge here calls every claim supported by source 1 and nothing else, so these tests are about
what counts as a claim and where its marker goes, never about how support is scored.
"""

from __future__ import annotations

import sys
from types import ModuleType

import pytest

from lfx_citations.core import uncited
from lfx_citations.core.engine import CitationFilter, filter_citations
from lfx_citations.core.prompt import DEFAULT_NO_EVIDENCE_ANSWER, build_prompt, no_evidence_answer_in
from lfx_citations.core.support import Conflict, Evidence, Judgement, SupportChecker
from lfx_citations.core.uncited import (
    CITE_FLOOR,
    CITE_MARGIN,
    MAX_CLAIM_CHARS,
    UncitedClaims,
    content_coverage,
    pick_source,
    uncited_claims,
)
from tests.support.scripts import REPO_ROOT, load_file

SURE = Judgement("supported", 0.95, (Evidence(0, 5, "Water"),))
NO = Judgement("unsupported", 0.05)


def judges(presented: tuple[int, ...] = (1, 2)) -> tuple:
    """Every claim: supported by source 1, by no other presented source (the ledger's two calls)."""
    scores = sorted(((i, (SURE if i == 1 else NO).score) for i in presented), key=lambda pair: -pair[1])

    def judge(source_id: int, claim: str) -> Judgement:
        return SURE if source_id == 1 else NO

    return (lambda claim: scores), judge


def insert(
    text: str, *, presented: tuple[int, ...] = (1, 2), no_evidence: str = "", **options
) -> CitationFilter:
    uncited = uncited_claims("insert", *judges(presented), no_evidence)
    engine = CitationFilter(presented, uncited=uncited, **options)
    engine.text = engine.feed_all(text)
    return engine


def inserted(text: str, **options) -> str:
    return insert(text, **options).text


# --------------------------------------------------------------------------- sentences that are claims


@pytest.mark.parametrize(
    ("answer", "expected"),
    [
        ("Water boils at 100 degrees.", "Water boils at 100 degrees [Source 1]."),
        ("Water boils at 100 degrees!", "Water boils at 100 degrees [Source 1]!"),
        (
            "Water boils at 100 degrees.\nNext line here",
            "Water boils at 100 degrees [Source 1].\nNext line here",
        ),
        ("Water boils at 100 degrees", "Water boils at 100 degrees [Source 1]"),  # the answer's end ends it
        ("Water boils at 100 degrees .", "Water boils at 100 degrees [Source 1]."),
        ('He said "water boils at 100."', 'He said "water boils at 100 [Source 1]."'),
        ("- Water boils at 100 degrees\n", "- Water boils at 100 degrees [Source 1]\n"),  # a list item
        ("1. Water boils at 100 degrees.", "1. Water boils at 100 degrees [Source 1]."),
        ("> Water boils at 100 degrees.", "> Water boils at 100 degrees [Source 1]."),
        ("水在一百度的时候沸腾。", "水在一百度的时候沸腾 [Source 1]。"),
        ("Dr. Smith measured the boiling point.", "Dr. Smith measured the boiling point [Source 1]."),
        ("John F. Kennedy toured the water plant.", "John F. Kennedy toured the water plant [Source 1]."),
        ("Water boils at 100 °C. ", "Water boils at 100 °C [Source 1]. "),
        ("Citrus fruit holds vitamin C. Or?", "Citrus fruit holds vitamin C [Source 1]. Or?"),
        ("It boils at about 3.14 times room heat.", "It boils at about 3.14 times room heat [Source 1]."),
        ("Use e.g. a kettle to boil water.", "Use e.g. a kettle to boil water [Source 1]."),
        (
            "The `--force` flag overwrites existing files.",
            "The `--force` flag overwrites existing files [Source 1].",
        ),
    ],
)
def test_a_claim_gets_its_marker_before_the_closing_punctuation(answer: str, expected: str) -> None:
    engine = insert(answer)
    assert engine.text == expected
    (claim,) = engine.uncited.found
    assert engine.text[claim.claim_start : claim.claim_end] == claim.claim
    assert engine.text.startswith("[Source 1]", claim.marker_start)
    assert engine.cited == [1]
    assert engine.first_spans[1] == (claim.marker_start, claim.marker_start + len("[Source 1]"))


def test_the_claim_is_the_sentence_without_its_bullet_or_punctuation() -> None:
    engine = insert("Intro here. - no.\n- Water boils at 100 degrees\n1. Ice melts at 0 degrees.")
    assert [c.claim for c in engine.uncited.found] == ["Water boils at 100 degrees", "Ice melts at 0 degrees"]


# --------------------------------------------------------------------------- sentences that are not


@pytest.mark.parametrize(
    "answer",
    [
        pytest.param("Does water boil at 100 degrees?", id="question"),
        pytest.param("Does water boil at 100 degrees? ", id="question-then-space"),
        pytest.param("¿Hierve el agua a 100 grados?", id="question-spanish"),
        pytest.param("水在一百度的时候沸腾吗？", id="question-cjk"),
        pytest.param("## Water boils at 100 degrees\n", id="heading"),
        pytest.param("# Water boils at 100 degrees. It is hot.\n", id="heading-with-sentences"),
        pytest.param("Key facts about boiling water:", id="label"),
        pytest.param("- Key facts about boiling water:\n", id="list-label"),
        pytest.param("**Key facts about boiling water:**\n", id="label-in-emphasis"),
        pytest.param("Water boiling facts and figures\nMore here.", id="line-without-punctuation"),
        pytest.param("`water boils at 100 degrees`.", id="inline-code"),
        pytest.param("```\nWater boils at 100 degrees.\n```\n", id="fenced-code"),
        pytest.param("~~~\nWater boils at 100 degrees.\n~~~", id="tilde-fence"),
        pytest.param("| Water | boils at 100 degrees. |\n", id="table-row"),
        pytest.param(DEFAULT_NO_EVIDENCE_ANSWER, id="no-evidence-sentence"),
        pytest.param("I COULDN'T find this in the provided sources", id="no-evidence-sentence-other-case"),
        pytest.param("I hope this helps you plan the trip.", id="reader-hope"),
        pytest.param("Let me know if you need the full schedule.", id="reader-let-me-know"),
        pytest.param("Feel free to ask about other routes.", id="reader-feel-free"),
        pytest.param("- **Don’t hesitate** to contact the front desk.\n", id="reader-list-emphasis"),
        pytest.param("If you have any other questions, I am here.", id="reader-questions"),
        pytest.param("N’hésitez pas à me poser d’autres questions.", id="reader-fr"),
        pytest.param("Ich hoffe, das hilft Ihnen bei der Planung.", id="reader-de"),
        pytest.param("No dudes en preguntarme por otras rutas.", id="reader-es"),
        pytest.param("Espero que isso ajude no seu planejamento.", id="reader-pt"),
        pytest.param("Fammi sapere se ti serve altro aiuto.", id="reader-it"),
        pytest.param("Laat het me weten als je meer wilt weten.", id="reader-nl"),
        pytest.param("Water boils.", id="too-short"),
        pytest.param("Yes, it does.", id="too-short-3"),
        pytest.param("Water boils " + "and boils " * (MAX_CLAIM_CHARS // 10) + "a lot.", id="too-long"),
    ],
)
def test_what_is_not_a_claim_gets_nothing(answer: str) -> None:
    engine = insert(answer)
    assert engine.text == filter_citations(answer, [1, 2]).text
    assert engine.uncited.found == []
    assert engine.cited == []


@pytest.mark.parametrize(
    "answer",
    [
        "Hope Island lies north of the bay.",
        "Letters sent by post take two days.",
        "Notes from the meeting were published in May.",
        "Feelings of anxiety are common after surgery.",
        "If you have any symptoms, the clinic tests for free.",
        "Lettres et colis partent chaque matin de Lyon.",
        # Flagging a fact to the reader still states it.
        "Please note that opening hours change in winter.",
        "Ten en cuenta que los horarios cambian en invierno.",
        "Bitte beachten Sie, dass die Brücke im Winter gesperrt ist.",
    ],
)
def test_a_claim_that_merely_opens_like_reader_address_is_still_a_claim(answer: str) -> None:
    assert inserted(answer) == answer[:-1] + " [Source 1]."


def test_a_custom_no_evidence_answer_is_read_from_the_prompt() -> None:
    answer = "The documents do not cover that question."
    prompt = build_prompt("Q?", "[Source 1] x.pdf\nWater.", no_evidence_answer=answer)
    assert no_evidence_answer_in(prompt) == answer
    assert inserted(answer, no_evidence=no_evidence_answer_in(prompt)) == answer
    assert inserted(answer) != answer  # without the prompt it reads as a claim
    assert no_evidence_answer_in("no rules here") == DEFAULT_NO_EVIDENCE_ANSWER


# --------------------------------------------------------------------------- cited claims are left alone


@pytest.mark.parametrize(
    "answer",
    [
        "Water boils at 100 degrees [Source 2].",
        "Water boils at 100 degrees. [Source 2]",
        "Water boils at 100 degrees.[Source 2]",
        "Water boils at 100 degrees.  [2]",
        "[Source 2] Water boils at 100 degrees.",
        "Water [Source 2] boils at 100 degrees.",
        "Water boils at 100 degrees [Source 2][Source 9].",
        "- Water boils at 100 degrees [Source 2]\n",
    ],
)
def test_a_claim_with_a_kept_citation_is_never_touched(answer: str) -> None:
    engine = insert(answer)
    assert engine.text == filter_citations(answer, [1, 2]).text
    assert engine.uncited.found == []
    assert engine.cited == [2]


@pytest.mark.parametrize(
    ("answer", "replaces", "expected"),
    [
        ("Water boils at 100 degrees [Source 9].", "[Source 9]", "Water boils at 100 degrees [Source 1]."),
        (
            "Water boils at 100 degrees. [9] Next one?",
            "[9]",
            "Water boils at 100 degrees [Source 1]. Next one?",
        ),
        ("Water boils at 100 degrees \u30104:0\u2020src\u3011.", "\u30104:0\u2020src\u3011", None),
    ],
)
def test_a_claim_whose_citation_was_removed_may_get_a_checked_one(
    answer: str, replaces: str, expected: str | None
) -> None:
    engine = insert(answer)
    (claim,) = engine.uncited.found
    assert claim.replaces == replaces
    if expected is not None:
        assert engine.text == expected


def test_a_citation_dropped_as_unsupported_is_replaced_by_the_sure_source() -> None:
    def keep(source_id: int, claim: str) -> bool:
        return source_id != 2

    engine = insert("Water boils at 100 degrees [Source 2].", keep=keep)
    assert engine.text == "Water boils at 100 degrees [Source 1]."
    assert engine.uncited.found[0].replaces == "[Source 2]"
    assert [d.id for d in engine.dropped] == [2]


# --------------------------------------------------------------------------- how it streams


def test_only_the_closing_punctuation_waits_for_what_follows() -> None:
    engine = CitationFilter([1, 2], uncited=uncited_claims("insert", *judges()))
    assert engine.feed("Water boils at 100 degrees.") == "Water boils at 100 degrees"
    assert engine.held == 1
    assert engine.feed(" ") == ""  # spaces wait too, as a marker may follow them
    assert engine.feed("Ice") == " [Source 1]. Ice"
    assert engine.feed(" melts. [Sou") == " melts"
    assert engine.feed("rce 2] Done.") == ". [Source 2] Done"
    assert engine.close() == "."


def test_suggest_holds_nothing_and_changes_nothing() -> None:
    engine = CitationFilter([1, 2], uncited=uncited_claims("suggest", *judges()))
    assert engine.feed("Water boils at 100 degrees.") == "Water boils at 100 degrees."
    assert engine.held == 0
    assert engine.feed(" Ice") + engine.close() == " Ice"
    (claim,) = engine.uncited.found
    assert (claim.claim, claim.claim_start, claim.claim_end, claim.marker_start) == (
        "Water boils at 100 degrees",
        0,
        26,
        None,
    )
    assert engine.cited == []


def test_offsets_after_an_insertion_are_in_the_final_text() -> None:
    engine = insert("Water boils at 100 degrees. Ice melts fast [Source 2]. Steam rises up high.")
    text = engine.text
    assert (
        text
        == "Water boils at 100 degrees [Source 1]. Ice melts fast [Source 2]. Steam rises up high [Source 1]."
    )
    assert engine.first_spans == {1: (27, 37), 2: (54, 64)}
    assert text[54:64] == "[Source 2]"
    assert [text[c.claim_start : c.claim_end] for c in engine.uncited.found] == [
        "Water boils at 100 degrees",
        "Steam rises up high",
    ]


def test_an_inserted_marker_is_a_link_when_markers_are_links() -> None:
    links = {1: "https://docs.example/water.pdf#page=2"}
    text = inserted("Water boils at 100 degrees.", link_for=links.get)
    assert text == "Water boils at 100 degrees [Source 1](https://docs.example/water.pdf#page=2)."


def test_a_second_pass_changes_nothing() -> None:
    once = inserted("Water boils at 100 degrees. - item\n- Ice melts at 0 degrees\nDone here now")
    assert inserted(once) == once


# --------------------------------------------------------------------------- which source


def pick(judged: dict[int, Judgement], raw: dict[int, float] | None = None) -> tuple[int, Judgement] | None:
    """``pick_source`` over these verdicts; ``raw``: scores before flips where they differ."""
    scores = {source_id: (raw or {}).get(source_id, j.score) for source_id, j in judged.items()}
    ranked = sorted(scores.items(), key=lambda pair: (-pair[1], pair[0]))
    return pick_source(ranked, judged.__getitem__)


def sure(score: float) -> Judgement:
    return Judgement("supported", score)


def test_the_pick_is_the_best_source_only_when_it_is_clearly_ahead() -> None:
    assert pick({1: sure(0.95), 2: sure(0.95 - CITE_MARGIN - 0.01), 3: sure(0.1)})[0] == 1
    assert pick({1: sure(0.95), 2: sure(0.95 - CITE_MARGIN / 2)}) is None  # two say it: no sure pick
    assert pick({2: sure(0.9), 1: sure(0.9)}) is None
    assert pick({}) is None
    assert pick({3: sure(0.95)})[0] == 3  # one source presented: nothing to be ahead of


def test_the_pick_needs_a_supported_verdict_without_conflict() -> None:
    for verdict in ("partial", "unsupported", "contradicted"):
        assert pick({1: Judgement(verdict, 0.95), 2: NO}) is None
    conflict = Conflict("negation", "not", "", 0, 0)
    assert pick({1: Judgement("supported", 0.95, conflict=conflict), 2: NO}) is None
    assert pick({1: sure(CITE_FLOOR - 0.01), 2: NO}) is None


def test_the_others_count_at_their_scores_before_flips() -> None:
    # Source 2 reads like the claim but says otherwise: a source that disagrees is no sure pick.
    said_otherwise = Judgement("contradicted", 0.3)
    assert pick({1: sure(0.95), 2: said_otherwise}, raw={2: 0.9}) is None
    assert pick({1: sure(0.95), 2: said_otherwise}, raw={2: 0.5})[0] == 1


def test_a_near_tie_between_overlapping_chunks_cites_the_first() -> None:
    # Two windows of one document hold the same sentence: whichever scores higher, the first is cited.
    said = (Evidence(0, 40, "The bridge opened to traffic in 1932."),)
    wider = (Evidence(0, 12, "It is long."), Evidence(13, 53, "The bridge opened to traffic in 1932."))
    first, second = Judgement("supported", 0.9, wider), Judgement("supported", 0.95, said)
    assert pick({1: first, 2: second}) == (1, first)
    assert pick({2: second, 1: first}) == (1, first)
    # Apart, the same near-tie gives nothing: two chunks that say it in their own words.
    other = Judgement("supported", 0.9, (Evidence(0, 40, "In 1932 the bridge was opened to cars."),))
    assert pick({1: other, 2: second}) is None


def test_the_pick_needs_the_claims_content_words_in_its_evidence(monkeypatch: pytest.MonkeyPatch) -> None:
    evidence = (Evidence(0, 37, "The bridge opened to traffic in 1932."),)
    judged = {1: Judgement("supported", 0.9, evidence), 2: NO}
    ranked = [(1, 0.9), (2, 0.05)]
    claim = "The steel bridge opened to rail traffic in 1932"
    assert content_coverage(claim, evidence) == 4 / 6  # steel and rail are not in it
    monkeypatch.setattr(uncited, "CITE_COVERAGE", 0.8)
    assert pick_source(ranked, judged.__getitem__, claim) is None
    assert pick_source(ranked, judged.__getitem__, "The bridge opened to traffic in 1932")[0] == 1
    assert pick_source(ranked, judged.__getitem__)[0] == 1  # no claim given: no such rule
    monkeypatch.setattr(uncited, "CITE_COVERAGE", 0.6)
    assert pick_source(ranked, judged.__getitem__, claim)[0] == 1


def test_the_pick_is_the_one_every_source_judged_in_full_gives() -> None:
    # The lexicon's paraphrases lift a verdict above its score before flips: source 2 reads weaker
    # than source 1 but says the claim, and source 1 only part of it. Stopping at the first source
    # whose score before flips cannot beat the best verdict so far would miss it.
    judged = {1: Judgement("partial", 0.6), 2: sure(0.95), 3: NO}
    ranked = [(1, 0.7), (2, 0.5), (3, 0.05)]
    asked = []
    assert pick_source(ranked, lambda i: asked.append(i) or judged[i]) == (2, judged[2])
    assert sorted(asked) == [1, 2, 3]
    # Equal verdicts: the first in ranked order is the best (here a near-tie, so no sure pick).
    assert pick_source([(1, 0.9), (2, 0.9)], {1: sure(0.9), 2: sure(0.9)}.__getitem__) is None


def test_the_pick_with_the_real_checker() -> None:
    checker = SupportChecker(
        {1: "Water boils at 100 degrees Celsius at sea level.", 2: "The Eiffel Tower is 330 metres tall."}
    )

    def real(claim: str) -> tuple[int, Judgement] | None:
        return pick_source(checker.ranked(claim), lambda i: checker.check(claim, i))

    assert real("Water boils at 100 degrees Celsius at sea level")[0] == 1
    assert real("Water boils at 90 degrees Celsius at sea level") is None
    assert real("Water does not boil at 100 degrees Celsius at sea level") is None
    assert real("Gold is a soft yellow metal") is None
    # Two overlapping chunks that tie say the same thing: the first is cited, not none.
    same = SupportChecker(
        {2: "Water boils at 100 degrees Celsius.", 1: "It is hot. Water boils at 100 degrees Celsius."}
    )
    assert pick_source(same.ranked("Water boils"), lambda i: same.check("Water boils", i))[0] == 1
    # Two chunks that say it in their own words, or one that says otherwise, still give no sure pick.
    apart = SupportChecker(
        {1: "Water boils at 100 degrees Celsius.", 2: "At 100 degrees Celsius, water boils."}
    )
    assert pick_source(apart.ranked("Water boils"), lambda i: apart.check("Water boils", i)) is None
    # A source that says otherwise is never the pick, and a near-tie with it gives none.
    against = SupportChecker(
        {1: "The plant no longer operates in Lyon.", 2: "The plant operates in Lyon since 1990."}
    )
    claim = "The plant operates in Lyon"
    assert against.check(claim, 1).verdict == "contradicted"
    assert pick_source(against.ranked(claim), lambda i: against.check(claim, i)) is None


def test_off_gives_no_tracker() -> None:
    assert uncited_claims("off", *judges()) is None
    assert isinstance(uncited_claims("suggest", *judges()), UncitedClaims)


# --------------------------------------------------------------------------- the evaluation's counting


def _uncited_eval() -> ModuleType:
    """``scripts/eval/uncited_eval.py``, with its sibling modules on the path."""
    folder = str(REPO_ROOT / "scripts" / "eval")
    if folder not in sys.path:
        sys.path.insert(0, folder)
    return load_file("scripts/eval/uncited_eval.py")


def test_the_evaluation_counts_each_claim_once() -> None:
    # At a margin of 1 every other source is a near-tie and nothing is inserted, so the filter also
    # asks whether any source supports the claim; that question is no second claim.
    evaluation = _uncited_eval()
    texts = {
        1: "The Eiffel Tower was completed in 1889 in Paris.",
        2: "The Eiffel Tower is a wrought-iron tower in Paris.",
        3: "Gold is a dense yellow metal.",
    }
    case = {"claim": "The Eiffel Tower was completed in 1889 in Paris.", "texts": texts, "right": 1}
    case |= {"kind": "supported", "family": "wice"}
    (seen,) = evaluation.judged([case])
    assert len(seen) == 1
    (ids,) = evaluation.picks([seen], 0.0, 0.0)
    assert ids == [1]
    figures = evaluation.score([case], [ids])
    assert (figures["inserted"], figures["precision"], figures["recovery"]) == (1, 100.0, 100.0)
