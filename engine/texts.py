"""Marking the engine's texts for translation where they are written.

The engine translates nothing: it imports only the standard library. It raises its errors
with an English template and the words that fill it (:meth:`engine.errors.EngineError.said`),
and whoever shows them translates the template (the service's catalogs). :func:`N_` marks
each such template in place, and :func:`Nn_` one that counts something, so that the
extractor finds them there (``service/plumbing/i18n/extract.py``): there is no list of them
to keep in step.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple


def N_(text: str) -> str:  # noqa: N802 - gettext's name for a text marked, not translated
    """Return ``text`` unchanged: a text a person reads, marked for the catalogs."""
    return text


class Plural(NamedTuple):
    """A template that counts something: its English singular and plural, and the name of
    the word whose number chooses between them, ``by`` (as gettext's ``ngettext`` chooses,
    so that a language with more forms, as Polish, has them all in its catalog)."""

    singular: str
    plural: str
    by: str

    def english(self, words: Mapping[str, Any]) -> str:
        """Return the English form for ``words``: the singular when the count is 1."""
        return self.singular if words[self.by] == 1 else self.plural


def Nn_(singular: str, plural: str, by: str) -> Plural:  # noqa: N802 - see N_
    """Mark a template with plural forms for the catalogs: the extractor reads
    ``Nn_("... %(count)s way ...", "... %(count)s ways ...", "count")`` as one plural
    entry, and the service translates it with ``ngettext``, the form chosen by the word
    named ``by`` (here ``count``)."""
    return Plural(singular, plural, by)
