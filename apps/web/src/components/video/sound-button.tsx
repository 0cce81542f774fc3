import { Volume2, VolumeX } from 'lucide-react';

interface SoundButtonProps {
  soundOn: boolean;
  onToggle: () => void;
  className?: string;
}

/** The speaker in a video's corner: says what a press will do, and what it did. */
export function SoundButton({ soundOn, onToggle, className = '' }: SoundButtonProps) {
  return (
    <button
      type="button"
      aria-label={soundOn ? 'Turn sound off' : 'Turn sound on'}
      onClick={(event) => {
        // Not a tap on the video (two of those like the post).
        event.stopPropagation();
        onToggle();
      }}
      className={`flex size-8 items-center justify-center rounded-full bg-black/60 text-white hover:bg-black/80 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white ${className}`}
    >
      {soundOn ? (
        <Volume2 aria-hidden className="size-4" />
      ) : (
        <VolumeX aria-hidden className="size-4" />
      )}
    </button>
  );
}

/** Read out after a change of sound (the button's new name alone is not announced). */
export const soundAnnouncement = (soundOn: boolean) => (soundOn ? 'Sound on' : 'Sound off');
