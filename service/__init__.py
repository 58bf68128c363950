"""The Flask JSON API of Fearsome Floors by mail, built by :func:`create_app`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Flask
from werkzeug.middleware.proxy_fix import ProxyFix

from service import metrics, reactions
from service.features.actions import routes as actions
from service.features.computer import routes as computer
from service.features.deadlines import routes as deadlines
from service.features.device import routes as device
from service.features.games import routes as games
from service.features.home import device_routes as home_devices
from service.features.home import routes as home
from service.features.links import routes as links
from service.features.live import init_app as init_live
from service.features.live import routes as live
from service.features.log import routes as log
from service.features.mailin import routes as mailin
from service.features.notes import routes as notes
from service.features.plans import routes as plans
from service.features.prefs import routes as prefs
from service.features.preview import routes as preview
from service.features.push import routes as push
from service.features.records import routes as records
from service.features.sandbox import routes as sandbox
from service.features.tables import routes as tables
from service.features.takebacks import routes as takebacks
from service.features.talk import routes as talk
from service.features.webhooks import routes as webhooks
from service.plumbing import errors, health, logs, page_texts, readiness, request_ids, site
from service.plumbing.api import ApiRequest, make_api
from service.plumbing.config import load as load_config
from service.plumbing.extensions import init_db
from service.plumbing.i18n import init_app as init_i18n
from service.plumbing.jsoncodec import JSONProvider
from service.plumbing.limits import make_limiter


class ServiceApp(Flask):
    """Flask, reading request bodies within our limits (``service.plumbing.api.ApiRequest``) and
    writing JSON with orjson (``service.plumbing.jsoncodec``)."""

    request_class = ApiRequest
    json_provider_class = JSONProvider


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    """Build the Flask application: defaults, ``FF_*`` environment variables, then ``config``.

    ``FF_NAME=value`` becomes ``app.config["NAME"]`` (values that parse as JSON are parsed,
    so ``FF_PORT=8001`` is the int 8001). The environment is read here, never at import time,
    so each call sees the environment of that moment; the argument (tests) overrides it.
    Nothing connects to the database here; ``python -m service.migrate`` builds the schema.
    """
    app = ServiceApp(__name__)
    load_config(app, config)
    if app.config["PROXY_FIX_X_FOR"]:
        # Flask's documented way to wrap its WSGI callable; mypy sees a method replaced.
        app.wsgi_app = ProxyFix(  # type: ignore[method-assign]
            app.wsgi_app, x_for=app.config["PROXY_FIX_X_FOR"])
    init_db(app)
    reactions.init_app(app)
    request_ids.init_app(app)
    logs.init_app(app)
    init_i18n(app)
    api = make_api(app)
    for blueprint in (health.blueprint, readiness.blueprint, games.blp, actions.blp, log.blp,
                      links.blp):
        api.register_blueprint(blueprint)
    api.register_blueprint(webhooks.blp)
    api.register_blueprint(prefs.blp)
    api.register_blueprint(deadlines.blp)
    api.register_blueprint(mailin.blp)
    api.register_blueprint(talk.blp)
    api.register_blueprint(plans.blp)
    api.register_blueprint(takebacks.blp)
    api.register_blueprint(records.blp)
    api.register_blueprint(preview.blp)
    api.register_blueprint(notes.blp)
    api.register_blueprint(tables.blp)
    api.register_blueprint(sandbox.blp)
    api.register_blueprint(computer.blp)
    api.register_blueprint(push.blp)
    api.register_blueprint(home_devices.blp)
    for blueprint in (home.blp, home.asking, links.seat_email):
        api.register_blueprint(blueprint)
    api.register_blueprint(device.blp)
    api.register_blueprint(live.blp)
    api.register_blueprint(page_texts.blp)
    init_live(app)
    app.register_blueprint(site.blueprint)
    app.register_blueprint(metrics.blueprint)
    errors.init_app(app)
    app.extensions["ff_limiter"] = make_limiter(
        app, (links.blp, links.seat_email, home.asking),
        (health.blueprint, readiness.blueprint, metrics.blueprint))
    return app
