"""Play by email: reply addresses per seat, the inbound doors (HTTP, SMTP, IMAP), moves by
reply.

A "your move" email's Reply-To is the seat's address (:mod:`.addresses`); a reply reaches
the service through ``POST /api/v1/mail/inbound`` (:mod:`.routes`), the SMTP receiver
(``python -m worker.smtpd``) or the IMAP door reading a mailbox (:mod:`.imap`, ``python -m
worker.imap``); each hands the raw message to :mod:`.service`.
"""
