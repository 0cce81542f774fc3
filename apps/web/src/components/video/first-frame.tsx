interface FirstFrameProps {
  /** An object URL of the picked file. */
  src: string;
  /** Read aloud; none for a thumbnail beside its own label. */
  label?: string;
  className?: string;
  onError?: () => void;
}

/**
 * A picked video's first frame, as a photo's preview shows the photo: the browser draws it from
 * the file's start (`#t=0.001` asks Safari for a frame rather than a blank box), nothing plays.
 */
export function FirstFrame({ src, label, className = '', onError }: FirstFrameProps) {
  return (
    <video
      src={`${src}#t=0.001`}
      muted
      playsInline
      preload="metadata"
      aria-label={label}
      aria-hidden={label ? undefined : true}
      onError={onError}
      className={className}
    />
  );
}
