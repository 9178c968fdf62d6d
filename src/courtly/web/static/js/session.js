// Who is logged in on this browser (an account is optional: links need none). The session
// itself is an HttpOnly cookie the page never reads; the server says whose it is, and the
// check token the page sends with every state-changing request (api.js).
import { api, setCsrf } from "./api.js";
import { t } from "./i18n.js";

/** @typedef {{ id: string, name: string, created_at: string }} Account */

/** @type {Account | null} */
let account = null;

/** @returns {Account | null} */
export function currentAccount() {
  return account;
}

/** @param {{ account: Account | null, csrf: string | null }} answer */
export function signedAs(answer) {
  account = answer.account;
  setCsrf(answer.csrf);
  showInBar();
}

export async function loadAccount() {
  try {
    signedAs(await api("/api/account"));
  } catch {
    // The server away: a guest until the next load (links work without an account).
    signedAs({ account: null, csrf: null });
  }
}

// The top bar's link to the account page: the player's name, or "Log in".
export function showInBar() {
  const link = document.getElementById("nav-account");
  if (!link) return;
  link.textContent = account ? account.name : t("nav.login");
  // The name is the player's own (as typed), not one of the client's words.
  if (account) link.dataset.source = "server";
  else delete link.dataset.source;
}
