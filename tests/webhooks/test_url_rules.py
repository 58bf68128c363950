"""Which webhook URLs are taken at creation: every form of a host (``check_url``), the URL's
characters (the request schema), and what the OpenAPI document says of both."""

from __future__ import annotations

from collections.abc import Iterator

import jsonschema_rs
import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from service import create_app
from service.features.webhooks.addresses import URL_PATTERN, RefusedTarget, parse_url
from service.features.webhooks.models import WebhookEndpoint
from service.features.webhooks.schemas import WebhookCreateEndpointSchema
from service.features.webhooks.service import check_url
from service.plumbing.errors import ServiceError
from service.plumbing.extensions import db
from tests.service.conftest import app_config, dispose
from tests.service.helpers import API, assert_error, auth, create_game
from tests.webhooks.helpers import PUBLIC_HOOK, add_hook, hook
from tests.webhooks.url_forms import INVALID, MALFORMED, PRIVATE, PUBLIC

URL_SCHEMAS = ("WebhookCreateEndpoint", "WebhookUpdateEndpoint")


@pytest.fixture(scope="module")
def strict_app(sqlite_url: str) -> Iterator[Flask]:
    """Return an app with the default setting: private targets refused. (check_url reads
    only the configuration: no schema needed.)"""
    app = create_app(app_config(sqlite_url))
    yield app
    dispose(app)


def refusal(app: Flask, url: str) -> ServiceError | None:
    """Return the error ``check_url`` raises for ``url`` in ``app`` (None: taken)."""
    with app.app_context():
        try:
            check_url(url)
        except ServiceError as error:
            return error
    return None


@pytest.mark.parametrize("url", PRIVATE)
def test_a_private_address_in_any_form_is_refused_at_creation(strict_app: Flask,
                                                              url: str) -> None:
    error = refusal(strict_app, url)
    assert error is not None, f"{url} was taken"
    assert (error.status, error.code, error.details) == (422, "webhook/private_address",
                                                         {"url": url}), error.message


@pytest.mark.parametrize("url", INVALID + MALFORMED)
def test_a_url_no_resolver_can_read_is_refused_at_creation(strict_app: Flask, url: str) -> None:
    error = refusal(strict_app, url)
    assert error is not None, f"{url} was taken"
    assert (error.status, error.code) == (422, "webhook/invalid_url"), error.message


@pytest.mark.parametrize(("url", "address"), PUBLIC)
def test_a_public_address_in_any_form_is_taken_at_creation(strict_app: Flask, url: str,
                                                           address: str) -> None:
    assert refusal(strict_app, url) is None


def test_private_forms_are_taken_when_the_configuration_allows_them(sqlite_url: str) -> None:
    lenient = create_app(app_config(sqlite_url, WEBHOOK_ALLOW_PRIVATE=True))
    try:
        for url in ("http://2130706433/", "http://[2002:7f00:1::]/", "http://[fec0::1]/",
                    "http://192.0.0.8/", "http://localhost/", "http://[::ffff:127.0.0.1]/"):
            assert refusal(lenient, url) is None, url
        assert refusal(lenient, "http://1.1.1.1/a b").code == "webhook/invalid_url"
    finally:
        dispose(lenient)


def endpoint_rows(app: Flask) -> int:
    """Return how many endpoints the database holds."""
    with app.app_context():
        count = db.session.scalar(select(func.count()).select_from(WebhookEndpoint))
        db.session.rollback()
    return count


def test_the_api_refuses_every_form_and_writes_nothing(app: Flask, client: FlaskClient) -> None:
    game = create_game(client)
    for url in PRIVATE:
        error = assert_error(add_hook(client, game, game.creator_token, url), 422,
                             "webhook/private_address")
        assert error["details"] == {"url": url}
    for url in INVALID:
        error = assert_error(add_hook(client, game, game.creator_token, url), 422,
                             "webhook/invalid_url")
        assert error["message"].startswith(repr(url))
    for url in MALFORMED:
        error = assert_error(add_hook(client, game, game.creator_token, url), 422,
                             "request/invalid")
        [message] = error["details"]["fields"]["json"]["url"]
        assert message.startswith(repr(url))
    assert endpoint_rows(app) == 0


@pytest.mark.parametrize(("url", "named"), [
    ("http://1.1.1.1/a b", "' ' (U+0020)"), ("http://1.1.1.1/<x>", "'<' (U+003C)"),
    ('http://1.1.1.1/"x"', "'\"' (U+0022)"), ("http://1.1.1.1/{x}", "'{' (U+007B)"),
])
def test_a_character_no_url_may_hold_is_named(app: Flask, client: FlaskClient, url: str,
                                              named: str) -> None:
    game = create_game(client)
    error = assert_error(add_hook(client, game, game.creator_token, url), 422,
                         "request/invalid")
    assert named in error["details"]["fields"]["json"]["url"][0]
    assert refusal(app, url).code == "webhook/invalid_url"
    assert named in refusal(app, url).message
    assert endpoint_rows(app) == 0


def test_a_change_to_a_refused_url_changes_nothing(client: FlaskClient) -> None:
    game = create_game(client)
    endpoint = hook(client, game, game.creator_token)
    url = game.url(f"/webhooks/{endpoint['id']}")
    for bad, code in (("http://[2002:7f00:1::]/", "webhook/private_address"),
                      ("http://0x/", "webhook/invalid_url"),
                      ("http://1.1.1.1/a b", "request/invalid")):
        assert_error(client.patch(url, json={"url": bad}, headers=auth(game.creator_token)),
                     422, code)
    assert client.get(url, headers=auth(game.creator_token)).get_json()["url"] == PUBLIC_HOOK


def url_property(client: FlaskClient, schema: str) -> dict:
    """Return the url property of a request schema in the OpenAPI document."""
    document = client.get(f"{API}/openapi.json").get_json()
    return document["components"]["schemas"][schema]["properties"]["url"]


@pytest.mark.parametrize("schema", URL_SCHEMAS)
def test_the_openapi_document_gives_the_url_its_pattern_and_format(client: FlaskClient,
                                                                   schema: str) -> None:
    url = url_property(client, schema)
    assert (url["type"], url["format"], url["pattern"]) == ("string", "uri", URL_PATTERN)


def test_the_document_and_the_api_judge_every_url_alike(client: FlaskClient) -> None:
    """What the document takes, the schema takes; what it refuses, the schema refuses, or
    parse_url does (webhook/invalid_url: what a pattern cannot say, such as a port above
    65535 or brackets around no IPv6 address)."""
    document = jsonschema_rs.Draft4Validator(url_property(client, "WebhookCreateEndpoint"),
                                             validate_formats=True)
    schema = WebhookCreateEndpointSchema()
    forms = [*PRIVATE, *INVALID, *MALFORMED, *(url for url, _ in PUBLIC),
             "https://hooks.example/in", "https://xn--bcher-kva.example/", "http://a_b.example/",
             "https://discord.com/api/webhooks/123/AbC-_x?wait=true", "http://h.example/%41",
             "http://h.example/?a=[1]", "http://h.example/a#b#c", "http://h.example:/",
             "https://h.example/\u00a0", "http://h.example/\u200e", "http://h.example/\x07"]
    for url in forms:
        taken = not schema.validate({"url": url})
        if document.is_valid(url):
            assert taken, url
        elif taken:
            with pytest.raises(RefusedTarget) as refused:
                parse_url(url)
            assert refused.value.code == "webhook/invalid_url", url
    for url in MALFORMED:
        assert not document.is_valid(url), url
