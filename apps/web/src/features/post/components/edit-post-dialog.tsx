import { arrayMove } from '@dnd-kit/sortable';
import { bestSource, type Post } from '@pinhole/contracts';
import { useState } from 'react';
import { AltTextFields } from '@/components/ui/alt-text-fields';
import { CaptionField } from '@/components/ui/caption-field';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ErrorBox } from '@/components/ui/error-box';
import { PhotoStrip } from '@/components/ui/photo-strip';
import { errorMessage } from '@/lib/api-client';
import { useUpdatePost } from '@/features/post/api/update-post';

/** A thumbnail's width: the smallest variant is plenty. */
const thumbnailWidth = 160;

interface EditPostDialogProps {
  post: Post;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The author changes the caption, the photos' order and alt texts, or removes photos. */
export function EditPostDialog({ post, open, onOpenChange }: EditPostDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Edit post" widthClass="max-w-lg">
      {/* Drawn only while open: each opening starts from the post as it is now. */}
      <EditPostForm post={post} onDone={() => onOpenChange(false)} />
    </Dialog>
  );
}

interface EditedPhoto {
  id: string;
  src: string;
  altText: string;
}

function EditPostForm({ post, onDone }: { post: Post; onDone: () => void }) {
  const [caption, setCaption] = useState(post.caption ?? '');
  const [photos, setPhotos] = useState<EditedPhoto[]>(() =>
    post.images.map((photo) => ({
      id: photo.id,
      src: bestSource(photo, photo.url, thumbnailWidth),
      altText: photo.alt_text ?? '',
    })),
  );
  const { mutate, isPending, error } = useUpdatePost(post.id);

  const save = () =>
    mutate(
      {
        caption,
        images: photos.map(({ id, altText }) => ({ id, alt_text: altText })),
      },
      { onSuccess: onDone },
    );

  return (
    <div className="flex flex-col gap-4 p-4">
      <PhotoStrip
        photos={photos}
        onMove={(from, to) => setPhotos((before) => arrayMove(before, from, to))}
        // A post keeps at least one photo.
        onRemove={
          photos.length > 1
            ? (id) => setPhotos((before) => before.filter((photo) => photo.id !== id))
            : undefined
        }
        disabled={isPending}
      />
      <CaptionField value={caption} onChange={setCaption} disabled={isPending} />
      <AltTextFields
        photos={photos}
        onChange={(id, altText) =>
          setPhotos((before) =>
            before.map((photo) => (photo.id === id ? { ...photo, altText } : photo)),
          )
        }
        disabled={isPending}
      />
      {error && <ErrorBox>{errorMessage(error)}</ErrorBox>}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button disabled={isPending} onClick={save}>
          {isPending ? 'Saving...' : 'Done'}
        </Button>
      </div>
    </div>
  );
}
