// The client of a game that ships none: its view as text, one line per key (the log and results have their
// own panels). The page adds the hand and a button per legal action.
export function area(msg, ui) {
  const lines = Object.entries(msg.view).filter(([k]) => k !== "log" && k !== "results")
    .map(([k, v]) => `${k}: ${JSON.stringify(v)}`);
  return ui.h("pre", { class: "view", id: "view" }, lines.join("\n"));
}
