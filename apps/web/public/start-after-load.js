// Starts the scripts after load, a few per task (see web-ssr.ts).
(function () {
  var list = document.getElementById('kw-deferred');
  if (!list) return;
  var started = false;
  function start() {
    if (started) return;
    started = true;
    var files = JSON.parse(list.textContent || '{}');
    var scripts = files.scripts || [];
    var queue = scripts.concat(files.preloads || []).map(function (href) {
      return ['link', { rel: 'modulepreload', href: href }];
    });
    scripts.forEach(function (src) {
      queue.push(['script', { type: 'module', src: src }]);
    });
    var channel = new MessageChannel();
    channel.port1.onmessage = function () {
      queue.splice(0, 4).forEach(function (item) {
        var element = document.createElement(item[0]);
        element.crossOrigin = '';
        Object.assign(element, item[1]);
        document.head.appendChild(element);
      });
      if (queue.length) channel.port2.postMessage(0);
    };
    channel.port2.postMessage(0);
  }
  function afterPaint() {
    requestAnimationFrame(function () {
      requestAnimationFrame(start);
    });
  }
  if (document.readyState === 'complete') afterPaint();
  else window.addEventListener('load', afterPaint);
  setTimeout(start, 3000);
})();
