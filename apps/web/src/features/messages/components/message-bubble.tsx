import type { Message } from '@pinhole/contracts';
import { pagePaths } from '@pinhole/contracts';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Avatar } from '@/components/ui/avatar';
import { ReportDialog } from '@/domain/reports/components/report-dialog';

/** The size drawn in a bubble: the smallest copy at least this wide. */
const bubblePhotoWidth = 480;

function photoUrl(image: Message['images'][number]): string {
  return image.variants.find((variant) => variant.width >= bubblePhotoWidth)?.url ?? image.url;
}

/** One message: its text, photos and shared post; Unsend on yours, Report on others'. */
export function MessageBubble({
  message,
  mine,
  onUnsend,
}: {
  message: Message;
  mine: boolean;
  onUnsend: () => void;
}) {
  const [reporting, setReporting] = useState(false);
  const side = mine ? 'self-end items-end' : 'self-start items-start';
  return (
    <div className={`group flex max-w-[75%] flex-col gap-1 ${side}`}>
      {message.text ? (
        <p
          className={`rounded-3xl px-4 py-2 text-sm break-words whitespace-pre-wrap ${
            mine ? 'bg-sky-700 text-white' : 'bg-neutral-100 text-neutral-900'
          }`}
        >
          {message.text}
        </p>
      ) : null}
      {message.images.length > 0 ? (
        <div className="flex flex-wrap gap-1">
          {message.images.map((image) => (
            <img
              key={image.url}
              src={photoUrl(image)}
              alt={`Photo from ${message.sender.username}`}
              width={image.width}
              height={image.height}
              className="h-auto w-48 rounded-2xl bg-neutral-100 object-cover"
            />
          ))}
        </div>
      ) : null}
      {message.shared_post ? (
        <Link
          to={pagePaths.post.to(message.shared_post.id)}
          className="flex w-56 flex-col overflow-hidden rounded-2xl border border-line bg-white"
        >
          <span className="flex items-center gap-2 px-3 py-2 text-sm font-semibold">
            <Avatar
              name={message.shared_post.author.username}
              src={message.shared_post.author.avatar_url}
              size={24}
            />
            {message.shared_post.author.username}
          </span>
          <img
            src={message.shared_post.thumbnail_url}
            alt={`Post by ${message.shared_post.author.username}`}
            className="aspect-square w-full object-cover"
          />
        </Link>
      ) : null}
      <button
        type="button"
        onClick={mine ? onUnsend : () => setReporting(true)}
        className="text-xs text-muted opacity-0 group-hover:opacity-100 focus:opacity-100 [@media(hover:none)]:opacity-100"
      >
        {mine ? 'Unsend' : 'Report'}
      </button>
      {mine ? null : (
        <ReportDialog
          targetType="message"
          targetId={message.id}
          open={reporting}
          onOpenChange={setReporting}
        />
      )}
    </div>
  );
}
