/**
 * The game's table on its page (model/table.js): on a finished game, the rematch ("Rematch";
 * once asked, who said yes or no, who is still asked and until when, "I play" / "Not this
 * time" to a seat still asked; once started, "Open the rematch", which asks for this
 * reader's links to it and opens the new game, keeping the links on this device); and,
 * once a game of the table ended, its standings (view/standings.js). The table is read when
 * the page opens, and again on news once the game is over. Built with createElement.
 */

import { deviceStorage, keepLink } from "../model/device.js";
import { t } from "../model/i18n.js";
import { pagePath } from "../model/lobby.js";
import { rematchPanel } from "../model/table.js";
import { button, el } from "./panel.js";
import { standingsParts } from "./standings.js";
import { when, zoneOf } from "./words.js";

/** The rematch's state in sentences. */
function rematchLines(panel, info) {
  const r = panel.rematch;
  if (!r) return [];
  const lines = [];
  const by = r.askedBy ?? t("The creator");
  if (r.status === "lapsed") {
    lines.push(t("The rematch did not start: fewer than two players said yes."));
    return lines;
  }
  if (r.status === "started") {
    lines.push(t("The rematch has started."));
    if (panel.sitsOut) lines.push(t("You sit this one out."));
    return lines;
  }
  // TRANSLATORS: {player} asked for a rematch (a name, or "The creator")
  lines.push(t("{player} asked for a rematch.", { player: by }));
  if (r.yes.length) lines.push(t("Playing: {players}.", { players: r.yes.join(", ") }));
  if (r.no.length) lines.push(t("Sitting out: {players}.", { players: r.no.join(", ") }));
  if (r.waiting.length) {
    // TRANSLATORS: {moment} is a date and time in the reader's time zone
    lines.push(t("Still asked: {players}. It starts by {moment} with those who said yes.",
      { players: r.waiting.join(", "), moment: when(r.startsBy, zoneOf(info.viewer)) }));
  }
  return lines;
}

/**
 * Mount the table's panels on the game page: the rematch after the turn signals, the
 * standings before the game's status.
 * @param {object} page the page's elements (`sent`, `status`)
 * @param {object} ui `client`, `alert(message)`, `notice(message)`, `clear()`
 * @param {string} gameId
 * @returns {{refresh: function(object): Promise<void>}} `refresh(info)` for the game's facts
 *   (model/gamelog.js `readGame`); never throws
 */
export function mountRematch(page, ui, gameId) {
  const rematch = el("section", { class: "rematch", "aria-labelledby": "rematch-title" });
  const standings = el("section", { class: "table-standings",
    "aria-labelledby": "standings-title" });
  rematch.hidden = true;
  standings.hidden = true;
  page.sent.before(rematch);
  page.status.before(standings);
  const s = { info: null, table: null, status: null, busy: false };

  async function act(call, failure) {
    if (s.busy) return;
    s.busy = true;
    ui.clear();
    try {
      await call();
    } catch (error) {
      ui.alert(t("{failure}: {reason}", { failure, reason: error.message }));
    } finally {
      s.busy = false;
    }
    await read();
  }

  async function open() {
    const links = await ui.client.rematchLinks(gameId);
    const creator = s.info.viewer.kind === "creator";
    const go = creator ? links.creator_link : links.link ?? links.creator_link;
    if (!go) {
      ui.notice(t("You do not play in the rematch."));
      return;
    }
    // Each link is made anew (the last one handed out stops working): keep them all here.
    const storage = deviceStorage();
    if (links.creator_link) keepLink(storage, links.creator_link, { kind: "creator" });
    if (links.link) keepLink(storage, links.link);
    window.location.assign(pagePath(go));
  }

  function drawRematch() {
    const panel = rematchPanel(s.table, s.info);
    rematch.hidden = !panel;
    if (!panel) {
      rematch.replaceChildren();
      return;
    }
    const buttons = [];
    if (panel.canAsk) {
      buttons.push(button(t("Rematch"), () => act(() => ui.client.askRematch(gameId, {}),
        t("No rematch was asked for")), { class: "primary" }));
    }
    if (panel.canAnswer) {
      buttons.push(
        button(t("I play"), () => act(() => ui.client.answerRematch(gameId, true),
          t("Not answered")), { class: "primary" }),
        button(t("Not this time"), () => act(() => ui.client.answerRematch(gameId, false),
          t("Not answered"))));
    }
    if (panel.canOpen) {
      buttons.push(button(t("Open the rematch"), () => act(open,
        t("The rematch could not be opened")), { class: "primary" }));
    }
    const lines = rematchLines(panel, s.info);
    if (!buttons.length && !lines.length) {
      rematch.hidden = true;
      rematch.replaceChildren();
      return;
    }
    rematch.replaceChildren(el("h2", { id: "rematch-title" }, t("Rematch")),
      ...(panel.canAsk ? [el("p", { class: "hint" }, t("Ask everyone for another game: the "
        + "same players and settings, the next player starting."))] : []),
      ...lines.map((line) => el("p", { class: "rematch-line" }, line)),
      ...(buttons.length ? [el("div", { class: "buttons" }, ...buttons)] : []));
  }

  function draw() {
    drawRematch();
    const parts = standingsParts(s.table?.standings, "standings-title");
    standings.hidden = !parts.length;
    standings.replaceChildren(...parts);
  }

  async function read() {
    try {
      s.table = await ui.client.gameTable(gameId);
    } catch {
      return; // only a convenience: the game itself is unaffected
    }
    draw();
  }

  return {
    async refresh(info) {
      const first = s.info === null;
      const ended = s.status !== null && s.status !== info.status;
      s.info = info;
      s.status = info.status;
      // Standings change when a game of the table ends; a rematch once this one is over.
      if (first || ended || info.status === "finished") await read();
      else draw();
    },
  };
}
