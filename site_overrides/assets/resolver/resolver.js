/* The resolver page ("what happens if"): the reader builds a situation with controls, the rules
   model plays it in a Web Worker (engine.js: Pyodide and the generator's own code) and the page
   shows the outcome. This script knows no game: the controls come from the game's form
   (assets/resolver/data/<game>.<lang>.json, made by generator/resolver/page.py), the words from
   the same file, and every rule is the engine's. No HTML from data or from the engine is ever
   parsed here except the diagrams, which are sanitized SVG; everything else is built as DOM text.
   A situation travels in the address as #s=<version>.<deflated JSON, base64url>. */
(function () {
  "use strict";
  var host = document.getElementById("rb-resolver");
  if (!host) return;
  var root = new URL(host.getAttribute("data-root") || "./", location.href);
  var data = null;
  var state = null;
  var worker = null;
  var ready = false;
  var pending = {};
  var counter = 0;
  var els = {};
  var linked;  // a link's situation as it came, sent as it is the first time (its problems are its own)

  function w(key, values) {
    var text = (data && data.words[key]) || key;
    Object.keys(values || {}).forEach(function (name) { text = text.split("{" + name + "}").join(String(values[name])); });
    return text;
  }
  function label(key) { return (data.words.labels && data.words.labels[key]) || key; }
  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (name) {
      if (name === "text") node.textContent = attrs[name];
      else if (name === "class") node.className = attrs[name];
      else if (attrs[name] !== null && attrs[name] !== undefined && attrs[name] !== false) node.setAttribute(name, attrs[name] === true ? "" : attrs[name]);
    });
    (children || []).forEach(function (child) { if (child) node.appendChild(typeof child === "string" ? document.createTextNode(child) : child); });
    return node;
  }
  function pathKey(path) { return JSON.stringify(path); }
  var uid = 0;
  function nextId() { uid += 1; return "rb-r-" + uid; }

  // --- the situation: defaults, links ---------------------------------------------------------
  function freshSituation() {
    var form = data.form;
    if (form.start) return JSON.parse(JSON.stringify(form.start));
    var situation = { board: form.boards[0].id, actions: [] };
    var first = form.actions[0];
    situation.dice = form.dice.odds ? "open" : [];
    if (form.groups[0] && form.groups[0].ids[0]) {
      var group = form.groups[0];
      var piece = {};
      piece.at = form.boards[0].zones[0] || null;
      situation[group.key] = {};
      situation[group.key][group.ids[0].id] = piece;
      situation.actions.push({ do: first.do, who: first.who ? group.ids[0].id : undefined });
    }
    return situation;
  }

  function fromLink() {
    var match = /^#s=([^&]*)/.exec(location.hash);
    if (!match) return Promise.resolve(null);
    return decode(match[1]).then(function (situation) { return { situation: situation }; },
      function (why) { return { damaged: why }; });
  }

  function decode(text) {
    var parts = text.split(".");
    if (parts.length !== 2 || parts[0] !== data.linkVersion) return Promise.reject("version");
    var bytes;
    try {
      var b64 = parts[1].replace(/-/g, "+").replace(/_/g, "/");
      while (b64.length % 4) b64 += "=";
      var binary = atob(b64);
      bytes = new Uint8Array(binary.length);
      for (var i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    } catch (e) { return Promise.reject("encoding"); }
    var stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
    return new Response(stream).arrayBuffer().then(function (buffer) {
      var text;
      try { text = new TextDecoder("utf-8", { fatal: true }).decode(buffer); } catch (e) { throw "encoding"; }
      try { return JSON.parse(text); } catch (e) { throw "json"; }
    }, function (why) { throw typeof why === "string" ? why : "compression"; });
  }

  function encode(situation) {
    var bytes = new TextEncoder().encode(JSON.stringify(situation));
    var stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream("deflate-raw"));
    return new Response(stream).arrayBuffer().then(function (buffer) {
      var view = new Uint8Array(buffer);
      var binary = "";
      for (var i = 0; i < view.length; i++) binary += String.fromCharCode(view[i]);
      return data.linkVersion + "." + btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    });
  }

  // --- reading the form's shape ----------------------------------------------------------------
  function isObject(value) { return value !== null && typeof value === "object" && !Array.isArray(value); }
  function board() {
    if (typeof state.board === "string") {
      for (var i = 0; i < data.form.boards.length; i++) if (data.form.boards[i].id === state.board) return data.form.boards[i];
    }
    return null;
  }
  function zones() {
    var preset = board();
    if (preset) return preset.zones;
    if (isObject(state.board) && Array.isArray(state.boardZones)) return state.boardZones;
    return (isObject(state.board) && data.zonesOf && data.zonesOf[state.board.map]) || guessZones();
  }
  function guessZones() {
    // A board from a link or a worked example: its zones, as the map names them (the engine checks them).
    var map = isObject(state.board) && typeof state.board.map === "string" ? state.board.map : "";
    var found = [];
    map.split(/\s+/).forEach(function (token) {
      var name = token.replace(/\*$/, "");
      if (/^([a-z][a-z0-9-]*|[A-Z]+[0-9]+)$/.test(name) && found.indexOf(name) < 0) found.push(name);
    });
    return found;
  }
  function choicesOf(spec) {
    if (spec.type === "zone" || spec.type === "zones") return zones().map(function (z) { return { id: z, label: z }; });
    if (spec.type === "piece") {
      var group = state[spec.of];
      return isObject(group) ? Object.keys(group).map(function (id) { return { id: id, label: pieceName(spec.of, id) }; }) : [];
    }
    return (spec.choices || []).map(function (c) { return { id: c.id, label: data.words.labels[c.label] || c.label }; });
  }
  function pieceName(groupKey, id) {
    var group = data.form.groups.filter(function (g) { return g.key === groupKey; })[0];
    var found = group && group.ids.filter(function (c) { return c.id === id; })[0];
    return found ? found.label : String(id);
  }
  function fieldLabel(key) { return label(key); }

  // --- controls --------------------------------------------------------------------------------
  function select(path, options, value, optional, onChange) {
    var id = nextId();
    var node = el("select", { id: id, "data-path": pathKey(path) });
    if (optional) node.appendChild(el("option", { value: "", text: "—" }));
    var known = false;
    options.forEach(function (option) {
      var opt = el("option", { value: String(option.id), text: option.label });
      if (option.id === value) { opt.selected = true; known = true; }
      node.appendChild(opt);
    });
    if (!known && value !== undefined && value !== null && value !== "") {
      node.appendChild(el("option", { value: String(value), text: String(value) + " (?)", selected: true }));
    }
    if (!optional && !known && (value === undefined || value === null || value === "")) {
      node.insertBefore(el("option", { value: "", text: w("choose"), selected: true }), node.firstChild);
    }
    node.addEventListener("change", function () {
      if (node.value === "") { onChange(null); return; }
      // the option's own id: a die's face stays a number
      var chosen = options.filter(function (option) { return String(option.id) === node.value; })[0];
      onChange(chosen ? chosen.id : node.value);
    });
    return node;
  }

  function row(text, control, path) {
    // The label names the control itself, or the first select or box inside a group of them.
    var own = /^(SELECT|INPUT)$/.test(control.tagName) ? control : control.querySelector("select,input");
    var id = own ? own.id || (own.id = nextId()) : null;
    return el("div", { class: "rb-r-field", "data-field": pathKey(path) }, [
      el("label", { for: id || null, text: text }), control
    ]);
  }

  function stepper(path, spec, value, onChange) {
    var id = nextId();
    var input = el("input", { id: id, type: "number", inputmode: "numeric", min: spec.min, max: spec.max, value: value === undefined || value === null ? "" : value, "data-path": pathKey(path) });
    input.addEventListener("change", function () {
      var n = input.value === "" ? null : Number(input.value);
      onChange(n === null || isNaN(n) ? null : n);
    });
    var less = el("button", { type: "button", class: "rb-r-step", "aria-label": "−", text: "−" });
    var more = el("button", { type: "button", class: "rb-r-step", "aria-label": "+", text: "+" });
    less.addEventListener("click", function () { var n = Math.max(spec.min, (Number(input.value) || 0) - 1); input.value = n; onChange(n); });
    more.addEventListener("click", function () { var n = Math.min(spec.max, (Number(input.value) || 0) + 1); input.value = n; onChange(n); });
    var wrap = el("span", { class: "rb-r-stepper" }, [less, input, more]);
    wrap.id = id + "-wrap";
    return wrap;
  }

  function chips(path, spec, values, onChange) {
    // Several ids in order (a path of zones, skills, cards): each a chip with its remove button,
    // and a select that adds one.
    var list = Array.isArray(values) ? values.slice() : [];
    var options = choicesOf(spec);
    var box = el("span", { class: "rb-r-chips", "data-path": pathKey(path) });
    list.forEach(function (item, index) {
      var name;
      if (isObject(item) && Object.keys(item).length === 1) {
        // a card with its state, as a worked example writes it ({card: dial})
        var card = Object.keys(item)[0];
        name = (options.filter(function (o) { return o.id === card; })[0] || { label: card }).label + " (" + JSON.stringify(item[card]) + ")";
      } else {
        name = (options.filter(function (o) { return o.id === item; })[0] || { label: String(item) + " (?)" }).label;
      }
      var remove = el("button", { type: "button", class: "rb-r-chip", "data-path": pathKey(path.concat([index])), "aria-label": w("remove") + ": " + name }, [name + " ✕"]);
      remove.addEventListener("click", function () { list.splice(index, 1); onChange(list.length ? list : null); });
      box.appendChild(remove);
    });
    var most = spec.slots || spec.max || 99;
    if (list.length < most) {
      var adder = select(path.concat(["+"]), options, null, true, function (value) {
        if (value !== null) { list.push(value); onChange(list); }
      });
      adder.setAttribute("aria-label", (spec.key ? label(spec.key) + ": " : "") + w("add"));
      adder.firstChild.textContent = "+ " + w("add");
      box.appendChild(adder);
      box.id = adder.id + "-box";
    }
    return box;
  }

  function slots(path, spec, values, onChange) {
    var list = Array.isArray(values) ? values.slice() : [];
    while (list.length < spec.slots) list.push(null);
    var box = el("span", { class: "rb-r-slots" });
    list.forEach(function (item, index) {
      var node = select(path.concat([index]), choicesOf(spec), item, true, function (value) {
        list[index] = value; onChange(list.some(function (x) { return x !== null; }) ? list : null);
      });
      node.firstChild.textContent = w("empty-slot");
      node.setAttribute("aria-label", label(spec.key) + " " + (index + 1));  // each slot its own name
      box.appendChild(node);
    });
    return box;
  }

  function rolls(path, spec, values, onChange) {
    // Rolls of a step, each a list of faces: a row of chips per roll.
    var list = Array.isArray(values) ? values.map(function (r) { return Array.isArray(r) ? r.slice() : []; }) : [];
    var box = el("div", { class: "rb-r-rolls", "data-path": pathKey(path) });
    var faces = { type: "choices", choices: spec.faces.map(function (f) { return { id: f, label: (data.words.faces || {})[f] || String(f) }; }), max: spec.dice };
    list.forEach(function (roll, index) {
      box.appendChild(el("div", { class: "rb-r-roll" }, [
        el("span", { text: String(index + 1) + ":" }),
        chips(path.concat([index]), faces, roll, function (value) {
          if (value) list[index] = value; else list.splice(index, 1);
          onChange(list.length ? list : null);
        })
      ]));
    });
    var add = el("button", { type: "button", class: "rb-r-add", text: "+ " + w("dice") });
    add.addEventListener("click", function () { list.push([spec.faces[spec.faces.length - 1]]); onChange(list); });
    box.appendChild(add);
    return box;
  }

  function control(path, spec, value, onChange) {
    if (spec.type === "number") return stepper(path, spec, value, onChange);
    if (spec.type === "bool") {
      var box = el("input", { id: nextId(), type: "checkbox", "data-path": pathKey(path) });
      box.checked = value === true;
      box.addEventListener("change", function () { onChange(box.checked || null); });
      return box;
    }
    if (spec.type === "zones" || spec.type === "choices") return chips(path, spec, value, onChange);
    if (spec.type === "slots") return slots(path, spec, value, onChange);
    if (spec.type === "rolls") return rolls(path, spec, value, onChange);
    return select(path, choicesOf(spec), value, spec.optional !== false, onChange);
  }

  function set(target, key, value) {
    if (value === null || value === undefined) delete target[key]; else target[key] = value;
  }

  // --- the form --------------------------------------------------------------------------------
  function render() {
    uid = 0;
    var form = els.form;
    form.textContent = "";
    form.appendChild(boardSection());
    if ((data.form.fields || []).length) {
      var settings = el("fieldset", { class: "rb-r-section" }, [el("legend", { text: w("settings") })]);
      data.form.fields.forEach(function (spec) {
        settings.appendChild(row(fieldLabel(spec.key), control([spec.key], spec, state[spec.key], function (value) {
          set(state, spec.key, value);
          if (spec.type !== "number" && spec.type !== "bool") render();
        }), [spec.key]));
      });
      form.appendChild(settings);
    }
    data.form.groups.forEach(function (group) { form.appendChild(groupSection(group)); });
    data.form.counts.forEach(function (counts) { form.appendChild(countsSection(counts)); });
    data.form.lists.forEach(function (listed) {
      var fieldset = el("fieldset", { class: "rb-r-section" }, [el("legend", { text: label(listed.key) })]);
      fieldset.appendChild(chips([listed.key], listed, state[listed.key], function (value) { set(state, listed.key, value); render(); }));
      form.appendChild(fieldset);
    });
    if (data.form.dice.per === "case") form.appendChild(diceSection());
    form.appendChild(stepsSection());
  }

  function boardSection() {
    var fieldset = el("fieldset", { class: "rb-r-section" }, [el("legend", { text: w("board") })]);
    var options = data.form.boards.map(function (b) { return { id: b.id, label: (data.words.boards || {})[b.id] || b.id }; });
    var current = typeof state.board === "string" ? state.board : null;
    if (!current) options = [{ id: "", label: w("board-from-link") }].concat(options);
    var node = select(["board"], options, current || "", false, function (value) {
      if (value) { state.board = value; render(); }
    });
    fieldset.appendChild(row(w("board"), node, ["board"]));
    if (isObject(state.board) && typeof state.board.map === "string") {
      fieldset.appendChild(el("pre", { class: "rb-r-map", text: state.board.map }));
      var kept = Object.keys(state.board).filter(function (k) { return k !== "map"; });
      if (kept.length) fieldset.appendChild(el("p", { class: "rb-r-kept", text: w("kept") + ": " + kept.join(", ") }));
    }
    return fieldset;
  }

  function groupSection(group) {
    var fieldset = el("fieldset", { class: "rb-r-section" }, [el("legend", { text: label(group.key) })]);
    var pieces = isObject(state[group.key]) ? state[group.key] : {};
    Object.keys(pieces).forEach(function (id) {
      var piece = isObject(pieces[id]) ? pieces[id] : {};
      var card = el("div", { class: "rb-r-piece", "data-path": pathKey([group.key, id]) });
      var remove = el("button", { type: "button", class: "rb-r-remove", text: w("remove") });
      remove.addEventListener("click", function () { delete pieces[id]; render(); });
      card.appendChild(el("div", { class: "rb-r-piece-head" }, [el("strong", { text: pieceName(group.key, id) }), remove]));
      // What most questions need first; the rest (experience, a car seat, ...) one tap away.
      var more = el("details", { class: "rb-r-more" }, [el("summary", { text: w("more") })]);
      group.fields.forEach(function (spec) {
        var path = [group.key, id, spec.key];
        var line = row(fieldLabel(spec.key), control(path, spec, piece[spec.key], function (value) {
          set(piece, spec.key, value);
          if (spec.type !== "number" && spec.type !== "bool") render();
        }), path);
        if (spec.more) {
          more.appendChild(line);
          if (piece[spec.key] !== undefined && piece[spec.key] !== null) more.open = true;
        } else {
          card.appendChild(line);
        }
      });
      if (more.childNodes.length > 1) card.appendChild(more);
      fieldset.appendChild(card);
    });
    var free = group.ids.filter(function (c) { return !(c.id in pieces); });
    if (free.length && Object.keys(pieces).length < group.max) {
      var adder = select([group.key, "+"], free, null, true, function (value) {
        if (!value) return;
        if (!isObject(state[group.key])) state[group.key] = {};
        state[group.key][value] = { at: zones()[0] };
        render();
      });
      adder.firstChild.textContent = "+ " + w("add");
      fieldset.appendChild(row(w("add"), adder, [group.key, "+"]));
    }
    return fieldset;
  }

  function countsSection(counts) {
    var fieldset = el("fieldset", { class: "rb-r-section" }, [el("legend", { text: label(counts.key) })]);
    var value = isObject(state[counts.key]) ? state[counts.key] : {};
    zones().forEach(function (zone) {
      var path = [counts.key, zone];
      if (!counts.types) {
        fieldset.appendChild(row(w("zone") + " " + zone, stepper(path, { min: 0, max: counts.max }, value[zone], function (n) {
          if (!isObject(state[counts.key])) state[counts.key] = {};
          set(state[counts.key], zone, n || null);
        }), path));
        return;
      }
      var inZone = isObject(value[zone]) ? value[zone] : {};
      var any = Object.keys(inZone).some(function (k) { return inZone[k]; });
      var details = el("details", { class: "rb-r-zone", open: any, "data-path": pathKey(path) }, [
        el("summary", { text: w("zone") + " " + zone + (any ? " — " + Object.keys(inZone).filter(function (k) { return inZone[k]; }).map(function (k) { return typeName(counts, k) + " " + inZone[k]; }).join(", ") : "") })
      ]);
      counts.types.forEach(function (type) {
        var here = path.concat([type.id]);
        details.appendChild(row(type.label, stepper(here, { min: 0, max: counts.max }, inZone[type.id], function (n) {
          if (!isObject(state[counts.key])) state[counts.key] = {};
          if (!isObject(state[counts.key][zone])) state[counts.key][zone] = {};
          set(state[counts.key][zone], type.id, n || null);
          if (!Object.keys(state[counts.key][zone]).length) delete state[counts.key][zone];
        }), here));
      });
      fieldset.appendChild(details);
    });
    return fieldset;
  }
  function typeName(counts, id) { var t = counts.types.filter(function (x) { return x.id === id; })[0]; return t ? t.label : id; }

  function diceSection() {
    var spec = data.form.dice;
    var fieldset = el("fieldset", { class: "rb-r-section rb-r-dice" }, [el("legend", { text: w("dice") })]);
    var name = nextId();
    var open = state.dice === "open";
    [["open", w("dice-open")], ["typed", w("dice-typed")]].forEach(function (choice) {
      if (choice[0] === "open" && !spec.odds) return;
      var id = nextId();
      var radio = el("input", { type: "radio", name: name, id: id, value: choice[0], "data-path": pathKey(["dice"]) });
      radio.checked = (choice[0] === "open") === open;
      radio.addEventListener("change", function () { state.dice = choice[0] === "open" ? "open" : []; render(); });
      fieldset.appendChild(el("div", { class: "rb-r-radio" }, [radio, el("label", { for: id, text: choice[1] })]));
    });
    if (!open) {
      var faces = { type: "choices", choices: spec.faces.map(function (f) { return { id: f, label: String(f) }; }), max: spec.max };
      fieldset.appendChild(chips(["dice"], faces, Array.isArray(state.dice) ? state.dice : [], function (value) { state.dice = value || []; render(); }));
    }
    return fieldset;
  }

  function stepsSection() {
    var fieldset = el("fieldset", { class: "rb-r-section" }, [el("legend", { text: w("steps") })]);
    var steps = Array.isArray(state.actions) ? state.actions : (state.actions = []);
    var actions = {};
    data.form.actions.forEach(function (a) { actions[a.do] = a; });
    steps.forEach(function (step, index) {
      if (!isObject(step)) step = steps[index] = {};
      var card = el("div", { class: "rb-r-piece rb-r-step-card", "data-path": pathKey(["actions", index]) });
      var remove = el("button", { type: "button", class: "rb-r-remove", text: w("remove") });
      remove.addEventListener("click", function () { steps.splice(index, 1); render(); });
      card.appendChild(el("div", { class: "rb-r-piece-head" }, [el("strong", { text: w("step", { n: index + 1 }) }), remove]));
      var doOptions = data.form.actions.map(function (a) { return { id: a.do, label: (data.words.actions || {})[a.do] || a.do }; });
      card.appendChild(row(label("do"), select(["actions", index, "do"], doOptions, step.do, false, function (value) {
        steps[index] = { do: value };
        if (actions[value] && actions[value].who) steps[index].who = step.who;
        render();
      }), ["actions", index, "do"]));
      var action = actions[step.do];
      if (action && action.who) {
        card.appendChild(row(label("who"), select(["actions", index, "who"], choicesOf({ type: "piece", of: action.who }), step.who, false, function (value) {
          set(step, "who", value); render();
        }), ["actions", index, "who"]));
      }
      (action ? action.fields : []).forEach(function (spec) {
        var path = ["actions", index, spec.key];
        card.appendChild(row(fieldLabel(spec.key), control(path, spec, step[spec.key], function (value) {
          set(step, spec.key, value);
          if (spec.type !== "number" && spec.type !== "bool") render();
        }), path));
      });
      var kept = Object.keys(step).filter(function (k) { return k !== "do" && k !== "who" && !(action && action.fields.some(function (f) { return f.key === k; })); });
      if (kept.length) card.appendChild(el("p", { class: "rb-r-kept", text: w("kept") + ": " + kept.join(", ") }));
      fieldset.appendChild(card);
    });
    if (steps.length < data.form["max-steps"]) {
      var add = el("button", { type: "button", class: "rb-r-add", text: "+ " + w("add-step") });
      add.addEventListener("click", function () {
        var first = data.form.actions[0];
        var who = null;
        var group = first.who && isObject(state[first.who]) ? Object.keys(state[first.who]) : [];
        if (group.length) who = group[0];
        steps.push(who ? { do: first.do, who: who } : { do: first.do });
        render();
      });
      fieldset.appendChild(add);
    }
    return fieldset;
  }

  // --- the engine ------------------------------------------------------------------------------
  function startEngine() {
    var engine = data.engine;
    var pyodide = new URL(engine.pyodide, root).href;
    worker = new Worker(new URL("assets/resolver/engine.js", root).href);
    worker.onmessage = function (event) {
      var message = event.data;
      if (message.type === "progress") {
        els.bar.max = message.total; els.bar.value = message.done;
        els.status.textContent = w("loading", { done: megabytes(message.done), total: megabytes(message.total) });
      } else if (message.type === "starting") {
        els.status.textContent = w("starting");
      } else if (message.type === "ready") {
        ready = true;
        els.bar.hidden = true;
        els.status.textContent = w("ready");
        host.setAttribute("data-engine", "ready");
        els.resolve.disabled = false;
        keepOffline();
        if (linked !== undefined) resolve();
      } else if (message.type === "failed") {
        host.setAttribute("data-engine", "failed");
        els.status.textContent = w("failed", { why: message.why });
      } else if (message.type === "result") {
        var done = pending[message.id];
        delete pending[message.id];
        if (done) done(message);
      }
    };
    worker.postMessage({
      type: "start",
      total: engine.bytes,
      pyodideScript: engine.pyodideScript,
      pyodide: pyodide,
      engine: new URL(engine.zip, root).href,
      feed: new URL(data.feed, root).href,
      extra: data.extra,
      labels: data.labels
    });
  }
  function megabytes(bytes) { return (bytes / 1048576).toFixed(1) + " MB"; }

  function keepOffline() {
    // The engine's files into the offline copy, once the reader has opened this page (the site's
    // service worker keeps them; readers who never open it download none of them).
    if (!("serviceWorker" in navigator)) return;
    var lang = document.documentElement.lang;
    navigator.serviceWorker.addEventListener("message", function (event) {
      var message = event.data || {};
      if (message.type === "precached" && message.lang === "resolver-" + lang) host.setAttribute("data-offline", "kept");
    });
    // The site's own script registers the worker a moment after the page loads: ask once it is active.
    navigator.serviceWorker.ready.then(function (registration) {
      if (registration.active) registration.active.postMessage({ type: "precache", lang: "resolver-" + lang });
    });
  }

  function resolve() {
    if (!ready) return;
    clearProblems();
    var snapshot = linked !== undefined ? linked : JSON.parse(JSON.stringify(state));
    linked = undefined;
    counter += 1;
    var id = counter;
    els.outcome.setAttribute("aria-busy", "true");
    pending[id] = function (message) {
      els.outcome.removeAttribute("aria-busy");
      host.setAttribute("data-resolved", String(id));
      host.setAttribute("data-ms", String(Math.round(message.ms)));
      showAnswer(message.answer);
    };
    worker.postMessage({ type: "resolve", id: id, situation: snapshot });
    encode(snapshot).then(function (text) { history.replaceState(null, "", "#s=" + text); });
  }

  // --- the outcome -----------------------------------------------------------------------------
  function clearProblems() {
    host.querySelectorAll(".rb-r-problem").forEach(function (node) { node.remove(); });
    host.querySelectorAll("[aria-invalid]").forEach(function (node) { node.removeAttribute("aria-invalid"); });
  }

  function locate(path) {
    // The control a problem is about: the value's own, else the nearest enclosing one.
    for (var n = path.length; n >= 0; n--) {
      var key = pathKey(path.slice(0, n));
      var found = host.querySelector('[data-path="' + cssEscape(key) + '"]') || host.querySelector('[data-field="' + cssEscape(key) + '"]');
      if (found) return found;
    }
    return null;
  }
  function cssEscape(text) { return window.CSS && CSS.escape ? CSS.escape(text) : text.replace(/"/g, '\\"'); }

  function showAnswer(answer) {
    var out = els.outcome;
    out.textContent = "";
    if (answer.failed) {
      // A mistake of ours, not the reader's: said in their language; the details for a report.
      host.setAttribute("data-outcome", "crashed");
      out.appendChild(el("p", { class: "rb-r-failed", role: "alert", text: w("crashed") }));
      out.appendChild(el("details", { class: "rb-r-case" }, [el("summary", { text: w("crash-detail") }), el("pre", { lang: "en" }, [el("code", { text: answer.failed })])]));
      return;
    }
    if (answer.problems) {
      var list = el("ul", { class: "rb-r-problems" });
      answer.problems.forEach(function (problem) {
        var target = locate(problem.path || []);
        var item = el("li", { "data-problem-path": pathKey(problem.path || []) });
        if (target) {
          var id = target.id || (target.id = nextId());
          var goTo = el("a", { href: "#" + id, text: problem.message });
          goTo.addEventListener("click", function (event) { event.preventDefault(); focusInto(target); });
          item.appendChild(goTo);
          target.setAttribute("aria-invalid", "true");
          var note = el("p", { class: "rb-r-problem", role: "alert", text: problem.message });
          (target.closest(".rb-r-field") || target).insertAdjacentElement("afterend", note);
        } else {
          item.appendChild(document.createTextNode(problem.message));
        }
        if (problem.detail) item.appendChild(el("small", { class: "rb-r-detail", lang: "en", text: " (" + problem.detail + ")" }));
        list.appendChild(item);
      });
      out.appendChild(el("h2", { text: w("problems") }));
      out.appendChild(list);
      host.setAttribute("data-outcome", "problems");
      if (answer.case) out.appendChild(caseBox(answer.case));
      return;
    }
    host.setAttribute("data-outcome", "played");
    out.appendChild(el("h2", { text: w("outcome") }));
    if (answer.odds) out.appendChild(oddsTable(answer.odds));
    if (answer.initial) out.appendChild(figure(answer.initial));
    answer.steps.forEach(function (step) {
      var section = el("section", { class: "rb-r-result" + (step.refused ? " rb-r-refused" : ""), "data-refused": step.refused || null });
      section.appendChild(el("h3", { text: step.label + (step.refused ? " — " + w("refused") : "") }));
      step.sentences.forEach(function (sentence) { section.appendChild(el("p", {}, sentence.map(segment))); });
      if (step.rules.length) {
        var rules = el("p", { class: "rb-r-rules" });
        step.rules.forEach(function (rule, index) {
          if (index) rules.appendChild(document.createTextNode(" · "));
          rules.appendChild(segment({ text: "§ " + rule.text, page: rule.page }));
        });
        section.appendChild(rules);
      }
      var events = el("ol", { class: "rb-r-events", hidden: true });
      step.events.forEach(function (event) { events.appendChild(el("li", { "data-event": event.event, "data-reason": event.reason || null, text: event.event })); });
      section.appendChild(events);
      step.figures.forEach(function (fig) { section.appendChild(figure(fig)); });
      out.appendChild(section);
    });
    if (answer.case) out.appendChild(caseBox(answer.case));
  }

  function focusInto(target) {
    var control = target.matches("select,input,button") ? target : target.querySelector("select,input,button");
    var open = target.closest("details");
    if (open) open.open = true;
    (control || target).scrollIntoView({ block: "center" });
    if (control) control.focus();
  }

  function segment(part) {
    if (typeof part === "string") return document.createTextNode(part);
    if (!part.page) return document.createTextNode(part.text);
    return el("a", { href: new URL(part.page, root).href, text: part.text });
  }

  function oddsTable(odds) {
    var box = el("div", { class: "rb-r-odds" }, [el("h3", { text: w("odds") })]);
    var table = el("table", {}, [el("thead", {}, [el("tr", {}, [el("th", { scope: "col", text: w("odds-result") }), el("th", { scope: "col", text: w("odds-chance") })])])]);
    var body = el("tbody");
    odds.outcomes.forEach(function (outcome) {
      body.appendChild(el("tr", { "data-chance": outcome.chance, "data-outcome": JSON.stringify(outcome.outcome) }, [el("td", { text: outcome.text }), el("td", { text: outcome.percent })]));
    });
    table.appendChild(body);
    box.appendChild(table);
    box.appendChild(el("p", { class: "rb-r-note", text: w("odds-note", { runs: odds.runs }) }));
    return box;
  }

  var SVG_NS = "http://www.w3.org/2000/svg";
  function figure(fig) {
    // The engine's diagram: parsed as SVG, anything that could run or load something removed.
    var doc = new DOMParser().parseFromString(fig.svg, "image/svg+xml");
    var svg = doc.documentElement;
    var holder = el("figure", { class: "rb-figure" });
    if (svg.namespaceURI === SVG_NS && svg.localName === "svg") {
      svg.querySelectorAll("script,foreignObject,iframe,image,use[href^='http'],a").forEach(function (node) { node.remove(); });
      [svg].concat(Array.prototype.slice.call(svg.querySelectorAll("*"))).forEach(function (node) {
        Array.prototype.slice.call(node.attributes).forEach(function (attribute) {
          var name = attribute.name.toLowerCase();
          if (name.indexOf("on") === 0 || ((name === "href" || name === "xlink:href") && attribute.value.charAt(0) !== "#")) node.removeAttribute(attribute.name);
        });
      });
      holder.appendChild(document.importNode(svg, true));
    }
    holder.appendChild(el("figcaption", { text: fig.caption }));
    return holder;
  }

  function caseBox(text) {
    return el("details", { class: "rb-r-case" }, [el("summary", { text: w("as-case") }), el("pre", {}, [el("code", { text: text })])]);
  }

  // --- the page --------------------------------------------------------------------------------
  function layout() {
    host.textContent = "";
    els.status = el("p", { class: "rb-r-status", role: "status", "aria-live": "polite", text: w("engine-size", { size: megabytes(data.engine.bytes) }) });
    els.bar = el("progress", { class: "rb-r-progress", max: data.engine.bytes, value: 0 });
    els.form = el("div", { class: "rb-r-form" });
    els.resolve = el("button", { type: "button", class: "md-button md-button--primary rb-r-resolve", disabled: true, text: w("resolve") });
    els.resolve.addEventListener("click", resolve);
    var share = el("button", { type: "button", class: "md-button rb-r-share", text: w("share") });
    share.addEventListener("click", function () {
      var snapshot = JSON.parse(JSON.stringify(state));
      encode(snapshot).then(function (text) {
        history.replaceState(null, "", "#s=" + text);
        var done = function () { els.shared.textContent = w("copied"); };
        if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(location.href).then(done, done); else done();
      });
    });
    var restart = el("button", { type: "button", class: "md-button rb-r-restart", text: w("start-over") });
    restart.addEventListener("click", function () { state = freshSituation(); history.replaceState(null, "", location.pathname); render(); els.outcome.textContent = ""; });
    els.shared = el("span", { class: "rb-r-shared", role: "status" });
    els.outcome = el("div", { class: "rb-r-outcome", "aria-live": "polite" });
    els.notice = el("div", { class: "rb-r-notice" });
    host.appendChild(el("div", { class: "rb-r-engine" }, [els.status, els.bar]));
    host.appendChild(els.notice);
    host.appendChild(el("h2", { text: w("situation") }));
    if (data.words.note) host.appendChild(el("p", { class: "rb-r-note", text: data.words.note }));
    host.appendChild(els.form);
    host.appendChild(el("div", { class: "rb-r-actions" }, [els.resolve, share, restart, els.shared]));
    host.appendChild(els.outcome);
  }

  fetch(new URL(host.getAttribute("data-data"), location.href).href).then(function (r) { return r.json(); }).then(function (loaded) {
    data = loaded;
    document.querySelectorAll(".rb-needs-script").forEach(function (node) { node.hidden = true; });
    layout();
    return fromLink();
  }).then(function (link) {
    if (link && link.situation !== undefined) {
      linked = JSON.parse(JSON.stringify(link.situation));
      state = isObject(link.situation) ? link.situation : freshSituation();
    } else {
      state = freshSituation();
      if (link && link.damaged) {
        els.notice.appendChild(el("p", { class: "rb-r-link-damaged", role: "alert", text: w("link-damaged", { why: w("why-" + link.damaged) }) }));
        host.setAttribute("data-link", "damaged");
      }
    }
    render();
    host.setAttribute("data-ui", "ready");
    startEngine();
  }).catch(function (error) {
    host.setAttribute("data-engine", "failed");
    host.appendChild(el("p", { text: String(error) }));
  });
})();
