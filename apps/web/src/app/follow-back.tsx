import type { ProfileSummary } from '@pinhole/contracts';
import { FollowButton } from '@/features/follows/components/follow-button';

/** A follow notification's button: Follow back, or Following once the reader does. */
export function renderFollowBack(actor: ProfileSummary) {
  return <FollowButton person={actor} followLabel="Follow back" />;
}
