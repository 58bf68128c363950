"""``GET /api/v1/i18n/<language>``: the web page's texts in one language, from the catalogs."""

from __future__ import annotations

from flask import Response
from flask.views import MethodView
from marshmallow import Schema, fields

from service.plumbing.api import Blueprint, errors, json_reply
from service.plumbing.errors import ServiceError
from service.plumbing.i18n.catalogs import page_catalog
from service.plumbing.i18n.languages import LANGUAGE_NAMES, LANGUAGES, is_language
from service.plumbing.i18n.setup import _

blp = Blueprint("i18n", __name__, url_prefix="/api/v1/i18n",
                description="The web page's texts in each language the service speaks.")


class PageCatalogSchema(Schema):
    """One language's texts for the page."""

    language = fields.String(required=True, metadata={"example": "de"})
    languages = fields.Dict(keys=fields.String(), values=fields.String(), required=True,
                            metadata={"description": "Every language, named in itself."})
    texts = fields.Dict(keys=fields.String(), required=True, metadata={
        "description": "Each English text of the page mapped to its translation (a list of "
                       "forms for a text with plurals); English maps nothing."})


LANGUAGE = {"in": "path", "name": "language", "required": True,
            "description": "A language the service speaks.",
            "schema": {"type": "string", "enum": list(LANGUAGES)}}


@blp.route("/<language>", parameters=[LANGUAGE])
class PageCatalog(MethodView):
    """The page's catalog of one language."""

    @blp.response(200, PageCatalogSchema)
    @errors(blp, 404)
    def get(self, language: str) -> Response:
        """Read the page's texts in ``language`` (``en``, ``de``, ``es`` or ``pl``)."""
        if not is_language(language):
            raise ServiceError("i18n/unknown_language", _(
                "There is no language '%(language)s' here; there are %(languages)s.",
                language=language[:16], languages=", ".join(LANGUAGES)))
        response = json_reply({"language": language,
                               "languages": {code: LANGUAGE_NAMES[code] for code in LANGUAGES},
                               "texts": page_catalog(language)})
        response.headers["Cache-Control"] = "public, max-age=300"
        return response
