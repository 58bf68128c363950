/**
 * The choice of one mail a day for all the games of an address instead of a mail per game,
 * and its hour: on the home page (saved with the home token) and in each game's settings
 * (saved with the seat's token). The choice is the address's: either place shows and sets
 * the same one. Saved at once, as the other email settings are.
 */

import { DAILY, dailyWords, HOURS, hourLabel, modeOf, PER_GAME } from "../model/daily.js";
import { t } from "../model/i18n.js";
import { el } from "./panel.js";

/**
 * The chooser of the daily mail.
 * @param {object} ui `alert(message)`
 * @param {{email: string, daily: boolean, hour: number, time_zone: string}} current the
 *   address's choice as the API gives it
 * @param {function({daily?: boolean, hour?: number}): Promise<object>} save stores a change;
 *   resolves to the choice as now stored
 * @returns {HTMLElement}
 */
export function dailyMailChoice(ui, current, save) {
  const mode = el("select", { id: "daily-mail" },
    el("option", { value: PER_GAME }, t("a mail per game, as each game's setting says")),
    el("option", { value: DAILY }, t("one mail a day for all your games")));
  const hour = el("select", { id: "daily-mail-hour" },
    ...HOURS.map((h) => el("option", { value: String(h) }, hourLabel(h))));
  const hourRow = el("div", { class: "daily-hour" },
    el("label", { for: "daily-mail-hour" }, t("At")), " ", hour);
  const words = el("p", { class: "hint daily-words" });
  const saved = el("span", { class: "saved", "aria-live": "polite" });
  let shown = current;

  function show(choice) {
    shown = choice;
    mode.value = modeOf(choice);
    hour.value = String(choice.hour);
    hourRow.hidden = !choice.daily;
    words.textContent = dailyWords(choice);
  }

  async function store(change) {
    saved.textContent = "";
    try {
      show(await save(change));
      saved.textContent = t("Saved.");
    } catch (error) {
      ui.alert(t("The email setting was not saved: {reason}", { reason: error.message }));
      show(shown);
    }
  }

  mode.addEventListener("change", () => store({ daily: mode.value === DAILY }));
  hour.addEventListener("change", () => store({ hour: Number(hour.value) }));
  show(current);
  return el("div", { class: "email-mode daily-mail" },
    el("label", { for: "daily-mail" }, t("All your games at {email}", { email: current.email })),
    mode, hourRow, saved, words);
}
