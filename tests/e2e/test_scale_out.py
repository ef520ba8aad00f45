"""Langflow's production set-up through ``run.sh``: PostgreSQL, two workers, a Redis job queue, under load.

    .venv/bin/python -m pytest -n 0 tests/e2e/test_scale_out.py -s   # -s prints the worker of every turn

The test starts its own PostgreSQL (``initdb`` in a temporary directory, a free loopback port) and its own
Redis (no persistence), then ``bash scripts/run.sh --model-base-url … --database-url … --workers 2
--redis-url …`` (the README's model-server command, the model server being the stand-in), ingests
documents into the Knowledge Base with ``scripts/ingest.py``, and holds 8 conversations at once: the
Knowledge Base RAG flow and the Knowledge Base Agent flow, each turn over ``/api/v1/run`` (streamed or
not) or the Playground's run path (``POST /api/v2/workflows``, ``mode=stream``, ``stream_protocol=agui``,
the flow's nodes in the body and ``expose_graph_state``, as the Playground sends them).

Oracle. Conversation ``c`` owns documents ``conv-c-doc-i.md``, each holding one made-up word only it
uses; turn ``t`` asks about the words of documents ``t // 2`` (seen before, from turn 1 on) and ``t + 1``
(new), and the Knowledge node returns the two best (``top_k`` 2). Whatever the worker, each answered turn
must carry exactly those two documents as sources, a document seen before with its earlier number, a new
one numbered after the highest earlier number of the conversation (the two of turn 0 get 1 and 2 in the
order the retrieval ranks them). The model stand-in cites every source block it is shown plus ``[Source
99]``, so the answer text follows from the numbers (:func:`expected_answer`), ``[Source 99]`` removed.
Every prompt the model received must hold the words of one conversation only (its sources and its
history).

Which worker answered: the process holding the server end of the request's TCP connection
(``tests/support/scale_out.py``). Each turn opens a new connection; it first asks ``/health`` and, if the
worker that accepted it is the one that answered the conversation's previous turn, takes another
connection (up to 8 tries), as a load balancer spreading a conversation over replicas would; the turn's
worker is then read again on the run request itself. Every conversation must have been answered by both
workers.

Faults, mid-load:

* PostgreSQL stops (``pg_ctl stop -m fast``) while the conversations' turn 2 is in flight and starts again
  a few seconds later. While it is down, a probe request over each transport (in a session of its own)
  must end within 30 s with an HTTP error status; the client of a turn that failed retries it once when
  the database is back.
* One worker is killed (SIGKILL) while it is streaming a turn-3 answer; Gunicorn starts another. The
  client of a turn whose connection broke retries it once, as a real client would, and the retried turn
  must hold the numbering. What the clients saw is printed.

Order matters: a worker that boots while PostgreSQL is down fails to boot, and Gunicorn then stops the
whole server ("Worker failed to boot"), so the database restart comes before the worker kill.

At the end the message store must hold every answered turn with its own sources only, and no process the
test started (run.sh, Langflow and its workers, PostgreSQL, Redis) may be left.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
import uuid
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import psutil
import pytest

from tests.support.langflow_server import parse_events
from tests.support.run_sh import (
    ROOT,
    RunScript,
    option_value,
    proxy_recorder,
    run_command,
    started,
    with_option,
)
from tests.support.scale_out import (
    PostgresServer,
    RedisServer,
    free_port,
    listening_workers,
    missing_servers,
    process_tree,
    serving_pid,
)
from tests.support.standins.openai_server import OpenAIStandin, Reply, _OpenAIHandler, provider_host

pytestmark = [pytest.mark.e2e, pytest.mark.xdist_group("scale-out")]

CONVERSATIONS = 8
TURNS = 4  # 0-1 plain, 2 PostgreSQL restarted, 3 a worker killed
RESTART_TURN, KILL_TURN = 2, 3
DOCUMENTS = TURNS + 1
TOP_K = 2
RAG = "Knowledge Base RAG with Citations"
AGENT = "Knowledge Base Agent with Citations"
KNOWLEDGE_NODE = "Knowledge-kb"
TRANSPORTS = ("v1", "v1-stream", "playground")
REQUEST_TIMEOUT_S = 180.0
START_TIMEOUT_S = 600.0
STEER_TRIES = 8
DOWN_TIMEOUT_S = 30.0
"""While PostgreSQL is down a request must end, with an error status, within this."""
WORD = re.compile(r"zq(\d+)w(\d+)x")
CARD = re.compile(r"^Source (\d+) \u00b7 conv-(\d+)-doc-(\d+)\.md")
SOURCE_BLOCK = re.compile(r"^\[Source (\d+)\] ", flags=re.MULTILINE)


# --------------------------------------------------------------------------- the conversations


def word(conversation: int, document: int) -> str:
    """The made-up word only document ``document`` of conversation ``conversation`` holds."""
    return f"zq{conversation}w{document}x"


def documents_of(turn: int) -> tuple[int, int]:
    """The documents turn ``turn`` asks about: one seen before (from turn 1 on), one new."""
    return (turn // 2, turn + 1)


def question(conversation: int, turn: int) -> str:
    first, second = documents_of(turn)
    return f"What do the notes say about {word(conversation, first)} and {word(conversation, second)}?"


def expected_answer(numbers: list[int]) -> str:
    """The stand-in's answer citing ``numbers`` once the post-processor has removed ``[Source 99]``
    (see :func:`model_reply`)."""
    return "Noted: " + ", ".join(f"fact [Source {n}]" for n in sorted(numbers)) + ". Unknown."


def model_reply(body: dict[str, Any]) -> Reply:
    """What the model stand-in answers: the agent first searches with the user's question; then every
    answer cites each source block it was shown (split across chunks), and ``[Source 99]``, which no
    source has."""
    messages = body.get("messages") or []
    last_user = max((i for i, m in enumerate(messages) if m.get("role") == "user"), default=-1)
    latest = messages[last_user + 1 :] if body.get("tools") else messages[last_user:]
    if body.get("tools") and not any(m.get("role") == "tool" for m in latest):
        query = _content(messages[last_user]) if last_user >= 0 else ""
        return Reply(tool_calls=({"name": "search_sources", "arguments": {"query": query}},))
    shown = sorted({int(n) for m in latest for n in SOURCE_BLOCK.findall(_content(m))})
    text = "Noted: " + ", ".join(f"fact [Source {n}]" for n in shown) + ". Unknown [Source 99]."
    cut = text.index("[Source") + 4 if shown else len(text) // 2
    return Reply(chunks=(text[:cut], text[cut:]))


def _content(message: dict[str, Any]) -> str:
    content = message.get("content")
    if isinstance(content, list):
        return "".join(str(part.get("text", "")) for part in content if isinstance(part, dict))
    return str(content or "")


_request = threading.local()


class _ConversationHandler(_OpenAIHandler):
    def _chat(self, body: dict[str, Any]) -> None:
        _request.body = body
        super()._chat(body)


class ConversationModel(OpenAIStandin):
    """The OpenAI-compatible stand-in answering from each request's own prompt (many conversations at once)."""

    handler_class = _ConversationHandler

    def next_reply(self) -> Reply:
        return model_reply(getattr(_request, "body", {}))


# --------------------------------------------------------------------------- one turn, as a client


@dataclass
class Turn:
    conversation: int
    turn: int
    flow: str
    transport: str
    attempt: int = 1
    session: str = ""
    pid: int | None = None
    status: int | None = None
    text: str | None = None
    cards: list[tuple[int, int, int]] = field(default_factory=list)
    error: str | None = None
    seconds: float = 0.0

    @property
    def where(self) -> str:
        return f"conversation {self.conversation} turn {self.turn} ({self.flow}, {self.transport}, try {self.attempt})"


def card_titles(message: dict[str, Any]) -> list[str]:
    groups = [b for b in message.get("content_blocks") or [] if b.get("title") == "Sources"]
    return [
        leaf.get("title", "")
        for group in groups
        for leaf in group.get("contents", [])
        if leaf.get("type") in (None, "citation")
    ]


def parse_cards(titles: list[str]) -> list[tuple[int, int, int]]:
    cards = []
    for title in titles:
        match = CARD.match(title)
        cards.append((int(match[1]), int(match[2]), int(match[3])) if match else (-1, -1, -1))
    return sorted(cards)


class Conversations:
    """The running server as the clients see it: flows, key, and the turns each conversation has had."""

    def __init__(self, running: RunScript, port: int) -> None:
        state = running.state
        self.running = running
        self.url = state["url"]
        self.port = port
        self.headers = {"x-api-key": state["api_key"]}
        self.flow_ids = {name: state["flows"][name] for name in (RAG, AGENT)}
        self.sessions = [f"scale-{c}-{uuid.uuid4().hex[:8]}" for c in range(CONVERSATIONS)]
        self.flows = [RAG if c % 2 == 0 else AGENT for c in range(CONVERSATIONS)]
        self.playground_data = {name: self._canvas(flow_id) for name, flow_id in self.flow_ids.items()}
        self.turns: list[Turn] = []
        self.in_flight: dict[int, Turn] = {}
        self.lock = threading.Lock()

    def _canvas(self, flow_id: str) -> dict[str, Any]:
        """The stored flow's nodes and edges, the Knowledge node's ``top_k`` set as on the canvas."""
        with httpx.Client(base_url=self.url, headers=self.headers, timeout=60) as http:
            data = http.get(f"/api/v1/flows/{flow_id}").raise_for_status().json()["data"]
        for node in data["nodes"]:
            if node["id"] == KNOWLEDGE_NODE:
                node["data"]["node"]["template"]["top_k"]["value"] = TOP_K
        return data

    def server_pids(self) -> list[int]:
        return [p.pid for p in process_tree(self.running.process.pid)]

    def previous_pid(self, conversation: int) -> int | None:
        with self.lock:
            pids = [t.pid for t in self.turns if t.conversation == conversation and t.pid and t.error is None]
        return pids[-1] if pids else None

    def ask(self, conversation: int, turn: int, attempt: int = 1) -> Turn:
        """The conversation's turn ``turn``, recorded; its transport rotates with the conversation and turn."""
        transport = TRANSPORTS[(conversation + turn) % len(TRANSPORTS)]
        result = Turn(
            conversation, turn, self.flows[conversation], transport, attempt, self.sessions[conversation]
        )
        self._send(result, REQUEST_TIMEOUT_S, avoid=self.previous_pid(conversation))
        with self.lock:
            self.turns.append(result)
        return result

    def probe(self, transport: str, timeout: float) -> Turn:
        """One request over ``transport`` in a session of its own (not recorded as a turn)."""
        result = Turn(0, 0, self.flows[0], transport, 0, f"probe-{uuid.uuid4().hex[:8]}")
        self._send(result, timeout, avoid=None)
        return result

    def _send(self, result: Turn, timeout: float, avoid: int | None) -> None:
        started = time.perf_counter()
        http = httpx.Client(base_url=self.url, headers=self.headers, timeout=timeout)
        try:
            for _ in range(STEER_TRIES):
                with http.stream("GET", "/health") as probe:
                    probe.read()
                    accepted = self._pid_of(probe)
                if avoid is None or accepted != avoid:
                    break
                http.close()
                http = httpx.Client(base_url=self.url, headers=self.headers, timeout=timeout)
            self._run(http, result)
        except (httpx.HTTPError, KeyError, ValueError) as exc:
            result.error = result.error or f"{type(exc).__name__}: {exc}"
        finally:
            http.close()
            with self.lock:
                self.in_flight.pop(id(result), None)
            result.seconds = time.perf_counter() - started

    def _pid_of(self, response: httpx.Response) -> int | None:
        client_port = response.extensions["network_stream"].get_extra_info("client_addr")[1]
        return serving_pid(client_port, self.server_pids(), self.port)

    def _run(self, http: httpx.Client, result: Turn) -> None:
        conversation, flow_id = result.conversation, self.flow_ids[result.flow]
        text = question(conversation, result.turn)
        if result.transport == "playground":
            body = {
                "flow_id": flow_id,
                "input_value": text,
                "mode": "stream",
                "stream_protocol": "agui",
                "session_id": result.session,
                "data": self.playground_data[result.flow],
                # The Playground asks for it (Langflow's frontend defaults it to true); with it the stream
                # carries the stored message (CUSTOM "langflow.event" add_message) the chat view shows.
                "expose_graph_state": True,
            }
            request = http.stream("POST", "/api/v2/workflows", json=body)
        else:
            stream = result.transport == "v1-stream"
            body = {
                "input_value": text,
                "output_type": "chat",
                "session_id": result.session,
                "tweaks": {KNOWLEDGE_NODE: {"top_k": TOP_K}},
            }
            params = {"stream": "true" if stream else "false"}
            request = http.stream("POST", f"/api/v1/run/{flow_id}", params=params, json=body)
        with request as response:
            result.status = response.status_code
            result.pid = self._pid_of(response)
            with self.lock:
                self.in_flight[id(result)] = result
            lines = list(response.iter_lines())
        if response.status_code != httpx.codes.OK:
            result.error = f"HTTP {response.status_code}: {' '.join(lines)[:300]}"
            return
        if result.transport == "playground":
            message = self._agui_message(result, lines)
        elif result.transport == "v1-stream":
            message = self._v1_stream_message(result, lines)
        else:
            (outer,) = json.loads("\n".join(lines))["outputs"]
            message = outer["outputs"][0]["results"]["message"]
        if message is not None:
            result.text = message["text"]
            result.cards = parse_cards(card_titles(message))

    @staticmethod
    def _v1_stream_message(result: Turn, lines: list[str]) -> dict[str, Any] | None:
        events = list(parse_events(lines))
        errors = [e.data for e in events if e.event == "error"]
        ends = [e.data["result"] for e in events if e.event == "end"]
        if errors or not ends:
            result.error = f"stream ended without a result: {errors or [e.event for e in events]}"
            return None
        (outer,) = ends[-1]["outputs"]
        message = outer["outputs"][0]["results"]["message"]
        tokens = "".join(e.data["chunk"] for e in events if e.event == "token")
        if tokens and tokens != message["text"]:
            result.error = f"streamed {tokens!r} but the answer is {message['text']!r}"
        return message

    @staticmethod
    def _agui_message(result: Turn, lines: list[str]) -> dict[str, Any] | None:
        events = [json.loads(line[len("data:") :]) for line in lines if line.startswith("data:")]
        kinds = [e.get("type") for e in events]
        messages = [
            e["value"]["data"]
            for e in events
            if e.get("type") == "CUSTOM"
            and isinstance(e.get("value"), dict)
            and e["value"].get("event_type") == "add_message"
            and e["value"].get("data", {}).get("sender") == "Machine"
        ]
        if "RUN_FINISHED" not in kinds or "RUN_ERROR" in kinds or not messages:
            result.error = f"Playground run without an answer: {kinds[-6:]} {[e for e in events if e.get('type') == 'RUN_ERROR']}"
            return None
        return messages[-1]

    # -- phases

    def round(self, turn: int, *, retry_when: threading.Event | None = None) -> list[Turn]:
        """Every conversation's turn ``turn`` at once; a failed turn is asked once more (after
        ``retry_when`` is set, if given)."""
        results: list[Turn] = []

        def one(conversation: int) -> None:
            first = self.ask(conversation, turn)
            results.append(first)
            if first.error is not None:
                if retry_when is not None:
                    retry_when.wait(REQUEST_TIMEOUT_S)
                results.append(self.ask(conversation, turn, attempt=2))

        threads = [threading.Thread(target=one, args=(c,), daemon=True) for c in range(CONVERSATIONS)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(REQUEST_TIMEOUT_S * 3)
        return results

    def wait_in_flight(self, *, streaming: bool, timeout: float = 60) -> Turn:
        """A turn whose response has started (a streamed one if ``streaming``) and not ended."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with self.lock:
                for turn in self.in_flight.values():
                    if turn.pid and (not streaming or turn.transport != "v1"):
                        return turn
            time.sleep(0.005)
        pytest.fail("no turn was in flight to fail")

    def stored(self, conversation: int) -> list[dict[str, Any]]:
        with httpx.Client(base_url=self.url, headers=self.headers, timeout=60) as http:
            response = http.get(
                "/api/v1/monitor/messages", params={"session_id": self.sessions[conversation]}
            )
            return response.raise_for_status().json()


# --------------------------------------------------------------------------- checks


def numbering_problems(turns: list[Turn]) -> tuple[list[str], dict[int, dict[int, int]]]:
    """Each answered turn, in its conversation's order: the two documents it asked about, of its own
    conversation; a document seen before keeps its number; new ones continue after the highest earlier
    number; the whole answer text. Returns the problems and each conversation's document -> number."""
    problems: list[str] = []
    numbering: dict[int, dict[int, int]] = {}
    for c in range(CONVERSATIONS):
        numbers = numbering.setdefault(c, {})
        for t in sorted((t for t in turns if t.conversation == c and t.error is None), key=lambda t: t.turn):
            got = {document: number for number, conv, document in t.cards if conv == c}
            if [conv for _, conv, _ in t.cards if conv != c] or set(got) != set(documents_of(t.turn)):
                problems.append(
                    f"{t.where}: cards {t.cards}, expected documents {documents_of(t.turn)} of {c}"
                )
                continue
            changed = {d: (numbers[d], n) for d, n in got.items() if d in numbers and numbers[d] != n}
            highest = max(numbers.values(), default=0)
            new = sorted(n for d, n in got.items() if d not in numbers)
            if changed or new != list(range(highest + 1, highest + 1 + len(new))):
                problems.append(f"{t.where}: numbers {got}, earlier {numbers} (changed: {changed})")
            numbers.update(got)
            if t.text != expected_answer(list(got.values())):
                problems.append(
                    f"{t.where}: answer {t.text!r}, expected {expected_answer(list(got.values()))!r}"
                )
            if t.pid is None:
                problems.append(f"{t.where}: no worker process held its connection")
    return problems, numbering


def answered(turns: list[Turn]) -> dict[tuple[int, int], Turn]:
    return {(t.conversation, t.turn): t for t in turns if t.error is None}


def prompt_problems(model: OpenAIStandin) -> list[str]:
    """Every prompt the model saw holds one conversation's words only (its sources and history)."""
    problems = []
    for request in model.chat_requests:
        text = json.dumps(request.get("body", request))
        conversations = {int(c) for c, _ in WORD.findall(text)}
        if len(conversations) > 1:
            problems.append(f"a prompt mixes conversations {sorted(conversations)}: {text[:300]}")
    return problems


def store_problems(conversations: Conversations, numbering: dict[int, dict[int, int]]) -> list[str]:
    """The store holds every answered turn's answer with the cards its client got, and no answer with a
    source of another conversation or another number."""
    problems = []
    for c in range(CONVERSATIONS):
        stored = [parse_cards(card_titles(m)) for m in conversations.stored(c) if m["sender"] == "Machine"]
        for turn in (t for t in conversations.turns if t.conversation == c and t.error is None):
            if turn.cards not in stored:
                problems.append(f"conversation {c}: the store lacks turn {turn.turn}'s answer {turn.cards}")
        for cards in stored:
            if any(conv != c or numbering[c].get(document) != number for number, conv, document in cards):
                problems.append(
                    f"conversation {c}: a stored answer has cards {cards}, numbering {numbering[c]}"
                )
    return problems


# --------------------------------------------------------------------------- the servers


@contextlib.contextmanager
def scale_out_server(
    tmp_path: Path,
) -> Iterator[tuple[RunScript, ConversationModel, PostgresServer, RedisServer, int]]:
    words = run_command()
    names = (option_value(words, "--model-name"), option_value(words, "--embedding-model"))
    with (
        PostgresServer.start_new() as postgres,
        RedisServer.start_new() as redis,
        ConversationModel(host=provider_host(), text_only_embeddings=True, models=names) as model,
        proxy_recorder() as outgoing,
    ):
        port = free_port()
        command = with_option(words, "--model-base-url", model.base_url)
        command += ["--port", str(port), "--state-dir", str(tmp_path / "state")]
        command += ["--database-url", postgres.url, "--workers", "2", "--redis-url", redis.url]
        with started(command, tmp_path / "state", model, outgoing) as running:
            yield running, model, postgres, redis, port


def ingest(running: RunScript, folder: Path) -> None:
    """Every conversation's documents into the Knowledge Base with ``scripts/ingest.py``: the first
    conversation's alone (it creates the Knowledge Base), then the others in two processes at once, one
    for each worker."""
    folder.mkdir()
    files: list[list[str]] = [[] for _ in range(CONVERSATIONS)]
    for c in range(CONVERSATIONS):
        for d in range(DOCUMENTS):
            path = folder / f"conv-{c}-doc-{d}.md"
            path.write_text(f"Notes on {word(c, d)}: the {word(c, d)} record.\n", encoding="utf-8")
            files[c].append(str(path))
    rest = [f for c in range(1, CONVERSATIONS) for f in files[c]]
    for batch in ([files[0]], [rest[::2], rest[1::2]]):
        processes = [
            subprocess.Popen(
                [sys.executable, "scripts/ingest.py", "--state-dir", str(running.state_dir), *paths],
                cwd=ROOT,
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
                text=True,
                env={k: v for k, v in os.environ.items() if not k.startswith("LANGFLOW_")},
            )
            for paths in batch
        ]
        for process in processes:
            output, _ = process.communicate(timeout=600)
            assert process.returncode == 0, output[-3000:]


def report(turns: list[Turn]) -> str:
    rows = defaultdict(list)
    for t in sorted(turns, key=lambda t: (t.conversation, t.turn, t.attempt)):
        outcome = "ok" if t.error is None else f"FAILED ({t.error[:90]})"
        rows[t.conversation].append(
            f"  turn {t.turn} try {t.attempt} {t.transport:<10} pid {t.pid} {t.seconds:5.1f}s {outcome}"
        )
    return "\n".join(
        f"conversation {c} ({RAG if c % 2 == 0 else AGENT}):\n" + "\n".join(r) for c, r in rows.items()
    )


# --------------------------------------------------------------------------- the test


def test_conversations_keep_their_numbering_across_workers_a_killed_worker_and_a_database_restart(
    tmp_path: Path,
) -> None:
    if missing := missing_servers():
        message = "; ".join(missing)
        if os.environ.get("CI", "").strip().lower() in ("true", "1"):
            pytest.fail(message)
        pytest.skip(message)
    started: list[psutil.Process] = []
    with scale_out_server(tmp_path) as (running, model, postgres, redis, port):
        text = running.text()
        assert "Database: postgresql://langflow:***@127.0.0.1" in text and "scale-out-secret" not in text, (
            text
        )
        assert "Workers: 2, job queue: Redis redis://127.0.0.1:" in text, text
        workers = listening_workers(running.process.pid, port)
        assert len(workers) == 2, workers
        ingest(running, tmp_path / "docs")
        conversations = Conversations(running, port)

        # 8 conversations at once: two plain turns, then one with each fault (8 x 4 in all).
        for turn in range(RESTART_TURN):
            conversations.round(turn)

        # PostgreSQL stops while turn 2 is in flight; probes while it is down; it starts again, and the
        # clients of failed turns ask once more.
        back = threading.Event()
        restart = threading.Thread(
            target=conversations.round, args=(RESTART_TURN,), kwargs={"retry_when": back}
        )
        restart.start()
        conversations.wait_in_flight(streaming=False)
        postgres.stop()
        down: list[Turn] = []
        probes = [
            threading.Thread(target=lambda t=t: down.append(conversations.probe(t, DOWN_TIMEOUT_S)))
            for t in TRANSPORTS
        ]
        for probe in probes:
            probe.start()
        for probe in probes:
            probe.join(DOWN_TIMEOUT_S * 3)
        postgres.start()
        back.set()
        restart.join(REQUEST_TIMEOUT_S * 3)
        started += process_tree(running.process.pid)

        # One worker dies while it streams a turn-3 answer; Gunicorn starts another. The clients of the
        # turns that broke ask once more.
        kill = threading.Thread(target=conversations.round, args=(KILL_TURN,))
        kill.start()
        victim = conversations.wait_in_flight(streaming=True)
        victim_pid = victim.pid
        assert victim_pid is not None
        os.kill(victim_pid, signal.SIGKILL)
        kill.join(REQUEST_TIMEOUT_S * 3)
        deadline = time.monotonic() + 60
        now = listening_workers(running.process.pid, port)
        while not (len(now) == 2 and victim_pid not in now) and time.monotonic() < deadline:
            time.sleep(0.5)
            now = listening_workers(running.process.pid, port)
        replacement = set(now) - set(workers)
        started += process_tree(running.process.pid)
        postmaster = psutil.Process(postgres.postmaster_pid())
        started += [postmaster, *postmaster.children(recursive=True), psutil.Process(redis.process.pid)]

        everything = conversations.turns
        broken = [t for t in everything if t.error is not None]
        print(report(everything))
        print(
            "PostgreSQL down, probes:", [(t.transport, t.status, round(t.seconds, 1), t.error) for t in down]
        )
        print(f"worker {victim_pid} killed during {victim.where}; replacement {sorted(replacement)}")
        print("failed, then asked once more:", [(t.where, t.error) for t in broken])

        problems, numbering = numbering_problems(everything)
        problems += prompt_problems(model) + store_problems(conversations, numbering)
        done = answered(everything)
        missing_turns = [(c, t) for c in range(CONVERSATIONS) for t in range(TURNS) if (c, t) not in done]
        pids = {
            c: {t.pid for t in everything if t.conversation == c and t.error is None}
            for c in range(CONVERSATIONS)
        }
        one_worker = [c for c, seen in pids.items() if len(seen - {None}) < 2]
        assert (problems, missing_turns, one_worker) == ([], [], []), (
            "\n".join(problems) + "\n" + report(everything)
        )

        # While PostgreSQL was down every request ended quickly with an error status: /api/v1/run names the
        # database error; /api/v2/workflows, whose API key check reads the database first, answers 403.
        assert sorted(t.transport for t in down) == sorted(TRANSPORTS), down
        for t in down:
            assert t.error is not None and t.seconds < DOWN_TIMEOUT_S, t
            assert t.status is not None and t.status >= 400, t
            if t.transport != "playground":
                assert "OperationalError" in t.error, t
        # The killed worker's turns broke as a client sees a dropped connection; a new worker took its place.
        assert victim_pid not in now and len(now) == 2 and replacement, (victim_pid, now)
        assert any(t.turn == KILL_TURN and t.pid in (victim_pid, None) for t in broken), broken
        dropped = ("RemoteProtocolError", "ReadError", "ConnectError")
        assert all(t.error.startswith(dropped) for t in broken if t.turn == KILL_TURN and t.error), broken
    # Nothing the test started is left.
    left = [p for p in started if p.is_running() and p.status() != psutil.STATUS_ZOMBIE]
    assert left == [], [(p.pid, p.name()) for p in left]
