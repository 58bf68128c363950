"""The growth bench's copies (``bench/growth_data.py``) are games the service accepts."""

from __future__ import annotations

import base64
import sys
from pathlib import Path

from service.plumbing.extensions import Base
from service.plumbing.tokens import is_game_id, is_token

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from growth_data import GAME_TABLES, Copies, _copy_statement  # noqa: E402


def copies() -> Copies:
    """Return two templates' copies, 1,000 of them."""
    first, second = "A" * 22, "B" * 21 + "A"
    return Copies([first, second], {first: {0: "ab" * 32}, second: {0: "cd" * 32}},
                  active=[0, 1], with_deadline=[0], actions=[10, 20], outbox=[], count=1000)


def test_a_copy_has_a_game_id_and_tokens_of_the_service_s_form() -> None:
    made = copies()
    for n in (0, 1, 999):
        assert is_game_id(made.game_id(n))
        assert is_token(made.token(n, 0))


def test_a_copy_s_id_is_16_bytes_as_reply_addresses_read_them() -> None:
    game_id = copies().game_id(7)
    raw = base64.urlsafe_b64decode(game_id + "==")
    assert len(raw) == 16 and base64.urlsafe_b64encode(raw).decode().rstrip("=") == game_id


def test_every_column_of_a_copied_table_is_copied() -> None:
    for name in GAME_TABLES:
        statement = _copy_statement(Base.metadata.tables[name])
        for column in Base.metadata.tables[name].columns:
            assert column.name in statement or column.name == "id", (name, column.name)
