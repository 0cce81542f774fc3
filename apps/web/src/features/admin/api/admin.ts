import {
  limits,
  type CreateInviteInput,
  type ReportResolution,
  type ReportStatus,
} from '@pinhole/contracts';
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Everything the admin page caches sits under this prefix. */
export const adminKeys = {
  all: ['admin'] as const,
  reports: (status: ReportStatus) => ['admin', 'reports', status] as const,
  users: (q: string) => ['admin', 'users', q] as const,
  stats: ['admin', 'stats'] as const,
  invites: ['admin', 'invites'] as const,
  audit: ['admin', 'audit'] as const,
};

/** A page of an admin list, with the list's own filters. */
const pageQuery = (cursor: string | null, filters: Record<string, string> = {}) => ({
  limit: limits.listDefaultLimit,
  ...filters,
  cursor,
});

export function useReports(status: ReportStatus) {
  return useInfiniteQuery({
    queryKey: adminKeys.reports(status),
    queryFn: ({ pageParam, signal }) =>
      apiRequest('adminReports', { query: pageQuery(pageParam, { status }), signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next_cursor,
  });
}

export function useAdminUsers(q: string) {
  return useInfiniteQuery({
    queryKey: adminKeys.users(q),
    queryFn: ({ pageParam, signal }) =>
      apiRequest('adminUsers', { query: pageQuery(pageParam, q ? { q } : {}), signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next_cursor,
  });
}

export function useAdminStats() {
  return useQuery({
    queryKey: adminKeys.stats,
    queryFn: ({ signal }) => apiRequest('adminStats', { signal }),
  });
}

export function useInvites() {
  return useQuery({
    queryKey: adminKeys.invites,
    queryFn: ({ signal }) => apiRequest('invites', { signal }),
  });
}

export function useAuditLog() {
  return useInfiniteQuery({
    queryKey: adminKeys.audit,
    queryFn: ({ pageParam, signal }) =>
      apiRequest('auditLog', { query: pageQuery(pageParam), signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next_cursor,
  });
}

/**
 * An admin action changes the queue, the users, the numbers and the audit log at once, and
 * (removing a post, suspending its author) what every reader sees: all of it is read again.
 */
async function afterAction(queryClient: QueryClient) {
  await queryClient.invalidateQueries({ queryKey: adminKeys.all });
  for (const queryKey of [queryKeys.posts, queryKeys.profiles, queryKeys.stories]) {
    await queryClient.invalidateQueries({ queryKey, refetchType: 'none' });
  }
}

export function useResolveReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reportId, action }: { reportId: string; action: ReportResolution }) =>
      apiRequest('resolveReport', { params: { id: reportId }, body: { action } }),
    onSuccess: () => afterAction(queryClient),
    onError: (error) => console.error('Error resolving the report', error),
  });
}

export function useSetSuspended() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, suspend }: { userId: string; suspend: boolean }) =>
      apiRequest(suspend ? 'suspendUser' : 'unsuspendUser', { params: { id: userId } }),
    onSuccess: () => afterAction(queryClient),
    onError: (error) => console.error('Error suspending', error),
  });
}

export function useCreateInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateInviteInput) => apiRequest('createInvite', { body: input }),
    onSuccess: () => afterAction(queryClient),
    onError: (error) => console.error('Error creating the invite', error),
  });
}
