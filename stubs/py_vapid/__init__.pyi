# The parts of py-vapid the service uses (service.plumbing.vapid).
from typing import Any

from cryptography.hazmat.primitives.asymmetric.ec import (
    EllipticCurvePrivateKey,
    EllipticCurvePublicKey,
)

class VapidException(Exception): ...

class Vapid01:
    def __init__(self, private_key: EllipticCurvePrivateKey | None = ...,
                 conf: dict[str, Any] | None = ...) -> None: ...
    @classmethod
    def from_raw(cls, private_raw: bytes) -> Vapid01: ...
    @property
    def private_key(self) -> EllipticCurvePrivateKey: ...
    @property
    def public_key(self) -> EllipticCurvePublicKey: ...
    def sign(self, claims: dict[str, Any], crypto_key: str | None = ...) -> dict[str, str]: ...

class Vapid02(Vapid01): ...

Vapid = Vapid02
