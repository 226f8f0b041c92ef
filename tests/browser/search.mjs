// Opens rules.html from file:// in Debian's headless chromium (Playwright drives it), types every
// query of the golden file into the search box and prints, as JSON, the first result of each and
// every request the page made. Usage: node search.mjs RULES_HTML QUERIES_JSON
import { chromium } from "playwright-core";
import { readFileSync } from "node:fs";

const [html, queriesFile] = process.argv.slice(2);
const queries = JSON.parse(readFileSync(queriesFile, "utf8"));
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
});
const page = await browser.newPage();
const requests = [];
page.on("request", r => requests.push(r.url()));
await page.goto("file://" + html);
const results = [];
for (const q of queries) {
  await page.fill("#search", "");
  await page.type("#search", q, { delay: 0 });
  const first = await page.evaluate(() => {
    const li = document.querySelector("#results li.hit");
    return li ? li.dataset.id : "";
  });
  results.push({ q, first });
}
await browser.close();
console.log(JSON.stringify({ results, requests }));
