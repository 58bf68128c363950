"""The flask-smorest ``Api`` of an app, and helpers shared by the blueprints' routes.

Routes answer with :func:`json_reply`: the service layer already built the JSON-ready body
(``service.kernel.views``), so the response schemas given to ``@blp.response`` document it rather
than serialize it again (marshmallow would spend milliseconds re-dumping the engine's legal
moves on every read). The fuzz test checks every answer against the document.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from apispec.ext.marshmallow import MarshmallowPlugin
from apispec.ext.marshmallow.openapi import OpenAPIConverter
from flask import Flask, Request, Response, jsonify
from flask_smorest import Api
from flask_smorest import Blueprint as SmorestBlueprint
from marshmallow import fields
from webargs import core
from webargs.flaskparser import FlaskParser, is_json_request

from service.plumbing.errors import ServiceError
from service.plumbing.jsoncodec import MAX_NUMBER, InvalidJSON, loads_body
from service.plumbing.schemas import ErrorSchema

F = TypeVar("F", bound=Callable[..., Any])

BEARER: list[dict[str, list[str]]] = [{"bearerAuth": []}]
"""The ``security`` of an operation that needs a token from a link."""

SEAT: dict[str, Any] = {"in": "path", "name": "seat", "required": True,
                        "description": "The seat's number, from 0.",
                        "schema": {"type": "string", "pattern": "^[0-9]{1,2}$"}}
"""The path parameter ``<seat>`` of the routes about one seat (read as text by the service,
which answers ``seat/not_found`` for a seat the game does not have)."""

ERROR_DESCRIPTIONS = {
    304: "Not modified: the ETag in If-None-Match is current. No body.",
    400: "request/invalid_json: the body is not JSON, or nests deeper than 32 levels, or "
         "holds a number beyond 64 bits (details.limit: syntax, depth or number).",
    401: "auth/missing_token: no 'Authorization: Bearer <token>'.",
    403: "auth/forbidden: the token is not one of this game's, or not allowed to do this.",
    404: "game/not_found: no game has this id (ids are checked before any query).",
    409: "The game's state conflicts with the request (see the code).",
    413: "request/too_large: the body is larger than the limit.",
    422: "The request or the action is invalid (request/invalid, or the engine's code).",
    429: "rate/limited: too many requests; the Retry-After header says when to try again.",
}


def invalid_json(error: InvalidJSON) -> ServiceError:
    """Return the 400 answer to a body that is not JSON or breaks a limit."""
    return ServiceError("request/invalid_json", str(error), error.details)


class ApiRequest(Request):
    """Flask's request, reading JSON bodies with :func:`service.plumbing.jsoncodec.loads_body`'s
    limits and answering a bad one with ``request/invalid_json``."""

    def on_json_loading_failed(self, e: ValueError | None) -> Any:
        """Refuse the body in our error shape (Flask's default is a bare 400)."""
        if isinstance(e, InvalidJSON):
            raise invalid_json(e) from None
        return super().on_json_loading_failed(e)


class BodyParser(FlaskParser):
    """webargs' Flask parser reading JSON bodies as :class:`ApiRequest` does (webargs' own
    reading uses the standard library's ``json``, which recurses and converts any integer)."""

    def _raw_load_json(self, req: Request) -> Any:
        if not is_json_request(req):
            return core.missing
        data = req.get_data(cache=True)
        if not data:
            return core.missing
        try:
            return loads_body(data)
        except InvalidJSON as error:
            raise invalid_json(error) from None


class Blueprint(SmorestBlueprint):
    """flask-smorest's blueprint with :class:`BodyParser`: every route of the API uses it."""

    ARGUMENTS_PARSER = BodyParser()


class SchemaConverter(OpenAPIConverter):
    """apispec's converter, adding what a schema's ``Meta.openapi`` says of the object as a
    whole: the rules between its fields (``oneOf`` the shapes it takes), which marshmallow
    checks in ``@validates_schema`` and the fields alone cannot document."""

    def schema2jsonschema(self, schema: Any) -> dict[str, Any]:
        # apispec ships type information but leaves this method unannotated.
        jsonschema: dict[str, Any] = super().schema2jsonschema(schema)  # type: ignore[no-untyped-call]
        jsonschema.update(getattr(getattr(schema, "Meta", None), "openapi", {}))
        return jsonschema


class SchemaPlugin(MarshmallowPlugin):
    """The marshmallow plugin with :class:`SchemaConverter`."""

    Converter = SchemaConverter


class ErrorShapeApi(Api):
    """flask-smorest's Api documenting our error shape for every error response."""

    ERROR_SCHEMA = ErrorSchema


def make_api(app: Flask) -> Api:
    """Return the app's Api, with the bearer token scheme documented."""
    api = ErrorShapeApi(app, spec_kwargs={
        "marshmallow_plugin": SchemaPlugin(),
        "info": {"description": (
            "Play Fearsome Floors asynchronously. Every error answers "
            "{\"error\": {\"code\", \"message\", \"details\"}} with a stable code. Tokens come "
            "from private links: send them as 'Authorization: Bearer <token>'.")},
    })
    api.spec.components.security_scheme(
        "bearerAuth", {"type": "http", "scheme": "bearer",
                       "description": "A seat's, the creator's or the spectators' token."})
    api.spec.components.schema(JSON_VALUE, {
        "description": "Any JSON value whose numbers lie within 64 bits (what a request body "
                       "may hold).",
        "nullable": True,
        "anyOf": [{"type": "string"}, {"type": "boolean"},
                  # The largest integers within the bounds: the document itself must be
                  # JSON that the service's own reader takes.
                  {"type": "number", "minimum": 1 - MAX_NUMBER, "maximum": MAX_NUMBER - 1},
                  {"type": "array", "items": {"$ref": f"#/components/schemas/{JSON_VALUE}"}},
                  {"type": "object", "additionalProperties": {
                      "$ref": f"#/components/schemas/{JSON_VALUE}"}}]})
    return api


JSON_VALUE = "JsonValue"
"""The document's name of any JSON value a request body may hold (a record's parts)."""


def json_object_field(**kwargs: Any) -> fields.Dict:
    """Return a field taking any JSON object (its parts checked by the service itself, as a
    record is by the engine), documented as one whose numbers lie within 64 bits."""
    metadata = {"additionalProperties": {"$ref": f"#/components/schemas/{JSON_VALUE}"},
                **kwargs.pop("metadata", {})}
    return fields.Dict(metadata=metadata, **kwargs)


def json_reply(body: Mapping[str, Any] | None, status: int = 200,
               headers: Mapping[str, str] | None = None) -> Response:
    """Return a JSON response with this body (None: an empty body), status and headers."""
    response = jsonify(body) if body is not None else Response(status=status)
    response.status_code = status
    for name, value in (headers or {}).items():
        response.headers[name] = value
    return response


def errors(blp: Blueprint, *statuses: int) -> Callable[[F], F]:
    """Document the error answers an operation gives on purpose, besides the default one."""

    def decorate(function: F) -> F:
        for status in statuses:
            schema = None if status == 304 else ErrorSchema
            function = blp.alt_response(status, schema=schema,
                                        description=ERROR_DESCRIPTIONS[status])(function)
        return function

    return decorate
