// Uses rules.html from the keyboard in Debian's headless chromium (Playwright drives it) and checks
// it with axe-core: `/` focuses the search box, a query shows results, ↓ ↓ chooses the second,
// Enter opens it (the list closes, the entry has the focus, below the header), `/` and Esc clear
// the box. axe-core runs when the page has loaded, with results shown and after a result was
// opened. Prints what it saw as JSON.
// Usage: node page.mjs RULES_HTML QUERY
import { launch } from "./launch.mjs";
import { readFileSync } from "node:fs";

const [html, query] = process.argv.slice(2);
const axeSource = readFileSync(new URL("./node_modules/axe-core/axe.min.js", import.meta.url), "utf8");
const browser = await launch();
const page = await browser.newPage();
const errors = [];
page.on("pageerror", e => errors.push(String(e)));
await page.goto("file://" + html);
await page.addScriptTag({ content: axeSource });
const axe = {};
async function check(state) {
  axe[state] = await page.evaluate(async () => {
    const found = await window.axe.run(document, { resultTypes: ["violations"] });
    return found.violations.map(v => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map(n => n.target.join(" ")) }));
  });
}
const state = () => page.evaluate(() => {
  const box = document.getElementById("search");
  const list = document.getElementById("results");
  return {
    focus: document.activeElement ? document.activeElement.id : "",
    value: box.value,
    expanded: box.getAttribute("aria-expanded"),
    activedescendant: box.getAttribute("aria-activedescendant"),
    hidden: list.hidden,
    ids: Array.from(list.querySelectorAll("li.hit"), li => li.dataset.id),
    selected: Array.from(list.querySelectorAll('li.hit[aria-selected="true"]'), li => li.dataset.id),
    status: document.getElementById("status").textContent,
    hash: location.hash,
  };
});
await check("loaded");
await page.keyboard.press("/");
const slash = await state();
await page.keyboard.type(query);
const typed = await state();
await check("results");
await page.keyboard.press("ArrowDown");
await page.keyboard.press("ArrowDown");
const chosen = await state();
await page.keyboard.press("Enter");
const opened = await state();
opened.place = await page.evaluate(() => {
  const target = document.activeElement.getBoundingClientRect();
  const header = document.querySelector("header").getBoundingClientRect();
  return { top: target.top, bottom: target.bottom, header: header.bottom, viewport: window.innerHeight };
});
await check("opened");
await page.keyboard.press("/");
await page.keyboard.type("x");
await page.keyboard.press("Escape");
const cleared = await state();
await browser.close();
console.log(JSON.stringify({ axe, slash, typed, chosen, opened, cleared, errors }));
