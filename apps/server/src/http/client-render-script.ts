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
 *   the frame that shows it is on screen: two animation frames after `load`, since a frame is
 *   presented after its animation frame runs. The first paint and the largest image do not
 *   share the network with the app's code, nor wait for it (issue 14); the app then hydrates the
 *   markup. An image that never arrives holds it back 3 s at most.
 *
 * It loads the app's entry (`data-entry` on #root) and, beside it, the modules the entry and
 * the screen will import (`data-preload`), all at once rather than one import level at a time.
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
  'function add(t,a){var e=d.createElement(t);for(var k in a)e[k]=a[k];e.crossOrigin="";' +
  'd.head.appendChild(e)}' +
  'var started=false;' +
  'function go(){var r=d.getElementById("root"),u=r.getAttribute("data-entry");' +
  'if(!u||started)return;started=true;' +
  'add("script",{type:"module",src:u});' +
  'var p=(r.getAttribute("data-preload")||"").split(" ");' +
  'for(var i=0;i<p.length;i++)if(p[i])add("link",{rel:"modulepreload",href:p[i]})}' +
  'function later(){requestAnimationFrame(function(){requestAnimationFrame(function(){' +
  'setTimeout(go,0)})})}' +
  'd.addEventListener("DOMContentLoaded",function(){if(c)go();' +
  'else if(d.readyState==="complete")later();' +
  'else{addEventListener("load",later);setTimeout(go,3000)}})})();';

export const CLIENT_RENDER_SCRIPT_HASH = `'sha256-${createHash('sha256').update(CLIENT_RENDER_SCRIPT).digest('base64')}'`;

/** Hides the visitor's markup in a browser that draws its own page (beside the script). */
export const CLIENT_RENDER_STYLE: string =
  'html[data-client-render] #root[data-ssr]{visibility:hidden}';
