// Live preview only: when the last rebuild failed, list its errors over the page. The page still
// shows the last good build; the live reload after the next good build removes the list.
// And nothing is kept for offline use: the built site's service worker answers from its copies
// first, so a stylesheet or a search index edited in the preview would stay as it was.
(function () {
  "use strict";
  document.documentElement.setAttribute("data-rulebook-preview", "");  // assets/offline.js registers nothing
  if ("serviceWorker" in navigator) {
    // One left at this address (the built site served here before) goes, with what it kept; a
    // page it answered is loaded once more, from the preview.
    var answered = Boolean(navigator.serviceWorker.controller);
    navigator.serviceWorker.getRegistrations()
      .then(function (registrations) {
        return Promise.all(registrations.map(function (registration) { return registration.unregister(); }));
      })
      .then(function () { return window.caches ? caches.keys() : []; })
      .then(function (keys) {
        return Promise.all(keys.filter(function (key) { return key.indexOf("rulebook-") === 0; })
          .map(function (key) { return caches.delete(key); }));
      })
      .then(function () {
        var again = false;
        try { again = sessionStorage.getItem("rulebook-preview-reloaded") === location.href; } catch (e) {}
        if (answered && !again) {
          try { sessionStorage.setItem("rulebook-preview-reloaded", location.href); } catch (e) {}
          location.reload();
        }
      })
      .catch(function () { /* a browser without them keeps nothing anyway */ });
  }
  // The interface strings of render/labels.yaml, {label: {ja, ko, uk}}: the frame around the
  // messages speaks the language of the page being edited.
  var LABELS = __LABELS__;
  var lang = document.documentElement.lang;
  function said(label) { var texts = LABELS[label] || {}; return texts[lang] || texts.ja || label; }
  fetch("__STATUS_URL__", { cache: "no-store" })
    .then(function (response) { return response.ok ? response.json() : { errors: [] }; })
    .then(function (status) {
      var errors = status.errors || [];
      if (!errors.length) return;
      var panel = document.createElement("section");
      panel.id = "rulebook-build-errors";
      panel.setAttribute("role", "alert");
      panel.setAttribute("style", "position:fixed;inset:0 0 auto 0;z-index:1000;max-height:70vh;overflow:auto;" +
        "margin:0;padding:1rem;background:#fff3f3;color:#5c0000;border-bottom:3px solid #b00020;" +
        "font:14px/1.45 system-ui,sans-serif;box-shadow:0 4px 16px rgba(0,0,0,.3)");
      var heading = document.createElement("h2");
      heading.setAttribute("style", "margin:0 0 .5rem;font:700 15px/1.4 system-ui,sans-serif;color:inherit");
      heading.textContent = said(status.pages_missing ? "preview-data-errors" : "preview-rebuild-failed")
        .replace("{n}", String(errors.length));
      var list = document.createElement("ol");
      list.setAttribute("lang", "en");  // check's messages are English, whatever the page's language
      list.setAttribute("style", "margin:0;padding-left:1.5rem");
      errors.forEach(function (line) {
        var item = document.createElement("li");
        var code = document.createElement("code");
        code.setAttribute("style", "white-space:pre-wrap;word-break:break-word;background:none;color:inherit");
        code.textContent = line;  // text, never HTML: the messages quote the data
        item.appendChild(code);
        list.appendChild(item);
      });
      panel.appendChild(heading);
      panel.appendChild(list);
      document.body.appendChild(panel);
    })
    .catch(function () { /* no status yet: nothing to show */ });
})();
