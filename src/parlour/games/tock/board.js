// The Tock board as SVG, drawn from the layout the server computes from the game's geometry (its layout part).
import { t } from "/static/i18n.js";

const NS = "http://www.w3.org/2000/svg";
const boards = new Map();

/** The board layout for `players` (fetched once per size from the game's layout URL, `url?players=N`). */
export async function boardLayout(url, players) {
  if (!boards.has(players)) {
    const response = await fetch(`${url}?players=${players}`);
    boards.set(players, await response.json());
  }
  return boards.get(players);
}

function el(name, attrs, text) {
  const node = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

/** A pawn's name as the notation writes it for `me`: own pawns p1…p4, others seat letter + number. */
export function pawnName(seat, index, me) {
  return seat === me ? `p${index + 1}` : seatPawn(seat, index + 1);
}

/** A pawn's name for everyone (board, log, moves, terminal): its seat's letter and number, a1 … h4. */
export const seatPawn = (seat, number) => `${String.fromCharCode(97 + seat)}${number}`;

/** Notation text written by `seat` with its own pawns (p1…p4) named for everyone instead (a1…a4). */
export const absoluteNames = (seat, text) => text.replace(/\bp(\d)/g, (whole, n) => seatPawn(seat, n));

/**
 * The board with the view's pawns; `onPawn(name)` is called when a pawn is clicked,
 * `selected` is the name of the selected pawn, `me` the viewer's seat (null for a spectator).
 */
export function drawBoard(layout, view, me, selected, onPawn) {
  const svg = el("svg", { viewBox: "0 0 1000 1000", role: "img", "aria-label": t("Tock board") });
  svg.appendChild(el("circle", { cx: 500, cy: 500, r: 490, fill: "#f3e6c4", stroke: "#8a6d3b", "stroke-width": 6 }));
  for (const [a, b] of layout.shortcuts) {
    const [x1, y1] = layout.squares[a];
    const [x2, y2] = layout.squares[b];
    svg.appendChild(el("line", { x1, y1, x2, y2, stroke: "#b48a3c", "stroke-width": 6, "stroke-dasharray": "14 8" }));
  }
  const startOf = new Map(layout.starts.map((sq, seat) => [sq, seat]));
  const footOf = new Map(layout.feet.map((sq, seat) => [sq, seat]));
  layout.squares.forEach(([cx, cy], i) => {
    const owner = startOf.get(i);
    const fill = owner !== undefined ? layout.seat_colors[owner] : layout.intersections.includes(i) ? "#d9c089" : "#fff";
    const stroke = footOf.has(i) ? layout.seat_colors[footOf.get(i)] : "#8a6d3b";
    svg.appendChild(el("circle", { cx, cy, r: 13, fill, stroke, "stroke-width": footOf.has(i) ? 5 : 2 }));
  });
  layout.homes.forEach((lane, seat) => lane.forEach(([cx, cy]) => svg.appendChild(
    el("circle", { cx, cy, r: 15, fill: "#fff", stroke: layout.seat_colors[seat], "stroke-width": 5 }))));
  layout.reserves.forEach((spots, seat) => spots.forEach(([cx, cy]) => svg.appendChild(
    el("circle", { cx, cy, r: 12, fill: "none", stroke: layout.seat_colors[seat], "stroke-dasharray": "4 3" }))));
  const n = layout.squares.length;
  view.pawns.forEach((pawns, seat) => pawns.forEach((place, index) => {
    // A place is a track square (int), a home square ("h1" … "h4") or the reserve (null).
    let at;
    if (place === null || place === undefined) at = layout.reserves[seat][index];
    else if (typeof place === "string") at = layout.homes[seat][Number(place.slice(1)) - 1];
    else at = layout.squares[place % n];
    const name = pawnName(seat, index, me);
    const label = seatPawn(seat, index + 1);
    const g = el("g", { class: "pawn" + (name === selected ? " selected" : ""), "data-pawn": name, "data-label": label });
    g.appendChild(el("circle", { cx: at[0], cy: at[1], r: 17, fill: layout.seat_colors[seat], stroke: "#222",
      "stroke-width": 2 }));
    g.appendChild(el("text", { x: at[0], y: at[1] + 6, "text-anchor": "middle", "font-size": 16, fill: "white",
      "font-weight": 700 }, label));
    g.addEventListener("click", () => onPawn(name));
    svg.appendChild(g);
  }));
  return svg;
}
