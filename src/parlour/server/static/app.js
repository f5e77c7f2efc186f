// parlour's browser client: the lobby (create, join, watch, invite) and the table (play, log, reveal, replay).
// It only ever shows what the server sends: the seat's own view and its legal actions. It knows no game:
// each game's look comes from its client module (GameOut.client, loaded with import()), which may export
//   area(msg, ui)             the table (felt, board…) for a state message; may be async
//   score(view, seat)         a few words under a seat's name ("balance 3")
//   log(view)                 what happened, as [seat, text, action index] (default: view.log numbered;
//                             an entry without an index is no action, as "wins the trick")
//   matches(words, card)      whether a legal action (its words) uses a selected card (default: it names it)
//   pickCard(card, msg, ui)   what a click on a hand card does; true when handled (default: (un)select it)
//   hint                      the line above the moves
//   label(action, msg)        a move button's text (default: the action's notation, which is what is sent)
//   finish(msg, ui)           the end screen of a finished game: who won and the standings, as [title, rows]
//   resultLines(r, msg, ui)   lines under a finished hand's result (sides' points, payments…) (default: none)
//   candidate(msg, ui)        the action the selection would be, when no legal move fits it: the page asks the
//                             server why the rules refuse it and says so (default: none)
//   actionWords(action, msg)  the words of a legal action that matches and the selected piece are compared with
//                             (default: the notation's words)
// where ui = { h, nameOf, game, selection: { cards, piece }, select(word), send(action), rerender(),
//              wordsOf(action), why(action), say(text), clear() }: wordsOf is a legal action in plain words (the
//              game's own, from the server, in the page's language), why asks the server why an action would be
//              refused and shows the answer, say shows a line of explanation, clear empties the selection.
// The server sends each state message with `words` (each legal action in plain words) and `story` (what
// happened, in sentences): the moves and the log show those, the notation beside them as secondary text.
// A game without a module gets /static/generic.js: its view as text, with the hand and the move buttons.
import { accountArea, accountForms, accountPanels, configure as configureAccount, csrfToken, errorWords, loadSession,
  sayNext, signedIn } from "./account.js";
import { cardRow, cardSvg } from "./cards.js";
import { drawer, drawerToggle, settle } from "./drawers.js";
import { fairness } from "./fairness.js";
import { currentLanguage, languageSwitch, loadLanguage, t, t as tr } from "./i18n.js"; // tr: t where `t` names a table
import { MOVE_CLOCKS, clockWords, playerLink, tableMarks, timeLeft } from "./marks.js";
import { showPlayer } from "./profile.js";
import { playNowPanel } from "./quick.js";
import { showTurns } from "./turns.js";
import { askHint, configure as configureTutor, hintBox, learnPanel, lessonPanel } from "./tutor.js";
import { actionWords, h, nameOf, numberedLog, panel } from "./ui.js";

const main = document.getElementById("main");
const params = new URLSearchParams(location.search);

// ------------------------------------------------------------------ helpers

function toast(text) {
  const t = document.getElementById("toast");
  t.textContent = text;
  t.classList.add("show");
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => t.classList.remove("show"), 3500);
}

/** A call to the API: GET, or POST with a body, or `method` (DELETE); the tables' answers (their names, words and
 *  reasons) come in the page's language. While signed in, every change sends the session's anti-forgery token.
 *  A refusal throws an Error with the server's words (an account's in the page's language), its `code` and
 *  `status`; an answer without content (204) is null. `extra`: more of fetch's options (a `signal` to stop
 *  waiting). */
async function api(path, body, method, extra = {}) {
  const verb = method || (body === undefined ? "GET" : "POST");
  const headers = body === undefined ? {} : { "content-type": "application/json" };
  if (verb !== "GET" && csrfToken()) headers["x-csrf-token"] = csrfToken();
  const init = verb === "GET" ? {} : { method: verb, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) };
  const url = new URL(path, location.origin);
  if (url.pathname.startsWith("/api/tables") && !url.searchParams.has("lang")) url.searchParams.set("lang", currentLanguage());
  const response = await fetch(url, { ...init, ...extra });
  if (response.status === 204) return null;
  const data = await response.json().catch(() => ({}));
  if (!response.ok) {
    const code = data.error && data.error.code;
    const error = new Error(errorWords(code) || (data.error && data.error.message) || response.statusText);
    Object.assign(error, { code, status: response.status });
    throw error;
  }
  return data;
}

let gamesList = null;
const clients = new Map();

async function games() {
  if (!gamesList) gamesList = await api("/api/games");
  return gamesList;
}

/** The game's client module (its own, or the generic one), imported once. */
async function clientOf(name) {
  if (!clients.has(name)) {
    const game = (await games()).find((g) => g.name === name);
    const module = game ? await import(game.client) : await import("./generic.js");
    clients.set(name, { game: game || { name }, module });
  }
  return clients.get(name);
}

/** A table's status (the API's word) in the page's language. */
const STATUS = { waiting: () => t("waiting"), playing: () => t("playing"), finished: () => t("finished") };

/** The bots of the levels a person can choose, by the name a level spec gives ("level:expert"), weakest first: each
 *  a whole message, so that a language words it as it says it ("Bot débutant"). */
const LEVELS = { beginner: () => t("Beginner bot"), casual: () => t("Casual bot"), expert: () => t("Expert bot"),
  master: () => t("Master bot") };

/** A bot spec's readable name ("strong:budget=200" → "Strong bot", "level:expert" → "Expert bot"); what it plays like
 *  is its tooltip (botHelp). Given the game (``/api/games``), a level is shown with its rating there: "Expert bot
 *  (rated 1580)". */
function botLabel(spec, game) {
  const [kind, level] = spec.split(":");
  if (kind === "level" && LEVELS[level]) {
    const label = LEVELS[level]();
    const rated = ((game && game.levels) || []).find((l) => l.spec === spec);
    return rated && rated.rating != null ? t("{bot} (rated {rating})", { bot: label, rating: Math.round(rated.rating) }) : label;
  }
  const known = { strong: t("Strong bot"), heuristic: t("Heuristic bot"), random: t("Random bot"), ismcts: t("Search bot"),
    learned: t("Learned bot") };
  return known[kind] || t("{kind} bot", { kind });
}

/** What a bot spec plays like, in one line of words: a bot seat's tooltip. */
function botHelp(spec) {
  const [kind] = spec.split(":");
  const help = {
    "level:beginner": () => t("plays the usual moves, with a mistake now and then"),
    "level:casual": () => t("plays the usual moves by rules of thumb"),
    "level:expert": () => t("thinks ahead over the hands it cannot see"),
    "level:master": () => t("thinks ahead five times longer: the strongest"),
    strong: () => t("thinks ahead over the hands it cannot see"),
    heuristic: () => t("plays the usual moves by rules of thumb"),
    random: () => t("plays any move the rules allow, at random"),
    ismcts: () => t("thinks ahead over the hands it cannot see"),
    learned: () => t("plays what it learned from many games"),
  }[kind === "level" ? spec : kind];
  return help ? t("{bot}: {help}", { bot: botLabel(spec), help: help() }) : botLabel(spec);
}

/** The bot a new table seats by default: a middling one (the Casual level, else the heuristic), not the strongest:
 *  a newcomer's first games are a fair fight. */
function defaultBot(game) {
  return ["level:casual", "heuristic"].find((b) => game.bots.includes(b)) || game.bots[0] || "human";
}

/** A table's rules as people say them (the game, its players, its preset in words…), in the page's language;
 *  its spec where none came (a record opened from a file). */
const rulesWords = (table) => table.spec_words || table.spec;

/** A preset's name in words and its one line of description, in the page's language (the name as it is, and no
 *  description, for a preset the game has not put in words; "default" for a game without presets). */
function presetWords(game, preset) {
  const [name, description] = (game.preset_words || {})[preset] || [preset || "default", ""];
  return [t(name), description ? t(description) : ""];
}

const tokenKey = (id) => `parlour:token:${id}`;
/** The rules page of `game`, with a table's flags when given its spec (the table's `spec`). */
const rulesLink = (game, spec) => `/rules/${encodeURIComponent(game)}?` +
  new URLSearchParams({ ...(spec ? { rules: spec } : {}), lang: currentLanguage() });
const rulesAnchor = (game, spec, attrs = {}) => h("a", { href: rulesLink(game, spec), class: "rules-link", ...attrs }, t("Rules"));
const inviteLink = (id) => `${location.origin}/?table=${id}`;

async function copyInvite(id) {
  const link = inviteLink(id);
  try { await navigator.clipboard.writeText(link); toast(t("Invite link copied: {link}", { link })); }
  catch { toast(t("Invite link: {link}", { link })); }
}

// -------------------------------------------------------------------- lobby

async function showLobby() {
  const all = await games();
  main.replaceChildren();
  main.append(...accountPanels(), playNowPanel(all, { api, tokenKey, signedIn, sayNext,
    name: () => localStorage.getItem("parlour:name") || "" }), learnPanel());
  const byName = Object.fromEntries(all.map((g) => [g.name, g]));
  const last = localStorage.getItem("parlour:game");
  const chosen = byName[last] ? last : all.length ? all[0].name : null;
  const gameSel = h("select", { id: "game" },
    all.map((g) => h("option", { value: g.name, selected: g.name === chosen }, g.title)));
  const presetSel = h("select", { id: "preset" });
  const players = h("input", { id: "players", type: "number", min: 2, max: 8, value: 2, "aria-describedby": "players-error" });
  const playersError = h("span", { id: "players-error", class: "field-error", role: "alert" });
  /** The players asked for, or null (and the allowed range shown beside the field) when the game refuses them. */
  function checkPlayers() {
    const game = byName[gameSel.value];
    const n = Number(players.value);
    const ok = Number.isInteger(n) && n >= game.min_players && n <= game.max_players;
    playersError.textContent = ok ? "" : t("{game} is for {min} to {max} players (got {n})",
      { game: game.title, min: game.min_players, max: game.max_players, n: players.value || "—" });
    players.setAttribute("aria-invalid", ok ? "false" : "true");
    return ok ? n : null;
  }
  const flagsBox = h("div", { class: "flags" });
  const seatsBox = h("div", { class: "seats-form" });
  const tableName = h("input", { id: "table-name", placeholder: t("table name (optional)"), maxlength: 40 });
  const myName = h("input", { id: "my-name", value: localStorage.getItem("parlour:name") || "", placeholder: t("your name"),
    maxlength: 40 });
  signedInName(myName);
  const timer = h("input", { id: "turn-seconds", type: "number", min: 0, placeholder: t("none"), style: "width:5em" });
  const spectatorChat = h("input", { id: "spectator-chat", type: "checkbox" });
  // A rated table (signed in only): a preset's rules (no flags sent) and level bots only. A turn-based one: a move
  // clock instead of the turn timer.
  const rated = h("input", { id: "rated", type: "checkbox", disabled: !signedIn(), "aria-describedby": "rated-help" });
  const ratedHelp = h("span", { id: "rated-help", class: "muted" }, signedIn()
    ? t("its end changes your rating; it plays a preset's rules, its bots are the levels")
    : t("sign in to play rated games"));
  const turnBased = h("input", { id: "turn-based", type: "checkbox", "aria-describedby": "turn-based-help" });
  const moveClock = h("select", { id: "move-clock", disabled: true },
    MOVE_CLOCKS.map(([seconds, words]) => h("option", { value: seconds, selected: seconds === 86400 }, words())));
  const turnBasedHelp = h("span", { id: "turn-based-help", class: "muted" },
    t("each player has this long for a move; when it runs out a stand-in plays that turn"));
  const flagsDetails = h("details", {}, h("summary", {}, t("flags")), flagsBox);
  const ratedFlags = h("p", { class: "muted", id: "rated-flags", hidden: true },
    t("A rated table plays the preset's rules as they are: no flags."));
  let flagInputs = {};

  const presetValues = () => byName[gameSel.value].presets[presetSel.value] || {};
  const presetHelp = h("span", { id: "preset-help", class: "muted" });
  presetSel.setAttribute("aria-describedby", "preset-help");
  /** The chosen preset's one line of description, beside its choice. */
  function describePreset() { presetHelp.textContent = presetWords(byName[gameSel.value], presetSel.value)[1]; }
  function buildFlags() {
    const game = byName[gameSel.value];
    flagInputs = {};
    flagsBox.replaceChildren();
    for (const f of game.flags) {
      if (f.name === "players") continue;
      const value = presetValues()[f.name];
      const help = `flag-help-${f.name}`;
      const attrs = { "data-flag": f.name, "aria-describedby": help };
      let input;
      if (f.kind === "bool") input = h("input", { type: "checkbox", checked: !!value, ...attrs });
      else if (f.choices.length) input = h("select", attrs, f.choices.map((c, i) =>
        h("option", { value: c, selected: c === value }, t(f.choice_words[i] ?? String(c)))));
      else input = h("input", { type: "number", value: value ?? "", min: f.minimum ?? undefined, max: f.maximum ?? undefined,
        style: "width:6em", ...attrs });
      flagInputs[f.name] = [f, input];
      // The flag's name in words and what it does, both visible (its identifier is the terminal's, never shown here).
      flagsBox.append(h("div", { class: "flag" }, h("label", {}, h("span", { class: "flag-title" }, t(f.title || f.name)), input),
        h("div", { class: "flag-help muted", id: help }, t(f.help))));
    }
  }
  /** The bots a seat may have: at a rated table, the levels with a measured rating only. */
  function botsOffered(game) {
    if (!rated.checked) return game.bots;
    const measured = new Set((game.levels || []).filter((l) => l.rating !== null && l.rating !== undefined).map((l) => l.spec));
    return game.bots.filter((b) => measured.has(b));
  }
  function buildSeats() {
    const game = byName[gameSel.value];
    const n = checkPlayers() ?? Math.max(game.min_players, Math.min(game.max_players, Number(players.value) || game.min_players));
    const old = [...seatsBox.querySelectorAll("select")].map((s) => s.value);
    const offered = ["human", ...botsOffered(game)];
    const fallback = rated.checked ? (offered.includes("level:casual") ? "level:casual" : offered[1] || "human") : defaultBot(game);
    seatsBox.replaceChildren();
    for (let i = 0; i < n; i++) {
      const choice = offered.includes(old[i]) ? old[i] : i === 0 ? "human" : fallback;
      seatsBox.append(h("label", {}, t("seat {n}", { n: i + 1 }), h("select", { class: "seat", "data-seat": i },
        offered.map((b) => h("option", { value: b, selected: b === choice, title: b === "human" ? null : botHelp(b) },
          b === "human" ? t("human") : botLabel(b, game))))));
    }
  }
  function ratedChanged() {
    flagsDetails.hidden = rated.checked;
    ratedFlags.hidden = !rated.checked;
    buildSeats();
  }
  function turnBasedChanged() {
    moveClock.disabled = !turnBased.checked;
    timer.disabled = turnBased.checked;  // a turn-based table has its move clock, not a real-time turn timer
    if (turnBased.checked) timer.value = "";
  }
  rated.addEventListener("change", ratedChanged);
  turnBased.addEventListener("change", turnBasedChanged);
  function buildGame() {
    const game = byName[gameSel.value];
    presetSel.replaceChildren(...Object.keys(game.presets).map((p) =>
      h("option", { value: p, selected: p === game.default_preset }, presetWords(game, p)[0])));
    describePreset();
    players.min = game.min_players; players.max = game.max_players;
    const playersFlag = game.flags.find((f) => f.name === "players");
    players.value = Math.max(game.min_players, Math.min(game.max_players, playersFlag ? playersFlag.default : 2));
    buildFlags(); buildSeats();
  }
  const gameRules = h("a", { id: "game-rules", class: "rules-link" }, t("Rules"));
  const linkRules = () => { gameRules.href = rulesLink(gameSel.value); };
  gameSel.addEventListener("change", buildGame);
  gameSel.addEventListener("change", linkRules);
  presetSel.addEventListener("change", buildFlags);
  presetSel.addEventListener("change", describePreset);
  players.addEventListener("change", buildSeats);
  players.addEventListener("input", checkPlayers);

  async function create() {
    if (checkPlayers() === null) { players.focus(); return; }
    const rules = {};
    const preset = presetValues();
    for (const [name, [f, input]] of Object.entries(rated.checked ? {} : flagInputs)) {
      let value = f.kind === "bool" ? input.checked : input.value;
      if (f.kind !== "bool" && f.kind !== "choice" && value === "") value = null;
      else if (f.kind !== "bool" && typeof preset[name] === "number") value = Number(value);
      if (String(value) !== String(preset[name])) rules[name] = value;
    }
    const seats = [...seatsBox.querySelectorAll("select")].map((s) => s.value);
    const body = { game: gameSel.value, preset: presetSel.value || null, rules, seats };
    if (tableName.value.trim()) body.name = tableName.value.trim();
    if (Number(timer.value) > 0 && !turnBased.checked) body.turn_seconds = Number(timer.value);
    if (spectatorChat.checked) body.spectator_chat = true;
    if (rated.checked) body.rated = true;
    if (turnBased.checked) body.move_clock = Number(moveClock.value);
    localStorage.setItem("parlour:game", gameSel.value);
    try {
      const table = await api("/api/tables", body);
      if (seats.includes("human")) await joinTable(table.id, myName.value);
      location.href = `/?table=${table.id}`;
    } catch (e) { toast(e.message); }
  }

  buildGame(); linkRules();
  main.append(panel(t("New table"),
    h("div", {}, h("label", {}, t("game"), gameSel), gameRules, " ", h("label", {}, t("preset"), presetSel), " ", presetHelp, " ", h("label", {}, t("players"), players), playersError,
      h("label", {}, t("turn timer (s)"), timer), " ", h("label", {}, spectatorChat, t("spectators may chat"))),
    h("div", { class: "table-kind" }, h("label", {}, rated, t("Rated")), ratedHelp),
    h("div", { class: "table-kind" }, h("label", {}, turnBased, t("Turn-based")), " ",
      h("label", {}, t("time for each move"), moveClock), turnBasedHelp),
    flagsDetails, ratedFlags,
    h("div", {}, h("strong", {}, t("Seats:")), " ", seatsBox),
    h("div", {}, tableName, " ", myName, " ", h("button", { id: "create", class: "primary", on: { click: create } }, t("Create table")))));

  main.append(panel(t("Rules of the games"), h("ul", { id: "all-rules", class: "rules-list" },
    all.map((g) => h("li", {}, h("a", { href: rulesLink(g.name), "data-game": g.name }, g.title))),
    h("li", {}, h("a", { href: `/rules?lang=${currentLanguage()}` }, t("All games"))))));
  const list = h("tbody");
  const empty = h("p", { id: "no-tables", class: "muted", hidden: true },
    t("No tables yet. Choose a game and its seats under “New table”, then press “Create table”."));
  main.append(panel(t("Tables"), empty, h("table", { class: "tables" },
    h("thead", {}, h("tr", {}, h("th", {}, t("table")), h("th", {}, t("game")), h("th", {}, t("seats")), h("th", {}, t("status")), h("th", {}, ""))),
    list)));
  async function refresh() {
    const tables = await api("/api/tables");
    empty.hidden = tables.length > 0;
    list.replaceChildren(...tables.map((t) => {
      const free = t.seats.some((s) => s.kind === "human" && !s.taken && !s.reserved);
      const mine = localStorage.getItem(tokenKey(t.id));
      const seats = t.seats.map((s) => s.kind === "bot" ? s.name || botLabel(s.bot) : s.taken || s.reserved ? s.name : tr("open")).join(", ");
      return h("tr", { "data-table": t.id }, h("td", {}, t.name, ...tableMarks(t)), h("td", {}, rulesWords(t)), h("td", {}, seats), h("td", {}, STATUS[t.status] ? STATUS[t.status]() : t.status),
        h("td", {},
          mine && t.status !== "finished" ? h("a", { href: `/?table=${t.id}` }, h("button", { class: "primary" }, tr("Back to seat"))) : null,
          free && !mine && !t.lesson ? h("a", { href: `/?table=${t.id}` }, h("button", { class: "primary join" }, tr("Join"))) : null,
          h("a", { href: `/?table=${t.id}&watch=1` }, h("button", {}, tr("Watch"))),
          t.status === "finished" ? h("a", { href: `/?table=${t.id}&replay=1` }, h("button", {}, tr("Replay"))) : null,
          t.status === "finished" || t.lesson ? null : h("button", { on: { click: () => copyInvite(t.id) } }, tr("Invite")), " ",
          rulesAnchor(t.game, t.spec)));
    }));
  }
  await refresh();
  setInterval(() => refresh().catch(() => {}), 3000);
}

/** Signed in, a seat taken is the account's, under its name: the name field shows it and cannot be changed. */
function signedInName(input) {
  const account = signedIn();
  if (!account) return;
  input.value = account.name;
  input.readOnly = true;
  input.setAttribute("aria-label", t("your name"));
  input.title = t("Signed in: you sit as {name}.", { name: account.name });
}

async function joinTable(id, name) {
  const clean = (name || "").trim() || t("Guest");
  if (!signedIn()) localStorage.setItem("parlour:name", clean);  // signed in, the seat takes the account's name
  const joined = await api(`/api/tables/${id}/join`, { name: clean });
  localStorage.setItem(tokenKey(id), joined.token);
  return joined;
}

// -------------------------------------------------------------------- table

const tableState = { msg: null, cards: new Set(), piece: null, ws: null, focus: null, chat: null, said: null, answers: new Map(),
  drawn: null };

async function showTable(id) {
  const token = localStorage.getItem(tokenKey(id));
  if (!token && !params.get("watch")) {
    const shown = await api(`/api/tables/${id}`).catch((e) => { main.replaceChildren(panel(t("No such table"), e.message)); });
    if (!shown) return;
    const table = shown.table;
    const free = table.seats.filter((s) => s.kind === "human" && !s.taken && !s.reserved);
    if (free.length) {
      const name = h("input", { id: "join-name", value: localStorage.getItem("parlour:name") || "", placeholder: t("your name"),
        "aria-label": t("your name"), maxlength: 40 });
      signedInName(name);
      // A rated table seats accounts only: signed out, the page says so instead of offering a seat it would refuse.
      const seatsAccountsOnly = table.rated && !signedIn();
      main.replaceChildren(panel(t("Join {name}", { name: table.name }),
        h("p", {}, h("span", { class: "muted" }, rulesWords(table)), ...tableMarks(table), " ",
          rulesAnchor(table.game, table.spec, { id: "rules", target: "_blank" })),
        table.move_clock ? h("p", { class: "muted" }, t("Turn-based: {clock} for each move", { clock: clockWords(table.move_clock) })) : null,
        h("h3", {}, t("Who sits where")), seatList(table),
        seatsAccountsOnly ? h("p", { id: "rated-sign-in", class: "why" },
          t("This table is rated: only signed-in players take its seats. Sign in (or create an account) in the lobby, then come back."),
          " ", h("a", { href: "/" }, t("To the lobby"))) : null,
        seatsAccountsOnly ? null : name,
        seatsAccountsOnly ? null : h("button", { id: "join", class: "primary", on: { click: async () => {
          try { await joinTable(id, name.value); location.reload(); } catch (e) { toast(e.message); }
        } } }, t("Take a seat")),
        h("a", { href: `/?table=${id}&watch=1` }, h("button", {}, t("Just watch")))));
      return;
    }
  }
  connect(id, token);
}

/** The seats of a table an invitation leads to: who sits at each, which are free, which are kept for someone
 *  (a rematch's players), the bots by their readable names. */
function seatList(table) {
  const who = (s) => {
    if (s.kind === "bot") return h("span", { title: botHelp(s.bot) }, botLabel(s.bot));
    if (s.taken) return s.name;
    if (s.reserved) return t("kept for {name}", { name: s.name || "?" });
    return h("strong", {}, t("free"));
  };
  return h("ul", { id: "join-seats", class: "seat-list" }, table.seats.map((s) =>
    h("li", { "data-seat": s.seat, class: s.kind === "human" && !s.taken && !s.reserved ? "free" : null },
      t("Seat {n}", { n: s.seat + 1 }), ": ", who(s))));
}

/** The table's chat: one box (the chat drawer's) kept across renders, polled for new messages; text shown as text, never markup. */
function chatPanel(id, token) {
  const lines = h("div", { class: "log chat", id: "chat-lines", role: "log", tabindex: 0, "aria-label": t("Chat") });
  const input = h("input", { id: "chat-text", maxlength: 200, placeholder: t("Say something"), "aria-label": t("Chat message") });
  let last = 0;
  async function poll() {
    const said = await api(`/api/tables/${id}/chat?after=${last}`);
    for (const m of said) {
      lines.append(h("div", {}, h("strong", {}, m.author + ": "), m.text));
      last = m.id;
    }
    if (said.length) lines.scrollTop = lines.scrollHeight;
  }
  async function say(e) {
    e.preventDefault();
    if (!input.value.trim()) return;
    const body = token ? { token, text: input.value } : { name: localStorage.getItem("parlour:name") || "", text: input.value };
    try { await api(`/api/tables/${id}/chat`, body); input.value = ""; await poll(); } catch (err) { toast(err.message); }
  }
  poll().catch(() => {});
  setInterval(() => poll().catch(() => {}), 2000);
  return h("div", { class: "chat-box" }, lines, h("form", { id: "chat-form", class: "chat-form", on: { submit: say } }, input,
    h("button", { type: "submit", id: "chat-send" }, t("Send"))));
}

/** Who may post in the chat now: the seated players, spectators where the table lets them; nobody once it ends. */
function chatOpen(msg) {
  const form = tableState.chat?.querySelector("#chat-form");
  if (!form) return;
  const t = msg.table;
  const why = t.status === "finished" ? tr("The table is finished: its chat is closed.")
    : msg.seat === null && !t.spectator_chat ? tr("Only the players chat at this table.") : null;
  form.style.display = why === null ? "" : "none";
  let note = tableState.chat.querySelector("#chat-closed");
  if (!note) {
    note = h("p", { class: "muted", id: "chat-closed" });
    form.after(note);
  }
  note.textContent = why || "";
  note.hidden = why === null;
}

function connect(id, token) {
  if (!tableState.chat) tableState.chat = chatPanel(id, token);
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const query = new URLSearchParams({ ...(token ? { token } : {}), lang: currentLanguage() });
  const ws = new WebSocket(`${proto}://${location.host}/api/tables/${id}/ws?${query}`);
  tableState.ws = ws;
  ws.onmessage = (event) => {
    const msg = JSON.parse(event.data);
    if (msg.type === "state") {
      const old = tableState.msg;
      if (!old || old.view.version !== msg.view.version) { tableState.cards.clear(); tableState.piece = null; tableState.said = null; tableState.asked = null; tableState.answers.clear(); }
      tableState.msg = msg;
      renderTable().catch((e) => toast(e.message));
    } else if (msg.type === "presence" && tableState.msg) {
      // Someone connected or left: the same state, with who is here now.
      const old = tableState.msg;
      const seats = old.table.seats.map((s) => ({ ...s, connected: msg.seats.includes(s.seat) }));
      tableState.msg = { ...old, table: { ...old.table, seats, spectators: msg.spectators } };
      showPresence(old);
    } else if (msg.type === "error") {
      toast(msg.refusal ? msg.message : `${msg.code}: ${msg.message}`); // a rule's refusal is said in words
      if (msg.code === "auth/bad_token") { localStorage.removeItem(tokenKey(id)); ws.onclose = null; }
    }
  };
  ws.onclose = () => setTimeout(() => connect(id, token), 1000);
}

function send(action) {
  const msg = tableState.msg;
  tableState.ws.send(JSON.stringify({ type: "action", version: msg.view.version, action }));
}

/** What a game's client is handed: the helpers, the game, the selection and the way to act. */
function uiFor(game, live = true) {
  return {
    h, nameOf, game, selection: { cards: tableState.cards, get piece() { return tableState.piece; } },
    select: (word) => {
      if (!live) return;
      tableState.piece = tableState.piece === word ? null : word; tableState.said = null; tableState.asked = null;
      renderTable();
    },
    send: (action) => { if (live) send(action); },
    rerender: () => { if (live) renderTable(); },
    wordsOf: (action) => wordsOf(tableState.msg, action),
    why: (action) => { if (!live) return; tableState.said = null; tableState.asked = action; explainRefusal(action); renderTable(); },
    say: (text) => { if (!live) return; tableState.said = text; renderTable(); },
    clear: () => { if (!live) return; tableState.cards.clear(); tableState.piece = null; tableState.said = null; tableState.asked = null; renderTable(); },
  };
}

/** A legal action of the message in plain words (the game's, sent by the server), else its notation. */
function wordsOf(msg, action) {
  const i = msg.legal.indexOf(action);
  return i >= 0 && msg.words && msg.words[i] ? msg.words[i] : action;
}

/** Ask the server why the rules would refuse `action` (nothing is played), once per action and state; the
 *  answer is said under the moves while the selection still makes that action. */
async function explainRefusal(action) {
  const msg = tableState.msg;
  if (tableState.answers.has(action)) return;
  tableState.answers.set(action, "");
  const token = localStorage.getItem(tokenKey(msg.table.id));
  let text;
  try {
    const answer = await api(`/api/tables/${msg.table.id}/check`,
      { token, version: msg.view.version, action });
    text = answer.legal ? answer.words : answer.reason;
  } catch (e) { text = e.message; }
  // A presence message replaces the message object but not the state: only a new version makes the answer stale
  if (tableState.msg.view.version !== msg.view.version) return;
  tableState.answers.set(action, text);
  renderTable();
}

/** The words of legal action `action` that the selection is compared with: the client's, else the notation's. */
const selectionWords = (client, action, msg) => (client.actionWords ? client.actionWords(action, msg) : actionWords(action));

/** The legal actions that use every selected card and the selected piece. */
function filteredMoves(msg, client) {
  const matches = client.matches || ((words, card) => words.includes(card.toLowerCase()));
  return msg.legal.filter((a) => {
    const words = selectionWords(client, a, msg);
    for (const card of tableState.cards) if (!matches(words, card)) return false;
    return !tableState.piece || words.includes(tableState.piece);
  });
}

function handView(msg, cards, client, ui) {
  const row = h("div", { class: "cards hand", id: "hand" });
  const mine = msg.legal.length > 0;
  const matches = client.matches || ((words, c) => words.includes(c.toLowerCase()));
  for (const card of cards) {
    const svg = cardSvg(card);
    svg.classList.add("clickable");
    if (tableState.cards.has(card)) svg.classList.add("selected");
    if (mine && msg.legal.some((a) => matches(selectionWords(client, a, msg), card))) svg.classList.add("playable");
    const pick = () => {
      tableState.said = null; tableState.asked = null;  // what was said was about the selection before
      if (client.pickCard && client.pickCard(card, msg, ui)) return;
      if (tableState.cards.has(card)) tableState.cards.delete(card);
      else tableState.cards.add(card);
      renderTable();
    };
    // A card is a toggle button: Tab reaches it, Enter or Space (un)selects it, a screen reader says which.
    svg.setAttribute("role", "button");
    svg.setAttribute("tabindex", "0");
    svg.setAttribute("aria-pressed", tableState.cards.has(card) ? "true" : "false");
    svg.addEventListener("click", pick);
    svg.addEventListener("keydown", (e) => {
      if (e.key !== "Enter" && e.key !== " ") return;
      e.preventDefault();
      tableState.focus = card;
      pick();
    });
    row.append(svg);
  }
  return row;
}

/** Who is connected changed: when the table on the page is the one ``old`` drew, only its players bar is
 *  drawn again; a whole redraw under the pointer would swallow a click on a card (pressed on the old card,
 *  released on its replacement). Otherwise (a state still being drawn) the table is drawn again. */
function showPresence(old) {
  const bar = main.querySelector("#players");
  if (tableState.drawn?.msg !== old || !bar) {
    renderTable().catch((e) => toast(e.message));
    return;
  }
  tableState.drawn = { ...tableState.drawn, msg: tableState.msg };
  bar.replaceWith(playersBar(tableState.msg, tableState.drawn.score));
}

function playersBar(msg, score) {
  const v = msg.view;
  return h("div", { class: "players", id: "players" }, msg.table.seats.map((s) => h("div", {
    class: "player" + (msg.table.to_play === s.seat ? " to-play" : "") + (msg.seat === s.seat ? " me" : ""),
    "data-seat": s.seat,
    title: s.kind === "bot" ? botHelp(s.bot) : null,
  }, msg.table.rated && s.kind === "human" && s.taken && s.name
    ? h("a", { href: playerLink(s.name), class: "player-link" }, nameOf(msg, s.seat)) : nameOf(msg, s.seat),
  s.kind === "human" && s.taken && !s.connected ? h("span", { class: "off" }, " " + t("away")) : null,
  s.stand_in ? h("span", { class: "muted" }, " " + t("(bot standing in)")) : null,
  v.hand_sizes ? h("div", { class: "muted" }, t("{n} cards", { n: v.hand_sizes[s.seat] }) + (score ? " · " + score(s.seat) : "")) : null)));
}

/** How a table ended by a move clock that ran out (clock_timeout = forfeit) is told; null for any other table. */
function forfeitWords(msg) {
  const seat = msg.table.forfeit;
  return seat === null || seat === undefined ? null
    : tr("{name} ran out of time: their side lost.", { name: nameOf(msg, seat) });
}

/** Whose turn it is; once the table is finished, the game's own word on who won (else "Game over."), or who ran
 *  out of time. */
function turnBanner(msg, client, ui) {
  const t = msg.table;
  let text;
  let mine = false;
  if (t.status === "waiting") text = tr("Waiting for players to join — share the invite link.");
  else if (t.status === "finished") text = forfeitWords(msg) || (client.finish ? client.finish(msg, ui)[0] : tr("Game over."));
  else if (msg.seat !== null && t.to_play === msg.seat) { text = tr("Your turn."); mine = true; }
  else text = tr("{name} to play.", { name: nameOf(msg, t.to_play) });
  if (msg.deadline !== null && msg.deadline !== undefined) text += " " + tr("({n} s)", { n: Math.ceil(msg.deadline) });
  const left = timeLeft(t, { id: "time-left" });
  return h("div", { class: "turn-banner" + (mine ? " mine" : ""), id: "turn" }, text, left ? " " : null, left);
}

/** The game's table area: its client's, else the view as text. */
async function areaOf(msg, client, ui) {
  if (client.area) return client.area(msg, ui);
  return h("pre", { class: "view" }, JSON.stringify(msg.view, null, 1));
}

function scoreFn(v, client) {
  return client.score ? (seat) => client.score(v, seat) : null;
}

/** What happened, as [seat, text, action index]: the client's account, or the view's log. */
function logEntries(v, client) {
  if (client.log) return client.log(v);
  return numberedLog(v);
}

function logPanel(msg, client) {
  const standIns = new Set(msg.stand_in_moves || []);
  const lines = msg.story && msg.story.length ? msg.story
    : logEntries(msg.view, client).slice(-60).map(([seat, text, index]) => [seat, `${nameOf(msg, seat)}: ${text}`, index]);
  const entries = lines.map(([seat, text, index]) => h("div", { class: standIns.has(index) ? "stand-in" : null },
    text, standIns.has(index) ? h("span", { class: "muted" }, " " + tr("(played by the stand-in for {name})", { name: nameOf(msg, seat) })) : null));
  const box = h("div", { class: "log", id: "log", role: "log", tabindex: 0, "aria-label": t("What happened") }, entries);
  setTimeout(() => { box.scrollTop = box.scrollHeight; }, 0);
  return drawer("log", t("What happened"), box);
}

/** A result's words with each "seat N" replaced by that seat's name. */
const withNames = (msg, text) => String(text).replace(/\bseat (\d+)/g, (whole, n) => nameOf(msg, Number(n)));

/** "Bob pays Ana 2" for a payment (or ledger entry) [payer, payee, stakes, …]. */
const paymentText = (msg, [payer, payee, stakes]) =>
  t("{payer} pays {payee} {stakes}", { payer: nameOf(msg, payer), payee: nameOf(msg, payee), stakes });

/** The latest finished hands, each with every seat's cards and total and the game's own lines (its payments,
 * its sides' points); the hands the message leaves out (``earlier``) counted; payments of the hand in play. */
function revealPanel(msg, client, ui) {
  const v = msg.view;
  const results = (v.results || []).slice(-3);
  const skipped = (v.results || []).length - results.length;
  const outcome = (r, i) => (msg.outcomes && msg.outcomes[skipped + i]) || (r.outcome && withNames(msg, r.outcome));
  const last = results.length ? results[results.length - 1].hand ?? results[results.length - 1].deal : undefined;
  const pending = (v.ledger || []).filter((entry) => last === undefined || entry[3] > last).slice(-10);
  if (!results.length && !pending.length) return null;
  const rows = results.map((r, i) => h("div", { class: "reveal", "data-hand": r.hand ?? r.deal },
    h("div", {}, h("strong", {}, (r.hand === undefined && r.deal !== undefined ? t("Deal {n}:", { n: r.deal }) : t("Hand {n}:", { n: r.hand ?? "" })) + " "), outcome(r, i) || (r.points ? t("points {points}", { points: r.points.join(" – ") }) : "")),
    (r.hands || []).map((cards, seat) => h("div", { class: "hand-row", "data-seat": seat }, nameOf(msg, seat),
      r.totals ? h("span", { class: "total" }, " " + t("total {n}", { n: r.totals[seat] })) : null, cardRow(cards, { small: true }))),
    (client.resultLines ? client.resultLines(r, msg, ui) : []).map((line) => h("div", { class: "result-line" }, line))));
  const earlier = v.earlier ? h("p", { class: "muted", id: "earlier" }, t("Earlier results not shown here: {n} (the replay has them all).", { n: v.earlier.count })) : null;
  const ledger = pending.map((entry) => h("div", {}, paymentText(msg, entry)));
  return panel(t("Results"), h("div", { id: "results" }, earlier, rows, ledger.length ? h("div", {}, h("strong", {}, t("Ledger")), ledger) : null));
}

/** The end screen: the game's own account of who won and the standings, once the table is finished. */
function finishPanel(msg, client, ui) {
  if (msg.table.status !== "finished" || !client.finish || forfeitWords(msg)) return null;
  const [title, rows] = client.finish(msg, ui);
  return panel(title, h("ol", { id: "standings" }, rows.map((row) => h("li", {}, row))));
}

/** Take my seat at the finished table's next match (the first to ask opens it; bots sit at once). */
async function rematch(id) {
  try {
    const next = await api(`/api/tables/${id}/rematch`, { token: localStorage.getItem(tokenKey(id)) });
    localStorage.setItem(tokenKey(next.table), next.token);
    location.href = `/?table=${next.table}`;
  } catch (e) { toast(e.message); }
}

/** A seat's moves while the table plays (none for a spectator, none once finished), as [why, panel]: the line
 * saying why the selection fits no move (shown over the hand, where the eyes are), and the panel of the legal
 * actions that fit the selection, or "Not your turn.". */
function movesPanel(msg, client, ui) {
  if (msg.seat === null || msg.table.status !== "playing") return [null, null];
  const moves = filteredMoves(msg, client);
  const selected = tableState.cards.size > 0 || tableState.piece !== null;
  let said = tableState.said;
  if (!said && tableState.asked) said = tableState.answers.get(tableState.asked);
  if (!said && selected && msg.legal.length && !moves.length) {
    const candidate = client.candidate ? client.candidate(msg, ui) : null;
    if (candidate) { explainRefusal(candidate); said = tableState.answers.get(candidate); }
    else said = t("No move uses this selection.");
  }
  const movesBox = h("div", { class: "moves", id: "moves" },
    msg.legal.length ? moves.map((a) => {
      const notation = client.label ? client.label(a, msg) : a;
      const words = wordsOf(msg, a);
      return h("button", { class: "move", "data-action": a, on: { click: () => send(a) } },
        h("span", { class: "words" }, words === a ? notation : words), words === a ? null : h("span", { class: "notation" }, notation));
    })
      : h("span", { class: "muted" }, t("Not your turn.")),
    selected ? h("button", { id: "clear", on: { click: () => ui.clear() } }, t("clear selection")) : null);
  const why = h("p", { id: "why", class: "why", role: "status", "aria-live": "polite" }, said || "");
  return [why, panel(t("Your moves"), h("p", { class: "muted" }, client.hint || t("Click cards to narrow the moves.")),
    movesBox)];
}

async function renderTable() {
  const msg = tableState.msg;
  const v = msg.view;
  const t = msg.table;
  const { game, module: client } = await clientOf(t.game);
  if (tableState.msg !== msg) return;
  const ui = uiFor(game);
  const area = await areaOf(msg, client, ui);
  if (tableState.msg !== msg) return;  // a newer state came while this one's area was drawn: leave the page to it
  const score = scoreFn(v, client);
  const [why, moves] = movesPanel(msg, client, ui);
  const hint = hintBox(msg, moves?.querySelector("#moves") ?? null);
  // The bar of the table's panels: on a phone each opens its drawer (the hint's asks for one too).
  const tools = h("nav", { class: "table-tools", "aria-label": tr("The table's panels") },
    drawerToggle("log", tr("History")), drawerToggle("chat", tr("Chat")),
    hint ? drawerToggle("hint", tr("Hint"), () => askHint(msg)) : null, drawerToggle("fairness", tr("Fairness")));
  const header = h("section", { class: "panel table-head" }, h("div", { class: "table-title" }, h("strong", {}, t.name), " ",
    h("span", { class: "muted spec" }, rulesWords(t)), ...tableMarks(t), rulesAnchor(t.game, t.spec, { id: "rules", target: "_blank" }),
    t.move_clock ? h("span", { class: "muted" }, " (" + tr("{clock} for each move", { clock: clockWords(t.move_clock) }) + ")") : null, " ",
    t.status === "finished" || t.lesson ? null : h("button", { id: "invite", on: { click: () => copyInvite(t.id) } }, tr("Invite")), " ",
    t.status === "finished" ? h("a", { href: `/?table=${t.id}&replay=1` }, h("button", { id: "replay" }, tr("Replay"))) : null,
    t.status === "finished" && msg.seat !== null && !t.lesson ? h("button", { id: "rematch", class: "primary", on: { click: () => rematch(t.id) } },
      tr("Play again")) : null),
  tools, playersBar(msg, score), turnBanner(msg, client, ui),
  msg.seat === null ? h("p", { class: "muted", id: "watching" }, tr("You are watching.")) : null);
  // The table first: its bar, the lesson's words, the board (or trick, or felt), then the hand; the moves' list
  // under it. The side panels beside it on a wide screen, in drawers on a phone.
  const left = h("div", { class: "table-main" }, header, lessonPanel(msg), h("section", { class: "panel table-area", id: "table-area" }, area),
    msg.seat !== null && v.hand ? h("section", { class: "panel hand-panel", "aria-label": tr("Your hand") }, why, handView(msg, v.hand, client, ui)) : why,
    moves);
  chatOpen(msg);
  const right = h("div", { class: "table-side" }, finishPanel(msg, client, ui), revealPanel(msg, client, ui),
    hint ? drawer("hint", tr("Hint"), hint) : null, logPanel(msg, client), drawer("chat", tr("Chat"), tableState.chat),
    drawer("fairness", tr("Fairness"), fairness(t, toast)));
  const refocus = tableState.focus ? `#hand svg[data-card="${CSS.escape(tableState.focus)}"]` : focusedControl();
  tableState.focus = null;
  main.replaceChildren(h("div", { class: "layout", id: "table", "data-version": v.version, "data-status": t.status }, left, right));
  settle();
  tableState.drawn = { msg, score };
  if (refocus) main.querySelector(refocus)?.focus();
}

/** A selector finding, after the table is drawn again, the control that has the keyboard focus now (or null).
 *  Any message redraws the table (a state, someone connecting): without this, a key pressed just after it
 *  would go nowhere, the card or button it was meant for having been replaced. */
function focusedControl() {
  const el = document.activeElement;
  if (!el || el === document.body || !main.contains(el)) return null;
  if (el.id) return `#${CSS.escape(el.id)}`;
  const card = el.getAttribute("data-card");
  if (card !== null && el.closest("#hand")) return `#hand [data-card="${CSS.escape(card)}"]`;
  const action = el.getAttribute("data-action");
  if (action !== null && el.closest("#moves")) return `#moves [data-action="${CSS.escape(action)}"]`;
  return null;
}

// ------------------------------------------------------------------- player

/** A player's page (profile.js), under the account forms (the header's sign in works there too). */
async function showPlayerPage(name) {
  await showPlayer(main, name, { api, games });
  main.prepend(...accountForms());
}

// ------------------------------------------------------------------- replay

/** Where a replay's steps come from: a finished table, or the record `parlour replay --open` serves. */
async function replaySource(id, record) {
  if (record) {
    const data = await api("/api/records/opened");
    const seats = data.players.map((name, seat) => ({ seat, kind: "human", name, taken: true }));
    const spec = data.game + (Object.keys(data.rules).length ? "?" + new URLSearchParams(data.rules) : "");
    return { table: { id: null, name: t("the opened record"), game: data.game, spec, seats, status: "finished" },
      step: (n) => api(`/api/records/opened/replay?step=${n}`) };
  }
  const shown = await api(`/api/tables/${id}`);
  return { table: shown.table, step: (n) => api(`/api/tables/${id}/replay?step=${n}`) };
}

async function showReplay(id, record) {
  const source = await replaySource(id, record);
  const table = source.table;
  let step = 0;
  let steps = 0;
  const go = (n) => { step = Math.max(0, Math.min(steps, n)); draw().catch((e) => toast(e.message)); };
  const button = (id, label, to) => h("button", { id, type: "button", "aria-label": label.aria, on: { click: () => go(to()) } },
    label.text);
  const controls = h("div", { class: "replay-controls", id: "replay-controls" },
    button("first", { text: "|\u2039 " + t("Start"), aria: t("Start") }, () => 0),
    button("prev", { text: "\u2039 " + t("Back"), aria: t("Back") }, () => step - 1),
    h("span", { id: "step", "aria-live": "polite" }),
    button("next", { text: t("Forward") + " \u203a", aria: t("Forward") }, () => step + 1),
    button("last", { text: t("End") + " \u203a|", aria: t("End") }, () => steps));
  const said = h("p", { id: "said" });
  const area = h("div", { id: "replay-area" });
  const hands = h("div", { id: "replay-hands" });
  const reveal = h("div");
  const { game, module: client } = await clientOf(table.game);
  async function draw() {
    const r = await source.step(step);
    step = r.step; steps = r.steps;
    const fake = { view: r.view, outcomes: r.outcomes, seat: null, legal: [], table, deadline: null };
    area.replaceChildren(await areaOf(fake, client, uiFor(game, false)));
    controls.querySelector("#step").textContent = ` ${t("move {n} of {total}", { n: r.step, total: r.steps })} `;
    said.textContent = r.action ? `${nameOf(fake, r.seat)}: ${r.action}` : t("The deal.");
    hands.replaceChildren(...r.hands.map((cards, seat) => h("div", { class: "hand-row" }, nameOf(fake, seat), cardRow(cards, { small: true }))));
    reveal.replaceChildren(revealPanel(fake, client, uiFor(game, false)) || "");
    main.querySelector("#replay")?.setAttribute("data-step", String(r.step));
  }
  document.addEventListener("keydown", (e) => {
    if (e.target.closest && e.target.closest("input, select, textarea")) return;
    const to = { ArrowLeft: step - 1, ArrowRight: step + 1, Home: 0, End: steps }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    go(to);
  });
  const back = table.id ? h("a", { id: "back-to-table", href: `/?table=${encodeURIComponent(table.id)}` }, t("Back to the table")) : null;
  main.replaceChildren(h("div", { id: "replay" },
    panel(t("Replay of {name}", { name: table.name }), h("p", { class: "muted" }, rulesWords(table), " ", rulesAnchor(table.game, table.spec),
      back ? " · " : null, back),
      controls, h("p", { class: "muted" }, t("Keys: ← and → step, Home and End jump.")), said),
    panel(null, area), panel(t("Hands"), hands), reveal));
  await draw();
}

// ---------------------------------------------------------------------- go

configureTutor({ api, token: (id) => localStorage.getItem(tokenKey(id)), rerender: () => renderTable(), toast });
configureAccount({ api, toast, tokenKey, games });
await loadLanguage().catch(() => {});
await loadSession();  // the anti-forgery token first: every change asked while signed in sends it
document.querySelector("header").append(languageSwitch());
games().then((all) => { document.getElementById("subtitle").textContent = all.map((g) => g.title).join(" · "); })
  .catch(() => {});
const tableId = params.get("table");
const record = params.get("record");
const player = params.get("player");
if (!tableId && !record) document.querySelector("header").append(accountArea());
if (signedIn()) showTurns();  // on every page: the turns waiting for the account in the title and the favicon
const start = record ? showReplay(null, record) : tableId ? (params.get("replay") ? showReplay(tableId) : showTable(tableId))
  : player !== null ? showPlayerPage(player) : showLobby();
start.catch((e) => { main.replaceChildren(panel(t("Something went wrong"), e.message)); });
