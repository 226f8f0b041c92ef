// The search box of the rules reference: results as the player types (engine.js, or cards.js for
// a query with a filter), each with its kind, number, title, section and a snippet with the matched
// words marked. Keyboard: `/` focuses the box, ↑/↓ move through the results, Enter opens one (the
// list closes and focus moves to the entry), Esc clears. What it says comes from the pack's
// message table (INDEX.labels).
"use strict";
const LABELS = INDEX.labels;
// At most this many results are shown; the status line says how many there were.
const LIMIT = 30;
let shown = [];
let active = -1;

function fill(template, values) {
  return template.replace(/\{(\w+)\}/g, (all, key) => (key in values ? String(values[key]) : all));
}

function run(query) {
  if (!isCardQuery(query)) return Object.assign(search(INDEX, query, LIMIT), { error: null });
  try {
    const all = searchCards(INDEX, query);
    return { hits: all.slice(0, LIMIT), total: all.length, error: null };
  } catch (e) {
    if (!e.queryError) throw e;
    return { hits: [], total: 0, error: [e.message].concat(e.hints).join("\n") };
  }
}

// Writes `text` into `el` with the code-point ranges `marks` in <mark>.
function writeMarked(el, text, marks) {
  const chars = Array.from(text);
  let pos = 0;
  for (const [from, to] of marks) {
    el.appendChild(document.createTextNode(chars.slice(pos, from).join("")));
    const m = document.createElement("mark");
    m.textContent = chars.slice(from, to).join("");
    el.appendChild(m);
    pos = to;
  }
  el.appendChild(document.createTextNode(chars.slice(pos).join("")));
}

function span(cls, text, marks) {
  const s = document.createElement("span");
  s.className = cls;
  if (marks) writeMarked(s, text, marks); else s.textContent = text;
  return s;
}

function panel(open) {
  const box = document.getElementById("search");
  document.getElementById("results").hidden = !open;
  box.setAttribute("aria-expanded", open && shown.length ? "true" : "false");
}

// Anchored entries scroll to just below the sticky header, whatever its height at this width.
function headerHeight() {
  const header = document.querySelector("header");
  document.documentElement.style.setProperty("--header", header.getBoundingClientRect().height + "px");
}

function show(query) {
  const list = document.getElementById("results");
  const status = document.getElementById("status");
  const found = query.trim() ? run(query) : { hits: [], total: 0, error: null };
  shown = found.hits;
  active = -1;
  let text = "";
  if (found.error) text = found.error;
  else if (query.trim() && !found.total) text = fill(LABELS.none, { query });
  else if (found.total > shown.length) text = fill(LABELS.cut, { shown: shown.length, total: found.total });
  else if (found.total) text = fill(LABELS.count, { total: found.total });
  status.textContent = text;
  status.className = found.error ? "error" : "";
  list.textContent = "";
  shown.forEach((h, i) => {
    const li = document.createElement("li");
    li.className = "hit";
    li.id = "hit-" + i;
    li.dataset.id = h.id;
    li.setAttribute("role", "option");
    li.setAttribute("aria-selected", "false");
    // An option holds no link (an interactive element inside an option confuses screen
    // readers): a click or Enter opens it.
    li.appendChild(span("kind", LABELS[h.kind] || h.kind));
    if (h.number) li.appendChild(span("n", h.number));
    if (h.title) li.appendChild(span("t", h.title, h.title_marks));
    if (h.context) li.appendChild(span("ctx", h.context));
    if (h.snippet) li.appendChild(span("snip", h.snippet, h.marks));
    li.addEventListener("mousedown", e => e.preventDefault());
    li.addEventListener("click", () => open(i));
    list.appendChild(li);
  });
  list.dataset.query = query;
  panel(shown.length > 0);
}

function choose(i) {
  if (!shown.length) return;
  active = (i + shown.length) % shown.length;
  const box = document.getElementById("search");
  document.querySelectorAll("#results li.hit").forEach((li, k) => li.setAttribute("aria-selected", k === active ? "true" : "false"));
  const li = document.getElementById("hit-" + active);
  box.setAttribute("aria-activedescendant", li.id);
  li.scrollIntoView({ block: "nearest" });
}

// Opens result `i`: the list closes and the entry gets the focus, below the header.
function open(i) {
  const h = shown[i];
  if (!h) return;
  panel(false);
  document.getElementById("search").removeAttribute("aria-activedescendant");
  const target = document.getElementById(h.id);
  history.replaceState(null, "", "#" + h.id);
  if (target) {
    target.tabIndex = -1;
    target.focus({ preventScroll: true });
    target.scrollIntoView({ block: "start" });
    document.querySelectorAll(".chosen").forEach(e => e.classList.remove("chosen"));
    target.classList.add("chosen");
  }
}

window.addEventListener("DOMContentLoaded", () => {
  const box = document.getElementById("search");
  headerHeight();
  window.addEventListener("resize", headerHeight);
  box.addEventListener("input", () => show(box.value));
  box.addEventListener("focus", () => { if (shown.length) panel(true); });
  box.addEventListener("keydown", e => {
    if (e.key === "ArrowDown") { e.preventDefault(); choose(active + 1); }
    else if (e.key === "ArrowUp") { e.preventDefault(); choose(active - 1); }
    else if (e.key === "Enter") { e.preventDefault(); open(active >= 0 ? active : 0); }
    else if (e.key === "Escape") { e.preventDefault(); box.value = ""; show(""); }
  });
  document.addEventListener("keydown", e => {
    const typing = e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement;
    if (e.key === "/" && !typing && !e.ctrlKey && !e.metaKey && !e.altKey) { e.preventDefault(); box.focus(); box.select(); }
  });
  const m = location.hash.match(/^#q=(.*)$/);
  if (m) { box.value = decodeURIComponent(m[1]); show(box.value); }
});
