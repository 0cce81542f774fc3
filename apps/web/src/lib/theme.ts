/** The device's choice of colours: the system's (the default), or always light or dark. */
export type ThemeChoice = 'system' | 'light' | 'dark';

const storageKey = 'pinhole:theme';
const themes: readonly ThemeChoice[] = ['system', 'light', 'dark'];

export function readThemeChoice(): ThemeChoice {
  try {
    const stored = window.localStorage.getItem(storageKey);
    return themes.find((theme) => theme === stored) ?? 'system';
  } catch {
    return 'system';
  }
}

/** The page's background in each scheme (index.css's white, turned black in dark mode). */
const pageColours = { light: '#ffffff', dark: '#000000' } as const;

/** Puts the choice on <html>: the stylesheet follows the system unless a class says otherwise. */
export function applyThemeChoice(choice: ThemeChoice = readThemeChoice()): void {
  const root = document.documentElement;
  root.classList.toggle('dark', choice === 'dark');
  root.classList.toggle('light', choice === 'light');
  applyThemeColour(choice);
}

/**
 * The browser's own bar (a phone's status bar, the installed app's title bar) follows the page:
 * index.html has one `theme-color` per system scheme; a device that chose Light or Dark gets that
 * colour in both, whatever its system says. It stayed white over a black page before.
 */
function applyThemeColour(choice: ThemeChoice): void {
  for (const meta of document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')) {
    const scheme = meta.media.includes('dark') ? 'dark' : 'light';
    meta.content = pageColours[choice === 'system' ? scheme : choice];
  }
}

/** Keeps the choice on this device (not the account: a phone and a laptop may differ). */
export function saveThemeChoice(choice: ThemeChoice): void {
  try {
    if (choice === 'system') window.localStorage.removeItem(storageKey);
    else window.localStorage.setItem(storageKey, choice);
  } catch {
    // Refused storage: the choice lasts as long as the page.
  }
  applyThemeChoice(choice);
}
