"""Who reacts to each change, in one place: the lists the app is built with.

A use case hands its change to the kernel's pipeline (``service.kernel.pipeline``) in its
own transaction; the pipeline runs the reactions listed here, in this order, each writing
into that transaction, so each is committed exactly when the change is. Nothing here talks
to the outside world: what reaches it goes through the outbox, after the commit. A new
feature that must hear of every change of a game adds its reaction here. This is the one
module, beside ``create_app``, that names the features side by side.

**A game changed** (an action, a monster phase, a timeout, the start itself):

1. the monster phase, when the figures' phase just ended: an outbox job, which the worker
   resolves after the commit (``worker.monster_job``);
2. the deadline of the sub-turn the game now waits for (``service.kernel.timing``);
3. the turn plans: when the figure phase ends they are cleared; when the game now waits for
   a seat with a plan, an outbox job plays it (``worker.plans``) and that seat's "your
   move" mail is held, so it must run before the notifications (``service.features.plans``);
4. the computer players: when the game now waits for a seat the computer plays, an outbox
   job plays for it (``worker.computer``) and that seat's "your move" mail is held
   (``service.features.computer``);
5. the notifications: emails, webhook messages and pushes, as outbox rows
   (``service.features.notifications``), which the worker sends after the commit
   (``worker.mail``, ``worker.webhooks``, ``worker.push``);
6. the game's open pages: the game is marked as changed, and after the commit every web
   process streaming it hears of it (``service.plumbing.signals``, ``service.features.live``).

**A message posted at a game's table** (``service.features.talk``): the webhooks'
``message.posted`` and the pushes to the other seats' devices (outbox rows the worker sends
after the commit, ``service.features.push``), and the game's open pages.

**A seat handed to a new player** (the creator's "new player for this seat",
``service.features.games.host``): what belonged to the player who left goes with them: the
seat's own webhooks (the old player's addresses, which would go on hearing of the seat's moves
and its table), the seat's devices (the old player's push subscriptions), an email change
the old player asked for and has not confirmed (confirmed later, it would take the seat's
mail back to them), the old player's private note (``service.features.notes``), and the
game's open pages.

**A mail about a game written to a seat** ("your move", "the monster has moved", "the game is
over", ``service.features.mail.notices``) begins with what the features have to tell it,
each note taken and forgotten in the mail's transaction, so told once: what its turn plan
did, line by line (``service.features.plans.report``); **the mail telling the end of a game**
adds after its results the table's standings and how to ask for a rematch
(``service.features.tables.follows``).
"""

from __future__ import annotations

from flask import Flask

from service.features.computer.service import play_for_the_computer
from service.features.links.email import forget_email_change
from service.features.notes.service import drop_seat_note
from service.features.notifications.service import notify
from service.features.plans.report import take as what_the_plan_did
from service.features.plans.service import follow_the_plans
from service.features.push.notices import push_the_message
from service.features.push.service import drop_seat_devices
from service.features.tables.follows import rematch_words, standings_words
from service.features.webhooks.messages import write_message_posted
from service.features.webhooks.service import drop_seat_endpoints
from service.kernel.pipeline import (
    Reactions,
    install,
    schedule_monster_phase,
    show_the_message_live,
    show_the_seat_live,
    tell_the_live_pages,
    time_the_sub_turn,
)

REACTIONS = Reactions(
    game=(schedule_monster_phase, time_the_sub_turn, follow_the_plans, play_for_the_computer,
          notify, tell_the_live_pages),
    message=(write_message_posted, push_the_message, show_the_message_live),
    seat=(drop_seat_endpoints, drop_seat_devices, forget_email_change, drop_seat_note,
          show_the_seat_live),
    mail=(what_the_plan_did,),
    after_game=(standings_words, rematch_words),
)


def init_app(app: Flask) -> None:
    """Build ``app`` with :data:`REACTIONS`: what hears of the changes made in it."""
    install(app, REACTIONS)
