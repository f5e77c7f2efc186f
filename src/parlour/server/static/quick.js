// "Play now" (POST /api/quick): a game (and its variant), rated when signed in and asked; the server seats the
// person with others asking for the same within a few seconds, else against bots of their level. While it waits
// the page says so and may stop waiting (the server is told: DELETE /api/quick/{ticket}, the request's own random id).
// The seat's token is stored where joining stores it, and the table opens.
import { t } from "./i18n.js";
import { h } from "./ui.js";

/** A random id for one "Play now" request (22 URL-safe characters), by which the page may stop it. */
function newTicket() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The lobby's "Play now" panel. `deps`: api(path, body, method, init), games (the list), tokenKey(id),
 *  signedIn(), sayNext(text), name() (the name to play under without an account). */
export function playNowPanel(all, deps) {
  const account = deps.signedIn();
  const byName = Object.fromEntries(all.map((g) => [g.name, g]));
  const last = localStorage.getItem("parlour:game");
  const gameSel = h("select", { id: "quick-game" },
    all.map((g) => h("option", { value: g.name, selected: g.name === last }, g.title)));
  const presetSel = h("select", { id: "quick-preset" });
  const presetLabel = h("label", {}, t("preset"), presetSel);
  function presets() {
    const game = byName[gameSel.value];
    const names = Object.keys(game.presets);
    // each preset by its name in words, its line of description as the tooltip (never the preset's identifier)
    const words = (p) => (game.preset_words || {})[p] || [p || "default", ""];
    presetSel.replaceChildren(...names.map((p) => h("option", { value: p, selected: p === game.default_preset,
      title: words(p)[1] ? t(words(p)[1]) : null }, t(words(p)[0]))));
    presetLabel.hidden = names.length < 2;
  }
  gameSel.addEventListener("change", presets);
  presets();
  const rated = account ? h("input", { type: "checkbox", id: "quick-rated" }) : null;
  const go = h("button", { type: "button", id: "play-now", class: "primary big" }, t("Play now"));
  const status = h("p", { id: "quick-status", role: "status", "aria-live": "polite" });
  const cancel = h("button", { type: "button", id: "quick-cancel", hidden: true }, t("Stop waiting"));
  let waiting = null;

  function idle(text) {
    waiting = null;
    go.disabled = false;
    cancel.hidden = true;
    status.textContent = text;
  }
  let ticket = null;
  cancel.addEventListener("click", () => {
    waiting?.abort();
    // the server forgets the request too, so nobody is seated for a person who left (unless a table took it
    // at that very moment: its seat is then in "My tables" when signed in)
    if (ticket) deps.api(`/api/quick/${ticket}`, undefined, "DELETE").catch(() => {});
    idle(t("Stopped waiting."));
    go.focus();
  });
  go.addEventListener("click", async () => {
    const controller = new AbortController();
    waiting = controller;
    go.disabled = true;
    cancel.hidden = false;
    status.textContent = t("Looking for players…");
    cancel.focus();
    ticket = newTicket();
    const body = { game: gameSel.value, preset: presetSel.value || null, ticket };
    if (rated?.checked) body.rated = true;
    if (!account) {
      const name = deps.name().trim() || t("Guest");
      localStorage.setItem("parlour:name", name);
      body.name = name;
    }
    localStorage.setItem("parlour:game", gameSel.value);
    try {
      const seat = await deps.api("/api/quick", body, "POST", { signal: controller.signal });
      if (waiting !== controller) return;  // stopped meanwhile
      localStorage.setItem(deps.tokenKey(seat.table), seat.token);
      if (seat.with_bots) deps.sayNext(t("No one came: playing against bots of your level."));
      status.textContent = seat.with_bots ? t("No one came: playing against bots of your level.") : t("Found: to the table.");
      location.href = `/?table=${encodeURIComponent(seat.table)}`;
    } catch (e) {
      if (waiting !== controller) return;
      idle(e.message);
    }
  });
  return h("section", { class: "panel play-now", id: "play-now-panel" },
    h("h2", {}, t("Play now")),
    h("p", { class: "muted" }, t("A seat at once: with other people asking for the same game, else against bots of your level.")),
    h("div", { class: "quick-form" }, h("label", {}, t("game"), gameSel), presetLabel,
      rated ? h("label", {}, rated, t("rated")) : null, go, cancel),
    status);
}

