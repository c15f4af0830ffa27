/* Offline use: register the site's service worker (sw.js at the site root) and ask it to keep
   every file of the language being read. Once per language and browser session, once the page has settled. */
(function () {
  "use strict";
  if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
  var lang = document.documentElement.lang;
  var rootMeta = document.querySelector('meta[name="rulebook-root"]');
  var root = new URL((rootMeta ? rootMeta.content : ".").replace(/\/?$/, "/"), location.href);
  var KEY = "rulebook-offline-" + lang;

  navigator.serviceWorker.addEventListener("message", function (event) {
    var data = event.data || {};
    if (data.type !== "precached") return;
    try { sessionStorage.setItem("rulebook-offline-" + data.lang, String(data.count)); } catch (e) {}
    document.documentElement.setAttribute("data-rulebook-offline", data.lang);
  });

  // After the page has loaded and settled: keeping ~100 files must not slow the first page.
  function whenSettled() {
    return new Promise(function (resolve) {
      var later = function () { setTimeout(resolve, 2000); };
      if (document.readyState === "complete") later(); else window.addEventListener("load", later);
    });
  }

  whenSettled()
    .then(function () {
      // The live preview keeps nothing: its pages change with every save (generator/site/serve_overlay.js).
      if (document.documentElement.hasAttribute("data-rulebook-preview")) throw new Error("preview");
      return navigator.serviceWorker.register(new URL("sw.js", root).href, { scope: root.pathname });
    })
    .then(function () { return navigator.serviceWorker.ready; })
    .then(function (registration) {
      var done = null;
      try { done = sessionStorage.getItem(KEY); } catch (e) {}
      if (done) {
        document.documentElement.setAttribute("data-rulebook-offline", lang);
        return;
      }
      registration.active.postMessage({ type: "precache", lang: lang });
    })
    .catch(function () { /* no offline copy; the site works online as before */ });
})();
