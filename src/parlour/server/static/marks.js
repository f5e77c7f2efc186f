// A table's kind in words ("rated", "turn-based") and, at a turn-based table, the time the waiting person has left
// to move (TableOut.deadline, Unix seconds), kept up to date in the page every few seconds, and the links to a
// player's page.
import { t } from "./i18n.js";
import { h } from "./ui.js";

/** The move clocks a turn-based table offers (seconds a move), with their words. */
export const MOVE_CLOCKS = [
  [3600, () => t("1 hour")], [8 * 3600, () => t("8 hours")], [86400, () => t("1 day")], [3 * 86400, () => t("3 days")],
];

/** A duration in words: "2 d 3 h", "5 h 12 min", "7 min", "under a minute". */
export function durationWords(seconds) {
  const minutes = Math.floor(Math.max(0, seconds) / 60);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  if (days) return t("{d} d {h} h", { d: days, h: hours });
  if (hours) return t("{h} h {m} min", { h: hours, m: minutes % 60 });
  if (minutes) return t("{m} min", { m: minutes });
  return t("under a minute");
}

/** A move clock in words: "1 day", or the duration. */
export function clockWords(seconds) {
  const known = MOVE_CLOCKS.find(([s]) => s === seconds);
  return known ? known[1]() : durationWords(seconds);
}

/** The marks of a table's kind, to put after its name: "rated", "turn-based" (none for a casual real-time one). */
export function tableMarks(table) {
  const marks = [];
  if (table.rated) {
    marks.push(h("span", { class: "mark rated", title: t("Rated: its end changes the players' ratings") }, t("rated")));
  }
  if (table.move_clock) {
    marks.push(h("span", { class: "mark turn-based", title: t("Turn-based: {clock} for each move",
      { clock: clockWords(table.move_clock) }) }, t("turn-based")));
  }
  return marks.flatMap((mark) => [" ", mark]);
}

function leftWords(deadline) {
  const left = deadline - Date.now() / 1000;
  return left > 0 ? t("{time} left to move", { time: durationWords(left) })
    : t("time is up: a stand-in plays this turn");
}

/** At a turn-based table whose turn waits for a person, the time left to move ("23 h 12 min left to move"), kept
 *  up to date while it is in the page; null otherwise. The deadline is the server's: it is moved onto this
 *  browser's clock by the server's time when it sent the table (``now``), so a browser whose clock is off still
 *  counts the right time. */
export function timeLeft(table, attrs = {}) {
  if (!table.move_clock || table.deadline === null || table.deadline === undefined || table.status !== "playing") return null;
  const here = table.deadline - (typeof table.now === "number" ? table.now - Date.now() / 1000 : 0);
  return h("span", { class: "time-left", "data-deadline": here, ...attrs }, leftWords(here));
}

/** Count every shown time left down (called every 20 s; a minute is the finest it says). */
function tick() {
  for (const el of document.querySelectorAll("[data-deadline]")) el.textContent = leftWords(Number(el.dataset.deadline));
}
setInterval(tick, 20_000);

/** The address of a player's page. */
export const playerLink = (name) => `/?player=${encodeURIComponent(name)}`;
