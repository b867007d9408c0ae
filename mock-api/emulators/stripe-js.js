// The Stripe.js emulator's browser script (GET /__stripe/stripe.js, see stripeJs.ts). In emulator
// builds the page shell's emulator-redirects.js sends the js.stripe.com script that loadStripe
// injects on first use here, so the app's code path is the one it has with real Stripe. It defines the subset of Stripe.js the app
// uses (elements and the card element, createPaymentMethod, confirmCardPayment, confirmPayment,
// retrievePaymentIntent, handleNextAction, paymentRequest) and talks to the Stripe API emulator
// at this script's origin + /v1 with form-encoded "simple" requests carrying `key=pk_...`, as
// Stripe.js talks to api.stripe.com. Real Stripe.js mounts iframes; this mounts plain inputs.
//
// Wallets: the real PaymentRequest has no "which wallet" argument; the browser decides. Here a
// payment request offers Google Pay and Apple Pay (unless the mock API's scenario says wallets
// are unsupported: GET config next to this script), minus the ones in Stripe's own
// `disableWallets` option. The emulated sheet is a dialog named for the first wallet still
// offered, Google Pay before Apple Pay: an app with an Apple Pay button creates its request with
// `disableWallets: ['googlePay']` and gets an `Apple Pay` sheet.
/* eslint-disable @typescript-eslint/no-this-alias -- plain ES5: `var that = this` in callbacks */
(function () {
  'use strict';
  if (window.Stripe && window.Stripe.emulated) return;

  var self = document.currentScript;
  var scriptUrl = new URL(self && self.src ? self.src : '/__stripe/stripe.js', location.href);
  var API = scriptUrl.origin + '/v1/';
  var CONFIG_URL = new URL('config', scriptUrl).href;
  var STYLE_ID = 'stripe-emulator-style';
  var WALLETS = [
    { key: 'googlePay', name: 'Google Pay', methodName: 'https://google.com/pay' },
    { key: 'applePay', name: 'Apple Pay', methodName: 'https://apple.com/apple-pay' },
  ];
  var WALLET_CARD = { number: '4242424242424242', exp_month: '12', exp_year: '2034', cvc: '123' };

  var CSS =
    '.stripe-emulator-card{box-sizing:border-box;display:flex;flex-wrap:wrap;gap:8px 12px;' +
    'padding:8px 12px;background:#fff;color:#1a1f36;border:1px solid #6b7280;border-radius:6px;' +
    'font:16px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}' +
    '.StripeElement--focus .stripe-emulator-card{border-color:#0a2540;' +
    'box-shadow:0 0 0 3px rgba(99,91,255,.35)}' +
    '.StripeElement--invalid .stripe-emulator-card{border-color:#b3261e}' +
    '.stripe-emulator-card__field{display:flex;flex-direction:column;min-width:0;flex:0 0 3.5em}' +
    '.stripe-emulator-card__field--number{flex:1 0 11em}' +
    '.stripe-emulator-card__field--expiry{flex-basis:7em}' +
    '.stripe-emulator-card__field--zip{flex-basis:4em}' +
    '.stripe-emulator-card__label{padding:0 4px;font-size:12px;font-weight:600;color:#4b5563;' +
    'white-space:nowrap}' +
    '.stripe-emulator-card__input{box-sizing:border-box;width:100%;min-height:28px;margin:0;' +
    'padding:2px 4px;border:0;border-radius:3px;background:transparent;color:inherit;font:inherit}' +
    '.stripe-emulator-card .stripe-emulator-card__input:focus-visible{outline:2px solid #0a2540;' +
    'outline-offset:0}' +
    '.stripe-emulator-card__input::placeholder{color:#6b7280}' +
    '.stripe-emulator-card__input[aria-invalid=true]{color:#b3261e}' +
    '.stripe-emulator-card__input:disabled{color:#6b7280}' +
    '.stripe-emulator-overlay{position:fixed;inset:0;z-index:2147483647;display:flex;' +
    'align-items:center;justify-content:center;padding:16px;background:rgba(10,37,64,.6)}' +
    '.stripe-emulator-dialog{box-sizing:border-box;width:100%;max-width:380px;padding:24px;' +
    'background:#fff;color:#1a1f36;border-radius:12px;box-shadow:0 10px 40px rgba(0,0,0,.3);' +
    'font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}' +
    '.stripe-emulator-dialog h2{margin:0 0 8px;font-size:20px}' +
    '.stripe-emulator-dialog p{margin:0 0 12px}' +
    '.stripe-emulator-dialog__note{font-size:13px;color:#4b5563}' +
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
    if (!match) {
      throw integrationError(
        'Invalid value for ' +
          method +
          ': clientSecret should be a client secret of the form ${id}_secret_${secret}. You specified: ' +
          clientSecret +
          '.',
      );
    }
    return match[1];
  }

  // ---------------------------------------------------------------- the card element

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

  function fieldError(code, message) {
    return { type: 'validation_error', code: code, message: message };
  }

  /** Stripe's own client-side checks; `strict` also reports incomplete fields (on confirm). */
  function validate(state, strict, hidePostalCode) {
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
    if (!hidePostalCode && state.zip.length < 5)
      return fieldError('incomplete_zip', 'Your postal code is incomplete.');
    return undefined;
  }

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
  Emitter.prototype._emit = function (event, payload) {
    (this._handlers[event] || []).slice().forEach(function (handler) {
      handler(payload);
    });
  };

  function CardElement(options) {
    Emitter.call(this);
    this._options = Object.assign({}, options || {});
    this._state = { number: '', expiry: '', cvc: '', zip: '' };
    this._host = null;
    this._root = null;
    this._inputs = {};
    this._destroyed = false;
    this._focused = false;
    var initial = this._options.value;
    if (initial && initial.postalCode) this._state.zip = String(initial.postalCode).slice(0, 10);
  }
  CardElement.prototype = Object.create(Emitter.prototype);
  CardElement.prototype.constructor = CardElement;

  CardElement.prototype._field = function (name, label, attrs) {
    var id = 'stripe-emulator-' + name + '-' + uid;
    var field = el('div', 'stripe-emulator-card__field stripe-emulator-card__field--' + name);
    var labelNode = el('label', 'stripe-emulator-card__label', label);
    labelNode.htmlFor = id;
    var input = el('input', 'stripe-emulator-card__input');
    input.id = id;
    input.type = 'text';
    input.spellcheck = false;
    Object.keys(attrs).forEach(function (attr) {
      input.setAttribute(attr, attrs[attr]);
    });
    field.appendChild(labelNode);
    field.appendChild(input);
    this._inputs[name] = input;
    return field;
  };

  CardElement.prototype._render = function () {
    uid += 1;
    this._inputs = {};
    var root = el('div', 'stripe-emulator-card');
    root.setAttribute('role', 'group');
    root.setAttribute('aria-label', 'Card details');
    root.appendChild(
      this._field('number', 'Card number', {
        inputmode: 'numeric',
        autocomplete: 'cc-number',
        placeholder: '1234 1234 1234 1234',
        maxlength: '19',
      }),
    );
    root.appendChild(
      this._field('expiry', 'Expiration date', {
        inputmode: 'numeric',
        autocomplete: 'cc-exp',
        placeholder: 'MM / YY',
        maxlength: '7',
      }),
    );
    root.appendChild(
      this._field('cvc', 'CVC', {
        inputmode: 'numeric',
        autocomplete: 'cc-csc',
        placeholder: 'CVC',
        maxlength: '4',
      }),
    );
    if (!this._options.hidePostalCode) {
      root.appendChild(
        this._field('zip', 'ZIP', {
          inputmode: 'numeric',
          autocomplete: 'postal-code',
          placeholder: '12345',
          maxlength: '10',
        }),
      );
    }
    var that = this;
    Object.keys(this._inputs).forEach(function (name) {
      var input = that._inputs[name];
      input.addEventListener('input', function () {
        that._onInput(name);
      });
    });
    root.addEventListener('focusin', function () {
      if (that._focused) return;
      that._focused = true;
      that._syncClasses();
      that._emit('focus', { elementType: 'card' });
    });
    root.addEventListener('focusout', function (event) {
      if (event.relatedTarget && root.contains(event.relatedTarget)) return;
      that._focused = false;
      that._syncClasses();
      that._emit('blur', { elementType: 'card' });
    });
    this._root = root;
    this._writeInputs();
    this._applyDisabled();
  };

  CardElement.prototype._onInput = function (name) {
    var input = this._inputs[name];
    var digits = input.value.replace(/\D/g, '');
    var state = this._state;
    if (name === 'number') state.number = digits.slice(0, numberLength(brandOf(digits)));
    else if (name === 'expiry') state.expiry = formatExpiry(digits).replace(/\D/g, '').slice(0, 4);
    else if (name === 'cvc') state.cvc = digits.slice(0, brandOf(state.number) === 'amex' ? 4 : 3);
    else state.zip = input.value.replace(/[^0-9A-Za-z -]/g, '').slice(0, 10);
    this._writeInputs();
    this._changed();
  };

  CardElement.prototype._writeInputs = function () {
    var state = this._state;
    var inputs = this._inputs;
    var brand = brandOf(state.number);
    if (inputs.number) inputs.number.value = formatNumber(state.number, brand);
    if (inputs.expiry) inputs.expiry.value = formatExpiry(state.expiry);
    if (inputs.cvc) inputs.cvc.value = state.cvc;
    if (inputs.zip) inputs.zip.value = state.zip;
  };

  CardElement.prototype._changeEvent = function () {
    var state = this._state;
    var empty = !state.number && !state.expiry && !state.cvc && !state.zip;
    var error = validate(state, false, this._options.hidePostalCode);
    var complete = !validate(state, true, this._options.hidePostalCode);
    return {
      elementType: 'card',
      empty: empty,
      complete: complete,
      error: error,
      brand: brandOf(state.number),
      value: this._options.hidePostalCode ? {} : { postalCode: state.zip },
    };
  };

  CardElement.prototype._syncClasses = function () {
    if (!this._host) return;
    var event = this._changeEvent();
    var list = this._host.classList;
    list.add('StripeElement');
    list.toggle('StripeElement--empty', event.empty);
    list.toggle('StripeElement--complete', event.complete);
    list.toggle('StripeElement--invalid', !!event.error);
    list.toggle('StripeElement--focus', this._focused);
    var errorCode = event.error ? event.error.code : '';
    var inputs = this._inputs;
    Object.keys(inputs).forEach(function (name) {
      var invalid =
        (name === 'number' && errorCode === 'invalid_number') ||
        (name === 'expiry' && /expiry/.test(errorCode));
      inputs[name].setAttribute('aria-invalid', invalid ? 'true' : 'false');
    });
  };

  CardElement.prototype._changed = function () {
    this._syncClasses();
    this._emit('change', this._changeEvent());
  };

  CardElement.prototype._applyDisabled = function () {
    var disabled = !!this._options.disabled;
    var inputs = this._inputs;
    Object.keys(inputs).forEach(function (name) {
      inputs[name].disabled = disabled;
    });
  };

  CardElement.prototype.mount = function (target) {
    if (this._destroyed) throw integrationError('This Element has already been destroyed.');
    var host = typeof target === 'string' ? document.querySelector(target) : target;
    if (!host || host.nodeType !== 1) {
      throw integrationError(
        'The selector you specified (' +
          target +
          ') applies to no DOM elements that are currently on the page.',
      );
    }
    if (this._host) throw integrationError('This Element is already mounted.');
    addStyle();
    this._render();
    this._host = host;
    host.appendChild(this._root);
    this._syncClasses();
    var that = this;
    setTimeout(function () {
      if (that._host) that._emit('ready', { elementType: 'card' });
    }, 0);
  };

  CardElement.prototype.unmount = function () {
    if (!this._host) return;
    var list = this._host.classList;
    [
      'StripeElement',
      'StripeElement--empty',
      'StripeElement--complete',
      'StripeElement--invalid',
      'StripeElement--focus',
    ].forEach(function (name) {
      list.remove(name);
    });
    if (this._root && this._root.parentNode) this._root.parentNode.removeChild(this._root);
    this._host = null;
    this._root = null;
    this._inputs = {};
    this._focused = false;
  };

  CardElement.prototype.destroy = function () {
    this.unmount();
    this._destroyed = true;
    this._handlers = {};
    if (this._elements) this._elements._forget(this);
  };

  CardElement.prototype.focus = function () {
    if (this._inputs.number) this._inputs.number.focus();
  };

  CardElement.prototype.blur = function () {
    var active = document.activeElement;
    if (this._root && active && this._root.contains(active)) active.blur();
  };

  CardElement.prototype.clear = function () {
    this._state = { number: '', expiry: '', cvc: '', zip: '' };
    this._writeInputs();
    this._changed();
  };

  CardElement.prototype.update = function (options) {
    var hidZip = !!this._options.hidePostalCode;
    this._options = Object.assign({}, this._options, options || {});
    if (options && options.value && options.value.postalCode !== undefined)
      this._state.zip = String(options.value.postalCode).slice(0, 10);
    if (this._host && hidZip !== !!this._options.hidePostalCode) {
      // The ZIP field comes or goes: render afresh.
      var host = this._host;
      this.unmount();
      this.mount(host);
    } else {
      this._writeInputs();
      this._applyDisabled();
      this._syncClasses();
    }
  };

  /** The card as POST /v1/payment_methods wants it, or a Stripe validation error. */
  CardElement.prototype._cardParams = function () {
    var state = this._state;
    var error = validate(state, true, this._options.hidePostalCode);
    if (error) return { error: error };
    var params = {
      type: 'card',
      card: {
        number: state.number,
        exp_month: state.expiry.slice(0, 2),
        exp_year: state.expiry.slice(2, 4),
        cvc: state.cvc,
      },
    };
    if (!this._options.hidePostalCode)
      params.billing_details = { address: { postal_code: state.zip } };
    return { params: params };
  };

  function Elements(stripe, options) {
    this._stripe = stripe;
    this._options = options || {};
    this._card = null;
  }
  Elements.prototype.create = function (type, options) {
    if (type !== 'card') {
      throw integrationError(
        'The Stripe.js emulator supports only the card Element, not ' + type + '.',
      );
    }
    if (this._card) {
      throw integrationError('Can only create one Element of type card.');
    }
    var card = new CardElement(options);
    card._elements = this;
    this._card = card;
    return card;
  };
  Elements.prototype.getElement = function (type) {
    return type === 'card' || type === CardElement ? this._card : null;
  };
  Elements.prototype._forget = function (card) {
    if (this._card === card) this._card = null;
  };
  Elements.prototype.update = function (options) {
    this._options = Object.assign({}, this._options, options || {});
  };
  Elements.prototype.fetchUpdates = function () {
    return Promise.resolve({});
  };
  Elements.prototype.submit = function () {
    var card = this._card;
    var result = card ? card._cardParams() : {};
    return Promise.resolve(result.error ? { error: result.error } : {});
  };

  // ---------------------------------------------------------------- modal dialogs

  /**
   * A modal dialog: focus moves into it and stays there (Tab wraps), Escape chooses `onEscape`,
   * and focus returns where it was when it closes. Returns { dialog, close }.
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
        if (onEscape) onEscape();
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
      dialog: dialog,
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
    if (typeof publishableKey !== 'string' || !/^pk_/.test(publishableKey)) {
      throw integrationError(
        'Invalid API Key provided: ' +
          publishableKey +
          '. Stripe.js needs a publishable key (pk_...).',
      );
    }
    this._key = publishableKey;
    this._options = options || {};
  }

  StripeEmulator.prototype._registerWrapper = function () {};
  StripeEmulator.prototype.registerAppInfo = function () {};

  StripeEmulator.prototype.elements = function (options) {
    return new Elements(this, options);
  };

  StripeEmulator.prototype.createToken = function () {
    return Promise.resolve({
      error: {
        type: 'invalid_request_error',
        message: 'The Stripe.js emulator does not support tokens; use PaymentMethods.',
      },
    });
  };

  /** { type: 'card', card: CardElement, billing_details? } (or Stripe's (type, card, data) form). */
  StripeEmulator.prototype.createPaymentMethod = function (data, legacyCard, legacyData) {
    if (typeof data === 'string') {
      data = Object.assign({ type: data, card: legacyCard }, legacyData || {});
    }
    return this._createPaymentMethod(data || {}).then(function (result) {
      return result.error ? { error: result.error } : { paymentMethod: result.body };
    });
  };

  StripeEmulator.prototype._createPaymentMethod = function (data) {
    var card = data.card;
    if (!(card instanceof CardElement)) {
      throw integrationError(
        'Invalid value for createPaymentMethod: card should be a card Element.',
      );
    }
    var built = card._cardParams();
    if (built.error) return Promise.resolve({ error: built.error });
    var params = built.params;
    if (data.billing_details) {
      var address = (data.billing_details.address = Object.assign(
        {},
        data.billing_details.address || {},
      ));
      if (params.billing_details && !address.postal_code)
        address.postal_code = params.billing_details.address.postal_code;
      params.billing_details = data.billing_details;
    }
    return api('POST', 'payment_methods', this._key, params);
  };

  StripeEmulator.prototype._confirm = function (clientSecret, paymentMethod, extra, handleActions) {
    var id = intentId(clientSecret, 'confirmCardPayment');
    var key = this._key;
    var params = Object.assign({ client_secret: clientSecret }, extra || {});
    if (paymentMethod) params.payment_method = paymentMethod;
    var that = this;
    return api('POST', 'payment_intents/' + id + '/confirm', key, params).then(function (result) {
      if (result.error) return { error: result.error };
      var intent = result.body;
      if (intent.status === 'requires_action' && handleActions !== false) {
        return that._authenticate(intent, clientSecret);
      }
      return intentResult(intent);
    });
  };

  StripeEmulator.prototype._authenticate = function (intent, clientSecret) {
    var key = this._key;
    return challenge(intent).then(function (outcome) {
      return api('POST', 'payment_intents/' + intent.id + '/authenticate', key, {
        client_secret: clientSecret,
        outcome: outcome,
      }).then(function (result) {
        return result.error ? { error: result.error } : intentResult(result.body);
      });
    });
  };

  StripeEmulator.prototype.confirmCardPayment = function (clientSecret, data, options) {
    intentId(clientSecret, 'confirmCardPayment');
    data = data || {};
    var handleActions = !options || options.handleActions !== false;
    var extra = {};
    if (data.return_url) extra.return_url = data.return_url;
    var that = this;
    var method = data.payment_method;
    if (method && typeof method === 'object') {
      return this._createPaymentMethod(method).then(function (result) {
        if (result.error) return { error: result.error };
        return that._confirm(clientSecret, result.body.id, extra, handleActions);
      });
    }
    return this._confirm(clientSecret, method, extra, handleActions);
  };

  StripeEmulator.prototype.handleNextAction = function (options) {
    var clientSecret = options && options.clientSecret;
    var that = this;
    return this.retrievePaymentIntent(clientSecret).then(function (result) {
      if (result.error || result.paymentIntent.status !== 'requires_action') return result;
      return that._authenticate(result.paymentIntent, clientSecret);
    });
  };
  StripeEmulator.prototype.handleCardAction = function (clientSecret) {
    return this.handleNextAction({ clientSecret: clientSecret });
  };

  /** Minimal: the card Element of `elements` pays; redirects unless redirect is 'if_required'. */
  StripeEmulator.prototype.confirmPayment = function (options) {
    options = options || {};
    var clientSecret = options.clientSecret;
    intentId(clientSecret, 'confirmPayment');
    var returnUrl = options.confirmParams && options.confirmParams.return_url;
    if (options.redirect !== 'if_required' && !returnUrl) {
      throw integrationError(
        'Missing value for stripe.confirmPayment(): confirmParams.return_url should be a string.',
      );
    }
    var card = options.elements && options.elements.getElement('card');
    var data = {};
    if (card) data.payment_method = { card: card };
    else if (options.confirmParams && options.confirmParams.payment_method)
      data.payment_method = options.confirmParams.payment_method;
    if (returnUrl) data.return_url = returnUrl;
    return this.confirmCardPayment(clientSecret, data).then(function (result) {
      if (result.error || options.redirect === 'if_required') return result;
      var url = new URL(returnUrl, location.href);
      url.searchParams.set('payment_intent', result.paymentIntent.id);
      url.searchParams.set('payment_intent_client_secret', clientSecret);
      url.searchParams.set('redirect_status', result.paymentIntent.status);
      location.assign(url.href);
      return new Promise(function () {});
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

  // ---------------------------------------------------------------- wallets (PaymentRequest)

  function readWalletsSupported() {
    return fetch(CONFIG_URL, { credentials: 'omit', cache: 'no-store' })
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

  function PaymentRequest(stripe, options) {
    Emitter.call(this);
    if (!options || !options.country || !options.currency || !options.total) {
      throw integrationError(
        'Missing value for paymentRequest(): country, currency and total should be set.',
      );
    }
    this._stripe = stripe;
    this._options = Object.assign({}, options);
    this._available = undefined;
    this._showing = null;
  }
  PaymentRequest.prototype = Object.create(Emitter.prototype);
  PaymentRequest.prototype.constructor = PaymentRequest;

  PaymentRequest.prototype._offered = function () {
    var disabled = this._options.disableWallets || [];
    return WALLETS.filter(function (wallet) {
      return disabled.indexOf(wallet.key) === -1;
    });
  };

  PaymentRequest.prototype.canMakePayment = function () {
    var that = this;
    return readWalletsSupported().then(function (supported) {
      var offered = that._offered();
      if (!supported || !offered.length) {
        that._available = null;
        return null;
      }
      var result = { applePay: false, googlePay: false, link: false };
      offered.forEach(function (wallet) {
        result[wallet.key] = true;
      });
      that._available = result;
      return result;
    });
  };

  PaymentRequest.prototype.update = function (options) {
    if (this._showing)
      throw integrationError('You cannot update a PaymentRequest while it is showing.');
    var allowed = ['currency', 'total', 'displayItems', 'shippingOptions'];
    var that = this;
    Object.keys(options || {}).forEach(function (name) {
      if (allowed.indexOf(name) !== -1) that._options[name] = options[name];
    });
  };

  PaymentRequest.prototype.isShowing = function () {
    return !!this._showing;
  };

  PaymentRequest.prototype.abort = function () {
    if (this._showing) this._showing.close();
    this._showing = null;
  };

  PaymentRequest.prototype.show = function () {
    if (!this._available) {
      throw integrationError(
        'show() can only be called after canMakePayment() has resolved with a wallet.',
      );
    }
    if (this._showing) throw integrationError('This PaymentRequest is already showing.');
    var wallet = this._offered()[0];
    var request = this;
    var options = this._options;
    var stripe = this._stripe;
    var status;
    var actions;
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
        var total = el('p', 'stripe-emulator-dialog__total');
        total.appendChild(el('span', '', options.total.label));
        total.appendChild(el('strong', '', formatAmount(options.total.amount, options.currency)));
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
        cancel();
      },
    );
    this._showing = handle;
    var paying = false;

    function close() {
      handle.close();
      request._showing = null;
    }

    function cancel() {
      if (paying || request._showing !== handle) return;
      close();
      request._emit('cancel', {});
    }

    function setButtons(list) {
      actions.textContent = '';
      list.forEach(function (node) {
        actions.appendChild(node);
      });
      if (list[0]) list[0].focus();
    }

    function pay() {
      if (paying) return;
      paying = true;
      Array.prototype.forEach.call(actions.querySelectorAll('button'), function (node) {
        node.disabled = true;
      });
      status.textContent = 'Processing…';
      var params = { type: 'card', card: WALLET_CARD };
      api('POST', 'payment_methods', stripe._key, params).then(function (result) {
        if (result.error) {
          status.textContent = 'Payment failed.';
          status.className =
            'stripe-emulator-dialog__status stripe-emulator-dialog__status--failed';
          paying = false;
          setButtons([button('Close', true, cancel)]);
          return;
        }
        var completed = false;
        request._emit('paymentmethod', {
          paymentMethod: result.body,
          walletName: wallet.key,
          methodName: wallet.methodName,
          payerName: options.requestPayerName ? 'Jenny Rosen' : undefined,
          payerEmail: options.requestPayerEmail ? 'jenny.rosen@example.com' : undefined,
          shippingAddress: null,
          shippingOption: null,
          complete: function (outcome) {
            if (completed) return;
            completed = true;
            if (outcome === 'success') {
              close();
              return;
            }
            status.textContent = 'Payment failed.';
            status.className =
              'stripe-emulator-dialog__status stripe-emulator-dialog__status--failed';
            setButtons([
              button('Close', true, function () {
                close();
              }),
            ]);
          },
        });
      });
    }
  };

  StripeEmulator.prototype.paymentRequest = function (options) {
    return new PaymentRequest(this, options);
  };

  StripeEmulator.version = 'endive';
  StripeEmulator.emulated = true;
  window.Stripe = StripeEmulator;
})();
