#!/usr/bin/env python
"""Run every engine property at scale and report how many examples ran and what failed.

The properties are the hypothesis tests of ``PROPERTY_FILES``: the engine's own properties, the
reference oracle, the citation-like oracle, the unforgeable context, the grammar copies, the fast
paths, the support properties and the link properties. Each runs in its own pytest
process under the hypothesis profile "fuzz" (registered in ``tests/conftest.py``) with
``LFX_CITATIONS_FUZZ_EXAMPLES`` examples, so a crash or hang in one does not hide the others.
Properties marked xfail (a known bug that is still open) are listed but not fuzzed: they fail at
once by design.

    .venv/bin/python scripts/eval/fuzz.py                    # >= 100,000 examples in total
    .venv/bin/python scripts/eval/fuzz.py --examples 50000   # 50,000 per property
    .venv/bin/python scripts/eval/fuzz.py --total 20000 -k neutral

Exit status: 0 when every property passed, 1 when any failed or errored.
"""

from __future__ import annotations

import argparse
import importlib
import math
import os
import re
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PROPERTY_FILES = (
    "tests/properties/test_engine_properties.py",
    "tests/properties/test_reference_oracle.py",
    "tests/properties/test_grammar_copies.py",
    "tests/properties/test_fast_paths.py",
    "tests/properties/test_citation_like_oracle.py",
    "tests/properties/test_unforgeable_context.py",
    "tests/properties/test_support_properties.py",
    "tests/components/test_links.py",
)
# "- during generate phase (…):" … "- 4060 passing, 3 failing, and 309 invalid test cases" (hypothesis 6.1xx;
# older releases wrote "passing examples, … failing examples, … invalid examples").
_PHASE = re.compile(
    r"- during (\w+) phase [^\n]*\n(?:[^\n]*\n)*?\s*- (\d+) passing(?: examples)?, (\d+) failing(?: examples)?,"
    r"(?: and)? (\d+) invalid"
)


@dataclass
class Outcome:
    node: str
    status: str = "not run"  # passed | failed | error | timeout
    phases: dict[str, tuple[int, int, int]] = field(
        default_factory=dict
    )  # phase -> passing, failing, invalid
    seconds: float = 0.0
    detail: str = ""

    @property
    def run(self) -> int:
        return sum(p + f for p, f, _ in self.phases.values())

    @property
    def generated(self) -> int:
        p, f, _ = self.phases.get("generate", (0, 0, 0))
        return p + f


def discover(files: tuple[str, ...], pattern: str | None) -> tuple[list[str], list[str]]:
    """Node ids of the hypothesis properties in ``files``: (to fuzz, xfail-marked)."""
    sys.path[:0] = [str(ROOT)]
    fuzz, known = [], []
    for file in files:
        module = importlib.import_module(file.removesuffix(".py").replace("/", "."))
        tests = [(name, obj) for name, obj in vars(module).items() if name.startswith("test_")]
        for cls_name, cls in vars(module).items():  # properties may also be methods of a Test* class
            if cls_name.startswith("Test") and isinstance(cls, type):
                tests += [(f"{cls_name}::{n}", o) for n, o in vars(cls).items() if n.startswith("test_")]
        for name, obj in tests:
            if not getattr(obj, "is_hypothesis_test", False):
                continue
            node = f"{file}::{name}"
            if pattern and pattern not in node:
                continue
            marks = {m.name for m in getattr(obj, "pytestmark", [])}
            (known if "xfail" in marks else fuzz).append(node)
    return fuzz, known


def run_property(node: str, examples: int, timeout: float) -> Outcome:
    env = {**os.environ, "HYPOTHESIS_PROFILE": "fuzz", "LFX_CITATIONS_FUZZ_EXAMPLES": str(examples)}
    cmd = [
        sys.executable,
        "-m",
        "pytest",
        "-q",
        node,
        "-W",
        "ignore",
        "-p",
        "no:cacheprovider",
        "--hypothesis-show-statistics",
        "-o",
        "addopts=-p no:langflow -p no:opik -p no:langsmith",
    ]
    outcome = Outcome(node)
    start = time.monotonic()
    try:
        proc = subprocess.run(
            cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout, check=False
        )
    except subprocess.TimeoutExpired:
        outcome.status, outcome.seconds = "timeout", time.monotonic() - start
        outcome.detail = f"no result after {timeout:.0f}s"
        return outcome
    outcome.seconds = time.monotonic() - start
    out = proc.stdout + proc.stderr
    for phase, passing, failing, invalid in _PHASE.findall(out):
        outcome.phases[phase] = (int(passing), int(failing), int(invalid))
    if proc.returncode == 0:
        outcome.status = "passed"
    elif "Falsifying example" in out or " failed" in out:
        outcome.status = "failed"
        found = re.search(r"Falsifying example:.*?(?=\n\n|\Z)", out, re.DOTALL)
        outcome.detail = found[0] if found else out[-2000:]
    else:
        outcome.status = "error"
        outcome.detail = out[-2000:]
    return outcome


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--examples", type=int, help="examples per property (default: enough for --total)")
    ap.add_argument(
        "--total", type=int, default=100_000, help="examples in total when --examples is not given"
    )
    ap.add_argument(
        "--jobs", type=int, default=max(1, min(2, os.cpu_count() or 1)), help="properties run at once"
    )
    ap.add_argument("-k", dest="pattern", help="only properties whose node id contains this")
    ap.add_argument("--timeout", type=float, default=3600, help="seconds allowed per property")
    args = ap.parse_args(argv)

    nodes, known = discover(PROPERTY_FILES, args.pattern)
    if not nodes:
        print("fuzz: no property matched", file=sys.stderr)
        return 1
    per_property = args.examples or math.ceil(args.total / len(nodes))
    print(
        f"fuzz: {len(nodes)} properties x {per_property:,} examples (profile 'fuzz', {args.jobs} at a time)"
    )
    for node in known:
        print(f"  known bug, not fuzzed (xfail): {node}")

    start = time.monotonic()
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futures = [pool.submit(run_property, node, per_property, args.timeout) for node in nodes]
        outcomes = []
        for future in futures:
            outcome = future.result()
            outcomes.append(outcome)
            print(
                f"  {outcome.status:7} {outcome.run:>9,} run ({outcome.generated:,} generated) "
                f"{outcome.seconds:7.1f}s  {outcome.node}",
                flush=True,
            )
            if outcome.detail:
                print("    " + outcome.detail.replace("\n", "\n    "))

    bad = [o for o in outcomes if o.status != "passed"]
    total = sum(o.run for o in outcomes)
    generated = sum(o.generated for o in outcomes)
    minutes, seconds = divmod(int(time.monotonic() - start), 60)
    print(
        f"fuzz summary: {len(outcomes)} properties, {total:,} examples run ({generated:,} generated), "
        f"{sum(o.status == 'failed' for o in outcomes)} failed, "
        f"{sum(o.status in ('error', 'timeout') for o in outcomes)} errors, {len(known)} known bugs skipped, "
        f"{minutes}m{seconds:02d}s"
    )
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
