// Loaded by the page shell of emulator builds only (webpack.config.js, BRANCH_API_URL), before the
// app. branch-sdk fetches a browser fingerprint with a JSONP <script src="https://app.link/_r?...">
// whose host is hard-coded (setAPIUrl moves only the api2.branch.io calls). Offline that host is
// unreachable and init fails, so this plays the part DNS would: script URLs on https://app.link/
// are loaded from the emulator next to this file instead. The SDK's own code is untouched.
(function () {
  'use strict';
  var APP_LINK = 'https://app.link/';
  var self = document.currentScript;
  if (!self || !self.src) return;
  var emulatorAppLink = new URL('app.link/', self.src).href;
  var proto = window.HTMLScriptElement && window.HTMLScriptElement.prototype;
  var src = proto && Object.getOwnPropertyDescriptor(proto, 'src');
  if (!src || !src.set || !src.get) return;

  function emulated(url) {
    var text = String(url);
    return text.indexOf(APP_LINK) === 0 ? emulatorAppLink + text.slice(APP_LINK.length) : text;
  }

  Object.defineProperty(proto, 'src', {
    configurable: true,
    enumerable: src.enumerable,
    get: src.get,
    set: function (url) {
      src.set.call(this, emulated(url));
    },
  });
  var setAttribute = Element.prototype.setAttribute;
  proto.setAttribute = function (name, value) {
    var isSrc = String(name).toLowerCase() === 'src';
    return setAttribute.call(this, name, isSrc ? emulated(value) : value);
  };
})();
