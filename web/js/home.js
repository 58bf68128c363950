/**
 * The home page (`/home`). Without a token: ask for a link to all one's games, or for one's
 * links again. Opened with that link (`#h=<token>`): the address's games, those waiting for
 * the player first, each with a link to its seat, the choice of one mail a day for all of
 * them (view/daily.js), and "Sign out everywhere". Opened with an email confirmation
 * (`#c=<code>`): the seat's new address confirmed. The home token goes in
 * `Authorization: Bearer` of its own client; it never leaves the fragment otherwise.
 */

import { createClient } from "./model/api.js";
import { homeLines, when } from "./model/home.js";
import { t, tn } from "./model/i18n.js";
import { colourName } from "./model/viewmodel.js";
import { dailyMailChoice } from "./view/daily.js";
import { askHomeForm, lostLinkForm } from "./view/email.js";
import { mountDevicePush } from "./view/push.js";
import { el } from "./view/panel.js";

function gameItem(game) {
  const facts = [game.seat, t("last move {moment}", { moment: when(game.lastActivity) })];
  if (game.deadline) facts.push(t("move by {moment}", { moment: when(game.deadline) }));
  return el("li", { class: game.yourMove ? "home-game is-my-move" : "home-game",
    "data-game": game.id },
  el("a", { href: game.href }, game.name),
  ...(game.yourMove ? [" ", el("strong", { class: "badge" }, t("Your move"))] : []),
  el("p", { class: "state" }, game.state),
  el("p", { class: "hint" }, `${facts.join(" · ")}.`));
}

function signedOut(container, ui, email) {
  container.replaceChildren(
    el("h2", { tabindex: "-1" }, t("Signed out everywhere")),
    el("p", {}, t("This link and every other link to your games sent to {email} no longer "
      + "work, nor do the game links they gave. The links you were first given to each game "
      + "still do.", { email })),
    askHomeForm(ui));
  container.querySelector("h2").focus();
}

async function showList(container, ui, homeToken) {
  const client = createClient({ fetch: window.fetch.bind(window), token: homeToken });
  let home;
  let lines;
  try {
    home = await client.home();
    lines = homeLines(home);
  } catch (error) {
    ui.alert(error.message);
    container.replaceChildren(askHomeForm(ui), lostLinkForm(ui));
    return;
  }
  const out = el("button", { type: "button" }, t("Sign out everywhere"));
  out.addEventListener("click", async () => {
    try {
      await client.signOutEverywhere();
      ui.clear();
      signedOut(container, ui, lines.email);
    } catch (error) {
      ui.alert(error.message);
    }
  });
  const waiting = lines.games.filter((g) => g.yourMove).length;
  const list = lines.games.length
    ? el("ul", { class: "links home-games" }, ...lines.games.map(gameItem))
    : el("p", {}, t("You have no game under way or over here (cancelled games are not "
      + "listed)."));
  const words = { email: lines.email, moment: when(lines.expiresAt) };
  container.replaceChildren(
    el("h2", {}, t("Your games")),
    el("p", {}, tn("For {email}: {n} game waits for your move. This link works until {moment}; "
      + "keep it to yourself.", "For {email}: {n} games wait for your move. This link works "
      + "until {moment}; keep it to yourself.", waiting, words)),
    list,
    notificationsHere(ui, home.games),
    el("h2", {}, t("Your email")),
    dailyMailChoice(ui, lines.dailyMail, (choice) => client.setHomeDailyMail(choice)),
    el("div", { class: "buttons" }, out),
    el("p", { class: "hint" }, t("Sign out everywhere: this link and every other one sent to "
      + "you stop working, and so do the game links on this page.")));
}

/**
 * "Notify me on this device" for every game of the list open or under way, each seat by its
 * own link's token (the one the list hands out): the same button as "your games" on the lobby.
 * @param {object} ui
 * @param {object[]} games the home's games, as the API gives them
 * @returns {Element}
 */
function notificationsHere(ui, games) {
  const seats = games.filter((g) => g.status === "open" || g.status === "active")
    .map((g) => ({ game_id: g.game_id, seat: g.seat,
      token: new URLSearchParams(new URL(g.link).hash.slice(1)).get("t") }))
    .filter((seat) => seat.token);
  const box = el("section", { class: "home-push" });
  if (seats.length) mountDevicePush(box, ui, seats);
  return box;
}

async function confirm(container, ui, code) {
  const title = el("h2", {}, t("Your email address"));
  try {
    const done = await ui.client.confirmEmail(code);
    container.replaceChildren(title, el("p", { class: "confirmed" },
      t("Confirmed: the emails of {name}, where you play {colour}, now go to {email}. Your "
        + "link to the game is on its way there.",
      { name: done.name, colour: colourName(done.colour), email: done.email })),
    askHomeForm(ui));
  } catch (error) {
    ui.alert(error.message);
    container.replaceChildren(title, askHomeForm(ui));
  }
}

/**
 * Show the home page in `container`.
 * @param {Element} container
 * @param {object} ui `client` (model/api.js, no token), `alert(message)`, `clear()`
 * @param {object} where from `route` in model/api.js: `home` and `confirm` from the fragment
 */
export async function showHome(container, ui, where) {
  container.hidden = false;
  if (where.confirm) {
    await confirm(container, ui, where.confirm);
  } else if (where.home) {
    await showList(container, ui, where.home);
  } else {
    container.replaceChildren(
      el("p", {}, t("No accounts, no passwords: your games are found by the email address "
        + "you gave, and the link comes by email.")),
      askHomeForm(ui), lostLinkForm(ui));
  }
}
