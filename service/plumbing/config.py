"""Configuration of the service: the embedded defaults, then ``FF_*`` variables, then tests'.

``create_app`` calls :func:`load`, so the environment is read when an app is made, never at
import time. Every key below can be set as ``FF_<KEY>``; values that parse as JSON are parsed
(``FF_MAX_CONTENT_LENGTH=65536`` is an int, ``FF_RATELIMIT_ENABLED=false`` a bool).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from flask import Flask

from service.plumbing import jsoncodec, keyring

SQLITE_FILE = "fearsome_floors.sqlite3"
# The address a local run serves on (deploy/local.py binds it): the default links' host.
LOCAL_HOST = "127.0.0.1"

DEFAULTS: dict[str, Any] = {
    # None: a SQLite file in the Flask instance folder. Production: postgresql+psycopg://...
    "DATABASE_URL": None,
    # Connections each process keeps to PostgreSQL (gunicorn threads share them).
    "DATABASE_POOL_SIZE": 10,
    # A pooled PostgreSQL connection idle for longer than this (seconds) is pinged before use;
    # one in steady use is not (a ping is a round trip on every request).
    "DATABASE_PING_AFTER": 1.0,
    # PostgreSQL ends a session that sits inside a transaction, sending nothing, for longer
    # than this (seconds): the session of a host that was cut off mid-transaction, whose row
    # locks would otherwise hold every later change of that game until TCP gives up on it
    # (hours). The service's transactions last milliseconds. 0: never.
    "DATABASE_IDLE_IN_TRANSACTION_SECONDS": 60,
    # A new PostgreSQL connection that is not made within this many seconds fails (and the
    # request is answered 503, or the job tried again) instead of waiting out TCP's retries.
    "DATABASE_CONNECT_TIMEOUT": 10,
    # The port the web process serves on this machine (make run binds 127.0.0.1:PORT).
    "PORT": 8000,
    # Base of the links the service hands out (seat, spectator and invitation links). None:
    # http://127.0.0.1:PORT, so that every process of a local run (web, worker, beat, mail-in)
    # writes the same links from FF_PORT alone. Behind a proxy or in production, the address
    # people open (https://ff.example.org).
    "PUBLIC_URL": None,
    # Largest request body, in bytes; a larger one is refused with 413.
    "MAX_CONTENT_LENGTH": 64 * 1024,
    # Rate limits (Flask-Limiter): memory by default, redis://... in production.
    "RATELIMIT_ENABLED": True,
    "RATELIMIT_STORAGE_URI": "memory://",
    "RATELIMIT_PER_IP": "1200 per minute",
    "RATELIMIT_PER_TOKEN": "300 per minute",
    "RATELIMIT_LOST_LINK": "10 per hour",
    # Invitations by email to addresses that have never answered the service (no reply by
    # mail, no confirmed address, no home link opened: service.features.mail.trust): at most
    # this many to one address a day (UTC), and from one client address (IPv6: its /64) an
    # hour; counted in the database. Beyond them an invitation is held back and the creator
    # told (service.features.games.invitations). None: no limit.
    "INVITATIONS_PER_ADDRESS_PER_DAY": 3,
    "INVITATIONS_PER_CLIENT_PER_HOUR": 20,
    # How many proxies in front of the service set X-Forwarded-For (0: use the peer address).
    "PROXY_FIX_X_FOR": 0,
    # Email (worker.mail). No SMTP_HOST: each message is written as an .eml file to MAIL_DIR
    # (None: instance/mail). SMTP_TLS: none, starttls (port 587) or ssl (port 465).
    "SMTP_HOST": None,
    "SMTP_PORT": 587,
    "SMTP_TLS": "starttls",
    "SMTP_USERNAME": None,
    "SMTP_PASSWORD": None,
    "SMTP_TIMEOUT": 30,
    # A PEM file of the certificate authorities to trust for SMTP TLS (None: the system's).
    "SMTP_CA_FILE": None,
    # A move made by mail whose next mail to the seat may not follow at once is confirmed in one
    # line, held back this many seconds and dropped if a mail to the seat goes first.
    "MAIL_CONFIRM_AFTER_SECONDS": 300,
    "MAIL_FROM": "Fearsome Floors <fearsome-floors@localhost>",
    "MAIL_DIR": None,
    # An address for List-Unsubscribe's mailto form (None: the https link only).
    "MAIL_UNSUBSCRIBE_MAILTO": None,
    # How often beat runs the daily digest job (each seat still gets one a day at most).
    "MAIL_DIGEST_CHECK_SECONDS": 3600,
    # How often beat runs the daily mail job (each address still gets one a day at most, from
    # the hour it chose: a mail goes at most this long after it).
    "MAIL_DAILY_CHECK_SECONDS": 600,
    # Signs the links and reply addresses in emails and seals the secrets of outbox rows
    # (service.plumbing.keyring). None: a random key kept in instance/secret_key, made on first use,
    # allowed only with the embedded SQLite database; elsewhere the app refuses to start
    # without one, or with a short or placeholder one. The same in every process.
    "SECRET_KEY": None,
    # Earlier keys, after a rotation: they still verify and unseal what they made (a list).
    "SECRET_KEY_OLD": None,
    # Deadlines: remind the seat to act when this fraction of its move time limit is left
    # (0: no reminder). The clock is for tests: a function returning the aware UTC time that
    # the deadline code (service.plumbing.clock) then uses instead of the system's.
    "DEADLINE_REMINDER_FRACTION": 0.25,
    "CLOCK": None,
    # Seconds between two checks of the deadlines by beat (worker.deadlines).
    "DEADLINE_CHECK_SECONDS": 60,
    # Retention (service.retention): how long an Idempotency-Key is replayed; how many days
    # done outbox rows (sent or given up), webhook and email delivery attempts and handled inbound
    # mail are kept; how often beat prunes what is older.
    "IDEMPOTENCY_KEY_HOURS": 24,
    "OUTBOX_DONE_DAYS": 30,
    "DELIVERY_LOG_DAYS": 30,
    "MAIL_INBOUND_DAYS": 30,
    "RETENTION_CHECK_SECONDS": 3600,
    # Days a sandbox is kept after its last change, then pruned (service.features.sandbox).
    "SANDBOX_DAYS": 30,
    # The web page's folder (service.plumbing.site serves it at /, /play/<id>, /js/...); None: web/.
    "WEB_DIR": None,
    # Celery (worker/). None: the embedded broker, kombu's SQLAlchemy transport on a SQLite
    # file in the instance folder (no server needed). Production: redis://host:6379/0. The
    # result backend is only needed to wait for a task's result (the benchmark's ping).
    "CELERY_BROKER_URL": None,
    "CELERY_RESULT_BACKEND": None,
    # Seconds between two looks of a worker at the embedded broker's empty queue (no
    # CELERY_BROKER_URL, or a sqla+ one: worker/broker.py); kombu's own is 1 s.
    "EMBEDDED_BROKER_POLL_SECONDS": 0.1,
    # Logs: "text" (Python's, Flask's and Celery's own) or "json" (service.plumbing.logs: one object
    # a line, with the request id).
    "LOG_FORMAT": "text",
    # GET /metrics (service.metrics) answers Prometheus with this bearer token; None: no
    # metrics address at all.
    "METRICS_TOKEN": None,
    # The outbox relay: a claimed row left "sending" this long (its worker died) is taken
    # over; it must outlast the slowest handler (SMTP, webhook timeouts). Beat sweeps the
    # outbox every OUTBOX_SWEEP_SECONDS for rows no relay was kicked for, and retries: the
    # sweeping worker relays 200 rows and hands up to OUTBOX_SWEEP_BATCHES - 1 batches of
    # 200 more to every worker (a backlog after a broker outage drains on all of them).
    "OUTBOX_LEASE_SECONDS": 120,
    "OUTBOX_SWEEP_SECONDS": 5,
    "OUTBOX_SWEEP_BATCHES": 20,
    # A monster phase takes milliseconds: its claim is taken over after this lease (not the
    # outbox's), and PostgreSQL ends its transaction's session when it waits this long
    # between two statements (SET LOCAL idle_in_transaction_session_timeout; every other
    # transaction keeps DATABASE_IDLE_IN_TRANSACTION_SECONDS). A worker host cut off in the
    # middle of one holds the game about the lease and a sweep, not minutes.
    "MONSTER_PHASE_LEASE_SECONDS": 8,
    "MONSTER_PHASE_IDLE_SECONDS": 5,
    # flask-smorest: the OpenAPI document is served at /api/v1/openapi.json.
    "API_TITLE": "Fearsome Floors by mail",
    "API_VERSION": "v1",
    "OPENAPI_VERSION": "3.0.3",
    "OPENAPI_URL_PREFIX": "/api/v1",
    "OPENAPI_JSON_PATH": "openapi.json",
    # Webhooks: allow targets on private, loopback or link-local addresses (local runs, tests
    # only: in production it would let a player reach the service's own network), and the
    # seconds a receiver has to answer.
    "WEBHOOK_ALLOW_PRIVATE": False,
    "WEBHOOK_TIMEOUT": 10,
    # Web Push (service.features.push, worker.push). VAPID_PRIVATE_KEY: the application
    # server's P-256 private key, base64url of its 32 bytes (None: made once and kept in
    # instance/vapid_private_key; with another database than the embedded one, push is
    # off until it is set). Every subscription is bound to its public key: a new key means
    # every device subscribes again. VAPID_SUBJECT: the operator's contact the push services
    # see (mailto: or https:). PUSH_ALLOWED_ORIGINS: origins (scheme://host:port) a push
    # endpoint may have besides public https ones (tests' loopback push service only).
    # PUSH_MAIL_WAIT_SECONDS: how long a seat's mail waits for its push (mail_waits);
    # PUSH_TIMEOUT: the seconds a push service has to answer; PUSH_TTL_SECONDS: how long a
    # push service keeps a message for a device that is offline.
    "VAPID_PRIVATE_KEY": None,
    "VAPID_SUBJECT": "mailto:fearsome-floors@localhost",
    "PUSH_ALLOWED_ORIGINS": [],
    "PUSH_MAIL_WAIT_SECONDS": 120,
    "PUSH_TIMEOUT": 10,
    "PUSH_TTL_SECONDS": 86400,
    # Play by email (service.features.mailin). Replies go to play+<token>@MAIL_REPLY_DOMAIN (None:
    # the domain of MAIL_FROM); MAIL_REPLY_PREFIX is the part before "+". MAIL_INBOUND_SECRET
    # guards POST /api/v1/mail/inbound (None: that door is closed); a larger message than
    # MAIL_INBOUND_MAX_BYTES is refused at both doors. The SMTP receiver listens on
    # MAILIN_SMTP_HOST:MAILIN_SMTP_PORT.
    "MAIL_REPLY_DOMAIN": None,
    "MAIL_REPLY_PREFIX": "play",
    "MAIL_INBOUND_SECRET": None,
    "MAIL_INBOUND_MAX_BYTES": 256 * 1024,
    "MAILIN_SMTP_HOST": "127.0.0.1",
    "MAILIN_SMTP_PORT": 2525,
    # The IMAP door (python -m worker.imap, service.features.mailin.imap): an ordinary mailbox
    # with plus addressing, instead of the SMTP receiver. MAILIN_IMAP_TLS: ssl (port 993),
    # starttls or none (port 143; none only for a server on this host); PORT None: the TLS
    # mode's. CA_FILE: a PEM file of the authorities to trust (None: the system's). Replies
    # in FOLDER are moved to DONE_FOLDER once handled, those that never can be to
    # FAILED_FOLDER (both made if missing); other mail there is left alone. The door waits in
    # IDLE, entered again every IDLE_SECONDS (at most 1740, 29 minutes), or polls every
    # POLL_SECONDS on a server without IDLE (IDLE_SECONDS 0: always polls), and after a fault
    # of the database.
    "MAILIN_IMAP_HOST": None,
    "MAILIN_IMAP_PORT": None,
    "MAILIN_IMAP_TLS": "ssl",
    "MAILIN_IMAP_USERNAME": None,
    "MAILIN_IMAP_PASSWORD": None,
    "MAILIN_IMAP_CA_FILE": None,
    "MAILIN_IMAP_FOLDER": "INBOX",
    "MAILIN_IMAP_DONE_FOLDER": "ff-handled",
    "MAILIN_IMAP_FAILED_FOLDER": "ff-failed",
    "MAILIN_IMAP_IDLE_SECONDS": 540,
    "MAILIN_IMAP_POLL_SECONDS": 60,
    # Live pages (service.features.live): server-sent events per game. LIVE_REDIS_URL carries the
    # news "game X changed" between processes (None: the Celery broker's, when it is Redis);
    # without Redis each web process looks at the database every LIVE_POLL_SECONDS instead.
    # With Redis it still looks every LIVE_RECHECK_SECONDS, in case a message was lost. An
    # open stream gets a comment every LIVE_HEARTBEAT_SECONDS (proxies close silent ones) and
    # is ended after LIVE_STREAM_SECONDS (the browser reconnects); a ticket that opens a
    # stream from a page lasts LIVE_TICKET_SECONDS.
    "LIVE_REDIS_URL": None,
    "LIVE_POLL_SECONDS": 0.1,
    "LIVE_RECHECK_SECONDS": 5,
    "LIVE_HEARTBEAT_SECONDS": 20,
    "LIVE_STREAM_SECONDS": 3600,
    "LIVE_TICKET_SECONDS": 3600,
    # Live streams open at once, at most: per token of a seat or of the creator (one
    # player's tabs and devices), per spectators' token (shared by everyone watching, a chat
    # channel's link included), and per client address (IPv6: its /64; a school or an
    # office behind one address shares it). One more is refused with 429
    # live/too_many_streams; a stream that ends frees its place. Counted in LIVE_REDIS_URL's
    # Redis when there is one (every process sees the same count), else in the process
    # (make run's one web process). None: no cap.
    "LIVE_STREAMS_PER_TOKEN": 6,
    "LIVE_STREAMS_PER_SPECTATOR_TOKEN": 200,
    "LIVE_STREAMS_PER_ADDRESS": 40,
}


def load(app: Flask, config: Mapping[str, Any] | None = None) -> None:
    """Fill ``app.config``: defaults, ``FF_*`` variables, ``config``, then derived settings."""
    app.config.from_mapping(DEFAULTS)
    app.config.from_prefixed_env(prefix="FF")
    if config is not None:
        app.config.from_mapping(config)
    app.config["PORT"] = port(app.config)
    app.config["PUBLIC_URL"] = public_url(app.config)
    url = database_url(app)
    app.config["DATABASE_URL"] = url
    app.config["SQLALCHEMY_DATABASE_URI"] = url
    app.config.setdefault("SQLALCHEMY_ENGINE_OPTIONS", engine_options(app, url))
    keyring.check(app.config)


def port(config: Mapping[str, Any]) -> int:
    """Return ``PORT`` as a port number; raise ``ValueError`` naming ``FF_PORT`` otherwise."""
    raw = config["PORT"]
    if isinstance(raw, bool) or not isinstance(raw, int | str) or not str(raw).isdigit():
        raise ValueError(f"FF_PORT must be a port number, got {raw!r}")
    number = int(raw)
    if not 0 < number < 65536:
        raise ValueError(f"FF_PORT must be between 1 and 65535, got {number}")
    return number


def public_url(config: Mapping[str, Any]) -> str:
    """Return the base of the links handed out: ``PUBLIC_URL`` without its trailing slash,
    else this machine's web address on ``PORT``."""
    given = config.get("PUBLIC_URL")
    if given:
        return str(given).rstrip("/")
    return f"http://{LOCAL_HOST}:{port(config)}"


def database_url(app: Flask) -> str:
    """Return the SQLAlchemy URL: ``DATABASE_URL``, or the SQLite file in the instance folder
    (made if missing).

    ``postgres://`` and ``postgresql://`` URLs (as hosting services print them) are given the
    psycopg (3) driver, the one installed.
    """
    url: str | None = app.config.get("DATABASE_URL")
    if not url:
        instance = Path(app.instance_path)
        instance.mkdir(parents=True, exist_ok=True)
        return f"sqlite:///{instance / SQLITE_FILE}"
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    return url


def engine_options(app: Flask, url: str) -> dict[str, Any]:
    """Return the engine options for ``url``: a pool sized for the server's threads, and
    JSON columns encoded with orjson (``service.plumbing.jsoncodec``).

    No ``pool_pre_ping``: ``service.plumbing.extensions`` pings only connections idle for longer
    than ``DATABASE_PING_AFTER``. PostgreSQL connections time out when made
    (``DATABASE_CONNECT_TIMEOUT``), and their sessions end when left idle inside a
    transaction (``DATABASE_IDLE_IN_TRANSACTION_SECONDS``: a host cut off mid-transaction
    must not hold its locks for hours; the drill, ``tests/drill``, found it).
    """
    codec = {"json_serializer": jsoncodec.dumps, "json_deserializer": jsoncodec.loads}
    if url.startswith("sqlite"):
        return codec
    idle_ms = round(float(app.config["DATABASE_IDLE_IN_TRANSACTION_SECONDS"]) * 1000)
    connect_args = {"connect_timeout": int(app.config["DATABASE_CONNECT_TIMEOUT"]),
                    "options": f"-c idle_in_transaction_session_timeout={idle_ms}"}
    return {"pool_size": app.config["DATABASE_POOL_SIZE"], "connect_args": connect_args,
            **codec}
