/**
 * The forms that have the service send an email: ask for one's links again or for a link to
 * all one's games (the lobby, the join page, the home page), and a seat's own address and
 * link on the game page, beside the settings ("Email me this link", add or change the
 * address: the new one confirms it from a mail first). After joining, the game page tells
 * the player to keep the link. The server words its answers and refusals; nothing here
 * checks an address beyond the browser's `type="email"`.
 */

import { t } from "../model/i18n.js";
import { el } from "./panel.js";

const JOINED_KEY = "ff:joined:";
let fieldIds = 0;

/**
 * A one-field form that sends an email address and says what the server answered.
 * @param {object} options
 * @param {string} options.title the form's heading
 * @param {string} options.label the field's label
 * @param {string} options.button the submit button's text
 * @param {string} [options.hint] under the field
 * @param {string} [options.heading] the heading's tag, "h2" by default
 * @param {string} [options.name] the form's class and `data-form`
 * @param {function(string): Promise<string>} options.send sends the address; resolves to
 *   what to tell the player
 * @param {function(string): void} options.alert shows a refusal
 * @returns {HTMLFormElement}
 */
export function emailForm({ title, label, button, hint = "", heading = "h2", name = "", send, alert }) {
  fieldIds += 1;
  const id = `email-${fieldIds}`;
  const input = el("input", { type: "email", id, name: "email", autocomplete: "email" });
  const field = el("div", { class: "field" }, el("label", { for: id }, label), input);
  if (hint) {
    const small = el("small", { id: `${id}-hint`, class: "hint" }, hint);
    input.setAttribute("aria-describedby", small.id);
    field.append(small);
  }
  const said = el("p", { class: "said", role: "status" });
  const form = el("form", { class: `email-form ${name}`.trim(), "data-form": name },
    el(heading, {}, title), field,
    el("div", { class: "buttons" }, el("button", { type: "submit" }, button)), said);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    said.textContent = "";
    const address = input.value.trim();
    if (!address) {
      alert(t("Give your email address."));
      return;
    }
    try {
      said.textContent = await send(address);
      input.value = "";
    } catch (error) {
      alert(error.message);
    }
  });
  return form;
}

/**
 * "Email me a link to all my games": the home page's link, sent to an address.
 * @param {object} ui `client` (model/api.js) and `alert(message)`
 */
export function askHomeForm(ui) {
  return emailForm({
    title: t("Email me a link to all my games"), label: t("Your email address"),
    button: t("Email me the link"), name: "ask-home",
    hint: t("The address you gave when you were invited or joined: one link lists all your "
      + "games and which wait for your move. It works for 7 days."),
    send: async (email) => (await ui.client.askHomeLink(email)).message,
    alert: ui.alert,
  });
}

/**
 * "I lost my link": new links to every seat of an address, by email.
 * @param {object} ui `client` (model/api.js) and `alert(message)`
 */
export function lostLinkForm(ui) {
  return emailForm({
    title: t("Lost your link to a game?"), label: t("Your email address"),
    button: t("Email me my links"), name: "lost-link",
    hint: t("New links to your seats go to the address you gave; your first links keep "
      + "working."),
    send: async (email) => (await ui.client.lostLinks(email)).message,
    alert: ui.alert,
  });
}

/** Note that this browser has just joined `gameId`, for the game page to say so once. */
export function markJoined(gameId) {
  try {
    sessionStorage.setItem(JOINED_KEY + gameId, "1");
  } catch {
    // Storage off: the game page gives the usual advice to keep the link.
  }
}

function justJoined(gameId) {
  try {
    const joined = sessionStorage.getItem(JOINED_KEY + gameId) === "1";
    sessionStorage.removeItem(JOINED_KEY + gameId);
    return joined;
  } catch {
    return false;
  }
}

function keepAdvice(joined) {
  const words = joined
    ? t("You have joined the game. This page's address is your key to your seat: bookmark "
      + "it now, or email it to yourself.")
    : t("This page's address is your key to your seat: keep it (bookmark it).");
  return el("p", { class: joined ? "keep is-new" : "keep" }, words);
}

function seatForms(ui, gameId, email) {
  if (!email) {
    return [
      el("p", {}, t("This seat has no email address. Add one to get this link, and your "
        + "turns if you like, by email.")),
      emailForm({
        title: t("Add your email"), label: t("Your email address"), button: t("Add email"),
        heading: "h3", name: "add-email",
        hint: t("It gets a link to confirm the address; once you follow it, your link to "
          + "this game comes by email."),
        send: async (address) => {
          const asked = await ui.client.changeEmail(gameId, address);
          return t("We sent a link to {email}: open it to confirm the address, and your "
            + "link to this game follows.", { email: asked.pending_email });
        },
        alert: ui.alert,
      }),
    ];
  }
  const said = el("p", { class: "said", role: "status" });
  const send = el("button", { type: "button" }, t("Email me this link"));
  send.addEventListener("click", async () => {
    said.textContent = "";
    try {
      const sent = await ui.client.emailMyLink(gameId);
      said.textContent = t("Your link is on its way to {email}.", { email: sent.email });
    } catch (error) {
      ui.alert(error.message);
    }
  });
  return [
    el("p", {}, t("Your email: {email}", { email })),
    el("div", { class: "buttons" }, send), said,
    emailForm({
      title: t("Change email"), label: t("New email address"), button: t("Change email"),
      heading: "h3", name: "change-email",
      hint: t("The new address gets a link to confirm it; until then mail goes to {email}.",
        { email }),
      send: async (address) => {
        const asked = await ui.client.changeEmail(gameId, address);
        return t("We sent a link to {email}: open it to confirm. Until then, mail goes to "
          + "{current}.", { email: asked.pending_email, current: asked.email });
      },
      alert: ui.alert,
    }),
  ];
}

/**
 * Show a seat its link and its email address after `anchor` (the settings panel): keep the
 * link, email it, add or change the address. Nothing for the creator or spectators.
 * @param {Element} anchor the section this one follows
 * @param {object} ui `client` (model/api.js), `alert(message)`, `notice(message)`
 * @param {string} gameId
 * @param {{kind: string}} viewer the game view's viewer
 */
export async function mountSeatEmail(anchor, ui, gameId, viewer) {
  if (viewer.kind !== "seat") return;
  let box = document.getElementById("seat-email");
  if (!box) {
    box = el("section", { id: "seat-email", class: "seat-email",
      "aria-labelledby": "seat-email-title" });
    anchor.after(box);
  }
  const joined = justJoined(gameId);
  if (joined) ui.notice(keepAdvice(true).textContent);
  const title = el("h2", { id: "seat-email-title" }, t("Your link"));
  try {
    const current = await ui.client.notifications(gameId);
    box.replaceChildren(title, keepAdvice(joined), ...seatForms(ui, gameId, current.email));
  } catch (error) {
    box.replaceChildren(title, keepAdvice(joined),
      el("p", {}, t("Your email address could not be read: {reason}",
        { reason: error.message })));
  }
}
