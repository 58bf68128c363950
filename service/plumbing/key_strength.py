"""How strong a secret key is: what :func:`service.plumbing.keyring.check` refuses, and why.

A key is refused when it is a placeholder (``your_secret_key_here``, ``change-me``: ``_``,
``-`` and spaces count alike), shorter than :data:`MIN_LENGTH`, made of a few characters,
one short piece repeated (``abcdefghij`` four times), or when :func:`estimate` finds fewer
than :data:`MIN_BITS` bits in it. The estimate counts each character a guesser could not
predict at the size of its alphabet, judged by the kinds of characters the key holds
(16 for a hex key, 26 for each case of letters, 10 for digits, 33 for ASCII punctuation and
space, 100 for anything else); a character that continues a run (``abcd``, ``4321``,
``aaaa``, ``qwer`` on a keyboard's row) or repeats an earlier stretch of the key counts
nothing. So ``openssl rand -hex 32`` (64 hex digits, 256 bits) passes with room to spare;
``openssl rand -hex 16`` (128 bits) passes unless chance put a run of four in it (about one
key in a hundred). A key of words gets credit by its length and kinds of characters only,
which is generous: the advice is random bytes.
"""

from __future__ import annotations

import math
import re
import string
from dataclasses import dataclass

MIN_LENGTH = 32
MIN_DISTINCT = 10
MIN_BITS = 128
MAKE_ONE = ("make a random one with: openssl rand -hex 32 (or python3 -c 'import secrets; "
            "print(secrets.token_hex(32))')")
# Words of the placeholders people leave in (deploy/env.example's, and the usual ones),
# written without separators: the key is compared with its "_", "-" and spaces taken out.
PLACEHOLDER_WORDS = ("changeme", "replaceme", "placeholder", "example", "yoursecret",
                     "secretkey", "mysecret", "password", "fixme", "insertkey")
_SEPARATORS = re.compile(r"[\s_-]+")
# Orders a typed key walks along: a run in one of them is no more random than its first key.
_KEYBOARD_ROWS = ("1234567890", "qwertyuiop", "asdfghjkl", "zxcvbnm", "qwertzuiop",
                  "yxcvbnm", "azertyuiop", "qsdfghjklm", "wxcvbn")
_SHORTEST_RUN = 4  # characters, the first included
_SHORTEST_REPEAT = 5  # characters: four repeat by chance in a long random key
_EXAMINED = 256  # characters of a longer key examined for runs and repeats
_HEX = (frozenset(string.digits + "abcdef"), frozenset(string.digits + "ABCDEF"))


@dataclass(frozen=True)
class Estimate:
    """What a key is worth to a guesser: ``bits``, and how many of its characters continue
    a run (``in_runs``) or repeat an earlier stretch (``in_repeats``)."""

    bits: float
    in_runs: int
    in_repeats: int


def is_placeholder(key: str) -> bool:
    """True when ``key`` holds a placeholder's words, however they are separated."""
    squeezed = _SEPARATORS.sub("", key.lower())
    return any(word in squeezed for word in PLACEHOLDER_WORDS)


def period(key: str) -> int | None:
    """Return the length of the piece that ``key`` repeats (at least twice, the last copy
    maybe cut short), or None when it is no repetition."""
    # The longest proper border (a prefix that is also a suffix), by Knuth-Morris-Pratt.
    border = [0] * len(key)
    for i in range(1, len(key)):
        length = border[i - 1]
        while length and key[i] != key[length]:
            length = border[length - 1]
        border[i] = length + 1 if key[i] == key[length] else length
    piece = len(key) - border[-1] if key else 0
    return piece if key and piece * 2 <= len(key) else None


def alphabet(key: str) -> int:
    """Return the size of the alphabet ``key`` looks drawn from, by its kinds of characters."""
    if any(set(key) <= hex_digits for hex_digits in _HEX):
        return 16
    classes = ((string.ascii_lowercase, 26), (string.ascii_uppercase, 26), (string.digits, 10),
               (string.punctuation + " ", 33))
    size = sum(count for members, count in classes if any(char in members for char in key))
    return size + (100 if any(not char.isascii() for char in key) else 0)


def _place(char: str, order: str | None) -> int | None:
    """Return where ``char`` stands in ``order`` (None: among code points), if it does."""
    if order is None:
        return ord(char)
    found = order.find(char.lower())
    return found if found >= 0 else None


def _run_length(key: str, start: int) -> int:
    """Return how many characters after ``key[start]`` continue a run from it (a step of
    -1, 0 or +1 in code points or along a keyboard row, the same step throughout)."""
    longest = 0
    for order in (None, *_KEYBOARD_ROWS):
        places = [_place(char, order) for char in key[start:]]
        if len(places) < 2 or places[0] is None or places[1] is None:
            continue
        step = places[1] - places[0]
        if abs(step) > 1:
            continue
        length = 1
        while length + 1 < len(places):
            following, previous = places[length + 1], places[length]
            if following is None or previous is None or following - previous != step:
                break
            length += 1
        longest = max(longest, length)
    return longest


def _repeat_length(key: str, start: int) -> int:
    """Return the length of the longest stretch from ``start`` that also begins earlier."""
    longest = 0
    for earlier in range(start):
        length = 0
        while start + length < len(key) and key[earlier + length] == key[start + length]:
            length += 1
        longest = max(longest, length)
    return longest


def estimate(key: str) -> Estimate:
    """Return the bits a guesser would need for ``key``: its unpredictable characters at
    the size of its alphabet (runs and repeats examined in its first 256 characters)."""
    examined = key[:_EXAMINED]
    free = len(key) - len(examined)
    in_runs = in_repeats = 0
    i = 0
    while i < len(examined):
        run = _run_length(examined, i - 1) if i else 0
        repeat = _repeat_length(examined, i)
        if run + 1 >= _SHORTEST_RUN and run >= repeat:
            in_runs, i = in_runs + run, i + run
        elif repeat >= _SHORTEST_REPEAT:
            in_repeats, i = in_repeats + repeat, i + repeat
        else:
            free, i = free + 1, i + 1
    return Estimate(free * math.log2(max(alphabet(key), 2)), in_runs, in_repeats)


def weakness(key: str) -> str | None:
    """Return what is wrong with ``key`` as a secret key, in words for its operator, or None
    when it will do."""
    if is_placeholder(key):
        return ("is a placeholder (it is in deploy/env.example or looks like one; '_', '-' "
                "and spaces count alike)")
    if len(key) < MIN_LENGTH:
        return f"has {len(key)} characters; it needs at least {MIN_LENGTH}"
    if len(set(key)) < MIN_DISTINCT:
        return f"has only {len(set(key))} different characters; it looks typed, not random"
    piece = period(key)
    if piece is not None:
        return f"is one piece of {piece} characters repeated; it looks typed, not random"
    worth = estimate(key)
    if worth.bits >= MIN_BITS:
        return None
    measure = (f"holds about {worth.bits:.0f} bits a guesser would need (by its length and "
               f"kinds of characters, runs and repeats counting nothing); it needs at least "
               f"{MIN_BITS}")
    if worth.in_runs * 2 >= len(key):
        return f"is mostly runs of consecutive characters (abcdef, 0123, qwerty) and {measure}"
    if worth.in_repeats * 2 >= len(key):
        return f"mostly repeats itself and {measure}"
    return measure
