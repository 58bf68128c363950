"""Table talk: the players of a game write short messages to each other.

A seat posts (``POST .../messages``, or the mail door through
:func:`service.features.talk.service.post_in` in its own transaction); any token of the game reads
them with a cursor; the creator mutes and unmutes seats. Each message is announced to the
game's webhooks as ``message.posted`` in the transaction that writes it
(``service.reactions``).
"""
