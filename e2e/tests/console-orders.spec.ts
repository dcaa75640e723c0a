import { randomBytes } from 'node:crypto';
import { expectNoAxeViolations } from './support/app';
import { LAPTOP, PHONE, type Combo } from './support/combos';
import { t } from './support/i18n';
import {
  CONSOLE_ADMIN,
  CONSOLE_ORG,
  CONSOLE_SITE,
  docsShot,
  openConsoleAsAdmin,
} from './support/console';
import { longTest } from './support/limits';
import { expect, test } from './support/test';

/**
 * Issue 27: the console's orders. A bundle of this test's own is bought (3 seats, paid); the
 * administrator finds the order by its bundle, reads its seats, refunds it after a confirmation
 * that says what happens to the seats, sees the seats taken back, and reads the refund in the
 * audit log with its state before and after. On the console's own organisation.
 */

const RUNS: Combo[] = [
  { locale: 'en-US', viewport: LAPTOP },
  { locale: 'fr-CA', viewport: PHONE },
];
const API = `/api/org/${CONSOLE_ORG}`;

for (const run of RUNS) {
  test(`${run.locale} ${run.viewport.width}: an administrator finds an order and refunds it, its unused seats taken back`, async ({
    page,
  }) => {
    test.setTimeout(longTest(90_000));
    const { locale } = run;
    const suffix = randomBytes(3).toString('hex');
    const bundleId = `seats-${suffix}`;
    const bundleName = `Seats ${suffix}`;
    const login = await page.request.post(`${API}/login`, {
      data: { username: CONSOLE_ADMIN.username, password: CONSOLE_ADMIN.password },
    });
    const headers = { authorization: `Bearer ${(await login.json()).token as string}` };
    const created = await page.request.post(`${API}/admin/bundles`, {
      headers,
      data: { bundle: { _id: bundleId, name: bundleName, price: 30, userGroup: 'acme-staff' } },
    });
    expect(created.status(), await created.text()).toBe(201);
    const bought = await page.request.post(`${API}/bundle/${bundleId}/purchase`, {
      headers,
      data: { quantity: 3 },
    });
    expect(bought.status(), await bought.text()).toBe(200);
    const orderId = String((await bought.json()).checkoutSession.url)
      .split('/')
      .pop()!;
    const paid = await page.request.post(`${API}/order/${orderId}/pay`, { headers });
    expect(paid.status(), await paid.text()).toBe(200);
    // The job runner hands the seats out just after the payment.
    await expect
      .poll(async () => {
        const res = await page.request.get(`${API}/admin/orders/${orderId}`, { headers });
        return (await res.json()).order.status as string;
      })
      .toBe('fulfilled');

    await openConsoleAsAdmin(page, run, '/admin/orders');
    await expect(
      page.getByRole('heading', { level: 1, name: t(locale, 'admin.orders.title') }),
    ).toBeVisible();
    await page.getByLabel(t(locale, 'admin.orders.filter.bundle')).selectOption(bundleId);
    await page.getByRole('button', { name: t(locale, 'admin.orders.filter.apply') }).click();
    await expect(page).toHaveURL(new RegExp(`bundle=${bundleId}`));
    const list = page.getByRole('list', { name: t(locale, 'admin.orders.list') });
    const row = list.getByRole('listitem');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(bundleName);
    await expect(row).toContainText(t(locale, 'admin.orders.state.fulfilled'));
    await expect(row).toContainText(
      t(locale, 'admin.orders.seats', { count: 3, used: 0, unused: 3, revoked: 0 }),
    );
    await expectNoAxeViolations(page);

    await row.getByRole('button', { name: new RegExp(t(locale, 'admin.orders.refund')) }).click();
    const dialog = page.getByRole('dialog', { name: t(locale, 'admin.orders.refundTitle') });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(CONSOLE_ADMIN_NAME);
    await expectNoAxeViolations(page);
    await docsShot(page, `console-orders-${locale}-${run.viewport.width}`);
    // Escape keeps the order; the keyboard reaches the confirmation.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await row.getByRole('button', { name: new RegExp(t(locale, 'admin.orders.refund')) }).focus();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: t(locale, 'admin.orders.confirmRefund') }).click();
    await expect(dialog).toBeHidden();
    await expect(page.locator('.message-box--success')).toContainText(
      t(locale, 'admin.orders.refunded', { buyer: CONSOLE_ADMIN_NAME, taken: 3, inUse: 0 }),
    );
    await expect(row).toContainText(t(locale, 'admin.orders.state.refunded'));
    await expect(row.getByRole('button')).toHaveCount(0);

    // The audit log has the refund, its state and seats before and after.
    await page.goto(`${CONSOLE_SITE}/admin/audit?target=${encodeURIComponent(`order:${orderId}`)}`);
    const rows = page.getByRole('table', { name: t(locale, 'admin.audit.table') }).getByRole('row');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(1)).toContainText(t(locale, 'admin.audit.action.order.refund'));
    await expect(rows.nth(1)).toContainText(
      `${t(locale, 'admin.audit.key.status')}: fulfilled → refunded`,
    );
    await expectNoAxeViolations(page);
  });
}

/** The console administrator's name as the orders show a buyer (playwright.config.ts). */
const CONSOLE_ADMIN_NAME = 'Camille Roy';
