"""Section 1, holdback: how much text the streaming filter withholds while a marker may be forming.

    .venv/bin/python scripts/bench.py --only holdback

Every answer of the corpus is streamed token by token (those of odd length with link output on); after each
token the filter's held text is measured and classified. The streamed output must equal the one-shot
``filter_citations`` output.
"""

from __future__ import annotations

import random
import re
from typing import Any

from .corpus import make_corpus, tokenize
from .section import Context, Section

NUMBER = "1"

_LINK_HOLD = re.compile(r"(?s)[ \t]*[\[\u3010(][^\n]*?[\]\u3011)]\(")


def hold_kind(buf: str) -> str:
    """What the held text ``buf`` waits on: a marker, a ``(url)`` after one, spaces, or backticks."""
    rest = buf.lstrip(" \t")
    if not rest:
        return "spaces"
    if rest[0] in "`~":
        return "ticks"
    if _LINK_HOLD.match(buf):
        return "link"
    return "marker"


def run(ctx: Context) -> None:
    table, names, seed, raw = ctx.table, ctx.names, ctx.seed, ctx.raw
    corpus = make_corpus(seed, count=20 if ctx.quick else 50)
    rng = random.Random(seed + 1)
    window = names.MARKER_WINDOW
    stats = {"marker": (0, ""), "link": (0, ""), "spaces": (0, ""), "ticks": (0, "")}
    first_plain: list[int] = []
    first_opener: list[tuple[int, str]] = []
    mismatches = 0
    tokens_total = 0
    chars_total = 0
    # A second pass with link-marker output on and held text made of the longest realistic link targets.
    for text, presented in corpus:
        tokens = tokenize(text, rng)
        tokens_total += len(tokens)
        chars_total += len(text)
        links = {i: f"https://docs.example.com/doc-{i}.pdf#page={i}" for i in presented}
        engine = names.CitationFilter(presented, link_for=links.get if len(text) % 2 else None)
        out: list[str] = []
        first_done = False
        for tok in tokens:
            piece = engine.feed(tok)
            out.append(piece)
            held = engine.held
            if held:
                buf = getattr(engine, "_buf", text[-held:])
                kind = hold_kind(buf)
                if held > stats[kind][0]:
                    stats[kind] = (held, buf)
            if not first_done:
                first_done = True
                starts_marker = tok.lstrip(" \t")[:1] in ("[", "\u3010", "(", "`", "\ue200", "\ue202", "")
                if starts_marker:
                    first_opener.append((held, tok))
                else:
                    first_plain.append(held)
        out.append(engine.close())
        one_shot = names.filter_citations(text, presented, link_for=engine.link_for).text
        mismatches += "".join(out) != one_shot

    raw["holdback"] = {
        "answers": len(corpus),
        "tokens": tokens_total,
        "chars": chars_total,
        "max_by_kind": {k: {"chars": v[0], "held_text": v[1]} for k, v in stats.items()},
        "first_token_held_plain": first_plain,
        "first_token_held_marker_start": first_opener,
        "stream_vs_oneshot_mismatches": mismatches,
    }
    marker_max = max(stats["marker"][0], stats["spaces"][0], stats["ticks"][0])
    table.add(
        NUMBER,
        f"max chars held, marker/spaces/backticks ({len(corpus)} answers, {tokens_total:,} tokens)",
        marker_max,
        f"<= {window} (one marker window)",
        marker_max <= window,
        "chars",
        note=f"longest hold: {stats['marker'][1]!r}",
    )
    link_max = stats["link"][0]
    table.add(
        NUMBER,
        "max chars held while a `(url)` may follow a marker",
        link_max,
        f"<= {window + names.LINK_WINDOW} (marker + link window)",
        link_max <= window + names.LINK_WINDOW,
        "chars",
        note=f"longest hold: {stats['link'][1]!r}",
    )
    plain_max = max(first_plain) if first_plain else 0
    table.add(
        NUMBER,
        f"chars held after the first token ({len(first_plain)} answers not opening with a marker)",
        plain_max,
        "0",
        plain_max == 0,
        "chars",
    )
    opener_max = max((h for h, _ in first_opener), default=0)
    table.add(
        NUMBER,
        f"chars held after the first token ({len(first_opener)} answers opening with an opener)",
        opener_max,
        f"<= {window}",
        opener_max <= window,
        "chars",
    )
    table.add(
        NUMBER,
        "streamed output == one-shot output",
        f"{len(corpus) - mismatches}/{len(corpus)}",
        "all",
        mismatches == 0,
    )
    inserting(ctx, corpus)


_CLOSING = set(".!?\u3002\uff01\uff1f\"'\u201d\u2019\u00bb)]")


def _inserting(names: Any, records: list[dict], presented: list[int]) -> object:
    """A filter with ``cite_missing="insert"`` over ``records``, as the post-processor builds it."""
    ledger = names.SupportLedger(records, "flag", "insert")
    uncited = names.uncited_claims("insert", ledger.ranked, ledger.judgement)
    return names.CitationFilter(presented, uncited=uncited, **ledger.engine_options())


def inserting(ctx: Context, corpus: list[tuple[str, list[int]]]) -> None:
    """With ``cite_missing="insert"``: what is held beyond the same filter without it, after every token.

    Each answer's sources are its own sentences, so that uncited claims do get a citation inserted.
    """
    names, rng = ctx.names, random.Random(ctx.seed + 2)
    most, most_text, inserted, mismatches = 0, "", 0, 0
    for text, presented in corpus:
        sentences = [s for s in re.split(r"(?<=[.!?])\s+", re.sub(r"\[[^\]]*\]", "", text)) if s.strip()]
        records = [
            {"id": i, "text": sentences[k % len(sentences)] if sentences else ""}
            for k, i in enumerate(presented)
        ]

        streamed, plain = _inserting(names, records, presented), names.CitationFilter(presented)
        out, shown = [], ""
        for tok in tokenize(text, rng):
            out.append(streamed.feed(tok))
            shown += plain.feed(tok)
            extra = streamed.held - plain.held
            if extra > most:
                most, most_text = extra, shown[len(shown) - extra :]
        out.append(streamed.close())
        whole = _inserting(names, records, presented)
        mismatches += "".join(out) != whole.feed_all(text)
        inserted += len(streamed.uncited.found)
    ctx.raw["holdback"]["insert"] = {"most_extra": most, "held": most_text, "inserted": inserted}
    table = ctx.table
    table.add(
        NUMBER,
        f"with cite_missing=insert: most chars held beyond the same filter without it ({inserted} inserted)",
        most,
        "closing punctuation only (<= 8)",
        most <= 8 and set(most_text) <= _CLOSING,
        "chars",
        note=f"held: {most_text!r}",
    )
    table.add(
        NUMBER,
        "with cite_missing=insert: streamed output == one-shot output",
        f"{len(corpus) - mismatches}/{len(corpus)}",
        "all",
        mismatches == 0,
    )


SECTION = Section("holdback", run)
