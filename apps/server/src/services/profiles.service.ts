import type { Profile, UpdateProfileRequest } from '@pinhole/contracts';
import type { Kysely, Selectable } from 'kysely';
import type { DB, ProfilesTable } from '../db/schema';
import { notFound } from '../errors';
import { findProfileById, updateProfile } from '../repositories/profiles.repository';

export function toProfile(row: Selectable<ProfilesTable>): Profile {
  return {
    id: row.id,
    username: row.username,
    full_name: row.full_name,
    avatar_url: row.avatar_url,
    bio: row.bio,
    website: row.website,
    is_verified: Boolean(row.is_verified),
    posts_count: Number(row.posts_count),
    followers_count: Number(row.followers_count),
    following_count: Number(row.following_count),
    created_at: row.created_at,
  };
}

export async function getProfile(db: Kysely<DB>, id: string): Promise<Profile> {
  const row = await findProfileById(db, id);
  if (!row) throw notFound();
  return toProfile(row);
}

export async function updateOwnProfile(
  db: Kysely<DB>,
  userId: string,
  patch: UpdateProfileRequest,
): Promise<Profile> {
  const changes: Partial<Pick<ProfilesTable, 'full_name' | 'bio' | 'website'>> = {};
  if (patch.full_name !== undefined) changes.full_name = patch.full_name;
  if (patch.bio !== undefined) changes.bio = patch.bio;
  if (patch.website !== undefined) changes.website = patch.website;
  await updateProfile(db, userId, changes);
  return getProfile(db, userId);
}
