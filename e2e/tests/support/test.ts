import { test as base, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { longTest } from './limits';

export * from '@playwright/test';

/**
 * Waits, after a page load, until the app has taken over a page the server drew (issue 14): such
 * a page paints before its code runs, and its buttons answer once it has hydrated
 * (`<html data-app-ready>`, apps/web/src/app/app.tsx). A page drawn in the browser, an API answer
 * or a page of another site is not waited for. A person tapping that early has the tap replayed
 * once the page is hydrated (issue 24, e2e/tests/early-clicks.spec.ts); a test clicking that
 * early would test the replay, not the control.
 */
async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document.getElementById('root')?.dataset.ssr === undefined ||
      document.documentElement.hasAttribute('data-app-ready'),
    undefined,
    { timeout: longTest(15_000) },
  );
}

const patched = new WeakSet<Page>();

/** `page.goto` and `page.reload` that return once the app has taken the page over. */
function patchPage(page: Page): void {
  if (patched.has(page)) return;
  patched.add(page);
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args: Parameters<Page['goto']>) => {
    const response = await goto(...args);
    await waitForHydration(page);
    return response;
  };
  page.reload = async (...args: Parameters<Page['reload']>) => {
    const response = await reload(...args);
    await waitForHydration(page);
    return response;
  };
}

function patchContext(context: BrowserContext): BrowserContext {
  for (const page of context.pages()) patchPage(page);
  context.on('page', patchPage);
  return context;
}

/** Playwright's `test`, with every page of every context patched as above. */
export const test = base.extend<object, { browser: Browser }>({
  browser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      const newPage = browser.newPage.bind(browser);
      browser.newContext = async (...args: Parameters<Browser['newContext']>) =>
        patchContext(await newContext(...args));
      browser.newPage = async (...args: Parameters<Browser['newPage']>) => {
        const page = await newPage(...args);
        patchPage(page);
        return page;
      };
      await use(browser);
    },
    { scope: 'worker' },
  ],
  context: async ({ context }, use) => {
    await use(patchContext(context));
  },
  page: async ({ page }, use) => {
    patchPage(page);
    await use(page);
  },
});
