#!/usr/bin/env python
"""The support check on the hand-written challenge set (``data/challenge/``), per half, language and
category.

Run from the repository root with the project's virtualenv::

    .venv/bin/python scripts/eval/challenge_eval.py                 # both halves, the table
    .venv/bin/python scripts/eval/challenge_eval.py --split dev     # design on dev only
    .venv/bin/python scripts/eval/challenge_eval.py --split dev --show   # and list dev's misses
    .venv/bin/python scripts/eval/challenge_eval.py --extra         # and dev_extra.jsonl (dev only)
    .venv/bin/python scripts/eval/challenge_eval.py --fresh         # fresh.jsonl instead, both halves

``--show`` lists the misses of a dev half only, never of a test half.

Each pair is judged as a reader sees it: the claim cited to its evidence chunk, with the pair's
distractor chunk presented beside it as a second source, through ``SupportChecker.check``.
Figures (see ``data/challenge/README.md`` for the labels):

* contradictions caught: ``contradicted`` pairs judged ``contradicted`` (and of those, with the
  expected ``conflict.kind``);
* paraphrases called contradicted: ``supported`` pairs judged ``contradicted``, the worst error;
* paraphrases still supported: ``supported`` pairs judged ``supported``;
* not-supported pairs (a stronger quantifier, an extra detail) judged ``supported`` or
  ``contradicted``: both wrong.

``run(rows)`` returns the figures as a dict; it reads nothing and writes nothing.
"""

from __future__ import annotations

import argparse
import hashlib
import json
from collections.abc import Iterable, Sequence
from pathlib import Path

from lfx_citations.core.support import Judgement, SupportChecker

PAIRS = Path(__file__).resolve().parents[2] / "data" / "challenge" / "pairs.jsonl"
EXTRA = PAIRS.with_name("dev_extra.jsonl")
#: Pairs written after the rules were designed, with a dev and a frozen test half of their own.
FRESH = PAIRS.with_name("fresh.jsonl")


def load(path: Path = PAIRS, split: str | None = None) -> list[dict]:
    """The pairs of ``path``, only those of half ``split`` when given."""
    with path.open(encoding="utf-8") as f:
        rows = [json.loads(line) for line in f if line.strip()]
    return [r for r in rows if split is None or r["split"] == split]


def load_extra(path: Path = EXTRA) -> list[dict]:
    """The dev-only pairs written after the split (``dev_extra.jsonl``); none when the file is absent."""
    return load(path, "dev") if path.exists() else []


def halves(rows: Iterable[dict]) -> dict[str, str]:
    """The half of each pair by the set's split rule (``data/challenge/README.md``), keyed by ``id``.

    Cells of equal (``lang``, ``category``, ``label``) are ordered by the SHA-256 of each ``id``; the
    first pair goes to ``dev`` when the SHA-256 of ``"lang|category|label"`` is even, and the halves
    alternate from there:

    >>> row = {"lang": "en", "category": "role", "label": "supported"}
    >>> sorted(halves([dict(row, id="a"), dict(row, id="b"), dict(row, id="c")]).values())
    ['dev', 'dev', 'test']
    """
    cells: dict[tuple[str, str, str], list[str]] = {}
    for row in rows:
        cells.setdefault((row["lang"], row["category"], row["label"]), []).append(row["id"])
    out = {}
    for key, ids in cells.items():
        first_dev = int(_sha256("|".join(key)), 16) % 2 == 0
        for i, id_ in enumerate(sorted(ids, key=_sha256)):
            out[id_] = "dev" if (i % 2 == 0) == first_dev else "test"
    return out


def _sha256(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def judge(row: dict) -> Judgement:
    """The verdict on one pair: its claim cited to source 1 (the evidence), source 2 the distractor."""
    return SupportChecker({1: row["evidence"], 2: row["distractor"]}).check(row["claim"], 1)


def _tally(rows: Iterable[tuple[dict, Judgement]]) -> dict:
    out = {
        "contradictions": 0,
        "caught": 0,
        "right_kind": 0,
        "paraphrases": 0,
        "paraphrases_contradicted": 0,
        "paraphrases_supported": 0,
        "not_supported": 0,
        "not_supported_supported": 0,
        "not_supported_contradicted": 0,
    }
    for row, j in rows:
        if row["label"] == "contradicted":
            out["contradictions"] += 1
            out["caught"] += j.verdict == "contradicted"
            out["right_kind"] += j.conflict is not None and j.conflict.kind == row["kind"]
        elif row["label"] == "supported":
            out["paraphrases"] += 1
            out["paraphrases_contradicted"] += j.verdict == "contradicted"
            out["paraphrases_supported"] += j.verdict == "supported"
        else:
            out["not_supported"] += 1
            out["not_supported_supported"] += j.verdict == "supported"
            out["not_supported_contradicted"] += j.verdict == "contradicted"
    return out


def rates(tally: dict) -> dict:
    """The tally as percentages: caught, paraphrases contradicted, paraphrases supported."""

    def pct(n: int, d: int) -> float:
        return round(100 * n / d, 1) if d else float("nan")

    return {
        "caught": pct(tally["caught"], tally["contradictions"]),
        "right_kind": pct(tally["right_kind"], tally["contradictions"]),
        "paraphrases_contradicted": pct(tally["paraphrases_contradicted"], tally["paraphrases"]),
        "paraphrases_supported": pct(tally["paraphrases_supported"], tally["paraphrases"]),
        "not_supported_wrong": pct(
            tally["not_supported_supported"] + tally["not_supported_contradicted"], tally["not_supported"]
        ),
    }


def run(rows: Sequence[dict]) -> dict:
    """Figures over ``rows``: all together, by language and by category (each a tally and its rates)."""
    judged = [(row, judge(row)) for row in rows]
    out: dict = {"all": _tally(judged), "lang": {}, "category": {}}
    for field in ("lang", "category"):
        for value in sorted({row[field] for row in rows}):
            out[field][value] = _tally((r, j) for r, j in judged if r[field] == value)
    out["misses"] = [
        (row, j)
        for row, j in judged
        if (row["label"] == "contradicted") != (j.verdict == "contradicted")
        or (row["label"] == "supported" and j.verdict != "supported")
        or (row["label"] == "not_supported" and j.verdict == "supported")
    ]
    return out


def _line(name: str, tally: dict) -> str:
    r = rates(tally)
    return (
        f"  {name:14} caught {tally['caught']:3}/{tally['contradictions']:<3} ({r['caught']:5}) kind {r['right_kind']:5}"
        f" | paraphrases contradicted {tally['paraphrases_contradicted']:2}/{tally['paraphrases']:<3}"
        f" ({r['paraphrases_contradicted']:4}) supported {r['paraphrases_supported']:5}"
        f" | not-supported wrong {r['not_supported_wrong']:5} of {tally['not_supported']}"
    )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--data", type=Path, default=PAIRS)
    parser.add_argument("--split", choices=("dev", "test"), help="one half only (design on dev)")
    parser.add_argument("--show", action="store_true", help="list the misses (dev only)")
    parser.add_argument("--extra", action="store_true", help="also the dev-only pairs of dev_extra.jsonl")
    parser.add_argument("--fresh", action="store_true", help="fresh.jsonl instead of --data (its own halves)")
    args = parser.parse_args(argv)
    data = FRESH if args.fresh else args.data
    parts = [args.split] if args.split else ["dev", "test"]
    if args.extra and "dev" in parts:
        parts.insert(parts.index("dev") + 1, "dev_extra")
    for half in parts:
        figures = run(load_extra() if half == "dev_extra" else load(data, half))
        print(f"{half}:" if half == "dev_extra" else f"{half} ({data.name}):")
        print(_line("all", figures["all"]))
        for field in ("lang", "category"):
            for value, tally in figures[field].items():
                print(_line(value, tally))
        if args.show and half != "test":
            for row, j in figures["misses"]:
                kind = j.conflict.kind if j.conflict else ""
                print(f"    {row['id']:14} {row['label']:13} -> {j.verdict:12} {kind:10} | {row['claim']}")


if __name__ == "__main__":
    main()
