#!/usr/bin/env python
"""Evaluation of the citations inserted where an answer left a claim uncited (``core/uncited.py``).

Run from the repository root with the project's virtualenv::

    .venv/bin/python scripts/eval/uncited_eval.py              # table of figures
    .venv/bin/python scripts/eval/uncited_eval.py --json out.json

The cases come from WiCE dev (``data/wice/``, see its README for the data and its licence). Each one
is an answer of one sentence, a claim with no marker, run through the citation filter in ``insert``
mode beside three presented chunks (the real path: the claim is found by ``UncitedClaims``, its
source picked by ``pick_source`` over ``SupportChecker.check_all``):

* **stripped claims**: every dev claim with an annotated supporting set, beside the 14-sentence window
  of its article that holds that set (the right chunk) and two windows of the same article that hold
  no full supporting set and share the most words with the claim (the distractors a retriever would
  bring back beside it; they may overlap the right chunk and hold part of the support). A
  ``supported`` claim's right chunk fully supports it; a ``partially_supported`` or ``not_supported``
  claim has no fully supporting chunk, so any citation inserted for it is wrong.
* **distorted claims**: each ``supported`` claim changed in one element (``support_distortions``:
  negation, name, direction, number) beside the same chunks: none supports it any more.
* **copied sentences** (closer to what a RAG model writes: a chunk's sentence in its own words): two
  sentences of 8 to 40 words from each cited article, beside the window that holds the sentence and the
  two most claim-like windows that do not; each one also blended with another article's claim
  (``"<sentence>, and <other claim>"``: no chunk fully supports it) and distorted as above.

Figures, per family: **precision**, the inserted citations that point at the right chunk of a
``supported`` (or copied) claim, over all inserted citations, at the family's own mix (WiCE: 92
supported claims of 257, 37 %; with its distorted claims, 19 %; copied: 683 faithful of 2,937, 23 %);
**recovery**, the ``supported`` (or copied) claims that get their right chunk back. The margin, the
floor and the content-word coverage of ``pick_source`` are chosen by 5-fold cross-validation by
claim: on the other folds, the rule that maximizes F0.5 (precision weighted over recovery, as a citation nobody asked for must be right),
averaged over the two families of cases, then applied to the held-out fold. The support checker's own weights are refitted per fold as
``scripts/eval/support_eval.py`` does, so no held-out claim has been seen by anything that judges it.
``--seeds`` redraws the folds. The shipped constants are the rule chosen on all of dev.

Latency: one sentence with no marker through the filter in ``insert`` mode (claim found, every
source judged, the source picked, the marker written), 10 sources of about 1 KB.

``run()`` returns the figures as a dict and has no side effects beyond reading the data.
"""

from __future__ import annotations

import random
import re
import statistics
import time
from collections.abc import Sequence
from pathlib import Path

import support_distortions
import support_eval
import wice
from wice import DATA, WINDOW, constants

from lfx_citations.core import support, uncited
from lfx_citations.core.engine import CitationFilter
from lfx_citations.core.payload import SupportLedger

#: The pairs tried for (margin, floor): the floor never below ``support.HIGH`` ("supported").
MARGINS = (0.0, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.4)
FLOORS = (0.0, 0.8, 0.85, 0.9)  # 0.0: no floor above "supported" itself
#: The content-word coverage tried with each pair (``uncited.CITE_COVERAGE``; 0.0: no such rule).
COVERAGES = (0.0, 0.6, 0.7, 0.8)
BETA = 0.5


def _words(text: str) -> set[str]:
    return set(re.findall(r"\w+", text.casefold()))


# ---------------------------------------------------------------------------
# Cases
# ---------------------------------------------------------------------------


def beside_distractors(
    rng: random.Random, sents: list[str], claim: str, right: int, others: list[int]
) -> tuple[dict[int, str], int, int]:
    """The window starting at ``right`` and the two of ``others`` (two or more starts) that share the
    most words with ``claim``, as sources 1-3 in random order: (texts, the right window's id, the
    first distractor's start)."""
    claim_words = _words(claim)
    others = sorted(others, key=lambda a: (-len(claim_words & _words(" ".join(sents[a : a + WINDOW]))), a))
    first = others[0]
    # The second distractor is not the first one shifted by a sentence or two.
    second = next((a for a in others[1:] if abs(a - first) >= WINDOW // 2), others[1])
    ids = rng.sample(range(1, 4), 3)
    texts = {
        sid: "\n".join(sents[a : a + WINDOW]) for sid, a in zip(ids, (right, first, second), strict=True)
    }
    return texts, ids[0], first


def stripped_cases(data: Path, seed: int = 0) -> list[dict]:
    """Each claim with its right window and the two most claim-like windows without a full supporting set."""
    rng = random.Random(seed)
    cases = []
    for row in wice.load(data / "claim_dev.jsonl"):
        sets = [set(s) for s in row["supporting_sentences"] if s]
        if not sets:
            continue
        sents, n = row["evidence"], len(row["evidence"])
        need = sorted(sets[0])
        starts = range(max(0, n - WINDOW) + 1)
        right = [a for a in starts if a <= need[0] and need[-1] < a + WINDOW]
        if not right:
            continue
        r = rng.choice(right)
        others = [a for a in starts if a != r and not any(s <= set(range(a, a + WINDOW)) for s in sets)]
        if len(others) < 2:
            continue
        texts, right_id, first = beside_distractors(rng, sents, row["claim"], r, others)
        partial_distractor = any(s & set(range(first, first + WINDOW)) for s in sets)
        cases.append(
            {
                "id": row["meta"]["id"],
                "claim": row["claim"],
                "texts": texts,
                "right": right_id,
                "kind": "supported" if row["label"] == "supported" else row["label"],
                "hard": partial_distractor,
            }
        )
    return cases


def copied_cases(data: Path, seed: int = 0, per_article: int = 2) -> list[dict]:
    """Sentences of the cited articles copied as claims, as a model writes what a chunk says, beside the
    window that holds the sentence and the two most claim-like windows that do not; each also blended
    with another article's claim ("<copied>, and <other claim>"), which no chunk fully supports."""
    rng = random.Random(seed)
    rows = wice.load(data / "claim_dev.jsonl")
    cases = []
    for row in rows:
        sents, n = row["evidence"], len(row["evidence"])
        good = [k for k, t in enumerate(sents) if 8 <= len(t.split()) <= 40 and t.rstrip().endswith(".")]
        for k in rng.sample(good, min(per_article, len(good))):
            claim = sents[k].strip()
            starts = range(max(0, n - WINDOW) + 1)
            right = rng.choice([a for a in starts if a <= k < a + WINDOW])
            others = [a for a in starts if not a <= k < a + WINDOW and claim not in sents[a : a + WINDOW]]
            if len(others) < 2:
                continue
            texts, right_id, _ = beside_distractors(rng, sents, claim, right, others)
            case_id = f"{row['meta']['id']}:{k}"
            cases.append(
                {"id": row["meta"]["id"], "claim": claim, "texts": texts, "right": right_id, "kind": "copied"}
            )
            other = rng.choice(rows)["claim"].strip().rstrip(".")
            if other and other[0].isalpha() and not other[:2].isupper():
                other = other[0].lower() + other[1:]
            blended = f"{claim.rstrip('.')}, and {other}."
            cases.append({**cases[-1], "claim": blended, "kind": "blended", "case": case_id})
    return cases


def distorted_cases(cases: list[dict], seed: int = 0) -> list[dict]:
    """Each supported stripped claim changed in one element, beside the same windows."""
    supported = [c for c in cases if c["kind"] in ("supported", "copied")]
    pool = support_distortions.name_pool(c["claim"] for c in cases)
    out = []
    for case in supported:
        presented = list(case["texts"].values())
        for kind in support_distortions.KINDS:
            claim = support_distortions.distort(
                kind, case["claim"], case["texts"][case["right"]], presented, pool, seed
            )
            if claim is not None:
                out.append({**case, "claim": claim, "kind": f"distorted:{kind}"})
    return out


# ---------------------------------------------------------------------------
# Running the filter
# ---------------------------------------------------------------------------


def insert_citations(claim: str, texts: dict[int, str]) -> tuple[str, list[uncited.UncitedClaim], list[dict]]:
    """The claim as an answer through the filter in insert mode: its text, what was inserted, and every
    judgement the pick saw (one ``check_all`` per claim found)."""
    ledger = SupportLedger([{"id": i, "text": t} for i, t in texts.items()], "flag", "insert")
    seen: list[tuple[list, dict]] = []
    tracker = uncited.uncited_claims("insert", ledger.ranked, ledger.judgement)
    assert tracker is not None
    pick = tracker.pick

    def recorded(text: str) -> tuple[int, support.Judgement] | None:
        # Recorded once per claim, where the pick is asked (the ledger's ``ranked`` is also asked
        # whether any source supports a claim left without one, which is no second claim); every
        # source judged in full here, so that another margin or floor can be tried on the record.
        seen.append((ledger.ranked(text), {i: ledger.judgement(i, text) for i in texts}, text))
        return pick(text)

    tracker.pick = recorded
    engine = CitationFilter(sorted(texts), uncited=tracker, **ledger.engine_options())
    out = engine.feed_all(claim)
    return out, list(engine.uncited.found), seen


def judged(cases: list[dict]) -> list[list[dict]]:
    """Per case, the judgements of its claims (as the pick sees them), under the current constants."""
    out = []
    with constants(margin=1.0):  # nothing inserted: one pass gives every claim's judgements
        for case in cases:
            out.append(insert_citations(case["claim"], case["texts"])[2])
    return out


def picks(seen: list[list], margin: float, floor: float, coverage: float = 0.0) -> list[list[int]]:
    """Per case, the sources the pick would insert with this margin, floor and content-word coverage."""
    saved = uncited.CITE_COVERAGE
    uncited.CITE_COVERAGE = coverage
    try:
        with constants(margin=margin, floor=max(floor, support.HIGH)):
            return [
                [
                    p[0]
                    for p in (
                        uncited.pick_source(ranked, judged.__getitem__, claim)
                        for ranked, judged, claim in claims
                    )
                    if p
                ]
                for claims in seen
            ]
    finally:
        uncited.CITE_COVERAGE = saved


def score(cases: list[dict], inserted: list[list[int]]) -> dict:
    """Precision and recovery of the inserted citations, by kind of case."""
    right = wrong = 0
    supported = recovered = 0
    by_kind: dict[str, dict[str, int]] = {}
    for case, ids in zip(cases, inserted, strict=True):
        row = by_kind.setdefault(case["kind"].split(":")[0], {"cases": 0, "with_insertion": 0})
        row["cases"] += 1
        row["with_insertion"] += bool(ids)
        good = case["kind"] in ("supported", "copied")
        supported += good
        recovered += good and case["right"] in ids
        for i in ids:
            right += good and i == case["right"]
            wrong += not (good and i == case["right"])
    return {
        "inserted": right + wrong,
        "precision": 100 * right / (right + wrong) if right + wrong else None,
        "recovery": 100 * recovered / max(1, supported),
        "supported_claims": supported,
        "by_kind": by_kind,
    }


def f_beta(figures: dict) -> float:
    p, r = (figures["precision"] or 0) / 100, figures["recovery"] / 100
    return (1 + BETA**2) * p * r / (BETA**2 * p + r) if p + r else 0.0


def choose(cases: list[dict], seen: list[list]) -> tuple[float, float, float]:
    """The (margin, floor, coverage) with the best F0.5, averaged over the two families (WiCE's
    paraphrased claims with their distortions, and the copied sentences with theirs), so that neither
    decides alone; ties go to the larger margin, then floor, then coverage."""

    def merit(rule: tuple[float, float, float]) -> tuple[float, tuple[float, float, float]]:
        figures = report(cases, picks(seen, *rule))
        return (f_beta(figures["wice_with_distorted"]) + f_beta(figures["copied"])) / 2, rule

    return max(((m, f, c) for m in MARGINS for f in FLOORS for c in COVERAGES), key=merit)


# ---------------------------------------------------------------------------
# Figures
# ---------------------------------------------------------------------------


def fold_models(data: Path, folds: int, seed: int) -> tuple[dict[str, int], list[tuple]]:
    """The support checker refitted without each fold, as support_eval.py does: claim id -> fold, models."""
    claims = support_eval.oracle_claims(data)
    return support_eval.fold_models(claims, support_eval.wrong_source_cases(data, seed), folds, seed)


def all_cases(data: Path, seed: int) -> list[dict]:
    """Both families of cases, each tagged with its family: WiCE's claims and the copied sentences."""
    wice = stripped_cases(data, seed)
    copied = copied_cases(data, seed)
    faithful = [c for c in copied if c["kind"] == "copied"]
    return [
        *({**c, "family": "wice"} for c in wice + distorted_cases(wice, seed)),
        *({**c, "family": "copied"} for c in copied + distorted_cases(faithful, seed)),
    ]


def report(cases: list[dict], inserted: list[list[int]]) -> dict:
    """Figures per family: WiCE's claims alone (its own mix), with their distortions, and the copied set."""
    out = {}
    for name, keep in (
        ("wice", lambda c: c["family"] == "wice" and not c["kind"].startswith("distorted")),
        ("wice_with_distorted", lambda c: c["family"] == "wice"),
        ("copied", lambda c: c["family"] == "copied"),
    ):
        rows = [(c, ids) for c, ids in zip(cases, inserted, strict=True) if keep(c)]
        out[name] = score([c for c, _ in rows], [ids for _, ids in rows])
    return out


def cross_validated(data: Path, folds: int, seed: int) -> dict:
    """Held-out figures: each fold's checker refitted without it, and the pair chosen on the other folds."""
    every = all_cases(data, seed)
    fold_of, models = fold_models(data, folds, seed)
    held: dict[int, list[int]] = {}
    chosen = []
    for k, (w, high, low) in enumerate(models):
        with constants(w, high, low):
            seen = judged(every)
            train = [i for i, c in enumerate(every) if fold_of.get(c["id"], k + 1) != k]
            test = [i for i, c in enumerate(every) if fold_of.get(c["id"], k + 1) == k]
            pair = choose([every[i] for i in train], [seen[i] for i in train])
            chosen.append(pair)
            for i, ids in zip(test, picks([seen[i] for i in test], *pair), strict=True):
                held[i] = ids
    kinds: dict[str, int] = {}
    for c in every:
        kinds[f"{c['family']}:{c['kind'].split(':')[0]}"] = (
            kinds.get(f"{c['family']}:{c['kind'].split(':')[0]}", 0) + 1
        )
    return {
        **report(every, [held.get(i, []) for i in range(len(every))]),
        "chosen_per_fold": chosen,
        "cases": kinds,
        "hard_distractors": sum(bool(c.get("hard")) for c in every if c["kind"] in ("supported",)),
    }


def in_sample(data: Path, seed: int) -> dict:
    """The shipped checker; the pair chosen on all of dev, and the figures at a few pairs, the shipped one
    included."""
    every = all_cases(data, seed)
    seen = judged(every)
    pair = choose(every, seen)
    shipped = (uncited.CITE_MARGIN, uncited.CITE_FLOOR, uncited.CITE_COVERAGE)
    tried = [(m, f, c) for m in (0.0, 0.2) for f in (0.0, 0.85) for c in COVERAGES]
    points = {
        f"margin {m:.2f}, floor {max(f, support.HIGH):.2f}, coverage {c:.1f}": report(
            every, picks(seen, m, f, c)
        )
        for m, f, c in dict.fromkeys([*tried, pair, shipped])
    }
    return {"chosen": pair, "shipped": shipped, "points": points}


def latency(data: Path, n_sources: int = 10, size: int = 1000, trials: int = 300, seed: int = 0) -> dict:
    """Milliseconds to take one uncited sentence through the filter in insert mode, 10 sources of ~1 KB,
    and, side by side, one ``check`` of the same sentence against the source its article is in.

    The sentence is a WiCE claim; source 1 is a stretch of its own article, so the sentence is about
    it (a claim unrelated to every source costs less). The checker is built once per answer, outside
    the timing; each sentence is timed three times on fresh filters and the minimum kept, which
    removes a shared machine's scheduler noise. The side-by-side check tells the load apart.
    """
    rng = random.Random(seed)
    rows = wice.load(data / "claim_dev.jsonl")
    best, checks = [], []
    for _ in range(trials):
        row = rng.choice(rows)
        texts = wice.random_sources(rng, rows, n_sources, size, first=row)
        sentence = row["claim"]
        times, check_times = [], []
        for _ in range(3):
            ledger = SupportLedger([{"id": i, "text": t} for i, t in texts.items()], "flag", "insert")
            engine = CitationFilter(
                sorted(texts),
                uncited=uncited.uncited_claims("insert", ledger.ranked, ledger.judgement),
                **ledger.engine_options(),
            )
            t0 = time.perf_counter_ns()
            engine.feed(sentence)
            engine.close()
            times.append((time.perf_counter_ns() - t0) / 1e6)
            checker = support.SupportChecker(texts)
            t0 = time.perf_counter_ns()
            checker.check(sentence, 1)
            check_times.append((time.perf_counter_ns() - t0) / 1e6)
        best.append(min(times))
        checks.append(min(check_times))
    best.sort()
    checks.sort()
    p95 = int(0.95 * (len(best) - 1))
    return {
        "sentence_median_ms": statistics.median(best),
        "sentence_p95_ms": best[p95],
        "check_median_ms": statistics.median(checks),
        "check_p95_ms": checks[p95],
    }


def run(
    data: Path = DATA, folds: int = 5, seeds: Sequence[int] = (0,), trials: int = 300, *, cv: bool = True
) -> dict:
    """Every figure; without ``cv`` (a quick run), the in-sample ones at the shipped constants stand in."""
    if not cv:
        every = all_cases(data, seeds[0])
        shipped = report(
            every, picks(judged(every), uncited.CITE_MARGIN, uncited.CITE_FLOOR, uncited.CITE_COVERAGE)
        )
        return {
            "cross_validated": None,
            "in_sample_shipped": shipped,
            "latency": latency(data, trials=trials, seed=seeds[0]) if trials else None,
        }
    runs = [cross_validated(data, folds, seed) for seed in seeds]

    def mean(family: str, key: str) -> float | None:
        values = [r[family][key] for r in runs if r[family][key] is not None]
        return statistics.fmean(values) if values else None

    return {
        "cross_validated": runs[0],
        "seeds": list(seeds),
        "mean_over_seeds": {
            family: {key: mean(family, key) for key in ("precision", "recovery")}
            for family in ("wice", "wice_with_distorted", "copied")
        },
        "in_sample": in_sample(data, seeds[0]),
        "latency": latency(data, trials=trials, seed=seeds[0]) if trials else None,
    }


def _fmt(value: float | None) -> str:
    return "-" if value is None else f"{value:.1f}"


def _table(figures: dict) -> str:
    cv = figures["cross_validated"]
    lines = [
        f"cases: {cv['cases']}",
        "held-out (5-fold CV by claim; margin and floor chosen on the other folds):",
    ]
    for name in ("wice", "wice_with_distorted", "copied"):
        f = cv[name]
        kinds = ", ".join(f"{k} {v['with_insertion']}/{v['cases']}" for k, v in f["by_kind"].items())
        lines.append(
            f"  {name:<20} precision {_fmt(f['precision'])} ({f['inserted']} inserted), "
            f"recovery {_fmt(f['recovery'])}; cases given a citation: {kinds}"
        )
    lines.append(f"  chosen per fold (margin, floor, coverage): {cv['chosen_per_fold']}")
    for family, mean in figures["mean_over_seeds"].items():
        lines.append(
            f"mean over seeds {figures['seeds']}, {family}: precision {_fmt(mean['precision'])}, "
            f"recovery {_fmt(mean['recovery'])}"
        )
    ins = figures["in_sample"]
    lines.append(f"in-sample (all dev): chosen {ins['chosen']}, shipped {ins['shipped']}")
    for name, point in ins["points"].items():
        lines.append(
            f"  {name}: "
            + "; ".join(
                f"{family} precision {_fmt(point[family]['precision'])} recovery {_fmt(point[family]['recovery'])}"
                for family in ("wice", "wice_with_distorted", "copied")
            )
        )
    if figures["latency"]:
        lines.append(f"latency per sentence: {figures['latency']}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> None:
    wice.command_line(__doc__ or "", run, _table, argv, seeds=[0])


if __name__ == "__main__":
    main()
