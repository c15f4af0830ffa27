/* Offline use: register the site's service worker (sw.js at the site root) and ask it to keep
   every file of the language being read, once per language and browser session, once the page
   has settled (after a rebuild only the files that changed are fetched: generator/site/service_worker.js).
   The footer says how it goes and how much the device keeps; the first time a language is ready,
   a short notice says so. With the browser's data saver on, nothing is fetched until the reader
   asks (a button in the footer says how much). Words: the `reader-offline-*` labels. */
(function () {
  "use strict";
  if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
  var lang = document.documentElement.lang;
  var rootMeta = document.querySelector('meta[name="rulebook-root"]');
  var root = new URL((rootMeta ? rootMeta.content : ".").replace(/\/?$/, "/"), location.href);
  var SESSION = "rulebook-offline-" + lang;  // this session asked the worker already
  var KEPT = "rulebook-offline-kept-" + lang;  // {count, bytes} the device keeps, across sessions
  var TOLD = "rulebook-offline-told-" + lang;  // the reader was told once that it is ready
  var labels = {};
  try { labels = JSON.parse(document.getElementById("rulebook-labels").textContent); } catch (e) { labels = {}; }

  function get(store, key) { try { return window[store].getItem(key); } catch (e) { return null; } }
  function set(store, key, value) { try { window[store].setItem(key, value); } catch (e) { /* private mode */ } }

  function size(bytes) {
    var mb = (bytes / 1000000).toLocaleString(lang, { maximumFractionDigits: 1, minimumFractionDigits: 1 });
    // The number and its unit stay on one line.
    return (labels["reader-megabytes"] || "{n} MB").replace("{n}", mb).replace(" ", "\u00a0");
  }
  function say(key, values) {
    var text = labels[key] || "";
    Object.keys(values || {}).forEach(function (name) { text = text.split("{" + name + "}").join(values[name]); });
    return text;
  }

  // The status line at the foot of every page.
  var status = null;
  function statusLine() {
    if (status) return status;
    var footer = document.querySelector(".md-footer-meta__inner");
    if (!footer) return null;
    status = document.createElement("p");
    status.className = "rb-offline-status";
    status.setAttribute("role", "status");
    footer.insertBefore(status, footer.firstChild);
    return status;
  }
  function show(text) {
    var line = statusLine();
    if (line) line.textContent = text;
  }

  // The first time a language is ready: a notice at the bottom of the screen, for a few seconds.
  function notice(text) {
    var box = document.createElement("div");
    box.className = "rb-offline-notice";
    box.setAttribute("role", "status");
    var words = document.createElement("span");
    words.textContent = text;
    var close = document.createElement("button");
    close.type = "button";
    close.className = "rb-offline-notice__close";
    close.setAttribute("aria-label", labels["reader-close"] || "×");
    close.textContent = "×";
    box.appendChild(words);
    box.appendChild(close);
    var gone = function () { if (box.parentNode) box.parentNode.removeChild(box); };
    close.addEventListener("click", gone);
    setTimeout(gone, 8000);
    document.body.appendChild(box);
  }

  navigator.serviceWorker.addEventListener("message", function (event) {
    var data = event.data || {};
    if (data.lang !== lang) return;
    if (data.type === "precaching") {
      show(say("reader-offline-saving", { done: data.done, total: data.total, size: size(data.bytes) }));
    } else if (data.type === "precached") {
      set("sessionStorage", SESSION, "1");
      set("localStorage", KEPT, JSON.stringify({ count: data.count, bytes: data.bytes }));
      document.documentElement.setAttribute("data-rulebook-offline", data.lang);
      document.documentElement.setAttribute("data-rulebook-offline-fetched", String(data.fetched));
      show(say("reader-offline-kept", { size: size(data.bytes) }));
      if (!get("localStorage", TOLD)) {
        set("localStorage", TOLD, "1");
        notice(say("reader-offline-ready", { size: size(data.bytes) }));
      }
    } else if (data.type === "precache-failed") {
      show(say("reader-offline-failed"));
    }
  });

  // After the page has loaded and settled: keeping ~200 files must not slow the first page.
  function whenSettled() {
    return new Promise(function (resolve) {
      var later = function () { setTimeout(resolve, 2000); };
      if (document.readyState === "complete") later(); else window.addEventListener("load", later);
    });
  }

  function keptSoFar() {
    try { return JSON.parse(get("localStorage", KEPT) || "null"); } catch (e) { return null; }
  }

  // The offline page says how much this device keeps, and which language.
  function describeOfflinePage(kept) {
    var line = document.querySelector(".rb-offline-kept");
    if (line && kept) {
      line.textContent = say("reader-offline-kept", { size: size(kept.bytes) });
      line.hidden = false;
    }
  }

  function ask(registration) {
    registration.active.postMessage({ type: "precache", lang: lang });
  }

  // What this device keeps, said at once when a kept copy answers this page (offline too, where
  // registering the worker again fails).
  if (navigator.serviceWorker.controller && keptSoFar()) {
    describeOfflinePage(keptSoFar());
    if (document.readyState === "loading") {
      document.addEventListener("DOMContentLoaded", function () { show(say("reader-offline-kept", { size: size(keptSoFar().bytes) })); });
    } else {
      show(say("reader-offline-kept", { size: size(keptSoFar().bytes) }));
    }
  }

  whenSettled()
    .then(function () {
      // The live preview keeps nothing: its pages change with every save (generator/site/serve_overlay.js).
      if (document.documentElement.hasAttribute("data-rulebook-preview")) throw new Error("preview");
      return navigator.serviceWorker.register(new URL("sw.js", root).href, { scope: root.pathname });
    })
    .then(function () { return navigator.serviceWorker.ready; })
    .then(function (registration) {
      var kept = keptSoFar();
      if (get("sessionStorage", SESSION)) {
        document.documentElement.setAttribute("data-rulebook-offline", lang);
        if (kept) show(say("reader-offline-kept", { size: size(kept.bytes) }));
        return;
      }
      var saver = navigator.connection && navigator.connection.saveData;
      if (saver && !kept) {
        // The data saver is on and nothing is kept yet: the reader decides.
        return fetch(new URL("assets/offline/" + lang + ".json", root).href).then(function (r) { return r.json(); })
          .then(function (list) {
            var line = statusLine();
            if (!line) return;
            var button = document.createElement("button");
            button.type = "button";
            button.className = "rb-offline-save";
            button.textContent = say("reader-offline-save", { size: size(list.bytes) });
            button.addEventListener("click", function () { button.disabled = true; ask(registration); });
            line.textContent = "";
            line.appendChild(button);
          });
      }
      ask(registration);
    })
    .catch(function () { /* no offline copy; the site works online as before */ });
})();
