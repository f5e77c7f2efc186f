// A player's page (/?player=<name>, GET /api/players/{name}): per game the rating with its uncertainty
// ("provisional" until settled), the rated games and a small line chart of the rating after each; the games played
// per game and variant with their results; the latest tables with their outcome, finished ones linking to their
// replay. The chart is drawn here, in SVG.
import { currentLanguage, t } from "./i18n.js";
import { tableMarks } from "./marks.js";
import { h, panel } from "./ui.js";

const SVG = "http://www.w3.org/2000/svg";
/** Everybody's rating before their first rated game (on the scale of the bots' levels: ``ratings.ELO_BASE``). */
const START = 1500;

function s(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  for (const c of children.flat()) if (c !== null && c !== undefined) node.append(c);
  return node;
}

const day = (seconds) => new Date(seconds * 1000).toLocaleDateString(currentLanguage(),
  { year: "numeric", month: "short", day: "numeric" });

/** The rating after each rated game as a line (from the starting rating when the history holds every game), the
 *  lowest and highest rating written at the left; its words for screen readers. */
function chart(rating, created) {
  const points = rating.history.map(([at, value]) => [at, value]);
  if (points.length === rating.games) points.unshift([created, START]);
  if (!points.length) return null;
  const values = points.map(([, v]) => v);
  const low = Math.min(...values);
  const high = Math.max(...values);
  const span = Math.max(high - low, 20);
  const [W, H, left, top, bottom] = [300, 90, 42, 8, 8];
  const x = (i) => left + (points.length === 1 ? (W - left) / 2 : (i * (W - left - 6)) / (points.length - 1));
  const y = (v) => top + ((high + (span - (high - low)) / 2 - v) / span) * (H - top - bottom);
  const words = t("Rating after each rated game: {ratings}", { ratings: values.join(", ") });
  return s("svg", { class: "rating-chart", viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": words },
    s("title", {}, words),
    s("line", { x1: left, y1: top, x2: left, y2: H - bottom, class: "axis" }),
    s("text", { x: left - 4, y: y(high) + 4, "text-anchor": "end", class: "axis-label" }, String(high)),
    low !== high ? s("text", { x: left - 4, y: y(low) + 4, "text-anchor": "end", class: "axis-label" }, String(low)) : null,
    points.length > 1 ? s("polyline", { points: points.map(([, v], i) => `${x(i)},${y(v)}`).join(" "), class: "line" }) : null,
    points.map(([at, v], i) => s("circle", { cx: x(i), cy: y(v), r: 3.5, class: "point" },
      s("title", {}, `${day(at)}: ${v}`))));
}

/** A game's rating: the number, ±uncertainty, "provisional" until settled, the rated games, the chart. */
function ratingBlock(game, title, rating, created) {
  return h("div", { class: "rating", "data-game": game },
    h("h3", {}, title),
    h("p", { class: "rating-line" }, h("strong", { class: "rating-value" }, String(rating.rating)), " ",
      h("span", { class: "uncertainty", title: t("how sure the rating is: the true one lies within this, most likely") },
        `±${rating.uncertainty}`),
      rating.provisional ? [" ", h("span", { class: "mark provisional",
        title: t("Provisional: too few rated games yet for the rating to be settled") }, t("provisional"))] : null),
    h("p", { class: "muted rated-games" }, t("Rated games: {n}", { n: rating.games })),
    chart(rating, created));
}

const OUTCOMES = { won: () => t("won"), lost: () => t("lost"), drawn: () => t("drawn") };

/** How a table of the page ended for the player, in words. */
function outcomeWords(r) {
  if (!r.finished) return t("in play");
  return OUTCOMES[r.outcome] ? OUTCOMES[r.outcome]() : t("ended without a result");
}

/** Fill `main` with the page of the player named `name`; a name nobody has is said so. */
export async function showPlayer(main, name, { api, games }) {
  let player;
  try {
    player = await api(`/api/players/${encodeURIComponent(name)}?lang=${currentLanguage()}`);
  } catch (e) {
    if (e.status !== 404) throw e;
    document.title = `${t("No such player")} · parlour`;
    main.replaceChildren(panel(t("No such player"), h("p", { id: "no-player" },
      t("Nobody here is named “{name}”.", { name })), h("p", {}, h("a", { href: "/" }, t("Back to the lobby")))));
    return;
  }
  const all = await games();
  const titles = Object.fromEntries(all.map((g) => [g.name, g.title]));
  const title = (game) => titles[game] || game;
  document.title = `${player.name} · parlour`;
  const order = (game) => { const i = all.findIndex((g) => g.name === game); return i < 0 ? all.length : i; };
  const rated = Object.keys(player.ratings).sort((a, b) => order(a) - order(b));

  const head = panel(null, h("h1", { class: "player-name", id: "player-name" }, player.name),
    h("p", { class: "muted" }, t("Playing here since {date}.", { date: day(player.created) })));
  const ratings = panel(t("Ratings"), rated.length
    ? h("div", { class: "ratings", id: "ratings" }, rated.map((game) => ratingBlock(game, title(game), player.ratings[game], player.created)))
    : h("p", { class: "muted", id: "no-ratings" }, t("No rated game yet: a rating comes with the first.")));
  const played = panel(t("Games played"), player.played.length
    ? h("table", { class: "stats", id: "played" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("game")), h("th", { scope: "col" }, t("games")),
        h("th", { scope: "col" }, t("wins")), h("th", { scope: "col" }, t("losses")), h("th", { scope: "col" }, t("draws")))),
      h("tbody", {}, player.played.map((p) => h("tr", { "data-game": p.game, "data-spec": p.spec },
        h("th", { scope: "row" }, title(p.game), h("div", { class: "muted spec" }, p.spec_words || p.spec)),
        h("td", {}, String(p.played)), h("td", {}, String(p.won)), h("td", {}, String(p.lost)), h("td", {}, String(p.drawn))))))
    : h("p", { class: "muted", id: "no-played" }, t("No finished game yet.")));
  const recent = panel(t("Latest tables"), player.recent.length
    ? h("ul", { class: "recent", id: "recent" }, player.recent.map((r) => h("li", {
      "data-table": r.table, "data-outcome": r.outcome || (r.finished ? "none" : "playing") },
    h("span", { class: "table-name" }, r.name), ...tableMarks(r), " · ", title(r.game), " · ",
    h("strong", { class: `outcome ${r.outcome || ""}` }, outcomeWords(r)), " · ", h("span", { class: "muted" }, day(r.created)), " ",
    r.finished ? h("a", { href: `/?table=${encodeURIComponent(r.table)}&replay=1`, class: "replay-link" }, t("Replay"))
      : h("a", { href: `/?table=${encodeURIComponent(r.table)}`, class: "open-link" }, t("Open")))))
    : h("p", { class: "muted", id: "no-recent" }, t("No table yet.")));
  main.replaceChildren(h("div", { class: "player-page", id: "player", "data-player": player.name }, head, ratings,
    played, recent));
}

