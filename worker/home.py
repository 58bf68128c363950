"""The outbox's ``home_link`` handler: look the address up and write its home link email.

The request only wrote this job (``service.features.home.service``), so that it costs the same for
every address; the lookup and the email happen here. Running a job twice writes one email.
"""

from __future__ import annotations

from service.features.home.service import HOME_LINK, send_home_link
from worker.jobs import DATABASE_RETRY, Job, handler


@handler(HOME_LINK, DATABASE_RETRY)
def write_home_link(job: Job) -> None:
    """Write the home link email of the job's address (nothing for an address with no seat),
    in the language of the request that asked for it (English for a job written before)."""
    send_home_link(job.id, job.payload["email"], job.payload.get("language"))
