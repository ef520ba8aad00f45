"""Two browsers on the docs-chat page, through its server, against a real Langflow 1.13.

    .venv/bin/python -m pytest tests/browser/test_docs_chat_real_server.py -q

Two Playwright contexts are two visitors (separate cookie jars). The page's server runs
in-process in front of the shared Langflow server (``langflow_server``), whose shipped RAG flow
talks to the OpenAI and Data API stand-ins. Who said what is read back from Langflow's message
store, per session id, and from the pages themselves.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.support.docs_chat import COOKIE, load_docs_chat_server, serve
from tests.support.flows import RAG, load, standalone, standin_tweaks
from tests.support.langflow_server import LangflowClient, LangflowServer
from tests.support.standins.data_api_server import DataAPIStandin
from tests.support.standins.openai_server import OpenAIStandin, Reply

pytestmark = pytest.mark.e2e

module = load_docs_chat_server()
ANSWER_TIMEOUT_MS = 120_000


class Visitor:
    """One browser context on the page: what it sent, what went wrong, its session cookie."""

    def __init__(self, browser: Any, url: str) -> None:
        self.url = url
        self.context = browser.new_context(viewport={"width": 900, "height": 720})
        self.page = self.context.new_page()
        self.page.set_default_timeout(ANSWER_TIMEOUT_MS)
        self.errors: list[str] = []
        self.bodies: list[dict[str, Any]] = []
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.on("console", lambda msg: msg.type == "error" and self.errors.append(msg.text))
        self.page.on(
            "request",
            lambda request: (
                request.url.endswith("/api/ask") and self.bodies.append(json.loads(request.post_data))
            ),
        )
        self.page.goto(url)

    def ask(self, question: str) -> None:
        turns = self.page.locator(".turn").count()
        self.page.fill("#question", question)
        self.page.keyboard.press("Enter")
        self.page.wait_for_selector(
            f".turn:nth-child({turns + 1}) .answer[aria-busy='false']", state="attached"
        )

    @property
    def session_id(self) -> str:
        (cookie,) = [c for c in self.context.cookies() if c["name"] == COOKIE]
        return cookie["value"].partition(".")[0]

    def answers(self) -> list[str]:
        return self.page.locator(".answer").all_inner_texts()

    def close(self) -> None:
        self.context.close()
        assert self.errors == [], self.errors


def test_two_browsers_never_share_a_conversation(
    browser: Any,
    langflow_server: LangflowServer,
    langflow_client: LangflowClient,
    openai: OpenAIStandin,
    data_api: DataAPIStandin,
) -> None:
    config = module.Config(
        langflow_server.base_url,
        load(standalone(RAG))["id"],
        langflow_client.api_key,
        standin_tweaks(openai.base_url, data_api.url),
        session_key=b"docs-chat-browser-test-session-key!!",
    )
    with serve(module.DocsChatServer(("127.0.0.1", 0), config, quiet=True)) as server:
        url = f"http://127.0.0.1:{server.server_address[1]}"
        alice, bob = Visitor(browser, url), Visitor(browser, url)
        try:
            openai.script(Reply(chunks=("Water is essential for life [Source 1].",)))
            alice.ask("Alice: what does water do for life?")
            openai.script(Reply(chunks=("Water boils at 100 C [Source 1].",)))
            bob.ask("Bob: when does water boil?")
            openai.script(Reply(chunks=("It freezes at 0 C [Source 1].",)))
            alice.ask("Alice: and when does it freeze?")

            assert alice.answers() == ["Water is essential for life 1.", "It freezes at 0 C 1."]
            assert bob.answers() == ["Water boils at 100 C 1."]
            assert (
                alice.page.locator(".sources li").count() == 2
                and bob.page.locator(".sources li").count() == 1
            )
            alice_id, bob_id = alice.session_id, bob.session_id
            assert alice_id != bob_id

            # A third browser arrives with Alice's id under a signature it made up: a session of its own.
            mallory = Visitor(browser, url)
            mallory.context.add_cookies(
                [{"name": COOKIE, "value": f"{alice_id}.{'A' * 43}", "domain": "127.0.0.1", "path": "/api/"}]
            )
            openai.script(Reply(chunks=("Water is wet [Source 1].",)))
            mallory.ask("Mallory: what did Alice ask?")
            mallory_id = mallory.session_id
            assert mallory_id not in (alice_id, bob_id)
            mallory.close()
        finally:
            alice.close()
            bob.close()

    def said(session_id: str) -> list[tuple[str, str]]:
        return [(m["sender"], m["text"]) for m in langflow_client.messages(session_id=session_id)]

    assert said(alice_id) == [
        ("User", "Alice: what does water do for life?"),
        ("Machine", "Water is essential for life [Source 1]."),
        ("User", "Alice: and when does it freeze?"),
        ("Machine", "It freezes at 0 C [Source 1]."),
    ]
    assert said(bob_id) == [
        ("User", "Bob: when does water boil?"),
        ("Machine", "Water boils at 100 C [Source 1]."),
    ]
    assert said(mallory_id) == [
        ("User", "Mallory: what did Alice ask?"),
        ("Machine", "Water is wet [Source 1]."),
    ]
    # The pages never sent a session id: the conversation is only the server's cookie.
    assert all(set(body) == {"question"} for body in alice.bodies + bob.bodies + mallory.bodies)
    assert len(alice.bodies) == 2 and len(bob.bodies) == 1
