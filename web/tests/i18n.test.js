import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { test } from "node:test";

import {
  formatMoment, language, loadLanguage, pickLanguage, pt, setCatalog, t, tn,
} from "../js/model/i18n.js";

const WEB = new URL("../", import.meta.url);

test("a text without a translation is the English, with its placeholders filled", () => {
  setCatalog("en", {});
  assert.equal(t("Your move in {game}", { game: "Friday" }), "Your move in Friday");
  assert.equal(t("Seat {number} of {total}", { number: 2 }), "Seat 2 of {total}");
  assert.equal(tn("{n} figure left", "{n} figures left", 1), "1 figure left");
  assert.equal(tn("{n} figure left", "{n} figures left", 0), "0 figures left");
});

test("a translated text is shown in the catalog's language", () => {
  setCatalog("de", { "Your move in {game}": "Du bist am Zug in {game}", "Empty": "" });
  assert.equal(t("Your move in {game}", { game: "Friday" }), "Du bist am Zug in Friday");
  assert.equal(t("Empty"), "Empty", "an empty translation shows the English");
  setCatalog("en", {});
});

test("a text said in a context is its own entry beside the same text without one", () => {
  setCatalog("pl", { red: "czerwony", "figure\u0004red": "czerwona" });
  assert.equal(t("red"), "czerwony");
  assert.equal(pt("figure", "red"), "czerwona");
  assert.equal(pt("figure", "blue"), "blue", "a text without a translation is the English");
  setCatalog("en", {});
});

test("Polish counts take their three forms: 1, 2–4 (not 12–14), and the rest", () => {
  setCatalog("pl", { "{n} figure": ["{n} figurka", "{n} figurki", "{n} figurek"] });
  const forms = [1, 2, 4, 5, 12, 22, 25].map((n) => tn("{n} figure", "{n} figures", n));
  assert.deepEqual(forms, ["1 figurka", "2 figurki", "4 figurki", "5 figurek", "12 figurek",
    "22 figurki", "25 figurek"]);
  setCatalog("en", {});
});

test("the page speaks the first of the reader's languages it knows, else English", () => {
  assert.equal(pickLanguage(["de-AT", "en"]), "de");
  assert.equal(pickLanguage(["fr-FR", "pl-PL", "de"]), "pl");
  assert.equal(pickLanguage(["es_ES"]), "es");
  assert.equal(pickLanguage(["fr", "it"]), "en");
  assert.equal(pickLanguage([]), "en");
});

test("a catalog is loaded from the service, and English is kept when it cannot be", async () => {
  const answer = { language: "es", texts: { Join: "Unirse" }, languages: { es: "Español" } };
  const fetched = [];
  const ok = async (url) => {
    fetched.push(url);
    return { ok: true, status: 200, json: async () => answer };
  };
  assert.equal(await loadLanguage("es", ok), "es");
  assert.deepEqual(fetched, ["/api/v1/i18n/es"]);
  assert.equal(t("Join"), "Unirse");
  const down = async () => ({ ok: false, status: 503, json: async () => ({}) });
  assert.equal(await loadLanguage("de", down), "en");
  assert.equal(language(), "en");
  assert.equal(t("Join"), "Join");
});

test("a moment is written in the time zone asked for", () => {
  setCatalog("en", {});
  const moment = "2026-11-25T18:30:00Z";
  assert.match(formatMoment(moment, "UTC"), /6:30/);
  assert.match(formatMoment(moment, "Asia/Tokyo"), /3:30/);
  assert.match(formatMoment(moment, "Not/AZone"), /\d/, "an unknown zone still gives a moment");
});

// --- The extractor (service/plumbing/i18n/extract.py) finds a text only when it is written out. ---

function scripts(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = new URL(entry.name + (entry.isDirectory() ? "/" : ""), dir);
    if (entry.isDirectory()) return scripts(path);
    return entry.name.endsWith(".js") ? [path] : [];
  });
}

/** Read a string literal ("..." or '...') at `at`; return the index after it, or -1. */
function literalEnd(source, at) {
  const quote = source[at];
  if (quote !== "\"" && quote !== "'") return -1;
  for (let i = at + 1; i < source.length; i += 1) {
    if (source[i] === "\\") i += 1;
    else if (source[i] === quote) return i + 1;
    else if (source[i] === "\n") return -1;
  }
  return -1;
}

function skipSpace(source, at) {
  let i = at;
  while (/\s/.test(source[i] ?? "")) i += 1;
  return i;
}

/** One argument made of string literals joined by `+`; the index after it, or -1. */
function literalArgument(source, at) {
  let end = literalEnd(source, skipSpace(source, at));
  while (end >= 0) {
    const next = skipSpace(source, end);
    if (source[next] !== "+") return next;
    end = literalEnd(source, skipSpace(source, next + 1));
  }
  return -1;
}

/** The calls of t(...), tn(...) and pt(...) in `source` whose texts are not written out. */
function unwrittenTexts(source) {
  const bad = [];
  for (const call of source.matchAll(/(?<![\w$.])(tn?|pt)\(/g)) {
    const before = source.slice(Math.max(0, call.index - 9), call.index);
    if (/function\s+$/.test(before)) continue; // a definition, not a call
    let at = literalArgument(source, call.index + call[0].length);
    if (at >= 0 && call[1] !== "t") {
      at = source[at] === "," ? literalArgument(source, at + 1) : -1;
    }
    if (at < 0 || ![",", ")"].includes(source[at])) {
      const line = source.slice(0, call.index).split("\n").length;
      bad.push(`line ${line}: ${source.slice(call.index, call.index + 40).split("\n")[0]}`);
    }
  }
  return bad;
}

test("the scan finds texts that are not written out", () => {
  assert.deepEqual(unwrittenTexts("t(\"a\" + \"b\", { x }); tn(\"{n} a\", \"{n} as\", n);"), []);
  assert.equal(unwrittenTexts("t(`Seat ${n}`)").length, 1);
  assert.equal(unwrittenTexts("t(name)").length, 1);
  assert.equal(unwrittenTexts("t(\"Seat \" + n)").length, 1);
  assert.equal(unwrittenTexts("tn(\"{n} a\", plural, n)").length, 1);
  assert.deepEqual(unwrittenTexts("pt(\"figure\", \"red\")"), []);
  assert.equal(unwrittenTexts("pt(\"figure\", colour)").length, 1);
  assert.deepEqual(unwrittenTexts("export function t(text) {} a.t(x); at(x);"), []);
});

test("every text the page's code translates is written out for the extractor", () => {
  const i18n = new URL("js/model/i18n.js", WEB).href; // the machinery itself, not a text
  const found = scripts(new URL("js/", WEB)).filter((path) => path.href !== i18n)
    .flatMap((path) => unwrittenTexts(readFileSync(path, "utf8"))
      .map((where) => `${path.pathname.split("/web/")[1]} ${where}`));
  assert.deepEqual(found, []);
});

test("every data-t element of the page holds only text, and every data-t-attrs is there", () => {
  const html = readFileSync(new URL("index.html", WEB), "utf8");
  const marked = [...html.matchAll(/<(\w+)\b([^>]*)\bdata-t\b(?!-)([^>]*)>([\s\S]*?)<\/\1>/g)];
  assert.ok(marked.length > 10);
  for (const [whole, , , , text] of marked) {
    assert.doesNotMatch(text, /</, `a data-t element with elements inside: ${whole}`);
    assert.ok(text.trim(), `an empty data-t element: ${whole}`);
  }
  for (const [whole, names] of html.matchAll(/<[^>]*\bdata-t-attrs="([^"]*)"[^>]*>/g)) {
    for (const name of names.split(/\s+/).filter(Boolean)) {
      assert.match(whole, new RegExp(`\\s${name}="[^"]+"`), `no ${name} to translate: ${whole}`);
    }
  }
});
