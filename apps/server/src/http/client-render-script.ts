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
 * - Otherwise the app's code (`data-entry` on #root) starts once the page has painted, so that
 *   the first paint and the largest image do not share the network with it (issue 14); the
 *   app then hydrates the markup.
 *
 * Allowed by its hash in the content security policy (security-headers.ts); written by
 * routes/web.ts.
 */
export const CLIENT_RENDER_SCRIPT =
  '(function(){var d=document.documentElement,c=false;' +
  'try{var s=localStorage,l=s.getItem("locale");' +
  'c=!!(s.getItem("token")||s.getItem("anonymousWorkbook")||s.getItem("analyticsConsent")||' +
  '(l&&l!==d.lang))}catch(e){}' +
  'if(c)d.setAttribute("data-client-render","");' +
  'function go(){var u=document.getElementById("root").getAttribute("data-entry");if(!u)return;' +
  'var e=document.createElement("script");e.type="module";e.crossOrigin="";e.src=u;' +
  'document.head.appendChild(e)}' +
  'document.addEventListener("DOMContentLoaded",function(){' +
  'if(c)go();else requestAnimationFrame(function(){setTimeout(go,0)})})})();';

export const CLIENT_RENDER_SCRIPT_HASH = `'sha256-${createHash('sha256').update(CLIENT_RENDER_SCRIPT).digest('base64')}'`;

/** Hides the visitor's markup in a browser that draws its own page (beside the script). */
export const CLIENT_RENDER_STYLE: string =
  'html[data-client-render] #root[data-ssr]{visibility:hidden}';
