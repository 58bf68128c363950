/**
 * The page: one HTML file for every address. `/` is the lobby, `/join/<id>#code=...` joins
 * an open seat, `/play/<id>#t=<token>` is a game (the token never leaves the fragment, so no
 * server sees it in an address), `?demo=...` shows the engine-made demos.
 */

import { showDemo } from "./demo.js";
import { showGame } from "./game.js";
import { showLobby } from "./lobby.js";
import { createClient, route } from "./model/api.js";

const page = Object.fromEntries(
  ["alert", "notice", "intro", "lobby", "title", "board", "side", "status", "actions", "sent",
    "replay", "log", "chat", "settings"].map((id) => [id, document.getElementById(id)]),
);

const START_KEY = "ff:start:";

/** Keep a started game's earliest position seen here, for the whole-game viewer. */
function remember(apiGame) {
  if (!apiGame.position) return;
  const key = START_KEY + apiGame.id;
  try {
    const kept = JSON.parse(localStorage.getItem(key) ?? "null");
    if (kept && kept.version <= apiGame.position.version) return;
    localStorage.setItem(key, JSON.stringify({
      version: apiGame.position.version, position: apiGame.position,
    }));
  } catch {
    // Storage full or off (private browsing): the viewer starts where this page started.
  }
}

function startOf(id) {
  try {
    return JSON.parse(localStorage.getItem(START_KEY + id) ?? "null");
  } catch {
    return null;
  }
}

function say(box, message) {
  box.textContent = message;
  box.hidden = false;
}

function clear() {
  for (const box of [page.alert, page.notice]) {
    box.hidden = true;
    box.textContent = "";
  }
}

async function main() {
  const where = route(window.location.pathname, window.location.search, window.location.hash);
  const ui = {
    client: createClient({ fetch: window.fetch.bind(window), token: where.token }),
    alert: (message) => say(page.alert, message),
    notice: (message) => say(page.notice, message),
    clear, remember, startOf,
  };
  if (where.page === "demo") {
    await showDemo(page, ui, where.demo);
  } else if (where.page === "play") {
    if (!where.token) {
      ui.alert("This address has no token: open the whole link you were sent (it ends in "
        + "#t=...).");
      return;
    }
    await showGame(page, ui, where);
  } else if (where.page === "lobby" || where.page === "join") {
    showLobby(page.lobby, ui, where);
    page.intro.hidden = false;
  } else {
    ui.alert("There is no page at this address.");
  }
}

// Another token for the same game (only the fragment changes): show the game as that one.
window.addEventListener("hashchange", () => window.location.reload());

main().catch((error) => say(page.alert, `The page could not be shown: ${error.message}`));
