"""What the run ran on, and how busy the machine was meanwhile (the JSON's ``machine`` entry).

    from benchmarks.machine import busy_share, cpu_counters, describe

    info, before = describe(), cpu_counters()
    ...  # the measurements
    info["cpu_during_run"] = busy_share(before, cpu_counters())  # {"busy_pct": ..., "steal_pct": ...}

On a shared machine the figures are only as good as the share of CPU the run got; this says what it got.
"""

from __future__ import annotations

import os
import platform
import subprocess
from pathlib import Path
from typing import Any


def cpu_counters() -> list[int]:
    """The aggregate ``cpu`` line of /proc/stat (user nice system idle iowait irq softirq steal …), or []."""
    try:
        with open("/proc/stat", encoding="ascii") as f:
            return [int(x) for x in f.readline().split()[1:]]
    except (OSError, ValueError):
        return []


def busy_share(before: list[int], after: list[int]) -> dict[str, float]:
    """How busy the machine was between two samples: all CPUs' busy share, and the share stolen by the host."""
    if not before or not after:
        return {}
    d = [b - a for a, b in zip(before, after, strict=False)]
    total = sum(d[:8]) or 1
    return {
        "busy_pct": round(100 * (total - d[3] - d[4]) / total, 1),
        "steal_pct": round(100 * (d[7] if len(d) > 7 else 0) / total, 1),
    }


REPO = Path(__file__).resolve().parents[2]


def revision(repo: Path = REPO) -> str:
    """The commit measured (short hash), ``+changes`` if the working tree differs from it; ``?`` outside git."""

    def git(*args: str) -> str | None:
        done = subprocess.run(["git", "-C", str(repo), *args], capture_output=True, text=True, check=False)
        return done.stdout.strip() if done.returncode == 0 else None

    commit = git("rev-parse", "--short", "HEAD")
    if commit is None:
        return "?"
    return commit + ("+changes" if git("status", "--porcelain", "--untracked-files=no") else "")


def describe() -> dict[str, Any]:
    """The commit, CPU count and model, Python, OS, lfx version and the load average now."""
    cpu = ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        cpu = platform.processor()
    try:
        load = os.getloadavg()
    except OSError:
        load = None
    try:
        from importlib.metadata import version

        lfx_version = version("lfx")
    except Exception:  # noqa: BLE001
        lfx_version = "?"
    return {
        "commit": revision(),
        "nproc": os.cpu_count(),
        "cpu": cpu,
        "python": platform.python_version(),
        "platform": platform.platform(),
        "lfx": lfx_version,
        "loadavg_at_start": load,
    }
