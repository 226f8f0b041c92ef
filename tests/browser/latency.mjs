// Times the search box of rules.html in Debian's headless chromium: every query typed a character
// at a time; per keystroke, the time from setting the box's text to the results laid out (the
// input handler, then style and layout forced by reading a size), and the time until the next
// frame (which waits for the display's refresh as well). Prints the samples as JSON.
// Usage: node latency.mjs RULES_HTML QUERIES_JSON
import { launch } from "./launch.mjs";
import { readFileSync } from "node:fs";

const [html, queriesFile] = process.argv.slice(2);
const queries = JSON.parse(readFileSync(queriesFile, "utf8"));
const browser = await launch();
const page = await browser.newPage();
await page.goto("file://" + html);
const samples = await page.evaluate(async queries => {
  const box = document.getElementById("search");
  const list = document.getElementById("results");
  const frame = () => new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)));
  const out = { laidOut: [], frame: [] };
  for (const q of queries) {
    const chars = Array.from(q);
    for (let i = 1; i <= chars.length; i++) {
      const t0 = performance.now();
      box.value = chars.slice(0, i).join("");
      box.dispatchEvent(new Event("input"));
      void list.offsetHeight;
      out.laidOut.push(performance.now() - t0);
      await frame();
      out.frame.push(performance.now() - t0);
    }
    box.value = "";
    box.dispatchEvent(new Event("input"));
    await frame();
  }
  return out;
}, queries);
await browser.close();
console.log(JSON.stringify(samples));
