import assert from "node:assert/strict";
import { afterEach, test } from "node:test";

import { language, languageNames, setCatalog, t } from "../js/model/i18n.js";
import { chosenLanguage, startLanguage, useLanguage } from "../js/model/language.js";

/** A browser's storage, as the page uses it. */
function fakeStorage() {
  const items = new Map();
  return {
    getItem: (key) => (items.has(key) ? items.get(key) : null),
    setItem: (key, value) => items.set(key, String(value)),
  };
}

const realFetch = globalThis.fetch;
const fetched = [];

function serveCatalogs() {
  globalThis.fetch = async (url) => {
    fetched.push(url);
    const code = url.split("/").at(-1);
    return { ok: true, status: 200, json: async () => ({ language: code,
      texts: code === "de" ? { Join: "Beitreten" } : {},
      languages: { en: "English", de: "Deutsch", es: "Español", pl: "Polski" } }) };
  };
}

afterEach(() => {
  delete globalThis.localStorage;
  globalThis.fetch = realFetch;
  fetched.length = 0;
  setCatalog("en", {});
});

test("a language chosen on the site is kept, and opens the next page in it", async () => {
  globalThis.localStorage = fakeStorage();
  serveCatalogs();
  assert.equal(chosenLanguage(), null);
  assert.equal(await useLanguage("de"), "de");
  assert.equal(chosenLanguage(), "de");
  assert.equal(t("Join"), "Beitreten");
  setCatalog("en", {});
  assert.equal(await startLanguage(["pl"]), "de", "the choice wins over the browser's");
  assert.equal(language(), "de");
});

test("without a choice the browser's language is used; English needs no server", async () => {
  globalThis.localStorage = fakeStorage();
  serveCatalogs();
  assert.equal(await startLanguage(["pl-PL", "en"]), "pl");
  assert.deepEqual(fetched, ["/api/v1/i18n/pl"]);
  fetched.length = 0;
  assert.equal(await startLanguage(["fr"]), "en");
  assert.deepEqual(fetched, []);
  assert.deepEqual(Object.fromEntries(languageNames()),
    { en: "English", de: "Deutsch", es: "Español", pl: "Polski" });
});

test("a stored value that is no language, or no storage at all, counts as no choice", async () => {
  globalThis.localStorage = fakeStorage();
  globalThis.localStorage.setItem("ff-language", "xx");
  assert.equal(chosenLanguage(), null);
  delete globalThis.localStorage;
  assert.equal(chosenLanguage(), null);
  assert.equal(await useLanguage("en"), "en");
});
