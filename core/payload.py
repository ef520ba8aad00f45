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
from typing import Any

from lfx_citations.core.engine import FilterResult
from lfx_citations.core.links import safe_http_url
from lfx_citations.core.text import page_suffix, snippet


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


def build_payload(result: FilterResult, records: list[dict[str, Any]], *, scope: str) -> dict[str, Any]:
    """``message.data["citations"]``: the sources to show, in citation order, with the same numbers."""
    by_id = {r["id"]: r for r in records}
    cited = [i for i in result.cited if i in by_id]
    if not cited:
        shown: list[int] = []
    elif scope == "presented":
        cited_set = set(cited)
        shown = cited + [i for i in by_id if i not in cited_set]
    else:
        shown = cited
    return {
        "sources": [by_id[i] for i in shown],
        "cited": cited,
        "removed": list(result.removed),
        "citations_reported": result.reported,
    }


def source_card_title(record: dict[str, Any]) -> str:
    """``Source 3 · water.pdf — page 3``: the number the text shows, then what a reader recognizes."""
    name = str(record.get("title") or record.get("document") or "").strip() or "Untitled"
    return f"Source {record['id']} \u00b7 {name}{page_suffix(record.get('page'))}"


def source_cards(payload: dict[str, Any], spans: dict[int, tuple[int, int]]) -> list[dict[str, Any]]:
    """One card per shown source: the fields of Langflow's ``CitationContent``."""
    cards: list[dict[str, Any]] = []
    for record in payload["sources"]:
        start, end = spans.get(record["id"], (None, None))
        cards.append(
            {
                "title": source_card_title(record),
                "url": safe_http_url(record.get("url")),
                "cited_text": snippet(record.get("text")),
                "start_index": start,
                "end_index": end,
            }
        )
    return cards
