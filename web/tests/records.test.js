import assert from "node:assert/strict";
import { test } from "node:test";

import { fileNameOf, readRecordFile, recordFileName } from "../js/model/records.js";

test("the file name comes from the service's Content-Disposition, with no folder", () => {
  assert.equal(fileNameOf('attachment; filename="Friday-night-8FHYI98R.txt"'),
    "Friday-night-8FHYI98R.txt");
  assert.equal(fileNameOf("attachment; filename*=UTF-8''Fr%C3%BCh.txt; filename=\"x.txt\""),
    "Früh.txt");
  assert.equal(fileNameOf('attachment; filename="../../etc/passwd"'), "passwd");
  assert.equal(fileNameOf("attachment"), null);
  assert.equal(fileNameOf(null), null);
});

test("a record is saved under the game's name and the start of its id", () => {
  assert.equal(recordFileName({ id: "8FHYI98RyFgUtlLuZ", name: "Friday night!" }, "json"),
    "Friday-night-8FHYI98R.json");
  assert.equal(recordFileName({ id: "G1", name: "" }, "txt"), "G1.txt");
});

test("a file opened as a record must be JSON with an object at its top", () => {
  assert.deepEqual(readRecordFile('{"format": "fearsome-floors-record"}'),
    { record: { format: "fearsome-floors-record" }, problem: null });
  assert.match(readRecordFile("not json").problem, /not a game's record/);
  assert.match(readRecordFile("[1, 2]").problem, /holds no record/);
  assert.match(readRecordFile("null").problem, /holds no record/);
});
