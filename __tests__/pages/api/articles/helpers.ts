// Shared set-up of the article API tests: every article route on a real HTTP port, a fresh
// database, and real Auth emulator accounts for an admin, an investor and a newcomer.
import * as adminArticles from '@/pages/api/v1/admin/articles/index';
import * as adminArticleById from '@/pages/api/v1/admin/articles/[id]';
import * as adminImages from '@/pages/api/v1/admin/images';
import * as publicArticles from '@/pages/api/v1/articles/index';
import * as publicArticle from '@/pages/api/v1/articles/[language]/[slug]';
import * as imageById from '@/pages/api/v1/images/[id]';
import { setDbHandle, type DbHandle } from '@/server/db';
import { users } from '@/server/db/schema';
import { clearAuthCaches } from '@/server/auth/authCache';
import { startApiServer, type TestServer } from '../../../helpers/apiServer';
import { openTestDatabase, type TestDbKind } from '../../../helpers/db';
import { createTestAccount, type TestAccount } from '../../../helpers/emulator';

export const ROUTES = {
  '/api/v1/admin/articles': adminArticles,
  '/api/v1/admin/articles/[id]': adminArticleById,
  '/api/v1/admin/images': adminImages,
  '/api/v1/articles': publicArticles,
  '/api/v1/articles/[language]/[slug]': publicArticle,
  '/api/v1/images/[id]': imageById,
};

export interface Ctx {
  server: TestServer;
  db: DbHandle;
  admin: TestAccount;
  investor: TestAccount;
  newcomer: TestAccount;
}

export async function setUp(kind: TestDbKind): Promise<Ctx> {
  const db = await openTestDatabase(kind);
  setDbHandle(db);
  const server = await startApiServer(ROUTES);
  const [admin, investor, newcomer] = await Promise.all([
    createTestAccount('admin'),
    createTestAccount('investor'),
    createTestAccount('newcomer'),
  ]);
  const row = (a: TestAccount, groupId: number, subscriptionStatus: string, firstName: string) => ({
    uid: a.uid,
    email: a.email,
    firstName,
    lastName: 'Test',
    acceptTerms: true,
    groupId,
    subscriptionStatus,
  });
  await db.db
    .insert(users)
    .values([
      row(admin, 1, 'active', 'Astrid'),
      row(investor, 2, 'active', 'Ingrid'),
      row(newcomer, 2, 'inactive', 'Nils'),
    ]);
  return { server, db, admin, investor, newcomer };
}

export async function tearDown(ctx: Ctx | undefined): Promise<void> {
  if (!ctx) return;
  await ctx.server.close();
  setDbHandle(undefined);
  clearAuthCaches();
  await ctx.db.close();
}

export const errorOf = (body: unknown) =>
  (body as { error: { code: string; message: string; details?: unknown } }).error;

/** The smallest valid PNG header (8-byte signature + IHDR start): enough for the type check. */
export const PNG_BYTES = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d49484452000000010000000108060000001f15c489', 'hex'),
]);
