"""Generate the example flows from the component sources and the installed stock components, in two sets.

    python scripts/build_flows.py           # (re)write flows/*.json and flows/standalone/*.json
    python scripts/build_flows.py --check   # exit 1 if a committed flow differs from what would be written

Nodes are made the way Langflow 1.13's canvas makes them: the component's palette template (core
components from lfx's component index; extension components such as Astra DB, OpenAI and this bundle built
by the loader the server uses) copied into a ``genericNode`` whose ``data.type`` is the palette key, wired
with ``lfx.graph.flow_builder`` (the canvas's edge and handle format) and laid out by its layered layout.
Output is deterministic: fixed node ids, a stable flow id, sorted keys, no timestamps.

Every flow spec gives two files (``VARIANTS``):

* ``flows/<name>.json``, for a server with the bundle installed (``scripts/run.sh`` loads these): our
  nodes carry the palette's code, ``components/citations/*.py``, which imports ``lfx_citations.core``, so
  each node's code is a few hundred lines and matches the installed component exactly;
* ``flows/standalone/<name>.json``, for a server that cannot install the bundle (hosted, Desktop): our
  nodes carry the standalone components that ``scripts/build_components.py`` makes, the same components
  with the core they need carried as text. Same palette
  keys, inputs and outputs; on a server that has the bundle, the canvas offers to update these nodes to
  the installed code.

Credentials and the Data API endpoint are not in the flows: the fields load the Langflow global variables
ASTRA_DB_APPLICATION_TOKEN, ASTRA_DB_API_ENDPOINT and OPENAI_API_KEY (``load_from_db``), which ``lfx run``
and a Langflow server started with fallback to environment variables also read from the environment.
"""

from __future__ import annotations

import argparse
import ast
import copy
import hashlib
import importlib
import importlib.metadata
import json
import os
import sys
import uuid
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from unittest import mock

ROOT = Path(__file__).resolve().parents[1]
FLOWS_DIR = ROOT / "flows"
STANDALONE_FLOWS_DIR = FLOWS_DIR / "standalone"
SOURCES_DIR = ROOT / "components" / "citations"  # installed: the palette's code (the bundle folder)

# Palette keys, i.e. the ``data.type`` the canvas gives each node.
CHAT_INPUT = "ChatInput"
CHAT_OUTPUT = "ChatOutput"
ASTRA_DB = "ext:datastax:AstraDBVectorStoreComponent@official"
OPENAI_EMBEDDINGS = "ext:openai:OpenAIEmbeddingsComponent@official"
OPENAI_MODEL = "ext:openai:OpenAIModelComponent@official"
PARSER = "ext:citations:IndexedRetrievedDataParserComponent@official"
PROMPT = "ext:citations:CitationPromptComponent@official"
POST_PROCESSOR = "ext:citations:CitationPostProcessorComponent@official"
CITING_RETRIEVER = "ext:citations:CitingRetrieverComponent@official"
CITING_AGENT = "ext:citations:CitingAgentComponent@official"
READ_PAGES = "ext:citations:ReadFilesByPageComponent@official"
REPLACE_CHUNKS = "ext:citations:ReplaceFileChunksComponent@official"
KNOWLEDGE = "Knowledge"
AGENT = "Agent"
MESSAGE_HISTORY = "Memory"


def _component_classes(code: str) -> list[str]:
    return [
        n.name for n in ast.parse(code).body if isinstance(n, ast.ClassDef) and n.name.endswith("Component")
    ]


def our_sources(folder: Path) -> dict[str, str]:
    """Palette key -> the installed component's code, for every component file in ``folder``."""
    found: dict[str, str] = {}
    for path in sorted(folder.glob("[!_]*.py")):
        code = path.read_text(encoding="utf-8")
        found.update({f"ext:citations:{name}@official": code for name in _component_classes(code)})
    return found


def standalone_sources(folder: Path = SOURCES_DIR) -> dict[str, str]:
    """Palette key -> the standalone component's code (``scripts/build_components.py`` makes it)."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    try:
        import build_components
    finally:
        sys.path.pop(0)
    found: dict[str, str] = {}
    for code in build_components.build(folder).values():
        found.update({f"ext:citations:{name}@official": code for name in _component_classes(code)})
    return found


OUR_SOURCES = our_sources(SOURCES_DIR)
"""The installed components' code by palette key: the code of our nodes in ``flows/``."""
STANDALONE_SOURCES = standalone_sources()
"""The standalone components' code by palette key: the code of our nodes in ``flows/standalone/``."""


@dataclass(frozen=True)
class Variant:
    """One generated set of flows: where it goes and which component code its nodes carry."""

    name: str
    flows_dir: Path
    sources: Mapping[str, str]
    id_namespace: str  # seeds the flow ids: the two sets never share an id
    description_note: str = ""


INSTALLED = Variant("installed", FLOWS_DIR, OUR_SOURCES, "urn:lfx-citations:flows:")
STANDALONE = Variant(
    "standalone",
    STANDALONE_FLOWS_DIR,
    STANDALONE_SOURCES,
    "urn:lfx-citations:flows:standalone/",
    " Standalone: the citation components' code is in the flow, for a Langflow server without the "
    "lfx-citations bundle installed.",
)
VARIANTS = (INSTALLED, STANDALONE)
# Installed distributions whose extension bundles the flows use (the rest of the palette is not needed).
EXTENSION_DISTRIBUTIONS = frozenset({"lfx-citations", "lfx-datastax", "lfx-openai"})

ASTRA_TOKEN_VARIABLE = "ASTRA_DB_APPLICATION_TOKEN"
ASTRA_ENDPOINT_VARIABLE = "ASTRA_DB_API_ENDPOINT"
OPENAI_KEY_VARIABLE = "OPENAI_API_KEY"
COLLECTION = "lfx_citations"
KNOWLEDGE_BASE = "citations"
# The parser's default page keys plus Docling's ``page_no`` (File component, Advanced Parser).
PAGE_KEYS = "page, page_number, page_label, page_no"


@dataclass(frozen=True)
class Node:
    """One canvas node: its palette key, id suffix, literal values, global variables and fields to show."""

    type: str
    suffix: str
    values: Mapping[str, Any] = field(default_factory=dict)
    variables: Mapping[str, str] = field(default_factory=dict)
    show: tuple[str, ...] = ()
    hide: tuple[str, ...] = ()
    # Dropdown options stored with the node. The Playground refreshes every real-time dropdown whose option
    # list is empty when it opens, and the Astra DB node's collection refresh reads the endpoint field as
    # stored, i.e. the global variable's *name*: "Connector URL must be an http(s) URL … got
    # 'ASTRA_DB_API_ENDPOINT'", whatever the variable holds. A stored option list skips that refresh.
    options: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    # A canvas choice that reshapes the node's outputs (run through the component's update_outputs, as the
    # server does on the canvas's refresh); the chosen value itself is not kept in the flow.
    outputs_for: tuple[str, Any] | None = None

    @property
    def id(self) -> str:
        return f"{self.type}-{self.suffix}"


@dataclass(frozen=True)
class Edge:
    source: Node
    output: str
    target: Node
    input: str


@dataclass(frozen=True)
class FlowSpec:
    file_name: str
    name: str
    description: str
    nodes: tuple[Node, ...]
    edges: tuple[Edge, ...]


# --------------------------------------------------------------------------- the flows


def flows() -> tuple[FlowSpec, ...]:
    chat_input = Node(CHAT_INPUT, "input")
    embeddings = Node(OPENAI_EMBEDDINGS, "embed", variables={"openai_api_key": OPENAI_KEY_VARIABLE})
    astra = Node(
        ASTRA_DB,
        "astra",
        {"collection_name": COLLECTION},
        # database_name is required; an endpoint URL is a valid value for it (api_endpoint wins anyway).
        variables={
            "token": ASTRA_TOKEN_VARIABLE,
            "api_endpoint": ASTRA_ENDPOINT_VARIABLE,
            "database_name": ASTRA_ENDPOINT_VARIABLE,
        },
        show=("collection_name",),  # shown once a database is chosen on the canvas
        options={"collection_name": (COLLECTION,)},
    )
    parser = Node(PARSER, "parse", {"page_keys": PAGE_KEYS})
    prompt = Node(PROMPT, "prompt")
    model = Node(OPENAI_MODEL, "model", variables={"api_key": OPENAI_KEY_VARIABLE})
    post = Node(POST_PROCESSOR, "cite")
    chat_output = Node(CHAT_OUTPUT, "output")
    # PDFs page by page, so every chunk keeps its file's name and its page.
    pages = Node(READ_PAGES, "pages")

    retrieval = (
        Edge(chat_input, "message", astra, "search_query"),
        Edge(embeddings, "embeddings", astra, "embedding_model"),
        Edge(astra, "search_results", parser, "input_data"),
        Edge(chat_input, "message", prompt, "question"),
        Edge(parser, "context", prompt, "context"),
        Edge(parser, "sources", post, "sources"),
        Edge(post, "message", chat_output, "input_value"),
    )
    rag_nodes = (chat_input, embeddings, astra, parser, prompt, model, post, chat_output)
    # The conversation so far for the prompt; the parser keeps the numbers its markers use.
    history = Node(MESSAGE_HISTORY, "history", {"n_messages": 20})
    return (
        FlowSpec(
            "astra_db_rag_with_citations.json",
            "Astra DB RAG with Citations",
            "Answers from an Astra DB collection and cites its sources inline as [Source N]; invalid markers "
            "are removed and the cited sources are attached as source cards. The post-processor calls the "
            "model itself, so the filtered answer can stream. Message History gives the prompt the "
            "conversation so far, and a chunk keeps its number for the whole conversation.",
            (*rag_nodes, history),
            (
                *retrieval,
                Edge(model, "model_output", post, "model"),
                Edge(prompt, "prompt", post, "prompt"),
                Edge(history, "messages_text", prompt, "history"),
            ),
        ),
        FlowSpec(
            "astra_db_ingest_with_source_metadata.json",
            "Astra DB Ingest with Source Metadata",
            "Reads files (PDFs page by page), splits them into chunks and stores them in Astra DB. Every "
            "chunk keeps its file's name and path and the page where it starts, which the RAG flows cite.",
            (pages, embeddings, astra),
            (
                Edge(pages, "chunks", astra, "ingest_data"),
                Edge(embeddings, "embeddings", astra, "embedding_model"),
            ),
        ),
        agent_flow(chat_input, embeddings, astra, model, post, chat_output),
        streaming_agent_flow(chat_input, embeddings, astra, model, chat_output),
        *knowledge_base_flows(chat_input, pages, model, post, chat_output, history),
        FlowSpec(
            "cite_any_answer.json",
            "Cite Any Answer",
            "Any model component answers from the numbered Astra DB context; the Citation Post-Processor "
            "then checks the finished answer (Answer input): valid [Source N] markers stay, the rest go, and "
            "the cited sources are attached as source cards.",
            rag_nodes,
            (
                *retrieval,
                Edge(prompt, "prompt", model, "input_value"),
                Edge(model, "text_output", post, "answer"),
            ),
        ),
    )


AGENT_INSTRUCTIONS = (
    "You answer questions from a knowledge base. Call search_sources to find what you need; you may call "
    "it several times. Cite each factual claim right after it as [Source N], with only the numbers the "
    "tool showed you; cite several as [Source 1][Source 3]. Write no bibliography. If the sources do not "
    "hold the answer, say so and cite nothing."
)


def agent_flow(
    chat_input: Node, embeddings: Node, astra: Node, model: Node, post: Node, chat_output: Node
) -> FlowSpec:
    """Chat Input → Agent (Citing Retriever over Astra DB, OpenAI model) → post-processor → Chat Output."""
    citing = Node(CITING_RETRIEVER, "tool", {"page_keys": PAGE_KEYS, "max_sources": 5})
    agent = Node(
        AGENT,
        "agent",
        {"system_prompt": AGENT_INSTRUCTIONS, "add_current_date_tool": False, "add_calculator_tool": False},
    )
    return FlowSpec(
        "astra_db_agent_with_citations.json",
        "Astra DB Agent with Citations",
        "An Agent searches an Astra DB collection through the Citing Retriever tool, as often as it needs: "
        "every chunk it is shown gets one number for the whole conversation. The Citation Post-Processor "
        "keeps only markers for chunks the agent saw and attaches them as source cards.",
        (chat_input, embeddings, astra, citing, model, agent, post, chat_output),
        (
            Edge(embeddings, "embeddings", astra, "embedding_model"),
            Edge(astra, "search_results", citing, "retriever"),
            Edge(citing, "tool", agent, "tools"),
            Edge(model, "model_output", agent, "model"),
            Edge(chat_input, "message", agent, "input_value"),
            Edge(agent, "response", post, "answer"),
            Edge(post, "message", chat_output, "input_value"),
        ),
    )


def streaming_agent_flow(
    chat_input: Node, embeddings: Node, astra: Node, model: Node, chat_output: Node
) -> FlowSpec:
    """Chat Input → Citing Agent (Citing Retriever over Astra DB, OpenAI model) → Chat Output, streaming."""
    citing = Node(CITING_RETRIEVER, "tool", {"page_keys": PAGE_KEYS, "max_sources": 5})
    agent = Node(
        CITING_AGENT,
        "agent",
        {"system_prompt": AGENT_INSTRUCTIONS, "add_current_date_tool": False, "add_calculator_tool": False},
    )
    return FlowSpec(
        "astra_db_citing_agent_streaming.json",
        "Astra DB Citing Agent (Streaming)",
        "The Citing Agent searches an Astra DB collection through the Citing Retriever tool and streams its "
        "answer straight to Chat Output with only valid [Source N] markers, then attaches the cited "
        "sources as source cards. One numbering for every search and every turn of the conversation.",
        (chat_input, embeddings, astra, citing, model, agent, chat_output),
        (
            Edge(embeddings, "embeddings", astra, "embedding_model"),
            Edge(astra, "search_results", citing, "retriever"),
            Edge(citing, "tool", agent, "tools"),
            Edge(model, "model_output", agent, "model"),
            Edge(chat_input, "message", agent, "input_value"),
            Edge(agent, "response", chat_output, "input_value"),
        ),
    )


# The Knowledge component's fields per mode (the canvas shows only the chosen mode's).
KNOWLEDGE_INGEST_FIELDS = (
    "input_df",
    "column_config",
    "chunk_size",
    "api_key",
    "allow_duplicates",
    "metadata_json",
)
KNOWLEDGE_RETRIEVE_FIELDS = (
    "search_query",
    "top_k",
    "include_metadata",
    "include_embeddings",
    "metadata_filter",
)
# One chunk per text and file: the same paragraph in two files is stored for each of them.
KNOWLEDGE_COLUMNS = (
    {"column_name": "text", "vectorize": True, "identifier": True},
    {"column_name": "file_path", "vectorize": False, "identifier": True},
)


def knowledge_node(mode: str) -> Node:
    """Langflow's Knowledge component on the ``citations`` Knowledge Base, in Ingest or Retrieve mode."""
    values: dict[str, Any] = {"mode": mode, "knowledge_base": KNOWLEDGE_BASE}
    if mode == "Ingest":
        values |= {"column_config": [dict(c) for c in KNOWLEDGE_COLUMNS], "allow_duplicates": False}
    shown, hidden = (
        (KNOWLEDGE_INGEST_FIELDS, KNOWLEDGE_RETRIEVE_FIELDS)
        if mode == "Ingest"
        else (KNOWLEDGE_RETRIEVE_FIELDS, KNOWLEDGE_INGEST_FIELDS)
    )
    return Node(
        KNOWLEDGE,
        "kb",
        values,
        show=shown,
        hide=hidden,
        # A stored option list keeps the Playground from refreshing the dropdown on open, which would
        # clear the name while the Knowledge Base does not exist yet.
        options={"knowledge_base": (KNOWLEDGE_BASE,)},
        outputs_for=("mode", mode),
    )


def knowledge_base_flows(
    chat_input: Node, pages: Node, model: Node, post: Node, chat_output: Node, history: Node
) -> tuple[FlowSpec, ...]:
    """RAG, agent and ingest over Langflow's own Knowledge Base ``citations``: no account but a model."""
    retrieve = knowledge_node("Retrieve")
    parser = Node(PARSER, "parse")  # the parser's defaults read Knowledge rows: content, file_name, page
    prompt = Node(PROMPT, "prompt")
    citing = Node(CITING_RETRIEVER, "tool", {"max_sources": 5})
    agent = Node(
        CITING_AGENT,
        "agent",
        {"system_prompt": AGENT_INSTRUCTIONS, "add_current_date_tool": False, "add_calculator_tool": False},
    )
    replace = Node(REPLACE_CHUNKS, "replace", {"knowledge_base": KNOWLEDGE_BASE})
    ingest = knowledge_node("Ingest")
    return (
        FlowSpec(
            "knowledge_base_rag_with_citations.json",
            "Knowledge Base RAG with Citations",
            "Answers from a Langflow Knowledge Base and cites its sources inline as [Source N], file and page "
            "on each source card; invalid markers are removed. Runs on Langflow alone (no vector database "
            "account): the Knowledge Base holds the chunks and their embeddings. The answer streams, and a "
            "chunk keeps its number for the whole conversation.",
            (chat_input, retrieve, parser, prompt, model, post, chat_output, history),
            (
                Edge(chat_input, "message", retrieve, "search_query"),
                Edge(retrieve, "retrieve_data", parser, "input_data"),
                Edge(chat_input, "message", prompt, "question"),
                Edge(parser, "context", prompt, "context"),
                Edge(parser, "sources", post, "sources"),
                Edge(history, "messages_text", prompt, "history"),
                Edge(model, "model_output", post, "model"),
                Edge(prompt, "prompt", post, "prompt"),
                Edge(post, "message", chat_output, "input_value"),
            ),
        ),
        FlowSpec(
            "knowledge_base_agent_with_citations.json",
            "Knowledge Base Agent with Citations",
            "The Citing Agent searches a Langflow Knowledge Base through the Citing Retriever tool, as often "
            "as it needs, and streams its answer with only valid [Source N] markers, then attaches the "
            "cited sources as cards. One numbering for every search and every turn.",
            (chat_input, retrieve, citing, model, agent, chat_output),
            (
                Edge(retrieve, "retrieve_data", citing, "retriever"),
                Edge(citing, "tool", agent, "tools"),
                Edge(model, "model_output", agent, "model"),
                Edge(chat_input, "message", agent, "input_value"),
                Edge(agent, "response", chat_output, "input_value"),
            ),
        ),
        FlowSpec(
            "knowledge_base_ingest_with_source_metadata.json",
            "Knowledge Base Ingest with Source Metadata",
            "Reads files (PDFs page by page) into a Langflow Knowledge Base, with the embedding model the "
            "Knowledge Base was created with. Every chunk keeps its file's name and path and the page where "
            "it starts; ingesting a file again replaces its chunks.",
            (pages, replace, ingest),
            (
                Edge(pages, "chunks", replace, "rows"),
                Edge(replace, "chunks", ingest, "input_df"),
            ),
        ),
    )


# --------------------------------------------------------------------------- registry


def _installed_extensions_named(names: frozenset[str]) -> Any:
    """Langflow's installed-extension discovery, limited to the named distributions."""
    from lfx.extension.loader import load_installed_extensions

    def discover(distributions: Any = None) -> Any:
        wanted = [
            dist
            for dist in distributions or importlib.metadata.distributions()
            if (dist.metadata["Name"] or "").lower().replace("_", "-") in names
        ]
        return load_installed_extensions(wanted)

    return discover


def load_registry() -> dict[str, dict[str, Any]]:
    """Palette templates keyed by palette key: lfx's core component index plus the extension bundles used."""
    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")  # no cost-map download on import
    from lfx.upgrade.registry import load_upgrade_registry

    # The server's own loader, shown only the distributions used here (the full palette takes minutes).
    discover = _installed_extensions_named(EXTENSION_DISTRIBUTIONS)
    with mock.patch("lfx.interface.components.load_installed_extensions", discover):
        categories = load_upgrade_registry()
    return {key: template for components in categories.values() for key, template in components.items()}


def standalone_registry(registry: Mapping[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """The palette as it would be if the standalone files were the bundle: our entries with their code.

    Each standalone class is templated by Langflow's own ``create_component_template``; the result must
    equal the installed template in everything but the code and what is derived from it (its hash and
    the dependencies read from its imports), or the two sets would not be the same components.
    """

    from lfx.custom.utils import create_component_template

    derived = {"code_hash", "dependencies"}
    out = dict(registry)
    for key, code in STANDALONE_SOURCES.items():
        installed = registry[key]
        template, _ = create_component_template(
            component={"code": code, "output_types": []}, module_name=installed["metadata"]["module"]
        )
        entry = copy.deepcopy(installed)
        entry["template"]["code"] = template["template"]["code"]
        for name in derived:
            entry["metadata"][name] = template["metadata"][name]
        mine = {k: v for k, v in template.items() if k in installed and k not in ("metadata",)}
        theirs = {k: v for k, v in installed.items() if k in template and k not in ("metadata",)}
        mine["template"] = {k: v for k, v in mine["template"].items() if k != "code"}
        theirs["template"] = {k: v for k, v in theirs["template"].items() if k != "code"}
        if mine != theirs:
            differ = sorted(k for k in mine if mine[k] != theirs.get(k))
            msg = f"{key}: the standalone component differs from the installed one in {differ}"
            raise RuntimeError(msg)
        out[key] = entry
    return out


# --------------------------------------------------------------------------- building


def build_flow(
    spec: FlowSpec, registry: Mapping[str, dict[str, Any]], variant: Variant = INSTALLED
) -> dict[str, Any]:
    """One flow of one set; ``registry`` is that set's palette (``standalone_registry`` for standalone)."""
    from lfx.graph.flow_builder import (
        add_component,
        add_connection,
        configure_component,
        empty_flow,
        layout_flow,
    )

    flow = empty_flow(spec.name, spec.description + variant.description_note)
    for node in spec.nodes:
        add_component(flow, node.type, dict(registry), component_id=node.id)
        if node.outputs_for:
            _refresh_outputs(_node_data(flow, node.id), *node.outputs_for)
        if node.values:
            configure_component(flow, node.id, dict(node.values))
        template = _template(flow, node.id)
        for name, variable in node.variables.items():
            template[name].update(value=variable, load_from_db=True)
        for name in node.show:
            template[name]["show"] = True
        for name in node.hide:
            template[name]["show"] = False
        for name, options in node.options.items():
            template[name]["options"] = list(options)
        source = variant.sources.get(node.type)
        if source is not None and template["code"]["value"] != source:
            msg = f"{spec.name}: the {variant.name} palette's {node.type} is not the {variant.name} component's code"
            raise RuntimeError(msg)
    for edge in spec.edges:
        add_connection(flow, edge.source.id, edge.output, edge.target.id, edge.input)
    layout_flow(flow)
    # Stable across builds, but version 4: Langflow 1.13 refuses to save flows with UUID5 ids, which it
    # reserves for public execution histories.
    digest = hashlib.sha256(f"{variant.id_namespace}{spec.file_name}".encode()).digest()
    flow["id"] = str(uuid.UUID(bytes=digest[:16], version=4))
    flow["is_component"] = False
    flow["last_tested_version"] = importlib.metadata.version("langflow")
    _check_against_registry(flow, registry)
    return flow


def _node_data(flow: Mapping[str, Any], node_id: str) -> dict[str, Any]:
    return next(n for n in flow["data"]["nodes"] if n["id"] == node_id)["data"]["node"]


def _template(flow: Mapping[str, Any], node_id: str) -> dict[str, Any]:
    return _node_data(flow, node_id)["template"]


def _refresh_outputs(node: dict[str, Any], name: str, value: Any) -> None:
    """Recompute the node's outputs as the server does when ``name`` changes to ``value`` on the canvas."""
    from lfx.utils.async_helpers import run_until_complete

    module, class_name = node["metadata"]["module"].rsplit(".", 1)
    component = getattr(importlib.import_module(module), class_name)()
    probe = copy.deepcopy(node)
    probe["template"][name]["file_path" if probe["template"][name]["type"] == "file" else "value"] = value
    refreshed = run_until_complete(component.run_and_validate_update_outputs(probe, name, value))
    node["outputs"] = refreshed["outputs"]


def _check_against_registry(flow: Mapping[str, Any], registry: Mapping[str, dict[str, Any]]) -> None:
    """Every node must match the installed component, as ``lfx run --upgrade-flow check`` requires."""
    from lfx.upgrade.checker import build_registry_lookup, check_flow_compatibility

    report = check_flow_compatibility(
        flow["data"], {"all": registry}, registry=build_registry_lookup({"all": registry})
    )
    stale = [f"{n.display_name} ({n.status})" for n in report.nodes if n.status != "ok"]
    if stale:
        msg = f"{flow['name']}: nodes differ from the installed components: {', '.join(stale)}"
        raise RuntimeError(msg)


def render(flow: Mapping[str, Any]) -> str:
    return json.dumps(flow, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Generate flows/*.json and flows/standalone/*.json.")
    parser.add_argument(
        "--check", action="store_true", help="fail if a committed flow is stale; write nothing"
    )
    args = parser.parse_args(argv)

    installed = load_registry()
    registries = {INSTALLED.name: installed, STANDALONE.name: standalone_registry(installed)}
    specs = flows()
    stale: list[str] = []
    written: set[Path] = set()
    for variant in VARIANTS:
        for spec in specs:
            path = variant.flows_dir / spec.file_name
            written.add(path)
            text = render(build_flow(spec, registries[variant.name], variant))
            current = path.read_text(encoding="utf-8") if path.exists() else None
            if current == text:
                continue
            stale.append(str(path.relative_to(ROOT)))
            if not args.check:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(text, encoding="utf-8")
    extra = sorted(
        str(p.relative_to(ROOT)) for v in VARIANTS for p in v.flows_dir.glob("*.json") if p not in written
    )
    if extra:
        print(f"Not generated by this script (remove them): {', '.join(extra)}", file=sys.stderr)
    count = len(specs) * len(VARIANTS)
    if not stale:
        print(f"All {count} flows are up to date.")
    elif args.check:
        print(f"Stale (regenerate with python scripts/build_flows.py): {', '.join(stale)}", file=sys.stderr)
        return 1
    else:
        print(f"Wrote {', '.join(stale)}")
    return 1 if args.check and extra else 0


if __name__ == "__main__":
    sys.exit(main())
