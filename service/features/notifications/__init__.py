"""What the service tells players, on every channel: emails and webhook messages, written to
the outbox in the transaction of the change (``service.py``)."""
