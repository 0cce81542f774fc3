import type { Profile, UpdateProfileRequest } from '@pinhole/contracts';
import type { Selectable } from 'kysely';
import type { Infrastructure } from '../context';
import type { ProfilesTable } from '../db/schema';
import { notFound } from '../errors';
import {
  findProfileById,
  findProfileByUsername,
  updateProfile,
} from '../repositories/profiles.repository';
import type { Storage } from '../storage/storage';
import { avatarUrl } from './media-urls';

export function toProfile(row: Selectable<ProfilesTable>, storage: Storage): Profile {
  return {
    id: row.id,
    username: row.username,
    full_name: row.full_name,
    avatar_url: avatarUrl(storage, row.avatar_key),
    bio: row.bio,
    website: row.website,
    is_verified: Boolean(row.is_verified),
    posts_count: Number(row.posts_count),
    followers_count: Number(row.followers_count),
    following_count: Number(row.following_count),
    created_at: row.created_at,
  };
}

export class ProfilesService {
  constructor(private readonly infra: Infrastructure) {}

  async get(id: string): Promise<Profile> {
    const row = await findProfileById(this.infra.database.db, id);
    if (!row) throw notFound();
    return toProfile(row, this.infra.storage);
  }

  /** By username in any case: `/:username` pages and links. */
  async getByUsername(username: string): Promise<Profile> {
    const row = await findProfileByUsername(this.infra.database.db, username);
    if (!row) throw notFound();
    return toProfile(row, this.infra.storage);
  }

  async updateOwn(userId: string, patch: UpdateProfileRequest): Promise<Profile> {
    const changes: Partial<Pick<ProfilesTable, 'full_name' | 'bio' | 'website'>> = {};
    if (patch.full_name !== undefined) changes.full_name = patch.full_name;
    if (patch.bio !== undefined) changes.bio = patch.bio;
    if (patch.website !== undefined) changes.website = patch.website;
    await updateProfile(this.infra.database.db, userId, changes);
    await this.infra.events.publish({ type: 'profile.updated', profileId: userId });
    return this.get(userId);
  }
}
