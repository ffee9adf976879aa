/** Server builds (issue 17): a stylesheet import has no effect in Node; the browser build links the CSS. */
module.exports = function ignoreCss() {
  return 'export {};';
};
