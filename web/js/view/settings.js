/**
 * The settings panel of the game page: for the creator, the host tools (view/host.js); for a
 * seat, its email notifications (how often); for both, the webhooks of the token's holder (a
 * seat's own, or the game's for its creator, view/hooks.js). Spectators have no settings.
 */

import { renderHooks } from "./hooks.js";
import { renderHostTools } from "./host.js";
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
 * Show the settings for a seat (email and webhooks) or the creator (the host tools and the
 * game's webhooks); nothing for spectators.
 * @param {Element} container
 * @param {object} ui `client` (model/api.js), `alert(message)`, `clear()`
 * @param {string} gameId
 * @param {{kind: string}} viewer the game view's viewer
 */
export async function renderSettings(container, ui, gameId, viewer) {
  if (viewer.kind === "spectator") {
    container.replaceChildren();
    return;
  }
  const host = el("section", { class: "host-tools", "aria-labelledby": "host-tools-title" });
  const hooks = el("div", { class: "hooks" });
  container.replaceChildren(
    ...(viewer.kind === "creator" ? [host] : []),
    el("h2", {}, "Notifications"),
    ...(viewer.kind === "seat" ? [await emailPanel(ui, gameId)] : []),
    hooks);
  const parts = [renderHooks(hooks, ui, gameId, viewer.kind)];
  if (viewer.kind === "creator") {
    parts.push(renderHostTools(host, ui, gameId).catch((error) => {
      host.replaceChildren(el("p", {}, `The host tools could not be shown: ${error.message}`));
    }));
  }
  await Promise.all(parts);
}
