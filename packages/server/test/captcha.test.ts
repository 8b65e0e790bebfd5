import { captchaPaths, messages } from '@selfserve/contract';
import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDeps } from '../src/deps.ts';
import { AppError } from '../src/lib/app-error.ts';
import { createCaptchaChallenge, requireCaptcha, sweepCaptchaUses } from '../src/modules/captcha/service.ts';
import { createTestApp, solvedCaptcha, type TestApp, testDatabases } from './helpers.ts';
import { testConfig } from './test-config.ts';

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
const decode = (payload: string) => JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));

/** The refusal every bad captcha gets: 400 with the spec's sentence, on the `captcha` field. */
async function refused(attempt: Promise<unknown>) {
  const err = await attempt.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  const e = err as AppError;
  expect(e.statusCode).toBe(400);
  expect(e.said).toEqual({ code: 'captchaInvalid', message: 'Please Submit the Captcha Correctly.' });
  expect(e.fields).toEqual({ captcha: messages.captchaInvalid });
}

describe.each(testDatabases)('captcha [%s]', (dialect) => {
  let t: TestApp;
  let deps: Pick<AppDeps, 'config' | 'db'>;
  const config = testConfig();

  beforeAll(async () => {
    t = await createTestApp(dialect);
    deps = { config, db: t.database.db };
  });
  afterAll(() => t.close());

  const uses = () => t.database.db.selectFrom('captcha_uses').selectAll().execute();

  it('serves a signed challenge that is never cached and expires in a few minutes', async () => {
    const res = await t.app.inject({ method: 'GET', url: captchaPaths.challenge });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const challenge = res.json() as Challenge;
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.parameters.algorithm).toBe('SHA-256');
    const left = (challenge.parameters.expiresAt ?? 0) - Date.now() / 1000;
    expect(left).toBeGreaterThan(4 * 60);
    expect(left).toBeLessThanOrEqual(5 * 60);
  });

  it('accepts a solved captcha once and records its signature until it expires', async () => {
    const payload = await solvedCaptcha(t.app);
    await expect(requireCaptcha(deps, payload)).resolves.toBeUndefined();
    const { challenge } = decode(payload);
    expect(await uses()).toContainEqual({
      signature: challenge.signature,
      expires_at: new Date(challenge.parameters.expiresAt * 1000).toISOString(),
    });
    await refused(requireCaptcha(deps, payload));
  });

  it('accepts exactly one of concurrent replays', async () => {
    const payload = await solvedCaptcha(t.app);
    const results = await Promise.allSettled(Array.from({ length: 6 }, () => requireCaptcha(deps, payload)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results)
      if (r.status === 'rejected') expect((r.reason as AppError).said.code).toBe('captchaInvalid');
  });

  it('refuses a missing or malformed captcha', async () => {
    for (const payload of [undefined, null, '', 'not base64 at all', encode({}), encode({ challenge: 1 })]) {
      await refused(requireCaptcha(deps, payload));
    }
  });

  it('refuses a wrong answer to a real challenge', async () => {
    const { challenge, solution } = decode(await solvedCaptcha(t.app));
    await refused(
      requireCaptcha(deps, encode({ challenge, solution: { ...solution, counter: solution.counter + 1 } })),
    );
    await refused(requireCaptcha(deps, encode({ challenge, solution: { ...solution, derivedKey: '00'.repeat(32) } })));
  });

  it('refuses a challenge signed with another secret, or one whose parameters were changed', async () => {
    const other = { ...config, captchaSecret: 'another-captcha-secret-another-captcha-secret' };
    const challenge = await createCaptchaChallenge(other);
    const solution = await solveChallenge({ challenge, deriveKey });
    await refused(requireCaptcha(deps, encode({ challenge, solution })));

    // Ours, but with a later expiry written in: the signature no longer matches.
    const { challenge: ours, solution: answer } = decode(await solvedCaptcha(t.app));
    const later = { ...ours, parameters: { ...ours.parameters, expiresAt: ours.parameters.expiresAt + 3600 } };
    await refused(requireCaptcha(deps, encode({ challenge: later, solution: answer })));
  });

  it('refuses an expired challenge, even solved and signed by us', async () => {
    const challenge = await createCaptchaChallenge(config, Date.now() - 6 * 60_000);
    const solution = await solveChallenge({ challenge, deriveKey });
    await refused(requireCaptcha(deps, encode({ challenge, solution })));
  });

  it('sweeps used challenges once they have expired', async () => {
    await t.database.db
      .insertInto('captcha_uses')
      .values({ signature: 'stale', expires_at: new Date(Date.now() - 60 * 60_000).toISOString() })
      .execute();
    await sweepCaptchaUses(t.database.db);
    const left = (await uses()).map((u) => u.signature);
    expect(left).not.toContain('stale');
    expect(left.length).toBeGreaterThan(0);
  });
});
