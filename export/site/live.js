// hoyle's live site: each page listens to the server's updates (server-
// sent events on "live", in the page's own folder) and, when an update
// names it, fetches itself once and swaps its <main> in: no reload, no
// polling. Loaded only by pages a live server serves.
(function () {
  "use strict";
  var me = document.documentElement.getAttribute("data-path");
  var updates = new EventSource("live");
  updates.onmessage = function (e) {
    var paths;
    try { paths = JSON.parse(e.data); } catch (err) { return; }
    if (paths.indexOf(me) < 0) { return; }
    fetch(location.pathname, { cache: "no-store", credentials: "same-origin" })
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (text) {
        if (text === null) { return; }
        var doc = new DOMParser().parseFromString(text, "text/html");
        var main = doc.querySelector("main");
        if (!main) { return; }
        document.querySelector("main").replaceWith(document.adoptNode(main));
        document.title = doc.title;
        document.documentElement.setAttribute("data-updated", String(Date.now()));
      }, function () { /* the server is away: the next update tries again */ });
  };
})();
