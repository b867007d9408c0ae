/** Build-time configuration, replaced by webpack's DefinePlugin (see webpack.config.js). */
declare const __APP_CONFIG__: unknown;
