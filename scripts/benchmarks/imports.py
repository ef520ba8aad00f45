"""Section 5, import cost: the palette's three modules (and the core they import) in a fresh interpreter after lfx.

    .venv/bin/python scripts/bench.py --only import --import-runs 4

Each run starts a child Python on ``IMPORT_PROBE``: it imports the dependencies first (lfx, pydantic),
then the bundle, and prints both times and the modules the bundle added. Every second child runs with
``-X importtime`` for the per-module self times.
"""

from __future__ import annotations

import argparse
import compileall
import importlib.util
import json
import re
import subprocess
import sys
from pathlib import Path

from .bundle import DEPENDENCY_MODULES, PALETTE_MODULES, REPO
from .section import Context, Section
from .timing import median, ns

NUMBER = "5"

# Run as ``python -c IMPORT_PROBE DEPS BUNDLE`` (comma-separated module names); the stdout line starting
# with "@@" holds the result as JSON. Standalone: the child imports nothing of this package.
IMPORT_PROBE = r"""
import json, os, sys, time
os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
deps, bundle = sys.argv[1].split(","), sys.argv[2].split(",")
t0 = time.perf_counter_ns()
for name in deps:
    __import__(name)  # the import statement's path, which -X importtime reports
t1 = time.perf_counter_ns()
before = set(sys.modules)
for name in bundle:
    __import__(name)
t2 = time.perf_counter_ns()
new = sorted(set(sys.modules) - before)
print("@@" + json.dumps({"deps_ns": t1 - t0, "bundle_ns": t2 - t1, "new_modules": new}))
"""


def add_arguments(ap: argparse.ArgumentParser) -> None:
    ap.add_argument(
        "--import-runs",
        type=int,
        default=2,
        help="fresh interpreters in section 5 (odd ones run with -X importtime for the breakdown)",
    )


def run(ctx: Context) -> None:
    table, raw = ctx.table, ctx.raw
    runs = 1 if ctx.quick else ctx.args.import_runs

    # Bytecode first (as any earlier import would have left it), and what compiling costs a fresh checkout.
    files = [Path(importlib.util.find_spec(name).origin) for name in PALETTE_MODULES]
    files += sorted((REPO / "core").glob("*.py"))  # the installed modules import the core
    for path in files:
        compileall.compile_file(str(path), quiet=2)
    compile_ms = 0.0
    for path in files:
        source = path.read_text(encoding="utf-8")
        t0 = ns()
        compile(source, str(path), "exec")
        compile_ms += (ns() - t0) / 1e6
    samples = []
    selftimes: dict[str, list[int]] = {}
    for i in range(runs):
        # Alternate -X importtime on and off: importtime gives per-module self time, plain runs the wall time.
        cmd = [sys.executable]
        traced = i % 2 == 1
        if traced:
            cmd += ["-X", "importtime"]
        cmd += ["-c", IMPORT_PROBE, ",".join(DEPENDENCY_MODULES), ",".join(PALETTE_MODULES)]
        proc = subprocess.run(cmd, capture_output=True, text=True, cwd=REPO, check=True)
        line = next(x for x in proc.stdout.splitlines() if x.startswith("@@"))
        data = json.loads(line[2:])
        data["traced"] = traced
        samples.append(data)
        if traced:
            for row in proc.stderr.splitlines():
                m = re.match(r"import time:\s+(\d+) \|\s+(\d+) \|(\s*)(\S+)", row)
                if m and m[4] in data["new_modules"]:
                    selftimes.setdefault(m[4], []).append(int(m[1]))
    plain = samples  # -X importtime adds little for 6 modules: every run counts for the wall time
    bundle_ms = median(s["bundle_ns"] for s in plain) / 1e6
    deps_ms = median(s["deps_ns"] for s in plain) / 1e6
    self_ms = {k: median(v) / 1e3 for k, v in selftimes.items()}
    raw["import"] = {"runs": runs, "samples": samples, "self_ms_importtime": self_ms}
    top = sorted(self_ms.items(), key=lambda kv: -kv[1])[:4]
    table.add(
        NUMBER,
        f"import the 3 palette modules and the core after lfx (fresh process, median of {len(plain)})",
        bundle_ms,
        "<= 50 ms",
        bundle_ms <= 50,
        "ms",
        note="self times (ms, -X importtime): "
        + ", ".join(f"{k.rsplit('.', 1)[1]} {v:.1f}" for k, v in top)
        + f"; modules newly imported: {len(samples[0]['new_modules'])}",
    )
    table.add(
        NUMBER,
        "import of the lfx/pydantic modules the bundle depends on (not the bundle)",
        deps_ms,
        "(info)",
        None,
        "ms",
    )
    table.add(
        NUMBER,
        "one-off bytecode compile of those files (first import after a checkout)",
        compile_ms,
        "(info)",
        None,
        "ms",
    )
    raw["import"]["compile_ms"] = compile_ms


SECTION = Section("import", run, add_arguments)
