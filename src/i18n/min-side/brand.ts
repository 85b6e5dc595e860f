/**
 * The words of Min side's frame (the portal's name in the top bar, the same in en.ts) and
 * what member.html says to a browser without scripts: the build writes them into member.html's
 * frame (tools/vite/member-pages.ts), so the page shows them before its code has arrived.
 */
export const MIN_SIDE_BRAND = { appName: 'Musikerportalen', appSubtitle: 'Min side' } as const;

export const NO_SCRIPT_MESSAGE = 'Musikerportalen trenger JavaScript.';
