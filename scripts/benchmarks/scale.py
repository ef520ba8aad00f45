"""Section 3, scale: the pure functions of parser and post-processor from 1,000 sources up.

    .venv/bin/python scripts/bench.py --only scale --scale-factors 1,3,10 --scale-budget 60

Base size: 1,000 retrieved rows of 1 KB and a ~100 KB answer with 5,000 markers; each factor multiplies
both. A size the growth seen so far predicts not to fit the time budget is skipped, and the table says
so. ``scale_pipeline`` is reused by scripts/bench_compare.py.
"""

from __future__ import annotations

import argparse
import gc
import math
import random
import time
from typing import Any

from .corpus import make_dense_answer, make_rows
from .report import log
from .section import Context, Section
from .timing import median, ns

NUMBER = "3"


def scale_pipeline(names: Any, rows: list[dict[str, Any]], answer: str) -> dict[str, float]:
    """Section 3's timed pure functions, one pass: stage times in ns, ``pipeline`` their sum less the
    ``model_dump`` hand-off, ``cpu`` the thread's CPU time for all of them."""
    t = {}
    c0 = time.thread_time_ns()
    t0 = ns()
    records, blocks, _ = names.build_sources(rows)
    t1 = ns()
    context = names.format_context(blocks)
    t2 = ns()
    presented = [r.id for r in records]
    links = {r.id: r.url for r in records if r.url}
    result = names.filter_citations(answer, presented, link_for=links.get)
    t3 = ns()
    dumped = [r.model_dump(mode="json") for r in records]
    t4 = ns()
    payload = names.build_payload(result, dumped, scope="cited")
    t5 = ns()
    names.build_content_blocks(result.text, payload, result.first_spans, include_payload=False)
    t6 = ns()
    t["cpu"] = time.thread_time_ns() - c0
    t.update(
        build_sources=t1 - t0,
        format_context=t2 - t1,
        filter_citations=t3 - t2,
        model_dump=t4 - t3,
        build_payload=t5 - t4,
        build_content_blocks=t6 - t5,
    )
    t["pipeline"] = t6 - t0 - t["model_dump"]
    del context
    return t


def add_arguments(ap: argparse.ArgumentParser) -> None:
    ap.add_argument(
        "--scale-factors",
        default="1,3,10,30,100",
        help="input multiples for section 3; sizes predicted not to fit --scale-budget are skipped",
    )
    ap.add_argument("--scale-budget", type=float, default=75.0, help="seconds allowed for section 3")


def run(ctx: Context) -> None:
    table, names, seed, raw = ctx.table, ctx.names, ctx.seed, ctx.raw
    factors = [int(f) for f in ctx.args.scale_factors.split(",")]
    if ctx.quick:
        factors = [1, 2]  # the base size and one step: every row, in a second or two
    repeats = 2 if ctx.quick else 5
    budget_s = ctx.args.scale_budget / (3 if ctx.quick else 1)
    rng = random.Random(seed + 3)
    base_sources, base_markers = 1_000, 5_000

    results: dict[int, dict[str, Any]] = {}
    data: dict[int, tuple[list[dict[str, Any]], str]] = {}
    done: list[int] = []
    skipped: list[tuple[int, str]] = []
    rounds: list[dict[int, dict[str, float]]] = []
    start = time.monotonic()

    def left() -> float:
        return budget_s - (time.monotonic() - start)

    # Round 1: every size in turn, as long as the growth seen so far says it fits the budget.
    first: dict[int, dict[str, float]] = {}
    for factor in factors:
        if done:
            last = done[-1]
            t_last = first[last]["pipeline"] / 1e9
            exponent = 1.3
            if len(done) >= 2:
                prev = done[-2]
                exponent = min(
                    2.5, max(1.0, math.log(t_last / (first[prev]["pipeline"] / 1e9)) / math.log(last / prev))
                )
            predicted = t_last * (factor / last) ** exponent + results[last]["gen_s"] * factor / last
            if predicted > left():
                why = (
                    f"predicted {predicted:,.0f} s (growth exponent {exponent:.2f} so far) "
                    f"> {max(left(), 0):,.0f} s left of the {budget_s:g} s section budget"
                )
                skipped.append((factor, why))
                continue
        g0 = time.monotonic()
        rows = make_rows(rng, base_sources * factor)
        answer = make_dense_answer(rng, base_markers * factor, base_sources * factor)
        results[factor] = {
            "sources": base_sources * factor,
            "markers": base_markers * factor,
            "answer_chars": len(answer),
            "source_chars": sum(len(r["text"]) for r in rows),
            "gen_s": time.monotonic() - g0,
        }
        data[factor] = (rows, answer)
        # The inputs live through every later round; frozen, they stay out of the full collections,
        # which would otherwise walk the x100 inputs while timing x1 and blur the growth figures.
        gc.collect()
        gc.freeze()
        first[factor] = scale_pipeline(names, rows, answer)
        if factor == 1:
            # The goal figure: the base size repeated on its own, before any larger input exists. In the
            # interleaved rounds below it often runs right after the x100 input has churned the heap.
            solo = [scale_pipeline(names, rows, answer) for _ in range(repeats)]
        done.append(factor)
        log(f"scale x{factor}: {first[factor]['pipeline'] / 1e6:,.1f} ms")
    rounds.append(first)
    # Further rounds: the measured sizes again, smallest first, as many as fit what is left of the budget
    # (the base size always gets its repeats; the largest may get one run only), in rotating order.
    while len(rounds) < repeats:
        subset: list[int] = []
        cost = 0.0
        for factor in done:
            t = rounds[0][factor]["pipeline"] / 1e9
            if cost + t > left():
                break
            subset.append(factor)
            cost += t
        if not subset:
            break
        this: dict[int, dict[str, float]] = {}
        k = len(rounds) % len(subset)
        for factor in subset[k:] + subset[:k]:
            gc.collect()
            this[factor] = scale_pipeline(names, *data[factor])
        rounds.append(this)
    data.clear()
    gc.unfreeze()  # let the inputs go; the platform's heap is frozen again at once
    gc.collect()
    gc.freeze()
    for factor in done:
        runs = [r[factor] for r in rounds if factor in r]
        results[factor]["runs"] = len(runs)
        results[factor]["median"] = {k: median(r[k] for r in runs) for k in runs[0]}

    def ratio(a: int, b: int, stage: str = "pipeline") -> float:
        """Median over rounds of t(a)/t(b), each pair measured in the same round."""
        return median(r[a][stage] / max(r[b][stage], 1) for r in rounds if a in r and b in r)

    raw["scale"] = {
        "results": {str(k): v for k, v in results.items()},
        "skipped": skipped,
        "rounds": len(rounds),
    }
    base = {k: median(t[k] for t in solo) for k in solo[0]}
    results[1]["solo_median"] = base
    stages = ", ".join(f"{k} {v / 1e6:.1f}" for k, v in base.items() if k not in ("pipeline", "cpu"))
    table.add(
        NUMBER,
        "pipeline at base size (1,000 x 1 KB sources, ~100 KB answer, 5,000 markers)",
        base["pipeline"] / 1e6,
        "<= 50 ms",
        base["pipeline"] <= 50e6,
        "ms",
        note=f"median of {len(solo)} runs on its own; CPU time of this thread {base['cpu'] / 1e6:.0f} ms (all stages); "
        f"stages (ms): {stages} (model_dump is the parser -> post-processor hand-off, not in the sum); "
        f"interleaved with the larger sizes: {results[1]['median']['pipeline'] / 1e6:.0f} ms",
    )

    def chars(factor: int) -> int:
        return results[factor]["source_chars"] + results[factor]["answer_chars"]

    prev = 1
    for factor in done[1:]:
        r = ratio(factor, prev)
        # Characters, not the factor: with more sources the numbers in the markers get longer, so the
        # answer grows a little faster than the factor. Each step is judged by the text it processed.
        step = chars(factor) / chars(prev)
        table.add(
            NUMBER,
            f"time x{factor} / x{prev} input ({step:.3g}x more characters)",
            r,
            f"<= {step * 1.2:.3g}x (linear)",
            r <= step * 1.2,
            "x",
            note=f"x{factor} = {results[factor]['sources']:,} sources, {results[factor]['markers']:,} markers, "
            f"{results[factor]['answer_chars'] / 1e6:.1f} MB answer "
            f"({results[factor]['answer_chars'] / results[prev]['answer_chars']:.3g}x the x{prev} answer): "
            f"{results[factor]['median']['pipeline'] / 1e6:,.0f} ms, {results[factor]['runs']} run(s); "
            f"in CPU time of the thread: {ratio(factor, prev, 'cpu'):.3g}x",
        )
        prev = factor
    top = 10 if 10 in done else done[-1]
    if top != 1:
        r = ratio(top, 1)
        if top != done[1]:  # else the step row above is this one
            table.add(
                NUMBER,
                f"time x{top} / x1 input",
                r,
                f"<= {top * 1.2:g}x (linear)",
                r <= top * 1.2,
                "x",
                note=f"the input has {chars(top) / chars(1):.3g}x the characters "
                f"(answer {results[top]['answer_chars'] / results[1]['answer_chars']:.3g}x, "
                f"sources {results[top]['source_chars'] / results[1]['source_chars']:.3g}x)",
            )
        r = ratio(top, 1, "cpu")
        table.add(
            NUMBER,
            f"same, CPU time of the thread (not slowed by other processes): x{top} / x1",
            r,
            f"<= {top * 1.2:g}x (linear)",
            r <= top * 1.2,
            "x",
        )
        if 100 in done and 10 in done:
            r = ratio(100, 10)
            table.add(
                NUMBER,
                "time x100 / x10 input",
                r,
                "<= 12x (linear)",
                r <= 12,
                "x",
                note=f"in CPU time of the thread: {ratio(100, 10, 'cpu'):.3g}x; the input has "
                f"{chars(100) / chars(10):.3g}x the characters",
            )
        for stage in (
            "build_sources",
            "format_context",
            "filter_citations",
            "build_payload",
            "build_content_blocks",
        ):
            r = ratio(top, 1, stage)
            table.add(
                NUMBER,
                f"  stage {stage}: x{top} / x1",
                r,
                f"(info; linear ~{top}x)",
                None,
                "x",
                note=f"{results[1]['median'][stage] / 1e6:,.1f} -> {results[top]['median'][stage] / 1e6:,.1f} ms",
            )
    for factor, why in skipped:
        table.add(NUMBER, f"x{factor} input", "skipped", "fits the time budget", None, note=why)


SECTION = Section("scale", run, add_arguments)
