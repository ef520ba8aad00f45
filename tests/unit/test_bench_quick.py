"""``scripts/bench.py --quick`` runs every section of the benchmark, so a section that breaks fails the suite.

    .venv/bin/python -m pytest -n 0 tests/unit/test_bench_quick.py

One child process runs the quick benchmark (every section at a small size, in seconds) with
its temporary folder pointed at ``tmp_path``. The test reads the JSON it wrote there and checks that
every section of the registry ran, added rows and raised nothing, and that the recorded full run
(``docs/bench-results.json``) was left alone. Speed is the benchmark's business: no figure is judged
here, only that each section produced its figures.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RECORDED = ROOT / "docs" / "bench-results.json"


def section_names() -> list[str]:
    """The names of ``scripts/benchmarks/registry.py``'s ``SECTIONS``, in order, from a child process (the
    registry imports every section, which the test process need not hold)."""
    code = "from benchmarks.registry import SECTIONS; print(' '.join(s.name for s in SECTIONS))"
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT / "scripts", capture_output=True, text=True, check=True
    )
    return done.stdout.split()


def test_the_registry_lists_every_section() -> None:
    assert section_names() == [
        "holdback",
        "throughput",
        "scale",
        "flow",
        "import",
        "support",
        "code",
        "server",
        "scale-out",
    ]


def test_quick_run_runs_every_section(tmp_path: Path) -> None:
    recorded = RECORDED.read_bytes()
    # No --json: a quick run writes to the temporary folder, never over the recorded full run.
    env = {**os.environ, "TMPDIR": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "scripts/bench.py", "--quick"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    out = tmp_path / "lfx-citations-bench-quick.json"
    assert out.exists(), f"exit {done.returncode}\n{done.stderr[-4000:]}"
    results = json.loads(out.read_text(encoding="utf-8"))
    assert results["errors"] == {}, "\n".join(results["errors"].values())
    assert done.returncode == 0, done.stderr[-4000:]
    assert results["quick"] is True
    names = section_names()
    assert list(results["section_seconds"]) == names
    empty = [name for name in names if results["section_rows"][name] < 1]
    assert not empty, f"sections that added no row: {empty}"
    assert len(results["rows"]) == sum(results["section_rows"].values())
    # Every row has a value and a verdict; the table printed is the one stored.
    for row in results["rows"]:
        assert row["status"] in ("pass", "MISS", "info"), row
        assert row["value"] not in (None, ""), row
        assert row["figure"].strip() in done.stdout, row["figure"]
    assert RECORDED.read_bytes() == recorded


def documented_table(markdown: str, heading: str = "## Latest results") -> str:
    """The first Markdown table after ``heading``, as text."""
    lines = markdown[markdown.index(heading) :].splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("|"))
    end = next((i for i in range(start, len(lines)) if not lines[i].startswith("|")), len(lines))
    return "\n".join(lines[start:end])


def test_the_documented_results_are_the_recorded_full_run() -> None:
    recorded = json.loads(RECORDED.read_text(encoding="utf-8"))
    assert recorded["quick"] is False
    assert recorded["errors"] == {}
    assert list(recorded["section_seconds"]) == section_names()
    assert recorded["machine"]["commit"] not in ("", "?")
    docs = (ROOT / "docs" / "benchmarks.md").read_text(encoding="utf-8")
    assert documented_table(docs) == recorded["markdown"]
