// Messages to the person: a banner for errors and connection state, localised by code.
import { h } from "./dom.js";
import { has, t } from "./i18n.js";

// A server error: its code's message from the catalogue, with the server's own reason.
export function errorText(code, reason) {
  const key = `error.${code}`;
  return has(key) ? t(key) : t("error.generic", { code });
}

export function showError(err, code) {
  const banner = document.getElementById("banner");
  const text = code ? errorText(code) : err && err.status ? t("error.http", { status: err.status }) : t("error.network");
  const box = h(
    "div",
    { class: ["notice", "error"], role: "alert" },
    h("span", { text }),
    err && err.detail ? h("span", { class: "reason", dataset: { source: "server" }, text: err.detail }) : null,
    h("button", { type: "button", class: "close", "aria-label": t("common.dismiss"), text: "×", onclick: () => box.remove() }),
  );
  banner.append(box);
  return box;
}

export function setStatus(id, text, kind = "info") {
  const banner = document.getElementById("banner");
  let box = banner.querySelector(`[data-status="${id}"]`);
  if (!text) {
    if (box) box.remove();
    return;
  }
  if (!box) {
    box = h("div", { class: ["notice", kind], dataset: { status: id } });
    banner.append(box);
  }
  box.textContent = text;
}
