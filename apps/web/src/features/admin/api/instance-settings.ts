import type { Instance, UpdateInstanceInput } from '@pinhole/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { adminKeys } from './admin';

/** What `/about` shows now: the editor starts from it. */
export function useInstanceSettings() {
  return useQuery({
    queryKey: queryKeys.instance,
    queryFn: ({ signal }) => apiRequest('instance', { signal }),
  });
}

/** `PUT /api/admin/instance`: the fields given change, the others are kept. */
export function useUpdateInstance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateInstanceInput) => apiRequest('updateInstance', { body: input }),
    onSuccess: async (instance: Instance) => {
      queryClient.setQueryData(queryKeys.instance, instance);
      await queryClient.invalidateQueries({ queryKey: adminKeys.audit });
    },
    onError: (error) => console.error('Error saving the about page', error),
  });
}
