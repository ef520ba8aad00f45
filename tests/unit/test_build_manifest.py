"""scripts/build_manifest.py against a local docs site (stdlib http.server on 127.0.0.1, ephemeral port).

The site mirrors the story behind the script: most stored names reverse to real pages (some behind
301/302 redirects), one is a stray JSON asset, plus 404s, a soft 404, a flaky 503-then-200 page,
a hanging page and slow pages that count how many requests are in flight at once.
"""

from __future__ import annotations

import asyncio
import json
import socket
import sys
import threading
import time
from collections import Counter
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import httpx
import pytest

from lfx_citations.core.links import load_manifest, parse_manifest, slug_url
from tests.support.scripts import load_file

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "build_manifest.py"


bm = load_file("scripts/build_manifest.py")

SITE_SUFFIX = " | Example Docs"


def page(title: str) -> bytes:
    return (
        "<!doctype html><html><head><meta charset='utf-8'>"
        "<svg><title>logo</title></svg>"  # an inline icon's <title> is not the page title
        f"<title>{title}{SITE_SUFFIX}</title></head><body><h1>{title}</h1></body></html>"
    ).encode()


class DocsSite:
    """Routes of the fake docs site, plus what was requested and how many requests overlapped."""

    def __init__(self) -> None:
        self.pages: dict[str, str] = {
            "/en/get-started/quickstart": "Quickstart",
            "/en/api-reference/collection-methods/create-collection": "Create a collection &amp; its indexes",
            "/en/getting-started/introduction": "Introduction",
            "/en/tutorials/build-a-rag-app": "Build a RAG app",
            "/en/flaky/page": "Flaky but fine",
        }
        self.redirects: dict[str, tuple[int, str]] = {
            "/en/get-started/intro": (301, "/en/getting-started/introduction"),
            "/en/tutorials/rag": (302, "{root}/en/tutorials/build-a-rag-app"),
            "/en/loop/a": (302, "/en/loop/a"),
            "/en/evil/redirect": (302, "javascript:alert(1)"),
            "/en/creds/redirect": (302, "{root_with_user}/en/get-started/quickstart"),
        }
        self.assets: dict[str, bytes] = {"/en/openapi/spec.json": b'{"openapi": "3.1.0"}'}
        self.soft_404 = {"/en/gone/page"}
        self.failures: dict[str, tuple[int, int]] = {"/en/flaky/page": (503, 1), "/en/broken/page": (500, 99)}
        self.hits: Counter[str] = Counter()
        self.lock = threading.Lock()
        self.in_flight = 0
        self.max_in_flight = 0
        self.root = ""

    def total_hits(self) -> int:
        with self.lock:
            return sum(self.hits.values())


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    timeout = 10

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def _send(
        self,
        status: int,
        body: bytes = b"",
        content_type: str = "text/html; charset=utf-8",
        headers: dict[str, str] | None = None,
    ) -> None:
        # The client can send its next request as soon as this body arrives, and that request's
        # thread may count itself before this one's `finally` runs; leave the count first so the
        # site never sees more requests in flight than the client really had.
        self._leave()
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for key, value in (headers or {}).items():
            self.send_header(key, value)
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self) -> None:
        site: DocsSite = self.server.site  # type: ignore[attr-defined]
        path = self.path.split("?", 1)[0]
        with site.lock:
            site.hits[path] += 1
            hit = site.hits[path]
            site.in_flight += 1
            site.max_in_flight = max(site.max_in_flight, site.in_flight)
        self._counted = True
        try:
            self._route(site, path, hit)
        finally:
            self._leave()

    def _leave(self) -> None:
        if getattr(self, "_counted", False):
            self._counted = False
            site: DocsSite = self.server.site  # type: ignore[attr-defined]
            with site.lock:
                site.in_flight -= 1

    def _route(self, site: DocsSite, path: str, hit: int) -> None:
        if path in site.failures and hit <= site.failures[path][1]:
            self._send(site.failures[path][0], b"<title>Service Unavailable</title>")
        elif path in site.pages:
            self._send(200, page(site.pages[path]))
        elif path in site.redirects:
            status, location = site.redirects[path]
            self._send(
                status,
                headers={
                    "Location": location.format(
                        root=site.root, root_with_user=site.root.replace("//", "//admin@")
                    )
                },
            )
        elif path in site.assets:
            self._send(200, site.assets[path], "application/json")
        elif path in site.soft_404:
            self._send(200, page("Page Not Found"))
        elif path.startswith("/en/slow/"):
            time.sleep(0.15)
            self._send(200, page(f"Slow {path.rsplit('/', 1)[-1]}"))
        elif path.startswith("/en/hang/"):
            time.sleep(1.5)
            self._send(200, page("Too late"))
        else:
            self._send(404, b"<title>404 Not Found</title>")


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    site: DocsSite

    def handle_error(self, request: Any, client_address: Any) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):  # a client that timed out and hung up
            super().handle_error(request, client_address)


@pytest.fixture(autouse=True)
def _no_proxies(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy", "all_proxy"):
        monkeypatch.delenv(name, raising=False)


@pytest.fixture
def site() -> Iterator[DocsSite]:
    docs = DocsSite()
    server = _Server(("127.0.0.1", 0), _Handler)
    server.site = docs
    docs.root = f"http://127.0.0.1:{server.server_address[1]}"
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    try:
        yield docs
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


def base(site: DocsSite) -> str:
    return f"{site.root}/en/"


STORY_NAMES = [
    "get-started_quickstart.md",
    "api-reference_collection-methods_create-collection.md",
    "get-started_intro.md",  # 301
    "tutorials_rag.md",  # 302 to an absolute URL
    "openapi_spec.json",  # a stray JSON asset
]


def names_file(tmp_path: Path, names: list[str]) -> Path:
    path = tmp_path / "names.txt"
    path.write_text("# stored names, one per line\n" + "\n".join(names) + "\n\n", encoding="utf-8")
    return path


def run(
    site: DocsSite, tmp_path: Path, names: list[str], *extra: str, output: Path | None = None
) -> tuple[int, Path]:
    out = output or tmp_path / "manifest.json"
    argv = [
        "--names",
        str(names_file(tmp_path, names)),
        "--base-url",
        base(site),
        "--output",
        str(out),
        "--no-progress",
        "--backoff",
        "0.01",
        "--timeout",
        "5",
        "--strip-title-suffix",
        SITE_SUFFIX,
        *extra,
    ]
    return bm.main(argv), out


def documents(path: Path) -> dict[str, dict[str, str | None]]:
    return parse_manifest(path.read_text(encoding="utf-8"), str(path))


# ---------------------------------------------------------------------------
# The story: every page maps except a stray JSON asset
# ---------------------------------------------------------------------------


def test_report_reproduces_the_story(
    site: DocsSite, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run(site, tmp_path, STORY_NAMES)
    report = capsys.readouterr().out

    assert code == 0
    assert report.splitlines()[0] == "mapped 4 of 5 stored names; 1 dropped: 1 not a page"
    assert "dropped openapi_spec.json: not a page (content-type application/json)" in report
    assert "2 redirected (the final URL is recorded)" in report
    assert f"wrote {out}: 4 documents" in report

    docs = documents(out)
    assert set(docs) == set(STORY_NAMES) - {"openapi_spec.json"}
    assert docs["get-started_quickstart.md"] == {
        "url": f"{site.root}/en/get-started/quickstart",
        "title": "Quickstart",
    }
    # The page title is read with html.parser: entities decoded, the svg <title> skipped, site suffix stripped.
    assert (
        docs["api-reference_collection-methods_create-collection.md"]["title"]
        == "Create a collection & its indexes"
    )
    # Redirects are followed and the final URL is what gets recorded.
    assert docs["get-started_intro.md"]["url"] == f"{site.root}/en/getting-started/introduction"
    assert docs["tutorials_rag.md"] == {
        "url": f"{site.root}/en/tutorials/build-a-rag-app",
        "title": "Build a RAG app",
    }


def test_manifest_round_trips_and_drives_the_parser(site: DocsSite, tmp_path: Path) -> None:
    code, out = run(site, tmp_path, STORY_NAMES)
    assert code == 0
    text = out.read_text(encoding="utf-8")
    data = json.loads(text)
    assert data["version"] == 1
    assert list(data["documents"]) == sorted(data["documents"])  # stable, diff-friendly order
    parsed = parse_manifest(text)
    assert parse_manifest(json.dumps({"version": 1, "documents": parsed})) == parsed
    assert load_manifest(str(out)) == parsed
    # Candidates come from the parser's own slug rule, so un-redirected entries agree with it exactly.
    assert parsed["get-started_quickstart.md"]["url"] == slug_url("get-started_quickstart.md", base(site))


def test_every_reason_is_reported(site: DocsSite, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    names = [
        "get-started_quickstart.md",
        "admin_old-page.md",  # 404
        "gone_page.md",  # 200 with a "Page Not Found" title
        "release notes (draft).md",  # the slug rule cannot reverse it
        "broken_page.md",  # 500 every time
        "loop_a.md",  # redirects to itself
        "evil_redirect.md",  # redirects to javascript:
        "creds_redirect.md",  # redirects to a URL with userinfo
        f"{site.root}/en/tutorials/build-a-rag-app",  # a name that is a URL is checked as is
    ]
    code, out = run(site, tmp_path, names, "--retries", "1")
    report = capsys.readouterr().out

    assert code == 0
    assert report.splitlines()[0] == (
        "mapped 2 of 9 stored names; 7 dropped: 2 not found, 1 no candidate URL, 4 error"
    )
    assert "dropped admin_old-page.md: not found (404)" in report
    assert "dropped gone_page.md: not found (soft 404: the page title is 'Page Not Found')" in report
    assert "dropped release notes (draft).md: no candidate URL" in report
    assert "dropped broken_page.md: error (HTTP 500 after 2 attempts)" in report
    assert "dropped loop_a.md: error (too many redirects)" in report
    assert "dropped evil_redirect.md: error (InvalidURL: " in report
    assert "dropped creds_redirect.md: error (final URL is not a plain http(s) URL" in report
    assert "javascript:" not in out.read_text(encoding="utf-8")
    assert site.hits["/en/admin/old-page"] == 1  # a 404 is final: never retried
    assert site.hits["/en/broken/page"] == 2  # a 500 is retried
    assert set(documents(out)) == {"get-started_quickstart.md", f"{site.root}/en/tutorials/build-a-rag-app"}


def test_same_candidate_is_fetched_once(site: DocsSite, tmp_path: Path) -> None:
    code, out = run(
        site,
        tmp_path,
        ["get-started_quickstart.md", "get-started_quickstart.html", "x/get-started_quickstart.md"],
    )
    assert code == 0
    assert site.hits["/en/get-started/quickstart"] == 1
    assert len(documents(out)) == 3


# ---------------------------------------------------------------------------
# Hand edits
# ---------------------------------------------------------------------------


def _hand_edited(path: Path) -> dict[str, Any]:
    data = {
        "version": 1,
        "$comment": "hand-maintained entries live here too",
        "documents": {
            "get-started_quickstart.md": {
                "url": "https://docs.example.com/start-here",
                "title": "Start here",
                "note": "renamed by hand",
            },
            "admin_old-page.md": {"url": "https://docs.example.com/admin/legacy", "title": "Legacy admin"},
            "legacy.pdf": {"url": "https://files.example.com/legacy.pdf", "title": "Legacy PDF"},
        },
    }
    path.write_text(json.dumps(data, indent=2), encoding="utf-8")
    return data


def test_hand_edits_are_kept_without_overwrite(
    site: DocsSite, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "manifest.json"
    before = _hand_edited(out)
    code, _ = run(
        site, tmp_path, ["get-started_quickstart.md", "get-started_intro.md", "admin_old-page.md"], output=out
    )
    report = capsys.readouterr().out

    assert code == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["$comment"] == before["$comment"]
    for name, entry in before["documents"].items():
        assert data["documents"][name] == entry  # byte-for-byte, extra keys included
    assert data["documents"]["get-started_intro.md"]["url"] == f"{site.root}/en/getting-started/introduction"
    assert site.hits["/en/get-started/quickstart"] == 0  # kept entries are not even fetched
    assert site.hits["/en/admin/old-page"] == 0
    assert report.splitlines()[0] == "mapped 3 of 3 stored names; none dropped"
    assert "1 verified, 2 kept from the existing manifest" in report
    assert f"wrote {out}: 4 documents" in report


def test_overwrite_replaces_hand_edits_with_fresh_results(
    site: DocsSite, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "manifest.json"
    before = _hand_edited(out)
    code, _ = run(
        site, tmp_path, ["get-started_quickstart.md", "admin_old-page.md"], "--overwrite", output=out
    )
    report = capsys.readouterr().out

    assert code == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["documents"]["get-started_quickstart.md"] == {
        "url": f"{site.root}/en/get-started/quickstart",
        "title": "Quickstart",
    }
    # A fresh failure does not destroy a hand-made mapping; the report says so.
    assert data["documents"]["admin_old-page.md"] == before["documents"]["admin_old-page.md"]
    assert "kept the existing entry for admin_old-page.md (fresh check: not found (404))" in report
    # Entries for names outside this run are untouched either way.
    assert data["documents"]["legacy.pdf"] == before["documents"]["legacy.pdf"]
    assert site.hits["/en/get-started/quickstart"] == 1


def test_invalid_existing_manifest_is_an_error_and_left_alone(
    site: DocsSite, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "manifest.json"
    broken = '{\n  "version": 1,\n  "documents": {\n    "a.md": {"url": "https://x.example/a"},\n  }\n}\n'
    out.write_text(broken, encoding="utf-8")
    code, _ = run(site, tmp_path, ["get-started_quickstart.md"], output=out)
    err = capsys.readouterr().err
    assert code == 1
    assert "line 5" in err and str(out) in err
    assert out.read_text(encoding="utf-8") == broken
    assert site.total_hits() == 0

    out.write_text('{"version": 1, "documents": {"a.md": {"url": "javascript:alert(1)"}}}', encoding="utf-8")
    code, _ = run(site, tmp_path, ["get-started_quickstart.md"], output=out)
    assert code == 1
    assert "documents['a.md'].url" in capsys.readouterr().err


# ---------------------------------------------------------------------------
# Network behaviour
# ---------------------------------------------------------------------------


def test_no_verify_makes_no_requests(
    site: DocsSite, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run(
        site, tmp_path, [*STORY_NAMES, "release notes (draft).md"], "--no-verify", "--suffix", ".html"
    )
    report = capsys.readouterr().out

    assert code == 0
    assert site.total_hits() == 0
    docs = documents(out)
    assert docs["api-reference_collection-methods_create-collection.md"] == {
        "url": f"{site.root}/en/api-reference/collection-methods/create-collection.html",
        "title": "Create collection",  # derived from the slug
    }
    assert docs["openapi_spec.json"]["url"] == f"{site.root}/en/openapi/spec.json.html"
    assert report.splitlines()[0] == "mapped 5 of 6 stored names; 1 dropped: 1 no candidate URL"
    assert "not verified" in report


def test_503_then_200_is_retried(site: DocsSite, tmp_path: Path) -> None:
    code, out = run(site, tmp_path, ["flaky_page.md"], "--retries", "2")
    assert code == 0
    assert documents(out)["flaky_page.md"]["title"] == "Flaky but fine"
    assert site.hits["/en/flaky/page"] == 2


def test_without_retries_a_503_is_an_error(
    site: DocsSite, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run(site, tmp_path, ["flaky_page.md"], "--retries", "0")
    assert code == 0
    assert "dropped flaky_page.md: error (HTTP 503)" in capsys.readouterr().out
    assert site.hits["/en/flaky/page"] == 1
    assert documents(out) == {}


def test_connection_errors_are_retried_with_backoff(tmp_path: Path) -> None:
    with socket.socket() as sock:  # a port nobody listens on
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    sleeps: list[float] = []

    async def fake_sleep(seconds: float) -> None:
        sleeps.append(seconds)

    async def go() -> Any:
        async with httpx.AsyncClient(timeout=2) as client:
            options = bm.VerifyOptions(retries=2, backoff=0.2)
            return await bm.check_candidate(
                client, "a.md", f"http://127.0.0.1:{port}/a", options, sleep=fake_sleep
            )

    check = asyncio.run(go())
    assert check.category == "error" and "ConnectError" in check.reason
    assert check.attempts == 3
    assert len(sleeps) == 2 and 0.2 <= sleeps[0] < sleeps[1]  # exponential backoff


def test_timeout_is_an_error(site: DocsSite, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    started = time.monotonic()
    code, _ = run(site, tmp_path, ["hang_page.md"], "--timeout", "0.3", "--retries", "0")
    assert code == 0
    assert time.monotonic() - started < 2.5
    assert "dropped hang_page.md: error (ReadTimeout" in capsys.readouterr().out


def test_concurrency_is_bounded(site: DocsSite, tmp_path: Path) -> None:
    names = [f"slow_{i}.md" for i in range(12)]
    code, out = run(site, tmp_path, names, "--concurrency", "3")
    assert code == 0
    assert len(documents(out)) == 12
    assert site.max_in_flight <= 3
    assert site.max_in_flight >= 2  # and the requests do overlap


def test_progress_bar_on_stderr(
    site: DocsSite, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = [
        "--names",
        str(names_file(tmp_path, ["get-started_quickstart.md"])),
        "--base-url",
        base(site),
        "--output",
        str(tmp_path / "m.json"),
    ]
    assert bm.main(argv) == 0
    captured = capsys.readouterr()
    assert "verifying" in captured.err and "1/1" in captured.err
    assert "verifying" not in captured.out

    monkeypatch.setitem(sys.modules, "tqdm", None)  # tqdm missing: the simple bar takes over
    assert isinstance(bm.make_progress(3), bm.SimpleProgress)
    assert bm.main([*argv, "--overwrite"]) == 0
    assert "verifying [" in capsys.readouterr().err


# ---------------------------------------------------------------------------
# CLI edges
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "argv",
    [
        ["--names", "n.txt", "--output", "m.json"],  # no --base-url
        [
            "--names",
            "n.txt",
            "--astra-endpoint",
            "https://db.example",
            "--base-url",
            "https://d.example/",
            "--output",
            "m.json",
        ],
        ["--base-url", "https://d.example/", "--output", "m.json"],  # no names source
        ["--names", "n.txt", "--base-url", "javascript:alert(1)//", "--output", "m.json"],
        ["--names", "n.txt", "--base-url", "https://d.example/?lang=en", "--output", "m.json"],
        ["--names", "n.txt", "--base-url", "https://d.example/", "--output", "m.json", "--concurrency", "0"],
        ["--names", "n.txt", "--base-url", "https://d.example/", "--output", "m.json", "--soft-404", "("],
        ["--astra-endpoint", "https://db.example", "--base-url", "https://d.example/", "--output", "m.json"],
        [
            "--astra-endpoint",
            "https://db.example",
            "--collection",
            "c",
            "--base-url",
            "https://d.example/",
            "--output",
            "m.json",
        ],  # no token
    ],
)
def test_usage_errors_exit_2(argv: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(bm.TOKEN_ENV, raising=False)
    with pytest.raises(SystemExit) as excinfo:
        bm.main(argv)
    assert excinfo.value.code == 2


def test_missing_names_file_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = bm.main(
        [
            "--names",
            str(tmp_path / "nope.txt"),
            "--base-url",
            "https://d.example/",
            "--output",
            str(tmp_path / "m.json"),
        ]
    )
    assert code == 1
    assert "cannot read names" in capsys.readouterr().err
    assert not (tmp_path / "m.json").exists()


def test_output_to_stdout(site: DocsSite, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = bm.main(
        [
            "--names",
            str(names_file(tmp_path, STORY_NAMES)),
            "--base-url",
            base(site),
            "--output",
            "-",
            "--no-progress",
        ]
    )
    captured = capsys.readouterr()
    assert code == 0
    assert len(parse_manifest(captured.out)) == 4
    assert captured.err.startswith("mapped 4 of 5 stored names")


def test_names_from_astra_db(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from tests.support.standins import data_api_server as standins

    stored = ["get-started_quickstart.md", "tutorials_rag.md", "openapi_spec.json"]
    chunks = [standins.SeedDocument(f"chunk {i}", {"file_name": stored[i % 3], "page": i}) for i in range(45)]
    with standins.DataAPIStandin() as api:
        api.seed(chunks, collection="docs_chunks")
        monkeypatch.setenv(bm.TOKEN_ENV, "AstraCS:test")
        out = tmp_path / "m.json"
        code = bm.main(
            [
                "--astra-endpoint",
                api.api_endpoint,
                "--collection",
                "docs_chunks",
                "--base-url",
                "https://docs.example.com/en/",
                "--output",
                str(out),
                "--no-verify",
            ]
        )
        assert code == 0
        assert "find" in api.command_names()
    assert set(documents(out)) == set(stored)
    assert documents(out)["tutorials_rag.md"]["url"] == "https://docs.example.com/en/tutorials/rag"
    assert capsys.readouterr().out.startswith("mapped 3 of 3 stored names")


# ---------------------------------------------------------------------------
# Small pieces
# ---------------------------------------------------------------------------


def test_html_title() -> None:
    assert bm.html_title("<html><head><title> A\n  &lt;b&gt; title </title></head></html>") == "A <b> title"
    assert bm.html_title("<svg><title>icon</title></svg><title>Real</title><title>Second</title>") == "Real"
    assert bm.html_title("<html><body>no title</body></html>") is None
    assert bm.html_title("<title>Unclosed") == "Unclosed"


def test_titles_and_candidates() -> None:
    assert (
        bm.clean_title("  Create a collection |  Example Docs ", [" | Example Docs"]) == "Create a collection"
    )
    assert (
        bm.clean_title(" | Example Docs", [" | Example Docs"]) == "| Example Docs"
    )  # never strip to nothing
    assert bm.title_from_url("https://d.example/en/api/create-collection.html") == "Create collection"
    assert bm.title_from_url("https://d.example/") is None
    assert bm.candidate_url("a_b.md", "https://d.example/en") == "https://d.example/en/a/b"
    assert bm.candidate_url("https://web.example/page", "https://d.example/") == "https://web.example/page"
    assert bm.candidate_url("a b.md", "https://d.example/") is None
    assert bm.unique_names([" a ", "a", "", None, 3, "b"]) == ["a", "b"]


def test_report_flags_redirects_to_another_host() -> None:
    checks = [
        bm.Check("a.md", "https://docs.example.com/en/a", url="https://docs.example.com/en/a2", title="A"),
        bm.Check(
            "b.md", "https://docs.example.com/en/b", url="https://login.example.net/sso", title="Sign in"
        ),
        bm.Check("c.md", None, reason="no candidate URL (the slug rule cannot reverse this name)"),
    ]
    documents = {c.name: bm.entry_for(c) for c in checks if c.mapped}
    report = bm.format_report(bm.BuildResult(checks, documents, verified=True), output="m.json")
    assert report.splitlines()[0] == "mapped 2 of 3 stored names; 1 dropped: 1 no candidate URL"
    assert "2 redirected (the final URL is recorded)" in report
    assert (
        "check b.md: redirected to another host: https://docs.example.com/en/b -> https://login.example.net/sso"
        in report
    )
    assert "check a.md" not in report
    assert report.splitlines()[-1] == "wrote m.json: 2 documents"
