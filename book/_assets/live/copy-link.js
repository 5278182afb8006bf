/* "Copy link to this position / step" (widgets.links): a click copies the link's full address
 * to the clipboard and says so; where the clipboard cannot be used (a page not served over https
 * or from localhost), the link opens as any link does. Loaded by the book's pages, the static
 * play pages and the Voila template (one file). */
(function () {
  "use strict";
  document.addEventListener("click", function (event) {
    var link = event.target && event.target.closest && event.target.closest("a.comet-copy-link");
    if (!link || !navigator.clipboard || !window.isSecureContext) { return; }
    event.preventDefault();
    var address = new URL(link.getAttribute("href"), window.location.href).href;
    navigator.clipboard.writeText(address).then(function () {
      var label = link.dataset.cometLabel || link.textContent;
      link.dataset.cometLabel = label;
      link.textContent = "Link copied";
      link.setAttribute("data-comet-copied", address);
      setTimeout(function () { link.textContent = label; }, 2000);
    }, function () { window.location.href = address; });
  });
})();
