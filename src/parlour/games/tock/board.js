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

/** Notation text written by `seat` with its own pawns (p1…p4) named for everyone instead (a1…a4); in a card played
 *  for a teammate (`for c: 8 p2`), p1…p4 are that teammate's. */
export function absoluteNames(seat, text) {
  const served = /^for ([a-h]):\s*(.*)$/.exec(text);
  if (served) return `for ${served[1]}: ${absoluteNames(served[1].charCodeAt(0) - 97, served[2])}`;
  return text.replace(/\bp(\d)/g, (whole, n) => seatPawn(seat, n));
}

/** Each team's mark, by team index: a colour and a line style, told apart without colour too (and by its name in
 *  words wherever it is shown). The line style is CSS's; `dash` is the same as an SVG stroke. */
export const TEAM_MARKS = [
  { colour: "#111111", line: "solid", dash: null },
  { colour: "#6a3d9a", line: "dashed", dash: "10 6" },
  { colour: "#a6500a", line: "dotted", dash: "2 6" },
  { colour: "#01665e", line: "double", dash: "16 4 3 4" },
];

/** The index of the team of `seat` in `teams` (a view's, as seat lists), or -1 without teams. */
export const teamOf = (teams, seat) => (teams || []).findIndex((team) => team.includes(seat));

/** A team's ring: a circle at `at` of radius `r` drawn with team `team`'s mark. */
function teamRing(team, [cx, cy], r) {
  const mark = TEAM_MARKS[team % TEAM_MARKS.length];
  return el("circle", { cx, cy, r, fill: "none", stroke: mark.colour, "stroke-width": 6, class: "team-ring",
    "stroke-linecap": "round", ...(mark.dash ? { "stroke-dasharray": mark.dash } : {}) });
}

/** Where place `place` (a track square, "h1" … "h4" in `seat`'s home, or null: its reserve spot `index`) is drawn. */
export function pointOf(layout, seat, place, index) {
  if (place === null || place === undefined) return layout.reserves[seat][index];
  if (typeof place === "string") return layout.homes[seat][Number(place.slice(1)) - 1];
  return layout.squares[place % layout.squares.length];
}

/** The mark of a home lane's team: past the lane's last square, a ring of the team's mark round its number. */
function laneMark(lane, team, seat) {
  const [x3, y3] = lane[lane.length - 2];
  const [x4, y4] = lane[lane.length - 1];
  const at = [x4 + (x4 - x3) * 1.2, y4 + (y4 - y3) * 1.2];
  const g = el("g", { class: "team-lane", "data-team": team + 1, "data-seat": seat });
  g.appendChild(el("title", {}, t("Team {n}", { n: team + 1 })));
  g.appendChild(el("circle", { cx: at[0], cy: at[1], r: 17, fill: "#fff" }));
  g.appendChild(teamRing(team, at, 17));
  g.appendChild(el("text", { x: at[0], y: at[1] + 8, "text-anchor": "middle", "font-size": 22, "font-weight": 700,
    fill: "#111" }, String(team + 1)));
  return g;
}

const PAWN_RADIUS = 23;
const LABEL_SIZE = 32;
/** Pawns and their labels are drawn big enough to read on a phone (the board is then about 360 px wide). */

/**
 * The board with the view's pawns. `me` is the viewer's seat (null for a spectator); options:
 * `selected`, the names of the selected pawns (as the notation writes them for `me`: p1, b3); `onPawn(name)`,
 * called when a pawn is clicked (none: pawns are not buttons); `movable`, the names of the pawns the chosen
 * card can move (outlined); `targets`, the places a click plays an action, each { at: [x, y], label, key, data },
 * `data` being the target's data attributes; `onTarget(target)`, called when one is clicked.
 */
export function drawBoard(layout, view, me, { selected = [], onPawn = null, movable = new Set(), targets = [],
  onTarget = null } = {}) {
  const svg = el("svg", { viewBox: "0 0 1000 1000", role: "group", "aria-label": t("Tock board"), class: "tock-board" });
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
  if (view.teams) layout.homes.forEach((lane, seat) => svg.appendChild(laneMark(lane, teamOf(view.teams, seat), seat)));
  layout.reserves.forEach((spots, seat) => spots.forEach(([cx, cy]) => svg.appendChild(
    el("circle", { cx, cy, r: 12, fill: "none", stroke: layout.seat_colors[seat], "stroke-dasharray": "4 3" }))));
  // A target's gold spot lies under the pawns: on a pawn's square (a capture, a swap) it is a halo round the pawn,
  // whose label stays white on its colour; the target's dashed ring and its click area are drawn over the pawns.
  for (const target of targets) {
    svg.appendChild(el("circle", { cx: target.at[0], cy: target.at[1], r: PAWN_RADIUS + 6, fill: "rgba(255, 215, 0, 0.35)",
      class: "target-spot" }));
  }
  view.pawns.forEach((pawns, seat) => pawns.forEach((place, index) => {
    const at = pointOf(layout, seat, place, index);
    const name = pawnName(seat, index, me);
    const label = seatPawn(seat, index + 1);
    const classes = ["pawn", selected.includes(name) ? "selected" : "", movable.has(name) ? "movable" : ""];
    const g = el("g", { class: classes.filter(Boolean).join(" "), "data-pawn": name, "data-label": label });
    const team = teamOf(view.teams, seat);
    if (team >= 0) {
      g.setAttribute("data-team", team + 1);
      g.appendChild(teamRing(team, at, PAWN_RADIUS + 4));
    }
    g.appendChild(el("circle", { cx: at[0], cy: at[1], r: PAWN_RADIUS, fill: layout.seat_colors[seat], stroke: "#222",
      "stroke-width": 2 }));
    g.appendChild(el("text", { x: at[0], y: at[1] + LABEL_SIZE * 0.35, "text-anchor": "middle", "font-size": LABEL_SIZE,
      fill: "white", stroke: "#222", "stroke-width": 5, "paint-order": "stroke", "font-weight": 700 }, label));
    if (onPawn) {
      g.setAttribute("role", "button");
      g.setAttribute("tabindex", "0");
      g.setAttribute("aria-label", label);
      g.setAttribute("aria-pressed", selected.includes(name) ? "true" : "false");
      g.addEventListener("click", () => onPawn(name));
      g.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); onPawn(name); } });
    }
    svg.appendChild(g);
  }));
  for (const target of targets) {
    const g = el("g", { class: "target", role: "button", tabindex: "0", "aria-label": target.label });
    for (const [k, v] of Object.entries(target.data)) g.setAttribute(`data-${k}`, v);
    g.appendChild(el("title", {}, target.label));
    g.appendChild(el("circle", { cx: target.at[0], cy: target.at[1], r: PAWN_RADIUS + 6, fill: "none",
      "pointer-events": "visible", stroke: "#111", "stroke-width": 5, "stroke-dasharray": "10 6" }));
    if (onTarget) {
      g.addEventListener("click", () => onTarget(target));
      g.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); onTarget(target); } });
    }
    svg.appendChild(g);
  }
  return svg;
}
