#!/usr/bin/env python
"""Before and after: the bundle at a git revision against the working tree, side by side.

    .venv/bin/python scripts/bench_compare.py --base 1045721
    .venv/bin/python scripts/bench_compare.py --base HEAD~1 --rounds 9 --flow-runs 40

The standalone nodes' code at ``--base`` is read from the flows with ``git show`` and compiled as
Langflow compiles a node, so both versions run in one process on the same inputs, interleaved (before,
after, after, before, …); the working tree runs as installed (``lfx_citations.core`` and the installed
components). It reuses the inputs and timed shapes of ``scripts/bench.py`` (from ``scripts/benchmarks/``):

* section 2: the streaming filter and one-shot ``filter_citations`` on the 100 KB answer;
* section 3: the pure pipeline at base size (1,000 sources, 5,000 markers), stage by stage;
* section 4: the not-streaming citation flow run (``Graph.async_start``), and the stock flow run
  alongside as a control: it is the same code on both sides, so its ratio shows the noise.

It prints one Markdown table of medians with after / before ratios and writes nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import random
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
# The bench's inputs and timed shapes, reused as they are (bundle first: it prepares the process for lfx).
from benchmarks.bundle import BENCHED, REPO, Bundle, compiled, installed, node_codes
from benchmarks.corpus import make_answer, make_dense_answer, make_rows, tokenize
from benchmarks.flow import flow_variants
from benchmarks.report import log
from benchmarks.scale import scale_pipeline
from benchmarks.throughput import one_shot, streaming
from benchmarks.timing import interleaved, median

# Where self-contained node code is at a revision: flows/standalone/ since there is one; before that,
# the nodes of flows/ carried the whole component (the core inlined).
FLOW_FOLDERS = ("flows/standalone", "flows")


def _git(*args: str) -> str | None:
    """The output of a git command, or None if it failed (a folder or file the revision does not have)."""
    done = subprocess.run(["git", *args], cwd=REPO, capture_output=True, text=True, check=False)
    return done.stdout if done.returncode == 0 else None


def codes_at(rev: str) -> dict[str, str]:
    """Class name -> the self-contained node code of each benched component at ``rev``."""
    wanted = set(BENCHED.values())
    for folder in FLOW_FOLDERS:
        listed = _git("ls-tree", "--name-only", f"{rev}:{folder}") or ""
        shown = [_git("show", f"{rev}:{folder}/{p}") for p in listed.split() if p.endswith(".json")]
        flows = [json.loads(text) for text in shown if text]
        codes = node_codes(flows, wanted)
        if set(codes) == wanted:
            return codes
    raise SystemExit(f"bench_compare: no flows at {rev!r} carry {', '.join(sorted(wanted))}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--base", required=True, help="the git revision to compare against (the 'before')")
    ap.add_argument("--rounds", type=int, default=7, help="samples per figure for sections 2 and 3")
    ap.add_argument("--flow-runs", type=int, default=30, help="graph runs per flow and side in section 4")
    ap.add_argument("--seed", type=int, default=20251130)
    args = ap.parse_args(argv)

    after = installed()
    before = compiled(codes_at(args.base))
    gc.collect()
    gc.freeze()  # as bench.py does: keep lfx's heap out of every collection
    sides: dict[str, Bundle] = {"before": before, "after": after}
    rows: list[tuple[str, float, float]] = []

    log("section 2: streaming and one-shot, 100 KB answer")
    rng = random.Random(args.seed + 2)
    text = make_answer(rng, 102_400, 8)
    tokens = tokenize(text, rng)
    presented = list(range(1, 9))
    fns: dict[str, Callable[[], Any]] = {}
    for side, measured in sides.items():
        fns[f"stream {side}"] = streaming(measured.names, presented, tokens)
        fns[f"one-shot {side}"] = one_shot(measured.names, presented, text)
    assert fns["stream after"]() == fns["one-shot after"](), "streaming and one-shot disagree"
    samples = interleaved(fns, args.rounds)
    for what in ("stream", "one-shot"):
        rows.append(
            (
                f"2 | {what}, 100 KB answer ({len(tokens):,} tokens), ms",
                median(samples[f"{what} before"]) / 1e6,
                median(samples[f"{what} after"]) / 1e6,
            )
        )

    log("section 3: pipeline at base size")
    rng = random.Random(args.seed + 3)
    data = (make_rows(rng, 1_000), make_dense_answer(rng, 5_000, 1_000))
    stages: dict[str, list[dict[str, float]]] = {side: [] for side in sides}
    for r in range(args.rounds):
        for side in ("before", "after") if r % 2 == 0 else ("after", "before"):
            gc.collect()
            stages[side].append(scale_pipeline(sides[side].names, *data))
    for stage in ("pipeline", "build_sources", "filter_citations", "build_content_blocks"):
        label = "whole pipeline" if stage == "pipeline" else f"stage {stage}"
        rows.append(
            (
                f"3 | {label} (1,000 sources, 5,000 markers), ms",
                median(t[stage] for t in stages["before"]) / 1e6,
                median(t[stage] for t in stages["after"]) / 1e6,
            )
        )

    log("section 4: not-streaming flow runs")
    variants = {side: flow_variants(measured, args.seed)[0] for side, measured in sides.items()}

    async def flows() -> dict[str, list[float]]:
        keys = [(side, kind) for side in sides for kind in ("citation-invoke", "stock-invoke")]
        for side, kind in keys:  # warm-up
            await variants[side][kind]()
        runs: dict[str, list[float]] = {f"{kind} {side}": [] for side, kind in keys}
        for r in range(args.flow_runs):
            for side, kind in keys[r % len(keys) :] + keys[: r % len(keys)]:
                result = await variants[side][kind]()
                assert result["ok"], f"{kind} ({side}) gave a wrong answer"
                runs[f"{kind} {side}"].append(result["run"])
        return runs

    runs = asyncio.run(flows())
    for kind, label in (("citation-invoke", "citation flow"), ("stock-invoke", "stock flow (control)")):
        rows.append(
            (
                f"4 | {label}, graph run, not streaming, ms",
                median(runs[f"{kind} before"]) / 1e6,
                median(runs[f"{kind} after"]) / 1e6,
            )
        )

    print(
        f"before = {args.base}, after = the working tree; medians of {args.rounds} interleaved samples "
        f"(sections 2-3) and {args.flow_runs} runs (section 4)\n"
    )
    print("| # | figure | before | after | after / before |")
    print("| --- | --- | --- | --- | --- |")
    for label, b, a in rows:
        print(f"| {label} | {b:,.1f} | {a:,.1f} | {a / b:.2f}x |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
