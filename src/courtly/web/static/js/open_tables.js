// The lobby's open tables (waiting or playing), kept fresh while the lobby is shown: asked
// again every few seconds while the tab is visible, redrawn only when something changed (so
// a reader's focus and the page stay put), and no longer asked once the lobby is left.
import { api } from "./api.js";
import { h } from "./dom.js";
import { gameTitle, t } from "./i18n.js";
import { paceText } from "./pace.js";
import { seatLabel } from "./seats.js";
import { joinButton } from "./quickplay.js";

// Often enough that a table opened elsewhere shows up while one looks, rarely enough for
// the server: one small read per lobby reader every 5 s.
const REFRESH_MS = 5000;

/** @typedef {{ kind: string, seat: number, name?: string | null, bot?: string | null, deleted?: boolean }} OpenSeat */
/** @typedef {{ id: string, game: string, title: string, num_players: number, status: string, hints?: boolean, rated?: boolean, quick?: boolean, clock?: { pace: string } | null, seats: OpenSeat[] }} OpenTable */

/** The open tables' panel, drawn from `tables` and kept fresh until the lobby is left.
 * @param {OpenTable[]} tables @returns {{ element: HTMLElement, stop: () => void }} */
export function openTablesPanel(tables) {
  const list = h("div", { id: "open-tables-list" });
  const element = h("section", { class: "panel", id: "open-tables", "aria-labelledby": "open-title" }, h("h2", { id: "open-title", text: t("lobby.open_tables") }), list);
  let shown = "";
  /** @param {OpenTable[]} all */
  const draw = (all) => {
    const open = all.filter((tb) => tb.status === "waiting" || tb.status === "playing");
    // Only what the list shows: a clock's time left changes every read and is not shown.
    const key = JSON.stringify(open.map((tb) => [tb.id, tb.status, tb.seats, tb.hints, tb.rated, tb.clock?.pace]));
    if (key === shown) return;
    shown = key;
    const focused = /** @type {HTMLElement | null} */ (list.contains(document.activeElement) ? document.activeElement : null);
    const again = focused && (focused.dataset.join || focused.getAttribute("href"));
    list.replaceChildren(tableList(open));
    if (again) /** @type {HTMLElement | null} */ (list.querySelector(`[data-join="${again}"], [href="${again}"]`))?.focus();
  };
  draw(tables);
  const refresh = async () => {
    if (!element.isConnected) return stop();
    if (document.hidden) return;
    try {
      draw(await api("/api/tables?status=active"));
    } catch {
      // The server away for a moment: the list stays as it was until the next read.
    }
  };
  const timer = setInterval(refresh, REFRESH_MS);
  const stop = () => clearInterval(timer);
  return { element, stop };
}

/** @param {OpenTable[]} open */
function tableList(open) {
  if (open.length === 0) return h("p", { class: "muted", text: t("lobby.no_tables") });
  return h(
    "ul",
    { class: "table-list" },
    open.map((tb) =>
      h(
        "li",
        { dataset: { table: tb.id } },
        h("strong", { text: gameTitle(tb.game, tb.title) }),
        " ",
        h("span", { text: t(`status.${tb.status}`) }),
        " ",
        tb.hints ? [h("span", { class: ["badge", "hints-on"], text: t("hints.on") }), " "] : null,
        tb.rated ? [h("span", { class: ["badge", "rated-on"], text: t("rated.badge") }), " "] : null,
        tb.clock ? [h("span", { class: ["badge", "pace-badge"], text: paceText(tb.clock.pace) }), " "] : null,
        // Names are the players' own (proper names), not the client's words.
        h("span", { class: "muted", dataset: { source: "server" }, text: tb.seats.map((seat) => seatLabel(seat)).join(" · ") }),
        " ",
        joinButton(tb),
        h("a", { href: `/play/${tb.id}`, class: "button", text: t("lobby.watch") }),
      ),
    ),
  );
}
