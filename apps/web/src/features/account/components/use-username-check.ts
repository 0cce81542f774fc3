import { messages, usernameSchema, type Profile } from '@pinhole/contracts';
import { useEffect, useState } from 'react';
import { apiRequest } from '@/lib/api-client';

/** The message for a username the sign-up rules refuse (invalid, reserved), or null. */
export function usernameRuleProblem(name: string): string | null {
  const parsed = usernameSchema.safeParse(name);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? messages.usernameUnavailable);
}

/** How long typing pauses before the name is looked up. */
const debounceMs = 350;

/**
 * What is wrong with the username being typed, checked as you type: the sign-up rules (invalid,
 * reserved) at once, and whether someone else has it after a pause. Your own name is fine; the
 * server decides in the end (two people may race for a name).
 */
export function useUsernameCheck(username: string, own: Profile): string | null {
  const name = username.trim().toLowerCase();
  const ruleProblem = usernameRuleProblem(username);
  // The last name found taken: a stale answer for another name shows nothing.
  const [taken, setTaken] = useState<string | null>(null);
  useEffect(() => {
    if (ruleProblem || name === own.username) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      // Found is taken; any failure (404 above all) leaves the name to the server to judge.
      apiRequest('profileByUsername', { params: { username: name }, signal: controller.signal })
        .then(() => setTaken(name))
        .catch(() => undefined);
    }, debounceMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [name, own.username, ruleProblem]);
  if (ruleProblem) return ruleProblem;
  return taken === name ? messages.usernameTaken : null;
}
