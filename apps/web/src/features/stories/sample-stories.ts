import { limits } from '@pinhole/contracts';
import { samplePeople, seededRandom, type SamplePerson } from '@/lib/sample-people';

export interface Story {
  id: string;
  user: SamplePerson;
  viewed: boolean;
}

const storiesSeed = 2024;

/** The spec's sample stories: client-only, the same on every visit. */
export function sampleStories(): Story[] {
  const viewedDice = seededRandom(storiesSeed + 1);
  return samplePeople(limits.sampleStoriesCount, storiesSeed).map((user) => ({
    id: `story-${user.id}`,
    user,
    viewed: viewedDice() < 0.35,
  }));
}
