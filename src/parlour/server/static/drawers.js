// The table's side panels (what happened, chat, the deal's fairness, the hint) as drawers. On a wide screen they
// sit open beside the table; on a phone each is a sheet over the bottom of the page, opened by its button in the
// table's bar (aria-expanded says whether it is open), so that the board and the hand fill the screen. Opening
// one closes another; the close button, its toggle again, or Escape close it, and the focus goes into the sheet
// when it opens and back to its toggle when it closes. Which one is open outlives the table being drawn again.
import { t } from "./i18n.js";
import { h } from "./ui.js";

/** The drawer open now (its name), or null: kept across redraws of the table. */
let open = null;
/** What to do when a drawer opens (its name → function), set by the toggles of the latest drawing. */
const onOpen = new Map();

const toggleOf = (name) => document.getElementById(`open-${name}`);
const drawerOf = (name) => document.getElementById(`drawer-${name}`);

/** Show drawer ``name`` open or closed in the page as drawn now, its toggle saying so. */
function mark(name, shown) {
  drawerOf(name)?.classList.toggle("open", shown);
  toggleOf(name)?.setAttribute("aria-expanded", shown ? "true" : "false");
}

/** Open drawer ``name`` (closing any other), its logs scrolled to their end and the focus on its close button. */
function show(name) {
  if (open && open !== name) mark(open, false);
  open = name;
  mark(name, true);
  const box = drawerOf(name);
  if (!box) return;
  for (const log of box.querySelectorAll(".log")) log.scrollTop = log.scrollHeight;
  onOpen.get(name)?.();
  box.querySelector(".drawer-close")?.focus();
}

/** Close the open drawer, the focus back on its toggle (where that toggle is shown). */
function hide() {
  if (!open) return;
  const name = open;
  open = null;
  mark(name, false);
  const toggle = toggleOf(name);
  if (toggle && toggle.offsetParent !== null) toggle.focus();
}

document.addEventListener("keydown", (e) => {
  if (e.key === "Escape" && open) { e.preventDefault(); hide(); }
});

/** The bar's button opening (or closing) drawer ``name``; ``then``: what else opening it does (ask a hint). */
export function drawerToggle(name, label, then = null) {
  if (then) onOpen.set(name, then); else onOpen.delete(name);
  return h("button", { type: "button", class: "drawer-toggle", id: `open-${name}`, "aria-controls": `drawer-${name}`,
    "aria-expanded": open === name ? "true" : "false", on: { click: () => (open === name ? hide() : show(name)) } }, label);
}

/** Drawer ``name``: a panel titled ``title`` holding ``children``, with its close button (shown on a phone). */
export function drawer(name, title, ...children) {
  return h("section", { class: "panel drawer" + (open === name ? " open" : ""), id: `drawer-${name}`,
    "aria-labelledby": `drawer-${name}-title` },
  h("div", { class: "drawer-head" }, h("h2", { id: `drawer-${name}-title` }, title),
    h("button", { type: "button", class: "drawer-close", id: `close-${name}`, "aria-label": t("Close: {panel}", { panel: title }),
      on: { click: hide } }, "✕")),
  ...children);
}

/** After the table is drawn: a drawer left open that this drawing has not (the hint once the turn passed) is
 *  forgotten, so that it does not open by itself at a later turn. */
export function settle() {
  if (open && !drawerOf(open)) open = null;
}
