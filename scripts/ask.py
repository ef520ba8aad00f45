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
import os
import sys
import textwrap
import urllib.error
import urllib.parse
import urllib.request
import uuid
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any, TextIO

DEFAULT_URL = "http://127.0.0.1:7860"
RAG_FLOW_ID = "794f7486-c040-4f89-b58f-20768468ba6f"  # "Astra DB RAG with Citations"; the ids are stable
SOURCES_GROUP = "Sources"
KNOWLEDGE_BASE_PREFIX = "Knowledge Base "
NO_CHUNKS_YET = "no chunks yet: run ingest.py (.venv/bin/python scripts/ingest.py your-files/*.pdf)"
_TOKEN_IDS_HINT = (
    "the embeddings node sent token ids, which this model server refuses: start the server with "
    "scripts/run.sh --model-base-url URL (its flows send the embeddings endpoint text)."
)
# Messages the server sends, what they mean and what to do (the README's Troubleshooting has more).
HINTS = {
    "SSRF Protection": "the model or Data API host is not on LANGFLOW_SSRF_ALLOWED_HOSTS: start the server with "
    "scripts/run.sh --model-base-url URL (it allows that host).",
    "server-provisioned API credential": "the server's own key may not go to a non-default endpoint: start the "
    "server with scripts/run.sh --model-base-url URL (it allows that host for provider credentials).",
    "cl100k_base": "tiktoken could not download its encoding: start the server with scripts/run.sh --offline.",
    "openaipublic.blob.core.windows.net": "tiktoken could not download its encoding: start the server with "
    "scripts/run.sh --offline.",
    "LANGFLOW_AUTO_LOGIN requires a valid API key": "pass an API key: scripts/run.sh prints one and writes it "
    "to .langflow/server.json.",
    "variable not found": "a global variable is missing: set it under Settings -> Global Variables, or export "
    "it before scripts/run.sh.",
    # The Knowledge component's words for a Knowledge Base that does not exist.
    "Metadata not found for knowledge base": NO_CHUNKS_YET + ".",
    "OpenAI Compatible": "the model server is Langflow's 'OpenAI Compatible' provider: start it, then restart "
    "scripts/run.sh --model-base-url URL (which registers it), or set it under Settings -> Model Providers.",
    # Ollama's and LM Studio's answers to the token ids an OpenAI Embeddings node sends.
    "invalid input type": _TOKEN_IDS_HINT,
    "'input' field must be a string or an array of strings": _TOKEN_IDS_HINT,
}


class AskError(Exception):
    """A failure worth one line to the user (plus a hint when the message is a known one)."""


def hint_for(message: str) -> str:
    return next((f"\nhint: {hint}" for key, hint in HINTS.items() if key in message), "")


def error_text(data: Any) -> str:
    """The message of an ``error`` event: ``{"error": str}``, or a whole error Message (text, component)."""
    if not isinstance(data, dict):
        return str(data)
    if isinstance(data.get("error"), str):
        return data["error"]
    component = next(
        (
            str(leaf["component"])
            for block in data.get("content_blocks") or []
            if isinstance(block, dict)
            for leaf in block.get("contents") or []
            if isinstance(leaf, dict) and leaf.get("component")
        ),
        None,
    )
    text = str(data.get("text") or "").strip() or json.dumps(data)[:2000]
    return f"{component}: {text}" if component else text


# --------------------------------------------------------------------------- connection


def read_state(state_dir: Path) -> dict[str, Any]:
    state_file = state_dir / "server.json"
    return json.loads(state_file.read_text(encoding="utf-8")) if state_file.is_file() else {}


def server_settings(url: str | None, api_key: str | None, state: Mapping[str, Any]) -> tuple[str, str | None]:
    url = url or os.environ.get("LANGFLOW_URL") or state.get("url") or DEFAULT_URL
    api_key = api_key or os.environ.get("LANGFLOW_API_KEY") or state.get("api_key")
    return url.rstrip("/"), api_key


def knowledge_base_of(flow: str, state: Mapping[str, Any], tweaks: Mapping[str, Any] | None) -> str | None:
    """The Knowledge Base a flow run.sh loaded reads (its Knowledge node, or a tweak of it), else None."""
    names = {flow_id: name for name, flow_id in (state.get("flows") or {}).items()}
    if not names.get(flow, "").startswith(KNOWLEDGE_BASE_PREFIX):
        return None
    tweaked = ((tweaks or {}).get("Knowledge") or {}).get("knowledge_base")
    return str(tweaked or (state.get("knowledge_base") or {}).get("name") or "citations")


def check_knowledge_base(url: str, api_key: str | None, name: str, timeout: float) -> None:
    """A clear word, before asking, when the Knowledge Base is missing or empty (else the answer is "no sources")."""
    request = urllib.request.Request(
        f"{url}/api/v1/knowledge_bases/{urllib.parse.quote(name, safe='')}",
        headers={"x-api-key": api_key} if api_key else {},
    )
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    try:
        with opener.open(request, timeout=timeout) as response:
            chunks = json.loads(response.read()).get("chunks")
    except urllib.error.HTTPError as exc:
        if exc.code == 404:
            msg = f"Knowledge Base {name!r} does not exist yet: {NO_CHUNKS_YET}"
            raise AskError(msg) from exc
        return  # anything else is for the run itself to report
    except (urllib.error.URLError, ValueError, AttributeError):
        return
    if chunks == 0:
        msg = f"Knowledge Base {name!r} is empty: {NO_CHUNKS_YET}"
        raise AskError(msg)


def post(url: str, body: Mapping[str, Any], api_key: str | None, timeout: float) -> Any:
    """POST JSON; the open response. HTTP errors become an :class:`AskError` carrying the server's detail."""
    headers = {"Content-Type": "application/json", "Accept": "application/json"}
    if api_key:
        headers["x-api-key"] = api_key
    request = urllib.request.Request(url, data=json.dumps(body).encode(), headers=headers, method="POST")
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))  # a local server: never a proxy
    try:
        return opener.open(request, timeout=timeout)
    except urllib.error.HTTPError as exc:
        detail = exc.read().decode("utf-8", "replace")
        try:
            detail = str(json.loads(detail).get("detail", detail))
        except (ValueError, AttributeError):
            pass
        msg = f"{url} -> HTTP {exc.code}: {detail}{hint_for(detail)}"
        raise AskError(msg) from exc
    except urllib.error.URLError as exc:
        msg = f"cannot reach {url}: {exc.reason} (is the server running? bash scripts/run.sh)"
        raise AskError(msg) from exc


# --------------------------------------------------------------------------- responses


def events(response: Any) -> Iterator[tuple[str, Any]]:
    """Langflow's stream: one JSON object per line, ``{"event": name, "data": payload}``, blank lines between."""
    for raw in response:
        line = raw.decode("utf-8").strip()
        if not line:
            continue
        payload = json.loads(line.removeprefix("data:").strip())
        yield payload.get("event", ""), payload.get("data")


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
    url: str,
    api_key: str | None,
    flow: str,
    question: str,
    *,
    stream: bool,
    tweaks: Mapping[str, Any] | None = None,
    session_id: str | None = None,
    timeout: float = 300.0,
    out: TextIO = sys.stdout,
    raw_json: bool = False,
) -> dict[str, Any]:
    """Run the flow; print the answer (streamed as it arrives) and its sources; return the RunResponse."""
    body: dict[str, Any] = {"input_value": question, "input_type": "chat", "output_type": "chat"}
    if tweaks:
        body["tweaks"] = dict(tweaks)
    if session_id:
        body["session_id"] = session_id
    endpoint = f"{url}/api/v1/run/{urllib.parse.quote(flow, safe='')}?stream={'true' if stream else 'false'}"
    with post(endpoint, body, api_key, timeout) as response:
        if not stream:
            result = json.loads(response.read())
            shown = ""
        else:
            result, shown = None, ""
            for name, data in events(response):
                if name == "token" and not raw_json:
                    chunk = str((data or {}).get("chunk", ""))
                    shown += chunk
                    out.write(chunk)
                    out.flush()
                elif name == "error":
                    text = error_text(data)
                    msg = f"the flow failed: {text}{hint_for(text)}"
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
    parser.add_argument("--url", help=f"Langflow's URL (default: $LANGFLOW_URL, server.json, {DEFAULT_URL})")
    parser.add_argument("--api-key", help="default: $LANGFLOW_API_KEY, then server.json")
    parser.add_argument(
        "--state-dir", type=Path, default=Path(".langflow"), help="where run.sh keeps server.json"
    )
    parser.add_argument(
        "--tweaks", type=json.loads, help='JSON, e.g. \'{"Astra DB": {"number_of_results": 8}}\''
    )
    parser.add_argument(
        "--session",
        metavar="NAME",
        help="continue the conversation of this name: its numbering and history carry over "
        "(default: a new conversation for each call)",
    )
    parser.add_argument("--timeout", type=float, default=300.0)
    parser.add_argument("--json", dest="raw_json", action="store_true", help="print the raw RunResponse")
    args = parser.parse_args(argv)

    state = read_state(args.state_dir)
    url, api_key = server_settings(args.url, args.api_key, state)
    flows = dict(state.get("flows") or {})
    flow = flows.get(args.flow, args.flow) if args.flow else str(state.get("default_flow") or RAG_FLOW_ID)
    session = args.session or str(uuid.uuid4())  # a new conversation unless one is named
    try:
        if (knowledge_base := knowledge_base_of(flow, state, args.tweaks)) is not None:
            check_knowledge_base(url, api_key, knowledge_base, args.timeout)
        ask(
            url,
            api_key,
            flow,
            args.question,
            stream=args.stream,
            tweaks=args.tweaks,
            session_id=session,
            timeout=args.timeout,
            raw_json=args.raw_json,
        )
    except AskError as exc:
        sys.stdout.flush()
        print(f"\nask.py: {exc}", file=sys.stderr)
        return 1
    if not args.session:
        print(f"(a new conversation; to continue it: --session {session})", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
