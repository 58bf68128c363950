"""service.plumbing.key_strength: placeholders however separated, periodic keys, runs and
repeats, and an estimate of the bits a guesser needs that random keys pass."""

from __future__ import annotations

import secrets

import pytest

from service.plumbing.key_strength import MIN_BITS, estimate, is_placeholder, period, weakness


@pytest.mark.parametrize("key", [
    "your_secret_key_here_please_12345", "your-secret-key-here", "YOUR SECRET KEY HERE",
    "change_me_now_0a9f8e7d6c5b4a3f2e1d", "Password123!Password123!", "my-secret-for-ff",
    "secret key: 9a8f7e6d5c4b3a2f1e0d9c8b7a6f5e4d",
])
def test_a_placeholder_is_one_whatever_separates_its_words(key: str) -> None:
    assert is_placeholder(key)
    assert "placeholder" in str(weakness(key))


def test_a_random_key_is_no_placeholder() -> None:
    assert not is_placeholder(secrets.token_hex(32))


@pytest.mark.parametrize(("key", "piece"), [
    ("abcdefghij" * 4, 10), ("0123456789abcdef" * 2, 16), ("xyz" * 11 + "xy", 3),
    ("aa", 1), ("ab", None), ("abcabd", None), ("", None),
])
def test_a_periodic_key_is_one_piece_repeated_the_last_copy_maybe_cut(
        key: str, piece: int | None) -> None:
    assert period(key) == piece


def test_runs_and_repeats_count_nothing() -> None:
    run = estimate("abcdefghijklmnopqrstuvwxyz")
    assert run.in_runs == 25 and run.bits < 10
    assert estimate("qwertyuiop").in_runs == 9  # along a keyboard's row
    assert estimate("9876543210").in_runs == 9  # downwards too
    assert estimate("zzzzzzzz").in_runs == 7
    repeated = estimate("Kx9" + "7f3a90c2b" * 4)
    assert repeated.in_repeats == 27


@pytest.mark.parametrize("key", [
    "abcd1234efgh5678ijkl9012mnop3456qrst",  # runs of four, one after another
    "1234567890qwertyuiopasdfghjklzxcvbnm!@#$",
    "zyxwvutsrqponmlkjihgfedcba9876543210",
])
def test_a_key_of_runs_is_refused_by_its_estimate(key: str) -> None:
    assert estimate(key).bits < MIN_BITS
    assert "runs of consecutive characters" in str(weakness(key))


def test_a_key_of_hex_digits_counts_four_bits_each_and_a_run_falls_short() -> None:
    assert estimate("3f9a0c6b1e8d2f4a7c5b9e0d1a3f6c8b").bits == 128
    assert weakness("3f9a0c6b1e8d2f4a7c5b9e0d1a3f6c8b") is None
    short = weakness("3f9a0c6b1e8d2f4a7c5b9e0d1acdef8b")  # "cdef": three predictable
    assert short is not None and short.startswith("holds about 116 bits")


def test_random_keys_of_the_advised_kinds_pass() -> None:
    for _ in range(200):
        for key in (secrets.token_hex(32), secrets.token_urlsafe(32), secrets.token_urlsafe(24)):
            assert weakness(key) is None, key
