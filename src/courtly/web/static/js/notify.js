// A browser notification when a table starts waiting on the logged-in player, if they asked
// for one: off by default, turned on on the account page (the browser's permission is asked
// only then, by that click), and remembered in this browser. your-move.js says when.
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { go } from "./navigate.js";

const STORE_KEY = "courtly.notify";

function supported() {
  return typeof window.Notification === "function";
}

export function notifyOn() {
  try {
    return supported() && localStorage.getItem(STORE_KEY) === "1" && Notification.permission === "granted";
  } catch {
    return false;
  }
}

/** @param {boolean} on */
function remember(on) {
  try {
    localStorage.setItem(STORE_KEY, on ? "1" : "0");
  } catch {
    // Private mode without storage: the switch holds for this page only.
  }
}

// One notification per table (its tag: a second one for the same table replaces the first);
// clicking it opens the table.
/** @param {{ id: string, title: string }} tb */
export function notifyTurn(tb) {
  if (!notifyOn()) return;
  try {
    const note = new Notification(t("notify.title"), { body: t("notify.body", { game: tb.title }), tag: `courtly-${tb.id}` });
    note.onclick = () => {
      window.focus();
      go(`/play/${tb.id}`);
      note.close();
    };
  } catch (err) {
    // Some browsers allow notifications only from a service worker: the title still counts.
    console.warn(err);
  }
}

// The switch on the account page (a checkbox: a screen reader says on or off), and a line
// that says why it stays off when the browser refuses or cannot show notifications.
export function notifyToggle() {
  const why = h("p", { class: "hint", id: "notify-why", role: "status" });
  const box = h("input", {
    type: "checkbox",
    id: "notify-toggle",
    checked: notifyOn(),
    disabled: !supported(),
    "aria-describedby": "notify-why",
    onchange: async () => {
      why.textContent = "";
      if (!box.checked) {
        remember(false);
        return;
      }
      const permission = await Notification.requestPermission();
      if (permission !== "granted") {
        box.checked = false;
        why.textContent = t("account.notify_refused");
      }
      remember(box.checked);
    },
  });
  if (!supported()) why.textContent = t("account.notify_unsupported");
  return h(
    "div",
    { class: "notify-switch" },
    h("label", { class: "sound-toggle", for: "notify-toggle" }, box, h("span", { text: t("account.notify") })),
    why,
  );
}
