/**
 * The settings panel of the game page: the webhooks of the token's holder (a seat's own, or
 * the game's for its creator): list them, add one, delete one. The API refuses what it must
 * (private addresses, bad URLs) and the panel shows its message. Spectators have no settings.
 */

import { el } from "./panel.js";

/**
 * Show the webhooks panel for a seat or the creator; nothing for spectators.
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
    el("p", {}, `Webhooks tell another service when ${whose} game changes.`),
    list, form, secret);
  try {
    await refresh();
  } catch (error) {
    list.replaceChildren(el("li", {}, `The webhooks could not be read: ${error.message}`));
  }
}
