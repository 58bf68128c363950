// The reader's language for the page: their own choice on this site, kept in the browser
// (localStorage "ff-language") so every page opens in it, else the first of the browser's
// languages the service speaks. The header's chooser (<select id="language">) shows it.

import { LANGUAGES, loadLanguage, pickLanguage, translateDocument } from "./i18n.js";

const STORED = "ff-language";

function storage() {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null; // storage switched off by the browser
  }
}

/** The language the reader chose on this site before ("de", ...), or null. */
export function chosenLanguage() {
  let code = null;
  try {
    code = storage()?.getItem(STORED) ?? null;
  } catch {
    code = null;
  }
  return LANGUAGES.includes(code) ? code : null;
}

function show(shown) {
  const document = globalThis.document;
  if (!document) return;
  translateDocument(document);
  const chooser = document.getElementById("language");
  if (chooser) chooser.value = shown;
}

/**
 * Open the page in the reader's language (their choice here before, else the browser's):
 * load its texts and translate the document's static texts. Resolves to the language shown.
 * @param {readonly string[]} [browser] the browser's languages (`navigator.languages`)
 * @returns {Promise<string>}
 */
export async function startLanguage(browser = globalThis.navigator?.languages ?? []) {
  const shown = await loadLanguage(chosenLanguage() ?? pickLanguage(browser));
  show(shown);
  return shown;
}

/**
 * Switch the page to `code`: remember the choice, load its texts, translate the static texts
 * of the document and show the choice in the header chooser. Resolves to the language now
 * shown (English when `code`'s texts could not be loaded). Texts rendered by code must be
 * rendered again by the caller.
 * @param {string} code "en", "de", "es" or "pl"
 * @returns {Promise<string>}
 */
export async function useLanguage(code) {
  try {
    if (LANGUAGES.includes(code)) storage()?.setItem(STORED, code);
  } catch {
    // the choice then lasts only for this page
  }
  const shown = await loadLanguage(LANGUAGES.includes(code) ? code : "en");
  show(shown);
  return shown;
}
