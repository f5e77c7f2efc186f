// Tonk in the browser: the felt (the stock, the discard pile, the spreads by owner) and each seat's balance,
// with direct play for the seat to play: click the stock or the discard pile to draw; select cards, then
// "Spread"; select one card, then click a spread to add it there or the discard pile to discard it; "Drop"
// asks first, showing the hand's total. A click that fits no legal move says why (the server's reason). The
// move buttons below stay as the full list. Spectators and finished tables see the same felt, nothing clickable.
import { cardRow, cardSvg } from "/static/cards.js";
import { currentLanguage, t } from "/static/i18n.js";
import { checkedView } from "/static/views.js";
import viewSchema from "./view_shape.js";

export const hint = t("Click the stock or the discard pile to draw. Select cards, then Spread; or one card, then a spread to add it there, or the discard pile to discard it.");

/** The version at which "Drop" was clicked and waits for its confirmation (null: none). */
let confirming = null;
/** Several hits fit one spread (a joker standing for either end): { version, spread, actions } to choose from. */
let choosing = null;

const SUITS = { c: "♣", d: "♦", h: "♥", s: "♠" };
const FRENCH_RANKS = { J: "V", Q: "D", K: "R" };

/** A card short, as the plain words write it: "Q♥" ("D♥" in French), a joker standing for a card as that card. */
function symbol(token) {
  const face = token.includes("=") ? token.split("=")[1] : token;
  if (/^jk$/i.test(face)) return t("joker");
  const rank = face.slice(0, -1);
  return (currentLanguage() === "fr" ? FRENCH_RANKS[rank] || rank : rank) + (SUITS[face.slice(-1)] || "");
}

/** French elision of "de" and "que" before a vowel ("Combinaison de Ana" → "Combinaison d'Ana"). */
function elide(text) {
  if (currentLanguage() !== "fr") return text;
  return text.replace(/\b([Dd]e|[Qq]ue) (?=[AEIOUaeiouÀÂÄÆÉÈÊËÎÏÔŒÙÛÜàâäæéèêëîïôœùûü])/g, (whole, word) => word.slice(0, -1) + "'");
}

/** Whether the page may play: the seat to play at a table in play. */
const playing = (msg) => msg.seat !== null && msg.table.status === "playing" && msg.legal.length > 0;
const selectedCards = (ui) => [...ui.selection.cards];
/** The words of a spread's cards, lower case, a joker's named card included ("jk=5h" → "5h"). */
const faces = (action) => action.toLowerCase().split(/\s+/).slice(1).map((w) => w.replace(/^jk=/, ""));

/** The legal spreads made of exactly the selected cards (a selected joker standing for any one card). */
function spreadsOfSelection(msg, ui) {
  const chosen = selectedCards(ui).map((c) => c.toLowerCase());
  const jokers = chosen.filter((c) => c === "jk").length;
  const real = chosen.filter((c) => c !== "jk").sort();
  return msg.legal.filter((a) => {
    if (!a.startsWith("spread ")) return false;
    const words = a.toLowerCase().split(/\s+/).slice(1);
    const named = words.filter((w) => !w.startsWith("jk=")).sort();
    return words.length - named.length === jokers && named.join(" ") === real.join(" ");
  });
}

/** The legal hits of the one selected card onto spread `number` (several for a joker fitting either end). */
function hitsOfSelection(msg, ui, number) {
  const chosen = selectedCards(ui);
  if (chosen.length !== 1) return [];
  const card = chosen[0].toLowerCase();
  return msg.legal.filter((a) => {
    const [verb, what, n] = a.toLowerCase().split(/\s+/);
    return verb === "hit" && Number(n) === number && (card === "jk" ? what.startsWith("jk=") : what === card);
  });
}

/** A clickable part of the felt: a real button (Tab reaches it, Enter and Space press it) with its label. */
function control(h, id, label, className, onClick, ...children) {
  return h("button", { type: "button", id, class: `tonk-control ${className}`, "aria-label": label, title: label,
    on: { click: onClick } }, ...children);
}

function clickStock(msg, ui) {
  if (msg.legal.includes("draw stock")) ui.send("draw stock");
  else ui.why("draw stock");
}

function clickDiscard(msg, ui) {
  const chosen = selectedCards(ui);
  if (chosen.length === 1) {
    const action = `discard ${chosen[0]}`;
    if (msg.legal.includes(action)) ui.send(action);
    else ui.why(action);
  } else if (chosen.length > 1) ui.say(t("Select one card only, then click the discard pile to discard it."));
  else if (msg.legal.includes("draw discard")) ui.send("draw discard");
  else if (msg.legal.some((a) => a.startsWith("discard "))) ui.say(t("Select a card of your hand, then click the discard pile to discard it."));
  else ui.why("draw discard");
}

function clickSpread(msg, ui, number, spread) {
  const chosen = selectedCards(ui);
  if (chosen.length !== 1) {
    ui.say(chosen.length ? t("Select one card only, then click a spread to add it there.")
      : t("Select a card of your hand, then click a spread to add it there."));
    return;
  }
  const hits = hitsOfSelection(msg, ui, number);
  if (hits.length === 1) { ui.send(hits[0]); return; }
  if (hits.length > 1) { choosing = { version: msg.view.version, spread: number, actions: hits }; ui.rerender(); return; }
  // No hit fits: the server says why (a joker is asked about as the spread's first card, to hear the rule)
  const card = chosen[0] === "Jk" ? `Jk=${spread.cards[0].replace(/^Jk=/, "")}` : chosen[0];
  ui.why(`hit ${card} ${number}`);
}

/** The piles: the stock face down with its count, the discard pile's top cards. */
function piles(msg, ui, live) {
  const { h } = ui;
  const v = msg.view;
  const stockLabel = t("Stock ({n})", { n: v.stock });
  const stockCards = h("div", { class: "cards" }, v.stock ? cardSvg(null, { small: true }) : null);
  const discardLabel = t("Discard");
  const top = (v.discard || []).slice(-3);
  const discardCards = h("div", { class: "cards" }, top.map((c) => cardSvg(c, { small: true })));
  const said = (text, id) => h("div", { class: "label", id }, text);
  const stockAria = t("Stock, {n} left: click to draw from it", { n: v.stock });
  const discardAria = top.length ? t("Discard pile, {card} on top: click to take it, or to discard the selected card", { card: symbol(top[top.length - 1]) })
    : t("Discard pile, empty: click to discard the selected card");
  const stock = live ? control(h, "stock", stockAria, "pile", () => clickStock(msg, ui), said(stockLabel, "stock-label"), stockCards)
    : h("div", { class: "pile", id: "stock" }, said(stockLabel, "stock-label"), stockCards);
  const discard = live ? control(h, "discard-pile", discardAria, "pile", () => clickDiscard(msg, ui), said(discardLabel, "discard-label"), discardCards)
    : h("div", { class: "pile", id: "discard-pile" }, said(discardLabel, "discard-label"), discardCards);
  return h("div", { class: "piles" }, stock, discard);
}

/** The spreads on the table, each named by its owner; for the seat to play, a button hitting it with the
 * selected card (outlined when that hit is legal). */
function spreadsOf(msg, ui, live) {
  const { h, nameOf } = ui;
  const spreads = (msg.view.spreads || []).map((s, i) => {
    const number = i + 1;
    const owner = elide(t("{name}'s spread", { name: nameOf(msg, s.owner) }));
    const cards = s.cards.map(symbol).join(" ");
    const label = h("span", { class: "label" }, owner);
    const row = cardRow(s.cards.map((c) => (c.startsWith("Jk=") ? "Jk" : c)), { small: true });
    if (!live) return h("span", { class: "spread", id: `spread-${number}`, title: `${owner}: ${cards}` }, label, row);
    const fits = hitsOfSelection(msg, ui, number).length > 0;
    const aria = elide(t("{name}'s spread {cards}: click to add the selected card to it", { name: nameOf(msg, s.owner), cards }));
    return control(h, `spread-${number}`, aria, "spread" + (fits ? " fits" : ""), () => clickSpread(msg, ui, number, s), label, row);
  });
  return h("div", { id: "spreads" }, spreads.length ? spreads : h("span", { class: "label" }, t("none yet")));
}

/** The seat's own buttons on the felt: Spread (the selection is a legal spread), Drop and its confirmation,
 * the choice between hits a joker makes possible. */
function actionsOf(msg, ui) {
  const { h } = ui;
  const v = msg.view;
  if (confirming !== v.version) confirming = null;
  if (choosing && choosing.version !== v.version) choosing = null;
  const out = [];
  const spreads = spreadsOfSelection(msg, ui);
  spreads.forEach((a, i) => out.push(h("button", { type: "button", class: "primary", id: i ? `spread-go-${i}` : "spread-go",
    "data-action": a, on: { click: () => ui.send(a) } }, spreads.length === 1 ? t("Spread") : ui.wordsOf(a))));
  if (choosing) {
    for (const a of choosing.actions) out.push(h("button", { type: "button", class: "hit-choice", "data-action": a,
      on: { click: () => { choosing = null; ui.send(a); } } }, ui.wordsOf(a)));
  }
  if (msg.legal.includes("drop")) {
    if (confirming === v.version) {
      out.push(h("div", { id: "drop-confirm", role: "alertdialog", "aria-labelledby": "drop-question" },
        h("p", { id: "drop-question" }, t("Drop with {n} (your hand's total)? The hand ends: you win if your total is the lowest; otherwise you are caught and pay.", { n: v.hand_value })),
        h("button", { type: "button", class: "primary", id: "drop-yes", on: { click: () => { confirming = null; ui.send("drop"); } } }, t("Yes, drop")),
        " ",
        h("button", { type: "button", id: "drop-no", on: { click: () => { confirming = null; ui.rerender(); focusSoon("drop"); } } }, t("Cancel"))));
    } else {
      out.push(h("button", { type: "button", id: "drop", on: { click: () => { confirming = v.version; ui.rerender(); focusSoon("drop-no"); } } },
        t("Drop ({n})", { n: v.hand_value })));
    }
  }
  return out.length ? h("div", { class: "tonk-actions", id: "tonk-actions" }, out) : null;
}

/** Move the keyboard focus to `id` once the table is drawn again (the button that had it is gone): the
 * question's "Cancel" when it opens, "Drop" when it closes. */
function focusSoon(id) { setTimeout(() => document.getElementById(id)?.focus(), 0); }

let styled = false;
/** The felt's few rules of its own, added once: piles side by side, a spread one can hit outlined. */
function style(h) {
  if (styled) return;
  styled = true;
  document.head.append(h("style", {}, `
.felt .piles { display: flex; gap: 1em; flex-wrap: wrap; margin: .3em 0; }
.felt .pile { display: inline-flex; flex-direction: column; align-items: flex-start; gap: 2px; color: white; }
.felt button.tonk-control { background: #0003; border: 2px solid transparent; color: white; padding: 4px 6px; cursor: pointer; }
.felt button.tonk-control:hover, .felt button.tonk-control:focus-visible { border-color: white; }
.felt button.tonk-control.fits { border-color: var(--accent); }
.felt .spread .label { margin-right: .3em; }
.tonk-actions { display: flex; gap: .5em; flex-wrap: wrap; align-items: center; margin-top: .5em; }
.tonk-actions #drop-confirm { background: white; color: var(--ink); border-radius: 6px; padding: .4em .6em; }
.tonk-actions #drop-confirm p { margin: 0 0 .4em; }`));
}

export function area(msg, ui) {
  const { h } = ui;
  const v = checkedView(viewSchema, msg.view);
  style(h);
  const live = playing(msg);
  return h("div", { class: "felt" },
    h("div", { class: "label" }, t("Hand {n}", { n: v.hand_number })),
    piles(msg, ui, live),
    v.hand_value === undefined ? null : h("div", { id: "hand-value" }, t("Your hand is worth {n} points.", { n: v.hand_value })),
    h("div", { class: "label" }, t("Spreads")), spreadsOf(msg, ui, live),
    live ? actionsOf(msg, ui) : null);
}

/** The action the selection would make when no legal move fits it, for the page to ask the server why:
 * one card is a discard, several a spread ("spread 5c 5d": a spread needs three cards). */
export function candidate(msg, ui) {
  const chosen = selectedCards(ui);
  if (!chosen.length) return null;
  return chosen.length === 1 ? `discard ${chosen[0]}` : `spread ${chosen.join(" ")}`;
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
