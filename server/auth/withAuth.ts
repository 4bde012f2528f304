import type { NextApiResponse } from 'next';
import type { DecodedIdToken } from 'firebase-admin/auth';
import { getDb, type Db } from '@/server/db';
import type { UserRow } from '@/server/db/schema';
import type { ApiRequest, RouteHandler } from '@/server/http/apiHandler';
import { findUser } from '@/server/repositories/userRepository';
import { cachedUser, rememberUser } from './authCache';
import { requireActiveSubscription, requireAdmin } from './permissions';
import { bearerToken, verifyIdToken } from './verifyToken';

export interface AuthContext {
  /** Always from the verified token, never from the body or the path. */
  uid: string;
  email?: string;
  /** The token's `email_verified` claim: only a verified address receives mail or billing receipts. */
  emailVerified: boolean;
  token: DecodedIdToken;
  db: Db;
  /** The backend user; loaded when the route requires a subscription or admin. */
  user?: UserRow;
}

export type AuthedHandler = (req: ApiRequest, res: NextApiResponse, auth: AuthContext) => unknown;

export interface WithAuthOptions {
  require?: 'subscription' | 'admin';
}

/** Verify the bearer token (401), then optionally the subscription or admin group (403). */
export function withAuth(handler: AuthedHandler, options: WithAuthOptions = {}): RouteHandler {
  return async (req, res) => {
    const token = await verifyIdToken(bearerToken(req.headers.authorization));
    const db = await getDb();
    const auth: AuthContext = {
      uid: token.uid,
      email: token.email,
      emailVerified: token.email_verified === true,
      token,
      db,
    };
    if (options.require) {
      let user = cachedUser(token.uid, options.require);
      if (!user) {
        const row = await findUser(db, token.uid);
        if (options.require === 'admin') requireAdmin(row);
        else requireActiveSubscription(row);
        rememberUser(token.uid, options.require, row);
        user = row;
      }
      auth.user = user;
    }
    return handler(req, res, auth);
  };
}
