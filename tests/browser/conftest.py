"""Fixtures for the docs-chat page tests: a fake Langflow, the real proxy, headless Chromium.

Chromium comes from Debian (``/usr/bin/chromium``) and is driven by the ``playwright``
pip package's own driver; no browser is ever downloaded. Only the browser tests skip
when either is missing:

    apt-get update && apt-get install -y chromium
    uv pip install --python .venv/bin/python playwright
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support.docs_chat import ROOT, load_docs_chat_server
from tests.support.fake_langflow import API_KEY, FLOW_ID, FakeLangflow

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
INSTALL_HINT = (
    "apt-get update && apt-get install -y chromium; "
    "uv pip install --python .venv/bin/python playwright (never `playwright install`)"
)


def _serve(server: Any) -> threading.Thread:
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    return thread


@pytest.fixture(scope="session")
def fake_langflow() -> Iterator[FakeLangflow]:
    server = FakeLangflow()
    _serve(server)
    yield server
    server.shutdown()
    server.server_close()


@pytest.fixture
def langflow(fake_langflow: FakeLangflow) -> FakeLangflow:
    """The shared fake with an empty script and history for this test."""
    fake_langflow.script = []
    fake_langflow.failure = None
    fake_langflow.requests.clear()
    fake_langflow.sent.clear()
    return fake_langflow


@pytest.fixture(scope="session")
def docs_chat_url(fake_langflow: FakeLangflow) -> Iterator[str]:
    """The real docs-chat proxy, configured like a deployment but aimed at the fake."""
    module = load_docs_chat_server()
    # Every page test is a new visitor from 127.0.0.1: new-session limits sized for a whole test run.
    limits = module.Limits(rate_per_minute=600, burst=50, sessions_per_minute=600)
    config = module.Config(fake_langflow.url, FLOW_ID, API_KEY, limits=limits)
    server = module.DocsChatServer(("127.0.0.1", 0), config, quiet=True)
    _serve(server)
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


# Package scope: Playwright's sync API keeps an event loop running in the main thread while it is
# open, and every asyncio test after it would fail with "cannot be called from a running event loop".
@pytest.fixture(scope="package")
def browser() -> Iterator[Any]:
    if not CHROMIUM.exists():
        pytest.skip(f"{CHROMIUM} is missing; install it with: {INSTALL_HINT}")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip(f"the playwright package is missing; install it with: {INSTALL_HINT}")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def screenshot_dir(request: pytest.FixtureRequest, tmp_path: Path) -> Path:
    """Where screenshots go: a temporary folder, or ``docs/screenshots`` with ``--update-screenshots``."""
    if request.config.getoption("--update-screenshots"):
        folder = ROOT / "docs" / "screenshots"
        folder.mkdir(parents=True, exist_ok=True)
        return folder
    return tmp_path


class PageWatch:
    """What a page did that it never should: dialogs (alert), script errors, requests elsewhere."""

    def __init__(self, origin: str) -> None:
        self.origin = origin
        self.dialogs: list[str] = []
        self.errors: list[str] = []
        self.foreign_requests: list[str] = []

    def check(self) -> None:
        assert self.dialogs == [], f"the page opened dialogs: {self.dialogs}"
        assert self.errors == [], f"script errors: {self.errors}"
        assert self.foreign_requests == [], f"requests outside the page's origin: {self.foreign_requests}"


@pytest.fixture
def page(browser: Any, docs_chat_url: str, langflow: FakeLangflow) -> Iterator[Any]:
    """A fresh tab on the docs-chat page; fails the test if it alerts, throws or calls out."""
    context = browser.new_context(viewport={"width": 900, "height": 720}, color_scheme="light")
    tab = context.new_page()
    tab.set_default_timeout(10_000)
    watch = PageWatch(docs_chat_url)
    tab.on("dialog", lambda dialog: (watch.dialogs.append(dialog.message), dialog.dismiss()))
    tab.on("pageerror", lambda error: watch.errors.append(str(error)))
    tab.on("console", lambda msg: msg.type == "error" and watch.errors.append(msg.text))
    tab.on(
        "request",
        lambda request: request.url.startswith(docs_chat_url) or watch.foreign_requests.append(request.url),
    )
    tab.goto(docs_chat_url)
    yield tab
    context.close()
    watch.check()
