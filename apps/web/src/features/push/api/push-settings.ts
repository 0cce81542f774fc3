import {
  notificationSettingsSchema,
  pushKeySchema,
  pushSubscriptionSchema,
  type NotificationSettings,
  type PushSubscriptionRequest,
} from '@pinhole/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, apiSend } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const check = import.meta.env.DEV;

export function getNotificationSettings(): Promise<NotificationSettings> {
  return apiRequest(
    '/api/me/notification-settings',
    check ? notificationSettingsSchema : undefined,
  );
}

export function putNotificationSettings(
  settings: NotificationSettings,
): Promise<NotificationSettings> {
  return apiRequest(
    '/api/me/notification-settings',
    check ? notificationSettingsSchema : undefined,
    {
      method: 'PUT',
      body: settings,
    },
  );
}

export async function getPushKey(): Promise<string> {
  return (await apiRequest('/api/push/key', check ? pushKeySchema : undefined)).public_key;
}

export function postPushSubscription(subscription: PushSubscriptionRequest) {
  return apiRequest('/api/push/subscriptions', check ? pushSubscriptionSchema : undefined, {
    method: 'POST',
    body: subscription,
  });
}

export function deletePushSubscription(endpoint: string): Promise<void> {
  return apiSend('/api/push/subscriptions', { method: 'DELETE', body: { endpoint } });
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
