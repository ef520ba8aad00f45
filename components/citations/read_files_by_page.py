"""Read Files by Page: files to chunks for a vector store, each chunk with its file's name and its page.

In a flow: Files (uploaded, or set by tweak: ``{"Read Files by Page": {"path": ["<user id>/water.pdf"]}}``)
-> Chunks -> Astra DB's Ingest Data, or the Knowledge component's Input in Ingest mode. PDFs are read
page by page with pypdf (no models to download, unlike Docling), so cards can say ``water.pdf — page 3``
and manifest links get ``#page=3``; text and Markdown files are read as they are. In code::

    component = ReadFilesByPageComponent()
    component.set(path=["/docs/water.pdf"], chunk_size=1000, chunk_overlap=200)
    component.read_chunks()  # rows: text, file_path, file_name, page (1-based; empty for text files)

A file that gives no text (encrypted, image-only, broken, or a type it does not read) is named in the
log and the status, and skipped; the other files still go in. The Langflow glue only: reading and
splitting live in ``lfx_citations.core.pages``.
"""

from __future__ import annotations

from pathlib import Path

from lfx.base.data.storage_utils import parse_storage_path
from lfx.custom.custom_component.component import Component
from lfx.io import FileInput, IntInput, Output
from lfx.schema.dataframe import DataFrame
from lfx.utils.file_path_security import component_file_access_scopes, enforce_local_file_access

from lfx_citations.core.pages import (
    DEFAULT_CHUNK_OVERLAP,
    DEFAULT_CHUNK_SIZE,
    READABLE_SUFFIXES,
    UnreadableFile,
    read_pages,
    split_pages,
)

CHUNK_COLUMNS = ("text", "file_path", "file_name", "page")


class ReadFilesByPageComponent(Component):
    display_name = "Read Files by Page"
    description = (
        "Reads files for a vector store: PDFs page by page (pypdf), text and Markdown as they are, and "
        "splits them into chunks that carry the file's name and the page where each chunk starts."
    )
    icon = "FileText"
    name = "ReadFilesByPage"

    inputs = [
        FileInput(
            name="path",
            display_name="Files",
            file_types=list(READABLE_SUFFIXES),
            list=True,
            value=[],
            required=False,  # given at run time (an upload, or a tweak), like Langflow's Read File
            info=(
                "The files to read: PDFs page by page, text files whole. A file that gives no text "
                "(encrypted, image-only, broken) is named in the status and skipped."
            ),
        ),
        IntInput(
            name="chunk_size",
            display_name="Chunk Size",
            value=DEFAULT_CHUNK_SIZE,
            info="Most characters in a chunk. A chunk ends at a paragraph, line, sentence or word break.",
        ),
        IntInput(
            name="chunk_overlap",
            display_name="Chunk Overlap",
            value=DEFAULT_CHUNK_OVERLAP,
            info="Characters a chunk repeats from the end of the one before it (below the chunk size).",
        ),
    ]

    outputs = [Output(display_name="Chunks", name="chunks", method="read_chunks")]

    def _local_path(self, value: str) -> Path:
        """Where an uploaded file (``<user id>/<name>``) or a server path is, as Langflow's File resolves it."""
        resolved = (
            Path(self.get_full_path(value)) if parse_storage_path(value) else Path(self.resolve_path(value))
        )
        return enforce_local_file_access(resolved, scope_ids=component_file_access_scopes(self))

    def read_chunks(self) -> DataFrame:
        paths = [str(p) for p in (self.path if isinstance(self.path, list) else [self.path]) if p]
        if not paths:
            msg = "No files to read: upload files in the Files input (or set its path by tweak)."
            raise ValueError(msg)
        rows: list[dict[str, object]] = []
        read: list[str] = []
        skipped: list[str] = []
        for value in paths:
            name = Path(value).name
            try:
                local = self._local_path(value)
                pages = read_pages(name, local.read_bytes())
                chunks = split_pages(pages, int(self.chunk_size), int(self.chunk_overlap))
            except (UnreadableFile, OSError) as exc:
                reason = (
                    str(exc) if isinstance(exc, UnreadableFile) else f"cannot open it ({exc.strerror or exc})"
                )
                skipped.append(f"{name} ({reason})")
                self.log(f"Skipped {name}: {reason}")
                continue
            rows += [{"text": c.text, "file_path": value, "file_name": name, "page": c.page} for c in chunks]
            numbered = [p for p in pages if p.number is not None]
            shape = f"{len(numbered)} page{'s' * (len(numbered) != 1)}, " if numbered else ""
            read.append(f"{name}: {shape}{len(chunks)} chunk{'s' * (len(chunks) != 1)}")
            self.log(f"Read {read[-1]}")
        status = " · ".join(read) or "no file read"
        if skipped:
            status += " · skipped: " + "; ".join(skipped)
        self.status = status
        # Objects, not numbers: a page column holding None beside numbers would become floats, which
        # the Knowledge component stores as text ("3.0").
        return DataFrame(rows, columns=list(CHUNK_COLUMNS), dtype=object)
