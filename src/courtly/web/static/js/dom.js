// A tiny element builder: h("div", {class: ["a", "b"], onclick: f}, child, ...).
// Text is always set as text, never parsed as markup.

export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  applyAttrs(el, attrs);
  append(el, children);
  return el;
}

const SVG_NS = "http://www.w3.org/2000/svg";

export function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "text") el.textContent = String(value);
    else el.setAttribute(key, String(value));
  }
  append(el, children);
  return el;
}

function applyAttrs(el, attrs) {
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") {
      for (const name of [].concat(value)) if (name) el.classList.add(name);
    } else if (key === "text") {
      el.textContent = String(value);
    } else if (key === "dataset") {
      Object.assign(el.dataset, value);
    } else if (key.startsWith("on") && typeof value === "function") {
      el.addEventListener(key.slice(2), value);
    } else if (key in el && typeof value !== "string") {
      el[key] = value;
    } else {
      el.setAttribute(key, value === true ? "" : String(value));
    }
  }
}

export function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

export function clear(el) {
  while (el.firstChild) el.firstChild.remove();
  return el;
}

// Before a redraw that puts the same text box back (the chat's, the seat's name): a function
// that gives it the focus and the caret again, as the redraw took them away.
export function keepFocus() {
  const box = document.activeElement;
  if (!(box instanceof HTMLInputElement || box instanceof HTMLTextAreaElement)) return () => {};
  const start = box.selectionStart;
  const end = box.selectionEnd;
  return () => {
    if (!box.isConnected || document.activeElement === box) return;
    box.focus();
    box.setSelectionRange(start, end);
  };
}
