import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type FocusEvent,
  type InputHTMLAttributes,
  type KeyboardEvent,
  type TextareaHTMLAttributes,
} from 'react';
import { Avatar } from '@/components/ui/avatar';
import { fetchMentionSuggestions, type MentionSuggestion } from '@/lib/mention-suggestions';
import { activeToken, insertSuggestion, type MentionToken } from '@/lib/mention-token';

/** Keystrokes closer together than this ask once, for the last of them. */
const typingPauseMs = 150;
/** Below the field unless less than this is left under it (a composer at the bottom). */
const listRoomPx = 280;

type Shared = 'value' | 'onChange' | 'defaultValue';
type FieldProps =
  | ({ multiline: true } & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, Shared>)
  | ({ multiline?: false } & Omit<InputHTMLAttributes<HTMLInputElement>, Shared>);

export type MentionFieldProps = FieldProps & {
  value: string;
  onValueChange: (value: string) => void;
  /** Classes of the box around the field and its list (it takes the field's place in a row). */
  wrapperClassName?: string;
};

function useSettled<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/**
 * A text field (a line, or several with `multiline`) that suggests people after `@` and
 * hashtags after `#` while one types, as Instagram does in captions, comments and messages:
 * ↑ ↓ choose, Enter or Tab insert `@username ` / `#tag `, Escape closes the list (and only the
 * list, not the dialog around it); a click or tap inserts too. The list is a listbox whose
 * active option the field names (`aria-activedescendant`), as a combobox does. Everything else
 * is the field's own props.
 */
export function MentionField(props: MentionFieldProps) {
  const { value, onValueChange, wrapperClassName = '', multiline = false, ...rest } = props;
  const fieldRef = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const listId = useId();
  const [caret, setCaret] = useState<number | null>(null);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const [activeIndex, setActiveIndex] = useState(0);
  const [above, setAbove] = useState(false);
  const pendingCaret = useRef<number | null>(null);

  const token: MentionToken | null = caret === null ? null : activeToken(value, caret);
  const live = token !== null && token.start !== dismissedAt ? token : null;
  // A string, so that the pause compares what is asked and not a new object each render.
  const asked = useSettled(live && `${live.kind}:${live.query}`, typingPauseMs);
  const suggestions = useQuery({
    queryKey: ['mention-suggestions', asked],
    queryFn: ({ signal }) => {
      const [kind, ...query] = asked!.split(':');
      return fetchMentionSuggestions(
        { kind: kind as MentionToken['kind'], query: query.join(':') },
        signal,
      );
    },
    enabled: asked !== null,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
  const rows: MentionSuggestion[] =
    live && suggestions.data?.[0]?.kind === live.kind ? suggestions.data : [];
  const open = live !== null && rows.length > 0;
  const active = Math.min(activeIndex, rows.length - 1);
  const optionId = (index: number) => `${listId}-${index}`;

  // The caret after an inserted suggestion, once React has written the new value.
  useLayoutEffect(() => {
    const field = fieldRef.current;
    if (field && pendingCaret.current !== null) {
      field.setSelectionRange(pendingCaret.current, pendingCaret.current);
      pendingCaret.current = null;
    }
  }, [value]);

  useLayoutEffect(() => {
    if (!open) return;
    const rect = fieldRef.current?.getBoundingClientRect();
    if (rect) setAbove(window.innerHeight - rect.bottom < listRoomPx && rect.top > listRoomPx);
  }, [open]);

  // Escape closes the list before a dialog around the field hears it: Radix listens on the
  // document while capturing, so this listens on the window, which comes first.
  useEffect(() => {
    if (!open || !live) return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || event.target !== fieldRef.current) return;
      event.stopPropagation();
      event.preventDefault();
      setDismissedAt(live.start);
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [open, live]);

  const choose = (suggestion: MentionSuggestion) => {
    if (!live) return;
    const next = insertSuggestion(value, live, suggestion.value);
    pendingCaret.current = next.caret;
    setCaret(next.caret);
    setActiveIndex(0);
    onValueChange(next.text);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement & HTMLTextAreaElement>) => {
    if (open && !event.nativeEvent.isComposing) {
      const chosen = rows[active];
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActiveIndex((active + step + rows.length) % rows.length);
        return;
      }
      if ((event.key === 'Enter' || event.key === 'Tab') && chosen && !event.shiftKey) {
        event.preventDefault();
        choose(chosen);
        return;
      }
    }
    (rest.onKeyDown as ((event: KeyboardEvent) => void) | undefined)?.(event);
  };

  const track = (field: HTMLInputElement | HTMLTextAreaElement) => {
    setCaret(field.selectionStart === field.selectionEnd ? field.selectionStart : null);
  };
  const fieldProps = {
    ref: fieldRef,
    value,
    onChange: (event: { currentTarget: HTMLInputElement | HTMLTextAreaElement }) => {
      onValueChange(event.currentTarget.value);
      track(event.currentTarget);
      setActiveIndex(0);
    },
    onSelect: (event: { currentTarget: HTMLInputElement | HTMLTextAreaElement }) =>
      track(event.currentTarget),
    onBlur: (event: FocusEvent<HTMLInputElement & HTMLTextAreaElement>) => {
      setCaret(null);
      (rest.onBlur as ((event: FocusEvent) => void) | undefined)?.(event);
    },
    onKeyDown,
    'aria-haspopup': 'listbox' as const,
    'aria-autocomplete': 'list' as const,
    'aria-controls': open ? listId : undefined,
    'aria-activedescendant': open ? optionId(active) : undefined,
  };

  const list = open ? (
    <ul
      id={listId}
      role="listbox"
      aria-label={live.kind === 'people' ? 'People' : 'Hashtags'}
      className={`absolute left-0 z-50 max-h-72 w-full min-w-64 overflow-y-auto rounded-xl border border-line bg-white py-1 shadow-lg ${
        above ? 'bottom-full mb-1' : 'top-full mt-1'
      }`}
    >
      {rows.map((row, index) => (
        <li
          key={row.value}
          id={optionId(index)}
          role="option"
          aria-selected={index === active}
          // The field keeps the focus (and the caret) while the pointer chooses.
          onMouseDown={(event) => event.preventDefault()}
          onMouseEnter={() => setActiveIndex(index)}
          onClick={() => choose(row)}
          className="flex cursor-pointer items-center gap-3 px-3 py-2 text-sm aria-selected:bg-neutral-100"
        >
          {row.kind === 'people' ? (
            <Avatar name={row.value} src={row.avatarUrl} size={32} />
          ) : (
            <span
              aria-hidden
              className="flex size-8 shrink-0 items-center justify-center rounded-full border border-line"
            >
              #
            </span>
          )}
          <span className="flex min-w-0 flex-col">
            <span className="truncate font-semibold">
              {row.kind === 'people' ? row.value : `#${row.value}`}
            </span>
            {row.detail ? (
              <span className="truncate text-xs text-neutral-600">{row.detail}</span>
            ) : null}
          </span>
        </li>
      ))}
    </ul>
  ) : null;

  // The field stays a textbox (ARIA gives a textarea no combobox role, and one field should
  // behave as the other): aria-haspopup, aria-autocomplete, aria-controls and the active option
  // tell assistive technology what a combobox would.
  return (
    <div className={`relative ${wrapperClassName}`}>
      {multiline ? (
        <textarea {...(rest as TextareaHTMLAttributes<HTMLTextAreaElement>)} {...fieldProps} />
      ) : (
        <input {...(rest as InputHTMLAttributes<HTMLInputElement>)} {...fieldProps} />
      )}
      {list}
    </div>
  );
}
