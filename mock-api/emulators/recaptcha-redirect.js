// Inlined in the page shell of emulator builds only (webpack.config.js), before the app; the tag
// carries data-recaptcha-emulator="{mock API}/__recaptcha/". react-google-recaptcha loads
// https://www.google.com/recaptcha/api.js (or www.recaptcha.net) when a captcha is first shown;
// offline that host is unreachable, so this plays the part DNS would: those script URLs load the
// emulator's api.js instead, with the same query (onload=...). The library's code is untouched,
// and no captcha code loads before a page shows a captcha. Inline, so it costs no request.
(function () {
  'use strict';
  var HOSTS = ['https://www.google.com/recaptcha/', 'https://www.recaptcha.net/recaptcha/'];
  var self = document.currentScript;
  var base = self && self.getAttribute('data-recaptcha-emulator');
  var proto = window.HTMLScriptElement && window.HTMLScriptElement.prototype;
  var src = proto && Object.getOwnPropertyDescriptor(proto, 'src');
  if (!base || !src || !src.set || !src.get) return;
  var emulator = new URL(base, location.href).href;

  function emulated(url) {
    var text = String(url);
    for (var i = 0; i < HOSTS.length; i += 1) {
      var host = HOSTS[i];
      if (text.indexOf(host) === 0) {
        var query = text.indexOf('?');
        return emulator + 'api.js' + (query === -1 ? '' : text.slice(query));
      }
    }
    return text;
  }

  Object.defineProperty(proto, 'src', {
    configurable: true,
    enumerable: src.enumerable,
    get: src.get,
    set: function (url) {
      src.set.call(this, emulated(url));
    },
  });
  var setAttribute = proto.setAttribute;
  proto.setAttribute = function (name, value) {
    var isSrc = String(name).toLowerCase() === 'src';
    return setAttribute.call(this, name, isSrc ? emulated(value) : value);
  };
})();
