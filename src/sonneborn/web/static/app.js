// The page of `sonneborn serve`: reads a tournament file through the API and shows what it answers.
// Plain JavaScript, no build step, nothing fetched from elsewhere.
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);
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
  const names = new Map([...$("codes").options].map((option) => [option.value, option.textContent]));

  // `chosen`: whether the user set the list; until then it shows the one the file was ranked by.
  // `shown`: what was sent for the report on screen, which the downloads send again.
  const state = { file: null, report: null, base: null, chosen: false, shown: null };
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
      showError({ message: `${file.name} is larger than ${maxBytes / 1048576} MB`, field: "file" });
      return;
    }
    state.file = file;
    state.base = baseName(file.name);
    textInput.value = "";
    const chosen = $("file-chosen");
    chosen.textContent = `${file.name} (${formatSize(file.size)})`;
    chosen.hidden = false;
    run();
  }

  function formatSize(bytes) {
    return bytes < 1024 ? `${bytes} bytes` : bytes < 1048576 ? `${(bytes / 1024).toFixed(1)} kB` : `${(bytes / 1048576).toFixed(1)} MB`;
  }

  fileInput.addEventListener("change", () => {
    if (fileInput.files.length) setFile(fileInput.files[0]);
  });

  textInput.addEventListener("input", () => {
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
    const response = await fetch("/example/wccc_1975_final.tsv");
    const text = await response.text();
    setFile(new File([text], "wccc_1975_final.tsv", { type: "text/tab-separated-values" }));
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
      h("button", { type: "button", class: "move", "data-move": "-1", "aria-label": `Move ${code} earlier`, text: "←" }),
      h("button", { type: "button", class: "move", "data-move": "1", "aria-label": `Move ${code} later`, text: "→" }),
      h("button", { type: "button", class: "remove", "aria-label": `Remove ${code}`, text: "×" }),
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
      status(`${code} removed.`);
      state.chosen = codes().length > 0;
    } else {
      const step = Number(button.dataset.move);
      const sibling = step < 0 ? li.previousElementSibling : li.nextElementSibling;
      if (!sibling) return;
      if (step < 0) sibling.before(li);
      else sibling.after(li);
      state.chosen = true;
      button.focus();
      status(`${code} is now number ${codes().indexOf(code) + 1} of ${codes().length}.`);
    }
    rerun();
  });

  function addCodes() {
    const input = $("code");
    const added = input.value.split(",").map((code) => code.trim().toUpperCase()).filter(Boolean);
    clearError("tiebreak-error");
    const unknown = added.filter((code) => !known.has(code.replace(/-(?=[CM]\d)/, "/").split("/")[0]));
    if (unknown.length) {
      showError({ message: `unknown tie-break ${unknown.join(", ")} (choose from the list)`, field: "tiebreaks" });
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
      status(`${button.textContent}: ${codes().join(", ")}${rankBy.value ? `, ranked by ${rankBy.value}` : ""}.`);
      rerun();
    });
  }

  rankBy.addEventListener("change", rerun);
  rules.addEventListener("change", rerun);

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
    };
  }

  function body(sent) {
    const data = new FormData();
    if (sent.file) data.append("file", sent.file, sent.file.name);
    else data.append("text", sent.text);
    if (sent.tiebreaks) data.append("tiebreaks", sent.tiebreaks);
    if (sent.rankBy) data.append("rank_by", sent.rankBy);
    // No edition chosen: the file's own (a TRF sonneborn wrote states it, record XXT), else the default.
    if (sent.rules) data.append("rules", sent.rules);
    return data;
  }

  function hasInput() {
    return Boolean(state.file) || textInput.value.trim() !== "";
  }

  // The header tells the server the page's own script sent the request (another site's page cannot add it).
  async function ask(url, sent, signal) {
    const response = await fetch(url, {
      method: "POST", body: body(sent), headers: { "X-Sonneborn-Client": "page" }, signal,
    });
    if (response.ok) return response;
    let error = { message: `the server answered ${response.status} ${response.statusText}` };
    try {
      error = (await response.json()).error || error;
    } catch {
      // Not JSON: keep the status line.
    }
    throw Object.assign(new Error(error.message), { detail: error });
  }

  function rerun() {
    if (state.report && hasInput()) run();
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    run();
  });

  async function run() {
    clearErrors();
    if (controller) controller.abort();
    const ticket = ++latest;
    if (!hasInput()) {
      form.removeAttribute("aria-busy");
      showError({ message: "choose a file, drop one here or paste its text", field: "file" });
      return;
    }
    controller = new AbortController();
    const sent = request();
    form.setAttribute("aria-busy", "true");
    status("Ranking…");
    try {
      const response = await ask("/api/report", sent, controller.signal);
      const report = await response.json();
      if (ticket !== latest) return;
      const first = !state.report;
      state.shown = sent;
      show(report);
      status(`Ranked ${state.report.rows.length} ${state.report.competitors}.`);
      const results = $("results");
      if (first && results.getBoundingClientRect().top > window.innerHeight) results.scrollIntoView({ block: "start" });
    } catch (error) {
      if (ticket !== latest) return;
      showError(error.detail || { message: `no answer from the server: ${error.message}` });
      status("");
    } finally {
      if (ticket === latest) form.removeAttribute("aria-busy");
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
    textInput.removeAttribute("aria-invalid");
  }

  function where(error) {
    if (!error.line) return error.path ? `${error.path}: ` : "";
    return `${error.path}, line ${error.line}${error.column ? `, column ${error.column}` : ""}: `;
  }

  function showError(error, boxId) {
    const fileFields = ["file", "text", "body", "filename", "input_format", "kind", "points", null, undefined];
    const id = boxId || (fileFields.includes(error.field) ? "input-error" : "tiebreak-error");
    const box = $(id);
    box.replaceChildren(h("p", { class: "message" }, h("strong", { text: where(error) }), error.message));
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
    state.report = report;
    $("placeholder").hidden = true;
    $("result").hidden = false;
    if (!state.chosen) setCodes(report.list, false);
    rankBy.value = report.rank_by || "";
    const event = report.standings.event;
    $("event-title").textContent = event.name || report.input.path;
    facts(report);
    $("notes").replaceChildren(
      ...report.warnings.map((warning) => h("li", { class: "warning", text: `Warning: ${warning}` })),
      ...report.notes.map((note) => h("li", { text: note })),
    );
    standingsTable(report);
    crosstable(report);
    chart(report);
    closeExplanation();
  }

  function facts(report) {
    const event = report.standings.event;
    const rounds = report.rounds.played < report.rounds.scheduled
      ? `${report.rounds.played} of ${report.rounds.scheduled} played`
      : String(report.rounds.scheduled);
    const teams = report.competitors === "teams";
    const items = [
      ...(teams ? [["Teams", String(event.teams)], ["Boards", String(event.boards)]] : [["Players", String(event.players)]]),
      ["Rounds", rounds],
      ["System", (teams ? "team " : "") + (event.kind === "swiss" ? "Swiss" : "round robin")],
      ["Rules", report.standings.rules],
      ["Tie-breaks", report.list.join(", ")],
    ];
    if (report.rank_by) items.push(["Ranked by", report.rank_by]);
    $("facts").replaceChildren(...items.map(([label, value]) => h("div", {}, h("dt", { text: label }), h("dd", { text: value }))));
  }

  function headerCell(text, title, cls) {
    const th = h("th", { scope: "col", class: cls || null });
    th.append(title ? h("abbr", { title, text }) : text);
    return th;
  }

  function standingsTable(report) {
    const rated = report.rows.some((row) => row.rating !== null);
    const columns = report.columns;
    const head = h("tr", {},
      headerCell("Rk", "place"), headerCell("No", report.competitors === "teams" ? "team number" : "start number"),
      headerCell("Name", "", "name"),
      ...(rated ? [headerCell("Rtg", "rating")] : []),
      ...report.scores.map((score) => headerCell(score.heading, score.title)),
      ...columns.map((column) => headerCell(column.code, `${column.name} (${column.article}): ${column.definition}`)));
    const rows = report.rows.map((row) => {
      const tr = h("tr", { class: row.shared ? "shared" : null, "data-start": row.start });
      const place = h("td", { class: "place", title: row.by_lot ? "place decided by lot" : row.shared ? "shared place" : null, text: row.place });
      const name = h("td", { class: "name" });
      if (row.title) name.append(h("span", { class: "title", text: row.title }));
      name.append(h("button", { type: "button", class: "player", "data-start": row.start, text: row.name }));
      tr.append(place, h("td", { text: String(row.start) }), name);
      if (rated) tr.append(h("td", { text: row.rating === null ? "" : String(row.rating) }));
      tr.append(h("td", { class: "points" },
        h("button", { type: "button", class: "value", "data-start": row.start, "data-code": "PTS", "aria-label": `${report.scores[0].heading} of ${row.name}: ${row.points}. How were they made?`, text: row.points })));
      // A team event's other score (GP when ranked by MP), beside the primary: C.07 11.1.
      for (const text of row.scores.slice(1)) tr.append(h("td", { class: "secondary", text }));
      for (const column of columns) {
        const text = row.values[column.code];
        tr.append(h("td", {},
          h("button", {
            type: "button", class: "value", "data-start": row.start, "data-code": column.code,
            "aria-label": `${column.code} of ${row.name}: ${text || "no value"}. How was it worked out?`,
            text: text || "–",
          })));
      }
      return tr;
    });
    $("standings").replaceChildren(h("thead", {}, head), h("tbody", {}, ...rows));
  }

  $("standings").addEventListener("click", (event) => {
    const button = event.target.closest("button");
    if (!button || !state.report) return;
    const row = state.report.rows.find((r) => String(r.start) === button.dataset.start);
    if (!row) return;
    for (const active of $("standings").querySelectorAll("button.active")) active.classList.remove("active");
    button.classList.add("active");
    if (button.classList.contains("player")) {
      explain(`${row.name}: every value`, row.lines.join("\n"));
    } else {
      const code = button.dataset.code;
      explain(`${code} of ${row.name} (no. ${row.start}, place ${row.place})`, row.explanations[code]);
    }
  });

  function explain(title, text) {
    $("explain-title").textContent = title;
    $("explain-text").textContent = text;
    const panel = $("explain");
    panel.hidden = false;
    panel.scrollIntoView({ block: "nearest" });
  }

  function closeExplanation() {
    $("explain").hidden = true;
    for (const active of $("standings").querySelectorAll("button.active")) active.classList.remove("active");
  }

  $("close-explain").addEventListener("click", () => {
    const active = $("standings").querySelector("button.active");
    closeExplanation();
    if (active) active.focus();
  });

  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && !$("explain").hidden) $("close-explain").click();
  });

  function crosstable(report) {
    const table = report.crosstable;
    const round = table.kind === "round-robin";
    const byNumber = new Map(report.rows.map((row, index) => [String(index + 1), row.name]));
    const cls = (index, text) => {
      if (index === table.name_column) return "name";
      if (table.result_columns.includes(index)) return round && text === "X" ? "result diagonal" : "result";
      return table.value_columns[0] === index ? "points" : null;
    };
    const head = h("tr", {}, ...table.header.map((text, index) => {
      let title = "";
      if (table.result_columns.includes(index)) title = round ? byNumber.get(text) || "" : `round ${text}`;
      else if (table.value_columns.slice(1).includes(index)) title = names.get(text.split("/")[0]) || "";
      return headerCell(text, title, index === table.name_column ? "name" : table.result_columns.includes(index) ? "result" : null);
    }));
    const rows = table.rows.map((cells, r) => h("tr", { class: report.rows[r].shared ? "shared" : null },
      ...cells.map((text, index) => h("td", { class: cls(index, text), title: table.titles[r][index] || null, text }))));
    $("crosstable").replaceChildren(h("thead", {}, head), h("tbody", {}, ...rows));
  }

  // The chart: each player's running score after each round.

  function colour(index, count) {
    return `hsl(${Math.round((index * 360) / Math.max(count, 1) + 200) % 360} 70% 38%)`;
  }

  function chart(report) {
    const figure = $("chart");
    const rounds = report.rounds.played;
    $("chart-note").textContent = report.rounds.berger
      ? "A crosstable does not say in which round each game was played: the games are put in the rounds of the Berger tables."
      : "";
    if (!rounds) {
      figure.replaceChildren(h("p", { class: "note", text: "No round has been played yet." }));
      return;
    }
    // Drawn at the size it is shown, so that its text stays readable on a phone.
    const width = Math.round(Math.max(300, Math.min(640, figure.clientWidth || 640)));
    const height = width < 480 ? 240 : 300;
    const left = 34;
    const right = 16;
    const top = 14;
    const bottom = 36;
    const most = Math.max(1, ...report.rows.map((row) => Math.max(0, ...row.running)));
    const least = Math.min(0, ...report.rows.map((row) => Math.min(0, ...row.running)));
    const x = (round) => left + (round * (width - left - right)) / rounds;
    const y = (score) => height - bottom - ((score - least) * (height - top - bottom)) / (most - least);
    const svg = s("svg", {
      viewBox: `0 0 ${width} ${height}`, role: "img", "aria-labelledby": "chart-title chart-desc", class: "plot",
    });
    svg.append(
      s("title", { id: "chart-title", text: "Score by round" }),
      s("desc", { id: "chart-desc", text: `The running score of each of the ${report.rows.length} ${report.competitors} after each of ${rounds} rounds.` }),
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
      s("text", { x: (left + width - right) / 2, y: height - 4, "text-anchor": "middle", class: "axis-label", text: "round" }),
      s("line", { class: "axis", x1: left, x2: width - right, y1: y(least), y2: y(least) }),
    );
    svg.append(grid);
    const series = s("g", { class: "series" });
    const overlay = s("polyline", { class: "overlay", points: "" });
    const label = s("text", { class: "hover-label", x: left + 8, y: top + 12, text: "" });
    const legend = h("ol", { class: "legend" });
    const count = report.rows.length;
    report.rows.forEach((row, index) => {
      const points = [[0, 0], ...row.running.map((score, round) => [round + 1, score])]
        .map(([round, score]) => `${x(round).toFixed(1)},${y(score).toFixed(1)}`).join(" ");
      const stroke = colour(index, count);
      const final = row.running[row.running.length - 1];
      const caption = `${row.place}. ${row.name}: ${final} after round ${rounds}`;
      const group = s("g", { class: "player-line", "data-start": row.start },
        s("polyline", { class: "line", points, stroke }),
        s("polyline", { class: "hit", points }),
        s("title", { text: caption }));
      const on = () => highlight(svg, overlay, label, points, stroke, caption, row.start);
      const off = () => highlight(svg, overlay, label, "", "", "", null);
      group.addEventListener("mouseenter", on);
      group.addEventListener("mouseleave", off);
      series.prepend(group);
      const swatch = s("svg", { viewBox: "0 0 16 8", width: "16", height: "8", "aria-hidden": "true" },
        s("line", { x1: 0, x2: 16, y1: 4, y2: 4, stroke, "stroke-width": 3 }));
      const button = h("button", { type: "button", "data-start": row.start }, swatch, ` ${row.name}`);
      button.addEventListener("mouseenter", on);
      button.addEventListener("mouseleave", off);
      button.addEventListener("focus", on);
      button.addEventListener("blur", off);
      legend.append(h("li", {}, button));
    });
    svg.append(series, overlay, label);
    figure.replaceChildren(svg, h("figcaption", { class: "note", text: "Point at a line, or at a name below, to pick out a player." }), legend);
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

  let resizing = null;
  window.addEventListener("resize", () => {
    clearTimeout(resizing);
    resizing = setTimeout(() => state.report && chart(state.report), 200);
  });

  // Downloads: the request of the report on screen (not what the inputs hold since), asking for a format.

  for (const button of document.querySelectorAll(".download")) {
    button.addEventListener("click", async () => {
      clearError("download-error");
      const format = button.dataset.format;
      const sent = state.shown;
      if (!sent) return;
      try {
        const response = await ask(`/api/standings?format=${encodeURIComponent(format)}`, sent);
        const blob = await response.blob();
        const url = URL.createObjectURL(blob);
        const name = `${sent.base ? `${sent.base}-` : ""}standings.${EXTENSIONS[format]}`;
        const link = h("a", { href: url, download: name, hidden: true });
        document.body.append(link);
        link.click();
        link.remove();
        setTimeout(() => URL.revokeObjectURL(url), 60000);
        status(`Downloaded ${name}.`);
      } catch (error) {
        showError(error.detail || { message: error.message }, "download-error");
      }
    });
  }
})();
