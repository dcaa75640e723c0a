// The server's rendering of the first paint (issue 14): the same React tree as main.tsx, drawn
// for a visitor with the data the page carries (lib/boot-data.ts), so that a first visit paints
// before its JavaScript has run; the browser then hydrates it. Built by `vite build --ssr`
// (apps/web/package.json) and called by apps/server/src/routes/web.ts.
import './zod-config';
import { PassThrough } from 'node:stream';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import type { ReactNode } from 'react';
import { AppTree } from './app/app';
import { loadCatalog, loadLaterMessages } from './app/i18n/messages';
import { preloadRoute } from './app/routes';
import { createQueryClient } from './app/query-client';
import { themeVariables } from './app/theme/theme-variables';
import { seedQueries, type BootData } from './lib/boot-data';

export interface ServerRenderInput {
  /** The page's path and query, as asked for. */
  url: string;
  /** What the page carries for a visitor (apps/server/src/routes/web.ts, bootData). */
  boot: BootData;
  /** Scheme and host, for the addresses the page shows (share links). */
  origin: string;
  /** Drawn for a phone (the server's guess from the User-Agent). */
  isPhone: boolean;
  /** Stops the rendering (the server's time limit). */
  signal?: AbortSignal;
}

export interface ServerRenderOutput {
  /** The markup inside #root. */
  html: string;
  /** The theme's custom properties, for `<html style>` (what applyTheme sets in the browser). */
  themeStyle: string;
}

/** The markup of `url`'s first paint, with every screen's code and message loaded. */
export async function render({
  url,
  boot,
  origin,
  isPhone,
  signal,
}: ServerRenderInput): Promise<ServerRenderOutput> {
  // With the screen's code loaded first nothing suspends: the markup comes whole, without the
  // inline scripts React adds to fill in a boundary that finished later.
  await Promise.all([loadCatalog(boot.locale), loadLaterMessages(), preloadRoute(url)]);
  const queryClient = createQueryClient();
  seedQueries(queryClient, boot);
  const errors: unknown[] = [];
  const router = (children: ReactNode) => <StaticRouter location={url}>{children}</StaticRouter>;
  const { prelude } = await prerenderToNodeStream(
    <AppTree
      queryClient={queryClient}
      page={{ origin, isPhone, isDrawnOnServer: true }}
      router={router}
    />,
    {
      signal,
      // Every boundary inline, however large: React would send a large one apart, filled in by
      // an inline script that the page's script policy does not allow.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError(error) {
        errors.push(error);
      },
    },
  );
  // A screen that failed on the server is drawn by the browser: better no markup than half.
  if (errors.length > 0)
    throw errors[0] instanceof Error ? errors[0] : new Error(String(errors[0]));
  const chunks: Buffer[] = [];
  for await (const chunk of prelude.pipe(new PassThrough())) chunks.push(chunk as Buffer);
  queryClient.clear();
  return {
    html: Buffer.concat(chunks).toString('utf8'),
    themeStyle: Object.entries(themeVariables(boot.org.theme))
      .map(([name, value]) => `${name}:${value}`)
      .join(';'),
  };
}
