"""Section 4, per-query overhead: the citation flow against the stock RAG flow in an lfx Graph.

    .venv/bin/python scripts/bench.py --only flow --flow-runs 10

Each variant of ``flow_variants`` builds a fresh Graph and runs it with a zero-latency scripted model;
the variants run interleaved, and each figure is the median of the per-round differences (the runs of
one round are back to back). ``flow_variants`` is reused by scripts/bench_compare.py.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import random
import statistics
import time
import uuid
from collections.abc import Callable
from typing import Any

from .bundle import Bundle
from .corpus import RETRIEVED, make_answer, tokenize
from .section import Context, Section
from .timing import median, ns

NUMBER = "4"

STOCK_TEMPLATE = (
    "Answer the question using only the context below.\n\nContext:\n{context}\n\n"
    "Question: {question}\n\nAnswer:"
)


def paired_differences(
    a: list[dict[str, Any]], b: list[dict[str, Any]], key: str
) -> tuple[float, float, float]:
    """Median and quartiles (ms) of the per-round differences a - b (the runs of one round are back to back)."""
    diffs = sorted((x[key] - y[key]) / 1e6 for x, y in zip(a, b, strict=True))
    q = statistics.quantiles(diffs, n=4) if len(diffs) >= 2 else [diffs[0]] * 3
    return median(diffs), q[0], q[2]


def flow_variants(bundle: Bundle, seed: int) -> tuple[dict[str, Callable[[], Any]], dict[str, str]]:
    """The flows of section 4 as ``name -> async run()``; each run builds a fresh Graph and runs it.

    * ``citation``: Chat Input → retriever stand-in → Indexed Retrieved-Data Parser → Citation Prompt;
      scripted model component (Language Model output) → Citation Post-Processor → Chat Output.
    * ``stock``: the same retriever → stock Parser → stock Prompt Template → scripted model component
      (Model Response output, like OpenAI's) → Chat Output.
    * ``stock+1``: ``stock`` with one pass-through Message vertex between prompt and model: what lfx charges
      for one more vertex, since the citation flow has one more (the post-processor) than ``stock``.
    * ``stock+cards`` (not streaming only): ``stock`` with a vertex between model and Chat Output that attaches
      the citation flow's source cards: what lfx charges for a vertex carrying them.

    Each comes streaming (``-stream``: the model or post-processor streams to Chat Output through an
    event manager) and not (``-invoke``). The model has zero latency.
    """
    from lfx.base.models.model import LCModelComponent
    from lfx.components.input_output import ChatInput, ChatOutput
    from lfx.components.models_and_agents.prompt import PromptComponent
    from lfx.components.processing.parser import ParserComponent
    from lfx.custom.custom_component.component import Component
    from lfx.events.event_manager import create_default_event_manager
    from lfx.graph import Graph
    from lfx.io import MessageInput, MessageTextInput, Output
    from lfx.schema.data import Data
    from lfx.schema.message import Message

    from tests.support.fakes import ScriptedChatModel

    names = bundle.names
    rng = random.Random(seed + 4)
    answer = make_answer(rng, 1_000, len(RETRIEVED))
    chunks = tokenize(answer, rng)
    expected = {
        "citation": names.filter_citations(answer, range(1, len(RETRIEVED) + 1)).text,
        "stock": answer,
        "stock+1": answer,
        "stock+cards": answer,
    }

    # lfx reads a component's inputs and outputs as class attributes (hence the RUF012 exemptions).
    class RetrieverStandIn(Component):
        display_name = "Retriever stand-in"
        name = "RetrieverStandIn"
        inputs = [MessageTextInput(name="search_query", display_name="Query")]
        outputs = [
            Output(display_name="Search Results", name="search_results", method="search"),
        ]

        def search(self) -> list[Data]:
            return [Data(data=dict(row)) for row in RETRIEVED]

    class ScriptedModelComponent(LCModelComponent):
        """A model component like OpenAI's: Model Response and Language Model outputs, zero latency."""

        display_name = "Scripted model"
        name = "ScriptedModel"
        inputs = [*LCModelComponent._base_inputs]
        outputs = [
            Output(
                display_name="Model Response", name="text_output", method="text_response", types=["Message"]
            ),
            Output(
                display_name="Language Model",
                name="model_output",
                method="build_model",
                types=["LanguageModel"],
            ),
        ]

        def build_model(self) -> ScriptedChatModel:
            return ScriptedChatModel(chunks=chunks)

    class PassThrough(Component):
        display_name = "Pass-through"
        name = "PassThrough"
        inputs = [MessageInput(name="message", display_name="Message")]
        outputs = [
            Output(display_name="Message", name="out", method="forward", types=["Message"]),
        ]

        def forward(self) -> Message:
            return self.message

    # The cards the citation flow's answer carries, to measure what lfx charges for carrying them.
    citation_result = names.filter_citations(answer, range(1, len(RETRIEVED) + 1))
    parsed, _, _ = names.build_sources([dict(row) for row in RETRIEVED])
    records = [r.model_dump(mode="json") for r in parsed]
    card_payload = names.build_payload(citation_result, records, scope="cited")

    class CardsPassThrough(PassThrough):
        display_name = "Cards pass-through"
        name = "CardsPassThrough"

        def forward(self) -> Message:
            self.message.content_blocks = names.build_content_blocks(
                self.message.text, card_payload, citation_result.first_spans, include_payload=False
            )
            return self.message

    def head() -> tuple[Any, Any]:
        chat_input = ChatInput(_id="ChatInput-bench")
        chat_input.set(input_value="At what temperature does water boil?")
        retriever = RetrieverStandIn(_id="retriever")
        retriever.set(search_query=chat_input.message_response)
        return chat_input, retriever

    def citation(stream: bool) -> Graph:
        chat_input, retriever = head()
        parser = bundle.make("IndexedRetrievedDataParserComponent", _id="parser")
        parser.set(input_data=retriever.search)
        prompt = bundle.make("CitationPromptComponent", _id="prompt")
        prompt.set(question=chat_input.message_response, context=parser.build_context)
        model = ScriptedModelComponent(_id="model")
        post = bundle.make("CitationPostProcessorComponent", _id="post")
        post.set(
            model=model.build_model,
            prompt=prompt.build_prompt_message,
            sources=parser.build_sources_data,
            stream=stream,
        )
        chat_output = ChatOutput(_id="ChatOutput-bench")
        chat_output.set(input_value=post.build_message)
        return Graph(chat_input, chat_output)

    def stock(stream: bool, extra_vertex: bool = False, cards: bool = False) -> Graph:
        chat_input, retriever = head()
        parser = ParserComponent(_id="parser")
        parser.set(input_data=retriever.search, mode="Parser", pattern="{text}", sep="\n\n")
        prompt = PromptComponent(_id="prompt")
        prompt.set(
            template=STOCK_TEMPLATE, context=parser.parse_combined_text, question=chat_input.message_response
        )
        model = ScriptedModelComponent(_id="model")
        if (
            extra_vertex
        ):  # between prompt and model: the model stays wired to Chat Output, so it still streams
            passthrough = PassThrough(_id="passthrough")
            passthrough.set(message=prompt.build_prompt)
            model.set(input_value=passthrough.forward, stream=stream)
        else:
            model.set(input_value=prompt.build_prompt, stream=stream)
        chat_output = ChatOutput(_id="ChatOutput-bench")
        if cards:  # between model and Chat Output, as the post-processor is (so the model cannot stream)
            attach = CardsPassThrough(_id="cards")
            attach.set(message=model.text_response)
            chat_output.set(input_value=attach.forward)
        else:
            chat_output.set(input_value=model.text_response)
        return Graph(chat_input, chat_output)

    builders = {
        "citation": citation,
        "stock": stock,
        "stock+1": lambda stream: stock(stream, extra_vertex=True),
        "stock+cards": lambda stream: stock(stream, cards=True),
    }

    async def run_once(kind: str, stream: bool) -> dict[str, Any]:
        gc.collect()
        queue: asyncio.Queue = asyncio.Queue()
        t0 = ns()
        graph = builders[kind](stream)
        graph.session_id = str(uuid.uuid4())
        manager = create_default_event_manager(queue)
        t1 = ns()
        c1 = time.process_time_ns()
        results = []
        steps: dict[str, int] = {}
        last = t1
        async for r in graph.async_start(event_manager=manager):
            now = ns()
            vertex = getattr(getattr(r, "vertex", None), "id", "finish")
            steps[vertex] = steps.get(vertex, 0) + now - last
            last = now
            results.append(r)
        t2 = ns()
        cpu = time.process_time_ns() - c1
        out = next(
            r.vertex for r in results if getattr(r, "vertex", None) and r.vertex.id == "ChatOutput-bench"
        )
        text = out.built_object["message"].text
        tokens = 0
        while not queue.empty():
            _, data, _ = queue.get_nowait()
            tokens += b'"event": "token"' in data or b'"event":"token"' in data
        return {
            "total": t2 - t0,
            "build": t1 - t0,
            "run": t2 - t1,
            "cpu": cpu,
            "ok": text == expected[kind],
            "token_events": tokens,
            "steps": steps,
        }

    variants: dict[str, Callable[[], Any]] = {}
    for kind in builders:
        for stream in (False,) if kind == "stock+cards" else (False, True):
            variants[f"{kind}-{'stream' if stream else 'invoke'}"] = lambda kind=kind, stream=stream: (
                run_once(kind, stream)
            )
    return variants, {"answer_chars": str(len(answer)), "answer_tokens": str(len(chunks))}


def add_arguments(ap: argparse.ArgumentParser) -> None:
    ap.add_argument("--flow-runs", type=int, default=30, help="graph runs per variant in section 4")


def run(ctx: Context) -> None:
    table, seed, raw = ctx.table, ctx.seed, ctx.raw
    runs = 2 if ctx.quick else max(5, ctx.args.flow_runs)
    variants, info = flow_variants(ctx.bundle, seed)

    async def main() -> dict[str, list[dict[str, Any]]]:
        samples: dict[str, list[dict[str, Any]]] = {k: [] for k in variants}
        for key in variants:  # warm-up: first runs pay one-time costs (caches, lazy imports)
            for _ in range(1 if ctx.quick else 2):
                await variants[key]()
        keys = list(variants)
        for r in range(runs):
            for key in keys[r % len(keys) :] + keys[: r % len(keys)]:
                samples[key].append(await variants[key]())
        return samples

    samples = asyncio.run(main())
    med = {
        k: {
            "total_ms": median(v["total"] for v in vals) / 1e6,
            "run_ms": median(v["run"] for v in vals) / 1e6,
            "graph_build_ms": median(v["build"] for v in vals) / 1e6,
            "answers_ok": all(v["ok"] for v in vals),
            "token_events": vals[-1]["token_events"],
            "vertex_ms": {
                vid: round(median(v["steps"].get(vid, 0) for v in vals) / 1e6, 2) for vid in vals[-1]["steps"]
            },
        }
        for k, vals in samples.items()
    }
    paired = {}
    for mode in ("invoke", "stream"):
        c, s_, s1 = samples[f"citation-{mode}"], samples[f"stock-{mode}"], samples[f"stock+1-{mode}"]
        paired[mode] = {
            "run": paired_differences(c, s_, "run"),
            "cpu": paired_differences(c, s_, "cpu"),
            "build": paired_differences(c, s_, "build"),
            "total": paired_differences(c, s_, "total"),
            "vertex_run": paired_differences(s1, s_, "run"),
            **(
                {
                    "cards_vertex_run": paired_differences(samples["stock+cards-invoke"], s_, "run"),
                    "own_run": paired_differences(c, samples["stock+cards-invoke"], "run"),
                }
                if mode == "invoke"
                else {}
            ),
        }
    raw["flow"] = {
        "runs_each": runs,
        **info,
        "retrieved_chunks": len(RETRIEVED),
        "median": med,
        "paired_ms_median_q1_q3": paired,
    }

    def steps(d: dict[str, Any]) -> str:
        return ", ".join(f"{k.split('-')[0]} {v:.1f}" for k, v in d["vertex_ms"].items())

    for mode in ("invoke", "stream"):
        c, s_ = med[f"citation-{mode}"], med[f"stock-{mode}"]
        p = paired[mode]
        ok = c["answers_ok"] and s_["answers_ok"]
        label = "streaming" if mode == "stream" else "not streaming"
        table.add(
            NUMBER,
            f"in-process: added per query, graph run, {label} (citation {c['run_ms']:.1f} vs stock "
            f"{s_['run_ms']:.1f} ms, {runs} paired runs)",
            p["run"][0],
            "<= 5 ms",
            p["run"][0] <= 5 and ok,
            "ms",
            note=f"paired differences q1..q3 {p['run'][1]:+.1f}..{p['run'][2]:+.1f} ms; in process CPU time "
            f"{p['cpu'][0]:+.1f} ms (q1..q3 {p['cpu'][1]:+.1f}..{p['cpu'][2]:+.1f}); answers correct: {ok}; "
            f"token events citation/stock: {c['token_events']}/{s_['token_events']}; per-vertex medians "
            f"(ms, 'finish' = after the last vertex) citation: {steps(c)} | stock: {steps(s_)}",
        )
        table.add(
            NUMBER,
            f"  lfx's cost of one more vertex (stock + pass-through vertex - stock), {mode}",
            p["vertex_run"][0],
            "(info)",
            None,
            "ms",
            note=f"q1..q3 {p['vertex_run'][1]:+.1f}..{p['vertex_run'][2]:+.1f} ms; the citation flow has one "
            "vertex more than the stock one (the post-processor)",
        )
        if mode == "invoke":
            table.add(
                NUMBER,
                "  lfx's cost of one more vertex that attaches the same source cards (stock + cards vertex - stock)",
                p["cards_vertex_run"][0],
                "(info)",
                None,
                "ms",
                note=f"q1..q3 {p['cards_vertex_run'][1]:+.1f}..{p['cards_vertex_run'][2]:+.1f} ms; Langflow "
                "serializes a message's content blocks each time it stores, announces or logs it",
            )
            table.add(
                NUMBER,
                "  the rest: citation - (stock + cards vertex), the bundle's own work and its parser/prompt vertices",
                p["own_run"][0],
                "(info)",
                None,
                "ms",
                note=f"q1..q3 {p['own_run'][1]:+.1f}..{p['own_run'][2]:+.1f} ms",
            )
        table.add(
            NUMBER,
            f"  added graph construction (Graph(...) from components), {mode}",
            p["build"][0],
            "(info)",
            None,
            "ms",
            note=f"citation {c['graph_build_ms']:.1f} vs stock {s_['graph_build_ms']:.1f} ms; construction "
            f"+ run added: {p['total'][0]:+.1f} ms",
        )


SECTION = Section("flow", run, add_arguments)
