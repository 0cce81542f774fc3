import { Toast } from '@/components/ui/toast';
import { clearFlashMessage, useFlashMessage } from '@/lib/flash-message';

/** Shows the message the app last raised (see `lib/flash-message.ts`), until it leaves. */
export function FlashToast() {
  const message = useFlashMessage();
  if (!message) return null;
  // Keyed: the same words raised twice show (and time out) afresh.
  return (
    <Toast key={message.id} onDone={clearFlashMessage}>
      {message.text}
    </Toast>
  );
}
