/**
 * A game's record on the page (docs/table.md "Records"): on a game's page, "Download the
 * record" (JSON, for other tools) and "Download as text", fetched with the page's token and
 * saved from a Blob, and "Try it in a sandbox" at the position shown (an earlier one while
 * the step-through shows it), opened in a new tab; on the lobby, "Open a record": a record
 * file opened as a sandbox (the service replays and checks it, and says which entry fails).
 * Built with createElement; every text goes in through textContent.
 */

import { t } from "../model/i18n.js";
import { pagePath } from "../model/lobby.js";
import { readRecordFile, recordFileName } from "../model/records.js";
import { button, el } from "./panel.js";

/** Save `body` as a file named `name` (the browser's download). */
function save(body, type, name) {
  const url = URL.createObjectURL(new Blob([body], { type }));
  const link = el("a", { href: url, download: name, hidden: "" });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Mount the record panel on the game page (after the log).
 * @param {object} page the page's elements (`log`)
 * @param {object} ui `client`, `alert(message)`, `clear()`
 * @param {object} apiGame the game's view (`id`, `name`)
 * @param {function(): number} shownVersion the version of the position the page shows
 */
export function mountRecords(page, ui, apiGame, shownVersion) {
  const box = el("section", { class: "record", "aria-labelledby": "record-title" });
  const opened = el("p", { class: "sandbox-opened", "aria-live": "polite" });
  page.log.after(box);

  async function download(format) {
    ui.clear();
    try {
      const record = await ui.client.record(apiGame.id, format);
      save(record.body, record.type,
        record.fileName ?? recordFileName(apiGame, format === "text" ? "txt" : "json"));
    } catch (error) {
      ui.alert(t("The record was not downloaded: {reason}", { reason: error.message }));
    }
  }

  async function trySandbox() {
    ui.clear();
    // Opened now, while the click still allows a new tab; its address comes with the answer.
    const tab = window.open("", "_blank");
    try {
      const answer = await ui.client.openSandbox(apiGame.id, shownVersion());
      const address = new URL(pagePath(answer.link), window.location.origin).href;
      opened.replaceChildren(t("Your sandbox, only for you:"), " ",
        el("a", { href: address, target: "_blank", rel: "noopener" }, t("Open the sandbox")));
      if (tab) {
        tab.opener = null;
        tab.location.href = address;
      }
    } catch (error) {
      tab?.close();
      ui.alert(t("No sandbox was opened: {reason}", { reason: error.message }));
    }
  }

  box.replaceChildren(el("h2", { id: "record-title" }, t("The game's record")),
    el("div", { class: "buttons" },
      button(t("Download the record"), () => download("json"),
        { "aria-describedby": "record-hint" }),
      button(t("Download as text"), () => download("text"))),
    el("p", { class: "hint", id: "record-hint" }, t("The record is a file for other tools and "
      + "for \"Open a record\" on the front page; the text is to read.")),
    el("div", { class: "buttons" },
      button(t("Try it in a sandbox"), trySandbox, { "aria-describedby": "sandbox-hint" })),
    el("p", { class: "hint", id: "sandbox-hint" }, t("A private copy of the position shown, "
      + "in a new tab: move every seat, choose the monster's card, go back. The game itself "
      + "is not touched.")),
    opened);
}

let formIds = 0;

/**
 * The lobby's "Open a record": a record file (JSON) opened as a sandbox.
 * @param {object} ui `client` (no token needed), `alert(message)`, `clear()`
 * @returns {HTMLFormElement}
 */
export function openRecordForm(ui) {
  formIds += 1;
  const id = `record-file-${formIds}`;
  const file = el("input", { type: "file", id, name: "record",
    accept: ".json,application/json", "aria-describedby": `${id}-hint` });
  const form = el("form", { class: "open-record", "aria-labelledby": `${id}-title` },
    el("h2", { id: `${id}-title` }, t("Open a record")),
    el("p", { class: "hint", id: `${id}-hint` }, t("A game's record (a JSON file, from "
      + "\"Download the record\"), replayed and checked, opens as a sandbox to try moves in.")),
    el("div", { class: "field" }, el("label", { for: id }, t("Record file")), file),
    el("div", { class: "buttons" },
      el("button", { type: "submit", class: "primary" }, t("Open in a sandbox"))));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const chosen = file.files?.[0];
    if (!chosen) {
      ui.alert(t("Choose a record file first."));
      return;
    }
    const { record, problem } = readRecordFile(await chosen.text());
    if (problem) {
      ui.alert(problem);
      return;
    }
    try {
      const opened = await ui.client.importRecord(record);
      ui.clear();
      window.location.assign(pagePath(opened.link));
    } catch (error) {
      ui.alert(error.message);
    }
  });
  return form;
}
