// The server's protocol (docs/protocol.md): HTTP requests and one websocket per viewer,
// with automatic reconnection (backoff) and a fresh snapshot on every connect.

import { language } from "./i18n.js";

// A refused or failed request: its HTTP status (0: the server was not reached), the server's
// one line in the reader's language (null when it sent none: never "null" nor the browser's
// own "TypeError: Failed to fetch"), and the path asked.
export class ApiError extends Error {
  /**
   * @param {number} status
   * @param {string | null} detail
   * @param {string} [path]
   */
  constructor(status, detail, path = "") {
    super(detail || `HTTP ${status}`);
    this.status = status;
    this.detail = detail;
    this.path = path;
  }
}

// The check token of this browser's session cookie (docs/server.md, "Accounts"): sent with
// every state-changing request, which the server refuses without it while the cookie is set.
/** @type {string | null} */
let csrf = null;

/** @param {string | null} token */
export function setCsrf(token) {
  csrf = token;
}

/**
 * @param {string} path
 * @param {{ method?: string, body?: unknown, token?: string | null }} [request]
 */
export async function api(path, { method = "GET", body = undefined, token = null } = {}) {
  // The server's lines (a refusal's reason) in the page's language, which the reader may have
  // chosen apart from the browser's.
  /** @type {Record<string, string>} */
  const headers = { "Accept-Language": language() };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  if (csrf && method !== "GET") headers["X-Courtly-CSRF"] = csrf;
  let response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, null, path);
  }
  const data = await response.json().catch(() => null);
  if (!response.ok) {
    const detail = data && data.detail;
    throw new ApiError(response.status, typeof detail === "string" && detail.trim() ? detail : null, path);
  }
  return data;
}

// Close codes after which reconnecting cannot help (the server refused this link).
export const FINAL_ERRORS = new Set(["bad_token", "no_table", "replaced"]);
const BACKOFF_MS = [500, 1000, 2000, 4000, 8000];

export class Connection {
  // onMessage(message), onState("connecting" | "open" | "lost" | "closed", detail)
  constructor(tableId, token, { onMessage, onState }) {
    this.tableId = tableId;
    this.token = token;
    this.onMessage = onMessage;
    this.onState = onState;
    this.attempt = 0;
    this.stopped = false;
    this.final = null;
    this.socket = null;
    this.timer = null;
    this.connect();
  }

  connect() {
    if (this.stopped) return;
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${location.host}/api/tables/${this.tableId}/ws`);
    this.socket = socket;
    this.onState(this.attempt ? "lost" : "connecting", this.attempt);
    socket.addEventListener("open", () => {
      // The server writes this connection's events and choices in the reader's language.
      socket.send(JSON.stringify({ type: "hello", token: this.token || null, lang: language() }));
    });
    socket.addEventListener("message", (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      if (message.type === "snapshot") {
        this.attempt = 0;
        this.onState("open", 0);
      }
      if (message.type === "error" && FINAL_ERRORS.has(message.code)) this.final = message;
      this.onMessage(message);
    });
    socket.addEventListener("close", () => {
      if (this.socket !== socket || this.stopped) return;
      if (this.final) {
        this.onState("closed", this.final);
        return;
      }
      const delay = BACKOFF_MS[Math.min(this.attempt, BACKOFF_MS.length - 1)];
      this.attempt += 1;
      this.onState("lost", this.attempt);
      this.timer = setTimeout(() => this.connect(), delay);
    });
  }

  send(message) {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  close() {
    this.stopped = true;
    clearTimeout(this.timer);
    if (this.socket) this.socket.close();
  }
}
