/**
 * The page: one HTML file for every address. `/` is the lobby, `/join/<id>#code=...` joins
 * an open seat, `/play/<id>#t=<token>` is a game (the token never leaves the fragment, so no
 * server sees it in an address; without one, the token this device keeps for the game),
 * `/sandbox/<id>#t=<token>` a sandbox, `/table/<id>#t=<token>` a table's own page, `/home` is
 * a player's games (`#h=<token>`) or the confirmation of a new email address (`#c=<code>`),
 * `?demo=...` shows the engine-made demos.
 * The page speaks the reader's language (model/language.js): the texts are loaded before
 * anything is shown.
 */

import { showDemo } from "./demo.js";
import { showGame } from "./game.js";
import { showHome } from "./home.js";
import { showLobby } from "./lobby.js";
import { showSandbox } from "./sandbox.js";
import { showTable } from "./table.js";
import { ApiError, createClient, route } from "./model/api.js";
import { deviceStorage, withKeptToken } from "./model/device.js";
import { brokenLink, playerMessage } from "./model/errors.js";
import { languageNames, t } from "./model/i18n.js";
import { startLanguage, useLanguage } from "./model/language.js";
import { showKept, showMyGames } from "./view/mygames.js";

const page = Object.fromEntries(
  ["alert", "notice", "intro", "lobby", "title", "signals", "board", "side", "status", "actions",
    "sent", "replay", "log", "chat", "settings", "language"]
    .map((id) => [id, document.getElementById(id)]),
);

/** Show one message: a new one replaces whatever was shown, alert or notice. */
function say(box, message) {
  clear();
  box.textContent = message;
  box.hidden = false;
}

function clear() {
  for (const box of [page.alert, page.notice]) {
    box.hidden = true;
    box.textContent = "";
  }
}

/**
 * The header's language chooser: every language named in itself; a new choice is kept and
 * the page opened again in it (everything on it, forms and game alike, is then in it).
 */
function languageChooser(select, shown) {
  select.replaceChildren(...languageNames().map(([code, name]) => {
    const option = document.createElement("option");
    option.value = code;
    option.lang = code;
    option.textContent = name;
    return option;
  }));
  select.value = shown;
  select.addEventListener("change", async () => {
    await useLanguage(select.value);
    window.location.reload();
  });
}

async function main() {
  // The reader's language first: every text shown after is in it.
  const shown = await startLanguage();
  if (page.language) languageChooser(page.language, shown);
  // A game opened without `#t=` (a notification's click) takes the token this device keeps.
  const where = withKeptToken(deviceStorage(),
    route(window.location.pathname, window.location.search, window.location.hash));
  const ui = {
    client: createClient({ fetch: window.fetch.bind(window), token: where.token }),
    alert: (message) => say(page.alert, message),
    notice: (message) => say(page.notice, message),
    clear,
  };
  if (where.page === "demo") {
    await showDemo(page, ui, where.demo);
  } else if (where.page === "play") {
    if (!where.token) {
      ui.alert(brokenLink());
      return;
    }
    await showKept(where, () => showGame(page, ui, where));
  } else if (where.page === "sandbox" || where.page === "table") {
    if (!where.token) {
      ui.alert(where.page === "sandbox" ? playerMessage("sandbox/not_found", "")
        : playerMessage("table/not_found", ""));
      return;
    }
    if (where.page === "sandbox") await showSandbox(page, ui, where);
    else await showTable(page.lobby, ui, where);
  } else if (where.page === "home") {
    await showHome(page.lobby, ui, where);
  } else if (where.page === "lobby" || where.page === "join") {
    showLobby(page.lobby, ui, where);
    page.intro.hidden = false;
    if (where.page === "lobby") await showMyGames(page.lobby, ui);
  } else {
    ui.alert(t("There is no page at this address."));
  }
}

// Another token for the same game (only the fragment changes): show the game as that one.
window.addEventListener("hashchange", () => window.location.reload());

// The skip link moves the focus past the header without changing the fragment, which holds
// a game's token (a new fragment would open the page again, without it).
document.querySelector(".skip-link")?.addEventListener("click", (event) => {
  event.preventDefault();
  document.getElementById("main")?.focus();
});

main().catch((error) => {
  if (error instanceof ApiError) {
    say(page.alert, error.message);
    return;
  }
  say(page.alert, t("The page could not be shown. Reload it; if that does not help, tell the "
    + "game's creator."));
  throw error; // for the browser's console
});
