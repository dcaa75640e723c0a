import { errorText } from '@portal/domain';
import type { SsoProviderSettings } from '../../adapters/sso/sso';
import { SsoError } from '../../adapters/sso/sso';
import { DEV_OIDC } from '../../adapters/sso/dev-provider';
import type { OrganisationRecord } from '../../db/repositories/organisations';
import { DomainError, invalid, unavailable } from '../errors';
import { type SsoContext, type SsoGroup } from './context';

/**
 * The issuer to ask: the group's, except that with DEV_OIDC=on the demo pack's development
 * issuer (`http://localhost:{any port}/dev-oidc`) is the provider this server mounts, so the
 * demo signs in whatever PORT the server has (issue 24, point 13).
 */
function providerIssuer(ctx: SsoContext, issuer: string): string {
  const dev = ctx.options.devOidcIssuer;
  if (!dev) return issuer;
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    return issuer;
  }
  const local = url.hostname === 'localhost' || url.hostname === '127.0.0.1';
  const isDemo =
    url.protocol === 'http:' && local && url.pathname.replace(/\/$/, '') === DEV_OIDC.path;
  return isDemo ? dev : issuer;
}

/** The provider settings of a group with its secret resolved; never logged or answered. */
export function providerSettings(
  ctx: SsoContext,
  org: OrganisationRecord,
  group: SsoGroup,
): SsoProviderSettings {
  const { clientId, clientSecret } = group.oauth;
  const issuer = providerIssuer(ctx, group.oauth.issuer);
  if (clientSecret === undefined) return { issuer, clientId };
  if (!clientSecret.startsWith('env:')) return { issuer, clientId, clientSecret };
  const name = clientSecret.slice('env:'.length);
  const value = ctx.options.secretFromEnv(name);
  if (!value) {
    ctx.log.error(
      { org: org.alias, group: group._id, variable: name },
      'the client secret of a single sign-on group is not set in the environment',
    );
    throw unavailable('ssoUnavailable');
  }
  return { issuer, clientId, clientSecret: value };
}

export function failure(
  ctx: SsoContext,
  org: OrganisationRecord,
  group: SsoGroup,
  err: unknown,
): DomainError {
  if (err instanceof DomainError) return err;
  if (!(err instanceof SsoError)) throw err;
  ctx.log.warn(
    { org: org.alias, group: group._id, issuer: group.oauth.issuer, reason: err.message },
    `single sign-on failed (${err.kind})`,
  );
  if (err.kind === 'unreachable') return unavailable('ssoUnavailable');
  if (err.kind === 'refused')
    return invalid(
      err.providerMessage
        ? errorText('ssoRefusedWithReason', { reason: err.providerMessage })
        : 'ssoRefused',
    );
  return invalid('ssoNotVerified');
}
