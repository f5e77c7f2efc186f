// The client of a game that ships none: its view as text. The page adds the hand and a button per legal action.
export function area(msg, ui) {
  return ui.h("pre", { class: "view", id: "view" }, JSON.stringify(msg.view, null, 1));
}
