"""Tests of service.create_app: configuration from FF_* variables, read at each call."""

from __future__ import annotations

import pytest

from service import create_app


def test_it_reads_ff_variables_into_the_config(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FF_GREETING", "hello")
    monkeypatch.setenv("FF_PORT", "8001")
    config = create_app().config
    assert (config["GREETING"], config["PORT"]) == ("hello", 8001)


def test_the_links_address_follows_the_port_unless_one_is_given(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("FF_PUBLIC_URL", raising=False)
    monkeypatch.delenv("FF_PORT", raising=False)
    assert create_app().config["PUBLIC_URL"] == "http://127.0.0.1:8000"
    monkeypatch.setenv("FF_PORT", "8101")
    assert create_app().config["PUBLIC_URL"] == "http://127.0.0.1:8101"
    monkeypatch.setenv("FF_PUBLIC_URL", "https://ff.example/")
    assert create_app().config["PUBLIC_URL"] == "https://ff.example"


@pytest.mark.parametrize(("port", "message"), [
    ("eighty", "FF_PORT must be a port number, got 'eighty'"),
    ("70000", "FF_PORT must be between 1 and 65535, got 70000"),
])
def test_it_refuses_a_port_that_is_no_port(monkeypatch: pytest.MonkeyPatch, port: str,
                                           message: str) -> None:
    monkeypatch.setenv("FF_PORT", port)
    with pytest.raises(ValueError, match=message):
        create_app()


def test_it_lets_the_config_argument_override_the_environment(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("FF_GREETING", "hello")
    assert create_app({"GREETING": "bonjour"}).config["GREETING"] == "bonjour"


def test_it_reads_the_environment_when_called_not_before(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("FF_GREETING", raising=False)
    before = create_app()
    monkeypatch.setenv("FF_GREETING", "hello")
    assert "GREETING" not in before.config
    assert create_app().config["GREETING"] == "hello"


def test_every_route_parses_its_arguments_with_one_schema_instance_built_at_start() -> None:
    # A schema class would make webargs build an instance, deep-copying every field, for each
    # request: a measurable share of a submission's time.
    app = create_app({"RATELIMIT_ENABLED": False})
    checked = 0
    for view in app.view_functions.values():
        view_class = getattr(view, "view_class", None)
        for method in getattr(view_class, "methods", None) or ():
            doc = getattr(getattr(view_class, method.lower()), "_apidoc", {})
            for parameter in doc.get("arguments", {}).get("parameters", []):
                assert not isinstance(parameter["schema"], type), (view_class, method)
                checked += 1
    assert checked >= 14
