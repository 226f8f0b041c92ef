// Runs templates/reference/stem.js (the page's stemmer, a plain script) in node and stems every
// line of a word list: one stem per line on stdout, in order; the time the stemming took (without
// loading) on stderr. Usage: node stem.mjs STEM_JS WORDS_FILE. Needs no npm package.
import { readFileSync } from "node:fs";
import { runInThisContext } from "node:vm";

const [script, wordsFile] = process.argv.slice(2);
runInThisContext(readFileSync(script, "utf8"), { filename: script });
const words = readFileSync(wordsFile, "utf8").split("\n");
if (words[words.length - 1] === "") words.pop();
const started = process.hrtime.bigint();
const stems = words.map(w => globalThis.stem(w));
const ms = Number(process.hrtime.bigint() - started) / 1e6;
process.stdout.write(stems.join("\n") + "\n");
process.stderr.write(`stemmed ${words.length} words in ${ms.toFixed(1)} ms\n`);
