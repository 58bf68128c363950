"""Play by email: reply addresses per seat, the inbound doors (HTTP, SMTP), moves by reply.

A "your move" email's Reply-To is the seat's address (:mod:`.addresses`); a reply reaches
the service through ``POST /api/v1/mail/inbound`` (:mod:`.routes`) or the SMTP receiver
(``python -m service.smtpd``); both hand the raw message to :mod:`.service`.
"""
