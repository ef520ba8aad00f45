"""Section 9, scale-out: Langflow on PostgreSQL with a Redis job queue, 1 worker against 2, citation against stock.

    .venv/bin/python scripts/bench.py --only scale-out
    .venv/bin/python scripts/bench.py --only scale-out --scale-out-requests 500   # memory after 500 too

It starts a PostgreSQL and a Redis of its own (``tests/support/scale_out.py``: Debian's packages, a
temporary directory, free loopback ports), the OpenAI and Data API stand-ins, then one ``langflow run``
per worker count on that database and queue (1 worker, then 2; tracing off, the repository's ``flows/``
loaded, as ``scripts/load.py --database-url --workers --redis-url`` starts it), and waits until every
worker has answered. On each server the citation flow (Astra DB RAG with Citations) and the stock RAG
flow (``tests.support.load.stock_rag_flow``) get ``--scale-out-requests`` requests each from
``--scale-out-sessions`` concurrent sessions, in rounds taking turns, after a warm-up of one request
per session (so that each worker pays its first run outside the figures).

Reported side by side: requests per second of each flow on each server; citation / stock with 2
workers (goal >= 0.87) and with 1; 2 workers / 1 worker for each flow (goal >= 1.4 for the citation
flow on 2 cores); each worker's resident memory after ``--scale-out-memory-at`` requests and at the end
(goal: within 10 %; the stated goal is after 50 and after 500 requests, which needs
``--scale-out-requests 500``).

``--quick`` does not run it: two Langflow boots on PostgreSQL are minutes, not seconds. The row says so.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from .section import Context, Section

NUMBER = "9"
WORKER_COUNTS = (1, 2)
CITATION_STOCK_GOAL = 0.87
WORKERS_GOAL = 1.4
MEMORY_GOAL = 0.10


def add_arguments(ap: argparse.ArgumentParser) -> None:
    ap.add_argument(
        "--scale-out-sessions", type=int, default=8, help="concurrent sessions per flow (section 9)"
    )
    ap.add_argument(
        "--scale-out-requests", type=int, default=60, help="requests per flow per server (section 9)"
    )
    ap.add_argument("--scale-out-rounds", type=int, default=3, help="rounds the requests are split into")
    ap.add_argument(
        "--scale-out-memory-at", type=int, default=50, help="first memory sample after this many requests"
    )


def not_run(ctx: Context, why: str) -> None:
    ctx.raw["scale_out"] = {"run": False, "reason": why}
    ctx.table.add(
        NUMBER, "scale-out (PostgreSQL, Redis, 1 and 2 workers): not run", "-", "(info)", None, note=why
    )


def run(ctx: Context) -> None:
    from tests.support.scale_out import missing_servers

    if ctx.quick:
        not_run(ctx, "--quick: two Langflow boots on PostgreSQL take minutes; run bench.py --only scale-out")
        return
    if missing := missing_servers():
        not_run(ctx, "; ".join(missing))
        return
    figures = measure(ctx.args)
    report(ctx, figures)


def measure(args: argparse.Namespace) -> dict[str, Any]:
    from tests.support.flows import RAG, build, load, standin_tweaks
    from tests.support.langflow_server import LangflowServer
    from tests.support.load import (
        LOAD_REPLY,
        LoadRun,
        Summary,
        seed_sessions,
        server_cpu_seconds,
        session_tweaks,
    )
    from tests.support.load import stock_rag_flow as make_stock
    from tests.support.scale_out import (
        PostgresServer,
        RedisServer,
        scale_out_env,
        wait_for_workers,
        worker_rss,
    )
    from tests.support.standins.data_api_server import DataAPIStandin
    from tests.support.standins.openai_server import OpenAIStandin, tiktoken_cache_dir

    from .report import log

    sessions, requests = args.scale_out_sessions, args.scale_out_requests
    rounds = max(1, min(args.scale_out_rounds, requests))
    memory_at = min(args.scale_out_memory_at, requests * 2 - 1)
    stock_flow = make_stock(load(RAG), build.load_registry())
    figures: dict[str, Any] = {"sessions": sessions, "requests": requests, "rounds": rounds, "servers": {}}
    with (
        PostgresServer.start_new() as postgres,
        RedisServer.start_new() as redis,
        OpenAIStandin(default_reply=LOAD_REPLY) as openai,
        DataAPIStandin() as data_api,
    ):
        for workers in WORKER_COUNTS:
            env = {"LANGFLOW_SSRF_ALLOWED_HOSTS": "127.0.0.1", "LANGFLOW_DEACTIVATE_TRACING": "true"}
            env |= scale_out_env(postgres.url, workers, redis.url)
            if cache := tiktoken_cache_dir():
                env["TIKTOKEN_CACHE_DIR"] = cache
            with LangflowServer(extra_env=env, flows_dir=build.FLOWS_DIR) as server:
                assert server._process is not None
                pid, port = server._process.pid, server.port
                pids = wait_for_workers(server.base_url, pid, port, workers)
                log(f"scale-out: {workers} worker(s) up ({pids}) in {server.startup_seconds:.0f} s")
                with server.client() as client:
                    api_key = client.api_key
                    ids = {"citation": load(RAG)["id"], "stock": client.upload_flow(dict(stock_flow))}
                assert api_key is not None
                runs = {
                    key: LoadRun(
                        server.base_url,
                        api_key,
                        flow_id,
                        session_tweaks(
                            standin_tweaks(openai.base_url, data_api.url), f"scale_{key}_{workers}"
                        ),
                        seed_sessions(data_api, sessions, collection=f"scale_{key}_{workers}"),
                        expect_citations=key == "citation",
                    )
                    for key, flow_id in ids.items()
                }
                for load_run in runs.values():  # every worker's first run of each flow, not counted
                    load_run.phase(sessions)
                results: dict[str, list[Any]] = {k: [] for k in runs}
                wall = dict.fromkeys(runs, 0.0)
                cpu = dict.fromkeys(runs, 0.0)
                done, rss_first = 0, None
                share = [requests // rounds + (r < requests % rounds) for r in range(rounds)]
                for r, count in enumerate(share):
                    for key in list(runs) if r % 2 == 0 else list(runs)[::-1]:
                        c0, t0 = server_cpu_seconds(pid), time.perf_counter()
                        results[key] += runs[key].phase(count)
                        wall[key] += time.perf_counter() - t0
                        cpu[key] += server_cpu_seconds(pid) - c0
                        done += count
                        if rss_first is None and done >= memory_at:
                            rss_first = (done, worker_rss(pid, port))
                rss_last = (done, worker_rss(pid, port))
                problems = {k: runs[k].check(results[k]) for k in runs}
            figures["servers"][str(workers)] = {
                "worker_pids": pids,
                "startup_s": server.startup_seconds,
                "flows": {k: Summary.of(results[k], wall[k]).figures(cpu[k], problems[k]) for k in runs},
                "worker_rss_mb": {
                    f"after_{n}": {str(w): b / 2**20 for w, b in rss.items()}
                    for n, rss in (rss_first or rss_last, rss_last)
                },
            }
    return figures


def report(ctx: Context, figures: dict[str, Any]) -> None:
    ctx.raw["scale_out"] = {"run": True, **figures}
    table, sessions = ctx.table, figures["sessions"]
    servers = figures["servers"]
    for workers, server in servers.items():
        for key, f in server["flows"].items():
            table.add(
                NUMBER,
                f"scale-out, PostgreSQL + Redis, {workers} worker(s), {key}: requests/s, {sessions} sessions",
                f["throughput"],
                "(info)",
                None,
                "req/s",
                note=(
                    f"{f['requests']} requests, p50 {f['p50_ms']:.0f} ms, p95 {f['p95_ms']:.0f} ms, server CPU "
                    f"{f['cpu_s_per_request'] * 1000:.0f} ms per request, {f['errors']} errors, "
                    f"{len(f['problems'])} problems"
                ),
            )
    for workers, server in servers.items():
        flows = server["flows"]
        ratio = flows["citation"]["throughput"] / flows["stock"]["throughput"]
        goal = workers == "2"
        table.add(
            NUMBER,
            f"  throughput citation / stock, {workers} worker(s)",
            ratio,
            f">= {CITATION_STOCK_GOAL:g}" if goal else "(info)",
            ratio >= CITATION_STOCK_GOAL if goal else None,
        )
    for key in ("citation", "stock"):
        one, two = (servers[str(n)]["flows"][key]["throughput"] for n in WORKER_COUNTS)
        table.add(
            NUMBER,
            f"  throughput 2 workers / 1 worker, {key}",
            two / one,
            f">= {WORKERS_GOAL:g}" if key == "citation" else "(info)",
            two / one >= WORKERS_GOAL if key == "citation" else None,
        )
    (first_at, first), (last_at, last) = servers["2"]["worker_rss_mb"].items()
    growth = max((last[w] / first[w] - 1 for w in first if w in last), default=0.0)
    table.add(
        NUMBER,
        f"  memory per worker, 2 workers, {first_at.replace('_', ' ')} -> {last_at.replace('_', ' ')} requests",
        growth * 100,
        f"<= {MEMORY_GOAL:.0%} (stated after 50 -> after 500)",
        growth <= MEMORY_GOAL,
        "%",
        note=", ".join(f"worker {w}: {first[w]:.0f} -> {last.get(w, 0):.0f} MB" for w in first),
    )
    wrong = sum(len(f["problems"]) + f["errors"] for s in servers.values() for f in s["flows"].values())
    table.add(NUMBER, "  answers wrong, lost or crossed between sessions (scale-out)", wrong, "0", wrong == 0)


SECTION = Section("scale-out", run, add_arguments)
