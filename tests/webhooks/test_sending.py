"""worker.webhooks: messages sent to the real webhook receiver, signed, retried, logged."""

from __future__ import annotations

import ipaddress
import json
import re
import socket
import threading
import time
from collections.abc import Callable, Iterator
from datetime import timedelta
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select
from standardwebhooks.webhooks import Webhook

from service.features.webhooks import addresses
from service.features.webhooks.chat import escape_name
from service.features.webhooks.models import WebhookDelivery, WebhookEndpoint
from service.features.webhooks.signing import verify
from service.kernel.naming import default_name
from service.plumbing.extensions import db
from service.plumbing.outbox import Outbox
from tests.service.conftest import PUBLIC_URL
from tests.service.helpers import NewGame, auth, token_of
from tests.support.webhook_receiver import ReceivedRequest, WebhookReceiver
from tests.webhooks.helpers import (
    hook,
    open_game,
    refuse_connections,
    run_webhook_jobs,
    sentence_of,
    start,
    webhook_jobs,
)
from worker.jobs import handler_for


@pytest.fixture
def client(sending_app: Flask) -> FlaskClient:
    """Return a client of the app that may send to the loopback receiver."""
    return sending_app.test_client()


def started_with_hook(client: FlaskClient, url: str, **spec: Any) -> tuple[NewGame, dict]:
    """Return a game with a game webhook to ``url``, started (so messages are waiting)."""
    game = open_game(client)
    endpoint = hook(client, game, game.creator_token, url, **spec)
    start(client, game)
    return game, endpoint


def log_of(client: FlaskClient, game: NewGame, endpoint: dict) -> list[dict[str, Any]]:
    """Return the endpoint's delivery log, as the API shows it to the creator."""
    response = client.get(game.url(f"/webhooks/{endpoint['id']}/deliveries"),
                          headers=auth(game.creator_token))
    assert response.status_code == 200, response.get_data(as_text=True)
    return response.get_json()["items"]


def check_signed(request: ReceivedRequest, secret: str) -> dict[str, Any]:
    """Check a received request's signature with our verifier and the reference one."""
    headers = {name: value for name, value in request.headers.items()}
    verify(secret, headers, request.body)
    return Webhook(secret).verify(request.body, headers)


def test_it_delivers_messages_whose_signatures_verify(sending_app: Flask, client: FlaskClient,
                                                      webhook_receiver: WebhookReceiver) -> None:
    game, endpoint = started_with_hook(client, webhook_receiver.url + "ff/hook?k=1")
    jobs = webhook_jobs(sending_app)
    assert run_webhook_jobs(sending_app) == ["sent", "sent"]
    received = webhook_receiver.wait_for(2)
    assert len(received) == 2
    for request, job in zip(received, jobs, strict=True):
        assert (request.method, request.path) == ("POST", "/ff/hook?k=1")
        assert request.headers["Content-Type"] == "application/json"
        assert request.headers["webhook-id"] == job["message_id"]
        assert check_signed(request, endpoint["secret"]) == job["body"]
    assert [r.json()["type"] for r in received] == ["game.started", "move.due"]
    assert [(d["event_type"], d["attempt"], d["ok"], d["status_code"], d["error"])
            for d in log_of(client, game, endpoint)] == [
        ("game.started", 1, True, 200, None), ("move.due", 1, True, 200, None)]


def test_after_a_500_it_tries_again_and_delivers_exactly_once(
        sending_app: Flask, client: FlaskClient, webhook_receiver: WebhookReceiver) -> None:
    webhook_receiver.respond_with(500, 200)
    game, endpoint = started_with_hook(client, webhook_receiver.url, events=["game.started"])
    assert run_webhook_jobs(sending_app) == ["pending"]
    with sending_app.app_context():
        row = db.session.execute(select(Outbox).where(Outbox.kind == "webhook")).scalar_one()
        attempt = db.session.execute(select(WebhookDelivery)).scalar_one()
        assert (row.attempts, row.last_error) == (1, "HTTP 500")
        assert 4 < (row.next_attempt_at - attempt.created_at).total_seconds() <= 5
        db.session.rollback()
    assert run_webhook_jobs(sending_app) == ["sent"]
    assert run_webhook_jobs(sending_app) == []
    first, second = webhook_receiver.requests()
    assert first.headers["webhook-id"] == second.headers["webhook-id"]
    assert first.body == second.body
    check_signed(second, endpoint["secret"])
    log = log_of(client, game, endpoint)
    assert [(d["attempt"], d["ok"], d["status_code"], d["error"]) for d in log] == [
        (1, False, 500, "HTTP 500"), (2, True, 200, None)]
    assert all(d["duration_ms"] >= 0 and d["created_at"].endswith("Z") for d in log)
    assert log[0]["message_id"] == log[1]["message_id"] == first.headers["webhook-id"]


def test_it_waits_as_the_standard_webhooks_schedule_says() -> None:
    _, retry = handler_for("webhook")
    waits = [retry.delay_after(attempt) for attempt in range(1, retry.max_attempts)]
    assert waits == [timedelta(seconds=5), timedelta(minutes=5), timedelta(minutes=30),
                     timedelta(hours=2), timedelta(hours=5), timedelta(hours=10),
                     timedelta(hours=10)]


def test_410_gone_disables_the_endpoint_and_nothing_more_is_sent(
        sending_app: Flask, client: FlaskClient, webhook_receiver: WebhookReceiver) -> None:
    webhook_receiver.respond_with(410)
    game, endpoint = started_with_hook(client, webhook_receiver.url)
    assert run_webhook_jobs(sending_app) == ["failed", "failed"]
    assert len(webhook_receiver.requests()) == 1
    url = game.url(f"/webhooks/{endpoint['id']}")
    now = client.get(url, headers=auth(game.creator_token)).get_json()
    assert now["enabled"] is False and "410 Gone" in now["disabled_reason"]
    [attempt] = log_of(client, game, endpoint)
    assert (attempt["status_code"], attempt["ok"]) == (410, False)
    assert attempt["error"].startswith("HTTP 410")
    again = client.patch(url, json={"enabled": True}, headers=auth(game.creator_token))
    assert (again.get_json()["enabled"], again.get_json()["disabled_reason"]) == (True, None)


def test_a_private_target_is_refused_when_sending_unless_allowed(
        make_app: Callable[..., Flask], client: FlaskClient,
        webhook_receiver: WebhookReceiver) -> None:
    game, endpoint = started_with_hook(client, webhook_receiver.url)
    strict_app = make_app()  # the default: private targets refused
    assert run_webhook_jobs(strict_app) == ["failed", "failed"]
    assert webhook_receiver.requests() == []
    log = log_of(client, game, endpoint)
    assert [(d["status_code"], d["ok"], d["duration_ms"]) for d in log] == [(None, False, None)] * 2
    assert log[0]["error"].startswith(
        "webhook/private_address: the host '127.0.0.1' is not a public address: in 127.0.0.0/8")


@pytest.fixture
def fake_dns(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, str]]:
    """Make ``hooks.example`` resolve to the address in the returned dict (changeable)."""
    answers = {"hooks.example": "1.1.1.1"}
    real = socket.getaddrinfo

    def getaddrinfo(host: str, port: int, *args: Any, **kwargs: Any) -> list:
        if host in answers:
            return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", (answers[host], port))]
        return real(host, port, *args, **kwargs)

    monkeypatch.setattr(addresses.socket, "getaddrinfo", getaddrinfo)
    yield answers


def test_a_name_that_resolves_to_a_private_address_by_send_time_is_refused(
        make_app: Callable[..., Flask], fake_dns: dict[str, str],
        webhook_receiver: WebhookReceiver) -> None:
    strict_app = make_app()
    client = strict_app.test_client()
    game, endpoint = started_with_hook(client, f"http://hooks.example:{webhook_receiver.port}/")
    fake_dns["hooks.example"] = "127.0.0.1"  # DNS rebinding: public when checked, then not
    assert run_webhook_jobs(strict_app) == ["failed", "failed"]
    assert webhook_receiver.requests() == []
    assert "resolves to 127.0.0.1" in log_of(client, game, endpoint)[0]["error"]


def test_it_connects_to_the_address_it_checked_and_names_the_host(
        sending_app: Flask, client: FlaskClient, fake_dns: dict[str, str],
        webhook_receiver: WebhookReceiver) -> None:
    fake_dns["hooks.example"] = "127.0.0.1"
    started_with_hook(client, f"http://hooks.example:{webhook_receiver.port}/in",
                      events=["game.started"])
    assert run_webhook_jobs(sending_app) == ["sent"]
    [request] = webhook_receiver.requests()
    assert request.headers["Host"] == f"hooks.example:{webhook_receiver.port}"


def test_a_ping_arrives_and_a_redelivery_sends_the_same_message_again(
        sending_app: Flask, client: FlaskClient, webhook_receiver: WebhookReceiver) -> None:
    game = open_game(client)
    endpoint = hook(client, game, game.creator_token, webhook_receiver.url)
    url = game.url(f"/webhooks/{endpoint['id']}")
    message_id = client.post(url + "/ping", headers=auth(game.creator_token)).get_json()[
        "message_id"]
    assert run_webhook_jobs(sending_app) == ["sent"]
    [ping] = webhook_receiver.requests()
    assert ping.headers["webhook-id"] == message_id
    body = check_signed(ping, endpoint["secret"])
    assert (body["type"], body["game_id"], body["data"]) == ("ping", game.id, {})
    assert body["text"].endswith("this is a test ping: the webhook works.")
    [delivery] = log_of(client, game, endpoint)
    again = client.post(url + f"/deliveries/{delivery['id']}/redeliver",
                        headers=auth(game.creator_token))
    assert again.status_code == 202 and again.get_json() == {"message_id": message_id}
    assert run_webhook_jobs(sending_app) == ["sent"]
    first, second = webhook_receiver.requests()
    assert second.headers["webhook-id"] == message_id and second.body == first.body
    check_signed(second, endpoint["secret"])
    assert [d["message_id"] for d in log_of(client, game, endpoint)] == [message_id] * 2


@pytest.mark.parametrize(("format_", "key", "more"), [
    ("discord", "content", {"allowed_mentions": {"parse": []}}), ("slack", "text", {})])
def test_chat_formats_arrive_as_one_line_of_text_signed_like_the_rest(
        sending_app: Flask, client: FlaskClient, webhook_receiver: WebhookReceiver,
        format_: str, key: str, more: dict[str, Any]) -> None:
    game, endpoint = started_with_hook(client, webhook_receiver.url, format=format_,
                                       events=["move.due"])
    assert run_webhook_jobs(sending_app) == ["sent"]
    [request] = webhook_receiver.requests()
    body = check_signed(request, endpoint["secret"])
    named = escape_name(format_, default_name(game.id))  # a "_" of the id is escaped too
    assert sentence_of(body.pop(key)) == f"Fearsome Floors, {named}: it is Ann (green)'s move."
    assert body == more


@pytest.mark.parametrize(("format_", "key", "link"), [
    ("discord", "content", re.compile(r"\nWatch the game: <(\S+)>$")),
    ("slack", "text", re.compile(r"\n<(\S+)\|Watch the game>$"))])
def test_a_chat_message_links_to_the_game_as_spectators_see_it_though_no_row_holds_the_link(
        sending_app: Flask, client: FlaskClient, webhook_receiver: WebhookReceiver,
        format_: str, key: str, link: re.Pattern[str]) -> None:
    game, endpoint = started_with_hook(client, webhook_receiver.url, format=format_,
                                       events=["move.due"])
    assert run_webhook_jobs(sending_app) == ["sent"]
    [delivery] = log_of(client, game, endpoint)
    client.post(game.url(f"/webhooks/{endpoint['id']}/deliveries/{delivery['id']}/redeliver"),
                headers=auth(game.creator_token))
    assert run_webhook_jobs(sending_app) == ["sent"]
    first, again = (check_signed(r, endpoint["secret"])[key] for r in webhook_receiver.requests())
    assert first == again
    found = link.search(first)
    assert found is not None, first
    assert found.group(1).startswith(f"{PUBLIC_URL}/play/{game.id}#t=")
    token = token_of(found.group(1))
    seen = client.get(game.url(), headers=auth(token))
    assert seen.status_code == 200 and seen.get_json()["viewer"] == {"kind": "spectator",
                                                                     "seat": None}
    assert client.post(game.url("/actions"), headers=auth(token), json={
        "expected_version": 0, "notation": "flip 1"}).status_code == 403
    with sending_app.app_context():
        stored = json.dumps([row.payload for row in db.session.scalars(select(Outbox))])
    assert token not in stored


def test_a_redirect_is_not_followed_and_is_tried_again(
        sending_app: Flask, client: FlaskClient, webhook_receiver: WebhookReceiver) -> None:
    webhook_receiver.respond_with(302)
    game, endpoint = started_with_hook(client, webhook_receiver.url, events=["game.started"])
    assert run_webhook_jobs(sending_app) == ["pending"]
    assert len(webhook_receiver.requests()) == 1
    assert log_of(client, game, endpoint)[0]["error"] == "HTTP 302: redirects are not followed"


def test_a_receiver_that_is_down_is_tried_again_once_it_is_up(
        sending_app: Flask, client: FlaskClient, webhook_receiver: WebhookReceiver) -> None:
    game, endpoint = started_with_hook(client, webhook_receiver.url, events=["game.started"])
    webhook_receiver.stop()
    assert run_webhook_jobs(sending_app) == ["pending"]
    webhook_receiver.start()
    assert run_webhook_jobs(sending_app) == ["sent"]
    assert len(webhook_receiver.requests()) == 1
    failed, sent = log_of(client, game, endpoint)
    assert failed["status_code"] is None and failed["error"].startswith("ConnectionRefusedError")
    assert sent["ok"] and sent["attempt"] == 2


def test_a_receiver_that_never_answers_times_out(make_app: Callable[..., Flask]) -> None:
    impatient = make_app(WEBHOOK_ALLOW_PRIVATE=True, WEBHOOK_TIMEOUT=0.3)
    client = impatient.test_client()
    with socket.create_server(("127.0.0.1", 0)) as silent:  # accepts, never answers
        port = silent.getsockname()[1]
        game, endpoint = started_with_hook(client, f"http://127.0.0.1:{port}/",
                                           events=["game.started"])
        assert run_webhook_jobs(impatient) == ["pending"]
    [attempt] = log_of(client, game, endpoint)
    assert attempt["status_code"] is None
    assert attempt["error"] == "TimeoutError: no complete answer within 0.3 s"
    assert attempt["duration_ms"] >= 250


def trickle(server: socket.socket) -> None:
    """Answer one request with a 200 sent a byte every 0.1 s (each read is quick, the whole
    answer slow)."""
    connection, _ = server.accept()
    with connection:
        connection.recv(65536)
        for byte in b"HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n":
            try:
                connection.sendall(bytes([byte]))
            except OSError:
                return  # the sender gave up, as it should
            time.sleep(0.1)


def test_a_receiver_answering_a_byte_at_a_time_is_cut_off_at_the_timeout(
        make_app: Callable[..., Flask]) -> None:
    impatient = make_app(WEBHOOK_ALLOW_PRIVATE=True, WEBHOOK_TIMEOUT=0.5)
    client = impatient.test_client()
    with socket.create_server(("127.0.0.1", 0)) as server:
        answering = threading.Thread(target=trickle, args=(server,), daemon=True)
        answering.start()
        game, endpoint = started_with_hook(client, f"http://127.0.0.1:{server.getsockname()[1]}/",
                                           events=["game.started"])
        assert run_webhook_jobs(impatient) == ["pending"]
        answering.join(10)
    [attempt] = log_of(client, game, endpoint)
    assert attempt["error"] == "TimeoutError: no complete answer within 0.5 s"
    assert 400 <= attempt["duration_ms"] < 1500


def test_a_message_for_a_deleted_endpoint_is_given_up_unsent(
        sending_app: Flask, client: FlaskClient, webhook_receiver: WebhookReceiver) -> None:
    game, endpoint = started_with_hook(client, webhook_receiver.url)
    client.delete(game.url(f"/webhooks/{endpoint['id']}"), headers=auth(game.creator_token))
    assert run_webhook_jobs(sending_app) == ["failed", "failed"]
    assert webhook_receiver.requests() == []
    with sending_app.app_context():
        rows = db.session.execute(select(Outbox.status, Outbox.last_error)
                                  .where(Outbox.kind == "webhook")).all()
        db.session.rollback()
    assert len(rows) == 2
    assert all(row.status == "failed" and "deleted or disabled" in row.last_error
               for row in rows)


def test_the_delivery_log_comes_in_pages(sending_app: Flask, client: FlaskClient,
                                         webhook_receiver: WebhookReceiver) -> None:
    webhook_receiver.respond_with(503, 502, 204)
    game, endpoint = started_with_hook(client, webhook_receiver.url, events=["game.started"])
    for expected in ("pending", "pending", "sent"):
        assert run_webhook_jobs(sending_app) == [expected]
    url = game.url(f"/webhooks/{endpoint['id']}/deliveries")
    first = client.get(url + "?limit=2", headers=auth(game.creator_token)).get_json()
    assert [d["status_code"] for d in first["items"]] == [503, 502]
    assert first["has_more"] is True and first["next_after"] == first["items"][1]["id"]
    rest = client.get(url + f"?after={first['next_after']}", headers=auth(game.creator_token))
    assert [(d["attempt"], d["status_code"], d["ok"]) for d in rest.get_json()["items"]] == [
        (3, 204, True)]
    assert rest.get_json()["has_more"] is False


@pytest.mark.parametrize(("host", "read"), [
    ("2130706433", "127.0.0.1"), ("0x7f.1", "127.0.0.1"), ("127.1", "127.0.0.1"),
    ("[::ffff:127.0.0.1]", "::ffff:127.0.0.1"), ("[::ffff:7f00:1]", "::ffff:127.0.0.1")])
def test_a_loopback_address_in_any_form_is_refused_when_sending_unless_allowed(
        make_app: Callable[..., Flask], client: FlaskClient,
        webhook_receiver: WebhookReceiver, host: str, read: str) -> None:
    game, endpoint = started_with_hook(client, f"http://{host}:{webhook_receiver.port}/in",
                                       events=["game.started"])
    assert run_webhook_jobs(make_app(WEBHOOK_TIMEOUT=1)) == ["failed"]
    assert webhook_receiver.requests() == []
    [attempt] = log_of(client, game, endpoint)
    assert attempt["error"].startswith("webhook/private_address: "), attempt["error"]
    client.post(game.url(f"/webhooks/{endpoint['id']}/ping"), headers=auth(game.creator_token))
    assert run_webhook_jobs(client.application) == ["sent"]  # allowed: sent where it was read
    [request] = webhook_receiver.requests()
    named, port = request.headers["Host"].rsplit(":", 1)
    assert ipaddress.ip_address(named.strip("[]")) == ipaddress.ip_address(read)
    assert port == str(webhook_receiver.port)


@pytest.mark.parametrize("host", ["[2002:7f00:1::]", "[2002:a9fe:a9fe::]", "[fec0::1]",
                                  "192.0.0.8", "[64:ff9b::7f00:1]", "[2001:0:7f00:1::f7f7:f7f7]"])
def test_a_stored_target_that_is_not_public_is_given_up_without_a_connection(
        make_app: Callable[..., Flask], client: FlaskClient, monkeypatch: pytest.MonkeyPatch,
        host: str) -> None:
    game, endpoint = started_with_hook(client, f"http://{host}/in", events=["game.started"])
    opened = refuse_connections(monkeypatch)
    assert run_webhook_jobs(make_app(WEBHOOK_TIMEOUT=1)) == ["failed"]
    assert opened == []
    [attempt] = log_of(client, game, endpoint)
    assert attempt["error"].startswith("webhook/private_address: "), attempt["error"]


def test_a_stored_url_that_can_never_work_is_given_up_at_once(
        sending_app: Flask, client: FlaskClient, webhook_receiver: WebhookReceiver) -> None:
    game, endpoint = started_with_hook(client, webhook_receiver.url, events=["game.started"])
    with sending_app.app_context():  # written before URLs were checked for their characters
        db.session.get(WebhookEndpoint, endpoint["id"]).url = webhook_receiver.url + "a b<c>"
        db.session.commit()
    assert run_webhook_jobs(sending_app) == ["failed"]
    assert webhook_receiver.requests() == []
    [attempt] = log_of(client, game, endpoint)
    assert attempt["error"].startswith("webhook/invalid_url: "), attempt["error"]
    assert "' ' (U+0020)" in attempt["error"]
