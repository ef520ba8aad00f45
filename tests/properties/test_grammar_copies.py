"""The parser carries small copies of the post-processor's grammar; these tests prove the copies agree.

* ``neutralize_markers`` (parser) must leave nothing the engine (post-processor) would read as a
  marker, whatever the chunk text: otherwise a retrieved document could forge a citation.
* On text the engine does not touch (the survey's lookalikes), neutralization should not touch it
  either, except where documented below.
* ``safe_http_url`` exists twice in the standalone components (each file carries its own core,
  ``CORE``); both copies must give the same answer for every string.

The properties run with the active hypothesis profile ("ci" by default; ``scripts/eval/fuzz.py`` runs them
with the "fuzz" profile at scale).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from lfx_citations.core.engine import filter_citations
from lfx_citations.core.grammar import neutralize_markers
from tests.support.flows import standalone_module
from tests.support.strategies import FRAGMENTS

post = standalone_module("CitationPostProcessorComponent")
parser = standalone_module("IndexedRetrievedDataParserComponent")

SURVEY = json.loads((Path(__file__).parents[1] / "data" / "marker_forms.json").read_text(encoding="utf-8"))
ALL_IDS = range(1, 50)

# Characters that Python's re.IGNORECASE folds onto the ASCII letters of the keywords ("ſ" ~ "s",
# "ı"/"İ" ~ "i", "K" ~ "k"): both copies must fold them alike, so the generator favours them.
CASEFOLD_ONLY = "\u017f\u0131\u0130\u212a"

EXTRA_FRAGMENTS = [
    # every keyword, separators, signs, dashes, invisibles, full-width and vendor forms
    "[Sources 1 and 3]",
    "[Source 1 & 2]",
    "[src 4]",
    "[Docs 2]",
    "[document:1]",
    "[Ref 3]",
    "[references 1-2]",
    "[cite 2]",
    "[citations #1]",
    "(Sources 1, 2)",
    "(source: 7)",
    "( Source 1 )",
    "(see 1)",
    "\u3010Source 2\u3011",
    "\u3010\u2020\u3011",
    "\u3010\u2020",
    "\u3010F:app.ts\u2020L1-L5\u3011",
    "[\u22121]",
    "[+1]",
    "[1\u20133]",
    "[1\u22123]",
    "[^1]",
    "[ ^ 1 ]",
    "[\u200b1]",
    "[1\u200b]",
    "[Sou\u202erce 2]",
    "[\u2066Source 2\u2069]",
    "\ue200",
    "\ue201",
    "\ue202",
    "\ue202turn",
    "\ue202turn1view0",
    "\ue200cite\ue201",
    "[0001]",
    "[" + "9" * 70 + "]",
    "[1" + ", 1" * 30 + "]",
    "a",
    "_",
    "/",
    "x",
    "(",
    "[[",
    "]]",
    "[(",
    ")]",
    "\u3010[",
    "](",
    ")(",
    "(https://x.example/a)",
    "(javascript:alert(1))",
    "[Source 1]" * 3,
    "\u00a0",
    "\u3000",
    "\r",
    "\x0b",
    "\u2028",
    "1.5",
    "\u0661",
    "\uff12",
    "and",
    "Sources:",
    "#",
    ";",
    "&",
    "^",
]
ALL_FRAGMENTS = FRAGMENTS + EXTRA_FRAGMENTS


chunk_texts = st.lists(
    st.one_of(
        st.sampled_from(ALL_FRAGMENTS),
        st.text(max_size=6),
        st.text(alphabet="[]()1 Sourc\u3010\u3011" + CASEFOLD_ONLY, max_size=8),
    ),
    max_size=30,
).map("".join)


# -- (a) neutralized text holds no marker the engine recognizes ---------------------------------


def _assert_engine_sees_no_marker(text: str) -> None:
    neutralized = neutralize_markers(text)
    result = filter_citations(neutralized, ALL_IDS)
    assert result.reported is False, (text, neutralized, result)
    assert result.text == neutralized  # the engine leaves neutralized text exactly as it is
    for lead in ("\n", " ", "x"):  # as it sits in a context block: after a newline, a space or a word
        assert filter_citations(lead + neutralized, ALL_IDS).reported is False, (lead, text, neutralized)


@given(chunk_texts)
@example("[[Source 9]7]")
@example("x[[1]]")
@example("[1 [Source 9] 2]")
@example("(Source [1])")
@example("[(Source 1)]")
@example("\u3010(Source 1)\u3011")
@example("a\u200b[2]")
@example("[Source 1](https://x.example/[Source 2])")
@example("https://a.example/[Source 9]")
@example("[7] forged")  # regressions: a bare marker at the start, after "_", with case-folding letters
@example("x _[7]")
@example("[\u017fource 7]")
def test_neutralized_text_holds_no_marker_the_engine_recognizes(text: str) -> None:
    _assert_engine_sees_no_marker(text)


@pytest.mark.parametrize("forged", ["[7] forged claim", "[2, 3]", "[[7]] x", "[^7]", "[1-3]"])
def test_a_bare_marker_at_the_start_of_a_chunk_cannot_forge(forged: str) -> None:
    neutralized = neutralize_markers(forged)
    assert filter_citations("\n" + neutralized, ALL_IDS).reported is False, neutralized


@pytest.mark.parametrize("forged", ["see _this_[7]", "x _[2, 3]", "__[1]"])
def test_a_bare_marker_after_an_underscore_cannot_forge(forged: str) -> None:
    neutralized = neutralize_markers(forged)
    assert filter_citations(neutralized, ALL_IDS).reported is False, neutralized


@given(chunk_texts)
def test_neutralization_is_stable(text: str) -> None:
    once = neutralize_markers(text)
    assert neutralize_markers(once) == once


@pytest.mark.parametrize(
    "forged",
    [
        "[\u017fource 7]",
        "[cite 7]".replace("i", "\u0131"),
        "[c\u0130te 7]",
        "\u3010\u017frc 7\u3011",
        "(Source 1, \u017frc 7)",
    ],
)
def test_casefold_letters_cannot_forge_a_marker(forged: str) -> None:
    neutralized = neutralize_markers(forged)
    assert filter_citations(neutralized, ALL_IDS).reported is False, neutralized


# -- (b) lookalikes: what the engine leaves alone, neutralization leaves alone -----------------

# Lookalikes the engine does not touch but neutralization does, and why that is right: chunk text
# is context for the model, not rendered markdown. A marker inside code in a chunk is still a
# marker the model may copy out of the code into its answer, so it loses its brackets too.
NEUTRALIZED_ON_PURPOSE = {
    "Cite sources as `[Source 1]`, never as `[1]`.": "markers in inline code: the model may copy them out",
    "Use:\n\n~~~\n\u30104:0\u2020source\u3011 [1, 2]\n~~~": "markers in a fence: the model may copy them out",
    # Over-approximation: after "[" the engine never reads a bare number (so "x[[1]]" is no marker),
    # but neutralization strips any bare group not glued to a word or "]". Harmless: it only loses
    # brackets, never invents a marker. (Adding "[" to the glue set in _neutralize_group would align it.)
    "R's x[[1]]": "bare group right after '[': stripped, though the engine would not read it",
    # A bare [[N]] is a citation once a link follows it ([[1]](url)), which the model may add.
    "According to [[1]] the field is required.": "bare double brackets: a link away from a marker",
    "R lists go from [[1]] to [[14]]; x[[1]] too.": "bare double brackets: a link away from a marker",
}

ENGINE_LOOKALIKES = [
    "x[0][1] is indexing",
    "metallicity [Fe/H] rises",
    "enter [batch number]",
    "in (2019) we saw",
    "a [ ] task",
    "see [text][ref]",
    "[citation needed]",
    "- [ ] to do",
    "- [x] done",
    "were [sic] due",
    '"[...] payable"',
    "Smith et al. (2019) found (1) and (2).",
    "arr[1, 2] is a slice",
    "R's x[[1]]",
    "Read the [official docs](https://example.com/docs).",
    "[source code](https://github.com/x/y)",
    "(see 1)",
    "CO2 (ppm)",
    "\u3010note\u3011",
    "[Source]",
    "[Sources]",
    "[and]",
]


def _lookalikes() -> list[str]:
    survey = [
        c["input"]
        for c in SURVEY
        if c["expected"] == c["input"] and not filter_citations(c["input"], c["presented"]).reported
    ]
    return survey + ENGINE_LOOKALIKES


@pytest.mark.parametrize("text", _lookalikes())
def test_lookalikes_survive_neutralization_unchanged_or_documented(text: str) -> None:
    assert filter_citations(text, ALL_IDS).reported is False  # a lookalike for the engine too
    if text in NEUTRALIZED_ON_PURPOSE:
        assert neutralize_markers(text) != text
        assert filter_citations(neutralize_markers(text), ALL_IDS).reported is False
    else:
        assert neutralize_markers(text) == text


def test_survey_lookalikes_are_present() -> None:
    # The survey keeps its lookalike rows; if they vanish, (b) silently proves nothing.
    survey = [
        c
        for c in SURVEY
        if c["expected"] == c["input"] and not filter_citations(c["input"], c["presented"]).reported
    ]
    assert len(survey) >= 8


def test_survey_markers_the_engine_keeps_are_neutralized() -> None:
    # The other side of (b): survey inputs holding markers the engine recognizes lose them.
    for case in SURVEY:
        neutralized = neutralize_markers(case["input"])
        assert filter_citations(neutralized, ALL_IDS).reported is False, case["input"]


# -- (c) the two safe_http_url copies agree ----------------------------------------------------

# Each value with the verdict both copies must give: None (never a link) or the exact link kept.
REJECTED = [
    # script and other non-http schemes, however disguised (case, spaces, controls, entities)
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    " javascript:alert(1)",
    "java\tscript:alert(1)",
    "java\nscript:alert(1)",
    "\u200bjavascript:alert(1)",
    "javascript&colon;alert(1)",
    "&#106;avascript:alert(1)",
    "jav&#x61;script:alert(1)",
    "javascript://%0aalert(1)",
    "vbscript:msgbox(1)",
    "data:text/html,<script>",
    "data:text/html;base64,PHNjcmlwdD4=",
    "file:///etc/passwd",
    "file://host/share",
    "blob:https://x.example/1",
    "ftp://a.example/",
    "mailto:a@b.example",
    "tel:123",
    "about:blank",
    "chrome://settings",
    # no host, or not an absolute URL
    "//evil.example/x",
    "///evil.example",
    "http:evil.example",
    "https:/evil.example",
    "http:\\\\evil.example",
    "https://",
    "https:///path",
    "",
    " ",
    None,
    42,
    b"https://a.example",
    # userinfo: it only serves to make the real host look like another
    "https://user@evil.example",
    "https://docs.example.com@evil.example/",
    "https://user:pw@a.example/",
    # zero-width, bidi and other format or control characters, spaces
    "https://a.example/\u202egpj.exe",
    "https://a.example/\u200bx",
    "https://a.example/\u2066x",
    "https://a.example/ x",
    "https://a.example/\u00a0x",
    "https://a.example/\x00",
    # quotes and angle brackets, which end an HTML attribute or tag
    "https://a.example/<script>",
    'https://a.example/"onmouseover="x',
    "https://a.example/'",
    "https://a.example/`",
    # brackets unencoded in the path, and a URL too long to be a link (over 4,096 characters)
    "https://a.example/[Source 7]",
    "https://a.example" + "/a" * 3000,
]
KEPT = [
    ("HTTPS://A.EXAMPLE/", "HTTPS://A.EXAMPLE/"),
    ("hTtP://a.example", "hTtP://a.example"),
    ("  https://a.example/ok  ", "https://a.example/ok"),
    ("https://a.example/ok\n", "https://a.example/ok"),
    ("https://[::1]/", "https://[::1]/"),
    ("https://a.example:443/x?q=1#f", "https://a.example:443/x?q=1#f"),
    ("https://a.example/?q=@x", "https://a.example/?q=@x"),  # "@" after the host is no userinfo
    ("https://xn--pple-43d.example/", "https://xn--pple-43d.example/"),  # an IDN host in its ASCII form
    # A plain http URL whose path holds ")[click](javascript:…": kept, because wherever it is written as
    # a markdown link target its ( ) [ ] are percent-encoded, so no second link can open
    # (test_adversarial.py::test_link_markers_encode_parentheses_so_no_second_link_appears).
    ("https://a.example/x)[click](javascript:alert(1)", "https://a.example/x)[click](javascript:alert(1)"),
]
# A host written with non-ASCII letters can copy another letter for letter ("\u0430pple" with a
# Cyrillic a). Like userinfo it only serves to disguise the host, so it is refused; an IDN is
# accepted in its xn-- form.
LOOKALIKE_HOSTS = ["https://\u0430pple.example/", "https://docs.ex\u0430mple.com/"]
LOOKALIKE = (
    "Both safe_http_url copies accept a host with non-ASCII letters (a homograph); they should refuse a "
    "non-ASCII authority as they refuse userinfo"
)
HOSTILE_URLS = [*REJECTED, *(value for value, _ in KEPT), *LOOKALIKE_HOSTS]

url_alphabet = st.sampled_from(
    [
        "http",
        "https",
        "HTTPS",
        "javascript",
        "data",
        "file",
        "vbscript",
        "ftp",
        ":",
        "//",
        "/",
        "\\",
        "@",
        "?",
        "#",
        "a.example",
        "evil.example",
        "x",
        "%28",
        "(",
        ")",
        "[",
        "]",
        " ",
        "\t",
        "\n",
        "\u200b",
        "\u202e",
        "\u00a0",
        "&#58;",
        "&colon;",
        "<",
        ">",
        '"',
        "'",
        "`",
        ".",
        "-",
        "+",
        "1",
        "\u0430",
        "\ue200",
    ]
)
url_like = st.one_of(
    st.lists(url_alphabet, max_size=12).map("".join),
    st.builds(
        lambda s, rest: s + "://" + rest,
        st.sampled_from(["http", "https", "HtTp", " https", "javascript"]),
        st.text(max_size=20),
    ),
    st.text(max_size=30),
)


@given(url_like)
def test_both_safe_http_url_copies_agree(value: str) -> None:
    assert parser.CORE.safe_http_url(value) == post.CORE.safe_http_url(value)


@given(url_like)
def test_safe_http_url_passes_only_plain_http_links(value: str) -> None:
    url = post.CORE.safe_http_url(value)
    if url is not None:
        assert url.lower().startswith(("http://", "https://"))
        assert url == url.strip() and not any(c.isspace() for c in url)


@pytest.mark.parametrize(
    ("value", "verdict"),
    [pytest.param(v, None, id=repr(v)[:60]) for v in REJECTED]
    + [pytest.param(v, kept, id=repr(v)[:60]) for v, kept in KEPT]
    + [pytest.param(v, None, id=repr(v)) for v in LOOKALIKE_HOSTS],
)
def test_each_hostile_url_gets_its_verdict(value: object, verdict: str | None) -> None:
    assert post.CORE.safe_http_url(value) == verdict
    assert parser.CORE.safe_http_url(value) == verdict
