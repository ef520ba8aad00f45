"""Source links: the parser's link rules, through its pure functions and through the component.

Resolution order for a source: its own http(s) URL, else the link manifest, else the slug rule; a
PDF then gets a ``#page=N`` deep link. Only plain http/https URLs ever reach the payload.

Manifest files here are local files, which the components read only where Langflow's storage
restriction allows, as Read Files by Page does: the restriction is off for these tests, except in
``TestAllowedFolders``, which turns it on.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from hypothesis import given
from hypothesis import strategies as st
from lfx.schema.data import Data

from lfx_citations.components.citations.citing_retriever import CitingRetrieverComponent
from lfx_citations.components.citations.indexed_retrieved_data_parser import (
    IndexedRetrievedDataParserComponent,
)
from lfx_citations.core import links as core_links
from lfx_citations.core.glue_retrieval import source_options
from lfx_citations.core.links import (
    ManifestError,
    load_manifest,
    page_link,
    parse_manifest,
    resolve_link,
    safe_http_url,
    slug_url,
)
from tests.support.flows import standalone_class

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "examples" / "manifest.sample.json"
BASE = "https://docs.example.com/en/"
CREATE = "api-reference_collection-methods_create-collection.md"
CREATE_URL = "https://docs.example.com/en/api-reference/collection-methods/create-collection"

MANIFEST: dict[str, Any] = {
    "version": 1,
    "documents": {
        CREATE: {"url": CREATE_URL, "title": "Create a collection"},
        "guide.pdf": {"url": "https://files.example.com/guide.pdf", "title": "Admin Guide"},
    },
}

# Values that must never come out as a link: other schemes (also disguised by case, whitespace,
# control or invisible characters, entities, percent-encoding, full-width letters), scheme-relative
# and backslash URLs, userinfo that disguises the host, characters that break out of an attribute.
HOSTILE = [
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    " javascript:alert(1)",
    "\tjavascript:alert(1)",
    "java\tscript:alert(1)",
    "java\nscript:alert(1)",
    "java\rscript:alert(1)",
    "java\x00script:alert(1)",
    "\x01javascript:alert(1)",
    "\u200bjavascript:alert(1)",
    "javas\u200bcript:alert(1)",
    "\ufeffjavascript:alert(1)",
    "javascript&#58;alert(1)",
    "&#106;avascript:alert(1)",
    "javascript&colon;alert(1)",
    "javascript%3Aalert(1)",
    "javascript://docs.example.com/%0Aalert(1)",
    "\uff4aavascript:alert(1)",
    "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
    "DATA:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    "VBScript:msgbox(1)",
    "file:///etc/passwd",
    "file://server/share/secret.pdf",
    "ftp://files.example.com/a.pdf",
    "blob:https://docs.example.com/7d3f",
    "view-source:https://docs.example.com/",
    "jar:https://docs.example.com/a.jar!/",
    "//evil.example/phish",
    "///evil.example/phish",
    "\\\\evil.example\\share",
    "https:\\\\evil.example",
    "https:/\\evil.example",
    "http:evil.example",
    "https:/evil.example",
    "http:///evil.example",
    "https://",
    "\uff48ttps://evil.example/",
    "https://docs.example.com@evil.example/",
    "https://docs.example.com:443@evil.example/",
    "https://user:pass@evil.example/",
    "https://evil.example\\@docs.example.com/",
    "https://docs.example.com /x",
    "https://docs.example.com/\x00",
    "https://docs.example.com/\x1b[0m",
    "https://docs.example.com/\x7f",
    'https://docs.example.com/"onmouseover="alert(1)',
    "https://docs.example.com/'onmouseover='alert(1)",
    "https://docs.example.com/<script>alert(1)</script>",
    "https://docs.example.com/`x`",
    "https://docs.example.com/" + "a" * 5000,
    "",
    "   ",
]
BENIGN = [
    "https://docs.example.com/en/a",
    "http://docs.example.com/",
    "HTTPS://DOCS.EXAMPLE.COM/A",
    "https://docs.example.com:8443/a?b=c&d=e#f",
    "http://127.0.0.1:8000/docs/x",
    "https://[::1]/x",
    "https://docs.example.com/users/@alice",
]


def parse_component(rows: list[dict[str, Any]], **inputs: Any) -> tuple[list[dict[str, Any]], str]:
    """Run both outputs of a fresh component; returns (sources payload, context)."""
    component = IndexedRetrievedDataParserComponent().set(
        input_data=[Data(data=row) for row in rows], **inputs
    )
    sources = component.build_sources_data().data["sources"]
    context = component.build_context().text
    return sources, context


def assert_plain_http(url: str) -> None:
    assert re.match(r"(?i)https?://[^/?#@\s\\]+", url), url
    assert not any(ord(c) < 33 or ord(c) == 127 or c in "\\<>\"'`" for c in url), url


@pytest.fixture(autouse=True)
def local_files_allowed(monkeypatch: pytest.MonkeyPatch) -> None:
    from lfx.services.deps import get_settings_service

    monkeypatch.setattr(get_settings_service().settings, "restrict_local_file_access", False)


@pytest.fixture
def manifest_file(tmp_path: Path) -> Path:
    path = tmp_path / "manifest.json"
    path.write_text(json.dumps(MANIFEST, indent=2), encoding="utf-8")
    return path


@pytest.fixture
def parse_calls(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every manifest parse (load_manifest calls its module's parse_manifest) is recorded."""
    calls: list[str] = []
    real = core_links.parse_manifest

    def spy(text: str, origin: str = "manifest") -> dict[str, dict[str, str | None]]:
        calls.append(origin)
        return real(text, origin)

    monkeypatch.setattr(core_links, "parse_manifest", spy)
    return calls


# ---------------------------------------------------------------------------
# Pure functions
# ---------------------------------------------------------------------------


class TestSlugRule:
    def test_the_documented_example(self) -> None:
        assert slug_url(CREATE, BASE) == CREATE_URL
        assert slug_url(CREATE, "https://docs.example.com/en") == CREATE_URL  # with or without the slash

    @pytest.mark.parametrize(
        "name",
        [
            "get-started_quickstart.md",
            "get-started_quickstart.mdx",
            "get-started_quickstart.MD",
            "get-started_quickstart.markdown",
            "get-started_quickstart.html",
            "get-started_quickstart.htm",
            "get-started_quickstart.txt",
            "get-started_quickstart.rst",
            "get-started_quickstart.adoc",
            "get-started_quickstart",
            "/data/uploads/get-started_quickstart.md",
            "C:\\exports\\get-started_quickstart.md",
            "_get-started__quickstart_.md",
        ],
    )
    def test_extension_path_and_empty_segments_dropped(self, name: str) -> None:
        assert slug_url(name, BASE) == "https://docs.example.com/en/get-started/quickstart"

    def test_suffix_is_appended(self) -> None:
        assert slug_url("get-started_quickstart.md", BASE, ".html") == (
            "https://docs.example.com/en/get-started/quickstart.html"
        )
        assert (
            slug_url("get-started_quickstart.md", BASE, "/")
            == "https://docs.example.com/en/get-started/quickstart/"
        )

    @pytest.mark.parametrize(
        "name",
        [
            "",
            "  ",
            ".md",
            "___.md",
            "..md",
            "release notes.md",
            "café.md",
            "a%2Fb.md",
            "what?.md",
            "a#b.md",
            "a@b.md",
            "<script>.md",
        ],
    )
    def test_no_candidate(self, name: str) -> None:
        assert slug_url(name, BASE) is None

    @pytest.mark.parametrize(
        "base",
        [
            "",
            "docs.example.com/en",
            "//docs.example.com/en",
            "javascript://x/",
            "file:///srv/docs/",
            "https://docs.example.com@evil.example/",
        ],
    )
    def test_hostile_or_relative_base_gives_nothing(self, base: str) -> None:
        assert slug_url(CREATE, base) is None

    @pytest.mark.parametrize("suffix", [" onmouseover=alert(1)", '"><script>', "\n#x", "\x00"])
    def test_hostile_suffix_gives_nothing(self, suffix: str) -> None:
        assert slug_url(CREATE, BASE, suffix) is None


class TestPageLink:
    def test_pdf_gets_a_page_fragment(self) -> None:
        assert page_link("https://f.example.com/guide.pdf", 3) == "https://f.example.com/guide.pdf#page=3"
        assert page_link("https://f.example.com/GUIDE.PDF", 1) == "https://f.example.com/GUIDE.PDF#page=1"
        assert (
            page_link("https://f.example.com/guide.pdf?dl=1", 2)
            == "https://f.example.com/guide.pdf?dl=1#page=2"
        )

    @pytest.mark.parametrize(
        ("url", "page"),
        [
            ("https://f.example.com/guide.pdf", None),
            ("https://f.example.com/guide.pdf", 0),
            ("https://f.example.com/guide.pdf", -2),
            ("https://f.example.com/guide.pdf#page=9", 3),  # an explicit fragment wins
            ("https://docs.example.com/en/page", 3),  # not a PDF
            ("https://docs.example.com/en/pdf", 3),
            (None, 3),
        ],
    )
    def test_other_urls_unchanged(self, url: str | None, page: int | None) -> None:
        assert page_link(url, page) == url


class TestResolutionOrder:
    manifest = parse_manifest(json.dumps(MANIFEST))

    def test_own_url_first(self) -> None:
        own = "https://web.example.com/article"
        assert resolve_link(CREATE, own, None, self.manifest, slug_base_url=BASE) == (
            own,
            "Create a collection",
        )

    def test_manifest_before_slug_rule(self) -> None:
        manifest = {CREATE: {"url": "https://moved.example.com/create", "title": "Create"}}
        assert resolve_link(CREATE, None, None, manifest, slug_base_url=BASE) == (
            "https://moved.example.com/create",
            "Create",
        )

    def test_manifest_matches_the_base_name_of_a_stored_path(self) -> None:
        assert resolve_link("/data/uploads/guide.pdf", None, 4, self.manifest) == (
            "https://files.example.com/guide.pdf#page=4",
            "Admin Guide",
        )

    def test_slug_rule_last(self) -> None:
        assert resolve_link("get-started_quickstart.md", None, None, self.manifest, slug_base_url=BASE) == (
            "https://docs.example.com/en/get-started/quickstart",
            None,
        )
        assert resolve_link("get-started_quickstart.md", None, None, self.manifest) == (None, None)  # no base

    def test_page_deep_link_applies_to_every_kind_of_url(self) -> None:
        assert (
            resolve_link("x", "https://web.example.com/paper.pdf", 2, {})[0]
            == "https://web.example.com/paper.pdf#page=2"
        )
        assert (
            resolve_link("guide.pdf", None, 7, self.manifest)[0]
            == "https://files.example.com/guide.pdf#page=7"
        )
        assert resolve_link("reports_q3.pdf", None, 5, {}, slug_base_url=BASE)[0] == (
            "https://docs.example.com/en/reports/q3.pdf#page=5"
        )
        assert resolve_link(CREATE, None, 5, self.manifest)[0] == CREATE_URL  # not a PDF: no fragment

    @pytest.mark.parametrize("own", HOSTILE)
    def test_hostile_own_url_is_dropped(self, own: str) -> None:
        url, _ = resolve_link("notes.txt", own, 1, {})
        assert url is None


class TestSafeHttpUrl:
    @pytest.mark.parametrize("value", HOSTILE)
    def test_hostile(self, value: str) -> None:
        assert safe_http_url(value) is None

    @pytest.mark.parametrize("value", [None, 42, b"https://docs.example.com/", ["https://docs.example.com/"]])
    def test_not_a_string(self, value: object) -> None:
        assert safe_http_url(value) is None

    @pytest.mark.parametrize("value", BENIGN)
    def test_benign(self, value: str) -> None:
        assert safe_http_url(value) == value
        assert safe_http_url(f"  {value}\n") == value

    @given(
        scheme=st.sampled_from(["javascript", "data", "vbscript", "file", "jar", "ftp", "blob"]),
        noise=st.lists(
            st.tuples(
                st.integers(0, 12),
                st.sampled_from(
                    [
                        "\t",
                        "\n",
                        "\r",
                        "\x00",
                        "\x0b",
                        "\x1f",
                        " ",
                        "\u00a0",
                        "\u200b",
                        "\u2028",
                        "&#58;",
                        "%3A",
                        "&Tab;",
                    ]
                ),
            ),
            max_size=3,
        ),
        upper=st.lists(st.booleans(), min_size=12, max_size=12),
        sep=st.sampled_from([":", "://", ":/", ":\\\\", "&#58;", "%3A//"]),
        rest=st.sampled_from(
            ["alert(1)", "//docs.example.com/", "text/html,<b>x</b>", "https://docs.example.com/"]
        ),
    )
    def test_disguised_schemes_never_pass(
        self, scheme: str, noise: list[tuple[int, str]], upper: list[bool], sep: str, rest: str
    ) -> None:
        chars = [c.upper() if up else c for c, up in zip(scheme, upper, strict=False)]
        for position, extra in noise:
            chars.insert(min(position, len(chars)), extra)
        assert safe_http_url("".join(chars) + sep + rest) is None

    @given(
        name=st.text(max_size=40),
        own=st.one_of(st.none(), st.text(max_size=40)),
        base=st.text(max_size=40),
        suffix=st.text(max_size=8),
        page=st.one_of(st.none(), st.integers(-3, 10**6)),
    )
    def test_resolved_links_are_always_plain_http(
        self, name: str, own: str | None, base: str, suffix: str, page: int | None
    ) -> None:
        for base_url in (base, BASE):
            url, _ = resolve_link(name, own, page, {}, slug_base_url=base_url, slug_suffix=suffix)
            if url is not None:
                assert_plain_http(url)


# ---------------------------------------------------------------------------
# Manifest: validation, errors, caching
# ---------------------------------------------------------------------------


class TestManifestValidation:
    def test_valid(self) -> None:
        text = json.dumps(
            {
                "version": 1,
                "documents": {
                    "a.md": {"url": "  https://d.example.com/a  ", "title": "  A\n title "},
                    "b.md": {"url": "https://d.example.com/b"},
                },
            }
        )
        assert parse_manifest(text) == {
            "a.md": {"url": "https://d.example.com/a", "title": "A title"},
            "b.md": {"url": "https://d.example.com/b", "title": None},
        }

    def test_json_syntax_error_names_the_line(self) -> None:
        text = (
            '{\n  "version": 1,\n  "documents": {\n    "a.md": {"url": "https://d.example.com/a"},\n  }\n}\n'
        )
        with pytest.raises(ManifestError, match=r"^links\.json: invalid JSON at line 5, column 3"):
            parse_manifest(text, "links.json")

    @pytest.mark.parametrize(
        ("data", "message"),
        [
            ([], "the top level must be an object"),
            ({"documents": {}}, "'version' must be 1 (got None)"),
            ({"version": 2, "documents": {}}, "'version' must be 1 (got 2)"),
            ({"version": "1", "documents": {}}, "'version' must be 1 (got '1')"),
            ({"version": 1}, "'documents' must be an object"),
            ({"version": 1, "documents": []}, "'documents' must be an object"),
            (
                {"version": 1, "documents": {"a.md": "https://d.example.com/a"}},
                "documents['a.md'] must be an object",
            ),
            (
                {"version": 1, "documents": {"a.md": {"title": "A"}}},
                "documents['a.md'].url must be an absolute",
            ),
            (
                {"version": 1, "documents": {"a.md": {"url": "/en/a"}}},
                "documents['a.md'].url must be an absolute",
            ),
            (
                {"version": 1, "documents": {"a.md": {"url": "https://d.example.com/a", "title": 3}}},
                "documents['a.md'].title must be a string",
            ),
        ],
    )
    def test_schema_errors_name_the_key(self, data: Any, message: str) -> None:
        with pytest.raises(ManifestError) as excinfo:
            parse_manifest(json.dumps(data), "links.json")
        assert str(excinfo.value).startswith("links.json: ")
        assert message in str(excinfo.value)

    @pytest.mark.parametrize("url", HOSTILE)
    def test_hostile_urls_rejected_with_the_key(self, url: str) -> None:
        text = json.dumps({"version": 1, "documents": {"ok.md": {"url": BASE}, "evil.md": {"url": url}}})
        with pytest.raises(ManifestError, match=re.escape("documents['evil.md'].url")):
            parse_manifest(text)

    def test_hostile_url_hidden_by_json_escapes(self) -> None:
        text = r'{"version": 1, "documents": {"e.md": {"url": "\u006aavascript:alert(1)"}}}'
        with pytest.raises(ManifestError, match=re.escape("documents['e.md'].url")):
            parse_manifest(text)


class TestLoadManifest:
    def test_empty_and_inline(self) -> None:
        assert load_manifest(None) == {}
        assert load_manifest("  \n") == {}
        assert load_manifest("\n  " + json.dumps(MANIFEST))[CREATE]["title"] == "Create a collection"
        with pytest.raises(ManifestError, match=r"^inline manifest: invalid JSON at line 1"):
            load_manifest('{"version": 1,')

    def test_missing_file(self, tmp_path: Path) -> None:
        with pytest.raises(ManifestError, match="cannot be read"):
            load_manifest(str(tmp_path / "nope.json"))

    def test_invalid_file_names_path_and_line(self, tmp_path: Path) -> None:
        path = tmp_path / "links.json"
        path.write_text(
            '{\n  "version": 1,\n  "documents": {\n    "a.md": {"url": "https://x"}\n    "b.md": {}\n  }\n}'
        )
        with pytest.raises(ManifestError, match=rf"^{re.escape(str(path))}: invalid JSON at line 5"):
            load_manifest(str(path))

    def test_read_once_and_reread_when_the_file_changes(
        self, manifest_file: Path, parse_calls: list[str]
    ) -> None:
        first = load_manifest(str(manifest_file))
        assert load_manifest(str(manifest_file)) is first
        assert load_manifest(f"  {manifest_file}  ") is first
        assert len(parse_calls) == 1

        # Same size, new content, new mtime.
        stat = manifest_file.stat()
        changed = json.loads(manifest_file.read_text())
        changed["documents"][CREATE]["title"] = "Create a COLLECTION"
        manifest_file.write_text(json.dumps(changed, indent=2), encoding="utf-8")
        assert manifest_file.stat().st_size == stat.st_size
        os.utime(manifest_file, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))
        assert load_manifest(str(manifest_file))[CREATE]["title"] == "Create a COLLECTION"
        assert len(parse_calls) == 2

        # New size, mtime put back: the size alone gives it away.
        mtime = manifest_file.stat().st_mtime_ns
        changed["documents"][CREATE]["title"] = "Create"
        manifest_file.write_text(json.dumps(changed, indent=2), encoding="utf-8")
        os.utime(manifest_file, ns=(mtime, mtime))
        assert load_manifest(str(manifest_file))[CREATE]["title"] == "Create"
        assert len(parse_calls) == 3
        assert load_manifest(str(manifest_file))[CREATE]["title"] == "Create"
        assert len(parse_calls) == 3

    def test_a_broken_edit_is_reported_not_masked_by_the_cache(self, manifest_file: Path) -> None:
        load_manifest(str(manifest_file))
        manifest_file.write_text(
            '{"version": 1, "documents": {"a.md": {"url": "data:,x"}}}', encoding="utf-8"
        )
        with pytest.raises(ManifestError, match=re.escape("documents['a.md'].url")):
            load_manifest(str(manifest_file))


class TestSampleManifest:
    def test_round_trip(self) -> None:
        text = SAMPLE.read_text(encoding="utf-8")
        entries = parse_manifest(text, str(SAMPLE))
        assert len(entries) >= 5
        for entry in entries.values():
            assert urlsplit(entry["url"]).scheme == "https"
            assert entry["title"]
        again = parse_manifest(json.dumps({"version": 1, "documents": entries}, indent=2))
        assert again == entries
        assert load_manifest(str(SAMPLE)) == entries

    def test_drives_the_component(self) -> None:
        sources, context = parse_component(
            [
                {"text": "Tokens expire.", "file_name": "security_manage-application-tokens.md"},
                {"text": "Leave policy.", "file_name": "employee-handbook-2024.pdf", "page": 12},
            ],
            link_manifest=str(SAMPLE),
        )
        assert [(s["title"], s["url"]) for s in sources] == [
            ("Manage application tokens", "https://docs.example.com/en/security/manage-application-tokens"),
            (
                "Employee Handbook 2024",
                "https://intranet.example.com/policies/employee-handbook-2024.pdf#page=12",
            ),
        ]
        assert "[Source 2] Employee Handbook 2024 \u2014 page 12" in context


# ---------------------------------------------------------------------------
# Through the component
# ---------------------------------------------------------------------------


class TestComponent:
    def test_manifest_hit_title_replaces_the_file_name(self, manifest_file: Path) -> None:
        sources, context = parse_component(
            [{"text": "Collections hold documents.", "file_name": CREATE, "page": 2}],
            link_manifest=str(manifest_file),
        )
        (source,) = sources
        assert source["url"] == CREATE_URL
        assert source["title"] == "Create a collection"
        assert source["document"] == CREATE  # the stored name stays available
        assert context == "[Source 1] Create a collection \u2014 page 2\nCollections hold documents."
        assert CREATE not in context

    def test_inline_manifest(self) -> None:
        sources, _ = parse_component([{"text": "t", "file_name": CREATE}], link_manifest=json.dumps(MANIFEST))
        assert sources[0]["title"] == "Create a collection"

    def test_slug_rule(self) -> None:
        sources, context = parse_component(
            [{"text": "Start here.", "file_name": "get-started_quickstart.md"}],
            slug_base_url=BASE,
            slug_suffix=".html",
        )
        assert sources[0]["url"] == "https://docs.example.com/en/get-started/quickstart.html"
        assert sources[0]["title"] is None
        assert context == "[Source 1] get-started_quickstart.md\nStart here."

    def test_manifest_wins_over_slug_rule(self, manifest_file: Path) -> None:
        manifest = {"version": 1, "documents": {CREATE: {"url": "https://moved.example.com/create"}}}
        sources, _ = parse_component(
            [{"text": "t", "file_name": CREATE}], link_manifest=json.dumps(manifest), slug_base_url=BASE
        )
        assert sources[0]["url"] == "https://moved.example.com/create"

    def test_pdf_page_deep_link(self, manifest_file: Path) -> None:
        sources, context = parse_component(
            [
                {"text": "p3", "file_path": "/srv/uploads/guide.pdf", "page": 3},
                {"text": "p4", "file_path": "/srv/uploads/guide.pdf", "page_number": "4"},
                {"text": "no page", "file_path": "/srv/uploads/guide.pdf"},
            ],
            link_manifest=str(manifest_file),
        )
        assert [s["url"] for s in sources] == [
            "https://files.example.com/guide.pdf#page=3",
            "https://files.example.com/guide.pdf#page=4",
            "https://files.example.com/guide.pdf",
        ]
        assert "[Source 1] Admin Guide \u2014 page 3" in context

    def test_web_source_keeps_its_own_url(self, manifest_file: Path) -> None:
        sources, _ = parse_component(
            [
                {"text": "w", "file_name": CREATE, "url": "https://blog.example.com/post"},
                {"text": "s", "source": "https://blog.example.com/paper.pdf", "page": 2},
            ],
            link_manifest=str(manifest_file),
            slug_base_url=BASE,
        )
        assert sources[0]["url"] == "https://blog.example.com/post"
        assert sources[0]["title"] == "Create a collection"  # the manifest still names it
        assert sources[1]["url"] == "https://blog.example.com/paper.pdf#page=2"
        assert sources[1]["document"] == "paper.pdf"

    @pytest.mark.parametrize("hostile", HOSTILE)
    def test_hostile_metadata_never_becomes_a_link(self, hostile: str) -> None:
        rows = [
            {"text": "a", "file_name": "notes.txt", "url": hostile},
            {"text": "b", "file_name": "notes.txt", "source_url": hostile, "page": 1},
            {"text": "c", "file_name": "notes.txt", "link": hostile},
            {"text": "d", "file_name": hostile, "page": 2},
            {"text": "e", "source": hostile},
        ]
        sources, context = parse_component(rows, template="[{label}] link=({url})\n{text}")
        assert len(sources) == 5
        assert [s["url"] for s in sources] == [None] * 5
        assert context.count("link=()") == 5

    def test_hostile_slug_base_and_suffix_never_become_links(self) -> None:
        for base, suffix in [
            ("javascript://docs.example.com/", ""),
            ("//docs.example.com/", ""),
            (BASE, '"><script>alert(1)</script>'),
            (BASE, " onclick=x"),
        ]:
            sources, _ = parse_component(
                [{"text": "t", "file_name": CREATE}], slug_base_url=base, slug_suffix=suffix
            )
            assert sources[0]["url"] is None, (base, suffix)

    @pytest.mark.parametrize(
        "url",
        [
            "javascript:alert(1)",
            "data:text/html,x",
            "vbscript:x",
            "file:///etc/passwd",
            "//evil.example/",
            " JAVASCRIPT:alert(1)",
            "https://docs.example.com@evil.example/",
        ],
    )
    def test_hostile_manifest_is_refused_not_used(self, url: str, tmp_path: Path) -> None:
        path = tmp_path / "links.json"
        path.write_text(
            json.dumps({"version": 1, "documents": {CREATE: {"url": url, "title": "X"}}}), encoding="utf-8"
        )
        component = IndexedRetrievedDataParserComponent().set(
            input_data=[Data(data={"text": "t", "file_name": CREATE})], link_manifest=str(path)
        )
        with pytest.raises(ManifestError, match=re.escape(f"documents[{CREATE!r}].url")):
            component.build_sources_data()
        with pytest.raises(ManifestError):
            component.build_context()

    def test_invalid_manifest_file_error_names_the_line(self, tmp_path: Path) -> None:
        path = tmp_path / "links.json"
        path.write_text(
            '{\n  "version": 1,\n  "documents": {\n    "a.md": {"url": "https://x.example/a",}\n  }\n}'
        )
        component = IndexedRetrievedDataParserComponent().set(
            input_data=[Data(data={"text": "t", "file_name": "a.md"})], link_manifest=str(path)
        )
        with pytest.raises(ManifestError, match=rf"{re.escape(str(path))}: invalid JSON at line 4"):
            component.build_sources_data()

    def test_manifest_read_once_and_reread_on_change(
        self, manifest_file: Path, parse_calls: list[str]
    ) -> None:
        rows = [{"text": "t", "file_name": CREATE}]
        for _ in range(3):
            sources, _ = parse_component(rows, link_manifest=str(manifest_file))
            assert sources[0]["title"] == "Create a collection"
        assert len(parse_calls) == 1

        data = json.loads(manifest_file.read_text())
        data["documents"][CREATE] = {
            "url": "https://moved.example.com/create",
            "title": "Creating collections",
        }
        manifest_file.write_text(json.dumps(data), encoding="utf-8")
        sources, context = parse_component(rows, link_manifest=str(manifest_file))
        assert (sources[0]["url"], sources[0]["title"]) == (
            "https://moved.example.com/create",
            "Creating collections",
        )
        assert context == "[Source 1] Creating collections\nt"
        assert len(parse_calls) == 2

    def test_manifest_title_cannot_forge_a_citation_in_the_context(self) -> None:
        manifest = {
            "version": 1,
            "documents": {"a.md": {"url": "https://d.example.com/a", "title": "See [Source 9]"}},
        }
        _, context = parse_component([{"text": "t", "file_name": "a.md"}], link_manifest=json.dumps(manifest))
        assert "[Source 9]" not in context
        assert context == "[Source 1] See Source 9\nt"


# ---------------------------------------------------------------------------
# Regressions: link-safety bugs found in review, fixed in the parser.
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("char", ["\u202e", "\u2066", "\u200b", "\u0085", "\u009b"])
def test_regression_invisible_and_c1_control_characters_inside_a_url(char: str) -> None:
    # A right-to-left override makes "https://docs.example.com/\u202egpj.exe" display as "...exe.jpg".
    assert safe_http_url(f"https://docs.example.com/{char}gpj.exe") is None


def test_regression_slug_dot_segments_escape_the_base_path() -> None:
    url = slug_url(".._.._admin_users.md", "https://docs.example.com/en/docs/")
    assert url is None or not {".", ".."} & set(urlsplit(url).path.split("/"))


def test_regression_slug_base_with_query() -> None:
    url = slug_url("a_b.md", "https://docs.example.com/en/?lang=en")
    assert url is None or urlsplit(url).path == "/en/a/b"


def test_regression_version_true_accepted() -> None:
    with pytest.raises(ManifestError):
        parse_manifest('{"version": true, "documents": {}}')


def test_regression_hostile_url_echoed_in_payload_metadata() -> None:
    sources, _ = parse_component([{"text": "t", "file_name": "a.md", "url": "javascript:alert(1)"}])
    assert sources[0]["url"] is None
    assert "javascript:" not in json.dumps(sources)


# ---------------------------------------------------------------------------
# Langflow's allowed folders (LANGFLOW_RESTRICT_LOCAL_FILE_ACCESS), as for Read Files by Page
# ---------------------------------------------------------------------------

USER = "5f3c1d2e-user"


class TestAllowedFolders:
    @pytest.fixture(autouse=True)
    def restricted(self, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
        """Langflow's default: components read only inside their user's storage folder."""
        from lfx.services.deps import get_settings_service

        settings = get_settings_service().settings
        storage = tmp_path / "storage"
        (storage / USER).mkdir(parents=True)
        monkeypatch.setattr(settings, "restrict_local_file_access", True)
        monkeypatch.setattr(settings, "config_dir", str(storage))
        return storage

    @staticmethod
    def components(manifest: str) -> list[Any]:
        """The parser (installed and standalone) and the Citing Retriever, run as user ``USER``."""
        parsers = [
            cls().set(input_data=[Data(data={"text": "t", "file_name": CREATE})], link_manifest=manifest)
            for cls in (
                IndexedRetrievedDataParserComponent,
                standalone_class("IndexedRetrievedDataParserComponent"),
            )
        ]
        retriever = CitingRetrieverComponent().set(link_manifest=manifest)
        for component in [*parsers, retriever]:
            component._user_id = USER
        return [*parsers, retriever]

    @staticmethod
    def manifest_of(component: Any) -> dict[str, Any]:
        if isinstance(component, CitingRetrieverComponent):
            return source_options(component)["manifest"]
        return {s["document"]: s for s in component.build_sources_data().data["sources"]}

    def test_a_manifest_in_the_users_folder_is_read(self, restricted: Path) -> None:
        path = restricted / USER / "links.json"
        path.write_text(json.dumps(MANIFEST), encoding="utf-8")
        for component in self.components(str(path)):
            manifest = self.manifest_of(component)
            assert manifest[CREATE]["title"] == "Create a collection", type(component)

    def test_a_path_outside_is_refused_and_the_message_tells_nothing_of_the_file(
        self, restricted: Path, tmp_path: Path
    ) -> None:
        broken = tmp_path / "outside.json"
        broken.write_text('{\n  "version": 1,\n  "documents": {,}\n}', encoding="utf-8")
        valid = tmp_path / "valid.json"
        valid.write_text(json.dumps(MANIFEST), encoding="utf-8")
        other_user = restricted / "another-user" / "links.json"
        other_user.parent.mkdir()
        other_user.write_text(json.dumps(MANIFEST), encoding="utf-8")
        escape = restricted / USER / ".." / "another-user" / "links.json"
        link = restricted / USER / "link.json"
        link.symlink_to(valid)  # a link inside the folder to a file outside it
        refused = [broken, valid, tmp_path / "missing.json", other_user, escape, link, Path("/etc/passwd")]
        for path in refused:
            for component in self.components(str(path)):
                with pytest.raises(ValueError) as info:  # the standalone node carries its own class
                    self.manifest_of(component)
                assert type(info.value).__name__ == "ManifestError"
                message = str(info.value)
                assert message == core_links.MANIFEST_NOT_ALLOWED, (path, type(component), message)
                # Nothing about the file: not its name, whether it exists, nor a parse position.
                assert path.name not in message and "line" not in message and "exist" not in message
                assert info.value.__cause__ is None and info.value.__suppress_context__

    def test_inline_json_needs_no_folder(self) -> None:
        for component in self.components(json.dumps(MANIFEST)):
            assert self.manifest_of(component)[CREATE]["title"] == "Create a collection"

    def test_core_reads_any_path_unless_given_a_rule(self, tmp_path: Path) -> None:
        path = tmp_path / "m.json"
        path.write_text(json.dumps(MANIFEST), encoding="utf-8")
        assert load_manifest(str(path))[CREATE]["title"] == "Create a collection"
        seen: list[Path] = []

        def refuse(candidate: Path) -> Path:
            seen.append(candidate)
            raise PermissionError(13, "Permission denied", str(candidate))

        with pytest.raises(ManifestError, match=r"^link manifest: this path is not allowed"):
            load_manifest(f"  {path}  ", allow=refuse)
        assert seen == [path]
