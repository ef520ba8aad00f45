"""Ask the RAG flow a question over Langflow's API; print the answer as it arrives, then the cited sources.

    python scripts/ask.py "What is water?"                 # streamed, a new conversation
    python scripts/ask.py --session kitchen "What is water?"   # then: --session kitchen "And ice?"
    python scripts/ask.py --no-stream "What is water?"     # one JSON response
    python scripts/ask.py --flow "Cite Any Answer" --no-stream "What is water?"
    python scripts/ask.py --json "What is water?"          # the raw response (the `end` event's result)

Each call is a conversation of its own (a new session id), so its sources are numbered from 1 and no earlier
question is in its history; ``--session NAME`` continues the conversation of that name, whose numbering and
history carry over. Which flow, unless told: the RAG flow ``run.sh`` made the default (Knowledge Base RAG
with Citations without Astra DB credentials, else Astra DB RAG with Citations).

Where the server is and the API key come from, first found: ``--url``/``--api-key``; ``LANGFLOW_URL``/
``LANGFLOW_API_KEY``; the ``server.json`` that ``scripts/run.sh`` writes into its state directory
(``--state-dir``, default ``.langflow``). Standard library only, so any Python 3.10+ runs it.

Output: the answer text (tokens as the server sends them), a blank line, then one line per cited source,
``Source N · document — page P`` and its URL when it has one, followed by the start of the cited chunk.
Exit status 0 on an answer, 1 when the server reports an error (the message says what it means and what
to do), 2 on bad usage.
"""

from __future__ import annotations

import argparse
import json
import sys
import textwrap
import urllib.parse
import uuid
from collections.abc import Mapping
from pathlib import Path
from typing import Any, TextIO

sys.path.insert(0, str(Path(__file__).resolve().parent))  # langflow_client.py, however this is run
from langflow_client import (
    NO_CHUNKS_YET,
    Client,
    LangflowError,
    add_server_arguments,
    connect,
    error_text,
    stream_events,
)

RAG_FLOW_ID = "794f7486-c040-4f89-b58f-20768468ba6f"  # "Astra DB RAG with Citations"; the ids are stable
SOURCES_GROUP = "Sources"
KNOWLEDGE_BASE_PREFIX = "Knowledge Base "


class AskError(LangflowError):
    """A failure of the answer itself (the flow's error event, a stream or response without an answer)."""


def knowledge_base_of(flow: str, state: Mapping[str, Any], tweaks: Mapping[str, Any] | None) -> str | None:
    """The Knowledge Base a flow run.sh loaded reads (its Knowledge node, or a tweak of it), else None."""
    names = {flow_id: name for name, flow_id in (state.get("flows") or {}).items()}
    if not names.get(flow, "").startswith(KNOWLEDGE_BASE_PREFIX):
        return None
    tweaked = ((tweaks or {}).get("Knowledge") or {}).get("knowledge_base")
    return str(tweaked or (state.get("knowledge_base") or {}).get("name") or "citations")


def check_knowledge_base(client: Client, name: str) -> None:
    """A clear word, before asking, when the Knowledge Base is missing or empty (else the answer is "no sources")."""
    try:
        found = client.json_or_none("GET", f"/api/v1/knowledge_bases/{urllib.parse.quote(name, safe='')}")
    except (LangflowError, ValueError):
        return  # anything else is for the run itself to report
    if found is None:
        msg = f"Knowledge Base {name!r} does not exist yet: {NO_CHUNKS_YET}"
        raise AskError(msg)
    if isinstance(found, dict) and found.get("chunks") == 0:
        msg = f"Knowledge Base {name!r} is empty: {NO_CHUNKS_YET}"
        raise AskError(msg)


# --------------------------------------------------------------------------- responses


def answer_message(result: Mapping[str, Any]) -> dict[str, Any]:
    """The Chat Output message of a RunResponse (``outputs[0].outputs[0].results.message``)."""
    for outer in result.get("outputs") or []:
        for inner in outer.get("outputs") or []:
            message = (inner.get("results") or {}).get("message")
            if isinstance(message, dict):
                return message
    msg = "the response holds no chat message (is this the RAG flow?)"
    raise AskError(msg)


def source_cards(message: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The citation cards of the message's "Sources" group (the v1 API keeps group blocks only)."""
    cards: list[dict[str, Any]] = []
    for block in message.get("content_blocks") or []:
        if block.get("title") == SOURCES_GROUP:
            cards += [leaf for leaf in block.get("contents") or [] if "title" in leaf and "data" not in leaf]
    return cards


def print_sources(cards: list[dict[str, Any]], out: TextIO) -> None:
    if not cards:
        out.write("\n(no sources cited)\n")
        return
    out.write(f"\n{SOURCES_GROUP}:\n")
    for card in cards:
        out.write(f"  {card.get('title', '')}" + (f"  {card['url']}" if card.get("url") else "") + "\n")
        if snippet := (card.get("cited_text") or "").strip():
            out.write(textwrap.indent(textwrap.shorten(snippet, 160, placeholder=" …"), "      ") + "\n")


# --------------------------------------------------------------------------- asking


def ask(
    client: Client,
    flow: str,
    question: str,
    *,
    stream: bool,
    tweaks: Mapping[str, Any] | None = None,
    session_id: str | None = None,
    out: TextIO = sys.stdout,
    raw_json: bool = False,
) -> dict[str, Any]:
    """Run the flow; print the answer (streamed as it arrives) and its sources; return the RunResponse."""
    body: dict[str, Any] = {"input_value": question, "input_type": "chat", "output_type": "chat"}
    if tweaks:
        body["tweaks"] = dict(tweaks)
    if session_id:
        body["session_id"] = session_id
    with client.run(flow, body, stream=stream) as response:
        if not stream:
            result = json.loads(response.read())
            shown = ""
        else:
            result, shown = None, ""
            for name, data in stream_events(response):
                if name == "token" and not raw_json:
                    chunk = str((data or {}).get("chunk", ""))
                    shown += chunk
                    out.write(chunk)
                    out.flush()
                elif name == "error":
                    text = error_text(data)
                    msg = f"the flow failed: {text}{client.hint_for(text)}"
                    raise AskError(msg)
                elif name == "end":
                    result = (data or {}).get("result")
                # add_message (the stored messages) and log (components' own logs) need no output here.
            if result is None:
                msg = "the stream ended without an `end` event"
                raise AskError(msg)
    if raw_json:
        out.write(json.dumps(result, indent=2, ensure_ascii=False) + "\n")
        return result
    message = answer_message(result)
    text = str(message.get("text") or "")
    if not shown:
        out.write(text)
    elif shown != text:  # never expected: the final text is what streamed; show it whole if not
        out.write(f"\n\n(final text)\n{text}")
    out.write("\n")
    print_sources(source_cards(message), out)
    out.flush()
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Ask the RAG flow; print the answer and its cited sources.")
    parser.add_argument("question")
    parser.add_argument("--no-stream", dest="stream", action="store_false", help="one JSON response")
    parser.add_argument(
        "--flow",
        default=None,
        help="a flow's name as run.sh lists it, its id or endpoint name (default: the RAG flow run.sh made the default)",
    )
    add_server_arguments(parser, timeout=300.0)
    parser.add_argument(
        "--tweaks", type=json.loads, help='JSON, e.g. \'{"Astra DB": {"number_of_results": 8}}\''
    )
    parser.add_argument(
        "--session",
        metavar="NAME",
        help="continue the conversation of this name: its numbering and history carry over "
        "(default: a new conversation for each call)",
    )
    parser.add_argument("--json", dest="raw_json", action="store_true", help="print the raw RunResponse")
    args = parser.parse_args(argv)

    client, state = connect(args)
    flows = dict(state.get("flows") or {})
    flow = flows.get(args.flow, args.flow) if args.flow else str(state.get("default_flow") or RAG_FLOW_ID)
    session = args.session or str(uuid.uuid4())  # a new conversation unless one is named
    try:
        if (knowledge_base := knowledge_base_of(flow, state, args.tweaks)) is not None:
            check_knowledge_base(client, knowledge_base)
        ask(
            client,
            flow,
            args.question,
            stream=args.stream,
            tweaks=args.tweaks,
            session_id=session,
            raw_json=args.raw_json,
        )
    except LangflowError as exc:
        sys.stdout.flush()
        print(f"\nask.py: {exc}", file=sys.stderr)
        return 1
    if not args.session:
        print(f"(a new conversation; to continue it: --session {session})", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
