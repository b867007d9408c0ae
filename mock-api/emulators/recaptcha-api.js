// The reCAPTCHA emulator's browser script (GET /__recaptcha/api.js, see recaptcha.ts). It defines
// the `window.grecaptcha` subset react-google-recaptcha uses: render, reset, getResponse, execute
// and ready. The widget is a real checkbox labelled "I'm not a robot"; checking it asks the
// emulator for a token (POST token next to this script), hands it to `callback`, and after the
// token's lifetime calls `expired-callback`, as Google's widget does. Like Google's api.js it
// calls the function named by its `onload` query parameter once grecaptcha is ready.
(function () {
  'use strict';
  var self = document.currentScript;
  var scriptUrl = new URL(self && self.src ? self.src : 'api.js', location.href);
  var onloadName = scriptUrl.searchParams.get('onload');

  function notifyLoaded() {
    if (!onloadName) return;
    // Asynchronously, as Google's does: loaders (react-async-script) expect the script's load
    // event to come first.
    setTimeout(function () {
      if (typeof window[onloadName] === 'function') window[onloadName]();
    }, 0);
  }

  if (window.grecaptcha && window.grecaptcha.emulated) {
    notifyLoaded();
    return;
  }

  var tokenUrl = new URL('token', scriptUrl).href;
  var STYLE_ID = 'grecaptcha-emulator-style';
  var CSS =
    '.grecaptcha-emulator{box-sizing:border-box;display:inline-flex;flex-direction:column;' +
    'justify-content:space-between;width:304px;min-height:78px;padding:10px 12px;' +
    'font:14px/1.3 Roboto,Arial,sans-serif;color:#1f1f1f;background:#f9f9f9;' +
    'border:1px solid #c4c4c4;border-radius:3px;box-shadow:0 0 4px 1px rgba(0,0,0,.08)}' +
    '.grecaptcha-emulator--compact{width:164px;min-height:144px}' +
    '.grecaptcha-emulator--dark{color:#fff;background:#222;border-color:#6b6b6b}' +
    '.grecaptcha-emulator__row{display:flex;align-items:center;gap:12px}' +
    '.grecaptcha-emulator__box{width:28px;height:28px;margin:0;accent-color:#1a73e8;' +
    'cursor:pointer;flex:none}' +
    '.grecaptcha-emulator__label{cursor:pointer;font-size:14px}' +
    '.grecaptcha-emulator__caption{margin:6px 0 0;font-size:10px;text-align:right;color:#4d4d4d}' +
    '.grecaptcha-emulator--dark .grecaptcha-emulator__caption{color:#d0d0d0}' +
    '.grecaptcha-emulator__status{margin:4px 0 0;font-size:12px;color:#b3261e}' +
    '.grecaptcha-emulator--dark .grecaptcha-emulator__status{color:#ffb4ab}' +
    '.grecaptcha-emulator__status:empty{display:none}';

  var widgets = [];

  function addStyle() {
    if (document.getElementById(STYLE_ID)) return;
    var style = document.createElement('style');
    style.id = STYLE_ID;
    style.textContent = CSS;
    (document.head || document.documentElement).appendChild(style);
  }

  function element(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text) node.textContent = text;
    return node;
  }

  function call(fn, arg) {
    if (typeof fn === 'string') fn = window[fn];
    if (typeof fn === 'function') fn(arg);
  }

  function widgetFor(id) {
    var widget = widgets[id === undefined ? 0 : id];
    if (!widget) throw new Error('Invalid reCAPTCHA client id: ' + id);
    return widget;
  }

  function requestToken(widget, done) {
    var xhr = new XMLHttpRequest();
    xhr.open('POST', tokenUrl);
    // A form body keeps this a simple cross-origin request (no preflight).
    xhr.setRequestHeader('Content-Type', 'application/x-www-form-urlencoded');
    xhr.responseType = 'json';
    xhr.onload = function () {
      var body = xhr.response;
      if (xhr.status === 200 && body && typeof body.token === 'string') done(null, body);
      else done(new Error('token request failed'));
    };
    xhr.onerror = function () {
      done(new Error('token request failed'));
    };
    xhr.send('sitekey=' + encodeURIComponent(widget.params.sitekey));
  }

  function setStatus(widget, text) {
    if (widget.status) widget.status.textContent = text;
  }

  function clear(widget) {
    clearTimeout(widget.expiryTimer);
    widget.generation += 1;
    widget.response = '';
    widget.pending = false;
    if (widget.textarea) widget.textarea.value = '';
    if (widget.input) {
      widget.input.checked = false;
      widget.input.removeAttribute('aria-busy');
    }
  }

  function verify(widget) {
    if (widget.pending) return;
    widget.pending = true;
    var generation = widget.generation;
    if (widget.input) widget.input.setAttribute('aria-busy', 'true');
    setStatus(widget, '');
    requestToken(widget, function (error, body) {
      if (generation !== widget.generation) return; // reset meanwhile
      widget.pending = false;
      if (widget.input) widget.input.removeAttribute('aria-busy');
      if (error) {
        clear(widget);
        setStatus(widget, 'Verification failed. Check the checkbox again.');
        call(widget.params['error-callback']);
        return;
      }
      widget.response = body.token;
      if (widget.textarea) widget.textarea.value = body.token;
      if (widget.input) widget.input.checked = true;
      widget.expiryTimer = setTimeout(function () {
        clear(widget);
        setStatus(widget, 'Verification expired. Check the checkbox again.');
        call(widget.params['expired-callback']);
      }, body.expiresInMs);
      call(widget.params.callback, body.token);
    });
  }

  function buildCheckbox(widget, id) {
    var params = widget.params;
    var theme = params.theme === 'dark' ? ' grecaptcha-emulator--dark' : '';
    var size = params.size === 'compact' ? ' grecaptcha-emulator--compact' : '';
    var root = element('div', 'grecaptcha-emulator' + theme + size);
    var row = element('div', 'grecaptcha-emulator__row');
    var input = element('input', 'grecaptcha-emulator__box');
    input.type = 'checkbox';
    input.id = 'grecaptcha-emulator-' + id;
    if (typeof params.tabindex === 'number') input.tabIndex = params.tabindex;
    var label = element('label', 'grecaptcha-emulator__label', "I'm not a robot");
    label.htmlFor = input.id;
    var caption = element('p', 'grecaptcha-emulator__caption', 'reCAPTCHA (emulated)');
    var status = element('p', 'grecaptcha-emulator__status');
    status.setAttribute('role', 'status');
    row.appendChild(input);
    row.appendChild(label);
    root.appendChild(row);
    root.appendChild(status);
    root.appendChild(caption);

    // Once verified, the box stays checked until the token expires or the widget is reset.
    input.addEventListener('click', function (event) {
      if (widget.response || widget.pending) event.preventDefault();
    });
    input.addEventListener('change', function () {
      if (input.checked) verify(widget);
    });
    widget.input = input;
    widget.status = status;
    return root;
  }

  function render(container, params) {
    var host = typeof container === 'string' ? document.getElementById(container) : container;
    if (!host || host.nodeType !== 1)
      throw new Error('reCAPTCHA placeholder element must be an element or id');
    if (!params || !params.sitekey) throw new Error('Missing required parameters: sitekey');
    if (host.getAttribute('data-grecaptcha-emulator') !== null) {
      throw new Error('reCAPTCHA has already been rendered in this element');
    }
    addStyle();
    var id = widgets.length;
    var widget = { params: params, response: '', pending: false, generation: 0 };
    widgets.push(widget);
    host.setAttribute('data-grecaptcha-emulator', String(id));
    // Google's widget keeps the token in a hidden textarea for plain form posts.
    var textarea = element('textarea');
    textarea.name = 'g-recaptcha-response';
    textarea.hidden = true;
    widget.textarea = textarea;
    if (params.size !== 'invisible') host.appendChild(buildCheckbox(widget, id));
    host.appendChild(textarea);
    return id;
  }

  window.grecaptcha = {
    emulated: true,
    render: render,
    reset: function (id) {
      var widget = widgetFor(id);
      clear(widget);
      setStatus(widget, '');
    },
    getResponse: function (id) {
      return widgetFor(id).response;
    },
    // For invisible widgets: verify without a click (a checkbox widget ignores it, as Google's).
    execute: function (id) {
      var widget = widgetFor(id);
      if (widget.params.size === 'invisible') verify(widget);
    },
    ready: function (callback) {
      setTimeout(callback, 0);
    },
  };
  notifyLoaded();
})();
