import { describe, expect, it } from 'vitest';
import { oauthRedirectTarget, redirectOAuthLanding } from './oauth-redirect';

describe('oauthRedirectTarget', () => {
  it('sends an oauth landing outside /sso to /sso, keeping the query', () => {
    expect(oauthRedirectTarget(new URL('http://x/topics?oauth=g1&inviteId=i9'))).toBe(
      '/sso?oauth=g1&inviteId=i9',
    );
  });

  it('leaves /sso and pages without oauth alone', () => {
    expect(oauthRedirectTarget(new URL('http://x/sso?oauth=g1'))).toBeNull();
    expect(oauthRedirectTarget(new URL('http://x/topics?q=1'))).toBeNull();
  });
});

describe('redirectOAuthLanding', () => {
  it('stores the original address in oAuthOriginUrl and moves to /sso', () => {
    window.history.replaceState(null, '', '/topic/t1?oauth=g1#top');
    redirectOAuthLanding();
    expect(window.localStorage.getItem('oAuthOriginUrl')).toBe('/topic/t1?oauth=g1#top');
    expect(window.location.pathname + window.location.search).toBe('/sso?oauth=g1');
  });
});
