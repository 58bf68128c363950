"""What short text from people may not hold, shared by the API's schemas and the mail door."""

from __future__ import annotations

BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e"
                          "\u2066\u2067\u2068\u2069")
"""The Unicode bidirectional formatting characters (marks, embeddings, overrides, isolates):
in a name or a subject they reorder the text around them in a log line, a mail or a chat
message (a name with U+202E shows "Ann moved" as "devom nnA")."""


def has_bidi_control(text: str) -> bool:
    """True when ``text`` holds a bidirectional formatting character."""
    return not BIDI_CONTROLS.isdisjoint(text)
