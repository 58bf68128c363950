"""The outbox's ``lost_links`` handler: look the address up and write its links email.

The request of "I lost my link" only wrote this job (``service.features.links.service``), so that it
costs the same for every address; the lookup, the new recovery tokens and the email happen
here. Running a job twice writes one email and changes the tokens once.
"""

from __future__ import annotations

from service.features.links.service import send_lost_links
from service.plumbing.outbox import LOST_LINKS
from worker.jobs import DATABASE_RETRY, Job, handler


@handler(LOST_LINKS, DATABASE_RETRY)
def write_lost_links(job: Job) -> None:
    """Write the links email of the job's address (nothing for an address with no seat), in
    the language of the request that asked for it (English for a job written before)."""
    send_lost_links(job.id, job.payload["email"], job.payload.get("language"))
