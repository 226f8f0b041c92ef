// Uses rules.html as a player would at one viewport (issue 20) and prints what it saw as JSON:
// - deep links: each hash given lands with its target focused, below the header, in view;
// - a query typed into the labelled search box: the listbox, the announced count, axe-core with
//   the results open; choosing a result with the pointer (a tap on a phone) closes the panel and
//   brings the clause into view with the focus;
// - the language switch: one language hides the other's clause text;
// - a glossary term in the text: hover or focus shows its definition, a tap on a phone shows it
//   without leaving, a second tap follows the link;
// - the skip link: the first Tab reaches it, Enter moves the focus to the rules, the next Tab is a
//   link in the text;
// - axe-core (every impact) when loaded, with results, and with the editions' history in view.
// Usage: node rules.mjs RULES_HTML WIDTH HEIGHT QUERY HASH...
import { launch } from "./launch.mjs";
import { readFileSync } from "node:fs";

const [html, width, height, query, ...hashes] = process.argv.slice(2);
const phone = Number(width) < 600;
const axeSource = readFileSync(new URL("./node_modules/axe-core/axe.min.js", import.meta.url), "utf8");
const browser = await launch();
const context = await browser.newContext({ viewport: { width: Number(width), height: Number(height) }, hasTouch: phone, isMobile: phone });
const page = await context.newPage();
const errors = [];
page.on("pageerror", e => errors.push(String(e)));
const url = "file://" + html;
const axe = {};
async function check(state) {
  await page.addScriptTag({ content: axeSource });
  axe[state] = await page.evaluate(async () => {
    const found = await window.axe.run(document, { resultTypes: ["violations"] });
    return found.violations.map(v => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map(n => n.target.join(" ")) }));
  });
}
// Where the focused element is against the header and the viewport.
const place = () => page.evaluate(() => {
  const el = document.activeElement;
  const r = el.getBoundingClientRect();
  const header = document.querySelector("header").getBoundingClientRect();
  return { id: el.id, top: Math.round(r.top), header: Math.round(header.bottom), viewport: window.innerHeight, headerHeight: Math.round(header.height) };
});

await page.goto(url);
await check("loaded");
const landed = {};
for (const hash of hashes) {
  await page.goto(url + "#" + hash);
  await page.waitForTimeout(50);
  landed[hash] = await place();
}

// Search.
await page.goto(url);
const label = await page.evaluate(() => {
  const box = document.getElementById("search");
  return { labels: Array.from(box.labels || [], l => l.textContent.trim()), list: document.getElementById("results").getAttribute("role") };
});
await page.focus("#search");
await page.keyboard.type(query);
await page.waitForTimeout(50);
const results = await page.evaluate(() => ({
  ids: Array.from(document.querySelectorAll("#results li.hit"), li => li.dataset.id),
  status: document.getElementById("status").textContent,
  live: document.getElementById("status").getAttribute("aria-live"),
  expanded: document.getElementById("search").getAttribute("aria-expanded"),
}));
await check("results");
if (phone) await page.tap("#hit-0"); else await page.click("#hit-0");
await page.waitForTimeout(50);
const chosen = Object.assign(await place(), await page.evaluate(() => ({ hidden: document.getElementById("results").hidden, hash: location.hash })));

// The language switch.
const visible = () => page.evaluate(() => {
  const shown = lang => Array.from(document.querySelectorAll(`.w[lang="${lang}"]`)).filter(e => e.offsetParent !== null).length;
  return { ja: shown("ja"), en: shown("en") };
});
const languages = { all: await visible() };
for (const lang of ["en", "ja", "all"]) {
  const button = await page.$(`.show button[data-show="${lang}"]`);
  if (!button) continue;
  await button.click();
  languages[lang] = await visible();
}

// A glossary term in the text.
await page.goto(url);
const term = await page.$('main .w a[href^="#term-"]');
let tip = null;
if (term) {
  await term.scrollIntoViewIfNeeded();
  const read = () => page.evaluate(() => {
    const t = document.getElementById("tip");
    return { shown: !!t && !t.hidden, text: t ? t.textContent : "", hash: location.hash };
  });
  if (phone) {
    await term.tap();
    const first = await read();
    await term.tap();
    tip = { first, second: await read() };
  } else {
    await term.hover();
    const hovered = await read();
    await page.mouse.move(0, 0);
    tip = { first: hovered, second: await read() };
  }
  tip.term = await term.getAttribute("href");
}

// The skip link.
await page.goto(url);
await page.keyboard.press("Tab");
const skipFocus = await page.evaluate(() => document.activeElement.className);
await page.keyboard.press("Enter");
const afterSkip = await page.evaluate(() => document.activeElement.id);
await page.keyboard.press("Tab");
const nextTab = await page.evaluate(() => ({ tag: document.activeElement.tagName, inMain: !!document.activeElement.closest("main") }));

// History in view.
await page.goto(url + "#editions");
await check("history");
await browser.close();
console.log(JSON.stringify({ axe, landed, label, results, chosen, languages, tip, skip: { skipFocus, afterSkip, nextTab }, errors }));
