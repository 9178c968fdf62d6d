// Hot-seat: the whole page says whose turn it is, and nothing of anyone's hand is in the
// DOM until that player clicks. The player who just moved may take the move back here
// (undo.js), without the next player's hand being shown; a request another person makes
// is answered here too.
import { h } from "../dom.js";
import { t } from "../i18n.js";
import { takeBackButton, undoDialog } from "./undo.js";

export function privacyScreen(page, view) {
  const name = page.names()[view.viewer];
  return h(
    "section",
    { class: "privacy", "aria-labelledby": "privacy-title", dataset: { seat: String(view.viewer) } },
    h("h1", { id: "privacy-title", text: t("privacy.pass", { name }) }),
    h("p", { text: t("privacy.hint") }),
    h("button", {
      type: "button",
      class: "primary",
      id: "privacy-continue",
      text: t("privacy.show", { name }),
      onclick: () => {
        page.revealed = view.viewer;
        page.render();
      },
    }),
    takeBackButton(page),
    undoDialog(page),
  );
}
