// The page of `sonneborn serve`: reads a tournament file through the API and shows what it answers.
// Plain JavaScript, no build step, nothing fetched from elsewhere.
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);
  const t = (text) => (window.SONNEBORN_TEXTS || {})[text] || text;
  // The page's texts in its language, as the server embedded them (languages.page_catalogue); the switch changes them.
  window.SONNEBORN_TEXTS = JSON.parse($("page-texts").textContent);
  // A text with fields (`{name}`) in the page's language, filled after it is translated.
  const tf = (text, values) => t(text).replace(/\{(\w+)\}/g, (field, name) => (name in values ? String(values[name]) : field));
  let lang = document.documentElement.lang;
  // A text with a count in the page's language: the form its plural rule picks (the catalogue's Plural-Forms,
  // as languages.PLURAL_SAMPLES says), its fields filled (languages.page_plurals, embedded by the server).
  const PLURAL = { en: (n) => (n === 1 ? 0 : 1), es: (n) => (n === 1 ? 0 : n !== 0 && n % 1000000 === 0 ? 1 : 2), th: () => 0, ko: () => 0 };
  let plurals = JSON.parse($("page-plurals").textContent);
  const tn = (text, count, values) => {
    const forms = plurals[text] || [text];
    const form = forms[Math.min((PLURAL[lang] || PLURAL.en)(Number(count)), forms.length - 1)];
    return form.replace(/\{(\w+)\}/g, (field, name) => (name in values ? String(values[name]) : field));
  };
  // The language's decimal sign, as the server writes its numbers (Language.decimal): for the few the page computes.
  let decimalSign = $("page-texts").dataset.decimal || ".";
  const decimal = (text) => String(text).replace(".", decimalSign);
  const SVG = "http://www.w3.org/2000/svg";
  const EXTENSIONS = { json: "json", csv: "csv", html: "html", md: "md", trf: "trf" };

  const form = $("event-form");
  const fileInput = $("file");
  const textInput = $("text");
  const chipList = $("chips");
  const rankBy = $("rank-by");
  const rules = $("rules");
  const maxBytes = Number(form.dataset.maxBytes);
  const known = new Set([...$("codes").options].map((option) => option.value));
  const names = new Map();

  const PAGE = 100;
  // `chosen`: whether the user set the list; until then it shows the one the file was ranked by.
  // `shown`: what was sent for the page on screen, which the downloads and every later question send again.
  // `key` and `keyOf`: the server's key of the event and the file or text it was kept for.
  // `picked`: the players the user added to the chart, by start number.
  const state = {
    file: null, report: null, base: null, chosen: false, shown: null, key: null, keyOf: null,
    picked: new Map(), cards: new Map(), round: { number: 0, offset: 0 },
  };
  // Only the latest request's answer is shown: each run aborts the one before, and an answer that
  // still arrives for an older ticket is dropped.
  let latest = 0;
  let controller = null;

  // Elements.

  function h(tag, attributes = {}, ...children) {
    const element = document.createElement(tag);
    for (const [key, value] of Object.entries(attributes)) {
      if (value === null || value === undefined || value === false) continue;
      if (key === "text") element.textContent = value;
      else element.setAttribute(key, value === true ? "" : value);
    }
    element.append(...children);
    return element;
  }

  function s(tag, attributes = {}, ...children) {
    const element = document.createElementNS(SVG, tag);
    for (const [key, value] of Object.entries(attributes)) {
      if (key === "text") element.textContent = value;
      else element.setAttribute(key, value);
    }
    element.append(...children);
    return element;
  }

  function status(text) {
    $("status").textContent = text;
  }

  // The file: chosen, dropped or pasted.

  function baseName(name) {
    const stem = name.replace(/^.*[\\/]/, "").replace(/\.[^.]*$/, "");
    return stem.replace(/[^A-Za-z0-9._-]+/g, "_").replace(/^[._]+/, "") || null;
  }

  function setFile(file) {
    clearErrors();
    if (file.size > maxBytes) {
      showError({ message: tf("{name} is larger than {megabytes} MB", { name: file.name, megabytes: maxBytes / 1048576 }), field: "file" });
      return;
    }
    state.file = file;
    state.base = baseName(file.name);
    textInput.value = "";
    const chosen = $("file-chosen");
    chosen.textContent = `${file.name} (${formatSize(file.size)})`;
    chosen.hidden = false;
    $("pgn-event").value = "";
    resetPickers();
    pgnEvents(file).finally(run);
  }

  // The events a PGN file names (its Event tags), offered by the Event picker; the server decides what is read.
  async function pgnEvents(file) {
    const names = /\.pgn$/i.test(file.name) ? (await file.text()).matchAll(/^\[Event "((?:[^"\\]|\\.)*)"\]/gm) : [];
    const found = [...new Set([...names].map((match) => match[1].replace(/\\(.)/g, "$1")))];
    $("pgn-events").replaceChildren(...found.map((name) => h("option", { value: name })));
    if (found.length > 1) $("advanced").open = true;
  }

  function formatSize(bytes) {
    const one = (size) => size.toLocaleString(lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    return bytes < 1024 ? tn("{count} bytes", bytes, { count: bytes }) : bytes < 1048576 ? `${one(bytes / 1024)} kB` : `${one(bytes / 1048576)} MB`;
  }

  fileInput.addEventListener("change", () => {
    if (fileInput.files.length) setFile(fileInput.files[0]);
  });

  textInput.addEventListener("input", () => {
    resetPickers();
    if (state.file) {
      state.file = null;
      fileInput.value = "";
      $("file-chosen").hidden = true;
    }
    state.base = null;
  });

  const zone = $("dropzone");
  for (const type of ["dragenter", "dragover"]) {
    zone.addEventListener(type, (event) => {
      if (![...event.dataTransfer.types].includes("Files")) return;
      event.preventDefault();
      zone.classList.add("over");
    });
  }
  zone.addEventListener("dragleave", () => zone.classList.remove("over"));
  zone.addEventListener("drop", (event) => {
    zone.classList.remove("over");
    if (!event.dataTransfer.files.length) return;
    event.preventDefault();
    setFile(event.dataTransfer.files[0]);
  });

  $("example").addEventListener("click", async () => {
    // The demo event under its name, with the tie-breaks `make demo` ranks it by.
    const response = await fetch("/example/demo.json");
    const text = await response.text();
    setCodes($("example").dataset.tiebreaks.split(","));
    setFile(new File([text], "wccc_1975_final.json", { type: "application/json" }));
  });

  // The tie-break list: chips reordered by dragging or with their buttons.

  function codes() {
    return [...chipList.children].map((li) => li.dataset.code);
  }

  function setCodes(list, chosen = true) {
    chipList.replaceChildren(...list.filter(Boolean).map(chip));
    state.chosen = chosen && list.length > 0;
  }

  function chip(code) {
    const base = code.split("/")[0];
    const li = h("li", { class: "chip", draggable: "true", "data-code": code });
    li.append(
      h("span", { class: "code", title: names.get(base) || "", text: code }),
      h("button", { type: "button", class: "move", "data-move": "-1", "aria-label": tf("Move {code} earlier", { code }), text: "←" }),
      h("button", { type: "button", class: "move", "data-move": "1", "aria-label": tf("Move {code} later", { code }), text: "→" }),
      h("button", { type: "button", class: "remove", "aria-label": tf("Remove {code}", { code }), text: "×" }),
    );
    li.addEventListener("dragstart", (event) => {
      li.classList.add("dragging");
      event.dataTransfer.effectAllowed = "move";
      event.dataTransfer.setData("text/plain", code);
    });
    li.addEventListener("dragend", () => {
      li.classList.remove("dragging");
      state.chosen = true;
      rerun();
    });
    return li;
  }

  chipList.addEventListener("dragover", (event) => {
    const dragging = chipList.querySelector(".dragging");
    if (!dragging) return;
    event.preventDefault();
    const target = event.target.closest("li");
    if (!target || target === dragging) return;
    const box = target.getBoundingClientRect();
    const after = event.clientX > box.left + box.width / 2;
    if (after) target.after(dragging);
    else target.before(dragging);
  });
  chipList.addEventListener("drop", (event) => event.preventDefault());

  chipList.addEventListener("click", (event) => {
    const button = event.target.closest("button");
    if (!button) return;
    const li = button.closest("li");
    const code = li.dataset.code;
    if (button.classList.contains("remove")) {
      const next = li.nextElementSibling || li.previousElementSibling;
      li.remove();
      (next ? next.querySelector(".remove") : $("code")).focus();
      status(tf("{code} removed.", { code }));
      state.chosen = codes().length > 0;
    } else {
      const step = Number(button.dataset.move);
      const sibling = step < 0 ? li.previousElementSibling : li.nextElementSibling;
      if (!sibling) return;
      if (step < 0) sibling.before(li);
      else sibling.after(li);
      state.chosen = true;
      button.focus();
      status(tf("{code} is now number {number} of {count}.", { code, number: codes().indexOf(code) + 1, count: codes().length }));
    }
    rerun();
  });

  function addCodes() {
    const input = $("code");
    const added = input.value.split(",").map((code) => code.trim().toUpperCase()).filter(Boolean);
    clearError("tiebreak-error");
    const unknown = added.filter((code) => !known.has(code.replace(/-(?=[CM]\d)/, "/").split("/")[0]));
    if (unknown.length) {
      showError({ message: tf("unknown tie-break {codes} (choose from the list)", { codes: unknown.join(", ") }), field: "tiebreaks" });
      input.focus();
      return;
    }
    setCodes([...codes(), ...added]);
    input.value = "";
    input.focus();
    rerun();
  }

  $("add-code").addEventListener("click", addCodes);
  $("code").addEventListener("keydown", (event) => {
    if (event.key === "Enter") {
      event.preventDefault();
      addCodes();
    }
  });

  for (const button of document.querySelectorAll(".preset")) {
    button.addEventListener("click", () => {
      setCodes(button.dataset.tiebreaks.split(","));
      rankBy.value = button.dataset.rankBy;
      const said = { preset: button.textContent, codes: codes().join(", "), score: rankBy.value };
      status(rankBy.value ? tf("{preset}: {codes}, ranked by {score}.", said) : tf("{preset}: {codes}.", said));
      rerun();
    });
  }

  rankBy.addEventListener("change", rerun);
  rules.addEventListener("change", rerun);
  // These settle what is read (a PGN's event, its points): after an error too, where there is nothing to re-rank.
  for (const id of ["points", "lots", "unrated", "pgn-event", "zero-move", "absent-as"]) {
    $(id).addEventListener("change", () => {
      if (id === "pgn-event") resetPickers(); // another event: its own rounds and players
      if (hasInput()) run();
    });
  }

  // Asking the API.

  // What a request sends, taken from the inputs when it is made.
  function request() {
    return {
      file: state.file,
      text: state.file ? null : textInput.value,
      tiebreaks: state.chosen && codes().length ? codes().join(",") : null,
      rankBy: rankBy.value,
      rules: rules.value,
      base: state.base,
      points: $("points").value.trim(),
      lots: $("lots").value.trim(),
      unrated: $("unrated").value.trim(),
      event: $("pgn-event").value.trim(),
      zeroMove: $("zero-move").checked,
      absentAs: $("absent-as").value,
      afterRound: $("after-round").value,
      category: $("category").value,
    };
  }

  // The file alone: the options go in the query of every request, so that the kept event is ranked by each.
  function fileBody(sent) {
    const data = new FormData();
    if (sent.file) data.append("file", sent.file, sent.file.name);
    else data.append("text", sent.text);
    return data;
  }

  // `what` is the answer asked for: the round view shows the file's rounds (never cut after a round), a category
  // is a table of the standings (page, search, downloads but TRF), and a card or board prizes are the whole event's.
  function query(sent, extra = {}, what = "page") {
    const params = new URLSearchParams();
    if (sent.afterRound && what !== "round") params.set("after_round", sent.afterRound);
    if (sent.category && ["page", "search", "standings"].includes(what)) params.set("category", sent.category);
    if (sent.tiebreaks) params.set("tiebreaks", sent.tiebreaks);
    if (sent.rankBy) params.set("rank_by", sent.rankBy);
    // No edition chosen: the file's own (a TRF sonneborn wrote states it, record XXT), else the default.
    if (sent.rules) params.set("rules", sent.rules);
    if (sent.points) params.set("points", sent.points);
    if (sent.lots) params.set("lots", sent.lots);
    if (sent.unrated) params.set("unrated_rating", sent.unrated);
    if (sent.event) params.set("event", sent.event);
    if (sent.zeroMove) params.set("zero_move_forfeits", "true");
    if (sent.absentAs && sent.absentAs !== "zero") params.set("absent_as", sent.absentAs);
    for (const [key, value] of Object.entries(extra)) if (value !== null && value !== undefined) params.set(key, value);
    // Every answer in the page's language: headings, tie-breaks' names, numbers (69,5 in Spanish), messages, errors.
    params.set("lang", lang);
    return params.toString();
  }

  function hasInput() {
    return Boolean(state.file) || textInput.value.trim() !== "";
  }

  async function failure(response) {
    let error = { message: tf("the server answered {status} {text}", { status: response.status, text: response.statusText }) };
    try {
      error = (await response.json()).error || error;
    } catch {
      // Not JSON: keep the status line.
    }
    return Object.assign(new Error(error.message), { detail: error, status: response.status });
  }

  // The header tells the server the page's own script sent the request (another site's page cannot add it).
  async function ask(url, sent, signal) {
    const response = await fetch(url, {
      method: "POST", body: fileBody(sent), headers: { "X-Sonneborn-Client": "page" }, signal,
    });
    if (response.ok) return response;
    throw await failure(response);
  }

  const sourceOf = (sent) => sent.file || sent.text;

  // A question about the event on screen, by its key; the file is sent again when the server no longer keeps it.
  async function kept(what, sent, extra, signal) {
    if (state.key && state.keyOf === sourceOf(sent)) {
      const response = await fetch(`/api/events/${state.key}/${what}?${query(sent, extra, what)}`, { signal });
      if (response.ok) return response.json();
      if (response.status !== 404) throw await failure(response);
    }
    const first = await (await ask(`/api/events?${query(sent, what === "page" ? extra : {}, what === "page" ? "page" : "keep")}`, sent, signal)).json();
    state.key = first.event;
    state.keyOf = sourceOf(sent);
    return what === "page" ? first : kept(what, sent, extra, signal);
  }

  function rerun() {
    if (state.report && hasInput()) run();
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    run();
  });

  function busy(on) {
    if (on) form.setAttribute("aria-busy", "true");
    else form.removeAttribute("aria-busy");
    $("pending").hidden = !on;
    $("results").setAttribute("aria-busy", on ? "true" : "false");
  }

  // Ranks the inputs (a new file, list or edition: `sent` is null) or shows another page of what is on screen.
  async function run(extra = { offset: 0 }, again = null, then = null) {
    clearErrors();
    if (controller) controller.abort();
    const ticket = ++latest;
    if (!again && !hasInput()) {
      busy(false);
      showError({ message: t("choose a file, drop one here or paste its text"), field: "file" });
      return;
    }
    controller = new AbortController();
    const signal = controller.signal;
    const sent = again || request();
    busy(true);
    status(t("Ranking…"));
    try {
      // A small event's crosstable comes with its page (view "auto"); a big one's when its section comes into view.
      const report = await kept("page", sent, { limit: PAGE, view: "auto", ...extra }, signal);
      if (ticket !== latest) return;
      const first = !state.report;
      if (!again) {
        state.picked.clear();
        // Another file starts at its last round; the same file ranked again (its own list adopted, other rules)
        // keeps the round the user chose, even one chosen while this answer was on its way.
        if (!state.shown || sourceOf(state.shown) !== sourceOf(sent)) state.round = { number: 0, offset: 0 };
      }
      state.shown = sent;
      show(report);
      const ranked = { count: report.total, first: report.offset + 1, last: report.offset + report.rows.length };
      status(tn(report.competitors === "teams" ? "Ranked {count} teams; rows {first}–{last} shown." : "Ranked {count} players; rows {first}–{last} shown.", ranked.count, ranked));
      const results = $("results");
      // After a change made in the form (above the results on a phone), the results come into view.
      const top = results.getBoundingClientRect().top;
      if ((first || !again) && (top > window.innerHeight || top < 0)) results.scrollIntoView({ block: "start" });
      if (then) then(report);
    } catch (error) {
      if (ticket !== latest) return;
      showError(error.detail || { message: tf("no answer from the server: {message}", { message: error.message }) });
      status("");
    } finally {
      if (ticket === latest) busy(false);
    }
  }

  // What follows a page on screen, once its section comes into view: the crosstable's rows, the round shown.
  // A newer page drops them (its ticket), and aborts them (its signal).
  const wanted = { crosstable: null, round: null, whatif: null };

  async function follow(what, load) {
    const report = wanted[what];
    if (!report || report !== state.report) return;
    wanted[what] = null;
    const ticket = latest;
    try {
      await load(ticket, state.shown, controller ? controller.signal : undefined);
    } catch (error) {
      if (ticket !== latest || error.name === "AbortError") return;
      showError(error.detail || { message: error.message }, "download-error");
    }
  }

  async function loadCrosstable(ticket, sent, signal) {
    const report = state.report;
    const crossed = await kept("page", sent, { offset: report.offset, limit: PAGE, view: "crosstable" }, signal);
    if (ticket === latest) crosstable(crossed);
  }

  const watcher = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      if (entry.target.id === "crosstable-section") follow("crosstable", loadCrosstable);
      else if (entry.target.id === "whatif-section") follow("whatif", loadWhatif);
      else follow("round", loadRound);
    }
  }, { rootMargin: "200px" });

  function later(report) {
    wanted.crosstable = report.crosstable || report.category ? null : report;
    wanted.round = report;
    wanted.whatif = $("whatif-section").hidden ? null : report;
    for (const id of ["crosstable-section", "rounds-section", "whatif-section"]) {
      watcher.unobserve($(id));
      watcher.observe($(id));
    }
  }

  // Errors, next to the input they concern.

  function clearError(id) {
    const box = $(id);
    box.hidden = true;
    box.replaceChildren();
  }

  function clearErrors() {
    clearError("input-error");
    clearError("tiebreak-error");
    clearError("download-error");
    clearError("advanced-error");
    clearError("picker-error");
    textInput.removeAttribute("aria-invalid");
  }

  // The server's messages name the command line's options; the page names its own controls instead. The one
  // place where the page words them: every option a message the page can show may name.
  const CONTROLS = [
    [/choose one with --event NAME/g, "choose one under Advanced, PGN: Event"],
    [/--event NAME|--event\b/g, "the Event under Advanced (PGN)"],
    [/--points states one/g, "the point system under Advanced states one"],
    [/give --unrated-rating N to count them at N/g, "give a rating for unrated players under Advanced to count them at it"],
    [/give --unrated-rating( N)?( or \/U<N>)?/g, "give a rating for unrated players under Advanced"],
    [/--unrated-rating( N)?/g, "the rating for unrated players under Advanced"],
    [/--points\b/g, "the point system under Advanced"],
    [/--lots\b/g, "the drawing of lots under Advanced"],
    [/--rank-by\b/g, "Rank by"],
    [/--rules\b/g, "Rules"],
    [/`?sonneborn standings FILE -f json --with-event`?/g, "a JSON file sonneborn wrote with its event"],
    [/-f json --with-event/g, "JSON with its event"],
    [/`sonneborn whatif`/g, "the What if tab"],
  ];

  function forPage(message) {
    return CONTROLS.reduce((text, [flag, control]) => text.replace(flag, t(control)), String(message));
  }

  function where(error) {
    if (!error.line) return error.path ? `${error.path}: ` : "";
    return tf(error.column ? "{path}, line {line}, column {column}: " : "{path}, line {line}: ", error);
  }

  function showError(error, boxId) {
    const fileFields = ["file", "text", "body", "filename", "input_format", "kind", null, undefined];
    const advancedFields = ["points", "lots", "unrated_rating", "event", "zero_move_forfeits", "absent_as"];
    const id = boxId || (advancedFields.includes(error.field) ? "advanced-error"
      : ["after_round", "category"].includes(error.field) ? "picker-error"
        : fileFields.includes(error.field) ? "input-error" : "tiebreak-error");
    if (id === "advanced-error") $("advanced").open = true;
    const box = $(id);
    box.replaceChildren(h("p", { class: "message" }, h("strong", { text: where(error) }), forPage(error.message)));
    if (error.excerpt !== undefined && error.excerpt !== null) {
      box.append(h("pre", { class: "excerpt" }, h("code", { text: error.excerpt })));
    }
    box.hidden = false;
    box.scrollIntoView({ block: "nearest" });
    if (id === "input-error") {
      $("result").hidden = true;
      $("placeholder").hidden = false;
      state.report = null;
      state.shown = null;
      if (!state.file && error.line) selectLine(error.line);
    }
  }

  function selectLine(line) {
    const lines = textInput.value.split(/\r\n|\r|\n/);
    if (line > lines.length) return;
    let start = 0;
    for (let index = 0; index < line - 1; index += 1) start += lines[index].length + 1;
    textInput.setAttribute("aria-invalid", "true");
    textInput.setSelectionRange(start, start + lines[line - 1].length);
    const height = parseFloat(getComputedStyle(textInput).lineHeight) || 16;
    textInput.scrollTop = Math.max(0, (line - 3) * height);
  }

  // The results.

  function show(report) {
    closeExplanation();
    state.report = report;
    state.cards.clear();
    $("placeholder").hidden = true;
    $("result").hidden = false;
    if (!state.chosen) setCodes(report.list, false);
    rankBy.value = report.rank_by || "";
    const event = report.standings.event;
    $("event-title").textContent = event.name || report.input.path;
    facts(report);
    $("notes").replaceChildren(
      ...report.warnings.map((warning) => h("li", { class: "warning", text: tf("Warning: {message}", { message: forPage(warning) }) })),
      ...report.notes.map((note) => h("li", { text: forPage(note) })),
    );
    pickers(report);
    standingsTable(report);
    pager($("pager"), report.offset, report.rows.length, report.total, (offset) => run({ offset }, state.shown));
    chart(report);
    // A category's table has no crosstable of its own (the whole event's is one choice away, in Category).
    $("crosstable-section").hidden = Boolean(report.category);
    if (report.crosstable) crosstable(report);
    else $("crosstable").replaceChildren(h("caption", { text: t("The crosstable of these rows comes as it is scrolled into view.") }));
    roundPicker(report);
    boardPrizes(latest, state.shown).catch((error) => showError(error.detail || { message: error.message }, "download-error"));
    whatifFor(report);
    later(report);
    // For the browser tests' timings: the frame that first shows these results.
    requestAnimationFrame(() => performance.mark("sonneborn:shown"));
  }

  // A rule edition by the label the form's own list gives it (translated with the page), else its code.
  function ruleLabel(code) {
    const option = [...rules.options].find((choice) => choice.value === code);
    return option ? option.textContent : code;
  }

  function facts(report) {
    const event = report.standings.event;
    const rounds = report.rounds.played < report.rounds.scheduled
      ? tf("{played} of {rounds} played", { played: report.rounds.played, rounds: report.rounds.scheduled })
      : String(report.rounds.scheduled);
    const teams = report.competitors === "teams";
    const items = [
      ...(teams ? [[t("Teams"), String(event.teams)], [t("Boards"), String(event.boards)]] : [[t("Players"), String(event.players)]]),
      [t("Rounds"), rounds],
      [t("System"), event.kind === "swiss" ? t(teams ? "team Swiss" : "Swiss") : t(teams ? "team round robin" : "round robin")],
      [t("Rules"), ruleLabel(report.standings.rules)],
      [t("Tie-breaks"), report.list.join(", ")],
    ];
    if (report.rank_by) items.push([t("Ranked by"), report.rank_by]);
    $("facts").replaceChildren(...items.map(([label, value]) => h("div", {}, h("dt", { text: label }), h("dd", { text: value }))));
  }

  // Pages: first, previous, next, last, and where the page is among them.
  function pager(nav, offset, shown, total, go) {
    if (total <= PAGE) {
      nav.replaceChildren();
      nav.hidden = true;
      return;
    }
    nav.hidden = false;
    const last = Math.floor((total - 1) / PAGE) * PAGE;
    const button = (label, text, to, off) => h("button", {
      type: "button", class: "secondary", "aria-label": label, disabled: off, "data-offset": to, text,
    });
    const buttons = [
      button(t("First page"), "«", 0, offset === 0),
      button(t("Previous page"), "‹", Math.max(0, offset - PAGE), offset === 0),
      h("span", { class: "where", text: tf("{first}–{last} of {total}", { first: offset + 1, last: offset + shown, total }) }),
      button(t("Next page"), "›", Math.min(last, offset + PAGE), offset >= last),
      button(t("Last page"), "»", last, offset >= last),
    ];
    nav.replaceChildren(...buttons);
    for (const b of nav.querySelectorAll("button")) b.addEventListener("click", () => go(Number(b.dataset.offset)));
  }

  // A heading and its title in the page's language (a code, a number or a name the catalogue lacks stays as it is).
  function headerCell(text, title, cls) {
    const th = h("th", { scope: "col", class: cls || null });
    th.append(title ? h("abbr", { title: t(title), text: t(text) }) : t(text));
    return th;
  }

  function playerButton(start, name) {
    return h("button", { type: "button", class: "player", "data-start": start, text: name });
  }

  function standingsTable(report) {
    const rated = report.rows.some((row) => row.rating !== null);
    const columns = report.columns;
    // A category's table: its own place first, then the overall rank, as prize lists give them.
    const inCategory = Boolean(report.category);
    const head = h("tr", {},
      inCategory ? headerCell("Pl", "place in the category", "place") : headerCell("Rk", "place", "place"),
      ...(inCategory ? [headerCell("Rk", "overall rank", "overall")] : []),
      headerCell("No", report.competitors === "teams" ? "team number" : "start number", "start"),
      headerCell("Name", "", "name"),
      ...(rated ? [headerCell("Rtg", "rating", "rating")] : []),
      ...report.scores.map((score) => headerCell(score.heading, score.title)),
      ...columns.map((column) => headerCell(column.code, `${column.name} (${column.article}): ${column.definition}`)));
    const rows = report.rows.map((row) => {
      const tr = h("tr", { class: row.shared ? "shared" : null, "data-start": row.start });
      const place = h("td", { class: "place", title: row.by_lot ? t("place decided by lot") : row.shared ? t("shared place") : null, text: row.place });
      const name = h("td", { class: "name" });
      if (row.title) name.append(h("span", { class: "title", text: row.title }));
      name.append(playerButton(row.start, row.name));
      tr.append(place, ...(inCategory ? [h("td", { class: "overall", text: row.overall })] : []),
        h("td", { class: "start", text: String(row.start) }), name);
      if (rated) tr.append(h("td", { class: "rating", text: row.rating === null ? "" : String(row.rating) }));
      tr.append(h("td", { class: "points" },
        h("button", { type: "button", class: "value", "data-start": row.start, "data-code": "PTS", "aria-label": tf("{score} of {name}: {value}. How were they made?", { score: t(report.scores[0].heading), name: row.name, value: row.points }), text: row.points })));
      // A team event's other score (GP when ranked by MP), beside the primary: C.07 11.1.
      for (const text of row.scores.slice(1)) tr.append(h("td", { class: "secondary", text }));
      for (const column of columns) {
        const text = row.values[column.code];
        tr.append(h("td", {},
          h("button", {
            type: "button", class: "value", "data-start": row.start, "data-code": column.code,
            "aria-label": tf("{code} of {name}: {value}. How was it worked out?", { code: column.code, name: row.name, value: text || t("no value") }),
            text: text || "–",
          })));
      }
      return tr;
    });
    $("standings").replaceChildren(h("thead", {}, head), h("tbody", {}, ...rows));
    requestAnimationFrame(scrollCues);
  }

  // Which standings: after which round, of which category. The choices are kept in the inputs, which every request
  // reads (`request()`), so that paging, search, cards, downloads and print follow them.

  const played = (report) => report.rounds.file_played ?? report.rounds.played;

  function resetPickers() {
    $("after-round").replaceChildren();
    $("category").replaceChildren(h("option", { value: "", text: t("Whole event") }));
  }

  function pickers(report) {
    const sent = state.shown;
    const last = played(report);
    const select = $("after-round");
    // Rounds 1 to the last played; the last is the file as it stands (no after_round sent).
    if (select.options.length !== last || select.dataset.rounds !== String(last)) {
      select.replaceChildren(...Array.from({ length: last }, (_, index) => h("option", {
        value: index + 1 === last ? "" : String(index + 1), text: String(index + 1),
      })));
      select.dataset.rounds = String(last);
    }
    select.value = sent.afterRound || "";
    $("after-of").textContent = tf("of {rounds}", { rounds: report.rounds.scheduled });
    $("after-pick").hidden = last < 2;

    const category = $("category");
    const offered = report.categories.map((held) => [held.code, `${held.name} (${held.count})`]);
    if (report.category && !report.categories.some((held) => held.code === report.category.code)) {
      offered.push([report.category.code, report.category.name]);
    }
    const options = [["", t("Whole event")], ...offered];
    if (category.options.length !== options.length || [...category.options].some((option, index) => option.value !== options[index][0])) {
      category.replaceChildren(...options.map(([value, text]) => h("option", { value, text })));
    }
    category.value = sent.category || "";
    // A team event's rows are teams, which no category of players holds.
    $("category-pick").hidden = options.length < 2;
    $("pickers").hidden = $("after-pick").hidden && $("category-pick").hidden;

    // The heading says which standings these are, on the screen and on paper.
    const taken = report.rounds.played < report.rounds.scheduled;
    const values = { round: report.rounds.played, rounds: report.rounds.scheduled, category: report.category ? report.category.heading : "" };
    $("standings-heading").textContent = report.category
      ? tf(taken ? "Standings after round {round} of {rounds}: {category}" : "Standings: {category}", values)
      : tf(taken ? "Standings after round {round} of {rounds}" : "Standings", values);
    // Taken during the event, the tie-breaks are those C.07 gives for it (as the command line's help says).
    const during = $("during");
    during.hidden = report.rounds.played >= report.rounds.scheduled;
    if (!during.hidden) {
      // Cut after a round, the next is not paired yet; a file of its own may have its final round paired (FB then
      // counts those games as draws, C.07 8.3).
      const foreBuchholz = Boolean(sent.afterRound) && report.list.some((code) => code.split("/")[0] === "FB");
      during.textContent = t("Standings taken during the event: the later rounds are not played yet, and every tie-break counts the rounds played so far (C.07).")
        + (foreBuchholz ? ` ${t("FB is BH here: the final round is not paired yet (C.07 8.3).")}` : "");
    }
  }

  for (const id of ["after-round", "category"]) $(id).addEventListener("change", rerun);
  $("pickers").setAttribute("aria-label", t("Which standings"));
  $("after-label").textContent = t("Standings after round");
  $("category-label").textContent = t("Category");
  resetPickers();

  // A table wider than its box says so (on a phone the later tie-breaks scroll sideways).
  function scrollCues() {
    for (const box of document.querySelectorAll(".scroll")) {
      const cue = box.previousElementSibling;
      if (!cue || !cue.classList.contains("scroll-cue")) continue;
      cue.hidden = box.scrollWidth <= box.clientWidth + 1;
    }
  }
  window.addEventListener("resize", scrollCues);

  // A player's card and derivations, opened in a row under the row that asked for it.

  async function card(start) {
    const sent = state.shown;
    const known = state.cards.get(start);
    if (known) return known;
    const found = (await kept("player", sent, { start })).player;
    if (state.shown === sent) state.cards.set(start, found);
    return found;
  }

  function openBeside(tr) {
    const panel = $("explain");
    const table = tr.closest("table");
    const columns = tr.children.length;
    const holder = h("tr", { class: "detail" }, h("td", { colspan: columns }));
    for (const old of document.querySelectorAll("tr.detail")) old.remove();
    tr.after(holder);
    holder.firstChild.append(panel);
    panel.hidden = false;
    panel.dataset.table = table.id;
    return panel;
  }

  async function explainValue(button) {
    const tr = button.closest("tr");
    const start = Number(button.dataset.start);
    for (const active of document.querySelectorAll("table button.active")) active.classList.remove("active");
    button.classList.add("active");
    const report = state.report;
    const row = report.rows.find((r) => r.start === start);
    const code = button.dataset.code;
    const panel = openBeside(tr);
    $("card").hidden = true;
    $("print-card").hidden = true;
    $("explain-title").textContent = tf("{code} of {name} (no. {start}, place {place})", { code, ...row });
    $("explain-text").textContent = t("Working it out…");
    try {
      const found = await card(start);
      if (state.report !== report) return;
      $("explain-text").textContent = found.values[code];
    } catch (error) {
      $("explain-text").textContent = error.message;
    }
    panel.scrollIntoView({ block: "nearest" });
  }

  async function openCard(button) {
    const tr = button.closest("tr");
    const start = Number(button.dataset.start);
    for (const active of document.querySelectorAll("table button.active")) active.classList.remove("active");
    button.classList.add("active");
    const report = state.report;
    const panel = openBeside(tr);
    $("explain-title").textContent = tf("{name}: every value", { name: button.textContent });
    $("explain-text").textContent = t("Working it out…");
    $("card").hidden = true;
    try {
      const found = await card(start);
      if (state.report !== report) return;
      showCard(found);
      $("print-card").hidden = false;
      $("explain-text").textContent = found.lines.join("\n");
    } catch (error) {
      $("explain-text").textContent = error.message;
    }
    panel.scrollIntoView({ block: "nearest" });
  }

  function showCard(player) {
    const box = $("card");
    const facts = [
      [t("Place"), player.place], [t("Start number"), String(player.start)], [t("Title"), player.title],
      [t("Rating"), player.rating === null ? "" : String(player.rating)], [t("Federation"), player.federation],
      [t("Club"), player.club], [t("FIDE id"), player.fide_id === null ? "" : String(player.fide_id)],
      [t(state.report.scores[0].heading), player.points],
    ].filter(([, value]) => value);
    const teams = player.players !== null;
    const rounds = h("table", { class: "rounds" },
      h("thead", {}, h("tr", {}, headerCell("Rd", "round"), headerCell("Opponent", "", "name"), headerCell("Colour"),
        headerCell(teams ? state.report.scores[0].heading : "Result"), ...(teams ? [headerCell(state.report.scores[1].heading)] : []),
        headerCell("Score", "running score after the round"))),
      h("tbody", {}, ...player.rounds.map((round) => {
        const against = round.opponent === null
          ? h("td", { class: "name bye", text: t(round.what) })
          : h("td", { class: "name" }, h("button", {
            type: "button", class: "opponent", "data-start": round.opponent, text: tf("{name} (no. {start})", { name: round.opponent_name, start: round.opponent }),
          }));
        return h("tr", { class: round.forfeit ? "forfeit" : round.bye ? "bye" : null },
          h("td", { text: String(round.round) }), against, h("td", { text: t(round.colour) }),
          h("td", { title: t(round.what), text: round.forfeit ? tf("{result} (forfeit)", round) : round.result }),
          ...(teams ? [h("td", { text: round.gp })] : []),
          h("td", { text: round.running === null ? "" : round.running }));
      })));
    const inChart = state.picked.has(player.start) || state.report.leaders.some((l) => l.start === player.start);
    const pick = h("button", { type: "button", class: "secondary pick", disabled: inChart, text: t(inChart ? "In the chart" : "Add to the chart") });
    pick.addEventListener("click", () => {
      const final = player.rounds.map((round) => round.running).filter((running) => running !== null).pop() || "0";
      state.picked.set(player.start, { start: player.start, place: player.place, name: player.name, running: player.running, final });
      pick.disabled = true;
      pick.textContent = t("In the chart");
      chart(state.report);
    });
    box.replaceChildren(
      h("h3", { class: "card-name" }, ...(player.title ? [h("span", { class: "title", text: player.title })] : []), player.name),
      h("dl", { class: "facts" }, ...facts.map(([label, value]) => h("div", {}, h("dt", { text: label }), h("dd", { text: value })))),
      pick,
      h("div", { class: "scroll" }, rounds),
      ...(player.team_card ? teamCard(player.team_card) : []),
    );
    box.hidden = false;
  }

  // A match's line in the team card: one whole sentence a case, so that each language orders its parts.
  function matchLine(match) {
    const values = { round: match.round, ...(match.opponent || {}), result: t(match.what), mp: match.mp, gp: match.gp, against: match.opponent_gp };
    if (match.mp === null) return tf(match.opponent ? "Round {round}: against {name} (no. {number})" : "Round {round}: {result}", values);
    if (!match.opponent) return tf("Round {round}: {result} · MP {mp} · GP {gp}", values);
    return tf(match.opponent_gp === null ? "Round {round}: against {name} (no. {number}) · MP {mp} · GP {gp}"
      : "Round {round}: against {name} (no. {number}) · MP {mp} · GP {gp}–{against}", values);
  }

  // A team's card (render's team_card_data): each match with every board, then its players board by board.
  function teamCard(data) {
    const seat = (who) => (who ? `${who.name} (${who.number}${who.rating ? `, ${who.rating}` : ""})` : t("empty board"));
    const matches = h("table", { class: "matches" },
      h("caption", { text: t("Its matches, board by board (the team's result first; +- -+ -- are forfeits)") }),
      h("thead", {}, h("tr", {}, headerCell("Bd", "board"), headerCell("Player", "", "name"), headerCell("Col", "colour"),
        headerCell("Res", "the board's results, the team's first"), headerCell("Opponent", "", "name"))),
      ...data.rounds.map((match) => h("tbody", {},
        h("tr", { class: "match" }, h("th", {
          scope: "colgroup", colspan: 5,
          text: matchLine(match),
        })),
        ...match.boards.map((game) => h("tr", {},
          h("td", { text: String(game.board) }), h("td", { class: "name", text: seat(game.player) }),
          h("td", { text: t({ w: "white", b: "black" }[game.colour] || "") }), h("td", { class: "result", text: game.score }),
          h("td", { class: "name", text: seat(game.opponent) }))))));
    const members = h("table", { class: "members" },
      h("caption", { text: t("Its players: games and game points on each board") }),
      h("thead", {}, h("tr", {}, headerCell("No", "start number"), headerCell("Player", "", "name"), headerCell("Bd", "board"),
        headerCell("Games"), headerCell("Pts", "game points"), headerCell("%", "percentage of the points"))),
      h("tbody", {}, ...data.players.flatMap((member) => member.boards.map((record) => h("tr", {},
        h("td", { text: String(member.number) }), h("td", { class: "name", text: member.name }),
        h("td", { text: String(record.board) }), h("td", { text: String(record.games) }),
        h("td", { text: record.points }), h("td", { text: record.percentage }))))));
    return [h("div", { class: "scroll" }, matches), h("div", { class: "scroll" }, members)];
  }

  // A player elsewhere in the standings: his page, then his card on his row.
  function goToPlayer(start, sent = state.shown) {
    run({ start }, sent, () => {
      const button = $("standings").querySelector(`button.player[data-start="${start}"]`);
      if (button) openCard(button);
      // A player outside the category shown (an opponent): the whole event's standings, his card there.
      else if (sent.category) goToPlayer(start, { ...sent, category: "" });
    });
  }

  function onTableClick(event) {
    const button = event.target.closest("button");
    if (!button || !state.report) return;
    if (button.classList.contains("opponent")) goToPlayer(Number(button.dataset.start));
    else if (button.classList.contains("player")) openCard(button);
    else if (button.classList.contains("value")) explainValue(button);
  }

  $("standings").addEventListener("click", onTableClick);
  $("crosstable").addEventListener("click", onTableClick);
  $("round-table").addEventListener("click", onTableClick);
  $("explain").addEventListener("click", onTableClick);

  function closeExplanation() {
    const panel = $("explain");
    panel.hidden = true;
    $("card").hidden = true;
    $("print-card").hidden = true;
    // Back in its place in the page, out of the table rows that are about to be replaced.
    $("chart").closest("section").before(panel);
    for (const old of document.querySelectorAll("tr.detail")) old.remove();
    for (const active of document.querySelectorAll("table button.active")) active.classList.remove("active");
  }

  $("close-explain").addEventListener("click", () => {
    const active = document.querySelector("table button.active");
    closeExplanation();
    if (active) active.focus();
  });

  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && !$("explain").hidden) $("close-explain").click();
  });

  // Search and jump to rank.

  let searching = null;
  let searched = 0;
  $("search").addEventListener("input", () => {
    clearTimeout(searching);
    searching = setTimeout(search, 250);
  });
  $("search").addEventListener("keydown", (event) => {
    if (event.key === "Enter") {
      event.preventDefault();
      clearTimeout(searching);
      search();
    }
  });

  async function search() {
    const text = $("search").value.trim();
    const list = $("search-results");
    const ticket = ++searched;
    if (!text || !state.shown) {
      list.replaceChildren();
      return;
    }
    try {
      const found = await kept("search", state.shown, { q: text });
      if (ticket !== searched) return;
      const items = found.matches.map((match) => h("li", {}, h("button", {
        type: "button", class: "found", "data-start": match.start,
        text: tf(match.federation ? "{place}. {name} (no. {start}, {federation})" : "{place}. {name} (no. {start})", match),
      })));
      if (!found.count) items.push(h("li", { class: "hint", text: tf("No player matches “{text}”.", { text }) }));
      else if (found.count > found.matches.length) items.push(h("li", { class: "hint", text: tf("{count} match; the first {shown} are shown.", { count: found.count, shown: found.matches.length }) }));
      list.replaceChildren(...items);
    } catch (error) {
      list.replaceChildren(h("li", { class: "hint", text: error.message }));
    }
  }

  $("search-results").addEventListener("click", (event) => {
    const button = event.target.closest("button.found");
    if (button) goToPlayer(Number(button.dataset.start));
  });

  function jump() {
    const rank = Number($("jump-rank").value);
    if (!state.shown || !Number.isInteger(rank) || rank < 1) return;
    run({ rank }, state.shown, (report) => {
      const row = [...$("standings").querySelectorAll("tbody tr")].find((tr, index) => report.rows[index].rank >= rank);
      if (row) {
        row.classList.add("target");
        row.scrollIntoView({ block: "center" });
        row.querySelector("button.player").focus({ preventScroll: true });
      }
    });
  }

  $("jump").addEventListener("click", jump);
  $("jump-rank").addEventListener("keydown", (event) => {
    if (event.key === "Enter") {
      event.preventDefault();
      jump();
    }
  });

  // The crosstable of the rows on screen.

  function crosstable(report) {
    const table = report.crosstable;
    const round = table.kind === "round-robin";
    const cls = (index, text) => {
      if (index === table.name_column) return "name";
      if (table.result_columns.includes(index)) return round && text === "X" ? "result diagonal" : "result";
      return table.value_columns[0] === index ? "points" : null;
    };
    const head = h("tr", {}, ...table.header.map((text, index) => {
      let title = "";
      if (table.result_columns.includes(index)) title = tf(round ? "the player ranked {rank}" : "round {round}", { rank: text, round: text });
      else if (table.value_columns.slice(1).includes(index)) title = names.get(text.split("/")[0]) || "";
      return headerCell(text, title, index === table.name_column ? "name" : table.result_columns.includes(index) ? "result" : null);
    }));
    const rows = table.rows.map((cells, r) => h("tr", { class: report.rows[r].shared ? "shared" : null, "data-start": table.starts[r] },
      ...cells.map((text, index) => {
        if (index === table.name_column) return h("td", { class: "name" }, playerButton(table.starts[r], text));
        return h("td", { class: cls(index, text), title: table.titles[r][index] || null, text });
      })));
    $("crosstable").replaceChildren(h("thead", {}, head), h("tbody", {}, ...rows));
    requestAnimationFrame(scrollCues);
    $("crosstable-rows").textContent = report.total > report.rows.length
      ? tf("The rows of the standings page on screen: {first}–{last} of {total}.", { first: report.offset + 1, last: report.offset + report.rows.length, total: report.total })
      : "";
  }

  // A round: its boards, then the players without a game.

  let rounds = 0;

  function roundPicker(report) {
    const select = $("round");
    const count = report.rounds.scheduled;
    if (select.options.length !== count) {
      select.replaceChildren(...Array.from({ length: count }, (_, index) => h("option", { value: index + 1, text: String(index + 1) })));
    }
    if (!state.round.number) state.round = { number: Math.max(1, report.rounds.played), offset: 0 };
    select.value = String(state.round.number);
  }

  async function loadRound(ticket, sent, signal) {
    if (!state.report.rounds.scheduled) {
      $("round-table").replaceChildren();
      return;
    }
    // Only the latest round asked for is shown, whichever answer comes last.
    const asked = ++rounds;
    const found = await kept("round", sent, { round: state.round.number, offset: state.round.offset, limit: PAGE }, signal);
    // A round's pairings and results are the file's, whatever list ranks it: only another file drops the answer.
    if (asked !== rounds || !state.shown || sourceOf(state.shown) !== sourceOf(sent)) return;
    roundTable(found);
  }

  // A team event's board prizes (`crosstable --boards`): every board's players in prize order.
  let boardsAsked = 0;

  async function boardPrizes(ticket, sent) {
    const section = $("boards-section");
    section.hidden = state.report.competitors !== "teams";
    if (section.hidden) return;
    // Only the latest order asked for is shown, whichever answer comes last; only another file drops it.
    const asked = ++boardsAsked;
    const found = await kept("boards", sent, { order: $("board-order").value, min_games: $("min-games").value || 0 });
    if (asked !== boardsAsked || !state.shown || sourceOf(state.shown) !== sourceOf(sent)) return;
    $("boards-notes").replaceChildren(...found.notes.map((note) => h("li", { text: forPage(note) })));
    $("boards-table").replaceChildren(
      h("thead", {}, h("tr", {}, ...found.header.map((text, index) => headerCell(text, "", index === found.name_column ? "name" : null)))),
      h("tbody", {}, ...found.rows.map((cells) => h("tr", {},
        ...cells.map((text, index) => h("td", { class: index === found.name_column ? "name" : null, text }))))));
  }

  for (const id of ["board-order", "min-games"]) {
    $(id).addEventListener("change", () => {
      if (state.shown) boardPrizes(latest, state.shown).catch((error) => showError(error.detail || { message: error.message }, "download-error"));
    });
  }

  // The "What if" tab: the games still to be played, each result set by a click; the server ranks the scenario
  // (`whatif --set`'s path) and answers its standings with every row's best and worst place.
  // `results`: the results set, "round.board" → result; kept while the same file is ranked again.
  // `effort`: the proof effort asked (`whatif --proof-effort`), raised by "Prove more places" up to `limit`, the
  // server's; `proved`, the last one answered, kept when a larger one is refused (the server's time budget counts it).
  const whatif = { results: new Map(), offset: 0, boardsOffset: 0, of: null, last: new Map(), effort: 1, proved: 1, limit: 1 };
  let whatifAsked = 0;

  // The section's own words, in the page's language.
  $("whatif-heading").textContent = t("What if");
  $("whatif-intro").textContent = t("Set any game still to be played: the standings and every player's best and worst final place follow at once.");
  $("whatif-clear").textContent = t("Clear every result");
  $("whatif-scroll").setAttribute("aria-label", t("Standings of the scenario"));
  $("whatif-games-pager").setAttribute("aria-label", t("Pages of the games still to be played"));
  $("whatif-pager").setAttribute("aria-label", t("Pages of the standings of the scenario"));

  function whatifFor(report) {
    const section = $("whatif-section");
    // A finished event has nothing to set: the tab is hidden.
    section.hidden = !report.standings.provisional;
    if (whatif.of !== sourceOf(state.shown)) {
      whatif.results.clear();
      whatif.last.clear();
      whatif.offset = 0;
      whatif.boardsOffset = 0;
      whatif.effort = whatif.proved = 1;
      whatif.of = sourceOf(state.shown);
      $("whatif-prove").hidden = true;
      $("whatif-games").replaceChildren();
      $("whatif-table").replaceChildren();
      $("whatif-method").textContent = "";
      $("whatif-notes").replaceChildren();
    }
  }

  function whatifResults() {
    return [...whatif.results].map(([board, result]) => `${board}=${result}`).join(",");
  }

  async function loadWhatif(ticket, sent, signal) {
    clearError("whatif-error");
    // Only the latest scenario asked for is shown, whichever answer comes last; another file drops it.
    const asked = ++whatifAsked;
    $("whatif-section").setAttribute("aria-busy", "true");
    $("whatif-method").textContent = t("Ranking…");
    try {
      const found = await kept("whatif", sent, {
        results: whatifResults(), offset: whatif.offset, limit: PAGE, boards_offset: whatif.boardsOffset,
        proof_effort: whatif.effort,
      }, signal);
      if (asked !== whatifAsked || !state.shown || sourceOf(state.shown) !== sourceOf(sent)) return;
      whatif.proved = found.proof_effort;
      whatifGames(found);
      whatifTable(found);
    } catch (error) {
      if (asked !== whatifAsked || error.name === "AbortError") return;
      whatif.effort = whatif.proved;
      $("whatif-method").textContent = "";
      showError(error.detail || { message: error.message }, "whatif-error");
    } finally {
      if (asked === whatifAsked) $("whatif-section").removeAttribute("aria-busy");
    }
  }

  function askWhatif() {
    if (!state.shown) return;
    loadWhatif(latest, state.shown).catch((error) => showError(error.detail || { message: error.message }, "whatif-error"));
  }

  function whatifGames(found) {
    const teams = found.competitors === "teams";
    const head = h("tr", {}, headerCell(t("Round")), headerCell(teams ? t("Match") : t("Board")),
      headerCell(teams ? t("Home") : t("White"), "", "name"), headerCell(teams ? t("Away") : t("Black"), "", "name"),
      headerCell(t("Result")));
    const rows = found.boards.map((board) => {
      const key = `${board.round}.${board.board}`;
      const label = tf(teams ? "Round {round}, match {board}: {white} – {black}" : "Round {round}, board {board}: {white} – {black}",
        { round: board.round, board: board.board, white: board.white.name, black: board.black.name });
      const choices = [...board.results.map((result) => [result, result]), ["", t("unset")]];
      const group = h("div", { class: "set-results", role: "group", "aria-label": label },
        ...choices.map(([result, text]) => h("button", {
          type: "button", class: "secondary", "data-board": key, "data-result": result,
          "aria-pressed": (board.set || "") === result ? "true" : "false", text,
        })));
      return h("tr", { "data-board": key }, h("td", { text: String(board.round) }), h("td", { text: String(board.board) }),
        h("td", { class: "name", text: `${board.white.name} (${board.white.start})` }),
        h("td", { class: "name", text: `${board.black.name} (${board.black.start})` }), h("td", {}, group));
    });
    $("whatif-games").replaceChildren(h("thead", {}, head), h("tbody", {}, ...rows));
    if (!found.boards_total) {
      $("whatif-games").replaceChildren(h("caption", { text: t("No paired game is still to be played: the rounds to come are known only as scores.") }));
    }
    // As many games a page as rows (the server's WHATIF_BOARDS is the page's PAGE).
    pager($("whatif-games-pager"), found.boards_offset, found.boards.length, found.boards_total, (offset) => {
      whatif.boardsOffset = offset;
      askWhatif();
    });
  }

  $("whatif-games").addEventListener("click", (event) => {
    const button = event.target.closest("button[data-board]");
    if (!button) return;
    const { board, result } = button.dataset;
    if (result) whatif.results.set(board, result);
    else whatif.results.delete(board);
    // The buttons say the choice at once; the standings follow with the answer.
    for (const other of button.parentElement.querySelectorAll("button")) {
      other.setAttribute("aria-pressed", other === button ? "true" : "false");
    }
    askWhatif();
  });

  // Places left as bounds: the search proves more with four times its budget, up to the server's limit.
  $("whatif-prove").addEventListener("click", () => {
    whatif.effort = Math.min(whatif.proved * 4, whatif.limit);
    askWhatif();
  });

  $("whatif-clear").addEventListener("click", () => {
    whatif.results.clear();
    askWhatif();
  });

  function whatifTable(found) {
    const exact = found.method === "exact";
    // The count and the notes as the server wrote them in the page's language (10.000 in Spanish).
    const values = { runs: found.runs_text, results: found.fixed.join(", ") };
    $("whatif-method").textContent = found.fixed.length
      ? tn(exact ? "Method — exact: {runs} outcomes enumerated; results set: {results}." : "Method — simulation: {runs} runs; results set: {results}.", found.runs, values)
      : tn(exact ? "Method — exact: {runs} outcomes enumerated." : "Method — simulation: {runs} runs.", found.runs, values);
    const chances = found.standings.some((row) => row.chances !== null);
    const places = Array.from({ length: found.places }, (_, index) => String(index + 1));
    const head = h("tr", {}, headerCell(t("Rk"), t("place"), "place"), headerCell(t("No"), "", "start"),
      headerCell(t("Name"), "", "name"), headerCell(t("Points")), headerCell(t("Best"), t("best final place still possible")),
      headerCell(t("Worst"), t("worst final place still possible")), headerCell(t("Can win")), headerCell(t("Clinched"), t("prize places sure")),
      ...(chances ? places.map((place) => headerCell(`P(${place})`, tf("chance of place {place}", { place }))) : []),
      headerCell(t("First place"), t("what decides first place"), "decides"));
    const rows = found.standings.map((row) => {
      const before = whatif.last.get(row.start);
      const changed = (what) => (before && before[what] !== row[what] ? "changed" : null);
      const tr = h("tr", { "data-start": row.start },
        h("td", { class: "place", text: String(row.rank) }), h("td", { class: "start", text: String(row.start) }),
        h("td", { class: "name", text: row.name }), h("td", { class: "points", text: row.points_text }),
        h("td", { class: changed("best_text"), "data-what": "best", text: row.best_text }),
        h("td", { class: changed("worst_text"), "data-what": "worst", text: row.worst_text }),
        h("td", { "data-what": "can-win", text: row.can_win ? t("yes") : t("no") }),
        h("td", { "data-what": "clinched", text: row.clinched.join(", ") || "–" }));
      if (chances) {
        for (const place of places) {
          const chance = row.chances === null ? null : row.chances[place];
          const margin = row.margins === null || found.method === "exact" ? null : row.margins[place];
          tr.append(h("td", { text: chance === null ? "" : `${decimal((100 * chance).toFixed(1))} %${margin === null ? "" : ` ± ${decimal((100 * margin).toFixed(1))}`}` }));
        }
      }
      tr.append(h("td", { class: "decides", "data-what": "decides", text: forPage(row.decides_text) }));
      return tr;
    });
    whatif.last = new Map(found.standings.map((row) => [row.start, row]));
    $("whatif-table").replaceChildren(h("thead", {}, head), h("tbody", {}, ...rows));
    $("whatif-notes").replaceChildren(...found.notes.map((note) => h("li", { text: forPage(note) })));
    whatif.limit = found.proof_effort_limit;
    $("whatif-prove").hidden = !(found.bounds > 0 && found.proof_effort < found.proof_effort_limit);
    pager($("whatif-pager"), found.offset, found.standings.length, found.total, (offset) => {
      whatif.offset = offset;
      askWhatif();
    });
    requestAnimationFrame(scrollCues);
  }

  function roundTable(found) {
    const teams = state.report.competitors === "teams";
    const head = h("tr", {}, headerCell(teams ? "Match" : "Bd", teams ? "match" : "board"), headerCell(teams ? "Home" : "White", "", "name"),
      headerCell("Result"), headerCell(teams ? "Away" : "Black", "", "name"));
    const rows = found.boards.map((board) => h("tr", { class: board.forfeit ? "forfeit" : null },
      h("td", { text: String(board.board) }),
      h("td", { class: "name" }, playerButton(board.white.start, `${board.white.name} (${board.white.start})`)),
      h("td", { class: "result", title: board.forfeit ? t("forfeit") : null, text: board.forfeit ? tf("{result} forfeit", board) : board.result }),
      h("td", { class: "name" }, playerButton(board.black.start, `${board.black.name} (${board.black.start})`))));
    for (const alone of found.unpaired) {
      rows.push(h("tr", { class: "bye" }, h("td", { text: "–" }),
        h("td", { class: "name" }, playerButton(alone.start, `${alone.name} (${alone.start})`)),
        h("td", { class: "result", text: alone.result }), h("td", { class: "bye", text: t(alone.what) })));
    }
    $("round-table").replaceChildren(h("thead", {}, head), h("tbody", {}, ...rows));
    pager($("round-pager"), found.offset, found.boards.length + found.unpaired.length, found.total, (offset) => {
      state.round.offset = offset;
      loadRound(latest, state.shown).catch((error) => showError(error.detail || { message: error.message }, "download-error"));
    });
  }

  $("round").addEventListener("change", () => {
    state.round = { number: Number($("round").value), offset: 0 };
    if (state.shown) loadRound(latest, state.shown).catch((error) => showError(error.detail || { message: error.message }, "download-error"));
  });

  // The chart: the running score of the first ten and of the players picked, after each round.

  // Ten colours told apart by most eyes (Okabe–Ito and Tableau's), dark enough for labels on white.
  const COLOURS = ["#0b63b5", "#c2410c", "#047857", "#b91c1c", "#6d28d9", "#8b5a2b", "#be185d", "#4b5563", "#4d7c0f", "#0e7490"];

  // What the chart shows: a whole sentence for teams or players, with or without those picked.
  function chartDescription(report) {
    const values = { rounds: report.rounds.played, count: report.leaders.length };
    if (report.competitors === "teams") {
      return state.picked.size ? tn("The running score after each of {rounds} rounds of the first {count} teams and of those picked.", values.rounds, values)
        : tn("The running score after each of {rounds} rounds of the first {count} teams.", values.rounds, values);
    }
    return state.picked.size ? tn("The running score after each of {rounds} rounds of the first {count} players and of those picked.", values.rounds, values)
      : tn("The running score after each of {rounds} rounds of the first {count} players.", values.rounds, values);
  }

  function chart(report) {
    const figure = $("chart");
    const rounds = report.rounds.played;
    $("chart-note").textContent = report.rounds.berger
      ? t("A crosstable does not say in which round each game was played: the games are put in the rounds of the Berger tables.")
      : "";
    if (!rounds) {
      figure.replaceChildren(h("p", { class: "note", text: t("No round has been played yet.") }));
      return;
    }
    const lines = [...report.leaders];
    for (const picked of state.picked.values()) if (!lines.some((line) => line.start === picked.start)) lines.push({ ...picked, picked: true });
    const scores = lines.map((line) => line.running.map(Number));
    // Drawn at the size it is shown, so that its text stays readable on a phone; the size is the one last observed
    // (reading clientWidth here would lay the page out again at once, the new table with it: a tenth of a second).
    const width = Math.round(Math.max(300, Math.min(640, chartWidth || 640)));
    const height = width < 480 ? 240 : 300;
    const left = 34;
    const right = 16;
    const top = 14;
    const bottom = 36;
    const most = Math.max(1, ...scores.map((row) => Math.max(0, ...row)));
    const least = Math.min(0, ...scores.map((row) => Math.min(0, ...row)));
    const x = (round) => left + (round * (width - left - right)) / rounds;
    const y = (score) => height - bottom - ((score - least) * (height - top - bottom)) / (most - least);
    const svg = s("svg", {
      viewBox: `0 0 ${width} ${height}`, role: "img", "aria-labelledby": "chart-title chart-desc", class: "plot",
    });
    svg.append(
      s("title", { id: "chart-title", text: t("Score by round") }),
      s("desc", { id: "chart-desc", text: chartDescription(report) }),
    );
    const grid = s("g", { class: "grid" });
    const step = Math.max(1, Math.ceil((most - least) / 6));
    for (let score = Math.ceil(least); score <= most; score += step) {
      grid.append(
        s("line", { x1: left, x2: width - right, y1: y(score), y2: y(score) }),
        s("text", { x: left - 6, y: y(score) + 4, "text-anchor": "end", text: String(score) }),
      );
    }
    const every = Math.max(1, Math.ceil(rounds / 16));
    for (let round = 0; round <= rounds; round += every) {
      grid.append(s("text", { x: x(round), y: height - bottom + 16, "text-anchor": "middle", text: String(round) }));
    }
    grid.append(
      s("text", { x: (left + width - right) / 2, y: height - 4, "text-anchor": "middle", class: "axis-label", text: t("round") }),
      s("line", { class: "axis", x1: left, x2: width - right, y1: y(least), y2: y(least) }),
    );
    svg.append(grid);
    const series = s("g", { class: "series" });
    const overlay = s("polyline", { class: "overlay", points: "" });
    const label = s("text", { class: "hover-label", x: left + 8, y: top + 12, text: "" });
    const legend = h("ol", { class: "legend" });
    lines.forEach((line, index) => {
      const points = [[0, 0], ...scores[index].map((score, round) => [round + 1, score])]
        .map(([round, score]) => `${x(round).toFixed(1)},${y(score).toFixed(1)}`).join(" ");
      const stroke = COLOURS[index % COLOURS.length];
      const final = line.final;
      const caption = tf("{place}. {name}: {score} after round {round}", { place: line.place, name: line.name, score: final, round: rounds });
      const group = s("g", { class: "player-line", "data-start": line.start },
        s("polyline", { class: line.picked ? "line picked" : "line", points, stroke }),
        s("polyline", { class: "hit", points }),
        s("title", { text: caption }));
      const on = () => highlight(svg, overlay, label, points, stroke, caption, line.start);
      const off = () => highlight(svg, overlay, label, "", "", "", null);
      group.addEventListener("mouseenter", on);
      group.addEventListener("mouseleave", off);
      series.prepend(group);
      const swatch = s("svg", { viewBox: "0 0 16 8", width: "16", height: "8", "aria-hidden": "true" },
        s("line", { x1: 0, x2: 16, y1: 4, y2: 4, stroke, "stroke-width": 3, "stroke-dasharray": line.picked ? "4 2" : "none" }));
      const button = h("button", { type: "button", "data-start": line.start }, swatch, ` ${line.place}. ${line.name} (${final})`);
      button.addEventListener("mouseenter", on);
      button.addEventListener("mouseleave", off);
      button.addEventListener("focus", on);
      button.addEventListener("blur", off);
      legend.append(h("li", {}, button));
    });
    svg.append(series, overlay, label);
    const caption = tf(state.picked.size ? "The first {count} and {picked} picked (dashed); add a player from his card. Point at a line, or at a name below, to pick it out."
      : "The first {count}; add a player from his card. Point at a line, or at a name below, to pick it out.", { count: report.leaders.length, picked: state.picked.size });
    figure.replaceChildren(svg, h("figcaption", { class: "note", text: caption }), legend);
  }

  function highlight(svg, overlay, label, points, stroke, caption, start) {
    svg.classList.toggle("focused", start !== null);
    overlay.setAttribute("points", points);
    overlay.setAttribute("stroke", stroke || "none");
    label.textContent = caption;
    for (const button of document.querySelectorAll(".legend button")) {
      button.classList.toggle("active", start !== null && button.dataset.start === String(start));
    }
  }

  let chartWidth = 0;
  let resizing = null;
  new ResizeObserver((entries) => {
    const width = entries[entries.length - 1].contentRect.width;
    if (Math.abs(width - chartWidth) < 1) return;
    chartWidth = width;
    clearTimeout(resizing);
    resizing = setTimeout(() => state.report && chart(state.report), 100);
  }).observe($("chart"));

  // Downloads: the request of the page on screen (not what the inputs hold since), asking for a format.

  for (const button of document.querySelectorAll(".download")) {
    button.addEventListener("click", async () => {
      clearError("download-error");
      const format = button.dataset.format;
      const sent = state.shown;
      if (!sent) return;
      try {
        // The standings on screen: after the round chosen, of the category chosen (TRF: the whole event's file).
        const response = await ask(`/api/standings?${query(sent, { format }, format === "trf" ? "trf" : "standings")}`, sent);
        const blob = await response.blob();
        const url = URL.createObjectURL(blob);
        const name = `${sent.base ? `${sent.base}-` : ""}standings.${EXTENSIONS[format]}`;
        const link = h("a", { href: url, download: name, hidden: true });
        document.body.append(link);
        link.click();
        link.remove();
        setTimeout(() => URL.revokeObjectURL(url), 60000);
        status(tf("Downloaded {name}.", { name }));
      } catch (error) {
        showError(error.detail || { message: error.message }, "download-error");
      }
    });
  }

  $("print").addEventListener("click", () => window.print());

  // One player's card alone on the paper (the print stylesheet keys on the class), the rest as it was after.
  $("print-card").addEventListener("click", () => {
    document.body.classList.add("print-card");
    window.print();
  });
  window.addEventListener("afterprint", () => document.body.classList.remove("print-card"));

  // The HTML report of what is on screen, in a tab of its own, to print as it is laid out for paper.
  // The page's languages. The server renders the page in the language of the address (`?lang=`), else the
  // browser's; the switch changes every text in place, keeps the choice in the address and this browser, and asks
  // the result on screen again in it (the kept event, by its key: the file is not sent again).

  const ATTRIBUTES = [["title", "tTitle"], ["placeholder", "tPlaceholder"], ["aria-label", "tAriaLabel"]];

  // Every text the page's HTML marks with its English text (data-t, data-t-title, …), in the page's language.
  function translate() {
    for (const element of document.querySelectorAll("[data-t]")) {
      const { t: text, ...values } = element.dataset;
      element.textContent = tf(text, Object.fromEntries(Object.entries(values).map(([name, value]) => [name, t(value)])));
    }
    for (const [attribute, key] of ATTRIBUTES) {
      for (const element of document.querySelectorAll(`[data-t-${attribute}]`)) element.setAttribute(attribute, t(element.dataset[key]));
    }
    names.clear();
    for (const option of $("codes").options) names.set(option.value, option.textContent);
  }

  async function switchLanguage(code, remember = true) {
    if (code === lang) return;
    // The catalogue of the page as the server renders it in that language (the same page_catalogue).
    const response = await fetch(`/?lang=${encodeURIComponent(code)}`);
    const page = new DOMParser().parseFromString(await response.text(), "text/html");
    window.SONNEBORN_TEXTS = JSON.parse(page.getElementById("page-texts").textContent);
    plurals = JSON.parse(page.getElementById("page-plurals").textContent);
    lang = code;
    decimalSign = page.getElementById("page-texts").dataset.decimal || ".";
    document.documentElement.lang = code;
    $("lang").value = code;
    translate();
    setCodes(codes(), state.chosen);
    if (remember) {
      const address = new URL(window.location.href);
      address.searchParams.set("lang", code);
      window.history.replaceState(null, "", address);
      try {
        window.localStorage.setItem("sonneborn-lang", code);
      } catch {
        // Storage refused (a private window): the address keeps the choice.
      }
    }
    if (state.shown) {
      run({ offset: state.report ? state.report.offset : 0 }, state.shown);
      if ($("search").value.trim()) search();
    } else if (hasInput() && !$("input-error").hidden) run();
  }

  $("lang").addEventListener("change", () => {
    switchLanguage($("lang").value).catch((error) => status(error.message));
  });
  translate();
  // A language chosen before on this browser, unless the address names one.
  let stored = null;
  try {
    stored = window.localStorage.getItem("sonneborn-lang");
  } catch {
    stored = null;
  }
  if (!new URL(window.location.href).searchParams.has("lang") && stored && stored !== lang && $("lang").querySelector(`option[value="${stored}"]`)) {
    switchLanguage(stored, false).catch((error) => status(error.message));
  }

  $("report-open").addEventListener("click", async () => {
    clearError("download-error");
    const sent = state.shown;
    if (!sent) return;
    const tab = window.open("", "_blank");
    try {
      const response = await ask(`/api/standings?${query(sent, { format: "html" }, "standings")}`, sent);
      const blob = new Blob([await response.text()], { type: "text/html" });
      if (tab) tab.location.href = URL.createObjectURL(blob);
    } catch (error) {
      if (tab) tab.close();
      showError(error.detail || { message: error.message }, "download-error");
    }
  });
})();
