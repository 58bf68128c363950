/**
 * "My notes" on a seat's page: the seat's private notes about its game (`GET`/`PUT
 * /games/<id>/note`), which no one else reads. A box, its character count, and Save; a
 * refusal (too long, an invisible control character) in players' words. Built with
 * createElement; the text goes in and out as the value of the box, never as markup.
 */

import { t, tn } from "../model/i18n.js";
import { button, el } from "./panel.js";

/** The most characters a note holds (the API's limit). */
export const NOTE_LENGTH = 4000;

/**
 * Mount "My notes" on a seat's page (before the settings).
 * @param {object} page the page's elements (`settings`)
 * @param {object} ui `client`, `alert(message)`, `clear()`
 * @param {string} gameId
 * @param {{kind: string}} viewer the game view's viewer: only a seat has notes
 */
export async function mountNotes(page, ui, gameId, viewer) {
  if (viewer.kind !== "seat") return;
  const box = el("textarea", { id: "note-text", class: "note__box", rows: "5",
    "aria-describedby": "note-hint note-count" });
  const count = el("span", { id: "note-count", class: "counter" });
  const saved = el("span", { class: "saved", "aria-live": "polite" });
  const recount = () => {
    const n = box.value.length;
    count.textContent = tn("{n} of {limit} character", "{n} of {limit} characters", n,
      { limit: NOTE_LENGTH });
    count.classList.toggle("is-over", n > NOTE_LENGTH);
  };
  box.addEventListener("input", () => {
    saved.textContent = "";
    recount();
  });
  const save = button(t("Save my notes"), async () => {
    saved.textContent = "";
    ui.clear();
    try {
      const note = await ui.client.saveNote(gameId, box.value);
      box.value = note.text;
      recount();
      saved.textContent = t("Saved.");
    } catch (error) {
      ui.alert(t("Your notes were not saved: {reason}", { reason: error.message }));
    }
  });
  const section = el("section", { class: "notes", "aria-labelledby": "note-title" },
    el("h2", { id: "note-title" }, t("My notes")),
    el("p", { class: "hint", id: "note-hint" }, t("Private: only you read them, on this seat's "
      + "page or by mail. No other player sees them, nor the game's record.")),
    el("label", { for: "note-text" }, t("Notes about this game")), box,
    el("div", { class: "note__save" }, count, el("div", { class: "buttons" }, save, saved)));
  page.settings.before(section);
  try {
    box.value = (await ui.client.note(gameId)).text;
  } catch (error) {
    section.append(el("p", { class: "error" },
      t("Your notes could not be read: {reason}", { reason: error.message })));
  }
  recount();
}
