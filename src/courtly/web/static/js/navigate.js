// Moving to another view without reloading the page. The router (main.js) listens for
// `popstate`, so a view asks for a path here and never imports the router: no module
// depends on the entry that depends on it.
export function go(path) {
  history.pushState(null, "", path);
  window.dispatchEvent(new PopStateEvent("popstate"));
}
