"""Web Push: a seat's devices (subscriptions), its channels, and the pushes written for them.

The API (``routes``) hands out the VAPID public key and keeps a seat's subscriptions and
choices (``service``); ``notices`` writes one outbox row ``push`` per seat and thing to tell,
in the transaction of the change, called from ``service.features.notifications`` (moves,
nudges, the end) and ``service.reactions`` (a message at the table); ``worker.push`` sends
each to the seat's devices, encrypted (RFC 8291) and signed (RFC 8292), and records the
attempts here (``deliveries``). ``docs/push.md`` tells the whole of it.
"""
