"""Concurrent sessions against a real Langflow server: per-session sources, cross-talk and loss checks.

    from tests.support.load import LoadRun, seed_sessions

    sessions = seed_sessions(data_api, count=16)           # 4 documents each, in their own words
    run = LoadRun(base_url, api_key, flow_id, tweaks, sessions)
    results = run.phase(requests=160)                       # 16 threads, stream / no stream alternating
    problems = run.check(results) + run.check_store()       # [] when every guarantee held

Each session owns four documents written in words no other session uses (``embed_text`` is a
bag-of-words hash, so a session's question lands on its own documents and on nobody else's), and
asks the flow questions in those words. Every answer's cards must then name that session's
documents only; one card naming another session's document is cross-talk through shared state.
The answers come from the OpenAI stand-in's default reply, which cites two valid sources and one
invalid number, so each answer also shows the filter at work.

Driven by ``scripts/load.py`` (the documented full-size run and the benchmark) and by
``tests/e2e/test_load.py`` (the CI size). Traffic goes to 127.0.0.1 only; every phase is bounded by
its request count and by ``REQUEST_TIMEOUT_S`` per request.
"""

from __future__ import annotations

import copy
import json
import statistics
import threading
import time
import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

from tests.support.langflow_server import parse_events
from tests.support.standins.data_api_server import DataAPIStandin, SeedDocument
from tests.support.standins.openai_server import Reply

COLLECTION = "load_sessions"
DOCUMENTS_PER_SESSION = 4
"""Equal to the Astra DB node's ``number_of_results``: a session's search returns exactly its own."""
REQUEST_TIMEOUT_S = 120.0
LOAD_REPLY = Reply(
    chunks=("The first fact holds [Sou", "rce 1]. The second ", "one too [Source 2][Source 9].")
)
"""Default answer during load: two valid citations, one split across chunks, one invalid number."""
LOAD_ANSWER = "The first fact holds [Source 1]. The second one too [Source 2]."
"""What the post-processor must make of :data:`LOAD_REPLY` (``[Source 9]`` is never presented)."""

# What a server may pay for the citations, against the stock RAG flow on the same server in the same run
# (issue 24). Printed beside the figures by scripts/load.py and scripts/bench.py's server section.
THROUGHPUT_RATIO_GOALS = {2: 0.87, 16: 0.85}
"""Citation / stock requests per second, by concurrent sessions."""
P50_RATIO_GOAL = 1.15
"""Citation / stock median latency."""
MEMORY_GROWTH_GOAL = 0.10
"""Resident memory growth of the server from request 100 to 500 (tracing off)."""


def throughput_ratio_goal(sessions: int) -> float:
    """The goal for ``sessions`` concurrent sessions: the stated one at or below it (2 below 16)."""
    return THROUGHPUT_RATIO_GOALS[2] if sessions < 16 else THROUGHPUT_RATIO_GOALS[16]


# Syllables for session words: distinct per session, never an English word the stop list drops.
_SYLLABLES = ("ka", "lo", "mi", "nu", "pe", "ro", "su", "ti", "va", "ze", "bo", "da", "fi", "gu", "ha", "je")


def session_word(index: int, topic: int) -> str:
    """A made-up word only session ``index`` uses, e.g. ``kalozor`` (topic picks one of four)."""
    a, b = divmod(index, len(_SYLLABLES))
    return f"{_SYLLABLES[b]}{_SYLLABLES[(a + 3 * topic) % len(_SYLLABLES)]}{'xqwz'[topic]}{index}"


@dataclass(frozen=True)
class Session:
    """One simulated user: its session id, its documents' names and the questions it asks."""

    index: int
    session_id: str
    documents: tuple[str, ...]
    words: tuple[str, ...]

    def question(self, turn: int) -> str:
        word = self.words[turn % len(self.words)]
        return f"What do the notes say about {word} and {' '.join(self.words)}?"


def seed_sessions(data_api: DataAPIStandin, count: int, collection: str = COLLECTION) -> list[Session]:
    """Seed ``count`` sessions' documents into ``collection``; returns the sessions."""
    sessions: list[Session] = []
    documents: list[SeedDocument] = []
    for index in range(count):
        words = tuple(session_word(index, topic) for topic in range(DOCUMENTS_PER_SESSION))
        names = tuple(f"session-{index:03d}-doc-{topic}.md" for topic in range(DOCUMENTS_PER_SESSION))
        for topic, (word, name) in enumerate(zip(words, names, strict=True)):
            text = f"Notes on {word}: {word} is recorded with {' '.join(words)} in part {topic}."
            documents.append(SeedDocument(text, {"file_name": name, "page": topic + 1}, f"s{index}-d{topic}"))
        sessions.append(Session(index, f"load-{index:03d}-{uuid.uuid4().hex[:8]}", names, words))
    data_api.seed(documents, collection=collection)
    return sessions


def session_tweaks(tweaks: Mapping[str, Any], collection: str = COLLECTION) -> dict[str, Any]:
    """``tweaks`` with the Astra DB node reading the sessions' collection, four results."""
    out = copy.deepcopy(dict(tweaks))
    out["Astra DB"] = {
        **out.get("Astra DB", {}),
        "collection_name": collection,
        "number_of_results": DOCUMENTS_PER_SESSION,
    }
    return out


@dataclass
class Result:
    """One request as the client saw it."""

    session: int
    turn: int
    stream: bool
    latency: float
    text: str | None = None
    cards: list[str] = field(default_factory=list)
    error: str | None = None


def _raise_with_body(response: httpx.Response) -> None:
    """Like ``raise_for_status``, with the start of the body: a 500's reason is only there."""
    if response.is_success:
        return
    response.read()
    msg = f"HTTP {response.status_code}: {response.text[:400]}"
    raise httpx.HTTPStatusError(msg, request=response.request, response=response)


def card_documents(message: Mapping[str, Any]) -> list[str]:
    """Document names on the message's cards: ``Source 2 · session-003-doc-1.md — page 2`` -> the name."""
    groups = [b for b in message.get("content_blocks") or [] if b.get("title") == "Sources"]
    titles = [leaf.get("title", "") for group in groups for leaf in group.get("contents", [])]
    return [title.split(" \u00b7 ", 1)[-1].split(" \u2014 ", 1)[0] for title in titles]


def chat_message(response: Mapping[str, Any]) -> dict[str, Any]:
    (outer,) = response["outputs"]
    (inner,) = outer["outputs"]
    return inner["results"]["message"]


class LoadRun:
    """Threads, one per session, each with its own HTTP client, asking in turn with and without stream."""

    def __init__(
        self,
        base_url: str,
        api_key: str,
        flow_id: str,
        tweaks: Mapping[str, Any],
        sessions: Sequence[Session],
        *,
        expect_citations: bool = True,
    ) -> None:
        self.base_url = base_url
        self.api_key = api_key
        self.flow_id = flow_id
        self.tweaks = dict(tweaks)
        self.sessions = list(sessions)
        self.expect_citations = expect_citations
        self.turns = [0] * len(self.sessions)
        """Requests each session has made so far (over every phase)."""

    def phase(self, requests: int) -> list[Result]:
        """``requests`` more requests spread evenly over the sessions, all sessions at once."""
        share = [
            requests // len(self.sessions) + (i < requests % len(self.sessions))
            for i in range(len(self.sessions))
        ]
        results: list[Result] = []
        lock = threading.Lock()

        def worker(session: Session, count: int) -> None:
            with httpx.Client(
                base_url=self.base_url, headers={"x-api-key": self.api_key}, timeout=REQUEST_TIMEOUT_S
            ) as http:
                for _ in range(count):
                    turn = self.turns[session.index]
                    self.turns[session.index] += 1
                    result = self._ask(http, session, turn)
                    with lock:
                        results.append(result)

        threads = [
            threading.Thread(target=worker, args=(s, n), name=f"load-{s.index}", daemon=True)
            for s, n in zip(self.sessions, share, strict=True)
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(REQUEST_TIMEOUT_S * max(share) + 30)
        return results

    def _ask(self, http: httpx.Client, session: Session, turn: int) -> Result:
        stream = turn % 2 == 0
        body = {
            "input_value": session.question(turn),
            "output_type": "chat",
            "tweaks": self.tweaks,
            "session_id": session.session_id,
        }
        url = f"/api/v1/run/{self.flow_id}"
        params = {"stream": "true" if stream else "false"}
        result = Result(session.index, turn, stream, latency=0.0)
        started = time.perf_counter()
        try:
            if stream:
                with http.stream("POST", url, params=params, json=body) as response:
                    _raise_with_body(response)
                    events = list(parse_events(response.iter_lines()))
                errors = [e.data for e in events if e.event == "error"]
                ends = [e.data["result"] for e in events if e.event == "end"]
                if errors or not ends:
                    result.error = f"stream ended without a result: {errors or [e.event for e in events]}"
                else:
                    message = chat_message(ends[-1])
                    tokens = "".join(e.data["chunk"] for e in events if e.event == "token")
                    if tokens != message["text"]:
                        result.error = f"streamed {tokens!r} but the answer is {message['text']!r}"
            else:
                response = http.post(url, params=params, json=body)
                _raise_with_body(response)
                message = chat_message(response.json())
            if result.error is None:
                result.text = message["text"]
                result.cards = card_documents(message)
        except (httpx.HTTPError, KeyError, ValueError) as exc:
            result.error = f"{type(exc).__name__}: {exc}"
        result.latency = time.perf_counter() - started
        return result

    # -- checks: each returns human-readable problems, empty when the guarantee held

    def check(self, results: Sequence[Result]) -> list[str]:
        """Every answer is right and carries cards of its own session's documents only."""
        problems: list[str] = []
        for r in results:
            where = f"session {r.session} turn {r.turn} ({'stream' if r.stream else 'no stream'})"
            if r.error is not None:
                problems.append(f"{where}: {r.error}")
                continue
            if self.expect_citations:
                if r.text != LOAD_ANSWER:
                    problems.append(f"{where}: answer {r.text!r}")
                if len(r.cards) != 2:
                    problems.append(f"{where}: cards {r.cards}")
            foreign = [d for d in r.cards if d not in self.sessions[r.session].documents]
            if foreign:
                problems.append(f"{where}: cards of other sessions' documents {foreign}")
        return problems

    def check_store(self) -> list[str]:
        """The store holds every question and every answer of every session, each answer with its cards."""
        problems: list[str] = []
        with httpx.Client(base_url=self.base_url, headers={"x-api-key": self.api_key}, timeout=60) as http:
            for session in self.sessions:
                response = http.get(
                    "/api/v1/monitor/messages",
                    params={"flow_id": self.flow_id, "session_id": session.session_id},
                )
                response.raise_for_status()
                stored = response.json()
                asked = self.turns[session.index]
                questions = [m for m in stored if m["sender"] == "User"]
                answers = [m for m in stored if m["sender"] == "Machine"]
                others = [m for m in stored if m["sender"] not in ("User", "Machine")]
                if len(questions) != asked or len(answers) != asked or others:
                    problems.append(
                        f"session {session.index}: asked {asked}, stored {len(questions)} questions, "
                        f"{len(answers)} answers, other messages {[(m['sender'], m['text'][:80]) for m in others]}"
                    )
                for answer in answers:
                    foreign = [d for d in card_documents(answer) if d not in session.documents]
                    if foreign:
                        problems.append(f"session {session.index}: stored cards of other sessions {foreign}")
                    if self.expect_citations and (
                        answer["text"] != LOAD_ANSWER or len(card_documents(answer)) != 2
                    ):
                        problems.append(f"session {session.index}: stored answer {answer['text']!r}")
        return problems


def server_cpu_seconds(pid: int) -> float:
    """CPU seconds (user + system) a server process and all its children have used so far."""
    import psutil

    root = psutil.Process(pid)
    total = 0.0
    for process in [root, *root.children(recursive=True)]:
        try:
            times = process.cpu_times()
        except psutil.NoSuchProcess:
            continue
        total += times.user + times.system
    return total


def server_rss(pid: int) -> int:
    """Resident memory of a server process and all its children, in bytes."""
    import psutil

    root = psutil.Process(pid)
    total = 0
    for process in [root, *root.children(recursive=True)]:
        try:
            total += process.memory_info().rss
        except psutil.NoSuchProcess:
            continue
    return total


@dataclass(frozen=True)
class Summary:
    """Throughput and latency of one phase."""

    requests: int
    errors: int
    seconds: float
    p50: float
    p95: float

    @property
    def throughput(self) -> float:
        return self.requests / self.seconds if self.seconds else 0.0

    def figures(self, cpu_seconds: float, problems: Sequence[str]) -> dict[str, Any]:
        """The phase as a benchmark reports it: counts, requests/s, latencies in ms, server CPU per request."""
        return {
            "requests": self.requests,
            "errors": self.errors,
            "throughput": self.throughput,
            "p50_ms": self.p50 * 1000,
            "p95_ms": self.p95 * 1000,
            "cpu_s_per_request": cpu_seconds / max(self.requests, 1),
            "problems": list(problems[:20]),
        }

    @classmethod
    def of(cls, results: Sequence[Result], seconds: float) -> Summary:
        latencies = sorted(r.latency for r in results)
        p95 = (
            statistics.quantiles(latencies, n=20, method="inclusive")[-1]
            if len(latencies) > 1
            else latencies[0]
        )
        return cls(
            len(results),
            sum(r.error is not None for r in results),
            seconds,
            statistics.median(latencies),
            p95,
        )


def stock_rag_flow(rag_flow: Mapping[str, Any], registry: Mapping[str, dict[str, Any]]) -> dict[str, Any]:
    """The RAG flow without this bundle: same retrieval and model, a stock Parser and Prompt Template,
    the model wired straight to Chat Output (so it streams itself).

    ``registry`` is ``scripts/build_flows.py``'s ``load_registry()``: palette templates of the
    installed stock components, as the canvas would add them.
    """
    from lfx.base.prompts.api_utils import process_prompt_template
    from lfx.graph.flow_builder import add_component, add_connection, configure_component

    flow = copy.deepcopy(dict(rag_flow))
    ours = {n["id"] for n in flow["data"]["nodes"] if n["id"].startswith("ext:citations:")}
    flow["data"]["nodes"] = [n for n in flow["data"]["nodes"] if n["id"] not in ours]
    model = next(n["id"] for n in flow["data"]["nodes"] if n["id"].startswith("ext:openai:OpenAIModel"))
    flow["data"]["edges"] = [
        e
        for e in flow["data"]["edges"]
        if e["source"] not in ours and e["target"] not in ours and e["target"] != model
    ]
    add_component(flow, "ParserComponent", dict(registry), component_id="ParserComponent-stock")
    configure_component(flow, "ParserComponent-stock", {"mode": "Stringify"})
    add_component(flow, "Prompt Template", dict(registry), component_id="Prompt-stock")
    prompt = next(n for n in flow["data"]["nodes"] if n["id"] == "Prompt-stock")["data"]["node"]
    template = "Answer from the context below.\n\nContext:\n{context}\n\nQuestion: {question}"
    prompt["template"]["template"]["value"] = template
    process_prompt_template(template, "template", prompt.setdefault("custom_fields", {}), prompt["template"])
    add_connection(
        flow,
        "ext:datastax:AstraDBVectorStoreComponent@official-astra",
        "search_results",
        "ParserComponent-stock",
        "input_data",
    )
    add_connection(flow, "ParserComponent-stock", "parsed_text", "Prompt-stock", "context")
    add_connection(flow, "ChatInput-input", "message", "Prompt-stock", "question")
    add_connection(flow, "Prompt-stock", "prompt", model, "input_value")
    add_connection(flow, model, "text_output", "ChatOutput-output", "input_value")
    flow.pop("id", None)
    flow["name"] = "Stock Astra DB RAG (load comparison)"
    return flow


def write_json(path: Path, payload: Any) -> None:
    path.write_text(json.dumps(payload, indent=2), encoding="utf-8")
