"""Load through a real Langflow server, at the CI size: 16 concurrent sessions, 96 requests.

    .venv/bin/python -m pytest tests/e2e/test_load.py            # this size (part of the README command)
    .venv/bin/python scripts/load.py --sessions 16 --requests 500  # the full size, memory at 100 and 500

The server is the e2e tests' shared one, without the bundle, so the flow is the RAG flow of
``flows/standalone/`` (its nodes carry the core as text, compiled once in the server's process).
Every session asks about its own documents, half the time streaming; every answer's cards must
name that session's documents only (no cross-talk through module-level caches or shared component
state), the store must hold every question and answer, and the server's memory must not keep
growing. The full size and the benchmark against the stock flow are ``scripts/load.py``'s.

The memory is judged here too, at this size, by its growth per request from request 48 to request
96: at most ``MEMORY_PER_REQUEST`` (1.5 MB), four times what the full-size run grew on average
(1,814 MB after 100 requests, 1,971 MB after 500: 0.39 MB a request, tracing off as on this server;
docs/benchmarks.md). It catches a leak of a megabyte or more a request, such as a run's graph or
model client kept alive; a smaller one (an answer's sources kept) shows only at the full size, whose
goal is 10 % from request 100 to 500.

On Langflow's default SQLite store this test also fails when the machine is starved enough for a
write to wait past SQLite's 30 s busy timeout ("database is locked"): the message is then lost,
which is exactly what it guards against (docs/benchmarks.md, "Load through the real server").
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest

from tests.support.flows import RAG, load, standalone, standin_tweaks
from tests.support.langflow_server import LangflowClient, LangflowServer
from tests.support.load import LOAD_REPLY, LoadRun, seed_sessions, server_rss, session_tweaks
from tests.support.standins.data_api_server import DataAPIStandin
from tests.support.standins.openai_server import OpenAIStandin

pytestmark = [pytest.mark.e2e, pytest.mark.load]

SESSIONS = int(os.environ.get("LFX_CITATIONS_LOAD_SESSIONS", "16"))
WARM_REQUESTS = int(os.environ.get("LFX_CITATIONS_LOAD_WARM", "48"))
REQUESTS = int(os.environ.get("LFX_CITATIONS_LOAD_REQUESTS", "96"))
MEMORY_TOLERANCE = 0.10
# The memory goal is stated from request 100 to request 500 (10 %); a shorter run is held to a growth
# per request of four times the full-size run's average (see the docstring).
MEMORY_GOAL_FROM, MEMORY_GOAL_TO = 100, 500
MEMORY_PER_REQUEST = 1.5 * 2**20


@pytest.fixture(scope="module")
def load_openai(openai: OpenAIStandin) -> Iterator[OpenAIStandin]:
    previous = openai.default_reply
    openai.default_reply = LOAD_REPLY
    yield openai
    openai.default_reply = previous


def test_concurrent_sessions_get_their_own_cards_and_nothing_is_lost(
    langflow_server: LangflowServer,
    langflow_client: LangflowClient,
    load_openai: OpenAIStandin,
    data_api: DataAPIStandin,
) -> None:
    sessions = seed_sessions(data_api, SESSIONS)
    tweaks: dict[str, Any] = session_tweaks(standin_tweaks(load_openai.base_url, data_api.url))
    assert langflow_client.api_key is not None
    run = LoadRun(
        langflow_server.base_url, langflow_client.api_key, load(standalone(RAG))["id"], tweaks, sessions
    )
    assert langflow_server._process is not None
    pid = langflow_server._process.pid

    warm = run.phase(WARM_REQUESTS)
    rss_warm = server_rss(pid)
    rest = run.phase(REQUESTS - WARM_REQUESTS)
    rss_end = server_rss(pid)

    results = warm + rest
    assert len(results) == REQUESTS
    assert {r.stream for r in results} == {True, False}
    assert run.check(results) == []
    assert run.check_store() == []
    assert len(load_openai.chat_requests) >= REQUESTS  # every answer came from the model, none from a cache
    growth = rss_end / rss_warm - 1
    per_request = (rss_end - rss_warm) / (REQUESTS - WARM_REQUESTS)
    report = (
        f"server memory, request {WARM_REQUESTS} -> {REQUESTS}: {rss_warm / 2**20:.0f} MB -> "
        f"{rss_end / 2**20:.0f} MB ({growth:+.1%}, {per_request / 2**20:+.2f} MB a request)"
    )
    print(report)
    if WARM_REQUESTS >= MEMORY_GOAL_FROM and REQUESTS >= MEMORY_GOAL_TO:
        assert growth <= MEMORY_TOLERANCE, report
    else:
        assert per_request <= MEMORY_PER_REQUEST, report
