// The server bundle's stand-in for CSS imports: the client build extracts the styles; a server
// render only needs the modules' code.
module.exports = function noCss() {
  return 'export {};';
};
