// SVG playing cards drawn from their text notation ("Qh", "10s", "Jk"); no images needed.
import { t } from "./i18n.js";

const SUITS = { c: "♣", d: "♦", h: "♥", s: "♠" };
const NS = "http://www.w3.org/2000/svg";

/** The rank and suit of a card token, e.g. "10s" → ["10", "s"]; a joker has suit "". */
export function parseCard(token) {
  if (/^jk$/i.test(token)) return ["Jk", ""];
  return [token.slice(0, -1), token.slice(-1).toLowerCase()];
}

/** An SVG element showing `token` face up (or the back when token is null). */
export function cardSvg(token, { small = false } = {}) {
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("viewBox", "0 0 60 84");
  svg.classList.add("card");
  if (small) svg.classList.add("small");
  if (token === null) {
    svg.innerHTML = '<rect x="1" y="1" width="58" height="82" rx="6" fill="#234d8a" stroke="#fff" stroke-width="2"/>'
      + '<rect x="7" y="7" width="46" height="70" rx="4" fill="none" stroke="#8fb3e8" stroke-dasharray="3 3"/>';
    svg.setAttribute("aria-label", t("face-down card"));
    return svg;
  }
  const [rank, suit] = parseCard(token);
  const red = suit === "d" || suit === "h";
  const colour = rank === "Jk" ? "#7a1fa2" : red ? "#c0262d" : "#111";
  const symbol = rank === "Jk" ? "★" : SUITS[suit] || "?";
  svg.innerHTML = `<rect class="face" x="1" y="1" width="58" height="82" rx="6" fill="white" stroke="#999"/>`
    + `<text x="6" y="20" font-size="16" font-weight="700" fill="${colour}">${rank}</text>`
    + `<text x="30" y="58" font-size="30" text-anchor="middle" fill="${colour}">${symbol}</text>`;
  svg.dataset.card = token;
  svg.setAttribute("aria-label", token);
  return svg;
}

/** A row of cards (face up) in a div. */
export function cardRow(tokens, opts = {}) {
  const div = document.createElement("div");
  div.className = "cards";
  for (const t of tokens) div.appendChild(cardSvg(t, opts));
  return div;
}
