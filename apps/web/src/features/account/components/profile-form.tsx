import { limits, withWebScheme, type Profile } from '@pinhole/contracts';
import { useId, useState, type FormEvent } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useChangeAvatar, useUpdateProfile } from '@/features/account/api/account';
import { AvatarPicker } from './avatar-picker';
import { useUsernameCheck } from './use-username-check';

const field =
  'w-full rounded-lg border border-line bg-neutral-50 px-3 py-2 text-sm outline-none focus:border-neutral-400';

/** Change photo, name, username, bio and website; the server's field errors under each field. */
export function ProfileForm({ profile }: { profile: Profile }) {
  const [fullName, setFullName] = useState(profile.full_name);
  const [username, setUsername] = useState(profile.username);
  const [bio, setBio] = useState(profile.bio ?? '');
  const [website, setWebsite] = useState(profile.website ?? '');
  // What was last saved: the success line shows only while the form still holds it.
  const [savedAs, setSavedAs] = useState<string | null>(null);
  // A photo picked and not saved yet: the form's Submit saves it with the rest (issue 47: it was
  // dropped, though the form said "Profile saved.").
  const [photo, setPhoto] = useState<File | null>(null);
  const update = useUpdateProfile();
  const changeAvatar = useChangeAvatar();
  const usernameProblem = useUsernameCheck(username, profile);
  const ids = { name: useId(), username: useId(), bio: useId(), website: useId() };
  const serverFields = update.error instanceof ApiError ? (update.error.fields ?? {}) : {};
  // The server's "taken" is about the name it was sent: a name typed since is the check's to judge.
  const serverUsernameError =
    update.variables?.username === username ? serverFields.username : undefined;
  const current = JSON.stringify([fullName, username, bio, website, photo !== null]);
  const saving = update.isPending || changeAvatar.isPending;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (usernameProblem || saving) return;
    // `nora.example.com` is sent as the server will store it (the contract's rule), and shown so.
    const site = withWebScheme(website);
    setWebsite(site);
    if (photo) {
      try {
        await changeAvatar.mutateAsync(photo);
      } catch {
        return; // Said under the form; the photo stays picked, to try again.
      }
      setPhoto(null);
    }
    update.mutate(
      { full_name: fullName, username, bio, website: site },
      { onSuccess: () => setSavedAs(JSON.stringify([fullName, username, bio, site, false])) },
    );
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-5">
      {/* On a phone the picker, with a preview and its two buttons, goes under the name. */}
      <section className="flex flex-wrap items-center gap-4 rounded-xl bg-neutral-100 p-4">
        <Avatar name={profile.username} src={profile.avatar_url} size={56} />
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-semibold">{profile.username}</p>
          <p className="truncate text-sm text-neutral-600">{profile.full_name}</p>
        </div>
        <AvatarPicker
          hasAvatar={profile.avatar_url !== null}
          file={photo}
          onFileChange={setPhoto}
        />
      </section>

      <Field id={ids.name} label="Name" error={serverFields.full_name}>
        <input
          id={ids.name}
          className={field}
          value={fullName}
          maxLength={limits.fullNameMaxLength}
          onChange={(event) => setFullName(event.target.value)}
        />
      </Field>
      <Field id={ids.username} label="Username" error={usernameProblem ?? serverUsernameError}>
        <input
          id={ids.username}
          className={field}
          value={username}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          maxLength={limits.usernameMaxLength}
          onChange={(event) => setUsername(event.target.value)}
        />
      </Field>
      <Field id={ids.website} label="Website" error={serverFields.website}>
        <input
          id={ids.website}
          className={field}
          type="url"
          inputMode="url"
          placeholder="https://"
          value={website}
          onChange={(event) => setWebsite(event.target.value)}
          onBlur={() => setWebsite(withWebScheme)}
        />
      </Field>
      <Field id={ids.bio} label="Bio" error={serverFields.bio}>
        <textarea
          id={ids.bio}
          className={`${field} h-20 resize-none`}
          value={bio}
          maxLength={limits.bioMaxLength}
          aria-describedby={`${ids.bio}-count`}
          onChange={(event) => setBio(event.target.value)}
        />
        <span id={`${ids.bio}-count`} aria-live="polite" className="self-end text-xs text-muted">
          {bio.length} / {limits.bioMaxLength}
        </span>
      </Field>
      {changeAvatar.isError && (
        <p role="alert" className="text-sm text-red-600">
          {errorMessage(changeAvatar.error)}
        </p>
      )}
      {update.isError && !(update.error instanceof ApiError && update.error.fields) && (
        <p role="alert" className="text-sm text-red-600">
          {errorMessage(update.error)}
        </p>
      )}
      <div className="flex items-center gap-3">
        <Button type="submit" disabled={saving || usernameProblem !== null}>
          Submit
        </Button>
        <span role="status" className="text-sm text-muted">
          {savedAs === current ? 'Profile saved.' : ''}
        </span>
      </div>
    </form>
  );
}

function Field({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error: string | null | undefined;
  children: React.ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      {children}
      <p aria-live="polite" className="min-h-4 text-xs text-red-600">
        {error ?? ''}
      </p>
    </div>
  );
}
