import type { PutDomainBlock } from '@pinhole/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { adminKeys } from './admin';

const domainsKey = [...adminKeys.all, 'domains'] as const;

export function useDomainBlocks() {
  return useQuery({
    queryKey: domainsKey,
    queryFn: ({ signal }) => apiRequest('domainBlocks', { signal }),
  });
}

/**
 * A block (or its end) changes whose posts and profiles every page shows: the admin lists and
 * the audit log are read again, and the readers' pages the next time they are shown.
 */
function useAfterChange() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: adminKeys.all });
    for (const queryKey of [queryKeys.posts, queryKeys.profiles]) {
      await queryClient.invalidateQueries({ queryKey, refetchType: 'none' });
    }
  };
}

export function usePutDomainBlock() {
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: ({ domain, ...body }: PutDomainBlock & { domain: string }) =>
      apiRequest('putDomainBlock', { params: { domain }, body }),
    onSuccess: afterChange,
    onError: (error) => console.error('Error blocking the server', error),
  });
}

export function useRemoveDomainBlock() {
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: (domain: string) => apiRequest('removeDomainBlock', { params: { domain } }),
    onSuccess: afterChange,
    onError: (error) => console.error('Error unblocking the server', error),
  });
}
