// Tock in the browser: the board (drawn from the game's layout), pawns to click, and cards matched by rank.
import { cardSvg, parseCard } from "/static/cards.js";
import { t } from "/static/i18n.js";
import { numberedLog } from "/static/ui.js";
import { absoluteNames, boardLayout, drawBoard } from "./board.js";

export const hint = t("Click a card and a pawn to narrow the moves.");

export async function area(msg, ui) {
  const { h } = ui;
  const v = msg.view;
  const layout = await boardLayout(ui.game.layout, v.players);
  const board = drawBoard(layout, v, msg.seat, ui.selection.piece, (name) => ui.select(name));
  return h("div", { class: "board" }, board,
    h("div", { class: "muted" }, t("Stock {n} · last played", { n: v.stock }), " ", (v.pile || []).slice(-1).map((c) => cardSvg(c, { small: true }))));
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

/** A move uses a card when it starts with the card's rank, or discards that very card. */
export function matches(words, card) {
  const [rank] = parseCard(card);
  return words[0] === rank.toLowerCase() || (words[0] === "discard" && words[1] === card.toLowerCase());
}

/** One card at a time is selected. */
export function pickCard(card, msg, ui) {
  const had = ui.selection.cards.has(card);
  ui.selection.cards.clear();
  if (!had) ui.selection.cards.add(card);
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
