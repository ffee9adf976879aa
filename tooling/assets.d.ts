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
