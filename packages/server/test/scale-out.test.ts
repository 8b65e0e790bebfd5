import { apiPaths } from '@selfserve/contract';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { AppConfig } from '../src/config.ts';
import { accounts, openTestDatabase, TestClient, type TestDatabase, testDatabases } from './helpers.ts';
import { testConfig } from './test-config.ts';

const redisUrl = process.env.TEST_REDIS_URL;
const stores: Array<{ name: string; config: Partial<AppConfig> }> = [
  { name: 'database sessions', config: {} },
  ...(redisUrl ? [{ name: 'Redis sessions', config: { redisUrl } }] : []),
];

// Two API instances over one database: whatever one instance issues, the other must honour.
describe.each(testDatabases)('several instances [%s]', (dialect) => {
  describe.each(stores)('$name', ({ config }) => {
    let database: TestDatabase;
    let a: FastifyInstance;
    let b: FastifyInstance;
    beforeAll(async () => {
      database = await openTestDatabase(dialect);
      a = await buildApp(testConfig(config), database);
      b = await buildApp(testConfig(config), database);
    });
    afterAll(async () => {
      await a.close();
      await b.close();
      await database.dispose();
    });

    it('signs in on one instance, reads and signs out on the other', async () => {
      const onA = new TestClient(a);
      await onA.signInAs(accounts.paidMember);
      const onB = new TestClient(b);
      onB.cookies = onA.cookies;
      onB.csrf = onA.csrf;
      expect((await onB.get(apiPaths.userInfo)).json().email).toBe(accounts.paidMember);
      expect((await onB.post(apiPaths.addTrack, { event: 'page_view', page: '/home' })).statusCode).toBe(200);
      expect((await onB.post(apiPaths.logout)).statusCode).toBe(200);
      const stale = await a.inject({
        method: 'GET',
        url: apiPaths.userInfo,
        headers: { cookie: `ss_session=${onA.cookies.get('ss_session')}` },
      });
      expect(stale.statusCode).toBe(401);
    });

    const sessionRedis = config.redisUrl;
    if (sessionRedis) {
      it('keeps the session in Redis with an expiry, not in the database', async () => {
        const c = new TestClient(a);
        await c.signInAs(accounts.customer);
        const redis = new Redis(sessionRedis);
        try {
          const keys = await redis.keys('selfserve:session:*');
          expect(keys.length).toBeGreaterThan(0);
          expect(await redis.ttl(keys[0] ?? '')).toBeGreaterThan(0);
        } finally {
          redis.disconnect();
        }
        const rows = await database.db.selectFrom('sessions').select('id').execute();
        expect(rows).toHaveLength(0);
      });
    }
  });
});
