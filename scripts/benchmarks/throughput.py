"""Section 2, filter throughput: the streaming filter on 1 KB, 10 KB and 100 KB answers.

    .venv/bin/python scripts/bench.py --only throughput

Three timed shapes per answer, interleaved: the component's streaming generator, a pass-through
generator yielding the same tokens (the floor), and one-shot ``filter_citations``. ``streaming`` and
``one_shot`` are reused by scripts/bench_compare.py, so both sides of a comparison time the same shape.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

from .corpus import make_answer, tokenize
from .section import Context, Section
from .timing import interleaved, median

NUMBER = "2"


def streaming(names: Any, presented: list[int], tokens: list[str], **options: Any) -> Callable[[], str]:
    """The component's streaming shape: a generator feeding every token to a fresh filter.

    ``options`` go to the filter: ``track_claims=True`` is what the default support check (flag) adds
    while the answer streams; the verdicts themselves are computed once the stream has ended.
    """

    def gen() -> Iterator[str]:
        engine = names.CitationFilter(presented, **options)
        for tok in tokens:
            piece = engine.feed(tok)
            if piece:
                yield piece
        tail = engine.close()
        if tail:
            yield tail

    return lambda: "".join(gen())


def one_shot(names: Any, presented: list[int], text: str) -> Callable[[], str]:
    """The non-streaming shape: the whole answer through ``filter_citations`` at once."""
    return lambda: names.filter_citations(text, presented).text


def passthrough(tokens: list[str]) -> Callable[[], str]:
    """A generator yielding the tokens as they come: what streaming costs without a filter."""

    def gen() -> Iterator[str]:
        for tok in tokens:
            if tok:
                yield tok

    return lambda: "".join(gen())


def run(ctx: Context) -> None:
    table, names, seed, raw = ctx.table, ctx.names, ctx.seed, ctx.raw
    repeats = 2 if ctx.quick else 9
    rng = random.Random(seed + 2)
    presented = list(range(1, 9))
    sizes = {"1 KB": 1_024, "10 KB": 10_240, "100 KB": 102_400}
    cases = {}
    for label, size in sizes.items():
        text = make_answer(rng, size, 8)
        cases[label] = (text, tokenize(text, rng))

    methods = {}
    for label, (text, tokens) in cases.items():
        methods[(label, "stream")] = streaming(names, presented, tokens)
        methods[(label, "claims")] = streaming(names, presented, tokens, track_claims=True)
        methods[(label, "pass")] = passthrough(tokens)
        methods[(label, "oneshot")] = one_shot(names, presented, text)
    cpu: dict[Any, list[float]] = {key: [] for key in methods}
    samples = interleaved(methods, repeats, cpu)

    result = {}
    for label, (text, tokens) in cases.items():
        s, p, o, c = (median(samples[(label, m)]) for m in ("stream", "pass", "oneshot", "claims"))
        result[label] = {
            "chars": len(text),
            "tokens": len(tokens),
            "stream_ns": s,
            "passthrough_ns": p,
            "oneshot_ns": o,
            "tokens_per_s": len(tokens) / (s / 1e9),
            "claims_tokens_per_s": len(tokens) / (c / 1e9),
            "ns_per_token": s / len(tokens),
            "tokens_per_cpu_s": len(tokens) / (median(cpu[(label, "stream")]) / 1e9),
            "vs_passthrough": s / p,
            "vs_oneshot": s / o,
        }
    raw["throughput"] = result
    for label, r in result.items():
        table.add(
            NUMBER,
            f"streaming filter, {label} answer ({r['tokens']:,} tokens)",
            r["tokens_per_s"],
            ">= 200,000 tokens/s",
            r["tokens_per_s"] >= 200_000,
            "tokens/s",
            note=f"per CPU-second of this thread: {r['tokens_per_cpu_s']:,.0f} tokens/s",
        )
    for label, r in result.items():
        table.add(
            NUMBER,
            f"streaming filter with the support check's claim tracking (flag), {label}",
            r["claims_tokens_per_s"],
            ">= 200,000 tokens/s",
            r["claims_tokens_per_s"] >= 200_000,
            "tokens/s",
        )
    for label, r in result.items():
        table.add(
            NUMBER, f"streaming / pass-through generator, {label}", r["vs_passthrough"], "(info)", None, "x"
        )
    for label, r in result.items():
        table.add(
            NUMBER,
            f"streaming / one-shot filter_citations, {label}",
            r["vs_oneshot"],
            "<= 3x",
            r["vs_oneshot"] <= 3,
            "x",
        )
    growth = result["100 KB"]["ns_per_token"] / result["1 KB"]["ns_per_token"]
    pass_growth = (result["100 KB"]["passthrough_ns"] / result["100 KB"]["tokens"]) / (
        result["1 KB"]["passthrough_ns"] / result["1 KB"]["tokens"]
    )
    table.add(
        NUMBER,
        "per-token time of the streaming filter, 100 KB / 1 KB answer",
        growth,
        "<= 2x (flat; a rescan per token: ~100x)",
        growth <= 2,
        "x",
        note=f"the pass-through generator itself grows {pass_growth:.2f}x between these sizes in this run "
        "(allocation and cache effects of 100x more text)",
    )


SECTION = Section("throughput", run)
