"""service.features.webhooks.signing: Standard Webhooks signatures, checked against the reference
implementation (the ``standardwebhooks`` package) as well as our own verifier."""

from __future__ import annotations

import base64
import time
from datetime import UTC, datetime

import pytest
from standardwebhooks.webhooks import Webhook, WebhookVerificationError

from service.features.webhooks.signing import (
    InvalidSignature,
    headers,
    new_secret,
    secret_key,
    verify,
)

BODY = b'{"type":"ping","data":{}}'


def test_a_new_secret_is_whsec_and_32_random_bytes() -> None:
    secrets = {new_secret() for _ in range(20)}
    assert len(secrets) == 20
    for secret in secrets:
        assert secret.startswith("whsec_")
        assert len(base64.b64decode(secret[6:])) == 32


def test_the_reference_implementation_accepts_our_signature() -> None:
    secret = new_secret()
    sent = headers(secret, "msg_1", int(time.time()), BODY)
    assert set(sent) == {"webhook-id", "webhook-timestamp", "webhook-signature"}
    assert sent["webhook-signature"].startswith("v1,")
    assert Webhook(secret).verify(BODY, sent) == {"type": "ping", "data": {}}


def test_it_matches_the_specification_example() -> None:
    # The example of the Standard Webhooks specification (and its reference libraries).
    secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
    body = b'{"test": 2432232314}'
    sent = headers(secret, "msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330, body)
    assert sent["webhook-signature"] == "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="
    verify(secret, sent, body, now=1614265330 + 10)


def test_our_verifier_accepts_the_reference_signature_among_others() -> None:
    secret = new_secret()
    stamp = int(time.time())
    reference = Webhook(secret).sign("msg_2", datetime.fromtimestamp(stamp, UTC), BODY.decode())
    verify(secret, {"Webhook-Id": "msg_2", "Webhook-Timestamp": str(stamp),
                    "Webhook-Signature": f"v1,bm90IGl0 {reference}"}, BODY)


@pytest.mark.parametrize("tamper", ["body", "id", "secret", "old", "future", "missing", "v2"])
def test_our_verifier_refuses_what_was_changed_or_is_stale(tamper: str) -> None:
    secret, stamp, body = new_secret(), int(time.time()), BODY
    sent = headers(secret, "msg_3", stamp, body)
    if tamper == "body":
        body = body.replace(b"ping", b"pong")
    elif tamper == "id":
        sent["webhook-id"] = "msg_4"
    elif tamper == "secret":
        secret = new_secret()
    elif tamper in ("old", "future"):
        shift = -301 if tamper == "old" else 301
        sent = headers(secret, "msg_3", stamp + shift, body)
    elif tamper == "missing":
        del sent["webhook-timestamp"]
    else:
        sent["webhook-signature"] = sent["webhook-signature"].replace("v1,", "v2,")
    with pytest.raises(InvalidSignature):
        verify(secret, sent, body)
    with pytest.raises(WebhookVerificationError):
        Webhook(secret).verify(body, sent)


@pytest.mark.parametrize("secret", ["MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", "whsec_", "whsec_!!"])
def test_a_secret_that_is_not_whsec_base64_is_refused(secret: str) -> None:
    with pytest.raises(ValueError, match="secret"):
        secret_key(secret)
