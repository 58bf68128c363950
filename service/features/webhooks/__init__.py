"""Webhooks: endpoints per game and per seat, the messages written for them, the delivery log.

The API (``routes``) manages endpoints; :func:`service.features.webhooks.messages.write_messages`,
called from ``service.features.notifications.notify_about``, writes one outbox row per endpoint and
event in the transaction of the change; ``worker.webhooks`` sends them, signed.
"""
