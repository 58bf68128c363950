"""Tests of service.create_app: configuration from FF_* variables, read at each call."""

from __future__ import annotations

import pytest

from service import create_app


def test_it_reads_ff_variables_into_the_config(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FF_GREETING", "hello")
    monkeypatch.setenv("FF_PORT", "8001")
    config = create_app().config
    assert (config["GREETING"], config["PORT"]) == ("hello", 8001)


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
