// The Stripe.js emulator's browser script (GET /__stripe/stripe.js, see stripeJs.ts). In emulator
// builds the page shell's emulator-redirects.js sends the js.stripe.com script that loadStripe
// injects on first use here, so the app's code path is the one it has with real Stripe. Plain ES5:
// it runs as served, in any browser and in jsdom.
//
// It implements the subset of Stripe.js of Stripe's current integration, as Stripe documents it
// (and as @stripe/stripe-js's types declare it):
// - `stripe.elements({ mode: 'payment', amount, currency, paymentMethodTypes })`: a
//   deferred-intent Elements group, with `update`, `submit`, `getElement`, `fetchUpdates`.
// - `elements.create('payment')`: the Payment Element, cards only (Stripe's own labels: Card
//   number, Expiration date, Security code, Country, ZIP code).
// - `elements.create('expressCheckout')`: the Express Checkout Element's Apple Pay and Google Pay
//   buttons, with its click / confirm / cancel events and an emulated wallet sheet.
// - `stripe.confirmPayment` (the Payment Element's card, or the wallet's card inside the Express
//   Checkout Element's `confirm` event; 3-D Secure in a dialog) and `stripe.retrievePaymentIntent`.
// Misuse raises IntegrationErrors in Stripe.js's words (MESSAGES below). The deprecated APIs are
// not emulated: no paymentRequest, create('card') throws, and createToken, createPaymentMethod
// and confirmCardPayment exist only as throwing stubs (react-stripe-js looks for them).
//
// It talks to the Stripe API emulator at this script's origin + /v1 with form-encoded "simple"
// requests carrying `key=pk_...`, as Stripe.js talks to api.stripe.com. Real Stripe.js mounts
// iframes; this mounts plain, labelled inputs and buttons.
//
// Wallets: the emulated browser has Apple Pay and Google Pay, each with a Visa •••• 4242, unless
// the mock API's scenario says wallets are unsupported (GET config next to this script).
/* eslint-disable @typescript-eslint/no-this-alias -- plain ES5: `var that = this` in callbacks */
(function () {
  'use strict';
  if (window.Stripe && window.Stripe.emulated) return;

  var self = document.currentScript;
  var scriptUrl = new URL(self && self.src ? self.src : '/__stripe/stripe.js', location.href);
  var API = scriptUrl.origin + '/v1/';
  var CONFIG_URL = new URL('config', scriptUrl).href;
  var STYLE_ID = 'stripe-emulator-style';

  // The currencies the emulator's Elements groups take (lowercase, as Stripe wants them).
  var CURRENCIES = ['usd', 'eur', 'gbp', 'cad', 'aud'];

  // Stripe.js's IntegrationError messages, word for word where Stripe's wording is known (each
  // found in Stripe.js errors quoted by its users); the emulator's own limits say so.
  var MESSAGES = {
    modeRequired: function (type) {
      return (
        'In order to create a' +
        (/^[aeiou]/.test(type) ? 'n ' : ' ') +
        type +
        ' element, you must pass a clientSecret or mode when creating the Elements group.\n\n' +
        'e.g. stripe.elements({clientSecret: "{{CLIENT_SECRET}}"})'
      );
    },
    amount: function (method, value) {
      var missing = value === undefined;
      return (
        (missing ? 'Missing' : 'Invalid') +
        ' value for ' +
        method +
        ': amount should be a non-negative integer.' +
        (missing ? '' : ' You specified: ' + value + '.')
      );
    },
    currency: function (method, value) {
      return (
        'Invalid value for ' +
        method +
        ': currency should be one of the following strings: ' +
        CURRENCIES.join(', ') +
        '. You specified: ' +
        value +
        '.'
      );
    },
    submitFirst:
      'elements.submit() must be called before stripe.confirmPayment(). Call elements.submit() ' +
      'as soon as your customer presses pay, prior to any asynchronous work. Integration guide: ' +
      'https://stripe.com/docs/payments/accept-a-payment-deferred',
    elementsMissing:
      'Missing value for stripe.confirmPayment(): elements should be an Elements group.',
    elementsInvalid: function (value) {
      return (
        'Invalid value for stripe.confirmPayment(): elements should be an Elements group. ' +
        'You specified: ' +
        typeof value +
        '.'
      );
    },
    notMounted:
      'Invalid value for stripe.confirmPayment(): elements should have a mounted Payment ' +
      'Element or Express Checkout Element.',
    clientSecretMissing: 'You must pass in a clientSecret when calling stripe.confirmPayment().',
    clientSecretInvalid: function (method, value) {
      return (
        'Invalid value for ' +
        method +
        ': clientSecret should be a client secret of the form ${id}_secret_${secret}. ' +
        'You specified: ' +
        value +
        '.'
      );
    },
    returnUrl:
      "stripe.confirmPayment(): the `confirmParams.return_url` argument is required unless passing `redirect: 'if_required'`",
    clickTimeout:
      'Timed out waiting for a call to resolve(). If you listen to the "click" event, then you ' +
      'must call event.resolve in the "click" handler within 1 second.',
    oneOfType: function (type) {
      return 'Can only create one Element of type ' + type + '.';
    },
    publishableKey: function (key) {
      return 'Invalid API Key provided: ' + key + '. Stripe.js needs a publishable key (pk_...).';
    },
    // The emulator's own limits (not Stripe's words).
    unsupportedElement: function (type) {
      return (
        "The Stripe.js emulator supports only the 'payment' and 'expressCheckout' Elements, not '" +
        type +
        "'."
      );
    },
    notEmulated: function (name) {
      return (
        'The Stripe.js emulator does not emulate stripe.' +
        name +
        '(): use elements.submit() and stripe.confirmPayment() with the Payment Element.'
      );
    },
    deferredOnly:
      'The Stripe.js emulator supports deferred-intent Elements groups only ' +
      '(stripe.elements({ mode, amount, currency })), not clientSecret.',
    destroyed: 'This Element has already been destroyed.',
    mounted: 'This Element is already mounted.',
    noTarget: function (target) {
      return (
        'The selector you specified (' +
        target +
        ') applies to no DOM elements that are currently on the page.'
      );
    },
  };

  // The Payment Element's countries; Stripe asks a postal code of these three only.
  var COUNTRIES = [
    { code: 'US', name: 'United States', postal: 'ZIP code', minLength: 5, numeric: true },
    { code: 'CA', name: 'Canada', postal: 'Postal code', minLength: 6 },
    { code: 'GB', name: 'United Kingdom', postal: 'Postal code', minLength: 5 },
    { code: 'AU', name: 'Australia' },
    { code: 'FR', name: 'France' },
    { code: 'DE', name: 'Germany' },
    { code: 'MX', name: 'Mexico' },
  ];

  // The Express Checkout Element's wallets, in the order its buttons show.
  var WALLETS = [
    { key: 'applePay', type: 'apple_pay', name: 'Apple Pay' },
    { key: 'googlePay', type: 'google_pay', name: 'Google Pay' },
  ];
  // Stripe's AvailablePaymentMethods keys: the emulated browser never offers the others.
  var EXPRESS_METHODS = ['applePay', 'googlePay', 'link', 'amazonPay', 'paypal', 'klarna'];
  // The card the emulated wallets hold, and the payer they report.
  var WALLET_CARD = { number: '4242424242424242', exp_month: '12', exp_year: '2034', cvc: '123' };
  var WALLET_PAYER = {
    name: 'Jenny Rosen',
    email: 'jenny.rosen@example.com',
    phone: '+14155550123',
    address: {
      line1: '510 Townsend St',
      line2: null,
      city: 'San Francisco',
      state: 'CA',
      postal_code: '94103',
      country: 'US',
    },
  };
  // What a wallet button says before the wallet's name, per Stripe's buttonType values.
  var BUTTON_WORDS = {
    'add-money': 'Add money with',
    book: 'Book with',
    buy: 'Buy with',
    'check-out': 'Check out with',
    checkout: 'Check out with',
    contribute: 'Contribute with',
    donate: 'Donate with',
    order: 'Order with',
    pay: 'Pay with',
    reload: 'Reload with',
    rent: 'Rent with',
    subscribe: 'Subscribe with',
    support: 'Support with',
    tip: 'Tip with',
    'top-up': 'Top up with',
  };
  var CLICK_RESOLVE_MS = 1000; // Stripe: resolve() within 1 second of the click
  var FAILED_SHEET_MS = 2000; // how long a failed sheet shows 'Payment failed.' before closing

  var FONT = 'font:16px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif';
  var CSS =
    '.stripe-emulator-payment{box-sizing:border-box;display:grid;' +
    'grid-template-columns:1fr 1fr;gap:12px;color:#1a1f36;' +
    FONT +
    '}' +
    '.stripe-emulator-payment__field{display:flex;flex-direction:column;gap:4px;min-width:0}' +
    '.stripe-emulator-payment__field--number{grid-column:1 / -1}' +
    '.stripe-emulator-payment__field[hidden]{display:none}' +
    '.stripe-emulator-payment__label{font-size:14px;font-weight:500;color:#30313d}' +
    '.stripe-emulator-payment__input{box-sizing:border-box;width:100%;min-height:44px;margin:0;' +
    'padding:10px 12px;border:1px solid #6b7280;border-radius:5px;background:#fff;' +
    'color:inherit;font:inherit}' +
    '.stripe-emulator-payment__input:focus{outline:none;border-color:#0570de;' +
    'box-shadow:0 0 0 3px rgba(5,112,222,.35)}' +
    '.stripe-emulator-payment__input::placeholder{color:#6b7280}' +
    '.stripe-emulator-payment__input[aria-invalid=true]{border-color:#b3261e;color:#b3261e}' +
    '.stripe-emulator-payment__input:disabled{background:#f3f4f6;color:#6b7280}' +
    '.stripe-emulator-payment__error{margin:0;font-size:14px;color:#b3261e}' +
    '.stripe-emulator-payment__error:empty{display:none}' +
    '.stripe-emulator-express{display:flex;flex-wrap:wrap;gap:8px}' +
    '.stripe-emulator-express__button{flex:1 1 12em;min-height:44px;padding:0 16px;' +
    'border:1px solid #000;border-radius:6px;background:#000;color:#fff;' +
    FONT +
    ';' +
    'font-weight:600;cursor:pointer}' +
    '.stripe-emulator-express__button--white{background:#fff;color:#000;border-color:#fff}' +
    '.stripe-emulator-express__button--white-outline{background:#fff;color:#000}' +
    '.stripe-emulator-express__button:focus-visible{outline:3px solid #635bff;outline-offset:2px}' +
    '.stripe-emulator-overlay{position:fixed;inset:0;z-index:2147483647;display:flex;' +
    'align-items:center;justify-content:center;padding:16px;background:rgba(10,37,64,.6)}' +
    '.stripe-emulator-dialog{box-sizing:border-box;width:100%;max-width:380px;padding:24px;' +
    'background:#fff;color:#1a1f36;border-radius:12px;box-shadow:0 10px 40px rgba(0,0,0,.3);' +
    'font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}' +
    '.stripe-emulator-dialog h2{margin:0 0 8px;font-size:20px}' +
    '.stripe-emulator-dialog p{margin:0 0 12px}' +
    '.stripe-emulator-dialog__note{font-size:13px;color:#4b5563}' +
    '.stripe-emulator-dialog__item{display:flex;justify-content:space-between;gap:12px}' +
    '.stripe-emulator-dialog__total{display:flex;justify-content:space-between;gap:12px;' +
    'padding:12px 0;margin:0 0 12px;border-top:1px solid #d1d5db;border-bottom:1px solid #d1d5db}' +
    '.stripe-emulator-dialog__status{font-weight:600}' +
    '.stripe-emulator-dialog__status:empty{display:none}' +
    '.stripe-emulator-dialog__status--failed{color:#b3261e}' +
    '.stripe-emulator-dialog__actions{display:flex;flex-wrap:wrap;gap:8px;margin-top:16px}' +
    '.stripe-emulator-dialog__button{flex:1 1 auto;min-height:44px;padding:8px 16px;' +
    'border:1px solid #0a2540;border-radius:8px;background:#fff;color:#0a2540;font:inherit;' +
    'font-weight:600;cursor:pointer}' +
    '.stripe-emulator-dialog__button--primary{background:#0a2540;color:#fff}' +
    '.stripe-emulator-dialog__button:focus-visible{outline:3px solid #635bff;outline-offset:2px}' +
    '.stripe-emulator-dialog__button:disabled{opacity:.6;cursor:default}';

  var uid = 0;

  function addStyle() {
    if (document.getElementById(STYLE_ID)) return;
    var style = document.createElement('style');
    style.id = STYLE_ID;
    style.textContent = CSS;
    (document.head || document.documentElement).appendChild(style);
  }

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text) node.textContent = text;
    return node;
  }

  function integrationError(message) {
    var error = new Error(message);
    error.name = 'IntegrationError';
    return error;
  }

  function formatAmount(amount, currency) {
    try {
      return new Intl.NumberFormat('en-US', {
        style: 'currency',
        currency: String(currency || 'usd').toUpperCase(),
      }).format(amount / 100);
    } catch (error) {
      void error; // an unknown currency code: show it as it is
      return (amount / 100).toFixed(2) + ' ' + String(currency).toUpperCase();
    }
  }

  // ---------------------------------------------------------------- HTTP to the API emulator

  function encode(params, prefix, parts) {
    Object.keys(params).forEach(function (name) {
      var value = params[name];
      var key = prefix ? prefix + '[' + name + ']' : name;
      if (value === undefined || value === null) return;
      if (typeof value === 'object') encode(value, key, parts);
      else parts.push(encodeURIComponent(key) + '=' + encodeURIComponent(String(value)));
    });
    return parts;
  }

  var CONNECTION_ERROR = {
    type: 'api_connection_error',
    message: 'An error occurred with our connection to Stripe. Request was retried 0 times.',
  };

  /** Resolves { body } or { error } (a Stripe error object); never rejects. */
  function api(method, path, key, params) {
    var query = encode(Object.assign({ key: key }, params || {}), '', []).join('&');
    var url = API + path + (method === 'GET' ? '?' + query : '');
    var init = { method: method, credentials: 'omit' };
    if (method !== 'GET') {
      // A form body and no custom header keep this a CORS simple request (no preflight).
      init.headers = { 'Content-Type': 'application/x-www-form-urlencoded' };
      init.body = query;
    }
    return fetch(url, init).then(
      function (response) {
        return response.json().then(
          function (body) {
            if (response.ok) return { body: body };
            return { error: (body && body.error) || CONNECTION_ERROR };
          },
          function () {
            return { error: CONNECTION_ERROR };
          },
        );
      },
      function () {
        return { error: CONNECTION_ERROR };
      },
    );
  }

  function intentId(clientSecret, method) {
    var match = /^(pi_[A-Za-z0-9]+)_secret_[A-Za-z0-9]+$/.exec(String(clientSecret));
    if (!match) throw integrationError(MESSAGES.clientSecretInvalid(method, clientSecret));
    return match[1];
  }

  /** The mock API's scenario: may this browser offer wallets at all? */
  function readWalletsSupported() {
    // With the page's cookies (same origin): the tester's scenario decides.
    return fetch(CONFIG_URL, { credentials: 'same-origin', cache: 'no-store' })
      .then(function (response) {
        return response.ok ? response.json() : { walletsSupported: false };
      })
      .then(
        function (config) {
          return !!(config && config.walletsSupported);
        },
        function () {
          return false;
        },
      );
  }

  // ---------------------------------------------------------------- card checks

  function luhn(digits) {
    var sum = 0;
    for (var i = 0; i < digits.length; i += 1) {
      var d = Number(digits.charAt(digits.length - 1 - i));
      if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
      sum += d;
    }
    return sum % 10 === 0;
  }

  function brandOf(digits) {
    if (/^4/.test(digits)) return 'visa';
    if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
    if (/^3[47]/.test(digits)) return 'amex';
    if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
    if (/^(36|30[0-5]|38)/.test(digits)) return 'diners';
    if (/^35/.test(digits)) return 'jcb';
    if (/^62/.test(digits)) return 'unionpay';
    return 'unknown';
  }

  function numberLength(brand) {
    if (brand === 'amex') return 15;
    if (brand === 'diners') return 14;
    return 16;
  }

  function formatNumber(digits, brand) {
    var groups = brand === 'amex' ? [4, 6, 5] : [4, 4, 4, 4];
    var out = [];
    var at = 0;
    for (var i = 0; i < groups.length && at < digits.length; i += 1) {
      out.push(digits.slice(at, at + groups[i]));
      at += groups[i];
    }
    return out.join(' ');
  }

  function formatExpiry(digits) {
    if (digits.length === 1 && Number(digits) > 1) digits = '0' + digits;
    return digits.length > 2 ? digits.slice(0, 2) + ' / ' + digits.slice(2, 4) : digits;
  }

  function countryOf(code) {
    for (var i = 0; i < COUNTRIES.length; i += 1) {
      if (COUNTRIES[i].code === code) return COUNTRIES[i];
    }
    return COUNTRIES[0];
  }

  // A validation error names the input it belongs to, so the element can show it there.
  var FIELD_OF_CODE = {
    invalid_number: 'number',
    incomplete_number: 'number',
    invalid_expiry_month: 'expiry',
    invalid_expiry_year_past: 'expiry',
    invalid_expiry_month_past: 'expiry',
    incomplete_expiry: 'expiry',
    incomplete_cvc: 'cvc',
    incomplete_zip: 'zip',
  };

  function fieldError(code, message) {
    return { type: 'validation_error', code: code, message: message };
  }

  /** Stripe's own client-side checks; `strict` also reports incomplete fields (on submit). */
  function validate(state, strict) {
    var brand = brandOf(state.number);
    var wanted = numberLength(brand);
    if (state.number.length === wanted && !luhn(state.number))
      return fieldError('invalid_number', 'Your card number is invalid.');
    if (
      state.expiry.length >= 2 &&
      (Number(state.expiry.slice(0, 2)) < 1 || Number(state.expiry.slice(0, 2)) > 12)
    )
      return fieldError('invalid_expiry_month', "Your card's expiration date is invalid.");
    if (state.expiry.length === 4) {
      var now = new Date();
      var year = 2000 + Number(state.expiry.slice(2));
      var month = Number(state.expiry.slice(0, 2));
      if (year < now.getFullYear())
        return fieldError(
          'invalid_expiry_year_past',
          "Your card's expiration year is in the past.",
        );
      if (year === now.getFullYear() && month < now.getMonth() + 1)
        return fieldError(
          'invalid_expiry_month_past',
          "Your card's expiration date is in the past.",
        );
    }
    if (!strict) return undefined;
    if (state.number.length < wanted)
      return fieldError('incomplete_number', 'Your card number is incomplete.');
    if (state.expiry.length < 4)
      return fieldError('incomplete_expiry', "Your card's expiration date is incomplete.");
    if (state.cvc.length < (brand === 'amex' ? 4 : 3))
      return fieldError('incomplete_cvc', "Your card's security code is incomplete.");
    var country = countryOf(state.country);
    if (country.postal && state.zip.replace(/\s/g, '').length < country.minLength)
      return fieldError('incomplete_zip', 'Your postal code is incomplete.');
    return undefined;
  }

  // ---------------------------------------------------------------- events

  function Emitter() {
    this._handlers = {};
  }
  Emitter.prototype.on = function (event, handler) {
    (this._handlers[event] = this._handlers[event] || []).push(handler);
    return this;
  };
  Emitter.prototype.off = function (event, handler) {
    var list = this._handlers[event] || [];
    this._handlers[event] = handler
      ? list.filter(function (h) {
          return h !== handler;
        })
      : [];
    return this;
  };
  Emitter.prototype.once = function (event, handler) {
    var that = this;
    function wrapped(payload) {
      that.off(event, wrapped);
      handler(payload);
    }
    return this.on(event, wrapped);
  };
  Emitter.prototype._listens = function (event) {
    return !!(this._handlers[event] && this._handlers[event].length);
  };
  Emitter.prototype._emit = function (event, payload) {
    (this._handlers[event] || []).slice().forEach(function (handler) {
      handler(payload);
    });
  };

  /** What every Element shares: mount into a host, unmount, destroy, focus and blur events. */
  function BaseElement(group, type, options) {
    Emitter.call(this);
    this._group = group;
    this._type = type;
    this._options = Object.assign({}, options || {});
    this._host = null;
    this._root = null;
    this._destroyed = false;
    this._focused = false;
  }
  BaseElement.prototype = Object.create(Emitter.prototype);
  BaseElement.prototype.constructor = BaseElement;

  BaseElement.prototype.mount = function (target) {
    if (this._destroyed) throw integrationError(MESSAGES.destroyed);
    var host = typeof target === 'string' ? document.querySelector(target) : target;
    if (!host || host.nodeType !== 1) throw integrationError(MESSAGES.noTarget(target));
    if (this._host) throw integrationError(MESSAGES.mounted);
    addStyle();
    this._host = host;
    this._root = this._render();
    this._watchFocus(this._root);
    host.appendChild(this._root);
    host.classList.add('StripeElement');
    this._mounted();
  };

  BaseElement.prototype.unmount = function () {
    if (!this._host) return;
    this._host.classList.remove(
      'StripeElement',
      'StripeElement--focus',
      'StripeElement--empty',
      'StripeElement--complete',
      'StripeElement--invalid',
    );
    if (this._root && this._root.parentNode) this._root.parentNode.removeChild(this._root);
    this._host = null;
    this._root = null;
    this._focused = false;
  };

  BaseElement.prototype.destroy = function () {
    this.unmount();
    this._destroyed = true;
    this._handlers = {};
    this._group._forget(this);
  };

  BaseElement.prototype.focus = function () {
    var first = this._root && this._root.querySelector('input, select, button');
    if (first) first.focus();
  };

  BaseElement.prototype.blur = function () {
    var active = document.activeElement;
    if (this._root && active && this._root.contains(active)) active.blur();
  };

  /** focus / blur for the element as a whole (not per input), and Escape, as Stripe emits them. */
  BaseElement.prototype._watchFocus = function (root) {
    var that = this;
    var payload = { elementType: this._type };
    root.addEventListener('focusin', function () {
      if (that._focused) return;
      that._focused = true;
      if (that._host) that._host.classList.add('StripeElement--focus');
      that._emit('focus', payload);
    });
    root.addEventListener('focusout', function (event) {
      if (event.relatedTarget && root.contains(event.relatedTarget)) return;
      that._focused = false;
      if (that._host) that._host.classList.remove('StripeElement--focus');
      that._emit('blur', payload);
    });
    root.addEventListener('keydown', function (event) {
      if (event.key === 'Escape') that._emit('escape', payload);
    });
  };

  // ---------------------------------------------------------------- the Payment Element (cards)

  function PaymentElement(group, options) {
    BaseElement.call(this, group, 'payment', options);
    var address = (this._options.defaultValues || {}).billingDetails || {};
    address = address.address || {};
    this._state = {
      number: '',
      expiry: '',
      cvc: '',
      country: countryOf(address.country).code,
      zip: address.postal_code ? String(address.postal_code).slice(0, 10) : '',
    };
    this._inputs = {};
    this._errors = {};
    // The error elements.submit() found, shown at its input until the guest types again.
    this._submitError = undefined;
  }
  PaymentElement.prototype = Object.create(BaseElement.prototype);
  PaymentElement.prototype.constructor = PaymentElement;

  PaymentElement.prototype._field = function (name, label, control) {
    var id = 'stripe-emulator-' + name + '-' + uid;
    var field = el('div', 'stripe-emulator-payment__field stripe-emulator-payment__field--' + name);
    var labelNode = el('label', 'stripe-emulator-payment__label', label);
    labelNode.htmlFor = id;
    var error = el('p', 'stripe-emulator-payment__error');
    error.id = id + '-error';
    control.id = id;
    control.setAttribute('aria-describedby', error.id);
    field.appendChild(labelNode);
    field.appendChild(control);
    field.appendChild(error);
    this._inputs[name] = control;
    this._errors[name] = error;
    return field;
  };

  function textInput(attrs) {
    var input = el('input', 'stripe-emulator-payment__input');
    input.type = 'text';
    input.spellcheck = false;
    Object.keys(attrs).forEach(function (attr) {
      input.setAttribute(attr, attrs[attr]);
    });
    return input;
  }

  PaymentElement.prototype._render = function () {
    uid += 1;
    this._inputs = {};
    this._errors = {};
    var root = el('div', 'stripe-emulator-payment');
    root.setAttribute('role', 'group');
    root.setAttribute('aria-label', 'Card');
    root.appendChild(
      this._field(
        'number',
        'Card number',
        textInput({
          inputmode: 'numeric',
          autocomplete: 'cc-number',
          placeholder: '1234 1234 1234 1234',
          maxlength: '19',
        }),
      ),
    );
    root.appendChild(
      this._field(
        'expiry',
        'Expiration date',
        textInput({
          inputmode: 'numeric',
          autocomplete: 'cc-exp',
          placeholder: 'MM / YY',
          maxlength: '7',
        }),
      ),
    );
    root.appendChild(
      this._field(
        'cvc',
        'Security code',
        textInput({
          inputmode: 'numeric',
          autocomplete: 'cc-csc',
          placeholder: 'CVC',
          maxlength: '4',
        }),
      ),
    );
    var select = el('select', 'stripe-emulator-payment__input');
    select.setAttribute('autocomplete', 'country');
    COUNTRIES.forEach(function (country) {
      var option = el('option', '', country.name);
      option.value = country.code;
      select.appendChild(option);
    });
    root.appendChild(this._field('country', 'Country', select));
    root.appendChild(
      this._field('zip', 'ZIP code', textInput({ autocomplete: 'postal-code', maxlength: '10' })),
    );
    var that = this;
    Object.keys(this._inputs).forEach(function (name) {
      that._inputs[name].addEventListener(name === 'country' ? 'change' : 'input', function () {
        that._onInput(name);
      });
    });
    this._writeInputs();
    return root;
  };

  PaymentElement.prototype._mounted = function () {
    this._sync();
    var that = this;
    setTimeout(function () {
      if (!that._host) return;
      var types = that._group._options.paymentMethodTypes;
      if (types && types.indexOf('card') === -1) {
        that._emit('loaderror', {
          elementType: 'payment',
          error: {
            type: 'invalid_request_error',
            message:
              "The Stripe.js emulator's Payment Element shows cards only: paymentMethodTypes " +
              "must include 'card'.",
          },
        });
        return;
      }
      that._emit('ready', { elementType: 'payment' });
    }, 0);
  };

  PaymentElement.prototype._onInput = function (name) {
    var input = this._inputs[name];
    var digits = input.value.replace(/\D/g, '');
    var state = this._state;
    if (name === 'number') state.number = digits.slice(0, numberLength(brandOf(digits)));
    else if (name === 'expiry') state.expiry = formatExpiry(digits).replace(/\D/g, '').slice(0, 4);
    else if (name === 'cvc') state.cvc = digits.slice(0, brandOf(state.number) === 'amex' ? 4 : 3);
    else if (name === 'country') state.country = input.value;
    else state.zip = input.value.replace(/[^0-9A-Za-z -]/g, '').slice(0, 10);
    this._submitError = undefined;
    this._writeInputs();
    this._changed();
  };

  PaymentElement.prototype._writeInputs = function () {
    var state = this._state;
    var inputs = this._inputs;
    if (!inputs.number) return;
    inputs.number.value = formatNumber(state.number, brandOf(state.number));
    inputs.expiry.value = formatExpiry(state.expiry);
    inputs.cvc.value = state.cvc;
    inputs.country.value = state.country;
    inputs.zip.value = state.zip;
    // Stripe asks a postal code only where the country has one: ZIP code in the United States.
    var country = countryOf(state.country);
    var zipField = inputs.zip.parentNode;
    zipField.hidden = !country.postal;
    if (country.postal) {
      zipField.querySelector('label').textContent = country.postal;
      inputs.zip.setAttribute('inputmode', country.numeric ? 'numeric' : 'text');
      inputs.zip.setAttribute('placeholder', country.numeric ? '12345' : '');
    }
    var readOnly = !!this._options.readOnly;
    Object.keys(inputs).forEach(function (name) {
      inputs[name].disabled = readOnly;
    });
  };

  PaymentElement.prototype._isEmpty = function () {
    var state = this._state;
    return !state.number && !state.expiry && !state.cvc && !state.zip;
  };

  /** Classes on the host as Stripe sets them; each input's error under it, as Stripe shows it. */
  PaymentElement.prototype._sync = function () {
    if (!this._host) return;
    var shown = this._submitError || validate(this._state, false);
    var list = this._host.classList;
    list.toggle('StripeElement--empty', this._isEmpty());
    list.toggle('StripeElement--complete', !validate(this._state, true));
    list.toggle('StripeElement--invalid', !!shown);
    var field = shown && FIELD_OF_CODE[shown.code];
    var inputs = this._inputs;
    var errors = this._errors;
    Object.keys(inputs).forEach(function (name) {
      inputs[name].setAttribute('aria-invalid', name === field ? 'true' : 'false');
      errors[name].textContent = name === field ? shown.message : '';
    });
  };

  PaymentElement.prototype._changed = function () {
    this._sync();
    this._emit('change', {
      elementType: 'payment',
      empty: this._isEmpty(),
      complete: !validate(this._state, true),
      collapsed: false,
      value: { type: 'card' },
    });
  };

  PaymentElement.prototype.clear = function () {
    this._state.number = '';
    this._state.expiry = '';
    this._state.cvc = '';
    this._state.zip = '';
    this._submitError = undefined;
    this._writeInputs();
    this._changed();
  };

  /** A cards-only Payment Element has no tabs to collapse into. */
  PaymentElement.prototype.collapse = function () {
    return this;
  };

  // The options Stripe lets update() change (StripePaymentElementUpdateOptions); the emulator
  // acts on readOnly and defaultValues' address and keeps the rest.
  var PAYMENT_UPDATABLE = [
    'defaultValues',
    'business',
    'paymentMethodOrder',
    'fields',
    'readOnly',
    'terms',
    'applePay',
    'walletOptions',
    'layout',
  ];

  PaymentElement.prototype.update = function (options) {
    var that = this;
    options = options || {};
    PAYMENT_UPDATABLE.forEach(function (name) {
      if (name in options) that._options[name] = options[name];
    });
    var billing = (options.defaultValues || {}).billingDetails;
    var address = billing && billing.address;
    if (address && address.country) this._state.country = countryOf(address.country).code;
    if (address && address.postal_code) this._state.zip = String(address.postal_code).slice(0, 10);
    this._writeInputs();
    this._sync();
    return this;
  };

  /** elements.submit() for the card: Stripe's validation error (shown at its input), or none. */
  PaymentElement.prototype._submit = function () {
    this._submitError = validate(this._state, true);
    this._sync();
    var field = this._submitError && this._inputs[FIELD_OF_CODE[this._submitError.code]];
    if (field) field.focus();
    return this._submitError;
  };

  /** The card as POST /v1/payment_methods wants it. */
  PaymentElement.prototype._paymentMethodParams = function () {
    var state = this._state;
    var address = { country: state.country };
    if (countryOf(state.country).postal) address.postal_code = state.zip;
    return {
      type: 'card',
      card: {
        number: state.number,
        exp_month: state.expiry.slice(0, 2),
        exp_year: state.expiry.slice(2, 4),
        cvc: state.cvc,
      },
      billing_details: { address: address },
    };
  };

  // ---------------------------------------------------------------- the Express Checkout Element

  function ExpressCheckoutElement(group, options) {
    BaseElement.call(this, group, 'expressCheckout', options);
    this._supported = null; // the scenario's answer, once fetched at mount
    this._offered = []; // the wallets whose buttons show
    this._sheet = null; // the open wallet sheet, if any
  }
  ExpressCheckoutElement.prototype = Object.create(BaseElement.prototype);
  ExpressCheckoutElement.prototype.constructor = ExpressCheckoutElement;

  /**
   * The wallets to show: the browser must support them (the scenario), the group must pay by
   * card (Apple Pay and Google Pay are cards), and paymentMethods must not say 'never'. The
   * emulated browser has a card in each wallet, so 'auto' shows a button as 'always' does.
   */
  ExpressCheckoutElement.prototype._available = function () {
    var methods = this._options.paymentMethods || {};
    var types = this._group._options.paymentMethodTypes;
    if (!this._supported || (types && types.indexOf('card') === -1)) return [];
    return WALLETS.filter(function (wallet) {
      return methods[wallet.key] !== 'never';
    });
  };

  /** Stripe's AvailablePaymentMethods object, or undefined when no button can show. */
  function availableMethods(offered) {
    if (!offered.length) return undefined;
    var result = {};
    EXPRESS_METHODS.forEach(function (key) {
      result[key] = offered.some(function (wallet) {
        return wallet.key === key;
      });
    });
    return result;
  }

  ExpressCheckoutElement.prototype._render = function () {
    return el('div', 'stripe-emulator-express');
  };

  ExpressCheckoutElement.prototype._renderButtons = function () {
    var root = this._root;
    if (!root) return;
    root.textContent = '';
    var options = this._options;
    var types = options.buttonType || {};
    var themes = options.buttonTheme || {};
    var that = this;
    this._offered.forEach(function (wallet) {
      var words = BUTTON_WORDS[types[wallet.key]];
      var node = el(
        'button',
        'stripe-emulator-express__button stripe-emulator-express__button--' +
          (themes[wallet.key] || 'black'),
        words ? words + ' ' + wallet.name : wallet.name,
      );
      node.type = 'button';
      // Stripe's buttons are named for the wallet, whatever their buttonType says.
      node.setAttribute('aria-label', wallet.name);
      if (options.buttonHeight) node.style.minHeight = options.buttonHeight + 'px';
      node.addEventListener('click', function () {
        that._click(wallet);
      });
      root.appendChild(node);
    });
  };

  ExpressCheckoutElement.prototype._mounted = function () {
    var that = this;
    readWalletsSupported().then(function (supported) {
      if (!that._host) return;
      that._supported = supported;
      that._offered = that._available();
      that._renderButtons();
      that._emit('ready', {
        elementType: 'expressCheckout',
        availablePaymentMethods: availableMethods(that._offered),
      });
    });
  };

  /** After elements.update(): buttons come or go, with Stripe's availablepaymentmethodschange. */
  ExpressCheckoutElement.prototype._groupUpdated = function () {
    if (!this._host || this._supported === null) return;
    var before = this._offered;
    var after = this._available();
    if (
      before.length === after.length &&
      before.every(function (wallet, i) {
        return wallet === after[i];
      })
    )
      return;
    this._offered = after;
    this._renderButtons();
    // The same news as `ready`'s availablePaymentMethods, in this event's { available } shape.
    var available = availableMethods(after);
    var methods;
    if (available) {
      methods = {};
      EXPRESS_METHODS.forEach(function (key) {
        methods[key] = { available: available[key] };
      });
    }
    this._emit('availablepaymentmethodschange', {
      elementType: 'expressCheckout',
      paymentMethods: methods,
    });
  };

  // The options Stripe lets update() change (StripeExpressCheckoutElementUpdateOptions); the
  // others (buttonType, buttonTheme, paymentMethods, ...) are fixed at create() and ignored here.
  var EXPRESS_UPDATABLE = [
    'allowedShippingCountries',
    'billingAddressRequired',
    'buttonHeight',
    'emailRequired',
    'layout',
    'paymentMethodOrder',
    'phoneNumberRequired',
    'shippingAddressRequired',
  ];

  ExpressCheckoutElement.prototype.update = function (options) {
    var that = this;
    options = options || {};
    EXPRESS_UPDATABLE.forEach(function (name) {
      if (name in options) that._options[name] = options[name];
    });
    this._renderButtons();
    return this;
  };

  ExpressCheckoutElement.prototype.unmount = function () {
    if (this._sheet) this._sheet.close();
    BaseElement.prototype.unmount.call(this);
  };

  /**
   * A wallet button: with a 'click' listener, the sheet opens only once it calls resolve(),
   * within Stripe's 1 second (later, Stripe.js warns and the sheet never opens); reject()
   * keeps it closed. Without a listener the sheet opens at once.
   */
  ExpressCheckoutElement.prototype._click = function (wallet) {
    if (this._sheet || this._group._express) return;
    if (!this._listens('click')) {
      this._openSheet(wallet, {});
      return;
    }
    var that = this;
    var settled = false;
    var timedOut = false;
    var timer = setTimeout(function () {
      if (settled) return;
      settled = true;
      timedOut = true;
      console.warn('[Stripe.js] ' + MESSAGES.clickTimeout);
    }, CLICK_RESOLVE_MS);
    this._emit('click', {
      elementType: 'expressCheckout',
      expressPaymentType: wallet.type,
      resolve: function (details) {
        if (timedOut) throw integrationError(MESSAGES.clickTimeout);
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (that._host) that._openSheet(wallet, details || {});
      },
      reject: function () {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
      },
    });
  };

  /**
   * The wallet's sheet: the group's current amount, Pay and Cancel. Pay emits 'confirm' and the
   * sheet waits for the app's stripe.confirmPayment (success closes it) or paymentFailed().
   */
  ExpressCheckoutElement.prototype._openSheet = function (wallet, details) {
    var that = this;
    var group = this._group;
    var options = Object.assign({}, this._options, details);
    var business = options.business && options.business.name;
    var status;
    var actions;
    var state = 'open'; // then 'paying', 'failed', 'closed'
    var failTimer;
    var handle = openDialog(
      wallet.name,
      function (dialog) {
        dialog.appendChild(
          el(
            'p',
            'stripe-emulator-dialog__note',
            'Emulated ' + wallet.name + ' sheet (test mode).',
          ),
        );
        (options.lineItems || []).forEach(function (item) {
          var row = el('p', 'stripe-emulator-dialog__item');
          row.appendChild(el('span', '', item.name));
          row.appendChild(el('span', '', formatAmount(item.amount, group._options.currency)));
          dialog.appendChild(row);
        });
        var total = el('p', 'stripe-emulator-dialog__total');
        total.appendChild(el('span', '', business ? 'Pay ' + business : 'Total'));
        total.appendChild(
          el('strong', '', formatAmount(group._options.amount, group._options.currency)),
        );
        dialog.appendChild(total);
        dialog.appendChild(el('p', '', 'Card: Visa •••• 4242'));
        status = el('p', 'stripe-emulator-dialog__status');
        status.setAttribute('role', 'status');
        dialog.appendChild(status);
        actions = el('div', 'stripe-emulator-dialog__actions');
        actions.appendChild(button('Pay', true, pay));
        actions.appendChild(button('Cancel', false, cancel));
        dialog.appendChild(actions);
      },
      function () {
        if (state === 'open') cancel();
        else if (state === 'failed') close();
      },
    );
    var sheet = { close: close, billingDetails: payer(options) };
    this._sheet = sheet;

    function close() {
      if (state === 'closed') return;
      state = 'closed';
      clearTimeout(failTimer);
      handle.close();
      that._sheet = null;
      if (group._express && group._express.sheet === sheet) group._express = null;
    }

    function cancel() {
      close();
      that._emit('cancel', { elementType: 'expressCheckout', expressPaymentType: wallet.type });
    }

    function paymentFailed(payload) {
      if (state !== 'paying') return;
      state = 'failed';
      if (group._express && group._express.sheet === sheet) group._express = null;
      status.textContent = (payload && payload.message) || 'Payment failed.';
      status.className = 'stripe-emulator-dialog__status stripe-emulator-dialog__status--failed';
      actions.textContent = '';
      actions.appendChild(button('Close', true, close)).focus();
      failTimer = setTimeout(close, FAILED_SHEET_MS);
    }

    function pay() {
      if (state !== 'open') return;
      state = 'paying';
      Array.prototype.forEach.call(actions.querySelectorAll('button'), function (node) {
        node.disabled = true;
      });
      status.textContent = 'Processing…';
      // Until this sheet closes, stripe.confirmPayment on the group pays with the wallet.
      group._express = { wallet: wallet, sheet: sheet };
      that._emit('confirm', {
        elementType: 'expressCheckout',
        expressPaymentType: wallet.type,
        billingDetails: sheet.billingDetails,
        paymentFailed: paymentFailed,
      });
    }
  };

  /** The payer the wallet reports: name and address always, email and phone when asked. */
  function payer(options) {
    var details = { name: WALLET_PAYER.name, address: Object.assign({}, WALLET_PAYER.address) };
    if (options.emailRequired) details.email = WALLET_PAYER.email;
    if (options.phoneNumberRequired) details.phone = WALLET_PAYER.phone;
    return details;
  }

  // ---------------------------------------------------------------- the Elements group

  /** Stripe's checks of a deferred-intent group's amount and currency (mode 'payment'). */
  function checkAmountAndCurrency(options, method, partial) {
    var amount = options.amount;
    if (!(partial && amount === undefined)) {
      if (typeof amount !== 'number' || amount < 0 || Math.floor(amount) !== amount)
        throw integrationError(MESSAGES.amount(method, amount));
    }
    var currency = options.currency;
    if (!(partial && currency === undefined) && CURRENCIES.indexOf(currency) === -1)
      throw integrationError(MESSAGES.currency(method, currency));
  }

  function Elements(stripe, options) {
    Emitter.call(this);
    options = Object.assign({}, options || {});
    if (options.clientSecret) throw integrationError(MESSAGES.deferredOnly);
    if (options.mode === 'payment') checkAmountAndCurrency(options, 'elements()', false);
    this._stripe = stripe;
    this._options = options;
    this._elements = {}; // by type: at most one of each, as Stripe allows
    this._submitted = false; // elements.submit() succeeded since the last confirmPayment
    this._express = null; // { wallet, sheet } while an Express Checkout sheet is paying
  }
  Elements.prototype = Object.create(Emitter.prototype);
  Elements.prototype.constructor = Elements;

  var ELEMENT_TYPES = { payment: PaymentElement, expressCheckout: ExpressCheckoutElement };

  Elements.prototype.create = function (type, options) {
    var Element = Object.prototype.hasOwnProperty.call(ELEMENT_TYPES, type) && ELEMENT_TYPES[type];
    if (!Element) throw integrationError(MESSAGES.unsupportedElement(type));
    if (!this._options.mode) throw integrationError(MESSAGES.modeRequired(type));
    if (this._elements[type]) throw integrationError(MESSAGES.oneOfType(type));
    var element = new Element(this, options);
    this._elements[type] = element;
    return element;
  };

  Elements.prototype.getElement = function (type) {
    return this._elements[type] || null;
  };

  Elements.prototype._forget = function (element) {
    if (this._elements[element._type] === element) delete this._elements[element._type];
  };

  /** Shallow-merges the options (the wallet sheet shows the new amount); resolves when done. */
  Elements.prototype.update = function (options) {
    options = options || {};
    var merged = Object.assign({}, this._options, options);
    if (merged.mode === 'payment') checkAmountAndCurrency(options, 'elements.update()', true);
    this._options = merged;
    var express = this._elements.expressCheckout;
    if (express) express._groupUpdated();
    var payment = this._elements.payment;
    if (payment && payment._host) payment._sync();
    var that = this;
    return Promise.resolve().then(function () {
      that._emit('update-end');
    });
  };

  /** A deferred-intent group has no intent to fetch from. */
  Elements.prototype.fetchUpdates = function () {
    return Promise.resolve({});
  };

  /**
   * Stripe's first step on pay: validates what will pay (inside an Express Checkout 'confirm',
   * the wallet, already complete; else the mounted Payment Element) and records that it did,
   * which stripe.confirmPayment requires.
   */
  Elements.prototype.submit = function () {
    var that = this;
    return Promise.resolve().then(function () {
      if (that._express) {
        that._submitted = true;
        return { selectedPaymentMethod: that._express.wallet.type };
      }
      var payment = that._elements.payment;
      if (!payment || !payment._host) return {};
      var error = payment._submit();
      if (error) return { error: error };
      that._submitted = true;
      return { selectedPaymentMethod: 'card' };
    });
  };

  // ---------------------------------------------------------------- modal dialogs

  /**
   * A modal dialog: focus moves into it and stays there (Tab wraps), Escape chooses `onEscape`,
   * and focus returns where it was when it closes. Returns { close }.
   */
  function openDialog(title, build, onEscape) {
    addStyle();
    uid += 1;
    var previous = document.activeElement;
    var overlay = el('div', 'stripe-emulator-overlay');
    var dialog = el('div', 'stripe-emulator-dialog');
    var heading = el('h2', '', title);
    heading.id = 'stripe-emulator-dialog-title-' + uid;
    dialog.setAttribute('role', 'dialog');
    dialog.setAttribute('aria-modal', 'true');
    dialog.setAttribute('aria-labelledby', heading.id);
    dialog.appendChild(heading);
    build(dialog);
    overlay.appendChild(dialog);
    overlay.addEventListener('keydown', function (event) {
      if (event.key === 'Escape') {
        event.preventDefault();
        onEscape();
        return;
      }
      if (event.key !== 'Tab') return;
      var buttons = Array.prototype.filter.call(dialog.querySelectorAll('button'), function (b) {
        return !b.disabled;
      });
      if (!buttons.length) {
        event.preventDefault();
        return;
      }
      var first = buttons[0];
      var last = buttons[buttons.length - 1];
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    });
    document.body.appendChild(overlay);
    var firstButton = dialog.querySelector('button');
    if (firstButton) firstButton.focus();
    return {
      close: function () {
        if (overlay.parentNode) overlay.parentNode.removeChild(overlay);
        if (previous && typeof previous.focus === 'function' && document.contains(previous))
          previous.focus();
      },
    };
  }

  function button(label, primary, onClick) {
    var node = el(
      'button',
      'stripe-emulator-dialog__button' +
        (primary ? ' stripe-emulator-dialog__button--primary' : ''),
      label,
    );
    node.type = 'button';
    node.addEventListener('click', onClick);
    return node;
  }

  /** The 3-D Secure challenge: resolves 'complete' or 'fail'. */
  function challenge(intent) {
    return new Promise(function (resolve) {
      var handle;
      var done = false;
      function choose(outcome) {
        if (done) return;
        done = true;
        handle.close();
        resolve(outcome);
      }
      handle = openDialog(
        '3D Secure authentication',
        function (dialog) {
          dialog.appendChild(
            el(
              'p',
              '',
              'Your bank asks you to confirm a payment of ' +
                formatAmount(intent.amount, intent.currency) +
                '.',
            ),
          );
          dialog.appendChild(
            el(
              'p',
              'stripe-emulator-dialog__note',
              'This is an emulated test page: choose how the authentication ends.',
            ),
          );
          var actions = el('div', 'stripe-emulator-dialog__actions');
          actions.appendChild(
            button('Complete authentication', true, function () {
              choose('complete');
            }),
          );
          actions.appendChild(
            button('Fail authentication', false, function () {
              choose('fail');
            }),
          );
          dialog.appendChild(actions);
        },
        function () {
          choose('fail');
        },
      );
    });
  }

  // ---------------------------------------------------------------- the Stripe object

  function intentResult(intent) {
    if (intent.status === 'requires_payment_method' && intent.last_payment_error) {
      var lpe = intent.last_payment_error;
      var error = { type: lpe.type, code: lpe.code, message: lpe.message, payment_intent: intent };
      if (lpe.decline_code) error.decline_code = lpe.decline_code;
      return { error: error };
    }
    return { paymentIntent: intent };
  }

  function StripeEmulator(publishableKey, options) {
    if (!(this instanceof StripeEmulator)) return new StripeEmulator(publishableKey, options);
    if (typeof publishableKey !== 'string' || !/^pk_/.test(publishableKey))
      throw integrationError(MESSAGES.publishableKey(publishableKey));
    this._key = publishableKey;
    this._options = options || {};
  }

  // react-stripe-js tells Stripe.js its name and version through these.
  StripeEmulator.prototype._registerWrapper = function () {};
  StripeEmulator.prototype.registerAppInfo = function () {};

  StripeEmulator.prototype.elements = function (options) {
    return new Elements(this, options);
  };

  // react-stripe-js's <Elements> takes an object for Stripe only if it has these methods (its
  // isStripe check), as the real Stripe.js has. The emulator does not emulate these legacy
  // APIs: they exist so the check passes, and calling one throws.
  ['createToken', 'createPaymentMethod', 'confirmCardPayment'].forEach(function (name) {
    StripeEmulator.prototype[name] = function () {
      throw integrationError(MESSAGES.notEmulated(name));
    };
  });

  /**
   * Stripe's documented confirmPayment: the misuses below reject with IntegrationErrors; else
   * { paymentIntent } or { error }, or (redirect 'always', the default) a redirect to return_url.
   */
  StripeEmulator.prototype.confirmPayment = function (options) {
    var that = this;
    return Promise.resolve().then(function () {
      return that._confirmPayment(options || {});
    });
  };

  StripeEmulator.prototype._confirmPayment = function (options) {
    var elements = options.elements;
    if (elements === undefined || elements === null)
      throw integrationError(MESSAGES.elementsMissing);
    if (!(elements instanceof Elements)) throw integrationError(MESSAGES.elementsInvalid(elements));
    var clientSecret = options.clientSecret;
    if (!clientSecret) throw integrationError(MESSAGES.clientSecretMissing);
    var id = intentId(clientSecret, 'stripe.confirmPayment()');
    var confirmParams = options.confirmParams || {};
    var returnUrl = confirmParams.return_url;
    if (options.redirect !== 'if_required' && !returnUrl)
      throw integrationError(MESSAGES.returnUrl);

    // What pays: the wallet inside an Express Checkout 'confirm', else the Payment Element.
    var express = elements._express;
    var payment = elements._elements.payment;
    if (!express && !(payment && payment._host)) throw integrationError(MESSAGES.notMounted);
    if (!elements._submitted) throw integrationError(MESSAGES.submitFirst);
    elements._submitted = false; // each confirmation needs its own submit

    var method;
    if (express) {
      method = { type: 'card', card: WALLET_CARD, billing_details: express.sheet.billingDetails };
    } else {
      // The card may have changed since submit(): Stripe checks it again.
      var invalid = validate(payment._state, true);
      if (invalid) return { error: invalid };
      method = payment._paymentMethodParams();
    }
    // Details the app passes complete what Elements collected (Elements' own win).
    var passed = (confirmParams.payment_method_data || {}).billing_details;
    if (passed) {
      var collected = method.billing_details;
      method.billing_details = Object.assign({}, passed, collected, {
        address: Object.assign({}, passed.address, collected.address),
      });
    }

    var key = this._key;
    var that = this;
    return api('POST', 'payment_methods', key, method)
      .then(function (created) {
        if (created.error) return { error: created.error };
        return that._confirm(id, clientSecret, created.body.id, returnUrl);
      })
      .then(function (result) {
        // Success closes the wallet's sheet; a failure waits for the app's paymentFailed().
        if (express && !result.error) express.sheet.close();
        if (result.error || options.redirect === 'if_required') return result;
        var url = new URL(returnUrl, location.href);
        url.searchParams.set('payment_intent', result.paymentIntent.id);
        url.searchParams.set('payment_intent_client_secret', clientSecret);
        url.searchParams.set('redirect_status', result.paymentIntent.status);
        location.assign(url.href);
        return new Promise(function () {}); // the page is going away
      });
  };

  /** Confirms the intent with the PaymentMethod; 3-D Secure is asked in a dialog. */
  StripeEmulator.prototype._confirm = function (id, clientSecret, paymentMethod, returnUrl) {
    var key = this._key;
    var params = { client_secret: clientSecret, payment_method: paymentMethod };
    if (returnUrl) params.return_url = returnUrl;
    return api('POST', 'payment_intents/' + id + '/confirm', key, params).then(function (result) {
      if (result.error) return { error: result.error };
      var intent = result.body;
      if (intent.status !== 'requires_action') return intentResult(intent);
      return challenge(intent).then(function (outcome) {
        return api('POST', 'payment_intents/' + id + '/authenticate', key, {
          client_secret: clientSecret,
          outcome: outcome,
        }).then(function (authenticated) {
          return authenticated.error
            ? { error: authenticated.error }
            : intentResult(authenticated.body);
        });
      });
    });
  };

  StripeEmulator.prototype.retrievePaymentIntent = function (clientSecret) {
    var id = intentId(clientSecret, 'retrievePaymentIntent');
    return api('GET', 'payment_intents/' + id, this._key, { client_secret: clientSecret }).then(
      function (result) {
        return result.error ? { error: result.error } : { paymentIntent: result.body };
      },
    );
  };

  StripeEmulator.version = 'endive';
  StripeEmulator.emulated = true;
  window.Stripe = StripeEmulator;
})();
