// Helpers shared by the page (app.js) and every game's client module.
import { t } from "./i18n.js";

/** An element: h("div", { class: "x", on: { click: fn } }, child, …). */
export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "on") for (const [ev, fn] of Object.entries(v)) node.addEventListener(ev, fn);
    else if (k === "class") node.className = v;
    else if (v !== undefined && v !== null && v !== false) node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) if (c !== null && c !== undefined) node.append(c);
  return node;
}

export const panel = (title, ...children) => h("section", { class: "panel" }, title ? h("h2", {}, title) : null, ...children);

/** A view's log numbered: [seat, text, index of the action in the game] (the log ends at the view's version). */
export function numberedLog(v) {
  const log = v.log || [];
  return log.map(([seat, text], i) => [seat, text, v.version - log.length + i]);
}

/** The name of `seat` at the table of a state message. */
export function nameOf(msg, seat) {
  const s = msg.table.seats[seat];
  return s && s.name ? s.name : t("Seat {n}", { n: seat + 1 });  // places are counted from 1
}

/** The words of an action's text, lower case: "spread 8c 8d 8h" → ["spread", "8c", "8d", "8h"]. */
export function actionWords(action) { return action.toLowerCase().split(/[\s+<>~=]+/).filter(Boolean); }
