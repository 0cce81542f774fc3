import type { AuthResponse, SignInRequest, SignUpRequest } from '@pinhole/contracts';
import { messages } from '@pinhole/contracts';
import type { Kysely } from 'kysely';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../auth/password';
import {
  hashSessionToken,
  newSessionToken,
  sessionLifetimeMs,
  sessionRefreshAfterMs,
} from '../auth/session-token';
import { uniqueViolation } from '../db/errors';
import type { DB } from '../db/schema';
import { AppError, conflictFor } from '../errors';
import { newId, nowIso } from '../ids';
import {
  findProfileById,
  insertProfile,
  usernameExists,
} from '../repositories/profiles.repository';
import {
  deleteSession,
  extendSession,
  findLiveSession,
  insertSession,
} from '../repositories/sessions.repository';
import { emailExists, findUserByEmail, insertUser } from '../repositories/users.repository';
import { toProfile } from './profiles.service';
import type { ReadCaches } from './read-caches';

export interface Viewer {
  userId: string;
  email: string;
  tokenHash: string;
  /** Set when this request slid the session forward: the cookie is sent again. */
  renewedExpiresAt?: string;
}

async function startSession(db: Kysely<DB>, userId: string) {
  const token = newSessionToken();
  const now = new Date();
  const expiresAt = new Date(now.getTime() + sessionLifetimeMs).toISOString();
  await insertSession(db, {
    id: hashSessionToken(token),
    user_id: userId,
    created_at: now.toISOString(),
    expires_at: expiresAt,
  });
  return { token, expires_at: expiresAt };
}

async function authResponse(db: Kysely<DB>, userId: string, email: string): Promise<AuthResponse> {
  const profile = await findProfileById(db, userId);
  if (!profile) throw new Error(`Profile missing for user ${userId}`);
  const session = await startSession(db, userId);
  return { user: { id: userId, email }, profile: toProfile(profile), session };
}

/** Creates the user and their profile in one transaction, then a session. */
export async function signUp(db: Kysely<DB>, input: SignUpRequest): Promise<AuthResponse> {
  const [emailTaken, usernameTaken] = await Promise.all([
    emailExists(db, input.email),
    usernameExists(db, input.username),
  ]);
  if (emailTaken || usernameTaken) throw conflictFor(emailTaken, usernameTaken);

  const passwordHash = await hashPassword(input.password);
  const userId = newId();
  const createdAt = nowIso();
  try {
    await db.transaction().execute(async (trx) => {
      await insertUser(trx, {
        id: userId,
        email: input.email,
        password_hash: passwordHash,
        created_at: createdAt,
      });
      await insertProfile(trx, {
        id: userId,
        username: input.username,
        full_name: input.full_name,
        avatar_url: null,
        bio: null,
        website: null,
        created_at: createdAt,
      });
    });
  } catch (error) {
    // Two sign-ups raced past the checks above: the unique index decides, the loser gets 409.
    const violated = uniqueViolation(error);
    if (violated === null) throw error;
    throw conflictFor(violated.includes('email'), !violated.includes('email'));
  }
  return authResponse(db, userId, input.email);
}

/** The same status, body and (one hash) timing for an unknown email and a wrong password. */
export async function signIn(db: Kysely<DB>, input: SignInRequest): Promise<AuthResponse> {
  const user = await findUserByEmail(db, input.email);
  const valid = user
    ? await verifyPassword(user.password_hash, input.password)
    : await verifyAgainstDummy(input.password);
  if (!user || !valid) throw new AppError('invalid_credentials', messages.invalidCredentials);
  return authResponse(db, user.id, user.email);
}

export async function signOut(db: Kysely<DB>, token: string): Promise<void> {
  await deleteSession(db, hashSessionToken(token));
}

/**
 * The viewer behind a token, sliding the session's expiry forward at most once an hour. With
 * `cached`, the session row comes from the session cache while the content version holds (a
 * sign-out deletes a row, which moves the version); expiry is still checked on every request.
 */
export async function resolveViewer(
  db: Kysely<DB>,
  token: string,
  cached?: { sessions: ReadCaches['sessions']; version: string },
): Promise<Viewer | null> {
  const tokenHash = hashSessionToken(token);
  const now = Date.now();
  const nowIso = new Date(now).toISOString();
  const found = cached
    ? await cached.sessions.get(
        cached.version,
        tokenHash,
        async () => (await findLiveSession(db, tokenHash, nowIso)) ?? null,
      )
    : await findLiveSession(db, tokenHash, nowIso);
  if (!found || Date.parse(found.expires_at) <= now) return null;
  const viewer: Viewer = { userId: found.user_id, email: found.email, tokenHash };
  const renewBefore = now + sessionLifetimeMs - sessionRefreshAfterMs;
  if (Date.parse(found.expires_at) < renewBefore) {
    const expiresAt = new Date(now + sessionLifetimeMs).toISOString();
    await extendSession(db, tokenHash, expiresAt);
    viewer.renewedExpiresAt = expiresAt;
  }
  return viewer;
}
