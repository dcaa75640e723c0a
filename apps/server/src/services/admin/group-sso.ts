import { errorText, type RouteAnswer, type RouteBody } from '@portal/domain';
import {
  issuerAddressProblem,
  testSsoConnection,
  type IssuerRules,
} from '../../adapters/sso/connection-test';
import { insertAuditEvent } from '../../db/repositories/audit-events';
import {
  consoleGroupOAuth,
  setConsoleGroupOAuth,
  type GroupOAuth,
} from '../../db/repositories/console-groups';
import { inTransaction } from '../../db/repositories/executor';
import type { OrganisationRecord } from '../../db/repositories/organisations';
import { assertMayAdminister, type Viewer } from '../../policies';
import { invalid, notFound } from '../errors';
import { groupOf } from './groups';
import type { SettingsContext } from './settings';

/**
 * A user group's single sign-on in the console (docs/design.md §15). The secret is write-only:
 * answers and the audit log say only whether one is set. What an administrator may name is
 * bounded, since the server connects where the issuer says and sends the secret there: no
 * `env:NAME` secret (the operator's variables are the operator's), a kept secret only for the
 * issuer it was given for, and no issuer at a private address unless the operator allows it.
 */

export interface GroupSsoContext extends SettingsContext {
  ssoRules: IssuerRules;
}

/** The audit log's record of a sign-on: never the secret. */
const audited = (oauth: GroupOAuth | null) =>
  oauth && {
    issuer: oauth.issuer,
    clientId: oauth.clientId,
    secretSet: oauth.clientSecret !== undefined,
    prompt: oauth.prompt ?? null,
  };

async function assertUsableIssuer(ctx: GroupSsoContext, issuer: string) {
  const problem = await issuerAddressProblem(issuer, ctx.ssoRules);
  if (!problem) return;
  const said =
    problem.problem === 'insecure'
      ? errorText('ssoIssuerInsecure')
      : problem.problem === 'privateAddress'
        ? errorText('ssoIssuerPrivate', { host: problem.host })
        : errorText('ssoIssuerUnknownHost', { host: problem.host });
  throw invalid(said, { issuer: said });
}

export async function saveGroupSso(
  ctx: GroupSsoContext,
  org: OrganisationRecord,
  viewer: Viewer,
  groupId: string,
  body: RouteBody<'saveConsoleGroupSso'>,
  locale: string,
): Promise<RouteAnswer<'saveConsoleGroupSso'>> {
  const actor = assertMayAdminister(viewer);
  const found = await consoleGroupOAuth(ctx.db, org.id, groupId);
  if (!found) throw notFound('groupNotFound');
  const previous = found.oauth;
  let next: GroupOAuth | null = null;
  if (body.sso) {
    const { issuer, clientId, clientSecret, prompt } = body.sso;
    if (clientSecret?.startsWith('env:'))
      throw invalid('ssoSecretFromConsole', { clientSecret: 'ssoSecretFromConsole' });
    await assertUsableIssuer(ctx, issuer);
    // Left out, the secret set stays, for the issuer it was given for only: another issuer
    // would receive it at the next sign-in.
    let secret = clientSecret === undefined ? previous?.clientSecret : (clientSecret ?? undefined);
    if (clientSecret === undefined && secret !== undefined && previous?.issuer !== issuer) {
      throw invalid('ssoSecretForIssuer', { clientSecret: 'ssoSecretForIssuer' });
    }
    if (secret === '') secret = undefined;
    next = {
      issuer,
      clientId,
      ...(secret !== undefined && { clientSecret: secret }),
      ...(prompt !== undefined && { prompt }),
    };
  }
  const secretChanged = (previous?.clientSecret ?? null) !== (next?.clientSecret ?? null);
  const at = ctx.now().toISOString();
  await inTransaction(ctx.db, async (tx) => {
    if (!(await setConsoleGroupOAuth(tx, org.id, groupId, next))) throw notFound('groupNotFound');
    await insertAuditEvent(tx, org.id, {
      actor,
      action: 'group.sso',
      target: `group:${groupId}`,
      detail: secretChanged ? { secret: next?.clientSecret ? 'changed' : 'cleared' } : {},
      before: audited(previous),
      after: next && {
        ...audited(next),
        ...(secretChanged &&
          previous?.clientSecret &&
          next.clientSecret && { secretReplaced: true }),
      },
      at,
    });
  });
  await ctx.caches.changed({ content: { org: org.id } });
  return groupOf(ctx, org, groupId, locale);
}

/** Tests the issuer given (before it is saved) or the group's own. */
export async function testGroupSso(
  ctx: GroupSsoContext,
  org: OrganisationRecord,
  viewer: Viewer,
  groupId: string,
  body: RouteBody<'testConsoleGroupSso'>,
): Promise<RouteAnswer<'testConsoleGroupSso'>> {
  assertMayAdminister(viewer);
  const found = await consoleGroupOAuth(ctx.db, org.id, groupId);
  if (!found) throw notFound('groupNotFound');
  const issuer = body.issuer ?? found.oauth?.issuer;
  if (!issuer) throw invalid('ssoIssuerMissing', { issuer: 'ssoIssuerMissing' });
  return testSsoConnection(issuer, ctx.ssoRules);
}
