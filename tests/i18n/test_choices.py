"""A game's language, chosen by its creator; a seat's language and time zone, chosen at
joining or later; what the API answers in."""

from __future__ import annotations

from flask.testing import FlaskClient

from tests.service.helpers import API, assert_error, auth, create_game, read

OPEN_SEAT = [{"name": "Ann"}, {"open": True}]


def test_it_keeps_the_language_the_creator_chose(client: FlaskClient) -> None:
    game = create_game(client, language="es")
    assert read(client, game, game.creator_token)["language"] == "es"
    assert create_game(client).body["game"]["language"] == "en"


def test_it_refuses_a_language_it_does_not_speak(client: FlaskClient) -> None:
    response = client.post(f"{API}/games", json={
        "seats": [{"name": "Ann"}, {"name": "Bob"}], "language": "fr"})
    error = assert_error(response, 422, "request/invalid")
    assert "language" in error["details"]["fields"]["json"]


def test_a_joiner_brings_a_language_and_a_time_zone(client: FlaskClient) -> None:
    game = create_game(client, seats=OPEN_SEAT, language="de")
    response = client.post(game.url("/join"), json={
        "invite_code": game.invite_code, "name": "Bea", "language": "pl",
        "time_zone": "Europe/Warsaw"})
    assert response.status_code == 201, response.get_data(as_text=True)
    viewer = response.get_json()["game"]["viewer"]
    assert viewer == {"kind": "seat", "seat": 1, "language": "pl", "time_zone": "Europe/Warsaw"}


def test_it_refuses_a_time_zone_that_does_not_exist(client: FlaskClient) -> None:
    game = create_game(client, seats=OPEN_SEAT)
    response = client.post(game.url("/join"), json={
        "invite_code": game.invite_code, "name": "Bea", "time_zone": "Mars/Olympus"})
    error = assert_error(response, 422, "request/invalid")
    assert "Mars/Olympus" in str(error["details"]["fields"]["json"]["time_zone"])
    assert read(client, game, game.creator_token)["seats"][1]["open"] is True


def test_a_seat_changes_its_language_and_its_view_follows(client: FlaskClient) -> None:
    game = create_game(client)
    token = game.seat_tokens[0]
    before = client.get(game.url(), headers=auth(token)).headers["ETag"]
    response = client.put(game.url("/language"), headers=auth(token),
                          json={"language": "es", "time_zone": "America/Mexico_City"})
    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.get_json() == {"language": "es", "time_zone": "America/Mexico_City",
                                   "mail_language": "es"}
    seen = client.get(game.url(), headers=auth(token))
    assert seen.headers["ETag"] != before
    assert seen.get_json()["viewer"]["language"] == "es"
    again = client.put(game.url("/language"), headers=auth(token), json={"language": "pl"})
    assert again.get_json()["time_zone"] == "America/Mexico_City"


def test_a_seat_without_a_language_reads_mails_in_the_games(client: FlaskClient) -> None:
    game = create_game(client, language="de")
    response = client.put(game.url("/language"), headers=auth(game.seat_tokens[1]),
                          json={"time_zone": "Europe/Berlin"})
    assert response.get_json() == {"language": None, "time_zone": "Europe/Berlin",
                                   "mail_language": "de"}


def test_a_choice_of_nothing_is_refused_and_changes_nothing(client: FlaskClient) -> None:
    game = create_game(client, language="de")
    token = game.seat_tokens[0]
    client.put(game.url("/language"), headers=auth(token), json={"language": "pl"})
    for sent in ({}, {"json": {}}, {"data": "", "content_type": "application/json"}):
        response = client.put(game.url("/language"), headers=auth(token), **sent)
        error = assert_error(response, 422, "request/invalid")
        assert error["details"]["fields"]["json"]["language"] == [
            "Give 'language', 'time_zone' or both."]
    assert read(client, game, token)["viewer"]["language"] == "pl"


def test_only_a_seat_chooses_a_seats_language(client: FlaskClient) -> None:
    game = create_game(client)
    for token in (game.spectator_token, game.creator_token):
        response = client.put(game.url("/language"), headers=auth(token), json={"language": "de"})
        assert_error(response, 403, "auth/forbidden")
    response = client.put(game.url("/language"), json={"language": "de"})
    assert_error(response, 401, "auth/missing_token")


def test_answers_vary_by_language_and_views_are_tagged_per_language(
        client: FlaskClient) -> None:
    game = create_game(client)
    english = client.get(game.url(), headers=auth(game.seat_tokens[0]))
    german = client.get(game.url(), headers={**auth(game.seat_tokens[0]),
                                             "Accept-Language": "de-DE,de;q=0.9"})
    assert "Accept-Language" in english.headers["Vary"]
    assert english.headers["ETag"] != german.headers["ETag"]


def test_the_page_catalog_names_every_language(client: FlaskClient) -> None:
    body = client.get(f"{API}/i18n/pl").get_json()
    assert body["language"] == "pl"
    assert body["languages"] == {"en": "English", "de": "Deutsch", "es": "Español",
                                 "pl": "Polski"}
    assert client.get(f"{API}/i18n/en").get_json()["texts"] == {}
    assert_error(client.get(f"{API}/i18n/fr"), 404, "i18n/unknown_language")


def test_a_joiner_without_a_language_reads_its_browsers(client: FlaskClient) -> None:
    game = create_game(client, seats=OPEN_SEAT, language="de")
    response = client.post(game.url("/join"), headers={"Accept-Language": "fr, es;q=0.8"},
                           json={"invite_code": game.invite_code, "name": "Bea"})
    assert response.get_json()["game"]["viewer"]["language"] == "es"


def test_a_joiner_whose_browser_names_no_language_of_ours_reads_the_games(
        client: FlaskClient) -> None:
    game = create_game(client, seats=OPEN_SEAT, language="de")
    token = client.post(game.url("/join"), headers={"Accept-Language": "fr"}, json={
        "invite_code": game.invite_code, "name": "Bea"}).get_json()["token"]
    view = read(client, game, token)
    assert (view["viewer"]["language"], view["language"]) == (None, "de")
