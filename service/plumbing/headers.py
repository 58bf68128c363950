"""The headers that keep what an answer holds where it belongs: pages, and answers that
carry a secret.

A *page* (HTML the service serves: the web page's files, the unsubscribe link's two pages)
says what the browser may load and do (:data:`PAGE_POLICY`: nothing from elsewhere, no
script of anyone's, forms only to the service, no frame around it), sends no referrer, and
is not sniffed as another type (:func:`page`).

An answer that *carries a secret* (a link or token that acts for a seat, the creator or an
address; a live ticket; an invite; the unsubscribe page, whose address is the credential)
is marked where its route is declared, with :func:`carries_secret`: ``Cache-Control:
no-store``, so no browser cache, proxy or CDN keeps a copy for the next user of the machine
or the network, and ``Referrer-Policy: no-referrer``. Refusals carry no secret and are not
marked.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import ParamSpec

from flask import Response

P = ParamSpec("P")

# The page builds no HTML from strings and loads nothing from elsewhere; say so to the browser.
PAGE_POLICY = ("default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; "
               "form-action 'self'; frame-ancestors 'none'")
SECRET_HEADERS = {"Cache-Control": "no-store", "Referrer-Policy": "no-referrer"}


def page(response: Response, policy: str = PAGE_POLICY) -> Response:
    """Give ``response``, a page, its content security ``policy``, no referrer, no sniffing."""
    response.headers["Content-Security-Policy"] = policy
    response.headers["Referrer-Policy"] = "no-referrer"
    response.headers["X-Content-Type-Options"] = "nosniff"
    return response


def carries_secret(view: Callable[P, Response]) -> Callable[P, Response]:
    """Mark the answers of ``view`` as carrying a secret: kept by no cache, sent as no
    referrer (:data:`SECRET_HEADERS`)."""

    @functools.wraps(view)
    def marked(*args: P.args, **kwargs: P.kwargs) -> Response:
        response = view(*args, **kwargs)
        response.headers.update(SECRET_HEADERS)
        return response

    return marked
