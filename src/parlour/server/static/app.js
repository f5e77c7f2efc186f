// parlour's browser client: the lobby (create, join, watch, invite) and the table (play, log, reveal, replay).
// It only ever shows what the server sends: the seat's own view and its legal actions.
import { cardRow, cardSvg, parseCard } from "./cards.js";
import { boardLayout, drawBoard } from "./board.js";

const main = document.getElementById("main");
const params = new URLSearchParams(location.search);

// ------------------------------------------------------------------ helpers

function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "on") for (const [ev, fn] of Object.entries(v)) node.addEventListener(ev, fn);
    else if (k === "class") node.className = v;
    else if (v !== undefined && v !== null && v !== false) node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) if (c !== null && c !== undefined) node.append(c);
  return node;
}

const panel = (title, ...children) => h("section", { class: "panel" }, title ? h("h2", {}, title) : null, ...children);

function toast(text) {
  const t = document.getElementById("toast");
  t.textContent = text;
  t.classList.add("show");
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => t.classList.remove("show"), 3500);
}

async function api(path, body) {
  const init = body === undefined ? {} : { method: "POST", headers: { "content-type": "application/json" },
    body: JSON.stringify(body) };
  const response = await fetch(path, init);
  const data = await response.json();
  if (!response.ok) throw new Error(data.message || response.statusText);
  return data;
}

const tokenKey = (id) => `parlour:token:${id}`;
const inviteLink = (id) => `${location.origin}/?table=${id}`;

async function copyInvite(id) {
  const link = inviteLink(id);
  try { await navigator.clipboard.writeText(link); toast("Invite link copied: " + link); }
  catch { toast("Invite link: " + link); }
}

// -------------------------------------------------------------------- lobby

async function showLobby() {
  const games = await api("/api/games");
  main.replaceChildren();
  const byName = Object.fromEntries(games.map((g) => [g.name, g]));
  const gameSel = h("select", { id: "game" },
    games.map((g) => h("option", { value: g.name, selected: g.name === "tonk" }, g.title)));
  const presetSel = h("select", { id: "preset" });
  const players = h("input", { id: "players", type: "number", min: 2, max: 8, value: 2 });
  const flagsBox = h("div", { class: "flags" });
  const seatsBox = h("div", { class: "seats-form" });
  const tableName = h("input", { id: "table-name", placeholder: "table name (optional)", maxlength: 40 });
  const myName = h("input", { id: "my-name", value: localStorage.getItem("parlour:name") || "", placeholder: "your name",
    maxlength: 40 });
  const timer = h("input", { id: "turn-seconds", type: "number", min: 0, placeholder: "none", style: "width:5em" });
  let flagInputs = {};

  const presetValues = () => byName[gameSel.value].presets[presetSel.value] || {};
  function buildFlags() {
    const game = byName[gameSel.value];
    flagInputs = {};
    flagsBox.replaceChildren();
    for (const f of game.flags) {
      if (f.name === "players") continue;
      const value = presetValues()[f.name];
      let input;
      if (f.kind === "bool") input = h("input", { type: "checkbox", checked: !!value });
      else if (f.choices.length) input = h("select", {}, f.choices.map((c) => h("option", { value: c, selected: c === value }, String(c))));
      else input = h("input", { type: "number", value: value ?? "", min: f.minimum ?? undefined, max: f.maximum ?? undefined,
        style: "width:6em" });
      input.dataset.flag = f.name;
      flagInputs[f.name] = [f, input];
      flagsBox.append(h("label", { title: f.help }, f.name, input));
    }
  }
  function buildSeats() {
    const game = byName[gameSel.value];
    const n = Math.max(game.min_players, Math.min(game.max_players, Number(players.value) || game.min_players));
    const old = [...seatsBox.querySelectorAll("select")].map((s) => s.value);
    seatsBox.replaceChildren();
    for (let i = 0; i < n; i++) {
      const choice = old[i] || (i === 0 ? "human" : game.bots[0] || "human");
      seatsBox.append(h("label", {}, `seat ${i}`, h("select", { class: "seat", "data-seat": i },
        ["human", ...game.bots].map((b) => h("option", { value: b, selected: b === choice }, b)))));
    }
  }
  function buildGame() {
    const game = byName[gameSel.value];
    presetSel.replaceChildren(...Object.keys(game.presets).map((p) =>
      h("option", { value: p, selected: p === game.default_preset }, p || "default")));
    players.min = game.min_players; players.max = game.max_players;
    const playersFlag = game.flags.find((f) => f.name === "players");
    players.value = Math.max(game.min_players, Math.min(game.max_players, playersFlag ? playersFlag.default : 2));
    buildFlags(); buildSeats();
  }
  gameSel.addEventListener("change", buildGame);
  presetSel.addEventListener("change", buildFlags);
  players.addEventListener("change", buildSeats);

  async function create() {
    const rules = {};
    const preset = presetValues();
    for (const [name, [f, input]] of Object.entries(flagInputs)) {
      let value = f.kind === "bool" ? input.checked : input.value;
      if (f.kind !== "bool" && f.kind !== "choice" && value === "") value = null;
      else if (f.kind !== "bool" && typeof preset[name] === "number") value = Number(value);
      if (String(value) !== String(preset[name])) rules[name] = value;
    }
    const seats = [...seatsBox.querySelectorAll("select")].map((s) => s.value);
    const body = { game: gameSel.value, preset: presetSel.value || null, rules, seats };
    if (tableName.value.trim()) body.name = tableName.value.trim();
    if (Number(timer.value) > 0) body.turn_seconds = Number(timer.value);
    try {
      const table = await api("/api/tables", body);
      if (seats.includes("human")) await joinTable(table.id, myName.value);
      location.href = `/?table=${table.id}`;
    } catch (e) { toast(e.message); }
  }

  buildGame();
  main.append(panel("New table",
    h("div", {}, h("label", {}, "game", gameSel), h("label", {}, "preset", presetSel), h("label", {}, "players", players),
      h("label", {}, "turn timer (s)", timer)),
    h("details", {}, h("summary", {}, "flags"), flagsBox),
    h("div", {}, h("strong", {}, "Seats: "), seatsBox),
    h("div", {}, tableName, " ", myName, " ", h("button", { id: "create", class: "primary", on: { click: create } }, "Create table"))));

  const list = h("tbody");
  main.append(panel("Tables", h("table", { class: "tables" },
    h("thead", {}, h("tr", {}, h("th", {}, "table"), h("th", {}, "game"), h("th", {}, "seats"), h("th", {}, "status"), h("th", {}, ""))),
    list)));
  async function refresh() {
    const tables = await api("/api/tables");
    list.replaceChildren(...tables.map((t) => {
      const free = t.seats.some((s) => s.kind === "human" && !s.taken);
      const mine = localStorage.getItem(tokenKey(t.id));
      const seats = t.seats.map((s) => s.kind === "bot" ? s.bot : s.taken ? s.name : "open").join(", ");
      return h("tr", { "data-table": t.id }, h("td", {}, t.name), h("td", {}, t.spec), h("td", {}, seats), h("td", {}, t.status),
        h("td", {},
          mine && t.status !== "finished" ? h("a", { href: `/?table=${t.id}` }, h("button", { class: "primary" }, "Back to seat")) : null,
          free && !mine ? h("a", { href: `/?table=${t.id}` }, h("button", { class: "primary join" }, "Join")) : null,
          h("a", { href: `/?table=${t.id}&watch=1` }, h("button", {}, "Watch")),
          t.status === "finished" ? h("a", { href: `/?table=${t.id}&replay=1` }, h("button", {}, "Replay")) : null,
          h("button", { on: { click: () => copyInvite(t.id) } }, "Invite")));
    }));
  }
  await refresh();
  setInterval(() => refresh().catch(() => {}), 3000);
}

async function joinTable(id, name) {
  const clean = (name || "").trim() || "Guest";
  localStorage.setItem("parlour:name", clean);
  const joined = await api(`/api/tables/${id}/join`, { name: clean });
  localStorage.setItem(tokenKey(id), joined.token);
  return joined;
}

// -------------------------------------------------------------------- table

const tableState = { msg: null, cards: new Set(), pawn: null, ws: null, layout: null };

async function showTable(id) {
  const token = localStorage.getItem(tokenKey(id));
  if (!token && !params.get("watch")) {
    const shown = await api(`/api/tables/${id}`).catch((e) => { main.replaceChildren(panel("No such table", e.message)); });
    if (!shown) return;
    const free = shown.table.seats.filter((s) => s.kind === "human" && !s.taken);
    if (free.length) {
      const name = h("input", { id: "join-name", value: localStorage.getItem("parlour:name") || "", placeholder: "your name" });
      main.replaceChildren(panel(`Join ${shown.table.name}`, h("p", {}, shown.table.spec),
        name, h("button", { id: "join", class: "primary", on: { click: async () => {
          try { await joinTable(id, name.value); location.reload(); } catch (e) { toast(e.message); }
        } } }, "Take a seat"),
        h("a", { href: `/?table=${id}&watch=1` }, h("button", {}, "Just watch"))));
      return;
    }
  }
  connect(id, token);
}

function connect(id, token) {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${proto}://${location.host}/api/tables/${id}/ws${token ? `?token=${encodeURIComponent(token)}` : ""}`);
  tableState.ws = ws;
  ws.onmessage = (event) => {
    const msg = JSON.parse(event.data);
    if (msg.type === "state") {
      const old = tableState.msg;
      if (!old || old.view.version !== msg.view.version) { tableState.cards.clear(); tableState.pawn = null; }
      tableState.msg = msg;
      renderTable().catch((e) => toast(e.message));
    } else if (msg.type === "error") {
      toast(`${msg.code}: ${msg.message}`);
      if (msg.code === "auth/bad_token") { localStorage.removeItem(tokenKey(id)); ws.onclose = null; }
    }
  };
  ws.onclose = () => setTimeout(() => connect(id, token), 1000);
}

function send(action) {
  const msg = tableState.msg;
  tableState.ws.send(JSON.stringify({ type: "action", version: msg.view.version, action }));
}

const nameOf = (msg, seat) => {
  const s = msg.table.seats[seat];
  return s ? (s.name || `Seat ${seat}`) : `Seat ${seat}`;
};

function actionWords(action) { return action.toLowerCase().split(/[\s+<>~=]+/).filter(Boolean); }

/** The legal actions that use every selected card and the selected pawn. */
function filteredMoves(msg) {
  const game = msg.view.game;
  return msg.legal.filter((a) => {
    const words = actionWords(a);
    for (const card of tableState.cards) {
      const c = card.toLowerCase();
      if (game === "tock") {
        const [rank] = parseCard(card);
        if (!(words[0] === rank.toLowerCase() || (words[0] === "discard" && words[1] === c))) return false;
      } else if (!words.includes(c)) return false;
    }
    return !tableState.pawn || words.includes(tableState.pawn);
  });
}

function handView(msg, cards) {
  const row = h("div", { class: "cards hand", id: "hand" });
  const mine = msg.legal.length > 0;
  for (const card of cards) {
    const svg = cardSvg(card);
    svg.classList.add("clickable");
    if (tableState.cards.has(card)) svg.classList.add("selected");
    if (mine && msg.legal.some((a) => actionWords(a).includes(card.toLowerCase()))) svg.classList.add("playable");
    svg.addEventListener("click", () => {
      if (msg.view.game === "plonk" && msg.legal.includes(card)) { send(card); return; }
      if (msg.view.game === "tock") {
        const had = tableState.cards.has(card);
        tableState.cards.clear();
        if (!had) tableState.cards.add(card);
      } else if (tableState.cards.has(card)) tableState.cards.delete(card);
      else tableState.cards.add(card);
      renderTable();
    });
    row.append(svg);
  }
  return row;
}

function playersBar(msg, score) {
  const v = msg.view;
  return h("div", { class: "players" }, msg.table.seats.map((s) => h("div", {
    class: "player" + (msg.table.to_play === s.seat ? " to-play" : "") + (msg.seat === s.seat ? " me" : ""),
    "data-seat": s.seat,
  }, nameOf(msg, s.seat), s.kind === "bot" ? h("span", { class: "muted" }, ` (${s.bot})`) : null,
  s.kind === "human" && s.taken && !s.connected ? h("span", { class: "off" }, " away") : null,
  s.stand_in ? h("span", { class: "muted" }, " (bot standing in)") : null,
  v.hand_sizes ? h("div", { class: "muted" }, `${v.hand_sizes[s.seat]} cards${score ? " · " + score(s.seat) : ""}`) : null)));
}

function turnBanner(msg) {
  const t = msg.table;
  let text;
  let mine = false;
  if (t.status === "waiting") text = "Waiting for players to join — share the invite link.";
  else if (t.status === "finished") text = "Game over.";
  else if (t.to_play === msg.seat) { text = "Your turn."; mine = true; }
  else text = `${nameOf(msg, t.to_play)} to play.`;
  if (msg.deadline !== null && msg.deadline !== undefined) text += ` (${Math.ceil(msg.deadline)} s)`;
  return h("div", { class: "turn-banner" + (mine ? " mine" : ""), id: "turn" }, text);
}

function tonkArea(v) {
  const spreads = (v.spreads || []).map((s, i) => h("span", { class: "spread", title: `spread ${i}` },
    h("span", { class: "label" }, `${i}`), cardRow(s.cards, { small: true })));
  return h("div", { class: "felt" },
    h("div", { class: "label" }, `Stock ${v.stock} · hand ${v.hand_number} · phase ${v.phase}`),
    h("div", { class: "cards" }, cardSvg(null, { small: true }), ...(v.discard || []).slice(-3).map((c) => cardSvg(c, { small: true }))),
    h("div", { class: "label" }, "Spreads"), h("div", {}, spreads.length ? spreads : h("span", { class: "label" }, "none yet")));
}

function plonkArea(msg) {
  const v = msg.view;
  return h("div", { class: "felt" },
    h("div", { class: "label" }, `Deal ${v.deal} · target ${v.target} · scores ${v.scores.join(" – ")} (seats 0&2 – 1&3)`),
    h("div", { class: "label" }, "Trick"),
    h("div", { class: "cards", id: "trick" }, (v.trick || []).map(([seat, card]) => h("div", {}, cardSvg(card, { small: true }),
      h("div", { class: "label" }, nameOf(msg, seat))))),
    h("div", { class: "label" }, `Points this deal: ${(v.points || []).join(" – ")}`));
}

async function tockArea(msg) {
  const v = msg.view;
  const layout = await boardLayout(v.players);
  const me = msg.seat;
  const board = drawBoard(layout, v, me, tableState.pawn, (name) => {
    tableState.pawn = tableState.pawn === name ? null : name;
    renderTable();
  });
  return h("div", { class: "board" }, board,
    h("div", { class: "muted" }, `Stock ${v.stock} · last played `, (v.pile || []).slice(-1).map((c) => cardSvg(c, { small: true }))));
}

function scoreFn(v) {
  if (v.game === "tonk") return (seat) => `balance ${v.balances[seat]}`;
  if (v.game === "plonk") return (seat) => `side ${seat % 2 ? "B" : "A"}`;
  if (v.game === "tock") {
    return (seat) => {
      const home = v.pawns[seat].filter((p) => typeof p === "string").length;
      const out = v.pawns[seat].filter((p) => typeof p === "number").length;
      return `${out} out · ${home} home`;
    };
  }
  return null;
}

/** What happened, as [seat, text] pairs: the view's log, or for Plonk the cards of this deal's tricks. */
function logEntries(v) {
  if (v.log) return v.log;
  if (v.game !== "plonk") return [];
  const out = [];
  for (const trick of v.tricks || []) {
    out.push(...trick.plays);
    out.push([trick.winner, "wins the trick"]);
  }
  return out.concat(v.trick || []);
}

function logPanel(msg) {
  const entries = logEntries(msg.view).slice(-60).map(([seat, text]) => h("div", {}, `${nameOf(msg, seat)}: ${text}`));
  const box = h("div", { class: "log", id: "log" }, entries);
  setTimeout(() => { box.scrollTop = box.scrollHeight; }, 0);
  return panel("What happened", box);
}

function revealPanel(msg) {
  const v = msg.view;
  const results = v.results || [];
  if (!results.length && !(v.ledger || []).length) return null;
  const rows = results.slice(-3).map((r) => h("div", { class: "reveal" },
    h("div", {}, h("strong", {}, `Hand ${r.hand ?? r.deal ?? ""}: `), r.outcome || (r.points ? `points ${r.points.join(" – ")}` : "")),
    (r.hands || []).map((cards, seat) => h("div", { class: "hand-row" }, nameOf(msg, seat), cardRow(cards, { small: true })))));
  const ledger = (v.ledger || []).slice(-10).map(([payer, payee, stakes]) =>
    h("div", {}, `${nameOf(msg, payer)} pays ${nameOf(msg, payee)} ${stakes}`));
  return panel("Results", h("div", { id: "results" }, rows, ledger.length ? h("div", {}, h("strong", {}, "Ledger"), ledger) : null));
}

async function renderTable() {
  const msg = tableState.msg;
  const v = msg.view;
  const t = msg.table;
  let area;
  if (v.game === "tonk") area = tonkArea(v);
  else if (v.game === "plonk") area = plonkArea(msg);
  else if (v.game === "tock") area = await tockArea(msg);
  else area = h("pre", {}, JSON.stringify(v, null, 1));
  const moves = filteredMoves(msg);
  const movesBox = h("div", { class: "moves", id: "moves" },
    msg.legal.length ? moves.map((a) => h("button", { class: "move", "data-action": a, on: { click: () => send(a) } }, a))
      : h("span", { class: "muted" }, msg.seat === null ? "You are watching." : "Not your turn."),
    tableState.cards.size || tableState.pawn ? h("button", { on: { click: () => { tableState.cards.clear(); tableState.pawn = null; renderTable(); } } }, "clear selection") : null);
  const header = panel(null, h("div", {}, h("strong", {}, t.name), " ", h("span", { class: "muted" }, t.spec), " ",
    h("button", { id: "invite", on: { click: () => copyInvite(t.id) } }, "Invite"),
    t.status === "finished" ? h("a", { href: `/?table=${t.id}&replay=1` }, h("button", { id: "replay" }, "Replay")) : null),
  playersBar(msg, scoreFn(v)), turnBanner(msg));
  const left = h("div", {}, header, panel(null, area),
    msg.seat !== null && v.hand ? panel("Your hand", handView(msg, v.hand)) : null,
    panel("Your moves", h("p", { class: "muted" }, v.game === "tock" ? "Click a card and a pawn to narrow the moves." : "Click cards to narrow the moves."), movesBox));
  const right = h("div", {}, revealPanel(msg), logPanel(msg));
  main.replaceChildren(h("div", { class: "layout", id: "table", "data-version": v.version, "data-status": t.status }, left, right));
}

// ------------------------------------------------------------------- replay

async function showReplay(id) {
  let step = 0;
  const shown = await api(`/api/tables/${id}`);
  async function draw() {
    const r = await api(`/api/tables/${id}/replay?step=${step}`);
    step = r.step;
    const fake = { view: r.view, seat: null, legal: [], table: shown.table, deadline: null };
    let area;
    if (r.view.game === "tonk") area = tonkArea(r.view);
    else if (r.view.game === "plonk") area = plonkArea(fake);
    else area = await tockArea(fake);
    const controls = h("div", {},
      h("button", { on: { click: () => { step = 0; draw(); } } }, "⏮"),
      h("button", { id: "prev", on: { click: () => { step = Math.max(0, step - 1); draw(); } } }, "◀"),
      h("span", { id: "step" }, ` ${r.step} / ${r.steps} `),
      h("button", { id: "next", on: { click: () => { step = Math.min(r.steps, step + 1); draw(); } } }, "▶"),
      h("button", { on: { click: () => { step = r.steps; draw(); } } }, "⏭"));
    const said = r.action ? `${nameOf(fake, r.seat)}: ${r.action}` : "The deal.";
    main.replaceChildren(panel(`Replay of ${shown.table.name}`, h("p", { class: "muted" }, shown.table.spec), controls,
      h("p", { id: "said" }, said)), panel(null, area),
    panel("Hands", r.hands.map((cards, seat) => h("div", { class: "hand-row" }, nameOf(fake, seat), cardRow(cards, { small: true })))),
    revealPanel(fake));
  }
  await draw();
}

// ---------------------------------------------------------------------- go

const tableId = params.get("table");
const start = !tableId ? showLobby() : params.get("replay") ? showReplay(tableId) : showTable(tableId);
start.catch((e) => { main.replaceChildren(panel("Something went wrong", e.message)); });
