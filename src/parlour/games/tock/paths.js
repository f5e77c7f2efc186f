// Where a legal Tock action takes each pawn, from the board layout and the pawns the view shows: what the board
// highlights when a card and a pawn are chosen. The server decides what is legal (the message's `legal`); this
// only follows a legal action's count along the track the layout describes (squares in the direction pawns move,
// the shortcuts, each seat's foot and home lane), as the rules say (rules.en.md, "Moving").

const HOME = 4;

/** A legal action's text read into what it does: { kind, card, parts: [{ pawn, steps, jumps, stayOut }], … }.
 *  Pawns are written as the mover writes them: own p1…p4, another seat's b3. */
export function readAction(text) {
  const words = text.trim().split(/\s+/);
  const [card] = words;
  if (card === "discard" || card === "bonus") return { kind: card };
  if (words[1] === "enter") return { kind: "enter", card };
  const rest = words.slice(card === "Jk" ? 2 : 1);
  if (card === "J") {
    const [mine, theirs] = rest.join("").split("<>");
    return { kind: "swap", card, pawn: mine, other: theirs };
  }
  const parts = rest.map((token) => {
    const m = /^([a-z]\d)(?:\+(\d+))?(>*)(~?)$/.exec(token);
    return { pawn: m[1], steps: m[2] === undefined ? null : Number(m[2]), jumps: m[3].length, stayOut: m[4] === "~" };
  });
  if (card === "7") {
    if (parts.length === 1 && parts[0].steps === null) parts[0].steps = 7;
    return { kind: "seven", card, parts };
  }
  const steps = { A: 1, Q: 12, K: 13, Jk: 18 }[card] ?? Number(card);
  parts[0].steps = steps;
  return { kind: card === "5" ? "push" : card === "4" ? "back" : "move", card, parts };
}

/** A pawn's name for everyone (a1 … h4) from the mover's notation (p2 is the mover's own). */
export function absolute(name, mover) {
  return name[0] === "p" ? `${String.fromCharCode(97 + mover)}${name.slice(1)}` : name;
}

/** The pawns of `view` as a Map from name (a1 …) to place: a track square, "h1" … "h4", or null (reserve). */
export function placesOf(view) {
  const places = new Map();
  view.pawns.forEach((pawns, seat) => pawns.forEach((place, i) =>
    places.set(`${String.fromCharCode(97 + seat)}${i + 1}`, place ?? null)));
  return places;
}

const seatOf = (name) => name.charCodeAt(0) - 97;

/** The squares a move visits on the track, one per step (its shortcuts first), from `at`. */
function walk(layout, at, steps, jumps, direction) {
  const n = layout.squares.length;
  const links = new Map(layout.shortcuts.map(([a, b]) => (direction > 0 ? [a, b] : [b, a])));
  const path = [];
  for (let i = 0; i < steps; i++) {
    at = i < jumps && links.has(at) ? links.get(at) : (at + direction + n) % n;
    path.push(at);
  }
  return path;
}

/** Whose pawn stands on track square `square` (its name), or null. */
function standing(places, square) {
  for (const [name, place] of places) if (place === square) return name;
  return null;
}

/** Send the pawns on `squares` (but `mover`) back to their reserve: a King passing them, a move landing there. */
function capture(places, squares, mover) {
  for (const square of squares) {
    const there = standing(places, square);
    if (there && there !== mover) places.set(there, null);
  }
}

/** Move pawn `name` forward (or back, or pushed) in `places`, which is changed: captures go to the reserve. */
function step(layout, places, name, steps, { jumps = 0, stayOut = false, back = false, pushed = false, king = false }) {
  const at = places.get(name);
  if (typeof at === "string") {  // up its home lane, exact counts
    places.set(name, `h${Number(at.slice(1)) + steps}`);
    return;
  }
  const path = walk(layout, at, steps, jumps, back ? -1 : 1);
  const seat = seatOf(name);
  let left = 0;
  if (!back && !pushed) {
    const foot = layout.feet[seat];
    const before = path.slice(0, -1).indexOf(foot);
    left = jumps ? (before >= 0 ? steps - 1 - before : 0) : Math.max(0, steps - ((foot - at + layout.squares.length) % layout.squares.length));
  }
  if (left > 0 && left <= HOME && !stayOut) {
    const lane = [...places].filter(([other, place]) => seatOf(other) === seat && typeof place === "string")
      .map(([, place]) => Number(place.slice(1)));
    if (lane.every((h) => h > left)) {
      if (king) capture(places, path.slice(0, steps - left), name);
      places.set(name, `h${left}`);
      return;
    }
  }
  capture(places, king ? path : path.slice(-1), name);
  places.set(name, path[path.length - 1]);
}

/**
 * The places after `mover` plays `text` (a legal action) on the pawns `places` (see placesOf), as a new Map;
 * only the first `upto` parts of a 7 when given. Null for an action that moves no pawn (discard, bonus).
 */
export function after(layout, places, mover, text, upto = Infinity) {
  const action = readAction(text);
  const out = new Map(places);
  if (action.kind === "discard" || action.kind === "bonus") return null;
  if (action.kind === "enter") {
    const letter = String.fromCharCode(97 + mover);
    const pawn = [1, 2, 3, 4].map((k) => `${letter}${k}`).find((name) => out.get(name) === null);
    const there = standing(out, layout.starts[mover]);
    if (there) out.set(there, null);
    out.set(pawn, layout.starts[mover]);
    return out;
  }
  if (action.kind === "swap") {
    const mine = absolute(action.pawn, mover);
    const theirs = absolute(action.other, mover);
    out.set(mine, places.get(theirs));
    out.set(theirs, places.get(mine));
    return out;
  }
  action.parts.slice(0, upto).forEach((part) => step(layout, out, absolute(part.pawn, mover), part.steps, {
    jumps: part.jumps, stayOut: part.stayOut, back: action.kind === "back", pushed: action.kind === "push",
    king: action.card === "K" }));
  return out;
}

/** Where `text` takes pawn `name` (a1 …): its place after the action, or undefined if it does not move it. */
export function destination(layout, places, mover, text, name) {
  const next = after(layout, places, mover, text);
  if (!next || next.get(name) === places.get(name)) return undefined;
  return next.get(name);
}
