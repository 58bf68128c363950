"""Every mail about a game says where to ask for a link to all one's games: the page, never
a live home link (a forwarded mail must not open the reader's other games)."""

from __future__ import annotations

from service.features.mail import compose
from service.features.mail.seats import EVERY_EVENT

READER = compose.Reader(game_id="G" * 22, game_name="Friday", seat=0, name="Ann",
                        colour="red", link="https://ff.example/play/GGG#t=tok",
                        unsubscribe_url="https://ff.example/u/t", mode=EVERY_EVENT)


def test_every_game_mail_points_to_the_page_where_one_asks_for_one_s_games() -> None:
    mails = [compose.your_move(READER, "turn 3", [], [], [], "diagram"),
             compose.monster_result(READER, "turn 3", "It walked.", "diagram"),
             compose.game_over(READER, "Ann won.", ["Ann: 1"], None, "diagram"),
             compose.digest(READER, [], [], "Your turn.", "diagram")]
    for mail in mails:
        assert ("Lost a link, or want all your games in one list? Ask for a link by email at "
                "https://ff.example/home\n") in mail.text
        assert '<a href="https://ff.example/home">https://ff.example/home</a>' in mail.html
        assert "#h=" not in mail.text + mail.html
        assert mail.text.rstrip().endswith("https://ff.example/u/t")  # unsubscribe stays last
