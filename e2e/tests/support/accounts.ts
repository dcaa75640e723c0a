import { randomBytes } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const DOUGHMAIN = 'doughmain';

/** Demo accounts of content/doughmain.json and content/acme.json (never changed by tests). */
export const DEMO = {
  learner: {
    username: 'learner',
    email: 'learner@doughmain.example',
    password: 'learner-demo-1',
    fullName: 'Camille Tremblay',
  },
  acmeWorker: { username: 'worker', password: 'worker-demo-1', fullName: 'Jordan Lee' },
} as const;

export interface Learner {
  username: string;
  email: string;
  password: string;
  first: string;
  last: string;
}

/** A learner no other test uses: tests that change an account (password, profile) make one. */
export function newLearner(prefix: string): Learner {
  const id = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  return {
    username: `${prefix}-${id}`.slice(0, 40),
    email: `${prefix}-${id}@e2e.example`,
    password: `pw-${randomBytes(6).toString('hex')}`,
    first: 'Robin',
    last: 'Ortega',
  };
}

/** POST /signup through the API: the learner's token. */
export async function signUpByApi(request: APIRequestContext, learner: Learner): Promise<string> {
  const response = await request.post(`/api/org/${DOUGHMAIN}/signup`, {
    data: {
      username: learner.username,
      email: learner.email,
      password: learner.password,
      first: learner.first,
      last: learner.last,
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

export async function loginByApi(
  request: APIRequestContext,
  username: string,
  password: string,
  origin = '',
): Promise<number> {
  const response = await request.post(`${origin}/api/org/${DOUGHMAIN}/login`, {
    data: { username, password },
  });
  return response.status();
}

/** Opens the app signed in with `token` (kept where the app keeps it), at `path`. */
export async function openSignedIn(page: Page, token: string, path: string): Promise<void> {
  await page.goto('/healthz');
  await page.evaluate((value) => window.localStorage.setItem('token', value), token);
  await page.goto(path);
  await expect(page.getByRole('button', { name: /^Account menu/ })).toBeVisible();
}

/** The header's avatar menu button. */
export function avatarButton(page: Page) {
  return page.getByRole('banner').getByRole('button', { name: /^Account menu/ });
}
