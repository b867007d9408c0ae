// Inlined in the page shell of emulator builds only (webpack.config.js), before the app; the tag
// carries data-stripe-emulator="{mock API}/__stripe/". @stripe/stripe-js's loadStripe injects
// https://js.stripe.com/{release}/stripe.js (or /v3) the first time the app asks for Stripe;
// offline that host is unreachable, so this plays the part DNS would: that script loads the
// emulator's stripe.js (see stripeJs.ts) instead. The library's code is untouched, and no Stripe
// code loads before a page takes a payment. Inline, so it costs no request.
(function () {
  'use strict';
  var STRIPE_JS = /^https:\/\/js\.stripe\.com\/(v3\/?|[a-z]+\/stripe\.js)(\?.*)?$/;
  var self = document.currentScript;
  var base = self && self.getAttribute('data-stripe-emulator');
  var proto = window.HTMLScriptElement && window.HTMLScriptElement.prototype;
  var src = proto && Object.getOwnPropertyDescriptor(proto, 'src');
  if (!base || !src || !src.set || !src.get) return;
  var emulator = new URL('stripe.js', new URL(base, location.href)).href;

  function emulated(url) {
    var text = String(url);
    return STRIPE_JS.test(text) ? emulator : text;
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
