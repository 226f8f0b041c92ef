// Opens rules.html from file:// in Debian's headless chromium on a machine with no Japanese font
// (the caller sets FONTCONFIG_FILE to a configuration that sees one Latin font or none) and
// prints, as JSON, what draws the page's Japanese: for chosen elements the platform fonts Chrome
// used (CDP CSS.getPlatformFontsForNode: family, custom or system, glyphs drawn), the same for a
// probe element that names only `sans-serif` (what the system would draw with), the state of the
// page's @font-face rules, the contents list's entries and marker style, and errors. It saves a
// screenshot of the top of the page and one of the glossary.
// Usage: node nofont.mjs RULES_HTML SCREENSHOT_PREFIX
import { launch } from "./launch.mjs";

const [html, shots] = process.argv.slice(2);
const browser = await launch();
const page = await browser.newPage({ viewport: { width: 1000, height: 900 } });
const errors = [];
page.on("pageerror", e => errors.push(String(e)));
await page.goto("file://" + html);
await page.evaluate(() => {
  const probe = document.createElement("p");
  probe.id = "system-probe";
  probe.style.fontFamily = "sans-serif";
  probe.textContent = document.querySelector("h1").textContent;
  document.body.append(probe);
});
await page.evaluate(() => document.fonts.ready);
const faces = await page.evaluate(() =>
  Array.from(document.fonts, f => ({ family: f.family, weight: f.weight, status: f.status })));
const cdp = await page.context().newCDPSession(page);
await cdp.send("DOM.enable");
await cdp.send("CSS.enable");
const { root } = await cdp.send("DOM.getDocument", { depth: -1 });
// Elements whose text holds Japanese: bold (h1, dt) and regular (clause text, table cells, contents).
const selectors = await page.evaluate(() => {
  const japanese = /[\u3040-\u30ff\u4e00-\u9fff]/;
  const chosen = [];
  for (const sel of ["h1", "nav li a", "#glossary dt", "#cards td", "#units td", ".clause", "#system-probe"]) {
    const all = Array.from(document.querySelectorAll(sel));
    const i = all.findIndex(e => japanese.test(e.textContent));
    if (i >= 0) chosen.push(`${sel}:nth-match(${i})`);
  }
  return chosen;
});
const nodes = [];
for (const chosen of selectors) {
  const [, sel, index] = chosen.match(/^(.*):nth-match\((\d+)\)$/);
  const { nodeIds } = await cdp.send("DOM.querySelectorAll", { nodeId: root.nodeId, selector: sel });
  const nodeId = nodeIds[Number(index)];
  // Platform fonts are reported for the text of the node itself: take its first Japanese text child.
  const { fonts } = await cdp.send("CSS.getPlatformFontsForNode", { nodeId });
  const text = await page.evaluate(([s, i]) => document.querySelectorAll(s)[i].textContent, [sel, Number(index)]);
  nodes.push({ selector: sel, text, fonts });
}
const contents = await page.evaluate(() => {
  const items = Array.from(document.querySelectorAll("nav ol > li"));
  return {
    listStyle: items.length ? getComputedStyle(items[0]).listStyleType : "",
    entries: items.map(li => li.innerText.trim()),
  };
});
const inputFamily = await page.evaluate(() => getComputedStyle(document.getElementById("search")).fontFamily);
await page.screenshot({ path: `${shots}-top.png` });
await page.evaluate(() => document.getElementById("glossary")?.scrollIntoView());
await page.screenshot({ path: `${shots}-glossary.png` });
await browser.close();
console.log(JSON.stringify({ faces, nodes, contents, inputFamily, errors }));
