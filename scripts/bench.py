#!/usr/bin/env python
"""Benchmarks for the citation bundle: holdback, filter throughput, scale, per-query flow overhead, import
cost, the support check, code evaluation per node, and what a real server pays against the stock RAG flow.

Run from the repository root with the project's virtualenv (the repo installed editable)::

    .venv/bin/python scripts/bench.py                 # full run, writes docs/bench-results.json
    .venv/bin/python scripts/bench.py --quick         # every section at a small size, in seconds (CI)
    .venv/bin/python scripts/bench.py --only holdback,throughput --json /tmp/b.json
    .venv/bin/python scripts/bench.py --only server --server-base HEAD~5 --server-profile /tmp/profile

Plain Python, no timing assertions: it prints ONE table (figure, value, goal, pass/miss) and writes the
same rows, the machine description and the raw measurements as JSON. Every comparison is a ratio of
two things measured side by side in this run: runs are interleaved (A B A B … in rotating order),
repeated, and the median is taken; clocks are ``time.perf_counter_ns``. Nothing is pinned to a core.
The corpus is generated from a seed (``--seed``), so every run sees the same text.

See docs/benchmarks.md for what each figure means. This file is the command line; the inputs, timers,
table and one module per section live in ``scripts/benchmarks/`` (sections listed in ``registry.py``).
"""

from __future__ import annotations

import argparse
import gc
import os
import tempfile
import time
import traceback
from pathlib import Path
from typing import Any

from benchmarks import bundle  # first: it prepares the process for lfx
from benchmarks.machine import busy_share, cpu_counters, describe
from benchmarks.registry import SECTIONS
from benchmarks.report import Table, log, summary, write_json
from benchmarks.section import Context
from benchmarks.timing import ns

NAMES = tuple(section.name for section in SECTIONS)
RESULTS = bundle.REPO / "docs" / "bench-results.json"
QUICK_RESULTS = Path(tempfile.gettempdir()) / "lfx-citations-bench-quick.json"


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument(
        "--json",
        type=Path,
        help=f"where to write the results (default: {RESULTS.relative_to(bundle.REPO)}; with --quick, "
        f"{QUICK_RESULTS})",
    )
    ap.add_argument("--seed", type=int, default=20251130)
    ap.add_argument(
        "--quick",
        action="store_true",
        help="every section at a small size, in seconds; the server section says it was not run",
    )
    ap.add_argument("--only", default=",".join(NAMES), help=f"comma-separated subset of {','.join(NAMES)}")
    for section in SECTIONS:
        section.add_arguments(ap)
    args = ap.parse_args(argv)
    args.only = {s.strip() for s in args.only.split(",") if s.strip()}  # from here on, a set of names
    unknown = args.only - set(NAMES)
    if unknown:
        ap.error(f"unknown section(s): {', '.join(sorted(unknown))}")
    # A quick run's figures are a smoke test: they never replace the recorded full run.
    args.json = args.json or (QUICK_RESULTS if args.quick else RESULTS)
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    started = time.monotonic()
    counters = cpu_counters()
    info = describe()
    log(f"{info['nproc']} cpu(s), {info['cpu']}, Python {info['python']}, lfx {info['lfx']}")
    raw: dict[str, Any] = {}
    t0 = ns()
    measured = bundle.installed()
    raw["bundle_load_in_this_process_s"] = (ns() - t0) / 1e9
    # lfx leaves a large heap: move it out of the collector's reach so that full collections during and
    # between measurements cost what the benchmark allocates, not what the platform imported.
    gc.collect()
    gc.freeze()
    ctx = Context(args=args, bundle=measured, table=Table(), raw=raw)
    timings, rows, errors = {}, {}, {}
    for section in SECTIONS:
        if section.name not in args.only:
            continue
        log(f"section {section.name} …")
        s0, before = time.monotonic(), len(ctx.table.rows)
        try:
            section.run(ctx)
        except Exception:  # noqa: BLE001 - one broken section must not hide the others' figures
            errors[section.name] = traceback.format_exc()
            log(f"section {section.name} failed:\n{errors[section.name]}")
        timings[section.name] = round(time.monotonic() - s0, 1)
        rows[section.name] = len(ctx.table.rows) - before
    info["loadavg_at_end"] = os.getloadavg() if hasattr(os, "getloadavg") else None
    info["cpu_during_run"] = busy_share(counters, cpu_counters())
    total = time.monotonic() - started
    print(summary(ctx.table, total, info))
    if errors:
        print(f"\nsection(s) failed: {', '.join(errors)} (tracebacks above, on stderr, and in the JSON)")
    out = args.json
    write_json(
        out,
        seed=args.seed,
        quick=args.quick,
        seconds=total,
        section_seconds=timings,
        section_rows=rows,
        errors=errors,
        machine=info,
        table=ctx.table,
        raw=raw,
    )
    log(f"wrote {out}")
    return 1 if errors else 0


if __name__ == "__main__":
    raise SystemExit(main())
