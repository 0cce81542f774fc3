/**
 * The home's tab title, apart from the other pages' titles (`page-titles.ts`): the home is in the
 * first script and they are not, and importing this one name from there put all of that module
 * (caption shortening by graphemes, profile titles) in the first script (e2e/12's budget).
 */
export const siteName = 'Pinhole';
export const homeTitle = siteName;
