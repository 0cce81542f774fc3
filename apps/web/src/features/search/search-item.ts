import { pagePaths, type Hashtag, type ProfileSummary } from '@pinhole/contracts';

/** One row of the search box's list: a person or a hashtag, found now or chosen before. */
export type SearchItem =
  { kind: 'profile'; profile: ProfileSummary } | { kind: 'hashtag'; hashtag: Hashtag };

/** Tells rows apart across answers, and the recent list's duplicates. */
export function itemKey(item: SearchItem): string {
  return item.kind === 'profile' ? `profile:${item.profile.id}` : `hashtag:${item.hashtag.name}`;
}

/** Where choosing the row goes. */
export function itemPath(item: SearchItem): string {
  return item.kind === 'profile'
    ? pagePaths.profile.to(item.profile.username)
    : pagePaths.exploreTag.to(item.hashtag.name);
}
