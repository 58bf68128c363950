/**
 * A table's own page (`/table/<id>#t=<token>`, a table made from scratch; docs/table.md
 * "Tables and rematches"): its players, its games (each linked where this device holds a
 * token for it: a game's id alone opens nothing), its standings, and "Start the next game",
 * which answers as a game's creation: its links are shown as the lobby shows them, and the
 * creator's is kept on this device. The token goes in `Authorization: Bearer`; it never
 * leaves the fragment otherwise.
 */

import { isolate } from "./model/captions.js";
import { deviceStorage, gamePath, keepLink, keptToken } from "./model/device.js";
import { t } from "./model/i18n.js";
import { memberName, tableGames } from "./model/table.js";
import { colourName } from "./model/viewmodel.js";
import { showLinks } from "./view/links.js";
import { button, el } from "./view/panel.js";
import { standingsParts } from "./view/standings.js";
import { levelName } from "./view/words.js";

// Functions, not texts: the catalog is loaded after this module.
const STATUSES = {
  open: () => t("waiting for players"), active: () => t("under way"),
  finished: () => t("over"), cancelled: () => t("cancelled"),
};

function member(table, m) {
  const name = memberName(table, m.member);
  const colour = m.colour ? colourName(m.colour) : null;
  const level = m.computer ? levelName(m.computer) : null;
  // TRANSLATORS: a table's player: a name and its colour, and the computer's level if it
  // plays ("Hal (red, computer: easy)")
  let words = name;
  if (colour && level) words = t("{name} ({colour}, computer: {level})", { name, colour, level });
  else if (level) words = t("{name} (computer: {level})", { name, level });
  else if (colour) words = t("{name} ({colour})", { name, colour });
  return el("li", {}, words);
}

function standings(table) {
  const parts = standingsParts(table.standings, "standings-title");
  return parts.length ? [el("section", { class: "table-standings",
    "aria-labelledby": "standings-title" }, ...parts)] : [];
}

function gameItem(g) {
  const state = STATUSES[g.status]?.() ?? g.status;
  // TRANSLATORS: a game of a table: its name and where it stands ("Friday night #2: over")
  const words = t("{name}: {state}", { name: isolate(g.name), state });
  const won = g.winners.length ? [" ", t("Won by {players}.", { players: g.winners.join(", ") })]
    : [];
  return el("li", { "data-game-number": String(g.number) },
    g.path ? el("a", { href: g.path }, words) : words, ...won);
}

/**
 * Show the table `route.gameId` (the table's id) with the token from its link.
 * @param {Element} container the lobby's section, the page's width
 * @param {object} ui `client` (the table's token), `alert(message)`, `clear()`
 * @param {{gameId: string}} route
 */
export async function showTable(container, ui, { gameId: tableId }) {
  const storage = deviceStorage();
  const created = el("section", { class: "created", "aria-live": "polite" });
  created.hidden = true;
  const body = el("div", { class: "table-page" });
  container.replaceChildren(body, created);
  container.hidden = false;
  let busy = false;

  async function start() {
    if (busy) return;
    busy = true;
    ui.clear();
    try {
      const game = await ui.client.startTableGame(tableId, {});
      keepLink(storage, game.creator_link, { kind: "creator", name: game.game.name });
      showLinks(created, game);
      await draw(await ui.client.readTable(tableId));
    } catch (error) {
      ui.alert(t("The next game was not started: {reason}", { reason: error.message }));
    } finally {
      busy = false;
    }
  }

  async function draw(table) {
    const pathOf = (gameId) => {
      const token = keptToken(storage, gameId);
      return token ? gamePath({ game_id: gameId, token }) : null;
    };
    const games = tableGames(table, pathOf);
    body.replaceChildren(
      el("h2", { class: "game-title" }, isolate(table.name)),
      el("p", { class: "hint" }, t("The table's own page: keep its link to start each next "
        + "game with all its players and to see the standings.")),
      el("div", { class: "buttons" }, button(t("Start the next game"), start,
        { class: "primary" })),
      el("p", { class: "hint" }, t("Each player with an email address gets their link by "
        + "email; the game's links are shown here once.")),
      el("h3", {}, t("Players, in playing order")),
      el("ul", { class: "table-members" }, ...table.members.map((m) => member(table, m))),
      el("h3", {}, t("Games")),
      games.length ? el("ul", { class: "table-games" }, ...games.map(gameItem))
        : el("p", {}, t("No game yet.")),
      ...(games.some((g) => !g.path) ? [el("p", { class: "hint" }, t("A game opens from "
        + "this page once this device has opened it with a link."))] : []),
      ...standings(table));
  }

  await draw(await ui.client.readTable(tableId));
}
