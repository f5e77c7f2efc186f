"""The app's own routes beside the API: the page and its icon."""

from __future__ import annotations

from tests.server.conftest import TestClient


def test_the_favicon_is_served_and_the_page_names_it(client: TestClient) -> None:
    icon = client.get("/favicon.ico")
    assert icon.status_code == 200 and icon.headers["content-type"].startswith("image/svg+xml")
    assert icon.content.startswith(b"<svg")
    assert 'rel="icon" href="/favicon.ico"' in client.get("/").text


def test_the_page_comes_in_the_readers_language_before_its_script_runs(client: TestClient) -> None:
    """Its lang attribute and the words shown while it loads: the language chosen with the switch (its cookie),
    else the browser's."""
    english = client.get("/", headers={"accept-language": "en-US"}).text
    assert '<html lang="en">' in english and "<p>Loading…</p>" in english
    french = client.get("/", headers={"accept-language": "fr-CA,fr;q=0.9"}).text
    assert '<html lang="fr">' in french and "<p>Chargement…</p>" in french and "Loading" not in french
    client.cookies.set("parlour_lang", "en")
    assert '<html lang="en">' in client.get("/", headers={"accept-language": "fr"}).text
    client.cookies.set("parlour_lang", "zz")
    assert '<html lang="fr">' in client.get("/", headers={"accept-language": "fr"}).text
