"""The app's own routes beside the API: the page and its icon."""

from __future__ import annotations

from tests.server.conftest import TestClient


def test_the_favicon_is_served_and_the_page_names_it(client: TestClient) -> None:
    icon = client.get("/favicon.ico")
    assert icon.status_code == 200 and icon.headers["content-type"].startswith("image/svg+xml")
    assert icon.content.startswith(b"<svg")
    assert 'rel="icon" href="/favicon.ico"' in client.get("/").text
