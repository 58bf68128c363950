"""What short text from people may not hold, shared by the API's schemas and the mail door."""

from __future__ import annotations

import unicodedata

_LINE_BREAKS = str.maketrans({"\r": "\n", "\t": " "})

BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e"
                          "\u2066\u2067\u2068\u2069")
"""The Unicode bidirectional formatting characters (marks, embeddings, overrides, isolates):
in a name or a subject they reorder the text around them in a log line, a mail or a chat
message (a name with U+202E shows "Ann moved" as "devom nnA")."""


def has_bidi_control(text: str) -> bool:
    """True when ``text`` holds a bidirectional formatting character."""
    return not BIDI_CONTROLS.isdisjoint(text)


def normalised_lines(text: str) -> str:
    """Return ``text`` stripped at both ends, its line breaks LF and its tabs spaces."""
    return text.replace("\r\n", "\n").translate(_LINE_BREAKS).strip()


def has_control(text: str) -> bool:
    """True when ``text`` holds a control character other than a line break, or a
    bidirectional control: what a message or a note people write may not hold."""
    return has_bidi_control(text) or any(
        char != "\n" and unicodedata.category(char) in ("Cc", "Cs") for char in text)
