"""The benchmark's inputs, generated from a seed: RAG answers with citation markers, token streams,
retrieved rows, and the five chunks the flow section retrieves.

    import random
    from benchmarks.corpus import make_answer, tokenize

    rng = random.Random(20251130)
    text = make_answer(rng, 1_000, n_sources=5)  # ~1 KB of markdown citing [Source 1]..[Source 5] and others
    tokens = tokenize(text, rng)  # split the way a model streams it: " [", "Source", " 1", "]"
    assert "".join(tokens) == text

Same seed, same text: every run and every section measures the same corpus.
"""

from __future__ import annotations

import random
import re
import uuid
from typing import Any

# ---------------------------------------------------------------------------
# Answers: realistic RAG answers with valid and invalid markers in many forms
# ---------------------------------------------------------------------------

_SUBJECTS = [
    "The warranty",
    "Water",
    "The API gateway",
    "Each replica",
    "The premium plan",
    "A collection",
    "The ingestion job",
    "Kubernetes",
    "The billing service",
    "Our refund policy",
    "The embedding model",
    "The vector index",
    "Astra DB",
    "The 2024 release",
    "The migration tool",
    "Support tickets",
    "The mobile app",
    "Every invoice",
    "The rate limiter",
    "The scheduler",
]
_VERBS = [
    "covers",
    "requires",
    "supports",
    "is limited to",
    "was extended to",
    "depends on",
    "returns",
    "rejects",
    "stores",
    "is billed for",
    "replicates",
    "expires after",
    "can be configured for",
    "does not include",
    "defaults to",
    "is measured in",
]
_OBJECTS = [
    "two years of parts and labour",
    "at least three nodes",
    "1,000 requests per minute",
    "UTF-8 input",
    "cosine similarity",
    "a 30-day trial",
    "the EU region only",
    "boiling at 100 degrees Celsius",
    "vectors of 1536 dimensions",
    "a signed service agreement",
    "daily snapshots",
    "TLS 1.2 or newer",
    "documents up to 20 MB",
    "the legacy v1 endpoints",
    "read-only replicas",
    "per-seat pricing",
]
_CLAUSES = [
    "",
    "",
    "",
    ", which applies to all tiers",
    " unless an administrator overrides it",
    " according to the latest policy",
    ", as stated in the onboarding guide",
    " when the request is authenticated",
    " (see the appendix for details)",
    " in most deployments",
    ", effective from March 2025",
]
_LOOKALIKES = [
    " `x[0]`",
    " (2019)",
    " [citation needed]",
    " [sic]",
    " the [migration guide](https://example.com/guide)",
    " `items[2]`",
    " x[0][1]",
    " [Fe/H]",
    " (see section 4)",
    " [batch number]",
    " **important**",
    " `arr[1, 3]`",
    " (step 2)",
]
_SLUGS = [
    "guide",
    "pricing",
    "faq",
    "api/v2/collections",
    "release-notes#2024",
    "policies/refunds.pdf#page=3",
]


def _marker(rng: random.Random, n: int) -> str:
    """One citation as a model might write it: mostly valid, sometimes invalid, in many forms."""

    def valid() -> int:
        return rng.randint(1, n)

    def any_id() -> str:
        r = rng.random()
        if r < 0.75:
            return str(valid())
        return rng.choice([str(n + rng.randint(1, 9)), "0", "2.5", "-1", "99", "01"])

    a, b = any_id(), any_id()
    lo, hi = sorted((valid(), valid()))
    forms = [
        (20, lambda: f" [Source {a}]"),
        (14, lambda: f" [{a}]"),
        (6, lambda: f".[{a}]"),
        (6, lambda: f" [{a}, {b}]"),
        (6, lambda: f" [Source {a}][Source {b}]"),
        (4, lambda: f" [{a}][{b}]"),
        (5, lambda: f" (Source {a})"),
        (2, lambda: f" (sources {a}, {b})"),
        (4, lambda: f"\u3010{a}\u3011"),
        (3, lambda: f"\u3010{rng.randint(1, 9)}:{rng.randint(0, 6)}\u2020source\u3011"),
        (3, lambda: f" [Source {a}](https://docs.example.com/{rng.choice(_SLUGS)})"),
        (3, lambda: f" [citation:{a}]"),
        (2, lambda: f" [doc{a}]"),
        (3, lambda: f" [Sources: {a}, {b}]"),
        (3, lambda: f" [Source {lo}-{hi}]"),
        (2, lambda: f" [{lo}\u2013{hi}]"),
        (3, lambda: f" [source {a}]"),
        (2, lambda: f" [ Source {a} ]"),
        (1, lambda: f" \ue200cite\ue202turn0file{rng.randint(0, 9)}\ue201"),
        (1, lambda: f" [Source {a}, Source {b}]"),
    ]
    weights = [w for w, _ in forms]
    return rng.choices([f for _, f in forms], weights=weights)[0]()


def _sentence(rng: random.Random, n: int) -> str:
    text = f"{rng.choice(_SUBJECTS)} {rng.choice(_VERBS)} {rng.choice(_OBJECTS)}{rng.choice(_CLAUSES)}"
    if rng.random() < 0.15:
        text += rng.choice(_LOOKALIKES)
    r = rng.random()
    if r < 0.55:
        mark = _marker(rng, n)
        return (text + mark + ".") if not mark.startswith(".") else (text + mark)
    if r < 0.7:
        return text + "." + _marker(rng, n).lstrip(".")
    return text + "."


def _paragraph(rng: random.Random, n: int) -> str:
    kind = rng.random()
    if kind < 0.55:
        return " ".join(_sentence(rng, n) for _ in range(rng.randint(2, 5)))
    if kind < 0.7:
        items = [f"- {_sentence(rng, n)}" for _ in range(rng.randint(2, 4))]
        if rng.random() < 0.3:
            items.append("- [ ] Back up the index before upgrading")
        return "\n".join(items)
    if kind < 0.78:
        return (
            f"## {rng.choice(['Pricing', 'Limits', 'Setup', 'Summary'])} [{rng.randint(1, n)}]\n\n"
            + _sentence(rng, n)
        )
    if kind < 0.86:
        rows = [f"| {rng.choice(_SUBJECTS)} | {rng.choice(_OBJECTS)}{_marker(rng, n)} |" for _ in range(3)]
        return "| Item | Detail |\n|---|---|\n" + "\n".join(rows)
    if kind < 0.93:
        code = rng.choice(
            [
                "matrix[1][2] = value  # [Source 1]",
                "client.get_collection('docs')[0]\nprint(result[1, 3])",
                "curl -X POST https://api.example.com/v2/search -d '{\"limit\": 5}'",
            ]
        )
        return "Example:\n\n```python\n" + code + "\n```\n\n" + _sentence(rng, n)
    return f"Use `search(limit=[{rng.randint(1, 5)}])` with care; " + _sentence(rng, n)


_OPENINGS = [
    "",
    "",
    "",
    "",
    "",
    "Based on the provided sources, ",
    "**Short answer:** ",
    "## Answer\n\n",
    "[Source 1] states that ",
    "(Source 2) ",
    "\u30101\u3011 ",
    "`config.yaml` ",
    "Yes. ",
]


def make_answer(rng: random.Random, target_chars: int, n_sources: int) -> str:
    """A markdown answer of about ``target_chars`` characters citing sources 1..n_sources (and others)."""
    parts = [rng.choice(_OPENINGS)]
    size = len(parts[0])
    while size < target_chars:
        para = _paragraph(rng, n_sources)
        parts.append(para if len(parts) == 1 else "\n\n" + para)
        size += len(parts[-1])
    return "".join(parts)


def make_corpus(seed: int, count: int = 50) -> list[tuple[str, list[int]]]:
    rng = random.Random(seed)
    corpus: list[tuple[str, list[int]]] = []
    for i in range(count):
        n = rng.randint(2, 10)
        if i % 17 == 5:
            text = "I couldn't find this in the provided sources."
        else:
            text = make_answer(rng, rng.choice([200, 400, 800, 1500, 3000, 6000]), n)
        corpus.append((text, list(range(1, n + 1))))
    return corpus


# tiktoken-like pre-tokenisation (cl100k shape): words with their leading space, numbers in 1-3 digit
# groups, punctuation runs with their leading space, newline runs; then pieces longer than 6 characters
# are cut into random 1-6 character pieces, as BPE does with rarer words. Markers split across tokens:
# " [", "Source", " 1", "]".
_PRETOKEN = re.compile(
    r"'(?:[sdmt]|ll|ve|re)| ?[^\W\d_]+| ?\d{1,3}| ?[^\s\w]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+|_+|[\s\S]"
)


def tokenize(text: str, rng: random.Random) -> list[str]:
    tokens: list[str] = []
    for piece in _PRETOKEN.findall(text):
        while len(piece) > 6:
            cut = rng.randint(1, 6)
            tokens.append(piece[:cut])
            piece = piece[cut:]
        if piece:
            tokens.append(piece)
    assert "".join(tokens) == text
    return tokens


# ---------------------------------------------------------------------------
# Sources: retrieved rows at scale, and answers dense with markers
# ---------------------------------------------------------------------------

_WORDS = (
    "alpha beta gamma delta the a of to and in is for on with as by replica index vector payload "
    "document chunk retrieval answer tier region policy window token marker latency"
).split()


def make_rows(rng: random.Random, count: int, text_chars: int = 1_000) -> list[dict[str, Any]]:
    """Astra-shaped retrieved rows: ~1 KB text (with bracket lookalikes) plus metadata."""
    rows = []
    for i in range(count):
        words: list[str] = []
        size = 0
        while size < text_chars:
            w = rng.choice(_WORDS)
            if rng.random() < 0.02:
                w = rng.choice(["[Source 3]", "x[0]", "(2019)", "[1, 2]", "[citation needed]"])
            words.append(w)
            size += len(w) + 1
        rows.append(
            {
                "text": " ".join(words),
                "file_name": f"docs/section_{i // 50}/guide_{i}.pdf",
                "page": i % 40 + 1,
                "url": f"https://docs.example.com/section-{i // 50}/guide-{i}.pdf" if i % 3 else None,
                "chunk_id": f"{uuid.UUID(int=rng.getrandbits(128))}",
                "$similarity": round(rng.random(), 4),
                "title": f"Guide {i}",
                "ingested_at": "2025-03-01T12:00:00Z",
                "tags": ["docs", "v2"],
            }
        )
    return rows


def make_dense_answer(rng: random.Random, markers: int, n_sources: int) -> str:
    """~20 chars per marker: ``markers`` markers, ~80% valid, mixed forms."""
    out = []
    for i in range(markers):
        r = rng.random()
        k = rng.randint(1, n_sources)
        bad = n_sources + rng.randint(1, 50)
        if r < 0.35:
            m = f"[Source {k}]"
        elif r < 0.55:
            m = f"[{k}]"
        elif r < 0.65:
            m = f"[{k}, {rng.randint(1, n_sources)}]"
        elif r < 0.72:
            m = f"(Source {k})"
        elif r < 0.78:
            m = f"\u3010{k}\u3011"
        elif r < 0.82:
            m = f"[Source {k}-{min(k + 2, n_sources)}]"
        elif r < 0.95:
            m = f"[Source {bad}]"
        else:
            m = rng.choice(["[0]", "[Source 2.5]", f"[{bad}]"])
        out.append(f"Fact {i % 997} holds {m}.")
    return " ".join(out)


# ---------------------------------------------------------------------------
# The retriever's output in the flow section: five chunks as Astra DB returns them
# ---------------------------------------------------------------------------

RETRIEVED = [
    {
        "text": (
            "Water boils at 100 degrees Celsius at sea level. At higher altitudes the boiling point drops "
            "by about one degree for every 300 metres. "
        )
        * 4,
        "file_name": "physics/water.pdf",
        "page": 3,
        "chunk_id": "c-1",
        "$similarity": 0.91,
    },
    {
        "text": (
            "The premium plan includes a two-year warranty covering parts and labour; accidental damage "
            "is excluded. Claims are filed online. "
        )
        * 4,
        "file_name": "policies/warranty.md",
        "url": "https://docs.example.com/policies/warranty",
        "chunk_id": "c-2",
        "$similarity": 0.88,
    },
    {
        "text": (
            "Replicas are placed in at least three availability zones. Each replica stores a full copy "
            "of the index and answers read traffic. "
        )
        * 4,
        "file_name": "ops/replication.md",
        "chunk_id": "c-3",
        "$similarity": 0.84,
    },
    {
        "text": (
            "The API gateway limits each key to 1,000 requests per minute; bursts above the limit get HTTP "
            "429 with a Retry-After header. "
        )
        * 4,
        "file_name": "api/limits.md",
        "chunk_id": "c-4",
        "$similarity": 0.80,
    },
    {
        "text": (
            "Invoices are issued monthly in EUR or USD. Annual plans are billed up front with a 15% "
            "discount [Source 7] on list price. "
        )
        * 4,
        "file_name": "billing/invoices.pdf",
        "page": 12,
        "chunk_id": "c-5",
        "$similarity": 0.77,
    },
]
