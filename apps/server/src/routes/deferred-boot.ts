import { createHash } from 'node:crypto';

/**
 * Starts the web client once the first photo is on screen (or on the reader's first touch or
 * key, or after 3 s, whichever comes first). Used on pages the server drew: they are readable
 * without the script, and a phone on a slow network then spends its first bandwidth and CPU on
 * the photo instead of on 110 KB of script and its evaluation racing it. The entry and its chunks
 * are named by the element's data attributes, so this text (and its CSP hash) never changes.
 */
const bootSource =
  '(function(){var me=document.currentScript,started=false;' +
  'function start(){if(started)return;started=true;' +
  "(me.getAttribute('data-preload')||'').split(' ').forEach(function(href){if(!href)return;" +
  "var link=document.createElement('link');link.rel='modulepreload';link.crossOrigin='';" +
  'link.href=href;document.head.appendChild(link)});' +
  "var script=document.createElement('script');script.type='module';script.crossOrigin='';" +
  "script.src=me.getAttribute('data-entry');document.head.appendChild(script)}" +
  // After the frame that paints the photo, not before it.
  'function afterPaint(){requestAnimationFrame(function(){setTimeout(start,0)})}' +
  'var photo=document.querySelector(\'#root img[fetchpriority="high"]\');' +
  "if(!photo||photo.complete)afterPaint();else{photo.addEventListener('load',afterPaint);" +
  "photo.addEventListener('error',afterPaint)}" +
  'setTimeout(start,3000);' +
  "['pointerdown','touchstart','keydown','focusin'].forEach(function(type){" +
  'addEventListener(type,start,{capture:true,passive:true})})})()';

/** The CSP source that lets the boot script (and only it) run inline. */
export const bootScriptCspSource = `'sha256-${createHash('sha256').update(bootSource).digest('base64')}'`;

const entryScript = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const modulePreload = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;

/**
 * The page with its script tags (the entry and the modulepreloads Vite wrote into the head)
 * replaced by the boot script at the end of the body. A template without an entry is unchanged.
 */
export function withDeferredBoot(html: string): string {
  const entry = entryScript.exec(html)?.[1];
  if (!entry) return html;
  const preloads = [...html.matchAll(modulePreload)].map((match) => match[1]);
  const boot = `<script data-entry="${entry}" data-preload="${preloads.join(' ')}">${bootSource}</script>`;
  return html
    .replace(entryScript, '')
    .replace(modulePreload, '')
    .replace('</body>', () => `${boot}</body>`);
}

/** The page's CSP with the boot script allowed beside the scripts of the app's own origin. */
export function allowingBootScript(policy: string): string {
  return policy.replace("script-src 'self'", () => `script-src 'self' ${bootScriptCspSource}`);
}
