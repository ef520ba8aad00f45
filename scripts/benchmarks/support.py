"""Section 6, the support check: accuracy on WiCE dev (cross-validated) and cost per citation.

    .venv/bin/python scripts/bench.py --only support

The figures come from ``scripts/support_eval.py`` (see its docstring for how the cases are built and
the folds drawn). Accuracy rows are held-out figures: every weight and threshold is fitted on the
other folds. Results on the oracle-chunk file are the oracle retrieval setting, not the original
WiCE task.
"""

from __future__ import annotations

import argparse

import support_eval

from .section import Context, Section

NUMBER = "6"


def add_arguments(ap: argparse.ArgumentParser) -> None:
    ap.add_argument("--support-trials", type=int, default=300, help="claims timed in section 6")


def run(ctx: Context) -> None:
    table = ctx.table
    figures = support_eval.run(folds=5, seed=ctx.seed, trials=60 if ctx.quick else ctx.args.support_trials)
    ctx.raw["support"] = figures
    cv, wrong = figures["cross_validated"], figures["wrong_source_cross_validated"]
    claims = figures["claims"]
    table.add(
        NUMBER,
        f"balanced accuracy, WiCE dev oracle chunks ({claims} claims), held-out folds",
        cv["balanced_accuracy"],
        ">= 75",
        cv["balanced_accuracy"] >= 75,
        "%",
        note=f"in-sample {figures['in_sample']['balanced_accuracy']:.1f}",
    )
    table.add(
        NUMBER,
        f"wrong-source detection ({wrong['cases']} cases)",
        wrong["detection"],
        ">= 97",
        wrong["detection"] >= 97,
        "%",
    )
    table.add(
        NUMBER,
        "better_source names the right chunk",
        wrong["better_source_right"],
        ">= 95",
        wrong["better_source_right"] >= 95,
        "%",
    )
    table.add(
        NUMBER,
        "retention (the right chunk cited stays supported)",
        wrong["retention"],
        ">= 85",
        wrong["retention"] >= 85,
        "%",
    )
    if cv.get("unsupported_precision") is not None:
        table.add(
            NUMBER, "precision of 'unsupported' flags", cv["unsupported_precision"], "(info)", None, "%"
        )
    latency = figures["latency"]
    table.add(
        NUMBER,
        "one check, 10 sources of 1 KB, median",
        latency["check_median_ms"],
        "<= 1 ms",
        latency["check_median_ms"] <= 1,
        "ms",
    )
    table.add(
        NUMBER,
        "one check, 10 sources of 1 KB, p95",
        latency["check_p95_ms"],
        "<= 5 ms",
        latency["check_p95_ms"] <= 5,
        "ms",
    )


SECTION = Section("support", run, add_arguments)
