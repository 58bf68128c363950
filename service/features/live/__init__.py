"""Live pages: server-sent events per game, for any viewer of it
(``service.features.live.service``).

:func:`init_app` lets the app tell other processes that a game changed, through Redis, when
there is a Redis to tell them through (``LIVE_REDIS_URL``, else a Redis Celery broker), and
counts the open streams there too (``service.features.live.places``).
"""

from __future__ import annotations

from flask import Flask

from service.features.live.service import RedisPublisher, init_places, redis_url
from service.plumbing import signals


def init_app(app: Flask) -> None:
    """Publish each committed change of a game on Redis, when the app has a Redis; count
    the open streams."""
    url = redis_url(app.config)
    if url is not None:
        signals.register_listener(app, RedisPublisher(url))
    init_places(app)
