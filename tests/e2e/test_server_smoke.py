"""Prove the e2e harness against a real server with a Chat Input -> Chat Output flow.

Each test pins one promise the harness makes to later e2e tests: the flow JSON
from lfx's Graph API is accepted, both /run modes and the Playground build path
decode, messages land in the monitor, the palette is served, streamed tokens are
observed as they are produced, and a flows directory is loaded at boot.
"""

from __future__ import annotations

import itertools
import json
import uuid
from typing import Any

import pytest
from lfx.components.input_output import ChatInput, ChatOutput
from lfx.custom.eval import eval_custom_component_code
from lfx.graph import Graph

from tests.support.langflow_fixtures import STANDALONE_FLOWS
from tests.support.langflow_server import LangflowClient, LangflowServer

pytestmark = pytest.mark.e2e

# A component whose Message text is an async iterator, the same path an LLM's
# ``stream=True`` takes, with a fixed delay per chunk so timing is observable.
# Shipped as source because the server compiles node code from the flow JSON.
SLOW_STREAMER_CODE = """
import asyncio

from langchain_core.messages import AIMessageChunk

from lfx.custom.custom_component.component import Component
from lfx.io import IntInput, MessageTextInput, Output
from lfx.schema.message import Message


class SlowStreamer(Component):
    display_name = "Slow Streamer"
    name = "SlowStreamer"
    inputs = [
        MessageTextInput(name="input_value", display_name="Input"),
        IntInput(name="delay_ms", display_name="Delay (ms)", value=200),
    ]
    outputs = [Output(display_name="Message", name="message", method="build_message")]

    async def build_message(self) -> Message:
        delay = self.delay_ms / 1000

        async def chunks():
            for word in str(self.input_value).split():
                await asyncio.sleep(delay)
                yield AIMessageChunk(content=word + " ")

        message = Message(text=chunks(), sender="Machine", sender_name="AI", session_id=self.graph.session_id)
        return await self.send_message(message)
"""


def echo_flow(name: str = "e2e echo") -> dict[str, Any]:
    """Chat Input -> Chat Output, dumped by the Graph API exactly as the server expects it."""
    chat_input = ChatInput(_id="ChatInput-e2e01")
    chat_output = ChatOutput(_id="ChatOutput-e2e02")
    chat_output.set(input_value=chat_input.message_response)
    return dict(Graph(chat_input, chat_output).dump(name=name))


def streamer_flow() -> dict[str, Any]:
    """Chat Input -> Slow Streamer -> Chat Output; the streamer's code travels in the node."""
    # Typed Any: the class only exists at run time, so its ``build_message`` is unknown statically.
    streamer: Any = eval_custom_component_code(SLOW_STREAMER_CODE)(_id="SlowStreamer-e2e03")
    streamer._code = SLOW_STREAMER_CODE  # exec'd classes have no source file for lfx to read
    chat_input = ChatInput(_id="ChatInput-e2e01")
    chat_output = ChatOutput(_id="ChatOutput-e2e02")
    streamer.set(input_value=chat_input.message_response)
    chat_output.set(input_value=streamer.build_message)
    return dict(Graph(chat_input, chat_output).dump(name="e2e streamer"))


@pytest.fixture(scope="module")
def echo_flow_id(langflow_client: LangflowClient) -> str:
    return langflow_client.upload_flow(echo_flow())


def new_session() -> str:
    return f"e2e-{uuid.uuid4()}"


def test_server_is_up(langflow_server: LangflowServer, langflow_client: LangflowClient) -> None:
    # The server under test is the pinned Langflow, healthy (chat and database), on loopback.
    assert langflow_server.base_url.split(":")[:2] == ["http", "//127.0.0.1"]
    assert langflow_client.http.get("/health_check").json() == {"status": "ok", "chat": "ok", "db": "ok"}
    assert langflow_client.http.get("/api/v1/version").json()["version"] == "1.13.0"
    print(f"langflow started in {langflow_server.startup_seconds:.1f}s at {langflow_server.base_url}")


def test_the_servers_knowledge_bases_stay_in_its_sandbox(langflow_server: LangflowServer) -> None:
    # Boot writes the Knowledge Bases' migration inventory; by default it would land in ~/.langflow.
    assert langflow_server.workdir is not None
    assert (langflow_server.workdir / "knowledge_bases" / ".migration" / "inventory.json").is_file()


def test_run_without_stream(langflow_client: LangflowClient, echo_flow_id: str) -> None:
    session = new_session()
    result = langflow_client.run(echo_flow_id, "hello e2e", session_id=session)

    assert result.events == []
    assert result.response is not None
    assert result.response["session_id"] == session
    [message] = result.messages
    assert message["text"] == "hello e2e"
    assert message["sender"] == "Machine"
    assert message["content_blocks"] == []


def test_run_with_stream(langflow_client: LangflowClient, echo_flow_id: str) -> None:
    session = new_session()
    result = langflow_client.run(echo_flow_id, "streamed hello", stream=True, session_id=session)

    assert [event.event for event in result.events] == ["add_message", "add_message", "end"]
    user, machine = (event.data for event in result.named("add_message"))
    assert (user["sender"], user["text"]) == ("User", "streamed hello")
    assert (machine["sender"], machine["text"]) == ("Machine", "streamed hello")
    arrivals = [event.arrived for event in result.events]
    assert arrivals == sorted(arrivals)
    # The end event carries the very RunResponse the non-stream call returns.
    assert result.response is not None
    assert result.response["session_id"] == session
    assert [message["text"] for message in result.messages] == ["streamed hello"]


def test_token_events_arrive_one_by_one(langflow_client: LangflowClient) -> None:
    flow_id = langflow_client.upload_flow(streamer_flow())
    words = "alpha beta gamma delta epsilon"

    result = langflow_client.run(flow_id, words, stream=True, session_id=new_session())

    assert result.error is None, result.error
    tokens = result.named("token")
    assert "".join(token.data["chunk"] for token in tokens) == words + " "
    assert len({token.data["id"] for token in tokens}) == 1
    gaps = [later.arrived - earlier.arrived for earlier, later in itertools.pairwise(tokens)]
    assert min(gaps) > 0.1, f"tokens were batched, not streamed: gaps {gaps}"
    [end] = result.named("end")
    assert end.arrived - tokens[0].arrived > 0.6
    partial = [e for e in result.named("add_message") if e.data["properties"]["state"] == "partial"]
    assert partial and partial[0].arrived <= tokens[0].arrived
    assert result.messages[-1]["text"] == words + " "


def test_build_flow_events(langflow_client: LangflowClient, echo_flow_id: str) -> None:
    session = new_session()
    events = langflow_client.build_flow(echo_flow_id, {"input_value": "built hello", "session": session})

    names = [event.event for event in events]
    assert names[:2] == ["vertices_sorted", "build_start"]
    assert names[-1] == "end"
    built = {event.data["build_data"]["id"] for event in events if event.event == "end_vertex"}
    assert built == {"ChatInput-e2e01", "ChatOutput-e2e02"}
    texts = [(e.data["sender"], e.data["text"]) for e in events if e.event == "add_message"]
    assert texts == [("User", "built hello"), ("Machine", "built hello")]


def test_messages_reach_the_monitor(langflow_client: LangflowClient, echo_flow_id: str) -> None:
    session = new_session()
    langflow_client.run(echo_flow_id, "remember me", session_id=session)

    stored = langflow_client.messages(flow_id=echo_flow_id, session_id=session)

    assert [(m["sender"], m["text"]) for m in stored] == [("User", "remember me"), ("Machine", "remember me")]
    assert all(m["flow_id"] == echo_flow_id for m in stored)


def test_all_lists_components(langflow_client: LangflowClient) -> None:
    palette = langflow_client.all_components()

    assert {"ChatInput", "ChatOutput"} <= set(palette["input_output"])
    assert "component_display_names" in palette


def test_flows_dir_is_loaded_at_startup(langflow_server: LangflowServer) -> None:
    """The shared server starts with flows/standalone/ loaded (LANGFLOW_LOAD_FLOWS_PATH), ids and names kept."""
    shipped = {
        json.loads(p.read_text())["id"]: json.loads(p.read_text())["name"]
        for p in STANDALONE_FLOWS.glob("*.json")
    }
    assert len(shipped) == 8
    with langflow_server.client() as client:
        for flow_id, name in shipped.items():
            assert client.get_flow(flow_id)["name"] == name
