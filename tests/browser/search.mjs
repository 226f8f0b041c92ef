// Opens rules.html from file:// in Debian's headless chromium (Playwright drives it), types every
// query of a list into the search box and prints, as JSON, the results of each (the first, every
// one shown, the status line), every request the page made and every error its script threw.
// Usage: node search.mjs RULES_HTML QUERIES_JSON
import { launch } from "./launch.mjs";
import { readFileSync } from "node:fs";

const [html, queriesFile] = process.argv.slice(2);
const queries = JSON.parse(readFileSync(queriesFile, "utf8"));
const browser = await launch();
const page = await browser.newPage();
const requests = [];
page.on("request", r => requests.push(r.url()));
const errors = [];
page.on("pageerror", e => errors.push(String(e)));
await page.goto("file://" + html);
const results = [];
for (const q of queries) {
  await page.fill("#search", "");
  await page.type("#search", q, { delay: 0 });
  const shown = await page.evaluate(() => ({
    ids: Array.from(document.querySelectorAll("#results li.hit"), li => li.dataset.id),
    status: document.getElementById("status").textContent,
  }));
  results.push({ q, first: shown.ids[0] || "", ids: shown.ids, status: shown.status });
}
await browser.close();
console.log(JSON.stringify({ results, requests, errors }));
