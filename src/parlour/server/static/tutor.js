// The tutor at the table: the Hint button (the strong bot's suggestion, from the seat's own view, with the
// other moves it weighed), and the lessons: "Learn <game>" in the lobby opens a game against bots on a fixed
// deal, whose page shows, above the moves, what the learner may do now and why (the server's `lesson` lines)
// with a hint asked on every turn. app.js calls configure() once, then learnPanel, lessonPanel and hintBox.
import { currentLanguage, t } from "./i18n.js";
import { actionWords, h, panel } from "./ui.js";

const page = { api: null, token: null, rerender: null, toast: null };
/** The latest hint: the table and version it was asked on, and the answer (or the refusal, as text). */
const tutor = { key: null, answer: null, error: null, pending: false };

/** What the tutor needs of the page: api(path, body), token(tableId), rerender(), toast(text). */
export function configure(ctx) { Object.assign(page, ctx); }

/** The lobby's "Learn" panel: one button per lesson the server offers ("Learn" and its name, in the game's own words);
 *  a click opens the lesson and seats you at it. */
export function learnPanel() {
  const buttons = h("div", { class: "learn", id: "learn" });
  const box = panel(t("Learn to play"), h("p", { class: "muted" },
    t("A first game against bots on a chosen deal, explained step by step.")), buttons);
  box.hidden = true;
  const start = async (lesson) => {
    try {
      const name = (localStorage.getItem("parlour:name") || "").trim() || t("Guest");
      const joined = await page.api(`/api/lessons?lang=${currentLanguage()}`, { game: lesson.game, name });
      localStorage.setItem(`parlour:token:${joined.table}`, joined.token);
      location.href = `/?table=${joined.table}`;
    } catch (e) { page.toast(e.message); }
  };
  page.api(`/api/lessons?lang=${currentLanguage()}`).then((lessons) => {
    buttons.replaceChildren(...lessons.map((lesson) => h("button", { class: "primary learn-game", "data-game": lesson.game,
      on: { click: () => start(lesson) } }, lesson.title)));
    box.hidden = lessons.length === 0;
  }).catch(() => {});
  return box;
}

const keyOf = (msg) => `${msg.table.id}:${msg.view.version}`;

/** Ask the server for a hint on the message's state (once per state); the answer redraws the table. The page
 *  asks when the hint's drawer opens on a phone, as its Hint button does. */
export async function askHint(msg) {
  const key = keyOf(msg);
  if (tutor.key === key && (tutor.pending || tutor.answer || tutor.error)) return;
  Object.assign(tutor, { key, answer: null, error: null, pending: true });
  page.rerender();
  try {
    const answer = await page.api(`/api/tables/${msg.table.id}/hint?lang=${currentLanguage()}`,
      { token: page.token(msg.table.id), version: msg.view.version });
    if (tutor.key === key) tutor.answer = answer;
  } catch (e) {
    if (tutor.key === key) tutor.error = e.message;
  }
  if (tutor.key === key) { tutor.pending = false; page.rerender(); }
}

/** A hint's value with its sign, in the page's language: "+0.42", "−1,50". */
const signed = (value) => new Intl.NumberFormat(currentLanguage(), { signDisplay: "always", minimumFractionDigits: 2,
  maximumFractionDigits: 2 }).format(value);

/** A move's value with its standard error, in the page's language: "+0.42 ± 0.05" (alone from one playout). */
const estimate = (m) => m.value_error == null ? signed(m.value) : `${signed(m.value)} ± ${new Intl.NumberFormat(
  currentLanguage(), { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(m.value_error)}`;

/** A move in words with its notation beside them, its pieces named as the board shows them (the notation alone
 *  when the game has no words for it). */
const moveText = (move) => {
  const notation = move.label || move.action;
  return [h("span", { class: "words" }, move.words),
    move.words === move.action ? null : h("span", { class: "notation" }, ` (${notation})`)];
};

/** The answer to the latest hint on this state: the suggested move (the best valued) and why, in the game's terms
 *  (the server's words, in the page's language), then the others weighed, best first. The numbers behind it sit in
 *  a "Details" disclosure: each move's value ± its standard error, its share of finished games ahead as a 95 %
 *  interval when the server gives one (never a bare share), and its playouts. */
function answerView(msg) {
  if (tutor.key !== keyOf(msg)) return null;
  if (tutor.pending) return h("p", { id: "hint", class: "hint muted", role: "status" }, t("Thinking…"));
  if (tutor.error) return h("p", { id: "hint", class: "hint", role: "status" }, tutor.error);
  const a = tutor.answer;
  if (!a) return null;
  const value = (m) => h("span", { class: "value", title: t("estimated value: what this seat ends with on average after this move, in the search's playouts (± one standard error)") },
    estimate(m));
  const ahead = (m) => m.ahead_low == null ? null : [" ", h("span", { class: "ahead",
    title: t("95 % interval of the share of the games played out to the end in which this seat came out ahead") },
    t("ahead in {low}–{high}% of finished games", { low: Math.floor(100 * m.ahead_low + 1e-9),
      high: Math.ceil(100 * m.ahead_high - 1e-9) }))];
  const detail = (m) => h("span", { class: "muted playouts" }, t("({n} playouts)", { n: m.visits }));
  const weighed = [a, ...a.alternatives];
  return h("div", { id: "hint", class: "hint", role: "status", "data-action": a.action },
    h("p", {}, h("strong", {}, t("Suggested move:") + " "), moveText(a),
      a.iterations ? null : [" ", h("span", { class: "muted" }, t("(the only move)"))]),
    a.reason ? h("p", { class: "reason" }, a.reason) : null,
    a.alternatives.length ? h("p", { class: "muted" }, t("Other moves weighed:")) : null,
    a.alternatives.length ? h("ul", { class: "alternatives" }, a.alternatives.map((m) => h("li", { "data-action": m.action },
      moveText(m)))) : null,
    a.iterations ? h("details", { class: "hint-details" }, h("summary", {}, t("Details")),
      h("ul", {}, weighed.map((m) => h("li", { "data-action": m.action }, moveText(m), " ", value(m), ahead(m), " ",
        detail(m))))) : null);
}

/** Mark the suggested move's button among the moves, and the cards of the hand it names, once the table is
 *  drawn (class `hinted`). */
function markSuggested(msg, movesBox) {
  if (tutor.key !== keyOf(msg) || !tutor.answer) return;
  const action = tutor.answer.action;
  for (const button of movesBox ? movesBox.querySelectorAll("[data-action]") : []) {
    if (button.getAttribute("data-action") === action) button.classList.add("hinted");
  }
  const words = actionWords(action);
  setTimeout(() => {
    for (const card of document.querySelectorAll("#hand [data-card]")) {
      if (words.includes(card.getAttribute("data-card").toLowerCase())) card.classList.add("hinted");
    }
  }, 0);
}

/** The hint's drawer, on the seat's turn: the Hint button and its answer (at a lesson, the answer is in the
 *  lesson banner and asked without a click); the suggested move's button among the moves is marked. */
export function hintBox(msg, movesBox) {
  if (msg.seat === null || msg.table.status !== "playing" || !msg.legal.length) return null;
  markSuggested(msg, movesBox);
  if (msg.table.lesson) return null;
  return h("div", { class: "hint-box" },
    h("button", { id: "hint-button", type: "button", on: { click: () => askHint(msg) } }, t("Hint")), answerView(msg));
}

/** At a lesson, a banner above the board: what the learner may do now and why, and the hint asked for them. */
export function lessonPanel(msg) {
  if (!msg.table.lesson) return null;
  if (msg.seat === null) return panel(t("Lesson"), h("p", { class: "muted", id: "lesson" },
    t("This table is a lesson: one person plays against bots on a fixed deal.")));
  const mine = msg.table.status === "playing" && msg.legal.length > 0;
  if (mine) setTimeout(() => askHint(msg), 0);
  // The banner scrolls within itself when its words run long: Tab reaches it, so the keys scroll it too.
  return h("section", { class: "panel lesson", id: "lesson-panel", tabindex: 0, "aria-labelledby": "lesson-title" },
    h("h2", { id: "lesson-title" }, t("Lesson")),
    h("ul", { id: "lesson" }, (msg.lesson || []).map((line) => h("li", {}, line))),
    mine ? answerView(msg) : null);
}
