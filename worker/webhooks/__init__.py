"""Sending webhooks: the handler of the outbox's ``webhook`` rows (registered on import).

``worker.jobs`` imports this package to find the handler; see ``sender`` for what one
attempt does and ``transport`` for how the request is made.
"""

from worker.webhooks import sender

__all__ = ["sender"]
