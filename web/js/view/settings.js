/**
 * The settings panel of the game page: for the creator, the host tools (view/host.js); for a
 * seat, its language and time zone (the page's and its mails') and its email notifications
 * (how often, which of its emails to the game are answered, and its address's choice of one
 * mail a day for all its games, view/daily.js) and its notifications on this device
 * (view/push.js); for both, the webhooks of the token's holder
 * (a seat's own, or the game's for its creator, view/hooks.js). Spectators have no settings.
 */

import { browserTimeZone, language, languageNames, t } from "../model/i18n.js";
import { dailyMailChoice } from "./daily.js";
import { renderHooks } from "./hooks.js";
import { renderHostTools } from "./host.js";
import { el } from "./panel.js";
import { pushPanel } from "./push.js";

// Functions, not texts: the catalog is loaded after this module.
const EMAIL_MODES = [
  ["every_event", () => t("every event: your turn, each monster phase, the end")],
  ["my_turn", () => t("only your turn (and the end)")],
  ["digest", () => t("one summary a day at most")],
  ["none", () => t("no email")],
];
const ANSWERS = [
  ["needed", () => t("only when needed (a move is answered when your next email would not "
    + "come soon)")],
  ["every", () => t("every email (a move with the new board)")],
];

/** The time zones to choose from: the browser's list (with `current`), else none. */
function timeZones(current) {
  let zones = [];
  try {
    zones = Intl.supportedValuesOf("timeZone");
  } catch {
    return [];
  }
  return zones.includes(current) ? zones : [current, ...zones];
}

/**
 * The seat's language and time zone, saved with a button: the page switches to the language
 * (through `onSaved`), and the seat's mails follow both.
 */
function languagePanel(ui, gameId, viewer, onSaved) {
  const languages = el("select", { id: "seat-language" },
    ...languageNames().map(([code, name]) => el("option", { value: code, lang: code }, name)));
  languages.value = viewer.language ?? language();
  const zone = viewer.time_zone ?? browserTimeZone();
  const zones = timeZones(zone);
  const field = zones.length
    ? el("select", { id: "seat-time-zone" }, ...zones.map((z) => el("option", { value: z }, z)))
    : el("input", { type: "text", id: "seat-time-zone", autocomplete: "off",
      placeholder: "Europe/Berlin" });
  field.value = zone;
  const saved = el("span", { class: "saved", "aria-live": "polite" });
  const save = el("button", { type: "button", class: "small" }, t("Save"));
  save.addEventListener("click", async () => {
    saved.textContent = "";
    ui.clear?.();
    try {
      const now = await ui.client.setSeatLanguage(gameId,
        { language: languages.value, time_zone: field.value.trim() || null });
      saved.textContent = t("Saved.");
      await onSaved(now);
    } catch (error) {
      ui.alert(t("The language was not saved: {reason}", { reason: error.message }));
    }
  });
  return el("div", { class: "seat-language" },
    el("h2", {}, t("Language and time zone")),
    el("div", { class: "host-row" },
      el("label", { for: "seat-language" }, t("Language")), languages),
    el("div", { class: "host-row" },
      el("label", { for: "seat-time-zone" }, t("Time zone")), field),
    el("div", { class: "buttons" }, save, saved),
    el("p", { class: "hint" }, t("This page and every mail to this seat are written in this "
      + "language, with their times in this time zone.")));
}

/**
 * A choice among `options` (`[value, text()]`), showing `value`, saved at once by `save(value)`
 * (which returns the stored settings; `stored(settings)` reads the choice back from them).
 */
function choice(ui, id, options, value, save, stored, failed) {
  const select = el("select", { id },
    ...options.map(([option, text]) => el("option", { value: option }, text())));
  select.value = value;
  const saved = el("span", { class: "saved", "aria-live": "polite" });
  let shown = value;
  select.addEventListener("change", async () => {
    saved.textContent = "";
    try {
      shown = stored(await save(select.value));
      select.value = shown;
      saved.textContent = t("Saved.");
    } catch (error) {
      ui.alert(failed(error.message));
      select.value = shown;
    }
  });
  return [select, saved];
}

/**
 * The seat's email mode and which of its emails to the game are answered: choices saved at
 * once, or why there are none (no address).
 */
async function emailPanel(ui, gameId) {
  const box = el("div", { class: "email-mode" });
  let current;
  try {
    current = await ui.client.notifications(gameId);
  } catch (error) {
    box.append(el("p", {},
      t("The email settings could not be read: {reason}", { reason: error.message })));
    return box;
  }
  if (!current.email) {
    box.append(el("p", {}, t("This seat has no email address, so it gets no email.")));
    return box;
  }
  box.dataset.email = "yes"; // the daily mail's choice is offered only then
  const failed = (reason) => t("The email setting was not saved: {reason}", { reason });
  const mode = choice(ui, "email-mode", EMAIL_MODES, current.email_mode,
    (value) => ui.client.setNotifications(gameId, value), (now) => now.email_mode, failed);
  const answers = choice(ui, "email-answers", ANSWERS, current.answers,
    (value) => ui.client.setAnswers(gameId, value), (now) => now.answers, failed);
  box.append(el("label", { for: "email-mode" }, t("Email to {email}", { email: current.email })),
    ...mode,
    el("p", { class: "hint" }, t("No email comes while you have this game open here: what it "
      + "would say is on the page. Mail starts again about a minute after you close it.")),
    el("label", { for: "email-answers" }, t("Answers to the emails you send to this game")),
    ...answers,
    el("p", { class: "hint answers-hint" }, t("You can play by replying to the game's emails. "
      + "A refusal, a question or a setting is always answered; a move only when your next "
      + "email from the game would not come within moments. Write 'answers all' or 'answers "
      + "needed' to change it by email.")));
  return box;
}

/**
 * The choice of one mail a day for all the games of the seat's address (view/daily.js), or
 * nothing for a seat without an address (the email panel says why).
 */
async function dailyPanel(ui, gameId) {
  try {
    const current = await ui.client.dailyMail(gameId);
    return dailyMailChoice(ui, current, (choice) => ui.client.setDailyMail(gameId, choice));
  } catch (error) {
    if (error.code === "seat/no_email") return el("div", { class: "daily-mail", hidden: "" });
    return el("p", {}, t("The email settings could not be read: {reason}",
      { reason: error.message }));
  }
}

/**
 * Show the settings for a seat (language, email and webhooks) or the creator (the host tools
 * and the game's webhooks); nothing for spectators.
 * @param {Element} container
 * @param {object} ui `client` (model/api.js), `alert(message)`, `clear()`
 * @param {string} gameId
 * @param {{kind: string, language?: string|null, time_zone?: string|null}} viewer the game
 *   view's viewer
 * @param {function({language: string, time_zone: string|null}): Promise<void>} [onLanguage]
 *   told the seat's new language and time zone, once saved, to show the page in them
 */
export async function renderSettings(container, ui, gameId, viewer, onLanguage = async () => {}) {
  if (viewer.kind === "spectator") {
    container.replaceChildren();
    return;
  }
  const host = el("section", { class: "host-tools", "aria-labelledby": "host-tools-title" });
  const hooks = el("div", { class: "hooks" });
  const email = viewer.kind === "seat" ? await emailPanel(ui, gameId) : null;
  // A seat without an address has no daily mail to choose: nothing is asked for it.
  const daily = email?.dataset.email ? [await dailyPanel(ui, gameId)] : [];
  const push = viewer.kind === "seat" ? [await pushPanel(ui, gameId, viewer.seat, choice)] : [];
  container.replaceChildren(
    ...(viewer.kind === "creator" ? [host] : []),
    ...(viewer.kind === "seat" ? [languagePanel(ui, gameId, viewer, onLanguage)] : []),
    el("h2", {}, t("Notifications")),
    ...(email ? [email, ...daily] : []),
    ...push,
    hooks);
  const parts = [renderHooks(hooks, ui, gameId, viewer)];
  if (viewer.kind === "creator") {
    parts.push(renderHostTools(host, ui, gameId).catch((error) => {
      host.replaceChildren(el("p", {},
        t("The host tools could not be shown: {reason}", { reason: error.message })));
    }));
  }
  await Promise.all(parts);
}
