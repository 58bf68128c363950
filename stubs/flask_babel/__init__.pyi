# The parts of Flask-Babel the service uses (it ships little type information and no py.typed).
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from datetime import tzinfo
from types import SimpleNamespace
from typing import Any

from babel import Locale
from babel.support import NullTranslations
from flask import Flask
from flask_babel.speaklater import LazyString

class Domain:
    def __init__(
        self, translation_directories: str | list[str] | None = None, domain: str = "messages",
    ) -> None: ...
    def get_translations(self) -> NullTranslations: ...

class Babel:
    # A cached property: the app's domain unless one is set.
    domain_instance: Domain
    def __init__(
        self, app: Flask | None = None, date_formats: Mapping[str, str | None] | None = None,
        configure_jinja: bool = True, *,
        locale_selector: Callable[[], str | Locale | None] | None = None,
    ) -> None: ...

# The attributes Flask-Babel keeps for the app context (babel_locale, babel_tzinfo, ...);
# None outside one.
def _get_current_context() -> SimpleNamespace | None: ...
@contextmanager
def force_locale(locale: str | Locale) -> Iterator[None]: ...
def get_locale() -> Locale | None: ...
# A pytz time zone, or the tzinfo a caller set; None outside an app context.
def get_timezone() -> tzinfo | None: ...
def get_translations() -> NullTranslations: ...
def gettext(string: str, **variables: Any) -> str: ...
def ngettext(singular: str, plural: str, num: int, **variables: Any) -> str: ...
def pgettext(context: str, string: str, **variables: Any) -> str: ...
def lazy_gettext(string: str, **variables: Any) -> LazyString: ...
