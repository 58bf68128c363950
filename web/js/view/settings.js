/**
 * The settings panel of the game page: a seat's email notifications (how often), and the webhooks of the token's holder (a seat's own, or
 * the game's for its creator): list them, add one, delete one. The API refuses what it must
 * (private addresses, bad URLs) and the panel shows its message. Spectators have no settings.
 */

import { el } from "./panel.js";

const EMAIL_MODES = [
  ["every_event", "every event: your turn, each monster phase, the end"],
  ["my_turn", "only your turn (and the end)"],
  ["digest", "one summary a day at most"],
  ["none", "no email"],
];

/** The seat's email mode: a choice saved at once, or why there is none (no address). */
async function emailPanel(ui, gameId) {
  const box = el("div", { class: "email-mode" });
  let current;
  try {
    current = await ui.client.notifications(gameId);
  } catch (error) {
    box.append(el("p", {}, `The email settings could not be read: ${error.message}`));
    return box;
  }
  if (!current.email) {
    box.append(el("p", {}, "This seat has no email address, so it gets no email."));
    return box;
  }
  const mode = el("select", { id: "email-mode" },
    ...EMAIL_MODES.map(([value, text]) => el("option", { value }, text)));
  mode.value = current.email_mode;
  const saved = el("span", { class: "saved", "aria-live": "polite" });
  mode.addEventListener("change", async () => {
    saved.textContent = "";
    try {
      const now = await ui.client.setNotifications(gameId, mode.value);
      mode.value = now.email_mode;
      saved.textContent = "Saved.";
    } catch (error) {
      ui.alert(`The email setting was not saved: ${error.message}`);
      mode.value = current.email_mode;
    }
  });
  box.append(el("label", { for: "email-mode" }, `Email to ${current.email}`), mode, saved,
    el("p", { class: "hint" }, "No email comes while you have this game open here: what it "
      + "would say is on the page. Mail starts again a minute after you leave."));
  return box;
}

/**
 * Show the settings for a seat (email and webhooks) or the creator (the game's webhooks);
 * nothing for spectators.
 * @param {Element} container
 * @param {object} ui `client` (model/api.js) and `alert(message)`
 * @param {string} gameId
 * @param {{kind: string}} viewer the game view's viewer
 */
export async function renderSettings(container, ui, gameId, viewer) {
  if (viewer.kind === "spectator") {
    container.replaceChildren();
    return;
  }
  const whose = viewer.kind === "creator" ? "the game's" : "your seat's";
  const list = el("ul", { class: "webhooks" });
  const url = el("input", { type: "url", id: "webhook-url", placeholder: "https://..." });
  const form = el("form", { class: "webhook-add" },
    el("label", { for: "webhook-url" }, "Webhook URL"), url,
    el("button", { type: "submit" }, "Add webhook"));
  const secret = el("p", { class: "secret", "aria-live": "polite" });

  async function refresh() {
    const { items } = await ui.client.webhooks(gameId);
    list.replaceChildren(...items.map((hook) => {
      const remove = el("button", { type: "button", class: "small",
        "aria-label": `Delete the webhook to ${hook.url}` }, "Delete");
      remove.addEventListener("click", async () => {
        try {
          await ui.client.deleteWebhook(gameId, hook.id);
          await refresh();
        } catch (error) {
          ui.alert(error.message);
        }
      });
      const state = hook.enabled ? "" : ` (off: ${hook.disabled_reason ?? "disabled"})`;
      return el("li", {}, `${hook.url}${state} `, remove);
    }));
    if (!items.length) list.replaceChildren(el("li", {}, "No webhook yet."));
  }

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      const made = await ui.client.addWebhook(gameId, { url: url.value.trim() });
      url.value = "";
      secret.textContent = `Signing secret (shown once): ${made.secret}`;
      await refresh();
    } catch (error) {
      ui.alert(`The webhook was not added: ${error.message}`);
    }
  });
  container.replaceChildren(el("h2", {}, "Notifications"),
    ...(viewer.kind === "seat" ? [await emailPanel(ui, gameId)] : []),
    el("p", {}, `Webhooks tell another service when ${whose} game changes.`),
    list, form, secret);
  try {
    await refresh();
  } catch (error) {
    list.replaceChildren(el("li", {}, `The webhooks could not be read: ${error.message}`));
  }
}
