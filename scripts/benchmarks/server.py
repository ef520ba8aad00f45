"""Section 8, what a server pays: the citation flow against the stock RAG flow through a real Langflow.

    .venv/bin/python scripts/bench.py --only server
    .venv/bin/python scripts/bench.py --only server --server-base 26ab860 --server-profile /tmp/prof

In-process figures (sections 4 and 7) miss what a server does around a run: the message store, the
code evaluation of every node, the event stream. This section starts the OpenAI and Data API
stand-ins and one ``langflow run`` (one worker, SQLite, tracing off, the repository's ``flows/``
loaded, as ``scripts/load.py`` does), then puts the same load through several flows on that server:

* **citation**: Astra DB RAG with Citations as ``scripts/run.sh`` loads it (``flows/``);
* **stock**: the same retrieval and model with a stock Parser and Prompt Template, the model wired
  straight to Chat Output (``tests.support.load.stock_rag_flow``);
* **standalone**: the same citation flow from ``flows/standalone/`` (the core inlined in its nodes),
  what a server without the bundle runs;
* with ``--server-base REV``, **base**: the citation flow as it was at that git revision, uploaded
  beside the others: before and after in one run.

Each flow has its own sessions (``--server-sessions`` concurrent, asking about their own documents,
alternating ``stream=true`` and ``false``) and gets ``--server-requests`` requests in
``--server-rounds`` rounds; the flows take turns within each round, the order rotating, so a change
in the machine's load falls on all of them alike. For each flow: requests per second (over its own
phases), median latency, and the server's CPU seconds per request (user + system of the server's
process tree during its phases). The goals are ratios to the stock flow in this run.

``--server-profile DIR`` also records the server with py-spy (``uv pip install --python .venv/bin/python
py-spy``) during every phase, writes the collapsed stacks per flow to DIR, and the notes list the
busy samples per request of each flow against the stock flow's, split into where they went (``BUCKETS``:
code evaluation, the model's HTTP clients, the message store, serialization, the bundle's core, …).
py-spy counts the wall time of busy threads, so on a shared machine a thread waiting for a core counts
too: the server's CPU seconds per request are the measure of cost, the profile says where it goes.
"""

from __future__ import annotations

import argparse
import json
import shutil
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

from .bundle import REPO
from .section import Context, Section

NUMBER = "8"
SPY_RATE = 100  # samples per second


def add_arguments(ap: argparse.ArgumentParser) -> None:
    ap.add_argument("--server-sessions", type=int, default=2, help="concurrent sessions per flow (section 8)")
    ap.add_argument("--server-requests", type=int, default=60, help="requests per flow (section 8)")
    ap.add_argument("--server-rounds", type=int, default=4, help="rounds the requests are split into")
    ap.add_argument("--server-base", help="also load the citation flow at this git revision (before/after)")
    ap.add_argument("--server-profile", type=Path, help="record the server with py-spy; stacks go here")
    ap.add_argument(
        "--server-no-standalone", action="store_true", help="leave out the standalone citation flow"
    )


def _flow_at(rev: str, relative: str) -> dict[str, Any]:
    shown = subprocess.run(
        ["git", "show", f"{rev}:{relative}"], cwd=REPO, capture_output=True, text=True, check=False
    )
    if shown.returncode != 0:
        raise SystemExit(f"bench: cannot read {relative} at {rev!r}: {shown.stderr.strip()}")
    flow = json.loads(shown.stdout)
    flow.pop("id", None)
    flow["name"] = f"{flow['name']} (at {rev})"
    return flow


class _Spy:
    """py-spy recording a process tree until stopped; the collapsed stacks end up in ``path``."""

    def __init__(self, pid: int, path: Path) -> None:
        exe = shutil.which("py-spy", path=str(Path(sys.executable).parent)) or shutil.which("py-spy")
        if exe is None:
            raise SystemExit(
                "bench: --server-profile needs py-spy (uv pip install --python .venv/bin/python py-spy)"
            )
        self.path = path
        self.process = subprocess.Popen(
            [
                exe,
                "record",
                "--pid",
                str(pid),
                "--subprocesses",
                "--rate",
                str(SPY_RATE),
                "--format",
                "raw",
                "--nonblocking",
                "--output",
                str(path),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        time.sleep(1.0)  # attached before the phase starts

    def stop(self) -> None:
        self.process.send_signal(signal.SIGINT)
        try:
            self.process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            self.process.kill()


def read_stacks(paths: list[Path]) -> Counter[str]:
    """Collapsed stacks (``frame;frame;… count``) of several recordings, summed."""
    stacks: Counter[str] = Counter()
    for path in paths:
        if not path.exists():
            continue
        for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
            stack, _, count = line.rpartition(" ")
            if stack and count.isdigit():
                stacks[stack] += int(count)
    return stacks


def _frame_name(frame: str) -> str:
    """``function (path/to/module.py:123)`` -> ``function (module.py)``: one entry per function."""
    name, _, where = frame.partition(" (")
    file = where.rsplit(":", 1)[0].rsplit("/", 1)[-1]
    return f"{name} ({file})" if file else name


# Where a server's busy samples go, most specific first: each sample counts once, in the first bucket one
# of whose markers is on its stack, so the buckets add up to the whole and so do their differences.
BUCKETS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("evaluating node code (create_class)", ("create_class (",)),
    (
        "model and embedding HTTP clients (ssrf_protected_strict_openai_clients_for_url)",
        ("ssrf_protected_strict_openai_clients_for_url (",),
    ),
    ("message store: SQLite connection thread", ("_connection_worker_thread (",)),
    (
        "message store: reads and writes (aget_messages, astore_message, aupdate_messages)",
        ("aget_messages (", "astore_message (", "aupdate_messages (", "aadd_messagetables ("),
    ),
    ("serializing messages and events (jsonable_encoder)", ("jsonable_encoder (",)),
    # py-spy writes a file relative to its sys.path entry: core/… (editable checkout) or lfx_citations/core/….
    ("the bundle's core (lfx_citations/core)", ("(core/", "(lfx_citations/core/")),
    ("building the graph, other (Graph.from_payload)", ("from_payload (",)),
    (
        "the model's and the Data API's HTTP calls (httpx, openai, astrapy)",
        ("(httpx/", "(httpcore/", "(openai/", "(astrapy/"),
    ),
)
OTHER = "everything else (the event loop, the HTTP server, the other vertices)"


def breakdown(stacks: Counter[str]) -> Counter[str]:
    """Samples per bucket of ``BUCKETS`` (and ``OTHER``)."""
    out: Counter[str] = Counter()
    for stack, count in stacks.items():
        label = next((name for name, marks in BUCKETS if any(m in stack for m in marks)), OTHER)
        out[label] += count
    return out


def self_differences(
    a: Counter[str], b: Counter[str], per_a: int, per_b: int, n: int = 15
) -> list[tuple[str, float, float]]:
    """(function, a's samples per request, b's) by self time (the sample's innermost frame), largest first."""
    leaf_a: Counter[str] = Counter()
    leaf_b: Counter[str] = Counter()
    for stacks, leaves in ((a, leaf_a), (b, leaf_b)):
        for stack, count in stacks.items():
            leaves[_frame_name(stack.rsplit(";", 1)[-1])] += count
    rows = [(k, leaf_a[k] / per_a, leaf_b[k] / per_b) for k in set(leaf_a) | set(leaf_b)]
    return sorted(rows, key=lambda r: r[2] - r[1])[:n]


def run(ctx: Context) -> None:
    if ctx.quick:
        # Starting the server alone takes longer than a whole quick run: the table says so rather than
        # leaving the section out in silence.
        ctx.table.add(
            NUMBER,
            "through a server: not run in a quick run",
            "not run",
            "(full run only)",
            None,
            note="starting Langflow alone takes longer than a whole quick run; "
            "`scripts/bench.py --only server` measures it, and tests/e2e run the same flows through a server",
        )
        return
    measure(ctx)


def measure(ctx: Context) -> None:
    """The section proper: the stand-ins, one server, the flows in rounds, the rows."""
    from tests.support.flows import RAG, build, load, standalone, standin_tweaks
    from tests.support.langflow_server import LangflowServer
    from tests.support.load import (
        LOAD_REPLY,
        P50_RATIO_GOAL,
        LoadRun,
        Summary,
        seed_sessions,
        server_cpu_seconds,
        session_tweaks,
        stock_rag_flow,
        throughput_ratio_goal,
    )
    from tests.support.standins.data_api_server import DataAPIStandin
    from tests.support.standins.openai_server import OpenAIStandin, tiktoken_cache_dir

    args = ctx.args
    sessions = args.server_sessions
    requests = args.server_requests
    rounds = max(1, min(args.server_rounds, requests))
    table, raw = ctx.table, ctx.raw
    uploads = {"stock": stock_rag_flow(load(RAG), build.load_registry())}
    if not args.server_no_standalone:
        uploads["standalone"] = load(standalone(RAG))
        uploads["standalone"].pop("id", None)
    if args.server_base:
        uploads["base"] = _flow_at(args.server_base, "flows/astra_db_rag_with_citations.json")
    env = {"LANGFLOW_SSRF_ALLOWED_HOSTS": "127.0.0.1", "LANGFLOW_DEACTIVATE_TRACING": "true"}
    if cache := tiktoken_cache_dir():
        env["TIKTOKEN_CACHE_DIR"] = cache
    if args.server_profile:
        args.server_profile.mkdir(parents=True, exist_ok=True)

    with (
        OpenAIStandin(default_reply=LOAD_REPLY) as openai,
        DataAPIStandin() as data_api,
        LangflowServer(extra_env=env, flows_dir=build.FLOWS_DIR) as server,
    ):
        assert server._process is not None
        pid = server._process.pid
        with server.client() as client:
            api_key = client.api_key
            ids = {"citation": load(RAG)["id"]} | {k: client.upload_flow(f) for k, f in uploads.items()}
        assert api_key is not None
        runs: dict[str, LoadRun] = {}
        for key, flow_id in ids.items():
            collection = f"bench_sessions_{key}"
            runs[key] = LoadRun(
                server.base_url,
                api_key,
                flow_id,
                session_tweaks(standin_tweaks(openai.base_url, data_api.url), collection),
                seed_sessions(data_api, sessions, collection=collection),
                expect_citations=key != "stock",
            )
        # One request per flow first: what the first run of a flow pays (caches, imports) stays out.
        for run in runs.values():
            run.phase(1)
        keys = list(runs)
        results: dict[str, list[Any]] = {k: [] for k in keys}
        wall = dict.fromkeys(keys, 0.0)
        cpu = dict.fromkeys(keys, 0.0)
        spies: dict[str, list[Path]] = {k: [] for k in keys}
        share = [requests // rounds + (r < requests % rounds) for r in range(rounds)]
        for r, count in enumerate(share):
            for key in keys[r % len(keys) :] + keys[: r % len(keys)]:
                spy = None
                if args.server_profile:
                    path = args.server_profile / f"{key}-round{r}.txt"
                    spies[key].append(path)
                    spy = _Spy(pid, path)
                c0, t0 = server_cpu_seconds(pid), time.perf_counter()
                results[key] += runs[key].phase(count)
                wall[key] += time.perf_counter() - t0
                cpu[key] += server_cpu_seconds(pid) - c0
                if spy is not None:
                    spy.stop()
        problems = {k: runs[k].check(results[k]) for k in keys}

    summaries = {k: Summary.of(results[k], wall[k]) for k in keys}
    figures = {k: s.figures(cpu[k], problems[k]) for k, s in summaries.items()}
    raw["server"] = {"sessions": sessions, "requests": requests, "rounds": rounds, "base": args.server_base}
    raw["server"]["flows"] = figures
    stock = figures["stock"]
    names = {
        "citation": "citation (flows/)",
        "standalone": "citation standalone (flows/standalone/)",
        "base": f"citation at {args.server_base}",
        "stock": "stock RAG",
    }
    for key in keys:
        f = figures[key]
        table.add(
            NUMBER,
            f"through a server, {names[key]}: requests/s, {sessions} sessions, {f['requests']} requests",
            f["throughput"],
            "(info)",
            None,
            "req/s",
            note=(
                f"p50 {f['p50_ms']:.0f} ms, p95 {f['p95_ms']:.0f} ms, server CPU {f['cpu_s_per_request'] * 1000:.0f} "
                f"ms per request, {f['errors']} errors, {len(problems[key])} problems"
                + (f": {problems[key][:2]}" if problems[key] else "")
            ),
        )
    goal = throughput_ratio_goal(sessions)
    for key in [k for k in keys if k != "stock"]:
        f = figures[key]
        ratio = f["throughput"] / stock["throughput"]
        primary = key == "citation"
        table.add(
            NUMBER,
            f"  throughput, {names[key]} / stock",
            ratio,
            f">= {goal:g}" if primary else "(info)",
            ratio >= goal if primary else None,
        )
        p50 = f["p50_ms"] / stock["p50_ms"]
        table.add(
            NUMBER,
            f"  p50 latency, {names[key]} / stock",
            p50,
            f"<= {P50_RATIO_GOAL:g}x" if primary else "(info)",
            p50 <= P50_RATIO_GOAL if primary else None,
            "x",
        )
        table.add(
            NUMBER,
            f"  server CPU per request, {names[key]} / stock",
            f["cpu_s_per_request"] / stock["cpu_s_per_request"],
            "(info)",
            None,
            "x",
        )
    table.add(
        NUMBER,
        "  answers wrong, lost or crossed between sessions (all flows)",
        sum(len(p) + figures[k]["errors"] for k, p in problems.items()),
        "0",
        all(not p for p in problems.values()),
    )
    if args.server_profile:
        stacks = {k: read_stacks(spies[k]) for k in keys}
        samples = {k: sum(v.values()) for k, v in stacks.items()}
        per = {k: max(figures[k]["requests"], 1) for k in keys}
        buckets = {k: breakdown(stacks[k]) for k in keys}
        labels = [name for name, _ in BUCKETS] + [OTHER]
        raw["server"]["profile"] = {
            "rate_hz": SPY_RATE,
            "samples": samples,
            "samples_per_request": {k: samples[k] / per[k] for k in keys},
            "buckets_per_request": {k: {b: buckets[k][b] / per[k] for b in labels} for k in keys},
            "self_differences": {
                k: self_differences(stacks[k], stacks["stock"], per[k], per["stock"])
                for k in keys
                if k != "stock"
            },
        }
        for key, stack in stacks.items():
            (args.server_profile / f"{key}.collapsed.txt").write_text(
                "\n".join(f"{s} {c}" for s, c in stack.most_common()), encoding="utf-8"
            )
        for key in [k for k in keys if k != "stock"]:
            diffs = sorted(
                labels, key=lambda b: buckets["stock"][b] / per["stock"] - buckets[key][b] / per[key]
            )
            table.add(
                NUMBER,
                f"  profile: busy samples per request, {names[key]} / stock",
                (samples[key] / per[key]) / max(samples["stock"] / per["stock"], 1e-9),
                "(info)",
                None,
                "x",
                note=f"py-spy at {SPY_RATE} Hz, {samples[key] / per[key]:.0f} against {samples['stock'] / per['stock']:.0f} "
                "samples per request; where the difference is (samples per request, "
                f"{names[key]} - stock): "
                + "; ".join(
                    f"{b} {buckets[key][b] / per[key] - buckets['stock'][b] / per['stock']:+.1f}"
                    for b in diffs
                ),
            )


SECTION = Section("server", run, add_arguments)
