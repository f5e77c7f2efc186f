// Plonk in the browser: a compass table (you south, your partner north, the opponents west and east), each
// side's score, the trick in play with each card by its player's seat, the last trick on demand, and direct
// play: a click on a card plays it. On a touch screen (or from the keyboard) a first tap selects the card and
// says so, a second tap on the same card plays it, so that a slip of the finger plays nothing. The move
// buttons stay below as the fallback list (each one a card, in the server's words). The story of the deal (who
// leads next and why) comes from the server, in the game's own words (plonk/words.py).
import { cardSvg } from "/static/cards.js";
import { t } from "/static/i18n.js";
import { checkedView } from "/static/views.js";
import viewSchema from "./view_shape.js";

const TOUCH = typeof matchMedia === "function" && matchMedia("(hover: none)").matches;

export const hint = TOUCH
  ? t("Tap a card to select it, then tap it again to play it. The buttons below play too.")
  : t("Click a card to play it. The buttons below play too.");

/** How the player last reached for a card: "mouse" or "pen" (one click plays), "touch" or "key" (a second
 *  tap or key press confirms); null before any (then the screen decides: a screen without hover is touch). */
let lastInput = null;
if (typeof document !== "undefined") {
  document.addEventListener("pointerdown", (e) => { lastInput = e.pointerType || "mouse"; }, true);
  document.addEventListener("keydown", () => { lastInput = "key"; }, true);
}

/** Whether a card's first click should only select it, asking for a second to play it. */
function confirming() {
  if (lastInput === null) return TOUCH;
  return lastInput === "touch" || lastInput === "key";
}

/** Where each seat sits for the one looking (a spectator looks from seat 0): south, west, north, east. */
const PLACES = ["south", "west", "north", "east"];
const placeOf = (msg, seat) => PLACES[(seat - (msg.seat ?? 0) + 4) % 4];

const SUITS = { c: "♣", d: "♦", h: "♥", s: "♠" };
/** A card as it is printed on its face: "K♠", "10♥". */
const face = (card) => card.slice(0, -1) + (SUITS[card.slice(-1).toLowerCase()] || "");

/** "you · side A", "partner · side A" or "opponent · side B" for a seat; a spectator sees only the sides. */
function roleOf(msg, seat) {
  const side = t("side {side}", { side: sideName(seat) });
  if (msg.seat === null) return side;
  const role = seat === msg.seat ? t("you") : (seat - msg.seat) % 2 === 0 ? t("partner") : t("opponent");
  return `${role} · ${side}`;
}

const sideName = (seat) => (seat % 2 ? "B" : "A");

/** The "Last trick" button pressed: the previous trick stays shown until it is pressed again. */
let pinned = false;
/** The finished tricks at the last drawing ("deal:tricks:winner"), to notice one that has just finished. */
let seen = null;
/** Until when (ms since the epoch) a trick that has just finished is shown even if nobody asked. */
let heldUntil = 0;
/** How long a finished trick stays in view by itself: long enough to read, short enough not to linger. */
const HOLD_MS = 3000;

/** A finished trick's hold is over: the last trick drawn now stays shown only if pinned or between tricks. */
function endHold() {
  const box = document.getElementById("last-trick");
  if (box && Date.now() >= heldUntil) box.hidden = !(pinned || box.dataset.betweenTricks === "true");
}

/** The trick finished last: this deal's latest, else the previous deal's last one (or null). */
function lastTrick(v) {
  const tricks = v.tricks || [];
  if (tricks.length) return tricks[tricks.length - 1];
  const results = v.results || [];
  const deal = results[results.length - 1];
  return deal && deal.tricks.length ? deal.tricks[deal.tricks.length - 1] : null;
}

/** One played card at its player's place: the card, the player's name under it; the winner's outlined. */
function playedCard(msg, ui, place, seat, card, extra = "") {
  const { h, nameOf } = ui;
  return h("div", { class: `compass-card ${place}${extra}`, "data-seat": seat, "data-card": card },
    cardSvg(card, { small: true }), h("div", { class: "played-by", title: nameOf(msg, seat) }, nameOf(msg, seat)));
}

/** The last trick's four cards, each at its player's place, and who won it. */
function lastTrickView(msg, ui, trick, shown) {
  const { h, nameOf } = ui;
  const cells = trick.plays.map(([seat, card]) =>
    playedCard(msg, ui, placeOf(msg, seat), seat, card, seat === trick.winner ? " won" : ""));
  return h("div", { class: "last-trick", id: "last-trick", hidden: !shown, "data-winner": trick.winner,
    "data-between-tricks": String((msg.view.trick || []).length === 0) },
    h("div", { class: "label" }, t("Last trick, won by {name}", { name: nameOf(msg, trick.winner) })),
    h("div", { class: "compass" }, cells));
}

export function area(msg, ui) {
  const { h, nameOf } = ui;
  const v = checkedView(viewSchema, msg.view);
  const me = msg.seat ?? 0;
  const trick = v.trick || [];
  const cells = [];
  for (let seat = 0; seat < 4; seat++) {
    const place = placeOf(msg, seat);
    cells.push(h("div", { class: `compass-seat ${place}` + (v.to_play === seat ? " to-play" : ""), "data-seat": seat },
      h("strong", { title: nameOf(msg, seat) }, nameOf(msg, seat)), h("div", { class: "label" }, roleOf(msg, seat))));
    const played = trick.find(([s]) => s === seat);
    cells.push(played ? playedCard(msg, ui, place, seat, played[1], seat === v.leader ? " led" : "")
      : h("div", { class: `compass-card ${place}` }));
  }
  const ours = me % 2;
  const sides = msg.seat === null
    ? t("Side A (seats 0 & 2) {a} – side B (seats 1 & 3) {b}", { a: v.scores[0], b: v.scores[1] })
    : t("Your side {us} – their side {them}", { us: v.scores[ours], them: v.scores[1 - ours] });
  const last = lastTrick(v);
  const key = `${v.deal}:${(v.tricks || []).length}:${v.winner}`;
  if (seen !== null && key !== seen && last) {
    heldUntil = Date.now() + HOLD_MS;
    // The hold ends in place, never by drawing the table again: a redraw under the pointer would swallow a
    // click on a card of the hand (pressed on the old card, released on its replacement).
    setTimeout(endHold, HOLD_MS + 50);
  }
  seen = key;
  let lastBox = null;
  let toggle = null;
  if (last) {
    const shown = pinned || Date.now() < heldUntil || trick.length === 0;
    lastBox = lastTrickView(msg, ui, last, shown);
    // The button shows or hides the box by itself (no redraw needed, so it works in the replay too).
    toggle = h("button", { type: "button", id: "last-trick-toggle", "aria-pressed": String(pinned),
      "aria-controls": "last-trick", on: { click: (e) => {
        pinned = !pinned;
        e.currentTarget.setAttribute("aria-pressed", String(pinned));
        lastBox.hidden = !(pinned || Date.now() < heldUntil || trick.length === 0);
      } } }, t("Last trick"));
  }
  const number = Math.min((v.tricks || []).length + 1, 13);
  return h("div", { class: "felt" },
    h("div", { class: "label", id: "sides" }, t("Deal {deal} · target {target}", { deal: v.deal, target: v.target }), " · ", sides),
    v.winner === null || v.winner === undefined
      ? h("div", { class: "label", id: "trick-number" }, t("Trick {n} of 13", { n: number }), " ", toggle) : toggle,
    h("div", { class: "compass", id: "trick" }, cells),
    lastBox,
    h("div", { class: "label" }, t("Points this deal: {points}", { points: (v.points || []).join(" – ") })));
}

export function score(v, seat) { return t("side {side}", { side: sideName(seat) }); }

/** A click on a card of the hand plays it; on a touch screen or from the keyboard the first selects it and says
 *  "Tap again to play the K♠", the second on the same card plays it. Nothing happens for a finished table, and
 *  out of turn the page says whose turn it is. */
export function pickCard(card, msg, ui) {
  if (msg.seat === null || msg.table.status !== "playing") return true;
  if (!msg.legal.includes(card)) {
    ui.say(t("Not your turn: {name} plays next.", { name: ui.nameOf(msg, msg.view.to_play) }));
    return true;
  }
  if (!confirming() || ui.selection.cards.has(card)) {
    ui.send(card);
    return true;
  }
  ui.selection.cards.clear();
  ui.selection.cards.add(card);
  ui.say(lastInput === "key" ? t("Press Enter again to play the {card}.", { card: face(card) })
    : t("Tap again to play the {card}.", { card: face(card) }));
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
