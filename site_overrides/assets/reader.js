/* Reader helpers that need the page as Material has laid it out: a table that scrolls sideways
   can be reached and scrolled by keyboard (WCAG 2.1.1); the navigation's landmarks have names;
   closed boxes open for printing. */
(function () {
  "use strict";
  function focusableScrollers() {
    var frames = Array.prototype.slice.call(document.querySelectorAll(".md-typeset__scrollwrap, .md-typeset__table"));
    // Every width is read before any attribute is written: a write between two reads would lay
    // the page out again for each table.
    var scrolls = frames.map(function (frame) { return frame.scrollWidth > frame.clientWidth + 1; });
    frames.forEach(function (frame, i) {
      if (scrolls[i]) frame.setAttribute("tabindex", "0");
      else if (frame.getAttribute("tabindex") === "0") frame.removeAttribute("tabindex");
    });
  }
  // A game's section in the navigation opens with an icon-only toggle, which also names the
  // section's <nav>: unnamed, the games' navs are indistinguishable landmarks. Name them.
  function nameSectionToggles() {
    var navs = document.querySelectorAll("nav.md-nav[aria-labelledby]");
    for (var i = 0; i < navs.length; i++) {
      var label = document.getElementById(navs[i].getAttribute("aria-labelledby"));
      var title = navs[i].querySelector(".md-nav__title");
      var name = title ? title.textContent.trim() : "";
      if (label && name && !label.textContent.trim() && !label.hasAttribute("aria-label")) {
        label.setAttribute("aria-label", name);
      }
    }
  }
  // The header's menu button (partials/header.html) opens Material's drawer, whose state is a
  // hidden checkbox, and says whether it is open.
  function menuButton() {
    var button = document.querySelector(".rb-menu-button");
    var toggle = document.getElementById("__drawer");
    if (!button || !toggle || button.hasAttribute("data-rb-ready")) return;
    button.setAttribute("data-rb-ready", "");
    var state = function () { button.setAttribute("aria-expanded", toggle.checked ? "true" : "false"); };
    state();
    toggle.addEventListener("change", state);
    button.addEventListener("click", function () { toggle.click(); });
  }
  function onPage() { focusableScrollers(); nameSectionToggles(); menuButton(); }
  if (window.document$ && window.document$.subscribe) window.document$.subscribe(onPage);
  else document.addEventListener("DOMContentLoaded", onPage);
  // Printing: closed boxes (source notes, odds tables) print open, as before they were closed.
  var opened = [];
  window.addEventListener("beforeprint", function () {
    opened = Array.prototype.filter.call(document.querySelectorAll(".md-typeset details:not([open])"),
      function (box) { box.setAttribute("open", ""); return true; });
  });
  window.addEventListener("afterprint", function () {
    opened.forEach(function (box) { box.removeAttribute("open"); });
    opened = [];
  });
  var pending = null;
  window.addEventListener("resize", function () {
    clearTimeout(pending);
    pending = setTimeout(focusableScrollers, 150);
  });
})();
