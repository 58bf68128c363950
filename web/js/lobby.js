/**
 * The lobby (`/`): create a game and hand out its links; join an open seat with an invite
 * code (`/join/<id>#code=...` fills the form in); ask by email for a link to all one's games,
 * or for one's links again (the join page has the latter too). The form's values become requests in
 * model/lobby.js; the server's refusals are shown as it words them.
 */

import { browserTimeZone, language, languageNames, t } from "./model/i18n.js";
import { COLOURS, GAME_NAME_LENGTH, OPTIONS, SEATS, createdLinks, gameSpec, heldInvitations,
  joinSpec, pagePath } from "./model/lobby.js";
import { colourName } from "./model/viewmodel.js";
import { askHomeForm, lostLinkForm, markJoined } from "./view/email.js";
import { levelName } from "./view/words.js";
import { el } from "./view/panel.js";

let fieldIds = 0;

/** A labelled form control: `<label for>` and the control, in one wrapper. */
function field(text, control, hint = "") {
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

function input(attrs) {
  return el("input", { type: "text", ...attrs });
}

function select(name, choices, attrs = {}) {
  return el("select", { name, ...attrs },
    ...choices.map(([value, text]) => el("option", { value }, text)));
}

function seatLegend(index) {
  return t("Seat {number}", { number: index + 1 });
}

function seatRow(list, index, onChange) {
  const name = input({ name: "name", autocomplete: "off", maxlength: "40" });
  const email = input({ name: "email", type: "email", autocomplete: "off" });
  const colour = select("colour",
    [["", t("automatic")], ...COLOURS.map((c) => [c, colourName(c)])]);
  const open = el("input", { type: "checkbox", name: "open" });
  const player = select("player", [["", t("a person")], ...["easy", "normal", "hard"].map(
    (level) => [level, t("the computer ({level})", { level: levelName(level) })])]);
  const update = () => {
    name.disabled = open.checked;
    email.disabled = open.checked || player.value !== "";
    player.disabled = open.checked;
    open.disabled = player.value !== "";
  };
  open.addEventListener("change", update);
  player.addEventListener("change", update);
  const remove = el("button", { type: "button", class: "remove" }, t("Remove"));
  const row = el("fieldset", { class: "seat" }, el("legend", {}, seatLegend(index)),
    field(t("Name"), name),
    field(t("Email (optional)"), email, t("Gets the seat's link by email.")),
    field(t("Colour"), colour),
    field(t("Played by"), player, t("The computer plays at once when it is its turn; "
      + "its name may stay empty.")),
    el("div", { class: "field field--check" },
      el("label", {}, open, " ", t("open: someone joins with the invite code"))),
    remove);
  remove.addEventListener("click", () => {
    row.remove();
    onChange();
  });
  list.append(row);
  return row;
}

function readSeats(list) {
  return [...list.querySelectorAll("fieldset.seat")].map((row) => ({
    name: row.querySelector("[name=name]").value,
    email: row.querySelector("[name=email]").value,
    colour: row.querySelector("[name=colour]").value,
    open: row.querySelector("[name=open]").checked,
    computer: row.querySelector("[name=player]").value,
  }));
}

function copyButton(text, label) {
  const b = el("button", { type: "button",
    "aria-label": t("Copy the link: {label}", { label }) }, t("Copy"));
  // The name keeps the words shown in it (a screen reader's user says what they see).
  b.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(text);
      b.textContent = t("Copied");
      b.setAttribute("aria-label", t("Copied: {label}", { label }));
    } catch {
      b.textContent = t("Select and copy by hand");
      b.setAttribute("aria-label", t("Select and copy by hand: {label}", { label }));
    }
  });
  return b;
}

function showLinks(container, created) {
  const items = createdLinks(created).map((link) => {
    const box = el("input", { type: "text", readonly: "", value: link.url, class: "link",
      "data-kind": link.kind });
    box.addEventListener("focus", () => box.select());
    const parts = [field(link.label, box), el("div", { class: "buttons" },
      copyButton(link.url, link.label),
      // TRANSLATORS: a link that opens the game's page (a verb).
      el("a", { href: pagePath(link.url) }, t("Open")))];
    if (link.secret) {
      parts.push(el("p", { class: "secret" },
        link.kind === "invite" ? t("Invite code:") : t("Creator token:"), " ",
        el("code", { "data-kind": `${link.kind}-secret` }, link.secret)));
    }
    return el("li", {}, ...parts);
  });
  // Each game made keeps its links on the page (they are shown only this once), the newest
  // first.
  const heading = el("h2", { tabindex: "-1" }, t("Your game's links"));
  container.prepend(el("section", { class: "created-game", "data-game": created.game.id },
    heading,
    el("p", {}, t("Send each player their own link: it is their key to the game. The "
      + "service shows these links only this once.")),
    ...heldNotice(created),
    el("ul", { class: "links" }, ...items)));
  container.hidden = false;
  heading.focus();
}

/** The seats whose invitation was not mailed, and why (nothing when every one was). */
function heldNotice(created) {
  const held = heldInvitations(created);
  if (!held.length) return [];
  return [el("div", { class: "notice held-invitations" },
    el("h3", {}, t("Invitations not sent")),
    el("ul", {}, ...held.map((h) => el("li", { "data-seat": String(h.seat) },
      el("strong", {}, h.label), " ", h.message))))];
}

function createForm(ui) {
  const rules = el("fieldset", { class: "rules" }, el("legend", {}, t("Rules")),
    ...[["basic", t("Basic game")], ["experienced", t("Experienced game (tiles placed first)")]]
      .map(([value, text]) => el("label", {},
        el("input", { type: "radio", name: "rules", value, ...(value === "basic" ? { checked: "" } : {}) }),
        ` ${text}`)),
    ...OPTIONS.map((o) => el("label", {}, el("input", { type: "checkbox", name: o.name }), ` ${o.label}`)));
  const gameLanguage = select("language", languageNames());
  gameLanguage.value = language();
  const list = el("div", { class: "seats" });
  const start = select("start", []);
  const hours = input({ name: "hours", inputmode: "decimal" });
  const title = input({ name: "title", maxlength: String(GAME_NAME_LENGTH), autocomplete: "off" });
  const add = el("button", { type: "button" }, t("Add a seat"));
  const refresh = () => {
    const count = list.querySelectorAll("fieldset.seat").length;
    [...list.querySelectorAll("legend")].forEach((l, i) => { l.textContent = seatLegend(i); });
    add.disabled = count >= SEATS.max;
    const chosen = start.value;
    start.replaceChildren(el("option", { value: "random" }, t("drawn at random")),
      ...Array.from({ length: count }, (_, i) => el("option", { value: String(i) }, seatLegend(i))));
    start.value = [...start.options].some((o) => o.value === chosen) ? chosen : "random";
  };
  add.addEventListener("click", () => {
    seatRow(list, 0, refresh);
    refresh();
  });
  /** The form as it opens: no names, the fewest seats, the page's language. */
  const clearForm = () => {
    form.reset();
    gameLanguage.value = language();
    list.replaceChildren();
    for (let i = 0; i < SEATS.min; i += 1) seatRow(list, i, refresh);
    refresh();
  };
  const result = el("section", { class: "created", "aria-live": "polite" });
  result.hidden = true;
  const form = el("form", { class: "create", "aria-labelledby": "create-title" },
    el("h2", { id: "create-title" }, t("Create a game")),
    field(t("What to call the game (optional)"), title,
      t("In every email’s subject, like “Friday night”.")),
    rules,
    el("h3", {}, t("Seats, in playing order")), list, add,
    field(t("Start player"), start),
    field(t("Time per move, in hours (optional)"), hours, t("Empty: no limit.")),
    field(t("Language of the game"), gameLanguage,
      t("The emails go out in it, to each player who has not chosen their own.")),
    el("div", { class: "buttons" },
      el("button", { type: "submit", class: "primary" }, t("Create the game"))));
  clearForm();
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const { spec, problems } = gameSpec({
      rules: form.querySelector("[name=rules]:checked").value,
      options: Object.fromEntries(OPTIONS.map((o) => [o.name, form.querySelector(`[name=${o.name}]`).checked])),
      seats: readSeats(list), start: start.value, hours: hours.value, title: title.value,
      language: gameLanguage.value,
    });
    if (!spec) {
      ui.alert(problems.join(" "));
      return;
    }
    try {
      const created = await ui.client.createGame(spec);
      ui.clear();
      showLinks(result, created);
      clearForm(); // a second Create makes no second game by mistake
    } catch (error) {
      ui.alert(error.message, error.details);
    }
  });
  return [form, result];
}

function joinForm(ui, route) {
  const game = input({ name: "game", value: route.gameId ?? "", autocomplete: "off" });
  const code = input({ name: "code", value: route.code ?? "", autocomplete: "off" });
  const name = input({ name: "name", maxlength: "40" });
  const email = input({ name: "email", type: "email" });
  const seat = input({ name: "seat", inputmode: "numeric" });
  const form = el("form", { class: "join", "aria-labelledby": "join-title" },
    el("h2", { id: "join-title" }, t("Join a game")),
    // TRANSLATORS: the label of the field for the game's id.
    field(t("Game"), game), field(t("Invite code"), code), field(t("Your name"), name),
    field(t("Email (optional)"), email, t("Gets your link, and your turns if you like.")),
    field(t("Seat number (optional)"), seat, t("Empty: the first open seat.")),
    el("div", { class: "buttons" },
      el("button", { type: "submit", class: "primary" }, t("Join"))));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const { join, problems } = joinSpec({ code: code.value, name: name.value, email: email.value,
      seat: seat.value.trim() === "" ? "" : String(Number(seat.value) - 1),
      language: language(), timeZone: browserTimeZone() });
    if (!join || !game.value.trim()) {
      ui.alert([...problems, ...(game.value.trim() ? [] : [t("Give the game's id.")])].join(" "));
      return;
    }
    try {
      const joined = await ui.client.joinGame(game.value.trim(), join);
      markJoined(joined.game.id);
      window.location.assign(pagePath(joined.link));
    } catch (error) {
      ui.alert(error.message, error.details);
    }
  });
  return form;
}

/**
 * Show the lobby in `container`: the create form (unless joining), the join form, and the
 * forms that send one's links by email.
 * @param {Element} container
 * @param {object} ui `client` (model/api.js), `alert(message, details)`, `clear()`
 * @param {object} route from `route` in model/api.js
 */
export function showLobby(container, ui, route) {
  const parts = route.page === "join" ? [joinForm(ui, route), lostLinkForm(ui)]
    : [...createForm(ui), joinForm(ui, route), askHomeForm(ui), lostLinkForm(ui)];
  container.replaceChildren(...parts);
  container.hidden = false;
}
