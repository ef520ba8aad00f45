"""WiCE dev as the evaluations read it: the rows, a sample of them, the folds by claim, random sources,
the checker's constants set for a while, and the command line both evaluations share.

    import random
    from pathlib import Path

    import wice

    rows = wice.load(wice.DATA / "claim_dev.jsonl")
    fold_of = wice.folds([r["meta"]["id"] for r in rows], folds=5, seed=0)  # claim id -> fold
    texts = wice.random_sources(random.Random(0), rows, n_sources=10, size=1000)
    with wice.constants(high=0.7):  # support.HIGH is 0.7 inside, restored after
        ...
    small = wice.sample(wice.DATA, claims=25, folder=Path("/tmp/wice-25"))  # a smaller copy of the data

See data/wice/README.md for the data and its licence.
"""

from __future__ import annotations

import argparse
import json
import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from lfx_citations.core import support, uncited

DATA = Path(__file__).resolve().parents[2] / "data" / "wice"
FILES = ("claim_dev.jsonl", "oracle_chunks_claim_dev.jsonl")
#: Sentences in a window of an article: the chunk a retriever would bring back.
WINDOW = 14


def load(path: Path) -> list[dict]:
    with path.open(encoding="utf-8") as f:
        return [json.loads(line) for line in f]


def folds(ids: Iterable[str], folds: int, seed: int) -> dict[str, int]:
    """Claim id -> its fold (0 .. folds-1): the sorted ids shuffled with ``seed``, dealt in turn."""
    order = sorted(ids)
    random.Random(seed).shuffle(order)
    return {cid: i % folds for i, cid in enumerate(order)}


def sample(data: Path, claims: int, folder: Path, seed: int = 0) -> Path:
    """``folder``, holding the rows of ``claims`` claims of ``data`` (drawn with ``seed``) in both files.

    A quick run evaluates the same code on this smaller copy; its figures are not the data set's.
    """
    ids = sorted({row["meta"]["id"] for row in load(data / FILES[0])})
    keep = set(random.Random(seed).sample(ids, min(claims, len(ids))))
    folder.mkdir(parents=True, exist_ok=True)
    for name in FILES:
        with (data / name).open(encoding="utf-8") as src, (folder / name).open("w", encoding="utf-8") as out:
            out.writelines(line for line in src if json.loads(line)["meta"]["id"] in keep)
    return folder


def random_sources(
    rng: random.Random, rows: Sequence[dict], n_sources: int, size: int, first: dict | None = None
) -> dict[int, str]:
    """Sources 1..n of about ``size`` characters, each a stretch of a random article (source 1 of
    ``first``'s, if given)."""
    texts = {}
    for sid in range(1, n_sources + 1):
        sents = (first if sid == 1 and first is not None else rng.choice(rows))["evidence"]
        a = rng.randrange(len(sents))
        chunk: list[str] = []
        while a < len(sents) and sum(len(s) + 1 for s in chunk) < size:
            chunk.append(sents[a])
            a += 1
        texts[sid] = "\n".join(chunk)[: size + 200]
    return texts


@contextmanager
def constants(
    weights: Sequence[float] | None = None,
    high: float | None = None,
    low: float | None = None,
    margin: float | None = None,
    floor: float | None = None,
) -> Iterator[None]:
    """Set the checker's and the pick's constants for a while (a fold's, or a pair being tried)."""
    saved = (support.WEIGHTS, support.HIGH, support.LOW, uncited.CITE_MARGIN, uncited.CITE_FLOOR)
    try:
        if weights is not None:
            support.WEIGHTS = tuple(weights)
        support.HIGH = support.HIGH if high is None else high
        support.LOW = support.LOW if low is None else low
        uncited.CITE_MARGIN = uncited.CITE_MARGIN if margin is None else margin
        uncited.CITE_FLOOR = uncited.CITE_FLOOR if floor is None else floor
        yield
    finally:
        support.WEIGHTS, support.HIGH, support.LOW, uncited.CITE_MARGIN, uncited.CITE_FLOOR = saved


def command_line(
    doc: str,
    run: Callable[..., dict],
    table: Callable[[dict], str],
    argv: Sequence[str] | None,
    **seeds: object,
) -> None:
    """An evaluation's ``main``: ``--data --folds --trials --json`` and its seed flag (``seed=0`` gives
    ``--seed``, ``seeds=[0]`` gives ``--seeds``), then ``run(data, folds, seed(s), trials)`` printed as
    ``table`` and written as JSON."""
    parser = argparse.ArgumentParser(description=doc.split("\n")[0])
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument("--folds", type=int, default=5)
    ((flag, default),) = seeds.items()
    parser.add_argument(
        f"--{flag}", type=int, default=default, nargs="+" if isinstance(default, list) else None
    )
    parser.add_argument("--trials", type=int, default=300, help="latency trials (0 skips latency)")
    parser.add_argument("--json", type=Path, help="also write the figures here")
    args = parser.parse_args(argv)
    figures = run(args.data, args.folds, getattr(args, flag), args.trials)
    print(table(figures))
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")
