// The page's texts in its reader's language. Every text is written in English in the code,
// wrapped in t("...") or tn("...", "...", n), and looked up in the catalog the service serves
// from its gettext catalogs (GET /api/v1/i18n/<language>); a text missing there shows in
// English. pt("context", "...") is a text said of a particular thing (gettext's msgctxt: a
// figure's colour, pt("figure", "red"), beside a player's, t("red")). Placeholders are
// {name}. Static HTML marks its texts with data-t (the element's text) and data-t-attrs
// (attributes to translate), and translateDocument() fills them in.

import { LANGUAGE_NAMES, LANGUAGES } from "./languages.js";

export { LANGUAGES };

// gettext's plural forms of each language (the Plural-Forms header of its catalog).
const PLURAL = {
  en: (n) => (n === 1 ? 0 : 1),
  de: (n) => (n === 1 ? 0 : 1),
  es: (n) => (n === 1 ? 0 : 1),
  pl: (n) => (n === 1 ? 0
    : n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 10 || n % 100 >= 20) ? 1 : 2),
};

let current = { language: "en", texts: {}, names: LANGUAGE_NAMES };

// The first of the reader's languages (navigator.languages, "de-AT", ...) the service
// speaks, else English.
export function pickLanguage(tags = []) {
  for (const tag of tags) {
    const primary = String(tag).toLowerCase().replace("_", "-").split("-")[0];
    if (LANGUAGES.includes(primary)) return primary;
  }
  return "en";
}

export function language() {
  return current.language;
}

// Every language the service speaks, named in itself: [["de", "Deutsch"], ...].
export function languageNames() {
  return LANGUAGES.map((code) => [code, current.names[code] ?? code]);
}

export function setCatalog(language, texts = {}, names = current.names) {
  current = { language, texts, names };
}

// Load the catalog of `wanted` (falling back to English when it cannot be read). English
// is the language the texts are written in: it needs no catalog, and no server (the demos
// run without one).
export async function loadLanguage(wanted, fetchImpl = globalThis.fetch) {
  const code = LANGUAGES.includes(wanted) ? wanted : "en";
  const texts = code === "en" ? {} : await fetchTexts(code, fetchImpl);
  setCatalog(texts === null ? "en" : code, texts ?? {}, current.names);
  if (globalThis.document) globalThis.document.documentElement.lang = current.language;
  return current.language;
}

// The page's texts in `code` from the service, or null when they cannot be read.
async function fetchTexts(code, fetchImpl) {
  try {
    const response = await fetchImpl(`/api/v1/i18n/${code}`,
      { headers: { Accept: "application/json" } });
    if (!response.ok) return null;
    return (await response.json()).texts;
  } catch {
    return null;
  }
}

function fill(text, params) {
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

export function t(text, params = {}) {
  const found = current.texts[text];
  return fill(typeof found === "string" && found ? found : text, params);
}

// gettext's separator of a context from its text, as the catalog's keys have it.
const CONTEXT_SEPARATOR = "\u0004";

// A text said in `context` (the catalog's key is the context, the separator and the text).
export function pt(context, text, params = {}) {
  const found = current.texts[`${context}${CONTEXT_SEPARATOR}${text}`];
  return fill(typeof found === "string" && found ? found : text, params);
}

// The form of singular/plural for n; {n} is filled with n.
export function tn(singular, plural, n, params = {}) {
  const forms = current.texts[singular];
  const all = { n, ...params };
  if (Array.isArray(forms) && forms.every(Boolean)) {
    const index = (PLURAL[current.language] ?? PLURAL.en)(n);
    return fill(forms[Math.min(index, forms.length - 1)], all);
  }
  return fill(n === 1 ? singular : plural, all);
}

function squeeze(text) {
  return text.split(/\s+/).filter(Boolean).join(" ");
}

// Translate the static texts of the document (or of `root`): each [data-t] element's text
// and each attribute its data-t-attrs names. The English is kept, so it can run again.
export function translateDocument(root = globalThis.document) {
  for (const element of root.querySelectorAll("[data-t]")) {
    element.dataset.tSource ??= squeeze(element.textContent);
    element.textContent = t(element.dataset.tSource);
  }
  for (const element of root.querySelectorAll("[data-t-attrs]")) {
    for (const name of element.dataset.tAttrs.split(/\s+/).filter(Boolean)) {
      const key = `tSource${name.replace(/(^|-)(\w)/g, (_, __, c) => c.toUpperCase())}`;
      element.dataset[key] ??= squeeze(element.getAttribute(name) ?? "");
      element.setAttribute(name, t(element.dataset[key]));
    }
  }
}

// A moment as the reader writes it, in `timeZone` (default: the browser's).
export function formatMoment(moment, timeZone) {
  const options = { weekday: "short", month: "short", day: "numeric", hour: "numeric",
    minute: "2-digit", timeZoneName: "short" };
  if (timeZone) options.timeZone = timeZone;
  try {
    return new Intl.DateTimeFormat(current.language, options).format(new Date(moment));
  } catch {
    delete options.timeZone;
    return new Intl.DateTimeFormat(current.language, options).format(new Date(moment));
  }
}

// The browser's own time zone ("Europe/Berlin"), sent when a player joins.
export function browserTimeZone() {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
}
