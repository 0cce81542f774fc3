import { useParams } from 'react-router-dom';
import { StoryViewer } from '@/features/stories/components/story-viewer';

/**
 * `/stories/:username/:id`: the story viewer, over everything. The id names the story; the
 * username is there for people reading the address.
 */
export function StoryRoute() {
  const { id = '' } = useParams();
  return <StoryViewer storyId={id} />;
}
