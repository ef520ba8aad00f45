#!/usr/bin/env python
"""Evaluation of the lexical support checker (``core/support.py``) on WiCE dev.

Run from the repository root with the project's virtualenv::

    .venv/bin/python scripts/eval/support_eval.py            # table of figures
    .venv/bin/python scripts/eval/support_eval.py --json out.json

Figures (see data/wice/README.md for the data and its licence):

* balanced accuracy on the oracle-chunk dev claims (the oracle retrieval setting, not the original
  WiCE task): a claim is predicted ``supported`` when any of its chunks is; gold ``supported`` vs the
  rest. The logistic weights and the ``unsupported`` threshold are fitted with 5-fold
  cross-validation by claim id (fixed seed), jointly on the oracle chunks and the right/wrong
  windows below; the held-out figure is the honest one, the in-sample figure (fitted on all of dev,
  what ships) is shown beside it. ``HIGH`` is the BA-optimal threshold not below 0.5.
* wrong-source detection on ``claim_dev.jsonl``: each gold-supported claim cites a 14-sentence window
  of its article that holds none of its supporting sentences, next to a window that holds a full
  supporting set and a second distractor window; detection (the wrong citation is not
  ``supported``), ``better_source`` naming the right window, retention (citing the right window is
  ``supported``). Scored with the weights of the fold that held the claim out. The same windows
  for the partially / not supported claims give the counterweight to retention: how often citing
  the window that holds the claim's (partial) supporting sentences is judged ``supported``.
* latency of one ``check`` (better-source comparison included) with 10 sources of ~1 KB.

``run()`` returns the figures as a dict and has no side effects beyond reading the data.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Sequence
from pathlib import Path

import support_distortions
import wice
from wice import DATA, WINDOW

from lfx_citations.core import support

#: ``supported`` needs a score where the model leans to support, above the score a failed hard signal
#: leaves (``support.HARD_CAP``): the BA curve is flat and has a second optimum near 0.5.
HIGH_FLOOR = 0.65
#: At most this share of fully supported citations (oracle chunks of supported claims) is flagged
#: ``unsupported`` by the fitted ``LOW``.
FLAG_RATE = 0.02
#: At least this share of them stays ``supported`` under the fitted ``HIGH`` (in the training folds).
RETAIN_RATE = 0.55


# ---------------------------------------------------------------------------
# Fitting: a small L2-regularised logistic regression (Newton steps), stdlib only
# ---------------------------------------------------------------------------


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    n = len(b)
    m = [[*row[:], b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(n):
            if r != c and m[c][c]:
                f = m[r][c] / m[c][c]
                m[r] = [x - f * y for x, y in zip(m[r], m[c], strict=False)]
    return [m[i][n] / m[i][i] if m[i][i] else 0.0 for i in range(n)]


def fit_logistic(
    x: Sequence[Sequence[float]], y: Sequence[int], offsets: Sequence[float] | None = None, l2: float = 1.0
) -> list[float]:
    """Weights (bias first) with classes balanced, so the rarer ``supported`` class counts as much.

    ``offsets`` are fixed logit terms (the hand-set penalties) the weights are fitted around.
    """
    offsets = offsets or [0.0] * len(y)
    pos = sum(y) or 1
    neg = (len(y) - sum(y)) or 1
    cw = {1: len(y) / (2 * pos), 0: len(y) / (2 * neg)}
    rows = [[1.0, *r] for r in x]
    k = len(rows[0])
    w = [0.0] * k
    for _ in range(25):
        grad = [l2 * w[j] if j else 0.0 for j in range(k)]
        hess = [[(l2 if i == j and i else 0.0) for j in range(k)] for i in range(k)]
        for r, t, o in zip(rows, y, offsets, strict=False):
            z = sum(a * b for a, b in zip(w, r, strict=False)) + o
            p = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
            g, h = cw[t] * (p - t), cw[t] * p * (1 - p)
            for i in range(k):
                grad[i] += g * r[i]
                for j in range(k):
                    hess[i][j] += h * r[i] * r[j]
        step = _solve(hess, grad)
        w = [a - b for a, b in zip(w, step, strict=False)]
        if max(abs(s) for s in step) < 1e-6:
            break
    return w


def balanced_accuracy(pred: Sequence[bool], gold: Sequence[bool]) -> float:
    tp = sum(p and g for p, g in zip(pred, gold, strict=False))
    tn = sum(not p and not g for p, g in zip(pred, gold, strict=False))
    pos = sum(gold) or 1
    neg = (len(gold) - sum(gold)) or 1
    return 100 * (tp / pos + tn / neg) / 2


def best_threshold(
    scores: Sequence[float],
    gold: Sequence[bool],
    floor: float = 0.5,
    window: float = 0.05,
    ceiling: float = 1.0,
) -> float:
    """BA-optimal threshold, not below ``floor``: BA is flat over a wide range and has a second
    optimum at low thresholds that lets wrong-source citations pass, so ``supported`` keeps to
    scores where the class-balanced model leans to support (``operating_points`` shows the trade
    between BA, detection and retention). BA is averaged over ``window`` either side of each
    threshold on a 0.01 grid: the single best point of a flat curve moves from fold to fold. Only
    thresholds up to ``ceiling`` are candidates (``fit_thresholds``: the retention bound)."""
    grid = [round(floor + k / 100, 2) for k in range(round((1 - floor) * 100))]
    ba = {t: balanced_accuracy([s >= t for s in scores], gold) for t in grid}
    smooth = {t: statistics.fmean(v for u, v in ba.items() if abs(u - t) <= window + 1e-9) for t in grid}
    return max((t for t in grid if t <= ceiling + 1e-9), key=lambda t: (smooth[t], -t), default=floor)


def low_threshold(scores: Sequence[float], gold: Sequence[bool], precision: float = 0.95) -> float:
    """Largest threshold whose ``unsupported`` flags (score below it) are right ``precision`` of the time."""
    best = 0.0
    for t in sorted(set(scores)):
        flagged = [g for s, g in zip(scores, gold, strict=False) if s < t]
        if flagged and sum(not g for g in flagged) / len(flagged) >= precision:
            best = t
    return best


# ---------------------------------------------------------------------------
# Data sets
# ---------------------------------------------------------------------------


def oracle_claims(data: Path) -> list[dict]:
    """One entry per claim: gold, and per chunk its features and hard-signal penalty."""
    groups: dict[str, list[dict]] = {}
    for row in wice.load(data / "oracle_chunks_claim_dev.jsonl"):
        groups.setdefault(row["meta"]["id"], []).append(row)
    claims = []
    for cid, rows in groups.items():
        checker = support.SupportChecker({i: "\n".join(r["evidence"]) for i, r in enumerate(rows)})
        chunks = []
        claim = checker.parse(rows[0]["claim"])
        for i in range(len(rows)):
            # A flip (a conflict, a claim the lexicon says goes beyond) caps it like a failed hard signal.
            chunks.append(checker.signals(claim, i))
        claims.append(
            {"id": cid, "gold": rows[0]["label"] == "supported", "label": rows[0]["label"], "chunks": chunks}
        )
    return claims


def wrong_source_cases(data: Path, seed: int = 0) -> list[dict]:
    """Right / wrong / distractor windows for each claim, ids shuffled.

    For a gold-supported claim the right window holds a full supporting set; for a partially or
    not supported claim it holds the annotated (partial) set and no window supports the claim:
    these negatives keep features that compare sources from learning "best of the presented
    sources" as "supported"."""
    rngs = {True: random.Random(seed), False: random.Random(seed + 1000)}
    cases = []
    for row in wice.load(data / "claim_dev.jsonl"):
        gold = row["label"] == "supported"
        if not row["supporting_sentences"]:
            continue
        sents, sets = row["evidence"], row["supporting_sentences"]
        support_any = {i for s in sets for i in s}
        need = sorted(sets[0])
        if not need:
            continue
        # Negative cases draw from their own stream so the positive windows do not depend on them.
        rng = rngs[gold]
        n = len(sents)
        right = [a for a in range(max(0, n - WINDOW) + 1) if a <= need[0] and need[-1] < a + WINDOW]
        clean = [a for a in range(max(0, n - WINDOW) + 1) if not support_any & set(range(a, a + WINDOW))]
        if not right or not clean:
            continue
        wrong = rng.choice(clean)
        far = [a for a in clean if abs(a - wrong) >= WINDOW] or [a for a in clean if a != wrong]
        starts = [rng.choice(right), wrong] + ([rng.choice(far)] if far else [])
        ids = rng.sample(range(1, len(starts) + 1), len(starts))
        texts = {sid: "\n".join(sents[a : a + WINDOW]) for sid, a in zip(ids, starts, strict=False)}
        checker = support.SupportChecker(texts)
        claim = checker.parse(row["claim"])
        # Training rows for the joint fit: only the right window of a supported claim supports it.
        rows = []
        for sid in ids:
            found = checker.signals(claim, sid)
            if found:
                rows.append((*found, int(gold and sid == ids[0])))
        cases.append(
            {
                "id": row["meta"]["id"],
                "claim": row["claim"],
                "texts": texts,
                "right": ids[0],
                "wrong": ids[1],
                "rows": rows,
                "gold": gold,
            }
        )
    return cases


def _judge(case: dict, weights: Sequence[float], high: float, low: float, cited: int) -> support.Judgement:
    with wice.constants(weights, high, low):
        return support.SupportChecker(case["texts"]).check(case["claim"], cited)


# ---------------------------------------------------------------------------
# Figures
# ---------------------------------------------------------------------------


def fit_thresholds(claims: list[dict], cases: list[dict]) -> tuple[list[float], float, float]:
    """Weights fitted jointly on oracle chunks and right/wrong windows, then the thresholds.

    weights, high, low = fit_thresholds(train_claims, train_cases)  # uncited_eval.py fits through fold_models
    """
    x, y, offsets = [], [], []
    for c in claims:
        for ch in c["chunks"]:
            if ch:
                x.append(ch[0])
                y.append(int(c["gold"]))
                offsets.append(-ch[1])
    for case in cases:
        for features, penalty, _, label in case["rows"]:
            x.append(features)
            y.append(label)
            offsets.append(-penalty)
    w = fit_logistic(x, y, offsets)
    # Capped scores stay below every threshold the search may pick (HIGH >= 0.5).
    with wice.constants(high=0.5):
        scores = [_claim_score(c, w) for c in claims]
        # Every oracle chunk of a supported claim holds a full supporting set: citing it is right.
        right = sorted(
            support.combine(f, p, c, tuple(w))
            for claim in claims
            if claim["gold"]
            for f, p, c in filter(None, claim["chunks"])
        )
    gold = [c["gold"] for c in claims]
    # A supported citation is the point of citing: HIGH keeps RETAIN_RATE of the fully supported
    # citations supported. BA is flat over a wide band, so this costs it little (``operating_points``).
    ceiling = right[min(len(right) - 1, int((1 - RETAIN_RATE) * len(right)))] if right else 1.0
    high = best_threshold(scores, gold, floor=HIGH_FLOOR, ceiling=ceiling)
    # An "unsupported" flag is a visible warning: few fully supported citations may get one.
    citation_low = right[int(FLAG_RATE * len(right))] if right else 0.0
    return w, high, min(high, low_threshold(scores, gold), citation_low)


def _claim_score(claim: dict, w: Sequence[float]) -> float:
    return max(
        (support.combine(f, p, c, tuple(w)) for f, p, c in (ch for ch in claim["chunks"] if ch)), default=0.0
    )


def _classification(claims: list[dict], scores: list[float], high: float, low: float) -> dict:
    gold = [c["gold"] for c in claims]
    flagged = [c for c, s in zip(claims, scores, strict=False) if s < low]
    return {
        "balanced_accuracy": balanced_accuracy([s >= high for s in scores], gold),
        "tpr": 100 * sum(s >= high and g for s, g in zip(scores, gold, strict=False)) / max(1, sum(gold)),
        "tnr": 100
        * sum(s < high and not g for s, g in zip(scores, gold, strict=False))
        / max(1, len(gold) - sum(gold)),
        "unsupported_flags": len(flagged),
        "unsupported_precision": 100 * sum(not c["gold"] for c in flagged) / len(flagged)
        if flagged
        else None,
        "unsupported_flag_not_supported": sum(c["label"] == "not_supported" for c in flagged),
        "uncertain_share": 100 * sum(support.is_uncertain(s) for s in scores) / max(1, len(scores)),
        "accuracy_outside_uncertain": 100
        * sum((s >= high) == g for s, g in zip(scores, gold, strict=False) if not support.is_uncertain(s))
        / max(1, sum(not support.is_uncertain(s) for s in scores)),
        "accuracy_inside_uncertain": 100
        * sum((s >= high) == g for s, g in zip(scores, gold, strict=False) if support.is_uncertain(s))
        / max(1, sum(support.is_uncertain(s) for s in scores)),
    }


def _wrong_source(cases: list[dict], models: dict[str, tuple[list[float], float, float]]) -> dict:
    detected = better = retained = false_better = 0
    negatives = [c for c in cases if not c["gold"]]
    false_support = sum(_judge(c, *models[c["id"]], c["right"]).verdict == "supported" for c in negatives)
    cases = [c for c in cases if c["gold"]]
    for case in cases:
        w, high, low = models[case["id"]]
        wrong = _judge(case, w, high, low, case["wrong"])
        right = _judge(case, w, high, low, case["right"])
        detected += wrong.verdict != "supported"
        better += wrong.better_source == case["right"]
        retained += right.verdict == "supported"
        false_better += right.better_source is not None
    n = max(1, len(cases))
    return {
        "cases": len(cases),
        "detection": 100 * detected / n,
        "better_source_right": 100 * better / n,
        "retention": 100 * retained / n,
        "better_source_when_right_cited": 100 * false_better / n,
        "partial_best_window_supported": 100 * false_support / max(1, len(negatives)),
        "partial_cases": len(negatives),
    }


def distortion_cases(data: Path, labels: tuple[str, ...] = ("supported",)) -> list[dict]:
    """Each claim of ``labels`` (gold-supported by default) with all its oracle chunks, presented
    together (ids 1..n)."""
    rows = wice.load(data / "oracle_chunks_claim_dev.jsonl")
    groups: dict[str, list[dict]] = {}
    for row in rows:
        groups.setdefault(row["meta"]["id"], []).append(row)
    return [
        {
            "id": cid,
            "claim": g[0]["claim"],
            "label": g[0]["label"],
            "texts": {i: "\n".join(r["evidence"]) for i, r in enumerate(g, 1)},
        }
        for cid, g in groups.items()
        if g[0]["label"] in labels
    ]


def supported_best_first(judged: dict[int, support.Judgement]) -> list[int]:
    """The sources judged ``supported``, highest score first."""
    return [sid for sid, j in sorted(judged.items(), key=lambda x: -x[1].score) if j.verdict == "supported"]


def direction_sets(cases: list[dict], models: dict[str, tuple[list[float], float, float]]) -> dict:
    """Direction reversals beyond the gold-supported claims, which seldom hold a direction word their
    chunk states. Every dev claim, whatever its label, cited with the chunk the checker supports best
    (held out): ``held``, a direction word that chunk holds reversed (the rule of the distortion set);
    ``wide``, any direction word of the claim reversed, held by the chunk or not. Each: cases, not
    ``supported``, ``contradicted``; and the same for the claims whose chunk holds the word or its
    antonym anywhere (``wide_seen``), the only ones a lexical check can see."""
    rows = {k: [0, 0, 0] for k in ("held", "wide", "wide_seen")}
    for case in cases:
        w, high, low = models[case["id"]]
        with wice.constants(w, high, low):
            judged = support.SupportChecker(case["texts"]).check_all(case["claim"])
            right = supported_best_first(judged)
            if not right:
                continue
            chunk = case["texts"][right[0]]
            words = {t.lower() for t in support_distortions._WORD.findall(chunk)}
            for name, claim in (
                ("held", support_distortions.reverse_direction(case["claim"], chunk, None)),
                ("wide", support_distortions.reverse_direction(case["claim"], None, None)),
            ):
                if claim is None:
                    continue
                j = support.SupportChecker(case["texts"]).check(claim, right[0])
                seen = {w.lower() for w in support_distortions._WORD.findall(claim)} ^ {
                    w.lower() for w in support_distortions._WORD.findall(case["claim"])
                }
                for key in (name, "wide_seen") if name == "wide" and seen & words else (name,):
                    rows[key][0] += 1
                    rows[key][1] += j.verdict != "supported"
                    rows[key][2] += j.verdict == "contradicted"
    return {
        k: {"cases": n, "not_supported": 100 * ns / max(1, n), "contradicted": 100 * c / max(1, n)}
        for k, (n, ns, c) in rows.items()
    }


def distortions(
    cases: list[dict], models: dict[str, tuple[list[float], float, float]], pool: dict, seed: int = 0
) -> dict:
    """Held-out figures on the distortion set (each claim judged with the fold that held it out).

    Originals: every (claim, chunk) citation of a gold-supported claim (each oracle chunk holds a full
    supporting set): still ``supported``, and flagged (``unsupported`` or ``contradicted``). Distorted:
    for each claim whose best chunk the checker supports, each kind of distortion of the claim cited
    with that chunk: no longer ``supported``, and ``contradicted``.
    """
    citations = supported = flagged = 0
    by_kind = {
        k: {"cases": 0, "not_supported": 0, "contradicted": 0, "right_kind": 0}
        for k in support_distortions.KINDS
    }
    examples: dict[str, list[tuple[str, str]]] = {k: [] for k in support_distortions.KINDS}
    for case in cases:
        w, high, low = models[case["id"]]
        with wice.constants(w, high, low):
            judged = support.SupportChecker(case["texts"]).check_all(case["claim"])
            for j in judged.values():
                citations += 1
                supported += j.verdict == "supported"
                flagged += j.verdict in ("unsupported", "contradicted")
            right = supported_best_first(judged)
            if not right:
                continue
            cited = right[0]
            presented = list(case["texts"].values())
            for kind in support_distortions.KINDS:
                claim = support_distortions.distort(
                    kind, case["claim"], case["texts"][cited], presented, pool, seed
                )
                if claim is None:
                    continue
                j = support.SupportChecker(case["texts"]).check(claim, cited)
                row = by_kind[kind]
                row["cases"] += 1
                row["not_supported"] += j.verdict != "supported"
                row["contradicted"] += j.verdict == "contradicted"
                row["right_kind"] += j.conflict is not None and j.conflict.kind == kind
                if j.verdict == "supported":
                    examples[kind].append((claim, case["texts"][cited]))
    out: dict = {
        "citations": citations,
        "originals_supported": 100 * supported / max(1, citations),
        "originals_flagged": 100 * flagged / max(1, citations),
    }
    for kind, row in by_kind.items():
        n = max(1, row["cases"])
        out[kind] = {
            "cases": row["cases"],
            "not_supported": 100 * row["not_supported"] / n,
            "contradicted": 100 * row["contradicted"] / n,
            "conflict_of_that_kind": 100 * row["right_kind"] / n,
        }
    out["missed"] = {k: v[:5] for k, v in examples.items()}
    return out


def copied_cases(data: Path, seed: int = 0, per_article: int = 3) -> list[dict]:
    """Sentences of the cited articles copied as claims, each citing its 14-sentence window beside a
    second window of the same article: the source says exactly the claim, so every distortion of it is
    one the source does not say. Sentences of 8 to 40 words that end a sentence; a few per article."""
    rng = random.Random(seed)
    cases = []
    for row in wice.load(data / "claim_dev.jsonl"):
        sents = row["evidence"]
        good = [k for k, t in enumerate(sents) if 8 <= len(t.split()) <= 40 and t.rstrip().endswith(".")]
        for k in rng.sample(good, min(per_article, len(good))):
            start = max(0, min(k - rng.randrange(WINDOW), len(sents) - WINDOW))
            other = [a for a in range(0, max(1, len(sents) - WINDOW + 1)) if abs(a - start) >= WINDOW]
            texts = {1: "\n".join(sents[start : start + WINDOW])}
            if other:
                a = rng.choice(other)
                texts[2] = "\n".join(sents[a : a + WINDOW])
            claim = sents[k].rstrip().rstrip(".")
            cases.append(
                {
                    "id": f"{row['meta']['id']}:{k}",
                    "claim_id": row["meta"]["id"],
                    "claim": claim,
                    "texts": texts,
                }
            )
    return cases


def copied_distortions(cases: list[dict], models: dict, pool: dict, seed: int = 0) -> dict:
    """Held-out figures on the copied sentences: the copy stays ``supported``; each distortion is not."""
    supported = 0
    by_kind = {k: [0, 0, 0] for k in support_distortions.KINDS}  # cases, not supported, contradicted
    for case in cases:
        w, high, low = models.get(case["claim_id"], models["*"])
        with wice.constants(w, high, low):
            supported += support.SupportChecker(case["texts"]).check(case["claim"], 1).verdict == "supported"
            for kind in support_distortions.KINDS:
                claim = support_distortions.distort(
                    kind, case["claim"], case["texts"][1], list(case["texts"].values()), pool, seed
                )
                if claim is None:
                    continue
                j = support.SupportChecker(case["texts"]).check(claim, 1)
                row = by_kind[kind]
                row[0] += 1
                row[1] += j.verdict != "supported"
                row[2] += j.verdict == "contradicted"
    out: dict = {"cases": len(cases), "copies_supported": 100 * supported / max(1, len(cases))}
    for kind, (n, ns, con) in by_kind.items():
        out[kind] = {"cases": n, "not_supported": 100 * ns / max(1, n), "contradicted": 100 * con / max(1, n)}
    return out


def latency(
    data: Path, n_sources: int = 10, size: int = 1000, trials: int = 300, repeats: int = 3, seed: int = 0
) -> dict:
    """Milliseconds of one ``check`` (every source scored, better source chosen) on a fresh claim.

    Each claim is timed ``repeats`` times on fresh checkers; the per-claim minimum removes the
    scheduler noise of a shared machine (the raw single-shot p95 is reported too). The lexicon's
    caches then hold the claim's words, so the p95 of each claim's first check (``check_p95_first_ms``,
    the caches warm only from the claims before it, as in a server) is reported beside it.
    """
    rng = random.Random(seed)
    rows = wice.load(data / "claim_dev.jsonl")
    best, raw, first, builds, scored = [], [], [], [], []
    for _ in range(trials):
        texts = wice.random_sources(rng, rows, n_sources, size)
        claim = rng.choice(rows)["claim"]
        cited = rng.randrange(1, n_sources + 1)
        times = []
        for _ in range(repeats):
            t0 = time.perf_counter_ns()
            checker = support.SupportChecker(texts)
            t1 = time.perf_counter_ns()
            checker.check(claim, cited)
            times.append((time.perf_counter_ns() - t1) / 1e6)
            builds.append((t1 - t0) / 1e6)
        raw += times
        first.append(times[0])
        best.append(min(times))
        scored.append(checker.sentences_scored)
    for times in (best, raw, first):
        times.sort()
    return {
        "check_median_ms": statistics.median(best),
        "check_p95_ms": best[int(0.95 * (len(best) - 1))],
        "check_p95_raw_ms": raw[int(0.95 * (len(raw) - 1))],
        "check_p95_first_ms": first[int(0.95 * (len(first) - 1))],
        "build_median_ms": statistics.median(builds),
        "sentences_scored_median": statistics.median(scored),
    }


def fold_models(
    claims: list[dict], cases: list[dict], folds: int, seed: int
) -> tuple[dict[str, int], list[tuple[list[float], float, float]]]:
    """The checker fitted without each fold (by claim): claim id -> fold, and each fold's fit.

    fold_of, fitted = fold_models(oracle_claims(DATA), wrong_source_cases(DATA), 5, 0)  # fitted[k]: (w, high, low)
    """
    fold_of = wice.folds((c["id"] for c in claims), folds, seed)
    fitted = [
        fit_thresholds(
            [c for c in claims if fold_of[c["id"]] != k], [c for c in cases if fold_of.get(c["id"], -1) != k]
        )
        for k in range(folds)
    ]
    return fold_of, fitted


def run(data: Path = DATA, folds: int = 5, seed: int = 0, trials: int = 300) -> dict:
    claims = oracle_claims(data)
    cases = wrong_source_cases(data, seed)
    held_scores: dict[str, float] = {}
    held_cls = []
    models: dict[str, tuple[list[float], float, float]] = {}
    fold_of, fitted = fold_models(claims, cases, folds, seed)
    for k, (w, high, low) in enumerate(fitted):
        test = [c for c in claims if fold_of[c["id"]] == k]
        with wice.constants(high=high):  # capped scores follow the fold's own threshold
            for c in test:
                held_scores[c["id"]] = _claim_score(c, w)
                models[c["id"]] = (w, high, low)
        held_cls.append((test, [held_scores[c["id"]] for c in test], high, low))
    # Held-out verdicts use each fold's own thresholds; pooled so every claim counts once.
    pooled_pred = []
    gold = []
    for test, scores, high, _low in held_cls:
        pooled_pred += [s >= high for s in scores]
        gold += [c["gold"] for c in test]
    w_all, high_all, low_all = fit_thresholds(claims, cases)
    cv = _classification(claims, [held_scores[c["id"]] for c in claims], high_all, low_all)
    cv["balanced_accuracy"] = balanced_accuracy(pooled_pred, gold)
    cv_low = [
        (c, s) for test, scores, _, low in held_cls for c, s in zip(test, scores, strict=False) if s < low
    ]
    cv["unsupported_flags"] = len(cv_low)
    cv["unsupported_precision"] = (
        100 * sum(not c["gold"] for c, _ in cv_low) / len(cv_low) if cv_low else None
    )
    in_sample = _classification(claims, [_claim_score(c, w_all) for c in claims], high_all, low_all)
    ws_cv = _wrong_source(cases, {c["id"]: models.get(c["id"], (w_all, high_all, low_all)) for c in cases})
    ws_in = _wrong_source(cases, {c["id"]: (w_all, high_all, low_all) for c in cases})
    points = {}
    for t in (0.4, 0.5, 0.6, 0.7):
        with wice.constants(high=t):  # the cap follows the threshold
            positives = [case for case in cases if case["gold"]]
            right = [support.combine(*case["rows"][0][:3], tuple(w_all)) for case in positives]
            wrong = [support.combine(*case["rows"][1][:3], tuple(w_all)) for case in positives]
            partial = [support.combine(*c["rows"][0][:3], tuple(w_all)) for c in cases if not c["gold"]]
            points[t] = {
                "balanced_accuracy_in_sample": balanced_accuracy(
                    [_claim_score(c, w_all) >= t for c in claims], [c["gold"] for c in claims]
                ),
                "detection": 100 * sum(s < t for s in wrong) / max(1, len(wrong)),
                "retention": 100 * sum(s >= t for s in right) / max(1, len(right)),
                "partial_best_window_supported": 100 * sum(s >= t for s in partial) / max(1, len(partial)),
            }
    all_claims = sorted({r["claim"] for r in wice.load(data / "oracle_chunks_claim_dev.jsonl")})
    dcases = distortion_cases(data)
    distorted = distortions(
        dcases,
        {c["id"]: models.get(c["id"], (w_all, high_all, low_all)) for c in dcases},
        support_distortions.name_pool(all_claims),
        seed,
    )
    every = distortion_cases(data, ("supported", "partially_supported", "not_supported"))
    directions = direction_sets(
        every, {c["id"]: models.get(c["id"], (w_all, high_all, low_all)) for c in every}
    )
    copied = copied_distortions(
        copied_cases(data, seed),
        {**models, "*": (w_all, high_all, low_all)},
        support_distortions.name_pool(all_claims),
        seed,
    )
    return {
        "claims": len(claims),
        "distortions": distorted,
        "directions": directions,
        "copied": copied,
        "operating_points": points,
        "cross_validated": cv,
        "in_sample": in_sample,
        "wrong_source_cross_validated": ws_cv,
        "wrong_source_in_sample": ws_in,
        "folds": sorted({(round(h, 4), round(lo, 4)) for _, h, lo in models.values()}),
        "fitted": {
            "weights": [round(x, 3) for x in w_all],
            "high": round(high_all, 4),
            "low": round(low_all, 4),
        },
        "latency": latency(data, trials=trials, seed=seed) if trials else None,
    }


def _fmt(value: float | int | None) -> str:
    return "-" if value is None else f"{value:.1f}" if isinstance(value, float) else str(value)


def _table(figures: dict) -> str:
    goals = {
        "balanced_accuracy": ">= 75",
        "detection": ">= 97",
        "better_source_right": ">= 95",
        "retention": ">= 85",
    }
    lines = [f"{'figure':<34}{'held-out (5-fold CV)':>22}{'in-sample':>12}{'goal':>10}"]
    for key in (
        "balanced_accuracy",
        "tpr",
        "tnr",
        "unsupported_flags",
        "unsupported_precision",
        "uncertain_share",
        "accuracy_outside_uncertain",
        "accuracy_inside_uncertain",
    ):
        cv, ins = figures["cross_validated"][key], figures["in_sample"][key]

        lines.append(f"{key:<34}{_fmt(cv):>22}{_fmt(ins):>12}{goals.get(key, ''):>10}")
    for key in (
        "cases",
        "detection",
        "better_source_right",
        "retention",
        "better_source_when_right_cited",
        "partial_cases",
        "partial_best_window_supported",
    ):
        cv, ins = figures["wrong_source_cross_validated"][key], figures["wrong_source_in_sample"][key]

        lines.append(f"{'wrong_source.' + key:<34}{_fmt(cv):>22}{_fmt(ins):>12}{goals.get(key, ''):>10}")
    if figures["latency"]:
        for key, value in figures["latency"].items():
            goal = {"check_median_ms": "<= 1", "check_p95_ms": "<= 5", "check_p95_first_ms": "<= 5"}.get(
                key, ""
            )
            lines.append(f"{'latency.' + key:<34}{value:>22.3f}{'':>12}{goal:>10}")
    lines.append("operating points (weights fitted on all dev; threshold HIGH):")
    for t, p in figures["operating_points"].items():
        lines.append(
            f"  HIGH={t:.1f}: BA {p['balanced_accuracy_in_sample']:.1f}, detection {p['detection']:.1f}, "
            f"retention {p['retention']:.1f}, partial claims' best window supported "
            f"{p['partial_best_window_supported']:.1f}"
        )
    d = figures["distortions"]
    lines.append(
        f"distortion set (held-out; {d['citations']} citations of gold-supported claims): originals still "
        f"supported {d['originals_supported']:.1f} (>= 55), flagged {d['originals_flagged']:.1f} (<= 5)"
    )
    goals = {"negation": 95, "name": 95, "direction": 80, "number": 95}
    for kind in support_distortions.KINDS:
        row = d[kind]
        lines.append(
            f"  {kind:<10} {row['cases']:>4} cases: no longer supported {row['not_supported']:5.1f} "
            f"(>= {goals[kind]}), contradicted {row['contradicted']:5.1f}, of that kind {row['conflict_of_that_kind']:5.1f}"
        )
    for key, row in figures["directions"].items():
        lines.append(
            f"  direction, every dev claim ({key}) {row['cases']:>4} cases: no longer supported "
            f"{row['not_supported']:5.1f}, contradicted {row['contradicted']:5.1f}"
        )
    c = figures["copied"]
    lines.append(
        f"copied source sentences ({c['cases']}): copies still supported {c['copies_supported']:.1f}"
    )
    for kind in support_distortions.KINDS:
        row = c[kind]
        lines.append(
            f"  {kind:<10} {row['cases']:>4} cases: no longer supported {row['not_supported']:5.1f}, "
            f"contradicted {row['contradicted']:5.1f}"
        )
    lines.append(f"fitted on all dev (ships): {figures['fitted']}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> None:
    wice.command_line(__doc__ or "", run, _table, argv, seed=0)


if __name__ == "__main__":
    main()
