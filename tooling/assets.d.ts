/** Types of the non-code files the bundles import (style-loader CSS, asset URLs). */
declare module '*.css';
declare module '*.svg' {
  const url: string;
  export default url;
}
declare module '*.wav' {
  const url: string;
  export default url;
}
/** Any file imported with `?url` is published as is and its address imported (a library's worker). */
declare module '*?url' {
  const url: string;
  export default url;
}
