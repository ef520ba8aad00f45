// Docs-chat page: streams a Langflow answer, links its [Source N] markers to numbered source chips.
//
// Safety rule: nothing from the model or the sources is ever parsed as HTML. The markdown
// renderer builds DOM nodes and puts every piece of text in with createTextNode/textContent,
// and only absolute http(s) URLs become links (everything else stays plain text).
(() => {
  "use strict";

  // ---------------------------------------------------------------- URLs and records

  // Mirrors safe_http_url() in the post-processor: no spaces, controls, bidi/format
  // characters, quotes or backslashes, a host, no userinfo, and http or https only.
  function safeUrl(value) {
    if (typeof value !== "string") return null;
    const url = value.trim();
    if (!url || url.length > 4096 || /[\\<>"'`\p{C}\p{Z}]/u.test(url)) return null;
    const match = /^([A-Za-z][A-Za-z0-9+.-]*):\/\/([^/?#]*)/.exec(url);
    if (!match || !/^https?$/i.test(match[1]) || !match[2] || match[2].includes("@")) return null;
    try {
      const parsed = new URL(url);
      return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.href : null;
    } catch {
      return null;
    }
  }

  const clean = (value, max = 200) => {
    const text = String(value ?? "").replace(/\s+/g, " ").trim();
    return text.length > max ? `${text.slice(0, max - 1)}…` : text;
  };
  const positiveInt = (value) => (Number.isInteger(value) && value > 0 ? value : null);

  // Support verdicts, weakest first, and what a reader is told about each (the cards' wording). A
  // contradiction says in words what the source says instead: the payload entry's own note.
  const VERDICTS = ["contradicted", "unsupported", "partial", "supported"];
  const NOTES = {
    contradicted: "the source says otherwise",
    unsupported: "claim not found in this source",
    partial: "claim only partly in this source",
  };
  const verdictOf = (value) => (VERDICTS.includes(value) ? value : null);
  const weakestEntry = (entries) =>
    entries.reduce((a, b) => {
      const rank = (e) => { const i = VERDICTS.indexOf(verdictOf(e?.verdict)); return i < 0 ? VERDICTS.length : i; };
      return a === null || rank(b) < rank(a) ? b : a;
    }, null);
  const noteOf = (entry) =>
    entry && verdictOf(entry.verdict) !== "supported"
      ? clean(entry.note, 200) || NOTES[verdictOf(entry.verdict)] || null
      : null;

  // Citations the checker inserted where the answer had none (cite_missing="insert"): on every
  // citation of a source, or on some (the cards' wording), and what a reader is told.
  const ADDED = { all: "added: the answer did not cite it", some: "also added where the answer did not cite it" };
  const ADDED_LABEL = "added by the checker: the answer did not cite it";
  const addedOf = (text) => Object.keys(ADDED).find((k) => ADDED[k] === text) ?? null;

  // A source's evidence from the payload: the entry's sentences, with some of the text around
  // them so the highlighted part reads in context. A contradicted source shows where it says
  // otherwise; any other, where it comes closest (its best-scored entry).
  function evidenceFrom(record, entries) {
    const weakest = weakestEntry(entries);
    const best = weakest?.verdict === "contradicted"
      ? weakest
      : entries.reduce((a, b) => ((b.score ?? 0) > (a?.score ?? -1) ? b : a), null);
    const spans = (best?.evidence ?? []).filter((e) => Number.isInteger(e?.start) && Number.isInteger(e?.end));
    const text = String(record.text ?? "");
    if (!spans.length || spans.some((e) => text.slice(e.start, e.end) !== e.text)) return null;
    const start = Math.min(...spans.map((e) => e.start));
    const end = Math.max(...spans.map((e) => e.end));
    return { before: clean(text.slice(Math.max(0, start - 80), start), 80), mark: clean(text.slice(start, end), 400),
      after: clean(text.slice(end, end + 80), 80) };
  }

  function chipFromRecord(record, support = [], inserted = [], added = new Map()) {
    const n = positiveInt(record?.id);
    if (!n) return null;
    const own = support.filter((entry) => entry?.id === n);
    const weakest = weakestEntry(own);
    // Cited only where the checker added it: its evidence is where the source says that claim.
    const entries = own.length ? own : inserted.filter((entry) => entry?.id === n);
    return {
      n,
      title: clean(record.title || record.document) || "Untitled",
      page: positiveInt(record.page),
      url: safeUrl(record.url),
      snippet: clean(record.text, 280),
      verdict: verdictOf(weakest?.verdict),
      note: noteOf(weakest),
      evidence: evidenceFrom(record, entries),
      added: added.get(n) ?? (inserted.some((entry) => entry?.id === n) ? (own.length ? "some" : "all") : null),
    };
  }

  // Card titles are "Source 3 · water.pdf — page 3" (source_card_title() in the post-processor). A
  // card that warns opens its snippet with "⚠ <warning> — " (card_snippet()): "claim not found in this
  // source", or "the source says «…»" for a contradiction. Cards of earlier versions put the warning
  // in the title (" · ⚠ <note>"), and are still read. A card does not say "partial": only the payload.
  const CARD_TITLE = /^Source (\d{1,6}) · (.*?)(?: — page (\d{1,9}))?(?: · ⚠ (.+))?$/u;
  const CARD_WARNING = /^⚠ (claim not found in this source|the source says (?:otherwise|«[^»]*»(?:, not «[^»]*»)?)) — /u;
  // A card whose source the checker cited where the answer did not opens with "+ <added note> — ".
  const CARD_ADDED = new RegExp(`^\\+ (${ADDED.all}|${ADDED.some}) — `, "u");

  function chipFromCard(card) {
    const match = typeof card?.title === "string" ? CARD_TITLE.exec(card.title.trim()) : null;
    if (!match) return null;
    let text = String(card.cited_text ?? "");
    const warning = CARD_WARNING.exec(text);
    let note = match[4] ?? null;
    if (warning) {
      note = warning[1];
      text = text.slice(warning[0].length);
    }
    const added = CARD_ADDED.exec(text);
    if (added) text = text.slice(added[0].length);
    const verdict = note === null ? null
      : note.startsWith("the source says") ? "contradicted"
      : (Object.keys(NOTES).find((v) => NOTES[v] === note) ?? null);
    const snippet = clean(text, 280);
    return {
      n: Number(match[1]),
      title: clean(match[2]) || "Untitled",
      page: match[3] ? Number(match[3]) : null,
      url: safeUrl(card.url),
      snippet,
      verdict,
      note: verdict ? note : null,
      // With the check on, a card's snippet is the sentence that best supports the claim.
      evidence: snippet ? { before: "", mark: snippet, after: "" } : null,
      added: addedOf(added?.[1]),
    };
  }

  // Every results.message of a /run response (the `end` event's data.result).
  function messagesOf(result) {
    const found = [];
    for (const run of Array.isArray(result?.outputs) ? result.outputs : []) {
      for (const output of Array.isArray(run?.outputs) ? run.outputs : []) {
        const message = output?.results?.message;
        if (message && typeof message === "object") found.push(message);
      }
    }
    return found;
  }

  // The chips of one message: the JSON payload when present (include_payload, or
  // message.data.citations), else the citation cards of its "Sources" group. v1 keeps only
  // group blocks, so leaves are recognised by shape, not only by their `type`.
  function sourcesOf(message) {
    const blocks = Array.isArray(message?.content_blocks) ? message.content_blocks : [];
    const contents = blocks
      .filter((block) => block?.title === "Sources" && Array.isArray(block.contents))
      .flatMap((block) => block.contents);
    const payloads = contents.map((leaf) => leaf?.data).concat(message?.data?.citations);
    const payload = payloads.find((data) => Array.isArray(data?.sources));
    const support = Array.isArray(payload?.support) ? payload.support : [];
    const inserted = Array.isArray(payload?.inserted) ? payload.inserted : [];
    const cards = contents.filter((leaf) => leaf?.type === "citation" || (leaf && "cited_text" in leaf)).map(chipFromCard);
    const added = new Map(cards.filter((chip) => chip?.added).map((chip) => [chip.n, chip.added]));
    const chips = payload ? payload.sources.map((record) => chipFromRecord(record, support, inserted, added)) : cards;
    const seen = new Set();
    const unique = chips.filter((chip) => chip && !seen.has(chip.n) && seen.add(chip.n));
    // Each marker's own verdict and note, in text order, when the payload came along; else its source's.
    unique.verdicts = support.map((entry) => [positiveInt(entry?.id), verdictOf(entry?.verdict), noteOf(entry)]);
    unique.inserted = inserted;
    return unique;
  }

  const describe = (chip) => `Source ${chip.n}: ${chip.title}${chip.page ? `, page ${chip.page}` : ""}`;

  // ---------------------------------------------------------------- markdown

  // Links leave the page in a new tab; the hidden #new-tab-hint element says so to screen readers.
  const EXTERNAL = { rel: "noopener noreferrer nofollow", target: "_blank", "aria-describedby": "new-tab-hint" };

  const el = (tag, attrs = {}, text) => {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
    if (text !== undefined) node.textContent = text;
    return node;
  };

  // One alternation, tried left to right: code span, citation marker (a model-written link
  // on it is dropped: the chip carries the real URL; INSERTED after the number: the checker's),
  // link, strong, emphasis.
  const INLINE = new RegExp(
    [
      /(`+)([^`]|[^`][\s\S]*?[^`])\1(?!`)/, // 1, 2: code
      /\[Source (\d{1,6})(\u2063?)\](?:\((?:[^()\s]|\([^()\s]*\))*\))?/, // 3, 4: marker
      /\[([^\[\]\n]+)\]\(((?:[^()\s]|\([^()\s]*\))+)\)/, // 5, 6: link (URLs may hold one level of parens)
      /\*\*(?=\S)([\s\S]*?\S)\*\*|__(?=\S)([\s\S]*?\S)__/, // 7, 8: strong
      /\*(?=[^\s*])([\s\S]*?[^\s*])\*|(?<![\p{L}\p{N}_])_(?=[^\s_])([\s\S]*?[^\s_])_(?![\p{L}\p{N}_])/, // 9, 10: em
    ]
      .map((re) => re.source)
      .join("|"),
    "gu",
  );

  // The markers the checker inserted, told apart for the renderer: "[Source N]" at the payload's
  // offsets (code points, as Python counts them) becomes "[Source N<INSERTED>]". The post-processor
  // never lets that form through (it strips invisible characters from markers), so no model can
  // write one.
  const INSERTED = "\u2063";

  function unitIndex(text, codePoints) {
    if (!Number.isInteger(codePoints) || codePoints < 0) return -1;
    let units = 0;
    let count = 0;
    for (const ch of text) {
      if (count === codePoints) return units;
      units += ch.length;
      count += 1;
    }
    return count === codePoints ? units : -1;
  }

  function markInserted(text, inserted) {
    const spots = [];
    for (const entry of inserted ?? []) {
      const n = positiveInt(entry?.id);
      const end = unitIndex(text, entry?.claim_end);
      if (!n || end < 0) continue;
      const marker = `[Source ${n}]`;
      const at = text.startsWith(marker, end) ? end : text.startsWith(` ${marker}`, end) ? end + 1 : -1;
      if (at >= 0) spots.push([at, marker.length]);
    }
    spots.sort((a, b) => b[0] - a[0]);
    for (const [at, length] of spots) {
      text = `${text.slice(0, at + length - 1)}${INSERTED}${text.slice(at + length - 1)}`;
    }
    return text;
  }

  // The verdict and note of the k-th marker of source n: the k-th support entry for n, else the source's.
  function markerVerdict(n, ctx) {
    const k = (ctx.seen.get(n) ?? 0) + 1;
    ctx.seen.set(n, k);
    const own = (ctx.verdicts ?? []).filter(([id]) => id === n)[k - 1];
    const chip = ctx.chips.get(n);
    return own ? [own[1], own[2]] : [chip?.verdict ?? null, chip?.note ?? null];
  }

  function marker(n, ctx, inserted = false) {
    const chip = ctx.chips.get(n);
    if (!chip && ctx.final) return document.createTextNode(`[Source ${n}]`); // points at no chip
    // Without the payload, a source whose every citation the checker added marks all of its markers.
    const added = inserted || (!ctx.inserted?.length && chip?.added === "all");
    // The support entries are the answer's own markers: an inserted one takes no verdict from them.
    const [verdict, note] = chip && !added ? markerVerdict(n, ctx) : [null, added ? ADDED_LABEL : null];
    const link = el("a", { href: `#${ctx.prefix}-source-${n}`, class: "cite" }, String(n));
    link.setAttribute("aria-label", (chip ? describe(chip) : `Source ${n}`) + (note ? ` (${note})` : ""));
    if (verdict) link.dataset.verdict = verdict;
    if (added) link.dataset.added = "true";
    if (note) link.title = note;
    const sup = el("sup");
    sup.append(link);
    return sup;
  }

  function renderInline(text, parent, ctx) {
    const re = new RegExp(INLINE.source, INLINE.flags);
    let last = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      parent.append(text.slice(last, m.index));
      last = re.lastIndex;
      if (m[2] !== undefined) parent.append(el("code", {}, m[2]));
      else if (m[3] !== undefined) parent.append(marker(Number(m[3]), ctx, m[4] === INSERTED));
      else if (m[5] !== undefined) {
        const url = ctx.inLink ? null : safeUrl(m[6]);
        const link = url ? el("a", { href: url, ...EXTERNAL }) : null;
        renderInline(m[5], link || parent, { ...ctx, inLink: true });
        if (link) parent.append(link);
      } else {
        const strong = m[7] ?? m[8];
        const node = el(strong !== undefined ? "strong" : "em");
        renderInline(strong ?? m[9] ?? m[10], node, ctx);
        parent.append(node);
      }
    }
    parent.append(text.slice(last));
  }

  const FENCE = /^ {0,3}(`{3,}|~{3,})\s*([\w+#.-]*)/;
  const HEADING = /^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$/;
  const ITEM = /^ {0,3}([-*+]|(\d{1,9})[.)])\s+(.*)$/;

  // Paragraphs, headings, fenced code, flat lists; unclosed fences render as code (mid-stream).
  function renderMarkdown(source, ctx) {
    const out = document.createDocumentFragment();
    const lines = String(source).replace(/\r\n?/g, "\n").split("\n");
    const startsBlock = (line) => !line.trim() || FENCE.test(line) || HEADING.test(line) || ITEM.test(line);
    let i = 0;
    while (i < lines.length) {
      const line = lines[i];
      let m;
      if (!line.trim()) {
        i += 1;
      } else if ((m = FENCE.exec(line))) {
        const body = [];
        for (i += 1; i < lines.length && !lines[i].trim().startsWith(m[1]); i += 1) body.push(lines[i]);
        i += 1;
        const pre = el("pre");
        pre.append(el("code", m[2] ? { "data-lang": m[2] } : {}, body.join("\n")));
        out.append(pre);
      } else if ((m = HEADING.exec(line))) {
        const heading = el(`h${Math.min(6, m[1].length + 2)}`);
        renderInline(m[2], heading, ctx);
        out.append(heading);
        i += 1;
      } else if ((m = ITEM.exec(line))) {
        const ordered = m[2] !== undefined;
        const list = el(ordered ? "ol" : "ul", ordered && m[2] !== "1" ? { start: String(Number(m[2])) } : {});
        while (i < lines.length && (m = ITEM.exec(lines[i])) && (m[2] !== undefined) === ordered) {
          const parts = [m[3]];
          for (i += 1; i < lines.length && lines[i].trim() && !startsBlock(lines[i]); i += 1) parts.push(lines[i].trim());
          const item = el("li");
          renderInline(parts.join("\n"), item, ctx);
          list.append(item);
          if (!lines[i]?.trim() && ITEM.test(lines[i + 1] ?? "")) i += 1; // loose list
        }
        out.append(list);
      } else {
        const parts = [];
        for (; i < lines.length && (parts.length === 0 || !startsBlock(lines[i])); i += 1) parts.push(lines[i]);
        const paragraph = el("p");
        renderInline(parts.join("\n"), paragraph, ctx);
        out.append(paragraph);
      }
    }
    return out;
  }

  // ---------------------------------------------------------------- one question and answer

  function renderSources(chips, prefix) {
    const nav = el("nav", { class: "sources", "aria-labelledby": `${prefix}-sources` });
    nav.append(el("h3", { id: `${prefix}-sources` }, "Sources"));
    const list = el("ol");
    for (const chip of chips) {
      const item = el("li", { id: `${prefix}-source-${chip.n}`, tabindex: "-1" });
      const body = chip.url
        ? el("a", { href: chip.url, ...EXTERNAL, class: "chip" })
        : el("span", { class: "chip" });
      body.setAttribute("aria-label", describe(chip) + (chip.url ? "" : " (no link)"));
      if (chip.snippet) body.setAttribute("title", chip.snippet);
      body.append(el("span", { class: "num", "aria-hidden": "true" }, String(chip.n)));
      body.append(el("span", { class: "title" }, chip.title));
      if (chip.page) body.append(el("span", { class: "page" }, `p. ${chip.page}`));
      if (chip.verdict) body.dataset.verdict = chip.verdict;
      if (chip.added) body.dataset.added = chip.added;
      item.append(body);
      if (chip.evidence?.mark) {
        // Where the source says it: the evidence sentence, highlighted, with a little context.
        const quote = el("blockquote", { class: "evidence" });
        if (chip.added && !chip.note) {
          const said = chip.added === "all" ? ADDED_LABEL : "also cited by the checker where the answer did not";
          quote.append(el("span", { class: "added" }, `${said}; where the source says it: `));
        }
        if (chip.note) {
          const lead = chip.verdict === "contradicted" ? "; the passage: " : "; closest passage: ";
          quote.append(el("span", { class: "note" }, chip.note + lead));
        }
        if (chip.evidence.before) quote.append(`…${chip.evidence.before} `);
        quote.append(el("mark", {}, chip.evidence.mark));
        if (chip.evidence.after) quote.append(` ${chip.evidence.after}…`);
        item.append(quote);
      }
      list.append(item);
    }
    nav.append(list);
    return nav;
  }

  function readLines(text, onLine) {
    const lines = text.split("\n");
    const rest = lines.pop();
    for (const line of lines) onLine(line);
    return rest;
  }

  let turns = 0;

  async function ask(question, { thread, status }) {
    const prefix = `t${(turns += 1)}`;
    const turn = el("article", { class: "turn", "aria-labelledby": `${prefix}-q` });
    const heading = el("h2", { class: "question", id: `${prefix}-q` });
    heading.append(el("span", { class: "visually-hidden" }, "Question: "), question);
    const answer = el("div", { class: "answer", id: `${prefix}-answer`, "aria-live": "polite", "aria-busy": "true" });
    turn.append(heading, answer);
    thread.append(turn);
    turn.scrollIntoView({ block: "nearest" });
    status.textContent = "Answering…";

    const state = { text: "", id: null, chips: [], ended: false, error: null, frame: 0 };
    const render = () => {
      state.frame = 0;
      const chips = new Map(state.chips.map((c) => [c.n, c]));
      const inserted = state.chips.inserted ?? [];
      const ctx = { prefix, chips, verdicts: state.chips.verdicts, inserted, seen: new Map(), final: state.ended };
      answer.replaceChildren(renderMarkdown(inserted.length ? markInserted(state.text, inserted) : state.text, ctx));
    };
    const schedule = () => {
      state.frame ||= requestAnimationFrame(render);
    };

    const onEvent = (line) => {
      let event;
      try {
        event = JSON.parse(line.trim().replace(/^data:/, ""));
      } catch {
        return; // blank separators and anything that is not an event
      }
      const data = event?.data;
      if (event?.event === "token" && typeof data?.chunk === "string") {
        if (data.id !== state.id) Object.assign(state, { id: data.id, text: "" });
        state.text += data.chunk;
        schedule();
      } else if (event?.event === "add_message" && data?.sender !== "User") {
        // A partial message repeats the first chunk that the tokens also carry: skip it.
        if (data?.properties?.state !== "partial" && typeof data?.text === "string" && data.text) {
          Object.assign(state, { id: data.id ?? state.id, text: data.text });
          schedule();
        }
      } else if (event?.event === "end") {
        const messages = messagesOf(data?.result).filter((message) => message.sender !== "User");
        const last = messages.findLast((message) => typeof message.text === "string" && message.text);
        if (last) state.text = last.text;
        state.chips = messages.map(sourcesOf).findLast((chips) => chips.length) ?? [];
        state.ended = true;
      } else if (event?.event === "error") {
        state.error = clean(data?.error ?? "unknown error", 500);
      }
    };

    try {
      // The conversation is the server's HttpOnly session cookie, sent with this same-origin request.
      const response = await fetch("/api/ask", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ question }),
      });
      if (!response.ok) {
        const body = await response.json().catch(() => ({}));
        throw new Error(body.error || `HTTP ${response.status}`);
      }
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      let pending = "";
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        pending = readLines(pending + decoder.decode(chunk.value, { stream: true }), onEvent);
      }
      onEvent(pending + decoder.decode());
    } catch (error) {
      state.error = clean(error.message, 500);
    }

    if (!state.ended && !state.error) state.error = "the answer stream ended early";
    if (state.frame) cancelAnimationFrame(state.frame);
    state.ended = true;
    render();
    if (state.chips.length) turn.append(renderSources(state.chips, prefix));
    if (state.error || !state.text) {
      turn.append(el("p", { class: "error", role: "alert" }, state.error ? `Error: ${state.error}` : "No answer."));
    }
    answer.setAttribute("aria-busy", "false");
    const count = state.chips.length;
    status.textContent = state.error ? "The answer failed." : `Answer ready, ${count} source${count === 1 ? "" : "s"}.`;
  }

  // ---------------------------------------------------------------- page wiring

  function start() {
    const form = document.getElementById("ask-form");
    const input = document.getElementById("question");
    const button = form.querySelector("button[type=submit]");
    const fresh = document.getElementById("new-conversation");
    const options = { thread: document.getElementById("thread"), status: document.getElementById("status") };
    const busy = (on) => {
      button.disabled = on;
      fresh.disabled = on;
    };
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const question = input.value.trim();
      if (!question || button.disabled) return;
      busy(true);
      input.value = "";
      try {
        await ask(question, options);
      } finally {
        busy(false);
        input.focus();
      }
    });
    // A new conversation is a new session id, which only the server hands out (in its cookie).
    fresh.addEventListener("click", async () => {
      if (fresh.disabled) return;
      busy(true);
      try {
        const response = await fetch("/api/session", { method: "POST" });
        if (!response.ok) {
          const body = await response.json().catch(() => ({}));
          throw new Error(body.error || `HTTP ${response.status}`);
        }
        options.thread.replaceChildren();
        options.status.textContent = "New conversation started.";
      } catch (error) {
        options.status.textContent = `Could not start a new conversation: ${clean(error.message, 300)}`;
      } finally {
        busy(false);
        input.focus();
      }
    });
    input.addEventListener("keydown", (event) => {
      if (event.key === "Enter" && !event.shiftKey && !event.isComposing) {
        event.preventDefault();
        form.requestSubmit();
      }
    });
    // A marker moves keyboard focus to its chip, not just the scroll position.
    options.thread.addEventListener("click", (event) => {
      const link = event.target.closest?.("a.cite");
      const target = link && document.getElementById(link.getAttribute("href").slice(1));
      if (target) requestAnimationFrame(() => (target.querySelector("a") ?? target).focus());
    });
  }

  window.DocsChat = { renderMarkdown, sourcesOf, messagesOf, safeUrl, markInserted };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
