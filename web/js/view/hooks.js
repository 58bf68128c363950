/**
 * The webhooks panel of the game page: the webhooks of the token's holder (a seat's own, or
 * the game's for its creator). Add one with its format (signed JSON, Discord, Slack) and the
 * events it hears; for each, send a test ping, read its delivery log (when, what, which
 * attempt, the answer, the error) and send a failed message again; delete it. The API
 * refuses what it must (private addresses, bad URLs) and the panel shows its message.
 */

import { t } from "../model/i18n.js";
import { button, el } from "./panel.js";
import { when, zoneOf } from "./words.js";

/**
 * The formats a webhook is sent in (service/features/webhooks/chat.py FORMATS), each with its name in
 * the reader's language (a function: the catalog is loaded after this module).
 */
export const FORMATS = [
  ["standard", () => t("Signed JSON (Standard Webhooks)")],
  ["discord", () => t("Discord channel")],
  ["slack", () => t("Slack channel")],
];

/** The events a webhook may hear (service/features/webhooks/messages.py EVENT_TYPES), in words. */
export const EVENTS = [
  ["game.started", () => t("the game starts")],
  ["action.accepted", () => t("a player moves")],
  ["monster.resolved", () => t("the monster moves")],
  ["move.due", () => t("a move is due")],
  ["game.over", () => t("the game ends")],
  ["message.posted", () => t("a message at the table")],
  ["turn.nudged", () => t("a player is nudged")],
  ["seat.absent", () => t("a seat misses too many deadlines")],
  ["takeback.asked", () => t("a player asks to take back a move")],
  ["takeback.declined", () => t("a takeback is refused or withdrawn")],
  ["takeback.made", () => t("a move is taken back")],
  ["rematch.asked", () => t("a rematch is asked for")],
  ["rematch.decided", () => t("a rematch starts, or does not")],
];

/** How many attempts of a webhook's log the panel shows, the latest first. */
const LOG_SHOWN = 20;

const formatName = (format) => FORMATS.find(([f]) => f === format)?.[1]() ?? format;
const eventName = (type) => EVENTS.find(([e]) => e === type)?.[1]() ?? type;
const eventWords = (events) => (events.length === 0 || events.length === EVENTS.length
  ? t("every event")
  : events.map(eventName).join(", "));

/**
 * One attempt of the log in words: "Wed, Nov 25, 3:40 PM UTC · a move is due · attempt 2 ·
 * HTTP 500 · failed: ...", its time in `timeZone`.
 */
function attemptLine(delivery, timeZone) {
  const what = delivery.event_type === "ping" ? t("test ping") : eventName(delivery.event_type);
  const answer = delivery.status_code === null ? t("no answer")
    : t("HTTP {status}", { status: delivery.status_code });
  const outcome = delivery.ok ? t("delivered")
    : t("failed: {error}", { error: delivery.error ?? answer });
  return [when(delivery.created_at, timeZone), what,
    t("attempt {number}", { number: delivery.attempt }), answer, outcome].join(" · ");
}

/** Read the whole log of a webhook (page by page), oldest first. */
async function readLog(ui, gameId, hookId) {
  const items = [];
  let after = 0;
  let page;
  do {
    page = await ui.client.webhookDeliveries(gameId, hookId, after);
    items.push(...page.items);
    after = page.next_after;
  } while (page.has_more);
  return items;
}

/**
 * A webhook's delivery log, drawn into `box`: the latest attempts first, each failed one
 * with a button that sends its message again.
 */
async function showLog(box, ui, gameId, hook, timeZone) {
  let items;
  try {
    items = await readLog(ui, gameId, hook.id);
  } catch (error) {
    box.replaceChildren(el("p", {},
      t("The delivery log could not be read: {reason}", { reason: error.message })));
    return;
  }
  const refresh = button(t("Refresh the log"), () => showLog(box, ui, gameId, hook, timeZone),
    { class: "small" });
  if (!items.length) {
    box.replaceChildren(el("p", {}, t("Nothing sent yet: messages go out a moment after "
      + "something happens.")), refresh);
    return;
  }
  const latest = items.slice(-LOG_SHOWN).reverse();
  box.replaceChildren(el("ul", { class: "delivery-log" }, ...latest.map((d) => {
    const line = el("li", { class: d.ok ? "ok" : "failed" }, attemptLine(d, timeZone));
    if (!d.ok) {
      line.append(" ", button(t("Send again"), async () => {
        try {
          await ui.client.redeliverWebhook(gameId, hook.id, d.id);
          line.append(" ", el("span", { class: "saved" },
            t("Sent again: see the log in a moment.")));
        } catch (error) {
          ui.alert(t("Not sent again: {reason}", { reason: error.message }));
        }
      }, { class: "small", "aria-label": t("Send the message of attempt {number} at {moment} "
        + "again", { number: d.attempt, moment: when(d.created_at, timeZone) }) }));
    }
    return line;
  })), refresh);
}

/** One webhook: its address, format and events, and its buttons. */
function hookItem(ui, gameId, hook, { refresh, timeZone }) {
  const log = el("div", { class: "delivery", hidden: "" });
  const toggle = button(t("Delivery log"), async () => {
    const opening = log.hidden;
    log.hidden = !opening;
    toggle.setAttribute("aria-expanded", String(opening));
    if (opening) await showLog(log, ui, gameId, hook, timeZone);
  }, { class: "small", "aria-expanded": "false",
    "aria-label": t("Delivery log of the webhook to {url}", { url: hook.url }) });
  const ping = button(t("Test ping"), async () => {
    try {
      await ui.client.pingWebhook(gameId, hook.id);
      log.hidden = false;
      toggle.setAttribute("aria-expanded", "true");
      await showLog(log, ui, gameId, hook, timeZone);
    } catch (error) {
      ui.alert(t("The ping was not sent: {reason}", { reason: error.message }));
    }
  }, { class: "small", "aria-label": t("Send a test ping to {url}", { url: hook.url }) });
  const remove = button(t("Delete"), async () => {
    try {
      await ui.client.deleteWebhook(gameId, hook.id);
      await refresh();
    } catch (error) {
      ui.alert(error.message);
    }
  }, { class: "small", "aria-label": t("Delete the webhook to {url}", { url: hook.url }) });
  // TRANSLATORS: {format} is how the webhook is sent ("Discord channel"), {events} the
  // events it hears ("a player moves, the game ends")
  const what = [t("{format}; hears {events}.",
    { format: formatName(hook.format), events: eventWords(hook.events) })];
  if (!hook.enabled) {
    what.push(t("Off: {reason}", { reason: hook.disabled_reason ?? t("disabled") }));
  }
  return el("li", { class: "webhook" },
    el("p", { class: "webhook-url" }, hook.url),
    el("p", { class: "hint" }, what.join(" ")),
    el("div", { class: "buttons" }, ping, toggle, remove), log);
}

/** The form that adds a webhook: its address, its format and the events it hears. */
function addForm(ui, gameId, onAdded) {
  const url = el("input", { type: "url", id: "webhook-url", placeholder: "https://...",
    required: "" });
  const format = el("select", { id: "webhook-format" },
    ...FORMATS.map(([value, name]) => el("option", { value }, name())));
  const boxes = EVENTS.map(([type]) => el("input",
    { type: "checkbox", value: type, id: `webhook-event-${type}`, checked: "" }));
  const events = el("fieldset", { class: "webhook-events" }, el("legend", {}, t("Events")),
    ...boxes.map((box, i) => el("label", { for: box.id }, box, ` ${EVENTS[i][1]()}`)));
  const form = el("form", { class: "webhook-add" },
    el("label", { for: "webhook-url" }, t("Webhook URL")), url,
    el("label", { for: "webhook-format" }, t("Format")), format, events,
    el("button", { type: "submit" }, t("Add webhook")));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const chosen = boxes.filter((b) => b.checked).map((b) => b.value);
    if (!chosen.length) {
      ui.alert(t("The webhook was not added: choose at least one event."));
      return;
    }
    try {
      const made = await ui.client.addWebhook(gameId, { url: url.value.trim(),
        format: format.value, events: chosen.length === EVENTS.length ? [] : chosen });
      url.value = "";
      onAdded(made);
    } catch (error) {
      ui.alert(t("The webhook was not added: {reason}", { reason: error.message }));
    }
  });
  return form;
}

/**
 * Show the webhooks panel of the token's holder in `container`.
 * @param {Element} container
 * @param {object} ui `client` (model/api.js) and `alert(message)`
 * @param {string} gameId
 * @param {{kind: "seat"|"creator", time_zone?: string|null}} viewer whose webhooks: the
 *   seat's or the game's; the log's times are in the seat's time zone
 */
export async function renderHooks(container, ui, gameId, viewer) {
  const list = el("ul", { class: "webhooks" });
  const secret = el("p", { class: "secret", "aria-live": "polite" });
  const timeZone = zoneOf(viewer);

  async function refresh() {
    const { items } = await ui.client.webhooks(gameId);
    list.replaceChildren(...items.map((hook) => hookItem(ui, gameId, hook,
      { refresh, timeZone })));
    if (!items.length) list.replaceChildren(el("li", {}, t("No webhook yet.")));
  }

  const form = addForm(ui, gameId, async (made) => {
    secret.textContent = t("Signing secret (shown once): {secret}", { secret: made.secret });
    await refresh();
  });
  container.replaceChildren(el("h3", {}, t("Webhooks")),
    el("p", {}, viewer.kind === "creator"
      ? t("Webhooks tell another service, or a Discord or Slack channel, when the game changes.")
      : t("Webhooks tell another service, or a Discord or Slack channel, when your seat's "
        + "game changes.")), list, form, secret);
  try {
    await refresh();
  } catch (error) {
    list.replaceChildren(el("li", {},
      t("The webhooks could not be read: {reason}", { reason: error.message })));
  }
}
