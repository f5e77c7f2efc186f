"""The rules for the browser: the API answers markdown and HTML, ``/rules/{game}`` a page of its own."""

from __future__ import annotations

from tests.server.conftest import TestClient


def test_the_api_answers_the_rules_in_force_in_the_language_asked(client: TestClient) -> None:
    answer = client.get("/api/games/tonk/rules", params={"rules": "tonk:classic?players=3&jokers=2", "lang": "fr"})
    assert answer.status_code == 200
    page = answer.json()
    assert (page["game"], page["lang"], page["spec"]) == ("tonk", "fr", "tonk:classic?players=3&jokers=2")
    assert page["markdown"].startswith("# Tonk\n") and "<h1>Tonk</h1>" in page["html"]
    assert "<td>jokers</td>\n<td>2</td>" in page["html"]
    assert "<td>ajouts sur les brelans</td>\n<td>oui</td>" in page["html"]
    assert page["spec_words"].startswith("Tonk · 3 joueurs · classique (")
    assert page["spec_words"].endswith("jokers\u00a0: 2")
    assert "<code>" not in page["html"].split("Règles en vigueur")[1]


def test_the_language_follows_accept_language_when_none_is_asked(client: TestClient) -> None:
    french = client.get("/api/games/plonk/rules", headers={"accept-language": "fr-CA,fr;q=0.9,en;q=0.8"}).json()
    assert french["lang"] == "fr" and "On peut toujours jouer" in french["markdown"].replace("**o", "O")
    german = client.get("/api/games/plonk/rules", headers={"accept-language": "de"}).json()
    assert german["lang"] == "en"


def test_bad_requests_are_refused_with_what_is_allowed(client: TestClient) -> None:
    for path, params, status, fragment in [
        ("/api/games/chess/rules", {}, 404, "unknown game 'chess'"),
        ("/api/games/tonk/rules", {"rules": "vegas"}, 422, "unknown preset 'vegas'"),
        ("/api/games/tonk/rules", {"rules": "classic?jokers=3"}, 422, "allowed values are 0, 2"),
        ("/api/games/tonk/rules", {"lang": "de"}, 422, "languages are en, fr"),
        ("/rules/tonk", {"lang": "xx"}, 422, "languages are en, fr"),
    ]:
        answer = client.get(path, params=params)
        assert answer.status_code == status and fragment in answer.json()["error"]["message"], (path, params)


def test_the_page_stands_alone_and_links_the_other_language(client: TestClient) -> None:
    page = client.get("/rules/tock", params={"rules": "sevens", "lang": "en"})
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert '<html lang="en">' in page.text and "<h1>Tock</h1>" in page.text
    assert '<a href="/rules/tock?rules=tock%3Asevens%3Fplayers%3D4&amp;lang=fr" hreflang="fr"' in page.text
    assert "<script" not in page.text


def test_markup_in_the_rules_is_not_rendered(client: TestClient) -> None:
    answer = client.get("/api/games/tonk/rules", params={"rules": "<b>x</b>"})
    assert answer.status_code == 422 and "<b>x</b>" in answer.json()["error"]["message"]


def test_the_index_links_every_game_with_its_opening_lines(client: TestClient) -> None:
    page = client.get("/rules", headers={"accept-language": "fr-CA"})
    assert page.status_code == 200 and '<html lang="fr">' in page.text and "<h1>Règles</h1>" in page.text
    for name in ("tonk", "tock", "plonk"):
        assert f'<a href="/rules/{name}?lang=fr">' in page.text
    assert "Un rami américain" in page.text and '<a href="/rules?lang=en" hreflang="en"' in page.text
    assert client.get("/rules", params={"lang": "en"}).text.count("<li>") == 3
    assert client.get("/rules", params={"lang": "zz"}).status_code == 422


def test_a_table_and_the_presets_come_with_their_rules_in_words(client: TestClient) -> None:
    """The lobby shows a table's rules in words in the language asked, never its spec; each preset comes with its
    name in words and a line of description."""
    made = client.post("/api/tables", json={"game": "tock", "seats": ["human", "random", "random", "random"]}).json()
    listed = {t["id"]: t for t in client.get("/api/tables", params={"lang": "fr"}).json()}
    assert listed[made["id"]]["spec"] == "tock:standard?players=4"
    words = "Tock · 4 joueurs · standard (les règles de base\u00a0: deux jeux avec leurs jokers)"
    assert listed[made["id"]]["spec_words"] == words
    games = {g["name"]: g for g in client.get("/api/games").json()}
    assert games["tock"]["preset_words"]["sevens"] == ["more sevens", "one more 7 per player, for shorter games"]
    assert set(games["tonk"]["preset_words"]) == set(games["tonk"]["presets"])
