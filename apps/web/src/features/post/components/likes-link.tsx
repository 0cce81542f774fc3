import { pagePaths } from '@pinhole/contracts';
import { OverlayLink } from '@/lib/overlay-link';

/**
 * "N likes", which opens who liked the post: a dialog over the page on wide screens, the page
 * `/p/:id/liked_by` on phones (and in a new tab), as Instagram's count does.
 */
export function LikesLink({ postId, label }: { postId: string; label: string }) {
  return (
    <p className="text-sm font-semibold">
      <OverlayLink to={pagePaths.likedBy.to(postId)} className="hover:underline">
        {label}
      </OverlayLink>
    </p>
  );
}
