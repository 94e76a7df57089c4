// A server-rendered page is readable without its scripts; they only make it interactive. The server moves them out
// of the head (apps/server/src/plugins/web-ssr.ts: deferScripts) and this starts them once the page has loaded
// and painted (its main picture and fonts first, not sharing a slow link with ~30 scripts), or after 3 s at the
// latest.
(function () {
  var list = document.getElementById('kw-deferred');
  if (!list) return;
  var started = false;
  function start() {
    if (started) return;
    started = true;
    var files = JSON.parse(list.textContent || '{}');
    function add(tag, attributes) {
      var element = document.createElement(tag);
      element.crossOrigin = '';
      Object.assign(element, attributes);
      document.head.appendChild(element);
    }
    (files.preloads || []).forEach(function (href) {
      add('link', { rel: 'modulepreload', href: href });
    });
    (files.scripts || []).forEach(function (src) {
      add('script', { type: 'module', src: src });
    });
  }
  // Two frames after load: the main picture has been painted before the scripts take the main thread.
  function afterPaint() {
    requestAnimationFrame(function () {
      requestAnimationFrame(start);
    });
  }
  if (document.readyState === 'complete') afterPaint();
  else window.addEventListener('load', afterPaint);
  setTimeout(start, 3000);
})();
