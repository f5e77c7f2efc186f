// "Your turn" on every page of the app while signed in: the tables waiting for the account ("My tables", polled
// every few seconds) counted in the document's title, "(2) parlour", and the favicon badged with their number;
// both back as they were once no turn waits.
import { watchMyTables } from "./account.js";

const ICON = '<rect x="10" y="4" width="44" height="56" rx="7" fill="#fff" stroke="#1d5c3a" stroke-width="4"/>' +
  '<path d="M32 18c-7 9-14 13-14 20a7 7 0 0 0 12 5l-3 9h10l-3-9a7 7 0 0 0 12-5c0-7-7-11-14-20z" fill="#1d5c3a"/>';
const COUNT = /^\(\d+\) /;

/** The favicon (favicon.svg) with a red badge holding `n` (9+ past nine) in its upper right corner. */
function badged(n) {
  const label = n > 9 ? "9+" : String(n);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${ICON}` +
    '<circle cx="46" cy="18" r="17" fill="#c62828" stroke="#fff" stroke-width="3"/>' +
    `<text x="46" y="26" font-family="Arial,sans-serif" font-weight="700" font-size="${label.length > 1 ? 17 : 24}" ` +
    `text-anchor="middle" fill="#fff">${label}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/** Show the count of tables waiting for the account in the title and the favicon, from now on. */
export function showTurns() {
  const icon = document.querySelector("link[rel~='icon']");
  const plain = icon ? icon.getAttribute("href") : null;
  let shown = 0;
  watchMyTables((mine) => {
    if (mine === null) return;
    const waiting = mine.filter((m) => m.my_turn).length;
    const title = document.title.replace(COUNT, "");
    document.title = waiting ? `(${waiting}) ${title}` : title;
    if (icon && waiting !== shown) icon.setAttribute("href", waiting ? badged(waiting) : plain);
    shown = waiting;
    document.documentElement.dataset.turnsWaiting = String(waiting);
  });
}
