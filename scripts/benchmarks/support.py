"""Section 6, the support check: accuracy on WiCE dev (cross-validated), distorted claims, the
hand-written cases, and cost per citation; then the citations inserted for uncited claims
(``scripts/eval/uncited_eval.py``): precision, recovery and cost per sentence.

    .venv/bin/python scripts/bench.py --only support

The figures come from ``scripts/eval/support_eval.py`` (see its docstring for how the cases are built
and the folds drawn) and ``scripts/eval/support_distortions.py`` (how a claim is distorted). Accuracy
rows are held-out figures: every weight and threshold is fitted on the other folds. Results on the
oracle-chunk file are the oracle retrieval setting, not the original WiCE task. The hand-written cases
are those of ``tests/unit/test_contradictions.py``, where each one is asserted, and the hand-written
challenge set of ``data/challenge/`` (``scripts/eval/challenge_eval.py``), each half.

A quick run (``--quick``) runs the same evaluations on ``QUICK_CLAIMS`` claims drawn from WiCE dev
(``wice.sample``), with fewer folds and latency trials: it shows that the section works, and its
accuracy figures are those of the sample, not of the data set.
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

import challenge_eval
import support_eval
import uncited_eval
import wice

from .section import Context, Section

NUMBER = "6"
QUICK_CLAIMS = 16  # claims a quick run evaluates (of WiCE dev's 349)
QUICK_FOLDS = 3
QUICK_TRIALS = 20  # latency trials of a quick run


def add_arguments(ap: argparse.ArgumentParser) -> None:
    ap.add_argument("--support-trials", type=int, default=300, help="claims timed in section 6")


# The table, in four languages: a negation the source has and the claim drops, one the claim
# adds, a name no source holds, a direction reversed, a bound said otherwise, a number changed.
TABLE_LANGUAGES = ("en", "fr", "de", "es")


def hand_written() -> tuple[int, int, int, int]:
    """(not supported, of the cases in ``TABLE_LANGUAGES``; the same over every lexicon language)."""
    from tests.unit.test_contradictions import CASES, checker

    table = all_ = table_n = all_n = 0
    for lang, _kind, claim, cited, _verdict, _words in CASES:
        miss = checker(lang).check(claim, cited).verdict != "supported"
        all_, all_n = all_ + miss, all_n + 1
        if lang in TABLE_LANGUAGES:
            table, table_n = table + miss, table_n + 1
    return table, table_n, all_, all_n


def run(ctx: Context) -> None:
    if not ctx.quick:
        return evaluate(ctx, wice.DATA, folds=5, trials=ctx.args.support_trials)
    with tempfile.TemporaryDirectory() as folder:
        data = wice.sample(wice.DATA, QUICK_CLAIMS, Path(folder), seed=ctx.seed)
        ctx.table.add(
            NUMBER,
            f"quick run: the evaluations below ran on {QUICK_CLAIMS} sampled WiCE dev claims, "
            f"{QUICK_FOLDS} folds (not the data set's figures)",
            QUICK_CLAIMS,
            "(info)",
            None,
            "claims",
        )
        start = len(ctx.table.rows)
        evaluate(ctx, data, folds=QUICK_FOLDS, trials=QUICK_TRIALS)
    # A sample's accuracy figures are shown, not judged: the goals are for the data set. Latency and the
    # hand-written cases do not depend on the sample and keep their verdict.
    for row in ctx.table.rows[start:]:
        if row["unit"] != "ms" and not row["figure"].startswith("hand-written") and row["status"] != "info":
            row["goal"], row["status"] = f"{row['goal']} on WiCE dev", "info"
    return None


def evaluate(ctx: Context, data: Path, folds: int, trials: int) -> None:
    """The section's rows from the evaluations run on ``data`` (WiCE dev, or a sample of it)."""
    table = ctx.table
    figures = support_eval.run(data, folds=folds, seed=ctx.seed, trials=trials)
    ctx.raw["support"] = figures
    cv, wrong = figures["cross_validated"], figures["wrong_source_cross_validated"]
    claims = figures["claims"]
    table.add(
        NUMBER,
        f"balanced accuracy, WiCE dev oracle chunks ({claims} claims), held-out folds",
        cv["balanced_accuracy"],
        ">= 72.2 (stretch 75)",
        cv["balanced_accuracy"] >= 72.2,
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
    distorted = figures["distortions"]
    goals = {"negation": 95, "name": 95, "direction": 80, "number": 95}
    for kind, goal in goals.items():
        row = distorted[kind]
        table.add(
            NUMBER,
            f"WiCE claims, {kind} distorted ({row['cases']}): no longer supported",
            row["not_supported"],
            f">= {goal}",
            row["not_supported"] >= goal,
            "%",
            note=f"contradicted {row['contradicted']:.0f} %",
        )
    # The gold-supported claims seldom hold a direction word their chunk states: the same reversal over
    # every dev claim the checker supports, and over any direction word of the claim (wide).
    directions = figures["directions"]
    held, wide, seen = directions["held"], directions["wide"], directions["wide_seen"]
    table.add(
        NUMBER,
        f"every WiCE dev claim, a direction word its chunk holds reversed ({held['cases']}): no longer supported",
        held["not_supported"],
        ">= 80",
        held["not_supported"] >= 80,
        "%",
        note=f"contradicted {held['contradicted']:.0f} %",
    )
    table.add(
        NUMBER,
        f"… any direction word of the claim reversed ({wide['cases']}): no longer supported",
        wide["not_supported"],
        "(info)",
        None,
        "%",
        note=f"{seen['not_supported']:.0f} % of the {seen['cases']} whose chunk holds the word or its antonym",
    )
    table.add(
        NUMBER,
        f"WiCE fully supported citations ({distorted['citations']}): still supported",
        distorted["originals_supported"],
        ">= 55",
        distorted["originals_supported"] >= 55,
        "%",
    )
    table.add(
        NUMBER,
        "… flagged unsupported or contradicted",
        distorted["originals_flagged"],
        "<= 5",
        distorted["originals_flagged"] <= 5,
        "%",
    )
    copied = figures["copied"]
    table.add(
        NUMBER,
        f"source sentences copied as claims ({copied['cases']}): supported",
        copied["copies_supported"],
        "(info)",
        None,
        "%",
        note=", ".join(f"{k} {copied[k]['not_supported']:.0f} % not" for k in goals),
    )
    in_table, table_n, everywhere, all_n = hand_written()
    ctx.raw["support"]["hand_written"] = {"table": [in_table, table_n], "all": [everywhere, all_n]}
    table.add(
        NUMBER,
        f"hand-written cases, {'/'.join(TABLE_LANGUAGES)}: not supported",
        in_table,
        f">= 22 / {table_n}",
        in_table >= 22,
        "",
        note=f"{everywhere} / {all_n} in all seven languages",
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
    table.add(
        NUMBER,
        "one check, 10 sources of 1 KB, p95 of each claim's first check",
        latency["check_p95_first_ms"],
        "<= 5 ms",
        latency["check_p95_first_ms"] <= 5,
        "ms",
    )
    challenge_rows(ctx)
    uncited_rows(ctx, data, folds, trials)


def challenge_rows(ctx: Context) -> None:
    """The hand-written challenge set (``data/challenge/``), each half: the rules were designed on dev
    only, the test half is frozen. All of it, quick run or not: it is small and needs no fit."""
    for half in ("dev", "test"):
        tally = challenge_eval.run(challenge_eval.load(split=half))["all"]
        rates = challenge_eval.rates(tally)
        ctx.raw[f"challenge_{half}"] = tally
        figure = f"hand-written challenge set, {half} half"
        ctx.table.add(
            NUMBER,
            f"{figure}: contradictions caught ({tally['contradictions']})",
            rates["caught"],
            ">= 90",
            rates["caught"] >= 90,
            "%",
        )
        ctx.table.add(
            NUMBER,
            f"{figure}: paraphrases called contradicted ({tally['paraphrases']})",
            rates["paraphrases_contradicted"],
            "<= 2.5",
            rates["paraphrases_contradicted"] <= 2.5,
            "%",
        )
        ctx.table.add(
            NUMBER,
            f"{figure}: paraphrases still supported",
            rates["paraphrases_supported"],
            ">= 70",
            rates["paraphrases_supported"] >= 70,
            "%",
        )


def uncited_rows(ctx: Context, data: Path, folds: int, trials: int) -> None:
    """Citations inserted for claims the answer left uncited (``cite_missing``): ``scripts/eval/uncited_eval.py``.

    Held-out figures (margin and floor chosen on the other folds, the checker refitted without the
    held-out fold); a quick run gives the in-sample figures at the shipped constants instead.
    """
    table = ctx.table
    figures = uncited_eval.run(data, folds=folds, seeds=(ctx.seed,), trials=trials, cv=not ctx.quick)
    ctx.raw["uncited"] = figures
    held = figures["cross_validated"] or figures["in_sample_shipped"]
    how = "held-out" if figures["cross_validated"] else "in-sample"
    for family, what in (
        ("wice", "WiCE claims, markers stripped, beside 2 claim-like chunks of their article"),
        ("copied", "source sentences copied as claims, blended and distorted ones among them"),
    ):
        row = held[family]
        table.add(
            NUMBER,
            f"inserted citations fully supporting ({what}; {how})",
            row["precision"],
            ">= 90",
            row["precision"] is not None and row["precision"] >= 90,
            "%",
            note=f"{row['inserted']} inserted",
        )
        table.add(
            NUMBER,
            f"… claims with a fully supporting chunk that get it back ({how})",
            row["recovery"],
            ">= 60",
            row["recovery"] >= 60,
            "%",
        )
    latency = figures["latency"]
    table.add(
        NUMBER,
        "one uncited sentence through the filter in insert mode, 10 sources of 1 KB, p95",
        latency["sentence_p95_ms"],
        "<= 5 ms",
        latency["sentence_p95_ms"] <= 5,
        "ms",
        note=(
            f"median {latency['sentence_median_ms']:.2f} ms; one check of the same sentence, side by side: "
            f"{latency['check_median_ms']:.2f} / {latency['check_p95_ms']:.2f} ms"
        ),
    )


SECTION = Section("support", run, add_arguments)
