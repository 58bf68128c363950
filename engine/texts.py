"""Marking the engine's texts for translation where they are written.

The engine translates nothing: it imports only the standard library. It raises its errors
with an English template and the words that fill it (:meth:`engine.errors.EngineError.said`),
and whoever shows them translates the template (the service's catalogs). :func:`N_` marks
each such template in place, so that the extractor finds it there (``service/plumbing/i18n/
extract.py``): there is no list of them to keep in step.
"""

from __future__ import annotations


def N_(text: str) -> str:  # noqa: N802 - gettext's name for a text marked, not translated
    """Return ``text`` unchanged: a text a person reads, marked for the catalogs."""
    return text
