// Tock in the browser: the board (drawn from the game's layout) and direct play on it. Click a card, then a pawn:
// the board circles each place that card takes that pawn to, and a click there plays it. A 7 is split step by step
// (a pawn, its steps, what remains, the next pawn, then play); a J takes your pawn, then the other; a card that
// brings a pawn out is played on your reserve or your start; a card nobody can play is dropped on the pile. The
// move buttons under the hand stay as the list of every legal move, in words. In a team game the seats show their
// team's mark and name, the page names the partner, and a seat whose pawns are all home plays its cards on a
// teammate's pawns the same way (its legal moves are then `for c: 8 p2`, p2 being the teammate's).
import { cardSvg, parseCard } from "/static/cards.js";
import { t } from "/static/i18n.js";
import { actionWords as wordsOfText, numberedLog } from "/static/ui.js";
import { checkedView } from "/static/views.js";
import { TEAM_MARKS, absoluteNames, boardLayout, drawBoard, pointOf, teamOf } from "./board.js";
import { absolute, after, placesOf, readAction } from "./paths.js";
import viewSchema from "./view_shape.js";

export const hint = t("Click a card, then a pawn, then a circled place to play there. The moves below list them all.");

/** The 7 split being built: its state version, card, the seat whose pawns it moves and the parts chosen so far
 *  (p1+3 …, as the notation, p1 being that seat's). */
let picker = { version: null, card: null, owner: null, parts: [] };
const noPicker = () => ({ version: null, card: null, owner: null, parts: [] });

const letterOf = (seat) => String.fromCharCode(97 + seat);
const seatOfName = (name) => name.charCodeAt(0) - 97;
/** A pawn's name as the board's data-pawn says it for `me` (own p1…p4, others b3) from its absolute name. */
const forMe = (name, me) => (seatOfName(name) === me ? `p${name.slice(1)}` : name);

/** A legal action read as whose pawns its card moves: { owner, card } — a card played for a teammate (`for c: 8 p2`)
 *  moves seat c's pawns with `8 p2`; any other is the mover's own (`owner` = `me`). */
function served(action, me) {
  const m = /^for ([a-h]):\s*(.*)$/.exec(action);
  return m ? { owner: seatOfName(m[1]), card: m[2] } : { owner: me, card: action };
}

/** A part of a 7 as the notation writes it, with its count: p1+3, p2+4>, p1+7~. */
const partText = (part) => `${part.pawn}+${part.steps}${">".repeat(part.jumps)}${part.stayOut ? "~" : ""}`;
const partsOf = (action) => readAction(served(action, null).card).parts.map(partText);
const stepsOf = (part) => Number(/\+(\d+)/.exec(part)[1]);

function selectedCard(ui) {
  const [card] = ui.selection.cards;
  return card ?? null;
}

/** Whether `msg` is this page's own turn at a table in play: only then may the board be clicked. */
const playing = (msg) => msg.seat !== null && msg.table.status === "playing" && msg.legal.length > 0;

/** The 7s of `sevens` still open after `chosen` parts: those holding every chosen part. */
function openSevens(sevens, chosen) {
  return sevens.filter((a) => {
    const left = partsOf(a);
    return chosen.every((part) => { const i = left.indexOf(part); if (i < 0) return false; left.splice(i, 1); return true; });
  });
}

/** The board's circles and outlines for the current selection, and what a click on each does. */
function choices(msg, ui, layout) {
  const none = { targets: [], movable: new Set(), seven: null };
  const card = selectedCard(ui);
  if (!card) picker = noPicker();  // the selection was cleared: so is the split
  if (!playing(msg) || !card) return none;
  const me = msg.seat;
  const places = placesOf(msg.view);
  const legal = msg.legal.filter((a) => matches(actionWords(a, msg), card));
  const piece = ui.selection.piece;
  const pointFor = (name, place) => pointOf(layout, seatOfName(name), place, Number(name.slice(1)) - 1);
  if (parseCard(card)[0] === "7" && legal.some((a) => served(a, me).card.startsWith("7 "))) {
    return sevenChoices(msg, ui, layout, legal, places);
  }
  const movable = new Set();
  const targets = [];
  for (const action of legal) {
    const { owner, card: played } = served(action, me);
    const moved = after(layout, places, owner, played);
    if (!moved) continue;
    const changed = [...moved].filter(([name, place]) => place !== places.get(name) && place !== null);
    for (const [name] of changed) movable.add(forMe(name, me));
    if (readAction(played).kind === "enter") {
      targets.push({ at: layout.squares[layout.starts[owner]], label: ui.wordsOf(action), data: { action } });
      continue;
    }
    if (!piece) continue;
    const mine = absolute(piece, me);
    if (moved.get(mine) !== places.get(mine) && moved.get(mine) !== null) {
      targets.push({ at: pointFor(mine, moved.get(mine)), label: ui.wordsOf(action), data: { action } });
    }
  }
  return { targets, movable, seven: null };
}

/** The 7 picker's circles: where the selected pawn gets with each count still open, after the parts chosen. A seat
 *  playing for teammates splits a 7 among one teammate's pawns: the first part chosen says whose. */
function sevenChoices(msg, ui, layout, legal, places) {
  const me = msg.seat;
  const card = selectedCard(ui);
  if (picker.version !== msg.view.version || picker.card !== card) picker = { ...noPicker(), version: msg.view.version, card };
  const ours = legal.filter((a) => served(a, me).card.startsWith("7 ")
    && (picker.owner === null || served(a, me).owner === picker.owner));
  const sevens = openSevens(ours, picker.parts);
  const left = 7 - picker.parts.reduce((sum, part) => sum + stepsOf(part), 0);
  const piece = ui.selection.piece;
  const options = new Set();
  const movable = new Set();
  for (const action of sevens) {
    const { owner } = served(action, me);
    const rest = partsOf(action);
    for (const part of picker.parts) rest.splice(rest.indexOf(part), 1);
    for (const part of rest) {
      const pawn = forMe(absolute(part.split("+")[0], owner), me);
      movable.add(pawn);
      if (pawn === piece) options.add(part);
    }
  }
  const owner = piece ? seatOfName(absolute(piece, me)) : picker.owner;
  const targets = [...options].map((part) => {
    const moved = after(layout, places, owner, `7 ${[...picker.parts, part].join(" ")}`);
    const name = absolute(piece, me);
    return { at: pointOf(layout, owner, moved.get(name), Number(name.slice(1)) - 1), part,
      label: t("{pawn} forward {n}", { pawn: name, n: stepsOf(part) }), data: { part } };
  });
  const done = left === 0 ? sevens.find((a) => partsOf(a).length === picker.parts.length) : null;
  return { targets, movable, seven: { left, done, options: [...options], sevens } };
}

/** A part of the 7 chosen for the selected pawn `piece` (as the board names it for `me`): its owner's split. */
function choosePart(part, piece, me) {
  picker.owner = seatOfName(absolute(piece, me));
  picker.parts.push(part);
}

/** The view with the pawns where the parts of the 7 chosen so far take them: the picker shows what remains from there. */
function picked(layout, v) {
  if (!picker.parts.length) return v;
  const moved = after(layout, placesOf(v), picker.owner, `7 ${picker.parts.join(" ")}`);
  return { ...v, pawns: v.pawns.map((pawns, seat) => pawns.map((_, i) => moved.get(`${letterOf(seat)}${i + 1}`))) };
}

/** The 7 picker's line: the parts chosen, what remains, the counts for the selected pawn, undo and play. */
function sevenPanel(msg, ui, seven) {
  const { h } = ui;
  const me = msg.seat;
  const named = (part, owner) => t("{pawn} forward {n}", { pawn: absoluteNames(owner, part.split("+")[0]), n: stepsOf(part) });
  const chosen = picker.parts.map((part) => named(part, picker.owner));
  const piece = ui.selection.piece;
  const step = (part) => { choosePart(part, piece, me); ui.select(piece); };
  const said = seven.done ? t("The 7 is split: {parts}.", { parts: chosen.join(", ") })
    : chosen.length ? t("Split the 7: {parts} · {n} left. Choose a pawn, then where it goes.", { parts: chosen.join(", "), n: seven.left })
      : t("Split the 7: choose a pawn, then where it goes ({n} steps in all).", { n: seven.left });
  return h("div", { class: "seven-picker", id: "seven" }, h("p", { id: "seven-said" }, said),
    seven.options.map((part) => h("button", { class: "seven-step", "data-part": part, on: { click: () => step(part) } },
      named(part, seatOfName(absolute(piece, me))))),
    picker.parts.length ? h("button", { id: "seven-undo", on: { click: () => undoPart(ui) } }, t("Undo the last part")) : null,
    seven.done ? h("button", { id: "seven-play", class: "primary", "data-action": seven.done, on: { click: () => ui.send(seven.done) } },
      t("Play: {words}", { words: ui.wordsOf(seven.done) })) : null);
}

/** Take back the 7's last part chosen (with none left, the split is anyone's again). */
function undoPart(ui) {
  picker.parts.pop();
  if (!picker.parts.length) picker.owner = null;
  ui.rerender();
}

/** The pile: the last card played; a card nobody can play is discarded by clicking it, then the pile. */
function pile(msg, ui) {
  const { h } = ui;
  const v = msg.view;
  const card = playing(msg) ? selectedCard(ui) : null;
  const discard = card ? msg.legal.find((a) => a.startsWith("discard ") && matches(wordsOfText(a), card)) : null;
  const top = (v.pile || []).slice(-1).map((c) => cardSvg(c, { small: true }));
  if (!discard) return h("span", { id: "pile" }, top);
  return h("button", { id: "pile", class: "pile target-pile confirm", "data-action": discard, on: { click: () => ui.send(discard) } },
    top, " ", ui.wordsOf(discard));
}

/** A joker's bonus (or a kept one) to play now or keep: two buttons with the game's words. */
function bonus(msg, ui) {
  const { h } = ui;
  const choices = playing(msg) ? msg.legal.filter((a) => a.startsWith("bonus ")) : [];
  if (!choices.length) return null;
  return h("div", { id: "bonus", class: "bonus" }, choices.map((a) =>
    h("button", { class: "bonus-choice", "data-action": a, on: { click: () => ui.send(a) } }, ui.wordsOf(a))));
}

/** Each seat's box in the players bar shows the seat's colour and letter, as its pawns on the board, and in a team
 *  game its team's mark along its top (the team's name is in the box's words: `score`). */
function seatStyle(layout, teams) {
  let style = document.getElementById("tock-seats");
  if (!style) {
    style = document.createElement("style");
    style.id = "tock-seats";
    document.head.append(style);
  }
  style.textContent = layout.seat_colors.map((colour, seat) => {
    const box = `#table:has(.tock-board) .player[data-seat="${seat}"]`;
    return `${box} { border-left: .6em solid ${colour}; }\n`
      + `${box}::before { content: "${letterOf(seat)}"; display: inline-block; min-width: 1.3em; margin-right: .35em; `
      + `text-align: center; font-weight: 700; color: #111; background: #fff; border: .2em solid ${colour}; border-radius: 50%; }`
      + teamBorder(box, teamOf(teams, seat));
  }).join("\n");
}

/** The CSS of seat box `box`'s team mark (team index `team`; none without teams). */
function teamBorder(box, team) {
  if (team < 0) return "";
  const mark = TEAM_MARKS[team % TEAM_MARKS.length];
  return `\n${box} { border-top: .3em ${mark.line} ${mark.colour}; }`;
}

/** The teams in words under the board: each team's name and players, the seat's partner(s), and, on its turn with
 *  its own pawns all home, whom it plays for. */
function teamLines(msg, ui, v) {
  const { h } = ui;
  if (!v.teams) return null;
  const me = msg.seat;
  const names = (seats) => seats.map((seat) => ui.nameOf(msg, seat)).join(", ");
  const lines = [h("p", { id: "teams", class: "team-line" }, v.teams.map((team, i) => h("span", {
    class: "team", "data-team": i + 1, style: `border-bottom: .2em ${TEAM_MARKS[i % TEAM_MARKS.length].line} currentColor`,
  }, t("Team {n}: {names}", { n: i + 1, names: names(team) }))).flatMap((span, i) => (i ? [" · ", span] : [span])))];
  const partners = me === null ? [] : v.teams[teamOf(v.teams, me)].filter((seat) => seat !== me);
  if (partners.length) lines.push(h("p", { id: "partner", class: "team-line" }, t("Partner: {names}", { names: names(partners) })));
  if (serves(msg)) lines.push(h("p", { id: "serving", class: "team-line serving" }, t("You play for {names}", { names: names(v.serving) })));
  return lines;
}

/** Said above the board when this page's seat is to play and its only legal moves are discards. */
const mustDiscard = (msg) => playing(msg) && msg.view.to_play === msg.seat && msg.legal.every((a) => a.startsWith("discard "));

/** Whether this page's seat is to play its cards for teammates now (its own pawns are all home). */
const serves = (msg) => playing(msg) && msg.view.to_play === msg.seat && (msg.view.serving || []).length > 0;

export async function area(msg, ui) {
  const { h } = ui;
  const v = checkedView(viewSchema, msg.view);
  const layout = await boardLayout(ui.game.layout, v.players);
  seatStyle(layout, v.teams);
  const me = msg.seat;
  const { targets, movable, seven } = choices(msg, ui, layout);
  const piece = ui.selection.piece;
  const onPawn = playing(msg) ? (name) => {
    const card = selectedCard(ui);
    const owner = seatOfName(absolute(name, me));
    const enter = card && v.pawns[owner][Number(name.slice(1)) - 1] === null
      ? msg.legal.find((a) => served(a, me).owner === owner && served(a, me).card.endsWith(" enter")
        && matches(actionWords(a, msg), card)) : null;
    if (enter) ui.send(enter);
    else ui.select(name);
  } : null;
  const onTarget = (target) => {
    if (target.part) { choosePart(target.part, piece, me); ui.select(piece); } else ui.send(target.data.action);
  };
  const board = drawBoard(layout, seven ? picked(layout, v) : v, me,
    { selected: piece ? [piece] : [], onPawn, movable, targets, onTarget });
  const discardOnly = mustDiscard(msg)
    ? h("p", { id: "discard-only", class: "team-line serving", role: "status" }, t("No card can be played: discard one")) : null;
  return h("div", { class: "board" }, teamLines(msg, ui, v), discardOnly, board, seven ? sevenPanel(msg, ui, seven) : null,
    bonus(msg, ui), h("div", { class: "muted" }, t("Stock {n} · last played", { n: v.stock }), " ", pile(msg, ui)));
}

/** What happened, each pawn named by its seat's letter (the view's log writes the mover's own as p1…p4). */
export function log(v) { return numberedLog(v).map(([seat, text, index]) => [seat, absoluteNames(seat, text), index]); }

/** A move's button text for the seat playing it: its pawns named as the board shows them. */
export function label(action, msg) { return msg.seat === null ? action : absoluteNames(msg.seat, action); }

export function score(v, seat) {
  const home = v.pawns[seat].filter((p) => typeof p === "string").length;
  const out = v.pawns[seat].filter((p) => typeof p === "number").length;
  const said = t("{out} out · {home} home", { out, home });
  const team = teamOf(v.teams, seat);
  return team < 0 ? said : `${t("Team {n}", { n: team + 1 })} · ${said}`;
}

/** The words of a legal action that a card and a pawn are matched against: a card played for a teammate
 *  (`for c: 8 p2`) as its card and that teammate's pawns named as the board names them (8, c2). */
export function actionWords(action, msg) {
  const { owner, card } = served(action, msg.seat);
  return owner === msg.seat ? wordsOfText(action) : wordsOfText(absoluteNames(owner, card));
}

/** A move uses a card when it starts with the card's rank (2s: the 2 of spades), or discards that very card. */
export function matches(words, card) {
  const [rank, suit] = parseCard(card);
  if (words[0] === "discard") return words[1] === card.toLowerCase();
  if (words[0] === "2s") return rank === "2" && suit === "s";
  return words[0] === rank.toLowerCase();
}

/** The move a card and a pawn would make when no legal move fits them (the page then says why not). */
export function candidate(msg, ui) {
  const card = selectedCard(ui);
  const piece = ui.selection.piece;
  if (!card || !piece) return null;
  const [rank] = parseCard(card);
  if (rank === "J") return null;
  const owner = seatOfName(absolute(piece, msg.seat));
  // A teammate's pawn, on a turn played for that teammate: the card as played for them (their pawns are p1…p4).
  return serves(msg) && msg.view.serving.includes(owner) ? `for ${piece[0]}: ${rank} p${piece.slice(1)}` : `${rank} ${piece}`;
}

/** One card at a time is selected; choosing another starts its choices afresh. */
export function pickCard(card, msg, ui) {
  const had = ui.selection.cards.has(card);
  ui.selection.cards.clear();
  if (!had) ui.selection.cards.add(card);
  picker = noPicker();
  ui.rerender();
  return true;
}

/** The end screen: the winner (in a team game, the winning team and its players), then every seat best first (the
 *  view's ranking) with its pawns home and its team. */
export function finish(msg, ui) {
  const v = msg.view;
  const order = v.ranking || [...v.pawns.keys()];
  const team = v.winner === null || v.winner === undefined ? -1 : teamOf(v.teams, v.winner);
  const title = v.winner === null || v.winner === undefined ? t("Game over.")
    : team >= 0 ? t("Team {n} wins: {names}!", { n: team + 1, names: v.teams[team].map((seat) => ui.nameOf(msg, seat)).join(", ") })
      : t("{name} wins!", { name: ui.nameOf(msg, v.winner) });
  return [title, order.map((seat) => `${ui.nameOf(msg, seat)} — ${score(v, seat)}`)];
}
