import { call } from '../../../lib/api/client';
import { saveJson } from '../../../lib/api/download';

/**
 * GET /{org}/account/export: everything the portal holds about the signed-in learner (design
 * §18), saved as `{org}-account-{day}.json`; answers the file's name.
 */
export async function downloadAccountData(alias: string): Promise<string> {
  const document = await call('exportAccount', { params: { org: alias } });
  const filename = `${alias}-account-${document.exportedAt.slice(0, 10)}.json`;
  saveJson(document, filename);
  return filename;
}

/**
 * DELETE /{org}/account: erases the signed-in account, confirmed by its password (or, with
 * none, by a log-in within the last 10 minutes). Its token goes with it.
 */
export async function eraseAccount(alias: string, password: string | undefined): Promise<void> {
  await call('eraseAccount', {
    params: { org: alias },
    body: password === undefined ? {} : { password },
  });
}
