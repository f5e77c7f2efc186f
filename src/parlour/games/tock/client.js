// Tock in the browser: the board (drawn from the game's layout) and direct play on it. Click a card, then a pawn:
// the board circles each place that card takes that pawn to, and a click there plays it. A 7 is split step by step
// (a pawn, its steps, what remains, the next pawn, then play); a J takes your pawn, then the other; a card that
// brings a pawn out is played on your reserve or your start; a card nobody can play is dropped on the pile. The
// move buttons under the hand stay as the list of every legal move, in words.
import { cardSvg, parseCard } from "/static/cards.js";
import { t } from "/static/i18n.js";
import { actionWords, numberedLog } from "/static/ui.js";
import { checkedView } from "/static/views.js";
import { absoluteNames, boardLayout, drawBoard, pointOf } from "./board.js";
import { absolute, after, placesOf, readAction } from "./paths.js";
import viewSchema from "./view_shape.js";

export const hint = t("Click a card, then a pawn, then a circled place to play there. The moves below list them all.");

/** The 7 split being built: its state version, card and the parts chosen so far (p1+3 …, as the notation). */
let picker = { version: null, card: null, parts: [] };

const letterOf = (seat) => String.fromCharCode(97 + seat);
const seatOfName = (name) => name.charCodeAt(0) - 97;
/** A pawn's name as the board's data-pawn says it for `me` (own p1…p4, others b3) from its absolute name. */
const forMe = (name, me) => (seatOfName(name) === me ? `p${name.slice(1)}` : name);

/** A part of a 7 as the notation writes it, with its count: p1+3, p2+4>, p1+7~. */
const partText = (part) => `${part.pawn}+${part.steps}${">".repeat(part.jumps)}${part.stayOut ? "~" : ""}`;
const partsOf = (action) => readAction(action).parts.map(partText);
const stepsOf = (part) => Number(/\+(\d+)/.exec(part)[1]);

function selectedCard(ui) {
  const [card] = ui.selection.cards;
  return card ?? null;
}

/** Whether `msg` is this page's own turn at a table in play: only then may the board be clicked. */
const playing = (msg) => msg.seat !== null && msg.table.status === "playing" && msg.legal.length > 0;

/** The 7s of `sevens` still open after `chosen` parts: those holding every chosen part. */
function openSevens(sevens, chosen) {
  return sevens.filter((a) => {
    const left = partsOf(a);
    return chosen.every((part) => { const i = left.indexOf(part); if (i < 0) return false; left.splice(i, 1); return true; });
  });
}

/** The board's circles and outlines for the current selection, and what a click on each does. */
function choices(msg, ui, layout) {
  const none = { targets: [], movable: new Set(), seven: null };
  const card = selectedCard(ui);
  if (!card) picker = { version: null, card: null, parts: [] };  // the selection was cleared: so is the split
  if (!playing(msg) || !card) return none;
  const me = msg.seat;
  const places = placesOf(msg.view);
  const legal = msg.legal.filter((a) => matches(actionWords(a), card));
  const piece = ui.selection.piece;
  const pointFor = (name, place) => pointOf(layout, seatOfName(name), place, Number(name.slice(1)) - 1);
  if (parseCard(card)[0] === "7" && legal.some((a) => a.startsWith("7 "))) return sevenChoices(msg, ui, layout, legal, places);
  const movable = new Set();
  const targets = [];
  for (const action of legal) {
    const moved = after(layout, places, me, action);
    if (!moved) continue;
    const changed = [...moved].filter(([name, place]) => place !== places.get(name) && place !== null);
    for (const [name] of changed) movable.add(forMe(name, me));
    if (readAction(action).kind === "enter") {
      targets.push({ at: layout.squares[layout.starts[me]], label: ui.wordsOf(action), data: { action } });
      continue;
    }
    if (!piece) continue;
    const mine = absolute(piece, me);
    if (moved.get(mine) !== places.get(mine) && moved.get(mine) !== null) {
      targets.push({ at: pointFor(mine, moved.get(mine)), label: ui.wordsOf(action), data: { action } });
    }
  }
  return { targets, movable, seven: null };
}

/** The 7 picker's circles: where the selected pawn gets with each count still open, after the parts chosen. */
function sevenChoices(msg, ui, layout, legal, places) {
  const me = msg.seat;
  const card = selectedCard(ui);
  if (picker.version !== msg.view.version || picker.card !== card) picker = { version: msg.view.version, card, parts: [] };
  const sevens = openSevens(legal.filter((a) => a.startsWith("7 ")), picker.parts);
  const left = 7 - picker.parts.reduce((sum, part) => sum + stepsOf(part), 0);
  const piece = ui.selection.piece;
  const options = new Set();
  const movable = new Set();
  for (const action of sevens) {
    const rest = partsOf(action);
    for (const part of picker.parts) rest.splice(rest.indexOf(part), 1);
    for (const part of rest) {
      const pawn = part.split("+")[0];
      movable.add(pawn);
      if (pawn === piece) options.add(part);
    }
  }
  const targets = [...options].map((part) => {
    const moved = after(layout, places, me, `7 ${[...picker.parts, part].join(" ")}`);
    const name = absolute(piece, me);
    return { at: pointOf(layout, me, moved.get(name), Number(name.slice(1)) - 1), part,
      label: t("{pawn} forward {n}", { pawn: name, n: stepsOf(part) }), data: { part } };
  });
  const done = left === 0 ? sevens.find((a) => partsOf(a).length === picker.parts.length) : null;
  return { targets, movable, seven: { left, done, options: [...options], sevens } };
}

/** The view with the pawns where the parts of the 7 chosen so far take them: the picker shows what remains from there. */
function picked(layout, v, me) {
  if (!picker.parts.length) return v;
  const moved = after(layout, placesOf(v), me, `7 ${picker.parts.join(" ")}`);
  return { ...v, pawns: v.pawns.map((pawns, seat) => pawns.map((_, i) => moved.get(`${letterOf(seat)}${i + 1}`))) };
}

/** The 7 picker's line: the parts chosen, what remains, the counts for the selected pawn, undo and play. */
function sevenPanel(msg, ui, seven) {
  const { h } = ui;
  const me = msg.seat;
  const chosen = picker.parts.map((part) => t("{pawn} forward {n}", { pawn: absoluteNames(me, part.split("+")[0]), n: stepsOf(part) }));
  const step = (part) => { picker.parts.push(part); ui.select(ui.selection.piece); };
  const said = seven.done ? t("The 7 is split: {parts}.", { parts: chosen.join(", ") })
    : chosen.length ? t("Split the 7: {parts} · {n} left. Choose a pawn, then where it goes.", { parts: chosen.join(", "), n: seven.left })
      : t("Split the 7: choose a pawn, then where it goes ({n} steps in all).", { n: seven.left });
  return h("div", { class: "seven-picker", id: "seven" }, h("p", { id: "seven-said" }, said),
    seven.options.map((part) => h("button", { class: "seven-step", "data-part": part, on: { click: () => step(part) } },
      t("{pawn} forward {n}", { pawn: absoluteNames(me, part.split("+")[0]), n: stepsOf(part) }))),
    picker.parts.length ? h("button", { id: "seven-undo", on: { click: () => { picker.parts.pop(); ui.rerender(); } } }, t("Undo the last part")) : null,
    seven.done ? h("button", { id: "seven-play", class: "primary", "data-action": seven.done, on: { click: () => ui.send(seven.done) } },
      t("Play: {words}", { words: ui.wordsOf(seven.done) })) : null);
}

/** The pile: the last card played; a card nobody can play is discarded by clicking it, then the pile. */
function pile(msg, ui) {
  const { h } = ui;
  const v = msg.view;
  const card = playing(msg) ? selectedCard(ui) : null;
  const discard = card ? msg.legal.find((a) => a.startsWith("discard ") && matches(actionWords(a), card)) : null;
  const top = (v.pile || []).slice(-1).map((c) => cardSvg(c, { small: true }));
  if (!discard) return h("span", { id: "pile" }, top);
  return h("button", { id: "pile", class: "pile target-pile", "data-action": discard, on: { click: () => ui.send(discard) } },
    top, " ", ui.wordsOf(discard));
}

/** A joker's bonus (or a kept one) to play now or keep: two buttons with the game's words. */
function bonus(msg, ui) {
  const { h } = ui;
  const choices = playing(msg) ? msg.legal.filter((a) => a.startsWith("bonus ")) : [];
  if (!choices.length) return null;
  return h("div", { id: "bonus", class: "bonus" }, choices.map((a) =>
    h("button", { class: "bonus-choice", "data-action": a, on: { click: () => ui.send(a) } }, ui.wordsOf(a))));
}

/** Each seat's box in the players bar shows the seat's colour and letter, as its pawns on the board. */
function seatStyle(layout) {
  let style = document.getElementById("tock-seats");
  if (!style) {
    style = document.createElement("style");
    style.id = "tock-seats";
    document.head.append(style);
  }
  style.textContent = layout.seat_colors.map((colour, seat) => {
    const box = `#table:has(.tock-board) .player[data-seat="${seat}"]`;
    return `${box} { border-left: .6em solid ${colour}; }\n`
      + `${box}::before { content: "${letterOf(seat)}"; display: inline-block; min-width: 1.3em; margin-right: .35em; `
      + `text-align: center; font-weight: 700; color: #111; background: #fff; border: .2em solid ${colour}; border-radius: 50%; }`;
  }).join("\n");
}

export async function area(msg, ui) {
  const { h } = ui;
  const v = checkedView(viewSchema, msg.view);
  const layout = await boardLayout(ui.game.layout, v.players);
  seatStyle(layout);
  const me = msg.seat;
  const { targets, movable, seven } = choices(msg, ui, layout);
  const piece = ui.selection.piece;
  const onPawn = playing(msg) ? (name) => {
    const card = selectedCard(ui);
    const mine = me !== null && name[0] === "p";
    const enter = card && mine && v.pawns[me][Number(name.slice(1)) - 1] === null
      ? msg.legal.find((a) => a.endsWith(" enter") && matches(actionWords(a), card)) : null;
    if (enter) ui.send(enter);
    else ui.select(name);
  } : null;
  const onTarget = (target) => {
    if (target.part) { picker.parts.push(target.part); ui.select(piece); } else ui.send(target.data.action);
  };
  const board = drawBoard(layout, seven ? picked(layout, v, me) : v, me,
    { selected: piece ? [piece] : [], onPawn, movable, targets, onTarget });
  return h("div", { class: "board" }, board, seven ? sevenPanel(msg, ui, seven) : null, bonus(msg, ui),
    h("div", { class: "muted" }, t("Stock {n} · last played", { n: v.stock }), " ", pile(msg, ui)));
}

/** What happened, each pawn named by its seat's letter (the view's log writes the mover's own as p1…p4). */
export function log(v) { return numberedLog(v).map(([seat, text, index]) => [seat, absoluteNames(seat, text), index]); }

/** A move's button text for the seat playing it: its pawns named as the board shows them. */
export function label(action, msg) { return msg.seat === null ? action : absoluteNames(msg.seat, action); }

export function score(v, seat) {
  const home = v.pawns[seat].filter((p) => typeof p === "string").length;
  const out = v.pawns[seat].filter((p) => typeof p === "number").length;
  return t("{out} out · {home} home", { out, home });
}

/** A move uses a card when it starts with the card's rank (2s: the 2 of spades), or discards that very card. */
export function matches(words, card) {
  const [rank, suit] = parseCard(card);
  if (words[0] === "discard") return words[1] === card.toLowerCase();
  if (words[0] === "2s") return rank === "2" && suit === "s";
  return words[0] === rank.toLowerCase();
}

/** The move a card and a pawn would make when no legal move fits them (the page then says why not). */
export function candidate(msg, ui) {
  const card = selectedCard(ui);
  const piece = ui.selection.piece;
  if (!card || !piece) return null;
  const [rank] = parseCard(card);
  return rank === "J" ? null : `${rank} ${piece}`;
}

/** One card at a time is selected; choosing another starts its choices afresh. */
export function pickCard(card, msg, ui) {
  const had = ui.selection.cards.has(card);
  ui.selection.cards.clear();
  if (!had) ui.selection.cards.add(card);
  picker = { version: null, card: null, parts: [] };
  ui.rerender();
  return true;
}

/** The end screen: the winner, then every seat best first (the view's ranking) with its pawns home. */
export function finish(msg, ui) {
  const v = msg.view;
  const order = v.ranking || [...v.pawns.keys()];
  const title = v.winner === null || v.winner === undefined ? t("Game over.") : t("{name} wins!", { name: ui.nameOf(msg, v.winner) });
  return [title, order.map((seat) => `${ui.nameOf(msg, seat)} — ${score(v, seat)}`)];
}
