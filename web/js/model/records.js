/**
 * A game's record as files: the name a downloaded record is saved under, and a file a player
 * opens read as a record to send (`POST /sandboxes`). Pure, no DOM; the service checks the
 * record itself (docs/record-format.md).
 */

import { t } from "./i18n.js";

/**
 * The file name a `Content-Disposition` header gives (`filename*=UTF-8''...` first, then
 * `filename="..."`), with no folder in it.
 * @param {string|null} header e.g. `attachment; filename="Friday-night-8FHYI98R.txt"`
 * @returns {string|null}
 */
export function fileNameOf(header) {
  if (!header) return null;
  const extended = /filename\*\s*=\s*[^']*'[^']*'([^;]+)/i.exec(header);
  let name = null;
  if (extended) {
    try {
      name = decodeURIComponent(extended[1].trim());
    } catch {
      name = null;
    }
  }
  name ??= /filename\s*=\s*"([^"]*)"/i.exec(header)?.[1]
    ?? /filename\s*=\s*([^;\s]+)/i.exec(header)?.[1] ?? null;
  const base = name?.split(/[\\/]/).at(-1).trim();
  return base || null;
}

/**
 * The name a record is saved under: the game's name and the start of its id, as the service
 * names the text ("Friday-night-8FHYI98R.json").
 * @param {{id: string, name?: string}} apiGame the game's view
 * @param {string} extension "json" or "txt"
 * @returns {string}
 */
export function recordFileName(apiGame, extension) {
  const words = (apiGame.name ?? "").normalize("NFKD").replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "").slice(0, 40);
  const id = apiGame.id.replace(/[^A-Za-z0-9_-]/g, "").slice(0, 8);
  return `${[words, id].filter(Boolean).join("-") || "record"}.${extension}`;
}

/**
 * Read a file a player chose as a record to send: JSON with an object at its top (what the
 * record holds is for the service to check).
 * @param {string} text the file's content
 * @returns {{record: object|null, problem: string|null}}
 */
export function readRecordFile(text) {
  let record;
  try {
    record = JSON.parse(text);
  } catch {
    return { record: null, problem: t("This file is not a game's record: a record is a JSON "
      + "file, as \"Download the record\" on a game's page saves it.") };
  }
  if (!record || typeof record !== "object" || Array.isArray(record)) {
    return { record: null, problem: t("This file is not a game's record: it holds no record.") };
  }
  return { record, problem: null };
}
