/**
 * A new game's links as the lobby shows them once it is made, and the table's page once it
 * starts the next game: each link to copy or open, the secrets, the invitations not mailed;
 * and a new table's own link.
 * Built with createElement; every text goes in through textContent.
 */

import { isolate } from "../model/captions.js";
import { t } from "../model/i18n.js";
import { createdLinks, heldInvitations, pagePath } from "../model/lobby.js";
import { field } from "./forms.js";
import { el } from "./panel.js";

/** A link to copy (its box selects itself) or open. */
function linkItem(url, label, kind) {
  const box = el("input", { type: "text", readonly: "", value: url, class: "link",
    "data-kind": kind });
  box.addEventListener("focus", () => box.select());
  return [field(label, box), el("div", { class: "buttons" },
    copyButton(url, label),
    // TRANSLATORS: a link that opens the game's page (a verb).
    el("a", { href: pagePath(url) }, t("Open")))];
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

/**
 * Show a new game's links to hand out (model/lobby.js `createdLinks`), the newest first above
 * those shown before: each with Copy and Open, the secrets beside them, and the invitations
 * the service did not mail. The service shows them only this once.
 * @param {Element} container
 * @param {object} created the answer of a game's creation
 */
export function showLinks(container, created) {
  const items = createdLinks(created).map((link) => {
    const parts = linkItem(link.url, link.label, link.kind);
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

/**
 * Show a new table's own link (shown only this once): it reads the table and starts its
 * games.
 * @param {Element} container
 * @param {{table: object, link: string}} made the answer of `POST /tables`
 */
export function showTableLink(container, made) {
  const heading = el("h2", { tabindex: "-1" }, t("Your table's link"));
  container.prepend(el("section", { class: "created-table", "data-table": made.table.id },
    heading,
    el("p", {}, t("Keep this link: it starts the table's games and shows its standings. The "
      + "service shows it only this once.")),
    el("ul", { class: "links" }, el("li", {},
      ...linkItem(made.link, t("The table: {name}", { name: isolate(made.table.name) }),
        "table")))));
  container.hidden = false;
  heading.focus();
}
