import {
  adminStatsSchema,
  adminUsersPageSchema,
  auditPageSchema,
  inviteSchema,
  invitesListSchema,
  limits,
  reportSchema,
  reportsPageSchema,
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

const check = <T>(schema: T): T | undefined => (import.meta.env.DEV ? schema : undefined);

/** Everything the admin page caches sits under this prefix. */
export const adminKeys = {
  all: ['admin'] as const,
  reports: (status: ReportStatus) => ['admin', 'reports', status] as const,
  users: (q: string) => ['admin', 'users', q] as const,
  stats: ['admin', 'stats'] as const,
  invites: ['admin', 'invites'] as const,
  audit: ['admin', 'audit'] as const,
};

function pageUrl(path: string, cursor: string | null, extra: Record<string, string> = {}) {
  const params = new URLSearchParams({ limit: String(limits.listDefaultLimit), ...extra });
  if (cursor) params.set('cursor', cursor);
  return `${path}?${params.toString()}`;
}

export function useReports(status: ReportStatus) {
  return useInfiniteQuery({
    queryKey: adminKeys.reports(status),
    queryFn: ({ pageParam, signal }) =>
      apiRequest(pageUrl('/api/admin/reports', pageParam, { status }), check(reportsPageSchema), {
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next_cursor,
  });
}

export function useAdminUsers(q: string) {
  return useInfiniteQuery({
    queryKey: adminKeys.users(q),
    queryFn: ({ pageParam, signal }) =>
      apiRequest(
        pageUrl('/api/admin/users', pageParam, q ? { q } : {}),
        check(adminUsersPageSchema),
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next_cursor,
  });
}

export function useAdminStats() {
  return useQuery({
    queryKey: adminKeys.stats,
    queryFn: ({ signal }) => apiRequest('/api/admin/stats', check(adminStatsSchema), { signal }),
  });
}

export function useInvites() {
  return useQuery({
    queryKey: adminKeys.invites,
    queryFn: ({ signal }) => apiRequest('/api/admin/invites', check(invitesListSchema), { signal }),
  });
}

export function useAuditLog() {
  return useInfiniteQuery({
    queryKey: adminKeys.audit,
    queryFn: ({ pageParam, signal }) =>
      apiRequest(pageUrl('/api/admin/audit', pageParam), check(auditPageSchema), { signal }),
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
      apiRequest(
        `/api/admin/reports/${encodeURIComponent(reportId)}/resolve`,
        check(reportSchema),
        { method: 'POST', body: { action } },
      ),
    onSuccess: () => afterAction(queryClient),
    onError: (error) => console.error('Error resolving the report', error),
  });
}

export function useSetSuspended() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, suspend }: { userId: string; suspend: boolean }) =>
      apiRequest(
        `/api/admin/users/${encodeURIComponent(userId)}/${suspend ? 'suspend' : 'unsuspend'}`,
        undefined,
        { method: 'POST' },
      ),
    onSuccess: () => afterAction(queryClient),
    onError: (error) => console.error('Error suspending', error),
  });
}

export function useCreateInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateInviteInput) =>
      apiRequest('/api/admin/invites', check(inviteSchema), { method: 'POST', body: input }),
    onSuccess: () => afterAction(queryClient),
    onError: (error) => console.error('Error creating the invite', error),
  });
}
