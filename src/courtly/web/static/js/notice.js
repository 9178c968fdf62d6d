// Messages to the person: a banner for errors and connection state, localised by code.
import { h } from "./dom.js";
import { has, t } from "./i18n.js";

// A server error: its code's message from the catalogue, with the server's own reason.
export function errorText(code, reason) {
  const key = `error.${code}`;
  return has(key) ? t(key) : t("error.generic", { code });
}

// What a refused or failed request means, in words (no status code, no browser error):
// the server out of reach, a table, game or player that is not there, the server's own
// failure, or its refusal (its one line then stands beside: ``reasonOf``).
export function requestText(err) {
  if (!err || !err.status) return t("error.network");
  if (err.status === 404 && /^\/api\/tables\/[^/?]+/.test(err.path || "")) {
    return t(location.pathname.startsWith("/replay/") ? "error.no_game" : "error.no_table");
  }
  if (err.status === 404 && /^\/api\/players\//.test(err.path || "")) return t("error.no_player");
  return t(err.status >= 500 ? "error.server" : "error.http");
}

// The server's own line beside a refusal (a 404's too: "no player is named 'Nobody'" says
// which name was not found); none for its failures, whose text is no person's sentence.
export function reasonOf(err) {
  return err && err.detail && err.status >= 400 && err.status < 500 ? err.detail : null;
}

// A server error in the banner: a websocket refusal by its ``code``, else a request's. A
// request's is brought into view: it answers what the person just did, wherever the page was
// scrolled to (a phone's lobby form sits far below the banner).
export function showError(err, code) {
  const banner = document.getElementById("banner");
  const text = code ? errorText(code) : requestText(err);
  const reason = code ? err && err.detail : reasonOf(err);
  const box = h(
    "div",
    { class: ["notice", "error"], role: "alert", dataset: code ? { code } : { http: String(err && err.status ? err.status : 0) } },
    h("span", { text }),
    reason ? h("span", { class: "reason", dataset: { source: "server" }, text: reason }) : null,
    h("button", { type: "button", class: "close", "aria-label": t("common.dismiss"), text: "×", onclick: () => box.remove() }),
  );
  banner.append(box);
  if (!code) box.scrollIntoView({ block: "nearest" });
  return box;
}

// The banners one form raised: each new attempt takes its last one away, and a success (or
// the form's page gone) clears them, so nothing stale stays over the page (sticky, it covers
// the top of a phone's screen).
export function errorScope() {
  /** @type {Set<HTMLElement>} */
  const shown = new Set();
  const clear = () => {
    for (const box of shown) box.remove();
    shown.clear();
  };
  /** @param {unknown} err */
  const show = (err) => {
    clear();
    const box = showError(err);
    shown.add(box);
    return box;
  };
  return { show, clear };
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

// The page for an address that leads nowhere (no such page, table, game or player, a link
// that opens no seat, a replay of a game still played): why, in words, the server's own line
// where it gave one, and the way back to the lobby, after a nearer way on where there is one.
/** @param {string} text @param {{ reason?: string | null, way?: { href: string, id: string, text: string } }} [more] */
export function nothingHere(text, { reason = null, way = undefined } = {}) {
  return h(
    "section",
    { class: ["panel", "nothing-here"], id: "nothing-here" },
    h("h1", { text }),
    reason ? h("p", { class: "reason", dataset: { source: "server" }, text: reason }) : null,
    way ? h("p", {}, h("a", { href: way.href, id: way.id, class: ["button", "primary"], text: way.text })) : null,
    h("p", {}, h("a", { href: "/", id: "to-lobby", text: t("error.to_lobby") })),
  );
}
