// Card filters of the rules reference's search box (a query with a filter such as `side:us` or
// `ops>=3` searches cards as `pnpkit cards search` does): the grammar of src/model/filter.rs, the
// cards' fields of src/reference/filter.rs, matched over INDEX.fields and INDEX.cards. Uses
// normalize() and search() of engine.js.
"use strict";
// Built-in filters with what each takes.
const BUILT_IN = [["type", "type:TYPE"], ["side", "side:SIDE"], ["deck", "deck:COLOUR"], ["tag", "tag:TAG"], ["name", "name:TEXT"], ["text", "text:TEXT"], ["number", "number>=N"], ["copies", "copies>=N"]];
const BUILT_IN_KIND = { type: "choice", copies: "int", side: "choice", deck: "choice", tag: "list", name: "text", text: "text", number: "int" };
const OP_CHARS = { ":": ":", "\uff1a": ":", "<": "<", "\uff1c": "<", ">": ">", "\uff1e": ">", "=": "=", "\uff1d": "=", "!": "!", "\uff01": "!" };

function compact(name) {
  return normalize(name).replace(/[\s_-]/g, "");
}

// The operator at chars[i]: its length in characters and ASCII form; `!` only before `=`.
function operatorAt(chars, i) {
  const first = OP_CHARS[chars[i]];
  if (!first) return null;
  const eq = OP_CHARS[chars[i + 1]] === "=";
  if (first === "!") return eq ? { len: 2, op: "!=" } : null;
  if (eq && first !== ":") return { len: 2, op: first === "=" ? "=" : first + "=" };
  return { len: 1, op: first };
}

const QUOTES = "\"\u201c\u201d\u300c\u300d";

// The whitespace-separated chunks of a query, whitespace inside quotes kept (`name:"Korean War"`).
function chunks(query) {
  const out = [];
  let chunk = "", quoted = false;
  for (const c of query) {
    if (QUOTES.includes(c)) quoted = !quoted;
    if (/\s/.test(c) && !quoted) {
      if (chunk) out.push(chunk);
      chunk = "";
    } else chunk += c;
  }
  if (chunk) out.push(chunk);
  return out;
}

// A value without the quotes around it or around its `|` alternatives.
function unquote(value) {
  const trim = v => { const cs = Array.from(v); let a = 0, b = cs.length; while (a < b && QUOTES.includes(cs[a])) a++; while (b > a && QUOTES.includes(cs[b - 1])) b--; return cs.slice(a, b).join(""); };
  return value.split("|").map(trim).join("|");
}

// Words and operators: each whitespace-separated chunk cut at its first operator (not counting a
// leading negation); the rest of the chunk after it stays one word.
function tokens(query) {
  const out = [];
  chunks(query).forEach((chunk, n) => {
    const chars = Array.from(chunk);
    const body = (chars[0] === "-" || chars[0] === "!") && !operatorAt(chars, 0) ? 1 : 0;
    for (let i = body; i < chars.length; i++) {
      const o = operatorAt(chars, i);
      if (!o) continue;
      if (i > 0) out.push({ word: chars.slice(0, i).join(""), chunk: n });
      out.push({ op: o.op, text: chars.slice(i, i + o.len).join(""), chunk: n });
      if (i + o.len < chars.length) out.push({ word: chars.slice(i + o.len).join(""), chunk: n });
      return;
    }
    out.push({ word: chunk, chunk: n });
  });
  return out;
}

// Whether the operator after toks[i] belongs to it: same word, or standing alone (`era = early`).
function joined(toks, i) {
  const next = toks[i + 1], after = toks[i + 2];
  return next !== undefined && next.op !== undefined && (next.chunk === toks[i].chunk || !after || after.chunk !== next.chunk);
}

function negation(word) {
  return word.length > 1 && (word[0] === "-" || word[0] === "!");
}

// Whether the query holds a filter with an operator: then the page searches cards.
function isCardQuery(query) {
  const toks = tokens(query);
  return toks.some((t, i) => t.word !== undefined && joined(toks, i));
}

function levenshtein(a, b) {
  const x = Array.from(a), y = Array.from(b);
  let row = y.map((_, j) => j + 1);
  x.forEach((c, i) => {
    const next = [];
    y.forEach((d, j) => next.push(Math.min((j ? next[j - 1] : i + 1) + 1, row[j] + 1, (j ? row[j - 1] : i) + (c === d ? 0 : 1))));
    row = next;
  });
  return y.length ? row[y.length - 1] : x.length;
}

// The closest candidate to a likely typo, as crate::diag::did_you_mean picks it.
function didYouMean(wanted, candidates) {
  const len = Array.from(wanted).length;
  let best = null;
  for (const c of candidates.filter(c => c)) {
    const d = levenshtein(wanted, c);
    if (d === 0 || d * 3 > Math.max(len, Array.from(c).length, 2)) continue;
    if (!best || d < best[0] || (d === best[0] && c < best[1])) best = [d, c];
  }
  return best ? [`did you mean \`${best[1]}\`?`] : [];
}

function known(fields) {
  const own = fields.length ? "card fields: " + fields.map(f => `${f.usage} (${f.names.join(" · ")})`).join(", ") : "this pack's cards have no typed fields";
  return ["filters: " + BUILT_IN.map(b => b[1]).join(", "), own];
}

function queryError(message, hints) {
  return { queryError: true, message, hints };
}

function resolve(fields, name) {
  const key = compact(name);
  const builtIn = BUILT_IN.find(b => b[0] === key);
  if (builtIn) return { builtIn: builtIn[0], usage: builtIn[1] };
  const field = fields.find(f => f.keys.includes(key));
  if (field) return { field };
  const shared = fields.filter(f => f.words.includes(key));
  if (shared.length === 1) return { field: shared[0] };
  if (shared.length) throw queryError(`\`${name}\` could be any of the card fields ${shared.map(f => f.id).join(", ")}: write its id`, known(fields));
  const candidates = BUILT_IN.map(b => b[0]).concat(...fields.map(f => [f.id].concat(f.names, f.words)));
  throw queryError(`no filter or card field is named \`${name}\``, didYouMean(name, candidates).concat(known(fields)));
}

// The test a filter asks for and whether its operator negates it, or the error the CLI gives.
function testOf(target, name, op, raw, fields) {
  const id = target.builtIn || target.field.id;
  const kind = target.builtIn ? BUILT_IN_KIND[id] : target.field.kind;
  const how = kind === "flag" ? `${id}, ${id}:false or -${id}` : (target.usage || target.field.usage);
  const fail = message => queryError(message, [`write ${how}`].concat(known(fields)));
  if (!raw) throw fail(`\`${name}${op}\` needs a value`);
  if (kind !== "int" && op !== ":" && op !== "=" && op !== "!=") throw fail(`\`${op}\` compares numbers, and \`${id}\` is not a number`);
  const flip = op === "!=";
  const value = normalize(unquote(raw));
  const values = value.split("|");
  const cmp = op === ":" || flip ? "=" : op;
  const kindOf = target.builtIn ? id : "field";
  if (kind === "int") {
    if (!values.every(v => /^[+-]?[0-9]+$/.test(v))) throw fail(`\`${id}\` is compared with whole numbers, not \`${raw}\``);
    if (values.length === 1) return [{ kind: kindOf, id, test: "compare", cmp, value: Number(value) }, flip];
    if (cmp !== "=") throw fail(`\`${op}\` compares with one number; \`|\` lists numbers after \`=\``);
    return [{ kind: kindOf, id, test: "oneOf", values: values.map(Number) }, flip];
  }
  if (kind === "text") {
    if (values.some(v => !v)) throw fail(`\`${raw}\` has an empty alternative`);
    return [{ kind: kindOf, id, test: "contains", values }, flip];
  }
  if (kind === "choice" || kind === "list") {
    const declared = target.builtIn ? [] : target.field.values.map(normalize);
    const bad = values.find(v => !v || (declared.length && !declared.includes(v)));
    if (bad !== undefined) throw fail(`\`${values.length === 1 ? raw : bad}\` is not a value of \`${id}\`: ${target.builtIn ? "" : target.field.values.join(", ")}`);
    return [{ kind: kindOf, id, test: "anyOf", values }, flip];
  }
  if (value === "true" || value === "yes") return [{ kind: kindOf, id, test: "flag", value: true }, flip];
  if (value === "false" || value === "no") return [{ kind: kindOf, id, test: "flag", value: false }, flip];
  throw fail(`\`${id}\` is true or false, not \`${raw}\``);
}

// A card query: its filters and its other words; throws a query error as the CLI reports it.
function parseCardQuery(fields, query) {
  const toks = tokens(query);
  const out = { filters: [], words: [] };
  let i = 0;
  while (i < toks.length) {
    const t = toks[i];
    if (t.word !== undefined && joined(toks, i)) {
      const negated = negation(t.word);
      const name = negated ? t.word.slice(1) : t.word;
      const op = toks[i + 1].op;
      const after = toks[i + 2];
      const raw = after && after.word !== undefined ? after.word : "";
      const [test, flip] = testOf(resolve(fields, name), name, op, raw, fields);
      out.filters.push({ negated: negated !== flip, test });
      i += raw ? 3 : 2;
    } else if (t.word !== undefined) {
      const negated = negation(t.word);
      const key = compact(negated ? t.word.slice(1) : t.word);
      const flag = fields.find(f => f.kind === "flag" && f.keys.includes(key));
      if (flag) out.filters.push({ negated, test: { kind: "field", id: flag.id, test: "flag", value: true } });
      else out.words.push(t.word);
      i += 1;
    } else {
      // An operator with no name before it: text as written, to the end of its chunk.
      let text = t.text;
      i += 1;
      while (toks[i] && toks[i].chunk === t.chunk) text += toks[i].word !== undefined ? toks[i].word : toks[i].text, i += 1;
      out.words.push(text);
    }
  }
  return out;
}

function compare(cmp, value, wanted) {
  return { "<": value < wanted, "<=": value <= wanted, "=": value === wanted, ">=": value >= wanted, ">": value > wanted }[cmp];
}

// Whether a value (a number, a flag, a text or a list of texts) passes a test.
function holds(t, value) {
  const texts = typeof value === "string" ? [value] : Array.isArray(value) ? value : null;
  if (t.test === "compare") return typeof value === "number" && compare(t.cmp, value, t.value);
  if (t.test === "oneOf") return typeof value === "number" && t.values.includes(value);
  if (t.test === "anyOf") return texts !== null && t.values.some(v => texts.includes(v));
  if (t.test === "contains") return texts !== null && texts.some(x => t.values.some(v => x.includes(v)));
  return typeof value === "boolean" && value === t.value;
}

// Whether a card's facts pass a filter.
function matches(filter, card) {
  const t = filter.test;
  const value = {
    type: () => card.type,
    copies: () => card.copies,
    side: () => card.side.length ? card.side : undefined,
    deck: () => card.deck ? [card.deck] : undefined,
    tag: () => card.tags,
    name: () => card.name,
    text: () => card.text,
    number: () => card.number === null ? undefined : card.number,
    field: () => Object.prototype.hasOwnProperty.call(card.fields, t.id) ? card.fields[t.id] : undefined,
  }[t.kind]();
  return (value !== undefined && holds(t, value)) !== filter.negated;
}


// Cards matching a card query, in number order, or in the order its words find them.
function searchCards(index, query) {
  const q = parseCardQuery(index.fields, query);
  const passes = c => q.filters.every(f => matches(f, c));
  if (!q.words.length) {
    const docOf = new Map(index.docs.map((d, i) => [d.id, i]));
    return index.cards.filter(passes).map(c => hitOf(index, docOf.get(c.id), 0, []));
  }
  const byId = new Map(index.cards.map(c => [c.id, c]));
  const { ranked, units: us } = rank(index, q.words.join(" "));
  return ranked.filter(([doc]) => byId.has(index.docs[doc].id) && passes(byId.get(index.docs[doc].id))).map(([doc, score]) => hitOf(index, doc, score, us));
}
