// SVG playing cards drawn from their text notation ("Qh", "10s", "Jk"); no images, no fonts needed for the suits.
// A face has its index (rank over suit) in the top-left corner and, turned round, in the bottom-right one; the
// middle shows the pips of a number card, a large suit for an ace, a framed letter for a jack, queen or king,
// and a star for a joker. A small card (a pile, a spread, a trick) keeps large indices and one large suit, so it
// stays readable at 38 px. Every card is a labelled image ("queen of hearts"); data-card keeps its notation.
// Cards that were not on the page a moment ago get the class "enter" (style.css animates it briefly).
import { t } from "./i18n.js";

const NS = "http://www.w3.org/2000/svg";
const RED = "#c0262d";
const BLACK = "#1b1b1b";
const JOKER = "#6a1b9a";

/** Each suit drawn in a box from -1 to 1 (centred on 0, 0). */
const SUIT_SHAPES = {
  d: '<path d="M0 -1L.72 0L0 1L-.72 0Z"/>',
  h: '<path d="M0 .95C-.55 .5-1 .12-1-.33C-1-.78-.48-1-.02-.6L0-.55L.02-.6C.48-1 1-.78 1-.33C1 .12 .55 .5 0 .95Z"/>',
  s: '<path d="M0-1C-.55-.52-1-.15-1 .25C-1 .7-.5 .85-.12 .5L-.32 1H.32L.12 .5C.5 .85 1 .7 1 .25C1-.15 .55-.52 0-1Z"/>',
  c: '<circle cx="0" cy="-.5" r=".42"/><circle cx="-.5" cy=".16" r=".42"/><circle cx=".5" cy=".16" r=".42"/>'
    + '<path d="M-.1 .1L-.3 1H.3L.1 .1Z"/>',
};
const STAR = '<path d="M0-1L.24-.33L.95-.31L.39 .12L.59 .81L0 .4L-.59 .81L-.39 .12L-.95-.31L-.24-.33Z"/>';

/** Where the pips of a number card go (x, y in the 60 × 84 card); those below the middle are drawn upside down. */
const L = 22;
const C = 30;
const R = 38;
const TOP = 18;
const BOTTOM = 66;
const PIPS = {
  2: [[C, TOP], [C, BOTTOM]],
  3: [[C, TOP], [C, 42], [C, BOTTOM]],
  4: [[L, TOP], [R, TOP], [L, BOTTOM], [R, BOTTOM]],
  5: [[L, TOP], [R, TOP], [C, 42], [L, BOTTOM], [R, BOTTOM]],
  6: [[L, TOP], [R, TOP], [L, 42], [R, 42], [L, BOTTOM], [R, BOTTOM]],
  7: [[L, TOP], [R, TOP], [C, 29.5], [L, 42], [R, 42], [L, BOTTOM], [R, BOTTOM]],
  8: [[L, TOP], [R, TOP], [C, 29.5], [L, 42], [R, 42], [C, 54.5], [L, BOTTOM], [R, BOTTOM]],
  9: [[L, TOP], [R, TOP], [L, 34], [R, 34], [C, 42], [L, 50], [R, 50], [L, BOTTOM], [R, BOTTOM]],
  10: [[L, TOP], [R, TOP], [C, 26], [L, 34], [R, 34], [L, 50], [R, 50], [C, 58], [L, BOTTOM], [R, BOTTOM]],
};

/** The names a screen reader says: "queen of hearts" / "dame de cœur". */
const RANK_NAMES = {
  A: () => t("ace"), 2: () => t("two"), 3: () => t("three"), 4: () => t("four"), 5: () => t("five"),
  6: () => t("six"), 7: () => t("seven"), 8: () => t("eight"), 9: () => t("nine"), 10: () => t("ten"),
  J: () => t("jack"), Q: () => t("queen"), K: () => t("king"),
};
const SUIT_NAMES = { c: () => t("clubs"), d: () => t("diamonds"), h: () => t("hearts"), s: () => t("spades") };
/** The letter a face shows in the page's language (a French card reads V, D, R). */
const LETTERS = { J: () => t("J"), Q: () => t("Q"), K: () => t("K"), A: () => t("A") };

/** `text` safe inside markup. */
const escaped = (text) => String(text).replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The rank and suit of a card token, e.g. "10s" → ["10", "s"]; a joker has suit "". */
export function parseCard(token) {
  if (/^jk$/i.test(token)) return ["Jk", ""];
  return [token.slice(0, -1), token.slice(-1).toLowerCase()];
}

/** A card's name in words, for screen readers and tooltips: "ten of spades", "joker". */
export function cardName(token) {
  const [rank, suit] = parseCard(token);
  if (rank === "Jk") return t("joker");
  const r = RANK_NAMES[rank.toUpperCase()];
  const s = SUIT_NAMES[suit];
  return r && s ? t("{rank} of {suit}", { rank: r(), suit: s() }) : token;
}

/** One suit shape centred at x, y, `size` units from its middle to its edge; upside down when `flip`. */
function suitAt(suit, x, y, size, flip = false, kind = "suit") {
  return `<g class="${kind}" transform="translate(${x} ${y}) scale(${size})${flip ? " rotate(180)" : ""}">`
    + `${SUIT_SHAPES[suit]}</g>`;
}

/** The corner index (rank over suit), top left; a full-size face repeats it turned round, bottom right. */
function index(rank, suit, small) {
  const letter = escaped(LETTERS[rank] ? LETTERS[rank]() : rank);
  const spacing = rank === "10" ? ` letter-spacing="${small ? -2 : -1.5}"` : "";
  const text = small ? `<text x="4" y="21" font-size="21"${spacing}>${letter}</text>`
    : `<text x="3" y="14" font-size="12.5"${spacing}>${letter}</text>`;
  const mark = small ? suitAt(suit, 12, 32, 7.5) : suitAt(suit, 8, 21.5, 4.3);
  const corner = `<g class="index">${text}${mark}</g>`;
  return small ? corner : corner + `<g class="index" transform="rotate(180 30 42)">${text}${mark}</g>`;
}

/** The middle of a face: pips, a large suit, or a framed letter. */
function centre(rank, suit, small) {
  if (small) return suitAt(suit, 39, 63, 14);
  if (rank === "A") return suitAt(suit, 30, 42, 13);
  if (PIPS[rank]) return PIPS[rank].map(([x, y]) => suitAt(suit, x, y, 4.8, y > 42, "pip")).join("");
  const letter = escaped(LETTERS[rank]());
  return '<rect x="15" y="9" width="30" height="66" rx="3" fill-opacity=".08" stroke-width="1.2"/>'
    + suitAt(suit, 21, 16, 4) + suitAt(suit, 39, 68, 4, true)
    + `<text x="30" y="52" font-size="27" text-anchor="middle">${letter}</text>`;
}

/** The joker: a star in the corners and a large one in the middle, over the word. */
function jokerFace(small) {
  const corner = `<g transform="translate(${small ? 13 : 9} ${small ? 13 : 10}) scale(${small ? 9 : 5.5})">${STAR}</g>`;
  if (small) return corner + `<g transform="translate(37 58) scale(16)">${STAR}</g>`;
  return `${corner}<g transform="rotate(180 30 42)">${corner}</g><g transform="translate(30 38) scale(14)">${STAR}</g>`
    + `<text x="30" y="66" font-size="9" text-anchor="middle" letter-spacing="1">${escaped(t("joker").toUpperCase())}</text>`;
}

/** The back: a framed lattice of small diamonds. */
function backFace() {
  let lattice = "";
  for (let y = 12; y <= 72; y += 7.5) {
    for (let x = 12 + ((y - 12) / 7.5 % 2) * 4.5; x <= 48; x += 9) lattice += `M${x} ${y - 3}l2.6 3l-2.6 3l-2.6-3Z`;
  }
  return '<rect x="1" y="1" width="58" height="82" rx="6" fill="#1f3f77" stroke="#fff" stroke-width="2"/>'
    + '<rect x="6" y="6" width="48" height="72" rx="3.5" fill="#24508f" stroke="#cfd9ee" stroke-width="1.2"/>'
    + `<path d="${lattice}" fill="#9db7e3" fill-opacity=".55"/>`
    + '<circle cx="30" cy="42" r="9" fill="#1f3f77" stroke="#cfd9ee" stroke-width="1.2"/>'
    + `<g transform="translate(30 42) scale(5)" fill="#cfd9ee">${SUIT_SHAPES.s}</g>`;
}

/** An SVG element showing `token` face up (or the back when token is null). */
export function cardSvg(token, { small = false } = {}) {
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("viewBox", "0 0 60 84");
  svg.setAttribute("role", "img");
  svg.classList.add("card");
  if (small) svg.classList.add("small");
  if (token === null) {
    svg.classList.add("back");
    svg.innerHTML = backFace();
    svg.setAttribute("aria-label", t("face-down card"));
    return svg;
  }
  const [rank, suit] = parseCard(token);
  const joker = rank === "Jk";
  const known = joker || (SUIT_SHAPES[suit] && (PIPS[rank] || LETTERS[rank.toUpperCase()]));
  const colour = joker ? JOKER : suit === "d" || suit === "h" ? RED : BLACK;
  const face = `<rect class="face" x="1" y="1" width="58" height="82" rx="6" fill="white" stroke="#999"/>`;
  let body;
  if (joker) body = jokerFace(small);
  else if (known) body = index(rank.toUpperCase(), suit, small) + centre(rank.toUpperCase(), suit, small);
  else body = `<text x="30" y="50" font-size="18" text-anchor="middle">${escaped(token)}</text>`;
  svg.innerHTML = face + `<g fill="${colour}" stroke="${colour}" stroke-width="0" font-weight="700"`
    + ` font-family="Georgia, 'DejaVu Serif', serif">${body}</g>`;
  svg.dataset.card = token;
  svg.setAttribute("aria-label", cardName(token));
  return svg;
}

/** A row of cards (face up) in a div. */
export function cardRow(tokens, opts = {}) {
  const div = document.createElement("div");
  div.className = "cards";
  for (const token of tokens) div.appendChild(cardSvg(token, opts));
  return div;
}

// ------------------------------------------------------------------ cards coming in

/** Where a card is: its token and the names (id, else classes) of up to four elements around it, e.g.
 *  "Qh@cards<felt<panel<div". A card of a removed subtree (`root`, taken out of `parent`) is placed as it was. */
function placeOf(card, root = null, parent = null) {
  const around = [];
  for (let el = card; around.length < 4;) {
    el = el === root ? parent : el.parentElement;
    if (!el || el === document.body) break;
    around.push(el.id ? `#${el.id}` : el.getAttribute("class") || el.tagName);
  }
  return `${card.dataset.card}@${around.join("<")}`;
}

/** The cards in `node` (itself, or those inside it). */
const cardsIn = (node) => node.matches("svg.card[data-card]") ? [node] : node.querySelectorAll("svg.card[data-card]");

/** The page draws a table afresh on every message: a card whose place (its token where it lies) the drawing
 *  replaced with its like is no news; one more there than before just came (played, drawn, laid down), and
 *  is marked to come in. */
const observer = new MutationObserver((records) => {
  const removed = new Map();
  const added = [];
  for (const record of records) {
    for (const node of record.removedNodes) {
      if (node.nodeType !== Node.ELEMENT_NODE) continue;
      for (const card of cardsIn(node)) {
        const place = placeOf(card, node, record.target);
        removed.set(place, (removed.get(place) || 0) + 1);
      }
    }
    for (const node of record.addedNodes) if (node.nodeType === Node.ELEMENT_NODE && node.isConnected) added.push(node);
  }
  if (!removed.size) return;  // the page's first drawing: nothing came, it was all there
  for (const node of added) {
    for (const card of cardsIn(node)) {
      const place = placeOf(card);
      const before = removed.get(place) || 0;
      if (before > 0) removed.set(place, before - 1);
      else card.classList.add("enter");
    }
  }
});
observer.observe(document.body, { childList: true, subtree: true });
