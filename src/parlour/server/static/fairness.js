// The deal's fairness, checked in the browser: once a table is finished its record reveals the seed, and
// the SHA-256 of the seed's decimal text must be the commitment the table published when it opened.
import { t } from "./i18n.js";
import { h } from "./ui.js";

/** SHA-256 of ``text`` (UTF-8) as lowercase hex, or null where the browser offers no digest (plain http). */
async function sha256Hex(text) {
  if (!globalThis.crypto || !crypto.subtle) return null;
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

const checked = new Map(); // table id → promise of the seed's hash (null: no digest here), fetched once

/** The commitment as shown while the table plays, and an element that says whether the deal checks out. */
export function fairness(table) {
  const box = h("div", { class: "muted fairness", id: "fairness", title: t("SHA-256 of the deal's seed, published when the table opened") },
    t("Deal commitment: {hash}", { hash: table.seed_commitment.slice(0, 16) + "…" }));
  if (table.status !== "finished") return box;
  if (!checked.has(table.id)) {
    checked.set(table.id, fetch(`/api/tables/${table.id}/record`).then((r) => r.json())
      .then((data) => sha256Hex(String((data.record || data).seed))));
  }
  checked.get(table.id).then((hash) => {
    if (hash === null) box.textContent = t("Deal not checked: this browser offers no SHA-256 here (use https or localhost).");
    else if (hash === table.seed_commitment) { box.textContent = "✓ " + t("Deal verified: the seed matches the commitment published at the start."); box.classList.add("verified"); }
    else { box.textContent = "✗ " + t("Deal NOT verified: the seed does not match the published commitment!"); box.classList.add("unverified"); }
  }).catch(() => { checked.delete(table.id); box.textContent = t("Deal not checked: the record could not be read."); });
  return box;
}
