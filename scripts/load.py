#!/usr/bin/env python
"""Load through a real Langflow server: N concurrent sessions, bounded, on 127.0.0.1 only.

    .venv/bin/python scripts/load.py --sessions 16 --requests 500                  # the full size
    .venv/bin/python scripts/load.py --sessions 16 --requests 500 --compare-stock  # + the benchmark
    .venv/bin/python scripts/load.py --sessions 4 --requests 40 --memory-at 20     # a quick look
    .venv/bin/python scripts/load.py --database-url postgresql://u:p@127.0.0.1:5432/langflow \
        --workers 2 --redis-url redis://127.0.0.1:6379/1 --compare-stock            # scaled out

It starts the OpenAI and Data API stand-ins and one Langflow server (the repository's ``flows/``
loaded, as ``scripts/run.sh`` does), seeds four documents per session in words only that session
uses, and lets every session ask the RAG flow with citations, alternating ``stream=true`` and
``stream=false``. Then it checks, and exits 1 if any fails:

* every answer is the filtered answer and its cards name its own session's documents only;
* the message store holds every question and every answer, each answer with its cards;
* the server's resident memory after ``--requests`` requests is within ``--memory-tolerance``
  (10 %) of that after ``--memory-at`` (100) requests (meaningful at the full size; a short run
  reports it too).

``--database-url``, ``--workers`` and ``--redis-url`` start the server as ``scripts/run.sh`` does with the
same options (an existing PostgreSQL database, several workers sharing a Redis job queue; see
docs/deployment.md); the memory figures are then also given per worker. ``scripts/bench.py --only
scale-out`` starts a PostgreSQL and a Redis of its own and compares 1 and 2 workers.

The server runs with Langflow's tracing off (``LANGFLOW_DEACTIVATE_TRACING=true``) unless
``--langflow-tracing`` is given. With tracing on, Langflow 1.13 keeps every finished ``/run``'s
object tree (the graph, each component's inputs, the model clients) alive for five to seven
minutes: the run's trace context is copied into a background job (``on_flow_output``) that its job
queue frees only after a fixed 300 s grace period. Memory then climbs with the request rate until
that window is full and stays flat after it, the stock flow's too, which is no leak of the bundle
but is not what the memory check measures either (docs/benchmarks.md, "Load through the real
server").

``--compare-stock`` also runs the same load against the stock RAG flow (same Astra DB retrieval
and OpenAI model, a stock Parser and Prompt Template, the model wired straight to Chat Output) on
the same server, each flow with its own sessions. Both flows first get one request that is not
counted (a flow's first run on a fresh server pays for imports and caches all later runs share), then
their requests in two parts, taking turns (citations to ``--memory-at``, stock as many, citations the
rest, stock the rest), so that a change in the machine's load falls on both. It prints both flows' throughput, p50/p95 latency and the server's CPU seconds per
request side by side as a Markdown table (``docs/benchmarks.md``, "Load through the real server"),
then the ratios beside their goals. ``--json FILE`` writes the figures. The flows are ``flows/``, as
``scripts/run.sh`` loads them (the bundle installed); ``scripts/bench.py --only server`` measures
the same side by side in rounds, with the standalone flow too.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from tests.support.flows import RAG, build, load, standin_tweaks  # noqa: E402 - after the path set-up
from tests.support.langflow_server import LangflowServer  # noqa: E402
from tests.support.load import (  # noqa: E402
    LOAD_REPLY,
    MEMORY_GROWTH_GOAL,
    P50_RATIO_GOAL,
    LoadRun,
    Result,
    Summary,
    seed_sessions,
    server_cpu_seconds,
    server_rss,
    session_tweaks,
    stock_rag_flow,
    throughput_ratio_goal,
)
from tests.support.scale_out import scale_out_env, wait_for_workers, worker_rss  # noqa: E402
from tests.support.standins.data_api_server import DataAPIStandin  # noqa: E402
from tests.support.standins.openai_server import OpenAIStandin, tiktoken_cache_dir  # noqa: E402

MAX_SESSIONS = 64
MAX_REQUESTS = 5000


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sessions", type=int, default=16, help="concurrent sessions (default 16)")
    parser.add_argument("--requests", type=int, default=500, help="requests in total (default 500)")
    parser.add_argument(
        "--memory-at",
        type=int,
        help="first memory sample after this many requests (default 100, or half of --requests below 200)",
    )
    parser.add_argument(
        "--memory-tolerance",
        type=float,
        default=MEMORY_GROWTH_GOAL,
        help=f"allowed growth (default {MEMORY_GROWTH_GOAL})",
    )
    parser.add_argument("--compare-stock", action="store_true", help="also load the stock RAG flow")
    parser.add_argument(
        "--langflow-tracing",
        action="store_true",
        help="leave Langflow's tracing on (it holds each finished run for 5-7 minutes; see the docstring)",
    )
    parser.add_argument("--json", type=Path, help="write the figures to this file")
    parser.add_argument("--database-url", help="Langflow's database (postgresql://user:pass@host:5432/db)")
    parser.add_argument("--workers", type=int, default=1, help="Langflow worker processes (default 1)")
    parser.add_argument("--redis-url", help="Redis job queue the workers share (redis://host:6379/1)")
    args = parser.parse_args(argv)
    try:
        args.scale_env = scale_out_env(args.database_url, args.workers, args.redis_url)
    except ValueError as exc:
        parser.error(str(exc))
    if not 1 <= args.sessions <= MAX_SESSIONS or not 1 <= args.requests <= MAX_REQUESTS:
        parser.error(f"--sessions is 1..{MAX_SESSIONS}, --requests 1..{MAX_REQUESTS}")
    if args.memory_at is None:
        args.memory_at = 100 if args.requests >= 200 else max(1, args.requests // 2)
    if not 0 < args.memory_at < args.requests:
        parser.error("--memory-at must be between 0 and --requests")
    return args


def timed(run: LoadRun, requests: int, pid: int) -> tuple[list[Result], float, float]:
    """The phase's results, its wall seconds and the server's CPU seconds during it."""
    cpu = server_cpu_seconds(pid)
    started = time.perf_counter()
    results = run.phase(requests)
    return results, time.perf_counter() - started, server_cpu_seconds(pid) - cpu


def row(name: str, summary: Summary, cpu_s: float) -> str:
    return (
        f"| {name} | {summary.requests} | {summary.errors} | {summary.throughput:.2f} | "
        f"{summary.p50 * 1000:.0f} | {summary.p95 * 1000:.0f} | {cpu_s / max(summary.requests, 1) * 1000:.0f} |"
    )


def verdict(ok: bool) -> str:
    return "pass" if ok else "MISS"


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    figures: dict[str, Any] = {"sessions": args.sessions, "requests": args.requests}
    problems: list[str] = []
    env = {"LANGFLOW_SSRF_ALLOWED_HOSTS": "127.0.0.1", **args.scale_env}
    figures["workers"] = args.workers
    figures["database"] = "postgresql" if args.database_url else "sqlite"
    if not args.langflow_tracing:
        env["LANGFLOW_DEACTIVATE_TRACING"] = "true"
    figures["langflow_tracing"] = args.langflow_tracing
    if cache := tiktoken_cache_dir():
        env["TIKTOKEN_CACHE_DIR"] = cache
    stock = None
    if args.compare_stock:
        print("building the stock flow from the installed components ...", flush=True)
        stock = stock_rag_flow(load(RAG), build.load_registry())
    with (
        OpenAIStandin(default_reply=LOAD_REPLY) as openai,
        DataAPIStandin() as data_api,
        LangflowServer(extra_env=env, flows_dir=build.FLOWS_DIR) as server,
    ):
        tracing = "on" if args.langflow_tracing else "off"
        assert server._process is not None
        workers = wait_for_workers(server.base_url, server._process.pid, server.port, args.workers)
        print(
            f"langflow up in {server.startup_seconds:.0f} s on {server.base_url}, tracing {tracing}, "
            f"{figures['database']}, workers {workers}",
            flush=True,
        )
        with server.client() as client:
            api_key = client.api_key
            stock_id = client.upload_flow(stock) if stock is not None else None
        assert api_key is not None
        sessions = seed_sessions(data_api, args.sessions)
        tweaks = session_tweaks(standin_tweaks(openai.base_url, data_api.url))
        assert server._process is not None
        pid = server._process.pid

        run = LoadRun(server.base_url, api_key, load(RAG)["id"], tweaks, sessions)
        stock_run = None
        if stock_id is not None:
            stock_run = LoadRun(
                server.base_url,
                api_key,
                stock_id,
                session_tweaks(standin_tweaks(openai.base_url, data_api.url), "load_sessions_stock"),
                seed_sessions(data_api, args.sessions, collection="load_sessions_stock"),
                expect_citations=False,
            )
        # One request per flow first, not counted: a flow's first run on a fresh server pays for imports
        # and caches that all later runs share, which would fall on whichever flow went first.
        problems += [f"warm-up: {p}" for p in run.check(run.phase(1))]
        if stock_run is not None:
            problems += [f"warm-up, stock: {p}" for p in stock_run.check(stock_run.phase(1))]
        # Each flow's requests in two parts, taking turns (citations, stock, citations, stock), so that a
        # change in the machine's load falls on both flows alike.
        parts = (args.memory_at, args.requests - args.memory_at)
        first, first_s, first_cpu = timed(run, parts[0], pid)
        rss_first = server_rss(pid)
        workers_first = worker_rss(pid, server.port)
        stock_parts = [timed(stock_run, parts[0], pid)] if stock_run is not None else []
        rest, rest_s, rest_cpu = timed(run, parts[1], pid)
        rss_last = server_rss(pid)
        workers_last = worker_rss(pid, server.port)
        if stock_run is not None:
            stock_parts.append(timed(stock_run, parts[1], pid))
        results = first + rest
        citations = Summary.of(results, first_s + rest_s)
        citations_cpu = first_cpu + rest_cpu
        problems += run.check(results) + run.check_store()
        growth = rss_last / rss_first - 1
        figures["citations"] = citations.__dict__ | {
            "throughput": citations.throughput,
            "cpu_s_per_request": citations_cpu / max(citations.requests, 1),
        }
        figures["rss_mb"] = {
            f"after_{args.memory_at}": rss_first / 2**20,
            f"after_{args.requests}": rss_last / 2**20,
        }
        print(
            f"server RSS: {rss_first / 2**20:.0f} MB after {args.memory_at}, "
            f"{rss_last / 2**20:.0f} MB after {args.requests} requests ({growth:+.1%})",
            flush=True,
        )
        if args.workers > 1:
            figures["worker_rss_mb"] = {
                str(w): {
                    f"after_{args.memory_at}": workers_first.get(w, 0) / 2**20,
                    f"after_{args.requests}": workers_last.get(w, 0) / 2**20,
                }
                for w in sorted(workers_first.keys() | workers_last.keys())
            }
            print(
                "per worker: "
                + ", ".join(
                    f"{w}: {v[f'after_{args.memory_at}']:.0f} -> {v[f'after_{args.requests}']:.0f} MB"
                    for w, v in figures["worker_rss_mb"].items()
                ),
                flush=True,
            )
        if growth > args.memory_tolerance:
            problems.append(f"memory grew {growth:+.1%} from request {args.memory_at} to {args.requests}")

        table = [
            "| flow | requests | errors | requests/s | p50 ms | p95 ms | server CPU ms/request |",
            "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
        ]
        table.append(row("RAG with Citations", citations, citations_cpu))
        goals = [
            f"memory growth {growth:+.1%} from request {args.memory_at} to {args.requests}: "
            f"goal <= {args.memory_tolerance:.0%} (tracing {tracing}): {verdict(growth <= args.memory_tolerance)}"
        ]
        if stock_run is not None:
            stock_results = [r for part in stock_parts for r in part[0]]
            stock_cpu = sum(part[2] for part in stock_parts)
            stock_summary = Summary.of(stock_results, sum(part[1] for part in stock_parts))
            problems += [f"stock: {p}" for p in stock_run.check(stock_results)]
            figures["stock"] = stock_summary.__dict__ | {
                "throughput": stock_summary.throughput,
                "cpu_s_per_request": stock_cpu / max(stock_summary.requests, 1),
            }
            table.append(row("stock RAG", stock_summary, stock_cpu))
            throughput = citations.throughput / stock_summary.throughput
            p50 = citations.p50 / stock_summary.p50
            cpu = figures["citations"]["cpu_s_per_request"] / figures["stock"]["cpu_s_per_request"]
            goal = throughput_ratio_goal(args.sessions)
            figures["ratios"] = {"throughput": throughput, "p50": p50, "cpu_per_request": cpu}
            goals += [
                f"throughput citation / stock {throughput:.2f}: goal >= {goal:g} at {args.sessions} sessions: "
                f"{verdict(throughput >= goal)}",
                f"p50 citation / stock {p50:.2f}x: goal <= {P50_RATIO_GOAL:g}x: {verdict(p50 <= P50_RATIO_GOAL)}",
                f"server CPU per request citation / stock {cpu:.2f}x (information)",
            ]
    print("\n".join(table))
    print("\n".join(goals))
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2), encoding="utf-8")
    for problem in problems[:50]:
        print("PROBLEM:", problem)
    print(f"{len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
