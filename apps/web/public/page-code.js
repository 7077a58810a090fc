/* global window, document */
// A framed page's code (build/page-preloads.ts, withShell): its scripts and module preloads wait
// in an inert template while the browser paints the frame the HTML holds, then go into the head
// as the elements they were. Scripts cloned from a template would not run; made anew, they do.
(function () {
  var template = document.getElementById('page-code');
  if (!template) return;
  var isLoaded = false;
  function load() {
    if (isLoaded) return;
    isLoaded = true;
    addFrom(template.content.querySelectorAll('link, script'), 0);
  }
  // Eight elements a task: the browser starts each one's request as it is added (about half a
  // millisecond each here, four times that on a phone), and 40 at once made a long task.
  function addFrom(nodes, start) {
    var end = Math.min(nodes.length, start + 8);
    for (var index = start; index < end; index++) {
      var node = nodes[index];
      var element = document.createElement(node.tagName.toLowerCase());
      for (var at = 0; at < node.attributes.length; at++) {
        element.setAttribute(node.attributes[at].name, node.attributes[at].value);
      }
      document.head.appendChild(element);
    }
    if (end < nodes.length) {
      window.setTimeout(function () {
        addFrom(nodes, end);
      }, 0);
    }
  }
  // A page in a background tab paints nothing: its code loads at once. Otherwise on the frame's
  // first contentful paint, or after a second at most (a browser that reports no paints).
  if (document.visibilityState === 'hidden') return load();
  window.setTimeout(load, 1000);
  if (typeof PerformanceObserver !== 'function') return;
  try {
    new PerformanceObserver(function (list, observer) {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      load();
    }).observe({ type: 'paint', buffered: true });
  } catch {
    // No paint entries in this browser: the timeout loads the code.
  }
})();
