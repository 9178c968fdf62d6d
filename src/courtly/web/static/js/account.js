// The account page: log in or register (a guest), or, logged in, log out, change the
// password, delete the account, and the player's own games with links to their replays.
import { api } from "./api.js";
import { h } from "./dom.js";
import { gameTitle, t } from "./i18n.js";
import { errorScope, showError } from "./notice.js";
import { seatLabel } from "./seats.js";
import { currentAccount, signedAs } from "./session.js";
import { notifyToggle } from "./notify.js";
import { countYourMoves, showYourMoves, waitsOnMe } from "./your-move.js";
import { endedAt, scoreLine, seatStanding, standingBadge } from "./finished.js";

// The banners of each form (docs/web.md): a new attempt replaces its form's last, a success
// clears them. Logging in or creating the account clears both forms' banners: either form's
// refusal is old news once the player is in.
const errors = {
  login: errorScope(),
  register: errorScope(),
  logout: errorScope(),
  password: errorScope(),
  delete: errorScope(),
};

// The server's rule for a password (src/courtly/server/credentials.py, PASSWORD_CHARS): the
// browser says a short one before it is sent.
const PASSWORD_CHARS = [8, 256];

export async function showAccount() {
  const app = document.getElementById("app");
  const account = currentAccount();
  if (!account) {
    countYourMoves(); // logged out: nothing waits on anyone here
    app.replaceChildren(
      h("h1", { text: t("account.title") }),
      h("p", { class: "lead", text: t("account.intro") }),
      h("div", { class: "account-forms" }, credentialsForm("login"), credentialsForm("register")),
    );
    return;
  }
  const games = h(
    "section",
    { class: "panel", "aria-labelledby": "my-games-title" },
    h("h2", { id: "my-games-title", text: t("account.games") }),
    notifyToggle(),
  );
  app.replaceChildren(
    h("h1", { text: t("account.title") }),
    h(
      "p",
      { class: "lead", id: "signed-in" },
      t("account.signed_in"),
      " ",
      h("strong", { dataset: { source: "server" }, text: account.name }),
      " ",
      h("a", { href: `/players/${encodeURIComponent(account.name)}`, id: "my-profile", text: t("players.my_profile") }),
    ),
    h("button", { type: "button", id: "logout", text: t("account.logout"), onclick: logout }),
    games,
    h("div", { class: "account-forms" }, passwordForm(), deleteForm()),
  );
  await listGames(games);
}

/** @param {string} id @param {string} label @param {string} type @param {string} autocomplete @param {string} [help] */
function field(id, label, type, autocomplete, help) {
  // A new password keeps to the server's rule in the browser too (a short one is said at once).
  const rule = autocomplete === "new-password" ? { minLength: PASSWORD_CHARS[0], maxLength: PASSWORD_CHARS[1] } : {};
  const input = h("input", { id, type, autocomplete, required: true, ...rule, "aria-describedby": help ? `${id}-help` : null });
  return h(
    "div",
    { class: "field" },
    h("label", { for: id, text: label }),
    input,
    help ? h("p", { class: "hint", id: `${id}-help`, text: help }) : null,
  );
}

/** @param {HTMLElement} form @param {string} id */
function value(form, id) {
  return /** @type {HTMLInputElement} */ (form.querySelector(`#${id}`)).value;
}

/** @param {"login" | "register"} kind */
function credentialsForm(kind) {
  const register = kind === "register";
  const form = h(
    "form",
    { class: "panel", id: `${kind}-form`, "aria-labelledby": `${kind}-title` },
    h("h2", { id: `${kind}-title`, text: t(`account.${kind}`) }),
    field(`${kind}-name`, t("account.name"), "text", "username", register ? t("account.name_help") : undefined),
    field(`${kind}-password`, t("account.password"), "password", register ? "new-password" : "current-password", register ? t("account.password_help") : undefined),
    h("button", { type: "submit", class: "primary", id: `${kind}-submit`, text: t(`account.${kind}`) }),
  );
  form.onsubmit = async (event) => {
    event.preventDefault();
    const body = { name: value(form, `${kind}-name`), password: value(form, `${kind}-password`) };
    try {
      signedAs(await api(`/api/account/${kind}`, { method: "POST", body }));
    } catch (err) {
      errors[kind].show(err);
      return;
    }
    errors.login.clear();
    errors.register.clear();
    showAccount();
  };
  return form;
}

// Logged out (or deleted): the logged-in forms' refusals went with their page.
function clearAll() {
  for (const scope of Object.values(errors)) scope.clear();
}

async function logout() {
  try {
    signedAs(await api("/api/account/logout", { method: "POST" }));
  } catch (err) {
    errors.logout.show(err);
    return;
  }
  clearAll();
  showAccount();
}

function passwordForm() {
  const form = h(
    "form",
    { class: "panel", id: "password-form", "aria-labelledby": "password-title" },
    h("h2", { id: "password-title", text: t("account.change_password") }),
    field("password-current", t("account.current_password"), "password", "current-password"),
    field("password-new", t("account.new_password"), "password", "new-password", t("account.password_help")),
    h("button", { type: "submit", class: "primary", id: "password-submit", text: t("account.change_password") }),
  );
  form.onsubmit = async (event) => {
    event.preventDefault();
    const body = { current: value(form, "password-current"), new: value(form, "password-new") };
    try {
      signedAs(await api("/api/account/password", { method: "POST", body }));
    } catch (err) {
      errors.password.show(err);
      return;
    }
    errors.password.clear();
    form.reset();
    form.append(h("p", { class: "notice", role: "status", id: "password-changed", text: t("account.password_changed") }));
  };
  return form;
}

function deleteForm() {
  const form = h(
    "form",
    { class: "panel", id: "delete-form", "aria-labelledby": "delete-title" },
    h("h2", { id: "delete-title", text: t("account.delete") }),
    h("p", { class: "hint", text: t("account.delete_help") }),
    field("delete-password", t("account.password"), "password", "current-password"),
    h("button", { type: "submit", class: "danger", id: "delete-submit", text: t("account.delete") }),
  );
  form.onsubmit = async (event) => {
    event.preventDefault();
    if (!window.confirm(t("account.delete_confirm"))) return;
    try {
      signedAs(await api("/api/account/delete", { method: "POST", body: { password: value(form, "delete-password") } }));
    } catch (err) {
      errors.delete.show(err);
      return;
    }
    clearAll();
    showAccount();
  };
  return form;
}

/** @param {HTMLElement} panel */
async function listGames(panel) {
  let tables;
  try {
    tables = await api("/api/account/games");
  } catch (err) {
    showError(err);
    return;
  }
  showYourMoves(tables);
  if (tables.length === 0) {
    panel.append(h("p", { class: "muted", text: t("account.no_games") }));
    return;
  }
  panel.append(
    h(
      "ul",
      { class: "table-list", id: "my-games" },
      tables.map((tb) => gameRow(tb)),
    ),
  );
}

// One of the account's games: its title; once over, when it ended, each seat's score and where
// the account came, as the history and the profile say them (finished.js); else its seats,
// its status, and whether it waits on the account.
function gameRow(tb) {
  const names = tb.seats.map(seatLabel);
  const over = tb.status === "finished" || tb.status === "ended";
  const standing = over ? seatStanding(tb, tb.my_seat) : null;
  return h(
    "li",
    { dataset: { table: tb.id } },
    h("strong", { text: gameTitle(tb.game, tb.title) }),
    " ",
    over ? [endedAt(tb.finished_at), " ", scoreLine(names, tb.result ? tb.result.scores : null)] : h("span", { dataset: { source: "server" }, text: names.join(" · ") }),
    " ",
    h("span", { class: "muted", text: t(`status.${tb.status}`) }),
    " ",
    standing ? [standingBadge(standing), " "] : null,
    waitsOnMe(tb) ? [h("span", { class: ["badge", "your-move"], text: t("account.your_move") }), " "] : null,
    tb.status === "finished"
      ? h("a", { href: `/replay/${tb.id}`, class: "button", text: t("history.replay") })
      : h("a", { href: `/play/${tb.id}`, class: "button", text: t("account.open_table") }),
  );
}
