/**
 * The webhooks panel of the game page: the webhooks of the token's holder (a seat's own, or
 * the game's for its creator). Add one with its format (signed JSON, Discord, Slack) and the
 * events it hears; for each, send a test ping, read its delivery log (when, what, which
 * attempt, the answer, the error) and send a failed message again; delete it. The API
 * refuses what it must (private addresses, bad URLs) and the panel shows its message.
 */

import { when } from "./host.js";
import { el } from "./panel.js";

/** The formats a webhook is sent in (service/webhooks/chat.py FORMATS). */
export const FORMATS = [
  ["standard", "Signed JSON (Standard Webhooks)"],
  ["discord", "Discord channel"],
  ["slack", "Slack channel"],
];

/** The events a webhook may hear (service/webhooks/messages.py EVENT_TYPES), in words. */
export const EVENTS = [
  ["game.started", "the game starts"],
  ["action.accepted", "a player moves"],
  ["monster.resolved", "the monster moves"],
  ["move.due", "a move is due"],
  ["game.over", "the game ends"],
  ["message.posted", "a message at the table"],
  ["turn.nudged", "a player is nudged"],
  ["seat.absent", "a seat misses too many deadlines"],
];

/** How many attempts of a webhook's log the panel shows, the latest first. */
const LOG_SHOWN = 20;

function button(text, onClick, attrs = {}) {
  const b = el("button", { type: "button", ...attrs }, text);
  b.addEventListener("click", onClick);
  return b;
}

const formatName = (format) => FORMATS.find(([f]) => f === format)?.[1] ?? format;
const eventWords = (events) => (events.length === 0 || events.length === EVENTS.length
  ? "every event"
  : events.map((e) => EVENTS.find(([type]) => type === e)?.[1] ?? e).join(", "));

/** One attempt of the log in words: "2026-11-25 15:40 UTC · a move is due · attempt 2 · ...". */
function attemptLine(delivery) {
  const what = EVENTS.find(([type]) => type === delivery.event_type)?.[1]
    ?? (delivery.event_type === "ping" ? "test ping" : delivery.event_type);
  const answer = delivery.status_code === null ? "no answer" : `HTTP ${delivery.status_code}`;
  const outcome = delivery.ok ? "delivered" : `failed: ${delivery.error ?? answer}`;
  return [when(delivery.created_at), what, `attempt ${delivery.attempt}`, answer, outcome]
    .join(" · ");
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
async function showLog(box, ui, gameId, hook) {
  let items;
  try {
    items = await readLog(ui, gameId, hook.id);
  } catch (error) {
    box.replaceChildren(el("p", {}, `The delivery log could not be read: ${error.message}`));
    return;
  }
  const refresh = button("Refresh the log", () => showLog(box, ui, gameId, hook),
    { class: "small" });
  if (!items.length) {
    box.replaceChildren(el("p", {}, "Nothing sent yet: messages go out a moment after "
      + "something happens."), refresh);
    return;
  }
  const latest = items.slice(-LOG_SHOWN).reverse();
  box.replaceChildren(el("ul", { class: "delivery-log" }, ...latest.map((d) => {
    const line = el("li", { class: d.ok ? "ok" : "failed" }, attemptLine(d));
    if (!d.ok) {
      line.append(" ", button("Send again", async () => {
        try {
          await ui.client.redeliverWebhook(gameId, hook.id, d.id);
          line.append(el("span", { class: "saved" }, " Sent again: see the log in a moment."));
        } catch (error) {
          ui.alert(`Not sent again: ${error.message}`);
        }
      }, { class: "small", "aria-label": `Send the message of attempt ${d.attempt} at `
        + `${when(d.created_at)} again` }));
    }
    return line;
  })), refresh);
}

/** One webhook: its address, format and events, and its buttons. */
function hookItem(ui, gameId, hook, refresh) {
  const state = hook.enabled ? "" : ` Off: ${hook.disabled_reason ?? "disabled"}`;
  const log = el("div", { class: "delivery", hidden: "" });
  const toggle = button("Delivery log", async () => {
    const opening = log.hidden;
    log.hidden = !opening;
    toggle.setAttribute("aria-expanded", String(opening));
    if (opening) await showLog(log, ui, gameId, hook);
  }, { class: "small", "aria-expanded": "false",
    "aria-label": `Delivery log of the webhook to ${hook.url}` });
  const ping = button("Test ping", async () => {
    try {
      await ui.client.pingWebhook(gameId, hook.id);
      log.hidden = false;
      toggle.setAttribute("aria-expanded", "true");
      await showLog(log, ui, gameId, hook);
    } catch (error) {
      ui.alert(`The ping was not sent: ${error.message}`);
    }
  }, { class: "small", "aria-label": `Send a test ping to ${hook.url}` });
  const remove = button("Delete", async () => {
    try {
      await ui.client.deleteWebhook(gameId, hook.id);
      await refresh();
    } catch (error) {
      ui.alert(error.message);
    }
  }, { class: "small", "aria-label": `Delete the webhook to ${hook.url}` });
  return el("li", { class: "webhook" },
    el("p", { class: "webhook-url" }, hook.url),
    el("p", { class: "hint" }, `${formatName(hook.format)}; hears ${eventWords(hook.events)}.${state}`),
    el("div", { class: "buttons" }, ping, toggle, remove), log);
}

/** The form that adds a webhook: its address, its format and the events it hears. */
function addForm(ui, gameId, onAdded) {
  const url = el("input", { type: "url", id: "webhook-url", placeholder: "https://...",
    required: "" });
  const format = el("select", { id: "webhook-format" },
    ...FORMATS.map(([value, text]) => el("option", { value }, text)));
  const boxes = EVENTS.map(([type, words]) => el("input",
    { type: "checkbox", value: type, id: `webhook-event-${type}`, checked: "" }));
  const events = el("fieldset", { class: "webhook-events" }, el("legend", {}, "Events"),
    ...boxes.map((box, i) => el("label", { for: box.id }, box, ` ${EVENTS[i][1]}`)));
  const form = el("form", { class: "webhook-add" },
    el("label", { for: "webhook-url" }, "Webhook URL"), url,
    el("label", { for: "webhook-format" }, "Format"), format, events,
    el("button", { type: "submit" }, "Add webhook"));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const chosen = boxes.filter((b) => b.checked).map((b) => b.value);
    if (!chosen.length) {
      ui.alert("The webhook was not added: choose at least one event.");
      return;
    }
    try {
      const made = await ui.client.addWebhook(gameId, { url: url.value.trim(),
        format: format.value, events: chosen.length === EVENTS.length ? [] : chosen });
      url.value = "";
      onAdded(made);
    } catch (error) {
      ui.alert(`The webhook was not added: ${error.message}`);
    }
  });
  return form;
}

/**
 * Show the webhooks panel of the token's holder in `container`.
 * @param {Element} container
 * @param {object} ui `client` (model/api.js) and `alert(message)`
 * @param {string} gameId
 * @param {"seat"|"creator"} kind whose webhooks: the seat's or the game's
 */
export async function renderHooks(container, ui, gameId, kind) {
  const whose = kind === "creator" ? "the game" : "your seat's game";
  const list = el("ul", { class: "webhooks" });
  const secret = el("p", { class: "secret", "aria-live": "polite" });

  async function refresh() {
    const { items } = await ui.client.webhooks(gameId);
    list.replaceChildren(...items.map((hook) => hookItem(ui, gameId, hook, refresh)));
    if (!items.length) list.replaceChildren(el("li", {}, "No webhook yet."));
  }

  const form = addForm(ui, gameId, async (made) => {
    secret.textContent = `Signing secret (shown once): ${made.secret}`;
    await refresh();
  });
  container.replaceChildren(el("h3", {}, "Webhooks"),
    el("p", {}, `Webhooks tell another service, or a Discord or Slack channel, when ${whose} `
      + "changes."), list, form, secret);
  try {
    await refresh();
  } catch (error) {
    list.replaceChildren(el("li", {}, `The webhooks could not be read: ${error.message}`));
  }
}
