"""The citation logic, edited once, imported by the installed components and carried by the standalone ones.

    >>> from lfx_citations.core.engine import filter_citations
    >>> filter_citations("Water is wet [1] and fire is cold [9].", [1, 2]).text
    'Water is wet [Source 1] and fire is cold.'

Each module imports only the standard library, pydantic (``pages``: pypdf, which lfx ships) and
sibling core modules (``from lfx_citations.core.<module> import <names>``, never aliased), so
``scripts/build_components.py`` can copy them verbatim into the standalone components, which the
nodes of ``flows/standalone/`` carry as text and compile once per process (``carried``).
"""
