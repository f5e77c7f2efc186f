// The deal's fairness, usable by anyone at the table: the full commitment (SHA-256 of the seed's decimal text,
// published when the table opened) with a copy button; once the table is finished, the page's own check of the
// revealed seed against it, a link that downloads the record, and the exact `parlour replay --verify` command
// that checks the downloaded file on one's own machine.
import { t } from "./i18n.js";
import { h } from "./ui.js";

/** SHA-256 of ``text`` (UTF-8) as lowercase hex, or null where the browser offers no digest (plain http). */
async function sha256Hex(text) {
  if (!globalThis.crypto || !crypto.subtle) return null;
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

const checked = new Map(); // table id → promise of the seed's hash (null: no digest here), fetched once

/** The name the record downloads under, which the verify command then names. */
const recordFile = (table) => `parlour-${table.game}-${table.id}.json`;

/** The command that checks a downloaded record against the commitment (`parlour replay --help`: FILE, --verify). */
const verifyCommand = (table) => `parlour replay --verify ${table.seed_commitment} ${recordFile(table)}`;

/** A button "Copy" (for a screen reader ``what``) that copies ``text`` and says so through ``notify`` (or, where
 * the browser refuses, shows the text to copy by hand). */
function copyButton(id, what, text, notify) {
  return h("button", { id, type: "button", class: "copy", "aria-label": what, on: { click: async () => {
    try { await navigator.clipboard.writeText(text); notify(t("Copied: {text}", { text })); }
    catch { notify(t("Copy it by hand: {text}", { text })); }
  } } }, t("Copy"));
}

/** The fairness box of a table: the commitment, and once finished the check, the record and the command. */
export function fairness(table, notify) {
  const commitment = h("div", { title: t("SHA-256 of the deal's seed, published when the table opened") },
    t("Deal commitment (SHA-256 of the seed):"), " ", h("code", { id: "commitment" }, table.seed_commitment), " ",
    copyButton("copy-commitment", t("Copy the commitment"), table.seed_commitment, notify));
  const box = h("div", { class: "muted fairness", id: "fairness" }, commitment);
  if (table.status !== "finished") return box;
  const check = h("div", { id: "deal-check", role: "status" }, t("Checking the deal…"));
  const command = verifyCommand(table);
  box.append(check, h("div", {},
    h("a", { id: "download-record", href: `/api/tables/${encodeURIComponent(table.id)}/record`, download: recordFile(table) },
      t("Download record")), " · ", t("Check it yourself:"), " ", h("code", { id: "verify-command" }, command), " ",
    copyButton("copy-command", t("Copy the command"), command, notify)));
  if (!checked.has(table.id)) {
    checked.set(table.id, fetch(`/api/tables/${table.id}/record`).then((r) => r.json())
      .then((data) => sha256Hex(String((data.record || data).seed))));
  }
  checked.get(table.id).then((hash) => {
    if (hash === null) check.textContent = t("Deal not checked: this browser offers no SHA-256 here (use https or localhost).");
    else if (hash === table.seed_commitment) { check.textContent = "✓ " + t("Deal verified: the seed matches the commitment published at the start."); check.classList.add("verified"); }
    else { check.textContent = "✗ " + t("Deal NOT verified: the seed does not match the published commitment!"); check.classList.add("unverified"); }
  }).catch(() => { checked.delete(table.id); check.textContent = t("Deal not checked: the record could not be read."); });
  return box;
}
