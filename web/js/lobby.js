/**
 * The lobby (`/`): create a game and hand out its links; join an open seat with an invite
 * code (`/join/<id>#code=...` fills the form in); open a game's record as a sandbox; make a
 * table that plays game after game; ask by email for a link to all one's games, or for one's
 * links again (the join page has the latter too). The forms' values become requests in
 * model/lobby.js; the server's refusals are shown as it words them.
 */

import { browserTimeZone, language, languageNames, t } from "./model/i18n.js";
import { COLOURS, GAME_NAME_LENGTH, OPTIONS, SEATS, TAKEBACKS, gameSpec, joinSpec, pagePath,
  tableSpec } from "./model/lobby.js";
import { colourName } from "./model/viewmodel.js";
import { askHomeForm, lostLinkForm, markJoined } from "./view/email.js";
import { field, input, select } from "./view/forms.js";
import { showLinks, showTableLink } from "./view/links.js";
import { el } from "./view/panel.js";
import { openRecordForm } from "./view/records.js";
import { levelName } from "./view/words.js";

function seatLegend(index) {
  return t("Seat {number}", { number: index + 1 });
}

/**
 * A seat's row of the form: name, address, colour, who plays it, and (`open`) whether someone
 * joins it with the invite code (a table's players are known: no open seat).
 */
function seatRow(list, index, onChange, { open: openable = true } = {}) {
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
    ...(openable ? [el("div", { class: "field field--check" },
      el("label", {}, open, " ", t("open: someone joins with the invite code")))] : []),
    remove);
  remove.addEventListener("click", () => {
    row.remove();
    onChange();
  });
  list.append(row);
  return row;
}

/**
 * The seats of a form, in playing order: the list, its "Add a seat" button, the rows as the
 * form has them now, and the list as it opens (the fewest seats).
 * @param {function(number): void} onCount told the number of seats after each change
 */
function seatList(onCount, options = {}) {
  const list = el("div", { class: "seats" });
  const add = el("button", { type: "button" }, t("Add a seat"));
  const changed = () => {
    const count = list.querySelectorAll("fieldset.seat").length;
    [...list.querySelectorAll("legend")].forEach((l, i) => { l.textContent = seatLegend(i); });
    add.disabled = count >= SEATS.max;
    onCount(count);
  };
  add.addEventListener("click", () => {
    seatRow(list, 0, changed, options);
    changed();
  });
  return {
    list, add,
    read: () => readSeats(list),
    reset() {
      list.replaceChildren();
      for (let i = 0; i < SEATS.min; i += 1) seatRow(list, i, changed, options);
      changed();
    },
  };
}

/**
 * The rules the service adds around a game: takebacks and the monster preview, with a
 * function that reads them as model/lobby.js takes them.
 */
function tableRulesFields() {
  const preview = el("input", { type: "checkbox", name: "monster_preview" });
  const takebacks = select("takebacks", TAKEBACKS.map((m) => [m.value, m.label]));
  const fields = el("fieldset", { class: "table-rules" }, el("legend", {}, t("At the table")),
    field(t("Takebacks"), takebacks, t("A player may take back their last move before the "
      + "monster's next card.")),
    el("label", {}, preview, " ", t("Monster preview: show where the monster would walk for "
      + "each card, after the move being chosen")));
  return [fields, () => ({ takebacks: takebacks.value, monsterPreview: preview.checked })];
}

function readSeats(list) {
  return [...list.querySelectorAll("fieldset.seat")].map((row) => ({
    name: row.querySelector("[name=name]").value,
    email: row.querySelector("[name=email]").value,
    colour: row.querySelector("[name=colour]").value,
    open: Boolean(row.querySelector("[name=open]")?.checked),
    computer: row.querySelector("[name=player]").value,
  }));
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
  const start = select("start", []);
  const hours = input({ name: "hours", inputmode: "decimal" });
  const title = input({ name: "title", maxlength: String(GAME_NAME_LENGTH), autocomplete: "off" });
  const seats = seatList((count) => {
    const chosen = start.value;
    start.replaceChildren(el("option", { value: "random" }, t("drawn at random")),
      ...Array.from({ length: count }, (_, i) => el("option", { value: String(i) }, seatLegend(i))));
    start.value = [...start.options].some((o) => o.value === chosen) ? chosen : "random";
  });
  const [atTheTable, readTableRules] = tableRulesFields();
  /** The form as it opens: no names, the fewest seats, the page's language. */
  const clearForm = () => {
    form.reset();
    gameLanguage.value = language();
    seats.reset();
  };
  const result = el("section", { class: "created", "aria-live": "polite" });
  result.hidden = true;
  const form = el("form", { class: "create", "aria-labelledby": "create-title" },
    el("h2", { id: "create-title" }, t("Create a game")),
    field(t("What to call the game (optional)"), title,
      t("In every email’s subject, like “Friday night”.")),
    rules,
    el("h3", {}, t("Seats, in playing order")), seats.list, seats.add,
    field(t("Start player"), start),
    atTheTable,
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
      seats: seats.read(), start: start.value, hours: hours.value, title: title.value,
      language: gameLanguage.value, ...readTableRules(),
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

/**
 * "Make a table": a name and its players, as the create form's seats, for game after game
 * with standings; its link, shown once, starts its games.
 */
function tableForm(ui) {
  const name = input({ name: "table", maxlength: String(GAME_NAME_LENGTH), autocomplete: "off" });
  const seats = seatList(() => {}, { open: false });
  const tableLanguage = select("language", languageNames());
  const [atTheTable, readTableRules] = tableRulesFields();
  const result = el("section", { class: "table-made", "aria-live": "polite" });
  result.hidden = true;
  const form = el("form", { class: "make-table", "aria-labelledby": "table-title" },
    el("h2", { id: "table-title" }, t("Make a table")),
    el("p", { class: "hint" }, t("The same players, game after game, with standings: its "
      + "link starts each next game.")),
    field(t("What to call the table"), name, t("Its games are called after it: “Friday "
      + "night #2”.")),
    el("h3", {}, t("Players, in playing order")), seats.list, seats.add,
    atTheTable,
    field(t("Language of the table"), tableLanguage,
      t("The emails go out in it, to each player who has not chosen their own.")),
    el("div", { class: "buttons" },
      el("button", { type: "submit", class: "primary" }, t("Make the table"))));
  const clearForm = () => {
    form.reset();
    tableLanguage.value = language();
    seats.reset();
  };
  clearForm();
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const { spec, problems } = tableSpec({ name: name.value, seats: seats.read(),
      language: tableLanguage.value, ...readTableRules() });
    if (!spec) {
      ui.alert(problems.join(" "));
      return;
    }
    try {
      const made = await ui.client.createTable(spec);
      ui.clear();
      showTableLink(result, made);
      clearForm();
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
 * Show the lobby in `container`: the create form (unless joining), the join form, "Open a
 * record", "Make a table", and the forms that send one's links by email.
 * @param {Element} container
 * @param {object} ui `client` (model/api.js), `alert(message, details)`, `clear()`
 * @param {object} route from `route` in model/api.js
 */
export function showLobby(container, ui, route) {
  const parts = route.page === "join" ? [joinForm(ui, route), lostLinkForm(ui)]
    : [...createForm(ui), joinForm(ui, route), openRecordForm(ui), ...tableForm(ui),
      askHomeForm(ui), lostLinkForm(ui)];
  container.replaceChildren(...parts);
  container.hidden = false;
}
