// Inlined first in the page shell of emulator builds only (webpack.config.js); the tag carries
// data-redirects='[{"match": "^https://js\\.stripe\\.com/...", "to": "/__stripe/stripe.js"}, ...]'.
// The real libraries load their scripts from hosts this offline machine cannot reach (branch-sdk's
// https://app.link fingerprint script, react-google-recaptcha's Google api.js, loadStripe's
// js.stripe.com). This plays the part DNS would: a script URL that matches a rule loads from the
// mock API's emulator instead, the matched part replaced by `to` and the rest (path, query) kept;
// so does a link's href (the app preloads the captcha's script ahead of its widget).
// The libraries' code is untouched, and nothing loads before the app asks for it.
(function () {
  'use strict';
  var self = document.currentScript;
  var rules = JSON.parse((self && self.getAttribute('data-redirects')) || '[]').map(function (r) {
    return { re: new RegExp(r.match), to: new URL(r.to, location.href).href };
  });
  function emulated(url) {
    var text = String(url);
    for (var i = 0; i < rules.length; i += 1) {
      var match = rules[i].re.exec(text);
      if (match && match.index === 0) return rules[i].to + text.slice(match[0].length);
    }
    return text;
  }

  // A script's src, and a link's href (a script preloaded ahead, which the script tag then uses).
  function redirect(Element, attribute) {
    var proto = Element && Element.prototype;
    var property = proto && Object.getOwnPropertyDescriptor(proto, attribute);
    if (!property || !property.set || !property.get) return;
    Object.defineProperty(proto, attribute, {
      configurable: true,
      enumerable: property.enumerable,
      get: property.get,
      set: function (url) {
        property.set.call(this, emulated(url));
      },
    });
    var setAttribute = proto.setAttribute;
    proto.setAttribute = function (name, value) {
      var matches = String(name).toLowerCase() === attribute;
      return setAttribute.call(this, name, matches ? emulated(value) : value);
    };
  }

  if (!rules.length) return;
  redirect(window.HTMLScriptElement, 'src');
  redirect(window.HTMLLinkElement, 'href');
})();
