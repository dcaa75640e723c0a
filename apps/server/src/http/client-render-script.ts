import { createHash } from 'node:crypto';

/**
 * The script of a page drawn on the server (routes/web-render.ts), run before it paints:
 *
 * - A browser whose page is not the visitor's (a signed-in learner's `token`, another language
 *   chosen in `locale`, a visitor's own answers in `anonymousWorkbook`, an answer to the
 *   analytics question in `analyticsConsent`: keys of
 *   apps/web/src/lib/storage.ts) gets `data-client-render`: the app draws its own page there
 *   (apps/web/src/main.tsx) and the visitor's markup stays hidden meanwhile (CLIENT_RENDER_STYLE).
 *   Its code starts as soon as the document is read.
 * - Otherwise the app's code starts once the page has loaded (its largest image included) and
 *   is on screen: after `load`, once the browser has reported the first contentful paint (it
 *   does so when the frame is presented, some frames after it is drawn), then two animation
 *   frames more for the frame that shows the largest image. The first paint and the largest
 *   image do not share the network with the app's code, nor wait for it (issue 14); the app then
 *   hydrates the markup. An image that never arrives, or a tab opened in the background (it
 *   paints nothing), holds it back 3 s at most.
 *
 * - A click on a drawn button before the app has hydrated (issue 24, point 12) is kept and
 *   clicked again once it has (apps/web/src/app/start/early-clicks.tsx), and starts the app's
 *   code at once rather than after the page's load and paint.
 *
 * It loads the app's entry (`data-entry` on #root) and, beside it, the modules the entry and
 * the screen will import (`data-preload`), all at once rather than one import level at a time
 * (a few to a task, so that adding them does not hold the main thread).
 *
 * Allowed by its hash in the content security policy (security-headers.ts); written by
 * routes/web.ts.
 */
export const CLIENT_RENDER_SCRIPT =
  '(function(){var d=document,h=d.documentElement,c=false;' +
  'try{var s=localStorage,l=s.getItem("locale");' +
  'c=!!(s.getItem("token")||s.getItem("anonymousWorkbook")||s.getItem("analyticsConsent")||' +
  '(l&&l!==h.lang))}catch(e){}' +
  'if(c)h.setAttribute("data-client-render","");' +
  // A click on one of the drawn page's buttons before the app has taken it over is kept, each
  // button once, in its order (apps/web/src/app/start/early-clicks.tsx clicks them again once
  // hydrated, and takes the list away first: from then on React answers clicks itself), and
  // the app's code is asked for at once. Links need nothing: the server answers them.
  'else{var q=window.__portalEarlyClicks=[];d.addEventListener("click",function(e){' +
  'var t=e.target,b=q===window.__portalEarlyClicks&&t&&t.closest&&' +
  't.closest("#root[data-ssr] button[type=button]");if(!b)return;' +
  'var i=q.indexOf(b);if(i>=0)q.splice(i,1);q.push(b);' +
  'b.setAttribute("data-early-click","");go()},true)}' +
  'function add(t,a){var e=d.createElement(t);for(var k in a)e[k]=a[k];e.crossOrigin="";' +
  'd.head.appendChild(e)}' +
  'var started=false;' +
  'function go(){var r=d.getElementById("root"),u=r.getAttribute("data-entry");' +
  'if(!u||started)return;started=true;' +
  'add("script",{type:"module",src:u});' +
  // Four preloads a task: adding a link starts its request there and then, about 1 ms each.
  'var p=(r.getAttribute("data-preload")||"").split(" ");' +
  '(function next(i){for(var n=i+4;i<n&&i<p.length;i++)' +
  'if(p[i])add("link",{rel:"modulepreload",href:p[i]});' +
  'if(i<p.length)setTimeout(function(){next(i)},0)})(0)}' +
  // After `load`, the first paint as the browser reports it (once it is on screen), then two
  // frames more, for the frame that shows the largest image.
  'function frames(){requestAnimationFrame(function(){requestAnimationFrame(function(){' +
  'setTimeout(go,0)})})}' +
  'function later(){var P=window.PerformanceObserver;' +
  'if(!P||(P.supportedEntryTypes||[]).indexOf("paint")<0)return frames();' +
  'new P(function(l,o){if(l.getEntriesByName("first-contentful-paint").length){' +
  'o.disconnect();frames()}}).observe({type:"paint",buffered:true})}' +
  'd.addEventListener("DOMContentLoaded",function(){if(c)return go();setTimeout(go,3000);' +
  'if(d.readyState==="complete")later();else addEventListener("load",later)})})();';

export const CLIENT_RENDER_SCRIPT_HASH = `'sha256-${createHash('sha256').update(CLIENT_RENDER_SCRIPT).digest('base64')}'`;

/** Hides the visitor's markup in a browser that draws its own page (beside the script). */
export const CLIENT_RENDER_STYLE: string =
  'html[data-client-render] #root[data-ssr]{visibility:hidden}' +
  // A button clicked before the app's code is here: the click is kept, the code is on its way.
  '#root[data-ssr] [data-early-click]{cursor:progress;opacity:.75}';
