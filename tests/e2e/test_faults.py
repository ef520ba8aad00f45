"""Faults through a real Langflow 1.13 server: the model or the database misbehaves, or the client leaves.

Each case runs the shipped RAG flow over ``/api/v1/run`` with ``stream=true`` and ``stream=false``
against the local stand-ins, and checks three views of the same run: what the API client receives,
what the message store keeps (``/api/v1/monitor/messages``), and the component's status (the
post-processor's status line, which ``output_type="debug"`` returns as its artifact ``repr``).
After every case the server must still be healthy, answer the next request correctly, and have no
run left in progress (Langflow's own ``job`` table; the OpenAI stand-in's record of whether each
model answer finished or was abandoned by its reader).

    .venv/bin/python -m pytest tests/e2e/test_faults.py

The oracle for cards is a complete answer to the same question: a stream cut after ``[Source 2]``
must carry exactly the first two cards that the complete answer citing 1, 2 and 3 carries.
"""

from __future__ import annotations

import contextlib
import re
import sqlite3
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import httpx
import pytest

from tests.support.flows import RAG, load, standalone, standin_tweaks
from tests.support.langflow_server import LangflowClient, LangflowServer, StreamEvent, free_port, parse_events
from tests.support.standins.data_api_server import DataAPIStandin
from tests.support.standins.openai_server import OpenAIStandin, Reply

pytestmark = pytest.mark.e2e

QUESTION = "What does water do for life?"
POST_PROCESSOR_ID = "ext:citations:CitationPostProcessorComponent@official-cite"
ASTRA_ID = "ext:datastax:AstraDBVectorStoreComponent@official-astra"
CHAT_OUTPUT_ID = "ChatOutput-output"
MODEL_TIMEOUT_S = 3
"""The OpenAI node's ``timeout`` in these runs: a stall longer than this is a timeout."""
RUNNING_JOB_STATES = ("queued", "in_progress")

# A full answer citing 1, 2 and 3 (the oracle), and the part of it a failing model gets out first.
FULL_CHUNKS = (
    "Water is essential for life [Source 1]. ",
    "It boils at 100 C [Source 2]. ",
    "Plants use it [Source 3].",
)
PARTIAL_CHUNKS = ("Water is essential for life [Source 1]. ", "It boils at 100 C [Source 2]. It freez")
PARTIAL_TEXT = "Water is essential for life [Source 1]. It boils at 100 C [Source 2]. It freez"


def without_support(status: str) -> str:
    """The status line without the support check's sentence (its verdicts are not what is tested here)."""
    return re.sub(r" Support: [^.]*\.", "", status)


@dataclass
class Outcome:
    """One /run as a client and the store see it; ``status`` is the post-processor's status line."""

    session: str
    http_status: int
    events: list[StreamEvent] = field(default_factory=list)
    body: Any = None
    stored: list[dict[str, Any]] = field(default_factory=list)

    @property
    def response(self) -> dict[str, Any] | None:
        if self.events:
            ends = [e for e in self.events if e.event == "end"]
            return ends[-1].data["result"] if ends else None
        return self.body if self.http_status == httpx.codes.OK else None

    def vertex(self, component_id: str) -> dict[str, Any] | None:
        for outer in (self.response or {}).get("outputs", []):
            for inner in outer.get("outputs", []):
                if inner.get("component_id") == component_id:
                    return inner
        return None

    @property
    def answer(self) -> dict[str, Any]:
        vertex = self.vertex(CHAT_OUTPUT_ID)
        assert vertex is not None, f"no Chat Output in the response: {self.body or self.event_names}"
        return vertex["results"]["message"]

    @property
    def status(self) -> str:
        vertex = self.vertex(POST_PROCESSOR_ID)
        assert vertex is not None, "the post-processor reported no result"
        return vertex["artifacts"]["message"]["repr"]

    @property
    def event_names(self) -> list[str]:
        return [e.event for e in self.events]

    @property
    def errors(self) -> list[str]:
        """The text of each ``error`` event: the failed component's error message, or the run's error."""
        texts = []
        for event in self.events:
            if event.event == "error":
                data = event.data if isinstance(event.data, dict) else {"error": event.data}
                texts.append(str(data["text"] if isinstance(data.get("text"), str) else data.get("error")))
        return texts

    def failed_with(self, reason: str) -> bool:
        """The stream ended in an error naming ``reason``, with no result after it."""
        return (
            bool(self.events)
            and self.events[-1].event == "error"
            and "end" not in self.event_names
            and any(reason in text for text in self.errors)
        )

    @property
    def streamed_text(self) -> str:
        return "".join(e.data["chunk"] for e in self.events if e.event == "token")

    @property
    def error_detail(self) -> str:
        return str(self.body.get("detail") if isinstance(self.body, dict) else self.body)


def card_titles(message: dict[str, Any]) -> list[str]:
    groups = [b for b in message.get("content_blocks") or [] if b.get("title") == "Sources"]
    assert len(groups) <= 1, groups
    return [leaf["title"] for leaf in groups[0]["contents"]] if groups else []


def by_sender(stored: list[dict[str, Any]]) -> list[tuple[str, str]]:
    return [(m["sender"], m["category"]) for m in stored]


@pytest.fixture(scope="module")
def tweaks(openai: OpenAIStandin, data_api: DataAPIStandin) -> dict[str, dict[str, Any]]:
    # No client retries: each scripted failure must reach the component once, not be retried away.
    tweaks = standin_tweaks(openai.base_url, data_api.url)
    tweaks["OpenAI"].update({"max_retries": 0, "timeout": MODEL_TIMEOUT_S})
    return tweaks


@pytest.fixture(scope="module")
def flow_id(langflow_client: LangflowClient) -> str:
    return load(standalone(RAG))["id"]  # loaded by the server from flows/standalone/ at startup


@pytest.fixture(scope="module")
def reference_cards(
    langflow_client: LangflowClient, flow_id: str, openai: OpenAIStandin, tweaks: dict
) -> list[str]:
    """The three cards of the complete answer: the oracle for what a cut answer must still carry."""
    openai.script(Reply(chunks=FULL_CHUNKS))
    outcome = run(langflow_client, flow_id, tweaks, stream=False)
    assert outcome.http_status == httpx.codes.OK, outcome.body
    titles = card_titles(outcome.answer)
    assert [t.split(" \u00b7 ")[0] for t in titles] == ["Source 1", "Source 2", "Source 3"], titles
    return titles


def run(
    client: LangflowClient,
    flow_id: str,
    tweaks: dict[str, Any],
    *,
    stream: bool,
    timeout: float | None = None,
) -> Outcome:
    """POST /api/v1/run as a client does; a stream asks for every vertex's result, to read the status.

    ``output_type="debug"`` returns every vertex's result, Chat Output's included, but without a
    stream Langflow 1.13 cannot serialize it (the model vertex's client object); those runs ask for
    the chat output only, and a failing component's status is the error message stored in its name.
    """
    session = str(uuid.uuid4())
    output_type = "debug" if stream else "chat"
    body = {"input_value": QUESTION, "output_type": output_type, "tweaks": tweaks, "session_id": session}
    params = {"stream": "true" if stream else "false"}
    url = f"/api/v1/run/{flow_id}"
    request_timeout = timeout if timeout is not None else client.http.timeout
    if stream:
        with client.http.stream("POST", url, params=params, json=body, timeout=request_timeout) as response:
            events = list(parse_events(response.iter_lines()))
        outcome = Outcome(session, response.status_code, events=events)
    else:
        response = client.http.post(url, params=params, json=body, timeout=request_timeout)
        outcome = Outcome(session, response.status_code, body=response.json())
    outcome.stored = client.messages(session_id=session)
    return outcome


def running_jobs(server: LangflowServer, flow_id: str) -> list[tuple[str, str]]:
    """Runs of the flow that Langflow's job table still holds as queued or in progress."""
    assert server.workdir is not None
    with contextlib.closing(sqlite3.connect(server.workdir / "langflow.db", timeout=10)) as db:
        rows = db.execute(
            "SELECT job_id, status FROM job WHERE replace(flow_id, '-', '') = ? AND lower(status) IN (?, ?)",
            (flow_id.replace("-", ""), *RUNNING_JOB_STATES),
        ).fetchall()
    return [(str(job), str(status)) for job, status in rows]


def wait_until(predicate: Any, timeout: float, interval: float = 0.1) -> bool:
    deadline = time.monotonic() + timeout
    while not (ok := predicate()) and time.monotonic() < deadline:
        time.sleep(interval)
    return bool(ok)


@pytest.fixture
def recovers(
    langflow_server: LangflowServer,
    langflow_client: LangflowClient,
    flow_id: str,
    openai: OpenAIStandin,
    data_api: DataAPIStandin,
    tweaks: dict,
    reference_cards: list[str],
) -> Iterator[None]:
    """After the case: no run left in progress, no model answer still being read, and a healthy next run."""
    openai.clear_requests()
    yield
    data_api.set_fault(None)
    assert wait_until(lambda: not running_jobs(langflow_server, flow_id), 30), running_jobs(
        langflow_server, flow_id
    )
    assert wait_until(lambda: all(d.outcome != "in_progress" for d in openai.deliveries), 30), (
        openai.deliveries
    )
    assert httpx.get(f"{langflow_server.base_url}/health_check", timeout=10).status_code == httpx.codes.OK
    openai.script(Reply(chunks=FULL_CHUNKS))
    after = run(langflow_client, flow_id, tweaks, stream=True)
    assert after.errors == []
    assert after.answer["text"] == "".join(FULL_CHUNKS)
    assert after.streamed_text == after.answer["text"]
    assert card_titles(after.answer) == reference_cards
    assert not running_jobs(langflow_server, flow_id)


STREAM_FAULTS = {
    # The model drops the connection mid-answer (no terminating chunk).
    "disconnect": (Reply.disconnect(*PARTIAL_CHUNKS), "RemoteProtocolError"),
    # A malformed event: JSON cut off mid-object.
    "malformed": (Reply.malformed(*PARTIAL_CHUNKS), "JSONDecodeError"),
    # The model stalls past the client timeout.
    "stall": (Reply.stall(*PARTIAL_CHUNKS, seconds=MODEL_TIMEOUT_S + 10), "ReadTimeout"),
}


@pytest.mark.parametrize("fault", list(STREAM_FAULTS))
def test_model_failing_mid_stream_keeps_the_text_the_cards_so_far_and_says_so(
    langflow_client: LangflowClient,
    flow_id: str,
    openai: OpenAIStandin,
    tweaks: dict,
    reference_cards: list[str],
    recovers: None,
    fault: str,
) -> None:
    reply, error_name = STREAM_FAULTS[fault]
    openai.script(reply)
    outcome = run(langflow_client, flow_id, tweaks, stream=True)

    # The client: a finished run (no error event), the text shown so far, the cards cited so far.
    assert outcome.http_status == httpx.codes.OK
    assert outcome.errors == []
    assert outcome.event_names[-1] == "end"
    assert outcome.answer["text"] == PARTIAL_TEXT
    assert outcome.streamed_text == PARTIAL_TEXT
    assert card_titles(outcome.answer) == reference_cards[:2]
    # The component: a status that says what happened.
    assert without_support(outcome.status).startswith(
        "Cited sources: 1, 2. Removed markers: 0. Stream ended early ("
    ), outcome.status
    assert error_name in outcome.status
    assert outcome.status.endswith("the text so far was kept.")
    # The store: the question and the kept answer with its cards, complete; no error, nothing partial.
    assert by_sender(outcome.stored) == [("User", "message"), ("Machine", "message")]
    answer = outcome.stored[-1]
    assert answer["text"] == PARTIAL_TEXT
    assert answer["properties"]["state"] == "complete"
    assert card_titles(answer) == reference_cards[:2]
    assert len(openai.chat_requests) == 1  # retried by nobody


NON_STREAM_FAULTS = {
    "disconnect": (Reply.disconnect(*PARTIAL_CHUNKS), "Connection error."),
    "malformed": (Reply.malformed(*PARTIAL_CHUNKS), "Expecting property name"),
    "stall": (Reply.stall(*PARTIAL_CHUNKS, seconds=MODEL_TIMEOUT_S + 10), "Request timed out."),
    "http-500": (Reply.http_error(500, "The model server had an error."), "The model server had an error."),
    "http-429": (
        Reply.http_error(429, "Rate limit reached for requests."),
        "Rate limit reached for requests.",
    ),
}


@pytest.mark.parametrize("fault", list(NON_STREAM_FAULTS))
def test_model_failing_without_stream_is_a_clear_error(
    langflow_client: LangflowClient,
    flow_id: str,
    openai: OpenAIStandin,
    tweaks: dict,
    recovers: None,
    fault: str,
) -> None:
    reply, reason = NON_STREAM_FAULTS[fault]
    openai.script(reply)
    outcome = run(langflow_client, flow_id, tweaks, stream=False)

    # The client: an HTTP error naming the component and the model's reason; no answer.
    assert outcome.http_status == httpx.codes.INTERNAL_SERVER_ERROR, outcome.body
    assert "Citation Post-Processor" in outcome.error_detail
    assert reason in outcome.error_detail
    # The store and the component's status: the question, then the post-processor's error message.
    assert by_sender(outcome.stored) == [("User", "message"), ("Citation Post-Processor", "error")]
    error = outcome.stored[-1]
    assert reason in error["text"]
    assert error["properties"]["source"]["id"] == POST_PROCESSOR_ID
    assert len(openai.chat_requests) == 1


@pytest.mark.parametrize(
    "reply",
    [
        Reply.http_error(500, "The model server had an error."),
        Reply.http_error(429, "Rate limit reached for requests."),
    ],
    ids=["http-500", "http-429"],
)
def test_model_refusing_a_streamed_answer_is_a_clear_error(
    langflow_client: LangflowClient,
    flow_id: str,
    openai: OpenAIStandin,
    tweaks: dict,
    recovers: None,
    reply: Reply,
) -> None:
    """Nothing was shown, so there is nothing to keep: the run must fail as it does without stream.

    An empty "successful" answer would tell an API client nothing went wrong; the status line is
    only seen on the canvas.
    """
    openai.script(reply)
    outcome = run(langflow_client, flow_id, tweaks, stream=True)

    assert outcome.http_status == httpx.codes.OK  # a stream has sent its headers before the model runs
    assert outcome.streamed_text == ""
    assert outcome.failed_with(reply.error_message), (outcome.event_names, outcome.errors)
    assert by_sender(outcome.stored) == [("User", "message"), ("Citation Post-Processor", "error")]
    assert reply.error_message in outcome.stored[-1]["text"]
    assert len(openai.chat_requests) == 1


def test_client_leaving_mid_stream_stops_the_model_and_keeps_what_was_shown(
    langflow_client: LangflowClient,
    flow_id: str,
    openai: OpenAIStandin,
    tweaks: dict,
    reference_cards: list[str],
    recovers: None,
) -> None:
    chunks = tuple(f"Point {i} [Source 1]. " for i in range(60))
    openai.script(Reply(chunks=chunks, chunk_delay=0.1))  # 6 s if read to the end
    session = str(uuid.uuid4())
    body = {"input_value": QUESTION, "output_type": "chat", "tweaks": tweaks, "session_id": session}
    tokens = 0
    with langflow_client.http.stream(
        "POST", f"/api/v1/run/{flow_id}", params={"stream": "true"}, json=body
    ) as r:
        for event in parse_events(r.iter_lines()):
            tokens += event.event == "token"
            if tokens == 3:
                break  # leaving the block closes the connection mid-answer
    left = time.monotonic()

    # The model is no longer read: its answer was abandoned long before its 60 chunks.
    assert wait_until(lambda: openai.deliveries and openai.deliveries[-1].outcome != "in_progress", 10)
    delivery = openai.deliveries[-1]
    assert delivery.outcome == "client_gone", delivery
    assert delivery.chunks_sent < len(chunks) // 2
    assert time.monotonic() - left < 5
    # The store keeps what was produced, complete, with the cards cited so far.
    assert wait_until(lambda: len(langflow_client.messages(session_id=session)) == 2, 10)
    stored = langflow_client.messages(session_id=session)
    assert by_sender(stored) == [("User", "message"), ("Machine", "message")]
    answer = stored[-1]
    assert answer["text"], answer
    assert "".join(chunks).startswith(answer["text"])
    assert answer["properties"]["state"] == "complete"
    assert card_titles(answer) == reference_cards[:1]


def test_client_leaving_a_non_streamed_run_lets_the_server_finish_and_store_it(
    langflow_server: LangflowServer,
    langflow_client: LangflowClient,
    flow_id: str,
    openai: OpenAIStandin,
    tweaks: dict,
    reference_cards: list[str],
    recovers: None,
) -> None:
    """Without a stream Langflow runs the flow to its end whatever the caller does: it must end, stored."""
    slow = {**tweaks, "OpenAI": {**tweaks["OpenAI"], "timeout": 30}}
    openai.script(Reply.stall(*FULL_CHUNKS, seconds=4))  # answers after 4 s
    with pytest.raises(httpx.ReadTimeout):
        run(langflow_client, flow_id, slow, stream=False, timeout=1.5)
    assert wait_until(lambda: openai.deliveries and openai.deliveries[-1].outcome != "in_progress", 15)
    assert openai.deliveries[-1].outcome == "stall_elapsed"  # the server kept waiting for the model
    assert wait_until(lambda: not running_jobs(langflow_server, flow_id), 20)
    machine = [
        m
        for m in langflow_client.messages(flow_id=flow_id)
        if m["sender"] == "Machine" and m["text"] == "".join(FULL_CHUNKS)
    ]
    assert machine, "the finished answer was not stored"
    assert card_titles(machine[-1]) == reference_cards


# --------------------------------------------------------------------------- the Data API


@pytest.mark.parametrize("stream", [True, False], ids=["stream", "no-stream"])
def test_data_api_down_fails_clearly_without_calling_the_model(
    langflow_client: LangflowClient,
    flow_id: str,
    openai: OpenAIStandin,
    tweaks: dict,
    recovers: None,
    stream: bool,
) -> None:
    nowhere = f"http://127.0.0.1:{free_port()}"  # nothing listens there: connection refused
    down = {**tweaks, "Astra DB": {**tweaks["Astra DB"], "api_endpoint": nowhere, "database_name": nowhere}}
    outcome = run(langflow_client, flow_id, down, stream=stream)

    if stream:
        assert outcome.http_status == httpx.codes.OK
        assert outcome.failed_with("Connection refused"), (outcome.event_names, outcome.errors)
        assert "token" not in outcome.event_names
    else:
        assert outcome.http_status == httpx.codes.INTERNAL_SERVER_ERROR
        assert "Astra DB" in outcome.error_detail
        assert "Connection refused" in outcome.error_detail
    assert by_sender(outcome.stored) == [("User", "message"), ("Astra DB", "error")]
    assert outcome.stored[-1]["properties"]["source"]["id"] == ASTRA_ID
    # Without sources the model is never asked: no uncited answer is made up.
    assert openai.chat_requests == []


@pytest.mark.parametrize("stream", [True, False], ids=["stream", "no-stream"])
def test_data_api_slow_delays_but_changes_nothing(
    langflow_client: LangflowClient,
    flow_id: str,
    openai: OpenAIStandin,
    data_api: DataAPIStandin,
    tweaks: dict,
    reference_cards: list[str],
    recovers: None,
    stream: bool,
) -> None:
    data_api.faulted.clear()
    data_api.set_fault("slow", delay=0.6)  # every command; well under the client's timeouts
    openai.script(Reply(chunks=FULL_CHUNKS))
    outcome = run(langflow_client, flow_id, tweaks, stream=stream)

    assert "find" in data_api.faulted  # the search itself was slow
    assert outcome.http_status == httpx.codes.OK
    assert outcome.errors == []
    assert outcome.answer["text"] == "".join(FULL_CHUNKS)
    assert card_titles(outcome.answer) == reference_cards
    if stream:
        assert without_support(outcome.status) == "Cited sources: 1, 2, 3. Removed markers: 0."
        assert outcome.streamed_text == outcome.answer["text"]
    assert by_sender(outcome.stored) == [("User", "message"), ("Machine", "message")]
    assert card_titles(outcome.stored[-1]) == reference_cards
