"""Interleaved timing: each function sampled in turn, the order rotating every round, medians taken.

    from benchmarks.timing import interleaved, median

    samples = interleaved({"a": lambda: sorted(range(1_000)), "b": lambda: list(range(1_000))}, rounds=5)
    ratio = median(samples["a"]) / median(samples["b"])  # both measured side by side, in this run

Clocks are ``time.perf_counter_ns`` (wall) and ``time.thread_time_ns`` (this thread's CPU time).
"""

from __future__ import annotations

import gc
import statistics
import time
from collections.abc import Callable, Iterable
from typing import Any

ns = time.perf_counter_ns


def median(xs: Iterable[float]) -> float:
    return float(statistics.median(list(xs)))


def time_it(fn: Callable[[], Any], loops: int, cpu: list[float] | None = None) -> float:
    """Wall nanoseconds per call of ``fn`` over ``loops`` calls (GC collected first, left enabled).

    With ``cpu`` given, the CPU time this thread spent per call is appended to it: on a busy machine
    it shows what one core does when it is not shared.
    """
    gc.collect()
    c0 = time.thread_time_ns()
    t0 = ns()
    for _ in range(loops):
        fn()
    wall = (ns() - t0) / loops
    if cpu is not None:
        cpu.append((time.thread_time_ns() - c0) / loops)
    return wall


def calibrate(fn: Callable[[], Any], target_ns: float) -> int:
    """How many calls of ``fn`` take about ``target_ns`` (1 to 10,000), judged from one call."""
    t = time_it(fn, 1)
    return max(1, min(10_000, int(target_ns / max(t, 1))))


def interleaved(
    fns: dict[Any, Callable[[], Any]], rounds: int, cpu: dict[Any, list[float]] | None = None
) -> dict[Any, list[float]]:
    """Wall ns per call of each function, ``rounds`` samples each, the order rotating every round.

    Each sample repeats its call for about 30 ms. With ``cpu``, each function's CPU-time samples too.
    """
    loops = {key: calibrate(fn, 30e6) for key, fn in fns.items()}
    samples: dict[Any, list[float]] = {key: [] for key in fns}
    keys = list(fns)
    for r in range(rounds):
        for key in keys[r % len(keys) :] + keys[: r % len(keys)]:
            samples[key].append(time_it(fns[key], loops[key], None if cpu is None else cpu[key]))
    return samples
