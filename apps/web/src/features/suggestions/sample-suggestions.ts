import { limits } from '@pinhole/contracts';
import { samplePeople, type SamplePerson } from '@/lib/sample-people';

const suggestionsSeed = 1337;

/** The spec's five sample suggestions: client-only, the same on every visit. */
export function sampleSuggestions(): SamplePerson[] {
  return samplePeople(limits.sampleSuggestionsCount, suggestionsSeed);
}
