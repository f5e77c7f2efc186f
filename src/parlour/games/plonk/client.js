// Plonk in the browser: the trick on the table, the sides' scores, and a click on a playable card plays it.
import { cardSvg } from "/static/cards.js";
import { t } from "/static/i18n.js";

export function area(msg, ui) {
  const { h, nameOf } = ui;
  const v = msg.view;
  return h("div", { class: "felt" },
    h("div", { class: "label" }, t("Deal {deal} · target {target} · scores {scores} (seats 0&2 – 1&3)",
      { deal: v.deal, target: v.target, scores: v.scores.join(" – ") })),
    h("div", { class: "label" }, t("Trick")),
    h("div", { class: "cards", id: "trick" }, (v.trick || []).map(([seat, card]) => h("div", {}, cardSvg(card, { small: true }),
      h("div", { class: "label" }, nameOf(msg, seat))))),
    h("div", { class: "label" }, t("Points this deal: {points}", { points: (v.points || []).join(" – ") })));
}

export function score(v, seat) { return t("side {side}", { side: seat % 2 ? "B" : "A" }); }

/** The cards of this deal's tricks, and who won each. */
export function log(v) {
  const out = [];
  for (const trick of v.tricks || []) {
    out.push(...trick.plays);
    out.push([trick.winner, t("wins the trick")]);
  }
  return out.concat(v.trick || []);
}

/** A card that is itself a legal action is played at once. */
export function pickCard(card, msg, ui) {
  if (!msg.legal.includes(card)) return false;
  ui.send(card);
  return true;
}
