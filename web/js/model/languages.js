// The languages the service speaks, each named in itself, for the page. Written by
// `make i18n` from service/plumbing/i18n/languages.py: change them there.

export const LANGUAGES = Object.freeze(["en", "de", "es", "pl"]);

export const LANGUAGE_NAMES = Object.freeze({ en: "English", de: "Deutsch", es: "Español", pl: "Polski" });
