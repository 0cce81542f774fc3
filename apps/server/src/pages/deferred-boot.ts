import { createHash } from 'node:crypto';

/**
 * Gives the photos the server drew without their sources (`data-src`, `data-srcset`: every photo
 * but the first, see PhotoSlide) their sources back: those on screen once the first photo has
 * been painted, so that on a phone's connection the largest paint does not share the bandwidth
 * with them; all of them when the app starts (before it hydrates, so the app finds the
 * attributes it draws). "Painted" is the photo decoded, then two frames: its load event alone
 * often came before the first paint when the main thread was slow, and the next photos then
 * shared the phone's bandwidth with it. A photo off screen is loaded by the browser's own lazy
 * loading once the app has started, as on every other page. The photo's <noscript> copy goes
 * too: the app draws none, and hydration must find the very nodes it draws.
 */
const photoSource =
  'function show(img){img.srcset=img.getAttribute("data-srcset");img.src=img.getAttribute("data-src");' +
  'img.removeAttribute("data-srcset");img.removeAttribute("data-src");' +
  'var fallback=img.nextElementSibling;if(fallback&&fallback.tagName==="NOSCRIPT")fallback.remove()}' +
  'function deferred(){return Array.prototype.slice.call(document.querySelectorAll("img[data-srcset]"))}' +
  'function showAll(){deferred().forEach(show)}' +
  'function showOnScreen(){if(started)return;if(!window.IntersectionObserver)return showAll();' +
  'var seen=new IntersectionObserver(function(entries){entries.forEach(function(entry){' +
  'if(entry.isIntersecting&&entry.target.hasAttribute("data-srcset")){seen.unobserve(entry.target);show(entry.target)}})});' +
  'deferred().forEach(function(img){seen.observe(img)})}' +
  'function afterPaint(){requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(function(){showOnScreen();whenIdle(start)})})})}' +
  'function whenIdle(then){if(window.requestIdleCallback)requestIdleCallback(then,{timeout:idleWaitMs});else setTimeout(then,idleWaitMs)}' +
  'var first=document.querySelector("img[fetchpriority=high]");' +
  'if(!first)afterPaint();else if(first.decode)first.decode().then(afterPaint,afterPaint);' +
  'else if(first.complete)afterPaint();' +
  'else{first.addEventListener("load",afterPaint);first.addEventListener("error",afterPaint)}';

/**
 * Starts the web client by itself once the first photo has been painted and the browser is idle
 * (`requestIdleCallback`, at most `idleWaitMs` later), or at once on an earlier gesture: a touch,
 * a pointer moving or pressing, a key, a scroll. The page the server drew is whole to read before
 * then (text, photos, links that work as plain links), and what only the app draws (the stories
 * strip, suggestions, the live notification badge) follows without the reader doing anything.
 * Started on the first gesture only, the app was never there for a reader who only looked, and
 * the first tap paid for loading and evaluating the whole script (1.57 s to fill the heart on a
 * phone profile): that cost was moved, not saved. After the first paint it no longer delays the
 * photo, and the browser's idle time comes between them.
 *
 * A click on a control (a button, a tab, a checkbox) before the app has started would do nothing,
 * so it is held: its element's path under #root goes to `window.__pinholeEarlyClick`, and the app
 * clicks the same element once it has hydrated (`replayEarlyClick` in the web client). Two quick
 * clicks on the same element that is not a control (a double tap on a photo, which likes it) are
 * held the same way in `window.__pinholeEarlyDoubleTap`, and the app gives both clicks back.
 * Links are left alone: they work without the script. The entry and its chunks are named by the
 * element's data attributes, so this text (and its CSP hash) never changes; it holds no `<`, so
 * it can never close its own element.
 */
const bootSource =
  '(function(){var me=document.currentScript,started=false,root=document.getElementById("root"),' +
  'idleWaitMs=500,doubleTapMs=300,lastTap=null;' +
  photoSource +
  'function start(){if(started)return;started=true;showAll();' +
  "(me.getAttribute('data-preload')||'').split(' ').forEach(function(href){if(!href)return;" +
  "var link=document.createElement('link');link.rel='modulepreload';link.crossOrigin='';" +
  'link.href=href;document.head.appendChild(link)});' +
  "var script=document.createElement('script');script.type='module';script.crossOrigin='';" +
  "script.src=me.getAttribute('data-entry');document.head.appendChild(script)}" +
  'function pathOf(target){var path=[];for(var node=target;node!==root;node=node.parentElement)' +
  'path.unshift(Array.prototype.indexOf.call(node.parentElement.children,node));return path}' +
  "['pointerdown','pointermove','touchstart','keydown','focusin','wheel','scroll'].forEach(function(type){" +
  'addEventListener(type,start,{capture:true,passive:true})});' +
  "addEventListener('click',function(event){" +
  "if('ready' in document.documentElement.dataset||!root)return;start();" +
  'var element=event.target instanceof Element?event.target:null;' +
  'if(!element||!root.contains(element)||element.closest("a[href]"))return;' +
  "var target=element.closest('button,[role=button],[role=tab],[role=switch],input[type=checkbox],input[type=radio],summary');" +
  'if(!target){var now=performance.now();' +
  'if(lastTap&&lastTap.element===element&&doubleTapMs>now-lastTap.at){lastTap=null;window.__pinholeEarlyDoubleTap=pathOf(element)}' +
  'else lastTap={element:element,at:now};return}' +
  'if(!root.contains(target))return;' +
  'event.preventDefault();event.stopPropagation();window.__pinholeEarlyClick=pathOf(target)},true)})()';

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
