// Plonk in the browser: a compass table (you south, your partner north, the opponents west and east), each
// side's score, and a two-step play: a click selects a card, its move button plays it (a slip plays nothing).
import { cardSvg } from "/static/cards.js";
import { t } from "/static/i18n.js";

export const hint = t("Click a card to select it, then its move button to play it.");

/** Where each seat sits for the one looking (a spectator looks from seat 0): south, west, north, east. */
const PLACES = ["south", "west", "north", "east"];
const placeOf = (msg, seat) => PLACES[(seat - (msg.seat ?? 0) + 4) % 4];

/** "you · side A", "partner · side A" or "opponent · side B" for a seat; a spectator sees only the sides. */
function roleOf(msg, seat) {
  const side = t("side {side}", { side: sideName(seat) });
  if (msg.seat === null) return side;
  const role = seat === msg.seat ? t("you") : (seat - msg.seat) % 2 === 0 ? t("partner") : t("opponent");
  return `${role} · ${side}`;
}

const sideName = (seat) => (seat % 2 ? "B" : "A");

export function area(msg, ui) {
  const { h, nameOf } = ui;
  const v = msg.view;
  const me = msg.seat ?? 0;
  const played = Object.fromEntries((v.trick || []).map(([seat, card]) => [seat, card]));
  const cells = [];
  for (let seat = 0; seat < 4; seat++) {
    const place = placeOf(msg, seat);
    cells.push(h("div", { class: `compass-seat ${place}` + (v.to_play === seat ? " to-play" : ""), "data-seat": seat },
      h("strong", {}, nameOf(msg, seat)), h("div", { class: "label" }, roleOf(msg, seat))));
    cells.push(h("div", { class: `compass-card ${place}` }, played[seat] ? cardSvg(played[seat], { small: true }) : null));
  }
  const ours = me % 2;
  const sides = msg.seat === null
    ? t("Side A (seats 0 & 2) {a} – side B (seats 1 & 3) {b}", { a: v.scores[0], b: v.scores[1] })
    : t("Your side {us} – their side {them}", { us: v.scores[ours], them: v.scores[1 - ours] });
  return h("div", { class: "felt" },
    h("div", { class: "label", id: "sides" }, t("Deal {deal} · target {target}", { deal: v.deal, target: v.target }), " · ", sides),
    h("div", { class: "compass", id: "trick" }, cells),
    h("div", { class: "label" }, t("Points this deal: {points}", { points: (v.points || []).join(" – ") })));
}

export function score(v, seat) { return t("side {side}", { side: sideName(seat) }); }

/** The cards of this deal's tricks, and who won each; every card played is one action, the deal's latest at the view's version. */
export function log(v) {
  const tricks = v.tricks || [];
  let index = v.version - tricks.reduce((n, trick) => n + trick.plays.length, 0) - (v.trick || []).length;
  const out = [];
  for (const trick of tricks) {
    for (const [seat, card] of trick.plays) out.push([seat, card, index++]);
    out.push([trick.winner, t("wins the trick")]);
  }
  return out.concat((v.trick || []).map(([seat, card]) => [seat, card, index++]));
}

/** One card at a time is selected; its move button then plays it. */
export function pickCard(card, msg, ui) {
  const had = ui.selection.cards.has(card);
  ui.selection.cards.clear();
  if (!had) ui.selection.cards.add(card);
  ui.rerender();
  return true;
}

/** Under a finished deal: each side (its players named) with its points in that deal and its match score after. */
export function resultLines(r, msg, ui) {
  const names = (side) => [side, side + 2].map((seat) => ui.nameOf(msg, seat)).join(" & ");
  return [0, 1].map((side) => t("Side {side} ({names}): {points} this deal, {score} in the match",
    { side: sideName(side), names: names(side), points: r.points[side], score: r.scores[side] }));
}

/** The end screen: the winning side and both sides' scores. */
export function finish(msg, ui) {
  const v = msg.view;
  const names = (side) => [side, side + 2].map((seat) => ui.nameOf(msg, seat)).join(" & ");
  const title = v.winner === null || v.winner === undefined ? t("Game over.")
    : t("{names} win!", { names: names(v.winner) });
  return [title, [0, 1].sort((a, b) => v.scores[b] - v.scores[a])
    .map((side) => `${t("side {side}", { side: sideName(side) })} (${names(side)}) — ${v.scores[side]}`)];
}
