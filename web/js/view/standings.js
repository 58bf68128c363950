/**
 * A table's standings (model/table.js): one row per player (name, games, wins, figures
 * brought out, rating) and the head to head, one line per pair. Shown on a game's page once
 * its table has a finished game, and on the table's own page. Built with createElement;
 * every text goes in through textContent.
 */

import { t, tn } from "../model/i18n.js";
import { headToHead, standingsRows } from "../model/table.js";
import { el } from "./panel.js";

/**
 * The standings of `standings` (the API's), or nothing before a game of the table ended.
 * @param {object} standings
 * @param {string} headingId the id of its heading
 * @returns {Element[]}
 */
export function standingsParts(standings, headingId) {
  if (!standings || standings.games === 0) return [];
  const head = [t("Player"), t("Games"), t("Wins"), t("Figures out"), t("Rating")];
  const rows = standingsRows(standings).map((r) => el("tr", { "data-key": r.key },
    el("th", { scope: "row" }, r.name),
    ...[r.games, r.wins, r.escaped, r.rating].map((v) => el("td", {}, String(v)))));
  const pairs = headToHead(standings).map((p) => el("li", {},
    // TRANSLATORS: the head to head of two players: the games they played together and how
    // often each finished above the other ("Ann and Bob: 3 games; Ann above 2, Bob above 1")
    tn("{a} and {b}: {n} game; {a} above {aAbove}, {b} above {bAbove}.",
      "{a} and {b}: {n} games; {a} above {aAbove}, {b} above {bAbove}.", p.games,
      { a: p.a, b: p.b, aAbove: p.aAbove, bAbove: p.bAbove })));
  return [
    el("h2", { id: headingId }, t("Standings")),
    el("p", { class: "hint" }, tn("After {n} finished game of this table.",
      "After {n} finished games of this table.", standings.games)),
    // In the tab order: a table wider than a phone scrolls in its frame, by keyboard too.
    el("div", { class: "standings-frame", tabindex: "0" },
    el("table", { class: "standings" },
      el("thead", {}, el("tr", {}, ...head.map((h) => el("th", { scope: "col" }, h)))),
      el("tbody", {}, ...rows))),
    ...(pairs.length ? [el("h3", {}, t("Head to head")),
      el("ul", { class: "head-to-head" }, ...pairs)] : []),
    el("p", { class: "hint" }, t("The rating starts at 0 and grows with wins as the games "
      + "make it surer.")),
  ];
}
