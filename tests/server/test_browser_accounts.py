"""Accounts in the browser: the lobby's account area (create an account, sign in, sign out, the settings),
"My tables" taking a second browser back to the account's seat, errors said in words, the area in French, on
a phone without sideways scrolling and without a serious accessibility fault."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from parlour.server import create_app
from tests.server.conftest import settings_for
from tests.server.test_browser import browser, page_errors, server, serving, watch
from tests.server.test_browser_phone import PHONE, check_screen

__all__ = ["browser", "page_errors", "server"]  # the fixtures this module uses from the browser suite

PASSWORD = "correct horse battery"


@pytest.fixture(scope="module")
def accounts(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server whose bots play at once, hashing passwords at argon2id's least cost (``settings_for``), where
    the tests' few sign-ins from one address are never throttled."""
    db = tmp_path_factory.mktemp("accounts") / "accounts.db"
    with serving(create_app(settings_for(f"sqlite:///{db}", login_burst=1000))) as address:
        yield address


def create_account(page: Any, server: str, name: str, password: str = PASSWORD, email: str = "") -> None:
    page.goto(server + "/")
    page.click("#create-open")
    page.fill("#create-name", name)
    page.fill("#create-password", password)
    if email:
        page.fill("#create-email", email)
    page.click("#create-form-submit")
    page.wait_for_selector(f"#account-user:text-is('{name}')")


def sign_in(page: Any, server: str, name: str, password: str = PASSWORD) -> None:
    page.goto(server + "/")
    page.click("#sign-in-open")
    page.fill("#sign-in-name", name)
    page.fill("#sign-in-password", password)
    page.click("#sign-in-form-submit")


def signed_in_as(page: Any, server: str) -> str | None:
    """The name ``GET /api/session`` gives with the page's cookies, or None when nobody is signed in."""
    answer = page.request.get(server + "/api/session")
    return str(answer.json()["name"]) if answer.ok else None


def test_an_account_plays_its_seat_from_a_second_browser_through_my_tables(browser: Any, accounts: str,
                                                                            page_errors: list[str]) -> None:
    phone = browser.new_context(viewport=PHONE, device_scale_factor=1)
    desk = browser.new_context(viewport={"width": 1200, "height": 900})
    pa, pb = watch(phone.new_page(), page_errors), watch(desk.new_page(), page_errors)

    # On the phone: open an account (signed in at once), then create a table against a bot and take its seat.
    pa.goto(accounts + "/")
    pa.wait_for_selector("#sign-in-open")
    check_screen(pa, "lobby-signed-out")
    create_account(pa, accounts, "Ana", email="ana@example.org")
    pa.wait_for_selector("#no-my-tables:visible")
    assert pa.input_value("#my-name") == "Ana" and pa.get_attribute("#my-name", "readonly") is not None
    check_screen(pa, "lobby-signed-in")
    pa.click("#account-settings")
    pa.wait_for_selector("#account-panel:visible #change-password")
    assert pa.get_attribute("#account-settings", "aria-expanded") == "true"
    check_screen(pa, "lobby-account-settings")
    pa.click("#account-settings")
    assert pa.locator("#account-panel").is_hidden()
    pa.select_option("#game", "tonk")
    pa.click("details summary")
    pa.fill("[data-flag='hands']", "3")  # a deal-time win ends no match before the second browser comes
    pa.select_option("select.seat[data-seat='0']", "human")
    pa.select_option("select.seat[data-seat='1']", "heuristic")
    pa.click("#create")  # with the session cookie: it only passes with the anti-forgery header
    pa.wait_for_url("**/?table=*")
    tid = pa.url.split("table=")[1]
    pa.wait_for_selector("#table[data-status='playing']", timeout=30_000)
    assert pa.inner_text(".player.me").startswith("Ana")
    token = pa.evaluate(f"localStorage.getItem('parlour:token:{tid}')")
    assert token

    pa.goto(accounts + "/")
    pa.wait_for_selector(f"#my-tables li[data-table='{tid}']")
    check_screen(pa, "lobby-my-tables")

    # On the desk: a wrong password is refused in words; the right one signs in, and "My tables" has the table.
    sign_in(pb, accounts, "Ana", "wrong password")
    pb.wait_for_selector("#sign-in-form-error:text-is('Name or password is wrong.')")
    assert signed_in_as(pb, accounts) is None
    pb.fill("#sign-in-password", PASSWORD)
    pb.click("#sign-in-form-submit")
    pb.wait_for_selector("#account-user:text-is('Ana')")
    entry = pb.locator(f"#my-tables li[data-table='{tid}']")
    entry.wait_for()
    assert "Tonk" in entry.inner_text() and "Seat 1" in entry.inner_text()
    # Whose turn it is shows, emphasised, when it is the account's.
    pb.wait_for_function(f"""() => {{
        const li = document.querySelector("#my-tables li[data-table='{tid}']");
        return li && li.classList.contains('my-turn')
          && li.querySelector('strong.your-turn')?.textContent === 'Your turn';
    }}""", timeout=30_000)
    entry.locator("button").click()
    pb.wait_for_url(f"**/?table={tid}")
    pb.wait_for_selector("#table[data-status='playing']")
    assert pb.evaluate(f"localStorage.getItem('parlour:token:{tid}')") == token  # the account's seat, as on the phone
    assert pb.get_attribute(".player.me", "data-seat") == "0" and pb.locator("#watching").count() == 0
    pb.wait_for_selector("#turn.mine")
    pb.wait_for_selector("#moves button.move")

    # Signing out on the desk ends its session only, and it forgets the account's seat; the phone stays signed in.
    pb.goto(accounts + "/")
    pb.click("#sign-out")
    pb.wait_for_selector("#sign-in-open")
    assert signed_in_as(pb, accounts) is None
    assert pb.evaluate(f"localStorage.getItem('parlour:token:{tid}')") is None
    assert signed_in_as(pa, accounts) == "Ana"
    pa.reload()
    pa.wait_for_selector("#account-user:text-is('Ana')")
    phone.close()
    desk.close()


def test_password_change_and_account_deletion(browser: Any, accounts: str, page_errors: list[str]) -> None:
    context = browser.new_context(viewport=PHONE, device_scale_factor=1)
    page = watch(context.new_page(), page_errors)
    page.goto(accounts + "/")
    page.click("#create-open")
    page.fill("#create-name", "Bo")
    page.fill("#create-password", "short")
    page.click("#create-form-submit")
    page.wait_for_selector("#create-form-error:text-is('A password has 8 to 200 characters.')")
    check_screen(page, "lobby-create-account")
    page.fill("#create-password", PASSWORD)
    page.click("#create-form-submit")
    page.wait_for_selector("#account-user:text-is('Bo')")
    # The name is taken whatever its case: said in words.
    other = watch(browser.new_context().new_page(), page_errors)
    other.goto(accounts + "/")
    other.click("#create-open")
    other.fill("#create-name", "BO")
    other.fill("#create-password", PASSWORD)
    other.click("#create-form-submit")
    other.wait_for_selector("#create-form-error:has-text('That name is taken')")
    other.context.close()

    # Turn e-mails: asked for only with an address; saved with the page's language.
    page.click("#account-settings")
    page.check("#preferences-notify")
    page.click("#preferences-form-submit")
    page.wait_for_selector("#preferences-form-error:text-is('Give an e-mail address to be told of your turns.')")
    page.fill("#preferences-email", "bo@example.org")
    page.click("#preferences-form-submit")
    page.wait_for_selector("#toast.show:text-is('Saved.')")
    me = page.request.get(accounts + "/api/session").json()
    assert (me["email"], me["notify"], me["lang"]) == ("bo@example.org", True, "en")
    check_screen(page, "lobby-account-settings-filled")

    page.click("#change-password")
    page.fill("#current-password", "not my password")
    page.fill("#new-password", "a new password")
    page.click("#password-form-submit")
    page.wait_for_selector("#password-form-error:text-is('The password is wrong: nothing was changed.')")
    page.fill("#current-password", PASSWORD)
    page.click("#password-form-submit")
    page.wait_for_selector("#toast.show:has-text('Password changed')")
    assert signed_in_as(page, accounts) == "Bo"  # this browser stays signed in

    page.click("#account-settings")
    page.click("#delete-account")
    page.fill("#delete-password", "a new password")
    page.click("#delete-form-submit")
    page.wait_for_selector("#delete-form-error:text-is('Tick the box to confirm.')")
    check_screen(page, "lobby-delete-account")
    assert signed_in_as(page, accounts) == "Bo"
    page.check("#delete-sure")
    page.click("#delete-form-submit")
    page.wait_for_selector("#sign-in-open")
    page.wait_for_selector("#toast.show:has-text('Account deleted.')")
    assert signed_in_as(page, accounts) is None
    sign_in(page, accounts, "Bo", "a new password")
    page.wait_for_selector("#sign-in-form-error:text-is('Name or password is wrong.')")
    context.close()


def test_the_account_area_speaks_french(browser: Any, accounts: str, page_errors: list[str]) -> None:
    context = browser.new_context(locale="fr-FR", viewport=PHONE, device_scale_factor=1)
    page = watch(context.new_page(), page_errors)
    page.goto(accounts + "/")
    assert page.inner_text("#sign-in-open") == "Se connecter"
    assert page.inner_text("#create-open") == "Créer un compte"
    page.click("#create-open")
    assert page.locator("#account-panel h2").inner_text() == "Créer un compte"
    assert page.locator("label[for='create-password']").inner_text() == "Mot de passe"
    assert page.locator("label[for='create-email']").inner_text() == "E-mail (facultatif)"
    page.fill("#create-name", "Élodie")
    page.fill("#create-password", PASSWORD)
    page.click("#create-form-submit")
    page.wait_for_selector("#account-user:text-is('Élodie')")
    assert page.inner_text("#my-tables-open") == "Mes tables"
    assert page.inner_text("#sign-out") == "Se déconnecter"
    assert page.locator("#my-tables h2").inner_text() == "Mes tables"
    check_screen(page, "lobby-signed-in-fr")
    page.click("#sign-out")
    page.wait_for_selector("#sign-in-open")
    sign_in(page, accounts, "elodie", "pas le bon")
    page.wait_for_selector("#sign-in-form-error:text-is('Le nom ou le mot de passe est faux.')")
    context.close()
