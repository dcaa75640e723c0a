import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../app/app';
import { createQueryClient } from '../app/query-client';
import { sampleBundle, sampleOrganisation } from '../test/sample-organisation';
import { BOOT_DATA_ID, readBootData, seedQueries } from './boot-data';

function putBootData(data: unknown) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = BOOT_DATA_ID;
  // As the server writes it: `<` escaped.
  script.textContent = JSON.stringify(data).replace(/</g, '\\u003c');
  document.head.append(script);
  const meta = document.createElement('meta');
  meta.name = 'portal-org';
  meta.content = 'sample';
  document.head.append(meta);
}

const requests: string[] = [];
beforeEach(() => {
  requests.length = 0;
  window.history.replaceState(null, '', '/');
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL) => {
      requests.push(String(input));
      return new Promise<Response>(() => {});
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.getElementById(BOOT_DATA_ID)?.remove();
});

function renderSeeded() {
  // The app's own client: its answers stay fresh a minute, so seeded ones are not asked again.
  const queryClient = createQueryClient();
  seedQueries(queryClient);
  return render(<App queryClient={queryClient} />);
}

describe('the first paint from the page’s data', () => {
  const org = sampleOrganisation({
    homePage: { ...sampleOrganisation().homePage, title: 'A <b>' },
  });

  it('shows a visitor the home page without asking the API for the organisation', async () => {
    putBootData({ locale: 'en-US', org, bundles: [sampleBundle()] });
    expect(readBootData()?.org.homePage.title).toBe('A <b>');
    renderSeeded();
    expect(await screen.findByRole('heading', { level: 1, name: 'A <b>' })).toBeDefined();
    expect(requests.filter((url) => /\/api\/org\/sample(?:\?|\/bundle|$)/.test(url))).toEqual([]);
  });

  it('asks the API as before for a signed-in learner (who may see more)', async () => {
    putBootData({ locale: 'en-US', org, bundles: [] });
    window.localStorage.setItem('token', 'secret');
    renderSeeded();
    expect(await screen.findByRole('status')).toBeDefined();
    expect(requests.some((url) => url.startsWith('/api/org/sample'))).toBe(true);
  });

  it('asks the API for another locale than the data’s', async () => {
    putBootData({ locale: 'en-US', org, bundles: [] });
    window.localStorage.setItem('locale', 'fr-CA');
    renderSeeded();
    await screen.findAllByRole('status');
    expect(requests.some((url) => url.includes('locale=fr-CA'))).toBe(true);
  });
});
