"""The citation payload (``message.data["citations"]``) and the source cards shown with the answer.

>>> from lfx_citations.core.engine import filter_citations
>>> result = filter_citations("Wet [1]. Cold [9].", [1, 2])
>>> records = [{"id": 1, "document": "water.pdf", "page": 3, "url": None, "text": "Water is wet."},
...            {"id": 2, "document": "fire.md", "page": None, "url": None, "text": "Fire is hot."}]
>>> payload = build_payload(result, read_sources({"sources": records}), scope="cited")
>>> payload["cited"], payload["removed"]
([1], ['[9]'])
>>> source_cards(payload, result.first_spans)[0]["title"]
'Source 1 · water.pdf — page 3'
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from lfx_citations.core.engine import Citation, FilterResult
from lfx_citations.core.links import safe_http_url
from lfx_citations.core.support import Judgement, SupportChecker, is_uncertain
from lfx_citations.core.text import ADDED_NOTE, ALSO_ADDED_NOTE, card_title, snippet


def read_sources(value: object) -> list[dict[str, Any]]:
    """Source records from the parser's payload (a Data, a dict, or a list of either).

    Rows without a usable positive integer ``id`` are skipped rather than guessed at: a citation
    must never point at a number the reader was not shown.
    """
    if isinstance(value, list):
        rows: list[Any] = []
        for item in value:
            rows.extend(read_sources(item))
        return rows
    data = getattr(value, "data", value)
    if not isinstance(data, dict):
        return []
    raw = data.get("sources", [data] if "id" in data else [])
    records: dict[int, dict[str, Any]] = {}
    for row in raw if isinstance(raw, list) else []:
        row_data = getattr(row, "data", row)
        if not isinstance(row_data, dict):
            continue
        source_id = row_data.get("id")
        if isinstance(source_id, bool) or not isinstance(source_id, int) or source_id < 1:
            continue
        # Rows may come from anywhere: make them strict JSON (NaN/inf become null, odd objects text).
        clean = json.loads(json.dumps(row_data, default=str), parse_constant=lambda _: None)
        records.setdefault(source_id, {**clean, "url": safe_http_url(row_data.get("url"))})
    return [records[k] for k in sorted(records)]


def build_payload(
    result: FilterResult, records: list[dict[str, Any]], *, scope: str, ledger: SupportLedger | None = None
) -> dict[str, Any]:
    """``message.data["citations"]``: the sources to show, in citation order, with the same numbers.

    With a support ledger (``support_check`` not off) it also holds ``support`` (one entry per kept
    citation, in text order), ``support_summary`` and ``removed_unsupported``; with ``cite_missing``
    ``suggest`` or ``insert``, ``suggested`` or ``inserted``: the uncited claims a source states.
    """
    by_id = {r["id"]: r for r in records}
    cited = [i for i in result.cited if i in by_id]
    if not cited:
        shown: list[int] = []
    elif scope == "presented":
        cited_set = set(cited)
        shown = cited + [i for i in by_id if i not in cited_set]
    else:
        shown = cited
    payload = {
        "sources": [by_id[i] for i in shown],
        "cited": cited,
        "removed": list(result.removed),
        "citations_reported": result.reported,
        # What the model wrote beside a kept number ("[Source 2, p. 7]"): dropped from the text, since
        # the card shows the chunk's own page, and kept here so a client can see what was claimed.
        "qualifiers": [{"id": i, "qualifier": q} for i, q in result.qualifiers],
    }
    if ledger is not None and ledger.cite_missing != "off":
        key = "inserted" if ledger.cite_missing == "insert" else "suggested"
        payload[key] = [claim.entry() for claim in result.uncited]
    if ledger is not None and ledger.mode != "off":
        support = [support_entry(c, ledger.judgement(c.id, c.claim)) for c in result.citations]
        payload["support"] = support
        payload["support_summary"] = support_summary(support)
        payload["removed_unsupported"] = [
            {"id": c.id, "claim": c.claim, "score": ledger.judgement(c.id, c.claim).score}
            for c in result.dropped
        ]
    return payload


SUPPORT_MODES = ("off", "flag", "drop")


class SupportLedger:
    """The support verdicts of one answer: each (source, claim) judged once, a judge may override.

    >>> ledger = SupportLedger([{"id": 1, "text": "Water boils at 100 °C."}], "drop")
    >>> ledger.keep(1, "Water boils at 100 °C"), ledger.keep(1, "Gold is a metal")
    (True, False)

    ``cite_missing`` (``off``, ``suggest``, ``insert``: ``core/uncited.py``) also judges the claims the
    answer leaves uncited, so the checker is built for it even when ``mode`` is off.
    """

    def __init__(self, records: list[dict[str, Any]], mode: str, cite_missing: str = "off") -> None:
        self.mode = mode if mode in SUPPORT_MODES else "flag"
        self.cite_missing = cite_missing
        texts = {r["id"]: str(r.get("text") or "") for r in records}
        needed = self.mode != "off" or self.cite_missing != "off"
        self.checker = SupportChecker(texts) if needed else None
        self.texts = texts
        #: Verdicts an LLM judge gave, by (source id, claim); they replace the lexical ones.
        self.overrides: dict[tuple[int, str], str] = {}
        self._judged: dict[tuple[int, str], Judgement] = {}

    def judgement(self, source_id: int, claim: str) -> Judgement:
        key = (source_id, claim)
        judged = self._judged.get(key)
        if judged is None:
            judged = self._judged[key] = (
                self.checker.check(claim, source_id) if self.checker else Judgement("", 0.0)
            )
        verdict = self.overrides.get(key)
        return replace(judged, verdict=verdict) if verdict else judged

    def keep(self, source_id: int, claim: str) -> bool:
        """Drop mode's test, asked by the engine as each marker closes."""
        return self.judgement(source_id, claim).verdict != "unsupported"

    def engine_options(self) -> dict[str, Any]:
        return {"track_claims": self.mode != "off", "keep": self.keep if self.mode == "drop" else None}

    def uncertain(self, citations: list[Citation]) -> list[tuple[int, str]]:
        """The (source, claim) pairs whose lexical score is in the band worth a judge's look."""
        keys = dict.fromkeys((c.id, c.claim) for c in citations)
        return [k for k in keys if k not in self.overrides and is_uncertain(self.judgement(*k).score)]


def support_entry(citation: Citation, judgement: Judgement) -> dict[str, Any]:
    """One kept citation's entry in ``payload["support"]``: its claim and how well its source says it."""
    return {
        "id": citation.id,
        "claim": citation.claim,
        "claim_start": citation.claim_start,
        "claim_end": citation.claim_end,
        "verdict": judgement.verdict,
        "score": judgement.score,
        "evidence": [{"start": e.start, "end": e.end, "text": e.text} for e in judgement.evidence],
        "better_source": judgement.better_source,
        "qualifier": citation.qualifier,
    }


def support_summary(entries: list[dict[str, Any]]) -> dict[str, int]:
    """Citations by verdict, how many claims, and how many have at least one supported citation."""
    summary = {"citations": len(entries), "supported": 0, "partial": 0, "unsupported": 0}
    claims: dict[tuple[int, int], bool] = {}
    for entry in entries:
        summary[entry["verdict"]] += 1
        span = (entry["claim_start"], entry["claim_end"])
        claims[span] = claims.get(span, False) or entry["verdict"] == "supported"
    return {**summary, "claims": len(claims), "claims_supported": sum(claims.values())}


#: What a card says after its title when the answer's claims are not all in that source.
SUPPORT_NOTES = {
    "unsupported": "claim not found in this source",
    "partial": "claim only partly in this source",
}


def source_card_title(record: dict[str, Any], note: str = "", added: str = "") -> str:
    """``Source 3 · water.pdf — page 3``: the number the text shows, then what a reader recognizes."""
    name = str(record.get("title") or record.get("document") or "").strip() or "Untitled"
    return card_title(record["id"], name, record.get("page"), note, added)


def _card_support(entries: list[dict[str, Any]]) -> tuple[str, str | None]:
    """A source's note (its weakest verdict) and the evidence of its best-supported citation."""
    if not entries:
        return "", None
    weakest = min(entries, key=lambda e: ("unsupported", "partial", "supported").index(e["verdict"]))
    best = max(entries, key=lambda e: e["score"])
    evidence = " ".join(e["text"] for e in best["evidence"]) or None
    return SUPPORT_NOTES.get(weakest["verdict"], ""), evidence


def added_notes(result: FilterResult) -> dict[int, str]:
    """What each card says of the markers the checker inserted: all of them (the answer did not cite
    the source) or some (:data:`ADDED_NOTE`, :data:`ALSO_ADDED_NOTE`)."""
    only = set(result.inserted_only)
    inserted = (c.id for c in result.uncited if c.marker_start is not None)
    return {i: ADDED_NOTE if i in only else ALSO_ADDED_NOTE for i in inserted}


def source_cards(
    payload: dict[str, Any], spans: dict[int, tuple[int, int]], added: dict[int, str] | None = None
) -> list[dict[str, Any]]:
    """One card per shown source: the fields of Langflow's ``CitationContent``.

    With a support check, the snippet is the source's best evidence sentence (where it says the
    claim) and a source whose claims it does not fully state says so in its title. ``added``
    (:func:`added_notes`) says which sources the checker cited where the answer did not.
    """
    by_source: dict[int, list[dict[str, Any]]] = {}
    for entry in payload.get("support") or []:
        by_source.setdefault(entry["id"], []).append(entry)
    inserted: dict[int, list[dict[str, Any]]] = {}
    for entry in payload.get("inserted") or []:
        inserted.setdefault(entry["id"], []).append(entry)
    cards: list[dict[str, Any]] = []
    for record in payload["sources"]:
        start, end = spans.get(record["id"], (None, None))
        note, evidence = _card_support(by_source.get(record["id"], []))
        if evidence is None and record["id"] in inserted:
            # Cited only where the checker added it: show where the source says that claim.
            evidence = " ".join(e["text"] for e in inserted[record["id"]][0]["evidence"]) or None
        cards.append(
            {
                "title": source_card_title(record, note, (added or {}).get(record["id"], "")),
                "url": safe_http_url(record.get("url")),
                "cited_text": snippet(evidence or record.get("text")),
                "start_index": start,
                "end_index": end,
            }
        )
    return cards
