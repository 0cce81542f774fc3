import type { NotificationSettings, PushSubscriptionRequest } from '@pinhole/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getNotificationSettings(): Promise<NotificationSettings> {
  return apiRequest('notificationSettings');
}

export function putNotificationSettings(
  settings: NotificationSettings,
): Promise<NotificationSettings> {
  return apiRequest('saveNotificationSettings', { body: settings });
}

export async function getPushKey(): Promise<string> {
  return (await apiRequest('pushKey')).public_key;
}

export function postPushSubscription(subscription: PushSubscriptionRequest) {
  return apiRequest('subscribePush', { body: subscription });
}

export function deletePushSubscription(endpoint: string): Promise<void> {
  return apiRequest('unsubscribePush', { body: { endpoint } });
}

export function useNotificationSettings() {
  return useQuery({ queryKey: queryKeys.notificationSettings, queryFn: getNotificationSettings });
}

export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putNotificationSettings,
    onSuccess: (settings) => queryClient.setQueryData(queryKeys.notificationSettings, settings),
    onError: (error) => console.error('Error saving notification settings', error),
  });
}
