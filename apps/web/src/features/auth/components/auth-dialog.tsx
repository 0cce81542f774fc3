import { messages, signInSchema, signUpSchema, safetyMessages } from '@pinhole/contracts';
import * as Tabs from '@radix-ui/react-tabs';
import { Eye, EyeOff } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ErrorBox } from '@/components/ui/error-box';
import { errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/use-auth';
import { useInstanceInfo } from '@/features/auth/api/instance';
import { ForgotPasswordForm } from './forgot-password-form';
import { TextField } from './text-field';

/** `forgot`: the "Forgot password?" form, reached from Sign In. */
type Mode = 'signin' | 'signup' | 'forgot';

interface Fields {
  fullName: string;
  username: string;
  /** Sign-up's email; at sign-in, an email or a username (the server takes either). */
  email: string;
  password: string;
  inviteCode: string;
}

const emptyFields: Fields = {
  fullName: '',
  username: '',
  email: '',
  password: '',
  inviteCode: '',
};

interface AuthDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /**
   * Sign in as this account (the account switcher's choice): its username filled in the same
   * field a person types an email or username into, asking for its password. The device keeps
   * no email to fill in instead.
   */
  username?: string;
  /** The tab it opens on: Sign Up when the page offered to sign up. */
  initialMode?: 'signin' | 'signup';
}

export function AuthDialog({
  open,
  onOpenChange,
  username = '',
  initialMode = 'signin',
}: AuthDialogProps) {
  const { signIn, signUp } = useAuth();
  const [mode, setMode] = useState<Mode>(initialMode);
  const [fields, setFields] = useState<Fields>({ ...emptyFields, email: username });
  const [showPassword, setShowPassword] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Whether sign-ups are open, by invite or closed: asked once the Sign Up tab is opened.
  const instance = useInstanceInfo(open && mode === 'signup');
  const signups = instance.data?.signups ?? 'open';

  const reset = () => {
    setMode(initialMode);
    setFields({ ...emptyFields, email: username });
    setShowPassword(false);
    setError(null);
    setBusy(false);
  };

  const changeOpen = (next: boolean) => {
    if (!next) reset();
    onOpenChange(next);
  };

  // The spec: switching the tab clears the error.
  const switchMode = (next: Mode) => {
    setMode(next);
    setError(null);
  };

  const setField = (name: keyof Fields, value: string) =>
    setFields((current) => ({ ...current, [name]: value }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const request = mode === 'signup' ? validateSignUp(fields) : validateSignIn(fields);
    if (typeof request === 'string') {
      setError(request);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await request();
      changeOpen(false);
    } catch (failure) {
      setError(errorMessage(failure));
      setBusy(false);
    }
  }

  function validateSignUp(values: Fields): string | (() => Promise<void>) {
    const inviteCode = values.inviteCode.trim();
    if (signups === 'invite' && inviteCode === '') return 'Enter your invite code';
    const parsed = signUpSchema.safeParse({
      full_name: values.fullName,
      username: values.username,
      email: values.email,
      password: values.password,
      ...(signups === 'invite' ? { invite_code: inviteCode } : {}),
    });
    if (!parsed.success) return parsed.error.issues[0]?.message ?? messages.internal;
    return () => signUp(parsed.data);
  }

  function validateSignIn(values: Fields): string | (() => Promise<void>) {
    const parsed = signInSchema.safeParse({ email: values.email, password: values.password });
    if (!parsed.success) return parsed.error.issues[0]?.message ?? messages.internal;
    return () => signIn(parsed.data);
  }

  const form = (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3 px-6 pt-4 pb-6">
      {mode === 'signup' && (
        <>
          <TextField
            label="Full Name"
            autoComplete="name"
            value={fields.fullName}
            onChange={(value) => setField('fullName', value)}
          />
          <TextField
            label="Username"
            autoComplete="username"
            autoCapitalize="none"
            value={fields.username}
            // The spec: the username is forced to lowercase as typed.
            onChange={(value) => setField('username', value.toLowerCase())}
          />
        </>
      )}
      {mode === 'signin' ? (
        // The spec names this field Email; a username works too, as on Instagram, which the
        // placeholder says. `username` is what password managers fill a sign-in's name with.
        <TextField
          label="Email"
          inputMode="email"
          placeholder="Email or username"
          autoComplete="username"
          autoCapitalize="none"
          value={fields.email}
          onChange={(value) => setField('email', value)}
        />
      ) : (
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          autoCapitalize="none"
          value={fields.email}
          onChange={(value) => setField('email', value)}
        />
      )}
      <TextField
        label="Password"
        type={showPassword ? 'text' : 'password'}
        autoComplete={mode === 'signup' ? 'new-password' : 'current-password'}
        value={fields.password}
        onChange={(value) => setField('password', value)}
        trailing={
          <button
            type="button"
            aria-label={showPassword ? 'Hide password' : 'Show password'}
            aria-pressed={showPassword}
            onClick={() => setShowPassword((shown) => !shown)}
            className="absolute top-1/2 right-1 -translate-y-1/2 rounded p-1.5 text-muted hover:text-neutral-900"
          >
            {showPassword ? (
              <EyeOff aria-hidden className="size-4" />
            ) : (
              <Eye aria-hidden className="size-4" />
            )}
          </button>
        }
      />
      {mode === 'signup' && signups === 'invite' && (
        <TextField
          label="Invite code"
          autoComplete="off"
          autoCapitalize="none"
          required
          value={fields.inviteCode}
          onChange={(value) => setField('inviteCode', value)}
        />
      )}
      {mode === 'signin' && (
        <button
          type="button"
          className="-mt-1 self-end text-xs font-semibold text-brand hover:text-brand-dark"
          onClick={() => switchMode('forgot')}
        >
          Forgot password?
        </button>
      )}
      {error && <ErrorBox>{error}</ErrorBox>}
      <Button type="submit" disabled={busy} className="mt-1 w-full py-2">
        {busy ? 'Please wait...' : mode === 'signup' ? 'Sign Up' : 'Sign In'}
      </Button>
      <p className="text-center text-sm text-neutral-700">
        {mode === 'signin' ? "Don't have an account? " : 'Already have an account? '}
        <button
          type="button"
          className="font-semibold text-brand hover:text-brand-dark"
          onClick={() => switchMode(mode === 'signin' ? 'signup' : 'signin')}
        >
          {mode === 'signin' ? 'Sign up' : 'Sign in'}
        </button>
      </p>
    </form>
  );

  if (mode === 'forgot') {
    return (
      <Dialog open={open} onOpenChange={changeOpen} title="Reset your password">
        <ForgotPasswordForm
          // A username typed at sign-in is no address to send a link to.
          initialEmail={fields.email.includes('@') ? fields.email : ''}
          onBack={() => switchMode('signin')}
        />
      </Dialog>
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={changeOpen}
      title={mode === 'signin' ? 'Sign in to Pinhole' : 'Sign up for Pinhole'}
    >
      <p className="pt-5 text-center font-brand text-5xl leading-tight" aria-hidden>
        Pinhole
      </p>
      <Tabs.Root value={mode} onValueChange={(value) => switchMode(value as Mode)}>
        <Tabs.List aria-label="Account" className="mx-6 mt-4 grid grid-cols-2 border-b border-line">
          {(['signin', 'signup'] as const).map((value) => (
            <Tabs.Trigger
              key={value}
              value={value}
              className="-mb-px border-b-2 border-transparent py-2 text-sm font-semibold text-muted data-[state=active]:border-neutral-900 data-[state=active]:text-neutral-900"
            >
              {value === 'signin' ? 'Sign In' : 'Sign Up'}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="signin">{form}</Tabs.Content>
        <Tabs.Content value="signup">
          {signups === 'closed' ? (
            <p className="px-6 pt-6 pb-8 text-center text-sm text-neutral-700">
              {safetyMessages.signupsClosed}
            </p>
          ) : (
            form
          )}
        </Tabs.Content>
      </Tabs.Root>
    </Dialog>
  );
}
