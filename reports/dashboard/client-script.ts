/**
 * The page's only script (inline, no network): chart tooltips, and the ledger's filter and
 * sort. It reads data already in the DOM (escaped by the renderer) and only ever sets
 * textContent, so result strings can never become markup. Kept as plain ES2019 text rather
 * than a compiled function so no bundler helper can leak into the page.
 */
export const CLIENT_SCRIPT = String.raw`
(function () {
  "use strict";
  // --- trend tooltip (one tooltip shared by the wide and the compact chart) ---
  var wrap = document.querySelector(".chart-wrap");
  if (wrap) {
    var tip = wrap.querySelector(".tooltip");
    var guides = [];
    var hide = function () {
      tip.hidden = true;
      guides.forEach(function (g) { g.setAttribute("visibility", "hidden"); });
    };
    wrap.querySelectorAll("svg.chart").forEach(function (svg) {
      var guide = svg.querySelector(".guide");
      guides.push(guide);
      var show = function (hit) {
        var d = hit.dataset;
        tip.querySelector("[data-f=sha]").textContent = d.sha;
        tip.querySelector("[data-f=date]").textContent = d.date;
        tip.querySelector("[data-f=subject]").textContent = d.subject;
        tip.querySelector("[data-f=cap]").textContent = d.cap;
        tip.querySelector("[data-f=loop]").textContent = d.loop;
        guide.setAttribute("x1", d.x); guide.setAttribute("x2", d.x);
        guide.setAttribute("visibility", "visible");
        tip.hidden = false;
        var box = svg.getBoundingClientRect();
        var left = Number(d.x) * (box.width / svg.viewBox.baseVal.width);
        var w = tip.offsetWidth;
        var x = left + 12 + w > box.width ? left - 12 - w : left + 12;
        tip.style.left = Math.max(0, x) + "px";
        tip.style.top = "8px";
      };
      svg.querySelectorAll(".hit").forEach(function (hit) {
        hit.addEventListener("mouseenter", function () { show(hit); });
        hit.addEventListener("focus", function () { show(hit); });
        hit.addEventListener("click", function () { show(hit); });
        hit.addEventListener("blur", hide);
      });
      svg.addEventListener("mouseleave", hide);
    });
  }

  // --- ledger filter and sort ---
  var ledger = document.getElementById("ledger");
  if (!ledger) return;
  var tbody = ledger.querySelector("tbody");
  var rows = Array.prototype.slice.call(tbody.rows);
  var q = document.getElementById("ledger-filter");
  var status = document.getElementById("ledger-status");
  var kind = document.getElementById("ledger-kind");
  var count = document.getElementById("ledger-count");
  var sortSelect = document.getElementById("ledger-sort");
  var apply = function () {
    var text = q.value.trim().toLowerCase();
    var terms = text ? text.split(/\s+/) : [];
    var shown = 0;
    rows.forEach(function (row) {
      var hay = row.dataset.search;
      var ok = (!status.value || row.dataset.status === status.value) &&
        (!kind.value || row.dataset.kind === kind.value) &&
        terms.every(function (t) { return hay.indexOf(t) >= 0; });
      row.hidden = !ok;
      if (ok) shown++;
    });
    count.textContent = shown + " of " + rows.length + " classes";
  };
  [q, status, kind].forEach(function (el) { el.addEventListener("input", apply); el.addEventListener("change", apply); });

  var sortBy = function (key, dir) {
    ledger.querySelectorAll("th[data-sort]").forEach(function (th) {
      th.setAttribute("aria-sort", th.dataset.sort === key ? (dir > 0 ? "ascending" : "descending") : "none");
    });
    rows.sort(function (a, b) {
      return dir * String(a.dataset[key] || "").localeCompare(String(b.dataset[key] || ""), undefined, { numeric: true });
    });
    rows.forEach(function (row) { tbody.appendChild(row); });
    if (sortSelect) sortSelect.value = key + ":" + (dir > 0 ? "asc" : "desc");
  };
  ledger.querySelectorAll("th[data-sort] button").forEach(function (button) {
    button.addEventListener("click", function () {
      var th = button.parentElement;
      sortBy(th.dataset.sort, th.getAttribute("aria-sort") === "ascending" ? -1 : 1);
    });
  });
  if (sortSelect) sortSelect.addEventListener("change", function () {
    var parts = sortSelect.value.split(":");
    sortBy(parts[0], parts[1] === "desc" ? -1 : 1);
  });
  apply();
})();
`;
