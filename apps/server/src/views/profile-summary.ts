import { isRemoteUsername, type ProfileSummary } from '@pinhole/contracts';
import type { PersonRow } from '../repositories/people-lists.repository';
import type { Storage } from '../storage/storage';
import { avatarUrl } from '../storage/media-urls';

export function toProfileSummary(
  row: PersonRow,
  storage: Storage,
  followedByMe: boolean,
): ProfileSummary {
  return {
    id: row.id,
    username: row.username,
    full_name: row.full_name,
    avatar_url: avatarUrl(storage, row.avatar_key),
    is_verified: Boolean(row.is_verified),
    followed_by_me: followedByMe,
    is_remote: isRemoteUsername(row.username),
  };
}
