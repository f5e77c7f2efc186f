// Tonk in the browser: the felt (stock, discard, spreads) and each seat's balance. Served from the game's package.
import { cardRow, cardSvg } from "/static/cards.js";
import { t } from "/static/i18n.js";

export function area(msg, ui) {
  const { h } = ui;
  const v = msg.view;
  const spreads = (v.spreads || []).map((s, i) => h("span", { class: "spread", title: t("spread {n}", { n: i }) },
    h("span", { class: "label" }, `${i}`), cardRow(s.cards, { small: true })));
  return h("div", { class: "felt" },
    h("div", { class: "label" }, t("Stock {stock} · hand {hand} · phase {phase}", { stock: v.stock, hand: v.hand_number, phase: v.phase })),
    h("div", { class: "cards" }, cardSvg(null, { small: true }), ...(v.discard || []).slice(-3).map((c) => cardSvg(c, { small: true }))),
    v.hand_value === undefined ? null : h("div", { id: "hand-value" }, t("Your hand is worth {n} points.", { n: v.hand_value })),
    h("div", { class: "label" }, t("Spreads")), h("div", {}, spreads.length ? spreads : h("span", { class: "label" }, t("none yet"))));
}

export function score(v, seat) { return t("balance {n}", { n: v.balances[seat] }); }

/** Under a finished hand: who paid whom (the ledger's entries of that hand, spades bets included), or "no payment". */
export function resultLines(r, msg, ui) {
  const ledger = msg.view.ledger ? msg.view.ledger.filter((entry) => entry[3] === r.hand) : r.payments;
  if (!ledger.length) return [r.void ? t("Void hand: nobody pays.") : t("Nobody pays.")];
  return ledger.map(([payer, payee, stakes, , reason]) =>
    t("{payer} pays {payee} {stakes}", { payer: ui.nameOf(msg, payer), payee: ui.nameOf(msg, payee), stakes })
      + (reason === "spades" ? " " + t("(spades bet)") : ""));
}

/** The end screen: the seats by balance, richest first. */
export function finish(msg, ui) {
  const v = msg.view;
  const order = [...v.balances.keys()].sort((a, b) => v.balances[b] - v.balances[a]);
  return [t("{name} wins!", { name: ui.nameOf(msg, order[0]) }),
    order.map((seat) => `${ui.nameOf(msg, seat)} — ${score(v, seat)}`)];
}
