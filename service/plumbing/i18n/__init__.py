"""The languages people read the service in: English, German, Spanish and Polish.

Every text a person reads is written in English in the code, wrapped in :func:`_` (or
:func:`ngettext`), and translated through Flask-Babel from the gettext catalogs in
``service/plumbing/i18n/translations/<language>/LC_MESSAGES/messages.po``. The catalogs are read and
compiled in memory when the first app is made, so there is no build step: editing a ``.po``
file and restarting is enough. The web page reads the same catalogs as JSON
(``GET /api/v1/i18n/<language>``). How to add a language: ``docs/translating.md``.

Which language: an HTTP request is answered in the best match of its ``Accept-Language``
(the page sends its viewer's language); a mail to a seat, in that seat's language and time
zone (:func:`in_language`); a mail asked for without a seat, in the language of the request
that asked for it.
"""

from __future__ import annotations

from service.plumbing.i18n.languages import (
    DEFAULT_LANGUAGE,
    LANGUAGES,
    is_language,
    is_time_zone,
    language_of_seat,
)
from service.plumbing.i18n.setup import (
    _,
    accepted_language,
    current_language,
    format_duration,
    format_moment,
    in_language,
    init_app,
    lazy_gettext,
    ngettext,
    pgettext,
    plural_form,
)
from service.plumbing.i18n.words import colour_name

__all__ = [
    "DEFAULT_LANGUAGE", "LANGUAGES", "_", "accepted_language", "colour_name",
    "current_language", "format_duration", "format_moment", "in_language", "init_app",
    "is_language", "is_time_zone", "language_of_seat", "lazy_gettext", "ngettext", "pgettext",
    "plural_form",
]
