# The parts of flask-smorest the service uses (it ships no type information). The decorators
# that hand the view on as it is written (route, doc, alt_response) keep its type; arguments
# and response wrap it in a function called otherwise: arguments appends the parsed request
# to the positional arguments, response turns what the view returns into a response.
from collections.abc import Callable, Sequence
from http import HTTPStatus
from typing import Any, ClassVar, TypeVar

from apispec import APISpec
from flask import Blueprint as FlaskBlueprint
from flask import Flask
from marshmallow import Schema
from webargs.flaskparser import FlaskParser
from werkzeug.wrappers import Response

_F = TypeVar("_F", bound=Callable[..., Any])
_R = TypeVar("_R")

_Status = int | str | HTTPStatus
_ResponseSchema = type[Schema] | Schema | str | dict[str, Any]
# A parameter's OpenAPI description, or the name of one in the document's components.
_Parameter = dict[str, Any] | str

class Blueprint(FlaskBlueprint):
    ARGUMENTS_PARSER: ClassVar[FlaskParser]
    description: str
    def __init__(
        self, name: str, import_name: str, *, url_prefix: str | None = None,
        description: str = "",
    ) -> None: ...
    # Registers a view function or a MethodView class, and returns it unchanged.
    def route(
        self, rule: str, *, parameters: Sequence[_Parameter] | None = None,
        tags: Sequence[str] | None = None, **options: Any,
    ) -> Callable[[_F], _F]: ...
    def arguments(
        self, schema: type[Schema] | Schema, *, location: str = "json",
        content_type: str | None = None, required: bool = True,
        description: str | None = None, example: Any = None,
        examples: dict[str, Any] | None = None,
    ) -> Callable[[Callable[..., _R]], Callable[..., _R]]: ...
    def response(
        self, status_code: _Status, schema: _ResponseSchema | None = None, *,
        content_type: str | None = None, description: str | None = None,
        example: Any = None, examples: dict[str, Any] | None = None,
        headers: dict[str, Any] | None = None,
    ) -> Callable[[Callable[..., Any]], Callable[..., Response]]: ...
    def alt_response(
        self, status_code: _Status, response: str | dict[str, Any] | None = None, *,
        schema: _ResponseSchema | None = None, content_type: str | None = None,
        description: str | None = None, example: Any = None,
        examples: dict[str, Any] | None = None, headers: dict[str, Any] | None = None,
        success: bool = False,
    ) -> Callable[[_F], _F]: ...
    @staticmethod
    def doc(**kwargs: Any) -> Callable[[_F], _F]: ...

class Api:
    ERROR_SCHEMA: ClassVar[type[Schema]]
    # None until the Api has an app; the service always makes it with one (make_api).
    spec: APISpec
    def __init__(
        self, app: Flask | None = None, *, spec_kwargs: dict[str, Any] | None = None,
        config_prefix: str = "",
    ) -> None: ...
    def register_blueprint(
        self, blp: Blueprint, *, parameters: Sequence[_Parameter] | None = None,
        **options: Any,
    ) -> None: ...
