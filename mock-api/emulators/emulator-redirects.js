// Inlined first in the page shell of emulator builds only (webpack.config.js); the tag carries
// data-redirects='[{"match": "^https://js\\.stripe\\.com/...", "to": "/__stripe/stripe.js"}, ...]'.
// The real libraries load their scripts from hosts this offline machine cannot reach (branch-sdk's
// https://app.link fingerprint script, react-google-recaptcha's Google api.js, loadStripe's
// js.stripe.com). This plays the part DNS would: a script URL that matches a rule loads from the
// mock API's emulator instead, the matched part replaced by `to` and the rest (path, query) kept.
// The libraries' code is untouched, and nothing loads before the app asks for it.
(function () {
  'use strict';
  var self = document.currentScript;
  var rules = JSON.parse((self && self.getAttribute('data-redirects')) || '[]').map(function (r) {
    return { re: new RegExp(r.match), to: new URL(r.to, location.href).href };
  });
  var proto = window.HTMLScriptElement && window.HTMLScriptElement.prototype;
  var src = proto && Object.getOwnPropertyDescriptor(proto, 'src');
  if (!rules.length || !src || !src.set || !src.get) return;

  function emulated(url) {
    var text = String(url);
    for (var i = 0; i < rules.length; i += 1) {
      var match = rules[i].re.exec(text);
      if (match && match.index === 0) return rules[i].to + text.slice(match[0].length);
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
