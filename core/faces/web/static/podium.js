// Podium's board: live updates without reloading, and the big screen's cycling. Plain JavaScript, no library.
(function () {
  "use strict";
  var live = document.querySelector("main[data-live]");

  function refresh() {
    // Fetch this page again and swap its main part in place: the page never reloads.
    fetch(window.location.href, { headers: { "X-Podium-Live": "1" }, cache: "no-store", credentials: "same-origin" })
      .then(function (response) { return response.ok ? response.text() : null; })
      .then(function (html) {
        if (html === null) { return; }
        var fresh = new DOMParser().parseFromString(html, "text/html").querySelector("main[data-live]");
        if (!fresh || fresh.innerHTML === live.innerHTML) { return; }
        var shown = live.querySelector(".slide.shown");
        var index = shown ? shown.getAttribute("data-slide") : null;
        live.innerHTML = fresh.innerHTML;
        live.classList.remove("live-flash");
        void live.offsetWidth;
        live.classList.add("live-flash");
        live.setAttribute("data-updated", String(Date.now()));
        if (index !== null) { show(index); }
      })
      .catch(function () { /* the next event tries again */ });
  }

  if (live && window.EventSource) {
    var seen = null;
    var source = new EventSource("/live");
    source.addEventListener("open", function () { document.documentElement.setAttribute("data-live", "open"); });
    source.addEventListener("error", function () { document.documentElement.setAttribute("data-live", "lost"); });
    source.addEventListener("entry", function (event) {
      if (seen !== null && event.data !== seen) { refresh(); }
      seen = event.data;
    });
  }

  function show(index) {
    var slides = document.querySelectorAll(".slide");
    for (var i = 0; i < slides.length; i++) {
      slides[i].classList.toggle("shown", String(i) === String(index));
    }
  }

  var cycle = document.querySelector(".cycle");
  if (cycle) {
    var seconds = parseInt(cycle.getAttribute("data-seconds"), 10) || 15;
    var current = 0;
    show(0);
    window.setInterval(function () {
      var count = document.querySelectorAll(".slide").length;
      if (count > 1) { current = (current + 1) % count; show(current); }
    }, seconds * 1000);
  }
})();
