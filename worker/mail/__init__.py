"""Sending email: the outbox's ``email`` jobs, over SMTP or, with no SMTP host, to ``.eml`` files.

Importing this package registers the ``email`` handler with ``worker.jobs`` (the relay imports
it). :mod:`worker.mail.message` builds the MIME message from a job, :mod:`worker.mail.transport`
sends it, :mod:`worker.mail.handler` ties them to the outbox and maps failures to
``TransportError``.
"""

from worker.mail import handler as handler

__all__ = ["handler"]
