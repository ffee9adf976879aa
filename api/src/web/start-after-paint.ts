/**
 * A server-rendered page starts its code after its first paint (issue 28, LCP). The HTML and its
 * CSS are all the first paint needs; when the shell's scripts were fetched with it (preloads and
 * `<script defer>`), they were evaluated before the browser painted, and Lighthouse counts every
 * script fetched before the largest paint as something that paint waited for (on a phone's 4G link,
 * 150 KB of JavaScript). So the page's HTML names what to fetch in an inert JSON block, and this
 * inline script (allowed by its hash in the Content-Security-Policy) fetches it once the browser
 * reports the first contentful paint (a first frame may come before the body is parsed): the
 * entry, the start-up chunks and the remote's manifest at once, as the preloads did, so nothing is
 * discovered one round trip at a time. A page that will not paint (a background tab) or a browser
 * that does not report paints starts at once. Clicks made meanwhile are kept (EARLY_INPUT_CAPTURE_SCRIPT).
 * Plain ES5 written by hand: its text is hashed as is.
 */
export const START_ELEMENT_ID = 'sm-start';

/** What the page starts: the shell's entry, then preloads its runtime will ask for. */
export interface StartAfterPaint {
  main: string;
  preload: { href: string; as: 'script' | 'fetch'; cors?: boolean }[];
}

/** A safety net: a visible page whose first contentful paint is never reported starts after this long. */
export const START_FALLBACK_MS = 5000;

export const START_AFTER_PAINT_SCRIPT =
  '(function(d,w){var done=false;function go(){if(done)return;done=true;' +
  `var c=JSON.parse(d.getElementById("${START_ELEMENT_ID}").textContent);` +
  'var s=d.createElement("script");s.src=c.main;d.head.appendChild(s);' +
  'c.preload.forEach(function(p){var l=d.createElement("link");l.rel="preload";l.href=p.href;l.as=p.as;' +
  'if(p.cors)l.crossOrigin="anonymous";l.setAttribute("fetchpriority","low");d.head.appendChild(l);});}' +
  'var P=w.PerformanceObserver,paint=!!(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf("paint")>=0);' +
  'if(!paint||d.visibilityState!=="visible"){go();return;}' +
  'd.addEventListener("visibilitychange",function(){if(d.visibilityState!=="visible")go();});' +
  'new P(function(list,o){if(list.getEntriesByName("first-contentful-paint").length){o.disconnect();setTimeout(go,0);}})' +
  '.observe({type:"paint",buffered:true});' +
  `setTimeout(go,${START_FALLBACK_MS});})(document,window);`;
