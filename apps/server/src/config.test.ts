import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('configuration', () => {
  it('trusts no proxy unless told, then a hop count or a list of addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16' }).trustProxy).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: must be a hop count/);
  });

  it('takes the scheme and port of mail links from PUBLIC_ORIGIN', () => {
    expect(loadConfig({}).publicOrigin).toBeUndefined();
    expect(loadConfig({ PUBLIC_ORIGIN: 'https://portal.example.com' }).publicOrigin).toEqual({
      protocol: 'https:',
      port: '',
    });
    expect(loadConfig({ PUBLIC_ORIGIN: 'http://portal.test:8080' }).publicOrigin).toEqual({
      protocol: 'http:',
      port: '8080',
    });
    expect(() => loadConfig({ PUBLIC_ORIGIN: 'ftp://x' })).toThrow(/PUBLIC_ORIGIN/);
  });

  it('reads the payment provider and Redis, refusing Stripe without its secrets', () => {
    const embedded = loadConfig({});
    expect(embedded.payments).toEqual({ provider: 'local' });
    expect(embedded.redisUrl).toBeUndefined();
    expect(() => loadConfig({ PAYMENTS: 'stripe' })).toThrow(/STRIPE_SECRET_KEY/);
    const stripe = loadConfig({
      PAYMENTS: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      REDIS_URL: 'redis://127.0.0.1:6379',
    });
    expect(stripe.payments).toEqual({
      provider: 'stripe',
      secretKey: 'sk_test_x',
      webhookSecret: 'whsec_x',
      apiUrl: undefined,
    });
    expect(stripe.redisUrl).toBe('redis://127.0.0.1:6379');
    expect(() => loadConfig({ REDIS_URL: 'http://x' })).toThrow(/REDIS_URL/);
  });

  it('refuses the local test checkout in production, and takes Stripe there', () => {
    // PAYMENTS defaults to local: production without it set is refused, naming what to set.
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PAYMENTS/);
    expect(() => loadConfig({ NODE_ENV: 'production', PAYMENTS: 'local' })).toThrow(
      /PAYMENTS=local .*refused when NODE_ENV=production/,
    );
    // Stripe without its keys is refused there as anywhere.
    expect(() => loadConfig({ NODE_ENV: 'production', PAYMENTS: 'stripe' })).toThrow(
      /STRIPE_SECRET_KEY/,
    );
    const production = loadConfig({
      NODE_ENV: 'production',
      PAYMENTS: 'stripe',
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
    });
    expect(production.payments).toEqual({
      provider: 'stripe',
      secretKey: 'sk_live_x',
      webhookSecret: 'whsec_x',
      apiUrl: undefined,
    });
    // Outside production, the local checkout stays the default.
    expect(loadConfig({ NODE_ENV: 'development' }).payments).toEqual({ provider: 'local' });
  });

  it('waits 60 s for the database at start unless told (0: not at all)', () => {
    expect(loadConfig({}).databaseStartupWaitSeconds).toBe(60);
    expect(loadConfig({ DATABASE_STARTUP_WAIT_SECONDS: '0' }).databaseStartupWaitSeconds).toBe(0);
    expect(() => loadConfig({ DATABASE_STARTUP_WAIT_SECONDS: '-1' })).toThrow(
      /DATABASE_STARTUP_WAIT_SECONDS/,
    );
  });

  it('keeps the metrics on unless METRICS=off', () => {
    expect(loadConfig({}).metricsEnabled).toBe(true);
    expect(loadConfig({ METRICS: 'on' }).metricsEnabled).toBe(true);
    expect(loadConfig({ METRICS: 'off' }).metricsEnabled).toBe(false);
    expect(() => loadConfig({ METRICS: 'false' })).toThrow(/METRICS/);
  });
});
