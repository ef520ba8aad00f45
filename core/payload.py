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
>>> ledger = SupportLedger([{"id": 1, "text": "Aspirin eases pain. It should not be given to children."}], "flag")
>>> judged = ledger.judgement(1, "Aspirin can be given to children")
>>> judged.verdict, card_warning(judged.verdict, judged.conflict)
('contradicted', 'the source says «should not be given», not «can be given»')
"""

from __future__ import annotations

import json
from dataclasses import replace
from itertools import pairwise
from typing import Any

from lfx_citations.core.engine import Citation, FilterResult
from lfx_citations.core.links import safe_http_url
from lfx_citations.core.support import VERDICTS, Conflict, Judgement, SupportChecker, is_uncertain
from lfx_citations.core.text import (
    ADDED_NOTE,
    ALSO_ADDED_NOTE,
    CARD_WARNING_CHARS,
    card_text,
    card_title,
    quoted,
    snippet,
)


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
    ``suggest`` or ``insert``, ``suggested`` or ``inserted``: the uncited claims a source states, and
    ``unsupported_uncited``: those no presented source supports (``claim_text``, ``start``, ``end``
    in the final text), so that a reader tells "uncited and unsupported" from "not a claim".
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
        payload["unsupported_uncited"] = [
            {"claim_text": claim, "start": start, "end": end}
            for claim, start, end in result.unsupported_uncited
        ]
    if ledger is not None and ledger.mode != "off":
        support = [
            support_entry(c, ledger.judgement(c.id, c.claim), judged=(c.id, c.claim) in ledger.overrides)
            for c in result.citations
        ]
        payload["support"] = support
        payload["support_summary"] = support_summary(support)
        payload["removed_unsupported"] = []
        for c in result.dropped:
            judged = ledger.judgement(c.id, c.claim)
            payload["removed_unsupported"].append(
                {
                    "id": c.id,
                    "claim": c.claim,
                    "verdict": judged.verdict,
                    "score": judged.score,
                    "conflict": conflict_entry(judged.conflict if judged.verdict == "contradicted" else None),
                    "judge": (c.id, c.claim) in ledger.overrides,
                }
            )
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

    def ranked(self, claim: str) -> list[tuple[int, float]]:
        """Every presented source with its score before flips, best first (``SupportChecker.ranked``)."""
        return self.checker.ranked(claim) if self.checker is not None else []

    def keep(self, source_id: int, claim: str) -> bool:
        """Drop mode's test, asked by the engine as each marker closes."""
        return self.judgement(source_id, claim).verdict not in FLAGGED

    def engine_options(self) -> dict[str, Any]:
        return {"track_claims": self.mode != "off", "keep": self.keep if self.mode == "drop" else None}

    def for_judge(self, citations: list[Citation]) -> list[tuple[int, str]]:
        """The (source, claim) pairs worth a judge's look: the lexical score is unsure, or the
        citation would be flagged (``unsupported`` or ``contradicted``), so that a flag the reader sees
        is either lexically certain or confirmed."""
        keys = dict.fromkeys((c.id, c.claim) for c in citations)
        return [
            k
            for k in keys
            if k not in self.overrides
            and (is_uncertain(self.judgement(*k).score) or self.judgement(*k).verdict in FLAGGED)
        ]


#: Verdicts that put a warning on the card, and that ``drop`` removes from the text.
FLAGGED = ("unsupported", "contradicted")


def conflict_entry(conflict: Conflict | None) -> dict[str, Any] | None:
    """A conflict as the payload holds it (offsets in the source's ``text``)."""
    if conflict is None:
        return None
    return {
        "kind": conflict.kind,
        "claim_text": conflict.claim_text,
        "source_text": conflict.source_text,
        "source_start": conflict.source_start,
        "source_end": conflict.source_end,
    }


def support_note(verdict: str, conflict: Conflict | None) -> str | None:
    """What a verdict means for a reader, in full (the card shows :func:`card_warning`)."""
    if verdict == "contradicted" and conflict is not None:
        return (
            f"the source says \u00ab{' '.join(conflict.source_text.split())}\u00bb where the answer says "
            f"\u00ab{' '.join(conflict.claim_text.split())}\u00bb"
        )
    return SUPPORT_NOTES.get(verdict)


def card_warning(verdict: str, conflict: Conflict | None) -> str:
    """The short warning a card shows first, fitting ``CARD_WARNING_CHARS``: only for flagged
    verdicts. A contradiction shows both sides when they fit, else what the source says; a role swap
    always shows both sides, as much of each as fits.

    >>> from lfx_citations.core.support import Conflict
    >>> card_warning("contradicted", Conflict("role", "Water gives hydrogen", "Hydrogen bonds give water", 0, 25))
    '«Hydrogen bonds give water», not «Water gives hydrogen»'
    """
    if verdict not in FLAGGED:
        return ""
    if conflict is None:
        return SUPPORT_NOTES[verdict]
    says = "the source says "
    both = f"{says}{quoted(conflict.source_text, 24)}, not {quoted(conflict.claim_text, 24)}"
    if len(both) + 2 <= CARD_WARNING_CHARS:
        return both
    if conflict.kind == "role":
        # A swap is only seen with both sides: the longest cut of each that fits, without the preamble.
        for room in range(max(len(conflict.source_text), len(conflict.claim_text)), 3, -1):
            bare = f"{quoted(conflict.source_text, room)}, not {quoted(conflict.claim_text, room)}"
            if len(bare) + 2 <= CARD_WARNING_CHARS:
                return bare
    return says + quoted(conflict.source_text, CARD_WARNING_CHARS - len(says) - 4)


def support_entry(citation: Citation, judgement: Judgement, *, judged: bool = False) -> dict[str, Any]:
    """One kept citation's entry in ``payload["support"]``: its claim and how well its source says it.
    ``judged``: the verdict is a judge model's, not the lexical check's."""
    conflict = judgement.conflict if judgement.verdict == "contradicted" else None
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
        "conflict": conflict_entry(conflict),
        # The card's warning in full: the card shows a short form that fits it.
        "note": support_note(judgement.verdict, conflict),
        "judge": judged,
    }


def status_line(payload: dict[str, Any]) -> str:
    """What a component's status says of a payload: cited, removed, and the support verdicts."""
    cited = ", ".join(str(i) for i in payload["cited"]) or "none"
    parts = [f"Cited sources: {cited}.", f"Removed markers: {len(payload['removed'])}."]
    summary = payload.get("support_summary") or {}
    dropped = len(payload.get("removed_unsupported") or [])
    if summary.get("citations") or dropped:
        parts.append(
            f"Support: {summary['supported']} supported, {summary['partial']} partial, "
            f"{summary['unsupported']} unsupported, {summary['contradicted']} contradicted"
            + (f", {dropped} removed." if dropped else ".")
        )
    for key, what in (("suggested", "Sources suggested for"), ("inserted", "Citations added to")):
        if payload.get(key):
            ids = ", ".join(str(i) for i in dict.fromkeys(e["id"] for e in payload[key]))
            parts.append(f"{what} {len(payload[key])} uncited claim(s): {ids}.")
    return " ".join(parts)


def support_summary(entries: list[dict[str, Any]]) -> dict[str, int]:
    """Citations by verdict, how many claims, and how many have at least one supported citation."""
    summary = {"citations": len(entries), **dict.fromkeys(reversed(VERDICTS), 0)}
    claims: dict[tuple[int, int], bool] = {}
    for entry in entries:
        summary[entry["verdict"]] += 1
        span = (entry["claim_start"], entry["claim_end"])
        claims[span] = claims.get(span, False) or entry["verdict"] == "supported"
    return {**summary, "claims": len(claims), "claims_supported": sum(claims.values())}


#: What a verdict means, in the payload's ``note``; a card warns for the ``FLAGGED`` ones only.
SUPPORT_NOTES = {
    "contradicted": "the source says otherwise",  # a judge's verdict, with no lexical conflict to show
    "unsupported": "claim not found in this source",
    "partial": "claim only partly in this source",
}


def source_card_title(record: dict[str, Any]) -> str:
    """``Source 3 · water.pdf — page 3``: the number the text shows, then what a reader recognizes."""
    name = str(record.get("title") or record.get("document") or "").strip() or "Untitled"
    return card_title(record["id"], name, record.get("page"))


def _adjacent(text: str, evidence: list[dict[str, Any]]) -> list[bool]:
    """For each pair of evidence sentences, whether only spaces and at most one line break part them
    in the source (a blank line, a form feed or another page break is a gap)."""
    out = []
    for a, b in pairwise(evidence):
        between = text[a["end"] : b["start"]] if 0 <= a["end"] <= b["start"] <= len(text) else "x"
        out.append(not between.strip(" \t\n") and between.count("\n") <= 1)
    return out


def card_snippet(
    record: dict[str, Any],
    entries: list[dict[str, Any]],
    inserted: list[dict[str, Any]] | None = None,
    added: str = "",
) -> str:
    """A source's card text: the warning of its weakest flagged citation, if any, then evidence. A
    contradicted card shows the sentence that says otherwise; other cards their best evidence.

    ``inserted``: the source's entries in ``payload["inserted"]``; ``added`` (:func:`added_notes`)
    opens a card without a warning, and a source cited only by the checker shows where it says that
    claim."""
    warning, evidence = "", []
    if entries:
        weakest = min(entries, key=lambda e: VERDICTS.index(e["verdict"]))
        shown = weakest if weakest["verdict"] == "contradicted" else max(entries, key=lambda e: e["score"])
        evidence = shown["evidence"]
        conflict = weakest.get("conflict")
        warning = card_warning(
            weakest["verdict"],
            Conflict(**conflict) if isinstance(conflict, dict) else None,
        )
    elif inserted:
        evidence = max(inserted, key=lambda e: e["score"])["evidence"]
    if not evidence:
        return snippet(record.get("text"))
    text = str(record.get("text") or "")
    return card_text([e["text"] for e in evidence], _adjacent(text, evidence), warning, added)


def added_notes(result: FilterResult) -> dict[int, str]:
    """What each card says of the markers the checker inserted: for every citation of its source (the
    answer did not cite it) or for some (:data:`ADDED_NOTE`, :data:`ALSO_ADDED_NOTE`)."""
    only = set(result.inserted_only)
    inserted = (c.id for c in result.uncited if c.marker_start is not None)
    return {i: ADDED_NOTE if i in only else ALSO_ADDED_NOTE for i in inserted}


def source_cards(
    payload: dict[str, Any], spans: dict[int, tuple[int, int]], added: dict[int, str] | None = None
) -> list[dict[str, Any]]:
    """One card per shown source: the fields of Langflow's ``CitationContent``.

    With a support check, the snippet is the source's best evidence (where it says the claim), and a
    source that does not say a claim, or says otherwise, opens it with a warning. ``added``
    (:func:`added_notes`): the sources the checker cited where the answer did not, whose cards open
    with that note instead (a warning goes first).
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
        note = (added or {}).get(record["id"], "")
        cards.append(
            {
                "title": source_card_title(record),
                "url": safe_http_url(record.get("url")),
                "cited_text": card_snippet(
                    record, by_source.get(record["id"], []), inserted.get(record["id"]), note
                ),
                "start_index": start,
                "end_index": end,
            }
        )
    return cards
