import type { NotificationPage, Profile, ProfileSummary, StoryViewers } from '@pinhole/contracts';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';

/** What a follow changes about a person, wherever they are cached. */
export interface FollowFields {
  followed_by_me: boolean;
  requested_by_me?: boolean;
  followers_count?: number;
}

type SummaryList = { profiles: ProfileSummary[] };
type PeopleData = SummaryList | InfiniteData<SummaryList, string | null>;

function patchList(list: SummaryList, id: string, fields: FollowFields): SummaryList {
  if (!list.profiles.some((person) => person.id === id)) return list;
  return {
    ...list,
    profiles: list.profiles.map((person) =>
      // `requested_by_me` is not part of a summary, but a Follow button in a list reads it: a
      // request to a private account shows as Requested there too.
      person.id === id
        ? {
            ...person,
            followed_by_me: fields.followed_by_me,
            requested_by_me: fields.requested_by_me,
          }
        : person,
    ),
  };
}

/**
 * Applies a follow to the person with `id` in every cached profile (`/:username`) and every
 * cached list of people (suggestions, followers, following), so each button agrees at once.
 */
export function updateCachedPerson(
  queryClient: QueryClient,
  id: string,
  fields: FollowFields,
): void {
  queryClient.setQueriesData<Profile>({ queryKey: queryKeys.profiles }, (profile) =>
    profile && profile.id === id ? { ...profile, ...fields } : profile,
  );
  queryClient.setQueriesData<PeopleData>({ queryKey: queryKeys.people }, (data) => {
    if (!data) return data;
    if ('pages' in data)
      return { ...data, pages: data.pages.map((list) => patchList(list, id, fields)) };
    return patchList(data, id, fields);
  });
  // A follow notification's Follow back button reads its actor.
  // (The same prefix holds the unread count, a number.)
  queryClient.setQueriesData<InfiniteData<NotificationPage, string | null> | number>(
    { queryKey: queryKeys.notifications },
    (data) => (typeof data === 'object' ? patchNotifications(data, id, fields) : data),
  );
  // The people who saw one of the reader's stories each have a Follow button too.
  queryClient.setQueriesData<StoryViewers>(
    { queryKey: queryKeys.storyViewersAll },
    (data) => data && patchViewers(data, id, fields),
  );
}

function patchViewers(data: StoryViewers, id: string, fields: FollowFields): StoryViewers {
  if (!data.viewers.some((viewer) => viewer.profile.id === id)) return data;
  return {
    ...data,
    viewers: data.viewers.map((viewer) =>
      viewer.profile.id === id
        ? {
            ...viewer,
            profile: {
              ...viewer.profile,
              followed_by_me: fields.followed_by_me,
              requested_by_me: fields.requested_by_me,
            },
          }
        : viewer,
    ),
  };
}

function patchNotifications(
  data: InfiniteData<NotificationPage, string | null>,
  id: string,
  fields: FollowFields,
): InfiniteData<NotificationPage, string | null> {
  return {
    ...data,
    pages: data.pages.map((page) =>
      page.notifications.some((item) => item.actor.id === id)
        ? {
            ...page,
            notifications: page.notifications.map((item) =>
              item.actor.id === id
                ? {
                    ...item,
                    actor: {
                      ...item.actor,
                      followed_by_me: fields.followed_by_me,
                      requested_by_me: fields.requested_by_me,
                    },
                  }
                : item,
            ),
          }
        : page,
    ),
  };
}

/** The person as a cached profile holds them, to know the count and the privacy before a click. */
export function findCachedProfile(queryClient: QueryClient, id: string): Profile | undefined {
  for (const [, profile] of queryClient.getQueriesData<Profile>({ queryKey: queryKeys.profiles })) {
    if (profile?.id === id) return profile;
  }
  return undefined;
}
