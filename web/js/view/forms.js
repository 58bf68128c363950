/**
 * The forms' parts shared by the lobby and the table's page: a labelled field with its hint,
 * a text input, a select. Built with createElement; every text goes in through textContent.
 */

import { el } from "./panel.js";

let fieldIds = 0;

/**
 * A labelled form control: `<label for>` and the control, in one wrapper, with its hint.
 * @param {string} text the label
 * @param {HTMLElement} control
 * @param {string} [hint]
 * @returns {HTMLElement}
 */
export function field(text, control, hint = "") {
  fieldIds += 1;
  control.id ||= `f${fieldIds}`;
  const parts = [el("label", { for: control.id }, text), control];
  if (hint) {
    const hintEl = el("small", { id: `${control.id}-hint`, class: "hint" }, hint);
    control.setAttribute("aria-describedby", hintEl.id);
    parts.push(hintEl);
  }
  return el("div", { class: "field" }, ...parts);
}

/** A text input with `attrs`. */
export function input(attrs) {
  return el("input", { type: "text", ...attrs });
}

/** A select named `name` of `choices` (`[value, text]` each). */
export function select(name, choices, attrs = {}) {
  return el("select", { name, ...attrs },
    ...choices.map(([value, text]) => el("option", { value }, text)));
}
