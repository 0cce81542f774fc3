import type { StoryTray } from '@pinhole/contracts';
import { StoryTile } from './story-tile';
import { YourStoryButton } from './your-story-button';
import { YourStoryTile } from './your-story-tile';

interface StoryTrayTilesProps {
  trays: readonly StoryTray[];
  readerId: string | null;
  /** The reader's username and picture, for Your story without stories. */
  name: string;
  avatarUrl: string | null;
  onAdd: () => void;
}

/**
 * The strip's tiles once the trays are known: Your story, signed in (the reader's own tray when
 * there is one, which the server puts first), then everyone else's in the server's order. Drawn only in
 * the browser, after the trays arrive, so it loads apart from the first screen's script.
 */
export function StoryTrayTiles({ trays, readerId, name, avatarUrl, onAdd }: StoryTrayTilesProps) {
  const own = readerId === null ? undefined : trays.find((tray) => tray.author.id === readerId);
  return (
    <>
      {own ? (
        <YourStoryTile tray={own} onAdd={onAdd} />
      ) : (
        readerId !== null && <YourStoryButton name={name} avatarUrl={avatarUrl} onAdd={onAdd} />
      )}
      {trays
        .filter((tray) => tray !== own)
        .map((tray) => (
          <StoryTile key={tray.author.id} tray={tray} />
        ))}
    </>
  );
}
