// Accounts, optional: the lobby's account area and "My tables". Signed out, the header offers "Sign in" and
// "Create account"; signed in, it shows the name, "My tables", "Sign out" and the account's settings (the e-mail
// and turn e-mails, sign out everywhere, change the password, delete the account). The session is the server's
// HttpOnly cookie: the page only learns the account and its anti-forgery token (GET /api/session, before any
// change is asked), which api() sends in X-CSRF-Token with every change while signed in. Playing without an
// account is unchanged.
import { currentLanguage, t } from "./i18n.js";
import { playerLink, tableMarks, timeLeft } from "./marks.js";
import { h, panel } from "./ui.js";

/** What this module needs of the page: api(path, body, method), toast(text), tokenKey(tableId), games(). */
const page = { api: null, toast: null, tokenKey: null, games: null };
const FLASH = "parlour:flash";  // a line to say once the page has reloaded (after signing in or out)
const PASSWORD = { min: 8, max: 200 };
let account = null;

export function configure(options) { Object.assign(page, options); }

/** The signed-in account ({name, email, created, notify, lang, csrf}), or null. */
export const signedIn = () => account;

/** The anti-forgery token to send with every change while signed in, or null when signed out. */
export const csrfToken = () => (account ? account.csrf : null);

/** Learn who is signed in (and the anti-forgery token): call before any request that changes something. */
export async function loadSession() {
  try { account = await page.api("/api/session"); } catch { account = null; }
  const said = sessionStorage.getItem(FLASH);
  if (said) { sessionStorage.removeItem(FLASH); page.toast(said); }
  return account;
}

/** An account error (its code), or a rated table's refusal, in words, in the page's language; null for the other
 *  errors (those keep the server's words, as before accounts). */
export function errorWords(code) {
  const known = {
    "auth/login_failed": () => t("Name or password is wrong."),
    "auth/wrong_password": () => t("The password is wrong: nothing was changed."),
    "auth/no_session": () => t("You are not signed in here any more: sign in again."),
    "auth/csrf": () => t("This browser's sign-in has ended: sign in again."),
    "account/name_taken": () => t("That name is taken (names are the same whatever their case and accents): choose another."),
    "table/rated": () => t("A rated table seats signed-in players only, on a preset's rules, with level bots only."),
  };
  return known[code] ? known[code]() : null;
}

/** A refused form's reason in words: the server's invalid field named, else the error's own words. */
function reasonOf(e) {
  if (e.status === 429) return t("Too many tries: wait a minute, then try again.");
  if (e.code === "request/invalid") {
    const field = (/^body\.(\w+)/.exec(e.message) || [])[1];
    if (field === "password" || field === "new") return t("A password has {min} to {max} characters.", PASSWORD);
    if (field === "name") return t("That name cannot be used: choose a name of 1 to 40 letters, digits or spaces.");
    if (field === "email") return t("That e-mail address does not look right (name@example.org).");
  }
  return e.message;
}

/** Say `text` once the next page has loaded (the page is about to go elsewhere). */
export function sayNext(text) { sessionStorage.setItem(FLASH, text); }

/** Reload the page (the header, the lobby and the token all follow the new session), then say `text`. */
function reloadSaying(text) {
  sayNext(text);
  location.href = "/";
}

// --------------------------------------------------------------------- forms

const formBox = h("section", { class: "panel account-panel", id: "account-panel", hidden: true });
let opener = null;  // the header button that opened the form box (it gets the focus back when it closes)

function close() {
  formBox.hidden = true;
  formBox.replaceChildren();
  for (const b of document.querySelectorAll("#account [aria-expanded]")) b.setAttribute("aria-expanded", "false");
  opener?.focus();
  opener = null;
}

/** Show `content` (a title and a form) in the form box, under `button` (the header's, now expanded). */
function open(button, title, ...content) {
  if (!formBox.hidden && opener === button) { close(); return; }
  for (const b of document.querySelectorAll("#account [aria-expanded]")) b.setAttribute("aria-expanded", "false");
  button?.setAttribute("aria-expanded", "true");
  opener = button;
  formBox.replaceChildren(h("h2", {}, title), ...content);
  formBox.hidden = false;
  formBox.querySelector("input, button")?.focus();
}

/** A labelled input: [label, input]. */
function field(id, label, attrs) {
  const input = h("input", { id, name: id, ...attrs });
  return [h("label", { for: id }, h("span", {}, label), input), input];
}

/** A form: its fields, a line for its errors, its submit button and "Cancel"; `submit(values)` does the work
 *  (what it throws is said in words on the error line). `check()` returns a reason to refuse before asking. */
function accountForm(id, fields, submitLabel, submit, check = () => null, extra = null) {
  const error = h("p", { class: "field-error", id: `${id}-error`, role: "alert" });
  const button = h("button", { type: "submit", class: "primary", id: `${id}-submit` }, submitLabel);
  const form = h("form", { id, class: "account-form", novalidate: true, "aria-describedby": `${id}-error`,
    on: { submit: async (event) => {
      event.preventDefault();
      const refused = check();
      error.textContent = refused || "";
      if (refused) return;
      button.disabled = true;
      try { await submit(); } catch (e) { error.textContent = reasonOf(e); } finally { button.disabled = false; }
    } } },
  fields.map(([label]) => label), extra, error,
  h("div", { class: "account-buttons" }, button, h("button", { type: "button", on: { click: close } }, t("Cancel"))));
  return form;
}

const passwordCheck = (value) => value.length < PASSWORD.min || value.length > PASSWORD.max
  ? t("A password has {min} to {max} characters.", PASSWORD) : null;

function signInForm(button) {
  const name = field("sign-in-name", t("Name"), { autocomplete: "username", maxlength: 40 });
  const password = field("sign-in-password", t("Password"), { type: "password", autocomplete: "current-password",
    maxlength: PASSWORD.max });
  open(button, t("Sign in"), accountForm("sign-in-form", [name, password], t("Sign in"), async () => {
    const signed = await page.api("/api/session", { name: name[1].value.trim(), password: password[1].value });
    reloadSaying(t("Signed in as {name}.", { name: signed.name }));
  }, () => (!name[1].value.trim() || !password[1].value ? t("Give your name and your password.") : null)));
}

function createForm(button) {
  const name = field("create-name", t("Name"), { autocomplete: "username", maxlength: 40 });
  const password = field("create-password", t("Password"), { type: "password", autocomplete: "new-password",
    maxlength: PASSWORD.max, "aria-describedby": "create-password-help" });
  const email = field("create-email", t("E-mail (optional)"), { type: "email", autocomplete: "email", maxlength: 254 });
  const help = h("p", { class: "muted", id: "create-password-help" }, t("At least {min} characters.", PASSWORD));
  open(button, t("Create account"), accountForm("create-form", [name, password, email], t("Create account"), async () => {
    const body = { name: name[1].value.trim(), password: password[1].value };
    if (email[1].value.trim()) body.email = email[1].value.trim();
    const made = await page.api(`/api/accounts?lang=${currentLanguage()}`, body);
    reloadSaying(t("Account created: you are signed in as {name}.", { name: made.name }));
  }, () => (!name[1].value.trim() ? t("Choose a name.") : passwordCheck(password[1].value)), help));
}

function passwordForm(button) {
  const current = field("current-password", t("Current password"), { type: "password", autocomplete: "current-password",
    maxlength: PASSWORD.max });
  const fresh = field("new-password", t("New password"), { type: "password", autocomplete: "new-password",
    maxlength: PASSWORD.max });
  open(button, t("Change password"), accountForm("password-form", [current, fresh], t("Change password"), async () => {
    await page.api("/api/account/password", { current: current[1].value, new: fresh[1].value });
    close();
    page.toast(t("Password changed: your other devices are signed out."));
  }, () => (!current[1].value ? t("Give your current password.") : passwordCheck(fresh[1].value))));
}

function deleteForm(button) {
  const password = field("delete-password", t("Password"), { type: "password", autocomplete: "current-password",
    maxlength: PASSWORD.max });
  const sure = h("input", { type: "checkbox", id: "delete-sure" });
  const confirm = h("label", { for: "delete-sure", class: "confirm" }, sure,
    t("Delete my account for good: my games stay, my seats in them named “deleted player”."));
  open(button, t("Delete account"), accountForm("delete-form", [password], t("Delete account"), async () => {
    const held = await heldSeats();
    await page.api("/api/account/delete", { password: password[1].value });
    forget(held);
    reloadSaying(t("Account deleted."));
  }, () => (!password[1].value ? t("Give your password.") : !sure.checked ? t("Tick the box to confirm.") : null), confirm));
}

/** The seats this browser plays for the account ([tableId, token]), to forget when it signs out here. */
async function heldSeats() {
  try {
    const mine = await page.api(`/api/account/tables?lang=${currentLanguage()}`);
    return mine.map((m) => [m.table.id, m.token]);
  } catch { return []; }
}

function forget(held) {
  for (const [id, token] of held) if (localStorage.getItem(page.tokenKey(id)) === token) localStorage.removeItem(page.tokenKey(id));
}

/** Sign out here (DELETE /api/session) or everywhere (/api/sessions): this browser forgets the account's seats. */
async function signOut(everywhere) {
  try {
    const held = await heldSeats();
    await page.api(everywhere ? "/api/sessions" : "/api/session", undefined, "DELETE");
    forget(held);
    account = null;
    reloadSaying(everywhere ? t("Signed out on every device.") : t("Signed out."));
  } catch (e) {
    if (e.code === "auth/no_session") reloadSaying(e.message);  // already signed out (elsewhere): show it
    else page.toast(e.message);
  }
}

/** The account's e-mail and whether a turn waiting for it sends one (PATCH /api/account, in the page's
 *  language: the e-mails' language follows it). */
function preferencesForm() {
  const email = field("preferences-email", t("E-mail"), { type: "email", autocomplete: "email", maxlength: 254,
    value: account.email || "" });
  const notify = h("input", { type: "checkbox", id: "preferences-notify", checked: !!account.notify });
  const tell = h("label", { for: "preferences-notify", class: "confirm" }, notify, t("E-mail me when a turn waits for me"));
  const form = accountForm("preferences-form", [email], t("Save"), async () => {
    const address = email[1].value.trim();
    account = { ...account, ...await page.api(`/api/account?lang=${currentLanguage()}`,
      { email: address || null, notify: notify.checked }, "PATCH") };
    page.toast(t("Saved."));
  }, () => (notify.checked && !email[1].value.trim() ? t("Give an e-mail address to be told of your turns.") : null), tell);
  form.querySelector("button[type=button]").remove();  // no "Cancel": the settings stay open
  return form;
}

function settings(button) {
  open(button, t("Account settings"), h("p", {}, t("Signed in as {name}.", { name: account.name })),
    preferencesForm(),
    h("div", { class: "account-buttons" },
      h("button", { type: "button", id: "sign-out-everywhere", on: { click: () => signOut(true) } }, t("Sign out everywhere")),
      h("button", { type: "button", id: "change-password", on: { click: () => { opener = null; passwordForm(button); } } },
        t("Change password")),
      h("button", { type: "button", id: "delete-account", on: { click: () => { opener = null; deleteForm(button); } } },
        t("Delete account"))));
}

// --------------------------------------------------------------- the header

/** The header's account area: "Sign in" and "Create account", or the name and the account's buttons. */
export function accountArea() {
  const button = (id, label, click, attrs = {}) => {
    const b = h("button", { type: "button", id, ...attrs }, label);
    b.addEventListener("click", () => click(b));
    return b;
  };
  if (!account) {
    return h("div", { class: "account", id: "account" },
      button("sign-in-open", t("Sign in"), signInForm, { "aria-expanded": "false", "aria-controls": "account-panel" }),
      button("create-open", t("Create account"), createForm, { "aria-expanded": "false", "aria-controls": "account-panel" }));
  }
  return h("div", { class: "account", id: "account" },
    h("span", { class: "account-name", id: "account-user" }, account.name),
    h("a", { href: playerLink(account.name), id: "my-page", class: "my-page" }, t("My page")),
    button("my-tables-open", t("My tables"), () => {
      const box = document.getElementById("my-tables");
      if (!box) { location.href = "/#my-tables"; return; }  // a page without it (a player's): the lobby has it
      box.scrollIntoView();
      box.querySelector("h2")?.focus();
    }),
    button("sign-out", t("Sign out"), () => signOut(false)),
    button("account-settings", t("Account"), settings, { "aria-expanded": "false", "aria-controls": "account-panel" }));
}

// --------------------------------------------------------------- My tables

const watchers = [];
let mineLatest = null;
let mineError = null;
let polling = null;
let asking = false;

/** Ask "My tables" (GET /api/account/tables) now and tell every watcher; a session gone (401) stops the polling
 *  and tells them there is nothing (no turn waits for anybody here any more). */
async function pollMine() {
  if (asking) return;
  asking = true;
  try {
    mineLatest = await page.api(`/api/account/tables?lang=${currentLanguage()}`);
    mineError = null;
  } catch (e) {
    mineError = e;
    if (e.status === 401) { clearInterval(polling); mineLatest = []; }
  } finally { asking = false; }
  for (const watcher of watchers) watcher(mineLatest, mineError);
}

/** Call `watcher(mine, error)` with "My tables" now and every 3 s while signed in (one poll however many watch:
 *  the lobby's panel, the title's count of waiting turns). `mine` is null until the first answer. */
export function watchMyTables(watcher) {
  if (!account) return;
  watchers.push(watcher);
  if (mineLatest !== null || mineError !== null) watcher(mineLatest, mineError);
  if (polling === null) {
    polling = setInterval(() => pollMine(), 3000);
    pollMine();
  }
}

/** The box of the account forms (sign in, create account, settings), for a page without the lobby's panels. */
export function accountForms() { return [formBox]; }

/** The lobby's account panels: the form box, and "My tables" when signed in (refreshed every few seconds). */
export function accountPanels() {
  if (!account) return [formBox];
  const list = h("ul", { class: "my-tables", id: "my-tables-list" });
  const empty = h("p", { class: "muted", id: "no-my-tables", hidden: true },
    t("No unfinished tables. A seat you take while signed in is listed here, on every device you sign in on."));
  const title = h("h2", { tabindex: -1 }, t("My tables"));
  const box = h("section", { class: "panel", id: "my-tables" }, title, empty, list);
  async function show(mine, error) {
    if (mine === null) {
      if (error) { empty.hidden = false; empty.textContent = error.message; }
      return;
    }
    const titles = Object.fromEntries((await page.games().catch(() => [])).map((g) => [g.name, g.title]));
    empty.hidden = mine.length > 0;
    list.replaceChildren(...mine.map((m) => {
      const status = m.my_turn ? h("strong", { class: "your-turn" }, t("Your turn"))
        : h("span", { class: "muted" }, m.table.status === "waiting" ? t("waiting") : t("playing"));
      const left = timeLeft(m.table);
      return h("li", { "data-table": m.table.id, class: m.my_turn ? "my-turn" : null },
        h("button", { type: "button", class: "open-table", on: { click: () => {
          localStorage.setItem(page.tokenKey(m.table.id), m.token);
          location.href = `/?table=${encodeURIComponent(m.table.id)}`;
        } } }, h("span", { class: "table-name" }, m.table.name), ...tableMarks(m.table), " · ",
        titles[m.table.game] || m.table.game, " · ", t("Seat {n}", { n: m.seat + 1 }), " · ", status,
        left ? " · " : null, left));
    }));
  }
  watchMyTables(show);
  if (location.hash === "#my-tables") setTimeout(() => box.scrollIntoView(), 0);  // asked for from another page
  return [formBox, box];
}
