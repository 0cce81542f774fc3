/** The header's square icon buttons (and the account menu's trigger, drawn the same). */
export const iconButton =
  'flex size-10 shrink-0 items-center justify-center rounded-lg text-neutral-900 hover:bg-neutral-100';
