import { expect, test } from './support/test';
import { avatarButton, DOUGHMAIN, newLearner, openSignedIn, signUpByApi } from './support/accounts';
import { makePng } from './support/png';

test.describe('profile page (docs/product-spec.md §2, §4 inline edit)', () => {
  test('Enter saves a field; the header follows; the change survives a reload', async ({
    page,
  }) => {
    const learner = newLearner('profile');
    const token = await signUpByApi(page.request, learner);
    await openSignedIn(page, token, '/account');
    await expect(page.getByRole('heading', { level: 1, name: 'My profile' })).toBeVisible();
    await expect(page.getByText(learner.email)).toBeVisible();

    const first = page.getByLabel('First name', { exact: true });
    await expect(first).toHaveValue(learner.first);
    await expect(page.getByRole('button', { name: 'Save First name' })).toHaveCount(0);
    await first.fill('  Zoé  ');
    await expect(page.getByRole('button', { name: 'Save First name' })).toBeVisible();
    await expect(
      page.getByRole('button', { name: 'Cancel the change to First name' }),
    ).toBeVisible();
    await first.press('Enter');
    await expect(page.getByRole('button', { name: 'Save First name' })).toHaveCount(0);
    await expect(first).toHaveValue('Zoé');
    await expect(avatarButton(page)).toHaveText('Z');
    await expect(avatarButton(page)).toHaveAccessibleName(`Account menu, Zoé ${learner.last}`);

    const phone = page.getByLabel('Phone number', { exact: true });
    await phone.fill('+1 514 555 0100');
    await phone.press('Enter');
    await expect(page.getByRole('button', { name: 'Save Phone number' })).toHaveCount(0);

    await page.reload();
    await expect(page.getByLabel('First name', { exact: true })).toHaveValue('Zoé');
    await expect(page.getByLabel('Phone number', { exact: true })).toHaveValue('+1 514 555 0100');
    const account = await page.request.get(`/api/org/${DOUGHMAIN}/account/settings`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(
      ((await account.json()) as { account: { name: { first: string } } }).account.name.first,
    ).toBe('Zoé');
  });

  test('Cancel and Escape restore the original and save nothing', async ({ page }) => {
    const learner = newLearner('cancel');
    const token = await signUpByApi(page.request, learner);
    await openSignedIn(page, token, '/account');

    const company = page.getByLabel('Company', { exact: true });
    await company.fill('Not saved Inc.');
    await page.getByRole('button', { name: 'Cancel the change to Company' }).click();
    await expect(company).toHaveValue('');
    await expect(company).toBeFocused();

    const last = page.getByLabel('Last name', { exact: true });
    await last.fill('Changed');
    await last.press('Escape');
    await expect(last).toHaveValue(learner.last);

    await page.reload();
    await expect(page.getByLabel('Company', { exact: true })).toHaveValue('');
    await expect(page.getByLabel('Last name', { exact: true })).toHaveValue(learner.last);
  });
});

test.describe('profile picture (docs/product-spec.md §4, §5)', () => {
  test('uploads a PNG, shows it in the header, and removes it', async ({ page }) => {
    const learner = newLearner('picture');
    const token = await signUpByApi(page.request, learner);
    await openSignedIn(page, token, '/account');
    await expect(avatarButton(page)).toHaveText('R');

    await page.getByLabel('Choose an image').setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: makePng(),
    });
    await expect(page.getByText('Profile picture updated.')).toBeVisible();
    const picture = page.getByRole('img', { name: 'Your profile picture' });
    await expect(picture).toHaveAttribute('src', /\/uploads\//);
    const src = await picture.getAttribute('src');
    await expect(avatarButton(page).locator('img')).toHaveAttribute('src', src ?? '');
    expect((await page.request.get(src ?? '')).status()).toBe(200);

    await page.reload();
    await expect(avatarButton(page).locator('img')).toHaveAttribute('src', src ?? '');

    await page.getByRole('button', { name: 'Remove picture' }).click();
    await expect(page.getByText('Profile picture removed.')).toBeVisible();
    await expect(page.getByRole('img', { name: 'Your profile picture' })).toHaveCount(0);
    await expect(avatarButton(page)).toHaveText('R');
  });

  test('refuses a file that is not an image before uploading', async ({ page }) => {
    const learner = newLearner('badfile');
    const token = await signUpByApi(page.request, learner);
    await openSignedIn(page, token, '/account');
    let uploads = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/upload')) uploads++;
    });
    await page.getByLabel('Choose an image').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('just some text, long enough to be over one hundred bytes '.repeat(3)),
    });
    await expect(page.getByRole('alert')).toHaveText(
      'File type must be image/png, image/jpeg, image/gif or image/webp',
    );
    await page.getByLabel('Choose an image').setInputFiles({
      name: 'tiny.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(50),
    });
    await expect(page.getByRole('alert')).toHaveText('File is smaller than 100 bytes');
    expect(uploads).toBe(0);
  });

  test('a visitor is asked to log in', async ({ page }) => {
    await page.goto('/account');
    await page.getByRole('main').getByRole('link', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/signin\?returnTo=%2Faccount$/);
  });
});
