"""The result table (figure, value, goal, pass/miss), the run's printed summary and its JSON file.

    from benchmarks.report import Table

    table = Table()
    table.add("2", "streaming filter, 1 KB answer", 412_000.0, ">= 200,000 tokens/s", True, "tokens/s")
    print(table.render())  # the aligned text table bench.py prints
    print(table.markdown())  # the same rows as Markdown, stored in the JSON

A row's ``ok`` is True (pass), False (MISS) or None (info: a figure without a goal).
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any


def log(msg: str) -> None:
    """Progress on stderr, so that stdout holds only the table and its notes."""
    print(f"[bench {time.strftime('%H:%M:%S')}] {msg}", file=sys.stderr, flush=True)


def format_value(v: Any) -> str:
    """Three significant digits below 100, whole numbers above, thousands separated."""
    if isinstance(v, float):
        return f"{v:,.3g}" if abs(v) < 100 else f"{v:,.0f}"
    return f"{v:,}" if isinstance(v, int) else str(v)


class Table:
    """The rows of one run, in the order the sections add them."""

    def __init__(self) -> None:
        self.rows: list[dict[str, Any]] = []

    def add(
        self,
        section: str,
        figure: str,
        value: Any,
        goal: str,
        ok: bool | None,
        unit: str = "",
        note: str = "",
    ) -> None:
        self.rows.append(
            {
                "section": section,
                "figure": figure,
                "value": value,
                "unit": unit,
                "goal": goal,
                "status": "info" if ok is None else ("pass" if ok else "MISS"),
                "note": note,
            }
        )

    def render(self) -> str:
        head = ("#", "figure", "value", "goal", "pass/miss")
        body = [
            (
                r["section"],
                r["figure"],
                f"{format_value(r['value'])} {r['unit']}".strip(),
                r["goal"],
                r["status"],
            )
            for r in self.rows
        ]
        widths = [max(len(str(x[i])) for x in [head, *body]) for i in range(len(head))]
        line = "+".join("-" * (w + 2) for w in widths)
        out = [" | ".join(str(h).ljust(w) for h, w in zip(head, widths, strict=True)), line]
        out += [" | ".join(str(c).ljust(w) for c, w in zip(row, widths, strict=True)) for row in body]
        return "\n".join(out)

    def markdown(self) -> str:
        out = ["| # | figure | value | goal | pass/miss |", "|---|---|---|---|---|"]
        for r in self.rows:
            # Unlike render(), the unit is not stripped: a unitless value keeps its trailing space.
            value = format_value(r["value"])
            out.append(
                f"| {r['section']} | {r['figure']} | {value} {r['unit']} | {r['goal']} | {r['status']} |"
            )
        return "\n".join(out)


def summary(table: Table, seconds: float, machine: dict[str, Any]) -> str:
    """The table, a line of totals and the machine's load, then every row's note."""
    misses = [r for r in table.rows if r["status"] == "MISS"]
    out = [
        table.render(),
        (
            f"\n{len(table.rows)} figures, {len(misses)} miss(es); {seconds:.0f} s; commit {machine['commit']}; "
            f"{machine['nproc']} cpu(s) {machine['cpu']}; Python {machine['python']}; "
            f"machine during the run: {machine['cpu_during_run']} (all processes), "
            f"load average {machine['loadavg_at_end']}"
        ),
    ]
    notes = [r for r in table.rows if r["note"]]
    if notes:
        out.append("\nnotes:")
        out += [f"  [{r['section']}] {r['figure'].strip()}: {r['note']}" for r in notes]
    return "\n".join(out)


def write_json(
    path: Path,
    *,
    seed: int,
    quick: bool,
    seconds: float,
    section_seconds: dict[str, float],
    section_rows: dict[str, int],
    errors: dict[str, str],
    machine: dict[str, Any],
    table: Table,
    raw: dict[str, Any],
) -> None:
    """The run as docs/bench-results.json holds it: settings, timings and rows per section, the sections
    that failed (name -> traceback), machine, rows, raw data, Markdown."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(
        json.dumps(
            {
                "generated": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
                "seed": seed,
                "quick": quick,
                "seconds": round(seconds, 1),
                "section_seconds": section_seconds,
                "section_rows": section_rows,
                "errors": errors,
                "machine": machine,
                "rows": table.rows,
                "raw": raw,
                "markdown": table.markdown(),
            },
            indent=2,
            default=str,
        ),
        encoding="utf-8",
    )
